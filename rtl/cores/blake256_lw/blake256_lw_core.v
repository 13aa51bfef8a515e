`default_nettype none
// blake256_lw_core: BLAKE-256 (final, round-3 version: 14 rounds), lightweight, with the
// hashbed core interface (docs/interface.md) on a 16-bit bus, host-side padding.
//
// Architecture (the two cores blake256_lw-logic and blake256_lw-bram differ only in
// ROM_BRAM, where the permutation table lives):
// - One G function, folded horizontally (one G unit instead of four) and pipelined
//   (quasi-pipelining: its two halves are two stages, so one G is issued per clock and
//   the four independent G functions of a step fill the pipeline). A step (column or
//   diagonal) is four G issues and one empty cycle, because every G of the next step
//   reads a word written by the last G of this one: 5 cycles per step, 10 per round.
// - State v in four row RAMs (distributed RAM, 32 bits wide): a column or diagonal is
//   just a set of four row addresses, and the RAMs feed the adders directly
//   (blake256_lw_dp).
// - Message: the bus fills a staging chain of flip-flops while the current block is
//   processed; between blocks the chain is copied into two 16 x 32 distributed RAMs
//   (one per message operand of G) (blake256_lw_msg).
// - Block boundary: four finalization tokens put h' = h ^ v[0..7] ^ v[8..15] into two
//   shift rings of flip-flops and write h', the constants and the counter into the
//   state rows, so the next block's first step is an ordinary one; they overlap the
//   message copy, which has to run five cycles ahead of the next block anyway.
// - Control: a loader (headers, block loads, counters) and a front issuing tokens
//   through a pipeline of control registers; the permutation is a table of pairs
//   (sigma(2g), sigma(2g+1)): a step word in LUTs (ROM_BRAM = 0) or a ROM of
//   (round mod 10, G number) in the block RAM (ROM_BRAM = 1) (blake256_lw_ctrl).
//
// Cycles of a message of N padded blocks in one segment:
//   1 (header) + 32 (first block) + 1 (hand-over) + 7 (finalization of the last block:
//   4 tokens, 3 cycles to pass stage 1) + (5 + 140)*N + 16 (digest words)
// 140 = 2*ROUNDS steps * 5 cycles; 5 = start or finalization pass and the copy lead
// before each block's first token; the next block's 32 load cycles are hidden.
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
