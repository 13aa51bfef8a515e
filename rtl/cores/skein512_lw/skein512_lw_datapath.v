`default_nettype none
// skein512_lw_datapath: one 64-bit MIX unit of Threefish-512 in a three-stage pipeline,
// with the state, the message and the key in distributed (LUT) RAM.
//
// Storage (16 x 64 bits each, one write and one asynchronous read port):
// - bank E holds the even state words, bank O the odd ones: slots 0..3 the state
//   (renamed in place from round to round, see skein512_lw_seq), 4..7 and 8..11 two
//   message buffers (the block being hashed, kept for the feed-forward, and the next
//   block being read), 12 a zero word;
// - the key memory holds the chaining value K0..K7, the parity word K8 and a zero word
//   (address 9); it is read twice per cycle (subkey words of both MIX inputs), so the
//   tools build two copies with the same writes.
//
// Stages of one operation:
//   K: kA_q = key[ka] + TA, kB_q = key[kb] + TB  (subkey words with the tweak word or
//      the subkey counter added; TA also carries message words and IV words in)
//   I: a_q = E[ra] + kA_q, b_q = O[rb] + kB_q   (key injection; a zero key otherwise)
//   M: y0 = a_q + b_q, y1 = rotl(b_q, r) ^ y0   (MIX), written back to E and O;
//      or the chaining value word y0 ^ message word (E or O read), written to the key
//      memory, and accumulated into the parity word.
module skein512_lw_datapath #(
    // key-schedule parity constant C240 (v1.3: 0x1BD11BDAA9FC1A22)
    parameter [63:0] C240 = 64'h1BD11BDAA9FC1A22
) (
    input  wire        clk,
    // bus words into the message word assembler
    input  wire [15:0] din,
    input  wire        asm_shift,
    // stage K: key addresses and the operands added to the key words
    input  wire [3:0]  ka,
    input  wire [3:0]  kb,
    input  wire [2:0]  ta_sel,     // 0 zero, 1 t0, 2 t1, 3 t2, 4 message word, 5 IV word
    input  wire [2:0]  tb_sel,     // 0 zero, 1 t0, 2 t1, 3 t2, 4 subkey counter
    input  wire [2:0]  iv_idx,
    input  wire [4:0]  sval,
    input  wire [63:0] t0,
    input  wire [8:0]  tflags,     // tweak bits 127..119
    // stage I fields, issued with the operation
    input  wire [3:0]  ra_k,
    input  wire [3:0]  rb_k,
    input  wire        clra_k,
    input  wire        clrb_k,
    // stage M fields, issued with the operation
    input  wire        wee_k,
    input  wire        weo_k,
    input  wire [3:0]  wae_k,
    input  wire [3:0]  wao_k,
    input  wire [5:0]  rot_k,
    input  wire        kwe_k,
    input  wire [3:0]  kwa_k,
    input  wire        par_k,      // write the parity word instead of a chaining word
    input  wire        mrd_k,      // read a message word in stage M
    input  wire        modd_k,     // ... from bank O (else E)
    input  wire [3:0]  mslot_k,
    input  wire        par_init,   // start a new parity word (C240)
    // key word for the digest output (registered read of ka)
    output wire [63:0] kout
);

    // Message word assembler: four bus words, bytes swapped (Skein is little-endian)
    reg [63:0] asm_q;
    always @(posedge clk) begin
        if (asm_shift) asm_q <= {din[7:0], din[15:8], asm_q[63:16]};
    end

    // Memories
    reg [63:0] bank_e [0:15];
    reg [63:0] bank_o [0:15];
    reg [63:0] key_m  [0:15];

    // Pipeline fields
    reg [3:0] ra_i, rb_i, wae_i, wao_i, kwa_i, mslot_i;
    reg       clra_i, clrb_i, wee_i, weo_i, kwe_i, par_i, mrd_i, modd_i;
    reg [5:0] rot_i;
    reg [3:0] wae_m, wao_m, kwa_m, mslot_m;
    reg       wee_m, weo_m, kwe_m, par_m, mrd_m, modd_m;
    reg [5:0] rot_m;

    // Stage K
    wire [63:0] t1 = {tflags, 55'd0};
    wire [63:0] t2 = t0 ^ t1;
    reg  [63:0] ta, tb;
    reg  [63:0] iv_word;
    always @* begin
        case (iv_idx)
            3'd0: iv_word = 64'hCCD044A12FDB3E13;
            3'd1: iv_word = 64'hE83590301A79A9EB;
            3'd2: iv_word = 64'h55AEA0614F816E6F;
            3'd3: iv_word = 64'h2A2767A4AE9B94DB;
            3'd4: iv_word = 64'hEC06025E74DD7683;
            3'd5: iv_word = 64'hE7A436CDC4746251;
            3'd6: iv_word = 64'hC36FBAF9393AD185;
            default: iv_word = 64'h3EEDBA1833EDFC13;
        endcase
        case (ta_sel)
            3'd1: ta = t0;
            3'd2: ta = t1;
            3'd3: ta = t2;
            3'd4: ta = asm_q;
            3'd5: ta = iv_word;
            default: ta = 64'd0;
        endcase
        case (tb_sel)
            3'd1: tb = t0;
            3'd2: tb = t1;
            3'd3: tb = t2;
            3'd4: tb = {59'd0, sval};
            default: tb = 64'd0;
        endcase
    end

    reg [63:0] ka_q, kb_q;
    always @(posedge clk) begin
        ka_q <= key_m[ka] + ta;
        kb_q <= key_m[kb] + tb;
        ra_i <= ra_k;
        rb_i <= rb_k;
        clra_i <= clra_k;
        clrb_i <= clrb_k;
        wee_i <= wee_k;
        weo_i <= weo_k;
        wae_i <= wae_k;
        wao_i <= wao_k;
        rot_i <= rot_k;
        kwe_i <= kwe_k;
        kwa_i <= kwa_k;
        par_i <= par_k;
        mrd_i <= mrd_k;
        modd_i <= modd_k;
        mslot_i <= mslot_k;
    end
    assign kout = ka_q;

    // Stage I (the bank read ports serve stage M's message read when it has one)
    wire [3:0]  ra = (mrd_m && !modd_m) ? mslot_m : ra_i;
    wire [3:0]  rb = (mrd_m && modd_m) ? mslot_m : rb_i;
    wire [63:0] e_rd = bank_e[ra];
    wire [63:0] o_rd = bank_o[rb];
    reg  [63:0] a_q, b_q;
    always @(posedge clk) begin
        if (clra_i) a_q <= 64'd0;
        else a_q <= e_rd + ka_q;
        if (clrb_i) b_q <= 64'd0;
        else b_q <= o_rd + kb_q;
        wee_m <= wee_i;
        weo_m <= weo_i;
        wae_m <= wae_i;
        wao_m <= wao_i;
        rot_m <= rot_i;
        kwe_m <= kwe_i;
        kwa_m <= kwa_i;
        par_m <= par_i;
        mrd_m <= mrd_i;
        modd_m <= modd_i;
        mslot_m <= mslot_i;
    end

    // Stage M
    wire [63:0] y0 = a_q + b_q;
    wire [63:0] y1;
    skein512_lw_rotl #(
        .W(64)
    ) u_rotl (
        .x(b_q),
        .r(rot_m),
        .z(y0),
        .y(y1)
    );
    wire [63:0] chain = y0 ^ (modd_m ? o_rd : e_rd);
    reg  [63:0] par_q;
    wire [63:0] kw = par_m ? par_q : chain;
    always @(posedge clk) begin
        if (wee_m) bank_e[wae_m] <= y0;
        if (weo_m) bank_o[wao_m] <= y1;
        if (kwe_m) key_m[kwa_m] <= kw;
        if (par_init) par_q <= C240;
        else if (kwe_m && !par_m) par_q <= par_q ^ chain;
    end

endmodule
