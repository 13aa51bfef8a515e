`timescale 1ps/1ps
// Testbench of a core's post-route timing simulation: the routed core (module top, with
// its delays) behind an ideal first-word-fall-through source and an always-ready sink.
//
// Plusargs: +words=FILE (hex, one input word per line), +count=N (words in FILE),
// +outputs=M (words the core must write), +period=P (ps), +input_delay=D (ps after each
// rising edge at which the inputs change: the latest clock arrival at a flip-flop, so
// that the inputs behave like a register on the core's own clock tree), +max_cycles=C.
// Four slow cycles (100 ns) of reset come first. Prints "out <hex>" for every word the
// core writes; after the M-th: "first <cycle>" and "last <cycle>" (the cycles at which
// the first word was read and the last word written) and "done"; "timeout" if C cycles
// pass first.
module tb #(
    parameter W = 32,
    parameter MAX_WORDS = 65536
);
    reg          clk = 1'b0, rst = 1'b1;
    reg  [W-1:0] din = {W{1'b0}};
    reg          src_ready = 1'b0;
    wire         src_read, dst_write;
    wire [W-1:0] dout;

    top dut (
        .clk(clk), .rst(rst), .din(din), .src_ready(src_ready), .src_read(src_read),
        .dout(dout), .dst_ready(1'b1), .dst_write(dst_write)
    );

    reg [W-1:0] words [0:MAX_WORDS-1];
    reg [1023:0] file;
    integer count, outputs, period, input_delay, max_cycles, index, written, cycle, first, last, i;

    initial begin
        if (!$value$plusargs("words=%s", file)) begin $display("error: +words missing"); $finish; end
        if (!$value$plusargs("count=%d", count)) begin $display("error: +count missing"); $finish; end
        if (!$value$plusargs("outputs=%d", outputs)) begin $display("error: +outputs missing"); $finish; end
        if (count < 1 || count > MAX_WORDS) begin $display("error: +count must be 1..%0d", MAX_WORDS); $finish; end
        if (!$value$plusargs("period=%d", period)) period = 10000;
        if (!$value$plusargs("input_delay=%d", input_delay)) input_delay = 0;
        if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 100000;
        if (2 * input_delay >= period) begin $display("error: input_delay must be below half the period"); $finish; end
        $readmemh(file, words, 0, count - 1);
        index = 0;
        written = 0;
        first = -1;
        last = -1;
        for (i = 0; i < 4; i = i + 1) begin #50000 clk = 1'b1; #50000 clk = 1'b0; end
        #(period - period / 2);
        for (cycle = 0; cycle < max_cycles; cycle = cycle + 1) begin
            // a rising edge: the handshakes as the core's flip-flops see them
            if (cycle > 0 && src_read && src_ready) begin
                if (first < 0) first = cycle;
                index = index + 1;
            end
            if (cycle > 0 && dst_write) begin
                $display("out %h", dout);
                written = written + 1;
                last = cycle;
            end
            if (written == outputs) begin
                $display("first %0d", first);
                $display("last %0d", last);
                $display("done");
                $finish;
            end
            clk = 1'b1;
            #(input_delay);
            rst = 1'b0;
            src_ready = index < count;
            din = index < count ? words[index] : {W{1'b0}};
            #(period / 2 - input_delay) clk = 1'b0;
            #(period - period / 2);
        end
        $display("timeout");
        $finish;
    end
endmodule
