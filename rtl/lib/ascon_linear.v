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

    wire [63:0] a0 = s_in[63:0];
    wire [63:0] a1 = s_in[127:64];
    wire [63:0] a2 = s_in[191:128];
    wire [63:0] a3 = s_in[255:192];
    wire [63:0] a4 = s_in[319:256];

    wire [63:0] t0 = {a0[18:0], a0[63:19]} ^ {a0[27:0], a0[63:28]};
    wire [63:0] t1 = {a1[60:0], a1[63:61]} ^ {a1[38:0], a1[63:39]};
    wire [63:0] t2 = {a2[0],    a2[63:1]}  ^ {a2[5:0],  a2[63:6]};
    wire [63:0] t3 = {a3[9:0],  a3[63:10]} ^ {a3[16:0], a3[63:17]};
    wire [63:0] t4 = {a4[6:0],  a4[63:7]}  ^ {a4[40:0], a4[63:41]};

    assign s_out = {a4[COLS-1:0] ^ (t4[COLS-1:0] & {COLS{en}}),
                    a3[COLS-1:0] ^ (t3[COLS-1:0] & {COLS{en}}),
                    a2[COLS-1:0] ^ (t2[COLS-1:0] & {COLS{en}}),
                    a1[COLS-1:0] ^ (t1[COLS-1:0] & {COLS{en}}),
                    a0[COLS-1:0] ^ (t0[COLS-1:0] & {COLS{en}})};

endmodule
