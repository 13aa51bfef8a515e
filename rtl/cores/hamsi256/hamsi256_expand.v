`default_nettype none
// hamsi256_expand: the Hamsi-256 message expansion, combinational.
//
// The 32-bit block M expands to the eight words m0..m7 (m0 in the top bits of m) as the
// XOR of the generator rows of the set bits of M. The code is linear over GF(4): the bits
// 2j and 2j+1 of M form one symbol, and each output bit takes from a symbol either bit
// 2j, bit 2j+1, their XOR or nothing. The 16 symbol XORs are shared by all outputs, so an
// output bit is an XOR of at most 16 terms (8 to 15, 5 LUT4s at most).
module hamsi256_expand (
    input  wire [31:0]  m,      // the message block, big-endian word
    output wire [255:0] e       // m0..m7, m0 in bits 255:224
);

    // ROWS[256*b +: 256]: the generator row of bit b of M (bit 0 = least significant).
    localparam [8191:0] ROWS = {
        256'h045f0000_9c4a93c9_62fc79d0_731ebdc2_e0278000_19dce008_d7075d82_5ad2e31d,  // bit 31
        256'he4788000_859673c1_b5fb2452_29cc5edf_045f0000_9c4a93c9_62fc79d0_731ebdc2,  // bit 30
        256'he6570000_4bb33a25_848598ba_1041003e_f44c4000_10a4e3cd_097f5711_de77cc4c,  // bit 29
        256'h121b4000_5b17d9e8_8dfacfab_ce36cc72_e6570000_4bb33a25_848598ba_1041003e,  // bit 28
        256'h97530000_204f6ed3_77b9e80f_a1ec5ec1_7e792000_9418e22f_6643d258_9c255be5,  // bit 27
        256'he92a2000_b4578cfc_11fa3a57_3dc90524_97530000_204f6ed3_77b9e80f_a1ec5ec1,  // bit 26
        256'hcba90000_90273769_bbdcf407_d0f4af61_bf3c1000_ca0c7117_3321e92c_ce122df3,  // bit 25
        256'h74951000_5a2b467e_88fd1d2b_1ee68292_cba90000_90273769_bbdcf407_d0f4af61,  // bit 24
        256'he18b0000_5459887d_bf1283d3_1b666a73_3fb90800_7cdad883_ce97a914_bdd9f5e5,  // bit 23
        256'hde320800_288350fe_71852ac7_a6bf9f96_e18b0000_5459887d_bf1283d3_1b666a73,  // bit 22
        256'h14bd0000_2fba37ff_6a72e5bb_247febe6_9b830400_2227ff88_05b7ad5a_adf2c730,  // bit 21
        256'h8f3e0400_0d9dc877_6fc548e1_898d2cd6_14bd0000_2fba37ff_6a72e5bb_247febe6,  // bit 20
        256'hee260000_124b683e_80c2d68f_3bf3ab2c_499e0200_0d59ec0d_e0272f7d_a5e7de5a,  // bit 19
        256'ha7b80200_1f128433_60e5f9f2_9e147576_ee260000_124b683e_80c2d68f_3bf3ab2c,  // bit 18
        256'h734c0000_956fa7d6_a29d1297_6ee56854_c4e80100_1f70960e_2714ca3c_88210c30,  // bit 17
        256'hb7a40100_8a1f31d8_8589d8ab_e6c46464_734c0000_956fa7d6_a29d1297_6ee56854,  // bit 16
        256'h39a60000_4ab753eb_d14e094b_b772b42b_62740080_0fb84b07_138a651e_44100618,  // bit 15
        256'h5bd20080_450f18ec_c2c46c55_f362b233_39a60000_4ab753eb_d14e094b_b772b42b,  // bit 14
        256'h78ab0000_a0cd5a34_5d5ca0f7_727784cb_35650040_9b96b64a_6b39cb5f_5114bece,  // bit 13
        256'h4dce0040_3b5bec7e_36656ba8_23633a05_78ab0000_a0cd5a34_5d5ca0f7_727784cb,  // bit 12
        256'h5c720000_c9bacd12_79a90df9_63e92178_feca0020_485d28e4_806741fd_814681b8,  // bit 11
        256'ha2b80020_81e7e5f6_f9ce4c04_e2afa0c0_5c720000_c9bacd12_79a90df9_63e92178,  // bit 10
        256'h2e390000_64dd6689_3cd406fc_b1f490bc_7f650010_242e1472_c03320fe_c0a3c0dd,  // bit 9
        256'h515c0010_40f372fb_fce72602_71575061_2e390000_64dd6689_3cd406fc_b1f490bc,  // bit 8
        256'h171c0000_b26e3344_9e6a837e_58f8485f_bfb20008_92170a39_6019107f_e051606e,  // bit 7
        256'ha8ae0008_2079397d_fe739301_b8a92831_171c0000_b26e3344_9e6a837e_58f8485f,  // bit 6
        256'h6ba90000_40ebf9aa_98321c3d_76acc733_bba10004_cc9d76dd_05f7ac6d_d9e6eee9,  // bit 5
        256'hd0080004_8c768f77_9dc5b050_af4a29da_6ba90000_40ebf9aa_98321c3d_76acc733,  // bit 4
        256'h51ac0000_25e30f14_79e22a4c_1298bd46_d98f0002_7a04a8a7_e007afe6_9fed4ab7,  // bit 3
        256'h88230002_5fe7a7b3_99e585aa_8d75f7f1_51ac0000_25e30f14_79e22a4c_1298bd46,  // bit 2
        256'hc8f10000_0b2de782_6bf648a4_539cbdbf_08bf0001_38942792_c5f8f3a1_e6387b84,  // bit 1
        256'hc04e0001_33b9c010_ae0ebb05_b5a4c63b_c8f10000_0b2de782_6bf648a4_539cbdbf   // bit 0
    };

    wire [15:0] pair_x;  // the XOR of the two bits of each symbol
    genvar gj, gi;
    generate
        for (gj = 0; gj < 16; gj = gj + 1) begin : gen_pair
            assign pair_x[gj] = m[2*gj] ^ m[2*gj+1];
        end
        for (gi = 0; gi < 256; gi = gi + 1) begin : gen_bit
            wire [15:0] term;
            for (gj = 0; gj < 16; gj = gj + 1) begin : gen_term
                localparam A = ROWS[256*(2*gj) + gi];
                localparam B = ROWS[256*(2*gj+1) + gi];
                if (A && B) begin : gen_both
                    assign term[gj] = pair_x[gj];
                end else if (A) begin : gen_low
                    assign term[gj] = m[2*gj];
                end else if (B) begin : gen_high
                    assign term[gj] = m[2*gj+1];
                end else begin : gen_none
                    assign term[gj] = 1'b0;
                end
            end
            assign e[gi] = ^term;
        end
    endgenerate

endmodule
