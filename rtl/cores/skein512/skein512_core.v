`default_nettype none
// skein512_core: Skein-512-256 (v1.2 = SHA-3 Round 2 or v1.3 = Round 3), basic iterative,
// with the hashbed core interface (docs/interface.md): 64-bit bus, host-side padding.
//
// Architecture: Threefish-512 with four rounds per clock (the natural unit: a subkey is
// injected every four rounds), so a 72-round encryption is 18 steps, plus one load cycle
// that finishes the block (ciphertext + subkey 18, XOR with the block: the next chaining
// value and key) while it starts the next block. 19 cycles per block. The key schedule
// is a ring of the nine key words rotated once per step, with subkey words 5..7 (tweak
// and counter additions) computed one step ahead; the next block is read into a buffer
// while the current one is encrypted (skein512_datapath, skein512_ctrl). The
// configuration UBI is a constant (the IV); the output UBI (counter 0, type Out) is one
// more Threefish pass after the message's last block, run by the same datapath.
//
// Cycles for a message of N padded blocks in one segment, from the header's read to the
// last digest word's write:
//   1 (header) + 8 (first block's words) + 19*N (per block: load cycle + 18 steps)
//   + 19 (output block: 18 steps + the load cycle that finishes it) + 4 (digest words)
//   = 2 + 8 + 19 + 19*N + 4 = 19*N + 33 (manifest "2 + 8 + 19 + 19*N + 4").
// The study's formula 2 + 8 + 19*N + 4 counts the output pass as one of its N blocks;
// with N = message blocks + 1 it is this one. Later segments cost nothing extra when the
// source keeps up: their headers and words are read during the previous block's steps.
module skein512_core #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64,
    // Skein version: 2 = v1.2 (C240 = 0x5555555555555555), 3 = v1.3 (0x1BD11BDAA9FC1A22).
    parameter VERSION = 3
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
            $display("skein512_core: W must be 64, got %0d", W);
            $finish;
        end
        if (VERSION != 2 && VERSION != 3) begin
            $display("skein512_core: VERSION must be 2 or 3, got %0d", VERSION);
            $finish;
        end
    end

    wire        init, shift_in, load, keep_key, step, key_par, odd, out_start;
    wire [4:0]  s_next;
    wire [2:0]  t_sel;
    wire [63:0] t_pos;
    wire [8:0]  t_flags;

    skein512_ctrl #(
        .W(W)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .init(init),
        .shift_in(shift_in),
        .load(load),
        .keep_key(keep_key),
        .step(step),
        .key_par(key_par),
        .odd(odd),
        .s_next(s_next),
        .t_sel(t_sel),
        .t_pos(t_pos),
        .t_flags(t_flags),
        .out_start(out_start)
    );

    skein512_datapath #(
        .VERSION(VERSION)
    ) u_datapath (
        .clk(clk),
        .din(din[63:0]),
        .init(init),
        .shift_in(shift_in),
        .load(load),
        .keep_key(keep_key),
        .step(step),
        .key_par(key_par),
        .odd(odd),
        .s_next(s_next),
        .t_sel(t_sel),
        .t_pos(t_pos),
        .t_flags(t_flags),
        .out_start(out_start),
        .out_next(dst_write),
        .dout(dout[63:0])
    );

endmodule
