`default_nettype none
// ascon_round: one round of the Ascon permutation (NIST SP 800-232), combinational: the round
// constant into S2, the S-box on all 64 bit columns (rtl/lib/ascon_sbox.v) and the linear layer
// (rtl/lib/ascon_linear.v).
module ascon_round (
    // The state: S0 in bits 63..0, S1 in 127..64, ..., S4 in 319..256.
    input  wire [319:0] s_in,
    // The round constant.
    input  wire [7:0]   rc,
    output wire [319:0] s_out
);

    wire [319:0] subst;

    ascon_sbox #(.COLS(64)) u_sbox (
        .x0(s_in[63:0]),
        .x1(s_in[127:64]),
        .x2(s_in[191:128] ^ {56'd0, rc}),
        .x3(s_in[255:192]),
        .x4(s_in[319:256]),
        .y0(subst[63:0]),
        .y1(subst[127:64]),
        .y2(subst[191:128]),
        .y3(subst[255:192]),
        .y4(subst[319:256])
    );

    ascon_linear #(.COLS(64)) u_linear (
        .s_in(subst),
        .en(1'b1),
        .s_out(s_out)
    );

endmodule
