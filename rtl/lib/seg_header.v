`default_nettype none
// seg_header: decodes a segment header word of the hash core interface (docs/interface.md).
//
// A header is LAST (bit W-1) and SEGMENT_BITS (bits W-2 .. 0). With blocks of
// 2**BLOCK_LOG2 bits, SEGMENT_BITS is `whole` whole blocks and `tail` bits more. A segment
// that is not the last carries its whole blocks (tail is 0). The last segment also carries
// the padding: ceil((SEGMENT_BITS + PAD_MIN) / 2**BLOCK_LOG2) blocks, at least one, where
// PAD_MIN is the fewest bits the algorithm's padding adds (SHA-2: a 1 bit and the 64-bit
// length, 65). That is `whole` + `extra` blocks: the tail block (message bits and padding)
// and the blocks of padding alone; `extra` depends on the tail only (and, for PAD_MIN = 0,
// on whole = 0: an empty message still has one block).
//
//   PAD_MIN   algorithms (block bits)                extra of a last segment
//   0         Skein-512 (512)                        tail != 0 || whole == 0
//   1         Shabal, Luffa (512, 256), CubeHash     1
//   65        SHA-1, SHA-256, Grøstl-256 (512)       1, 2 when tail >= 448
//   66        BLAKE-256 (512)                        1, 2 when tail >= 447
//   81        SHAvite-3-256 (512)                    1, 2 when tail >= 432
//   512       JH-256 (512)                           1, 2 when tail != 0
//   64, 65    Fugue-256, Hamsi-256 (32-bit words)    2 or 3, 3
//   2 .. 25   Keccak-256 counting 64-bit words        1, 2 when the padding spills a word
//
// Purely combinational: the outputs are constant comparisons of the header bits (and one
// adder for `blocks`), so an output that a core does not use costs it no logic
// (docs/adding-a-core.md, "Reading segment headers").
module seg_header #(
    // Bus width in bits (16, 32 or 64).
    parameter W = 64,
    // Block size: 2**BLOCK_LOG2 bits (9: 512-bit blocks; 5: 32-bit words), 1 .. W-2.
    parameter BLOCK_LOG2 = 9,
    // Fewest padding bits a message gets, 0 .. 2 * 2**BLOCK_LOG2 + 1 (see the table above).
    parameter PAD_MIN = 65
) (
    input  wire [W-1:0]            hdr,     // the header word
    output wire                    last,    // LAST: the segment ends the message
    output wire [W-2-BLOCK_LOG2:0] whole,   // whole blocks of message bits
    output wire [BLOCK_LOG2-1:0]   tail,    // message bits after them
    output wire [1:0]              extra,   // blocks after the whole ones: 0 if not last
    output wire [W-1-BLOCK_LOG2:0] blocks,  // blocks the segment carries: whole + extra
    output wire                    empty    // the segment carries no block
);

    localparam integer BLOCK = 1 << BLOCK_LOG2;
    localparam integer WHOLE_W = W - 1 - BLOCK_LOG2;

    initial begin
        if (W != 16 && W != 32 && W != 64) begin
            $display("seg_header: W must be 16, 32 or 64, got %0d", W);
            $finish;
        end
        if (BLOCK_LOG2 < 1 || BLOCK_LOG2 > W - 2) begin
            $display("seg_header: BLOCK_LOG2 must be in 1..W-2, got %0d", BLOCK_LOG2);
            $finish;
        end
        // at most three blocks after the whole ones
        if (PAD_MIN < 0 || PAD_MIN > 2 * BLOCK + 1) begin
            $display("seg_header: PAD_MIN must be in 0..2*2**BLOCK_LOG2+1, got %0d", PAD_MIN);
            $finish;
        end
    end

    // ceil((tail + PAD_MIN) / BLOCK) = PAD_Q + (PAD_R != 0) + (tail > OVER), with
    // PAD_MIN = PAD_Q * BLOCK + PAD_R: the tail spills into one more block when it leaves
    // less than PAD_R bits of its block (or, for PAD_R = 0, when it is not empty).
    localparam integer PAD_Q = PAD_MIN / BLOCK;
    localparam integer PAD_R = PAD_MIN % BLOCK;
    localparam integer OVER_I = PAD_R == 0 ? 0 : BLOCK - PAD_R;
    localparam [BLOCK_LOG2-1:0] OVER = OVER_I[BLOCK_LOG2-1:0];
    localparam integer BASE_I = PAD_Q + (PAD_R != 0 ? 1 : 0);
    localparam [1:0] BASE = BASE_I[1:0];
    localparam integer BASE1_I = BASE_I + 1;
    localparam [1:0] BASE1 = BASE1_I[1:0];

    // x > OVER as AND/OR terms of the bits (Yosys would map a comparator cell to a carry
    // chain): x is greater when it has a 1 where OVER has a 0 and equals OVER above it
    function above_over(input [BLOCK_LOG2-1:0] x);
        integer i;
        reg     same;  // x equals OVER in the bits above i
        begin
            above_over = 1'b0;
            same = 1'b1;
            for (i = BLOCK_LOG2 - 1; i >= 0; i = i - 1) begin
                if (!OVER[i]) above_over = above_over | (same & x[i]);
                same = same & (x[i] == OVER[i]);
            end
        end
    endfunction

    assign last = hdr[W-1];
    assign whole = hdr[W-2:BLOCK_LOG2];
    assign tail = hdr[BLOCK_LOG2-1:0];
    wire   any_whole = whole != {WHOLE_W{1'b0}};

    // The tail block spills into one more block
    wire spill;
    generate
        if (PAD_R == 1) begin : gen_no_spill
            assign spill = 1'b0;  // every tail leaves room for a single padding bit
        end else if (PAD_MIN == 0) begin : gen_spill_empty
            // zero padding to a whole block, and an empty message is one block of zeros
            assign spill = above_over(tail) || !any_whole;
        end else begin : gen_spill
            assign spill = above_over(tail);
        end
    endgenerate
    assign extra = !last ? 2'd0 : spill ? BASE1 : BASE;
    assign blocks = {1'b0, whole} + {{(WHOLE_W - 1){1'b0}}, extra};
    assign empty = !(last || any_whole);

endmodule
