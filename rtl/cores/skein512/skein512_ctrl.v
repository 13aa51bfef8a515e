`default_nettype none
// skein512_ctrl: interface controller of the basic iterative Skein-512-256 core.
//
// Two independent halves share the one-block input buffer of the datapath:
//
// - the input side reads segment headers and message words (docs/interface.md). The
//   host pads with zeros to whole blocks, so a segment of SEGMENT_BITS = 512*whole +
//   tail bits has `whole` blocks, plus one more when it is the message's last and tail
//   is not 0 (an empty message has one block). When a block's last word arrives, the
//   side records the block's tweak fields: its position (bytes of the message up to and
//   including this block: 64 per whole block, ceil(tail / 8) for the partial one), First
//   (the message's first block), Final (the message's last block) and BitPad (Final and
//   tail mod 8 != 0). It then reads the next header or waits for the buffer to be free.
// - the processing side takes a full buffer in a load cycle and runs 18 steps (four
//   rounds each); the next load cycle finishes the block (feed-forward) while it starts
//   the next one. Loading the message's last block puts the output block in the buffer
//   at once (zeros, position 8, type Out, First and Final); after the output block the
//   load cycle starts the digest output instead.
//
// The input side reads the next block's 8 words during the 18 steps of the current one,
// so a block costs 19 cycles whenever the source keeps up, across segment boundaries too.
module skein512_ctrl #(
    // Bus width in bits: 64 only (one 64-bit Skein word per cycle).
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
    // Datapath control (see skein512_datapath)
    output reg          init,
    output reg          shift_in,
    output reg          load,
    output reg          keep_key,
    output reg          step,
    output reg          key_par,
    output wire         odd,
    output wire [4:0]   s_next,
    output wire [2:0]   t_sel,
    output wire [63:0]  t_pos,
    output wire [8:0]   t_flags,
    output reg          out_start
);

    initial begin
        if (W != 64) begin
            $display("skein512_ctrl: W must be 64, got %0d", W);
            $finish;
        end
    end

    localparam [1:0] I_HDR  = 2'd0,  // waiting for a segment header
                     I_DATA = 2'd1,  // reading the words of the segment's blocks
                     I_WAIT = 2'd2;  // message read: waiting for its digest to leave
    localparam [1:0] P_LOAD  = 2'd0, // load cycle: finish the block, start the next
                     P_ROUND = 2'd1, // 18 steps of four rounds
                     P_OUT   = 2'd2; // writing the 4 digest words
    localparam [4:0] LAST_STEP = 5'd17;

    // Segment header (zero padding to whole blocks, and an empty message is one block of
    // zeros: PAD_MIN = 0)
    wire          hdr_last;
    wire [W-11:0] hdr_whole;               // whole 512-bit blocks
    wire [8:0]    hdr_tail;                // bits after them
    wire          hdr_empty;               // the segment carries no block
    wire [1:0]    unused_hdr_extra;
    wire [W-10:0] unused_hdr_blocks;

    seg_header #(
        .W(W),
        .BLOCK_LOG2(9),
        .PAD_MIN(0)
    ) u_header (
        .hdr(din),
        .last(hdr_last),
        .whole(hdr_whole),
        .tail(hdr_tail),
        .extra(unused_hdr_extra),
        .blocks(unused_hdr_blocks),
        .empty(hdr_empty)
    );

    // Input side
    reg [1:0]     in_q, in_d;
    reg [2:0]     word_q, word_d;          // word of the block being read
    reg [W-11:0]  whole_q, whole_d;        // whole blocks of the segment not yet read
    reg           whole0_q, whole1_q;      // whole_q == 0, == 1 (one cycle late)
    reg [6:0]     tail_bytes_q, tail_bytes_d;  // ceil(tail / 8)
    reg           tail_nz_q, tail_nz_d;    // tail != 0
    reg           tail_frac_q, tail_frac_d;  // tail mod 8 != 0
    reg           last_q, last_d;          // the segment ends the message
    reg           msg_first_q, msg_first_d;  // the next header starts a message
    reg           blk_first_q, blk_first_d;  // the next block read is the message's first
    // The buffered block: full flag and tweak fields
    reg           full_q, full_d;
    reg [63:0]    bpos_q, bpos_d;          // position: message bytes up to its end
    reg           bfirst_q, bfirst_d;
    reg           bfinal_q, bfinal_d;
    reg           bpad_q, bpad_d;
    reg           bout_q, bout_d;          // the output block
    // Processing side
    reg [1:0]     p_q, p_d;
    reg [4:0]     s_q, s_d;                // step (subkey index) or digest word
    reg [2:0]     m3_q, m3_d;              // one-hot s_q mod 3
    reg           have_q, have_d;          // a block of the message is in v
    reg           cur_out_q, cur_out_d;    // ... and it is the output block
    reg [63:0]    cur_pos_q, cur_pos_d;    // ... its tweak
    reg [8:0]     cur_flags_q, cur_flags_d;

    // The block whose last word is read now
    wire          blk_whole = !whole0_q;
    wire          blk_final = last_q && (whole0_q || (whole1_q && !tail_nz_q));
    wire          blk_seg_end = whole0_q || (whole1_q && !(last_q && tail_nz_q));
    wire [6:0]    blk_bytes = blk_whole ? 7'd64 : tail_bytes_q;
    wire          done;                    // the last digest word leaves

    // Tweak t1 bits 127..119: Final, First, type (Msg 48 = 110000, Out 63 = 111111), BitPad
    wire [8:0]    bflags = {bfinal_q, bfirst_q, 2'b11, {4{bout_q}}, bpad_q};

    assign odd = s_q[0];
    assign s_next = load ? 5'd0 : s_q + 5'd1;
    assign t_sel = load ? 3'b001 : {m3_q[1:0], m3_q[2]};
    assign t_pos = load ? bpos_q : cur_pos_q;
    assign t_flags = load ? bflags : cur_flags_q;

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
        src_read = 1'b0;
        init = 1'b0;
        shift_in = 1'b0;
        case (in_q)
            I_HDR: if (src_ready) begin
                src_read = 1'b1;
                init = msg_first_q;
                msg_first_d = 1'b0;
                if (msg_first_q) blk_first_d = 1'b1;
                whole_d = hdr_whole;
                tail_bytes_d = {1'b0, hdr_tail[8:3]} + {6'd0, |hdr_tail[2:0]};
                tail_nz_d = hdr_tail != 0;
                tail_frac_d = |hdr_tail[2:0];
                last_d = hdr_last;
                if (!hdr_empty) in_d = I_DATA;
            end
            I_DATA: if (src_ready && !full_q) begin
                src_read = 1'b1;
                shift_in = 1'b1;
                word_d = word_q + 3'd1;
                if (word_q == 3'd7) begin
                    blk_first_d = 1'b0;
                    if (blk_whole) whole_d = whole_q - 1'b1;
                    if (blk_final) msg_first_d = 1'b1;
                    if (blk_seg_end) in_d = last_q ? I_WAIT : I_HDR;
                end
            end
            I_WAIT: if (done) in_d = I_HDR;
            default: in_d = I_HDR;
        endcase
    end

    // Processing side, and the buffer's flag and tweak fields (written by both sides)
    assign done = p_q == P_OUT && dst_ready && s_q[1:0] == 2'd3;
    always @* begin
        p_d = p_q;
        s_d = s_q;
        m3_d = m3_q;
        have_d = have_q;
        cur_out_d = cur_out_q;
        cur_pos_d = cur_pos_q;
        cur_flags_d = cur_flags_q;
        full_d = full_q;
        bpos_d = bpos_q;
        bfirst_d = bfirst_q;
        bfinal_d = bfinal_q;
        bpad_d = bpad_q;
        bout_d = bout_q;
        dst_write = 1'b0;
        load = 1'b0;
        keep_key = 1'b0;
        step = 1'b0;
        key_par = 1'b0;
        out_start = 1'b0;
        // A block's last word: the buffer is full
        if (init) bpos_d = 64'd0;
        if (in_q == I_DATA && src_ready && !full_q && word_q == 3'd7) begin
            full_d = 1'b1;
            bpos_d = bpos_q + {57'd0, blk_bytes};
            bfirst_d = blk_first_q;
            bfinal_d = blk_final;
            bpad_d = blk_final && !blk_whole && tail_frac_q;
            bout_d = 1'b0;
        end
        case (p_q)
            P_LOAD: if (have_q && cur_out_q) begin
                out_start = 1'b1;
                s_d = 5'd0;
                p_d = P_OUT;
            end else if (full_q) begin
                load = 1'b1;
                keep_key = !have_q;
                have_d = 1'b1;
                cur_out_d = bout_q;
                cur_pos_d = bpos_q;
                cur_flags_d = bflags;
                s_d = 5'd0;
                m3_d = 3'b001;
                p_d = P_ROUND;
                if (bfinal_q && !bout_q) begin
                    // the message's last block: the output block follows
                    bpos_d = 64'd8;
                    bfirst_d = 1'b1;
                    bpad_d = 1'b0;
                    bout_d = 1'b1;
                end else begin
                    full_d = 1'b0;
                end
            end
            P_ROUND: begin
                step = 1'b1;
                key_par = s_q == 5'd0;
                s_d = s_q + 5'd1;
                m3_d = {m3_q[1:0], m3_q[2]};
                if (s_q == LAST_STEP) p_d = P_LOAD;
            end
            P_OUT: if (dst_ready) begin
                dst_write = 1'b1;
                s_d = s_q + 5'd1;
                if (done) begin
                    have_d = 1'b0;
                    p_d = P_LOAD;
                end
            end
            default: p_d = P_LOAD;
        endcase
    end

    // Registers
    always @(posedge clk) begin
        if (rst) begin
            in_q <= I_HDR;
            word_q <= 3'd0;
            msg_first_q <= 1'b1;
            full_q <= 1'b0;
            p_q <= P_LOAD;
            have_q <= 1'b0;
        end else begin
            in_q <= in_d;
            word_q <= word_d;
            msg_first_q <= msg_first_d;
            full_q <= full_d;
            p_q <= p_d;
            have_q <= have_d;
        end
        whole_q <= whole_d;
        whole0_q <= whole_q == 0;
        whole1_q <= whole_q == 1;
        tail_bytes_q <= tail_bytes_d;
        tail_nz_q <= tail_nz_d;
        tail_frac_q <= tail_frac_d;
        last_q <= last_d;
        blk_first_q <= blk_first_d;
        bpos_q <= bpos_d;
        bfirst_q <= bfirst_d;
        bfinal_q <= bfinal_d;
        bpad_q <= bpad_d;
        bout_q <= bout_d;
        s_q <= s_d;
        m3_q <= m3_d;
        cur_out_q <= cur_out_d;
        cur_pos_q <= cur_pos_d;
        cur_flags_q <= cur_flags_d;
    end

endmodule
