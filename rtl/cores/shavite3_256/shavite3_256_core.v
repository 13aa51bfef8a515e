`default_nettype none
// shavite3_256_core: SHAvite-3-256 (round 2, tweaked specification), basic iterative,
// with the hashbed core interface (docs/interface.md): 64-bit bus, host-side padding.
//
// Architecture. The compression function C_256 is a 12-round Feistel network whose F
// function is three AES rounds with subkeys; the message expansion makes the 36 128-bit
// subkeys from the block and the bit counter, alternating nonlinear steps (an unkeyed
// AES round) and linear XOR steps. Two AES round units (rtl/lib/aes_round.v, 16 S-boxes
// each) run side by side: one for the compression, one AES round per clock (12 x 3 = 36
// cycles per block), and one for the message expansion, which slides a window of four
// subkeys one subkey per clock, so every subkey is made in the cycle before its use.
// AddRoundKey, the Feistel XOR and the feed-forward h ^= (L, R) are folded into the
// registers' inputs; the feed-forward step of a block is also the first step of the next
// one (the next block's first subkey is XORed into the new right half in the same
// cycle), so consecutive blocks follow each other with no gap. The next block is shifted
// into a 512-bit buffer from the bus (8 words) while the current one is processed and
// enters the expansion window during the four cycles whose subkeys would be unused.
// The bit counter (0 for a padding block holding no message bits) comes from the
// segment headers: the core counts whole blocks and takes the tail from the header of
// the last segment. shavite3_256_ctrl describes the schedule, shavite3_256_datapath the
// registers.
//
// Cycles for a message of N padded blocks in one segment (no stalls):
//   1 (header) + 8 (first block) + 5 (it enters the expansion window; the last of these
//   cycles is the IV's feed-forward step) + 36*N + 4 (digest words) = 18 + 36*N.
// A further segment costs nothing more when its header and blocks arrive while the
// previous block is processed (9 of its 36 cycles).
module shavite3_256_core #(
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
            $display("shavite3_256_core: W must be 64, got %0d", W);
            $finish;
        end
    end

    wire        a_shift, b_shift, k_en, k_sel_m, k_sel_nl;
    wire        inj_4, inj_14, inj_21, inj_31;
    wire        x_en, lr_en, key_l, h_fin, clr, h_iv;
    wire [63:0] cnt;
    wire [1:0]  out_sel;

    shavite3_256_ctrl #(
        .W(W)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .a_shift(a_shift),
        .b_shift(b_shift),
        .k_en(k_en),
        .k_sel_m(k_sel_m),
        .k_sel_nl(k_sel_nl),
        .cnt(cnt),
        .inj_4(inj_4),
        .inj_14(inj_14),
        .inj_21(inj_21),
        .inj_31(inj_31),
        .x_en(x_en),
        .lr_en(lr_en),
        .key_l(key_l),
        .h_fin(h_fin),
        .clr(clr),
        .h_iv(h_iv),
        .out_sel(out_sel)
    );

    shavite3_256_datapath u_datapath (
        .clk(clk),
        .rst(rst),
        .din(din),
        .dout(dout),
        .a_shift(a_shift),
        .b_shift(b_shift),
        .k_en(k_en),
        .k_sel_m(k_sel_m),
        .k_sel_nl(k_sel_nl),
        .cnt(cnt),
        .inj_4(inj_4),
        .inj_14(inj_14),
        .inj_21(inj_21),
        .inj_31(inj_31),
        .x_en(x_en),
        .lr_en(lr_en),
        .key_l(key_l),
        .h_fin(h_fin),
        .clr(clr),
        .h_iv(h_iv),
        .out_sel(out_sel)
    );

endmodule
