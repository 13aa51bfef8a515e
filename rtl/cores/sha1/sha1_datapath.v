`default_nettype none
// sha1_datapath: SHA-1 compression, one round per clock.
//
// The message schedule is a 16-word window (W[t] .. W[t+15]); each round consumes
// W[t] and shifts in W[t+16], or a word of the next block from din when the
// controller says so. a..d are the working variables; e is never stored, because
// e + K[t] + W[t] of the next round is summed one round ahead (p_q), from d.
//
// Chaining value: two shift chains, aa_q = H0, H1 and cc_q = H2, H3, H4. At the end
// of a block the words of the state are the a of rounds 80 and 79 (a, b) and
// rotl30 of the a of rounds 78, 77, 76 (c, d, e), and those already sit in c during
// rounds 78, 79 and the finalize cycle. So one adder at the end of chain cc adds
// H4, H3, H2 to c in rounds 78, 79 and the finalize cycle, and one at the end of
// chain aa adds H1, H0 to a in round 79 and the finalize cycle, each chain shifting
// the sums in at its head: two adders instead of five. After the finalize cycle both
// chains (and a..d) hold the new chaining value.
//
// Look-ahead registers, all shifted with the window (w_shift):
//   kw_q = K[t+1] + W[t+1]
//   p_q  = e + K[t] + W[t]               (e of round t = d of round t-1)
//   f_sel_q, k_sel_q                     quarter (round function) of rounds t, t+2
// For round 0 of a block, e is H4, kept in z_q (IV at msg_init, N4 from round 78 on).
// round_idx counts 64..79 while the first block of a segment is loaded, so the
// look-ahead sees the same indices before round 0 in both cases. All additions are
// chains of two-operand adders (carry chains), not carry-save trees.
//
// The digest words for dout are register copies zeroed (synchronous reset) unless
// selected, so the output multiplexer is an OR of five words.
module sha1_datapath (
    input  wire        clk,
    input  wire [31:0] din,
    input  wire        msg_init,
    input  wire        w_shift,
    input  wire        w_load,
    input  wire        round_en,
    input  wire [6:0]  round_idx,
    input  wire        finalize,
    input  wire        out_next,
    output wire [31:0] dout
);

    localparam [159:0] IV = {32'h67452301, 32'hefcdab89, 32'h98badcfe, 32'h10325476, 32'hc3d2e1f0};
    localparam [127:0] K = {32'h5a827999, 32'h6ed9eba1, 32'h8f1bbcdc, 32'hca62c1d6};

    // Quarter of round t mod 80: 0 Ch, 1 parity, 2 Maj, 3 parity
    function [1:0] quarter(input [6:0] t);
        if (t < 7'd20 || t >= 7'd80) quarter = 2'd0;
        else if (t < 7'd40) quarter = 2'd1;
        else if (t < 7'd60) quarter = 2'd2;
        else quarter = 2'd3;
    endfunction

    function [31:0] rotl(input [31:0] x, input integer n);
        rotl = (x << n) | (x >> (32 - n));
    endfunction

    reg [511:0] w_q, w_d;      // schedule window, W[t] in the top word
    reg [127:0] v_q, v_d;      // working variables a..d, a in the top word
    reg [63:0]  aa_q, aa_d;    // chaining words H0, H1, H0 in the top word
    reg [95:0]  cc_q, cc_d;    // chaining words H2, H3, H4, H2 in the top word
    reg [31:0]  z_q, z_d;      // H4 for the p_q of round 0
    reg [31:0]  kw_q, kw_d;    // K[t+1] + W[t+1]
    reg [31:0]  p_q, p_d;      // e + K[t] + W[t]
    reg [1:0]   f_sel_q, f_sel_d;  // quarter of round t
    reg [1:0]   k_sel_q, k_sel_d;  // quarter of round t + 2 (constant for kw_d)
    reg         at79_q, at79_d;    // round_idx is 79

    wire [31:0] a = v_q[127:96], b = v_q[95:64], c = v_q[63:32], d = v_q[31:0];

    // Message schedule: W[t+16] = rotl1(W[t+13] ^ W[t+8] ^ W[t+2] ^ W[t])
    wire [31:0] w0 = w_q[511:480], w2 = w_q[447:416], w8 = w_q[255:224], w13 = w_q[95:64];
    wire [31:0] w_next = rotl(w13 ^ w8 ^ w2 ^ w0, 1);

    // Round function of the quarter in f_sel_q
    reg [31:0] f;
    always @* begin
        case (f_sel_q)
            2'd0: f = (b & c) | (~b & d);
            2'd2: f = (b & c) | (b & d) | (c & d);
            default: f = b ^ c ^ d;
        endcase
    end

    // a of the next round: rotl5(a) + f + p_q, as two chained additions
    (* keep *) wire [31:0] a_p;
    assign a_p = rotl(a, 5) + p_q;
    wire [31:0] a_next = a_p + f;

    // Chaining additions at the ends of the two chains
    wire [31:0] aa_sum = a + aa_q[31:0];
    wire [31:0] cc_sum = c + cc_q[31:0];

    // Chain cc shifts in rounds 78, 79 and the finalize cycle, chain aa in round 79
    // and the finalize cycle
    wire cc_en = finalize || (round_en && round_idx >= 7'd78);
    wire aa_en = finalize || (round_en && round_idx == 7'd79);
    // e of the next round: d, or H4 before round 0 (index 79: last load cycle,
    // round 79; p_q is don't-care after the other load cycles)
    wire [31:0] e_ahead = at79_q ? z_q : d;

    // Next values of the schedule window and the look-ahead registers
    always @* begin
        w_d = w_q;
        kw_d = kw_q;
        p_d = p_q;
        f_sel_d = f_sel_q;
        k_sel_d = k_sel_q;
        at79_d = at79_q;
        if (w_shift) begin
            w_d = {w_q[479:0], w_load ? din : w_next};
            kw_d = K[127 - 32 * k_sel_q -: 32] + w2;
            p_d = e_ahead + kw_q;
            f_sel_d = quarter(round_idx + 7'd1);
            k_sel_d = quarter(round_idx + 7'd3);
            at79_d = round_idx == 7'd78;
        end
    end

    // Next values of the working variables and the chaining chains
    always @* begin
        v_d = v_q;
        aa_d = aa_q;
        cc_d = cc_q;
        z_d = z_q;
        if (msg_init) begin
            v_d = IV[159:32];
            aa_d = IV[159:96];
            cc_d = IV[95:0];
            z_d = IV[31:0];
        end else begin
            if (finalize)
                v_d = {aa_sum, aa_q[63:32], cc_sum, cc_q[95:64]};
            else if (round_en)
                v_d = {a_next, a, rotl(b, 30), c};
            if (aa_en)
                aa_d = {aa_sum, aa_q[63:32]};
            if (cc_en)
                cc_d = {cc_sum, cc_q[95:32]};
            if (round_en && round_idx == 7'd78)
                z_d = cc_sum;
        end
    end

    // Registers
    always @(posedge clk) begin
        w_q <= w_d;
        kw_q <= kw_d;
        p_q <= p_d;
        f_sel_q <= f_sel_d;
        k_sel_q <= k_sel_d;
        at79_q <= at79_d;
        v_q <= v_d;
        aa_q <= aa_d;
        cc_q <= cc_d;
        z_q <= z_d;
    end

    // Digest word on dout. H0 exists only as aa_sum in the finalize cycle, so its copy
    // is taken then and held; the other words follow aa_q, cc_q, which hold the new
    // chaining value from the end of the finalize cycle on.
    onehot_reg_mux #(
        .WORDS(5),
        .WIDTH(32)
    ) u_out_mux (
        .clk(clk),
        .start(finalize),
        .next(out_next),
        .words({aa_sum, aa_q[31:0], cc_q}),
        .load({{4{1'b1}}, finalize}),
        .dout(dout)
    );

endmodule
