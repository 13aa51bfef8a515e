`default_nettype none
// sha_block_ctrl: interface controller of the basic iterative SHA-1 and SHA-256 cores.
//
// Reads segment headers and message words from the source FIFO, steps the datapath
// through the rounds of each block and writes the digest to the destination FIFO
// (docs/interface.md). The datapath keeps the message schedule in a 16-word shift
// window: during the last 16 rounds of a block the window no longer needs computed
// words, so the next block of the segment is shifted in from din while those rounds
// run; the first block of a segment is loaded with round_idx counting ROUNDS - 16 ..
// ROUNDS - 1 as during those rounds. A block costs ROUNDS + 1 cycles (rounds, then
// the chaining-value addition); a message costs 1 (header) + 16 (first block) +
// (ROUNDS + 1) * N + DIGEST_WORDS. A segment that is not the last costs its own
// header and first-block load again.
module sha_block_ctrl #(
    // Bus width in bits: one message word per cycle, so it must be 32.
    parameter W = 32,
    // Rounds per block: 64 (SHA-256) or 80 (SHA-1).
    parameter ROUNDS = 64,
    // Bus words of the digest: 8 (SHA-256) or 5 (SHA-1).
    parameter DIGEST_WORDS = 8,
    // Width of the round index: enough for 0 .. ROUNDS-1 (6 for SHA-256, 7 for SHA-1).
    parameter ROUND_IDX_W = 6
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
    output reg          msg_init,    // load the initial chaining value
    output reg          w_shift,     // shift the schedule window by one word ...
    output reg          w_load,      // ... taking din instead of the computed word
    output reg          round_en,    // perform round round_idx
    output wire [ROUND_IDX_W-1:0] round_idx,  // round, or ROUNDS - 16 + word while loading
    output reg          finalize     // add the working variables into the chaining value
);

    initial begin
        if (W != 32) begin
            $display("sha_block_ctrl: W must be 32, got %0d", W);
            $finish;
        end
        if (ROUNDS < 16 || ROUNDS > (1 << ROUND_IDX_W)) begin
            $display("sha_block_ctrl: ROUNDS must be in 16..2**ROUND_IDX_W, got %0d", ROUNDS);
            $finish;
        end
        if (DIGEST_WORDS < 1 || DIGEST_WORDS > 8) begin
            $display("sha_block_ctrl: DIGEST_WORDS must be in 1..8, got %0d", DIGEST_WORDS);
            $finish;
        end
    end

    localparam [2:0] S_HEADER = 3'd0,  // waiting for a segment header
                     S_LOAD   = 3'd1,  // loading the first block of a segment
                     S_ROUND  = 3'd2,  // one round per cycle
                     S_FINAL  = 3'd3,  // chaining value += working variables
                     S_OUTPUT = 3'd4;  // writing the digest words
    localparam BLOCK_WORDS = 16;
    // Counter values, cut to the counter's width. The load of a segment's first block
    // counts like the prefetching rounds (ROUNDS - 16 .. ROUNDS - 1), so a datapath that
    // looks a few rounds ahead (round constants, precomputed sums) sees the same
    // indices before round 0 in both cases.
    localparam integer PREFETCH_FROM_I = ROUNDS - BLOCK_WORDS;
    localparam integer LAST_ROUND_I = ROUNDS - 1;
    localparam integer LAST_DIGEST_WORD_I = DIGEST_WORDS - 1;
    localparam [ROUND_IDX_W-1:0] PREFETCH_FROM = PREFETCH_FROM_I[ROUND_IDX_W-1:0];
    localparam [ROUND_IDX_W-1:0] LAST_ROUND = LAST_ROUND_I[ROUND_IDX_W-1:0];
    localparam [ROUND_IDX_W-1:0] LAST_DIGEST_WORD = LAST_DIGEST_WORD_I[ROUND_IDX_W-1:0];

    reg [2:0]     state_q, state_d;
    reg [ROUND_IDX_W-1:0] count_q, count_d;  // load word, round or digest word index
    reg           first_q, first_d;        // the next header starts a message

    // Segment header and block accounting (the last segment of a message also carries a 1
    // bit and a 64-bit length of padding: PAD_MIN = 65). last_block: the current block is
    // the segment's last, valid from the third cycle of a block.
    wire hdr_read = state_q == S_HEADER && src_ready;
    wire hdr_empty, seg_last, last_block;
    wire unused_hdr_last;  // the block counter keeps it (seg_last)

    block_counter #(
        .W(W),
        .BLOCK_LOG2(9),
        .PAD_MIN(65)
    ) u_blocks (
        .clk(clk),
        .din(din),
        .load(hdr_read),
        .step(finalize),
        .hdr_last(unused_hdr_last),
        .hdr_empty(hdr_empty),
        .seg_last(seg_last),
        .last_block(last_block)
    );

    assign round_idx = count_q;

    wire prefetch = count_q >= PREFETCH_FROM && !last_block;
    wire count_end = count_q == LAST_ROUND;

    // Next state and datapath strobes
    always @* begin
        state_d = state_q;
        count_d = count_q;
        first_d = first_q;
        src_read = 1'b0;
        dst_write = 1'b0;
        msg_init = 1'b0;
        w_shift = 1'b0;
        w_load = 1'b0;
        round_en = 1'b0;
        finalize = 1'b0;
        case (state_q)
            S_HEADER: if (src_ready) begin
                src_read = 1'b1;
                msg_init = first_q;
                first_d = 1'b0;
                count_d = PREFETCH_FROM;  // the load counts like the prefetching rounds
                if (!hdr_empty) state_d = S_LOAD;
            end
            S_LOAD: if (src_ready) begin
                src_read = 1'b1;
                w_shift = 1'b1;
                w_load = 1'b1;
                count_d = count_end ? {ROUND_IDX_W{1'b0}} : count_q + 1'b1;
                if (count_end) state_d = S_ROUND;
            end
            S_ROUND: if (!prefetch || src_ready) begin
                src_read = prefetch;
                w_shift = 1'b1;
                w_load = prefetch;
                round_en = 1'b1;
                count_d = count_end ? {ROUND_IDX_W{1'b0}} : count_q + 1'b1;
                if (count_end) state_d = S_FINAL;
            end
            S_FINAL: begin
                finalize = 1'b1;
                if (!last_block) state_d = S_ROUND;
                else if (seg_last) state_d = S_OUTPUT;
                else state_d = S_HEADER;
            end
            S_OUTPUT: if (dst_ready) begin
                dst_write = 1'b1;
                count_d = count_q + 1'b1;
                if (count_q == LAST_DIGEST_WORD) begin
                    first_d = 1'b1;
                    state_d = S_HEADER;
                end
            end
            default: state_d = S_HEADER;
        endcase
    end

    // Registers
    always @(posedge clk) begin
        if (rst) begin
            state_q <= S_HEADER;
            first_q <= 1'b1;
        end else begin
            state_q <= state_d;
            first_q <= first_d;
        end
        count_q <= count_d;
    end

endmodule
