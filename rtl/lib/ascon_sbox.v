`default_nettype none
// ascon_sbox: the Ascon S-box (NIST SP 800-232) on COLS bit columns at once, combinational, in
// the standard's bitsliced form: column j is bit j of x0..x4, x0 its most significant input.
// The basic core (rtl/cores/ascon) applies it to all 64 columns of a round; the lightweight core
// (rtl/cores/ascon_lw) to a slice of them per clock.
module ascon_sbox #(
    // Columns substituted at once (1 .. 64).
    parameter COLS = 64
) (
    input  wire [COLS-1:0] x0,
    input  wire [COLS-1:0] x1,
    input  wire [COLS-1:0] x2,
    input  wire [COLS-1:0] x3,
    input  wire [COLS-1:0] x4,
    output wire [COLS-1:0] y0,
    output wire [COLS-1:0] y1,
    output wire [COLS-1:0] y2,
    output wire [COLS-1:0] y3,
    output wire [COLS-1:0] y4
);

    initial begin
        if (COLS < 1 || COLS > 64) begin
            $display("ascon_sbox: COLS must be 1 .. 64, got %0d", COLS);
            $finish;
        end
    end

    wire [COLS-1:0] b0 = x0 ^ x4;
    wire [COLS-1:0] b4 = x4 ^ x3;
    wire [COLS-1:0] b2 = x2 ^ x1;
    wire [COLS-1:0] c0 = b0 ^ (~x1 & b2);
    wire [COLS-1:0] c1 = x1 ^ (~b2 & x3);
    wire [COLS-1:0] c2 = b2 ^ (~x3 & b4);
    wire [COLS-1:0] c3 = x3 ^ (~b4 & b0);
    wire [COLS-1:0] c4 = b4 ^ (~b0 & x1);

    assign y0 = c0 ^ c4;
    assign y1 = c1 ^ c0;
    assign y2 = ~c2;
    assign y3 = c3 ^ c2;
    assign y4 = c4;

endmodule
