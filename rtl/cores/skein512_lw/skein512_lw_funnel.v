`default_nettype none
// skein512_lw_funnel: one 32-bit half of a 64-bit rotation, XORed with z:
// y = upper 32 bits of ({x, w} << s) ^ z, s in 0..31 (w without its bit 0, which never
// reaches y): a funnel shifter of five 2:1 multiplexer stages; only the bits that reach
// the output are built, and the XOR folds into the LUT4s of the last stage. Half h of rotl(b, 32*r5 + s) is
// funnel(b half (h ^ r5 ? 1 : 0), the other half, s): the caller picks x and w.
module skein512_lw_funnel #(
    // half-word width in bits: 32 only
    parameter W = 32
) (
    input  wire [W-1:0] x,
    input  wire [W-1:1] w,
    input  wire [4:0]   s,
    input  wire [W-1:0] z,
    output wire [W-1:0] y
);

    initial begin
        if (W != 32) begin
            $display("skein512_lw_funnel: W must be 32, got %0d", W);
            $finish;
        end
    end

    // each stage keeps the upper bits of ({x, w} << shift) that the later stages can
    // still move into the output (bit 0 of w never reaches it)
    wire [2*W-1:1] s0 = {x, w};
    wire [W+14:0]  s1 = s[4] ? s0[2*W-17:1] : s0[2*W-1:W-15];
    wire [W+6:0]   s2 = s[3] ? s1[W+6:0] : s1[W+14:8];
    wire [W+2:0]   s3 = s[2] ? s2[W+2:0] : s2[W+6:4];
    wire [W:0]     s4 = s[1] ? s3[W:0] : s3[W+2:2];
    wire [W-1:0]   s5 = s[0] ? s4[W-1:0] : s4[W:1];
    assign y = s5 ^ z;

endmodule
