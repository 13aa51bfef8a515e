`default_nettype none
// jh256_ctrl: interface controller of the JH-256 core.
//
// Two processes share the datapath. The loader reads segment headers and message
// words into the datapath's next-block registers whenever they are free (b_full_q
// clear), so the next block of a segment comes in while the current one is hashed. The
// engine runs the rounds: a block is ROUNDS_PER_BLOCK - 1 round cycles and a boundary
// cycle (the last round, plus the message XORs). One cycle before a boundary the
// engine loads the XOR mask from the next block (x_load) if the loader has one, or
// without a next block if the loader has read the whole message (final boundary);
// otherwise it waits. The strobes with a large fan-out come from flip-flops (one-hot
// engine state, registered flags) or one LUT after them. A message costs 1 (header) +
// 8 (first block) + 1 (mask) + 1 (first boundary) + ROUNDS_PER_BLOCK * N + 4 (digest
// words) cycles.
module jh256_ctrl #(
    // Bus width in bits: only 64 is implemented.
    parameter W = 64,
    // Cycles per block: 36 (round 2: 35 rounds + the half round) or 42 (round 3).
    parameter ROUNDS_PER_BLOCK = 42
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    input  wire         dst_ready,
    output reg          dst_write,
    // Datapath control
    output reg  [7:0]   word_we,    // store din as word i of the next block (bit 7: word 0)
    output reg          msg_init,   // a new message starts
    output reg          x_load,     // load the XOR mask for a boundary in the next cycle
    output reg          x_next,     // ... with the next block
    output reg          boundary,   // boundary cycle
    output reg          round_en,   // round or boundary cycle
    output reg          rc_restart, // round constant back to C0
    output reg          rc_step,    // next round constant
    output reg          out_start   // final boundary: the digest is ready after it
);

    initial begin
        if (W != 64) begin
            $display("jh256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
        if (ROUNDS_PER_BLOCK < 4 || ROUNDS_PER_BLOCK > 64) begin
            $display("jh256_ctrl: ROUNDS_PER_BLOCK must be in 4..64, got %0d", ROUNDS_PER_BLOCK);
            $finish;
        end
    end

    // Loader
    localparam [1:0] L_HEADER = 2'd0,  // waiting for a segment header
                     L_WORDS  = 2'd1,  // reading the blocks of a segment
                     L_DONE   = 2'd2;  // the whole message is read
    localparam integer BEFORE_LAST_I = ROUNDS_PER_BLOCK - 3;
    localparam integer BEFORE_BEFORE_I = ROUNDS_PER_BLOCK - 4;
    localparam [5:0] BEFORE_LAST = BEFORE_LAST_I[5:0];
    localparam [5:0] BEFORE_BEFORE = BEFORE_BEFORE_I[5:0];

    reg [1:0]     lstate_q, lstate_d;
    reg           done_q, done_d;       // lstate is L_DONE
    // Engine state, one-hot, so that the strobes with a large fan-out (boundary,
    // round_en, rc_step) come straight from flip-flops
    reg           e_idle_q, e_idle_d;   // no message
    reg           e_wait_q, e_wait_d;   // waiting for the next block before a boundary
    reg           e_bound_q, e_bound_d; // boundary cycle
    reg           e_round_q, e_round_d; // round cycles
    reg           e_out_q, e_out_d;     // writing the digest words
    reg           run_q, run_d;         // e_bound_q || e_round_q
    reg           init_q, init_d;       // the cycle after the first header of a message
    reg           first_q, first_d;     // the next header starts a message
    reg [7:0]     word_q, word_d;       // word of the block being read, one-hot (bit 7: word 0)
    reg           can_read_q, can_read_d; // lstate is L_WORDS and b_full_q is clear
    reg           b_full_q, b_full_d;   // the next-block registers hold a whole block
    reg           final_q, final_d;     // the coming boundary is the message's last
    reg           start_q, start_d;     // this cycle is the final boundary (out_start)
    reg [5:0]     round_q, round_d;     // round of the block
    reg           at_last_q, at_last_d; // round_q is the last round before the boundary
    reg           at_before_q, at_before_d; // round_q is the round before that
    reg           x_load_q, x_load_d;   // mask load in this cycle ...
    reg           x_next_q, x_next_d;   // ... with the next block
    reg [1:0]     out_q, out_d;         // digest word

    // Segment header and block accounting: the last segment carries whole + 1 padded
    // blocks, or whole + 2 when its length is not a multiple of 512 (JH pads at least 512
    // bits: PAD_MIN = 512); another segment carries whole. last_block: the block being
    // read is the segment's last, valid from its third word on.
    wire hdr_read = lstate_q == L_HEADER && src_ready;
    wire blk_read = lstate_q == L_WORDS && src_ready && can_read_q && word_q[0];
    wire hdr_empty, seg_last, last_block;
    wire unused_hdr_last;  // the block counter keeps it (seg_last)

    block_counter #(
        .W(W),
        .BLOCK_LOG2(9),
        .PAD_MIN(512)
    ) u_blocks (
        .clk(clk),
        .din(din),
        .load(hdr_read),
        .step(blk_read),
        .hdr_last(unused_hdr_last),
        .hdr_empty(hdr_empty),
        .seg_last(seg_last),
        .last_block(last_block)
    );

    always @* begin
        lstate_d = lstate_q;
        first_d = first_q;
        word_d = word_q;
        b_full_d = b_full_q;
        final_d = final_q;
        out_d = out_q;
        src_read = 1'b0;
        dst_write = 1'b0;
        word_we = 8'd0;
        init_d = 1'b0;
        done_d = done_q;

        // Loader
        case (lstate_q)
            L_HEADER: if (src_ready) begin
                src_read = 1'b1;
                init_d = first_q;
                first_d = 1'b0;
                word_d = 8'h80;
                if (!hdr_empty) lstate_d = L_WORDS;
            end
            L_WORDS: if (src_ready && can_read_q) begin
                src_read = 1'b1;
                word_we = word_q;
                word_d = {word_q[0], word_q[7:1]};
                if (word_q[0]) begin
                    b_full_d = 1'b1;
                    if (last_block) begin
                        lstate_d = seg_last ? L_DONE : L_HEADER;
                        done_d = seg_last;
                    end
                end
            end
            default: ;  // L_DONE: until the engine has written the digest (below)
        endcase

        // Engine
        msg_init = init_q;
        boundary = e_bound_q;
        round_en = run_q;
        rc_restart = e_bound_q;
        rc_step = e_round_q;
        out_start = start_q;
        start_d = x_load_q && !b_full_q;  // e_bound_q && final_q in the next cycle
        x_load = x_load_q;
        x_next = x_next_q;
        if (x_load_q) begin
            b_full_d = 1'b0;
            final_d = !b_full_q;
        end
        round_d = e_round_q ? round_q + 1'b1 : 6'd0;
        at_last_d = e_round_q && round_q == BEFORE_LAST;
        at_before_d = e_round_q && round_q == BEFORE_BEFORE;
        // The mask is loaded in a cycle where the engine waits before a boundary (last
        // round or waiting) and the next block is there or the message is all read; the
        // decision is taken a cycle ahead, on the loader's next values, so that the
        // strobes of the 1024 mask flip-flops come from flip-flops.
        x_load_d = (b_full_d || done_d)
                   && ((e_round_q && at_before_q)
                       || ((e_wait_q || (e_round_q && at_last_q)) && !x_load_q));
        x_next_d = x_load_d && b_full_d;
        if (e_bound_q) out_d = 2'd0;
        if (e_out_q && dst_ready) begin
            dst_write = 1'b1;
            out_d = out_q + 1'b1;
        end
        // The next message's header is accepted once the engine is idle again
        if (done_q && e_idle_q) begin
            lstate_d = L_HEADER;
            done_d = 1'b0;
            first_d = 1'b1;
        end
        e_idle_d = (e_idle_q && !init_q) || (e_out_q && dst_ready && out_q == 2'd3);
        e_wait_d = (e_idle_q && init_q) || ((e_wait_q || (e_round_q && at_last_q)) && !x_load_q);
        e_bound_d = x_load_q;
        e_round_d = (e_bound_q && !final_q) || (e_round_q && !at_last_q);
        e_out_d = (e_bound_q && final_q) || (e_out_q && !(dst_ready && out_q == 2'd3));
        run_d = e_bound_d || e_round_d;
        can_read_d = lstate_d == L_WORDS && !b_full_d;
    end

    always @(posedge clk) begin
        if (rst) begin
            lstate_q <= L_HEADER;
            done_q <= 1'b0;
            e_idle_q <= 1'b1;
            e_wait_q <= 1'b0;
            e_bound_q <= 1'b0;
            e_round_q <= 1'b0;
            e_out_q <= 1'b0;
            run_q <= 1'b0;
            init_q <= 1'b0;
            x_load_q <= 1'b0;
            can_read_q <= 1'b0;
            first_q <= 1'b1;
            b_full_q <= 1'b0;
        end else begin
            lstate_q <= lstate_d;
            done_q <= done_d;
            e_idle_q <= e_idle_d;
            e_wait_q <= e_wait_d;
            e_bound_q <= e_bound_d;
            e_round_q <= e_round_d;
            e_out_q <= e_out_d;
            run_q <= run_d;
            init_q <= init_d;
            x_load_q <= x_load_d;
            can_read_q <= can_read_d;
            first_q <= first_d;
            b_full_q <= b_full_d;
        end
        word_q <= word_d;
        final_q <= final_d;
        start_q <= start_d;
        round_q <= round_d;
        at_last_q <= at_last_d;
        at_before_q <= at_before_d;
        x_next_q <= x_next_d;
        out_q <= out_d;
    end

endmodule
