`timescale 1ps/1ps
// hashbed's zero-delay models of the ECP5 cells that Yosys synth_ecp5 writes, for the
// switching-activity simulation of hashbed.energy (functional: no delays, no timing checks).
// Written from the ECP5 cell descriptions; block RAM: DP16KD in the configurations that
// Yosys's block-RAM mapping uses (no output register, chip selects decoded to 0, widths 1,
// 2, 4, 9 and 18 per port; in the widths below 9 a row's data bits are bits 0..7 and 9..16;
// width 36, the pseudo-dual-port mode: port A writes and port B reads 36-bit words, rows 2w
// and 2w + 1, on the data pins of both ports, A the low half).

module LUT4 #(parameter [15:0] INIT = 16'h0000) (input A, B, C, D, output Z);
    assign Z = INIT[{D, C, B, A}];
endmodule

module PFUMX (input ALUT, BLUT, C0, output Z);
    assign Z = C0 ? ALUT : BLUT;
endmodule

module L6MUX21 (input D0, D1, SD, output Z);
    assign Z = SD ? D1 : D0;
endmodule

// Two LUT4s with a carry chain: S = LUT4 ^ carry in; the carry out propagates the carry in
// where the LUT4 is 1 and generates the LUT2 part (INIT[3:0] of A, B) where it is 0.
module CCU2C #(
    parameter [15:0] INIT0 = 16'h0000,
    parameter [15:0] INIT1 = 16'h0000,
    parameter INJECT1_0 = "YES",
    parameter INJECT1_1 = "YES"
) (input CIN, A0, B0, C0, D0, A1, B1, C1, D1, output S0, S1, COUT);
    wire f0 = INIT0[{D0, C0, B0, A0}], g0 = INIT0[{B0, A0}];
    wire f1 = INIT1[{D1, C1, B1, A1}], g1 = INIT1[{B1, A1}];
    wire inject0 = INJECT1_0 == "YES", inject1 = INJECT1_1 == "YES";
    wire carry0 = (f0 & CIN) | (~f0 & ~inject0 & g0);
    assign S0 = f0 ^ (~inject0 & CIN);
    assign S1 = f1 ^ (~inject1 & carry0);
    assign COUT = (f1 & carry0) | (~f1 & ~inject1 & g1);
endmodule

module TRELLIS_FF #(
    parameter GSR = "ENABLED",
    parameter [127:0] CEMUX = "1",
    parameter CLKMUX = "CLK",
    parameter LSRMUX = "LSR",
    parameter SRMODE = "LSR_OVER_CE",
    parameter REGSET = "RESET",
    parameter [127:0] LSRMODE = "LSR"
) (input CLK, LSR, CE, DI, M, output reg Q);
    wire ce = CEMUX == "1" ? 1'b1 : CEMUX == "0" ? 1'b0 : CEMUX == "INV" ? ~CE : CE;
    wire lsr = LSRMUX == "INV" ? ~LSR : LSR;
    wire clk = CLKMUX == "INV" ? ~CLK : CLK;
    wire value = LSRMODE == "PRLD" ? M : REGSET == "SET";
    initial Q = REGSET == "SET";
    generate
        if (SRMODE == "ASYNC") begin : gen_async
            always @(posedge clk or posedge lsr)
                if (lsr) Q <= value;
                else if (ce) Q <= DI;
        end else begin : gen_sync
            always @(posedge clk)
                if (lsr) Q <= value;
                else if (ce) Q <= DI;
        end
    endgenerate
endmodule

// Distributed RAM: 16 words of 4 bits, written on the clock, read asynchronously.
module TRELLIS_DPR16X4 #(
    parameter WCKMUX = "WCK",
    parameter WREMUX = "WRE",
    parameter [63:0] INITVAL = 64'h0
) (input [3:0] DI, input [3:0] WAD, input WRE, input WCK, input [3:0] RAD, output [3:0] DO);
    reg [3:0] mem [0:15];
    integer i;
    initial for (i = 0; i < 16; i = i + 1) mem[i] = INITVAL[4 * i +: 4];
    wire wck = WCKMUX == "INV" ? ~WCK : WCK;
    wire wre = WREMUX == "1" ? 1'b1 : WREMUX == "0" ? 1'b0 : WREMUX == "INV" ? ~WRE : WRE;
    always @(posedge wck) if (wre) mem[WAD] <= DI;
    assign DO = mem[RAD];
endmodule

// Block RAM: 1024 rows of 18 bits; a registered read (one cycle) on each port; write modes
// NORMAL (the output keeps its value on a write), WRITETHROUGH and READBEFOREWRITE.
module DP16KD #(
    parameter DATA_WIDTH_A = 18, parameter DATA_WIDTH_B = 18,
    parameter REGMODE_A = "NOREG", parameter REGMODE_B = "NOREG",
    parameter RESETMODE = "SYNC", parameter ASYNC_RESET_RELEASE = "SYNC",
    parameter CSDECODE_A = "0b000", parameter CSDECODE_B = "0b000",
    parameter WRITEMODE_A = "NORMAL", parameter WRITEMODE_B = "NORMAL",
    parameter CLKAMUX = "CLKA", parameter CLKBMUX = "CLKB", parameter GSR = "ENABLED",
    parameter [319:0] INITVAL_00 = 0, INITVAL_01 = 0, INITVAL_02 = 0, INITVAL_03 = 0, INITVAL_04 = 0,
    INITVAL_05 = 0, INITVAL_06 = 0, INITVAL_07 = 0, INITVAL_08 = 0, INITVAL_09 = 0, INITVAL_0A = 0,
    INITVAL_0B = 0, INITVAL_0C = 0, INITVAL_0D = 0, INITVAL_0E = 0, INITVAL_0F = 0, INITVAL_10 = 0,
    INITVAL_11 = 0, INITVAL_12 = 0, INITVAL_13 = 0, INITVAL_14 = 0, INITVAL_15 = 0, INITVAL_16 = 0,
    INITVAL_17 = 0, INITVAL_18 = 0, INITVAL_19 = 0, INITVAL_1A = 0, INITVAL_1B = 0, INITVAL_1C = 0,
    INITVAL_1D = 0, INITVAL_1E = 0, INITVAL_1F = 0, INITVAL_20 = 0, INITVAL_21 = 0, INITVAL_22 = 0,
    INITVAL_23 = 0, INITVAL_24 = 0, INITVAL_25 = 0, INITVAL_26 = 0, INITVAL_27 = 0, INITVAL_28 = 0,
    INITVAL_29 = 0, INITVAL_2A = 0, INITVAL_2B = 0, INITVAL_2C = 0, INITVAL_2D = 0, INITVAL_2E = 0,
    INITVAL_2F = 0, INITVAL_30 = 0, INITVAL_31 = 0, INITVAL_32 = 0, INITVAL_33 = 0, INITVAL_34 = 0,
    INITVAL_35 = 0, INITVAL_36 = 0, INITVAL_37 = 0, INITVAL_38 = 0, INITVAL_39 = 0, INITVAL_3A = 0,
    INITVAL_3B = 0, INITVAL_3C = 0, INITVAL_3D = 0, INITVAL_3E = 0, INITVAL_3F = 0
) (
    input DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4,
          DIA3, DIA2, DIA1, DIA0,
    input ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
    input CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
    output DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5,
           DOA4, DOA3, DOA2, DOA1, DOA0,
    input DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4,
          DIB3, DIB2, DIB1, DIB0,
    input ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
    input CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
    output DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5,
           DOB4, DOB3, DOB2, DOB1, DOB0
);
    reg [17:0] rows [0:1023];
    reg [17:0] doa = 18'd0, dob = 18'd0;
    wire [20479:0] init = {INITVAL_3F, INITVAL_3E, INITVAL_3D, INITVAL_3C, INITVAL_3B, INITVAL_3A,
        INITVAL_39, INITVAL_38, INITVAL_37, INITVAL_36, INITVAL_35, INITVAL_34, INITVAL_33, INITVAL_32,
        INITVAL_31, INITVAL_30, INITVAL_2F, INITVAL_2E, INITVAL_2D, INITVAL_2C, INITVAL_2B, INITVAL_2A,
        INITVAL_29, INITVAL_28, INITVAL_27, INITVAL_26, INITVAL_25, INITVAL_24, INITVAL_23, INITVAL_22,
        INITVAL_21, INITVAL_20, INITVAL_1F, INITVAL_1E, INITVAL_1D, INITVAL_1C, INITVAL_1B, INITVAL_1A,
        INITVAL_19, INITVAL_18, INITVAL_17, INITVAL_16, INITVAL_15, INITVAL_14, INITVAL_13, INITVAL_12,
        INITVAL_11, INITVAL_10, INITVAL_0F, INITVAL_0E, INITVAL_0D, INITVAL_0C, INITVAL_0B, INITVAL_0A,
        INITVAL_09, INITVAL_08, INITVAL_07, INITVAL_06, INITVAL_05, INITVAL_04, INITVAL_03, INITVAL_02,
        INITVAL_01, INITVAL_00};
    integer r;
    // an INITVAL holds 16 rows of 20 bits, each row's 18 bits at the bottom
    initial for (r = 0; r < 1024; r = r + 1) rows[r] = init[20 * r +: 18];

    wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
    wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};
    wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6,
                       DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6,
                       DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4,
            DOA3, DOA2, DOA1, DOA0} = doa;
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4,
            DOB3, DOB2, DOB1, DOB0} = dob;

    // Bit b of the word at address ad in width w: its row and column in the 18-bit rows.
    // (widths 1, 2 and 4 address with ad[13:0], ad[13:1] and ad[13:2])
    function integer narrow_word(input integer width, input [13:0] ad);
        narrow_word = width == 4 ? ad[13:2] : width == 2 ? ad[13:1] : ad;
    endfunction
    function integer row_of(input integer width, input [13:0] ad);
        row_of = width >= 9 ? ad[13:4] : narrow_word(width, ad) * width / 16;
    endfunction
    function integer column_of(input integer width, input [13:0] ad, input integer b);
        integer bit16;
        begin
            if (width == 18) column_of = b;
            else if (width == 9) column_of = 9 * ad[3] + b;
            else begin
                bit16 = narrow_word(width, ad) * width % 16 + b;  // data bit 0..15, parity skipped
                column_of = bit16 < 8 ? bit16 : bit16 + 1;
            end
        end
    endfunction

    function [17:0] read_word(input integer width, input [13:0] ad);
        integer b;
        begin
            read_word = 18'd0;
            for (b = 0; b < width; b = b + 1) read_word[b] = rows[row_of(width, ad)][column_of(width, ad, b)];
        end
    endfunction

    task write_word(input integer width, input [13:0] ad, input [17:0] data);
        integer b;
        begin
            for (b = 0; b < width; b = b + 1)
                if (width != 18 || (b < 9 ? ad[0] : ad[1]))  // width 18: byte enables on ADx0, ADx1
                    rows[row_of(width, ad)][column_of(width, ad, b)] = data[b];
        end
    endtask

    // Width 36: word ad[13:5] in rows 2w (low half) and 2w + 1, quarters enabled by ad[3:0].
    task write_wide(input [13:0] ad, input [35:0] data);
        integer q;
        for (q = 0; q < 4; q = q + 1)
            if (ad[q]) rows[2 * ad[13:5] + q / 2][9 * (q % 2) +: 9] = data[9 * q +: 9];
    endtask

    wire clka = CLKAMUX == "INV" ? ~CLKA : CLKA;
    wire clkb = CLKBMUX == "INV" ? ~CLKB : CLKB;
    always @(posedge clka) begin
        if (DATA_WIDTH_A == 36) begin  // the write port of the pseudo-dual-port mode
            if (CEA && WEA) write_wide(ada, {dib, dia});
        end else begin
            if (RSTA) doa <= 18'd0;
            else if (CEA) begin
                if (!WEA || WRITEMODE_A == "READBEFOREWRITE") doa <= read_word(DATA_WIDTH_A, ada);
                else if (WRITEMODE_A == "WRITETHROUGH") doa <= dia & ((18'd1 << DATA_WIDTH_A) - 1);
            end
            if (CEA && WEA) write_word(DATA_WIDTH_A, ada, dia);
        end
    end
    always @(posedge clkb) begin
        if (DATA_WIDTH_B == 36) begin  // the read port of the pseudo-dual-port mode
            if (RSTB) {dob, doa} <= 36'd0;
            else if (CEB) {dob, doa} <= {rows[2 * adb[13:5] + 1], rows[2 * adb[13:5]]};
        end else begin
            if (RSTB) dob <= 18'd0;
            else if (CEB) begin
                if (!WEB || WRITEMODE_B == "READBEFOREWRITE") dob <= read_word(DATA_WIDTH_B, adb);
                else if (WRITEMODE_B == "WRITETHROUGH") dob <= dib & ((18'd1 << DATA_WIDTH_B) - 1);
            end
            if (CEB && WEB) write_word(DATA_WIDTH_B, adb, dib);
        end
    end
endmodule
