`default_nettype none
// luffa256_datapath: Luffa-256 state (H0, H1, H2), message registers, message
// injection folded into the first step of each round, and the digest output.
//
// Word w of H_j is s_q[256*j + 32*w +: 32]. Each clock of a round computes
//   s <= step_j(in_j),  in_j = tweak_j(s_j ^ 2t ^ mask_j)  in the first step (mi = 1)
//                       in_j = s_j                         in the other seven,
// where t = H0 ^ H1 ^ H2 and mask_j = 2^j * M (multiplications by X in GF(2^32)^8).
// mask_q is loaded from the next-block registers (b_q) in the clock before the first
// step and cleared by its flip-flops' synchronous reset in every other clock, and the
// term 2t comes from tg = g_en & t, so the message injection costs no multiplexer in
// front of the state: only words 4..7 of Q1 and Q2 choose between the tweaked
// (rotated) and the plain state word, as the tweak applies to the first step only.
// The tweak's rotations of mask and of 2t are wiring (mask_q is stored rotated).
//
// A message starts with s_q set to the IV (synchronous set/reset, no multiplexer).
// The digest is t after the blank round; with g_en held during the output phase, each
// of four 64-bit copies takes its word of tg while it is selected and is cleared
// otherwise (synchronous reset), and dout is their OR.
module luffa256_datapath (
    input  wire        clk,
    input  wire [63:0] din,
    input  wire [3:0]  word_we,   // store din as bus word i of the next block (bit i)
    input  wire        init,      // s = IV
    input  wire        mask_load, // mask = 2^j * next block in the next clock
    input  wire        step_en,   // a step runs
    input  wire        mi,        // ... and it is the first of a round
    input  wire        g_en,      // tg = t (first step of a round, output phase)
    input  wire [2:0]  step,      // step number, for the constants
    input  wire [3:0]  sel_d,     // one-hot digest word selected in the next clock
    output wire [63:0] dout
);

    localparam [767:0] IV = {
        256'h8b264ae724aa230a666d18360306194fad659c0504016ce55dba5781f7efc89d,
        256'h746cd581cf1ccf0e8fc944b35d9b0557de099fa370eee9a0d9d2f256c3b44b95,
        256'hdef610bbee05813990152df46e292011dbf784654eaa6fb444b051e06d251e69
    };

    function [31:0] rotl;
        input [31:0] v;
        input integer n;
        begin
            rotl = (n == 0) ? v : ((v << n) | (v >> (32 - n)));
        end
    endfunction

    // Multiplication by X in GF(2^32)^8 (modulo X^8 + X^4 + X^3 + X + 1)
    function [255:0] times2;
        input [255:0] v;
        begin
            times2 = {v[223:0], v[255:224]};
            times2[63:32] = v[31:0] ^ v[255:224];
            times2[127:96] = v[95:64] ^ v[255:224];
            times2[159:128] = v[127:96] ^ v[255:224];
        end
    endfunction

    reg  [767:0] s_q, s_d;      // H0, H1, H2
    reg  [767:0] mask_q, mask_d; // 2^j * M, tweaked; zero except in first steps
    reg  [255:0] b_q, b_d;      // next block, word 0 in the low bits
    reg  [255:0] copy_q, copy_d; // digest word copies
    wire [191:0] rc;
    wire [767:0] y;

    luffa256_rc u_rc (
        .step(step),
        .c(rc)
    );

    // tg = g_en & (H0 ^ H1 ^ H2), and 2 * tg
    wire [255:0] tg = {256{g_en}} & (s_q[255:0] ^ s_q[511:256] ^ s_q[767:512]);
    wire [255:0] tg2 = times2(tg);

    // Step inputs, with the message injection and the tweak in the first step
    reg [767:0] x;
    integer j, w;
    always @* begin
        for (j = 0; j < 3; j = j + 1)
            for (w = 0; w < 8; w = w + 1)
                if (j > 0 && w >= 4)
                    x[256*j + 32*w +: 32] =
                        (mi ? rotl(s_q[256*j + 32*w +: 32], j) : s_q[256*j + 32*w +: 32])
                        ^ mask_q[256*j + 32*w +: 32] ^ rotl(tg2[32*w +: 32], j);
                else
                    x[256*j + 32*w +: 32] =
                        s_q[256*j + 32*w +: 32] ^ mask_q[256*j + 32*w +: 32] ^ tg2[32*w +: 32];
    end

    genvar g;
    generate
        for (g = 0; g < 3; g = g + 1) begin : gen_q
            luffa256_step u_step (
                .x(x[256*g +: 256]),
                .c0(rc[64*g +: 32]),
                .c4(rc[64*g + 32 +: 32]),
                .y(y[256*g +: 256])
            );
        end
    endgenerate

    // The next mask: 2^j * b, words 4..7 of j = 1, 2 rotated left by j (the tweak)
    wire [255:0] m1 = times2(b_q);
    wire [255:0] m2 = times2(m1);
    reg  [767:0] mask_next;
    always @* begin
        mask_next[255:0] = b_q;
        mask_next[511:256] = m1;
        mask_next[767:512] = m2;
        for (j = 1; j < 3; j = j + 1)
            for (w = 4; w < 8; w = w + 1)
                mask_next[256*j + 32*w +: 32] = rotl(mask_next[256*j + 32*w +: 32], j);
    end

    // Next values: each register is loaded from one source or held, and cleared or set
    // by its synchronous reset
    integer i;
    always @* begin
        s_d = s_q;
        if (step_en) s_d = y;
        if (init) s_d = IV;

        mask_d = {768{1'b0}};
        if (mask_load) mask_d = mask_next;

        b_d = b_q;
        for (i = 0; i < 4; i = i + 1)
            if (word_we[i]) b_d[64*i +: 64] = {din[31:0], din[63:32]};

        // Digest word i = t words 2i (high half) and 2i + 1
        for (i = 0; i < 4; i = i + 1)
            copy_d[64*i +: 64] = sel_d[i] ? {tg[64*i +: 32], tg[64*i + 32 +: 32]} : 64'd0;
    end

    always @(posedge clk) begin
        s_q <= s_d;
        mask_q <= mask_d;
        b_q <= b_d;
        copy_q <= copy_d;
    end

    assign dout = copy_q[63:0] | copy_q[127:64] | copy_q[191:128] | copy_q[255:192];

endmodule
