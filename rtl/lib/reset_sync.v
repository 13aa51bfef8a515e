`default_nettype none
// reset_sync: a reset for the clock domain of clk from an asynchronous reset.
//
// rst_out asserts at once when rst_in rises and deasserts on the STAGES-th rising
// edge of clk after rst_in falls, so every flip-flop of the domain leaves reset on
// the same edge.
module reset_sync #(
    // Flip-flops in the deassertion chain.
    parameter STAGES = 2
) (
    input  wire clk,
    input  wire rst_in,   // asynchronous, active high
    output wire rst_out   // synchronous to clk, active high
);

    initial begin
        if (STAGES < 2) begin
            $display("reset_sync: STAGES must be at least 2, got %0d", STAGES);
            $finish;
        end
    end

    reg [STAGES-1:0] chain_q;

    always @(posedge clk or posedge rst_in) begin
        if (rst_in) chain_q <= {STAGES{1'b1}};
        else chain_q <= {chain_q[STAGES-2:0], 1'b0};
    end

    assign rst_out = chain_q[STAGES-1];

endmodule
