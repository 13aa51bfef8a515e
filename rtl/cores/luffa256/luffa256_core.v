`default_nettype none
// luffa256_core: Luffa-256 (SHA-3 round 2, Luffa v2), basic iterative, with the hashbed
// core interface (docs/interface.md): 64-bit bus, host-side padding.
//
// Architecture: the three 256-bit permutations Q0, Q1, Q2 run side by side, one step
// (SubCrumb, MixWord, AddConstant) per clock, 8 clocks per 256-bit block. The message
// injection MI is folded into the first step of each round: the step input is
// s ^ 2(H0 ^ H1 ^ H2) ^ 2^j M, tweaked, where the message part comes from a mask
// register that is zero in every other clock and the feedback part is gated by a
// flip-flop, so the 768 state flip-flops have no multiplexer in front of them (only
// the 256 tweaked bits of Q1 and Q2 choose between their rotated and plain word in the
// step input). The step constants come from a small ROM on the step number. The next
// block is read into its own registers while the current one is hashed; the digest
// H0 ^ H1 ^ H2 leaves through four zero-unless-selected word copies (see
// luffa256_datapath).
//
// Cycles for a message of N padded blocks in one segment:
//   1 header + 4 first-block words + 1 mask load          = 6
//   + 8 per block (MI with step 1, steps 2..8)
//   + 8 blank round + 1 copy of the first digest word     = 9
//   + 4 digest words
//   = 1 + 4 + 1 + 8 + 1 + 8*N + 4   (st = 15, l+p = 8, end = 4; the study's Zynq core:
//     3 + 4 + 9*N + 9 + 1 + 4, i.e. 9*N + 21 against 8*N + 19 here)
module luffa256_core #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output wire         src_read,
    output wire [W-1:0] dout,
    input  wire         dst_ready,
    output wire         dst_write
);

    initial begin
        if (W != 64) begin
            $display("luffa256_core: W must be 64, got %0d", W);
            $finish;
        end
    end

    wire [3:0] word_we, sel_d;
    wire       init, mask_load, step_en, mi, g_en;
    wire [2:0] step;

    luffa256_ctrl #(
        .W(W)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .word_we(word_we),
        .init(init),
        .mask_load(mask_load),
        .step_en(step_en),
        .mi(mi),
        .g_en(g_en),
        .step(step),
        .sel_d(sel_d)
    );

    luffa256_datapath u_datapath (
        .clk(clk),
        .din(din),
        .word_we(word_we),
        .init(init),
        .mask_load(mask_load),
        .step_en(step_en),
        .mi(mi),
        .g_en(g_en),
        .step(step),
        .sel_d(sel_d),
        .dout(dout)
    );

endmodule
