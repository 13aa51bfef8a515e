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
// functions of the round's 20-round range: a stage inside one range has one constant and
// one function, a stage that spans two or more ranges has their functions and a selector
// (comparisons of t with the boundaries inside the stage).
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

    // The 20-round range (0 .. 3) of round FIRST_ROUND + o, o <= last - FIRST_ROUND: the
    // ranges the rounds up to round last span are constants, so the range is a constant unless
    // they cross a boundary, and then a comparison of o with the boundary (the selector). The
    // iteration counter is a register that synthesis cannot bound, so the selection must not
    // rest on its range.
    localparam integer FIRST_RANGE = FIRST_ROUND / 20;
    function [1:0] range_of(input [6:0] o, input integer last);
        integer b;
        begin
            range_of = FIRST_RANGE[1:0];
            for (b = 1; b < 4; b = b + 1)
                if (20 * b > FIRST_ROUND && 20 * b <= last && {25'd0, o} >= 20 * b - FIRST_ROUND)
                    range_of = b[1:0];
        end
    endfunction

    // K and f by range: 0..19 Ch, 20..39 Parity, 40..59 Maj, 60..79 Parity
    function [31:0] k_of(input [1:0] range);
        case (range)
            2'd0: k_of = 32'h5a827999;
            2'd1: k_of = 32'h6ed9eba1;
            2'd2: k_of = 32'h8f1bbcdc;
            default: k_of = 32'hca62c1d6;
        endcase
    endfunction

    function [31:0] f_of(input [1:0] range, input [31:0] x, input [31:0] y, input [31:0] z);
        case (range)
            2'd0: f_of = (x & y) ^ (~x & z);
            2'd2: f_of = (x & y) ^ (x & z) ^ (y & z);
            default: f_of = x ^ y ^ z;
        endcase
    endfunction

    reg  [127:0] state_q;  // a, b, c, d: e only enters the round through P1
    reg  [63:0]  p_q;
    reg  [511:0] w_q;

    wire [31:0] a = state_q[127:96], b = state_q[95:64], c = state_q[63:32], d = state_q[31:0];
    wire [31:0] p1 = p_q[63:32], p2 = p_q[31:0];
    wire [31:0] w0 = w_q[511:480], w1 = w_q[479:448], w2 = w_q[447:416], w3 = w_q[415:384];
    wire [31:0] w8 = w_q[255:224], w9 = w_q[223:192], w13 = w_q[95:64], w14 = w_q[63:32];
    // Rounds r = FIRST_ROUND + 2t and r + 1 (the same range: boundaries are even), and the
    // next iteration's r + 2 (at the last iteration the next stage's first round, which may
    // lie in the next range; past round 79 at the last stage, where the sums are not used)
    wire [1:0]  range = range_of({t, 1'b0}, FIRST_ROUND + 2 * ITERATIONS - 2);
    wire [1:0]  range_next = range_of({t, 1'b0} + 7'd2, FIRST_ROUND + 2 * ITERATIONS);
    wire [31:0] k_next = k_of(range_next);

    // First round: ROTL5(a) + f + P1 through a carry-save adder and one adder
    wire [31:0] x1 = rotl(a, 5), y1 = f_of(range, b, c, d);
    wire [31:0] sum1 = x1 ^ y1 ^ p1;
    wire [31:0] carry1 = (x1 & y1) | (x1 & p1) | (y1 & p1);
    wire [31:0] a1 = sum1 + (carry1 << 1);
    // Second round: its f and P2 do not depend on a1
    wire [31:0] q2 = f_of(range, a, rotl(b, 30), c) + p2;
    wire [31:0] a2 = rotl(a1, 5) + q2;

    // Schedule: W[k+16] and W[k+17] from the window W[k] .. W[k+15]
    wire [31:0] w16 = rotl(w13 ^ w8 ^ w2 ^ w0, 1);
    wire [31:0] w17 = rotl(w14 ^ w9 ^ w3 ^ w1, 1);

    assign state_out = {a2, a1, rotl(a, 30), rotl(b, 30), c};
    // The next iteration's e is c and its d is ROTL30(b); its words are W[k+2], W[k+3]
    assign p_out = {c + k_next + w2, rotl(b, 30) + k_next + w3};
    assign w_out = {w_q[447:0], w16, w17};

    // With one iteration every clock that runs is a handover: no multiplexer in front of the stage
    wire take_in = ITERATIONS == 1 || handover;

    always @(posedge clk) begin
        if (run) begin
            state_q <= take_in ? state_in : state_out[159:32];
            p_q <= take_in ? p_in : p_out;
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
