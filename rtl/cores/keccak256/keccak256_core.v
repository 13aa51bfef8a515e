`default_nettype none
// keccak256_core: Keccak-256 / SHA3-256 (Keccak-f[1600], r = 1088, c = 512), basic
// iterative, one round per clock, with the hashbed core interface (docs/interface.md):
// 64-bit bus, host-side padding.
//
// The versions differ only in their padding, which the host applies; the core needs it
// only to count the padded blocks of a message's last segment, floor((SEGMENT_BITS +
// PAD_OFFSET) / 1088) + 1 with PAD_OFFSET = 1 (round 3, pad10*1), 24 (round 2: padding to
// a byte, two bytes d and r/8, a 1 bit) or 3 (FIPS 202: domain bits 01, then pad10*1).
//
// Datapath (no multiplexer in front of the 1600 state flip-flops):
//   state_q  the Keccak state, the input of the next round; cleared (synchronous reset)
//            when a message starts, held (clock enable) when no round runs.
//   sh_q     16 words of the next block, a shift register that takes every word read.
//   abs_q    the block to absorb, loaded from sh_q and din when the 17th word is read
//            and cleared (synchronous reset) in every other cycle, so it is zero except
//            in the one cycle where it is absorbed.
//   Each clock: state_q <= round(state_q) ^ abs_q. The block enters in the round that
//   ends the previous permutation (round 23), so a block costs exactly 24 clocks. The
//   first block of a message enters through one extra step on the cleared state with a
//   zero round constant: round(0) = 0, so state_q <= abs_q.
// The words of block i+1 are read while block i is permuted: 16 words into sh_q
// whenever they come, the 17th only in the clock of round 22 (or later, while round 23
// waits for it), so that abs_q holds the block exactly when round 23 absorbs it.
//
// Block counting without a divider: cnt_q is loaded with SEGMENT_BITS / 64 (the bus
// words of message bits) and counts down by one per data word. After the 17th word of
// a block, the block is the segment's last when cnt_q <= -inc, where inc = 0 for a
// segment that is not the message's last (whole blocks) and 1 + carry for the last
// one, carry = (SEGMENT_BITS mod 64 + PAD_OFFSET >= 64). The three cases are sign
// bits: of cnt_q - 1 (the decrementer's borrow, registered as dsign_q), of cnt_q, and
// of cnt_q one word earlier (sign16_q); the decision is taken two clocks after the
// 17th word (L_SETTLE, L_DECIDE), well before the next block's words are needed.
//
// Control: every wide enable is a flip-flop or one gate after src_ready. src_read is
// src_ready AND rd_en_q; rd_en_q, hdr_q, ld_q (this read is a block's 17th word),
// step_q (a round runs), finish_q (the message's last round) and clr_q (clear the
// state, the clock after a message's first header) are computed a clock ahead.
//
// Output: the digest is lanes 0..3, each byte-swapped onto the big-endian bus. Four
// 64-bit copies are zero unless their word is selected (synchronous reset); dout is
// their OR. Word 0 is copied from the round output in the last round, words 1..3 from
// state_q when selected, so the first word is written in the clock after the last round.
//
// Cycles for a message of N padded blocks in one segment: 1 (header) + 17 (first block)
// + 1 (absorbing it) + 24*N (rounds) + 4 (digest words) = 1 + 17 + 1 + 24*N + 4.
module keccak256_core #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64,
    // Padded blocks of a last segment: floor((SEGMENT_BITS + PAD_OFFSET) / 1088) + 1.
    parameter PAD_OFFSET = 1
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    output wire [W-1:0] dout,
    input  wire         dst_ready,
    output reg          dst_write
);

    initial begin
        if (W != 64) begin
            $display("keccak256_core: W must be 64, got %0d", W);
            $finish;
        end
        if (PAD_OFFSET < 1 || PAD_OFFSET > 63) begin
            $display("keccak256_core: PAD_OFFSET must be in 1..63, got %0d", PAD_OFFSET);
            $finish;
        end
    end

    localparam RATE_LANES = 17;
    // The padding is at least PAD_OFFSET + 1 bits
    localparam integer PAD_MIN = PAD_OFFSET + 1;

    function [63:0] bswap64(input [63:0] v);
        integer i;
        for (i = 0; i < 8; i = i + 1) bswap64[8*i +: 8] = v[56-8*i +: 8];
    endfunction

    // Round constants: bit j of rc_rom(i) is bit 2**j - 1 of RC[i]
    function [6:0] rc_rom(input [4:0] i);
        case (i)
            5'd0:  rc_rom = 7'b0000001;  5'd1:  rc_rom = 7'b0011010;
            5'd2:  rc_rom = 7'b1011110;  5'd3:  rc_rom = 7'b1110000;
            5'd4:  rc_rom = 7'b0011111;  5'd5:  rc_rom = 7'b0100001;
            5'd6:  rc_rom = 7'b1111001;  5'd7:  rc_rom = 7'b1010101;
            5'd8:  rc_rom = 7'b0001110;  5'd9:  rc_rom = 7'b0001100;
            5'd10: rc_rom = 7'b0110101;  5'd11: rc_rom = 7'b0100110;
            5'd12: rc_rom = 7'b0111111;  5'd13: rc_rom = 7'b1001111;
            5'd14: rc_rom = 7'b1011101;  5'd15: rc_rom = 7'b1010011;
            5'd16: rc_rom = 7'b1010010;  5'd17: rc_rom = 7'b1001000;
            5'd18: rc_rom = 7'b0010110;  5'd19: rc_rom = 7'b1100110;
            5'd20: rc_rom = 7'b1111001;  5'd21: rc_rom = 7'b1011000;
            5'd22: rc_rom = 7'b0100001;  5'd23: rc_rom = 7'b1110100;
            default: rc_rom = 7'b0000000;
        endcase
    endfunction

    // Loader states
    localparam [2:0] L_HEADER = 3'd0,  // waiting for a segment header
                     L_WORDS  = 3'd1,  // reading the words of a block
                     L_SETTLE = 3'd2,  // after a block's 17th word: the sign flags settle
                     L_DECIDE = 3'd3,  // last block of the segment?
                     L_DONE   = 3'd4;  // the message is read; waiting for its digest to go out

    // ---------------------------------------------------------------- registers
    reg [1599:0] state_q, state_d;
    reg [1023:0] sh_q, sh_d;
    reg [64*RATE_LANES-1:0] abs_q, abs_d;
    reg [255:0]  copy_q, copy_d;    // digest word copies, word 0 in the top bits
    reg [3:0]    sel_q, sel_d;      // one-hot: digest word being written (bit 0: word 0)

    reg [2:0]    lstate_q, lstate_d;
    reg          first_q, first_d;  // the next header starts a message
    reg [4:0]    wc_q, wc_d;        // words of the pending block in sh_q (0..16)
    reg [57:0]   cnt_q, cnt_d;      // message words of the segment left, signed
    reg          sign16_q, sign16_d; // cnt_q < 0 before the last word read
    reg          dsign_q, dsign_d;  // cnt_q - 1 < 0, one clock late
    reg          last_q, last_d;    // the segment ends the message
    reg          carry_q, carry_d;  // SEGMENT_BITS mod 64 + PAD_OFFSET >= 64 (last segment)
    // Read enables of this clock, registered, so that src_read and the wide loads it
    // drives (sh_q, abs_q, cnt_q) are one gate after src_ready
    reg          rd_en_q, rd_en_d;  // a word may be read
    reg          hdr_q, hdr_d;      // ... it is a header
    reg          ld_q, ld_d;        // ... it is a block's 17th word: load abs_q
    reg          clr_q, clr_d;      // clear the state (the clock after a message's header)

    reg          busy_q, busy_d;    // a permutation is running or waits for its block
    reg [4:0]    rnd_q, rnd_d;      // the round of the next step
    reg          init_q, init_d;    // the next step absorbs a message's first block
    reg          fin_q, fin_d;      // the block being permuted is the message's last
    reg          step_q, step_d;    // a round runs in this clock
    reg          finish_q, finish_d; // ... and it is the message's last
    reg [6:0]    rc_q, rc_d;        // round constant of the next step (0 in the init step)

    // ---------------------------------------------------------------- round
    wire [1599:0] round_out;
    keccak_round #(.RATE_LANES(RATE_LANES)) u_round (
        .state(state_q),
        .rc(rc_q),
        .absorb(abs_q),
        .next(round_out)
    );

    // ---------------------------------------------------------------- loader
    // Segment header, decoded in bus words (64-bit "blocks"): hdr_whole = SEGMENT_BITS / 64,
    // and a last segment has 1 + carry words of message bits and padding after them
    // (hdr_extra = 2: carry)
    wire          hdr_last;
    wire [56:0]   hdr_whole;
    wire [1:0]    hdr_extra;
    wire [5:0]    unused_hdr_tail;
    wire [57:0]   unused_hdr_words;
    wire          unused_hdr_empty;  // a header always starts L_WORDS

    seg_header #(
        .W(W),
        .BLOCK_LOG2(6),
        .PAD_MIN(PAD_MIN)
    ) u_header (
        .hdr(din),
        .last(hdr_last),
        .whole(hdr_whole),
        .tail(unused_hdr_tail),
        .extra(hdr_extra),
        .blocks(unused_hdr_words),
        .empty(unused_hdr_empty)
    );

    always @* src_read = src_ready && rd_en_q;
    wire rd_hdr = src_read && hdr_q;
    wire rd_word = src_read && !hdr_q;
    wire load = src_read && ld_q;
    wire new_msg = rd_hdr && first_q;
    wire out_done = dst_write && sel_q[3];
    wire [57:0] cnt_dec = cnt_q - 58'd1;
    wire seg_final = last_q ? (carry_q ? sign16_q : cnt_q[57]) : dsign_q;

    always @* begin
        lstate_d = lstate_q;
        first_d = first_q;
        wc_d = wc_q;
        cnt_d = cnt_q;
        sign16_d = sign16_q;
        dsign_d = cnt_dec[57];
        last_d = last_q;
        carry_d = carry_q;
        fin_d = fin_q;
        case (lstate_q)
            L_HEADER: if (rd_hdr) begin
                first_d = 1'b0;
                cnt_d = {1'b0, hdr_whole};
                last_d = hdr_last;
                carry_d = hdr_extra == 2'd2;
                wc_d = 5'd0;
                if (first_q) fin_d = 1'b0;
                lstate_d = L_WORDS;
            end
            L_WORDS: if (rd_word) begin
                cnt_d = cnt_dec;
                sign16_d = cnt_q[57];
                wc_d = wc_q + 5'd1;
                if (ld_q) begin
                    wc_d = 5'd0;
                    lstate_d = L_SETTLE;
                end
            end
            L_SETTLE: lstate_d = L_DECIDE;
            L_DECIDE: begin
                fin_d = seg_final && last_q;
                if (!seg_final) lstate_d = L_WORDS;
                else if (last_q) lstate_d = L_DONE;
                else lstate_d = L_HEADER;
            end
            default: if (out_done) begin  // L_DONE
                first_d = 1'b1;
                lstate_d = L_HEADER;
            end
        endcase
    end

    // ---------------------------------------------------------------- permutation
    always @* begin
        busy_d = busy_q;
        rnd_d = rnd_q;
        init_d = init_q;
        clr_d = new_msg;
        if (new_msg) begin
            busy_d = 1'b1;
            rnd_d = 5'd23;
            init_d = 1'b1;
        end else if (step_q) begin
            rnd_d = rnd_q == 5'd23 ? 5'd0 : rnd_q + 5'd1;
            init_d = 1'b0;
            if (finish_q) busy_d = 1'b0;
        end
        rc_d = init_d ? 7'd0 : rc_rom(rnd_d);
        // round 23 waits for the next block (abs_q is loaded in this clock) unless the
        // block is the message's last
        step_d = busy_d && (rnd_d != 5'd23 || load || fin_d);
        finish_d = step_d && rnd_d == 5'd23 && !load;
        // the 17th word may be read when the step after the next one is round 23's
        hdr_d = lstate_d == L_HEADER;
        ld_d = lstate_d == L_WORDS && wc_d == 5'd16;
        rd_en_d = hdr_d || (lstate_d == L_WORDS && (!ld_d
                  || (busy_d && !load && (rnd_d == 5'd22 || rnd_d == 5'd23))));
    end

    // ---------------------------------------------------------------- datapath
    integer k;
    always @* begin
        // state: cleared at a message's first header, else a round when stepping
        state_d = state_q;
        if (clr_q) state_d = {1600{1'b0}};
        else if (step_q) state_d = round_out;
        // shift register of the next block's first 16 words
        sh_d = sh_q;
        if (src_read) sh_d = {sh_q[959:0], din};
        // block to absorb: words 1..16 from sh_q, word 17 from din; zero otherwise
        abs_d = {64*RATE_LANES{1'b0}};
        if (load) begin
            for (k = 0; k < 16; k = k + 1)
                abs_d[64*k +: 64] = bswap64(sh_q[1023-64*k -: 64]);
            abs_d[64*16 +: 64] = bswap64(din);
        end
        // digest output
        sel_d = sel_q;
        if (finish_q) sel_d = 4'b0001;
        else if (dst_write) sel_d = {sel_q[2:0], 1'b0};
        copy_d = copy_q;
        if (finish_q) copy_d[255:192] = bswap64(round_out[63:0]);
        for (k = 1; k < 4; k = k + 1)
            copy_d[255-64*k -: 64] = bswap64(state_q[64*k +: 64]);
        for (k = 0; k < 4; k = k + 1)
            if (!sel_d[k]) copy_d[255-64*k -: 64] = 64'd0;
    end

    assign dout = copy_q[255:192] | copy_q[191:128] | copy_q[127:64] | copy_q[63:0];

    always @* dst_write = |sel_q && dst_ready;

    // ---------------------------------------------------------------- flip-flops
    always @(posedge clk) begin
        if (rst) begin
            lstate_q <= L_HEADER;
            first_q <= 1'b1;
            rd_en_q <= 1'b1;
            hdr_q <= 1'b1;
            ld_q <= 1'b0;
            clr_q <= 1'b0;
            busy_q <= 1'b0;
            step_q <= 1'b0;
            finish_q <= 1'b0;
            sel_q <= 4'd0;
        end else begin
            lstate_q <= lstate_d;
            first_q <= first_d;
            rd_en_q <= rd_en_d;
            hdr_q <= hdr_d;
            ld_q <= ld_d;
            clr_q <= clr_d;
            busy_q <= busy_d;
            step_q <= step_d;
            finish_q <= finish_d;
            sel_q <= sel_d;
        end
        state_q <= state_d;
        sh_q <= sh_d;
        abs_q <= abs_d;
        copy_q <= copy_d;
        wc_q <= wc_d;
        cnt_q <= cnt_d;
        sign16_q <= sign16_d;
        dsign_q <= dsign_d;
        last_q <= last_d;
        carry_q <= carry_d;
        rnd_q <= rnd_d;
        init_q <= init_d;
        fin_q <= fin_d;
        rc_q <= rc_d;
    end

endmodule
