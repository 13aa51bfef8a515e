`default_nettype none
// ascon_round: one round of the Ascon permutation (NIST SP 800-232), combinational: the round
// constant into S2, the 5-bit S-box on each of the 64 bit columns (bit j of S0..S4, S0 its
// most significant input) in the standard's bitsliced form, and the linear layer (each word
// XORed with two right rotations of itself).
module ascon_round (
    // The state: S0 in bits 63..0, S1 in 127..64, ..., S4 in 319..256.
    input  wire [319:0] s_in,
    // The round constant.
    input  wire [7:0]   rc,
    output wire [319:0] s_out
);

    wire [63:0] a0 = s_in[63:0];
    wire [63:0] a1 = s_in[127:64];
    wire [63:0] a2 = s_in[191:128] ^ {56'd0, rc};
    wire [63:0] a3 = s_in[255:192];
    wire [63:0] a4 = s_in[319:256];

    // substitution layer
    wire [63:0] b0 = a0 ^ a4;
    wire [63:0] b4 = a4 ^ a3;
    wire [63:0] b2 = a2 ^ a1;
    wire [63:0] c0 = b0 ^ (~a1 & b2);
    wire [63:0] c1 = a1 ^ (~b2 & a3);
    wire [63:0] c2 = b2 ^ (~a3 & b4);
    wire [63:0] c3 = a3 ^ (~b4 & b0);
    wire [63:0] c4 = b4 ^ (~b0 & a1);
    wire [63:0] d1 = c1 ^ c0;
    wire [63:0] d0 = c0 ^ c4;
    wire [63:0] d3 = c3 ^ c2;
    wire [63:0] d2 = ~c2;

    // linear layer
    assign s_out[63:0]    = d0 ^ {d0[18:0], d0[63:19]} ^ {d0[27:0], d0[63:28]};
    assign s_out[127:64]  = d1 ^ {d1[60:0], d1[63:61]} ^ {d1[38:0], d1[63:39]};
    assign s_out[191:128] = d2 ^ {d2[0],    d2[63:1]}  ^ {d2[5:0],  d2[63:6]};
    assign s_out[255:192] = d3 ^ {d3[9:0],  d3[63:10]} ^ {d3[16:0], d3[63:17]};
    assign s_out[319:256] = c4 ^ {c4[6:0],  c4[63:7]}  ^ {c4[40:0], c4[63:41]};

endmodule
