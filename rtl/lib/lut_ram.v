`default_nettype none
// lut_ram: a memory of 2^AW words of WIDTH bits with one synchronous write port and one
// asynchronous read port. No ram_style attribute: Yosys maps it to distributed (LUT) RAM
// where the device has it (ECP5: TRELLIS_DPR16X4 cells, 16 words x 4 bits each, plus read
// multiplexers above 16 words) and to flip-flops on iCE40, which has none.
module lut_ram #(
    // Address bits (2^AW words).
    parameter AW = 4,
    // Bits per word.
    parameter WIDTH = 8
) (
    input  wire             clk,
    input  wire             we,
    input  wire [AW-1:0]    waddr,
    input  wire [WIDTH-1:0] wdata,
    input  wire [AW-1:0]    raddr,
    output wire [WIDTH-1:0] rdata
);

    initial begin
        if (AW < 1 || AW > 8) begin
            $display("lut_ram: AW must be 1 .. 8, got %0d", AW);
            $finish;
        end
        if (WIDTH < 1) begin
            $display("lut_ram: WIDTH must be at least 1, got %0d", WIDTH);
            $finish;
        end
    end

    reg [WIDTH-1:0] mem [0:(1 << AW) - 1];

    always @(posedge clk)
        if (we) mem[waddr] <= wdata;

    assign rdata = mem[raddr];

endmodule
