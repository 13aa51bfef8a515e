`default_nettype none
// echo256_datapath: the ECHO-256 state with its 16 AES round units, BIG.ShiftRows and
// BIG.MixColumns, the feed-forward (BIG.Final), the message buffer and the digest output.
//
// Word layout: a 128-bit word holds its 16 bytes in stream order, byte 0 in the top
// bits (FIPS-197 order, as rtl/lib/aes_round.v takes it); the bus words shift in
// unchanged, two per 128-bit word. The 2048-bit state s_q holds the word matrix
// column by column: word i (row i % 4, column i / 4) in bits 2047-128i .. 1920-128i.
//
//   s_q  (2048)  the state w[0..15]
//   f_q  (512)   per row r: V[r] ^ M[r] ^ M[r+4] ^ M[r+8] of the block in s_q
//                (the part of BIG.Final known when the block starts)
//   m_q  (1536)  message buffer: a shift register of 24 bus words (the next block)
//
// One state update per cycle (en), three kinds with one-hot selects (see echo256_ctrl
// for the schedule):
//   sel_aes: s_q <= aes_round(w[i], key_i) for every word: the keyed AES round of
//            BIG.SubWords (key_i = the counter of word i) or the second one (key 0:
//            the key inputs are zero then);
//   sel_mix: s_q <= BIG.MixColumns(BIG.ShiftRows(s_q));
//   load:    s_q <= {V', M}, f_q <= V' ^ fold(M), with the next block M from
//            the buffer and V' = the new chaining value (IV for a message's first
//            block, flag first). BIG.Final needs only the XOR of each row of the last
//            state, and that XOR commutes with BIG.ShiftRows (a permutation inside the
//            rows) and BIG.MixColumns (linear, the same map on every column):
//              V'[r] = f[r] ^ MixColumns(rowsum)[r], rowsum[r] = XOR_j w[4j + r],
//            so the last round's BIG.ShiftRows/MixColumns cycle is this load cycle.
//            The load after the last block leaves V' in words 0..3: the digest is
//            words 0 and 1, sent as 4 bus words.
//
// The counter key of word i is {hi + cy_i, lo_i} (64 bits; the upper 64 bits of the
// 128-bit AES key are 0): hi + cy_i = hi ^ (t & cy_i) with t = hi ^ (hi + 1), so a
// key bit is one more XOR input and no adder per word. It enters the AES round as its
// little-endian bytes, byte 0 (bits 7:0) first.
module echo256_datapath (
    input  wire         clk,
    input  wire [63:0]  din,
    input  wire         m_shift,   // shift din into the message buffer
    input  wire         en,        // state update
    input  wire         sel_aes,   // ... by the AES round units
    input  wire         sel_mix,   // ... by BIG.ShiftRows/MixColumns
    input  wire         load,      // ... by the load cycle (BIG.Final and the next block)
    input  wire         first,     // V' = IV (the message's first block)
    input  wire [59:0]  key_hi,    // counter bits 63:4 (0 outside keyed AES cycles)
    input  wire [59:0]  key_t,     // key_hi ^ (key_hi + 1) (0 likewise)
    input  wire [15:0]  key_cy,    // bit i: word i takes key_hi + 1
    input  wire [63:0]  key_lo,    // counter bits 3:0 of word i in bits 63-4i -: 4
    input  wire [1:0]   out_sel,   // digest word on dout
    output wire [63:0]  dout
);

    // IV word: the digest size 256 as a 128-bit little-endian integer (byte 1 = 01)
    localparam [127:0] IV_WORD = {8'h00, 8'h01, 112'h0};

    reg  [2047:0] s_q, s_d;
    reg  [511:0]  f_q, f_d;
    reg  [1535:0] m_q, m_d;
    wire [2047:0] aes_out;   // the AES round of every word
    wire [2047:0] shifted;   // BIG.ShiftRows(s_q)
    wire [2047:0] mixed;     // BIG.MixColumns(shifted)
    wire [511:0]  rowsum;    // XOR of each row of s_q
    wire [511:0]  rowmix;    // MixColumns of rowsum
    wire [511:0]  v_new;     // V'
    wire [511:0]  m_fold;    // per row r: M[r] ^ M[r+4] ^ M[r+8]

    genvar gi;
    generate
        for (gi = 0; gi < 16; gi = gi + 1) begin : gen_word
            // counter of word i, then as AES key: its little-endian bytes
            wire [63:0] ctr = {key_hi ^ (key_t & {60{key_cy[gi]}}), key_lo[63 - 4*gi -: 4]};
            wire [127:0] key = {ctr[7:0], ctr[15:8], ctr[23:16], ctr[31:24],
                                ctr[39:32], ctr[47:40], ctr[55:48], ctr[63:56], 64'h0};
            // keep_hierarchy: synthesized on its own, between ports, the round maps as in a
            // pipeline; flattened into the loop through s_q it takes about 45% more LUT4s
            // (77.1k LUT4s for the core against 53.3k, docs/cores/echo256.md)
            (* keep_hierarchy *) aes_round u_aes (
                .state(s_q[2047 - 128*gi -: 128]),
                .round_key(key),
                .result(aes_out[2047 - 128*gi -: 128])
            );
            // BIG.ShiftRows: word (row r, column j) comes from column (j + r) % 4
            localparam integer ROW = gi % 4;
            localparam integer SRC = 4 * (((gi / 4) + ROW) % 4) + ROW;
            assign shifted[2047 - 128*gi -: 128] = s_q[2047 - 128*SRC -: 128];
        end
        for (gi = 0; gi < 4; gi = gi + 1) begin : gen_col
            echo_mix_words u_mix (
                .a(shifted[2047 - 512*gi -: 512]),
                .b(mixed[2047 - 512*gi -: 512])
            );
        end
        for (gi = 0; gi < 4; gi = gi + 1) begin : gen_row
            assign rowsum[511 - 128*gi -: 128] = s_q[2047 - 128*gi -: 128] ^ s_q[1535 - 128*gi -: 128]
                                                ^ s_q[1023 - 128*gi -: 128] ^ s_q[511 - 128*gi -: 128];
            assign m_fold[511 - 128*gi -: 128] = m_q[1535 - 128*gi -: 128] ^ m_q[1023 - 128*gi -: 128]
                                                ^ m_q[511 - 128*gi -: 128];
            assign v_new[511 - 128*gi -: 128] = first ? IV_WORD
                                                : f_q[511 - 128*gi -: 128] ^ rowmix[511 - 128*gi -: 128];
        end
    endgenerate

    echo_mix_words u_rowmix (
        .a(rowsum),
        .b(rowmix)
    );

    // The state input is an AND-OR of the three sources with one-hot registered
    // selects (as in groestl256: no $mux cells that Yosys could move in front of the
    // S-boxes); the hold (en = 0) is the flip-flops' clock enable.
    always @* begin
        s_d = (aes_out & {2048{sel_aes}})
            | (mixed & {2048{sel_mix}})
            | ({v_new, m_q} & {2048{load}});
        f_d = v_new ^ m_fold;
        m_d = {m_q[1471:0], din};
    end

    always @(posedge clk) begin
        if (en) s_q <= s_d;
        if (load) f_q <= f_d;
        if (m_shift) m_q <= m_d;
    end

    // digest: words 0 and 1 of the state after the last load, 64 bits at a time
    assign dout = s_q[2047 - 64*out_sel -: 64];

endmodule
