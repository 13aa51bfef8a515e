`default_nettype none
// skein512_lw_core: Skein-512-256 v1.3 (SHA-3 Round 3), lightweight, 16-bit bus, with the
// hashbed core interface (docs/interface.md) and host-side padding.
//
// Architecture (horizontal and vertical folding: one MIX unit, 32 bits wide):
// - Threefish-512 runs one MIX per two clocks, the low 32-bit half then the high half,
//   each adder keeping its carry in a flip-flop between the halves: 72 rounds x 4 MIX
//   = 288 operations, 576 cycles per block. The rotation is a 32-bit funnel shifter
//   (skein512_lw_funnel) fed by both halves of the MIX's second input.
// - One pipeline (skein512_lw_datapath): K adds the tweak or the subkey counter to a key
//   word, I adds the key words to the state words, Y the MIX sum, M rotates, XORs and
//   writes back; the four MIX of a round issue in order 0..3 and every MIX of the next
//   round depends only on MIX at least two operations older, so it never stalls.
// - Storage: the state and the block's message in two 16 x 32 LUT memories (even and
//   odd words, renamed in place instead of moved), the key K0..K7 in a third (or, with
//   BRAM = 1, in the block RAM); K8 in the parity register, which turns by 32 bits each
//   cycle so that the K stage always finds its half in the same place; the odd subkey
//   words are read in the round before each injection (when the key port is free) into
//   an 8 x 32 flip-flop queue.
// - The next block is read over the bus while the current one is hashed, into a 16 x 32
//   flip-flop queue (BRAM = 1: the block RAM), and moved into the message slots by 8
//   LOAD operations at the block's start.
// - A ROM-like sequencer (skein512_lw_ctrl) issues one operation per two cycles: LOAD,
//   the 4 reads of the first subkey's odd words (PRE), MIX with or without injection,
//   FIN (subkey 18 and the feed-forward into the key memory), IV.
// - The output UBI (counter 0, type Out) is one more block with a zero message (4 LOADs
//   of zero words); its first four chaining words are the digest.
//
// Cycles, N padded message blocks, one segment, from the header's read to the last
// digest word's write: per message block 1 (take) + 8 LOAD + 4 PRE + 288 MIX + 8 FIN
// = 309 operations = 618 cycles; st = the header and the first block's 32 words (the IV
// is loaded meanwhile) + the output block (305 operations); end = 16 digest words. The
// measured formulas are in the manifests (logic.toml, bram.toml).
module skein512_lw_core #(
    // Bus width in bits; only 16 is implemented.
    parameter W = 16,
    // 0: key memory and next-block queue in LUT RAM and flip-flops (skein512_lw-logic);
    // 1: both and the IV in one block RAM (skein512_lw-bram)
    parameter BRAM = 0
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
        if (W != 16) begin
            $display("skein512_lw_core: W must be 16, got %0d", W);
            $finish;
        end
        if (BRAM != 0 && BRAM != 1) begin
            $display("skein512_lw_core: BRAM must be 0 or 1, got %0d", BRAM);
            $finish;
        end
    end

    wire        nb_pre, nb_push, nb_pop, clra_k, clrb_k, wee_k, weo_k, kwe_k, mrd_k, modd_k, par_init;
    wire        kpush, kpop, clrk;
    wire [3:0]  ka;
    wire [2:0]  ra_k, rb_k, wae_k, wao_k, mslot_k;
    wire        zra_k, zm_k;
    wire [2:0]  kwa_k;
    wire [2:0]  ta_sel, iv_idx;
    wire [4:0]  sval;
    wire [63:0] t0;
    wire [31:0] kout;
    wire        ph, outm, ohalf, hold, kbusy;
    wire [8:0]  tflags;
    wire [5:0]  rot_k;
    wire        out_sel;

    skein512_lw_ctrl #(
        .W(W),
        .BRAM(BRAM)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .kbusy(kbusy),
        .nb_pre(nb_pre),
        .nb_push(nb_push),
        .nb_pop(nb_pop),
        .ka(ka),
        .kpush(kpush),
        .kpop(kpop),
        .clrk(clrk),
        .ta_sel(ta_sel),
        .iv_idx(iv_idx),
        .sval(sval),
        .t0(t0),
        .tflags(tflags),
        .ra_k(ra_k),
        .rb_k(rb_k),
        .zra_k(zra_k),
        .zm_k(zm_k),
        .clra_k(clra_k),
        .clrb_k(clrb_k),
        .wee_k(wee_k),
        .weo_k(weo_k),
        .wae_k(wae_k),
        .wao_k(wao_k),
        .rot_k(rot_k),
        .kwe_k(kwe_k),
        .kwa_k(kwa_k),
        .mrd_k(mrd_k),
        .modd_k(modd_k),
        .mslot_k(mslot_k),
        .par_init(par_init),
        .out_sel(out_sel),
        .ph(ph),
        .outm(outm),
        .hold(hold),
        .ohalf(ohalf)
    );

    skein512_lw_datapath #(
        .C240(64'h1BD11BDAA9FC1A22),
        .BRAM(BRAM)
    ) u_datapath (
        .clk(clk),
        .rst(rst),
        .ph(ph),
        .hold(hold),
        .din(din),
        .nb_pre(nb_pre),
        .nb_push(nb_push),
        .nb_pop(nb_pop),
        .ka(ka),
        .kpush(kpush),
        .kpop(kpop),
        .clrk(clrk),
        .ta_sel(ta_sel),
        .iv_idx(iv_idx),
        .sval(sval),
        .t0(t0),
        .tflags(tflags),
        .ra_k(ra_k),
        .rb_k(rb_k),
        .zra_k(zra_k),
        .zm_k(zm_k),
        .clra_k(clra_k),
        .clrb_k(clrb_k),
        .wee_k(wee_k),
        .weo_k(weo_k),
        .wae_k(wae_k),
        .wao_k(wao_k),
        .rot_k(rot_k),
        .kwe_k(kwe_k),
        .kwa_k(kwa_k),
        .mrd_k(mrd_k),
        .modd_k(modd_k),
        .mslot_k(mslot_k),
        .par_init(par_init),
        .outm(outm),
        .ohalf(ohalf),
        .kout(kout),
        .kbusy(kbusy)
    );

    // Digest word q of chaining word i: bytes 2q and 2q+1 of the little-endian word
    // (the key memory's half q / 2 is read)
    wire [15:0] dout_w = out_sel ? {kout[23:16], kout[31:24]} : {kout[7:0], kout[15:8]};
    assign dout = dout_w;

endmodule
