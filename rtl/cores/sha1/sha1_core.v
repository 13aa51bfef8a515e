`default_nettype none
// sha1_core: SHA-1, basic iterative (one round per clock), with the hashbed core
// interface (docs/interface.md): 32-bit bus, host-side padding.
// Cycles: 1 + 16 + 81*N + 5 for a message of N padded blocks in one segment.
module sha1_core #(
    // Bus width in bits; only 32 is implemented.
    parameter W = 32
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

    wire       msg_init, w_shift, w_load, round_en, finalize;
    wire [6:0] round_idx;

    sha_block_ctrl #(
        .W(W),
        .ROUNDS(80),
        .DIGEST_WORDS(5),
        .ROUND_IDX_W(7)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .msg_init(msg_init),
        .w_shift(w_shift),
        .w_load(w_load),
        .round_en(round_en),
        .round_idx(round_idx),
        .finalize(finalize)
    );

    sha1_datapath u_datapath (
        .clk(clk),
        .din(din),
        .msg_init(msg_init),
        .w_shift(w_shift),
        .w_load(w_load),
        .round_en(round_en),
        .round_idx(round_idx),
        .finalize(finalize),
        .out_next(dst_write),
        .dout(dout)
    );

endmodule
