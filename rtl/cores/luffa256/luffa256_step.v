`default_nettype none
// luffa256_step: one step of a Luffa permutation Q_j on a 256-bit sub-state,
// combinational: SubCrumb, MixWord, AddConstant.
//
// Word w of the sub-state is x[32*w +: 32] (word 0 in the low bits). SubCrumb puts bit
// l of words (0, 1, 2, 3) and of words (5, 6, 7, 4) through the 4-bit S-box, the first
// word of each group being the S-box's least significant input and output bit.
// MixWord mixes the word pairs (k, k + 4), k = 0..3; AddConstant XORs c0 into word 0
// and c4 into word 4.
module luffa256_step (
    input  wire [255:0] x,
    input  wire [31:0]  c0,
    input  wire [31:0]  c4,
    output wire [255:0] y
); /* verilator no_inline_module */

    function [3:0] sbox;
        input [3:0] v;
        begin
            case (v)
                4'h0: sbox = 4'd13;
                4'h1: sbox = 4'd14;
                4'h2: sbox = 4'd0;
                4'h3: sbox = 4'd1;
                4'h4: sbox = 4'd5;
                4'h5: sbox = 4'd10;
                4'h6: sbox = 4'd7;
                4'h7: sbox = 4'd6;
                4'h8: sbox = 4'd11;
                4'h9: sbox = 4'd3;
                4'hA: sbox = 4'd9;
                4'hB: sbox = 4'd12;
                4'hC: sbox = 4'd15;
                4'hD: sbox = 4'd8;
                4'hE: sbox = 4'd2;
                default: sbox = 4'd4;
            endcase
        end
    endfunction

    function [31:0] rotl;
        input [31:0] v;
        input integer n;
        begin
            rotl = (v << n) | (v >> (32 - n));
        end
    endfunction

    // SubCrumb
    reg [255:0] s;
    reg [3:0]   lo, hi;
    integer l;
    always @* begin
        for (l = 0; l < 32; l = l + 1) begin
            lo = sbox({x[96 + l], x[64 + l], x[32 + l], x[l]});
            hi = sbox({x[128 + l], x[224 + l], x[192 + l], x[160 + l]});
            s[l] = lo[0];
            s[32 + l] = lo[1];
            s[64 + l] = lo[2];
            s[96 + l] = lo[3];
            s[160 + l] = hi[0];
            s[192 + l] = hi[1];
            s[224 + l] = hi[2];
            s[128 + l] = hi[3];
        end
    end

    // MixWord and AddConstant
    genvar k;
    generate
        for (k = 0; k < 4; k = k + 1) begin : gen_mix
            wire [31:0] a = s[32*k +: 32];
            wire [31:0] b = s[32*(k + 4) +: 32];
            wire [31:0] b1 = b ^ a;
            wire [31:0] a1 = rotl(a, 2) ^ b1;
            wire [31:0] b2 = rotl(b1, 14) ^ a1;
            wire [31:0] a2 = rotl(a1, 10) ^ b2;
            wire [31:0] b3 = rotl(b2, 1);
            if (k == 0) begin : gen_const
                assign y[31:0] = a2 ^ c0;
                assign y[159:128] = b3 ^ c4;
            end else begin : gen_plain
                assign y[32*k +: 32] = a2;
                assign y[32*(k + 4) +: 32] = b3;
            end
        end
    endgenerate

endmodule
