`default_nettype none
// groestl256_lw_ctrl: interface controller and round sequencer of the lightweight
// Grøstl-256 core (see groestl256_lw_core for the architecture and the cycle formula).
//
// Reader. Takes segment headers and 16-bit message words from the source FIFO and
// writes the words into the datapath's message memory M (32 words = one 512-bit block;
// word w holds rows 2(w mod 4) and 2(w mod 4) + 1 of column w div 4). It reads while M
// is free (!m_full_q), so the next block is loaded while the current one is processed:
// M is released once P's round 0 has read it. A last segment has one padding block more
// than its whole blocks (the 1 bit and the 64-bit block count), two when its tail (bits
// mod 512) is 448 bits or more. After the last block of a message it waits until the
// digest has been written before it reads the next header.
//
// Sequencer (the issue stage, one half column per clock). A block is 20 slots of 16
// clocks, Q0 P0 Q1 P1 ... Q9 P9 (round r of Q, then of P); a slot reads the 8 output
// columns' halves in order (idx = 2j + half). Alternating the two permutations hides the
// 4-clock latency between a read and its write-back, so the slots follow each other with
// no gap and the next block's Q0 (which reads only M) directly follows P9. A block starts
// only when M holds it (stall at Q0's first read otherwise). After the last block the
// output transformation runs P alone (omega): every round waits until the previous one
// is written back (a gap of 2 clocks, 3 before its round 0, whose H reads must not
// collide with the last write-back into H); its round 9 computes only columns 4-7, the
// digest. After 4 clocks of drain the 16 digest words are written from H.
//
// The issue values are registered into the R-stage controls of the datapath (addresses
// of the four lanes, source selects, round constant), so that the memories' read
// addresses start at flip-flops.
module groestl256_lw_ctrl #(
    // Bus width in bits: 16 only.
    parameter W = 16
) (
    input  wire         clk,
    input  wire         rst,
    // Source FIFO (first word fall through)
    input  wire [W-1:6] hdr,       // din without the bits a header does not need
    input  wire         src_ready,
    output reg          src_read,
    // Destination FIFO
    input  wire         dst_ready,
    output reg          dst_write,
    // M writes
    output reg  [3:0]   m_we,
    output wire [3:0]   m_waddr,
    // R stage
    output reg          r_valid,
    output reg          r_half,
    output reg          r_perm,
    output reg          r_last,
    output reg  [2:0]   r_j,
    output reg  [11:0]  r_col,
    output reg          r_state,
    output reg          r_use_h,
    output reg          r_use_m,
    output reg          r_iv,
    output reg  [31:0]  r_const,
    // digest output
    output wire         o_en,
    output wire [3:0]   o_word
);

    initial begin
        if (W != 16) begin
            $display("groestl256_lw_ctrl: W must be 16, got %0d", W);
            $finish;
        end
    end

    // ---------------------------------------------------------------- reader
    localparam [1:0] RD_HEADER = 2'd0,  // waiting for a segment header
                     RD_DATA   = 2'd1,  // reading the blocks of a segment
                     RD_WAIT   = 2'd2;  // message read; waiting for its digest to go out

    reg [1:0] rd_q, rd_d;
    reg [4:0] word_q, word_d;    // word of the block being read
    reg [6:0] left_q, left_d;    // blocks of the segment still to read, this one included
    reg       last_q, last_d;    // the segment ends the message
    reg       m_full_q, m_full_d;  // M holds a block not yet released
    reg       m_last_q, m_last_d;  // ... which is the message's last

    wire [5:0] seg_whole = hdr[14:9];
    wire       seg_tail = &hdr[8:6];
    wire [6:0] seg_blocks = {1'b0, seg_whole} + {6'd0, hdr[15]} + {6'd0, hdr[15] && seg_tail};

    // a word goes to lanes 0 and 1 (rows 0-1 or 4-5) or 2 and 3 (rows 2-3 or 6-7)
    assign m_waddr = {word_q[1], word_q[4:2]};

    // ------------------------------------------------------------- sequencer
    localparam [1:0] E_RUN   = 2'd0,  // blocks (stalls at a block start without a block)
                     E_OMEGA = 2'd1,  // output transformation, P alone
                     E_DRAIN = 2'd2,  // last write-backs
                     E_OUT   = 2'd3;  // digest words

    reg [1:0] e_q, e_d;
    reg       perm_q, perm_d;      // 1: P, 0: Q
    reg [3:0] rnd_q, rnd_d;        // round 0..9
    reg [3:0] idx_q, idx_d;        // half column of the slot: 2j + half
    reg [1:0] gap_q, gap_d;        // omega: clocks to wait before the round's reads
    reg       cur_last_q, cur_last_d;  // the block being processed is the message's last
    reg       iv_q, iv_d;          // H is still the IV
    reg [3:0] out_q, out_d;        // digest word
    reg       msg_done;
    reg       issue;               // a half column is read in the next clock

    assign o_en = e_q == E_OUT;
    assign o_word = out_q;

    always @* begin
        rd_d = rd_q;
        word_d = word_q;
        left_d = left_q;
        last_d = last_q;
        m_full_d = m_full_q;
        m_last_d = m_last_q;
        src_read = 1'b0;
        m_we = 4'b0000;
        e_d = e_q;
        perm_d = perm_q;
        rnd_d = rnd_q;
        idx_d = idx_q;
        gap_d = gap_q;
        cur_last_d = cur_last_q;
        iv_d = iv_q;
        out_d = out_q;
        dst_write = 1'b0;
        msg_done = 1'b0;
        issue = 1'b0;

        case (e_q)
            E_RUN: if (!(!perm_q && rnd_q == 4'd0 && idx_q == 4'd0 && !m_full_q)) begin
                issue = 1'b1;
                idx_d = idx_q + 1'b1;
                if (!perm_q && rnd_q == 4'd0 && idx_q == 4'd0) cur_last_d = m_last_q;
                if (idx_q == 4'd15) begin
                    perm_d = !perm_q;
                    if (perm_q) begin
                        rnd_d = rnd_q + 1'b1;
                        if (rnd_q == 4'd0) m_full_d = 1'b0;  // M read by Q0 and P0: free
                        if (rnd_q == 4'd9) begin               // block done
                            rnd_d = 4'd0;
                            iv_d = 1'b0;
                            if (cur_last_q) begin
                                e_d = E_OMEGA;
                                perm_d = 1'b1;
                                gap_d = 2'd3;
                            end
                        end
                    end
                end
            end
            E_OMEGA: if (gap_q != 2'd0) begin
                gap_d = gap_q - 1'b1;
            end else begin
                issue = 1'b1;
                idx_d = idx_q + 1'b1;
                if (idx_q == 4'd15) begin
                    rnd_d = rnd_q + 1'b1;
                    gap_d = 2'd2;
                    if (rnd_q == 4'd8) idx_d = 4'd8;  // round 9: columns 4-7 only
                    if (rnd_q == 4'd9) begin
                        e_d = E_DRAIN;
                        gap_d = 2'd3;
                    end
                end
            end
            E_DRAIN: begin
                gap_d = gap_q - 1'b1;
                out_d = 4'd0;
                if (gap_q == 2'd0) e_d = E_OUT;
            end
            default: if (dst_ready) begin  // E_OUT
                dst_write = 1'b1;
                out_d = out_q + 1'b1;
                if (out_q == 4'd15) begin
                    msg_done = 1'b1;
                    e_d = E_RUN;
                    perm_d = 1'b0;
                    rnd_d = 4'd0;
                    idx_d = 4'd0;
                    iv_d = 1'b1;
                end
            end
        endcase

        case (rd_q)
            RD_HEADER: if (src_ready) begin
                src_read = 1'b1;
                word_d = 5'd0;
                left_d = seg_blocks;
                last_d = hdr[15];
                if (seg_blocks != 7'd0) rd_d = RD_DATA;
            end
            RD_DATA: if (src_ready && !m_full_q) begin
                src_read = 1'b1;
                m_we = word_q[0] ? 4'b1100 : 4'b0011;
                word_d = word_q + 1'b1;
                if (word_q == 5'd31) begin
                    m_full_d = 1'b1;
                    m_last_d = last_q && left_q == 7'd1;
                    left_d = left_q - 1'b1;
                    if (left_q == 7'd1) rd_d = last_q ? RD_WAIT : RD_HEADER;
                end
            end
            RD_WAIT: if (msg_done) rd_d = RD_HEADER;
            default: rd_d = RD_HEADER;
        endcase
    end

    // ShiftBytes: row r of the result is row r of the input rotated left by shift(r)
    function integer shift(input integer perm, input integer row);
        if (perm == 1) shift = row;
        else shift = row < 4 ? 2*row + 1 : 2*row - 8;  // Q (round 3): 1 3 5 7 0 2 4 6
    endfunction

    // R-stage controls from the issue values. Each round writes a byte where its lane has
    // just read one (in place, see groestl256_lw_core), so the bytes of row r drift by
    // shift(r) per round: round n reads the logical column j + shift(r) at the physical
    // column j + (n + 1) * shift(r) (mod 8); for round 0 (inputs from M and H, which are
    // not rotated) both are j + shift(r). The offsets (n + 1) * shift(r) mod 8 of the four
    // lanes are a table indexed by {perm, half, round} (constants multiplied at
    // elaboration: no multiplier).
    reg [11:0] col_d;   // physical source column of each lane
    reg [5:0]  lcol_d;  // logical source column of lanes 0 and 3 (round constants)
    reg [31:0] const_d;
    reg [2:0]  off;
    integer k, p, h, n;
    always @* begin
        for (k = 0; k < 4; k = k + 1) begin
            off = 3'd0;
            for (p = 0; p < 2; p = p + 1)
                for (h = 0; h < 2; h = h + 1)
                    for (n = 0; n < 10; n = n + 1)
                        if (perm_q == p[0] && idx_q[0] == h[0] && rnd_q == n[3:0])
                            off = 3'(((n + 1) * shift(p, 4*h + k)) % 8);
            col_d[11 - 3*k -: 3] = idx_q[3:1] + off;
        end
        lcol_d[5:3] = idx_q[3:1] + 3'(shift(perm_q ? 1 : 0, idx_q[0] ? 4 : 0));
        lcol_d[2:0] = idx_q[3:1] + 3'(shift(perm_q ? 1 : 0, idx_q[0] ? 7 : 3));
        if (perm_q)
            const_d = idx_q[0] ? 32'd0 : {1'b0, lcol_d[5:3], rnd_q, 24'd0};
        else
            const_d = idx_q[0] ? {24'hffffff, ~{1'b0, lcol_d[2:0], rnd_q}} : 32'hffffffff;
    end

    always @(posedge clk) begin
        if (rst) begin
            rd_q <= RD_HEADER;
            m_full_q <= 1'b0;
            e_q <= E_RUN;
            perm_q <= 1'b0;
            rnd_q <= 4'd0;
            idx_q <= 4'd0;
            iv_q <= 1'b1;
            r_valid <= 1'b0;
        end else begin
            rd_q <= rd_d;
            m_full_q <= m_full_d;
            e_q <= e_d;
            perm_q <= perm_d;
            rnd_q <= rnd_d;
            idx_q <= idx_d;
            iv_q <= iv_d;
            r_valid <= issue;
        end
        word_q <= word_d;
        left_q <= left_d;
        last_q <= last_d;
        m_last_q <= m_last_d;
        gap_q <= gap_d;
        cur_last_q <= cur_last_d;
        out_q <= out_d;
        r_half <= idx_q[0];
        r_perm <= perm_q;
        r_last <= rnd_q == 4'd9;
        r_j <= idx_q[3:1];
        r_col <= col_d;
        r_state <= rnd_q != 4'd0;
        r_use_h <= rnd_q == 4'd0 && perm_q;
        r_use_m <= rnd_q == 4'd0 && e_q == E_RUN;
        r_iv <= iv_q;
        r_const <= const_d;
    end

endmodule
