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

    // The S-box in algebraic normal form, one XOR of AND terms per output bit, so that
    // each output bit maps to one LUT4. (As a case statement or a truth-table
    // constant indexed by the input, Yosys builds a multiplexer tree: 4 LUT4s and two
    // wide multiplexers per output bit.)
    function [3:0] sbox;
        input [3:0] v;
        begin
            sbox[0] = 1'b1 ^ v[0] ^ v[1] ^ (v[1] & v[2]) ^ (v[0] & v[3]) ^ (v[1] & v[3])
                      ^ (v[0] & v[1] & v[3]) ^ (v[0] & v[2] & v[3]);
            sbox[1] = v[0] ^ (v[0] & v[1]) ^ (v[1] & v[2]) ^ v[3] ^ (v[0] & v[3]) ^ (v[1] & v[3])
                      ^ (v[0] & v[1] & v[3]) ^ (v[0] & v[2] & v[3]);
            sbox[2] = 1'b1 ^ v[1] ^ (v[0] & v[2]) ^ (v[1] & v[2]) ^ (v[0] & v[1] & v[2]) ^ v[3]
                      ^ (v[1] & v[3]) ^ (v[0] & v[1] & v[3]) ^ (v[2] & v[3]);
            sbox[3] = 1'b1 ^ v[1] ^ v[2] ^ (v[0] & v[2]) ^ (v[1] & v[2]) ^ (v[0] & v[1] & v[2])
                      ^ (v[0] & v[3]) ^ (v[1] & v[3]) ^ (v[0] & v[1] & v[3]) ^ (v[2] & v[3]);
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
    (* keep *) wire [255:0] s;
    genvar l;
    generate
        for (l = 0; l < 32; l = l + 1) begin : gen_sub
            assign {s[96 + l], s[64 + l], s[32 + l], s[l]} =
                sbox({x[96 + l], x[64 + l], x[32 + l], x[l]});
            assign {s[128 + l], s[224 + l], s[192 + l], s[160 + l]} =
                sbox({x[128 + l], x[224 + l], x[192 + l], x[160 + l]});
        end
    endgenerate

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
