`default_nettype none
// ascon_lw_core: Ascon-AEAD128, Ascon-Hash256 and Ascon-XOF128 (NIST SP 800-232), lightweight,
// behind hashbed's LWC interface with 8-bit ports (docs/interface.md: W = SW = 8; instructions
// and the status one byte, segment headers four bytes, most significant first).
//
// The 320-bit state is in flip-flops, and every change to a word is one of two: it takes a
// round's output, or it rotates right by COLS bits (its low COLS bits leave, its high bits move
// down, the low bits XORed with an injection come in at the top). So a state bit below the top
// slice has two sources, and a top bit three.
// - A round takes 64/COLS clocks: the linear layer (rtl/lib/ascon_linear.v) and the S-box
//   (rtl/lib/ascon_sbox.v) on the COLS lowest bit positions of the words, which rotate between
//   the clocks (the layer's taps do not move with a rotation of every word); the S-box outputs
//   wait in ybuf_q until the round's last clock writes them all. The register holds each round's
//   S-box output, so the linear layer comes first in the next round, and after the last round
//   once more with the S-box bypassed.
// - Data bytes come in groups of COLS/8: a group is absorbed into the rate (S0, then S1) as the
//   word rotates, XORed in (decryption: its ciphertext bytes replace the state's), the padding
//   byte after the last one. The bytes that a data byte meets (ciphertext, plaintext, digest)
//   are the rotating word's low bits.
// - Key and nonce go in as S1..S4, cleared by the instruction, rotate with the key register's
//   low bits or a nonce group injected; the key XORs around the permutations and the tag the same
//   way, the key register rotating beside them.
// Decryption holds the plaintext in a buffer of 2^BUF_AW bytes (distributed RAM, or one block
// RAM with BUF_BRAM = 1) and releases it only after the tag has matched: a wrong tag, or a
// ciphertext longer than the buffer, answers FAILURE alone (docs/cores/ascon_lw.md).
module ascon_lw_core #(
    // Bus width in bits (pdi, sdi, do); only 8 is implemented.
    parameter W = 8,
    // Bit columns through the S-box per clock, and the rotation of a word: 16 or 32.
    parameter COLS = 16,
    // The plaintext buffer of decryption holds 2^BUF_AW bytes.
    parameter BUF_AW = 7,
    // 0: the buffer in distributed RAM (lut_ram, BUF_AW at most 8); 1: in block RAM (block_ram).
    parameter BUF_BRAM = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] pdi_data,
    input  wire         pdi_valid,
    output reg          pdi_ready,
    input  wire [W-1:0] sdi_data,
    input  wire         sdi_valid,
    output reg          sdi_ready,
    output reg  [W-1:0] do_data,
    input  wire         do_ready,
    output reg          do_valid,
    output wire         do_last
);

    // (each check on one parameter: hashbed's synthesis sets them one after the other)
    initial begin
        if (W != 8) begin
            $display("ascon_lw_core: W must be 8, got %0d", W);
            $finish;
        end
        if (COLS != 16 && COLS != 32) begin
            $display("ascon_lw_core: COLS must be 16 or 32, got %0d", COLS);
            $finish;
        end
        if (BUF_BRAM != 0 && BUF_BRAM != 1) begin
            $display("ascon_lw_core: BUF_BRAM must be 0 or 1, got %0d", BUF_BRAM);
            $finish;
        end
        if (BUF_AW < 4 || BUF_AW > 14) begin
            $display("ascon_lw_core: BUF_AW must be 4 .. 14, got %0d", BUF_AW);
            $finish;
        end
    end

    // --- constants ------------------------------------------------------------------------------

    localparam [3:0] OP_ENC = 4'b0010, OP_DEC = 4'b0011, OP_ACTKEY = 4'b0111, OP_HASH = 4'b1000, OP_XOF = 4'b1001;
    localparam [63:0] IV_AEAD = 64'h00001000808C0001;
    localparam [63:0] IV_HASH = 64'h0000080100CC0002;
    localparam [63:0] IV_XOF  = 64'h0000080000CC0003;
    localparam [7:0] STATUS_OK = 8'hE0, STATUS_FAIL = 8'hF0;
    // the last of a round's 64/COLS clocks (a word is back in place after 64/COLS rotations)
    localparam [3:0] LAST_STEP = COLS == 16 ? 4'd3 : 4'd1;
    // bytes per group, the log of it, the last byte of a group
    localparam integer G = COLS / 8;
    localparam integer GL = G == 2 ? 1 : 2;
    localparam [3:0] GMASK = COLS == 16 ? 4'd1 : 4'd3;

    // FSM states
    localparam [4:0] S_IDLE = 5'd0,  // read an instruction byte from pdi
        S_XOF_LEN = 5'd1,    // XOF: the instruction's other 3 bytes (the output length)
        S_KEY_INS = 5'd2,    // read LDKEY from sdi
        S_KEY_HDR = 5'd3,    // read the key header's 4 bytes from sdi
        S_KEY_DATA = 5'd4,   // 16 key bytes from sdi into the key register, a group at a time
        S_NPUB_HDR = 5'd5,   // read the nonce header
        S_NPUB_DATA = 5'd6,  // 16 nonce bytes into S3 S4, the key into S1 S2
        S_PERM = 5'd7,       // the permutation; then what ret_q says
        S_KEYI = 5'd8,       // after initialisation: S3 ^= K0, S4 ^= K1
        S_HDR = 5'd9,        // read a segment header (AD, PT/CT, HASH_MSG); ENC writes the CT header
        S_DATA = 5'd10,      // one data byte per clock, a group absorbed with its last byte
        S_PAD = 5'd11,       // the last, partial group and the padding byte
        S_ALIGN = 5'd12,     // rotate the rate's remaining groups back into place
        S_KEYF = 5'd13,      // before finalisation: S2 ^= K0, S3 ^= K1
        S_OHDR = 5'd14,      // write a header: TAG (ENC), PT (DEC), DIGEST (HASH/XOF), len_q bytes
        S_TAG_OUT = 5'd15,   // ENC: write 16 tag bytes
        S_TAG_IHDR = 5'd16,  // DEC: read the TAG header
        S_TAG_IN = 5'd17,    // DEC: read 16 tag bytes, compare
        S_PT_OUT = 5'd19,    // DEC: write the buffered plaintext
        S_DIG_OUT = 5'd21,   // HASH/XOF: write digest bytes
        S_STATUS = 5'd22;    // write SUCCESS or FAILURE

    // what follows a permutation
    localparam [2:0] R_INIT = 3'd0,  // AEAD initialisation: S_KEYI
        R_DATA = 3'd1,     // a full data block: go on with the data
        R_DSEP = 3'd2,     // the last AD block: domain separation, then the message
        R_FINAL = 3'd3,    // AEAD finalisation: the tag
        R_HINIT = 3'd4,    // hash initialisation: the message
        R_SQUEEZE = 3'd5;  // the next 64 bits of digest

    // data phases
    localparam [1:0] PH_AD = 2'd0, PH_MSG = 2'd1, PH_HASH = 2'd2;

    // --- registers ------------------------------------------------------------------------------

    reg [4:0]   state_q, state_d;
    reg [2:0]   ret_q, ret_d;
    reg [3:0]   rnd_q, rnd_d;          // round index 0..11 (p[8] starts at 4)
    reg [3:0]   step_q, step_d;        // clock of the round 0..LAST_STEP
    reg         lin_en_q, lin_en_d;    // the state is a round's S-box output: the linear layer first
    reg         fin_q, fin_d;          // the permutation's last linear layer, the S-box bypassed
    reg [63:0]  s0_q, s1_q, s2_q, s3_q, s4_q;
    reg [5*(64-COLS)-1:0] ybuf_q;      // a round's S-box outputs before its last clock, per word
    reg [127:0] k_q;                   // K0 in bits 63..0, K1 in 127..64 (when not rotating)
    reg [COLS-9:0] hold_q;             // the first bytes of a group, byte j in 8j+7..8j
    reg         dec_q, dec_d;          // ENC or DEC: decrypting
    reg         aead_q, aead_d;        // AEAD, not hashing
    reg [1:0]   phase_q, phase_d;
    reg [15:0]  len_q, len_d;          // bytes left in the segment (DEC: then plaintext bytes to write)
    reg         eot_q, eot_d;          // the segment is its type's last
    reg [3:0]   bpos_q, bpos_d;        // byte of the rate block (digest: of S0); S1 from byte 8
    reg         ad_any_q, ad_any_d;    // some AD byte was absorbed
    reg [3:0]   cnt_q, cnt_d;          // byte of a header, key, nonce, tag; step of a key XOR
    reg         fail_q, fail_d;        // DEC: a tag byte differed, or the buffer overflowed
    reg [BUF_AW:0] ptr_q, ptr_d;       // DEC: buffer bytes written, then read
    reg [15:0]  out_q, out_d;          // HASH/XOF: the digest's length (len_q counts its bytes down)
    reg [7:0]   ohdr_q, ohdr_d;        // the first byte of the header S_OHDR writes

    // decided by the FSM below
    reg         rot_all;               // a round's clock but the last: every word rotates
    reg         round_wr;              // a round's last clock: every word takes the round's output
    reg [4:0]   rot;                   // these words rotate, with their injections
    reg         rate_inj;              // the rotating rate word takes the rate injection
    reg         k_rot;                 // the key register rotates right by COLS
    reg         k_load;                // ... with a key group from sdi at the top
    reg         hold_we;               // a byte into hold_q at hold_at
    reg [1:0]   hold_at;
    reg [3:0]   grp_valid;             // the group's bytes that carry data (rate injection)
    reg         grp_pad;               // the padding byte after them
    reg         load_aead, load_hash, load_xof;  // an instruction's initial state
    reg         dsep;                  // the domain separation: S4 bit 63 flips

    always @(posedge clk) begin
        if (rst) state_q <= S_IDLE;
        else state_q <= state_d;
        ret_q <= ret_d;
        rnd_q <= rnd_d;
        step_q <= step_d;
        lin_en_q <= lin_en_d;
        fin_q <= fin_d;
        dec_q <= dec_d;
        aead_q <= aead_d;
        phase_q <= phase_d;
        len_q <= len_d;
        eot_q <= eot_d;
        bpos_q <= bpos_d;
        ad_any_q <= ad_any_d;
        cnt_q <= cnt_d;
        fail_q <= fail_d;
        ptr_q <= ptr_d;
        out_q <= out_d;
        ohdr_q <= ohdr_d;
    end

    // --- the permutation ------------------------------------------------------------------------

    wire [5*COLS-1:0] lin_slice;
    ascon_linear #(.COLS(COLS)) u_linear (
        .s_in({s4_q, s3_q, s2_q, s1_q, s0_q}),
        .en(lin_en_q),
        .s_out(lin_slice)
    );
    wire [7:0]      rc = {~rnd_q, rnd_q};
    wire [COLS-1:0] rc_slice = {{(COLS - 8) {1'b0}}, step_q == 4'd0 ? rc : 8'd0};
    wire [COLS-1:0] y0, y1, y2, y3, y4;
    ascon_sbox #(.COLS(COLS)) u_sbox (
        .x0(lin_slice[COLS-1:0]),
        .x1(lin_slice[2*COLS-1:COLS]),
        .x2(lin_slice[3*COLS-1:2*COLS] ^ rc_slice),
        .x3(lin_slice[4*COLS-1:3*COLS]),
        .x4(lin_slice[5*COLS-1:4*COLS]),
        .y0(y0),
        .y1(y1),
        .y2(y2),
        .y3(y3),
        .y4(y4)
    );
    wire [5*COLS-1:0] y_all = fin_q ? lin_slice : {y4, y3, y2, y1, y0};

    localparam integer YB = 64 - COLS;  // ybuf_q bits per word
    // each word's S-box outputs enter at the top of its ybuf_q slots and move down
    genvar w;
    generate
        for (w = 0; w < 5; w = w + 1) begin : gen_ybuf
            if (YB == COLS) begin : gen_one
                always @(posedge clk)
                    if (rot_all) ybuf_q[w * YB +: YB] <= y_all[w * COLS +: COLS];
            end else begin : gen_shift
                always @(posedge clk)
                    if (rot_all) ybuf_q[w * YB +: YB] <= {y_all[w * COLS +: COLS], ybuf_q[w * YB + COLS +: YB - COLS]};
            end
        end
    endgenerate

    wire round_end = step_q == LAST_STEP;
    wire last_round = rnd_q == 4'd11;

    // --- data bytes -----------------------------------------------------------------------------

    // the rate word the data meets (S1 from byte 8 of an AEAD block), and its low bits
    wire             on_s1 = aead_q && bpos_q[3];
    wire [COLS-1:0]  rate_low = on_s1 ? s1_q[COLS-1:0] : s0_q[COLS-1:0];
    wire [GL-1:0]    bsel = bpos_q[GL-1:0];
    wire [1:0]       bsel2 = bpos_q[1:0] & GMASK[1:0];  // the same in two bits
    wire [7:0]       rate_byte = rate_low[8 * bsel +: 8];
    wire [7:0]       absorbed = rate_byte ^ pdi_data;      // ENC: ciphertext; DEC: plaintext
    wire             group_end = (bpos_q & GMASK) == GMASK;
    wire             block_full = bpos_q == (aead_q ? 4'd15 : 4'd7);
    wire [15:0]      len_next = len_q - 16'd1;
    wire             dec_msg = dec_q && phase_q == PH_MSG;
    // ENC writes a ciphertext byte (or CT header byte) in the clock it reads the plaintext byte
    wire             enc_msg = aead_q && !dec_q && phase_q == PH_MSG;
    // a group of bytes, the last from the bus (pdi; sdi for the key)
    wire [7:0]       bus_byte = state_q == S_KEY_DATA ? sdi_data : pdi_data;
    wire [COLS-1:0]  group = {bus_byte, hold_q};
    // the rate injection: the group's data bytes (DEC: the difference that makes the state's
    // bytes the ciphertext's), the padding byte after them
    reg  [COLS-1:0]  rinj;
    integer j;
    always @(*) begin
        for (j = 0; j < G; j = j + 1)
            rinj[8 * j +: 8] = (grp_valid[j] ? group[8 * j +: 8] ^ (dec_msg ? rate_low[8 * j +: 8] : 8'd0) : 8'd0)
                ^ {7'd0, grp_pad && bsel == j[GL-1:0]};
    end
    // the tag: S3 ^ K0, then S4 ^ K1, the low bits as they rotate
    wire [COLS-1:0]  tag_low = (cnt_q[3] ? s4_q[COLS-1:0] : s3_q[COLS-1:0]) ^ k_q[COLS-1:0];
    wire [7:0]       tag_byte = tag_low[8 * cnt_q[GL-1:0] +: 8];
    wire             tag_fail = fail_q || pdi_data != tag_byte;
    wire             tag_group_end = (cnt_q & GMASK) == GMASK;

    // the plaintext buffer
    wire [BUF_AW-1:0] buf_raddr;
    wire [7:0]        buf_rdata;
    wire              buf_we = state_q == S_DATA && dec_msg && pdi_valid;
    generate
        if (BUF_BRAM != 0) begin : gen_buf_bram
            block_ram #(.AW(BUF_AW), .WIDTH(8)) u_buffer (
                .clk(clk),
                .we(buf_we),
                .waddr(ptr_q[BUF_AW-1:0]),
                .wdata(absorbed),
                .raddr(buf_raddr),
                .rdata(buf_rdata)
            );
            // the block RAM reads ahead, at the pointer's next value: its output is the byte at
            // ptr_q in S_PT_OUT
            assign buf_raddr = ptr_d[BUF_AW-1:0];
        end else begin : gen_buf_lut
            lut_ram #(.AW(BUF_AW), .WIDTH(8)) u_buffer (
                .clk(clk),
                .we(buf_we),
                .waddr(ptr_q[BUF_AW-1:0]),
                .wdata(absorbed),
                .raddr(buf_raddr),
                .rdata(buf_rdata)
            );
            // read combinationally in S_PT_OUT; gated, so that Yosys does not merge the pointer
            // register into the read port and map the memory to block RAM
            assign buf_raddr = ptr_q[BUF_AW-1:0] & {BUF_AW{state_q == S_PT_OUT}};
        end
    endgenerate

    assign do_last = state_q == S_STATUS;

    // --- the state, the key, the group ----------------------------------------------------------

    // each word's injection as it rotates
    wire [COLS-1:0] kl = k_q[COLS-1:0];
    wire [COLS-1:0] inj0 = rate_inj ? rinj : {COLS{1'b0}};
    wire [COLS-1:0] inj1 = rate_inj ? rinj : state_q == S_NPUB_DATA ? kl : {COLS{1'b0}};
    wire [COLS-1:0] inj2 = state_q == S_NPUB_DATA || state_q == S_KEYF ? kl : {COLS{1'b0}};
    wire [COLS-1:0] inj3 = state_q == S_NPUB_DATA ? group : state_q == S_KEYI || state_q == S_KEYF ? kl : {COLS{1'b0}};
    wire [COLS-1:0] inj4 = state_q == S_NPUB_DATA ? group : state_q == S_KEYI ? kl : {COLS{1'b0}};
    wire [319:0] round_out = {y_all[5*COLS-1:4*COLS], ybuf_q[5*YB-1:4*YB], y_all[4*COLS-1:3*COLS], ybuf_q[4*YB-1:3*YB],
                              y_all[3*COLS-1:2*COLS], ybuf_q[3*YB-1:2*YB], y_all[2*COLS-1:COLS], ybuf_q[2*YB-1:YB],
                              y_all[COLS-1:0], ybuf_q[YB-1:0]};
    wire [63:0] next0 = round_wr ? round_out[63:0] : {s0_q[COLS-1:0] ^ inj0, s0_q[63:COLS]};
    wire [63:0] next1 = round_wr ? round_out[127:64] : {s1_q[COLS-1:0] ^ inj1, s1_q[63:COLS]};
    wire [63:0] next2 = round_wr ? round_out[191:128] : {s2_q[COLS-1:0] ^ inj2, s2_q[63:COLS]};
    wire [63:0] next3 = round_wr ? round_out[255:192] : {s3_q[COLS-1:0] ^ inj3, s3_q[63:COLS]};
    wire [63:0] next4 = round_wr ? round_out[319:256] : {s4_q[COLS-1:0] ^ inj4, s4_q[63:COLS]};
    wire [4:0]  en = {5{rot_all || round_wr}} | rot;
    wire        load_any = load_aead || load_hash || load_xof;
    wire [63:0] iv = load_aead ? IV_AEAD : load_xof ? IV_XOF : IV_HASH;

    always @(posedge clk) begin
        if (load_any) s0_q <= iv;
        else if (en[0]) s0_q <= next0;
        if (load_any) s1_q <= 64'd0;
        else if (en[1]) s1_q <= next1;
        if (load_any) s2_q <= 64'd0;
        else if (en[2]) s2_q <= next2;
        if (load_any) s3_q <= 64'd0;
        else if (en[3]) s3_q <= next3;
        if (load_any) s4_q[62:0] <= 63'd0;
        else if (en[4]) s4_q[62:0] <= next4[62:0];
        // the domain separation flips bit 63, alone or on a round's output
        if (load_any) s4_q[63] <= 1'b0;
        else if (en[4] || dsep) s4_q[63] <= (en[4] ? next4[63] : s4_q[63]) ^ dsep;
        if (k_rot) k_q <= {k_load ? group : kl, k_q[127:COLS]};
        if (hold_we && hold_at != GMASK[1:0]) hold_q[8 * hold_at +: 8] <= bus_byte;
    end

    // --- control --------------------------------------------------------------------------------

    // where a segment's data ends: the padding after the type's last segment, else the next header
    wire [4:0]  seg_end = eot_q ? S_PAD : S_HDR;
    wire [15:0] hdr_len = {len_q[15:8], pdi_data};  // a header's length at its last byte
    // the rate's last group: its last byte is the block's
    wire        last_group = ((bpos_q | GMASK) == (aead_q ? 4'd15 : 4'd7));
    // the word the rate group at bpos rotates
    wire [4:0]  rate_word = on_s1 ? 5'b00010 : 5'b00001;
    // after the padding and the alignment
    reg  [4:0]  after_pad;
    always @(*) begin
        case (phase_q)
            PH_AD: after_pad = S_PERM;      // p[8], then the domain separation
            PH_MSG: after_pad = S_KEYF;
            default: after_pad = S_OHDR;  // the DIGEST header first, then p[12]
        endcase
    end
    // the key XORs: S3 then S4 (after initialisation), S2 then S3 (before finalisation)
    wire        first_half = cnt_q <= LAST_STEP;  // the key's first word (K0) is at the bottom

    always @(*) begin
        state_d = state_q;
        ret_d = ret_q;
        rnd_d = rnd_q;
        step_d = 4'd0;     // a permutation starts with its first clock, the layer off
        lin_en_d = 1'b0;
        fin_d = 1'b0;
        dec_d = dec_q;
        aead_d = aead_q;
        phase_d = phase_q;
        len_d = len_q;
        eot_d = eot_q;
        bpos_d = bpos_q;
        ad_any_d = ad_any_q;
        cnt_d = cnt_q;
        fail_d = fail_q;
        ptr_d = ptr_q;
        out_d = out_q;
        ohdr_d = ohdr_q;
        pdi_ready = 1'b0;
        sdi_ready = 1'b0;
        do_valid = 1'b0;
        do_data = 8'd0;
        rot_all = 1'b0;
        round_wr = 1'b0;
        rot = 5'b00000;
        rate_inj = 1'b0;
        k_rot = 1'b0;
        k_load = 1'b0;
        hold_we = 1'b0;
        hold_at = bsel2;
        grp_valid = 4'b0000;
        grp_pad = 1'b0;
        load_aead = 1'b0;
        load_hash = 1'b0;
        load_xof = 1'b0;
        dsep = 1'b0;

        case (state_q)
            S_IDLE: if (pdi_valid) begin
                pdi_ready = 1'b1;
                cnt_d = 4'd0;
                bpos_d = 4'd0;
                ad_any_d = 1'b0;
                fail_d = 1'b0;
                ptr_d = {(BUF_AW + 1) {1'b0}};
                rnd_d = 4'd0;
                case (pdi_data[7:4])
                    OP_ACTKEY: state_d = S_KEY_INS;
                    OP_ENC, OP_DEC: begin
                        dec_d = pdi_data[4];
                        aead_d = 1'b1;
                        phase_d = PH_AD;
                        load_aead = 1'b1;
                        state_d = S_NPUB_HDR;
                    end
                    OP_HASH, OP_XOF: begin
                        dec_d = 1'b0;
                        aead_d = 1'b0;
                        phase_d = PH_HASH;
                        load_hash = !pdi_data[4];
                        load_xof = pdi_data[4];
                        out_d = 16'd32;
                        ret_d = R_HINIT;
                        state_d = pdi_data[4] ? S_XOF_LEN : S_PERM;
                    end
                    default: ;  // not an instruction of this core: dropped
                endcase
            end

            S_XOF_LEN: if (pdi_valid) begin  // bytes 2..4 of the XOF instruction: 0, length
                pdi_ready = 1'b1;
                out_d = {out_q[7:0], pdi_data};
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd2) begin
                    cnt_d = 4'd0;
                    state_d = S_PERM;
                end
            end

            S_KEY_INS: if (sdi_valid) begin
                sdi_ready = 1'b1;
                cnt_d = 4'd0;
                state_d = S_KEY_HDR;
            end

            S_KEY_HDR: if (sdi_valid) begin
                sdi_ready = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    cnt_d = 4'd0;
                    state_d = S_KEY_DATA;
                end
            end

            S_KEY_DATA: if (sdi_valid) begin  // the first key group ends at the bottom
                sdi_ready = 1'b1;
                hold_we = 1'b1;
                hold_at = cnt_q[1:0] & GMASK[1:0];
                k_rot = tag_group_end;
                k_load = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) state_d = S_IDLE;
            end

            S_NPUB_HDR: if (pdi_valid) begin
                pdi_ready = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    cnt_d = 4'd0;
                    state_d = S_NPUB_DATA;
                end
            end

            S_NPUB_DATA: if (pdi_valid) begin  // S1 ^= K0, S3 ^= N0, then S2 ^= K1, S4 ^= N1
                pdi_ready = 1'b1;
                hold_we = 1'b1;
                hold_at = cnt_q[1:0] & GMASK[1:0];
                if (tag_group_end) begin
                    rot = cnt_q[3] ? 5'b10100 : 5'b01010;
                    k_rot = 1'b1;
                end
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) begin
                    ret_d = R_INIT;
                    state_d = S_PERM;
                end
            end

            S_PERM: begin
                lin_en_d = lin_en_q;
                fin_d = fin_q;
                if (!round_end) begin
                    rot_all = 1'b1;
                    step_d = step_q + 4'd1;
                end else begin
                    round_wr = 1'b1;
                    lin_en_d = 1'b1;
                    if (!fin_q) begin
                        rnd_d = rnd_q + 4'd1;
                        fin_d = last_round;
                    end else begin
                        cnt_d = 4'd0;
                        case (ret_q)
                            R_INIT: state_d = S_KEYI;
                            R_DATA: begin
                                bpos_d = 4'd0;
                                state_d = len_q == 16'd0 ? seg_end : S_DATA;
                            end
                            R_DSEP: begin
                                dsep = 1'b1;
                                bpos_d = 4'd0;
                                phase_d = PH_MSG;
                                state_d = S_HDR;
                            end
                            R_FINAL: begin
                                ohdr_d = 8'h83;  // TAG, EOT, Last, 16 bytes
                                len_d = 16'd16;
                                state_d = dec_q ? S_TAG_IHDR : S_OHDR;
                            end
                            R_HINIT: state_d = S_HDR;
                            default: begin  // R_SQUEEZE
                                bpos_d = 4'd0;
                                state_d = S_DIG_OUT;
                            end
                        endcase
                    end
                end
            end

            S_KEYI: begin  // S3 ^= K0, then S4 ^= K1, a slice per clock
                rot = first_half ? 5'b01000 : 5'b10000;
                k_rot = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 2 * LAST_STEP + 4'd1) begin
                    cnt_d = 4'd0;
                    state_d = S_HDR;
                end
            end

            S_HDR: if (pdi_valid && (!enc_msg || do_ready)) begin
                pdi_ready = 1'b1;
                do_valid = enc_msg;
                do_data = pdi_data;
                cnt_d = cnt_q + 4'd1;
                case (cnt_q[1:0])
                    2'd0: begin
                        do_data = {4'b0101, 2'b00, pdi_data[1], 1'b0};  // CT, EOT as given
                        eot_d = pdi_data[1];
                    end
                    2'd1: do_data = 8'd0;
                    2'd2: len_d[15:8] = pdi_data;
                    default: begin
                        len_d[7:0] = pdi_data;
                        cnt_d = 4'd0;
                        if (phase_q == PH_AD && hdr_len != 16'd0) ad_any_d = 1'b1;
                        state_d = hdr_len == 16'd0 ? (eot_q ? S_PAD : S_HDR) : S_DATA;
                    end
                endcase
            end

            S_DATA: if (pdi_valid && (!enc_msg || do_ready)) begin
                pdi_ready = 1'b1;
                do_valid = enc_msg;
                do_data = absorbed;
                hold_we = 1'b1;
                if (group_end) begin  // the group's last byte: absorbed as the rate word rotates
                    rot = rate_word;
                    rate_inj = 1'b1;
                    grp_valid = 4'b1111;
                end
                if (buf_we) begin
                    ptr_d = ptr_q + {{BUF_AW{1'b0}}, 1'b1};
                    if (ptr_q[BUF_AW]) fail_d = 1'b1;  // longer than the buffer: never released
                end
                len_d = len_next;
                bpos_d = bpos_q + 4'd1;
                if (block_full) begin
                    rnd_d = aead_q ? 4'd4 : 4'd0;
                    ret_d = R_DATA;
                    state_d = S_PERM;
                end else if (len_next == 16'd0) begin
                    state_d = seg_end;
                end
            end

            S_PAD: begin
                rnd_d = 4'd0;
                cnt_d = 4'd0;
                if (phase_q == PH_AD && !ad_any_q) begin  // no AD: domain separation alone
                    dsep = 1'b1;
                    phase_d = PH_MSG;
                    state_d = S_HDR;
                end else begin  // the partial group (bsel bytes in hold_q) and the padding byte
                    rot = rate_word;
                    rate_inj = 1'b1;
                    grp_valid = {1'b0, bsel2 >= 2'd3, bsel2 >= 2'd2, bsel2 >= 2'd1};
                    grp_pad = 1'b1;
                    bpos_d = (bpos_q | GMASK) + 4'd1;
                    if (phase_q == PH_AD) begin
                        rnd_d = 4'd4;
                        ret_d = R_DSEP;
                    end else if (phase_q == PH_HASH) begin
                        ret_d = R_SQUEEZE;
                        ohdr_d = 8'h93;  // DIGEST, EOT, Last, the output length
                        len_d = out_q;
                    end
                    state_d = last_group ? after_pad : S_ALIGN;
                end
            end

            S_ALIGN: begin  // the rate's remaining groups rotate back into place
                rot = rate_word;
                bpos_d = (bpos_q | GMASK) + 4'd1;
                if (last_group) state_d = after_pad;
            end

            S_KEYF: begin  // S2 ^= K0, then S3 ^= K1, a slice per clock
                rot = first_half ? 5'b00100 : 5'b01000;
                k_rot = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 2 * LAST_STEP + 4'd1) begin
                    cnt_d = 4'd0;
                    ret_d = R_FINAL;
                    state_d = S_PERM;
                end
            end

            S_OHDR: if (do_ready) begin  // the header ohdr_q, 0, the length len_q
                do_valid = 1'b1;
                do_data = cnt_q[1:0] == 2'd0 ? ohdr_q : cnt_q[1:0] == 2'd1 ? 8'h00 : cnt_q[1:0] == 2'd2 ? len_q[15:8] : len_q[7:0];
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    cnt_d = 4'd0;
                    case (ohdr_q[7:4])
                        4'h8: state_d = S_TAG_OUT;
                        4'h4: state_d = len_q == 16'd0 ? S_STATUS : S_PT_OUT;
                        // p[12] of the padded last block (ret_q = R_SQUEEZE); no output: the status
                        default: state_d = len_q == 16'd0 ? S_STATUS : S_PERM;
                    endcase
                end
            end

            S_TAG_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = tag_byte;
                if (tag_group_end) begin  // the next slice of S3, then S4
                    rot = cnt_q[3] ? 5'b10000 : 5'b01000;
                    k_rot = 1'b1;
                end
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) state_d = S_STATUS;
            end

            S_TAG_IHDR: if (pdi_valid) begin
                pdi_ready = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    cnt_d = 4'd0;
                    state_d = S_TAG_IN;
                end
            end

            S_TAG_IN: if (pdi_valid) begin
                pdi_ready = 1'b1;
                fail_d = tag_fail;
                if (tag_group_end) begin
                    rot = cnt_q[3] ? 5'b10000 : 5'b01000;
                    k_rot = 1'b1;
                end
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) begin
                    cnt_d = 4'd0;
                    ptr_d = {(BUF_AW + 1) {1'b0}};
                    len_d = {{(15 - BUF_AW) {1'b0}}, ptr_q};  // plaintext bytes
                    ohdr_d = 8'h43;  // PT, EOT, Last
                    state_d = tag_fail ? S_STATUS : S_OHDR;
                end
            end

            S_PT_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = buf_rdata;
                ptr_d = ptr_q + {{BUF_AW{1'b0}}, 1'b1};
                len_d = len_next;
                if (len_q == 16'd1) state_d = S_STATUS;
            end

            S_DIG_OUT: if (do_ready) begin  // S0's bytes, its low slice, then it rotates
                do_valid = 1'b1;
                do_data = rate_byte;
                if (group_end) rot = 5'b00001;
                len_d = len_next;
                bpos_d = bpos_q + 4'd1;
                rnd_d = 4'd0;
                if (len_q == 16'd1) state_d = S_STATUS;
                else if (bpos_q == 4'd7) state_d = S_PERM;  // the next 64 bits (ret_q = R_SQUEEZE)
            end

            S_STATUS: if (do_ready) begin
                do_valid = 1'b1;
                do_data = fail_q ? STATUS_FAIL : STATUS_OK;
                state_d = S_IDLE;
            end

            default: state_d = S_IDLE;
        endcase
    end

endmodule
