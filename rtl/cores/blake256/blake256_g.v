`default_nettype none
// blake256_g: one BLAKE-256 G function, combinational.
//
// a += b + x0; d = (d ^ a) >>> 16; c += d; b = (b ^ c) >>> 12;
// a += b + x1; d = (d ^ a) >>> 8;  c += d; b = (b ^ c) >>> 7;
// where x0 = m[s(2i)] ^ c[s(2i+1)] and x1 = m[s(2i+1)] ^ c[s(2i)] come precomputed.
//
// b and d arrive as several registers of which all but one are zero (the datapath
// clears the unused ones); they are ORed here, inside LUTs that have inputs to spare:
// a + b + x0 is a carry-save layer (sum and majority, one LUT4 per bit each, with the
// OR of b's two parts inside) and one carry chain, and d ^ a takes d's three parts.
// a1 + x1 is added while c and b of the first half are computed, so the second half
// costs one carry chain after b1. Chain on the critical path: CSA LUT, adder, XOR,
// adder, XOR, adder, XOR, adder, (XOR in the datapath's register input).
module blake256_g (
    input  wire [31:0] a,
    input  wire [31:0] b_p,   // b = b_p | b_q
    input  wire [31:0] b_q,
    input  wire [31:0] c,
    input  wire [31:0] d_p,   // d = d_p | d_q | d_r
    input  wire [31:0] d_q,
    input  wire [31:0] d_r,
    input  wire [31:0] x0,
    input  wire [31:0] x1,
    output wire [31:0] a_out,
    output wire [31:0] b_out,
    output wire [31:0] c_out,
    output wire [31:0] d_out
);

    function [31:0] rotr(input [31:0] v, input integer n);
        rotr = (v >> n) | (v << (32 - n));
    endfunction

    wire [31:0] b = b_p | b_q;
    wire [31:0] d = d_p | d_q | d_r;

    // a + b + x0 as one carry-save layer and one adder
    wire [31:0] csa_s = a ^ b ^ x0;
    wire [30:0] csa_c = (a[30:0] & b[30:0]) | (a[30:0] & x0[30:0]) | (b[30:0] & x0[30:0]);
    (* keep *) wire [31:0] a1;
    assign a1 = csa_s + {csa_c, 1'b0};
    wire [31:0] d1 = rotr(d ^ a1, 16);
    (* keep *) wire [31:0] c1;
    assign c1 = c + d1;
    wire [31:0] b1 = rotr(b ^ c1, 12);
    // a1 + x1 in parallel with c1 and b1
    (* keep *) wire [31:0] a1x;
    assign a1x = a1 + x1;
    (* keep *) wire [31:0] a2;
    assign a2 = a1x + b1;
    wire [31:0] d2 = rotr(d1 ^ a2, 8);
    (* keep *) wire [31:0] c2;
    assign c2 = c1 + d2;

    assign a_out = a2;
    assign b_out = rotr(b1 ^ c2, 7);
    assign c_out = c2;
    assign d_out = d2;

endmodule
