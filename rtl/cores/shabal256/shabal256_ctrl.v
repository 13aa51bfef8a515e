`default_nettype none
// shabal256_ctrl: interface controller of the Shabal-256 core.
//
// Two processes. The loader reads segment headers and the eight bus words of each
// block into the datapath's next-block FIFO whenever it is empty (m_full_q clear), so
// the next block comes in while the current one is hashed. The engine runs, per
// block, a transfer (16 cycles: the B/C exchange with the message insertion and
// removal, A += C, the next block into the message ring) and the permutation (48
// steps); after the message's last block, three final rounds (transfer and
// permutation, same block, same counter), then the digest (4 words, one every other
// cycle while the B ring shifts). A message costs 1 (header) + 8 (first block) +
// 1 (start) + 64*N + 3*64 + 7 (digest) cycles, the last digest word included.
module shabal256_ctrl #(
    // Bus width in bits: only 64 is implemented.
    parameter W = 64
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    input  wire         dst_ready,
    output reg          dst_write,
    // Datapath control (registered strobes, except where they follow the FIFO flags)
    output reg          init,
    output reg          mn_shift,
    output reg          step,
    output reg          xfer,
    output reg          run,
    output reg          xfer_next,
    output wire         mn_odd,
    output reg          a_rot,
    output reg          s_acc,
    output reg  [7:0]   tclr,
    output reg          w_inc,
    output reg          w_carry,
    output reg          wi_clr,
    output reg          b_out
);

    initial begin
        if (W != 64) begin
            $display("shabal256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
    end

    // Loader
    localparam [1:0] L_HEADER = 2'd0,  // waiting for a segment header
                     L_WORDS  = 2'd1,  // reading the blocks of a segment
                     L_DONE   = 2'd2;  // the whole message is read

    reg [1:0]     lstate_q, lstate_d;
    reg [2:0]     beat_q, beat_d;       // bus word of the block being read
    reg           m_full_q, m_full_d;   // the next-block FIFO holds a block
    reg           m_last_q, m_last_d;   // ... the message's last

    // Engine, one-hot
    reg           e_idle_q, e_idle_d;
    reg           e_xfer_q, e_xfer_d;
    reg           e_step_q, e_step_d;
    reg           e_out_q, e_out_d;
    reg [5:0]     cnt_q, cnt_d;         // transfer cycle, step or digest cycle
    reg           final_q, final_d;     // the round is one of the three final ones
    reg [1:0]     fin_q, fin_d;         // final round 0..2
    reg           cur_last_q, cur_last_d; // the block being hashed is the message's last
    reg           mnx_q;                // transfer: shift the next-block FIFO
    reg [7:0]     tsel_d;

    assign mn_odd = cnt_q[0];

    // Segment header and block accounting: the last segment has whole + 1 blocks (the
    // padding, a 1 bit and zeros, completes the partial block or adds one: PAD_MIN = 1),
    // another one whole. last_block: the block being read is the segment's last, valid from
    // its third word on. (A segment that is not the last must carry at least one block,
    // as the host sends it.)
    wire hdr_read = lstate_q == L_HEADER && src_ready;
    wire blk_read = lstate_q == L_WORDS && src_ready && !m_full_q && beat_q == 3'd7;
    wire seg_last, last_block;
    wire unused_hdr_last, unused_hdr_empty;

    block_counter #(
        .W(W),
        .BLOCK_LOG2(9),
        .PAD_MIN(1)
    ) u_blocks (
        .clk(clk),
        .din(din),
        .load(hdr_read),
        .step(blk_read),
        .hdr_last(unused_hdr_last),
        .hdr_empty(unused_hdr_empty),
        .seg_last(seg_last),
        .last_block(last_block)
    );

    always @* begin
        lstate_d = lstate_q;
        beat_d = beat_q;
        m_full_d = m_full_q;
        m_last_d = m_last_q;
        e_idle_d = e_idle_q;
        e_xfer_d = e_xfer_q;
        e_step_d = e_step_q;
        e_out_d = e_out_q;
        cnt_d = cnt_q;
        final_d = final_q;
        fin_d = fin_q;
        cur_last_d = cur_last_q;
        src_read = 1'b0;
        dst_write = 1'b0;
        init = rst;
        mn_shift = mnx_q;
        b_out = 1'b0;

        // Loader
        case (lstate_q)
            L_HEADER: if (src_ready) begin
                src_read = 1'b1;
                beat_d = 3'd0;
                lstate_d = L_WORDS;
            end
            L_WORDS: if (src_ready && !m_full_q) begin
                src_read = 1'b1;
                mn_shift = 1'b1;
                beat_d = beat_q + 1'b1;
                if (beat_q == 3'd7) begin
                    m_full_d = 1'b1;
                    m_last_d = seg_last && last_block;
                    if (last_block) lstate_d = seg_last ? L_DONE : L_HEADER;
                end
            end
            default: ;  // L_DONE: until the digest is written
        endcase

        // Engine
        if (e_idle_q && m_full_q) begin
            e_idle_d = 1'b0;
            e_xfer_d = 1'b1;
            cnt_d = 6'd0;
            final_d = 1'b0;
            cur_last_d = m_last_q;
        end
        if (e_xfer_q) begin
            cnt_d = cnt_q + 1'b1;
            if (cnt_q == 6'd15) begin
                e_xfer_d = 1'b0;
                e_step_d = 1'b1;
                cnt_d = 6'd0;
                if (!final_q) m_full_d = 1'b0;
            end
        end
        if (e_step_q) begin
            cnt_d = cnt_q + 1'b1;
            if (cnt_q == 6'd47) begin
                cnt_d = 6'd0;
                e_step_d = 1'b0;
                if (final_q && fin_q == 2'd2) begin
                    e_out_d = 1'b1;
                end else if (final_q) begin
                    e_xfer_d = 1'b1;
                    fin_d = fin_q + 1'b1;
                end else if (cur_last_q) begin
                    e_xfer_d = 1'b1;
                    final_d = 1'b1;
                    fin_d = 2'd0;
                end else if (m_full_q) begin
                    e_xfer_d = 1'b1;
                    cur_last_d = m_last_q;
                end else begin
                    e_idle_d = 1'b1;
                end
            end
        end
        if (e_out_q) begin  // a digest word every other cycle, the B ring shifting
            if (cnt_q[0] || dst_ready) begin
                b_out = 1'b1;
                cnt_d = cnt_q + 1'b1;
            end
            if (!cnt_q[0] && dst_ready) begin
                dst_write = 1'b1;
                if (cnt_q == 6'd6) begin
                    e_out_d = 1'b0;
                    e_idle_d = 1'b1;
                    lstate_d = L_HEADER;
                    init = 1'b1;
                end
            end
        end

        // C tap register of the coming step (see shabal256_datapath): 0 for step 0
        // (loaded in transfer cycle 15), (s + 1) mod 8 for step s + 1 (loaded in step s)
        tsel_d = 8'd0;
        if (e_xfer_q && cnt_q == 6'd14) tsel_d[0] = 1'b1;
        if (e_xfer_q && cnt_q == 6'd15) tsel_d[1] = 1'b1;
        if (e_step_q && cnt_q < 6'd46) tsel_d[cnt_q[2:0] + 3'd2] = 1'b1;
    end
    always @(posedge clk) begin
        if (rst) begin
            lstate_q <= L_HEADER;
            m_full_q <= 1'b0;
            e_idle_q <= 1'b1;
            e_xfer_q <= 1'b0;
            e_step_q <= 1'b0;
            e_out_q <= 1'b0;
            step <= 1'b0;
            xfer <= 1'b0;
            run <= 1'b0;
            mnx_q <= 1'b0;
        end else begin
            lstate_q <= lstate_d;
            m_full_q <= m_full_d;
            e_idle_q <= e_idle_d;
            e_xfer_q <= e_xfer_d;
            e_step_q <= e_step_d;
            e_out_q <= e_out_d;
            step <= e_step_d;
            xfer <= e_xfer_d;
            run <= e_step_d || e_xfer_d;
            mnx_q <= e_xfer_q && !final_q && !cnt_q[0];
        end
        beat_q <= beat_d;
        m_last_q <= m_last_d;
        cnt_q <= cnt_d;
        final_q <= final_d;
        fin_q <= fin_d;
        cur_last_q <= cur_last_d;
        xfer_next <= e_xfer_d && !final_d;
        // strobes of the coming cycle, from the present one (a transfer starts after
        // idle or step 47 only)
        a_rot <= (e_xfer_q && cnt_q < 6'd11) || (e_xfer_d && !e_xfer_q);
        s_acc <= (e_step_q && cnt_q < 6'd35) || (e_xfer_q && cnt_q == 6'd15);
        tclr <= ~tsel_d;
        w_inc <= e_xfer_d && !e_xfer_q && !final_d;
        w_carry <= w_inc;
        wi_clr <= !(e_xfer_q && cnt_q[5:1] == 5'd7);
    end

endmodule
