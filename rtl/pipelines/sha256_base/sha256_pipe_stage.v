`default_nettype none
// sha256_pipe_stage: one stage of the pipelined SHA-256 base core (sha256_pipe_base).
//
// The stage runs rounds FIRST_ROUND .. FIRST_ROUND + ITERATIONS - 1 of one block, one
// round per clock, as FIPS 180-4 writes the round: T1 = h + Σ1(e) + Ch(e, f, g) + K + W,
// T2 = Σ0(a) + Maj(a, b, c) (four adders in the path to a). It holds the working
// variables a..h, its own window of the message schedule (W[k] .. W[k+15] for round k,
// the next word computed from the window every round) and the block's chaining value and
// control bits, which travel with the block. At a handover (the last iteration) every
// stage takes the previous stage's round output instead of its own: the multiplexer in
// front of each stage, which disappears when ITERATIONS is 1 (fully pipelined). Its
// constant store holds K[FIRST_ROUND .. FIRST_ROUND + ITERATIONS - 1], indexed by the
// iteration t (a constant when ITERATIONS is 1).
module sha256_pipe_stage #(
    // First round of this stage (0 .. 63).
    parameter FIRST_ROUND = 0,
    // Rounds per block in this stage: 64 / STAGES, a power of two.
    parameter ITERATIONS = 64,
    // Bits of the control word that travels with a block.
    parameter META_BITS = 10
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 run,       // every stage does one round
    input  wire                 handover,  // ... and passes its block on (with run)
    input  wire [5:0]           t,         // iteration 0 .. ITERATIONS - 1
    input  wire [255:0]         state_in,  // previous stage's round output {a, .., h}
    input  wire [511:0]         w_in,      // previous stage's schedule window
    input  wire [255:0]         h_in,      // chaining value of the incoming block
    input  wire [META_BITS-1:0] meta_in,   // {valid, last, tag}; valid cleared by rst
    output wire [255:0]         state_out, // this stage's round output
    output wire [511:0]         w_out,     // this stage's window, moved on by one word
    output reg  [255:0]         h_q,
    output reg  [META_BITS-1:0] meta_q
);

    initial begin
        if (ITERATIONS < 1 || (ITERATIONS & (ITERATIONS - 1)) != 0 || FIRST_ROUND + ITERATIONS > 64) begin
            $display("sha256_pipe_stage: rounds %0d .. %0d + %0d (a power of two) do not fit 0 .. 63",
                     FIRST_ROUND, FIRST_ROUND, ITERATIONS - 1);
            $finish;
        end
    end

    function [31:0] rotr(input [31:0] x, input integer n);
        rotr = (x >> n) | (x << (32 - n));
    endfunction

    function [31:0] k_of(input [5:0] idx);
        case (idx)
            6'd0 : k_of = 32'h428a2f98;  6'd1 : k_of = 32'h71374491;  6'd2 : k_of = 32'hb5c0fbcf;  6'd3 : k_of = 32'he9b5dba5;
            6'd4 : k_of = 32'h3956c25b;  6'd5 : k_of = 32'h59f111f1;  6'd6 : k_of = 32'h923f82a4;  6'd7 : k_of = 32'hab1c5ed5;
            6'd8 : k_of = 32'hd807aa98;  6'd9 : k_of = 32'h12835b01;  6'd10: k_of = 32'h243185be;  6'd11: k_of = 32'h550c7dc3;
            6'd12: k_of = 32'h72be5d74;  6'd13: k_of = 32'h80deb1fe;  6'd14: k_of = 32'h9bdc06a7;  6'd15: k_of = 32'hc19bf174;
            6'd16: k_of = 32'he49b69c1;  6'd17: k_of = 32'hefbe4786;  6'd18: k_of = 32'h0fc19dc6;  6'd19: k_of = 32'h240ca1cc;
            6'd20: k_of = 32'h2de92c6f;  6'd21: k_of = 32'h4a7484aa;  6'd22: k_of = 32'h5cb0a9dc;  6'd23: k_of = 32'h76f988da;
            6'd24: k_of = 32'h983e5152;  6'd25: k_of = 32'ha831c66d;  6'd26: k_of = 32'hb00327c8;  6'd27: k_of = 32'hbf597fc7;
            6'd28: k_of = 32'hc6e00bf3;  6'd29: k_of = 32'hd5a79147;  6'd30: k_of = 32'h06ca6351;  6'd31: k_of = 32'h14292967;
            6'd32: k_of = 32'h27b70a85;  6'd33: k_of = 32'h2e1b2138;  6'd34: k_of = 32'h4d2c6dfc;  6'd35: k_of = 32'h53380d13;
            6'd36: k_of = 32'h650a7354;  6'd37: k_of = 32'h766a0abb;  6'd38: k_of = 32'h81c2c92e;  6'd39: k_of = 32'h92722c85;
            6'd40: k_of = 32'ha2bfe8a1;  6'd41: k_of = 32'ha81a664b;  6'd42: k_of = 32'hc24b8b70;  6'd43: k_of = 32'hc76c51a3;
            6'd44: k_of = 32'hd192e819;  6'd45: k_of = 32'hd6990624;  6'd46: k_of = 32'hf40e3585;  6'd47: k_of = 32'h106aa070;
            6'd48: k_of = 32'h19a4c116;  6'd49: k_of = 32'h1e376c08;  6'd50: k_of = 32'h2748774c;  6'd51: k_of = 32'h34b0bcb5;
            6'd52: k_of = 32'h391c0cb3;  6'd53: k_of = 32'h4ed8aa4a;  6'd54: k_of = 32'h5b9cca4f;  6'd55: k_of = 32'h682e6ff3;
            6'd56: k_of = 32'h748f82ee;  6'd57: k_of = 32'h78a5636f;  6'd58: k_of = 32'h84c87814;  6'd59: k_of = 32'h8cc70208;
            6'd60: k_of = 32'h90befffa;  6'd61: k_of = 32'ha4506ceb;  6'd62: k_of = 32'hbef9a3f7;  6'd63: k_of = 32'hc67178f2;
        endcase
    endfunction

    reg  [255:0] state_q;
    reg  [511:0] w_q;

    wire [31:0] a = state_q[255:224], b = state_q[223:192], c = state_q[191:160], d = state_q[159:128];
    wire [31:0] e = state_q[127:96],  f = state_q[95:64],    g = state_q[63:32],    h = state_q[31:0];
    wire [31:0] w0 = w_q[511:480], w1 = w_q[479:448], w9 = w_q[223:192], w14 = w_q[63:32];
    localparam integer FIRST = FIRST_ROUND;
    localparam [5:0] FIRST6 = FIRST[5:0];
    // The iteration masked to its ITERATIONS values: synthesis cannot bound the counter (a
    // register), so an unmasked index would keep the whole 64-entry store in every stage;
    // masked, the store has ITERATIONS entries (a constant when fully pipelined).
    localparam integer MASK = ITERATIONS - 1;
    localparam [5:0] T_MASK = MASK[5:0];
    wire [5:0]  round_index = FIRST6 + (t & T_MASK);
    wire [31:0] k = k_of(round_index);

    wire [31:0] t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k + w0;
    wire [31:0] t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    wire [31:0] w16 = (rotr(w14, 17) ^ rotr(w14, 19) ^ (w14 >> 10)) + w9
                    + (rotr(w1, 7) ^ rotr(w1, 18) ^ (w1 >> 3)) + w0;

    assign state_out = {t1 + t2, a, b, c, d + t1, e, f, g};
    assign w_out = {w_q[479:0], w16};

    // With one iteration every clock that runs is a handover: no multiplexer in front of the stage
    wire take_in = ITERATIONS == 1 || handover;

    always @(posedge clk) begin
        if (run) begin
            state_q <= take_in ? state_in : state_out;
            w_q <= take_in ? w_in : w_out;
        end
        if (rst)
            meta_q <= {META_BITS{1'b0}};
        else if (run && handover)
            meta_q <= meta_in;
        if (run && handover)
            h_q <= h_in;
    end

endmodule
