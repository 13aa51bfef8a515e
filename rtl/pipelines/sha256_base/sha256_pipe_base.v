`default_nettype none
// sha256_pipe_base: SHA-256 compression in STAGES pipeline stages, the base round unit
// (docs/pipelined.md: the block-pipeline interface and its host-side scheduler).
//
// Stage s (sha256_pipe_stage) runs rounds s*I .. s*I + I - 1 of the block it holds,
// I = 64 / STAGES iterations, one round per clock; every I clocks all stages pass their
// blocks on at once (a handover) and stage 0 takes the next issue from the host: a block
// or a bubble (an empty slot). Behind the last stage a final-addition slot forms the new
// chaining value H + (a..h). A block that continues a message (in_first = 0) takes its
// chaining value from that slot: it must be issued exactly STAGES + 1 issues after the
// message's previous block, which the host's round-robin scheduler guarantees. A block
// with in_last set leaves its digest and tag in the output register.
//
// The iteration counter, the handovers, the final-addition slot and the output register are
// the shared ring control (rtl/lib/block_pipe_ring.v). One block per I clocks in steady
// state: throughput 512 * f / I, with STAGES + 1 messages in flight.
module sha256_pipe_base #(
    // Pipeline stages: 1, 2, 4, 8, 16, 32 or 64 (a divisor of 64).
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

    localparam integer I = 64 / STAGES;

    initial begin
        if (STAGES < 1 || STAGES > 64 || 64 % STAGES != 0) begin
            $display("sha256_pipe_base: STAGES must divide 64, got %0d", STAGES);
            $finish;
        end
    end

    wire [5:0]   t;
    wire         run, handover;
    wire [255:0] h_new;

    // Stage chain: stage s takes stage s-1's outputs; stage 0 takes the issue
    wire [255:0] state_chain [0:STAGES];
    wire [511:0] w_chain [0:STAGES];
    wire [255:0] h_chain [0:STAGES];
    wire [9:0]   meta_chain [0:STAGES];
    assign state_chain[0] = h_new;
    assign w_chain[0] = in_block;
    assign h_chain[0] = h_new;
    assign meta_chain[0] = {!in_bubble, in_last, in_tag};

    genvar gi;
    generate
        for (gi = 0; gi < STAGES; gi = gi + 1) begin : gen_stage
            wire [255:0] state_out;
            wire [511:0] w_out;
            wire [255:0] h_q;
            wire [9:0]   meta_q;
            sha256_pipe_stage #(
                .FIRST_ROUND(gi * I),
                .ITERATIONS(I),
                .META_BITS(10)
            ) u_stage (
                .clk(clk), .rst(rst), .run(run), .handover(handover), .t(t),
                .state_in(state_chain[gi]), .w_in(w_chain[gi]), .h_in(h_chain[gi]), .meta_in(meta_chain[gi]),
                .state_out(state_out), .w_out(w_out), .h_q(h_q), .meta_q(meta_q)
            );
            assign state_chain[gi + 1] = state_out;
            assign w_chain[gi + 1] = w_out;
            assign h_chain[gi + 1] = h_q;
            assign meta_chain[gi + 1] = meta_q;
        end
    endgenerate

    block_pipe_ring #(
        .ITERATIONS(I),
        .T_BITS(6),
        .WORDS(8),
        .IV({32'h6a09e667, 32'hbb67ae85, 32'h3c6ef372, 32'ha54ff53a,
             32'h510e527f, 32'h9b05688c, 32'h1f83d9ab, 32'h5be0cd19})
    ) u_ring (
        .clk(clk), .rst(rst), .in_valid(in_valid), .in_ready(in_ready), .in_first(in_first),
        .t(t), .run(run), .handover(handover), .h_new(h_new),
        .last_state(state_chain[STAGES]), .last_h(h_chain[STAGES]), .last_meta(meta_chain[STAGES]),
        .out_valid(out_valid), .out_ready(out_ready), .out_digest(out_digest), .out_tag(out_tag)
    );

endmodule
