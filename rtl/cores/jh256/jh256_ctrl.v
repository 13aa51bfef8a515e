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
// otherwise it waits. A message costs 1 (header) + 8 (first block) + 1 (mask) + 1
// (first boundary) + ROUNDS_PER_BLOCK * N + 4 (digest words) cycles.
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
        if (ROUNDS_PER_BLOCK < 3 || ROUNDS_PER_BLOCK > 64) begin
            $display("jh256_ctrl: ROUNDS_PER_BLOCK must be in 3..64, got %0d", ROUNDS_PER_BLOCK);
            $finish;
        end
    end

    // Loader
    localparam [1:0] L_HEADER = 2'd0,  // waiting for a segment header
                     L_WORDS  = 2'd1,  // reading the blocks of a segment
                     L_DONE   = 2'd2;  // the whole message is read
    // Engine
    localparam [2:0] E_IDLE   = 3'd0,  // no message
                     E_WAIT   = 3'd1,  // waiting for the next block before a boundary
                     E_BOUND  = 3'd2,  // boundary cycle
                     E_ROUND  = 3'd3,  // round cycles
                     E_OUTPUT = 3'd4;  // writing the digest words
    localparam integer LAST_ROUND_I = ROUNDS_PER_BLOCK - 2;
    localparam [5:0] LAST_ROUND = LAST_ROUND_I[5:0];

    // Segment header: the last segment carries whole + 1 padded blocks, or whole + 2
    // when its length is not a multiple of 512; another segment carries whole.
    wire [W-11:0] seg_whole = din[W-2:9];
    wire          seg_last = din[W-1];
    wire          seg_rest = |din[8:0];
    wire          seg_no_whole = seg_whole == 0;

    reg [1:0]     lstate_q, lstate_d;
    reg [2:0]     estate_q, estate_d;
    reg           first_q, first_d;     // the next header starts a message
    reg [2:0]     word_q, word_d;       // word of the block being read
    reg           b_full_q, b_full_d;   // the next-block registers hold a whole block
    reg           final_q, final_d;     // the coming boundary is the message's last
    reg [5:0]     round_q, round_d;     // round of the block
    reg [1:0]     out_q, out_d;         // digest word
    // Block accounting as in sha_block_ctrl: blocks counted up from 1 against whole
    reg [W-10:0]  block_q, block_d;     // number of the block being read, from 1
    reg [W-11:0]  whole_q, whole_d;
    reg           last_q, last_d;       // the segment ends the message
    reg           rest_q, rest_d;       // ... with two padding blocks after the whole ones
    reg [W/2-5:0] pair_eq_q, pair_eq_d; // block_q == whole_q per bit pair, + top bit 0
    reg           at_whole_q, at_whole_d;
    reg           past1_q, past1_d;     // block_q == whole_q + 1
    reg           past2_q, past2_d;     // block_q == whole_q + 2

    // The block being read is the segment's last (valid from the third word on)
    wire last_block = last_q ? (rest_q ? past2_q : past1_q) : at_whole_q;
    // The engine can pass the coming boundary: with a next block, or as the final one
    wire ready_next = b_full_q;
    wire ready_final = lstate_q == L_DONE && !b_full_q;

    integer i;
    always @* begin
        for (i = 0; i < W/2 - 5; i = i + 1)
            pair_eq_d[i] = block_q[2*i +: 2] == whole_q[2*i +: 2];
        pair_eq_d[W/2-5] = !block_q[W-10];
        at_whole_d = &pair_eq_q;
    end

    always @* begin
        lstate_d = lstate_q;
        estate_d = estate_q;
        first_d = first_q;
        word_d = word_q;
        b_full_d = b_full_q;
        final_d = final_q;
        round_d = round_q;
        out_d = out_q;
        block_d = block_q;
        whole_d = whole_q;
        last_d = last_q;
        rest_d = rest_q;
        past1_d = past1_q;
        past2_d = past2_q;
        src_read = 1'b0;
        dst_write = 1'b0;
        word_we = 8'd0;
        msg_init = 1'b0;
        x_load = 1'b0;
        x_next = 1'b0;
        boundary = 1'b0;
        round_en = 1'b0;
        rc_restart = 1'b0;
        rc_step = 1'b0;
        out_start = 1'b0;

        // Loader
        case (lstate_q)
            L_HEADER: if (src_ready) begin
                src_read = 1'b1;
                msg_init = first_q;
                first_d = 1'b0;
                block_d = {{(W-10){1'b0}}, 1'b1};
                whole_d = seg_whole;
                last_d = seg_last;
                rest_d = seg_rest;
                past1_d = seg_no_whole;
                past2_d = 1'b0;
                word_d = 3'd0;
                if (seg_last || !seg_no_whole) lstate_d = L_WORDS;
            end
            L_WORDS: if (src_ready && !b_full_q) begin
                src_read = 1'b1;
                word_we = 8'h80 >> word_q;
                word_d = word_q + 1'b1;
                if (word_q == 3'd7) begin
                    b_full_d = 1'b1;
                    block_d = block_q + 1'b1;
                    past1_d = at_whole_q;
                    past2_d = past1_q;
                    if (last_block) lstate_d = last_q ? L_DONE : L_HEADER;
                end
            end
            default: ;  // L_DONE: until the engine has written the digest
        endcase

        // Engine
        case (estate_q)
            E_IDLE: if (msg_init) estate_d = E_WAIT;
            E_WAIT: if (ready_next || ready_final) begin
                x_load = 1'b1;
                x_next = ready_next;
                b_full_d = 1'b0;
                final_d = ready_final;
                estate_d = E_BOUND;
            end
            E_BOUND: begin
                round_en = 1'b1;
                boundary = 1'b1;
                rc_restart = 1'b1;
                round_d = 6'd0;
                out_start = final_q;
                out_d = 2'd0;
                estate_d = final_q ? E_OUTPUT : E_ROUND;
            end
            E_ROUND: begin
                round_en = 1'b1;
                rc_step = 1'b1;
                round_d = round_q + 1'b1;
                if (round_q == LAST_ROUND) begin
                    if (ready_next || ready_final) begin
                        x_load = 1'b1;
                        x_next = ready_next;
                        b_full_d = 1'b0;
                        final_d = ready_final;
                        estate_d = E_BOUND;
                    end else begin
                        estate_d = E_WAIT;
                    end
                end
            end
            E_OUTPUT: if (dst_ready) begin
                dst_write = 1'b1;
                out_d = out_q + 1'b1;
                if (out_q == 2'd3) begin
                    estate_d = E_IDLE;
                    lstate_d = L_HEADER;
                    first_d = 1'b1;
                end
            end
            default: estate_d = E_IDLE;
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            lstate_q <= L_HEADER;
            estate_q <= E_IDLE;
            first_q <= 1'b1;
            b_full_q <= 1'b0;
        end else begin
            lstate_q <= lstate_d;
            estate_q <= estate_d;
            first_q <= first_d;
            b_full_q <= b_full_d;
        end
        word_q <= word_d;
        final_q <= final_d;
        round_q <= round_d;
        out_q <= out_d;
        block_q <= block_d;
        whole_q <= whole_d;
        last_q <= last_d;
        rest_q <= rest_d;
        pair_eq_q <= pair_eq_d;
        at_whole_q <= at_whole_d;
        past1_q <= past1_d;
        past2_q <= past2_d;
    end

endmodule
