`default_nettype none
// jh256_round: one round R8 of JH's bijection E8 on the grouped 1024-bit state.
//
// The state is 256 4-bit elements, element i in bits [1023-4i -: 4] (element 0 at the
// top, its most significant bit first). Bit i of the round constant c (c[255-i], most
// significant first) selects S-box S1 for element i, else S0. L mixes each pair
// (element 2i, element 2i+1); P8 = phi8 . P'8 . pi8 is wiring. With HALF = 1 the
// round can also be cut to its S-box layer (half = 1), as the last half round of the
// 35.5-round JH of round 2 needs.
module jh256_round #(
    // 1: the half input selects the S-box layer alone; 0: always a full round.
    parameter HALF = 0
) (
    input  wire [1023:0] s,
    input  wire [255:0]  c,
    input  wire          half,
    output wire [1023:0] r
);

    initial begin
        if (HALF != 0 && HALF != 1) begin
            $display("jh256_round: HALF must be 0 or 1, got %0d", HALF);
            $finish;
        end
    end

    // x * 2 in GF(2^4) modulo x^4 + x + 1
    function [3:0] times2(input [3:0] x);
        times2 = {x[2], x[1], x[0] ^ x[3], x[3]};
    endfunction

    wire [1023:0] sb;  // after the S-boxes
    wire [1023:0] l;   // after L

    genvar i, j;
    generate
        for (i = 0; i < 256; i = i + 1) begin : gen_sbox
            jh256_sbox u_sbox (
                .sel(c[255-i]),
                .x(s[1023-4*i -: 4]),
                .y(sb[1023-4*i -: 4])
            );
        end
        // L: D = B + 2A, C = A + 2D for A = element 2i, B = element 2i+1
        for (i = 0; i < 128; i = i + 1) begin : gen_mds
            wire [3:0] a = sb[1023-8*i -: 4];
            wire [3:0] b = sb[1019-8*i -: 4];
            wire [3:0] d = b ^ times2(a);
            assign l[1023-8*i -: 4] = a ^ times2(d);
            assign l[1019-8*i -: 4] = d;
        end
        // P8 as a gather: element j of the output is element SRC of l
        for (j = 0; j < 256; j = j + 1) begin : gen_perm
            localparam integer K = (j < 128) ? j : (j ^ 1);               // phi8
            localparam integer M = (K < 128) ? 2 * K : 2 * (K - 128) + 1; // P'8
            localparam integer SRC = (M % 4 >= 2) ? (M ^ 1) : M;          // pi8
            if (HALF) begin : gen_half
                assign r[1023-4*j -: 4] = half ? sb[1023-4*j -: 4] : l[1023-4*SRC -: 4];
            end else begin : gen_full
                assign r[1023-4*j -: 4] = l[1023-4*SRC -: 4];
            end
        end
    endgenerate

    wire unused = half;

endmodule
