`default_nettype none
// sha256_compress: SHA-256 compression, one round per clock: the message schedule, the
// round function and the chaining value of the SHA-256 cores (sha256_datapath for the
// basic iterative core, sha256_lw_datapath for the lightweight ones). The round constants
// come from outside (k_ahead), and so does the digest output, read from the chains.
//
// The message schedule is a 16-word window (W[t] .. W[t+15]); each round consumes
// W[t] and shifts in W[t+16], or a word of the next block from din when the
// controller says so. a..g are the working variables; h is never stored, because
// h + K[t] + W[t] of the next round is summed one round ahead (p_q), from g. All
// additions are chains of two-operand adders (carry chains), not carry-save trees.
//
// Chaining value: hh_q = H0..H3 and ee_q = H4..H7 are two 4-word shift chains. The
// last words of a block come out of the round function one at a time: the a of
// rounds 61, 62, 63 and 64 ends as d, c, b and a, so H3 + a, H2 + a, H1 + a and
// H0 + a are added by one adder at the end of chain hh while it shifts the sums in
// at its head; chain ee does the same with e and H7..H4. After the finalize cycle
// both chains (and a..g) hold the new chaining value: two adders instead of eight.
// A new message starts the same way: msg_init puts the IV into the chains, and the
// next cycle (init_q) loads a..g from them as a finalize cycle would.
//
// Digest rotation (the lightweight cores): clear_ae with finalize clears a and e after
// their last use in the chain additions, so that from then on the chain adders add zero
// and each chain_rot shifts both chains round by one word, unchanged.
//
// Look-ahead registers, all shifted with the window (w_shift):
//   u_q  = W[t] + W[t+9] + s0(W[t+1])   so W[t+16] = u_q + s1(W[t+14])
//   kw_q = K[t+1] + W[t+1]
//   p_q  = h + K[t] + W[t]              (h of round t = g of round t-1)
// For round 0 of a block, h is H7, kept in z_q (IV at msg_init, H7 from round 62 on).
// round_idx counts 48..63 while the first block of a segment is loaded, so the
// look-ahead sees the same indices before round 0 in both cases.
//
// Registers are cheap on the target and LUT4s are not, so several multiplexers are
// replaced by registers cleared with their synchronous reset: b and g are each
// kept as two halves ORed by their readers.
module sha256_compress (
    input  wire         clk,
    input  wire [31:0]  din,        // next message word
    input  wire         msg_init,   // load the IV (the cycle before a message's first load)
    input  wire         w_shift,    // shift the schedule window by one word ...
    input  wire         w_load,     // ... taking din instead of the computed word
    input  wire         round_en,   // perform round round_idx
    input  wire [5:0]   round_idx,  // round, or 48 + word while loading a first block
    input  wire [31:0]  k_ahead,    // K[(round_idx + 2) mod 64]
    input  wire         finalize,   // chaining value += working variables
    input  wire         clear_ae,   // with finalize: clear a and e for the digest rotation
    input  wire         chain_rot,  // rotate both chains by one word
    output wire [127:0] hh,         // H0..H3, H0 in the top word (after the finalize cycle)
    output wire [127:0] ee,         // H4..H7, H4 in the top word
    output wire [31:0]  hh_sum      // H0 in the finalize cycle (the sum at the chain's end)
);

    localparam [255:0] IV = {
        32'h6a09e667, 32'hbb67ae85, 32'h3c6ef372, 32'ha54ff53a,
        32'h510e527f, 32'h9b05688c, 32'h1f83d9ab, 32'h5be0cd19
    };

    function [31:0] rotr(input [31:0] x, input integer n);
        rotr = (x >> n) | (x << (32 - n));
    endfunction

    reg [511:0] w_q, w_d;      // schedule window, W[t] in the top word
    reg [159:0] v_q, v_d;      // working variables a, c, d, e, f, a in the top word
    reg [31:0]  br_q, br_d;    // b = br_q | bf_q: br_q is b from the rounds (else 0) ...
    reg [31:0]  bf_q, bf_d;    // ... bf_q b from the chaining value (else 0)
    reg [31:0]  gr_q, gr_d;    // g = gr_q | gf_q, likewise
    reg [31:0]  gf_q, gf_d;
    reg         init_q, init_d; // the cycle after msg_init: load a..g from the chains
    reg [127:0] hh_q, hh_d;    // chaining words H0..H3, H0 in the top word
    reg [127:0] ee_q, ee_d;    // chaining words H4..H7, H4 in the top word
    reg [31:0]  z_q, z_d;      // H7 for the p_q of round 0
    reg [31:0]  u_q, u_d;      // W[t] + W[t+9] + s0(W[t+1])
    reg [31:0]  kw_q, kw_d;    // K[t+1] + W[t+1]
    reg [31:0]  p_q, p_d;      // h + K[t] + W[t]
    reg         at63_q, at63_d; // round_idx is 63

    wire [31:0] a = v_q[159:128], c = v_q[127:96], d = v_q[95:64];
    wire [31:0] e = v_q[63:32],   f = v_q[31:0];
    wire [31:0] b = br_q | bf_q,  g = gr_q | gf_q;
    // Loading a..g from the chains: the finalize cycle, or the cycle after msg_init
    wire        chain_load = finalize || init_q;

    // Message schedule: W[t+16] = s1(W[t+14]) + W[t+9] + s0(W[t+1]) + W[t]
    wire [31:0] w1 = w_q[479:448], w2 = w_q[447:416], w10 = w_q[191:160];
    wire [31:0] w14 = w_q[63:32];
    wire [31:0] small_s0_ahead = rotr(w2, 7) ^ rotr(w2, 18) ^ (w2 >> 3);
    wire [31:0] small_s1 = rotr(w14, 17) ^ rotr(w14, 19) ^ (w14 >> 10);
    (* keep *) wire [31:0] u_part;
    assign u_part = w1 + w10;
    wire [31:0] w_next = u_q + small_s1;

    // Round function, as chained two-operand additions (no carry-save trees)
    wire [31:0] big_s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    wire [31:0] big_s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    wire [31:0] ch = (e & f) ^ (~e & g);
    wire [31:0] maj = (a & b) ^ (a & c) ^ (b & c);
    (* keep *) wire [31:0] s1_ch;
    assign s1_ch = big_s1 + ch;
    (* keep *) wire [31:0] t1;
    assign t1 = p_q + s1_ch;
    (* keep *) wire [31:0] t2;
    assign t2 = big_s0 + maj;
    wire [31:0] a_next = t1 + t2;
    wire [31:0] e_next = d + t1;

    // Chaining additions at the ends of the two chains
    assign hh_sum = a + hh_q[31:0];
    wire [31:0] ee_sum = e + ee_q[31:0];

    // The chains shift in rounds 61..63, when a..g are loaded from them, and on chain_rot
    wire chain_en = chain_load || chain_rot || (round_en && round_idx >= 6'd61);
    // h of the next round: g, or H7 before round 0 (index 63: last load cycle, round 63;
    // p_q is don't-care after the other load cycles). at63_q flags index 63 from a
    // register, so the multiplexer stays one LUT4 per bit.
    wire [31:0] h_ahead = at63_q ? z_q : g;

    // Next values of the schedule window and the look-ahead sums
    always @* begin
        w_d = w_q;
        u_d = u_q;
        kw_d = kw_q;
        p_d = p_q;
        at63_d = at63_q;
        if (w_shift) begin
            at63_d = round_idx == 6'd62;
            w_d = {w_q[479:0], w_load ? din : w_next};
            u_d = u_part + small_s0_ahead;
            kw_d = k_ahead + w2;
            p_d = h_ahead + kw_q;
        end
    end

    // Next values of the working variables and the chaining chains. msg_init sets the
    // chains to the IV one position rotated, and a, e to 0, so that the load from the
    // chains in the next cycle (a + hh_q[31:0] = IV0, ...) gives the IV everywhere,
    // as a finalize cycle gives the new chaining value.
    always @* begin
        v_d = v_q;
        hh_d = hh_q;
        ee_d = ee_q;
        z_d = z_q;
        if (msg_init) begin
            v_d[159:128] = 32'd0;
            v_d[63:32] = 32'd0;
            hh_d = {IV[223:128], IV[255:224]};
            ee_d = {IV[95:0], IV[127:96]};
            z_d = IV[31:0];
        end else begin
            if (chain_load)
                v_d = {hh_sum, hh_q[95:32], ee_sum, ee_q[127:96]};
            else if (round_en)
                v_d = {a_next, b, c, e_next, e};
            if (finalize && clear_ae) begin
                v_d[159:128] = 32'd0;
                v_d[63:32] = 32'd0;
            end
            if (chain_en) begin
                hh_d = {hh_sum, hh_q[127:32]};
                ee_d = {ee_sum, ee_q[127:32]};
            end
            if (round_en && round_idx == 6'd62)
                z_d = ee_q[127:96];
        end
    end

    // The cycle after msg_init
    always @* init_d = msg_init;

    // b and g in two halves, so that loading them from the chains needs no
    // multiplexer: each half is cleared by the register's synchronous reset while the
    // other is in use. Their readers (Maj, Ch, the c input, h_ahead) have a LUT4
    // input to spare for the OR.
    always @* begin
        br_d = br_q;
        bf_d = bf_q;
        gr_d = gr_q;
        gf_d = gf_q;
        if (round_en) begin
            br_d = a;
            gr_d = f;
            bf_d = 32'd0;
            gf_d = 32'd0;
        end
        if (chain_load) begin
            br_d = 32'd0;
            gr_d = 32'd0;
            bf_d = hh_q[127:96];
            gf_d = ee_q[95:64];
        end
    end

    // Registers
    always @(posedge clk) begin
        w_q <= w_d;
        u_q <= u_d;
        kw_q <= kw_d;
        p_q <= p_d;
        at63_q <= at63_d;
        v_q <= v_d;
        br_q <= br_d;
        bf_q <= bf_d;
        gr_q <= gr_d;
        gf_q <= gf_d;
        init_q <= init_d;
        hh_q <= hh_d;
        ee_q <= ee_d;
        z_q <= z_d;
    end

    assign hh = hh_q;
    assign ee = ee_q;

endmodule
