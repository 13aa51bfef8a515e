`default_nettype none
// groestl256_ctrl: interface controller and round sequencer of the Grøstl-256 core.
//
// Two independent parts:
//
// Reader. Takes segment headers and message words from the source FIFO and shifts the
// words into the datapath's message buffer (8 words = one 512-bit block). It reads
// while the buffer is not full (m_full_q), so the next block is loaded while the
// current one is processed. rtl/lib/block_counter reads the header and counts the
// blocks: a last segment has one padding block more (the 1 bit and the 64-bit block
// count), two when its tail (bits mod 512) is 448 bits or more. After the last block of
// a message it waits until the digest has been written before it reads the next header.
//
// Sequencer. P and Q share one round unit cut into two pipeline stages (SubBytes |
// MixBytes), so P and Q take turns: the unit holds one of them in each stage and a
// block takes 20 cycles, counted by c_q = 0 .. 19:
//   c = 0          Q's last round leaves MixBytes; Q's input of the next block (m)
//                  enters the state register; H ^= Q(..)
//   c = 1          P's last round leaves MixBytes; P's input h' ^ m enters, where
//                  h' = H ^ P(..) (H already holds h ^ Q(..)); H = h'
//   c = 2 .. 19    rounds: MixBytes of round c/2 - 1 of Q (even c) or P (odd c)
// A new block therefore starts in the cycles where the previous one ends. c = 0 waits
// (stall) when the next block is not in the buffer yet. The first block of a message
// starts from the idle state (round unit cleared, H = IV) with the same two cycles.
// After the last block, P's input is h itself (the output transformation P(h) ^ h):
// one more 20-cycle period (omega_q) in which the Q half of the unit idles; in its
// c = 1 the digest P(h) ^ h is captured for output, then written in 4 words.
//
// Cycles, one segment of N blocks, no stalls: header 1, first block 8, its two load
// cycles 2, 20 per block, output transformation 20, digest 4 words:
//   1 + 8 + 2 + 20 + 20*N + 4.
//
// All datapath strobes come from registers: they are computed from the next-state
// values and registered, so that the wide enables and multiplexer selects in the
// datapath start at flip-flops.
module groestl256_ctrl #(
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
    output reg          m_shift,     // shift din into the message buffer
    output wire         idle,        // round unit cleared, H = IV
    output wire         en,          // round unit and state register advance
    output wire         h_en,        // H ^= MixBytes output
    output wire         g_mb,        // state input: MixBytes output ...
    output wire         g_h,         // ... ^ H ...
    output wire         g_m,         // ... ^ message buffer ...
    output wire         g_c,         // ... ^ round constant
    output wire         rc_q,        // the constant is Q's (else P's) ...
    output wire [3:0]   rc_round,    // ... of this round
    output wire         sb_q,        // stage 1 holds Q (ShiftBytes of Q)
    output wire         capture      // the digest is on the state input
);

    initial begin
        if (W != 64) begin
            $display("groestl256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
    end

    // ---------------------------------------------------------------- reader
    localparam [1:0] RD_HEADER = 2'd0,  // waiting for a segment header
                     RD_DATA   = 2'd1,  // reading the blocks of a segment
                     RD_WAIT   = 2'd2;  // message read; waiting for its digest to go out

    reg [1:0]     rd_q, rd_d;
    reg [2:0]     word_q, word_d;           // word of the block being read
    reg           m_full_q, m_full_d;       // the buffer holds a block not yet started
    reg           m_last_q, m_last_d;       // ... which is the message's last
    // Registered decisions, so that a read (src_ready) reaches the enables of the
    // message buffer and the block bookkeeping through one LUT level
    reg           can_q, can_d;             // reading data and the buffer has room
    reg           word7_q, word7_d;         // word_q == 7
    wire          take = src_ready && can_q;  // a data word is read in this cycle

    // Segment header and block accounting (Grøstl pads with a 1 bit and a 64-bit block
    // count: PAD_MIN = 65). seg_last_block: the block being read is the segment's last,
    // valid from the third cycle of a block.
    wire hdr_read = rd_q == RD_HEADER && src_ready;
    wire blk_read = rd_q == RD_DATA && take && word7_q;  // a block's last word is read
    wire hdr_empty, seg_last, seg_last_block;
    wire unused_hdr_last;  // the block counter keeps it (seg_last)

    block_counter #(
        .W(W),
        .BLOCK_LOG2(9),
        .PAD_MIN(65)
    ) u_blocks (
        .clk(clk),
        .din(din),
        .load(hdr_read),
        .step(blk_read),
        .hdr_last(unused_hdr_last),
        .hdr_empty(hdr_empty),
        .seg_last(seg_last),
        .last_block(seg_last_block)
    );

    // ------------------------------------------------------------- sequencer
    localparam [1:0] E_IDLE = 2'd0,  // no message in the round unit
                     E_RUN  = 2'd1,  // blocks and the output transformation
                     E_OUT  = 2'd2;  // writing the digest

    reg [1:0] e_q, e_d;
    reg [4:0] c_q, c_d;              // cycle of the block period, 0 .. 19
    reg       omega_q, omega_d;      // the period of the output transformation
    reg       cur_last_q, cur_last_d; // the block in the round unit is the message's last
    reg [1:0] out_q, out_d;          // digest word
    reg       msg_done;              // last digest word written

    // Registered strobes (next values computed from the next state)
    reg idle_q, en_q, h_en_q, g_mb_q, g_h_q, g_m_q, g_c_q, rc_q_q, sb_q_q, capture_q;
    reg idle_d, en_d, h_en_d, g_mb_d, g_h_d, g_m_d, g_c_d, rc_q_d, sb_q_d, capture_d;
    reg [3:0] rc_round_q, rc_round_d;

    assign idle = idle_q;
    assign en = en_q;
    assign h_en = h_en_q;
    assign g_mb = g_mb_q;
    assign g_h = g_h_q;
    assign g_m = g_m_q;
    assign g_c = g_c_q;
    assign rc_q = rc_q_q;
    assign rc_round = rc_round_q;
    assign sb_q = sb_q_q;
    assign capture = capture_q;

    always @* begin
        // reader
        rd_d = rd_q;
        word_d = word_q;
        m_full_d = m_full_q;
        m_last_d = m_last_q;
        src_read = 1'b0;
        m_shift = 1'b0;
        // sequencer
        e_d = e_q;
        c_d = c_q;
        omega_d = omega_q;
        cur_last_d = cur_last_q;
        out_d = out_q;
        dst_write = 1'b0;
        msg_done = 1'b0;

        case (e_q)
            E_IDLE: begin
                c_d = 5'd0;
                if (m_full_q) begin  // this cycle is c = 0 of the first block
                    e_d = E_RUN;
                    c_d = 5'd1;
                end
            end
            E_RUN: if (!(c_q == 5'd0 && !omega_q && !cur_last_q && !m_full_q)) begin
                c_d = c_q == 5'd19 ? 5'd0 : c_q + 1'b1;
                if (c_q == 5'd1) begin
                    if (omega_q) begin
                        e_d = E_OUT;
                        out_d = 2'd0;
                    end else if (cur_last_q) begin
                        omega_d = 1'b1;
                    end else begin
                        m_full_d = 1'b0;  // the block has entered the round unit
                        cur_last_d = m_last_q;
                    end
                end
            end
            E_OUT: if (dst_ready) begin
                dst_write = 1'b1;
                out_d = out_q + 1'b1;
                if (out_q == 2'd3) begin
                    msg_done = 1'b1;
                    e_d = E_IDLE;
                    omega_d = 1'b0;
                    cur_last_d = 1'b0;
                end
            end
            default: e_d = E_IDLE;
        endcase

        case (rd_q)
            RD_HEADER: if (src_ready) begin
                src_read = 1'b1;
                word_d = 3'd0;
                if (!hdr_empty) rd_d = RD_DATA;
            end
            RD_DATA: if (take) begin
                src_read = 1'b1;
                m_shift = 1'b1;
                word_d = word_q + 1'b1;
                if (word7_q) begin
                    m_full_d = 1'b1;
                    m_last_d = seg_last && seg_last_block;
                    if (seg_last_block) rd_d = seg_last ? RD_WAIT : RD_HEADER;
                end
            end
            RD_WAIT: if (msg_done) rd_d = RD_HEADER;
            default: rd_d = RD_HEADER;
        endcase
    end

    // Strobes for the next cycle, from the next state
    always @* begin
        can_d = rd_d == RD_DATA && !m_full_d;
        word7_d = word_d == 3'd7;
        idle_d = e_d == E_IDLE;
        en_d = e_d == E_IDLE
            || (e_d == E_RUN && !(c_d == 5'd0 && !omega_d && !cur_last_d && !m_full_d));
        h_en_d = e_d == E_RUN && en_d && ((c_d == 5'd0 && !omega_d) || c_d == 5'd1);
        g_mb_d = c_d != 5'd0;
        g_h_d = c_d == 5'd1;
        g_m_d = c_d == 5'd0 || (c_d == 5'd1 && !cur_last_d && !omega_d);
        g_c_d = !(c_d == 5'd1 && omega_d);
        rc_q_d = !c_d[0];
        rc_round_d = c_d[4:1];
        sb_q_d = c_d[0];
        capture_d = e_d == E_RUN && c_d == 5'd1 && omega_d;
    end

    // Registers
    always @(posedge clk) begin
        if (rst) begin
            rd_q <= RD_HEADER;
            m_full_q <= 1'b0;
            can_q <= 1'b0;
            e_q <= E_IDLE;
            omega_q <= 1'b0;
            cur_last_q <= 1'b0;
            idle_q <= 1'b1;
            en_q <= 1'b1;
            h_en_q <= 1'b0;
            capture_q <= 1'b0;
        end else begin
            rd_q <= rd_d;
            m_full_q <= m_full_d;
            can_q <= can_d;
            e_q <= e_d;
            omega_q <= omega_d;
            cur_last_q <= cur_last_d;
            idle_q <= idle_d;
            en_q <= en_d;
            h_en_q <= h_en_d;
            capture_q <= capture_d;
        end
        word_q <= word_d;
        word7_q <= word7_d;
        m_last_q <= m_last_d;
        c_q <= c_d;
        out_q <= out_d;
        g_mb_q <= g_mb_d;
        g_h_q <= g_h_d;
        g_m_q <= g_m_d;
        g_c_q <= g_c_d;
        rc_q_q <= rc_q_d;
        rc_round_q <= rc_round_d;
        sb_q_q <= sb_q_d;
    end

endmodule
