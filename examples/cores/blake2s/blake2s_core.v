`default_nettype none
// blake2s_core: BLAKE2s-256 (RFC 7693), unkeyed, 32-byte digest, basic iterative, with the
// hashbed core interface (docs/interface.md) on a 32-bit bus, padding in the core: an
// example of a user's core of an algorithm hashbed has no model for.
//
// Input stream: segments of a header (bit 31 LAST, bits 30..0 SEGMENT_BITS, a multiple of 8)
// and ceil(SEGMENT_BITS / 32) message words, bytes packed big-endian (the first byte in bits
// 31..24; the unused low bytes of a last word are zero). A segment that is not the last holds
// whole 64-byte blocks. The core swaps each word into BLAKE2s's little-endian word, zero-fills
// the last block, counts the message bytes into t and sets f0 = all ones on the last block
// (an empty message is one all-zero block with t = 0). A block is compressed only once it is
// known whether it is the last one: the last block of a segment that is not the last waits
// for the next header (an empty LAST segment after it makes it the final block).
// Output: 8 words, the digest bytes in order packed big-endian (hashlib's digest()).
//
// Architecture: four G functions in parallel, one column or diagonal step per clock, 20 steps
// per block. The state is kept so that the four G functions always read its four columns:
// after a column step the rows 1..3 are written back rotated by 1..3 words (the diagonals
// become columns), after a diagonal step rotated back. The message sits in eight small RAMs
// (blake2s_msg_ram, one per G operand), each read at the word index of the permutation
// SIGMA for the next step; the words past the end of a short last block read as zero (mask).
// The loader writes the next block into the other bank while the current one is hashed.
// The last step also XORs the state into the chaining value and starts the next block.
//
// Cycles for a message of N blocks in one segment whose last block is 16 bus words (no
// stalls): 1 (header) + 16 (first block) + 1 (start) + 20*N + 8 (digest words), i.e.
// 18 + 20*N + 8. A shorter last block of a one-block message is read in fewer cycles (one
// per word fewer). Whole-block segments before the last cost nothing more when the first
// holds two blocks or more (their headers are read while a block is hashed), one cycle when
// it holds one (its block waits for the next header).
module blake2s_core #(
    // Bus width in bits; only 32 is implemented.
    parameter W = 32
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
        if (W != 32) begin
            $display("blake2s_core: W must be 32, got %0d", W);
            $finish;
        end
    end

    // IV word i in bits 32*i +: 32.
    localparam [255:0] IV = {32'h5BE0CD19, 32'h1F83D9AB, 32'h9B05688C, 32'h510E527F,
                             32'hA54FF53A, 32'h3C6EF372, 32'hBB67AE85, 32'h6A09E667};
    // Initial chaining value: IV with the parameter block's first word (digest length 32,
    // key length 0, fanout 1, depth 1) XORed into h0.
    localparam [255:0] H_INIT = IV ^ 256'h01010020;
    // SIGMA: row r in bits 64*r +: 64, entry i of a row in its bits 4*i +: 4. Step s (round
    // s/2, column step for even s, diagonal step for odd s) reads the eight message words of
    // the entries 8*(s%2) .. 8*(s%2)+7 of its round's row, i.e. SIGMA[32*s +: 32].
    localparam [639:0] SIGMA = {
        64'h0dc3e9bf5167482a, 64'h5a417d2c803b9ef6, 64'ha2684f05931ce7bd, 64'hb8293670a4def15c,
        64'h91ef57d438b0a6c2, 64'hd386cb1efa427509, 64'h8f04a562ebcd1397, 64'h491763eadf250c8b,
        64'h357b20c16df984ae, 64'hfedcba9876543210
    };
    localparam [4:0] LAST_STEP = 5'd19;

    localparam [1:0] E_IDLE = 2'd0;   // no block in progress, h_q is the chaining value
    localparam [1:0] E_RUN  = 2'd1;   // hashing a block, step_q = 0 .. 19
    localparam [1:0] E_OUT  = 2'd2;   // writing the digest, word oi_q

    // ---------------------------------------------------------------- registers
    // Loader: reads headers and message words into the load bank (~cb_q) of the RAMs.
    reg         ld_data_q, ld_data_d;     // 1: reading data words of a segment, 0: a header
    reg         seg_last_q, seg_last_d;   // the segment being read is the LAST one
    reg  [27:0] rb_q, rb_d;               // message bytes left in the segment
    reg  [3:0]  wi_q, wi_d;               // word index in the block being loaded
    reg         bf_full_q, bf_full_d;     // the load bank holds a complete block
    reg         bf_pend_q, bf_pend_d;     // ... whose finality waits for the next header
    reg         bf_final_q, bf_final_d;   // ... and it is the message's last block
    reg  [4:0]  bf_nw_q, bf_nw_d;         // ... of this many words (0 .. 16)
    reg  [6:0]  bf_bytes_q, bf_bytes_d;   // ... and message bytes (0 .. 64)
    // Engine.
    reg  [1:0]  es_q, es_d;
    reg  [4:0]  step_q, step_d;
    reg         fin_q, fin_d;             // the block being hashed is the last one
    reg         cb_q, cb_d;               // RAM bank of the block being hashed
    reg  [4:0]  nw_q, nw_d;               // its words; the others read as zero
    reg  [7:0]  valid_q, valid_d;         // the operands read for this step are message words
    reg  [63:0] t_q, t_d;                 // byte counter
    reg  [2:0]  oi_q, oi_d;               // digest word being written
    reg  [511:0] v_q, v_d;                // state, four rows of four words (see above)
    reg  [255:0] h_q, h_d;                // chaining value, word i in bits 32*i +: 32

    // ---------------------------------------------------------------- message RAMs
    wire [31:0] din_le = {din[7:0], din[15:8], din[23:16], din[31:24]};
    wire        ram_we;
    wire [31:0] ridx = SIGMA[32*step_d +: 32];   // word index of each operand, next step
    wire [255:0] ram_out;
    wire [255:0] xm;                              // operands of this step, masked

    genvar gi;
    generate
        for (gi = 0; gi < 8; gi = gi + 1) begin : gen_msg
            blake2s_msg_ram u_ram (
                .clk(clk),
                .we(ram_we),
                .waddr({~cb_q, wi_q}),
                .wdata(din_le),
                .raddr({cb_d, ridx[4*gi +: 4]}),
                .rdata(ram_out[32*gi +: 32])
            );
            assign xm[32*gi +: 32] = ram_out[32*gi +: 32] & {32{valid_q[gi]}};
        end
    endgenerate

    // ---------------------------------------------------------------- G functions
    // G j reads column j of the stored state: rows 0..3 = words j, 4+j, 8+j, 12+j.
    wire [511:0] g_out;   // G j's outputs, row r in bits 32*(4*r + j) +: 32
    generate
        for (gi = 0; gi < 4; gi = gi + 1) begin : gen_g
            blake2s_g u_g (
                .a(v_q[32*gi +: 32]),
                .b(v_q[32*(4+gi) +: 32]),
                .c(v_q[32*(8+gi) +: 32]),
                .d(v_q[32*(12+gi) +: 32]),
                .x(xm[32*(2*gi) +: 32]),
                .y(xm[32*(2*gi+1) +: 32]),
                .a_o(g_out[32*gi +: 32]),
                .b_o(g_out[32*(4+gi) +: 32]),
                .c_o(g_out[32*(8+gi) +: 32]),
                .d_o(g_out[32*(12+gi) +: 32])
            );
        end
    endgenerate

    // Write-back: after a column step row r moves left by r words (diagonals become columns),
    // after a diagonal step right by r words (the canonical order of v[0..15]).
    reg [511:0] wb_col, wb_diag;
    integer r, c;
    always @* begin
        for (r = 0; r < 4; r = r + 1) begin
            for (c = 0; c < 4; c = c + 1) begin
                wb_col[32*(4*r+c) +: 32]  = g_out[32*(4*r + ((c + r) % 4)) +: 32];
                wb_diag[32*(4*r+c) +: 32] = g_out[32*(4*r + ((c + 4 - r) % 4)) +: 32];
            end
        end
    end

    // Chaining value after the last step (h ^ v[0..7] ^ v[8..15]); h_q itself otherwise.
    wire         last_step = (es_q == E_RUN) && (step_q == LAST_STEP);
    wire [255:0] h_x = h_q ^ ({256{last_step}} & (wb_diag[255:0] ^ wb_diag[511:256]));

    // ---------------------------------------------------------------- loader control
    wire        hdr_last  = din[31];
    wire [27:0] hdr_bytes = din[30:3];
    wire        hdr_empty = (hdr_bytes == 28'd0);
    wire        rb_le4    = (rb_q[27:3] == 25'd0) && (rb_q[2:0] <= 3'd4);
    wire [2:0]  wbytes    = rb_le4 ? rb_q[2:0] : 3'd4;   // message bytes in this word

    wire hdr_ok = !ld_data_q && (!bf_full_q || bf_pend_q);
    wire dat_ok = ld_data_q && !bf_full_q;
    assign src_read = src_ready && (hdr_ok || dat_ok);
    assign ram_we   = src_ready && dat_ok;

    // The engine takes the loaded block (a hand-off) when it is idle or ends a block that is
    // not the last, and the loaded block is complete and its finality known.
    wire handoff = bf_full_q && !bf_pend_q &&
                   ((es_q == E_IDLE) || (last_step && !fin_q));

    always @* begin
        ld_data_d  = ld_data_q;
        seg_last_d = seg_last_q;
        rb_d       = rb_q;
        wi_d       = wi_q;
        bf_full_d  = bf_full_q;
        bf_pend_d  = bf_pend_q;
        bf_final_d = bf_final_q;
        bf_nw_d    = bf_nw_q;
        bf_bytes_d = bf_bytes_q;
        if (handoff) begin
            bf_full_d = 1'b0;
        end
        if (src_ready && hdr_ok) begin
            if (hdr_last && hdr_empty) begin
                // An empty LAST segment: the pending block, or (none pending: an empty
                // message) one all-zero block, is the final block.
                bf_full_d  = 1'b1;
                bf_pend_d  = 1'b0;
                bf_final_d = 1'b1;
                if (!bf_pend_q) begin
                    bf_nw_d    = 5'd0;
                    bf_bytes_d = 7'd0;
                end
            end else if (!hdr_empty) begin
                // More message follows: a pending block is not the last one.
                bf_pend_d  = 1'b0;
                bf_final_d = 1'b0;
                ld_data_d  = 1'b1;
                seg_last_d = hdr_last;
                rb_d       = hdr_bytes;
            end
            // (an empty segment that is not the last changes nothing)
        end
        if (src_ready && dat_ok) begin
            wi_d = wi_q + 4'd1;
            rb_d = rb_q - {25'd0, wbytes};
            if (rb_le4 || (wi_q == 4'd15)) begin
                bf_full_d  = 1'b1;
                bf_nw_d    = {1'b0, wi_q} + 5'd1;
                bf_bytes_d = {1'b0, wi_q, 2'b00} + {4'd0, wbytes};
                wi_d       = 4'd0;
                bf_final_d = rb_le4 && seg_last_q;
                bf_pend_d  = rb_le4 && !seg_last_q;
                if (rb_le4) begin
                    ld_data_d = 1'b0;
                end
            end
        end
    end

    // ---------------------------------------------------------------- engine control
    wire [63:0] t_next = t_q + {57'd0, bf_bytes_q};

    always @* begin
        es_d   = es_q;
        step_d = step_q;
        fin_d  = fin_q;
        cb_d   = cb_q;
        nw_d   = nw_q;
        t_d    = t_q;
        oi_d   = oi_q;
        v_d    = v_q;
        h_d    = h_q;
        case (es_q)
            E_RUN: begin
                step_d = last_step ? 5'd0 : step_q + 5'd1;
                v_d    = step_q[0] ? wb_diag : wb_col;
                if (last_step) begin
                    h_d = h_x;
                    if (fin_q) begin
                        es_d = E_OUT;
                        oi_d = 3'd0;
                    end else if (!handoff) begin
                        es_d = E_IDLE;
                    end
                end
            end
            E_OUT: begin
                if (dst_ready) begin
                    oi_d = oi_q + 3'd1;
                    if (oi_q == 3'd7) begin
                        es_d = E_IDLE;
                        h_d  = H_INIT;
                        t_d  = 64'd0;
                    end
                end
            end
            default: ;
        endcase
        if (handoff) begin
            es_d   = E_RUN;
            step_d = 5'd0;
            fin_d  = bf_final_q;
            cb_d   = ~cb_q;
            nw_d   = bf_nw_q;
            t_d    = t_next;
            v_d    = {IV[255:224],
                      IV[223:192] ^ {32{bf_final_q}},
                      IV[191:160] ^ t_next[63:32],
                      IV[159:128] ^ t_next[31:0],
                      IV[127:0],
                      h_x};
        end
    end

    // Operand k of the next step is a message word if its index is below the block's words.
    integer k;
    always @* begin
        for (k = 0; k < 8; k = k + 1) begin
            valid_d[k] = ({1'b0, ridx[4*k +: 4]} < nw_d);
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            ld_data_q  <= 1'b0;
            bf_full_q  <= 1'b0;
            bf_pend_q  <= 1'b0;
            wi_q       <= 4'd0;
            es_q       <= E_IDLE;
            step_q     <= 5'd0;
            cb_q       <= 1'b0;
            t_q        <= 64'd0;
            h_q        <= H_INIT;
        end else begin
            ld_data_q  <= ld_data_d;
            bf_full_q  <= bf_full_d;
            bf_pend_q  <= bf_pend_d;
            wi_q       <= wi_d;
            es_q       <= es_d;
            step_q     <= step_d;
            cb_q       <= cb_d;
            t_q        <= t_d;
            h_q        <= h_d;
        end
        seg_last_q <= seg_last_d;
        rb_q       <= rb_d;
        bf_final_q <= bf_final_d;
        bf_nw_q    <= bf_nw_d;
        bf_bytes_q <= bf_bytes_d;
        fin_q      <= fin_d;
        nw_q       <= nw_d;
        valid_q    <= valid_d;
        oi_q       <= oi_d;
        v_q        <= v_d;
    end

    assign dst_write = (es_q == E_OUT) && dst_ready;
    wire [31:0] h_word = h_q[32*oi_q +: 32];
    assign dout = {h_word[7:0], h_word[15:8], h_word[23:16], h_word[31:24]};

endmodule
