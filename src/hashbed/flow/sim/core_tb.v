`timescale 1ps/1ps
// Testbench of a core's post-route timing simulation: the routed core (module top, with its
// delays) behind ideal first-word-fall-through sources and an always-ready sink. A core of the
// hash interface (LWC = 0) reads din and writes dout; a core of the LWC interface (LWC = 1,
// docs/interface.md) reads pdi and sdi and writes do (do_last is not needed: the host knows how
// many words it expects). Only the branch of the core's interface is elaborated.
//
// Plusargs: +words=FILE (hex, one input word per line: din, or pdi), +count=N (words in FILE),
// +outputs=M (words the core must write), +period=P (ps), +input_delay=D (ps after each
// rising edge at which the inputs change: the latest clock arrival at a flip-flop, so
// that the inputs behave like a register on the core's own clock tree), +max_cycles=C; an LWC
// core's +sdi_words=FILE, +sdi_count=N (its sdi words; none when +sdi_count is 0 or missing).
// Four slow cycles (100 ns) of reset come first. Prints "out <hex>" for every word the
// core writes; after the M-th: "first <cycle>" and "last <cycle>" (the cycles at which
// the first input word was read and the last word written) and "done"; "timeout" if C cycles
// pass first. hashbed's fast timing engine reproduces it event for event (its "core" and "lwc"
// commands).
module tb #(
    parameter W = 32,
    parameter SW = 32,
    parameter LWC = 0,
    parameter MAX_WORDS = 65536
);
    reg           clk = 1'b0, rst = 1'b1;
    reg  [W-1:0]  in_data = {W{1'b0}};
    reg           in_valid = 1'b0;
    reg  [SW-1:0] sdi_data = {SW{1'b0}};
    reg           sdi_valid = 1'b0;
    wire          in_ready, sdi_ready, out_valid;
    wire [W-1:0]  out_data;

    generate
        if (LWC) begin : lwc
            /* the routed top has do_last as an output; it is left open */
            top dut (
                .clk(clk), .rst(rst),
                .pdi_data(in_data), .pdi_valid(in_valid), .pdi_ready(in_ready),
                .sdi_data(sdi_data), .sdi_valid(sdi_valid), .sdi_ready(sdi_ready),
                .do_data(out_data), .do_ready(1'b1), .do_valid(out_valid)
            );
        end else begin : hash
            top dut (
                .clk(clk), .rst(rst), .din(in_data), .src_ready(in_valid), .src_read(in_ready),
                .dout(out_data), .dst_ready(1'b1), .dst_write(out_valid)
            );
            assign sdi_ready = 1'b0;
        end
    endgenerate

    reg [W-1:0]  words [0:MAX_WORDS-1];
    reg [SW-1:0] sdi_words [0:MAX_WORDS-1];
    reg [1023:0] file, sdi_file;
    integer count, sdi_count, outputs, period, input_delay, max_cycles, index, sdi_index, written, cycle, first, last, i;

    initial begin
        if (!$value$plusargs("words=%s", file)) begin $display("error: +words missing"); $finish; end
        if (!$value$plusargs("count=%d", count)) begin $display("error: +count missing"); $finish; end
        if (!$value$plusargs("outputs=%d", outputs)) begin $display("error: +outputs missing"); $finish; end
        if (count < 1 || count > MAX_WORDS) begin $display("error: +count must be 1..%0d", MAX_WORDS); $finish; end
        if (!$value$plusargs("sdi_count=%d", sdi_count)) sdi_count = 0;
        if (sdi_count < 0 || sdi_count > MAX_WORDS) begin $display("error: +sdi_count must be 0..%0d", MAX_WORDS); $finish; end
        if (sdi_count > 0 && !$value$plusargs("sdi_words=%s", sdi_file)) begin $display("error: +sdi_words missing"); $finish; end
        if (!$value$plusargs("period=%d", period)) period = 10000;
        if (!$value$plusargs("input_delay=%d", input_delay)) input_delay = 0;
        if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 100000;
        if (2 * input_delay >= period) begin $display("error: input_delay must be below half the period"); $finish; end
        $readmemh(file, words, 0, count - 1);
        if (sdi_count > 0) $readmemh(sdi_file, sdi_words, 0, sdi_count - 1);
        index = 0;
        sdi_index = 0;
        written = 0;
        first = -1;
        last = -1;
        for (i = 0; i < 4; i = i + 1) begin #50000 clk = 1'b1; #50000 clk = 1'b0; end
        #(period - period / 2);
        for (cycle = 0; cycle < max_cycles; cycle = cycle + 1) begin
            // a rising edge: the handshakes as the core's flip-flops see them
            if (cycle > 0 && in_ready && in_valid) begin
                if (first < 0) first = cycle;
                index = index + 1;
            end
            if (cycle > 0 && sdi_ready && sdi_valid) sdi_index = sdi_index + 1;
            if (cycle > 0 && out_valid) begin
                $display("out %h", out_data);
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
            in_valid = index < count;
            in_data = index < count ? words[index] : {W{1'b0}};
            sdi_valid = sdi_index < sdi_count;
            sdi_data = sdi_index < sdi_count ? sdi_words[sdi_index] : {SW{1'b0}};
            #(period / 2 - input_delay) clk = 1'b0;
            #(period - period / 2);
        end
        $display("timeout");
        $finish;
    end
endmodule
