`default_nettype none
// ascon_linear: the linear layer of the Ascon permutation (NIST SP 800-232), combinational, on
// the COLS lowest bit positions of each word: each 64-bit word XORed with two right rotations of
// itself (S0: 19, 28; S1: 61, 39; S2: 1, 6; S3: 10, 17; S4: 7, 41); with EN = 0 the words pass
// unchanged. The basic core takes all 64 positions; the lightweight core 32 at a time, of words
// that it rotates by 32 between them (the layer commutes with rotation, so the taps stay put).
module ascon_linear #(
    // Bit positions computed (1 .. 64).
    parameter COLS = 64
) (
    // The state: S0 in bits 63..0, S1 in 127..64, ..., S4 in 319..256.
    input  wire [319:0]      s_in,
    input  wire              en,
    // Bits COLS-1..0 of each word: S0 in bits COLS-1..0, S1 in 2*COLS-1..COLS, ...
    output wire [5*COLS-1:0] s_out
);

    initial begin
        if (COLS < 1 || COLS > 64) begin
            $display("ascon_linear: COLS must be 1 .. 64, got %0d", COLS);
            $finish;
        end
    end

    // bit j of word w: the word's bits j, j + R1 and j + R2 (mod 64), R1 and R2 its rotations
    genvar w, j;
    generate
        for (w = 0; w < 5; w = w + 1) begin : gen_word
            localparam integer R1 = w == 0 ? 19 : w == 1 ? 61 : w == 2 ? 1 : w == 3 ? 10 : 7;
            localparam integer R2 = w == 0 ? 28 : w == 1 ? 39 : w == 2 ? 6 : w == 3 ? 17 : 41;
            for (j = 0; j < COLS; j = j + 1) begin : gen_bit
                assign s_out[w * COLS + j] = s_in[64 * w + j]
                    ^ (en & (s_in[64 * w + (j + R1) % 64] ^ s_in[64 * w + (j + R2) % 64]));
            end
        end
    endgenerate

endmodule
