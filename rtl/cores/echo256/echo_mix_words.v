`default_nettype none
// echo_mix_words: the AES MixColumns applied bytewise across four 128-bit words
// (ECHO's BIG.MixColumns on one column of the word matrix), combinational.
//
// For each byte position n (0 .. 15), the bytes a_r = byte n of word r (r = 0 .. 3)
// form an AES column, and byte n of output word r is
//   b_r = 2 a_r + 3 a_(r+1) + a_(r+2) + a_(r+3) = 2 (a_r + a_(r+1)) + a_(r+1) + a_(r+2) + a_(r+3)
// in GF(2^8) mod x^8+x^4+x^3+x+1. The byte order inside the words does not matter
// (the map is the same on every byte position). Word 0 is in the top bits of a and b.
module echo_mix_words (
    input  wire [511:0] a,  // words a_0 (bits 511:384) .. a_3 (bits 127:0)
    output wire [511:0] b   // words b_0 .. b_3
);

    // Every byte of a word multiplied by x (= 2)
    function [127:0] xtime_word(input [127:0] x);
        integer n;
        begin
            for (n = 0; n < 16; n = n + 1)
                xtime_word[8*n +: 8] = {x[8*n +: 7], 1'b0} ^ (x[8*n + 7] ? 8'h1b : 8'h00);
        end
    endfunction

    wire [127:0] a0 = a[511:384];
    wire [127:0] a1 = a[383:256];
    wire [127:0] a2 = a[255:128];
    wire [127:0] a3 = a[127:0];

    assign b = {
        xtime_word(a0 ^ a1) ^ a1 ^ a2 ^ a3,
        xtime_word(a1 ^ a2) ^ a2 ^ a3 ^ a0,
        xtime_word(a2 ^ a3) ^ a3 ^ a0 ^ a1,
        xtime_word(a3 ^ a0) ^ a0 ^ a1 ^ a2
    };

endmodule
