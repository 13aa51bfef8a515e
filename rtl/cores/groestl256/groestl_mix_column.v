`default_nettype none
// groestl_mix_column: Grøstl MixBytes of one 8-byte column, combinational.
//
// b = B * a over GF(2^8) (AES polynomial), B circulant with first row
// 02 02 03 04 05 03 05 07, so b_i = sum over d of B0[d] * a_(i+d mod 8). Splitting each
// coefficient into 1, 2 and 4 (2 = 2, 3 = 2+1, 4 = 4, 5 = 4+1, 7 = 4+2+1):
//   b_i = X1_i ^ 2*X2_i ^ 4*X4_i,
//   X1_i = a_(i+2) ^ a_(i+4) ^ a_(i+5) ^ a_(i+6) ^ a_(i+7)
//   X2_i = a_i ^ a_(i+1) ^ a_(i+2) ^ a_(i+5) ^ a_(i+7)
//   X4_i = a_(i+3) ^ a_(i+4) ^ a_(i+6) ^ a_(i+7)
// (indices mod 8), with two doublings (xtime) instead of one per product.
module groestl_mix_column (
    input  wire [63:0] a,  // column, row 0 in the top byte
    output reg  [63:0] b
);

    function [7:0] xtime(input [7:0] x);
        xtime = {x[6:0], 1'b0} ^ (x[7] ? 8'h1b : 8'h00);
    endfunction

    reg [7:0] r [0:7];
    reg [7:0] x1, x2, x4;
    integer i;
    always @* begin
        for (i = 0; i < 8; i = i + 1)
            r[i] = a[63 - 8*i -: 8];
        for (i = 0; i < 8; i = i + 1) begin
            x1 = r[(i+2)%8] ^ r[(i+4)%8] ^ r[(i+5)%8] ^ r[(i+6)%8] ^ r[(i+7)%8];
            x2 = r[i] ^ r[(i+1)%8] ^ r[(i+2)%8] ^ r[(i+5)%8] ^ r[(i+7)%8];
            x4 = r[(i+3)%8] ^ r[(i+4)%8] ^ r[(i+6)%8] ^ r[(i+7)%8];
            b[63 - 8*i -: 8] = x1 ^ xtime(x2) ^ xtime(xtime(x4));
        end
    end

endmodule
