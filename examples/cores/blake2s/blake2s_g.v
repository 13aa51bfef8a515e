`default_nettype none
// blake2s_g: the BLAKE2s mixing function G (RFC 7693, section 3.1), combinational.
// Rotations right by 16, 12, 8 and 7 (R1..R4 of BLAKE2s); x and y are the two message
// words the round's permutation selects for this G.
module blake2s_g (
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire [31:0] c,
    input  wire [31:0] d,
    input  wire [31:0] x,
    input  wire [31:0] y,
    output wire [31:0] a_o,
    output wire [31:0] b_o,
    output wire [31:0] c_o,
    output wire [31:0] d_o
);

    wire [31:0] a1 = a + b + x;
    wire [31:0] d1x = d ^ a1;
    wire [31:0] d1 = {d1x[15:0], d1x[31:16]};     // >>> 16
    wire [31:0] c1 = c + d1;
    wire [31:0] b1x = b ^ c1;
    wire [31:0] b1 = {b1x[11:0], b1x[31:12]};     // >>> 12
    wire [31:0] a2 = a1 + b1 + y;
    wire [31:0] d2x = d1 ^ a2;
    wire [31:0] d2 = {d2x[7:0], d2x[31:8]};       // >>> 8
    wire [31:0] c2 = c1 + d2;
    wire [31:0] b2x = b1 ^ c2;
    wire [31:0] b2 = {b2x[6:0], b2x[31:7]};       // >>> 7

    assign a_o = a2;
    assign b_o = b2;
    assign c_o = c2;
    assign d_o = d2;

endmodule
