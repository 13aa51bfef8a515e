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
// After the fin round come 160 final rounds (cnt_q = 0..159), one cycle for the output
// multiplexer to take word 0, and the four digest words.
//
// Block accounting without a loadable down-counter: the header's whole-block count is
// stored as it is, block_q is cleared at the header and counted up, and the segment's
// last block is the one where block_q == whole_q (a two-stage compare, at_whole_q).
// In a last segment (whole + 1 padded blocks) block_q counts the blocks after the
// first; in another segment (whole blocks) it counts every block, so block_q is 0
// while the first block is read, and at_whole_q then flags an empty segment: that load
// starts three cycles early (cnt_q = 9) so the flag is there before the first read.
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

    localparam [2:0] S_HEADER = 3'd0,  // waiting for a segment header
                     S_BLOCK  = 3'd1,  // block rounds (or loading a segment's first block)
                     S_FINAL  = 3'd2,  // the 160 final rounds
                     S_SELECT = 3'd3,  // the output multiplexer takes the digest
                     S_OUTPUT = 3'd4;  // writing the digest words
    // Block bits: 256, so the header's whole-block count is din[W-2:8]
    localparam CW = W - 9;              // width of the block counts
    localparam PAIRS = (CW + 1) / 2;

    reg [2:0]    state_q, state_d;
    reg [7:0]    cnt_q, cnt_d;          // cycle of the block, final round or digest word
    reg          loading_q, loading_d;  // reading the first block of a segment
    reg          first_q, first_d;      // the next header starts a message
    reg          last_q, last_d;        // the segment ends the message
    reg [CW-1:0] whole_q, whole_d;      // whole blocks of message bits in the segment
    reg [CW-1:0] block_q, block_d;      // blocks counted (see above)
    reg [PAIRS-1:0] pair_eq_q, pair_eq_d;  // block_q == whole_q per bit pair
    reg          at_whole_q, at_whole_d;   // block_q == whole_q, two cycles late
    reg          absorb_q, absorb_d;
    reg          fin_q, fin_d;

    assign absorb = absorb_q;
    assign fin = fin_q;

    // Two-stage compare, so it maps to small LUT4 trees
    wire [2*PAIRS-1:0] block_ext = {{(2*PAIRS - CW){1'b0}}, block_q};
    wire [2*PAIRS-1:0] whole_ext = {{(2*PAIRS - CW){1'b0}}, whole_q};
    integer i;
    always @* begin
        for (i = 0; i < PAIRS; i = i + 1)
            pair_eq_d[i] = block_ext[2*i +: 2] == whole_ext[2*i +: 2];
        at_whole_d = &pair_eq_q;
    end

    // In S_BLOCK: another block follows in this segment (valid from cycle 3 of a block)
    wire more = loading_q || !at_whole_q;
    wire need_word = cnt_q[3:2] == 2'b11 && more;   // cycles 12..15 read a word
    wire go = !need_word || src_ready;
    wire boundary = cnt_q[3:0] == 4'd15;
    // A segment that is not the last and has no blocks: back to the header
    wire empty = loading_q && !last_q && at_whole_q && cnt_q[3:0] == 4'd12;

    always @* begin
        state_d = state_q;
        cnt_d = cnt_q;
        loading_d = loading_q;
        first_d = first_q;
        last_d = last_q;
        whole_d = whole_q;
        block_d = block_q;
        src_read = 1'b0;
        dst_write = 1'b0;
        set_iv = 1'b0;
        step = 1'b0;
        out_start = 1'b0;
        case (state_q)
            S_HEADER: if (src_ready) begin
                src_read = 1'b1;
                set_iv = first_q;
                first_d = 1'b0;
                last_d = din[W-1];
                whole_d = din[W-2:8];
                block_d = {CW{1'b0}};
                loading_d = 1'b1;
                cnt_d = din[W-1] ? 8'd12 : 8'd9;
                state_d = S_BLOCK;
            end
            S_BLOCK: if (empty) begin
                state_d = S_HEADER;
            end else if (go) begin
                src_read = need_word;
                cnt_d = cnt_q + 8'd1;
                if (!boundary) begin
                    step = !loading_q;
                end else if (more) begin
                    step = 1'b1;       // round 16 (or the first block's start) + next block
                    cnt_d = 8'd0;
                    loading_d = 1'b0;
                    if (!(loading_q && last_q)) block_d = block_q + 1'b1;
                end else if (last_q) begin
                    step = 1'b1;       // round 16 + fin
                    cnt_d = 8'd0;
                    state_d = S_FINAL;
                end else begin
                    state_d = S_HEADER;  // the next segment's load does round 16
                end
            end
            S_FINAL: begin
                step = 1'b1;
                cnt_d = cnt_q + 8'd1;
                if (cnt_q == 8'd159) state_d = S_SELECT;
            end
            S_SELECT: begin
                out_start = 1'b1;
                cnt_d = 8'd0;
                state_d = S_OUTPUT;
            end
            S_OUTPUT: if (dst_ready) begin
                dst_write = 1'b1;
                cnt_d = cnt_q + 8'd1;
                if (cnt_q[1:0] == 2'd3) begin
                    first_d = 1'b1;
                    state_d = S_HEADER;
                end
            end
            default: state_d = S_HEADER;
        endcase
        // The boundary's XOR masks, decided one cycle ahead (they have a large fan-out)
        absorb_d = state_d == S_BLOCK && cnt_d[3:0] == 4'd15 && (loading_d || !at_whole_q);
        fin_d = state_d == S_BLOCK && cnt_d[3:0] == 4'd15 && !loading_d && at_whole_q && last_q;
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
        cnt_q <= cnt_d;
        loading_q <= loading_d;
        last_q <= last_d;
        whole_q <= whole_d;
        block_q <= block_d;
        pair_eq_q <= pair_eq_d;
        at_whole_q <= at_whole_d;
        absorb_q <= absorb_d;
        fin_q <= fin_d;
    end

endmodule
