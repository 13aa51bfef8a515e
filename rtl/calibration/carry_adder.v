`default_nettype none
// carry_adder: the calibration design of the timing simulation.
//
// sum_q <= x_q + y_q, a 32-bit ripple-carry addition between registers, whose
// operands come from registers inside the design, so that only the clock reaches it
// from outside. With mode = 0 (worst case) bits 31..1 of x and y are 1 and 0, and
// bit 0 of both toggles each cycle: every second cycle a carry is generated at bit 0
// and runs through all 32 bits, the path static timing reports. With mode = 1 the
// operands are a 32-bit LFSR (x^32 + x^22 + x^2 + x + 1) and its halves swapped:
// random data, whose carries are mostly short.
module carry_adder (
    input  wire        clk,
    input  wire        rst,   // synchronous, active high
    input  wire        mode,  // 0: worst-case carries, 1: random operands (held static)
    output wire [31:0] sum
);

    reg [31:0] x_q, y_q, sum_q, lfsr_q;
    reg        toggle_q;

    always @(posedge clk) begin
        if (rst) begin
            x_q      <= 32'd0;
            y_q      <= 32'd0;
            sum_q    <= 32'd0;
            lfsr_q   <= 32'd1;
            toggle_q <= 1'b0;
        end else begin
            x_q      <= mode ? lfsr_q : {31'h7FFFFFFF, toggle_q};
            y_q      <= mode ? {lfsr_q[15:0], lfsr_q[31:16]} : {31'd0, toggle_q};
            sum_q    <= x_q + y_q;
            lfsr_q   <= {lfsr_q[30:0], lfsr_q[31] ^ lfsr_q[21] ^ lfsr_q[1] ^ lfsr_q[0]};
            toggle_q <= !toggle_q;
        end
    end

    assign sum = sum_q;

endmodule
