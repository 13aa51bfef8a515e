`default_nettype none
// hamsi256_round: the non-linear and linear layers of one Hamsi-256 round, combinational
// (the constants are added outside: the state register holds the state with the next
// round's constants already XORed in).
//
// s holds the state words s0..s15, s0 in bits 511:480. The 4-bit S-box works on every bit
// column (s_i, s_i+4, s_i+8, s_i+12), i = 0..3, s_i the least significant bit of the
// nibble; L then works on the words (s0, s5, s10, s15), (s1, s6, s11, s12),
// (s2, s7, s8, s13) and (s3, s4, s9, s14).
module hamsi256_round (
    input  wire [511:0] s,
    output wire [511:0] y
);

    // Serpent's S2, the Hamsi S-box
    function [3:0] sbox;
        input [3:0] x;
        begin
            case (x)
                4'h0: sbox = 4'h8;  4'h1: sbox = 4'h6;  4'h2: sbox = 4'h7;  4'h3: sbox = 4'h9;
                4'h4: sbox = 4'h3;  4'h5: sbox = 4'hC;  4'h6: sbox = 4'hA;  4'h7: sbox = 4'hF;
                4'h8: sbox = 4'hD;  4'h9: sbox = 4'h1;  4'hA: sbox = 4'hE;  4'hB: sbox = 4'h4;
                4'hC: sbox = 4'h0;  4'hD: sbox = 4'hB;  4'hE: sbox = 4'h5;  default: sbox = 4'h2;
            endcase
        end
    endfunction

    function [31:0] rotl;
        input [31:0] x;
        input integer n;
        begin
            rotl = (x << n) | (x >> (32 - n));
        end
    endfunction

    // L on four words, concatenated {a, b, c, d}
    function [127:0] lin;
        input [31:0] a, b, c, d;
        reg [31:0] a1, b1, c1, d1, a2, c2;
        begin
            a1 = rotl(a, 13);
            c1 = rotl(c, 3);
            b1 = rotl(b ^ a1 ^ c1, 1);
            d1 = rotl(d ^ c1 ^ (a1 << 3), 7);
            a2 = a1 ^ b1 ^ d1;
            c2 = c1 ^ d1 ^ (b1 << 7);
            lin = {rotl(a2, 5), b1, rotl(c2, 22), d1};
        end
    endfunction

    wire [31:0] w [0:15];   // input words
    wire [31:0] t [0:15];   // after the S-box layer
    genvar gi, gb;
    generate
        for (gi = 0; gi < 16; gi = gi + 1) begin : gen_word
            assign w[gi] = s[511 - 32*gi -: 32];
        end
        for (gi = 0; gi < 4; gi = gi + 1) begin : gen_col
            for (gb = 0; gb < 32; gb = gb + 1) begin : gen_bit
                wire [3:0] o = sbox({w[gi+12][gb], w[gi+8][gb], w[gi+4][gb], w[gi][gb]});
                assign t[gi][gb] = o[0];
                assign t[gi+4][gb] = o[1];
                assign t[gi+8][gb] = o[2];
                assign t[gi+12][gb] = o[3];
            end
        end
    endgenerate

    wire [127:0] l0 = lin(t[0], t[5], t[10], t[15]);
    wire [127:0] l1 = lin(t[1], t[6], t[11], t[12]);
    wire [127:0] l2 = lin(t[2], t[7], t[8], t[13]);
    wire [127:0] l3 = lin(t[3], t[4], t[9], t[14]);

    // s0 .. s15 after L
    assign y = {l0[127:96], l1[127:96], l2[127:96], l3[127:96],   // s0 s1 s2 s3
                l3[95:64], l0[95:64], l1[95:64], l2[95:64],       // s4 s5 s6 s7
                l2[63:32], l3[63:32], l0[63:32], l1[63:32],       // s8 s9 s10 s11
                l1[31:0], l2[31:0], l3[31:0], l0[31:0]};          // s12 s13 s14 s15

endmodule
