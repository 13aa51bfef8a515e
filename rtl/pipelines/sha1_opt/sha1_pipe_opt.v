`default_nettype none
// sha1_pipe_opt: SHA-1 compression in STAGES pipeline stages, the optimized round unit
// (docs/pipelined.md: the block-pipeline interface and its host-side scheduler).
//
// Stage s (sha1_pipe_opt_stage) runs iterations s*I .. s*I + I - 1 of the block it holds,
// I = 40 / STAGES, two rounds per clock (rounds 2k and 2k + 1 in iteration k); every I
// clocks all stages pass their blocks on at once (a handover) and stage 0 takes the next
// issue from the host: a block or a bubble (an empty slot). Besides a..e and its schedule
// window, each stage holds the pre-computed sums P1 = e + K + W[r] and P2 = d + K + W[r+1]
// of its next iteration (formed one clock ahead from c, b and the window, which do not
// depend on the new a); the sums for stage 0's first iteration are formed here from the
// issued block and its chaining value. Behind the last stage a final-addition slot forms
// the new chaining value H + (a..e). A block that continues a message (in_first = 0) takes
// its chaining value from that slot: it must be issued exactly STAGES + 1 issues after the
// message's previous block, which the host's round-robin scheduler guarantees. A block
// with in_last set leaves its digest and tag in the output register (the 160-bit digest in
// out_digest[255:96], zeros below).
//
// Critical path (in a stage): the state register -> f(b, c, d) -> a carry-save adder
// (ROTL5(a), f, P1) -> one carry-propagate adder (the first round's a) -> ROTL5 -> one
// carry-propagate adder with f(a, ROTL30(b), c) + P2 (formed in parallel) -> the handover
// multiplexer (absent when fully pipelined) -> a. Two rounds cost about two adders and a
// LUT level where the base unit spends three adders and f on one round.
// On the input side: the final addition -> the IV multiplexer -> e + K + W[0] -> P1 of
// stage 0, which is about as long.
//
// The iteration counter, the handovers, the final-addition slot and the output register are
// the shared ring control (rtl/lib/block_pipe_ring.v). One block per I clocks in steady
// state: throughput 512 * f / I, with STAGES + 1 messages in flight.
module sha1_pipe_opt #(
    // Pipeline stages: 1, 2, 4, 5, 8, 10, 20 or 40 (a divisor of 40).
    parameter STAGES = 1
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         in_valid,
    output wire         in_ready,
    input  wire [511:0] in_block,
    input  wire         in_first,
    input  wire         in_last,
    input  wire         in_bubble,
    input  wire [7:0]   in_tag,
    output wire         out_valid,
    input  wire         out_ready,
    output wire [255:0] out_digest,
    output wire [7:0]   out_tag
);

    localparam integer I = 40 / STAGES;
    localparam [159:0] IV = {32'h67452301, 32'hefcdab89, 32'h98badcfe, 32'h10325476, 32'hc3d2e1f0};
    localparam [31:0] K0 = 32'h5a827999;  // K of rounds 0 and 1

    initial begin
        if (STAGES < 1 || STAGES > 40 || 40 % STAGES != 0) begin
            $display("sha1_pipe_opt: STAGES must divide 40, got %0d", STAGES);
            $finish;
        end
    end

    wire [5:0]   t;
    wire         run, handover;
    wire [159:0] h_new;
    wire [159:0] digest;
    genvar gi;

    // Stage chain: stage s takes stage s-1's outputs; stage 0 takes the issue
    // Pre-computed sums of stage 0's first iteration: e + K + W[0], d + K + W[1]
    wire [63:0]  p_new = {h_new[31:0] + K0 + in_block[511:480], h_new[63:32] + K0 + in_block[479:448]};
    wire [159:0] state_chain [0:STAGES];
    wire [63:0]  p_chain [0:STAGES];
    wire [511:0] w_chain [0:STAGES];
    wire [159:0] h_chain [0:STAGES];
    wire [9:0]   meta_chain [0:STAGES];
    assign state_chain[0] = h_new;
    assign p_chain[0] = p_new;
    assign w_chain[0] = in_block;
    assign h_chain[0] = h_new;
    assign meta_chain[0] = {!in_bubble, in_last, in_tag};

    generate
        for (gi = 0; gi < STAGES; gi = gi + 1) begin : gen_stage
            wire [159:0] state_out;
            wire [63:0]  p_out;
            wire [511:0] w_out;
            wire [159:0] h_q;
            wire [9:0]   meta_q;
            sha1_pipe_opt_stage #(
                .FIRST_ROUND(gi * 2 * I),
                .ITERATIONS(I),
                .META_BITS(10)
            ) u_stage (
                .clk(clk), .rst(rst), .run(run), .handover(handover), .t(t),
                .state_in(state_chain[gi][159:32]), .p_in(p_chain[gi]), .w_in(w_chain[gi]), .h_in(h_chain[gi]),
                .meta_in(meta_chain[gi]),
                .state_out(state_out), .p_out(p_out), .w_out(w_out), .h_q(h_q), .meta_q(meta_q)
            );
            assign state_chain[gi + 1] = state_out;
            assign p_chain[gi + 1] = p_out;
            assign w_chain[gi + 1] = w_out;
            assign h_chain[gi + 1] = h_q;
            assign meta_chain[gi + 1] = meta_q;
        end
    endgenerate

    block_pipe_ring #(
        .ITERATIONS(I),
        .T_BITS(6),
        .WORDS(5),
        .IV(IV)
    ) u_ring (
        .clk(clk), .rst(rst), .in_valid(in_valid), .in_ready(in_ready), .in_first(in_first),
        .t(t), .run(run), .handover(handover), .h_new(h_new),
        .last_state(state_chain[STAGES]), .last_h(h_chain[STAGES]), .last_meta(meta_chain[STAGES]),
        .out_valid(out_valid), .out_ready(out_ready), .out_digest(digest), .out_tag(out_tag)
    );
    assign out_digest = {digest, 96'd0};

endmodule
