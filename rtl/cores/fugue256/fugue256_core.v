`default_nettype none
// fugue256_core: Fugue-256 (SHA-3 round 2, Fugue 2.0), basic iterative, one SMIX step per
// clock, with the hashbed core interface (docs/interface.md): 32-bit bus, host-side
// padding (zeros to a 32-bit word, then the 64-bit bit length as two words).
//
// Fugue absorbs one 32-bit word per round R = TIX, then two steps (ROR3, CMIX, SMIX); the
// final round G is 10 such steps (G1), then 13 pairs of steps G2a = (S4,S15 ^= S0; ROR15;
// SMIX) and G2b = (S4,S16 ^= S0; ROR14; SMIX), then S4,S15 ^= S0, and the digest is
// S1..S4, S15..S18. One SMIX (16 AES S-boxes and Super-Mix) runs per clock.
//
// Datapath (fugue256_datapath): 960 state flip-flops, loaded with the IV by their
// synchronous set/reset and held by their clock enable. A plain implementation needs
// three shifts in front of every column (ROR3, ROR15, ROR14). Here the state is kept in
// logical order except before a G2b step, where physical column p holds logical column
// p - 11. Then (phys = logical + f, shifts mod 30):
//   G2a (frame 0 -> 11):  ROR15 becomes ROR(15 + 11 - 0) = ROR26 = ROL4
//   G2b (frame 11 -> 0):  ROR14 becomes ROR(14 + 0 - 11) = ROR3, the shift of R and G1
// and SMIX reads and writes the same columns in R, G1 and G2b (old 27..0 -> new 0..3).
// Every column thus has two sources (ROR3 or ROL4): one LUT4 per bit instead of two.
// The word read is used in the clock it is read (TIX is merged into the first step).
//
// Cycles for a message of N padded 32-bit words in one segment:
//   1 (header) + 36 (G1 10, G2 26 steps) + 2*N (two steps per word) + 8 (digest words),
// the final S4,S15 ^= S0 being folded into the digest multiplexer.
module fugue256_core #(
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

    initial begin
        if (W != 32) begin
            $display("fugue256_core: W must be 32, got %0d", W);
            $finish;
        end
    end

    wire       iv_load, step_en, tix, g2a, g2b;
    wire [2:0] out_sel;

    fugue256_ctrl #(.W(W)) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .iv_load(iv_load),
        .step_en(step_en),
        .tix(tix),
        .g2a(g2a),
        .g2b(g2b),
        .out_sel(out_sel)
    );

    fugue256_datapath u_datapath (
        .clk(clk),
        .din(din),
        .iv_load(iv_load),
        .step_en(step_en),
        .tix(tix),
        .g2a(g2a),
        .g2b(g2b),
        .out_sel(out_sel),
        .dout(dout)
    );

endmodule
