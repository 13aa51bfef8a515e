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
    // Datapath control
    output reg          init,
    output reg          mn_shift,
    output reg          step,
    output reg          xfer,
    output reg          xfer_next,
    output reg          mn_odd,
    output reg          a_rot,
    output reg          s_acc,
    output reg  [7:0]   tsel,
    output reg          w_inc,
    output reg          w_carry,
    output reg          wi_load,
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
    // Engine
    localparam [1:0] E_IDLE = 2'd0,    // waiting for a block
                     E_XFER = 2'd1,    // transfer, 16 cycles
                     E_STEP = 2'd2,    // permutation, 48 steps
                     E_OUT  = 2'd3;    // digest words

    // Segment header: the last segment has whole + 1 padded blocks (the padding always
    // adds a block or completes the partial one), another segment has whole.
    wire [W-11:0] seg_whole = din[W-2:9];
    wire          seg_last = din[W-1];
    wire          seg_no_whole = seg_whole == 0;

    reg [1:0]     lstate_q, lstate_d;
    reg [2:0]     beat_q, beat_d;       // bus word of the block being read
    reg           m_full_q, m_full_d;   // the next-block FIFO holds a block
    reg           m_last_q, m_last_d;   // ... the message's last
    // Block accounting as in sha_block_ctrl: blocks counted up from 1 against whole
    reg [W-10:0]  block_q, block_d;
    reg [W-11:0]  whole_q, whole_d;
    reg           last_q, last_d;       // the segment ends the message
    reg [W/2-5:0] pair_eq_q;            // block_q == whole_q per bit pair, + top bit 0
    reg           at_whole_q;           // block_q == whole_q, two cycles late
    reg           past1_q, past1_d;     // block_q == whole_q + 1

    reg [1:0]     estate_q, estate_d;
    reg [5:0]     cnt_q, cnt_d;         // transfer cycle, step or digest cycle
    reg           final_q, final_d;     // the round is one of the three final ones
    reg [1:0]     fin_q, fin_d;         // final round 0..2
    reg           cur_last_q, cur_last_d; // the block being hashed is the message's last

    // The block being read is the segment's last (valid from the third word on)
    wire last_block = last_q ? past1_q : at_whole_q;

    integer i;
    always @(posedge clk) begin
        for (i = 0; i < W/2 - 5; i = i + 1)
            pair_eq_q[i] <= block_q[2*i +: 2] == whole_q[2*i +: 2];
        pair_eq_q[W/2-5] <= !block_q[W-10];
        at_whole_q <= &pair_eq_q;
    end

    always @* begin
        lstate_d = lstate_q;
        beat_d = beat_q;
        m_full_d = m_full_q;
        m_last_d = m_last_q;
        block_d = block_q;
        whole_d = whole_q;
        last_d = last_q;
        past1_d = past1_q;
        estate_d = estate_q;
        cnt_d = cnt_q;
        final_d = final_q;
        fin_d = fin_q;
        cur_last_d = cur_last_q;
        src_read = 1'b0;
        dst_write = 1'b0;
        init = rst;
        mn_shift = 1'b0;
        step = 1'b0;
        xfer = 1'b0;
        xfer_next = 1'b0;
        mn_odd = cnt_q[0];
        a_rot = 1'b0;
        s_acc = cnt_q < 6'd36;
        tsel = 8'd0;
        w_inc = 1'b0;
        w_carry = 1'b0;
        wi_load = 1'b0;
        b_out = 1'b0;

        // Loader
        case (lstate_q)
            L_HEADER: if (src_ready) begin
                src_read = 1'b1;
                block_d = {{(W-10){1'b0}}, 1'b1};
                whole_d = seg_whole;
                last_d = seg_last;
                past1_d = seg_no_whole;
                beat_d = 3'd0;
                if (seg_last || !seg_no_whole) lstate_d = L_WORDS;
            end
            L_WORDS: if (src_ready && !m_full_q) begin
                src_read = 1'b1;
                mn_shift = 1'b1;
                beat_d = beat_q + 1'b1;
                if (beat_q == 3'd7) begin
                    m_full_d = 1'b1;
                    m_last_d = last_q && last_block;
                    block_d = block_q + 1'b1;
                    past1_d = at_whole_q;
                    if (last_block) lstate_d = last_q ? L_DONE : L_HEADER;
                end
            end
            default: ;  // L_DONE: until the digest is written
        endcase

        // Engine
        case (estate_q)
            E_IDLE: if (m_full_q) begin
                estate_d = E_XFER;
                cnt_d = 6'd0;
                final_d = 1'b0;
                cur_last_d = m_last_q;
            end
            E_XFER: begin
                xfer = 1'b1;
                xfer_next = !final_q;
                a_rot = cnt_q < 6'd12;
                w_inc = !final_q && cnt_q == 6'd0;
                w_carry = !final_q && cnt_q == 6'd1;
                wi_load = cnt_q == 6'd15;
                tsel[0] = cnt_q == 6'd15;
                mn_shift = !final_q && cnt_q[0];
                cnt_d = cnt_q + 1'b1;
                if (cnt_q == 6'd15) begin
                    estate_d = E_STEP;
                    cnt_d = 6'd0;
                    if (!final_q) m_full_d = 1'b0;
                end
            end
            E_STEP: begin
                step = 1'b1;
                wi_load = cnt_q == 6'd0;
                if (cnt_q != 6'd47) tsel[cnt_q[2:0] + 3'd1] = 1'b1;
                cnt_d = cnt_q + 1'b1;
                if (cnt_q == 6'd47) begin
                    cnt_d = 6'd0;
                    if (final_q && fin_q == 2'd2) begin
                        estate_d = E_OUT;
                    end else if (final_q) begin
                        estate_d = E_XFER;
                        fin_d = fin_q + 1'b1;
                    end else if (cur_last_q) begin
                        estate_d = E_XFER;
                        final_d = 1'b1;
                        fin_d = 2'd0;
                    end else if (m_full_q) begin
                        estate_d = E_XFER;
                        cur_last_d = m_last_q;
                    end else begin
                        estate_d = E_IDLE;
                    end
                end
            end
            default: begin  // E_OUT: a word every other cycle, B shifting
                if (cnt_q[0] || dst_ready) begin
                    b_out = 1'b1;
                    cnt_d = cnt_q + 1'b1;
                end
                if (!cnt_q[0] && dst_ready) begin
                    dst_write = 1'b1;
                    if (cnt_q == 6'd6) begin
                        estate_d = E_IDLE;
                        lstate_d = L_HEADER;
                        init = 1'b1;
                    end
                end
            end
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            lstate_q <= L_HEADER;
            estate_q <= E_IDLE;
            m_full_q <= 1'b0;
        end else begin
            lstate_q <= lstate_d;
            estate_q <= estate_d;
            m_full_q <= m_full_d;
        end
        beat_q <= beat_d;
        m_last_q <= m_last_d;
        block_q <= block_d;
        whole_q <= whole_d;
        last_q <= last_d;
        past1_q <= past1_d;
        cnt_q <= cnt_d;
        final_q <= final_d;
        fin_q <= fin_d;
        cur_last_q <= cur_last_d;
    end

endmodule
