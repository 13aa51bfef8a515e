`default_nettype none
// skein512_lw_rotl: y = rotl(x, r) ^ z for 64-bit words, r in 0..63, as a six-stage
// barrel rotator (one 2:1 multiplexer per bit and stage); the XOR folds into the LUT4s
// of the last stage. It serves every MIX of every round of the folded Threefish-512.
module skein512_lw_rotl #(
    // word width in bits: 64 only
    parameter W = 64
) (
    input  wire [W-1:0] x,
    input  wire [5:0]   r,
    input  wire [W-1:0] z,
    output wire [W-1:0] y
);

    initial begin
        if (W != 64) begin
            $display("skein512_lw_rotl: W must be 64, got %0d", W);
            $finish;
        end
    end

    wire [W-1:0] s0 = r[0] ? {x[W-2:0], x[W-1]} : x;
    wire [W-1:0] s1 = r[1] ? {s0[W-3:0], s0[W-1:W-2]} : s0;
    wire [W-1:0] s2 = r[2] ? {s1[W-5:0], s1[W-1:W-4]} : s1;
    wire [W-1:0] s3 = r[3] ? {s2[W-9:0], s2[W-1:W-8]} : s2;
    wire [W-1:0] s4 = r[4] ? {s3[W-17:0], s3[W-1:W-16]} : s3;
    wire [W-1:0] s5 = r[5] ? {s4[W-33:0], s4[W-1:W-32]} : s4;
    assign y = s5 ^ z;

endmodule
