`default_nettype none
// ascon_linear: the linear layer of the Ascon permutation (NIST SP 800-232), combinational: each
// 64-bit word XORed with two right rotations of itself (S0: 19, 28; S1: 61, 39; S2: 1, 6;
// S3: 10, 17; S4: 7, 41). Shared by the basic and the lightweight Ascon cores.
module ascon_linear (
    // The state: S0 in bits 63..0, S1 in 127..64, ..., S4 in 319..256.
    input  wire [319:0] s_in,
    output wire [319:0] s_out
);

    wire [63:0] a0 = s_in[63:0];
    wire [63:0] a1 = s_in[127:64];
    wire [63:0] a2 = s_in[191:128];
    wire [63:0] a3 = s_in[255:192];
    wire [63:0] a4 = s_in[319:256];

    assign s_out[63:0]    = a0 ^ {a0[18:0], a0[63:19]} ^ {a0[27:0], a0[63:28]};
    assign s_out[127:64]  = a1 ^ {a1[60:0], a1[63:61]} ^ {a1[38:0], a1[63:39]};
    assign s_out[191:128] = a2 ^ {a2[0],    a2[63:1]}  ^ {a2[5:0],  a2[63:6]};
    assign s_out[255:192] = a3 ^ {a3[9:0],  a3[63:10]} ^ {a3[16:0], a3[63:17]};
    assign s_out[319:256] = a4 ^ {a4[6:0],  a4[63:7]}  ^ {a4[40:0], a4[63:41]};

endmodule
