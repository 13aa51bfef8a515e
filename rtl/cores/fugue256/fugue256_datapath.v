`default_nettype none
// fugue256_datapath: the 30-column Fugue-256 state, one SMIX step per clock.
//
// The state is kept in two frames (see fugue256_core for the derivation): physical column
// p holds logical column p, except before a G2b step, where it holds logical p - 11. In
// these frames every step moves each column by one of only two physical shifts:
//   ROR3 (new[p] = old[p-3]): the steps of R (TIX + ROR3/CMIX/SMIX, and ROR3/CMIX/SMIX),
//                             the 10 steps of G1 and the G2b steps (S4,S16 ^= S0; ROR14; SMIX)
//   ROL4 (new[p] = old[p+4]): the G2a steps (S4,S15 ^= S0; ROR15; SMIX)
// so a column has a 2:1 multiplexer in front of it (a few have a third source or an XOR).
// SMIX reads old 27,28,29,0 (R, G1, G2b) or 15..18 (G2a) and writes 0..3 or 11..14.
//
//   mode        SMIX input                              other XORed columns
//   R, tix=1    27^1^24, 28^2, 29^3, din                new4 = 1^24, new11 = 8^din,
//                                                       new13 = 10^0, new15 = 12^1^24,
//                                                       new16 = 13^2, new17 = 14^3
//   R, tix=0    27^1, 28^2, 29^3, 0                     new15 = 12^1, new16, new17 as above
//   G2a         15^0, 16, 17, 18     -> new 11..14      new0 = 4^0
//   G2b         27^11, 28, 29, 0                        new18 = 15^11
// The digest (after the last G2b step and S4,S15 ^= S0) is 1, 2, 3, 4^0, 15^0, 16, 17, 18.
module fugue256_datapath (
    input  wire        clk,
    input  wire [31:0] din,
    input  wire        iv_load,  // load the initial state (synchronous set/reset)
    input  wire        step_en,  // one step in this clock
    input  wire        tix,      // R step that takes din (TIX first)
    input  wire        g2a,      // G2a step
    input  wire        g2b,      // G2b step
    input  wire [2:0]  out_sel,  // digest word on dout
    output reg  [31:0] dout
);

    // Initial state: S0..S21 = 0, S22..S29 = the Fugue-256 IV (column p at [32p +: 32])
    localparam [255:0] IV = {
        32'h34f8c248, 32'h9149e899, 32'hfbf929de, 32'hf96c621d,
        32'hd2b0b594, 32'he0d4f668, 32'h6671135f, 32'he952bdde
    };

    reg  [959:0] s_q, s_d;
    wire [959:0] s_n;           // state after the step of this clock
    wire [31:0]  o [0:29];      // columns of s_q
    wire [31:0]  sm_in0, sm_in1, sm_in2, sm_in3;
    wire [31:0]  sm0, sm1, sm2, sm3;

    genvar p;
    generate
        for (p = 0; p < 30; p = p + 1) begin : gen_col
            assign o[p] = s_q[32*p +: 32];
        end
    endgenerate

    // ---------------------------------------------------------------- SMIX
    assign sm_in0 = g2a ? o[15] ^ o[0] : o[27] ^ (g2b ? o[11] : o[1] ^ (tix ? o[24] : 32'd0));
    assign sm_in1 = g2a ? o[16] : o[28] ^ (g2b ? 32'd0 : o[2]);
    assign sm_in2 = g2a ? o[17] : o[29] ^ (g2b ? 32'd0 : o[3]);
    assign sm_in3 = g2a ? o[18] : (tix ? din : o[0]);

    fugue_smix u_smix (
        .in0(sm_in0), .in1(sm_in1), .in2(sm_in2), .in3(sm_in3),
        .out0(sm0), .out1(sm1), .out2(sm2), .out3(sm3)
    );

    // ---------------------------------------------------------------- next state
    assign s_n[32*0 +: 32]  = g2a ? o[4] ^ o[0] : sm0;
    assign s_n[32*1 +: 32]  = g2a ? o[5] : sm1;
    assign s_n[32*2 +: 32]  = g2a ? o[6] : sm2;
    assign s_n[32*3 +: 32]  = g2a ? o[7] : sm3;
    assign s_n[32*4 +: 32]  = g2a ? o[8] : o[1] ^ (tix ? o[24] : 32'd0);
    assign s_n[32*11 +: 32] = g2a ? sm0 : o[8] ^ (tix ? din : 32'd0);
    assign s_n[32*12 +: 32] = g2a ? sm1 : o[9];
    assign s_n[32*13 +: 32] = g2a ? sm2 : o[10] ^ (tix ? o[0] : 32'd0);
    assign s_n[32*14 +: 32] = g2a ? sm3 : o[11];
    assign s_n[32*15 +: 32] = g2a ? o[19] : o[12] ^ (g2b ? 32'd0 : o[1] ^ (tix ? o[24] : 32'd0));
    assign s_n[32*16 +: 32] = g2a ? o[20] : o[13] ^ (g2b ? 32'd0 : o[2]);
    assign s_n[32*17 +: 32] = g2a ? o[21] : o[14] ^ (g2b ? 32'd0 : o[3]);
    assign s_n[32*18 +: 32] = g2a ? o[22] : o[15] ^ (g2b ? o[11] : 32'd0);
    generate
        for (p = 5; p < 30; p = p + 1) begin : gen_shift
            if (p <= 10 || p >= 19) begin : gen_plain
                assign s_n[32*p +: 32] = g2a ? o[(p+4)%30] : o[p-3];
            end
        end
    endgenerate

    always @* begin
        s_d = s_q;
        if (iv_load) s_d = {IV, 704'd0};
        else if (step_en) s_d = s_n;
    end

    always @(posedge clk) s_q <= s_d;

    // ---------------------------------------------------------------- digest
    always @* begin
        case (out_sel)
            3'd0: dout = o[1];
            3'd1: dout = o[2];
            3'd2: dout = o[3];
            3'd3: dout = o[4] ^ o[0];
            3'd4: dout = o[15] ^ o[0];
            3'd5: dout = o[16];
            3'd6: dout = o[17];
            default: dout = o[18];
        endcase
    end

endmodule
