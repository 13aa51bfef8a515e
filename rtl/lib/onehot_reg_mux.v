`default_nettype none
// onehot_reg_mux: a word multiplexer for digest output, built from registers.
//
// Each word has a register copy that is zeroed, through the flip-flops' synchronous
// reset, unless the word is selected; the output is the OR of the copies. On FPGAs
// whose flip-flops are cheaper than LUTs this costs about half the LUT4s of an
// AND-OR multiplexer (WORDS = 8: three LUT4s per bit instead of five), and dout
// comes straight from registers. The selection is one-hot: `start` selects word 0
// from the next cycle on, `next` moves it to the following word (word WORDS-1 wraps
// to word 0). A word's copy follows `words` while its `load` bit is 1 and holds
// otherwise, so a word that exists only for one cycle (load pulsed in that cycle)
// can be shown later.
module onehot_reg_mux #(
    // Number of words.
    parameter WORDS = 8,
    // Bits per word.
    parameter WIDTH = 32
) (
    input  wire                   clk,
    input  wire                   start,
    input  wire                   next,
    input  wire [WORDS*WIDTH-1:0] words,  // word 0 in the top bits
    input  wire [WORDS-1:0]       load,   // bit i: word i's copy follows words
    output reg  [WIDTH-1:0]       dout
);

    initial begin
        if (WORDS < 2) begin
            $display("onehot_reg_mux: WORDS must be at least 2, got %0d", WORDS);
            $finish;
        end
        if (WIDTH < 1) begin
            $display("onehot_reg_mux: WIDTH must be at least 1, got %0d", WIDTH);
            $finish;
        end
    end

    reg [WORDS-1:0]       sel_q, sel_d;    // one-hot, bit i selects word i
    reg [WORDS*WIDTH-1:0] copy_q, copy_d;  // word copies, zero unless selected

    // Selection: word 0 after start, the following word after each next
    always @* begin
        sel_d = sel_q;
        if (start) sel_d = {{(WORDS - 1){1'b0}}, 1'b1};
        else if (next) sel_d = {sel_q[WORDS-2:0], sel_q[WORDS-1]};
    end

    // Copies: loaded or held, and cleared unless selected (the clear maps to the
    // registers' synchronous reset)
    integer i;
    always @* begin
        for (i = 0; i < WORDS; i = i + 1) begin
            copy_d[(WORDS - i) * WIDTH - 1 -: WIDTH] =
                load[i] ? words[(WORDS - i) * WIDTH - 1 -: WIDTH] : copy_q[(WORDS - i) * WIDTH - 1 -: WIDTH];
            if (!sel_d[i]) copy_d[(WORDS - i) * WIDTH - 1 -: WIDTH] = {WIDTH{1'b0}};
        end
    end

    // Registers
    always @(posedge clk) begin
        sel_q <= sel_d;
        copy_q <= copy_d;
    end

    // The selected word: the OR of the copies
    always @* begin
        dout = {WIDTH{1'b0}};
        for (i = 0; i < WORDS; i = i + 1)
            dout = dout | copy_q[(WORDS - i) * WIDTH - 1 -: WIDTH];
    end

endmodule
