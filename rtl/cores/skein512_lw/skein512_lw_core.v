`default_nettype none
// skein512_lw_core: Skein-512-256 v1.3 (SHA-3 Round 3), lightweight, 16-bit bus, with the
// hashbed core interface (docs/interface.md) and host-side padding.
//
// Architecture (horizontal folding: one MIX unit of 64 bits instead of four per round):
// - Threefish-512 runs one MIX per clock: 72 rounds x 4 MIX = 288 cycles per block. The
//   key injection (every fourth round) is folded into the same operation: a three-stage
//   pipeline adds the subkey words to both MIX inputs (stage I), after the tweak word or
//   the subkey counter was added to the key word read (stage K), then computes the MIX
//   (stage M). The four MIX of a round are issued in the order 0..3; the permutation
//   makes every MIX of the next round depend on MIX that are at least two issues older,
//   so the pipeline never stalls.
// - The state, the message (the block being hashed and the next one) and the key live
//   in distributed RAM (skein512_lw_datapath): state words are renamed in place rather
//   than moved, the subkey is addressed in the key memory (word (s + i) mod 9) instead
//   of rotated, and the ROM-like sequencer (skein512_lw_ctrl) issues one operation per
//   cycle: MIX, key injection, feed-forward, IV and message-word copies all use the
//   same two adders of stage I and the adder of stage M.
// - The next block is read over the 16-bit bus while the current one is hashed; each
//   assembled 64-bit word takes one issue slot (COPY) to enter its buffer.
// - Finishing a block: 8 FIN operations (subkey 18, XOR with the message word) write the
//   next chaining value into the key memory, and one more writes the parity word K8.
//   The output UBI (counter 0, type Out) is one more block with a zero message; its
//   first four chaining words are the digest, read from the key memory.
//
// Cycles, N padded message blocks, one segment, from the header's read to the last
// digest word's write:
//   per message block except the last: 1 (take the buffer) + 288 MIX + 8 COPY (the next
//   block's words) + 9 (FIN, parity) = 306;
//   the last message block and the output block: 298 each (no next block to copy);
//   plus the header, the IV load and the first block's 32 words, and 16 digest words.
// The measured formula is in the manifests (logic.toml, bram.toml).
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

    generate
        if (BRAM == 0) begin : g_logic
        skein512_lw_datapath #(
            .C240(64'h1BD11BDAA9FC1A22)
        ) u_datapath (
            .clk(clk),
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
        end else begin : g_bram
        skein512_lw_datapath_bram #(
            .C240(64'h1BD11BDAA9FC1A22)
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
        end
    endgenerate

    // Digest word q of chaining word i: bytes 2q and 2q+1 of the little-endian word
    // (the key memory's half q / 2 is read)
    wire [15:0] dout_w = out_sel ? {kout[23:16], kout[31:24]} : {kout[7:0], kout[15:8]};
    assign dout = dout_w;

endmodule
