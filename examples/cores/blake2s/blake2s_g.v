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

    reg [31:0] a1, d1, c1, b1, a2, d2, c2, b2, t;
    always @* begin
        a1 = a + b + x;
        t  = d ^ a1;  d1 = {t[15:0], t[31:16]};
        c1 = c + d1;
        t  = b ^ c1;  b1 = {t[11:0], t[31:12]};
        a2 = a1 + b1 + y;
        t  = d1 ^ a2; d2 = {t[7:0], t[31:8]};
        c2 = c1 + d2;
        t  = b1 ^ c2; b2 = {t[6:0], t[31:7]};
    end
    assign a_o = a2;
    assign b_o = b2;
    assign c_o = c2;
    assign d_o = d2;

endmodule
