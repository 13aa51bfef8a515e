`default_nettype none
// sha256_pipe_opt: SHA-256 compression in STAGES pipeline stages, the optimized round unit
// (docs/pipelined.md: the block-pipeline interface and its host-side scheduler).
//
// Architecture. As sha256_pipe_base, but every stage (sha256_pipe_opt_stage) runs two
// rounds per clock: stage s runs rounds 2*s*I .. 2*s*I + 2*I - 1 of the block it holds,
// I = 32 / STAGES iterations (32 clocks per block at one stage). The terms of a double
// round that do not depend on its new a and e values are formed one clock ahead (the
// look-ahead, pre-computation): pa0 = h + K[r] + W[r] and pe0 = d + pa0 for round r,
// pa1 = g + K[r+1] + W[r+1] and pe1 = c + pa1 for round r + 1; the d, h, c and g of the
// next double round are the current b, f, a and e, so they are known a clock early, and
// the stage keeps d and h only inside pe0, pa0 (a, b, c, e, f, g plus 128 look-ahead
// bits). A block entering stage 0 gets its look-ahead from the chaining value and its
// first two words here; each stage's last iteration forms the next stage's look-ahead.
// Every I clocks all stages pass their blocks on at once (a handover) and stage 0 takes
// the next issue from the host: a block or a bubble (an empty slot). Behind the last
// stage a final-addition slot forms the new chaining value H + (a..h). A block that
// continues a message (in_first = 0) takes its chaining value from that slot: it must be
// issued exactly STAGES + 1 issues after the message's previous block, which the host's
// round-robin scheduler guarantees. A block with in_last set leaves its digest and tag in
// the output register.
//
// Critical path (one clock, two rounds): look-ahead and state registers -> Σ1(e), Ch ->
// carry-save 3:2 -> carry-propagate adder (e1) -> Σ1(e1), Ch(e1, e, f) -> carry-save tree
// of five operands (with Σ0(a1) and Maj(a1, a, b), a1 formed in parallel from registers)
// -> carry-propagate adder (a2) -> handover multiplexer. Two carry-propagate adders per
// clock, as in the base round unit's one round (T1, then T1 + T2); the multi-operand sums
// are written as one expression each, which Yosys maps to carry-save trees. The look-ahead
// paths are not longer: K store -> carry-save -> two carry-propagate adders (pa, then
// pe = d + pa) in a stage; final addition -> IV multiplexer -> carry-save -> one
// carry-propagate adder for the issue.
//
// The iteration counter, the handovers, the final-addition slot and the output register are
// the shared ring control (rtl/lib/block_pipe_ring.v). One block per I clocks in steady
// state: throughput 512 * f / I, with STAGES + 1 messages in flight.
module sha256_pipe_opt #(
    // Pipeline stages: 1, 2, 4, 8, 16 or 32 (a divisor of 32).
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

    localparam integer I = 32 / STAGES;
    localparam [255:0] IV = {32'h6a09e667, 32'hbb67ae85, 32'h3c6ef372, 32'ha54ff53a,
                             32'h510e527f, 32'h9b05688c, 32'h1f83d9ab, 32'h5be0cd19};
    localparam [31:0] K0 = 32'h428a2f98, K1 = 32'h71374491;

    initial begin
        if (STAGES < 1 || STAGES > 32 || 32 % STAGES != 0) begin
            $display("sha256_pipe_opt: STAGES must divide 32, got %0d", STAGES);
            $finish;
        end
    end

    wire [4:0]   t;
    wire         run, handover;
    wire [255:0] h_new;
    genvar gi;

    // The issue's state and look-ahead for rounds 0 and 1
    wire [31:0]  ha = h_new[255:224], hb = h_new[223:192], hc = h_new[191:160], hd = h_new[159:128];
    wire [31:0]  he = h_new[127:96],  hf = h_new[95:64],   hg = h_new[63:32],   hh = h_new[31:0];
    // (pe0 and pe1 as sums of their own: one carry-propagate adder after the final addition)
    wire [31:0]  pa0_first = hh + K0 + in_block[511:480];
    wire [31:0]  pe0_first = in_block[511:480] + hd + hh + K0;
    wire [31:0]  pa1_first = hg + K1 + in_block[479:448];
    wire [31:0]  pe1_first = in_block[479:448] + hc + hg + K1;

    // Stage chain: stage s takes stage s-1's outputs; stage 0 takes the issue
    wire [191:0] state_chain [0:STAGES];
    wire [127:0] pre_chain [0:STAGES];
    wire [511:0] w_chain [0:STAGES];
    wire [255:0] h_chain [0:STAGES];
    wire [9:0]   meta_chain [0:STAGES];
    wire [63:0]  dh_chain [1:STAGES];  // d and h of each stage's output
    assign state_chain[0] = {ha, hb, hc, he, hf, hg};
    assign pre_chain[0] = {pa0_first, pe0_first, pa1_first, pe1_first};
    assign w_chain[0] = in_block;
    assign h_chain[0] = h_new;
    assign meta_chain[0] = {!in_bubble, in_last, in_tag};

    generate
        for (gi = 0; gi < STAGES; gi = gi + 1) begin : gen_stage
            wire [191:0] state_out;
            wire [63:0]  dh_out;
            wire [127:0] pre_out;
            wire [511:0] w_out;
            wire [255:0] h_q;
            wire [9:0]   meta_q;
            sha256_pipe_opt_stage #(
                .FIRST_ROUND(2 * gi * I),
                .ITERATIONS(I),
                .META_BITS(10)
            ) u_stage (
                .clk(clk), .rst(rst), .run(run), .handover(handover), .t(t),
                .state_in(state_chain[gi]), .pre_in(pre_chain[gi]), .w_in(w_chain[gi]),
                .h_in(h_chain[gi]), .meta_in(meta_chain[gi]),
                .state_out(state_out), .dh_out(dh_out), .pre_out(pre_out), .w_out(w_out),
                .h_q(h_q), .meta_q(meta_q)
            );
            assign state_chain[gi + 1] = state_out;
            assign pre_chain[gi + 1] = pre_out;
            assign w_chain[gi + 1] = w_out;
            assign h_chain[gi + 1] = h_q;
            assign meta_chain[gi + 1] = meta_q;
            assign dh_chain[gi + 1] = dh_out;
        end
    endgenerate

    // {a, b, c, e, f, g} and {d, h} of the last stage's output as a..h
    wire [191:0] s_last = state_chain[STAGES];
    wire [63:0]  dh_last = dh_chain[STAGES];
    wire [255:0] state_last = {s_last[191:96], dh_last[63:32], s_last[95:0], dh_last[31:0]};

    block_pipe_ring #(
        .ITERATIONS(I),
        .T_BITS(5),
        .WORDS(8),
        .IV(IV)
    ) u_ring (
        .clk(clk), .rst(rst), .in_valid(in_valid), .in_ready(in_ready), .in_first(in_first),
        .t(t), .run(run), .handover(handover), .h_new(h_new),
        .last_state(state_last), .last_h(h_chain[STAGES]), .last_meta(meta_chain[STAGES]),
        .out_valid(out_valid), .out_ready(out_ready), .out_digest(out_digest), .out_tag(out_tag)
    );

endmodule
