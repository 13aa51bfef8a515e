`default_nettype none
// keccak256_lw_msg_bram: the message buffer, one write port and one registered read port,
// inferred as one block RAM (DP16KD in its 36-bit pseudo-dual-port mode on ECP5).
module keccak256_lw_msg_bram #(
    parameter AW = 7,
    parameter DW = 32
) (
    input  wire          clk,
    input  wire          we,
    input  wire [AW-1:0] wa,
    input  wire [DW-1:0] wd,
    input  wire [AW-1:0] ra,
    output reg  [DW-1:0] rd
);

    initial begin
        if (AW > 9 || DW > 36) begin
            $display("keccak256_lw_msg_bram: one block RAM holds at most 512 x 36, got AW %0d DW %0d", AW, DW);
            $finish;
        end
    end

    (* ram_style = "block" *) reg [DW-1:0] mem_q [0:(1<<AW)-1];

    always @(posedge clk) begin
        if (we) mem_q[wa] <= wd;
        rd <= mem_q[ra];
    end

endmodule
