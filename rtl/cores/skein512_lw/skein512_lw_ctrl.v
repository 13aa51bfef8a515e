`default_nettype none
// skein512_lw_ctrl: interface controller and operation sequencer of the lightweight
// Skein-512-256 cores (see skein512_lw_core for the architecture).
//
// Input side: reads segment headers and 16-bit message words (docs/interface.md); two
// words make a half-word of the next-block queue (nb_pre, nb_push). It reads a block only
// while the queue is empty (no block pending, no LOAD running) and, with BRAM = 1, not
// while stage M writes the key (the block RAM's one write port). On a block's last word
// it records the block's tweak (position, First, Final, BitPad), as skein512_ctrl does.
//
// Sequencer: one operation per two cycles (ph = 0: issue, low half; ph = 1: high half),
// each a set of datapath fields:
//   IV i   at a message's start, the IV into the key memory (i = 0..7);
//   LOAD i the next block's message words into the message slots (zero words for the
//          output block), then PRE: subkey 0's odd words into the key queue;
//   MIX    72 rounds x 4 MIX; key injection (subkey d/4) in rounds d mod 4 = 0, the next
//          subkey's odd words into the key queue in rounds d mod 4 = 3;
//   FIN i  the last subkey and the feed-forward: chaining word i into the key memory;
//   reads of the key memory for the digest output (every cycle).
// State words are renamed instead of moved: MIX j of round d reads and writes bank E
// slot (j + d) mod 4 and bank O slot j (d even) or (0,3,2,1)[j] (d odd), which is the
// word permutation of Threefish-512; round 0 reads the message slots 4..7 instead.
// In an operation's second cycle the fields show the next operation (a block RAM's read
// address one cycle ahead), without writes or state changes.
module skein512_lw_ctrl #(
    // Bus width in bits: 16 only
    parameter W = 16,
    // 1: the next-block queue shares the block RAM's write port with the key writes
    parameter BRAM = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    input  wire         dst_ready,
    output reg          dst_write,
    input  wire         kbusy,       // stage M writes the key memory (BRAM = 1)
    // datapath
    output reg          nb_pre,      // the bus word into the half-word pre-register
    output reg          nb_push,     // the half-word into the next-block queue
    output reg          nb_pop,      // a LOAD op takes the queue's head
    output reg  [3:0]   ka,
    output reg  [2:0]   ta_sel,
    output reg          kpush,
    output reg          kpop,
    output reg          clrk,
    output reg  [2:0]   iv_idx,
    output wire [4:0]   sval,
    output wire [63:0]  t0,
    output wire [8:0]   tflags,
    output reg  [2:0]   ra_k,
    output reg  [2:0]   rb_k,
    output reg          zra_k,       // stage I reads zero from bank E
    output reg          zm_k,        // stage M's message read is zero
    output reg          clra_k,
    output reg          clrb_k,
    output reg          wee_k,
    output reg          weo_k,
    output reg  [2:0]   wae_k,
    output reg  [2:0]   wao_k,
    output reg  [5:0]   rot_k,
    output reg          kwe_k,
    output reg  [2:0]   kwa_k,
    output reg          mrd_k,
    output reg          modd_k,
    output reg  [2:0]   mslot_k,
    output reg          par_init,
    output reg          out_sel,     // 16-bit word of the 32-bit key half read
    output wire         ph,
    output wire         outm,
    output wire         hold,
    output reg          ohalf
);

    initial begin
        if (W != 16) begin
            $display("skein512_lw_ctrl: W must be 16, got %0d", W);
            $finish;
        end
        if (BRAM != 0 && BRAM != 1) begin
            $display("skein512_lw_ctrl: BRAM must be 0 or 1, got %0d", BRAM);
            $finish;
        end
    end

    localparam [3:0] KZERO = 4'd9;     // key address reading zero (8: the parity word K8)
    localparam [1:0] I_HDR = 2'd0, I_DATA = 2'd1, I_WAIT = 2'd2;
    localparam [2:0] P_IDLE = 3'd0, P_IV = 3'd1, P_RUN = 3'd2, P_FIN = 3'd3,
                     P_OPREP = 3'd4, P_OUT = 3'd5, P_PRE = 3'd6, P_LOAD = 3'd7;

    // ------------------------------------------------------------------ input side
    reg           ph_q;                  // 0: issue cycle (low half), 1: high half
    reg [1:0]     idle_q;                // issue slots without a write since the last one
    reg           msg_first_q, msg_first_d;
    reg [2:0]     p_q, p_d;
    // a message's first header waits for an empty pipeline (after reset), so that every
    // message starts at the same phase
    wire          hdr_go = src_ready && (!msg_first_q || idle_q == 2'd3);
    wire          hdr_last = din[W-1];
    wire [5:0]    hdr_whole = din[W-2:9];
    wire [8:0]    hdr_tail = din[8:0];
    wire          hdr_blocks = hdr_last || hdr_whole != 0;

    reg [1:0]     in_q, in_d;
    reg [4:0]     word_q, word_d;        // bus word of the block
    reg [5:0]     whole_q, whole_d;
    reg [6:0]     tail_bytes_q, tail_bytes_d;
    reg           tail_nz_q, tail_nz_d;
    reg           tail_frac_q, tail_frac_d;
    reg           last_q, last_d;
    reg           blk_first_q, blk_first_d;
    reg           ivreq_q, ivreq_d;      // a message started: load the IV
    // the complete block
    reg           pend_q, pend_d;
    reg [63:0]    bpos_q;
    reg           add8_q;                // the output block's position (8) follows
    reg           take_out;              // the output block follows the block taken
    reg           bfirst_q, bfirst_d;
    reg           bfinal_q, bfinal_d;
    reg           bpad_q, bpad_d;
    reg           bout_q, bout_d;
    reg           pend_t, bfirst_t, bfinal_t, bpad_t, bout_t;

    wire          blk_whole = whole_q != 0;
    wire          blk_final = last_q && (whole_q == 0 || (whole_q == 1 && !tail_nz_q));
    wire          blk_seg_end = whole_q == 0 || (whole_q == 1 && !(last_q && tail_nz_q));
    wire [6:0]    blk_bytes = blk_whole ? 7'd64 : tail_bytes_q;
    wire [8:0]    bflags = {bfinal_q, bfirst_q, 2'b11, {4{bout_q}}, bpad_q};
    wire          full = pend_q;
    wire          init_blk = in_q == I_HDR && hdr_go && msg_first_q;

    // ------------------------------------------------------------------ sequencer
    reg [6:0]     d_q, d_d;              // round
    reg [1:0]     j_q, j_d;              // MIX of the round
    reg [4:0]     s_q, s_d;              // subkey index d/4
    reg [3:0]     s9_q, s9_d;            // s mod 9
    reg [2:0]     m3_q, m3_d;            // one-hot s mod 3
    reg [3:0]     cnt_q, cnt_d;
    reg [63:0]    cpos_q, cpos_d;        // tweak of the block being hashed
    reg [8:0]     cflags_q, cflags_d;
    reg           czero_q, czero_d;      // its message is zero (the output block)
    wire          done = p_q == P_OUT && dst_ready && cnt_q == 4'd15;
    // Nothing to do and the pipeline drained: the phase waits at 0, so that work starts
    // at the same phase whatever the input's timing
    assign hold = p_q == P_IDLE && !ivreq_q && !full && idle_q == 2'd3;

    assign ph = ph_q;
    assign outm = p_q == P_OUT || p_q == P_OPREP;

    assign sval = s_q;
    assign t0 = cpos_q;
    assign tflags = cflags_q;

    // tweak word codes: 1 + (s mod 3), 1 + ((s + 1) mod 3)
    wire [2:0]    t_s  = m3_q[0] ? 3'd1 : m3_q[1] ? 3'd2 : 3'd3;
    wire [2:0]    t_s1 = m3_q[0] ? 3'd2 : m3_q[1] ? 3'd3 : 3'd1;

    // (s9 + x) mod 9
    function [3:0] mod9;
        input [3:0] a;
        input [3:0] x;
        reg [4:0] t;
        begin
            t = {1'b0, a} + {1'b0, x};
            mod9 = (t >= 5'd9) ? t[3:0] - 4'd9 : t[3:0];
        end
    endfunction

    // rotation constants R[d mod 8][j]
    function [5:0] rot;
        input [2:0] dd;
        input [1:0] jj;
        begin
            case ({dd, jj})
                5'd0: rot = 6'd46;  5'd1: rot = 6'd36;  5'd2: rot = 6'd19;  5'd3: rot = 6'd37;
                5'd4: rot = 6'd33;  5'd5: rot = 6'd27;  5'd6: rot = 6'd14;  5'd7: rot = 6'd42;
                5'd8: rot = 6'd17;  5'd9: rot = 6'd49;  5'd10: rot = 6'd36; 5'd11: rot = 6'd39;
                5'd12: rot = 6'd44; 5'd13: rot = 6'd9;  5'd14: rot = 6'd54; 5'd15: rot = 6'd56;
                5'd16: rot = 6'd39; 5'd17: rot = 6'd30; 5'd18: rot = 6'd34; 5'd19: rot = 6'd24;
                5'd20: rot = 6'd13; 5'd21: rot = 6'd50; 5'd22: rot = 6'd10; 5'd23: rot = 6'd17;
                5'd24: rot = 6'd25; 5'd25: rot = 6'd29; 5'd26: rot = 6'd39; 5'd27: rot = 6'd43;
                5'd28: rot = 6'd8;  5'd29: rot = 6'd35; 5'd30: rot = 6'd56; default: rot = 6'd22;
            endcase
        end
    endfunction

    // Input side
    always @* begin
        in_d = in_q;
        word_d = word_q;
        whole_d = whole_q;
        tail_bytes_d = tail_bytes_q;
        tail_nz_d = tail_nz_q;
        tail_frac_d = tail_frac_q;
        last_d = last_q;
        msg_first_d = msg_first_q;
        blk_first_d = blk_first_q;
        ivreq_d = ivreq_q;
        src_read = 1'b0;
        nb_pre = 1'b0;
        nb_push = 1'b0;
        case (in_q)
            I_HDR: if (hdr_go) begin
                src_read = 1'b1;
                if (msg_first_q) begin
                    ivreq_d = 1'b1;
                    blk_first_d = 1'b1;
                end
                msg_first_d = 1'b0;
                whole_d = hdr_whole;
                tail_bytes_d = {1'b0, hdr_tail[8:3]} + {6'd0, |hdr_tail[2:0]};
                tail_nz_d = hdr_tail != 0;
                tail_frac_d = |hdr_tail[2:0];
                last_d = hdr_last;
                if (hdr_blocks) in_d = I_DATA;
            end
            I_DATA: if (src_ready && !pend_q && p_q != P_LOAD
                        && !(BRAM != 0 && word_q[0] && kbusy)) begin
                // the queue is empty: 16 half-words fill it
                src_read = 1'b1;
                nb_pre = !word_q[0];
                nb_push = word_q[0];
                word_d = word_q + 5'd1;
                if (word_q == 5'd31) begin
                    blk_first_d = 1'b0;
                    if (blk_whole) whole_d = whole_q - 6'd1;
                    if (blk_final) msg_first_d = 1'b1;
                    if (blk_seg_end) in_d = last_q ? I_WAIT : I_HDR;
                end
            end
            I_WAIT: if (done) in_d = I_HDR;
            default: in_d = I_HDR;
        endcase
    end

    // Sequencer, and the block buffer's flag and tweak (written by both sides)
    always @* begin
        p_d = p_q;
        d_d = d_q;
        j_d = j_q;
        s_d = s_q;
        s9_d = s9_q;
        m3_d = m3_q;
        cnt_d = cnt_q;
        cpos_d = cpos_q;
        cflags_d = cflags_q;
        czero_d = czero_q;
        pend_d = pend_q;
        take_out = 1'b0;
        bfirst_d = bfirst_q;
        bfinal_d = bfinal_q;
        bpad_d = bpad_q;
        bout_d = bout_q;
        nb_pop = 1'b0;
        dst_write = 1'b0;
        out_sel = cnt_q[0];
        ohalf = 1'b0;
        // no operation: zero key words, the zero state slots, no writes
        ka = KZERO;
        ta_sel = 3'd0;
        kpush = 1'b0;
        kpop = 1'b0;
        clrk = 1'b0;
        iv_idx = cnt_q[2:0];
        ra_k = 3'd0;
        rb_k = 3'd0;
        zra_k = 1'b1;
        zm_k = 1'b1;
        clra_k = 1'b0;
        clrb_k = 1'b0;
        wee_k = 1'b0;
        weo_k = 1'b0;
        wae_k = {1'b1, cnt_q[2:1]};
        wao_k = {1'b1, cnt_q[2:1]};
        rot_k = rot(d_q[2:0], j_q);
        kwe_k = 1'b0;
        kwa_k = cnt_q[2:0];
        mrd_k = 1'b0;
        modd_k = cnt_q[0];
        mslot_k = {1'b1, cnt_q[2:1]};
        par_init = 1'b0;

        // input side: a block's last word
        if (in_q == I_DATA && src_read && word_q == 5'd31) begin
            pend_d = 1'b1;
            bfirst_d = blk_first_q;
            bfinal_d = blk_final;
            bpad_d = blk_final && !blk_whole && tail_frac_q;
            bout_d = 1'b0;
        end

        pend_t = pend_d;
        bfirst_t = bfirst_d;
        bfinal_t = bfinal_d;
        bpad_t = bpad_d;
        bout_t = bout_d;
        begin
            case (p_q)
                P_IDLE: begin
                    if (ivreq_q) begin
                        cnt_d = 4'd0;
                        p_d = P_IV;
                    end else if (full) begin
                        // take the block
                        cpos_d = bpos_q;
                        cflags_d = bflags;
                        czero_d = bout_q;
                        cnt_d = 4'd0;
                        d_d = 7'd0;
                        j_d = 2'd0;
                        s_d = 5'd0;
                        s9_d = 4'd0;
                        m3_d = 3'b001;
                        p_d = P_LOAD;
                        if (bfinal_q && !bout_q) begin
                            // the message's last block: the output block follows
                            take_out = 1'b1;
                            bfirst_d = 1'b1;
                            bpad_d = 1'b0;
                            bout_d = 1'b1;
                        end else begin
                            pend_d = 1'b0;
                        end
                    end
                end
                P_IV: begin
                    // IV word: a' = 0 + (0 + IV), b' = 0, message word 0
                    ta_sel = 3'd5;
                    clrb_k = 1'b1;
                    kwe_k = 1'b1;
                    mrd_k = 1'b1;
                    modd_k = 1'b0;
                    par_init = cnt_q == 4'd0;
                    cnt_d = cnt_q + 4'd1;
                    if (cnt_q == 4'd7) begin
                        cnt_d = 4'd0;
                        p_d = P_IDLE;
                    end
                end
                P_LOAD: begin
                    // message word cnt from the next-block queue into its slot:
                    // a' = 0 + (0 + word), b' = 0, so y0 = y1 = the word; for the
                    // output block, zero words into both banks' slots (4 operations)
                    clrb_k = 1'b1;
                    cnt_d = cnt_q + 4'd1;
                    if (czero_q) begin
                        wee_k = 1'b1;
                        weo_k = 1'b1;
                        wae_k = {1'b1, cnt_q[1:0]};
                        wao_k = {1'b1, cnt_q[1:0]};
                    end else begin
                        ta_sel = 3'd4;
                        nb_pop = 1'b1;
                        wee_k = !cnt_q[0];
                        weo_k = cnt_q[0];
                    end
                    if (cnt_q == (czero_q ? 4'd3 : 4'd7)) begin
                        cnt_d = 4'd0;
                        p_d = P_PRE;
                    end
                end
                P_PRE: begin
                    // subkey 0's odd words into the key queue
                    ka = mod9(s9_q, {1'b0, j_q, 1'b1});
                    if (j_q == 2'd2) ta_sel = t_s;
                    if (j_q == 2'd3) ta_sel = 3'd6;
                    kpush = 1'b1;
                    clrk = 1'b1;
                    j_d = j_q + 2'd1;
                    if (j_q == 2'd3) p_d = P_RUN;
                end
                P_RUN: begin
                    if (d_q[1:0] == 2'd0) begin
                        // key injection, subkey s: words (s + i) mod 9, tweak on 5 and 6, s on 7;
                        // the even words read now, the odd ones from the key queue
                        ka = mod9(s9_q, {1'b0, j_q, 1'b0});
                        if (j_q == 2'd3) ta_sel = t_s1;
                        kpop = 1'b1;
                    end
                    if (d_q[1:0] == 2'd3) begin
                        // the next injection's odd words into the key queue
                        ka = mod9(s9_q, {1'b0, j_q, 1'b1});
                        if (j_q == 2'd2) ta_sel = t_s;
                        if (j_q == 2'd3) ta_sel = 3'd6;
                        kpush = 1'b1;
                        clrk = 1'b1;
                    end
                    if (d_q == 7'd0) begin
                        // the message slots
                        ra_k = {1'b1, j_q};
                        rb_k = {1'b1, j_q};
                        zra_k = 1'b0;
                        wae_k = {1'b0, j_q};
                        wao_k = {1'b0, j_q};
                    end else begin
                        ra_k = {1'b0, j_q + d_q[1:0]};
                        rb_k = {1'b0, d_q[0] ? (2'd0 - j_q) : j_q};
                        zra_k = 1'b0;
                        wae_k = {1'b0, j_q + d_q[1:0]};
                        wao_k = {1'b0, d_q[0] ? (2'd0 - j_q) : j_q};
                    end
                    wee_k = 1'b1;
                    weo_k = 1'b1;
                    j_d = j_q + 2'd1;
                    if (j_q == 2'd3) begin
                        d_d = d_q + 7'd1;
                        if (d_q[1:0] == 2'd2) begin
                            s_d = s_q + 5'd1;
                            s9_d = (s9_q == 4'd8) ? 4'd0 : s9_q + 4'd1;
                            m3_d = {m3_q[1:0], m3_q[2]};
                        end
                        if (d_q == 7'd71) begin
                            cnt_d = 4'd0;
                            p_d = P_FIN;
                        end
                    end
                end
                P_FIN: begin
                    // subkey 18 (s9 = 0, s mod 3 = 0) and the feed-forward of word cnt
                    if (!cnt_q[0]) begin
                        ka = cnt_q;
                        if (cnt_q[2:0] == 3'd6) ta_sel = t_s1;
                        ra_k = {1'b0, cnt_q[2:1]};
                        zra_k = 1'b0;
                        clrb_k = 1'b1;
                    end else begin
                        kpop = 1'b1;
                        rb_k = {1'b0, cnt_q[2:1]};
                        clra_k = 1'b1;
                    end
                    kwe_k = 1'b1;
                    mrd_k = 1'b1;
                    modd_k = cnt_q[0];
                    zm_k = 1'b0;
                    par_init = cnt_q == 4'd0;
                    cnt_d = cnt_q + 4'd1;
                    if (cnt_q == 4'd7) begin
                        cnt_d = 4'd0;
                        p_d = czero_q ? P_OPREP : P_IDLE;
                    end
                end
                P_OPREP: begin
                    ka = 4'd0;
                    p_d = P_OUT;
                end
                P_OUT: begin
                    ka = {2'b00, cnt_q[3:2]};
                    ohalf = cnt_q[1];
                    if (dst_ready) begin
                        dst_write = 1'b1;
                        cnt_d = cnt_q + 4'd1;
                        ka = {2'b00, cnt_d[3:2]};
                        ohalf = cnt_d[1];
                        if (done) begin
                            cnt_d = 4'd0;
                            p_d = P_IDLE;
                        end
                    end
                end
                default: p_d = P_IDLE;
            endcase
        end
        if (ph_q && p_q != P_OUT) begin
            // an operation's second cycle: the fields of the next operation (its
            // block-RAM read address), without writes or state changes
            p_d = p_q;
            d_d = d_q;
            j_d = j_q;
            s_d = s_q;
            s9_d = s9_q;
            m3_d = m3_q;
            cnt_d = cnt_q;
            cpos_d = cpos_q;
            cflags_d = cflags_q;
            czero_d = czero_q;
            pend_d = pend_t;
            bfirst_d = bfirst_t;
            bfinal_d = bfinal_t;
            bpad_d = bpad_t;
            bout_d = bout_t;
            take_out = 1'b0;
            wee_k = 1'b0;
            weo_k = 1'b0;
            kwe_k = 1'b0;
            par_init = 1'b0;
            kpush = 1'b0;
            kpop = 1'b0;
            clrk = 1'b0;
        end
    end

    // Block position in bytes: cleared at a message's start and for the output block
    // (then 8 added), a block's bytes added at its last word; the clear is the flip-flops'
    // synchronous reset and both additions use one adder
    wire          blk_end = in_q == I_DATA && src_read && word_q == 5'd31;
    always @(posedge clk) begin
        add8_q <= take_out;
        if (init_blk || take_out) bpos_q <= 64'd0;
        else if (blk_end || add8_q) bpos_q <= bpos_q + {57'd0, add8_q ? 7'd8 : blk_bytes};
    end

    always @(posedge clk) begin
        if (rst) begin
            in_q <= I_HDR;
            word_q <= 5'd0;
            msg_first_q <= 1'b1;
            ivreq_q <= 1'b0;
            pend_q <= 1'b0;
            p_q <= P_IDLE;
            cnt_q <= 4'd0;
            ph_q <= 1'b0;
            idle_q <= 2'd0;
        end else begin
            in_q <= in_d;
            word_q <= word_d;
            msg_first_q <= msg_first_d;
            ivreq_q <= (p_q == P_IDLE && ivreq_q && !ph_q) ? 1'b0 : ivreq_d;
            ph_q <= !ph_q && !hold;
            if (!ph_q) idle_q <= (wee_k || weo_k || kwe_k) ? 2'd0
                                 : (idle_q == 2'd3) ? 2'd3 : idle_q + 2'd1;
            pend_q <= pend_d;
            p_q <= p_d;
            cnt_q <= cnt_d;
        end
        whole_q <= whole_d;
        tail_bytes_q <= tail_bytes_d;
        tail_nz_q <= tail_nz_d;
        tail_frac_q <= tail_frac_d;
        last_q <= last_d;
        blk_first_q <= blk_first_d;
        bfirst_q <= bfirst_d;
        bfinal_q <= bfinal_d;
        bpad_q <= bpad_d;
        bout_q <= bout_d;
        d_q <= d_d;
        j_q <= j_d;
        s_q <= s_d;
        s9_q <= s9_d;
        m3_q <= m3_d;
        cpos_q <= cpos_d;
        cflags_q <= cflags_d;
        czero_q <= czero_d;
    end

endmodule
