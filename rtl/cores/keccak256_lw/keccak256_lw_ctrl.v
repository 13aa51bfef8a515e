`default_nettype none
// keccak256_lw_ctrl: the message control that both lightweight Keccak cores share: the mode
// (header, absorption, the logic-only core's parity-ring alignment, rounds, digest output),
// the segment's header and block count, the lane slot and word counters, and whether the state
// is still the zero state of a message's first block. The core reads and writes its state and
// says when a word, a lane, a round and the permutation are done; this module decides what comes
// next.
//   * Header: its top bit says the segment is the message's last, the other 15 bits count the
//     segment's bits (rem, walked down per block by keccak256_lw_sequence's rem_after).
//   * Absorption walks the rate lanes' slots from 24 (lane 0) by lane_next; the step from lane
//     16 (slot 16) ends the block: rem and more take their next values and the permutation (or,
//     with ALIGN, the alignment) starts.
//   * After the permutation: the next block of the segment, the next header, or, after the last
//     segment, the digest: lanes 0..3 (slots 24, 0, 6, 18), 4 words each, then the next message.
//   * first_blk: from a message's first header to the end of its first round, the state reads
//     as zero (the previous message's state is never cleared).
module keccak256_lw_ctrl #(
    // 1: the alignment mode between absorption and the rounds (logic-only core), ended by
    // align_done.
    parameter ALIGN = 0
) (
    input  wire        clk,
    input  wire        rst,
    input  wire [15:0] din,        // the bus word: a header in the header mode
    input  wire        src_ready,
    output wire        hdr_rd,     // the header is read
    // the mode
    output wire        absorb,
    output wire        round,
    output wire        out,
    // what the core says
    input  wire        word,       // a word absorbed or written: the word counter moves on
    input  wire        lane_step,  // a lane absorbed (its last half written) or written out: the next slot
    input  wire        align_done, // ALIGN: the alignment ends
    input  wire        round_end,  // a round that is not the permutation's last ends
    input  wire        perm_end,   // the permutation ends
    output wire        abs_end,    // the block's last lane absorbed: the permutation (or alignment) starts
    // the sequence (keccak256_lw_sequence): block count and slot walk
    output reg  [14:0] rem,
    output reg         seg_last,
    input  wire [14:0] rem_after,
    input  wire        more_next,
    output reg         more,       // another block of the segment follows the permutation
    output reg  [4:0]  lane,       // slot of the lane absorbed or written out
    input  wire [4:0]  lane_next,
    output reg  [1:0]  wrd,        // word of the lane
    output reg         first_blk,  // the state is zero (until round 0 of the first block ends)
    output wire        first_row   // the first block's lanes 0..4 (slots 24, 0, 6, 18, 12): their
                                   // parities start from zero in absorption
);

    initial begin
        if (ALIGN != 0 && ALIGN != 1) begin
            $display("keccak256_lw_ctrl: ALIGN must be 0 or 1, got %0d", ALIGN);
            $finish;
        end
    end

    // the modes, numbered as the cores numbered them (the alignment between absorption and rounds)
    localparam [2:0] M_HDR = 3'd0, M_ABS = 3'd1, M_ALIGN = 3'd2;
    localparam [2:0] M_ROUND = ALIGN != 0 ? 3'd3 : 3'd2;
    localparam [2:0] M_OUT = ALIGN != 0 ? 3'd4 : 3'd3;
    localparam integer MB = ALIGN != 0 ? 3 : 2;  // bits of the mode

    reg [MB-1:0] mode_q, mode_d;
    reg          first_msg_q;  // the next header starts a message

    assign hdr_rd = mode_q == M_HDR[MB-1:0] && src_ready;
    assign absorb = mode_q == M_ABS[MB-1:0];
    assign round = mode_q == M_ROUND[MB-1:0];
    assign out = mode_q == M_OUT[MB-1:0];
    assign abs_end = absorb && lane_step && lane == 5'd16;  // lane 16 is in slot 16
    assign first_row = first_blk && (lane == 5'd24 || lane == 5'd0 || lane == 5'd6 || lane == 5'd18 || lane == 5'd12);
    wire   msg_end = out && lane_step && lane == 5'd18;  // lane 3 written out

    always @* begin
        mode_d = mode_q;
        if (hdr_rd) mode_d = M_ABS[MB-1:0];
        if (abs_end) mode_d = ALIGN != 0 ? M_ALIGN[MB-1:0] : M_ROUND[MB-1:0];
        if (ALIGN != 0 && mode_q == M_ALIGN[MB-1:0] && align_done) mode_d = M_ROUND[MB-1:0];
        if (perm_end) mode_d = more ? M_ABS[MB-1:0] : !seg_last ? M_HDR[MB-1:0] : M_OUT[MB-1:0];
        if (msg_end) mode_d = M_HDR[MB-1:0];
    end

    always @(posedge clk) begin
        if (rst) begin
            mode_q <= M_HDR[MB-1:0];
            first_msg_q <= 1'b1;
            first_blk <= 1'b0;
        end else begin
            mode_q <= mode_d;
            if (hdr_rd && first_msg_q) begin
                first_msg_q <= 1'b0;
                first_blk <= 1'b1;
            end
            if (msg_end) first_msg_q <= 1'b1;
            if (round && round_end) first_blk <= 1'b0;
        end
        if (hdr_rd) begin
            seg_last <= din[15];
            rem <= din[14:0];
        end
        if (abs_end) begin
            more <= more_next;
            // below zero (1087 bits of a last segment): no block follows
            rem <= rem_after;
        end
        if (word) wrd <= {wrd[1] ^ wrd[0], ~wrd[0]};
        if (lane_step) lane <= lane_next;
        if (hdr_rd || perm_end) begin
            lane <= 5'd24;  // slot of lane 0
            wrd <= 2'd0;
        end
    end

endmodule
