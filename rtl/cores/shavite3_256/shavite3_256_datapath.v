`default_nettype none
// shavite3_256_datapath: registers and round logic of the SHAvite-3-256 core.
//
// Byte order. Every 128-bit value is 16 bytes in AES (FIPS-197) byte order, byte 0 in
// bits [127:120]; this is also the order of the message bytes on the bus (big-endian
// packing), so message chunks, subkeys, chaining value and digest need no byte swap.
// The specification reads the same bytes as little-endian 32-bit words: word i of a
// chunk is bits [127-32i -: 32] with its least significant byte on top. Only the bit
// counter, which is a number, is byte-swapped (bswap) before it is XORed into a word.
//
// Compression (Feistel, 12 rounds of F = three AES rounds). Registers L, R (the two
// halves) and X (the F pipeline value). One AES round per cycle, c = 0 .. 35, phase
// p = c mod 3 of round c / 3:
//   p = 0, 1:  X <= AES(X) ^ k1, k2 (the round's second and third subkey)
//   p = 2:     R <= AES(X) ^ L,  L <= R,  X <= AES(X) ^ L ^ k0' (next round's first key)
// In c = 35 (p = 2 of round 11) the feed-forward h ^= (L, R) is folded in (h_fin):
//   H <= H ^ {R, L ^ AES(X)},  L <= H_hi ^ R,  R <= H_lo ^ L ^ AES(X),
//   X <= R_new ^ m0 (first subkey of the next block),
// so the next block starts in the same cycle. The idle state (clr) is L = R = 0 and
// X = 52..52 (SubBytes of 0x52 is 0, so AES(X) = 0) with H = IV (h_iv): the same c = 35
// step then starts a message's first block from the IV.
//
// Message expansion. A window K0..K3 of four 128-bit chunks (K0 oldest) slides one
// chunk per cycle: at cycle c it holds chunks c+1 .. c+4 of the 36, K0 is the key of
// the compression step, and the new chunk c+5 is either nonlinear,
//   AES(rot(K0)) ^ K3 ^ counter   (rot: words 1, 2, 3, 0; unkeyed AES round),
// or linear (words n0 = a0^b1, n1 = a1^b2, n2 = a2^b3, n3 = a3^n0, a = K0, b = K3).
// Chunks 36..39 would not be used: in c = 31 .. 34 the window takes the next block's
// four chunks from the message buffer instead, so in c = 35 it holds that block.
//
// Message buffer. Two 4-word shift registers, A for the even bus words and B for the
// odd ones, so that chunk j is {A_head, B_head} after j shifts of both: loading (one
// register per word) and unloading (both, one chunk per cycle) are the same shift by
// one word, with clock enables only, no multiplexer.
module shavite3_256_datapath (
    input  wire         clk,
    input  wire         rst,
    input  wire [63:0]  din,
    output wire [63:0]  dout,
    // message buffer
    input  wire         a_shift,    // shift din into A (even words; unload: with B)
    input  wire         b_shift,    // shift din into B (odd words)
    // message expansion
    input  wire         k_en,       // window advances
    input  wire         k_sel_m,    // new chunk: message buffer ...
    input  wire         k_sel_nl,   // ... nonlinear step, else linear step
    input  wire [63:0]  cnt,        // bit counter of the block being expanded
    input  wire         inj_4,      // counter words of chunk 4 (rk16, rk17)
    input  wire         inj_14,     // chunk 14 (rk57, rk58)
    input  wire         inj_21,     // chunk 21 (rk86, rk87)
    input  wire         inj_31,     // chunk 31 (rk124, rk127)
    // compression
    input  wire         x_en,       // X advances
    input  wire         lr_en,      // L, R advance (p = 2)
    input  wire         key_l,      // X's key includes L (p = 2)
    input  wire         h_fin,      // feed-forward step (c = 35): H advances, H in keys
    input  wire         clr,        // L = R = 0, X = 52..52
    input  wire         h_iv,       // H = IV
    input  wire [1:0]   out_sel     // digest word on dout
);

    // IV of SHAvite-3-256 as bytes (little-endian words 49BB3E47 2674860D ...)
    localparam [255:0] IV = {
        32'h473EBB49, 32'h0D867426, 32'hAC92B3A8, 32'hE6C41A02,
        32'hCF839240, 32'h865D0E62, 32'hCB9D926D, 32'h8B2ACC96
    };
    localparam [127:0] X_IDLE = {16{8'h52}};

    function [31:0] bswap(input [31:0] v);
        bswap = {v[7:0], v[15:8], v[23:16], v[31:24]};
    endfunction

    // ------------------------------------------------------------ message buffer
    reg [255:0] a_q, b_q;
    wire [127:0] m_chunk = {a_q[255:192], b_q[255:192]};

    always @(posedge clk) begin
        if (a_shift) a_q <= {a_q[191:0], din};
        if (b_shift) b_q <= {b_q[191:0], din};
    end

    // ------------------------------------------------------------ message expansion
    reg  [127:0] k0_q, k1_q, k2_q, k3_q;
    reg  [127:0] k3_d;
    wire [127:0] e_mixed;  // AES(rot(K0))
    wire [127:0] inj;      // counter words, bytes swapped
    wire [127:0] lin;

    // keep_hierarchy (both AES units): synthesized on its own, between ports, a round maps
    // as in a pipeline; flattened into the loops through k0_q and x_q the core takes
    // 9581 LUT4s instead of 7000 (docs/cores/shavite3_256.md)
    (* keep_hierarchy *) aes_round u_aes_e (
        .state({k0_q[95:0], k0_q[127:96]}),
        .round_key(128'd0),
        .result(e_mixed)
    );

    wire [31:0] c0 = bswap(cnt[31:0]);
    wire [31:0] c1 = bswap(cnt[63:32]);
    assign inj = {
        (inj_4 || inj_31) ? c0 : 32'd0,
        inj_4 ? ~c1 : (inj_14 ? c1 : 32'd0),
        inj_14 ? ~c0 : (inj_21 ? c1 : 32'd0),
        inj_21 ? ~c0 : (inj_31 ? ~c1 : 32'd0)
    };

    wire [31:0] n0 = k0_q[127:96] ^ k3_q[95:64];
    assign lin = {n0, k0_q[95:64] ^ k3_q[63:32], k0_q[63:32] ^ k3_q[31:0], k0_q[31:0] ^ n0};

    always @* begin
        if (k_sel_m) k3_d = m_chunk;
        else if (k_sel_nl) k3_d = e_mixed ^ k3_q ^ inj;
        else k3_d = lin;
    end

    always @(posedge clk) begin
        if (k_en) begin
            k0_q <= k1_q;
            k1_q <= k2_q;
            k2_q <= k3_q;
            k3_q <= k3_d;
        end
    end

    // ------------------------------------------------------------ compression
    reg  [127:0] x_q, l_q, r_q;
    reg  [255:0] h_q;
    wire [127:0] c_mixed;  // AES(X)

    (* keep_hierarchy *) aes_round u_aes_c (
        .state(x_q),
        .round_key(128'd0),
        .result(c_mixed)
    );

    wire [127:0] h_hi = h_q[255:128];
    wire [127:0] h_lo = h_q[127:0];
    wire [127:0] r_d = c_mixed ^ l_q ^ (h_fin ? h_lo : 128'd0);
    wire [127:0] l_d = r_q ^ (h_fin ? h_hi : 128'd0);
    wire [127:0] x_d = c_mixed ^ k0_q ^ (key_l ? l_q : 128'd0) ^ (h_fin ? h_lo : 128'd0);
    wire [255:0] h_d = {h_hi ^ r_q, h_lo ^ l_q ^ c_mixed};

    always @(posedge clk) begin
        if (rst || clr) begin
            x_q <= X_IDLE;
            l_q <= 128'd0;
            r_q <= 128'd0;
        end else begin
            if (x_en) x_q <= x_d;
            if (lr_en) begin
                l_q <= l_d;
                r_q <= r_d;
            end
        end
        if (rst || h_iv) h_q <= IV;
        else if (h_fin) h_q <= h_d;
    end

    // ------------------------------------------------------------ digest
    reg [63:0] dout_w;
    always @* begin
        case (out_sel)
            2'd0: dout_w = h_q[255:192];
            2'd1: dout_w = h_q[191:128];
            2'd2: dout_w = h_q[127:64];
            default: dout_w = h_q[63:0];
        endcase
    end
    assign dout = dout_w;

endmodule
