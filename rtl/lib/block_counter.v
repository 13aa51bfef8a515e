`default_nettype none
// block_counter: which block of a segment is its last (docs/interface.md).
//
// Reads a segment header through seg_header when `load` is 1 and counts the segment's
// blocks with `step` (1 in the cycle where a block ends and the segment's next one, if
// any, begins). `last_block` says whether the current block is the segment's last.
//
// No loadable down-counter (a multiplexer per bit): the header's whole-block count is
// stored as it is and the blocks are numbered upwards against it. A segment that is not
// the last numbers its blocks from 1, so its last block is the one whose number equals
// whole. The last segment numbers them from 0 (from 1 when it has no block after the whole
// ones, as Skein's may), so its block `whole` is the first block after the whole ones; when
// the padding needs a second such block (`extra` = 2), the last block is the one after it,
// flagged when block `whole` ends. No block number above whole is compared, so the counter
// is as wide as whole.
// The compare number == whole takes two register stages (bit pairs, then all pairs), so it
// maps to small LUT4 trees on a wide bus; `last_block` therefore becomes valid in the third
// cycle after a `load` or `step` (the cycle of the load or step being the 0th), and a block
// must last at least three cycles. Hence a core whose block is one bus word (Hamsi) or
// which needs the count in the cycle after the header (the lightweight SHA-256) counts
// seg_header's `blocks` down instead.
//
// Registers without reset: everything is loaded with the header.
module block_counter #(
    // Bus width in bits (16, 32 or 64).
    parameter W = 64,
    // Block size: 2**BLOCK_LOG2 bits (9: 512-bit blocks).
    parameter BLOCK_LOG2 = 9,
    // Fewest padding bits a message gets (seg_header), 0 .. 2**BLOCK_LOG2: at most two
    // blocks after the whole ones.
    parameter PAD_MIN = 65
) (
    input  wire         clk,
    input  wire [W-1:0] din,        // the header word, read when load is 1
    input  wire         load,       // a segment header is read in this cycle
    input  wire         step,       // the current block ends in this cycle
    output wire         hdr_last,   // din's LAST bit (combinational)
    output wire         hdr_empty,  // din's segment carries no block (combinational)
    output wire         seg_last,   // the loaded segment ends the message
    output wire         last_block  // the current block is the segment's last (see above)
);

    localparam integer BLOCK = 1 << BLOCK_LOG2;
    localparam integer WHOLE_W = W - 1 - BLOCK_LOG2;
    localparam integer PAIRS = (WHOLE_W + 1) / 2;

    initial begin
        if (PAD_MIN < 0 || PAD_MIN > BLOCK) begin
            $display("block_counter: PAD_MIN must be in 0..2**BLOCK_LOG2, got %0d", PAD_MIN);
            $finish;
        end
    end

    wire [WHOLE_W-1:0]    hdr_whole;
    wire [1:0]            hdr_extra;
    wire [BLOCK_LOG2-1:0] unused_tail;
    wire [WHOLE_W:0]      unused_blocks;

    seg_header #(
        .W(W),
        .BLOCK_LOG2(BLOCK_LOG2),
        .PAD_MIN(PAD_MIN)
    ) u_header (
        .hdr(din),
        .last(hdr_last),
        .whole(hdr_whole),
        .tail(unused_tail),
        .extra(hdr_extra),
        .blocks(unused_blocks),
        .empty(hdr_empty)
    );

    reg [WHOLE_W-1:0] block_q, block_d;     // number of the current block
    reg [WHOLE_W-1:0] whole_q, whole_d;     // the segment's whole blocks
    reg               last_q, last_d;       // the segment ends the message
    reg               two_q, two_d;         // ... with two blocks after the whole ones
    reg [PAIRS-1:0]   pair_eq_q, pair_eq_d; // block_q == whole_q per bit pair
    reg               at_whole_q, at_whole_d; // block_q == whole_q, two cycles late
    reg               past_q, past_d;       // the previous block's number was whole

    assign seg_last = last_q;
    assign last_block = two_q ? past_q : at_whole_q;

    // block_q == whole_q in two register stages
    wire [2*PAIRS-1:0] block_ext = {{(2 * PAIRS - WHOLE_W){1'b0}}, block_q};
    wire [2*PAIRS-1:0] whole_ext = {{(2 * PAIRS - WHOLE_W){1'b0}}, whole_q};
    integer i;
    always @* begin
        for (i = 0; i < PAIRS; i = i + 1)
            pair_eq_d[i] = block_ext[2*i +: 2] == whole_ext[2*i +: 2];
        at_whole_d = &pair_eq_q;
    end

    always @* begin
        block_d = block_q;
        whole_d = whole_q;
        last_d = last_q;
        two_d = two_q;
        past_d = past_q;
        if (load) begin
            block_d = {{(WHOLE_W - 1){1'b0}}, hdr_extra == 2'd0};
            whole_d = hdr_whole;
            last_d = hdr_last;
            two_d = hdr_extra[1];
            past_d = 1'b0;
        end else if (step) begin
            block_d = block_q + 1'b1;
            past_d = at_whole_q;
        end
    end

    always @(posedge clk) begin
        block_q <= block_d;
        whole_q <= whole_d;
        last_q <= last_d;
        two_q <= two_d;
        pair_eq_q <= pair_eq_d;
        at_whole_q <= at_whole_d;
        past_q <= past_d;
    end

endmodule
