`default_nettype none
// Test design for hashbed's DP16KD model (tests/test_energy.py): a RAM with a registered
// read that Yosys maps to one ECP5 block RAM, preloaded with a pattern so that the
// initial-value layout is checked too.
module top #(
    parameter WIDTH = 16,
    parameter DEPTH = 512
) (
    input  wire                     clk,
    input  wire                     we,
    input  wire [$clog2(DEPTH)-1:0] wa,
    input  wire [$clog2(DEPTH)-1:0] ra,
    input  wire [WIDTH-1:0]         din,
    output reg  [WIDTH-1:0]         dout
);
    (* ram_style = "block" *) reg [WIDTH-1:0] mem [0:DEPTH-1];
    integer i;
    initial for (i = 0; i < DEPTH; i = i + 1) mem[i] = i * 37 + 5;
    always @(posedge clk) begin
        if (we) mem[wa] <= din;
        dout <= mem[ra];
    end
endmodule
