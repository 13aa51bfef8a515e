`default_nettype none
// cubehash256_core: CubeHash16/32-256 (SHA-3 round 2), basic iterative, with the hashbed
// core interface (docs/interface.md): 64-bit bus, host-side padding.
//
// Architecture: one CubeHash round per clock (cubehash256_round) on the 1024-bit state
// x_q. The state has no multiplexer in front of it: its next value is always the round
// of its current value, XORed with a mask that is zero except in a block's boundary
// cycle (the 16th round): there the next block is XORed into words 0..7 (absorb), or 1
// into word 31 after the last block (fin). The XORs fold into the LUTs of the round's
// last XOR layer. A message starts from R, the state after 159 of the 160
// initialization rounds, loaded by the flip-flops' synchronous set/reset (set_iv); the
// first boundary cycle then gives IV ^ M1 like any other boundary. The next block's
// words 0..2 are read into a shift register (blk_q) during rounds 13..15 of a block,
// word 3 comes straight from din in the boundary cycle (cubehash256_ctrl). The digest
// words go out through rtl/lib/onehot_reg_mux.v.
//
// Byte order: data words are big-endian packed (first byte in the top bits), CubeHash
// words are little-endian, so each 32-bit half of a bus word is byte-swapped (wiring).
//
// Cycles for a message of N padded blocks in one segment:
//   1 header + 4 first block (3 words, then word 4 with the first boundary round)
//   + 16 per block (15 rounds, then the boundary round with the next block or fin)
//   + 160 final rounds + 1 output multiplexer load + 4 digest words
//   = 1 + 4 + 160 + 1 + 16*N + 4
// (the study's 2 + 4 + 16*N + 160 + 4 has the same st = 166, l+p = 16, end = 4).
module cubehash256_core #(
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
            $display("cubehash256_core: W must be 64, got %0d", W);
            $finish;
        end
    end

    // R: the state after 159 initialization rounds on (h/8, b, r) = (32, 32, 16), so that
    // one more round gives the IV. Word 31 first (word i is R[32*i +: 32]).
    localparam [1023:0] R = {
        32'hd1f393ee, 32'hf106524f, 32'hbb99b3a0, 32'h24fb6e0a, 32'hf0e8c566, 32'h4af83408, 32'h9eac9a3c, 32'h0fb10097,
        32'hf1cf62df, 32'hf6dd2d03, 32'h054a5a5c, 32'hd5de87fe, 32'h52781c33, 32'h245ae388, 32'hdc1c0400, 32'h7f797262,
        32'h87c0bb4b, 32'h3ae4c508, 32'h3718bfa3, 32'h4efd1317, 32'h4cf6810a, 32'h8506cb10, 32'h78029dc1, 32'h7422361e,
        32'habe73994, 32'h7c93c37b, 32'he292fef1, 32'hbcda6624, 32'h20ba8983, 32'hd19d59de, 32'h87f778b1, 32'hfa9b3ef3
    };

    function [31:0] bswap(input [31:0] v);
        bswap = {v[7:0], v[15:8], v[23:16], v[31:24]};
    endfunction

    wire set_iv, step, absorb, fin, out_start;

    cubehash256_ctrl #(
        .W(W)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .set_iv(set_iv),
        .step(step),
        .absorb(absorb),
        .fin(fin),
        .out_start(out_start)
    );

    reg  [1023:0] x_q, x_d;      // state, word i in x_q[32*i +: 32]
    reg  [191:0]  blk_q, blk_d;  // next block's words 0..2 (word 0 in the top bits)
    wire [1023:0] x_round;

    cubehash256_round u_round (
        .x(x_q),
        .y(x_round)
    );

    // The boundary masks: the block {blk_q, din} as state words 0..7, and fin
    wire [255:0] m = {blk_q, din};
    wire [255:0] m_words;
    genvar j;
    generate
        for (j = 0; j < 8; j = j + 1) begin : gen_msg_word
            assign m_words[32*j +: 32] = bswap(m[255 - 32*j -: 32]) & {32{absorb}};
        end
    endgenerate
    wire [1023:0] mask = {31'd0, fin, 736'd0, m_words};

    always @* begin
        x_d = x_q;
        if (step) x_d = x_round ^ mask;
        blk_d = blk_q;
        if (src_read) blk_d = {blk_q[127:0], din};
    end

    // Registers; set_iv maps to the flip-flops' synchronous set/reset
    always @(posedge clk) begin
        if (set_iv) x_q <= R;
        else x_q <= x_d;
        blk_q <= blk_d;
    end

    // Digest: bytes 0..31 of the state, eight bytes (two swapped words) per bus word
    wire [255:0] digest;
    generate
        for (j = 0; j < 8; j = j + 1) begin : gen_digest_word
            assign digest[255 - 32*j -: 32] = bswap(x_q[32*j +: 32]);
        end
    endgenerate

    onehot_reg_mux #(
        .WORDS(4),
        .WIDTH(64)
    ) u_out_mux (
        .clk(clk),
        .start(out_start),
        .next(dst_write),
        .words(digest),
        .load(4'b1111),
        .dout(dout)
    );

endmodule
