`default_nettype none
// skein512_lw_datapath: the Threefish-512 MIX unit of the lightweight Skein-512-256
// cores, folded to 32 bits: every operation (MIX, key injection, LOAD, IV, FIN)
// takes two cycles, the low half (ph = 0 at issue) then the high half, with the carry of
// each adder kept in a flip-flop between the halves.
//
// Storage (16 x 32 bits each, address {word, half}, one write and one asynchronous read
// port, in distributed RAM):
// - bank E holds the even state words, bank O the odd ones: slots 0..3 the state
//   (renamed in place, see skein512_lw_ctrl), 4..7 the block's message; bank E's read
//   is gated to zero where an operation needs a zero word;
// - the key memory holds K0..K7 (address 8 reads K8 from the parity register, 9 zero);
//   the odd words of a subkey are read in the round before the injection (a round
//   without key words) into an 8 x 32-bit queue of flip-flops;
// - BRAM = 0: the key memory is a third LUT memory, the next block arrives in a 16 x
//   32-bit flip-flop queue emptied by 8 LOADs, and the IV words are constants;
// - BRAM = 1: the key memory, the next block and the IV share one block RAM (64 x 32
//   bits, one write and one registered read port): words {region, index, half}, region 0
//   the key K0..K7, 1 the next block's 16 half-words (written as they arrive), 2 the IV.
//   The read address is presented a cycle ahead: the sequencer gives the next
//   operation's fields in an operation's second cycle. The key writes of stage M have
//   the write port; the input waits while they run (kbusy).
//
// Stages of operation i, issued in cycle 2i (ph = 0), one half per cycle:
//   K  (2i, 2i+1):   kA = key[ka] + TA (or zero), kB from the key queue (or zero); a
//                    message or IV word comes in TA (BRAM = 0) or in place of key[ka]
//   I  (2i+1, 2i+2): a = E[ra] + kA, b = O[rb] + kB (key injection; kA = kB = 0 else)
//   Y  (2i+2, 2i+3): y0 = a + b
//   M  (2i+3, 2i+4): y1 = rotl(b, r) ^ y0 (half h from both halves of b, kept in bm_q),
//                    y0 and y1 written to E and O; or the chaining half y0 ^ message
//                    half (read from E or O) written to the key memory and folded into
//                    the parity word.
// The operation fields are taken with the issue (ph = 0) and move on every two cycles.
module skein512_lw_datapath #(
    // key-schedule parity constant C240 (v1.3: 0x1BD11BDAA9FC1A22)
    parameter [63:0] C240 = 64'h1BD11BDAA9FC1A22,
    // 0: key memory in LUT RAM, next-block queue in flip-flops; 1: both and the IV in one
    // block RAM
    parameter BRAM = 0
) (
    input  wire        clk,
    input  wire        rst,        // BRAM = 1: the next block's write index
    input  wire        ph,         // 0: the issue cycle (low half of stage K)
    input  wire        hold,       // the phase stays 0 after this cycle (idle)
    // bus words into the next-block queue
    input  wire [15:0] din,
    input  wire        nb_pre,
    input  wire        nb_push,
    input  wire        nb_pop,
    // stage K: key addresses and the operands added to the key words
    input  wire [3:0]  ka,
    input  wire [2:0]  ta_sel,     // 0 zero, 1 t0, 2 t1, 3 t2, 4 message word, 5 IV word,
                                   // 6 subkey counter
    input  wire        kpush,      // the key word into the key queue
    input  wire        kpop,       // stage I's second key word from the key queue
    input  wire        clrk,       // stage I's first key word is zero
    input  wire [2:0]  iv_idx,
    input  wire [4:0]  sval,
    input  wire [63:0] t0,
    input  wire [8:0]  tflags,     // tweak bits 127..119
    // stage I fields, issued with the operation
    input  wire [2:0]  ra_k,
    input  wire [2:0]  rb_k,
    input  wire        zra_k,
    input  wire        zm_k,
    input  wire        clra_k,
    input  wire        clrb_k,
    // stage M fields, issued with the operation
    input  wire        wee_k,
    input  wire        weo_k,
    input  wire [2:0]  wae_k,
    input  wire [2:0]  wao_k,
    input  wire [5:0]  rot_k,
    input  wire        kwe_k,
    input  wire [2:0]  kwa_k,
    input  wire        mrd_k,      // read a message word in stage M
    input  wire        modd_k,     // ... from bank O (else E)
    input  wire [2:0]  mslot_k,
    input  wire        par_init,   // start a new parity word (C240)
    // digest output: key half read at ka (registered), no carry
    input  wire        outm,
    input  wire        ohalf,
    output wire [31:0] kout,
    output wire        kbusy       // stage M writes the key memory
);

    initial begin
        if (BRAM != 0 && BRAM != 1) begin
            $display("skein512_lw_datapath: BRAM must be 0 or 1, got %0d", BRAM);
            $finish;
        end
    end

    // Bus words in pairs (bytes swapped: Skein is little-endian) into the next block's
    // store (see the storage section)
    reg  [15:0] pre_q;
    wire [31:0] nb_word = {din[7:0], din[15:8], pre_q};
    always @(posedge clk)
        if (nb_pre) pre_q <= {din[7:0], din[15:8]};

    // State memories; the key store is in the storage section
    reg  [31:0] bank_e [0:15];
    reg  [31:0] bank_o [0:15];
    wire [31:0] key_rd;   // the key store's word for stage K
    wire [31:0] nb_head;  // BRAM = 0: the next-block queue's head
    wire [31:0] ivh;      // BRAM = 0: the IV half-word

    // Stage K fields kept for the high half, and the pipeline fields
    reg [3:0] ka_r;
    reg [2:0] ta_sel_r;
    reg       kpush_r, kpop_r, clrk_r;
    reg [2:0] ra_i, rb_i, wae_i, wao_i, mslot_i;
    reg       zra_i, zm_i, zm_m;
    reg [2:0] kwa_i, kwa_m;
    reg       clra_i, clrb_i, wee_i, weo_i, kwe_i, mrd_i, modd_i;
    reg [5:0] rot_i;
    reg [2:0] wae_m, wao_m, mslot_m;
    reg       wee_m, weo_m, kwe_m, mrd_m, modd_m;
    reg [5:0] rot_m;

    // ------------------------------------------------------------------ stage K
    wire       kfresh = !ph || outm;
    wire [3:0] ka_e = kfresh ? ka : ka_r;
    wire [2:0] tas = ph ? ta_sel_r : ta_sel;
    wire       push_e = ph ? kpush_r : kpush;
    wire       pop_e = ph ? kpop_r : kpop;
    wire       clrk_e = ph ? clrk_r : clrk;

    wire [31:0] t0h = ph ? t0[63:32] : t0[31:0];
    wire [31:0] t1h = ph ? {tflags, 23'd0} : 32'd0;
    reg  [31:0] ta;
    always @* begin
        case (tas)
            3'd1: ta = t0h;
            3'd2: ta = t1h;
            3'd3: ta = t0h ^ t1h;
            3'd4: ta = nb_head;  // zero with BRAM = 1: the word is in key_rd
            3'd5: ta = ivh;      // the same
            3'd6: ta = ph ? 32'd0 : {27'd0, sval};
            default: ta = 32'd0;
        endcase
    end

    // Key queue: the odd words of the next subkey, computed in the round before its
    // injection (when the key memory's read port is free) and taken in order; a push and
    // a pop both move the queue by one half-word, and they never meet in one round
    reg  [31:0] kq [0:7];
    reg  [31:0] ka_q, kb_q;
    reg         kca_q;
    wire        kcin = ph && !outm;
    // key word half: K0..K7 from the memory, K8 from the parity register (its half of
    // this phase is always in par_q[63:32]), 9 reads zero; with BRAM = 1 a message or
    // IV word comes from the block RAM whatever ka is
    reg  [63:0] par_q;
    wire        kbr = BRAM == 1 && (tas == 3'd4 || tas == 3'd5);
    wire [31:0] kread = (ka_e == 4'd9 && !kbr) ? 32'd0 : (ka_e[3] && !kbr) ? par_q[63:32] : key_rd;
    wire [32:0] ka_sum = {1'b0, kread} + {1'b0, ta} + {32'd0, kcin && kca_q};
    integer     qi;
    always @(posedge clk) begin
        ka_q <= clrk_e ? 32'd0 : ka_sum[31:0];
        kb_q <= pop_e ? kq[0] : 32'd0;
        kca_q <= ka_sum[32];
        if (push_e || pop_e) begin
            for (qi = 0; qi < 7; qi = qi + 1) kq[qi] <= kq[qi + 1];
            kq[7] <= ka_sum[31:0];
        end
        if (!ph) begin
            ka_r <= ka;
            ta_sel_r <= ta_sel;
            kpush_r <= kpush;
            kpop_r <= kpop;
            clrk_r <= clrk;
            ra_i <= ra_k;
            rb_i <= rb_k;
            zra_i <= zra_k;
            zm_i <= zm_k;
            clra_i <= clra_k;
            clrb_i <= clrb_k;
            wee_i <= wee_k;
            weo_i <= weo_k;
            wae_i <= wae_k;
            wao_i <= wao_k;
            rot_i <= rot_k;
            kwe_i <= kwe_k;
            kwa_i <= kwa_k;
            mrd_i <= mrd_k;
            modd_i <= modd_k;
            mslot_i <= mslot_k;
        end
    end
    assign kbusy = kwe_m;

    // ------------------------------------------------------------------ stage I
    // low half when ph = 1, high half when ph = 0; the bank read ports serve stage M's
    // message read when it has one
    wire        hb = !ph;
    // bank E's read is zero for a LOAD and an IV word (stage I) and the IV's message
    // word (stage M); the output block's message is zero words LOADed into the slots
    wire        me = mrd_m && !modd_m;
    wire        mo = mrd_m && modd_m;
    wire [2:0]  ra = me ? mslot_m : ra_i;
    wire [2:0]  rb = mo ? mslot_m : rb_i;
    wire        ze = me ? zm_m : zra_i;
    wire [31:0] e_rd = ze ? 32'd0 : bank_e[{ra, hb}];
    wire [31:0] o_rd = bank_o[{rb, hb}];
    reg  [31:0] a_q, b_q;
    reg         ica_q, icb_q;
    reg  [63:0] bm_q;
    wire [32:0] a_sum = {1'b0, e_rd} + {1'b0, ka_q} + {32'd0, hb && ica_q};
    wire [32:0] b_sum = {1'b0, o_rd} + {1'b0, kb_q} + {32'd0, hb && icb_q};
    wire [31:0] a_d = clra_i ? 32'd0 : a_sum[31:0];
    wire [31:0] b_d = clrb_i ? 32'd0 : b_sum[31:0];
    always @(posedge clk) begin
        a_q <= a_d;
        b_q <= b_d;
        ica_q <= a_sum[32];
        icb_q <= b_sum[32];
        if (!ph) begin
            bm_q <= {b_d, b_q};
            wee_m <= wee_i;
            weo_m <= weo_i;
            wae_m <= wae_i;
            wao_m <= wao_i;
            rot_m <= rot_i;
            kwe_m <= kwe_i;
            kwa_m <= kwa_i;
            mrd_m <= mrd_i;
            modd_m <= modd_i;
            mslot_m <= mslot_i;
            zm_m <= zm_i;
        end
    end

    // ------------------------------------------------------------------ stage Y
    // low half when ph = 0, high half when ph = 1
    reg  [31:0] y0_q;
    reg         yc_q;
    wire [32:0] y_sum = {1'b0, a_q} + {1'b0, b_q} + {32'd0, ph && yc_q};
    always @(posedge clk) begin
        y0_q <= y_sum[31:0];
        yc_q <= y_sum[32];
    end

    // ------------------------------------------------------------------ stage M
    // low half when ph = 1, high half when ph = 0 (hb)
    wire        sw = hb ^ rot_m[5];
    wire [31:0] y1;
    skein512_lw_funnel #(
        .W(32)
    ) u_funnel (
        .x(sw ? bm_q[63:32] : bm_q[31:0]),
        .w(sw ? bm_q[31:1] : bm_q[63:33]),
        .s(rot_m[4:0]),
        .z(y0_q),
        .y(y1)
    );
    wire [31:0] chain = y0_q ^ (modd_m ? o_rd : e_rd);
    // parity word K8: turns by 32 bits with every phase change, so that par_q[31:0] holds
    // the half of stage M and par_q[63:32] the half of stage K; the chaining halves written
    // to the key memory are folded in
    always @(posedge clk) begin
        if (wee_m) bank_e[{wae_m, hb}] <= y0_q;
        if (weo_m) bank_o[{wao_m, hb}] <= y1;
        if (par_init) par_q <= C240;
        else if (ph || !hold) par_q <= {par_q[31:0] ^ (kwe_m ? chain : 32'd0), par_q[63:32]};
    end

    // ------------------------------------------------------------------ storage
    // The key memory and the next block: K0..K7 written by stage M (chaining halves), read
    // by stage K and by the digest output (kout)
    generate
        if (BRAM == 0) begin : g_logic
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_rst = rst;  // the queue needs no index
            /* verilator lint_on UNUSEDSIGNAL */

            // Key memory in LUT RAM (the digest output reads half ohalf); the digest word
            // is stage K's sum with zero added
            wire       kh = outm ? ohalf : ph;
            reg [31:0] key_m [0:15];
            always @(posedge clk)
                if (kwe_m) key_m[{kwa_m, hb}] <= chain;
            assign key_rd = key_m[{ka_e[2:0], kh}];
            assign kout = ka_q;

            // Next-block queue: 16 half-words of flip-flops; filled while the queue is
            // empty, emptied by the 8 LOAD operations at a block's start (a push and a pop
            // both move it by one half-word)
            reg  [31:0] nb [0:15];
            reg         nbpop_r;
            wire        nbpop_e = ph ? nbpop_r : nb_pop;
            integer     ni;
            always @(posedge clk) begin
                if (nb_push || nbpop_e) begin
                    for (ni = 0; ni < 15; ni = ni + 1) nb[ni] <= nb[ni + 1];
                    nb[15] <= nb_word;
                end
                if (!ph) nbpop_r <= nb_pop;
            end
            assign nb_head = nb[0];

            // IV half-words, stage K's operand for an IV operation
            reg  [2:0]  iv_idx_r;
            wire [2:0]  ivi = ph ? iv_idx_r : iv_idx;
            reg  [31:0] iv_word;
            always @(posedge clk)
                if (!ph) iv_idx_r <= iv_idx;
            always @* begin
                case ({ivi, ph})
                    4'd0: iv_word = 32'h2FDB3E13;  4'd1: iv_word = 32'hCCD044A1;
                    4'd2: iv_word = 32'h1A79A9EB;  4'd3: iv_word = 32'hE8359030;
                    4'd4: iv_word = 32'h4F816E6F;  4'd5: iv_word = 32'h55AEA061;
                    4'd6: iv_word = 32'hAE9B94DB;  4'd7: iv_word = 32'h2A2767A4;
                    4'd8: iv_word = 32'h74DD7683;  4'd9: iv_word = 32'hEC06025E;
                    4'd10: iv_word = 32'hC4746251; 4'd11: iv_word = 32'hE7A436CD;
                    4'd12: iv_word = 32'h393AD185; 4'd13: iv_word = 32'hC36FBAF9;
                    4'd14: iv_word = 32'h33EDFC13; default: iv_word = 32'h3EEDBA18;
                endcase
            end
            assign ivh = iv_word;
        end else begin : g_bram
            // One block RAM: region 0 the key, 1 the next block, 2 the IV (as above)
            (* ram_style = "block" *)
            reg [31:0] bram [0:63];
            reg [31:0] bram_q;
            reg [3:0]  nb_idx_q;  // 16 half-words a block
            integer    bi;
            initial begin
                for (bi = 0; bi < 64; bi = bi + 1) bram[bi] = 32'd0;
                bram[32] = 32'h2FDB3E13; bram[33] = 32'hCCD044A1;
                bram[34] = 32'h1A79A9EB; bram[35] = 32'hE8359030;
                bram[36] = 32'h4F816E6F; bram[37] = 32'h55AEA061;
                bram[38] = 32'hAE9B94DB; bram[39] = 32'h2A2767A4;
                bram[40] = 32'h74DD7683; bram[41] = 32'hEC06025E;
                bram[42] = 32'hC4746251; bram[43] = 32'hE7A436CD;
                bram[44] = 32'h393AD185; bram[45] = 32'hC36FBAF9;
                bram[46] = 32'h33EDFC13; bram[47] = 32'h3EEDBA18;
            end
            // Read address, a cycle ahead: the digest word's half, or the operation's word
            // (the next operation's low half in its predecessor's second cycle, its high
            // half in its issue cycle)
            wire [1:0] breg = nb_pop ? 2'd1 : (ta_sel == 3'd5) ? 2'd2 : 2'd0;
            wire [2:0] bidx = (nb_pop || ta_sel == 3'd5) ? iv_idx : ka[2:0];
            wire [5:0] raddr = outm ? {2'd0, ka[2:0], ohalf} : {breg, bidx, !ph};
            always @(posedge clk) begin
                bram_q <= bram[raddr];
                if (kwe_m) bram[{2'd0, kwa_m, hb}] <= chain;
                else if (nb_push) bram[{2'd1, nb_idx_q}] <= nb_word;
                if (rst) nb_idx_q <= 4'd0;
                else if (nb_push) nb_idx_q <= nb_idx_q + 4'd1;
            end
            assign key_rd = bram_q;
            assign kout = bram_q;
            assign nb_head = 32'd0;
            assign ivh = 32'd0;
        end
    endgenerate

endmodule
