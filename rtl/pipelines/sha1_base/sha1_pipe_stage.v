`default_nettype none
// sha1_pipe_stage: one stage of the pipelined SHA-1 base core (sha1_pipe_base).
//
// The stage runs rounds FIRST_ROUND .. FIRST_ROUND + ITERATIONS - 1 of one block, one
// round per clock, as FIPS 180-4 writes the round: T = ROTL5(a) + f_r(b, c, d) + e + K_r + W_r
// (three adders after the non-linear function). It holds the working variables a..e, its
// own window of the message schedule (W[k] .. W[k+15] for round k, the next word computed
// from the window every round) and the block's chaining value and control bits, which
// travel with the block. At a handover (the last iteration) every stage takes the previous
// stage's round output instead of its own: the multiplexer in front of each stage, which
// disappears when ITERATIONS is 1 (fully pipelined). K and the function f are functions of
// the 20-round range of round FIRST_ROUND + t: a stage inside one range has one constant and
// one function, a stage that spans two or more ranges has their functions and a selector
// (comparisons of t with the boundaries inside the stage).
module sha1_pipe_stage #(
    // First round of this stage (0 .. 79).
    parameter FIRST_ROUND = 0,
    // Rounds per block in this stage: 80 / STAGES.
    parameter ITERATIONS = 80,
    // Bits of the control word that travels with a block.
    parameter META_BITS = 10
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 run,       // every stage does one round
    input  wire                 handover,  // ... and passes its block on (with run)
    input  wire [6:0]           t,         // iteration 0 .. ITERATIONS - 1
    input  wire [159:0]         state_in,  // previous stage's round output {a, .., e}
    input  wire [511:0]         w_in,      // previous stage's schedule window
    input  wire [159:0]         h_in,      // chaining value of the incoming block
    input  wire [META_BITS-1:0] meta_in,   // {valid, last, tag}; valid cleared by rst
    output wire [159:0]         state_out, // this stage's round output
    output wire [511:0]         w_out,     // this stage's window, moved on by one word
    output reg  [159:0]         h_q,
    output reg  [META_BITS-1:0] meta_q
);

    initial begin
        if (ITERATIONS < 1 || FIRST_ROUND < 0 || FIRST_ROUND + ITERATIONS > 80) begin
            $display("sha1_pipe_stage: rounds %0d .. %0d + %0d do not fit 0 .. 79",
                     FIRST_ROUND, FIRST_ROUND, ITERATIONS - 1);
            $finish;
        end
    end

    function [31:0] rotl(input [31:0] x, input integer n);
        rotl = (x << n) | (x >> (32 - n));
    endfunction

    // The 20-round range (0 .. 3) of round FIRST_ROUND + o: the ranges the stage spans are
    // constants, so the range is a constant unless the stage crosses a boundary, and then a
    // comparison of o with the boundary (the selector). The iteration counter is a register
    // that synthesis cannot bound, so the selection must not rest on its range.
    localparam integer FIRST_RANGE = FIRST_ROUND / 20;
    localparam integer LAST_ROUND = FIRST_ROUND + ITERATIONS - 1;
    function [1:0] range_of(input [6:0] o);
        integer b;
        begin
            range_of = FIRST_RANGE[1:0];
            for (b = 1; b < 4; b = b + 1)
                if (20 * b > FIRST_ROUND && 20 * b <= LAST_ROUND && {25'd0, o} >= 20 * b - FIRST_ROUND)
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

    reg  [159:0] state_q;
    reg  [511:0] w_q;

    wire [31:0] a = state_q[159:128], b = state_q[127:96], c = state_q[95:64], d = state_q[63:32], e = state_q[31:0];
    wire [31:0] w0 = w_q[511:480], w2 = w_q[447:416], w8 = w_q[255:224], w13 = w_q[95:64];
    wire [1:0]  range = range_of(t);  // of round FIRST_ROUND + t
    wire [31:0] k = k_of(range);

    wire [31:0] temp = rotl(a, 5) + f_of(range, b, c, d) + e + k + w0;
    wire [31:0] w16 = rotl(w13 ^ w8 ^ w2 ^ w0, 1);

    assign state_out = {temp, a, rotl(b, 30), c, d};
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
