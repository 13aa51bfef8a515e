`default_nettype none
// shabal256_core: Shabal-256 (SHA-3 round 2), basic iterative, one permutation step per
// clock, with the hashbed core interface (docs/interface.md): 64-bit bus, host-side
// padding (a 1 bit and zeros to a 512-bit boundary).
//
// Architecture (shabal256_datapath): A, B, C, the message and the sums of the final
// A += C additions are rings of 32-bit words that move by one word per cycle, so their
// flip-flops have no multiplexer in front of them except at the rings' inputs. One
// clock is one of the 48 word steps of the permutation P; between two permutations a
// 16-cycle transfer exchanges B and C word by word and does the message insertion
// (B += M of the next block, with P's rotation by 17), the message removal (C -= M),
// the A += C additions (precomputed as 12 sums during the steps) and the load of the
// next block into the message ring. The next block's eight bus words are read while
// the current block is hashed (shabal256_ctrl). The final rounds are three more
// transfers and permutations with the last block and counter.
//
// Cycles for a message of N padded blocks in one segment:
//   1 header + 8 first-block words + 1 start
//   + 64 per block (16 transfer + 48 steps)
//   + 3 * 64 final rounds
//   + 7 digest cycles (4 words, one every other cycle)
//   = 10 + 64*N + 64*3 + 7
// A segment that is not the last adds its header; its blocks follow without a gap
// when their words come in time.
module shabal256_core #(
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
            $display("shabal256_core: W must be 64, got %0d", W);
            $finish;
        end
    end

    wire       init, mn_shift, step, xfer, run, xfer_next, mn_odd, a_rot, s_acc;
    wire       w_inc, w_carry, wi_clr, b_out;
    wire [7:0] tclr;

    shabal256_ctrl #(
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
        .mn_shift(mn_shift),
        .step(step),
        .xfer(xfer),
        .run(run),
        .xfer_next(xfer_next),
        .mn_odd(mn_odd),
        .a_rot(a_rot),
        .s_acc(s_acc),
        .tclr(tclr),
        .w_inc(w_inc),
        .w_carry(w_carry),
        .wi_clr(wi_clr),
        .b_out(b_out)
    );

    shabal256_datapath u_datapath (
        .clk(clk),
        .init(init),
        .din(din),
        .mn_shift(mn_shift),
        .step(step),
        .xfer(xfer),
        .run(run),
        .xfer_next(xfer_next),
        .mn_odd(mn_odd),
        .a_rot(a_rot),
        .s_acc(s_acc),
        .tclr(tclr),
        .w_inc(w_inc),
        .w_carry(w_carry),
        .wi_clr(wi_clr),
        .b_out(b_out),
        .dout(dout)
    );

endmodule
