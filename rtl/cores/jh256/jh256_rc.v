`default_nettype none
// jh256_rc: JH's round constants, generated on the fly.
//
// c holds C(r), the 256-bit constant of the current round. C0 (the fractional part of
// sqrt(2)) is set by the flip-flops' synchronous set/reset (restart), so the restart
// costs no multiplexer; step applies R6 with the all-zero constant: S-box S0 on each of
// the 64 4-bit elements (element k in c[255-4k -: 4]), L on each pair, and P6 (wiring).
module jh256_rc (
    input  wire         clk,
    input  wire         restart,   // c = C0 from the next cycle on (priority over step)
    input  wire         step,      // c = R6(c)
    output wire [255:0] c
);

    localparam [255:0] C0 = 256'h6a09e667f3bcc908b2fb1366ea957d3e3adec17512775099da2f590b0667322a;

    function [3:0] times2(input [3:0] x);
        times2 = {x[2], x[1], x[0] ^ x[3], x[3]};
    endfunction

    reg  [255:0] c_q, c_d;
    wire [255:0] sb, l, next;

    genvar i, j;
    generate
        for (i = 0; i < 64; i = i + 1) begin : gen_sbox
            jh256_sbox0 u_sbox (
                .x(c_q[255-4*i -: 4]),
                .y(sb[255-4*i -: 4])
            );
        end
        for (i = 0; i < 32; i = i + 1) begin : gen_mds
            wire [3:0] a = sb[255-8*i -: 4];
            wire [3:0] b = sb[251-8*i -: 4];
            wire [3:0] d = b ^ times2(a);
            assign l[255-8*i -: 4] = a ^ times2(d);
            assign l[251-8*i -: 4] = d;
        end
        for (j = 0; j < 64; j = j + 1) begin : gen_perm
            localparam integer K = (j < 32) ? j : (j ^ 1);              // phi6
            localparam integer M = (K < 32) ? 2 * K : 2 * (K - 32) + 1; // P'6
            localparam integer SRC = (M % 4 >= 2) ? (M ^ 1) : M;        // pi6
            assign next[255-4*j -: 4] = l[255-4*SRC -: 4];
        end
    endgenerate

    always @* begin
        c_d = c_q;
        if (step) c_d = next;
        if (restart) c_d = C0;
    end

    always @(posedge clk) c_q <= c_d;

    assign c = c_q;

endmodule
