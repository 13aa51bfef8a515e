`default_nettype none
// skein512_datapath: Threefish-512 in UBI chaining, four rounds per clock, for the
// basic iterative Skein-512-256 core (skein512_core).
//
// Registers (words of 64 bits, word i in bits 64*i+63 .. 64*i):
//   v_q     state before the next key injection
//   m_q     the block being encrypted, kept for the feed-forward
//   buf_q   the next block, shifted in from din (bytes swapped: Skein is little-endian)
//           while the current one is encrypted; cleared when it is taken, so that it
//           holds the zero block of the output UBI when no message block follows
//   ring_q  the extended key k0..k8 as a ring: word i is k_((s+i) mod 9) at subkey s,
//           so subkey words 0..4 are ring words 0..4 and a step rotates by one word
//   sk_q    subkey words 5, 6, 7 (k + t_(s mod 3), k + t_((s+1) mod 3), k + s),
//           computed one step ahead from the next ring value
//
// A step (`step`) injects subkey s and runs rounds 4s .. 4s+3: v <= R4(v + sk_s). After
// steps 0..17, x = v + sk_18 is the Threefish ciphertext and h = x ^ m the new chaining
// value; the load cycle (`load`) puts h in the ring (unless the block is a message's
// first, whose key is the IV put there by `init`), the next block in v and m, and
// computes subkey 0. The ring's word 8 (k8 = C240 ^ k0 ^ .. ^ k7) is made during the
// first step, when it first enters the subkey (as word 7 of subkey 1), so the load cycle
// needs no 16-input parity. The digest is x (words 0..3) after the output block, whose
// m is zero; it leaves through registers (onehot_reg_mux), bytes swapped back.
module skein512_datapath #(
    // Skein version: 2 = v1.2 (Round 2), 3 = v1.3 (Round 3); selects C240 and the IV.
    parameter VERSION = 3
) (
    input  wire        clk,
    input  wire [63:0] din,
    input  wire        init,       // ring <= IV: a message starts
    input  wire        shift_in,   // buffer <= din, next word
    input  wire        load,       // start a block: v, m <= buffer, buffer cleared, subkey 0
    input  wire        keep_key,   // with load: the message's first block (key = IV in the ring)
    input  wire        step,       // inject a subkey, four rounds, next subkey
    input  wire        key_par,    // with step: the first of a block (ring word 7 <= k8)
    input  wire        odd,        // with step: subkey index odd (rotations of rounds 4..7)
    input  wire [4:0]  s_next,     // index of the next subkey
    input  wire [2:0]  t_sel,      // one-hot: s_next mod 3
    input  wire [63:0] t_pos,      // tweak of the next subkey's block: position (t0) ...
    input  wire [8:0]  t_flags,    // ... and t1 bits 127..119 (Final, First, type, BitPad)
    input  wire        out_start,  // the digest is in x: select digest word 0
    input  wire        out_next,   // next digest word
    output wire [63:0] dout
);

    initial begin
        if (VERSION != 2 && VERSION != 3) begin
            $display("skein512_datapath: VERSION must be 2 or 3, got %0d", VERSION);
            $finish;
        end
    end

    // Key-schedule parity constant and Skein-512-256 IV (the configuration UBI's result)
    localparam [63:0] C240 = VERSION == 2 ? 64'h5555555555555555 : 64'h1BD11BDAA9FC1A22;
    localparam [511:0] IV_V12 = {
        64'h7FE63D9BF94EDEB8, 64'hAFB7174BBD8FEEE9, 64'h8D5A3E904B1BE9C8, 64'hC962DC0FC0046F2C,
        64'h1D2117356504425A, 64'hE1A21465EE3FE124, 64'h7A6DAC64C047C2B0, 64'h85A195B18B2264EC};
    localparam [511:0] IV_V13 = {
        64'h3EEDBA1833EDFC13, 64'hC36FBAF9393AD185, 64'hE7A436CDC4746251, 64'hEC06025E74DD7683,
        64'h2A2767A4AE9B94DB, 64'h55AEA0614F816E6F, 64'hE83590301A79A9EB, 64'hCCD044A12FDB3E13};
    localparam [511:0] IV = VERSION == 2 ? IV_V12 : IV_V13;

    function [63:0] bswap(input [63:0] w);
        integer b;
        begin
            for (b = 0; b < 8; b = b + 1)
                bswap[8*b +: 8] = w[56-8*b +: 8];
        end
    endfunction

    reg [511:0] v_q, v_d;
    reg [511:0] m_q, m_d;
    reg [511:0] buf_q, buf_d;
    reg [575:0] ring_q, ring_d;
    reg [191:0] sk_q, sk_d;

    // Key injection and four rounds
    wire [511:0] sk = {sk_q, ring_q[319:0]};
    wire [511:0] x;
    genvar i;
    generate
        for (i = 0; i < 8; i = i + 1) begin : gen_inject
            assign x[64*i +: 64] = v_q[64*i +: 64] + sk[64*i +: 64];
        end
    endgenerate

    wire [511:0] r1, r2, r3, y;
    skein512_round #(.POS(0)) u_round0 (.x(x),  .odd(odd), .y(r1));
    skein512_round #(.POS(1)) u_round1 (.x(r1), .odd(odd), .y(r2));
    skein512_round #(.POS(2)) u_round2 (.x(r2), .odd(odd), .y(r3));
    skein512_round #(.POS(3)) u_round3 (.x(r3), .odd(odd), .y(y));

    // Feed-forward: the chaining value after the block
    wire [511:0] h = x ^ m_q;

    // k8 from the ring as the load cycle left it (k0..k7 in words 0..7)
    reg [63:0] parity;
    integer k;
    always @* begin
        parity = C240;
        for (k = 0; k < 8; k = k + 1)
            parity = parity ^ ring_q[64*k +: 64];
    end

    // State, block, buffer and key ring
    always @* begin
        v_d = v_q;
        m_d = m_q;
        buf_d = buf_q;
        ring_d = ring_q;
        if (load) begin
            v_d = buf_q;
            m_d = buf_q;
            buf_d = {512{1'b0}};
            if (!keep_key) ring_d[511:0] = h;
        end else begin
            if (step) begin
                v_d = y;
                ring_d = {ring_q[63:0], key_par ? parity : ring_q[575:512], ring_q[511:64]};
            end
            if (shift_in) buf_d = {bswap(din), buf_q[511:64]};
        end
    end

    // Subkey words 5..7 for the next step, from the next ring value and tweak
    wire [63:0] t0 = t_pos;
    wire [63:0] t1 = {t_flags, 55'd0};
    wire [63:0] t2 = t0 ^ t1;
    wire [63:0] tw_a = ({64{t_sel[0]}} & t0) | ({64{t_sel[1]}} & t1) | ({64{t_sel[2]}} & t2);  // t_(s mod 3)
    wire [63:0] tw_b = ({64{t_sel[0]}} & t1) | ({64{t_sel[1]}} & t2) | ({64{t_sel[2]}} & t0);  // t_((s+1) mod 3)
    always @* begin
        sk_d = sk_q;
        if (load || step)
            sk_d = {ring_d[64*7 +: 64] + {59'd0, s_next},
                    ring_d[64*6 +: 64] + tw_b,
                    ring_d[64*5 +: 64] + tw_a};
    end

    // Registers
    always @(posedge clk) begin
        v_q <= v_d;
        m_q <= m_d;
        buf_q <= buf_d;
        sk_q <= sk_d;
        if (init) ring_q[511:0] <= IV;
        else ring_q[511:0] <= ring_d[511:0];
        ring_q[575:512] <= ring_d[575:512];
    end

    // Digest output: words 0..3 of x, bytes swapped back to the bus order
    onehot_reg_mux #(
        .WORDS(4),
        .WIDTH(64)
    ) u_out (
        .clk(clk),
        .start(out_start),
        .next(out_next),
        .words({bswap(x[63:0]), bswap(x[127:64]), bswap(x[191:128]), bswap(x[255:192])}),
        .load(4'b1111),
        .dout(dout)
    );

endmodule
