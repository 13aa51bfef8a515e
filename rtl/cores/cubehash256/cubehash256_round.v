`default_nettype none
// cubehash256_round: one CubeHash round on the 1024-bit state, combinational.
//
// Word i of the state (x[i], a little-endian 32-bit word of the specification) is
// x[32*i +: 32]. The ten steps of a round, per index i = 0..15 of a half:
//   1. x[16+i] += x[i]                    s1[i] = x[16+i] + x[i]
//   2-4. rotate 7, swap i <-> i^8, xor:   f4[i] = (x[i^8] <<< 7) ^ s1[i]
//   5-6. swap i <-> i^2, add:             h6[i] = s1[i^2] + f4[i]
//   7-9. rotate 11, swap i <-> i^4, xor:  y[i] = (f4[i^4] <<< 11) ^ h6[i]
//   10. swap i <-> i^1:                   y[16+i] = h6[i^1]
// The rotations and swaps are wiring: a round is two layers of sixteen 32-bit adders
// and two layers of XORs.
module cubehash256_round (
    input  wire [1023:0] x,
    output wire [1023:0] y
);

    function [31:0] rotl(input [31:0] v, input integer n);
        rotl = (v << n) | (v >> (32 - n));
    endfunction

    wire [511:0] s1;  // second half after step 1
    wire [511:0] f4;  // first half after step 4
    wire [511:0] h6;  // second half after step 6 (before the swap of step 10)

    genvar i;
    generate
        for (i = 0; i < 16; i = i + 1) begin : gen_word
            assign s1[32*i +: 32] = x[32*(16 + i) +: 32] + x[32*i +: 32];
            assign f4[32*i +: 32] = rotl(x[32*(i ^ 8) +: 32], 7) ^ s1[32*i +: 32];
            assign h6[32*i +: 32] = s1[32*(i ^ 2) +: 32] + f4[32*i +: 32];
            assign y[32*i +: 32] = rotl(f4[32*(i ^ 4) +: 32], 11) ^ h6[32*i +: 32];
            assign y[32*(16 + i) +: 32] = h6[32*(i ^ 1) +: 32];
        end
    endgenerate

endmodule
