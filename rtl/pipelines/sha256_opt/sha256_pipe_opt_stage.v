`default_nettype none
// sha256_pipe_opt_stage: one stage of the pipelined SHA-256 core with the optimized round
// unit (sha256_pipe_opt).
//
// The stage runs rounds FIRST_ROUND .. FIRST_ROUND + 2 * ITERATIONS - 1 of one block, two
// rounds per clock. The terms of a double round that do not depend on its new a and e
// were formed one clock ahead (pre_q, see sha256_pipe_opt): with them the two rounds are
//   e1 = Σ1(e)  + Ch(e, f, g)   + pe0      a1 = Σ1(e)  + Ch(e, f, g)   + pa0 + Σ0(a)  + Maj(a, b, c)
//   e2 = Σ1(e1) + Ch(e1, e, f)  + pe1      a2 = Σ1(e1) + Ch(e1, e, f)  + pa1 + Σ0(a1) + Maj(a1, a, b)
// with pa0 = h + K[r] + W[r], pe0 = d + pa0, pa1 = g + K[r+1] + W[r+1], pe1 = c + pa1. Each
// sum is one expression, which Yosys maps to a carry-save tree and one carry-propagate
// adder, with no partial sum shared between two of them.
// The new state is {a2, a1, a, b, e2, e1, e, f}; its d and h (b and f) are needed only
// in the look-ahead, which forms the next double round's terms in the same clock from the
// current b, f (next d, h), a, e (next c, g) and the window's words W[r+2], W[r+3]. So the
// stage keeps a, b, c, e, f, g (192 bits), the look-ahead (128 bits), its window of the
// message schedule (W[k] .. W[k+15] for round k, two new words every clock), and the
// block's chaining value and control bits, which travel with the block. At a handover (the
// last iteration) every stage takes the previous stage's outputs instead of its own: the
// multiplexer in front of each stage, which disappears when ITERATIONS is 1 (fully
// pipelined). Its constant store holds K[FIRST_ROUND + 2 .. FIRST_ROUND + 2 * ITERATIONS + 1]
// (the look-ahead's constants, indexed by the iteration t; constants when ITERATIONS is 1).
module sha256_pipe_opt_stage #(
    // First round of this stage (0, 2, .., 62).
    parameter FIRST_ROUND = 0,
    // Double rounds per block in this stage: 32 / STAGES.
    parameter ITERATIONS = 32,
    // Bits of the control word that travels with a block.
    parameter META_BITS = 10
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 run,       // every stage does one double round
    input  wire                 handover,  // ... and passes its block on (with run)
    input  wire [4:0]           t,         // iteration 0 .. ITERATIONS - 1
    input  wire [191:0]         state_in,  // previous stage's {a, b, c, e, f, g}
    input  wire [127:0]         pre_in,    // ... and look-ahead {pa0, pe0, pa1, pe1}
    input  wire [511:0]         w_in,      // previous stage's schedule window
    input  wire [255:0]         h_in,      // chaining value of the incoming block
    input  wire [META_BITS-1:0] meta_in,   // {valid, last, tag}; valid cleared by rst
    output wire [191:0]         state_out, // this stage's double-round output {a, b, c, e, f, g}
    output wire [63:0]          dh_out,    // ... its d and h (for the final addition)
    output wire [127:0]         pre_out,   // the look-ahead for the next double round
    output wire [511:0]         w_out,     // this stage's window, moved on by two words
    output reg  [255:0]         h_q,
    output reg  [META_BITS-1:0] meta_q
);

    initial begin
        if (ITERATIONS < 1 || FIRST_ROUND % 2 != 0 || FIRST_ROUND + 2 * ITERATIONS > 64) begin
            $display("sha256_pipe_opt_stage: rounds %0d .. %0d + 2 * %0d - 1 do not fit 0 .. 63 in pairs",
                     FIRST_ROUND, FIRST_ROUND, ITERATIONS);
            $finish;
        end
    end

    function [31:0] rotr(input [31:0] x, input integer n);
        rotr = (x >> n) | (x << (32 - n));
    endfunction

    function [31:0] big_sigma0(input [31:0] x);
        big_sigma0 = rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22);
    endfunction

    function [31:0] big_sigma1(input [31:0] x);
        big_sigma1 = rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25);
    endfunction

    function [31:0] small_sigma0(input [31:0] x);
        small_sigma0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3);
    endfunction

    function [31:0] small_sigma1(input [31:0] x);
        small_sigma1 = rotr(x, 17) ^ rotr(x, 19) ^ (x >> 10);
    endfunction

    function [31:0] ch(input [31:0] x, input [31:0] y, input [31:0] z);
        ch = (x & y) ^ (~x & z);
    endfunction

    function [31:0] maj(input [31:0] x, input [31:0] y, input [31:0] z);
        maj = (x & y) ^ (x & z) ^ (y & z);
    endfunction

    function [31:0] k_of(input [6:0] idx);
        case (idx)
            7'd0 : k_of = 32'h428a2f98;  7'd1 : k_of = 32'h71374491;  7'd2 : k_of = 32'hb5c0fbcf;  7'd3 : k_of = 32'he9b5dba5;
            7'd4 : k_of = 32'h3956c25b;  7'd5 : k_of = 32'h59f111f1;  7'd6 : k_of = 32'h923f82a4;  7'd7 : k_of = 32'hab1c5ed5;
            7'd8 : k_of = 32'hd807aa98;  7'd9 : k_of = 32'h12835b01;  7'd10: k_of = 32'h243185be;  7'd11: k_of = 32'h550c7dc3;
            7'd12: k_of = 32'h72be5d74;  7'd13: k_of = 32'h80deb1fe;  7'd14: k_of = 32'h9bdc06a7;  7'd15: k_of = 32'hc19bf174;
            7'd16: k_of = 32'he49b69c1;  7'd17: k_of = 32'hefbe4786;  7'd18: k_of = 32'h0fc19dc6;  7'd19: k_of = 32'h240ca1cc;
            7'd20: k_of = 32'h2de92c6f;  7'd21: k_of = 32'h4a7484aa;  7'd22: k_of = 32'h5cb0a9dc;  7'd23: k_of = 32'h76f988da;
            7'd24: k_of = 32'h983e5152;  7'd25: k_of = 32'ha831c66d;  7'd26: k_of = 32'hb00327c8;  7'd27: k_of = 32'hbf597fc7;
            7'd28: k_of = 32'hc6e00bf3;  7'd29: k_of = 32'hd5a79147;  7'd30: k_of = 32'h06ca6351;  7'd31: k_of = 32'h14292967;
            7'd32: k_of = 32'h27b70a85;  7'd33: k_of = 32'h2e1b2138;  7'd34: k_of = 32'h4d2c6dfc;  7'd35: k_of = 32'h53380d13;
            7'd36: k_of = 32'h650a7354;  7'd37: k_of = 32'h766a0abb;  7'd38: k_of = 32'h81c2c92e;  7'd39: k_of = 32'h92722c85;
            7'd40: k_of = 32'ha2bfe8a1;  7'd41: k_of = 32'ha81a664b;  7'd42: k_of = 32'hc24b8b70;  7'd43: k_of = 32'hc76c51a3;
            7'd44: k_of = 32'hd192e819;  7'd45: k_of = 32'hd6990624;  7'd46: k_of = 32'hf40e3585;  7'd47: k_of = 32'h106aa070;
            7'd48: k_of = 32'h19a4c116;  7'd49: k_of = 32'h1e376c08;  7'd50: k_of = 32'h2748774c;  7'd51: k_of = 32'h34b0bcb5;
            7'd52: k_of = 32'h391c0cb3;  7'd53: k_of = 32'h4ed8aa4a;  7'd54: k_of = 32'h5b9cca4f;  7'd55: k_of = 32'h682e6ff3;
            7'd56: k_of = 32'h748f82ee;  7'd57: k_of = 32'h78a5636f;  7'd58: k_of = 32'h84c87814;  7'd59: k_of = 32'h8cc70208;
            7'd60: k_of = 32'h90befffa;  7'd61: k_of = 32'ha4506ceb;  7'd62: k_of = 32'hbef9a3f7;  7'd63: k_of = 32'hc67178f2;
            default: k_of = 32'h00000000;  // rounds 64, 65: the look-ahead of the last stage (unused)
        endcase
    endfunction

    reg  [191:0] state_q;
    reg  [127:0] pre_q;
    reg  [511:0] w_q;

    wire [31:0] a = state_q[191:160], b = state_q[159:128], c = state_q[127:96];
    wire [31:0] e = state_q[95:64],   f = state_q[63:32],    g = state_q[31:0];
    wire [31:0] pa0 = pre_q[127:96], pe0 = pre_q[95:64], pa1 = pre_q[63:32], pe1 = pre_q[31:0];
    wire [31:0] w0 = w_q[511:480], w1 = w_q[479:448], w2 = w_q[447:416], w3 = w_q[415:384];
    wire [31:0] w9 = w_q[223:192], w10 = w_q[191:160], w14 = w_q[63:32], w15 = w_q[31:0];

    // The double round: two carry-propagate adders in series (e1, then a2). Each sum is
    // one carry-save tree; the operands are ordered so that no two sums share a partial
    // sum (Yosys would build a shared one, e.g. Σ1(e) + Ch, as a carry-propagate adder of
    // its own in series), and the late ones, Σ1(e1) and Ch(e1, ..), enter last.
    wire [31:0] e1 = pe0 + big_sigma1(e) + ch(e, f, g);
    wire [31:0] a1 = pa0 + big_sigma0(a) + maj(a, b, c) + big_sigma1(e) + ch(e, f, g);
    wire [31:0] e2 = pe1 + big_sigma1(e1) + ch(e1, e, f);
    wire [31:0] a2 = pa1 + big_sigma0(a1) + maj(a1, a, b) + big_sigma1(e1) + ch(e1, e, f);

    // The look-ahead: rounds r = FIRST_ROUND + 2t + 2 and r + 1 (the next stage's first
    // two rounds in the last iteration)
    localparam integer FIRST = FIRST_ROUND;
    localparam [6:0] NEXT7 = FIRST[6:0] + 7'd2;
    wire [6:0]  round_index = NEXT7 + {1'b0, t, 1'b0};
    wire [31:0] pa0_next = f + k_of(round_index) + w2;
    wire [31:0] pa1_next = e + k_of(round_index | 7'd1) + w3;

    // The message schedule: W[k+16] and W[k+17]
    wire [31:0] w16 = small_sigma1(w14) + w9 + small_sigma0(w1) + w0;
    wire [31:0] w17 = small_sigma1(w15) + w10 + small_sigma0(w2) + w1;

    assign state_out = {a2, a1, a, e2, e1, e};
    assign dh_out = {b, f};
    assign pre_out = {pa0_next, b + pa0_next, pa1_next, a + pa1_next};
    assign w_out = {w_q[447:0], w16, w17};

    // With one iteration every clock that runs is a handover: no multiplexer, and synthesis
    // can drop what no later round reads (the schedule words after W[63] in the last stages)
    wire take_in = ITERATIONS == 1 || handover;

    always @(posedge clk) begin
        if (run) begin
            state_q <= take_in ? state_in : state_out;
            pre_q <= take_in ? pre_in : pre_out;
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
