`default_nettype none
// jh256_datapath: JH-256 state, message registers and digest output, one round per clock.
//
// The state s_q is kept grouped (256 4-bit elements, see jh256_round) for the whole
// message: grouping and de-grouping are wiring. The compression function
// H' = E8(H + M||0) + 0||M is cut at the block boundary instead: the boundary cycle
// computes the last round of a block and XORs x_q into its result, where
// x_q = (next block || current block) placed at the element bits the two XORs hit
// (block bits 0..255 -> element bit 3, 256..511 -> bit 2 for the first XOR; bits 1, 0
// for the second). x_q is zero in every other cycle (its flip-flops are cleared by
// their synchronous reset), so the XOR is a single LUT input per state bit and there
// is no multiplexer in front of the state: s_d = round(s_q) ^ x_q.
//
// A message starts with s_q set (synchronous set/reset, no multiplexer) to the
// constant Y = B^-1(IV), where B is the boundary cycle's operation with constant C0;
// the first boundary cycle then gives IV + M1||0, like any other boundary. With the
// 35.5 rounds of round 2 the boundary operation is the half round (S-boxes only) and
// the half-round multiplexer sits in jh256_round; with the 42 rounds of round 3 it is a
// full round.
//
// Message words go into eight word registers (din, one enable each: no multiplexer);
// m_q keeps the current block for the second XOR. The digest is the last 256 bits of
// H, i.e. bit 0 of every element; the output words go through onehot_reg_mux.
module jh256_datapath #(
    parameter HALF = 0,
    // The state after a restart: B^-1(IV) for the version's boundary operation B
    parameter [1023:0] Y = 1024'd0
) (
    input  wire        clk,
    input  wire [63:0] din,
    input  wire [7:0]  word_we,   // store din as word i of the next block (bit 7: word 0)
    input  wire        msg_init,  // new message: s = Y, m = 0
    input  wire        x_load,    // x = (next block or 0 || current block) for the next cycle
    input  wire        x_next,    // ... with a next block
    input  wire        boundary,  // boundary cycle: last round + x, m = next block
    input  wire        round_en,  // a round (or the boundary cycle)
    input  wire [255:0] c,        // round constant
    input  wire        out_start, // the final boundary: digest word 0 from the round output
    input  wire        out_next,  // a digest word is written
    output wire [63:0] dout
);

    reg  [1023:0] s_q, s_d;   // grouped state
    reg  [1023:0] x_q, x_d;   // message XOR mask, zero except in boundary cycles
    reg  [511:0]  m_q, m_d;   // current block, block bit 0 at the top
    reg  [511:0]  b_q, b_d;   // next block, word 0 at the top
    wire [1023:0] r;

    jh256_round #(
        .HALF(HALF)
    ) u_round (
        .s(s_q),
        .c(c),
        .half(boundary),
        .r(r)
    );

    wire [1023:0] s_next = r ^ x_q;

    // Placement of block bits in the grouped state: block bit k (k < 256) and k + 256
    // belong to element n(k) = 2k (k < 128) or 2(k - 128) + 1.
    genvar k;
    wire [1023:0] x_hi, x_lo;   // the next block at bits 3, 2; the current one at bits 1, 0
    wire [511:0]  x_hi_block;   // the next block back from x_q, for m
    generate
        for (k = 0; k < 256; k = k + 1) begin : gen_place
            localparam integer N = (k < 128) ? 2 * k : 2 * (k - 128) + 1;
            assign x_hi[1023-4*N] = b_q[511-k];
            assign x_hi[1022-4*N] = b_q[255-k];
            assign x_hi[1021-4*N] = 1'b0;
            assign x_hi[1020-4*N] = 1'b0;
            assign x_lo[1023-4*N] = 1'b0;
            assign x_lo[1022-4*N] = 1'b0;
            assign x_lo[1021-4*N] = m_q[511-k];
            assign x_lo[1020-4*N] = m_q[255-k];
            assign x_hi_block[511-k] = x_q[1023-4*N];
            assign x_hi_block[255-k] = x_q[1022-4*N];
        end
    endgenerate

    // Next values. Each register is loaded from one source or held, and cleared or set
    // by its synchronous reset, so none needs a multiplexer in front.
    integer w;
    always @* begin
        s_d = s_q;
        if (round_en) s_d = s_next;
        if (msg_init) s_d = Y;

        x_d = {1024{1'b0}};
        if (x_load) x_d = (x_next ? x_hi : {1024{1'b0}}) | x_lo;

        m_d = m_q;
        if (boundary) m_d = x_hi_block;
        if (msg_init) m_d = {512{1'b0}};

        b_d = b_q;
        for (w = 0; w < 8; w = w + 1)
            if (word_we[7-w]) b_d[511-64*w -: 64] = din;
    end

    always @(posedge clk) begin
        s_q <= s_d;
        x_q <= x_d;
        m_q <= m_d;
        b_q <= b_d;
    end

    // Digest: H[768 + d] for d = 0..255 is bit 0 of element n(d); word i holds d = 64i..64i+63.
    // Word 0 is taken from the round output in the final boundary cycle; words 1..3
    // follow s_q, which holds H from the end of that cycle on.
    wire [255:0] digest;
    generate
        for (k = 0; k < 256; k = k + 1) begin : gen_digest
            localparam integer N = (k < 128) ? 2 * k : 2 * (k - 128) + 1;
            if (k < 64) begin : gen_word0
                assign digest[255-k] = s_next[1020-4*N];
            end else begin : gen_words
                assign digest[255-k] = s_q[1020-4*N];
            end
        end
    endgenerate

    onehot_reg_mux #(
        .WORDS(4),
        .WIDTH(64)
    ) u_out_mux (
        .clk(clk),
        .start(out_start),
        .next(out_next),
        .words(digest),
        .load({1'b1, 1'b1, 1'b1, out_start}),
        .dout(dout)
    );

endmodule
