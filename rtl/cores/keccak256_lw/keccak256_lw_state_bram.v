`default_nettype none
// keccak256_lw_state_bram: the Keccak state as 64 half lanes of 32 bits (slot * 2 + half),
// one write port and one registered read port with a synchronous clear of the read data:
// inferred as one block RAM (DP16KD in its 36-bit pseudo-dual-port mode on ECP5).
module keccak256_lw_state_bram #(
    parameter AW = 6,
    parameter DW = 32
) (
    input  wire          clk,
    input  wire          we,
    input  wire [AW-1:0] wa,
    input  wire [DW-1:0] wd,
    input  wire [AW-1:0] ra,
    input  wire          rz,    // the read of this clock gives zero
    output reg  [DW-1:0] rd
);

    initial begin
        if (AW > 9 || DW > 36) begin
            $display("keccak256_lw_state_bram: one block RAM holds at most 512 x 36, got AW %0d DW %0d", AW, DW);
            $finish;
        end
    end

    (* ram_style = "block" *) reg [DW-1:0] mem_q [0:(1<<AW)-1];

    always @(posedge clk) begin
        if (we) mem_q[wa] <= wd;
        if (rz) rd <= {DW{1'b0}};
        else rd <= mem_q[ra];
    end

endmodule
