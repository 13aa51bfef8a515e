`default_nettype none
// ascon_lw_core: Ascon-AEAD128, Ascon-Hash256 and Ascon-XOF128 (NIST SP 800-232), lightweight,
// behind hashbed's LWC interface with 8-bit ports (docs/interface.md: W = SW = 8; instructions
// and the status one byte, segment headers four bytes, most significant first).
//
// The 320-bit state is in flip-flops. A round takes 64/COLS + 1 clocks: the S-box
// (rtl/lib/ascon_sbox.v) on the COLS lowest bit columns per clock while every word rotates right
// by COLS, then the linear layer (rtl/lib/ascon_linear.v) on all five words in one clock.
// Data bytes are absorbed one per clock into the rate byte that a block position selects.
// Key and nonce go in, the key XORs around the permutations and the tag go out through byte
// shifts of word pairs: S1 S2 S3 S4 shift by a byte per clock (initialisation: the key into
// S1 S2 while the nonce comes into S3 S4), S3 S4 rotate with the key XORed in after
// initialisation and with the tag read from their lowest byte, S2 S3 rotate with the key XORed
// in before finalisation; the key register rotates a byte per clock beside them.
// Decryption holds the plaintext in a buffer of 2^BUF_AW bytes (distributed RAM, or one block
// RAM with BUF_BRAM = 1) and releases it only after the tag has matched: a wrong tag, or a
// ciphertext longer than the buffer, answers FAILURE alone (docs/cores/ascon_lw.md).
module ascon_lw_core #(
    // Bus width in bits (pdi, sdi, do); only 8 is implemented.
    parameter W = 8,
    // Bit columns through the S-box per clock: 8, 16, 32 or 64.
    parameter COLS = 32,
    // The plaintext buffer of decryption holds 2^BUF_AW bytes.
    parameter BUF_AW = 8,
    // 0: the buffer in distributed RAM (lut_ram, BUF_AW 4 .. 8); 1: in block RAM (block_ram,
    // BUF_AW 4 .. 14).
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

    initial begin
        if (W != 8) begin
            $display("ascon_lw_core: W must be 8, got %0d", W);
            $finish;
        end
        if (COLS != 8 && COLS != 16 && COLS != 32 && COLS != 64) begin
            $display("ascon_lw_core: COLS must be 8, 16, 32 or 64, got %0d", COLS);
            $finish;
        end
        if (BUF_BRAM != 0 && BUF_BRAM != 1) begin
            $display("ascon_lw_core: BUF_BRAM must be 0 or 1, got %0d", BUF_BRAM);
            $finish;
        end
        if (BUF_AW < 4 || BUF_AW > (BUF_BRAM != 0 ? 14 : 8)) begin
            $display("ascon_lw_core: BUF_AW must be 4 .. %0d with BUF_BRAM = %0d, got %0d",
                     BUF_BRAM != 0 ? 14 : 8, BUF_BRAM, BUF_AW);
            $finish;
        end
    end

    // --- constants ------------------------------------------------------------------------------

    localparam [3:0] OP_ENC = 4'b0010, OP_DEC = 4'b0011, OP_ACTKEY = 4'b0111, OP_HASH = 4'b1000, OP_XOF = 4'b1001;
    localparam [63:0] IV_AEAD = 64'h00001000808C0001;
    localparam [63:0] IV_HASH = 64'h0000080100CC0002;
    localparam [63:0] IV_XOF  = 64'h0000080000CC0003;
    localparam [7:0] STATUS_OK = 8'hE0, STATUS_FAIL = 8'hF0;
    // S-box clocks per round
    localparam [3:0] STEPS = 64 / COLS;

    // FSM states
    localparam [4:0] S_IDLE = 5'd0,  // read an instruction byte from pdi
        S_XOF_LEN = 5'd1,    // XOF: the instruction's other 3 bytes (the output length)
        S_KEY_INS = 5'd2,    // read LDKEY from sdi
        S_KEY_HDR = 5'd3,    // read the key header's 4 bytes from sdi
        S_KEY_DATA = 5'd4,   // shift 16 key bytes from sdi into the key register
        S_NPUB_HDR = 5'd5,   // read the nonce header
        S_NPUB_DATA = 5'd6,  // 16 nonce bytes into S3 S4, the key into S1 S2
        S_PERM = 5'd7,       // the permutation; then what ret_q says
        S_KEYI = 5'd8,       // after initialisation: S3 S4 ^= K, a byte per clock
        S_HDR = 5'd9,        // read a segment header (AD, PT/CT, HASH_MSG); ENC writes the CT header
        S_DATA = 5'd10,      // absorb one data byte per clock
        S_PAD = 5'd11,       // the padding byte after a type's last segment
        S_KEYF = 5'd12,      // before finalisation: S2 S3 ^= K, a byte per clock
        S_TAG_HDR = 5'd13,   // ENC: write the TAG header
        S_TAG_OUT = 5'd14,   // ENC: write 16 tag bytes
        S_TAG_IHDR = 5'd15,  // DEC: read the TAG header
        S_TAG_IN = 5'd16,    // DEC: read 16 tag bytes, compare
        S_PT_HDR = 5'd17,    // DEC: write the PT header
        S_PT_OUT = 5'd18,    // DEC: write the buffered plaintext
        S_DIG_HDR = 5'd19,   // HASH/XOF: write the DIGEST header
        S_DIG_OUT = 5'd20,   // HASH/XOF: write digest bytes
        S_STATUS = 5'd21;    // write SUCCESS or FAILURE

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
    reg [3:0]   sub_q, sub_d;          // S-box clock of the round 0..STEPS-1; STEPS: linear layer
    reg [63:0]  s0_q, s0_d, s1_q, s1_d, s2_q, s2_d, s3_q, s3_d, s4_q, s4_d;
    reg [127:0] k_q, k_d;              // K0 in bits 63..0, K1 in 127..64 (when not rotating)
    reg         dec_q, dec_d;          // ENC or DEC: decrypting
    reg         aead_q, aead_d;        // AEAD, not hashing
    reg [1:0]   phase_q, phase_d;
    reg [15:0]  len_q, len_d;          // bytes left in the segment (DEC: then plaintext bytes to write)
    reg         eot_q, eot_d;          // the segment is its type's last
    reg [3:0]   bpos_q, bpos_d;        // byte of the rate block (digest: of S0)
    reg         ad_any_q, ad_any_d;    // some AD byte was absorbed
    reg [3:0]   cnt_q, cnt_d;          // byte of a header, key, nonce, tag; step of a byte rotation
    reg         fail_q, fail_d;        // DEC: a tag byte differed, or the buffer overflowed
    reg [BUF_AW:0] ptr_q, ptr_d;       // DEC: buffer bytes written, then read
    reg [15:0]  out_q, out_d;          // HASH/XOF: digest bytes still to write

    always @(posedge clk) begin
        if (rst) state_q <= S_IDLE;
        else state_q <= state_d;
        ret_q <= ret_d;
        rnd_q <= rnd_d;
        sub_q <= sub_d;
        s0_q <= s0_d;
        s1_q <= s1_d;
        s2_q <= s2_d;
        s3_q <= s3_d;
        s4_q <= s4_d;
        k_q <= k_d;
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
    end

    // --- the permutation ------------------------------------------------------------------------

    // S-box clock: the lowest COLS columns through the S-box (the round constant into S2 in the
    // round's first S-box clock), placed at the top while the words rotate right by COLS
    wire [7:0]      rc = {~rnd_q, rnd_q};
    wire [63:0]     rc_word = {56'd0, sub_q == 4'd0 ? rc : 8'd0};
    wire [COLS-1:0] rc_cols = rc_word[COLS-1:0];
    wire [COLS-1:0] y0, y1, y2, y3, y4;
    ascon_sbox #(.COLS(COLS)) u_sbox (
        .x0(s0_q[COLS-1:0]),
        .x1(s1_q[COLS-1:0]),
        .x2(s2_q[COLS-1:0] ^ rc_cols),
        .x3(s3_q[COLS-1:0]),
        .x4(s4_q[COLS-1:0]),
        .y0(y0),
        .y1(y1),
        .y2(y2),
        .y3(y3),
        .y4(y4)
    );
    wire [319:0] sub_out;
    generate
        if (COLS == 64) begin : gen_sbox_all
            assign sub_out = {y4, y3, y2, y1, y0};
        end else begin : gen_sbox_slice
            assign sub_out = {y4, s4_q[63:COLS], y3, s3_q[63:COLS], y2, s2_q[63:COLS],
                              y1, s1_q[63:COLS], y0, s0_q[63:COLS]};
        end
    endgenerate

    wire [319:0] lin_out;
    ascon_linear u_linear (
        .s_in({s4_q, s3_q, s2_q, s1_q, s0_q}),
        .s_out(lin_out)
    );

    wire sbox_clock = sub_q != STEPS;
    wire last_round = rnd_q == 4'd11;

    // --- data bytes -----------------------------------------------------------------------------

    // the rate byte at bpos: S0 bytes 0..7, then S1 bytes 0..7 (the standard's little-endian words)
    wire [127:0] rate = {s1_q, s0_q};
    wire [7:0]   rate_byte = rate[8 * bpos_q +: 8];
    wire [7:0]   absorbed = rate_byte ^ pdi_data;          // ENC: ciphertext; DEC: plaintext
    wire         block_full = bpos_q == (aead_q ? 4'd15 : 4'd7);
    wire [15:0]  len_next = len_q - 16'd1;
    wire         dec_msg = dec_q && phase_q == PH_MSG;
    // ENC writes a ciphertext byte (or CT header byte) in the clock it reads the plaintext byte
    wire         enc_msg = aead_q && !dec_q && phase_q == PH_MSG;
    // the tag byte: the lowest byte of S3 while S3 S4 rotate, XORed with the rotating key
    wire [7:0]   tag_byte = s3_q[7:0] ^ k_q[7:0];
    wire         tag_fail = fail_q || pdi_data != tag_byte;

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
            // the block RAM reads ahead: its output is the byte at ptr_q in S_PT_OUT
            assign buf_raddr = ptr_q[BUF_AW-1:0] + {{(BUF_AW - 1) {1'b0}}, state_q == S_PT_OUT && do_ready};
        end else begin : gen_buf_lut
            lut_ram #(.AW(BUF_AW), .WIDTH(8)) u_buffer (
                .clk(clk),
                .we(buf_we),
                .waddr(ptr_q[BUF_AW-1:0]),
                .wdata(absorbed),
                .raddr(buf_raddr),
                .rdata(buf_rdata)
            );
            assign buf_raddr = ptr_q[BUF_AW-1:0];
        end
    endgenerate

    assign do_last = state_q == S_STATUS;

    // --- control --------------------------------------------------------------------------------

    // where a segment's data ends: the padding after the type's last segment, else the next header
    wire [4:0] seg_end = eot_q ? S_PAD : S_HDR;
    wire [15:0] hdr_len = {len_q[15:8], pdi_data};  // a header's length at its last byte

    always @(*) begin
        state_d = state_q;
        ret_d = ret_q;
        rnd_d = rnd_q;
        sub_d = sub_q;
        s0_d = s0_q;
        s1_d = s1_q;
        s2_d = s2_q;
        s3_d = s3_q;
        s4_d = s4_q;
        k_d = k_q;
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
        pdi_ready = 1'b0;
        sdi_ready = 1'b0;
        do_valid = 1'b0;
        do_data = 8'd0;

        case (state_q)
            S_IDLE: if (pdi_valid) begin
                pdi_ready = 1'b1;
                cnt_d = 4'd0;
                bpos_d = 4'd0;
                ad_any_d = 1'b0;
                fail_d = 1'b0;
                ptr_d = {(BUF_AW + 1) {1'b0}};
                rnd_d = 4'd0;
                sub_d = 4'd0;
                case (pdi_data[7:4])
                    OP_ACTKEY: state_d = S_KEY_INS;
                    OP_ENC, OP_DEC: begin
                        dec_d = pdi_data[4];
                        aead_d = 1'b1;
                        phase_d = PH_AD;
                        s0_d = IV_AEAD;
                        state_d = S_NPUB_HDR;
                    end
                    OP_HASH, OP_XOF: begin
                        dec_d = 1'b0;
                        aead_d = 1'b0;
                        phase_d = PH_HASH;
                        s0_d = pdi_data[4] ? IV_XOF : IV_HASH;
                        s1_d = 64'd0;
                        s2_d = 64'd0;
                        s3_d = 64'd0;
                        s4_d = 64'd0;
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

            S_KEY_DATA: if (sdi_valid) begin  // the first key byte ends in bits 7..0
                sdi_ready = 1'b1;
                k_d = {sdi_data, k_q[127:8]};
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

            S_NPUB_DATA: if (pdi_valid) begin  // S1 S2 <- K, S3 S4 <- N, a byte per clock
                pdi_ready = 1'b1;
                s1_d = {s2_q[7:0], s1_q[63:8]};
                s2_d = {k_q[7:0], s2_q[63:8]};
                s3_d = {s4_q[7:0], s3_q[63:8]};
                s4_d = {pdi_data, s4_q[63:8]};
                k_d = {k_q[7:0], k_q[127:8]};
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) begin
                    ret_d = R_INIT;
                    state_d = S_PERM;
                end
            end

            S_PERM: begin
                if (sbox_clock) begin
                    {s4_d, s3_d, s2_d, s1_d, s0_d} = sub_out;
                    sub_d = sub_q + 4'd1;
                end else begin
                    {s4_d, s3_d, s2_d, s1_d, s0_d} = lin_out;
                    sub_d = 4'd0;
                    rnd_d = rnd_q + 4'd1;
                    if (last_round) begin
                        cnt_d = 4'd0;
                        case (ret_q)
                            R_INIT: state_d = S_KEYI;
                            R_DATA: begin
                                bpos_d = 4'd0;
                                state_d = len_q == 16'd0 ? seg_end : S_DATA;
                            end
                            R_DSEP: begin
                                s4_d[63] = ~lin_out[319];
                                bpos_d = 4'd0;
                                phase_d = PH_MSG;
                                state_d = S_HDR;
                            end
                            R_FINAL: state_d = dec_q ? S_TAG_IHDR : S_TAG_HDR;
                            R_HINIT: state_d = S_HDR;
                            default: begin  // R_SQUEEZE
                                bpos_d = 4'd0;
                                state_d = S_DIG_OUT;
                            end
                        endcase
                    end
                end
            end

            S_KEYI: begin  // S3 S4 rotate a byte, the key byte XORed in: S3 ^= K0, S4 ^= K1
                s3_d = {s4_q[7:0], s3_q[63:8]};
                s4_d = {tag_byte, s4_q[63:8]};
                k_d = {k_q[7:0], k_q[127:8]};
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) begin
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
                if (bpos_q[3]) s1_d[8 * bpos_q[2:0] +: 8] = dec_msg ? pdi_data : absorbed;
                else s0_d[8 * bpos_q[2:0] +: 8] = dec_msg ? pdi_data : absorbed;
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
                    s4_d[63] = ~s4_q[63];
                    phase_d = PH_MSG;
                    state_d = S_HDR;
                end else begin
                    if (bpos_q[3]) s1_d[8 * bpos_q[2:0] +: 8] = rate_byte ^ 8'h01;
                    else s0_d[8 * bpos_q[2:0] +: 8] = rate_byte ^ 8'h01;
                    case (phase_q)
                        PH_AD: begin
                            rnd_d = 4'd4;
                            ret_d = R_DSEP;
                            state_d = S_PERM;
                        end
                        PH_MSG: state_d = S_KEYF;
                        default: begin
                            ret_d = R_SQUEEZE;
                            state_d = S_DIG_HDR;  // the header first, then p[12]
                        end
                    endcase
                end
            end

            S_KEYF: begin  // S2 S3 rotate a byte, the key byte XORed in: S2 ^= K0, S3 ^= K1
                s2_d = {s3_q[7:0], s2_q[63:8]};
                s3_d = {s2_q[7:0] ^ k_q[7:0], s3_q[63:8]};
                k_d = {k_q[7:0], k_q[127:8]};
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) begin
                    cnt_d = 4'd0;
                    ret_d = R_FINAL;
                    state_d = S_PERM;
                end
            end

            S_TAG_HDR: if (do_ready) begin  // TAG, EOT, Last, 16 bytes
                do_valid = 1'b1;
                do_data = cnt_q[1:0] == 2'd0 ? 8'h83 : cnt_q[1:0] == 2'd3 ? 8'h10 : 8'h00;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    cnt_d = 4'd0;
                    state_d = S_TAG_OUT;
                end
            end

            S_TAG_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = tag_byte;
                s3_d = {s4_q[7:0], s3_q[63:8]};
                s4_d = {tag_byte, s4_q[63:8]};
                k_d = {k_q[7:0], k_q[127:8]};
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
                s3_d = {s4_q[7:0], s3_q[63:8]};
                s4_d = {tag_byte, s4_q[63:8]};
                k_d = {k_q[7:0], k_q[127:8]};
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd15) begin
                    cnt_d = 4'd0;
                    ptr_d = {(BUF_AW + 1) {1'b0}};
                    len_d = {{(15 - BUF_AW) {1'b0}}, ptr_q};  // plaintext bytes
                    state_d = tag_fail ? S_STATUS : S_PT_HDR;
                end
            end

            S_PT_HDR: if (do_ready) begin  // PT, EOT, Last, the plaintext's length
                do_valid = 1'b1;
                do_data = cnt_q[1:0] == 2'd0 ? 8'h43 : cnt_q[1:0] == 2'd1 ? 8'h00 : cnt_q[1:0] == 2'd2 ? len_q[15:8] : len_q[7:0];
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    cnt_d = 4'd0;
                    state_d = len_q == 16'd0 ? S_STATUS : S_PT_OUT;
                end
            end

            S_PT_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = buf_rdata;
                ptr_d = ptr_q + {{BUF_AW{1'b0}}, 1'b1};
                len_d = len_next;
                if (len_q == 16'd1) state_d = S_STATUS;
            end

            S_DIG_HDR: if (do_ready) begin  // DIGEST, EOT, Last, the output length
                do_valid = 1'b1;
                do_data = cnt_q[1:0] == 2'd0 ? 8'h93 : cnt_q[1:0] == 2'd1 ? 8'h00 : cnt_q[1:0] == 2'd2 ? out_q[15:8] : out_q[7:0];
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    cnt_d = 4'd0;
                    // p[12] of the padded last block (ret_q = R_SQUEEZE); no output: the status
                    state_d = out_q == 16'd0 ? S_STATUS : S_PERM;
                end
            end

            S_DIG_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = rate_byte;
                out_d = out_q - 16'd1;
                bpos_d = bpos_q + 4'd1;
                rnd_d = 4'd0;
                if (out_q == 16'd1) state_d = S_STATUS;
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
