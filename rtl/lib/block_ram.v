`default_nettype none
// block_ram: a memory of 2^AW words of WIDTH bits with one synchronous write port and one
// synchronous read port (rdata is the word at the raddr of the previous rising edge), the
// form Yosys maps to block RAM: DP16KD on ECP5, SB_RAM40_4K on iCE40.
module block_ram #(
    // Address bits (2^AW words).
    parameter AW = 9,
    // Bits per word.
    parameter WIDTH = 32
) (
    input  wire             clk,
    input  wire             we,
    input  wire [AW-1:0]    waddr,
    input  wire [WIDTH-1:0] wdata,
    input  wire [AW-1:0]    raddr,
    output reg  [WIDTH-1:0] rdata
);

    initial begin
        if (AW < 1 || AW > 16) begin
            $display("block_ram: AW must be 1 .. 16, got %0d", AW);
            $finish;
        end
        if (WIDTH < 1) begin
            $display("block_ram: WIDTH must be at least 1, got %0d", WIDTH);
            $finish;
        end
    end

    reg [WIDTH-1:0] mem [0:(1 << AW) - 1];

    always @(posedge clk) begin
        if (we) mem[waddr] <= wdata;
        rdata <= mem[raddr];
    end

endmodule
