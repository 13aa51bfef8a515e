`default_nettype none
// shavite3_256_ctrl: interface controller and round sequencer of the SHAvite-3-256 core.
//
// Reader. Takes segment headers and message words from the source FIFO and shifts the
// words into the datapath's message buffer (8 words = one 512-bit block) while the
// buffer is not full, so the next block is loaded while the current one is processed.
// With each block it stores the block's bit counter and whether it is the message's
// last. Blocks of a segment: its whole blocks (SEGMENT_BITS / 512), then, in the last
// segment, the padding blocks: one, or two when the tail (SEGMENT_BITS mod 512) is 432
// bits or more (the 1 bit and the 80 bits of length and digest size do not fit).
// Counter of a block: message bits up to and including it, i.e. 512 * k for the k-th
// whole block of the message, 512 * (whole blocks) + tail for a block holding the tail,
// and 0 for a block that holds no message bits. done_q counts the message's whole
// blocks read (done1_q = done_q + 1); a segment's whole blocks end when done1_q reaches
// seg_end_q = done_q + SEGMENT_BITS / 512 (at its header). After the last block of a
// message the reader waits until the digest has been written.
//
// Sequencer. c_q = 0 .. 35 steps the datapath (see shavite3_256_datapath): one AES round
// per cycle of the compression and one chunk per cycle of the message expansion. In
// c = 31 .. 34 the expansion window takes the next block from the buffer (the cycle
// c = 31 waits while the buffer is not full, unless the current block is the last);
// c = 35 finishes the block and starts the next, so a block costs 36 cycles. The first
// block of a message starts from the idle state with those five cycles alone (boot_q:
// only the window moves in c = 31 .. 34). After the last block the digest is written
// in 4 words.
//
// All datapath strobes are registers, computed from the next state.
module shavite3_256_ctrl #(
    // Bus width in bits: one 64-bit word of the 512-bit block per cycle.
    parameter W = 64
) (
    input  wire         clk,
    input  wire         rst,
    // Source FIFO (first word fall through)
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    // Destination FIFO
    input  wire         dst_ready,
    output reg          dst_write,
    // Datapath control
    output reg          a_shift,
    output reg          b_shift,
    output wire         k_en,
    output wire         k_sel_m,
    output wire         k_sel_nl,
    output wire [63:0]  cnt,
    output wire         inj_4,
    output wire         inj_14,
    output wire         inj_21,
    output wire         inj_31,
    output wire         x_en,
    output wire         lr_en,
    output wire         key_l,
    output wire         h_fin,
    output wire         clr,
    output wire         h_iv,
    output wire [1:0]   out_sel
);

    initial begin
        if (W != 64) begin
            $display("shavite3_256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
    end

    // ---------------------------------------------------------------- reader
    localparam [1:0] RD_HEADER = 2'd0,  // waiting for a segment header
                     RD_DATA   = 2'd1,  // reading the blocks of a segment
                     RD_WAIT   = 2'd2;  // message read; waiting for its digest to go out
    localparam integer CW = 55;         // block counter width: counter bits 63..9

    // Segment header. The padding is at least 81 bits (a 1 bit, the 16-bit digest size and
    // the 64-bit length), so a last segment has one padding block after its whole ones, two
    // when its tail is 432 bits or more (seg_extra).
    wire          seg_empty;
    wire          unused_seg_last;        // in seg_extra (0 for a segment that is not the last)
    wire [53:0]   seg_whole;              // whole 512-bit blocks of message bits
    wire [8:0]    seg_tail;
    wire [1:0]    seg_extra;
    wire [54:0]   unused_seg_blocks;
    wire          seg_no_whole = seg_whole == 54'd0;

    seg_header #(
        .W(W),
        .BLOCK_LOG2(9),
        .PAD_MIN(81)
    ) u_header (
        .hdr(din),
        .last(unused_seg_last),
        .whole(seg_whole),
        .tail(seg_tail),
        .extra(seg_extra),
        .blocks(unused_seg_blocks),
        .empty(seg_empty)
    );

    reg [1:0]     rd_q, rd_d;
    reg [2:0]     word_q, word_d;          // word of the block being read
    reg [CW-1:0]  done_q, done_d;          // whole blocks of the message read
    reg [CW-1:0]  done1_q, done1_d;        // done_q + 1
    reg [CW-1:0]  seg_end_q, seg_end_d;    // done_q after the segment's whole blocks
    reg [27:0]    pair_eq_q;               // done1_q == seg_end_q per bit pair
    reg           eq1_q;                   // done1_q == seg_end_q (two cycles late)
    reg           extra_q, extra_d;        // the segment's whole blocks are read
    reg [1:0]     ext_q, ext_d;            // padding blocks left to read
    reg           pz_q, pz_d;              // the next padding block holds no message bits
    reg [8:0]     tail_q, tail_d;          // the last segment's tail bits
    reg           m_full_q, m_full_d;      // the buffer holds a block not yet started
    reg           m_last_q, m_last_d;      // ... which is the message's last
    reg [63:0]    cnt_m_q, cnt_m_d;        // ... and its counter
    reg           can_q, can_d;            // reading data and the buffer has room
    wire          take = src_ready && can_q;
    wire [CW:0]   done1_pad = {1'b0, done1_q};
    wire [CW:0]   seg_end_pad = {1'b0, seg_end_q};

    integer i;
    always @(posedge clk) begin
        for (i = 0; i < 28; i = i + 1)
            pair_eq_q[i] <= done1_pad[2*i +: 2] == seg_end_pad[2*i +: 2];
        eq1_q <= &pair_eq_q;
    end

    // ------------------------------------------------------------- sequencer
    localparam [1:0] E_IDLE = 2'd0,  // no message in the datapath
                     E_RUN  = 2'd1,  // blocks
                     E_OUT  = 2'd2;  // writing the digest

    reg [1:0]  e_q, e_d;
    reg [5:0]  c_q, c_d;              // cycle of the block, 0 .. 35
    reg        boot_q, boot_d;        // starting a message's first block (c = 31 .. 35)
    reg        cur_last_q, cur_last_d; // the block being compressed is the message's last
    reg [63:0] cnt_q, cnt_d;          // its counter
    reg [1:0]  out_q, out_d;          // digest word
    reg        msg_done;              // last digest word written

    // Registered strobes
    reg adv_q, adv_d;                 // the sequencer advances (no wait)
    reg unload_q, unload_d;
    reg k_sel_m_q, k_sel_m_d, k_sel_nl_q, k_sel_nl_d;
    reg inj_4_q, inj_4_d, inj_14_q, inj_14_d, inj_21_q, inj_21_d, inj_31_q, inj_31_d;
    reg x_en_q, x_en_d, lr_en_q, lr_en_d, key_l_q, key_l_d, h_fin_q, h_fin_d;
    reg clr_q, clr_d, h_iv_q, h_iv_d;

    assign k_en = adv_q;
    assign k_sel_m = k_sel_m_q;
    assign k_sel_nl = k_sel_nl_q;
    assign cnt = cnt_q;
    assign inj_4 = inj_4_q;
    assign inj_14 = inj_14_q;
    assign inj_21 = inj_21_q;
    assign inj_31 = inj_31_q;
    assign x_en = x_en_q;
    assign lr_en = lr_en_q;
    assign key_l = key_l_q;
    assign h_fin = h_fin_q;
    assign clr = clr_q;
    assign h_iv = h_iv_q;
    assign out_sel = out_q;

    always @* begin
        // reader
        rd_d = rd_q;
        word_d = word_q;
        done_d = done_q;
        done1_d = done1_q;
        seg_end_d = seg_end_q;
        extra_d = extra_q;
        ext_d = ext_q;
        pz_d = pz_q;
        tail_d = tail_q;
        m_full_d = m_full_q;
        m_last_d = m_last_q;
        cnt_m_d = cnt_m_q;
        src_read = 1'b0;
        a_shift = unload_q;  // unloading shifts both halves of the buffer
        b_shift = unload_q;
        // sequencer
        e_d = e_q;
        c_d = c_q;
        boot_d = boot_q;
        cur_last_d = cur_last_q;
        cnt_d = cnt_q;
        out_d = out_q;
        dst_write = 1'b0;
        msg_done = 1'b0;

        case (rd_q)
            RD_HEADER: if (src_ready) begin
                src_read = 1'b1;
                word_d = 3'd0;
                seg_end_d = done_q + {1'b0, seg_whole};
                extra_d = seg_no_whole;
                ext_d = seg_extra;
                pz_d = seg_tail == 9'd0;
                tail_d = seg_tail;
                if (!seg_empty) rd_d = RD_DATA;
            end
            RD_DATA: if (take) begin
                src_read = 1'b1;
                if (word_q[0]) b_shift = 1'b1;
                else a_shift = 1'b1;
                word_d = word_q + 1'b1;
                if (word_q == 3'd7) begin
                    m_full_d = 1'b1;
                    if (!extra_q) begin  // a whole block
                        cnt_m_d = {done1_q, 9'd0};
                        done_d = done1_q;
                        done1_d = done1_q + 1'b1;
                        m_last_d = 1'b0;
                        if (eq1_q) begin  // the segment's last whole block
                            extra_d = 1'b1;
                            if (ext_q == 2'd0) rd_d = RD_HEADER;
                        end
                    end else begin       // a padding block
                        cnt_m_d = pz_q ? 64'd0 : {done_q, tail_q};
                        pz_d = 1'b1;
                        ext_d = ext_q - 1'b1;
                        m_last_d = ext_q == 2'd1;
                        if (ext_q == 2'd1) rd_d = RD_WAIT;
                    end
                end
            end
            RD_WAIT: ;
            default: rd_d = RD_HEADER;
        endcase

        case (e_q)
            E_IDLE: if (m_full_d) begin
                e_d = E_RUN;
                c_d = 6'd31;
                boot_d = 1'b1;
            end
            E_RUN: if (adv_q) begin
                c_d = c_q + 1'b1;
                if (c_q == 6'd31 && (boot_q || !cur_last_q)) cnt_d = cnt_m_q;
                if (c_q == 6'd34 && (boot_q || !cur_last_q)) m_full_d = 1'b0;
                if (c_q == 6'd35) begin
                    c_d = 6'd0;
                    boot_d = 1'b0;
                    if (boot_q || !cur_last_q) begin
                        cur_last_d = m_last_q;
                    end else begin
                        e_d = E_OUT;
                        out_d = 2'd0;
                    end
                end
            end
            E_OUT: if (dst_ready) begin
                dst_write = 1'b1;
                out_d = out_q + 1'b1;
                if (out_q == 2'd3) begin
                    msg_done = 1'b1;
                    e_d = E_IDLE;
                    cur_last_d = 1'b0;
                    done_d = {CW{1'b0}};
                    done1_d = {{(CW-1){1'b0}}, 1'b1};
                    rd_d = RD_HEADER;
                end
            end
            default: e_d = E_IDLE;
        endcase
    end

    // Strobes for the next cycle, from the next state
    reg p2;  // c_d mod 3 == 2: the last AES round of a Feistel round
    always @* begin
        case (c_d)
            6'd2, 6'd5, 6'd8, 6'd11, 6'd14, 6'd17, 6'd20, 6'd23, 6'd26, 6'd29, 6'd32, 6'd35:
                p2 = 1'b1;
            default: p2 = 1'b0;
        endcase
        can_d = rd_d == RD_DATA && !m_full_d;
        adv_d = e_d == E_RUN && (c_d != 6'd31 || cur_last_d || m_full_d);
        unload_d = adv_d && c_d >= 6'd31 && c_d <= 6'd34 && (boot_d || !cur_last_d);
        k_sel_m_d = c_d >= 6'd31 && c_d <= 6'd34;
        // nonlinear chunks 4..7, 12..15, 20..23, 28..31 are made in c = 35, 0..2, 7..10, ...
        k_sel_nl_d = c_d == 6'd35 || c_d <= 6'd2 || (c_d >= 6'd7 && c_d <= 6'd10)
            || (c_d >= 6'd15 && c_d <= 6'd18) || (c_d >= 6'd23 && c_d <= 6'd26);
        inj_4_d = c_d == 6'd35;
        inj_14_d = c_d == 6'd9;
        inj_21_d = c_d == 6'd16;
        inj_31_d = c_d == 6'd26;
        x_en_d = adv_d && !(boot_d && c_d != 6'd35);
        lr_en_d = x_en_d && p2;
        key_l_d = p2;
        h_fin_d = x_en_d && c_d == 6'd35;
        clr_d = e_q == E_RUN && e_d == E_OUT;
        h_iv_d = msg_done;
    end

    // Registers
    always @(posedge clk) begin
        if (rst) begin
            rd_q <= RD_HEADER;
            m_full_q <= 1'b0;
            can_q <= 1'b0;
            done_q <= {CW{1'b0}};
            done1_q <= {{(CW-1){1'b0}}, 1'b1};
            e_q <= E_IDLE;
            cur_last_q <= 1'b0;
            boot_q <= 1'b0;
            adv_q <= 1'b0;
            unload_q <= 1'b0;
            x_en_q <= 1'b0;
            lr_en_q <= 1'b0;
            h_fin_q <= 1'b0;
            clr_q <= 1'b0;
            h_iv_q <= 1'b0;
        end else begin
            rd_q <= rd_d;
            m_full_q <= m_full_d;
            can_q <= can_d;
            done_q <= done_d;
            done1_q <= done1_d;
            e_q <= e_d;
            cur_last_q <= cur_last_d;
            boot_q <= boot_d;
            adv_q <= adv_d;
            unload_q <= unload_d;
            x_en_q <= x_en_d;
            lr_en_q <= lr_en_d;
            h_fin_q <= h_fin_d;
            clr_q <= clr_d;
            h_iv_q <= h_iv_d;
        end
        word_q <= word_d;
        seg_end_q <= seg_end_d;
        extra_q <= extra_d;
        ext_q <= ext_d;
        pz_q <= pz_d;
        tail_q <= tail_d;
        m_last_q <= m_last_d;
        cnt_m_q <= cnt_m_d;
        c_q <= c_d;
        cnt_q <= cnt_d;
        out_q <= out_d;
        k_sel_m_q <= k_sel_m_d;
        k_sel_nl_q <= k_sel_nl_d;
        inj_4_q <= inj_4_d;
        inj_14_q <= inj_14_d;
        inj_21_q <= inj_21_d;
        inj_31_q <= inj_31_d;
        key_l_q <= key_l_d;
    end

endmodule
