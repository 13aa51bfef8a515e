`timescale 1ps/1ps
`default_nettype none
// Timing models of the ECP5 cells that nextpnr-ecp5 leaves in a routed design, for hashbed's
// post-route simulation (docs/methodology.md). These comments are the specification of the
// models: another simulator of the same timed netlists must implement exactly this.
//
// Delays. Every delay is an integer parameter in picoseconds that hashbed.flow.timing.netlist
// fills in from the SDF file nextpnr writes, from the max value of each (min:typ:max) triple,
// the value nextpnr's static timing uses:
//   D_<in>_<out>  the path from input <in> to output <out>: the SDF IOPATH plus the routing
//                 delay (SDF INTERCONNECT) to <in>;
//   SU_<pin>      the setup time of <pin> to the clock edge that samples it: the setup value of
//                 the SDF SETUPHOLD entry (the hold value is not modelled) plus the routing
//                 delay to <pin>;
//   D_<clock pin> the routing delay to a clock pin.
// A parameter the SDF does not give (its path is unused) keeps its default, 0.
//
// Form. Every use of an input is a delayed copy of it, a transport of the pin's value
// (`assign #(D) copy = pin`): one copy per path to each output, one copy per register input
// (delayed by its SU_ parameter) and one for a clock (delayed by D_<clock pin>). An output is
// then a pure function of the copies, without further delay, and a register samples its
// copies at the edge of its delayed clock, its output following after D_CLK_Q (or the block
// RAM's D_CLK<port>_DO<port>). So a register captures an input change only if it came at
// least its setup time before the clock edge, as in static timing: a path from a register
// meets timing iff launch + clock-to-out + path delays + setup <= the capturing edge.
//
// Logic values. The LUTs are trees of 2:1 multiplexers, as in the silicon, so an unknown input
// that a function does not depend on gives a known output. An open input (no connection in the
// netlist: the simulator sees z) reads as stated per pin below; nextpnr removes constant
// drivers from most pins and folds them into the cell's function or a <pin>MUX parameter.
// Connections to and from the I/O cells are ideal (no delay): in the testbed a core's ports
// meet FIFOs, not pins.
//
// hashbed.flow.timing.netlist refuses (one-line error) a cell type, a parameter value, a
// connected pin or an SDF entry that these models do not implement; the parameter values below
// marked "only" are the ones it lets through.

