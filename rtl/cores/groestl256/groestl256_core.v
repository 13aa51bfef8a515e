`default_nettype none
// groestl256_core: Grøstl-256 (round 2 or round 3), basic iterative, with the hashbed
// core interface (docs/interface.md): 64-bit bus, host-side padding.
//
// Architecture. The compression function f(h, m) = P(h ^ m) ^ Q(m) ^ h needs P and Q,
// 10 rounds each. One round unit (64 AES S-boxes, 8 MixBytes columns) serves both: it
// is cut by a register between SubBytes/ShiftBytes and MixBytes, and P and Q take
// turns in the two stages, so each stage always works and a block costs 2 x 10 = 20
// cycles with a clock period of about half a round. AddRoundConstant of the next round
// is folded into the MixBytes output, which also forms the next block's inputs
// (m for Q, h' ^ m for P) in the two cycles where Q and then P leave their last round,
// so consecutive blocks follow each other with no gap. The next block is shifted into
// a 512-bit buffer from the bus (8 words) while the current one is processed. The
// output transformation P(h) ^ h runs as one more 20-cycle period with the Q half of
// the unit idle. groestl256_ctrl describes the schedule, groestl256_datapath the
// registers.
//
// Cycles for a message of N padded blocks in one segment (no stalls):
//   1 (header) + 8 (first block) + 2 (P and Q inputs of the first block)
//   + 20 (output transformation) + 20*N + 4 (digest words) = 35 + 20*N.
// Every further segment costs nothing more if its header and first block arrive while
// the previous block is processed (they take 9 of its 20 cycles).
module groestl256_core #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64,
    // Grøstl version: 2 (round 2, Grøstl-0) or 3 (round 3, tweaked).
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
            $display("groestl256_core: W must be 64, got %0d", W);
            $finish;
        end
        if (VERSION != 2 && VERSION != 3) begin
            $display("groestl256_core: VERSION must be 2 or 3, got %0d", VERSION);
            $finish;
        end
    end

    wire       m_shift, idle, en, h_en, g_mb, g_h, g_m, g_c, rc_q, sb_q, capture;
    wire [3:0] rc_round;

    groestl256_ctrl #(
        .W(W)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .m_shift(m_shift),
        .idle(idle),
        .en(en),
        .h_en(h_en),
        .g_mb(g_mb),
        .g_h(g_h),
        .g_m(g_m),
        .g_c(g_c),
        .rc_q(rc_q),
        .rc_round(rc_round),
        .sb_q(sb_q),
        .capture(capture)
    );

    groestl256_datapath #(
        .VERSION(VERSION)
    ) u_datapath (
        .clk(clk),
        .din(din),
        .m_shift(m_shift),
        .idle(idle),
        .en(en),
        .h_en(h_en),
        .g_mb(g_mb),
        .g_h(g_h),
        .g_m(g_m),
        .g_c(g_c),
        .rc_q(rc_q),
        .rc_round(rc_round),
        .sb_q(sb_q),
        .capture(capture),
        .out_next(dst_write),
        .dout(dout)
    );

endmodule
