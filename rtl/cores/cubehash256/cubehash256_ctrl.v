`default_nettype none
// cubehash256_ctrl: interface controller of the CubeHash16/32-256 core.
//
// Reads segment headers and message words, steps the datapath one round per cycle and
// writes the digest (docs/interface.md). Each block is 16 cycles, counted by cnt_q =
// 0..15: cycles 0..14 are rounds 1..15 of the block, cycle 15 is the boundary: round 16,
// with the next block XORed into its result (absorb), or with 1 XORed into word 31
// (fin) after the message's last block. The next block's words 0..2 are read at
// cycles 12..14 into the datapath's block register, word 3 at the boundary straight
// from din, so a missing word stalls the rounds there.
//
// The first block of a segment is read the same way (loading_q): cycles 12..15 without
// rounds in 12..14, then the boundary round. A message starts from the state before the
// last initialization round (set_iv), so that boundary gives IV ^ M1. The last block of
// a segment that is not the message's last ends without its boundary round: the next
// segment's load does it.
//
// After the fin round come 160 final rounds (ten periods of cnt_q = 0..15), one cycle for
// the output multiplexer to take the digest, and the four digest words.
//
// Block accounting: rtl/lib/block_counter reads the header (a segment that is not the last
// has whole blocks, the last one whole + 1: PAD_MIN = 1) and says whether the block just
// read is the segment's last; done_q keeps that from its boundary on, so `more` (another
// block follows in this segment) comes from flip-flops. An empty segment that is not the
// last is seen in the header itself: the core goes on with the next header.
module cubehash256_ctrl #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64
) (
    input  wire         clk,
    input  wire         rst,
    // Source FIFO (first word fall through)
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,    // also the block register's shift enable
    // Destination FIFO
    input  wire         dst_ready,
    output reg          dst_write,
    // Datapath control
    output reg          set_iv,      // set the state to the message's start value
    output reg          step,        // the state takes the round's result
    output wire         absorb,      // ... XORed with the next block (words 0..7)
    output wire         fin,         // ... XORed with 1 in word 31
    output reg          out_start    // the output multiplexer takes the digest
);

    initial begin
        if (W != 64) begin
            $display("cubehash256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
    end

    // One-hot state
    reg          s_header_q, s_header_d;  // waiting for a segment header
    reg          s_block_q, s_block_d;    // block rounds (or loading a segment's first block)
    reg          s_final_q, s_final_d;    // the 160 final rounds
    reg          s_select_q, s_select_d;  // the output multiplexer takes the digest
    reg          s_output_q, s_output_d;  // writing the digest words
    // Cycle of the block (0..15, wrapping), of a final period (16 cycles), or digest word
    reg [3:0]    cnt_q, cnt_d;
    reg [3:0]    period_q, period_d;    // period of the final rounds, 0..9
    reg          loading_q, loading_d;  // reading the first block of a segment
    reg          first_q, first_d;      // the next header starts a message
    reg          done_q, done_d;        // the segment's last block has been absorbed
    reg          absorb_q, absorb_d;
    reg          fin_q, fin_d;

    assign absorb = absorb_q;
    assign fin = fin_q;

    // In s_block: another block follows in this segment
    wire more = loading_q || !done_q;
    wire reading = cnt_q[3] && cnt_q[2];         // cycles 12..15 read a word ...
    wire need_word = reading && more;            // ... if there is one
    wire boundary = reading && cnt_q[1] && cnt_q[0];
    wire header = s_header_q && src_ready;
    wire block_go = s_block_q && (!need_word || src_ready);
    // A block is absorbed: the counter moves on to the next one
    wire absorbed = block_go && boundary && more;

    wire hdr_empty;      // an empty segment that is not the last: back to the header
    wire seg_last;       // the segment ends the message
    wire last_block;     // the block read last is the segment's last
    wire unused_hdr_last;

    block_counter #(
        .W(W),
        .BLOCK_LOG2(8),
        .PAD_MIN(1)
    ) u_blocks (
        .clk(clk),
        .din(din),
        .load(header),
        .step(absorbed),
        .hdr_last(unused_hdr_last),
        .hdr_empty(hdr_empty),
        .seg_last(seg_last),
        .last_block(last_block)
    );

    wire final_end = s_final_q && boundary && period_q[3] && period_q[0];  // period 9
    wire output_end = s_output_q && dst_ready && cnt_q[1] && cnt_q[0];

    always @* begin
        src_read = header || (s_block_q && need_word && src_ready);
        dst_write = s_output_q && dst_ready;
        set_iv = header && first_q;
        out_start = s_select_q;
        // Rounds: every final cycle; block cycles except while loading, and the boundary
        // unless the segment (not the message) ends there
        step = s_final_q || (block_go && (boundary ? more || seg_last : !loading_q));

        s_header_d = (s_header_q && !(src_ready && !hdr_empty))
                     || (block_go && boundary && !more && !seg_last) || output_end;
        s_block_d = (header && !hdr_empty) || (s_block_q && !(block_go && boundary && !more));
        s_final_d = (block_go && boundary && !more && seg_last) || (s_final_q && !final_end);
        s_select_d = final_end;
        s_output_d = s_select_q || (s_output_q && !output_end);

        // A load reads in cycles 12..14. 15 wraps to 0.
        cnt_d = cnt_q;
        if (header) cnt_d = 4'd12;
        else if (block_go || s_final_q || dst_write) cnt_d = cnt_q + 4'd1;

        period_d = period_q;
        if (!s_final_q) period_d = 4'd0;
        else if (boundary) period_d = period_q + 4'd1;

        first_d = first_q;
        if (header) first_d = 1'b0;
        if (output_end) first_d = 1'b1;

        loading_d = loading_q;
        if (header) loading_d = 1'b1;
        else if (block_go && boundary) loading_d = 1'b0;

        done_d = done_q;
        if (header) done_d = 1'b0;
        else if (absorbed) done_d = last_block;

        // The boundary's XOR masks, decided one cycle ahead (they have a large fan-out)
        absorb_d = s_block_d && cnt_d == 4'd15 && (loading_d || !done_q);
        fin_d = s_block_d && cnt_d == 4'd15 && !loading_d && done_q && seg_last;
    end

    // Registers
    always @(posedge clk) begin
        if (rst) begin
            s_header_q <= 1'b1;
            s_block_q <= 1'b0;
            s_final_q <= 1'b0;
            s_select_q <= 1'b0;
            s_output_q <= 1'b0;
            first_q <= 1'b1;
        end else begin
            s_header_q <= s_header_d;
            s_block_q <= s_block_d;
            s_final_q <= s_final_d;
            s_select_q <= s_select_d;
            s_output_q <= s_output_d;
            first_q <= first_d;
        end
        cnt_q <= cnt_d;
        period_q <= period_d;
        loading_q <= loading_d;
        done_q <= done_d;
        absorb_q <= absorb_d;
        fin_q <= fin_d;
    end

endmodule