// ---------------------------------------------------------------------------------------------
// TRELLIS_COMB: one half of a slice's logic (nextpnr splits a SLICE into two TRELLIS_COMB and
// two TRELLIS_FF).
//
// LUT4: lut(T; A, B, C, D) = T[{D, C, B, A}] (A the least significant select bit), computed as
// a multiplexer tree (D selects the upper or lower byte, then C, B, A). Open A, B, C, D read 1
// (nextpnr's bitstream ties unused LUT inputs high; it rewrites INITVAL so that a LOGIC LUT
// does not depend on them, and a CCU2 half may). Open FCI reads 0.
//
// MODE (only these):
//   "LOGIC"  F = lut(INITVAL; A, B, C, D), each input through its own D_<pin>_F copy.
//   "CCU2"   one half of a CCU2C adder. With inject = (CCU2_INJECT1 == "YES"):
//              F   = lut(INITVAL; A, B, C, D) ^ (!inject & FCI)           (copies D_<pin>_F)
//              FCO = lut(INITVAL; A, B, C, D) ? FCI                        (copies D_<pin>_FCO)
//                                             : !inject & INITVAL[{B, A}]  (LUT2: INITVAL[3:0])
//            nextpnr gives the first half (COMB0) the whole slice's carry delay FCI -> FCO and
//            the second half 0, so the carry ripples through the chain with the SDF's delays.
//   "DPRAM"  one bit of a 16x4 distributed RAM: F = lut(R; A, B, C, D) where R is a 16-bit
//            register initialised to INITVAL. At the rising edge of the delayed write clock
//            wck (D_WCK; inverted by WCKMUX "INV"), if the write enable (WRE through SU_WRE;
//            inverted by WREMUX "INV") is 1, R[{wad0, wad2, wad1, wad3}] <= wd, where wadK is
//            WADK through SU_WADK and wd is WD through SU_WD. (nextpnr wires the read address
//            RAD0..3 to D, B, C, A and permutes INITVAL alike, so this writes the bit that a
//            read of the same address returns.) A change of R reaches F at once: nextpnr has
//            no clock-to-output delay from WCK to F, and its static timing no such path.
//   "RAMW_BLOCK"  a placeholder for the half that a RAM's write port (TRELLIS_RAMW) takes; no
//            function, no connections.
//
// OFX, the wide-function multiplexer (MODE "LOGIC" only), selected by WIDE_MUX. WIDE_MUX is not
// a nextpnr parameter: hashbed.flow.timing.netlist sets it from the cell's connections:
//   "NONE"     (default; F1, FXA, FXB, M and OFX are all open) OFX = x.
//   "PFUMX"    (F1 connected; the first half of a slice, a packed PFUMX / LUT5 mux):
//              OFX = M ? F1 : lut(INITVAL; A, B, C, D), copies D_M_OFX, D_F1_OFX, D_<pin>_OFX.
//   "L6MUX21"  (FXA or FXB connected; the second half, a packed L6MUX21 / LUT6 and LUT7 mux):
//              OFX = M ? FXB : FXA, copies D_M_OFX, D_FXA_OFX, D_FXB_OFX. The SDF also times
//              A..D -> OFX here (nextpnr's table is per cell type); those paths have no function.
module TRELLIS_COMB #(
    parameter MODE = "LOGIC",
    parameter [15:0] INITVAL = 16'h0000,
    parameter CCU2_INJECT1 = "YES",
    parameter WREMUX = "WRE",
    parameter WCKMUX = "WCK",
    parameter WIDE_MUX = "NONE",
    parameter integer D_A_F = 0, D_B_F = 0, D_C_F = 0, D_D_F = 0, D_FCI_F = 0,
    parameter integer D_A_FCO = 0, D_B_FCO = 0, D_C_FCO = 0, D_D_FCO = 0, D_FCI_FCO = 0,
    parameter integer D_A_OFX = 0, D_B_OFX = 0, D_C_OFX = 0, D_D_OFX = 0,
    parameter integer D_M_OFX = 0, D_F1_OFX = 0, D_FXA_OFX = 0, D_FXB_OFX = 0,
    parameter integer D_WCK = 0,
    parameter integer SU_WD = 0, SU_WAD0 = 0, SU_WAD1 = 0, SU_WAD2 = 0, SU_WAD3 = 0, SU_WRE = 0
) (
    input  wire A, B, C, D, M, F1, FXA, FXB, FCI, WD, WAD0, WAD1, WAD2, WAD3, WRE, WCK,
    output wire F, FCO, OFX
);

    function lut(input [15:0] table_, input d, input c, input b, input a);
        reg [7:0] by_d;
        reg [3:0] by_c;
        reg [1:0] by_b;
        begin
            by_d = d ? table_[15:8] : table_[7:0];
            by_c = c ? by_d[7:4] : by_d[3:0];
            by_b = b ? by_c[3:2] : by_c[1:0];
            lut = a ? by_b[1] : by_b[0];
        end
    endfunction

    wire a = (A === 1'bz) ? 1'b1 : A;
    wire b = (B === 1'bz) ? 1'b1 : B;
    wire c = (C === 1'bz) ? 1'b1 : C;
    wire d = (D === 1'bz) ? 1'b1 : D;
    wire fci = (FCI === 1'bz) ? 1'b0 : FCI;
    wire inject = CCU2_INJECT1 == "YES";

    // F
    wire a_f, b_f, c_f, d_f, fci_f;
    assign #(D_A_F) a_f = a;
    assign #(D_B_F) b_f = b;
    assign #(D_C_F) c_f = c;
    assign #(D_D_F) d_f = d;
    assign #(D_FCI_F) fci_f = fci;
    wire [15:0] contents;  // the LUT's table: INITVAL, or the RAM register R in MODE "DPRAM"

    generate
        if (MODE == "LOGIC") begin : gen_logic
            assign contents = INITVAL;
            assign F = lut(contents, d_f, c_f, b_f, a_f);
        end else if (MODE == "CCU2") begin : gen_ccu2
            assign contents = INITVAL;
            assign F = lut(contents, d_f, c_f, b_f, a_f) ^ (!inject & fci_f);
        end else if (MODE == "DPRAM") begin : gen_dpram
            wire wck, wd, wad0, wad1, wad2, wad3, wre;
            assign #(D_WCK) wck = (WCKMUX == "INV") ? !WCK : WCK;
            assign #(SU_WD) wd = WD;
            assign #(SU_WAD0) wad0 = WAD0;
            assign #(SU_WAD1) wad1 = WAD1;
            assign #(SU_WAD2) wad2 = WAD2;
            assign #(SU_WAD3) wad3 = WAD3;
            assign #(SU_WRE) wre = WRE;
            wire write = (WREMUX == "INV") ? !wre : wre;
            reg [15:0] ram = INITVAL;
            always @(posedge wck)
                if (write) ram[{wad0, wad2, wad1, wad3}] <= wd;
            assign contents = ram;
            assign F = lut(contents, d_f, c_f, b_f, a_f);
        end else begin : gen_ramw_block
            assign contents = INITVAL;
            assign F = 1'bx;
        end

        // FCO
        if (MODE == "CCU2") begin : gen_carry
            wire a_c, b_c, c_c, d_c, fci_c;
            assign #(D_A_FCO) a_c = a;
            assign #(D_B_FCO) b_c = b;
            assign #(D_C_FCO) c_c = c;
            assign #(D_D_FCO) d_c = d;
            assign #(D_FCI_FCO) fci_c = fci;
            assign FCO = lut(INITVAL, d_c, c_c, b_c, a_c) ? fci_c : (!inject & lut(INITVAL, 1'b0, 1'b0, b_c, a_c));
        end else begin : gen_no_carry
            assign FCO = 1'bx;
        end

        // OFX
        if (WIDE_MUX == "PFUMX") begin : gen_pfumx
            wire a_o, b_o, c_o, d_o, m_o, f1_o;
            assign #(D_A_OFX) a_o = a;
            assign #(D_B_OFX) b_o = b;
            assign #(D_C_OFX) c_o = c;
            assign #(D_D_OFX) d_o = d;
            assign #(D_M_OFX) m_o = M;
            assign #(D_F1_OFX) f1_o = F1;
            assign OFX = m_o ? f1_o : lut(contents, d_o, c_o, b_o, a_o);
        end else if (WIDE_MUX == "L6MUX21") begin : gen_l6mux21
            wire m_o, fxa_o, fxb_o;
            assign #(D_M_OFX) m_o = M;
            assign #(D_FXA_OFX) fxa_o = FXA;
            assign #(D_FXB_OFX) fxb_o = FXB;
            assign OFX = m_o ? fxb_o : fxa_o;
        end else begin : gen_no_wide
            assign OFX = 1'bx;
        end
    endgenerate

endmodule

// ---------------------------------------------------------------------------------------------
// TRELLIS_FF: a slice's flip-flop.
//   clock    clk = CLK through D_CLK, inverted by CLKMUX "INV" (only "CLK", "INV"): the
//            register acts at the rising edge of clk.
//   data     SD "1": DI (through SU_DI; the slice's own LUT output F), SD "0": M (through SU_M;
//            general routing). Only "0", "1".
//   enable   CEMUX "1": always, "0": never, "CE": CE, "INV": !CE (CE through SU_CE).
//   set/reset  LSR (through SU_LSR), active high, inverted by LSRMUX "INV" (only "LSR",
//            "INV"); an open LSR is never active (nextpnr disconnects a constant-inactive LSR).
//            It loads the REGSET value (only "RESET": 0, "SET": 1; LSRMODE only "LSR"):
//            SRMODE "LSR_OVER_CE" at the clock edge, before and regardless of the enable;
//            SRMODE "ASYNC" at once, while it is active. SU_LSR is then the routing delay plus
//            nextpnr's setup time; nextpnr has no LSR -> Q path, so Q follows after D_CLK_Q.
//   output   Q = the register through D_CLK_Q. The register starts at its REGSET value, as
//            after configuration. GSR (the global set/reset) has no cell in hashbed's designs.
// At a clock edge: if set/reset is active the register takes the REGSET value, else if the
// enable is 1 it takes the data, else it keeps its value.
module TRELLIS_FF #(
    parameter GSR = "ENABLED",
    parameter CEMUX = "1",
    parameter CLKMUX = "CLK",
    parameter LSRMUX = "LSR",
    parameter SRMODE = "LSR_OVER_CE",
    parameter LSRMODE = "LSR",
    parameter REGSET = "RESET",
    parameter SD = "0",
    parameter integer D_CLK = 0, D_CLK_Q = 0,
    parameter integer SU_DI = 0, SU_M = 0, SU_CE = 0, SU_LSR = 0
) (
    input  wire CLK, DI, M, CE, LSR,
    output wire Q
);
    wire clk, di, m, ce, lsr;
    assign #(D_CLK) clk = (CLKMUX == "INV") ? !CLK : CLK;
    assign #(SU_DI) di = DI;
    assign #(SU_M) m = M;
    assign #(SU_CE) ce = CE;
    assign #(SU_LSR) lsr = LSR;
    wire enable = (CEMUX == "1") ? 1'b1 : (CEMUX == "0") ? 1'b0 : (CEMUX == "INV") ? !ce : ce;
    wire set_reset = (LSR === 1'bz) ? 1'b0 : (LSRMUX == "INV") ? !lsr : lsr;
    wire data = (SD == "1") ? di : m;
    wire value = REGSET == "SET";
    reg q = REGSET == "SET";
    generate
        if (SRMODE == "ASYNC") begin : gen_async
            always @(posedge clk or posedge set_reset)
                if (set_reset) q <= value;
                else if (enable) q <= data;
        end else begin : gen_sync
            always @(posedge clk)
                if (set_reset) q <= value;
                else if (enable) q <= data;
        end
    endgenerate
    assign #(D_CLK_Q) Q = q;
endmodule

// ---------------------------------------------------------------------------------------------
// TRELLIS_RAMW: the write port of a slice's distributed RAM. It passes the write address and
// data on to the RAM's four TRELLIS_COMB (MODE "DPRAM"), pin for pin as nextpnr wires them:
// WADO0 = D0, WADO1 = B0, WADO2 = C0, WADO3 = A0 (address bits 0..3), WDO0 = C1, WDO1 = A1,
// WDO2 = D1, WDO3 = B1 (data bits 0..3), each through its D_<in>_<out> copy (nextpnr: 0 plus the
// routing to the input).
module TRELLIS_RAMW #(
    parameter integer D_D0_WADO0 = 0, D_B0_WADO1 = 0, D_C0_WADO2 = 0, D_A0_WADO3 = 0,
    parameter integer D_C1_WDO0 = 0, D_A1_WDO1 = 0, D_D1_WDO2 = 0, D_B1_WDO3 = 0
) (
    input  wire A0, B0, C0, D0, A1, B1, C1, D1,
    output wire WADO0, WADO1, WADO2, WADO3, WDO0, WDO1, WDO2, WDO3
);
    assign #(D_D0_WADO0) WADO0 = D0;
    assign #(D_B0_WADO1) WADO1 = B0;
    assign #(D_C0_WADO2) WADO2 = C0;
    assign #(D_A0_WADO3) WADO3 = A0;
    assign #(D_C1_WDO0) WDO0 = C1;
    assign #(D_A1_WDO1) WDO1 = A1;
    assign #(D_D1_WDO2) WDO2 = D1;
    assign #(D_B1_WDO3) WDO3 = B1;
endmodule

// ---------------------------------------------------------------------------------------------
// DCCA: global clock buffer, CLKO = CLKI through D_CLKI_CLKO. Its clock enable CE must be open
// (enabled); hashbed.flow.timing refuses a connected CE.
module DCCA #(
    parameter integer D_CLKI_CLKO = 0
) (
    input  wire CLKI,
    output wire CLKO
);
    assign #(D_CLKI_CLKO) CLKO = CLKI;
endmodule

// ---------------------------------------------------------------------------------------------
// TRELLIS_IO: ideal (no delay). DIR "INPUT": O = B (the pad); DIR "OUTPUT": B = I. Only these
// two; the tristate control T must be open.
module TRELLIS_IO #(
    parameter DIR = "INPUT",
    parameter DATAMUX_ODDR = "PADDO",
    parameter DATAMUX_MDDR = "PADDO"
) (
    inout  wire B,
    input  wire I,
    output wire O
);
    assign O = B;
    assign B = (DIR == "OUTPUT") ? I : 1'bz;
endmodule

// ---------------------------------------------------------------------------------------------
// DP16KD: block RAM, 1024 rows of 18 bits, initialised from INITVAL_00..3F (each holds 16 rows
// of 20 bits, a row's 18 bits at the bottom of its 20). Only REGMODE "NOREG" (no output
// register: each port reads into an output latch at its clock edge, which reaches the DO pins
// after D_CLK<port>_DO<port>; OCEA/OCEB have no function) and only DATA_WIDTH 9, 18 and 36, as
// Yosys's block-RAM mapping uses them (the same layout as hashbed's zero-delay model,
// src/hashbed/flow/energy/ecp5_zero_delay_cells.v):
//   width 9   word address AD13..3: row AD13..4, bits 9*AD3 +: 9 (DO 17..9 read 0);
//   width 18  row AD13..4; on a write AD0 enables bits 8..0 and AD1 bits 17..9;
//   width 36  (on both ports, the pseudo-dual-port mode; nothing else) port A writes, port B
//             reads 36-bit words w = AD13..5 in rows 2w (bits 17..0 of the word) and 2w + 1;
//             the write data is {DIB, DIA}, the read data {DOB, DOA} (DIA, DOA the low half),
//             both read latches clocked by CLKB (DOA after D_CLKB_DOA); on a write AD3..0
//             enable the word's 9-bit quarters.
// A port whose chip selects CS2..0 equal its CSDECODE ("0b<CS2><CS1><CS0>") and whose CE is 1
// is active at its clock edge (the rising edge of CLK, inverted by CLK<port>MUX "INV"): with
// WE 0 it reads the addressed word into its latch; with WE 1 it writes DI to it and its latch
// takes, per WRITEMODE, nothing ("NORMAL"), the old word ("READBEFOREWRITE") or DI
// ("WRITETHROUGH"). RST (active high) clears the port's latch instead of a read, at the clock
// edge (RESETMODE "SYNC") or at once while it is 1 ("ASYNC"; ASYNC_RESET_RELEASE has no effect
// here); in the 36-bit mode RSTB clears both latches.
//
// Every input but the clocks reaches the port through its SU_<pin> copy; the clocks through
// D_CLKA, D_CLKB. nextpnr replaces a constant input by <pin>MUX: "0" or "1" (the value), or on
// an open control pin (CLK, CE, OCE, RST, WE, CS: routed from the fabric's CLK/LSR/CE wires,
// which read 1 when open) the pin's own name (1) or "INV" (0); "INV" on a connected pin
// inverts it. An open control pin without a setting reads 1, an open data or address pin 0.
`define HASHBED_PIN(net, pin, unset) assign #(SU_``pin) net = ctl(pin, pin``MUX, unset);
module DP16KD #(
    parameter integer DATA_WIDTH_A = 18, DATA_WIDTH_B = 18,
    parameter REGMODE_A = "NOREG", REGMODE_B = "NOREG",
    parameter WRITEMODE_A = "NORMAL", WRITEMODE_B = "NORMAL",
    parameter RESETMODE = "SYNC", ASYNC_RESET_RELEASE = "SYNC",
    parameter CSDECODE_A = "0b000", CSDECODE_B = "0b000",
    parameter GSR = "DISABLED",
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
    INITVAL_3B = 0, INITVAL_3C = 0, INITVAL_3D = 0, INITVAL_3E = 0, INITVAL_3F = 0,
    parameter CLKAMUX = "", CLKBMUX = "", CEAMUX = "", CEBMUX = "", OCEAMUX = "", OCEBMUX = "",
    WEAMUX = "", WEBMUX = "", RSTAMUX = "", RSTBMUX = "", CSA0MUX = "", CSA1MUX = "", CSA2MUX = "",
    CSB0MUX = "", CSB1MUX = "", CSB2MUX = "",
    DIA0MUX = "", DIA1MUX = "", DIA2MUX = "", DIA3MUX = "", DIA4MUX = "", DIA5MUX = "",
    DIA6MUX = "", DIA7MUX = "", DIA8MUX = "", DIA9MUX = "", DIA10MUX = "", DIA11MUX = "",
    DIA12MUX = "", DIA13MUX = "", DIA14MUX = "", DIA15MUX = "", DIA16MUX = "", DIA17MUX = "",
    DIB0MUX = "", DIB1MUX = "", DIB2MUX = "", DIB3MUX = "", DIB4MUX = "", DIB5MUX = "",
    DIB6MUX = "", DIB7MUX = "", DIB8MUX = "", DIB9MUX = "", DIB10MUX = "", DIB11MUX = "",
    DIB12MUX = "", DIB13MUX = "", DIB14MUX = "", DIB15MUX = "", DIB16MUX = "", DIB17MUX = "",
    ADA0MUX = "", ADA1MUX = "", ADA2MUX = "", ADA3MUX = "", ADA4MUX = "", ADA5MUX = "",
    ADA6MUX = "", ADA7MUX = "", ADA8MUX = "", ADA9MUX = "", ADA10MUX = "", ADA11MUX = "",
    ADA12MUX = "", ADA13MUX = "",
    ADB0MUX = "", ADB1MUX = "", ADB2MUX = "", ADB3MUX = "", ADB4MUX = "", ADB5MUX = "",
    ADB6MUX = "", ADB7MUX = "", ADB8MUX = "", ADB9MUX = "", ADB10MUX = "", ADB11MUX = "",
    ADB12MUX = "", ADB13MUX = "",
    parameter integer D_CLKA_DOA = 0, D_CLKB_DOA = 0, D_CLKB_DOB = 0, D_CLKA = 0, D_CLKB = 0,
    parameter integer SU_CEA = 0, SU_CEB = 0, SU_WEA = 0, SU_WEB = 0, SU_RSTA = 0, SU_RSTB = 0,
    SU_CSA0 = 0, SU_CSA1 = 0, SU_CSA2 = 0, SU_CSB0 = 0, SU_CSB1 = 0, SU_CSB2 = 0,
    SU_DIA0 = 0, SU_DIA1 = 0, SU_DIA2 = 0, SU_DIA3 = 0, SU_DIA4 = 0, SU_DIA5 = 0, SU_DIA6 = 0,
    SU_DIA7 = 0, SU_DIA8 = 0, SU_DIA9 = 0, SU_DIA10 = 0, SU_DIA11 = 0, SU_DIA12 = 0, SU_DIA13 = 0,
    SU_DIA14 = 0, SU_DIA15 = 0, SU_DIA16 = 0, SU_DIA17 = 0,
    SU_DIB0 = 0, SU_DIB1 = 0, SU_DIB2 = 0, SU_DIB3 = 0, SU_DIB4 = 0, SU_DIB5 = 0, SU_DIB6 = 0,
    SU_DIB7 = 0, SU_DIB8 = 0, SU_DIB9 = 0, SU_DIB10 = 0, SU_DIB11 = 0, SU_DIB12 = 0, SU_DIB13 = 0,
    SU_DIB14 = 0, SU_DIB15 = 0, SU_DIB16 = 0, SU_DIB17 = 0,
    SU_ADA0 = 0, SU_ADA1 = 0, SU_ADA2 = 0, SU_ADA3 = 0, SU_ADA4 = 0, SU_ADA5 = 0, SU_ADA6 = 0,
    SU_ADA7 = 0, SU_ADA8 = 0, SU_ADA9 = 0, SU_ADA10 = 0, SU_ADA11 = 0, SU_ADA12 = 0, SU_ADA13 = 0,
    SU_ADB0 = 0, SU_ADB1 = 0, SU_ADB2 = 0, SU_ADB3 = 0, SU_ADB4 = 0, SU_ADB5 = 0, SU_ADB6 = 0,
    SU_ADB7 = 0, SU_ADB8 = 0, SU_ADB9 = 0, SU_ADB10 = 0, SU_ADB11 = 0, SU_ADB12 = 0, SU_ADB13 = 0
) (
    input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6,
                DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
    input  wire CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
    output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6,
                DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6,
                DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
    input  wire CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
    output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6,
                DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    function ctl(input pin, input [31:0] mux, input unset);
        ctl = mux == "0" ? 1'b0 : mux == "1" ? 1'b1
            : pin === 1'bz ? (mux == "" ? unset : mux != "INV") : pin ^ (mux == "INV");
    endfunction

    wire [17:0] dia, dib;
    wire [13:0] ada, adb;
    wire [2:0] csa, csb;
    wire cea, ceb, wea, web, rsta, rstb, clka, clkb;
    assign #(D_CLKA) clka = ctl(CLKA, CLKAMUX, 1'b1);
    assign #(D_CLKB) clkb = ctl(CLKB, CLKBMUX, 1'b1);
    `HASHBED_PIN(cea, CEA, 1'b1) `HASHBED_PIN(ceb, CEB, 1'b1)
    `HASHBED_PIN(wea, WEA, 1'b1) `HASHBED_PIN(web, WEB, 1'b1)
    `HASHBED_PIN(rsta, RSTA, 1'b1) `HASHBED_PIN(rstb, RSTB, 1'b1)
    `HASHBED_PIN(csa[0], CSA0, 1'b1) `HASHBED_PIN(csa[1], CSA1, 1'b1) `HASHBED_PIN(csa[2], CSA2, 1'b1)
    `HASHBED_PIN(csb[0], CSB0, 1'b1) `HASHBED_PIN(csb[1], CSB1, 1'b1) `HASHBED_PIN(csb[2], CSB2, 1'b1)
    `HASHBED_PIN(dia[0], DIA0, 1'b0) `HASHBED_PIN(dia[1], DIA1, 1'b0) `HASHBED_PIN(dia[2], DIA2, 1'b0)
    `HASHBED_PIN(dia[3], DIA3, 1'b0) `HASHBED_PIN(dia[4], DIA4, 1'b0) `HASHBED_PIN(dia[5], DIA5, 1'b0)
    `HASHBED_PIN(dia[6], DIA6, 1'b0) `HASHBED_PIN(dia[7], DIA7, 1'b0) `HASHBED_PIN(dia[8], DIA8, 1'b0)
    `HASHBED_PIN(dia[9], DIA9, 1'b0) `HASHBED_PIN(dia[10], DIA10, 1'b0) `HASHBED_PIN(dia[11], DIA11, 1'b0)
    `HASHBED_PIN(dia[12], DIA12, 1'b0) `HASHBED_PIN(dia[13], DIA13, 1'b0) `HASHBED_PIN(dia[14], DIA14, 1'b0)
    `HASHBED_PIN(dia[15], DIA15, 1'b0) `HASHBED_PIN(dia[16], DIA16, 1'b0) `HASHBED_PIN(dia[17], DIA17, 1'b0)
    `HASHBED_PIN(dib[0], DIB0, 1'b0) `HASHBED_PIN(dib[1], DIB1, 1'b0) `HASHBED_PIN(dib[2], DIB2, 1'b0)
    `HASHBED_PIN(dib[3], DIB3, 1'b0) `HASHBED_PIN(dib[4], DIB4, 1'b0) `HASHBED_PIN(dib[5], DIB5, 1'b0)
    `HASHBED_PIN(dib[6], DIB6, 1'b0) `HASHBED_PIN(dib[7], DIB7, 1'b0) `HASHBED_PIN(dib[8], DIB8, 1'b0)
    `HASHBED_PIN(dib[9], DIB9, 1'b0) `HASHBED_PIN(dib[10], DIB10, 1'b0) `HASHBED_PIN(dib[11], DIB11, 1'b0)
    `HASHBED_PIN(dib[12], DIB12, 1'b0) `HASHBED_PIN(dib[13], DIB13, 1'b0) `HASHBED_PIN(dib[14], DIB14, 1'b0)
    `HASHBED_PIN(dib[15], DIB15, 1'b0) `HASHBED_PIN(dib[16], DIB16, 1'b0) `HASHBED_PIN(dib[17], DIB17, 1'b0)
    `HASHBED_PIN(ada[0], ADA0, 1'b0) `HASHBED_PIN(ada[1], ADA1, 1'b0) `HASHBED_PIN(ada[2], ADA2, 1'b0)
    `HASHBED_PIN(ada[3], ADA3, 1'b0) `HASHBED_PIN(ada[4], ADA4, 1'b0) `HASHBED_PIN(ada[5], ADA5, 1'b0)
    `HASHBED_PIN(ada[6], ADA6, 1'b0) `HASHBED_PIN(ada[7], ADA7, 1'b0) `HASHBED_PIN(ada[8], ADA8, 1'b0)
    `HASHBED_PIN(ada[9], ADA9, 1'b0) `HASHBED_PIN(ada[10], ADA10, 1'b0) `HASHBED_PIN(ada[11], ADA11, 1'b0)
    `HASHBED_PIN(ada[12], ADA12, 1'b0) `HASHBED_PIN(ada[13], ADA13, 1'b0)
    `HASHBED_PIN(adb[0], ADB0, 1'b0) `HASHBED_PIN(adb[1], ADB1, 1'b0) `HASHBED_PIN(adb[2], ADB2, 1'b0)
    `HASHBED_PIN(adb[3], ADB3, 1'b0) `HASHBED_PIN(adb[4], ADB4, 1'b0) `HASHBED_PIN(adb[5], ADB5, 1'b0)
    `HASHBED_PIN(adb[6], ADB6, 1'b0) `HASHBED_PIN(adb[7], ADB7, 1'b0) `HASHBED_PIN(adb[8], ADB8, 1'b0)
    `HASHBED_PIN(adb[9], ADB9, 1'b0) `HASHBED_PIN(adb[10], ADB10, 1'b0) `HASHBED_PIN(adb[11], ADB11, 1'b0)
    `HASHBED_PIN(adb[12], ADB12, 1'b0) `HASHBED_PIN(adb[13], ADB13, 1'b0)

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

    function [17:0] read(input integer width, input [13:0] ad);
        read = width == 18 ? rows[ad[13:4]] : {9'd0, rows[ad[13:4]][9 * ad[3] +: 9]};
    endfunction
    task write(input integer width, input [13:0] ad, input [17:0] data);
        if (width == 9) rows[ad[13:4]][9 * ad[3] +: 9] = data[8:0];
        else begin
            if (ad[0]) rows[ad[13:4]][8:0] = data[8:0];
            if (ad[1]) rows[ad[13:4]][17:9] = data[17:9];
        end
    endtask
    task write_wide(input [13:0] ad, input [35:0] data);
        integer q;
        for (q = 0; q < 4; q = q + 1)
            if (ad[q]) rows[2 * ad[13:5] + q / 2][9 * (q % 2) +: 9] = data[9 * q +: 9];
    endtask

    wire enable_a = cea && csa == {CSDECODE_A[23:16] == "1", CSDECODE_A[15:8] == "1", CSDECODE_A[7:0] == "1"};
    wire enable_b = ceb && csb == {CSDECODE_B[23:16] == "1", CSDECODE_B[15:8] == "1", CSDECODE_B[7:0] == "1"};
    localparam wide = DATA_WIDTH_B == 36;
    localparam integer D_DOA = wide ? D_CLKB_DOA : D_CLKA_DOA;
    always @(posedge clka) begin
        if (DATA_WIDTH_A == 36) begin
            if (enable_a && wea) write_wide(ada, {dib, dia});
        end else begin
            if (rsta) doa <= 18'd0;
            else if (enable_a && (!wea || WRITEMODE_A == "READBEFOREWRITE")) doa <= read(DATA_WIDTH_A, ada);
            else if (enable_a && WRITEMODE_A == "WRITETHROUGH") doa <= dia & ((18'd1 << DATA_WIDTH_A) - 1);
            if (enable_a && wea) write(DATA_WIDTH_A, ada, dia);
        end
    end
    always @(posedge clkb) begin
        if (wide) begin
            if (rstb) {dob, doa} <= 36'd0;
            else if (enable_b) {dob, doa} <= {rows[2 * adb[13:5] + 1], rows[2 * adb[13:5]]};
        end else begin
            if (rstb) dob <= 18'd0;
            else if (enable_b && (!web || WRITEMODE_B == "READBEFOREWRITE")) dob <= read(DATA_WIDTH_B, adb);
            else if (enable_b && WRITEMODE_B == "WRITETHROUGH") dob <= dib & ((18'd1 << DATA_WIDTH_B) - 1);
            if (enable_b && web) write(DATA_WIDTH_B, adb, dib);
        end
    end
    wire reset_now_a = RESETMODE == "ASYNC" && rsta && !wide, reset_now_b = RESETMODE == "ASYNC" && rstb;
    always @(posedge reset_now_a) doa <= 18'd0;
    always @(posedge reset_now_b) begin
        dob <= 18'd0;
        if (wide) doa <= 18'd0;
    end

    assign #(D_DOA) {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
        DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
    assign #(D_CLKB_DOB) {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6,
        DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;
endmodule
`undef HASHBED_PIN
