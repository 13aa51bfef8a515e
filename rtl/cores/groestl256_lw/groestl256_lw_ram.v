`default_nettype none
// groestl256_lw_ram: a small memory with one synchronous write port and one
// asynchronous read port, for distributed (LUT) RAM: on ECP5 Yosys maps it to
// TRELLIS_DPR16X4 cells (16 words x 4 bits each, plus read multiplexers when DEPTH > 16).
module groestl256_lw_ram #(
    // Address bits (DEPTH = 2^AW words).
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
            $display("groestl256_lw_ram: AW must be 1 .. 8, got %0d", AW);
            $finish;
        end
        if (WIDTH < 1) begin
            $display("groestl256_lw_ram: WIDTH must be at least 1, got %0d", WIDTH);
            $finish;
        end
    end

    reg [WIDTH-1:0] mem [0:(1 << AW) - 1];

    always @(posedge clk) begin
        if (we) mem[waddr] <= wdata;
    end

    assign rdata = mem[raddr];

endmodule
