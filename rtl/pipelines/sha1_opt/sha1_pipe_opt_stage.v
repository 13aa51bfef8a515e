`default_nettype none
// sha1_pipe_opt_stage: one stage of the pipelined SHA-1 optimized core (sha1_pipe_opt).
//
// The stage runs rounds FIRST_ROUND .. FIRST_ROUND + 2 * ITERATIONS - 1 of one block, two
// rounds per clock. With r = FIRST_ROUND + 2t (even, so rounds r and r + 1 share K and f):
//   a1 = ROTL5(a) + f(b, c, d) + P1                  (carry-save adder + one adder)
//   a2 = ROTL5(a1) + (f(a, ROTL30(b), c) + P2)       (the bracket formed beside a1)
//   {a, b, c, d, e} <= {a2, a1, ROTL30(a), ROTL30(b), c}
// where P1 = e + K_r + W[r] and P2 = d + K_r + W[r+1] are registers, formed one clock
// ahead from the values the next iteration's e and d will have (c and ROTL30(b), which do
// not depend on the new a) and W[r+2], W[r+3] of the window (retiming of e + K + W out of
// the round). The window W[k] .. W[k+15] moves on by two words per clock (two schedule
// units). At a handover (the last iteration) every stage takes the previous stage's
// outputs (state, pre-computed sums, window) instead of its own: the multiplexer in front
// of each stage, which disappears when ITERATIONS is 1 (fully pipelined). K and f are
// functions of the round index: a stage inside one 20-round range gets one constant and
// one function after constant folding, a stage that spans two ranges gets both functions
// and a selector; when ITERATIONS is 1 the index is a constant.
module sha1_pipe_opt_stage #(
    // First round of this stage (0 .. 78, even).
    parameter FIRST_ROUND = 0,
    // Iterations (two rounds each) per block in this stage: 40 / STAGES.
    parameter ITERATIONS = 40,
    // Bits of the control word that travels with a block.
    parameter META_BITS = 10
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 run,       // every stage does one iteration
    input  wire                 handover,  // ... and passes its block on (with run)
    input  wire [5:0]           t,         // iteration 0 .. ITERATIONS - 1
    input  wire [127:0]         state_in,  // previous stage's output {a, b, c, d} (e is in P1)
    input  wire [63:0]          p_in,      // ... and its pre-computed sums {P1, P2} for this stage
    input  wire [511:0]         w_in,      // previous stage's schedule window
    input  wire [159:0]         h_in,      // chaining value of the incoming block
    input  wire [META_BITS-1:0] meta_in,   // {valid, last, tag}; valid cleared by rst
    output wire [159:0]         state_out, // this stage's {a, .., e} after the iteration
    output wire [63:0]          p_out,     // the sums for the next iteration
    output wire [511:0]         w_out,     // this stage's window, moved on by two words
    output reg  [159:0]         h_q,
    output reg  [META_BITS-1:0] meta_q
);

    initial begin
        if (ITERATIONS < 1 || FIRST_ROUND < 0 || FIRST_ROUND % 2 != 0 || FIRST_ROUND + 2 * ITERATIONS > 80) begin
            $display("sha1_pipe_opt_stage: rounds %0d .. %0d + %0d do not fit 0 .. 79 in pairs",
                     FIRST_ROUND, FIRST_ROUND, 2 * ITERATIONS - 1);
            $finish;
        end
    end

    function [31:0] rotl(input [31:0] x, input integer n);
        rotl = (x << n) | (x >> (32 - n));
    endfunction

    // K and f by round index: 0..19 Ch, 20..39 Parity, 40..59 Maj, 60..79 Parity
    function [31:0] k_of(input [6:0] idx);
        if (idx < 7'd20)
            k_of = 32'h5a827999;
        else if (idx < 7'd40)
            k_of = 32'h6ed9eba1;
        else if (idx < 7'd60)
            k_of = 32'h8f1bbcdc;
        else
            k_of = 32'hca62c1d6;
    endfunction

    function [31:0] f_of(input [6:0] idx, input [31:0] x, input [31:0] y, input [31:0] z);
        if (idx < 7'd20)
            f_of = (x & y) ^ (~x & z);
        else if (idx >= 7'd40 && idx < 7'd60)
            f_of = (x & y) ^ (x & z) ^ (y & z);
        else
            f_of = x ^ y ^ z;
    endfunction

    reg  [127:0] state_q;  // a, b, c, d: e only enters the round through P1
    reg  [63:0]  p_q;
    reg  [511:0] w_q;

    wire [31:0] a = state_q[127:96], b = state_q[95:64], c = state_q[63:32], d = state_q[31:0];
    wire [31:0] p1 = p_q[63:32], p2 = p_q[31:0];
    wire [31:0] w0 = w_q[511:480], w1 = w_q[479:448], w2 = w_q[447:416], w3 = w_q[415:384];
    wire [31:0] w8 = w_q[255:224], w9 = w_q[223:192], w13 = w_q[95:64], w14 = w_q[63:32];
    localparam integer FIRST = FIRST_ROUND;
    localparam [6:0] FIRST7 = FIRST[6:0];
    wire [6:0]  round_index = FIRST7 + {t, 1'b0};       // r (and r + 1)
    wire [6:0]  next_index = round_index + 7'd2;        // r + 2 (and r + 3): the next iteration
    wire [31:0] k_next = k_of(next_index);

    // First round: ROTL5(a) + f + P1 through a carry-save adder and one adder
    wire [31:0] x1 = rotl(a, 5), y1 = f_of(round_index, b, c, d);
    wire [31:0] sum1 = x1 ^ y1 ^ p1;
    wire [31:0] carry1 = (x1 & y1) | (x1 & p1) | (y1 & p1);
    wire [31:0] a1 = sum1 + (carry1 << 1);
    // Second round: its f and P2 do not depend on a1
    wire [31:0] q2 = f_of(round_index, a, rotl(b, 30), c) + p2;
    wire [31:0] a2 = rotl(a1, 5) + q2;

    // Schedule: W[k+16] and W[k+17] from the window W[k] .. W[k+15]
    wire [31:0] w16 = rotl(w13 ^ w8 ^ w2 ^ w0, 1);
    wire [31:0] w17 = rotl(w14 ^ w9 ^ w3 ^ w1, 1);

    assign state_out = {a2, a1, rotl(a, 30), rotl(b, 30), c};
    // The next iteration's e is c and its d is ROTL30(b); its words are W[k+2], W[k+3]
    assign p_out = {c + k_next + w2, rotl(b, 30) + k_next + w3};
    assign w_out = {w_q[447:0], w16, w17};

    always @(posedge clk) begin
        if (run) begin
            state_q <= handover ? state_in : state_out[159:32];
            p_q <= handover ? p_in : p_out;
            w_q <= handover ? w_in : w_out;
        end
        if (rst)
            meta_q <= {META_BITS{1'b0}};
        else if (run && handover)
            meta_q <= meta_in;
        if (run && handover)
            h_q <= h_in;
    end

endmodule
