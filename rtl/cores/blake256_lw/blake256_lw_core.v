`default_nettype none
// blake256_lw_core: BLAKE-256 (final, round-3 version: 14 rounds), lightweight, with the
// hashbed core interface (docs/interface.md) on a 16-bit bus, host-side padding.
//
// Architecture (the two cores blake256_lw-logic and blake256_lw-bram differ only in
// MSG_BRAM):
// - One G function, folded horizontally (one G unit instead of four) and pipelined
//   (quasi-pipelining: its two halves are two stages, so one G is issued per clock and
//   four independent G functions of a step fill the pipeline). A step (column or
//   diagonal) is four G issues and one empty cycle, because each G of the next step
//   reads a word written by the last G of this one: 5 cycles per step, 10 per round.
// - State v in four row RAMs (distributed RAM, 32 bits wide): a column or diagonal is
//   just a set of four row addresses, no multiplexers (blake256_lw_dp).
// - Message in a two-bank store (the next block is loaded over the 16-bit bus during
//   the current one) with two read ports: distributed RAM (MSG_BRAM = 0) or the second
//   port's copy in the one block RAM (MSG_BRAM = 1) (blake256_lw_msg).
// - No finalization cycles: the new chaining value h ^ v[0..7] ^ v[8..15] and the
//   counter enter the first column step of the next block, which reads exactly the
//   words it needs; the chaining value lives in two shift rings of flip-flops.
// - Control: a loader (headers, block loads, counters) and a front issuing tokens
//   through a pipeline of control registers; the permutation is a table indexed by
//   (round mod 10, G number) (blake256_lw_ctrl).
//
// Cycles of a message of N padded blocks in one segment:
//   1 (header) + 32 (first block) + 1 (block handed to the front) + 140*N
//   + 1 (front sees the message end) + 6 (digest pass through stage 1) + 16 (digest words)
//   = 41 + 140*N + 16
// 140 = 2*ROUNDS steps * 5 cycles; the next block's 32 load cycles are hidden in them.
module blake256_lw_core #(
    // Bus width; only 16 is implemented
    parameter W = 16,
    // Rounds per block: 14 (the final BLAKE-256)
    parameter ROUNDS = 14,
    // 0: logic only; 1: the permutation table in the one block RAM
    parameter ROM_BRAM = 0
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
            $display("blake256_lw_core: W must be 16, got %0d", W);
            $finish;
        end
    end

    wire        msg_ld, msg_ld_odd, msg_copy;
    wire [3:0]  msg_caddr, msg_ra, msg_rb;
    wire [31:0] m0, m1;
    wire [3:0]  cidx0, cidx1;
    wire        s1_shift, s1_fin, s2_we, s2_load;
    wire [7:0]  s1_addr, s2_addr;
    wire [63:0] t;
    wire        msg_start, out_shift_a, out_shift_b;
    wire [1:0]  out_sel;

    blake256_lw_ctrl #(
        .W(W),
        .ROUNDS(ROUNDS),
        .ROM_BRAM(ROM_BRAM)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .msg_ld(msg_ld),
        .msg_ld_odd(msg_ld_odd),
        .msg_copy(msg_copy),
        .msg_caddr(msg_caddr),
        .msg_ra(msg_ra),
        .msg_rb(msg_rb),
        .cidx0(cidx0),
        .cidx1(cidx1),
        .s1_shift(s1_shift),
        .s1_fin(s1_fin),
        .s1_addr(s1_addr),
        .s2_we(s2_we),
        .s2_load(s2_load),
        .s2_addr(s2_addr),
        .t(t),
        .msg_start(msg_start),
        .out_shift_a(out_shift_a),
        .out_shift_b(out_shift_b),
        .out_sel(out_sel)
    );

    blake256_lw_msg u_msg (
        .clk(clk),
        .ld(msg_ld),
        .ld_odd(msg_ld_odd),
        .din(din[15:0]),
        .copy(msg_copy),
        .caddr(msg_caddr),
        .ra(msg_ra),
        .m0(m0),
        .rb(msg_rb),
        .m1(m1)
    );

    blake256_lw_dp u_dp (
        .clk(clk),
        .cidx0(cidx0),
        .cidx1(cidx1),
        .m0(m0),
        .m1(m1),
        .s1_shift(s1_shift),
        .s1_fin(s1_fin),
        .s1_addr(s1_addr),
        .s2_we(s2_we),
        .s2_load(s2_load),
        .s2_addr(s2_addr),
        .t(t),
        .msg_start(msg_start),
        .out_shift_a(out_shift_a),
        .out_shift_b(out_shift_b),
        .out_sel(out_sel),
        .dout(dout)
    );

endmodule
