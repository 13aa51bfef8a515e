`default_nettype none
// groestl256_lw_mix4: the contribution of four bytes of a column to all eight bytes of
// Grøstl's MixBytes, combinational.
//
// MixBytes multiplies a column a_0..a_7 by the circulant matrix B with first row
// B0 = 02 02 03 04 05 03 05 07: b_i = sum over r of B0[(r - i) mod 8] * a_r (AES field).
// This module gets four input bytes x_0..x_3 and returns c_i = sum over k of
// B0[(k - i) mod 8] * x_k for i = 0..7. With x_k = a_k (rows 0-3) it is the first half of
// b; with x_k = a_(k+4) (rows 4-7) the coefficient of x_k in b_i is B0[(k - (i - 4)) mod 8],
// so the second half of b is c rotated by four bytes: b = c(rows 0-3) ^ rot4(c(rows 4-7)),
// and rot4(b) = rot4(c(rows 0-3)) ^ c(rows 4-7), which the datapath accumulates.
// Products are sums of x, 2x and 4x (3 = 2+1, 5 = 4+1, 7 = 4+2+1).
module groestl256_lw_mix4 (
    input  wire [31:0] x,  // x_0 in the top byte
    output reg  [63:0] c   // c_0 in the top byte
);

    function [7:0] xtime(input [7:0] v);
        xtime = {v[6:0], 1'b0} ^ (v[7] ? 8'h1b : 8'h00);
    endfunction

    // First row of B
    function [2:0] b0(input integer d);
        case (d)
            0, 1: b0 = 3'd2;
            2, 5: b0 = 3'd3;
            3: b0 = 3'd4;
            4, 6: b0 = 3'd5;
            default: b0 = 3'd7;
        endcase
    endfunction

    reg [7:0] v1 [0:3];
    reg [7:0] v2 [0:3];
    reg [7:0] v4 [0:3];
    reg [7:0] acc;
    reg [2:0] coef;
    integer i, k;
    always @* begin
        for (k = 0; k < 4; k = k + 1) begin
            v1[k] = x[31 - 8*k -: 8];
            v2[k] = xtime(v1[k]);
            v4[k] = xtime(v2[k]);
        end
        for (i = 0; i < 8; i = i + 1) begin
            acc = 8'h00;
            for (k = 0; k < 4; k = k + 1) begin
                coef = b0((k - i + 8) % 8);
                if (coef[0]) acc = acc ^ v1[k];
                if (coef[1]) acc = acc ^ v2[k];
                if (coef[2]) acc = acc ^ v4[k];
            end
            c[63 - 8*i -: 8] = acc;
        end
    end

endmodule
