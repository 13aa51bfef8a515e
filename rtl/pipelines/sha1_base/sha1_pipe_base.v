`default_nettype none
// sha1_pipe_base: SHA-1 compression in STAGES pipeline stages, the base round unit
// (docs/pipelined.md: the block-pipeline interface and its host-side scheduler).
//
// Stage s (sha1_pipe_stage) runs rounds s*I .. s*I + I - 1 of the block it holds,
// I = 80 / STAGES iterations, one round per clock; every I clocks all stages pass their
// blocks on at once (a handover) and stage 0 takes the next issue from the host: a block
// or a bubble (an empty slot). Behind the last stage a final-addition slot forms the new
// chaining value H + (a..e). A block that continues a message (in_first = 0) takes its
// chaining value from that slot: it must be issued exactly STAGES + 1 issues after the
// message's previous block, which the host's round-robin scheduler guarantees. A block
// with in_last set leaves its digest and tag in the output register (the 160-bit digest in
// out_digest[255:96], zeros below).
//
// Critical path (in a stage): the state register a..e -> the non-linear function f(b, c, d)
// (with a selector between two functions when the stage spans two 20-round ranges) -> three
// adders ROTL5(a) + f + e + K + W (the constant K and W[t] enter the first) -> the handover
// multiplexer (absent when fully pipelined) -> a. A parallel path leads from the iteration
// counter through the constant store.
//
// Timing: a handover waits for an issue (in_valid) and for room for a digest; between
// handovers the stages run freely. One block per I clocks in steady state: throughput
// 512 * f / I, with STAGES + 1 messages in flight.
module sha1_pipe_base #(
    // Pipeline stages: 1, 2, 4, 5, 8, 10, 16, 20, 40 or 80 (a divisor of 80).
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
    output reg          out_valid,
    input  wire         out_ready,
    output reg  [255:0] out_digest,
    output reg  [7:0]   out_tag
);

    localparam integer I = 80 / STAGES;
    localparam integer LAST = I - 1;
    localparam [6:0] LAST_T = LAST[6:0];
    localparam [159:0] IV = {32'h67452301, 32'hefcdab89, 32'h98badcfe, 32'h10325476, 32'hc3d2e1f0};

    initial begin
        if (STAGES < 1 || STAGES > 80 || 80 % STAGES != 0) begin
            $display("sha1_pipe_base: STAGES must divide 80, got %0d", STAGES);
            $finish;
        end
    end

    reg  [6:0] t_q;  // iteration 0 .. I - 1 of every stage
    // constant when fully pipelined (I = 1), so that synthesis drops the counter
    wire       last_iteration = I == 1 || t_q == LAST_T;

    // Final-addition slot: the block that left the last stage at the latest handover
    reg  [159:0] fa_state_q;
    reg  [159:0] fa_h_q;
    reg  [9:0]   fa_meta_q;  // {valid, last, tag}
    wire [159:0] h_out;
    genvar gi;
    generate
        for (gi = 0; gi < 5; gi = gi + 1) begin : gen_final_add
            assign h_out[159 - 32*gi -: 32] = fa_h_q[159 - 32*gi -: 32] + fa_state_q[159 - 32*gi -: 32];
        end
    endgenerate

    wire digest_leaves = fa_meta_q[9] && fa_meta_q[8];
    wire out_room = !digest_leaves || !out_valid || out_ready;
    assign in_ready = last_iteration && out_room;
    wire handover = last_iteration && in_valid && out_room;
    wire run = !last_iteration || handover;

    // Stage chain: stage s takes stage s-1's outputs; stage 0 takes the issue
    wire [159:0] h_new = in_first ? IV : h_out;
    wire [159:0] state_chain [0:STAGES];
    wire [511:0] w_chain [0:STAGES];
    wire [159:0] h_chain [0:STAGES];
    wire [9:0]   meta_chain [0:STAGES];
    assign state_chain[0] = h_new;
    assign w_chain[0] = in_block;
    assign h_chain[0] = h_new;
    assign meta_chain[0] = {!in_bubble, in_last, in_tag};

    generate
        for (gi = 0; gi < STAGES; gi = gi + 1) begin : gen_stage
            wire [159:0] state_out;
            wire [511:0] w_out;
            wire [159:0] h_q;
            wire [9:0]   meta_q;
            sha1_pipe_stage #(
                .FIRST_ROUND(gi * I),
                .ITERATIONS(I),
                .META_BITS(10)
            ) u_stage (
                .clk(clk), .rst(rst), .run(run), .handover(handover), .t(t_q),
                .state_in(state_chain[gi]), .w_in(w_chain[gi]), .h_in(h_chain[gi]), .meta_in(meta_chain[gi]),
                .state_out(state_out), .w_out(w_out), .h_q(h_q), .meta_q(meta_q)
            );
            assign state_chain[gi + 1] = state_out;
            assign w_chain[gi + 1] = w_out;
            assign h_chain[gi + 1] = h_q;
            assign meta_chain[gi + 1] = meta_q;
        end
    endgenerate

    always @(posedge clk) begin
        if (run)
            t_q <= last_iteration ? 7'd0 : t_q + 7'd1;
        if (handover) begin
            fa_state_q <= state_chain[STAGES];
            fa_h_q <= h_chain[STAGES];
        end
        if (handover && digest_leaves) begin
            out_digest <= {h_out, 96'd0};
            out_tag <= fa_meta_q[7:0];
        end
        if (rst) begin
            t_q <= 7'd0;
            fa_meta_q <= 10'd0;
            out_valid <= 1'b0;
        end else begin
            if (handover)
                fa_meta_q <= meta_chain[STAGES];
            if (handover && digest_leaves)
                out_valid <= 1'b1;
            else if (out_ready)
                out_valid <= 1'b0;
        end
    end

endmodule
