`default_nettype none
// luffa256_ctrl: interface controller of the Luffa-256 core.
//
// Two processes share the datapath. The loader reads segment headers and message words
// into the datapath's next-block registers whenever they are free (b_full_q clear), so
// the next block of a segment comes in while the current one is hashed. A segment
// that is not the message's last carries SEGMENT_BITS / 256 blocks; the last one
// carries floor(SEGMENT_BITS / 256) + 1 (padding is a 1 bit and zeros to a block
// boundary). rem_q counts the whole blocks left in the segment; a block read with
// rem_q = 0 is the padding block that ends the message.
//
// The engine runs rounds of 8 steps; the message injection is part of the first step.
// In the clock before a first step it loads the mask (mask_load) from a full next-block
// buffer; after the last block it runs the blank round (a zero mask), then the output
// phase: one clock for the first digest word's copy, then four words.
module luffa256_ctrl #(
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
    output reg  [3:0]   word_we,   // store din as bus word i of the next block
    output wire         init,      // state = IV
    output reg          mask_load, // load the mask from the next block
    output wire         step_en,   // a step runs
    output wire         mi,        // first step of a round
    output wire         g_en,      // t gate: first step, output phase
    output wire [2:0]   step,      // step number
    output reg  [3:0]   sel_d      // digest word selected in the next clock
);

    initial begin
        if (W != 64) begin
            $display("luffa256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
    end

    localparam [1:0] L_HEADER = 2'd0,  // waiting for a segment header
                     L_WORDS  = 2'd1,  // reading the blocks of a segment
                     L_DONE   = 2'd2;  // the whole message is read

    // Segment header fields
    wire [W-10:0] seg_blocks = din[W-2:8];   // whole blocks
    wire          seg_last = din[W-1];

    reg [1:0]     lstate_q, lstate_d;
    reg           first_q, first_d;     // the next header starts a message
    reg           init_q, init_d;       // the clock after a message's first header
    reg [1:0]     word_q, word_d;       // bus word of the block being read
    reg           b_full_q, b_full_d;   // the next-block registers hold a whole block
    reg           done_q, done_d;       // the loader has read the whole message
    reg [W-10:0]  rem_q, rem_d;         // whole blocks left in the segment
    reg           last_q, last_d;       // the segment ends the message
    // Engine
    reg           e_idle_q, e_idle_d;   // no message
    reg           e_wait_q, e_wait_d;   // waiting for a block (or the end) before a round
    reg           e_run_q, e_run_d;     // a step runs
    reg           e_load_q, e_load_d;   // output: the copy of word 0 is loaded
    reg           e_out_q, e_out_d;     // output: writing the digest words
    reg [2:0]     step_q, step_d;
    reg           mi_q, mi_d;
    reg           g_en_q, g_en_d;
    reg           blank_q, blank_d;     // the round that runs is the blank round
    reg [3:0]     sel_q;

    wire rem_zero = rem_q == {(W-9){1'b0}};
    wire rem_one = rem_q == {{(W-10){1'b0}}, 1'b1};
    wire round_end = e_run_q && step_q == 3'd7;
    wire can_start = e_wait_q || (round_end && !blank_q);

    assign init = init_q || rst;
    assign step_en = e_run_q;
    assign mi = mi_q;
    assign g_en = g_en_q;
    assign step = step_q;

    always @* begin
        lstate_d = lstate_q;
        first_d = first_q;
        init_d = 1'b0;
        word_d = word_q;
        b_full_d = b_full_q;
        done_d = done_q;
        rem_d = rem_q;
        last_d = last_q;
        src_read = 1'b0;
        word_we = 4'd0;

        // Loader
        case (lstate_q)
            L_HEADER: if (src_ready) begin
                src_read = 1'b1;
                init_d = first_q;
                first_d = 1'b0;
                rem_d = seg_blocks;
                last_d = seg_last;
                word_d = 2'd0;
                if (seg_last || seg_blocks != {(W-9){1'b0}}) lstate_d = L_WORDS;
            end
            L_WORDS: if (src_ready && !b_full_q) begin
                src_read = 1'b1;
                word_we[word_q] = 1'b1;
                word_d = word_q + 2'd1;
                if (word_q == 2'd3) begin
                    b_full_d = 1'b1;
                    rem_d = rem_q - 1'b1;
                    if (rem_zero) begin
                        lstate_d = L_DONE;
                        done_d = 1'b1;
                    end else if (rem_one && !last_q) begin
                        lstate_d = L_HEADER;
                    end
                end
            end
            default: ;  // L_DONE: until the digest is written (below)
        endcase

        // Engine
        mask_load = can_start && b_full_q;
        if (mask_load) b_full_d = 1'b0;
        e_idle_d = e_idle_q;
        e_wait_d = e_wait_q;
        e_run_d = e_run_q;
        e_load_d = 1'b0;
        e_out_d = e_out_q;
        step_d = e_run_q ? step_q + 3'd1 : 3'd0;
        mi_d = 1'b0;
        g_en_d = e_load_q || e_out_q;
        blank_d = blank_q;
        sel_d = sel_q;
        dst_write = 1'b0;
        if (e_idle_q && init_q) begin
            e_idle_d = 1'b0;
            e_wait_d = 1'b1;
        end
        if (can_start) begin
            if (b_full_q || done_q) begin
                // next round: a message block, or the blank round after the last one
                e_wait_d = 1'b0;
                e_run_d = 1'b1;
                mi_d = 1'b1;
                g_en_d = 1'b1;
                blank_d = !b_full_q;
            end else begin
                e_wait_d = 1'b1;
                e_run_d = 1'b0;
            end
        end
        if (round_end && blank_q) begin
            e_run_d = 1'b0;
            e_load_d = 1'b1;
            g_en_d = 1'b1;
            blank_d = 1'b0;
        end
        if (e_load_q) begin
            sel_d = 4'b0001;
            e_out_d = 1'b1;
        end
        if (e_out_q && dst_ready) begin
            dst_write = 1'b1;
            sel_d = {sel_q[2:0], 1'b0};
            if (sel_q[3]) begin
                // last word: the next message may start
                e_out_d = 1'b0;
                e_idle_d = 1'b1;
                g_en_d = 1'b0;
                lstate_d = L_HEADER;
                done_d = 1'b0;
                first_d = 1'b1;
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            lstate_q <= L_HEADER;
            first_q <= 1'b1;
            init_q <= 1'b0;
            b_full_q <= 1'b0;
            done_q <= 1'b0;
            e_idle_q <= 1'b1;
            e_wait_q <= 1'b0;
            e_run_q <= 1'b0;
            e_load_q <= 1'b0;
            e_out_q <= 1'b0;
            mi_q <= 1'b0;
            g_en_q <= 1'b0;
            blank_q <= 1'b0;
            sel_q <= 4'd0;
        end else begin
            lstate_q <= lstate_d;
            first_q <= first_d;
            init_q <= init_d;
            b_full_q <= b_full_d;
            done_q <= done_d;
            e_idle_q <= e_idle_d;
            e_wait_q <= e_wait_d;
            e_run_q <= e_run_d;
            e_load_q <= e_load_d;
            e_out_q <= e_out_d;
            mi_q <= mi_d;
            g_en_q <= g_en_d;
            blank_q <= blank_d;
            sel_q <= sel_d;
        end
        word_q <= word_d;
        rem_q <= rem_d;
        last_q <= last_d;
        step_q <= step_d;
    end

endmodule
