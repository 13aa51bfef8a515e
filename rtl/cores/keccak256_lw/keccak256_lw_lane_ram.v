`default_nettype none
// keccak256_lw_lane_ram: the Keccak state, 32 lane slots of 64 bits (25 used), one write
// port and one asynchronous read port: distributed (LUT) RAM on ECP5.
module keccak256_lw_lane_ram #(
    parameter AW = 5,
    parameter DW = 64
) (
    input  wire          clk,
    input  wire          we,
    input  wire [AW-1:0] wa,
    input  wire [DW-1:0] wd,
    input  wire [AW-1:0] ra,
    output wire [DW-1:0] rd
);

    initial begin
        if (AW != 5 || DW != 64) begin
            $display("keccak256_lw_lane_ram: AW must be 5 and DW 64, got %0d and %0d", AW, DW);
            $finish;
        end
    end

    // no ram_style: LUT RAM on ECP5; flip-flops on iCE40, which has none
    reg [DW-1:0] mem_q [0:(1<<AW)-1];

    always @(posedge clk)
        if (we) mem_q[wa] <= wd;

    assign rd = mem_q[ra];

endmodule
