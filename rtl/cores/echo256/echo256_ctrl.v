`default_nettype none
// echo256_ctrl: interface controller, block counters and round sequencer of the
// ECHO-256 core.
//
// Reader. Takes segment headers and message words from the source FIFO and shifts the
// words into the datapath's message buffer (24 words = one 1536-bit block). It reads
// while the buffer has room, and also in the cycle where the buffer is loaded into the
// state, so the next block arrives while the current one is processed. Per segment it
// keeps seg_q, the message bits not yet in a read block, and per message cnt_q, the
// message bits in the blocks read so far. A block holds min(seg_q, 1536) message bits;
// its counter C (the ECHO block counter) is cnt_q plus those bits, or 0 for a block
// with no message bit (a last block of padding only). A block of a last segment is the
// message's last when it holds fewer than 1392 message bits (then the 145 bits of
// padding fit behind them); a block of another segment ends the segment when
// seg_q <= 1536 (such segments hold whole blocks). These values come from a
// 2-cycle pipeline on seg_q and cnt_q, which change only with a header or the last
// word of a block, more than 2 cycles before the last word of the next block. After
// the last block of a message the reader waits until the digest has been written.
//
// Sequencer. A block takes 24 cycles c = 0 .. 23, three per round:
//   c % 3 == 0   keyed AES round of every word (key: the word's counter)
//   c % 3 == 1   AES round with key 0 (the salt)
//   c % 3 == 2   BIG.ShiftRows and BIG.MixColumns; at c = 23 instead the load cycle:
//                BIG.Final and the next block (from the buffer) enter the state, or
//                after the message's last block the digest; if the next block is not
//                in the buffer yet, c = 23 waits (the state holds).
// A message's first block is loaded from the idle state in one cycle with V = IV.
//
// The counter of word i in round r is C + 16 r + i. {hi_q, lo_q} holds C + 16 r (and
// hp_q = hi_q + 1); the datapath gets hi, hi ^ (hi + 1) (the bits that flip when hi is
// incremented) and, per word, the carry of C[3:0] + i and the low 4 bits, all
// registered and zero outside the keyed AES cycles. 64 counter bits suffice: a message would need more
// than 2^64 - 128 bits (2^61 bytes) to overflow them, which no source will send; the
// upper 64 bits of ECHO's 128-bit counter are always 0 here.
//
// Cycles, one segment of N blocks, no stalls: header 1, first block 24, its load 1,
// 24 per block (the last block's load cycle gives the digest), digest 4 words:
//   1 + 24 + 1 + 24*N + 4.
//
// The datapath strobes come from registers, computed from the next-state values.
module echo256_ctrl #(
    // Bus width in bits: one 64-bit word of the 1536-bit block per cycle.
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
    output reg          m_shift,   // shift din into the message buffer
    output wire         en,        // state update
    output wire         sel_aes,   // ... by the AES round units
    output wire         sel_mix,   // ... by BIG.ShiftRows/MixColumns
    output wire         load,      // ... by the load cycle
    output wire         first,     // the load is a message's first
    output wire [59:0]  key_hi,
    output wire [59:0]  key_t,
    output wire [15:0]  key_cy,
    output wire [63:0]  key_lo,
    output wire [1:0]   out_sel
);

    initial begin
        if (W != 64) begin
            $display("echo256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
    end

    // ---------------------------------------------------------------- reader
    localparam [1:0] RD_HEADER = 2'd0,  // waiting for a segment header
                     RD_DATA   = 2'd1,  // reading the blocks of a segment
                     RD_WAIT   = 2'd2;  // message read; waiting for its digest to go out

    reg [1:0]    rd_q, rd_d;
    reg [4:0]    word_q, word_d;        // word of the block being read, 0 .. 23
    reg          word23_q, word23_d;    // word_q == 23
    reg [W-2:0]  seg_q, seg_d;          // message bits of the segment not yet in a block
    reg          last_q, last_d;        // the segment ends the message
    reg [63:0]   cnt_q, cnt_d;          // message bits in the blocks read so far
    // pipeline on seg_q and cnt_q: facts about the block being read
    reg          ge_q;                  // seg_q >= 1536: a block of message bits only
    reg          fin_q;                 // seg_q < 1392: the padding fits in this block
    reg          zero_q;                // seg_q == 0: no message bit in this block
    reg          le_q;                  // seg_q <= 1536: last block of a non-last segment
    reg [63:0]   cntn_q;                // cnt_q + the block's message bits
    reg [W-2:0]  segn_q;                // seg_q - the block's message bits
    // the block in the buffer
    reg          m_full_q, m_full_d;    // the buffer holds a block not yet loaded
    reg          m_last_q, m_last_d;    // ... the message's last
    reg [63:0]   m_cnt_q, m_cnt_d;      // ... its counter C
    reg          can_q, can_d;          // reading data and the buffer has room
    wire         take = src_ready && can_q;  // a data word is read in this cycle

    wire [10:0]  blk_bits = ge_q ? 11'd1536 : seg_q[10:0];
    wire         seg_end = last_q ? fin_q : le_q;

    always @(posedge clk) begin
        ge_q <= (|seg_q[W-2:11]) || (&seg_q[10:9]);
        fin_q <= ~|seg_q[W-2:11] && seg_q[10:0] < 11'd1392;
        zero_q <= ~|seg_q;
        le_q <= ~|seg_q[W-2:11] && seg_q[10:0] <= 11'd1536;
        cntn_q <= cnt_q + {53'd0, blk_bits};
        segn_q <= seg_q - {{(W-12){1'b0}}, blk_bits};
    end

    // ------------------------------------------------------------- sequencer
    localparam [1:0] E_IDLE = 2'd0,  // no message in the state
                     E_RUN  = 2'd1,  // blocks
                     E_OUT  = 2'd2;  // writing the digest

    reg [1:0]  e_q, e_d;
    reg [4:0]  c_q, c_d;             // cycle of the block, 0 .. 23
    reg [1:0]  ph_q, ph_d;           // c_q % 3
    reg        cur_last_q, cur_last_d;  // the block in the state is the message's last
    reg [1:0]  out_q, out_d;         // digest word
    reg        msg_done;             // last digest word written
    // counter of word 0 in the current round: {hi_q, lo_q}; hp_q = hi_q + 1
    reg [59:0] hi_q, hi_d, hp_q, hp_d;
    reg [3:0]  lo_q, lo_d;

    // Registered strobes (next values computed from the next state)
    reg        en_q, en_d, sel_aes_q, sel_aes_d, sel_mix_q, sel_mix_d, load_q, load_d, first_q, first_d;
    reg [59:0] key_hi_q, key_hi_d, key_t_q, key_t_d;
    reg [15:0] key_cy_q, key_cy_d;
    reg [63:0] key_lo_q, key_lo_d;
    reg        key_a;                // the next cycle is a keyed AES round

    assign en = en_q;
    assign sel_aes = sel_aes_q;
    assign sel_mix = sel_mix_q;
    assign load = load_q;
    assign first = first_q;
    assign key_hi = key_hi_q;
    assign key_t = key_t_q;
    assign key_cy = key_cy_q;
    assign key_lo = key_lo_q;
    assign out_sel = out_q;

    // a load in this cycle takes the buffer's block (not the digest load)
    wire load_block = load_q && !(e_q == E_RUN && cur_last_q);

    always @* begin
        // reader
        rd_d = rd_q;
        word_d = word_q;
        seg_d = seg_q;
        last_d = last_q;
        cnt_d = cnt_q;
        m_full_d = m_full_q;
        m_last_d = m_last_q;
        m_cnt_d = m_cnt_q;
        src_read = 1'b0;
        m_shift = 1'b0;
        // sequencer
        e_d = e_q;
        c_d = c_q;
        ph_d = ph_q;
        cur_last_d = cur_last_q;
        out_d = out_q;
        hi_d = hi_q;
        hp_d = hp_q;
        lo_d = lo_q;
        dst_write = 1'b0;
        msg_done = 1'b0;

        case (e_q)
            E_IDLE: if (load_q) begin  // the message's first block enters the state
                e_d = E_RUN;
                c_d = 5'd0;
                ph_d = 2'd0;
                cur_last_d = m_last_q;
                hi_d = m_cnt_q[63:4];
                hp_d = m_cnt_q[63:4] + 60'd1;
                lo_d = m_cnt_q[3:0];
            end
            E_RUN: begin
                if (c_q != 5'd23) begin
                    c_d = c_q + 1'b1;
                    ph_d = ph_q == 2'd2 ? 2'd0 : ph_q + 1'b1;
                    if (ph_q == 2'd2) begin  // next round: counter + 16
                        hi_d = hp_q;
                        hp_d = hp_q + 60'd1;
                    end
                end else if (load_q) begin
                    if (cur_last_q) begin  // the digest is in the state
                        e_d = E_OUT;
                        out_d = 2'd0;
                    end else begin         // the next block enters
                        c_d = 5'd0;
                        ph_d = 2'd0;
                        cur_last_d = m_last_q;
                        hi_d = m_cnt_q[63:4];
                        hp_d = m_cnt_q[63:4] + 60'd1;
                        lo_d = m_cnt_q[3:0];
                    end
                end
            end
            E_OUT: if (dst_ready) begin
                dst_write = 1'b1;
                out_d = out_q + 1'b1;
                if (out_q == 2'd3) begin
                    msg_done = 1'b1;
                    e_d = E_IDLE;
                end
            end
            default: e_d = E_IDLE;
        endcase

        if (load_block) m_full_d = 1'b0;

        case (rd_q)
            RD_HEADER: if (src_ready) begin
                src_read = 1'b1;
                word_d = 5'd0;
                seg_d = din[W-2:0];
                last_d = din[W-1];
                if (din[W-1] || |din[W-2:0]) rd_d = RD_DATA;
            end
            RD_DATA: if (take) begin
                src_read = 1'b1;
                m_shift = 1'b1;
                word_d = word_q + 1'b1;
                if (word23_q) begin
                    word_d = 5'd0;
                    m_full_d = 1'b1;
                    m_last_d = last_q && fin_q;
                    m_cnt_d = zero_q ? 64'd0 : cntn_q;
                    cnt_d = cntn_q;
                    seg_d = segn_q;
                    if (seg_end) rd_d = last_q ? RD_WAIT : RD_HEADER;
                end
            end
            RD_WAIT: if (msg_done) begin
                rd_d = RD_HEADER;
                cnt_d = 64'd0;
            end
            default: rd_d = RD_HEADER;
        endcase
    end

    // Strobes for the next cycle, from the next state
    reg [4:0] lo_sum;
    integer i;
    always @* begin
        load_d = (e_d == E_IDLE && m_full_d)
              || (e_d == E_RUN && c_d == 5'd23 && (cur_last_d || m_full_d));
        en_d = load_d || (e_d == E_RUN && c_d != 5'd23);
        sel_aes_d = e_d == E_RUN && ph_d != 2'd2;
        sel_mix_d = e_d == E_RUN && ph_d == 2'd2 && c_d != 5'd23;
        first_d = e_d == E_IDLE;
        can_d = rd_d == RD_DATA && (!m_full_d || load_d);
        word23_d = word_d == 5'd23;
        // keys of the next cycle's keyed AES round (zero in other cycles): per word i
        // the carry and the low 4 bits of lo + i
        key_a = e_d == E_RUN && ph_d == 2'd0;
        key_hi_d = key_a ? hi_d : 60'd0;
        key_t_d = key_a ? hi_d ^ hp_d : 60'd0;
        lo_sum = 5'd0;
        for (i = 0; i < 16; i = i + 1) begin
            lo_sum = {1'b0, lo_d} + i[4:0];
            key_cy_d[i] = lo_sum[4];
            key_lo_d[63 - 4*i -: 4] = key_a ? lo_sum[3:0] : 4'd0;
        end
    end

    // Registers
    always @(posedge clk) begin
        if (rst) begin
            rd_q <= RD_HEADER;
            m_full_q <= 1'b0;
            can_q <= 1'b0;
            e_q <= E_IDLE;
            cnt_q <= 64'd0;
            en_q <= 1'b0;
            load_q <= 1'b0;
        end else begin
            rd_q <= rd_d;
            m_full_q <= m_full_d;
            can_q <= can_d;
            e_q <= e_d;
            cnt_q <= cnt_d;
            en_q <= en_d;
            load_q <= load_d;
        end
        word_q <= word_d;
        word23_q <= word23_d;
        seg_q <= seg_d;
        last_q <= last_d;
        m_last_q <= m_last_d;
        m_cnt_q <= m_cnt_d;
        c_q <= c_d;
        ph_q <= ph_d;
        cur_last_q <= cur_last_d;
        out_q <= out_d;
        hi_q <= hi_d;
        hp_q <= hp_d;
        lo_q <= lo_d;
        sel_aes_q <= sel_aes_d;
        sel_mix_q <= sel_mix_d;
        first_q <= first_d;
        key_hi_q <= key_hi_d;
        key_t_q <= key_t_d;
        key_cy_q <= key_cy_d;
        key_lo_q <= key_lo_d;
    end

endmodule
