`default_nettype none
// blake256_datapath: the BLAKE-256 state, four G functions (one column or diagonal
// step per clock), the chaining value and the digest output.
//
// State v0..v15 as four rows of four words: a (v0..3), b (v4..7), c (v8..11),
// d (v12..15). G unit i always takes column i of the stored rows. After a column step
// the rows are stored rotated (b by 1, c by 2, d by 3 words), so that the columns of
// the stored state are the diagonals; after a diagonal step they are stored back in
// place. Row c is rotated by 2 both ways and row a not at all, so those are fixed
// wiring. Rows b and d alternate, and instead of a multiplexer each has one register
// per arrangement (b_c/b_d, d_c/d_d: "canonical"/"diagonal"), the one not in use
// cleared through the flip-flops' synchronous reset; G ORs them inside LUTs that have
// inputs to spare. d has a third register, d_t, for t ^ c4..c7 at the start of a block.
//
// Chaining value: hn = h ^ v0..7 ^ v8..15 (salt 0), computed in the cycle after the
// last step (`init` or `clear`). `init` also loads the next block's state:
// a = hn0..3, b = hn4..7, c = c0..3, d = t ^ c4..7. `clear` (end of a segment) leaves
// a = c = c0..3 and b = d = 0, so that a following `init` computes hn = h: the first
// block of a segment starts through the same path. `msg_start` sets h = IV and clears.
module blake256_datapath (
    input  wire         clk,
    input  wire [255:0] x,          // G operands, slot j at [32*j +: 32]: unit j/2, x0 or x1
    input  wire         step,       // perform a step ...
    input  wire         diag,       // ... a diagonal one (else a column step)
    input  wire         init,       // h = hn, state = first state of the next block
    input  wire         clear,      // h = hn, state cleared (end of a segment)
    input  wire         msg_start,  // h = IV, state cleared
    input  wire [63:0]  t,          // counter of the block that init starts
    input  wire         out_next,   // a digest word is written
    output wire [63:0]  dout
);

    localparam [255:0] IV = {
        32'h6A09E667, 32'hBB67AE85, 32'h3C6EF372, 32'hA54FF53A,
        32'h510E527F, 32'h9B05688C, 32'h1F83D9AB, 32'h5BE0CD19
    };
    // c0..c7 of the sixteen constants
    localparam [255:0] CLO = {
        32'h243F6A88, 32'h85A308D3, 32'h13198A2E, 32'h03707344,
        32'hA4093822, 32'h299F31D0, 32'h082EFA98, 32'hEC4E6C89
    };

    // Word k (0 = top) of a vector of 32-bit words
    function [31:0] w4(input [127:0] v, input integer k);
        w4 = v[127 - 32 * k -: 32];
    endfunction

    reg  [127:0] a_q, a_d;      // row a, v0 in the top word
    reg  [127:0] bc_q, bc_d;    // row b, canonical (read by column steps), else 0
    reg  [127:0] bd_q, bd_d;    // row b, rotated by 1 (read by diagonal steps), else 0
    reg  [127:0] c_q, c_d;      // row c
    reg  [127:0] dc_q, dc_d;    // row d, canonical, else 0
    reg  [127:0] dd_q, dd_d;    // row d, rotated by 3, else 0
    reg  [127:0] dt_q, dt_d;    // row d at the start of a block (t ^ c4..7), else 0
    reg  [255:0] h_q, h_d;      // chaining value, h0 in the top word

    // Four G units on the stored columns
    wire [127:0] ga, gb, gc, gd;
    genvar i;
    generate
        for (i = 0; i < 4; i = i + 1) begin : gen_g
            blake256_g u_g (
                .a(w4(a_q, i)),
                .b_p(w4(bc_q, i)),
                .b_q(w4(bd_q, i)),
                .c(w4(c_q, i)),
                .d_p(w4(dc_q, i)),
                .d_q(w4(dd_q, i)),
                .d_r(w4(dt_q, i)),
                .x0(x[64 * i +: 32]),
                .x1(x[64 * i + 32 +: 32]),
                .a_out(ga[127 - 32 * i -: 32]),
                .b_out(gb[127 - 32 * i -: 32]),
                .c_out(gc[127 - 32 * i -: 32]),
                .d_out(gd[127 - 32 * i -: 32])
            );
        end
    endgenerate

    // Rows rotated left by n words (word k of the result is word k+n of the input)
    function [127:0] rotw(input [127:0] v, input integer n);
        rotw = (v << (32 * n)) | (v >> (128 - 32 * n));
    endfunction

    // New chaining value; the state is in canonical order after a diagonal step
    wire [255:0] hn = h_q ^ {a_q, bc_q} ^ {c_q, dc_q};

    wire [127:0] tc = {t[31:0], t[31:0], t[63:32], t[63:32]} ^ CLO[127:0];
    wire         wipe = clear || msg_start;

    always @* begin
        // Row a: fixed position
        a_d = a_q;
        if (wipe) a_d = CLO[255:128];
        else if (init) a_d = hn[255:128];
        else if (step) a_d = ga;
        // Row b: a column step writes the rotated copy, a diagonal step the canonical one
        bc_d = bc_q;
        if (wipe || (step && !diag)) bc_d = 128'd0;
        else if (init) bc_d = hn[127:0];
        else if (step) bc_d = rotw(gb, 3);
        bd_d = bd_q;
        if (wipe || init || (step && diag)) bd_d = 128'd0;
        else if (step) bd_d = rotw(gb, 1);
        // Row c: rotated by 2 in both steps
        c_d = c_q;
        if (wipe || init) c_d = CLO[255:128];
        else if (step) c_d = rotw(gc, 2);
        // Row d
        dc_d = dc_q;
        if (wipe || init || (step && !diag)) dc_d = 128'd0;
        else if (step) dc_d = rotw(gd, 1);
        dd_d = dd_q;
        if (wipe || init || (step && diag)) dd_d = 128'd0;
        else if (step) dd_d = rotw(gd, 3);
        dt_d = dt_q;
        if (wipe || step) dt_d = 128'd0;
        else if (init) dt_d = tc;
        // Chaining value
        h_d = h_q;
        if (msg_start) h_d = IV;
        else if (init || clear) h_d = hn;
    end

    always @(posedge clk) begin
        a_q <= a_d;
        bc_q <= bc_d;
        bd_q <= bd_d;
        c_q <= c_d;
        dc_q <= dc_d;
        dd_q <= dd_d;
        dt_q <= dt_d;
        h_q <= h_d;
    end

    // Digest words: h0h1, h2h3, h4h5, h6h7. The first exists only as hn in the cycle
    // of the last `clear`; the others follow h_q, which holds the digest from then on.
    onehot_reg_mux #(
        .WORDS(4),
        .WIDTH(64)
    ) u_out_mux (
        .clk(clk),
        .start(clear),
        .next(out_next),
        .words({hn[255:192], h_q[191:0]}),
        .load({3'b111, clear}),
        .dout(dout)
    );

endmodule
