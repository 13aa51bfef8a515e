`timescale 1ps/1ps
// Drives ram_probe (module top) with random writes and reads; prints every read word.
module tb #(parameter WIDTH = 16, parameter DEPTH = 512);
    localparam ABITS = $clog2(DEPTH);
    reg clk = 1'b0, we = 1'b0;
    reg [ABITS-1:0] wa = 0, ra = 0;
    reg [WIDTH-1:0] din = 0;
    wire [WIDTH-1:0] dout;
    integer cycle, seed;
    top dut (.clk(clk), .we(we), .wa(wa), .ra(ra), .din(din), .dout(dout));
    initial begin
        seed = 7;
        for (cycle = 0; cycle < DEPTH + 2000; cycle = cycle + 1) begin
            #2500;
            we = $random(seed);
            wa = $random(seed);
            ra = cycle < DEPTH ? cycle : $random(seed);  // first every preloaded word, then at random
            din = $random(seed);
            #2500 clk = 1'b1;
            #1 if (cycle > 0) $display("%h", dout);
            #4999 clk = 1'b0;
        end
        $finish;
    end
endmodule
