`default_nettype none
// echo256_core: ECHO-256 (SHA-3 round 2 specification, zero salt), basic iterative,
// with the hashbed core interface (docs/interface.md): 64-bit bus, host-side padding.
//
// Architecture. The 2048-bit state (sixteen 128-bit words) goes through 16 AES round
// units (rtl/lib/aes_round.v, 256 S-boxes), one per word, each doing one AES round
// per clock. A round of ECHO takes 3 cycles: the keyed AES round of BIG.SubWords (the
// key of word i is the running counter, C + 16 r + i), the second AES round (key =
// salt = 0) in the same units, then BIG.ShiftRows (wiring) and BIG.MixColumns (the
// AES MixColumns bytewise across the four words of each column). The state register's
// input is an AND-OR of the AES units, BIG.MixColumns and, in the load cycle, the
// next block, with one-hot registered selects. The last round's third
// cycle is the load cycle: BIG.Final needs only the XOR of the four words of each row
// of the final state, which equals MixColumns of the row XORs of the state before
// BIG.ShiftRows/MixColumns, so the new chaining value V' and the next block (from a
// 1536-bit buffer filled from the bus while the current block is processed) enter the
// state in that cycle. A block thus takes 24 cycles, exactly the 24 bus words of the
// next block: the core keeps up with its input. After the last block the load cycle
// leaves V' in the state and the digest (its first 256 bits) is written in 4 words.
// echo256_ctrl describes the schedule, echo256_datapath the registers.
//
// Counter: 64 bits (the upper 64 bits of ECHO's 128-bit counter are 0 for any
// message under 2^64 - 128 bits, i.e. under 2^61 bytes, far more than any source
// sends through this interface: SEGMENT_BITS < 2^63 per segment).
//
// Cycles for a message of N padded blocks in one segment (no stalls):
//   1 (header) + 24 (first block) + 1 (its load) + 24*N (8 rounds x 3 cycles, the last
//   round's third cycle being the next load or the final V') + 4 (digest words)
//   = 30 + 24*N.
// A further segment costs one cycle more when its header arrives in a cycle where the
// core could have taken a block word (the bus is the bottleneck: 24 words per block).
module echo256_core #(
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
            $display("echo256_core: W must be 64, got %0d", W);
            $finish;
        end
    end

    wire        m_shift, en, sel_aes, sel_mix, load, first;
    wire [59:0] key_hi, key_t;
    wire [15:0] key_cy;
    wire [63:0] key_lo;
    wire [1:0]  out_sel;

    echo256_ctrl #(
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
        .en(en),
        .sel_aes(sel_aes),
        .sel_mix(sel_mix),
        .load(load),
        .first(first),
        .key_hi(key_hi),
        .key_t(key_t),
        .key_cy(key_cy),
        .key_lo(key_lo),
        .out_sel(out_sel)
    );

    echo256_datapath u_datapath (
        .clk(clk),
        .din(din),
        .m_shift(m_shift),
        .en(en),
        .sel_aes(sel_aes),
        .sel_mix(sel_mix),
        .load(load),
        .first(first),
        .key_hi(key_hi),
        .key_t(key_t),
        .key_cy(key_cy),
        .key_lo(key_lo),
        .out_sel(out_sel),
        .dout(dout)
    );

endmodule
