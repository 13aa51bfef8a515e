`default_nettype none
// hamsi256_round: one Hamsi-256 round on a state that already holds the round's constants
// (state words XORed with alpha, and the counter in s1): the S-box layer, L, then the next
// round's constants, so that the result is again such a state. Combinational.
//
// s and y hold the words s0..s15, s0 in bits 511:480. The 4-bit S-box works on every bit
// column (s_i, s_i+4, s_i+8, s_i+12), i = 0..3, s_i the least significant bit of the
// nibble; L then works on the words (a, b, c, d) = (s0, s5, s10, s15), (s1, s6, s11, s12),
// (s2, s7, s8, s13) and (s3, s4, s9, s14):
//   a1 = a <<< 13, c1 = c <<< 3, b1 = (b ^ a1 ^ c1) <<< 1, d1 = (d ^ c1 ^ (a1 << 3)) <<< 7,
//   a' = (a1 ^ b1 ^ d1) <<< 5, c' = (c1 ^ d1 ^ (b1 << 7)) <<< 22, b' = b1, d' = d1.
// Written for LUT4s: every S-box output bit is a function of four state bits; b1 and d1
// are each three S-box bits and the final flag (the next constants folded in: bn, dn
// below are b1, d1 XOR their next constants), and a', c' take a1 or c1 and two of those
// nets: a' ^ alpha = a1 ^ bn ^ dn ^ (alpha_a ^ alpha_b ^ alpha_d), again three data bits
// and the final flag; so no XOR is wider than a LUT4 and the constants cost no extra
// level. (Kept nets, (* keep *), at these points gave more LUT4s after flattening.)
module hamsi256_round (
    input  wire [511:0] s,
    input  wire         final_next,  // the next round is one of Pf (its constants)
    input  wire [2:0]   ctr_next,    // the next round's counter (XORed into s1)
    output wire [511:0] y
);

    // Serpent's S2 as one truth table per output bit, indexed by the nibble
    localparam [15:0] SB0 = 16'h639c, SB1 = 16'ha4d6, SB2 = 16'h4da6, SB3 = 16'h25e9;
    // Round constants of P and Pf, words s0..s15
    localparam [511:0] ALPHA_P = {
        32'hff00f0f0, 32'hccccaaaa, 32'hf0f0cccc, 32'hff00aaaa,
        32'hf0f0cccc, 32'haaaaff00, 32'hccccff00, 32'haaaaf0f0,
        32'hccccaaaa, 32'hff00f0f0, 32'hff00aaaa, 32'hf0f0cccc,
        32'haaaaff00, 32'hf0f0cccc, 32'haaaaf0f0, 32'hccccff00};
    localparam [511:0] ALPHA_F = {
        32'hcaf9639c, 32'h0ff0f9c0, 32'h639c0ff0, 32'hcaf9f9c0,
        32'h639c0ff0, 32'hf9c0caf9, 32'h0ff0caf9, 32'hf9c0639c,
        32'h0ff0f9c0, 32'hcaf9639c, 32'hcaf9f9c0, 32'h639c0ff0,
        32'hf9c0caf9, 32'h639c0ff0, 32'hf9c0639c, 32'h0ff0caf9};

    wire [511:0] alpha = final_next ? ALPHA_F : ALPHA_P;
    wire [31:0] w [0:15];   // input words
    wire [31:0] k [0:15];   // next constants
    wire [31:0] t [0:15];   // after the S-box layer
    genvar gi, gb;
    generate
        for (gi = 0; gi < 16; gi = gi + 1) begin : gen_word
            assign w[gi] = s[511 - 32*gi -: 32];
            if (gi == 1) begin : gen_ctr
                assign k[gi] = alpha[511 - 32*gi -: 32] ^ {29'd0, ctr_next};
            end else begin : gen_alpha
                assign k[gi] = alpha[511 - 32*gi -: 32];
            end
        end
        for (gi = 0; gi < 4; gi = gi + 1) begin : gen_col
            for (gb = 0; gb < 32; gb = gb + 1) begin : gen_bit
                wire [3:0] x = {w[gi+12][gb], w[gi+8][gb], w[gi+4][gb], w[gi][gb]};
                wire o0 = SB0[x];
                wire o1 = SB1[x];
                wire o2 = SB2[x];
                wire o3 = SB3[x];
                assign t[gi][gb] = o0;
                assign t[gi+4][gb] = o1;
                assign t[gi+8][gb] = o2;
                assign t[gi+12][gb] = o3;
            end
        end
    endgenerate

    function [31:0] rotl;
        input [31:0] v;
        input integer n;
        begin
            rotl = (v << n) | (v >> (32 - n));
        end
    endfunction

    // L on group g: words (ia, ib, ic, id) of t; the results, with the next constants,
    // go to the same words of y.
    wire [31:0] yw [0:15];
    generate
        for (gi = 0; gi < 4; gi = gi + 1) begin : gen_lin
            localparam IA = gi, IB = (gi + 1) % 4 + 4, IC = (gi + 2) % 4 + 8, ID = (gi + 3) % 4 + 12;
            wire [31:0] a1 = rotl(t[IA], 13);
            wire [31:0] c1 = rotl(t[IC], 3);
            wire [31:0] bn = rotl(t[IB] ^ a1 ^ c1, 1) ^ k[IB];
            wire [31:0] dn = rotl(t[ID] ^ c1 ^ (a1 << 3), 7) ^ k[ID];
            // b1 = bn ^ k[IB], d1 = dn ^ k[ID]
            wire [31:0] a2 = a1 ^ bn ^ dn ^ k[IB] ^ k[ID];
            wire [31:0] c2 = c1 ^ dn ^ k[ID] ^ ((bn ^ k[IB]) << 7);
            assign yw[IA] = rotl(a2, 5) ^ k[IA];
            assign yw[IB] = bn;
            assign yw[IC] = rotl(c2, 22) ^ k[IC];
            assign yw[ID] = dn;
        end
        for (gi = 0; gi < 16; gi = gi + 1) begin : gen_out
            assign y[511 - 32*gi -: 32] = yw[gi];
        end
    endgenerate

endmodule
