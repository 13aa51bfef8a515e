`timescale 1ps/1ps
`default_nettype none
// Timing models of the iCE40 cells that nextpnr leaves in a routed design, for
// hashbed's post-route simulation (docs/methodology.md).
//
// Every delay is a parameter in picoseconds that hashbed.flow.timing fills in from the
// SDF file nextpnr writes, the routing delay to an input added to the paths from it.
// In the logic cell, each LUT input reaches the combinational output after its own
// path delay, and reaches the flip-flop after its setup time (LUT delay included, as
// nextpnr's SETUPHOLD entries give it): a flip-flop captures an input change only if
// it happened at least the setup time before the clock edge. Inputs left open read
// 0 (CEN reads 1), as in the silicon. The LUT is a tree of 2:1 multiplexers, as in the
// silicon: an unknown input that the LUT's function does not depend on gives a known
// output (nextpnr builds its constant-1 net from a LUT that feeds itself back).

module ICESTORM_LC #(
    parameter [15:0] LUT_INIT = 16'h0000,
    parameter [0:0]  NEG_CLK = 1'b0,
    parameter [0:0]  CARRY_ENABLE = 1'b0,
    parameter [0:0]  DFF_ENABLE = 1'b0,
    parameter [0:0]  SET_NORESET = 1'b0,
    parameter [0:0]  ASYNC_SR = 1'b0,
    parameter [0:0]  CIN_CONST = 1'b0,
    parameter [0:0]  CIN_SET = 1'b0,
    // path delays (routing to the input included)
    parameter integer D_I0_O = 0, D_I1_O = 0, D_I2_O = 0, D_I3_O = 0, D_CLK_O = 0,
    parameter integer D_I1_COUT = 0, D_I2_COUT = 0, D_CIN_COUT = 0,
    // clock arrival from the global buffer
    parameter integer D_CLK = 0,
    // setup times to the clock (routing to the input and LUT delay included)
    parameter integer SU_I0 = 0, SU_I1 = 0, SU_I2 = 0, SU_I3 = 0, SU_SR = 0, SU_CEN = 0
) (
    input  wire I0, I1, I2, I3, CIN, CLK, CEN, SR,
    output wire LO, O, COUT
);

    function lut4(input a3, input a2, input a1, input a0);
        reg [7:0] by3;
        reg [3:0] by2;
        reg [1:0] by1;
        begin
            by3 = a3 ? LUT_INIT[15:8] : LUT_INIT[7:0];
            by2 = a2 ? by3[7:4] : by3[3:0];
            by1 = a1 ? by2[3:2] : by2[1:0];
            lut4 = a0 ? by1[1] : by1[0];
        end
    endfunction

    wire i0 = (I0 === 1'bz) ? 1'b0 : I0;
    wire i1 = (I1 === 1'bz) ? 1'b0 : I1;
    wire i2 = (I2 === 1'bz) ? 1'b0 : I2;
    wire i3 = (I3 === 1'bz) ? 1'b0 : I3;
    wire sr = (SR === 1'bz) ? 1'b0 : SR;
    wire cen = (CEN === 1'bz) ? 1'b1 : CEN;
    wire cin = CIN_CONST ? CIN_SET : ((CIN === 1'bz) ? 1'b0 : CIN);

    // Only the views a cell uses are built: the combinational one for a LUT without its
    // flip-flop, the flip-flop's one otherwise (LO is not modelled; hashbed.flow.timing
    // refuses a netlist that uses it).
    generate
        if (DFF_ENABLE) begin : gen_ff
            wire s0, s1, s2, s3, s_sr, s_cen, clk;
            assign #(SU_I0) s0 = i0;
            assign #(SU_I1) s1 = i1;
            assign #(SU_I2) s2 = i2;
            assign #(SU_I3) s3 = i3;
            assign #(SU_SR) s_sr = sr;
            assign #(SU_CEN) s_cen = cen;
            assign #(D_CLK) clk = CLK ^ NEG_CLK;
            wire lut_reg = lut4(s3, s2, s1, s0);
            reg q = 1'b0;
            if (ASYNC_SR) begin : gen_async
                always @(posedge clk or posedge s_sr)
                    if (s_sr) q <= SET_NORESET;
                    else if (s_cen) q <= lut_reg;
            end else begin : gen_sync
                always @(posedge clk)
                    if (s_cen) q <= s_sr ? SET_NORESET : lut_reg;
            end
            assign #(D_CLK_O) O = q;
        end else begin : gen_comb
            wire o0, o1, o2, o3;
            assign #(D_I0_O) o0 = i0;
            assign #(D_I1_O) o1 = i1;
            assign #(D_I2_O) o2 = i2;
            assign #(D_I3_O) o3 = i3;
            assign O = lut4(o3, o2, o1, o0);
        end
        if (CARRY_ENABLE) begin : gen_carry
            wire c1, c2, cc;
            assign #(D_I1_COUT) c1 = i1;
            assign #(D_I2_COUT) c2 = i2;
            assign #(D_CIN_COUT) cc = cin;
            assign COUT = (c1 & c2) | ((c1 | c2) & cc);
        end else begin : gen_no_carry
            assign COUT = 1'b0;
        end
    endgenerate
    assign LO = 1'bx;

endmodule

module SB_GB #(
    parameter integer D_IN_OUT = 0
) (
    input  wire USER_SIGNAL_TO_GLOBAL_BUFFER,
    output wire GLOBAL_BUFFER_OUTPUT
);
    assign #(D_IN_OUT) GLOBAL_BUFFER_OUTPUT = USER_SIGNAL_TO_GLOBAL_BUFFER;
endmodule

// I/O: ideal (no delay). In the testbed a core's ports meet FIFOs, not pins.
module SB_IO #(
    parameter [5:0] PIN_TYPE = 6'b000001,
    parameter [0:0] PULLUP = 1'b0,
    parameter [0:0] NEG_TRIGGER = 1'b0,
    parameter IO_STANDARD = "SB_LVCMOS"
) (
    inout  wire PACKAGE_PIN,
    input  wire D_OUT_0,
    output wire D_IN_0
);
    initial begin
        if (PIN_TYPE[1:0] != 2'b01 || (PIN_TYPE[5:2] != 4'b0000 && PIN_TYPE[5:2] != 4'b0110)) begin
            $display("SB_IO: only plain inputs and outputs are modelled, got PIN_TYPE %b", PIN_TYPE);
            $finish;
        end
    end
    assign D_IN_0 = PACKAGE_PIN;
    assign PACKAGE_PIN = PIN_TYPE[5:2] == 4'b0110 ? D_OUT_0 : 1'bz;
endmodule
