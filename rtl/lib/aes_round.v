`default_nettype none
// aes_round: one full AES encryption round (FIPS-197 Cipher(), rounds 1..Nr-1):
// SubBytes, ShiftRows, MixColumns, AddRoundKey, combinational.
//
// The 128-bit state is in FIPS-197 byte order: byte n (n = 0..15) is bits
// [127-8n -: 8], and byte n holds row n%4 of column n/4 (the input block's byte order).
// The shared AES round of the AES-based hash functions (ECHO, SHAvite-3); a core that
// needs another word order permutes the wires around it, which costs no logic.
module aes_round (
    input  wire [127:0] state,      // round input
    input  wire [127:0] round_key,  // XORed after MixColumns
    output wire [127:0] result      // round output
);

    // xtime: multiplication by x (= 2) in GF(2^8) mod x^8+x^4+x^3+x+1
    function [7:0] xtime(input [7:0] b);
        xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    endfunction

    wire [127:0] substituted;
    wire [127:0] mixed;

    genvar n;
    generate
        for (n = 0; n < 16; n = n + 1) begin : g_sub
            // ShiftRows: row r of column c comes from column (c + r) % 4
            localparam integer ROW = n % 4;
            localparam integer SRC = 4 * (((n / 4) + ROW) % 4) + ROW;
            aes_sbox u_sbox (
                .a(state[127 - 8 * SRC -: 8]),
                .s(substituted[127 - 8 * n -: 8])
            );
        end
        for (n = 0; n < 4; n = n + 1) begin : g_mix
            wire [7:0] a0 = substituted[127 - 32 * n -: 8];
            wire [7:0] a1 = substituted[119 - 32 * n -: 8];
            wire [7:0] a2 = substituted[111 - 32 * n -: 8];
            wire [7:0] a3 = substituted[103 - 32 * n -: 8];
            // b_r = 2 a_r + 3 a_(r+1) + a_(r+2) + a_(r+3) = 2 (a_r + a_(r+1)) + a_(r+1) + a_(r+2) + a_(r+3)
            assign mixed[127 - 32 * n -: 32] = {
                xtime(a0 ^ a1) ^ a1 ^ a2 ^ a3,
                xtime(a1 ^ a2) ^ a2 ^ a3 ^ a0,
                xtime(a2 ^ a3) ^ a3 ^ a0 ^ a1,
                xtime(a3 ^ a0) ^ a0 ^ a1 ^ a2
            };
        end
    endgenerate

    assign result = mixed ^ round_key;

endmodule
