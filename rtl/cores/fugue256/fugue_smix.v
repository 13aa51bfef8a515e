`default_nettype none
// fugue_smix: SMIX of Fugue (Fugue 2.0 specification), combinational.
//
// The four columns in0..in3 form a 4x4 byte matrix (column j = in_j, row r = byte r of a
// column, byte 0 in the top bits). SMIX applies the AES S-box to every byte (U), then
// Super-Mix in GF(2^8) (AES polynomial) with the circulant M of rows (1 4 7 1):
//   V[r][c] = sum_k M[r][k] * U[k][c]  +  M[c][r] * D[r],  D[r] = sum_{j != r} U[r][j]
// and row r of V rotated left by r columns: out column (c - r) mod 4, byte r = V[r][c].
// Every output bit is an XOR of S-box output bits (multiplications by 1, 4 and 7 only).
module fugue_smix (
    input  wire [31:0] in0,
    input  wire [31:0] in1,
    input  wire [31:0] in2,
    input  wire [31:0] in3,
    output wire [31:0] out0,
    output wire [31:0] out1,
    output wire [31:0] out2,
    output wire [31:0] out3
);

    // times x modulo x^8 + x^4 + x^3 + x + 1
    function [7:0] xt(input [7:0] x);
        xt = {x[6:0], 1'b0} ^ (x[7] ? 8'h1b : 8'h00);
    endfunction

    // coef * x for coef in {1, 4, 7}
    function [7:0] gmul(input integer coef, input [7:0] x);
        case (coef)
            4: gmul = xt(xt(x));
            7: gmul = xt(xt(x)) ^ xt(x) ^ x;
            default: gmul = x;
        endcase
    endfunction

    // M[r][k]: rows (1 4 7 1), (1 1 4 7), (7 1 1 4), (4 7 1 1)
    function integer mcoef(input integer r, input integer k);
        case ((k - r + 4) % 4)
            1: mcoef = 4;
            2: mcoef = 7;
            default: mcoef = 1;
        endcase
    endfunction

    wire [127:0] x = {in0, in1, in2, in3};  // column c at [127-32c -: 32]
    wire [127:0] u;                          // S-box outputs, same layout
    wire [127:0] y;                          // output columns, same layout

    genvar i, r, c;
    generate
        for (i = 0; i < 16; i = i + 1) begin : gen_sbox
            aes_sbox u_sbox (.a(x[8*i +: 8]), .s(u[8*i +: 8]));
        end
        for (r = 0; r < 4; r = r + 1) begin : gen_row
            // D[r]: the row's bytes off the diagonal
            wire [7:0] d = u[120-32*((r+1)%4)-8*r +: 8] ^ u[120-32*((r+2)%4)-8*r +: 8]
                         ^ u[120-32*((r+3)%4)-8*r +: 8];
            for (c = 0; c < 4; c = c + 1) begin : gen_col
                assign y[120-32*((c-r+4)%4)-8*r +: 8] =
                      gmul(mcoef(r, 0), u[120-32*c +: 8])
                    ^ gmul(mcoef(r, 1), u[112-32*c +: 8])
                    ^ gmul(mcoef(r, 2), u[104-32*c +: 8])
                    ^ gmul(mcoef(r, 3), u[96-32*c +: 8])
                    ^ gmul(mcoef(c, r), d);
            end
        end
    endgenerate

    assign out0 = y[127:96];
    assign out1 = y[95:64];
    assign out2 = y[63:32];
    assign out3 = y[31:0];

endmodule
