`default_nettype none
// hamsi256_core: Hamsi-256 (SHA-3 round 2), basic iterative, one round per clock, with the
// hashbed core interface (docs/interface.md): 32-bit bus, host-side padding (a 1 bit,
// zeros to 32 bits, the 64-bit length as two more blocks; a block is one bus word).
//
// Datapath:
//   mexp_q   the expanded next block (m0..m7, 256 bits): a word is expanded as it is read
//            (hamsi256_expand) and waits there until its block starts (mvalid_q).
//   cv_q     the chaining value h0..h7; after the last round of a block it takes
//            h ^ T(round output) (clock enable); it is set to the IV by the flip-flops'
//            set/reset at reset and when the last digest word is written. The digest
//            words are read from it through an 8:1 multiplexer.
//   state_q  the 512-bit state with the constants of the next round already XORed in
//            (alpha of P or Pf, and the round counter in s1), so that a round is the
//            S-box layer and L (hamsi256_round) on the round input, and the constant
//            addition merges into the LUT4s of L (see hamsi256_round).
//   The round input is state_q, or, in the first round of a block (take_q), the
//   concatenation of mexp_q and cv_q with the round-0 constants (one LUT4 per bit): no
//   extra clock to load a block, and the next block's word is read during the current
//   block's first round. A block takes 3 clocks (P), the message's last block 6 (Pf).
//   The select of those 512 multiplexers comes from 16 kept copies of the take_q
//   flip-flop (one per 32 bits): from one flip-flop, its routing was 2.8 ns of the
//   critical path.
//
// Control: the reader takes a header, then the segment's words; a last segment of
// SEGMENT_BITS bits has floor(SEGMENT_BITS / 32) + 3 blocks, another segment
// SEGMENT_BITS / 32. The last word of a last segment is the block for Pf. take_q, busy_q,
// rnd_q and final_q (the block in the rounds is the last) are registered one clock ahead.
//
// Cycles for a message of N padded blocks (inclusive, first header read to last digest
// word): 1 (header) + 1 (first word) + 3 (Pf has 3 more rounds than P) + 3*N (rounds)
// + 8 (digest words) = 1 + 1 + 3 + 3*N + 8. Segment headers after the first cost
// nothing: they are read while a block is processed.
module hamsi256_core #(
    // Bus width in bits; only 32 is implemented (one block per word).
    parameter W = 32
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output wire         src_read,
    output wire [W-1:0] dout,
    input  wire         dst_ready,
    output wire         dst_write
);

    initial begin
        if (W != 32) begin
            $display("hamsi256_core: W must be 32, got %0d", W);
            $finish;
        end
    end

    localparam [255:0] IV = 256'h76657273_69746569_74204c65_7576656e_2c204465_70617274_656d656e_7420456c;
    // Round constants of P and Pf, words s0..s15 (as in hamsi256_round)
    localparam [511:0] ALPHA_P = {
        32'hff00f0f0, 32'hccccaaaa, 32'hf0f0cccc, 32'hff00aaaa,
        32'hf0f0cccc, 32'haaaaff00, 32'hccccff00, 32'haaaaf0f0,
        32'hccccaaaa, 32'hff00f0f0, 32'hff00aaaa, 32'hf0f0cccc,
        32'haaaaff00, 32'hf0f0cccc, 32'haaaaf0f0, 32'hccccff00};
    localparam [511:0] ALPHA_F = {
        32'hcaf9639c, 32'h0ff0f9c0, 32'h639c0ff0, 32'hcaf9f9c0,
        32'h639c0ff0, 32'hf9c0caf9, 32'h0ff0caf9, 32'hf9c0639c,
        32'h0ff0f9c0, 32'hcaf9639c, 32'hcaf9f9c0, 32'h639c0ff0,
        32'hf9c0caf9, 32'h639c0ff0, 32'hf9c0639c, 32'h0ff0caf9};

    localparam TAKE_COPIES = 16;
    localparam [1:0] R_HEADER = 2'd0,  // waiting for a segment header
                     R_DATA   = 2'd1,  // reading the segment's words
                     R_WAIT   = 2'd2;  // message read, waiting for its digest to be written

    // ------------------------------------------------------------------ control
    reg [1:0]  rd_q, rd_d;         // reader state
    reg [26:0] words_q, words_d;   // words left to read in the segment
    reg        lastseg_q, lastseg_d;
    reg        mvalid_q, mvalid_d;  // mexp_q holds a block not started yet
    reg        mfinal_q, mfinal_d;  // ... which is the message's last
    reg        take_q, take_d;      // this clock: first round of the block in mexp_q
    reg        busy_q, busy_d;      // this clock: a later round of the block
    reg [2:0]  rnd_q, rnd_d;        // this clock's round number
    reg        final_q, final_d;    // the block of this clock's round is the last (Pf)
    reg        out_q, out_d;        // writing the digest
    reg [2:0]  ocnt_q, ocnt_d;      // digest word

    // Segment header: SEGMENT_BITS / 32 words, and for the last segment the partial word,
    // the 1 bit and the 64-bit length: floor(SEGMENT_BITS / 32) + 3 words (PAD_MIN = 65
    // with 32-bit blocks)
    wire        seg_last, seg_empty;
    wire [26:0] seg_blocks;
    wire [25:0] unused_seg_whole;
    wire [4:0]  unused_seg_tail;
    wire [1:0]  unused_seg_extra;

    seg_header #(
        .W(W),
        .BLOCK_LOG2(5),
        .PAD_MIN(65)
    ) u_header (
        .hdr(din),
        .last(seg_last),
        .whole(unused_seg_whole),
        .tail(unused_seg_tail),
        .extra(unused_seg_extra),
        .blocks(seg_blocks),
        .empty(seg_empty)
    );
    wire        hdr_read = rd_q == R_HEADER && src_ready;
    wire        word_read = rd_q == R_DATA && src_ready && (!mvalid_q || take_q);
    wire        running = take_q || busy_q;
    wire        last_round = running && rnd_q == (final_q ? 3'd5 : 3'd2);
    wire        out_write = out_q && dst_ready;

    assign src_read = hdr_read || word_read;
    assign dst_write = out_write;

    always @* begin
        rd_d = rd_q;
        words_d = words_q;
        lastseg_d = lastseg_q;
        mfinal_d = mfinal_q;
        out_d = out_q;
        ocnt_d = ocnt_q;
        if (hdr_read) begin
            lastseg_d = seg_last;
            words_d = seg_blocks;
            if (!seg_empty) rd_d = R_DATA;
        end
        if (word_read) begin
            words_d = words_q - 1'b1;
            mfinal_d = lastseg_q && words_q == 27'd1;
            if (words_q == 27'd1) rd_d = lastseg_q ? R_WAIT : R_HEADER;
        end
        mvalid_d = word_read || (mvalid_q && !take_q);
        busy_d = running && !last_round;
        rnd_d = busy_d ? rnd_q + 1'b1 : 3'd0;
        take_d = !busy_d && mvalid_d;
        final_d = take_d ? mfinal_d : final_q;
        if (last_round && final_q) out_d = 1'b1;
        if (out_write) begin
            ocnt_d = ocnt_q + 1'b1;
            if (ocnt_q == 3'd7) begin
                out_d = 1'b0;
                rd_d = R_HEADER;
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            rd_q <= R_HEADER;
            mvalid_q <= 1'b0;
            take_q <= 1'b0;
            busy_q <= 1'b0;
            rnd_q <= 3'd0;
            out_q <= 1'b0;
            ocnt_q <= 3'd0;
        end else begin
            rd_q <= rd_d;
            mvalid_q <= mvalid_d;
            take_q <= take_d;
            busy_q <= busy_d;
            rnd_q <= rnd_d;
            out_q <= out_d;
            ocnt_q <= ocnt_d;
        end
        words_q <= words_d;
        lastseg_q <= lastseg_d;
        mfinal_q <= mfinal_d;
        final_q <= final_d;
    end

    // ------------------------------------------------------------------ datapath
    reg  [255:0] mexp_q;
    reg  [255:0] cv_q;
    reg  [511:0] state_q;
    wire [255:0] mexp_d;
    wire [511:0] y;

    hamsi256_expand u_expand (
        .m(din),
        .e(mexp_d)
    );

    // Block start: (m0, m1, h0, h1, h2, h3, m2, m3, m4, m5, h4, h5, h6, h7, m6, m7) with the
    // constants of round 0 (counter 0)
    wire [511:0] alpha = final_q ? ALPHA_F : ALPHA_P;
    wire [511:0] load = {mexp_q[255:192], cv_q[255:128], mexp_q[191:64], cv_q[127:0],
                         mexp_q[63:0]} ^ alpha;
    // take_q drives 512 multiplexers: TAKE_COPIES copies of it (kept flip-flops, so that
    // Yosys does not merge them), each for 512 / TAKE_COPIES bits.
    wire [511:0] round_in;
    genvar gt;
    generate
        for (gt = 0; gt < TAKE_COPIES; gt = gt + 1) begin : gen_take
            localparam BITS = 512 / TAKE_COPIES;
            (* keep *) reg take_copy_q;
            (* keep *) always @(posedge clk) take_copy_q <= take_d;
            assign round_in[BITS*gt +: BITS] = take_copy_q ? load[BITS*gt +: BITS] : state_q[BITS*gt +: BITS];
        end
    endgenerate

    hamsi256_round u_round (
        .s(round_in),
        .final_next(final_q),
        .ctr_next(rnd_q + 3'd1),
        .y(y)
    );

    // Truncation: s0, s1, s2, s3, s8, s9, s10, s11 of the round output. y carries the
    // constants of the round after the last one (counter 3 after P, 6 after Pf), which
    // are removed again here; they depend on final_q only.
    localparam [255:0] T_P = {ALPHA_P[511:384], ALPHA_P[255:128]} ^ {32'd0, 32'd3, 192'd0};
    localparam [255:0] T_F = {ALPHA_F[511:384], ALPHA_F[255:128]} ^ {32'd0, 32'd6, 192'd0};
    wire [255:0] trunc = {y[511:384], y[255:128]} ^ (final_q ? T_F : T_P);
    wire         msg_done = out_write && ocnt_q == 3'd7;

    always @(posedge clk) begin
        if (word_read) mexp_q <= mexp_d;
        if (running) state_q <= y;
        // IV at reset and after the digest is written (flip-flop set/reset)
        if (rst || msg_done) cv_q <= IV;
        else if (last_round) cv_q <= cv_q ^ trunc;
    end

    // Output: word ocnt_q of the chaining value
    wire [31:0] cv_word [0:7];
    genvar gw;
    generate
        for (gw = 0; gw < 8; gw = gw + 1) begin : gen_cv_word
            assign cv_word[gw] = cv_q[255 - 32*gw -: 32];
        end
    endgenerate
    assign dout = cv_word[ocnt_q];

endmodule
