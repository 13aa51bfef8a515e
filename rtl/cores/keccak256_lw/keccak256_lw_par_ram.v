`default_nettype none
// keccak256_lw_par_ram: column parities as 16 half lanes of 32 bits (column * 2 + half, 10
// used), one write port and one asynchronous read port: distributed (LUT) RAM on ECP5.
module keccak256_lw_par_ram #(
    parameter AW = 4,
    parameter DW = 32
) (
    input  wire          clk,
    input  wire          we,
    input  wire [AW-1:0] wa,
    input  wire [DW-1:0] wd,
    input  wire [AW-1:0] ra,
    output wire [DW-1:0] rd
);

    initial begin
        if (AW != 4 || DW != 32) begin
            $display("keccak256_lw_par_ram: AW must be 4 and DW 32, got %0d and %0d", AW, DW);
            $finish;
        end
    end

    reg [DW-1:0] mem_q [0:(1<<AW)-1];

    always @(posedge clk)
        if (we) mem_q[wa] <= wd;

    assign rd = mem_q[ra];

endmodule
