`default_nettype none
// block_pipe_ring: the ring control of a pipelined compression core (docs/pipelined.md),
// shared by the SHA-1 and SHA-256 pipelines, base and optimized.
//
// The core's stages each run ITERATIONS iterations of the block they hold; this module
// counts them (t), and at the last one lets every stage hand its block on at once (a
// handover) when the host issues a block or a bubble (in_valid) and the output register
// has room. Behind the last stage it holds the final-addition slot: the block that left
// the last stage at the latest handover, whose new chaining value H + state (word by word,
// WORDS words of 32 bits) is h_out. An issue that continues a message (in_first = 0) takes
// that value as its chaining value (h_new), a first block takes IV: the ring rule, a
// message's next block is issued exactly STAGES + 1 issues after its previous one. A block
// with its last bit set leaves its digest and tag in the output register.
//
// Timing: a handover waits for an issue and for room for a digest; between handovers the
// stages run freely (run). The counter is constant when ITERATIONS is 1 (fully pipelined),
// so synthesis drops it and the multiplexers in front of the stages.
module block_pipe_ring #(
    // Iterations of every stage per block: the design's iterations / STAGES.
    parameter ITERATIONS = 1,
    // Width of the iteration counter t: 2**T_BITS >= ITERATIONS.
    parameter T_BITS = 1,
    // 32-bit words of the chaining value: 5 (SHA-1) or 8 (SHA-256).
    parameter WORDS = 8,
    // The initial chaining value.
    parameter [32*WORDS-1:0] IV = {32*WORDS{1'b0}}
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 in_valid,
    output wire                 in_ready,
    input  wire                 in_first,
    output wire [T_BITS-1:0]    t,          // iteration 0 .. ITERATIONS - 1 of every stage
    output wire                 run,        // every stage does one iteration
    output wire                 handover,   // ... and passes its block on (with run)
    output wire [32*WORDS-1:0]  h_new,      // chaining value of the issue
    input  wire [32*WORDS-1:0]  last_state, // the last stage's output: working variables
    input  wire [32*WORDS-1:0]  last_h,     // ... the chaining value its block entered with
    input  wire [9:0]           last_meta,  // ... and {valid, last, tag}
    output reg                  out_valid,
    input  wire                 out_ready,
    output reg  [32*WORDS-1:0]  out_digest,
    output reg  [7:0]           out_tag
);

    localparam integer LAST = ITERATIONS - 1;
    localparam [T_BITS-1:0] LAST_T = LAST[T_BITS-1:0];

    initial begin
        if (ITERATIONS < 1 || T_BITS < 1 || (1 << T_BITS) < ITERATIONS) begin
            $display("block_pipe_ring: T_BITS = %0d cannot count ITERATIONS = %0d", T_BITS, ITERATIONS);
            $finish;
        end
        if (WORDS < 1) begin
            $display("block_pipe_ring: WORDS must be at least 1, got %0d", WORDS);
            $finish;
        end
    end

    reg  [T_BITS-1:0] t_q;
    wire last_iteration = ITERATIONS == 1 || t_q == LAST_T;

    // Final-addition slot
    reg  [32*WORDS-1:0] fa_state_q;
    reg  [32*WORDS-1:0] fa_h_q;
    reg  [9:0]          fa_meta_q;  // {valid, last, tag}
    wire [32*WORDS-1:0] h_out;
    genvar gi;
    generate
        for (gi = 0; gi < WORDS; gi = gi + 1) begin : gen_final_add
            assign h_out[32*gi +: 32] = fa_h_q[32*gi +: 32] + fa_state_q[32*gi +: 32];
        end
    endgenerate

    wire digest_leaves = fa_meta_q[9] && fa_meta_q[8];
    wire out_room = !digest_leaves || !out_valid || out_ready;
    assign in_ready = last_iteration && out_room;
    assign handover = last_iteration && in_valid && out_room;
    assign run = !last_iteration || handover;
    assign t = t_q;
    assign h_new = in_first ? IV : h_out;

    always @(posedge clk) begin
        if (run)
            t_q <= last_iteration ? {T_BITS{1'b0}} : t_q + 1'b1;
        if (handover) begin
            fa_state_q <= last_state;
            fa_h_q <= last_h;
        end
        if (handover && digest_leaves) begin
            out_digest <= h_out;
            out_tag <= fa_meta_q[7:0];
        end
        if (rst) begin
            t_q <= {T_BITS{1'b0}};
            fa_meta_q <= 10'd0;
            out_valid <= 1'b0;
        end else begin
            if (handover)
                fa_meta_q <= last_meta;
            if (handover && digest_leaves)
                out_valid <= 1'b1;
            else if (out_ready)
                out_valid <= 1'b0;
        end
    end

endmodule
