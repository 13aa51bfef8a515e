`timescale 1ps/1ps
// Testbench of the timing calibration: the routed carry_adder with its delays (top)
// next to the RTL carry_adder (ref), on one clock. Four slow cycles in reset and four
// after, then +cycles=N cycles of +period=P picoseconds; the outputs are compared just
// before every rising edge (I/O is ideal, see ice40_cells.v). Prints "errors N".
// +mode=0: worst-case carries, +mode=1: random operands.
module tb;
    reg clk = 0, rst = 1, mode = 0;
    wire [31:0] sum, sum_ref;
    top dut (.clk(clk), .rst(rst), .mode(mode), .sum(sum));
    carry_adder reference (.clk(clk), .rst(rst), .mode(mode), .sum(sum_ref));
    integer period, cycles, i, errors;
    initial begin
        errors = 0;
        if (!$value$plusargs("period=%d", period)) period = 10000;
        if (!$value$plusargs("cycles=%d", cycles)) cycles = 100;
        if (!$value$plusargs("mode=%d", i)) i = 0;
        mode = i;
        for (i = 0; i < 4; i = i + 1) begin #50000 clk = 1; #50000 clk = 0; end
        rst = 0;
        for (i = 0; i < 4; i = i + 1) begin #50000 clk = 1; #50000 clk = 0; end
        for (i = 0; i < cycles; i = i + 1) begin
            #(period - period / 2 - 1);
            if (sum !== sum_ref) errors = errors + 1;
            #1 clk = 1;
            #(period / 2) clk = 0;
        end
        #50000;
        if (sum !== sum_ref) errors = errors + 1;
        $display("errors %0d", errors);
        $finish;
    end
endmodule
