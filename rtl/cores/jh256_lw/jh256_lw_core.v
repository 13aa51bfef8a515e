`default_nettype none
// jh256_lw_core: JH-256 (SHA-3 round 3, JH42), lightweight, 16-bit bus, with the hashbed
// core interface (docs/interface.md) and host-side padding.
//
// Architecture: E8 folded by 8. The 1024-bit state is kept in E8's grouped form (256
// 4-bit elements) in distributed RAM, and each cycle processes 32 elements: the S-boxes
// of elements 32t..32t+31 and L on their 16 pairs, so a round takes 8 cycles and a block
// 42 * 8 = 336. The permutation P8 sends the two pairs of quad m (old pairs 2m, 2m+1) to
// new pairs m and 64 + m, so cycle t (quads 8t..8t+7, state words 2t and 2t+1 of 16
// elements) produces new word t ("low") and new word 8 + t ("high"). The state RAM is
// four 64-bit LUT RAMs R<p><s> holding the words w with w[0] = p and w[3] = s at address
// {0, copy, w[2:1]}, in two copies (round r reads copy r[0] and writes the other):
// reading words 2t and 2t+1 takes R0<t2> and R1<t2> (a 2:1 multiplexer per bit), the
// low word goes to R<t0>0 and the high word to R<t0>1 with no multiplexer (the write
// enables choose). The upper halves of the RAMs (never written) hold the IV, the state
// a message starts from, as their initial content.
//
// Message: F8 is H' = E8(H + M||0) + 0||M. Both XORs of consecutive blocks are done in
// round 0 of the next block, on the state as it is read: M_j into element bits 3 and 2
// ("pre") and M_(j-1) into bits 1 and 0 ("post"). The message words pass through a shift
// register of 64 words (1024 flip-flops, no LUTs): the 16-bit bus feeds its tail, the
// upper 32 words hold M_j, the lower 32 M_(j-1), and round 0 reads both through fixed taps
// at every eighth word while the register moves one word per cycle. So round 0 of a
// block shifts in words 0..7 of the next block (it waits for the bus if they are late);
// words 8..31 come in whenever the bus has them during rounds 1..41. The last block's
// post-XOR is done on the digest words as they are written.
//
// Round constants: jh256_lw_rc (USE_BRAM = 0: folded R6 in LUT RAM, C0 as initial
// content; USE_BRAM = 1: a ROM of all 42 constants in one block RAM).
//
// Cycles for a message of N padded blocks in one segment:
//   1 header + 32 words of the first block (the engine waits for them)
//   + 336 per block (42 rounds of 8 cycles; the next block loads meanwhile)
//   + 16 digest words
//   = 1 + 32 + 336*N + 16
module jh256_lw_core #(
    // Bus width in bits; only 16 is implemented.
    parameter W = 16,
    // 0: round constants generated on the fly (LUT RAM), 1: stored in one block RAM.
    parameter USE_BRAM = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output wire         src_read,
    output wire [W-1:0] dout,
    input  wire         dst_ready,
    output wire         dst_write
);

    initial begin
        if (W != 16) begin
            $display("jh256_lw_core: W must be 16, got %0d", W);
            $finish;
        end
        if (USE_BRAM != 0 && USE_BRAM != 1) begin
            $display("jh256_lw_core: USE_BRAM must be 0 or 1, got %0d", USE_BRAM);
            $finish;
        end
    end

    // ------------------------------------------------------------------ control
    localparam [1:0] E_IDLE = 2'd0,  // waiting for a message
                     E_RUN  = 2'd1,  // rounds (round 0, cycle 0 waits for a whole block)
                     E_OUT  = 2'd2;  // digest words
    localparam [1:0] L_HDR  = 2'd0,  // loader expects a segment header
                     L_DATA = 2'd1,  // loader reads the words of a segment
                     L_DONE = 2'd2;  // the whole message is read

    reg [1:0]  eng_q, eng_d;
    reg [1:0]  ld_q, ld_d;
    reg [5:0]  r_q, r_d;        // round 0..41
    reg [2:0]  t_q, t_d;        // cycle in the round
    reg [3:0]  k_q, k_d;        // digest word
    reg        first_q, first_d;  // the first block of the message (state = IV)
    reg        full_q, full_d;    // the block after the current one is in the register
    reg [4:0]  lw_q, lw_d;        // words of that block read so far
    reg        last_seg_q, last_seg_d;
    reg [11:0] sw_q, sw_d;        // words left in the segment

    // Segment header: a non-last segment carries SEGMENT_BITS / 512 blocks, the last one
    // ceil(SEGMENT_BITS / 512) + 1 (JH pads at least 512 bits).
    wire [14:0] seg_bits = din[14:0];
    wire [6:0]  hdr_blocks = din[15] ? ({1'b0, seg_bits[14:9]} + {6'd0, |seg_bits[8:0]} + 7'd1)
                                     : {1'b0, seg_bits[14:9]};
    wire [11:0] hdr_words = {hdr_blocks, 5'd0};

    wire run     = (eng_q == E_RUN);
    wire r0      = (r_q == 6'd0);
    wire need    = (ld_q != L_DONE);            // another block follows the current one
    wire data_ok = (ld_q == L_DATA) && src_ready;
    wire go0     = (t_q != 3'd0) || full_q;     // round 0 may run (its block is complete)
    wire step    = run && (!r0 || (go0 && (!need || data_ok)));
    wire lock_load = run && r0 && go0 && need && data_ok;           // round 0: one word per cycle
    wire free_load = run && data_ok && !full_q && !(r0 && t_q != 3'd0);
    wire load    = lock_load || free_load;
    wire hdr     = (ld_q == L_HDR) && src_ready && (eng_q != E_OUT);
    wire out_wr  = (eng_q == E_OUT) && dst_ready;
    wire shift   = load || (step && r0) || out_wr;
    wire next_exists = full_q || need;

    assign src_read  = load || hdr;
    assign dst_write = out_wr;

    always @(*) begin
        eng_d = eng_q;
        ld_d = ld_q;
        r_d = r_q;
        t_d = t_q;
        k_d = k_q;
        first_d = first_q;
        full_d = full_q;
        lw_d = lw_q;
        last_seg_d = last_seg_q;
        sw_d = sw_q;

        // loader
        if (hdr) begin
            sw_d = hdr_words;
            last_seg_d = din[15];
            if (hdr_words != 12'd0) begin
                ld_d = L_DATA;
            end else if (din[15]) begin
                ld_d = L_DONE;
            end
        end
        if (load) begin
            sw_d = sw_q - 12'd1;
            if (sw_q == 12'd1) begin
                ld_d = last_seg_q ? L_DONE : L_HDR;
            end
        end
        if (step && r0 && t_q == 3'd0) begin
            full_d = 1'b0;              // the block in the register starts now
        end
        if (load) begin
            lw_d = lw_q + 5'd1;
            if (lw_q == 5'd31) begin
                full_d = 1'b1;
            end
        end

        // engine
        if (hdr && eng_q == E_IDLE) begin
            eng_d = E_RUN;
            r_d = 6'd0;
            t_d = 3'd0;
            first_d = 1'b1;
            full_d = 1'b0;
            lw_d = 5'd0;
        end
        if (step) begin
            t_d = t_q + 3'd1;
            if (t_q == 3'd7) begin
                first_d = first_q && !r0;
                if (r_q == 6'd41) begin
                    r_d = 6'd0;
                    if (!next_exists) begin
                        eng_d = E_OUT;
                        k_d = 4'd0;
                    end
                end else begin
                    r_d = r_q + 6'd1;
                end
            end
        end
        if (out_wr) begin
            k_d = k_q + 4'd1;
            if (k_q == 4'd15) begin
                eng_d = E_IDLE;
                ld_d = L_HDR;
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            eng_q <= E_IDLE;
            ld_q <= L_HDR;
            r_q <= 6'd0;
            t_q <= 3'd0;
            k_q <= 4'd0;
            first_q <= 1'b0;
            full_q <= 1'b0;
            lw_q <= 5'd0;
            last_seg_q <= 1'b0;
            sw_q <= 12'd0;
        end else begin
            eng_q <= eng_d;
            ld_q <= ld_d;
            r_q <= r_d;
            t_q <= t_d;
            k_q <= k_d;
            first_q <= first_d;
            full_q <= full_d;
            lw_q <= lw_d;
            last_seg_q <= last_seg_d;
            sw_q <= sw_d;
        end
    end

    // ------------------------------------------------------------------ message register
    // Word p of the register in bits [1023-16p -: 16]; word 63 is the tail.
    reg  [1023:0] msg_q;
    wire [1023:0] msg_d = {msg_q[1007:0], din};
    wire msg_clear = hdr && (eng_q == E_IDLE);

    always @(posedge clk) begin
        if (msg_clear) begin
            msg_q <= 1024'd0;
        end else if (shift) begin
            msg_q <= msg_d;
        end
    end

    // taps: prev words t, 8+t, 16+t, 24+t and cur words t, 8+t, 16+t, 24+t in round 0
    wire [15:0] p0  = msg_q[1023 -: 16];
    wire [15:0] p8  = msg_q[1023-16*8 -: 16];
    wire [15:0] p16 = msg_q[1023-16*16 -: 16];
    wire [15:0] p24 = msg_q[1023-16*24 -: 16];
    wire [15:0] c32 = msg_q[1023-16*32 -: 16];
    wire [15:0] c40 = msg_q[1023-16*40 -: 16];
    wire [15:0] c48 = msg_q[1023-16*48 -: 16];
    wire [15:0] c56 = msg_q[1023-16*56 -: 16];

    // ------------------------------------------------------------------ state
    wire        out_phase = (eng_q == E_OUT);
    wire [3:0]  s_ra = out_phase ? {2'b00, k_q[1:0]} : {first_q && r0, r_q[0], t_q[1:0]};
    wire        s_sel = out_phase ? k_q[2] : t_q[2];
    wire [3:0]  s_wa = {1'b0, ~r_q[0], t_q[2:1]};
    wire [63:0] r00, r01, r10, r11;
    wire [63:0] new_low, new_high;

    jh256_lw_ram #(.W(64), .INIT({64'hc4b5e3399d5e83a7, 64'he709946b4472f59f,
                                  64'h106bfb63b0f26660, 64'hcaa840c5723e8ffe})) u_r00 (
        .clk(clk), .we(step && !t_q[0]), .wa(s_wa), .wd(new_low), .ra(s_ra), .rd(r00));
    jh256_lw_ram #(.W(64), .INIT({64'hc35448b4212e8e33, 64'h8b3087d2e186cb21,
                                  64'he17b28f98cfe3f37, 64'h69b136511ec53d87})) u_r01 (
        .clk(clk), .we(step && !t_q[0]), .wa(s_wa), .wd(new_high), .ra(s_ra), .rd(r01));
    jh256_lw_ram #(.W(64), .INIT({64'had13679e90177a6c, 64'h2a83570a305747bb,
                                  64'h180ce708347b7404, 64'h8bfdbd2e9d728de0})) u_r10 (
        .clk(clk), .we(step && t_q[0]), .wa(s_wa), .wd(new_low), .ra(s_ra), .rd(r10));
    jh256_lw_ram #(.W(64), .INIT({64'hd7c74566c0b241c3, 64'h18de808be01a9f83,
                                  64'h862ca4ed6535c434, 64'h84e36740175278d9})) u_r11 (
        .clk(clk), .we(step && t_q[0]), .wa(s_wa), .wd(new_high), .ra(s_ra), .rd(r11));

    // elements 32t..32t+31, element i in bits [127-4i -: 4]
    wire [127:0] x = {s_sel ? r01 : r00, s_sel ? r11 : r10};
    wire         en = run && r0;

    // round constant bits 32t..32t+31 of C_r
    wire [31:0] c;
    jh256_lw_rc #(.USE_BRAM(USE_BRAM)) u_rc (
        .clk(clk),
        .step(step),
        .r(r_q),
        .t(t_q),
        .r_next(r_d),
        .t_next(t_d),
        .c(c)
    );

    wire [127:0] sb;
    genvar i;
    generate
        for (i = 0; i < 32; i = i + 1) begin : gen_elem
            // message bits of element 32t + i: even i is element 2I, odd i element 2I+1,
            // I = 16t + i/2: bit 3 gets M_j bit I (or 128 + I), bit 2 M_j bit 256 + I (or
            // 384 + I); bits 1 and 0 the same bits of M_(j-1)
            localparam integer B = 15 - i / 2;
            wire [3:0] m = (i % 2 == 0) ? {c32[B], c48[B], p0[B], p16[B]}
                                        : {c40[B], c56[B], p8[B], p24[B]};
            wire [3:0] y = x[127-4*i -: 4] ^ (m & {4{en}});
            jh256_sbox u_sbox (
                .sel(c[31-i]),
                .x(y),
                .y(sb[127-4*i -: 4])
            );
        end
        // L on pairs j = 0..15 (A = element 2j, B = element 2j+1): D = B + 2A, C = A + 2D;
        // P8: quad q (pairs 2q, 2q+1) gives new pair (C_2q, D_2q+1) in the low word and
        // (C_2q+1, D_2q) in the high word, at elements 2q, 2q+1 of each
        for (i = 0; i < 8; i = i + 1) begin : gen_quad
            wire [3:0] a0 = sb[127-16*i -: 4];
            wire [3:0] b0 = sb[123-16*i -: 4];
            wire [3:0] a1 = sb[119-16*i -: 4];
            wire [3:0] b1 = sb[115-16*i -: 4];
            wire [3:0] d0 = b0 ^ {a0[2], a0[1], a0[0] ^ a0[3], a0[3]};
            wire [3:0] d1 = b1 ^ {a1[2], a1[1], a1[0] ^ a1[3], a1[3]};
            wire [3:0] e0 = a0 ^ {d0[2], d0[1], d0[0] ^ d0[3], d0[3]};
            wire [3:0] e1 = a1 ^ {d1[2], d1[1], d1[0] ^ d1[3], d1[3]};
            assign new_low[63-8*i -: 8]  = {e0, d1};
            assign new_high[63-8*i -: 8] = {e1, d0};
        end
        // digest word k: bit 0 of the even (k < 8) or odd (k >= 8) elements of words
        // 2(k mod 8) and 2(k mod 8) + 1, plus M_N words 16 + k (the last post-XOR), which
        // the 8 shifts of the last round 0 and the k output shifts have brought to tap 40
        for (i = 0; i < 16; i = i + 1) begin : gen_out
            assign dout[15-i] = (k_q[3] ? x[127-4*(2*i+1)-3] : x[127-4*(2*i)-3]) ^ c40[15-i];
        end
    endgenerate

endmodule
