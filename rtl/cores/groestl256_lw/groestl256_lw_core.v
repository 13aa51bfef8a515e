`default_nettype none
// groestl256_lw_core: Grøstl-256 (round 3, the final version), lightweight, with the
// hashbed core interface (docs/interface.md): 16-bit bus, host-side padding.
//
// Architecture (vertical folding to a quarter column). The compression function is
// f(h, m) = P(h ^ m) ^ Q(m) ^ h with two 10-round permutations of an 8x8-byte state.
// Four S-box lanes process one half column (4 bytes) per clock: lane k takes row k of an
// output column, then row k + 4, each from its ShiftBytes source column, so ShiftBytes
// is only addressing. A MixBytes unit for four bytes (mix4) forms their contribution to
// the whole column; the second half's contribution is the first's rotated by four rows,
// so an accumulator of 64 bits completes a column every two clocks. The states of P and
// Q, the chaining value H and the message block M are in distributed (LUT) RAM, split by
// lane so that the four lanes read four independent addresses: state 4 x 32 x 8 bits
// (P and Q), H and M 4 x 16 x 8 bits. The state is updated in place: a lane writes each
// new byte where it has just read the byte it replaces, so the bytes of row r move by
// shift(r) columns per round and round n reads logical column j + shift(r) at physical
// column j + (n + 1) * shift(r) mod 8 (a small table in the controller). A round of one
// permutation takes 16 clocks; rounds of Q and P alternate (Q0 P0 Q1 ... Q9 P9), which
// hides the 4-clock read-to-write-back latency, so a block takes 20 x 16 = 320 clocks
// with no gap, and the
// next block's 32 words are loaded into M while the current block runs (M is free once
// P's round 0 has read it). AddRoundConstant is applied on the S-box inputs. The last
// round of each permutation writes H ^= column (Q first, then P), giving
// h' = h ^ Q(m) ^ P(h ^ m) in H when the block ends. The output transformation
// P(h) ^ h runs P alone (with a gap of 2 clocks before each round, 3 before round 0, as
// nothing hides the write-back latency; its round 9 computes only the digest columns
// 4-7) and leaves the digest in H, read out in 16 words.
//
// USE_BRAM = 0 (core groestl256_lw-logic): four logic AES S-boxes. USE_BRAM = 1 (core
// groestl256_lw-bram): lanes 0 and 1 look up the S-box in one block RAM (a 256-byte table,
// both ports reading, with its output register as the pipeline register), lanes 2 and 3
// use logic S-boxes; the memories stay in LUT RAM (both block-RAM ports are busy).
//
// Cycles for a message of N padded blocks in one segment (no stalls):
//   1 (header) + 32 (first block) + 320*N (blocks)
//   + 3 + 16 + 8*(2 + 16) + 2 + 8 (output transformation: 173) + 4 (drain)
//   + 16 (digest words) = 210 + 320*N + 16.
// Every further segment costs nothing more when its header and first block arrive while
// the previous block runs.
module groestl256_lw_core #(
    // Bus width in bits; only 16 is implemented.
    parameter W = 16,
    // 1: two of the four S-boxes in one block RAM; 0: logic only.
    parameter USE_BRAM = 0
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
            $display("groestl256_lw_core: W must be 16, got %0d", W);
            $finish;
        end
        if (USE_BRAM != 0 && USE_BRAM != 1) begin
            $display("groestl256_lw_core: USE_BRAM must be 0 or 1, got %0d", USE_BRAM);
            $finish;
        end
    end

    wire [3:0]  m_we, m_waddr, o_word;
    wire        r_valid, r_half, r_perm, r_last, r_state, r_use_h, r_use_m, r_iv, o_en;
    wire [2:0]  r_j;
    wire [11:0] r_col;
    wire [31:0] r_const;

    groestl256_lw_ctrl #(
        .W(W)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .hdr(din[W-1:6]),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .m_we(m_we),
        .m_waddr(m_waddr),
        .r_valid(r_valid),
        .r_half(r_half),
        .r_perm(r_perm),
        .r_last(r_last),
        .r_j(r_j),
        .r_col(r_col),
        .r_state(r_state),
        .r_use_h(r_use_h),
        .r_use_m(r_use_m),
        .r_iv(r_iv),
        .r_const(r_const),
        .o_en(o_en),
        .o_word(o_word)
    );

    groestl256_lw_datapath #(
        .USE_BRAM(USE_BRAM)
    ) u_datapath (
        .clk(clk),
        .r_valid(r_valid),
        .r_half(r_half),
        .r_perm(r_perm),
        .r_last(r_last),
        .r_j(r_j),
        .r_col(r_col),
        .r_state(r_state),
        .r_use_h(r_use_h),
        .r_use_m(r_use_m),
        .r_iv(r_iv),
        .r_const(r_const),
        .din(din),
        .m_we(m_we),
        .m_waddr(m_waddr),
        .o_en(o_en),
        .o_word(o_word),
        .dout(dout)
    );

endmodule
