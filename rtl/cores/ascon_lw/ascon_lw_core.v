`default_nettype none
// ascon_lw_core: Ascon-AEAD128, Ascon-Hash256 and Ascon-XOF128 (NIST SP 800-232), lightweight,
// behind hashbed's LWC interface with 8-bit ports (docs/interface.md: W = SW = 8; instructions
// and the status one byte, segment headers four bytes, most significant first).
//
// The 320-bit state is in flip-flops. A round takes 64/COLS + 1 clocks: with COLS = 32 the S-box
// (rtl/lib/ascon_sbox.v) on the 32 lowest bit columns in each of two clocks while every word
// rotates right by 32, then the linear layer (rtl/lib/ascon_linear.v) on all five words in one
// clock. Every other state update is the same 32-bit rotation, of a pair of words, so that the
// low half of each word has only two sources (the rotation and the linear layer): data bytes are
// collected in groups of four and a group is absorbed into the rate as S0 S1 rotate by 32 (the
// rate byte that a data byte meets, for the ciphertext or plaintext, is one of S0's low four);
// key and nonce go in, the key XORs around the permutations and the tag go out as S1 S2, S3 S4
// or S2 S3 rotate by 32 beside the key register.
// Decryption holds the plaintext in a buffer of 2^BUF_AW bytes (distributed RAM, or one block
// RAM with BUF_BRAM = 1) and releases it only after the tag has matched: a wrong tag, or a
// ciphertext longer than the buffer, answers FAILURE alone (docs/cores/ascon_lw.md).
module ascon_lw_core #(
    // Bus width in bits (pdi, sdi, do); only 8 is implemented.
    parameter W = 8,
    // Bit columns through the S-box per clock: 32 (two S-box clocks a round, sharing the 32-bit
    // rotation of the data moves) or 64 (one).
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
        if (COLS != 32 && COLS != 64) begin
            $display("ascon_lw_core: COLS must be 32 or 64, got %0d", COLS);
            $finish;
        end
        if (BUF_BRAM != 0 && BUF_BRAM != 1) begin
            $display("ascon_lw_core: BUF_BRAM must be 0 or 1, got %0d", BUF_BRAM);
            $finish;
        end
        // (one parameter at a time: hashbed's synthesis sets them one after the other; lut_ram
        // itself takes at most 8 address bits)
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
    // clocks per round
    localparam [3:0] STEPS = 64 / COLS;
    // FSM states
    localparam [4:0] S_IDLE = 5'd0,  // read an instruction byte from pdi
        S_XOF_LEN = 5'd1,    // XOF: the instruction's other 3 bytes (the output length)
        S_KEY_INS = 5'd2,    // read LDKEY from sdi
        S_KEY_HDR = 5'd3,    // read the key header's 4 bytes from sdi
        S_KEY_DATA = 5'd4,   // 16 key bytes from sdi into the key register, 4 at a time
        S_NPUB_HDR = 5'd5,   // read the nonce header
        S_NPUB_DATA = 5'd6,  // 16 nonce bytes into S3 S4, the key into S1 S2, 4 bytes at a time
        S_PERM = 5'd7,       // the permutation; then what ret_q says
        S_KEYI = 5'd8,       // after initialisation: S3 S4 ^= K, 4 bytes per clock
        S_HDR = 5'd9,        // read a segment header (AD, PT/CT, HASH_MSG); ENC writes the CT header
        S_DATA = 5'd10,      // one data byte per clock, a group of 4 absorbed with its last
        S_PAD = 5'd11,       // the last, partial group and the padding byte
        S_ALIGN = 5'd12,     // rotate the rate's remaining groups back into place
        S_KEYF = 5'd13,      // before finalisation: S2 S3 ^= K, 4 bytes per clock
        S_TAG_HDR = 5'd14,   // ENC: write the TAG header
        S_TAG_OUT = 5'd15,   // ENC: write 16 tag bytes
        S_TAG_IHDR = 5'd16,  // DEC: read the TAG header
        S_TAG_IN = 5'd17,    // DEC: read 16 tag bytes, compare
        S_PT_HDR = 5'd18,    // DEC: write the PT header
        S_PT_OUT = 5'd19,    // DEC: write the buffered plaintext
        S_DIG_HDR = 5'd20,   // HASH/XOF: write the DIGEST header
        S_DIG_OUT = 5'd21,   // HASH/XOF: write digest bytes
        S_STATUS = 5'd22;    // write SUCCESS or FAILURE

    // what follows a permutation
    localparam [2:0] R_INIT = 3'd0,  // AEAD initialisation: S_KEYI
        R_DATA = 3'd1,     // a full data block: go on with the data
        R_DSEP = 3'd2,     // the last AD block: domain separation, then the message
        R_FINAL = 3'd3,    // AEAD finalisation: the tag
        R_HINIT = 3'd4,    // hash initialisation: the message
        R_SQUEEZE = 3'd5;  // the next 64 bits of digest

    // what follows the padding (and the rate's alignment)
    localparam [1:0] PH_AD = 2'd0, PH_MSG = 2'd1, PH_HASH = 2'd2;

    // state moves
    localparam [2:0] MV_NONE = 3'd0,
        MV_ROTA = 3'd1,    // a round's first clock (COLS = 32): every word rotates right by 32
        MV_ROUND = 3'd2,   // a round's last clock: the S-box outputs (with ybuf_q) are the state
        MV_RATE = 3'd3,    // the rate (S0 S1, or S0 for hashing) rotates, a group absorbed at the top
        MV_NPUB = 3'd4,    // S1 S2 rotate with the key's low word, S3 S4 with a nonce group
        MV_S34 = 3'd5,     // S3 S4 rotate, the key's low word XORed into S3's low word
        MV_S23 = 3'd6;     // S2 S3 rotate, likewise into S2's low word

    // --- registers ------------------------------------------------------------------------------

    reg [4:0]   state_q, state_d;
    reg [2:0]   ret_q, ret_d;
    reg [3:0]   rnd_q, rnd_d;          // round index 0..11 (p[8] starts at 4)
    reg [3:0]   sub_q, sub_d;          // clock of the round 0..STEPS-1
    reg         lin_en_q, lin_en_d;    // the state is a round's S-box output: the linear layer first
    reg         fin_q, fin_d;          // the permutation's last linear layer, the S-box bypassed
    reg [5*COLS-1:0] ybuf_q;           // COLS = 32: the S-box outputs of a round's first clock
    reg [63:0]  s0_q, s0_d, s1_q, s1_d, s2_q, s2_d, s3_q, s3_d, s4_q, s4_d;
    reg [127:0] k_q;                   // K0 in bits 63..0, K1 in 127..64 (when not rotating)
    reg [23:0]  hold_q;                // the first three bytes of a group of four, byte j in 8j+7..8j
    reg         dec_q, dec_d;          // ENC or DEC: decrypting
    reg         aead_q, aead_d;        // AEAD, not hashing
    reg [1:0]   phase_q, phase_d;
    reg [15:0]  len_q, len_d;          // bytes left in the segment (DEC: then plaintext bytes to write)
    reg         eot_q, eot_d;          // the segment is its type's last
    reg [3:0]   bpos_q, bpos_d;        // byte of the rate block (digest: of S0); its group bpos[3:2]
    reg         ad_any_q, ad_any_d;    // some AD byte was absorbed
    reg [3:0]   cnt_q, cnt_d;          // byte of a header, key, nonce, tag; step of a rotation
    reg         fail_q, fail_d;        // DEC: a tag byte differed, or the buffer overflowed
    reg [BUF_AW:0] ptr_q, ptr_d;       // DEC: buffer bytes written, then read
    reg [15:0]  out_q, out_d;          // HASH/XOF: digest bytes still to write

    // decided by the FSM below
    reg [2:0]   mv;                    // the state move
    reg         k_rot;                 // the key register rotates right by 32
    reg         k_load;                // ... with a key group from sdi at the top
    reg         hold_we;               // a byte into hold_q at bpos_q[1:0] (cnt_q[1:0] for key, nonce)
    reg [1:0]   hold_at;
    reg [3:0]   grp_valid;             // MV_RATE: the group's bytes that carry data
    reg         grp_pad;               // MV_RATE: the padding byte after them
    reg         load_aead, load_hash, load_xof;  // an instruction's initial state
    reg         dsep;                  // the domain separation: S4 bit 63 flips

    always @(posedge clk) begin
        if (rst) state_q <= S_IDLE;
        else state_q <= state_d;
        ret_q <= ret_d;
        rnd_q <= rnd_d;
        sub_q <= sub_d;
        lin_en_q <= lin_en_d;
        fin_q <= fin_d;
        if (mv == MV_ROTA) ybuf_q <= y_all;
        s0_q <= s0_d;
        s1_q <= s1_d;
        s2_q <= s2_d;
        s3_q <= s3_d;
        s4_q <= s4_d;
        if (k_rot) k_q <= {k_load ? {sdi_data, hold_q} : k_q[31:0], k_q[127:32]};
        if (hold_we) hold_q[8 * hold_at +: 8] <= state_q == S_KEY_DATA ? sdi_data : pdi_data;
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

    // The register holds the state at a permutation's start, then each round's S-box output (the
    // linear layer is applied on the way into the next round's S-box, on the COLS lowest bit
    // positions, and once more, the S-box bypassed, after the last round). With COLS = 32 a
    // round's first clock takes columns 0..31 while every word rotates right by 32 (its S-box
    // outputs wait in ybuf_q), the second columns 32..63, now at the bottom, and writes the
    // round's output; the layer's taps do not move with the rotation.
    wire [5*COLS-1:0] lin_slice;
    ascon_linear #(.COLS(COLS)) u_linear (
        .s_in({s4_q, s3_q, s2_q, s1_q, s0_q}),
        .en(lin_en_q),
        .s_out(lin_slice)
    );
    wire [7:0]      rc = {~rnd_q, rnd_q};
    wire [63:0]     rc_word = {56'd0, sub_q == 4'd0 ? rc : 8'd0};
    wire [COLS-1:0] y0, y1, y2, y3, y4;
    ascon_sbox #(.COLS(COLS)) u_sbox (
        .x0(lin_slice[COLS-1:0]),
        .x1(lin_slice[2*COLS-1:COLS]),
        .x2(lin_slice[3*COLS-1:2*COLS] ^ rc_word[COLS-1:0]),
        .x3(lin_slice[4*COLS-1:3*COLS]),
        .x4(lin_slice[5*COLS-1:4*COLS]),
        .y0(y0),
        .y1(y1),
        .y2(y2),
        .y3(y3),
        .y4(y4)
    );
    wire [5*COLS-1:0] y_all = fin_q ? lin_slice : {y4, y3, y2, y1, y0};
    wire [319:0] round_out;
    generate
        if (COLS == 64) begin : gen_round_one
            assign round_out = y_all;
        end else begin : gen_round_two
            assign round_out = {y_all[159:128], ybuf_q[159:128], y_all[127:96], ybuf_q[127:96], y_all[95:64], ybuf_q[95:64],
                                y_all[63:32], ybuf_q[63:32], y_all[31:0], ybuf_q[31:0]};
        end
    endgenerate

    wire round_end = sub_q == STEPS - 4'd1;
    wire last_round = rnd_q == 4'd11;

    // --- data bytes -----------------------------------------------------------------------------

    // The rate's bytes 4g .. 4g+3 are S0's low word while the rate has rotated g times.
    wire [1:0]  bsel = bpos_q[1:0];
    wire [7:0]  rate_byte = s0_q[8 * bsel +: 8];
    wire [7:0]  absorbed = rate_byte ^ pdi_data;           // ENC: ciphertext; DEC: plaintext
    wire        block_full = bpos_q == (aead_q ? 4'd15 : 4'd7);
    wire [15:0] len_next = len_q - 16'd1;
    wire        dec_msg = dec_q && phase_q == PH_MSG;
    // ENC writes a ciphertext byte (or CT header byte) in the clock it reads the plaintext byte
    wire        enc_msg = aead_q && !dec_q && phase_q == PH_MSG;
    // a group of 4 bytes, the 4th from the bus (pdi; sdi for the key)
    wire [31:0] group = {pdi_data, hold_q};
    // the rate's new low word as it rotates: the group's data bytes XORed in (DEC: the ciphertext
    // bytes replace the state's), the padding byte after them
    reg  [31:0] rate_new;
    integer j;
    always @(*) begin
        for (j = 0; j < 4; j = j + 1)
            rate_new[8 * j +: 8] = grp_valid[j] && dec_msg ? group[8 * j +: 8]
                : s0_q[8 * j +: 8] ^ (grp_valid[j] ? group[8 * j +: 8] : 8'd0) ^ {7'd0, grp_pad && bsel == j[1:0]};
    end
    // the tag byte: S3's low word as S3 S4 rotate, XORed with the rotating key's
    wire [1:0]  tsel = cnt_q[1:0];
    wire [7:0]  tag_byte = s3_q[8 * tsel +: 8] ^ k_q[8 * tsel +: 8];
    wire        tag_fail = fail_q || pdi_data != tag_byte;

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
            // read combinationally in S_PT_OUT; gated, so that Yosys does not merge the pointer
            // register into the read port and map the memory to block RAM
            assign buf_raddr = ptr_q[BUF_AW-1:0] & {BUF_AW{state_q == S_PT_OUT}};
        end
    endgenerate

    assign do_last = state_q == S_STATUS;

    // --- the state ------------------------------------------------------------------------------

    always @(*) begin
        s0_d = s0_q;
        s1_d = s1_q;
        s2_d = s2_q;
        s3_d = s3_q;
        s4_d = s4_q;
        case (mv)
            MV_ROTA: begin
                s0_d = {s0_q[31:0], s0_q[63:32]};
                s1_d = {s1_q[31:0], s1_q[63:32]};
                s2_d = {s2_q[31:0], s2_q[63:32]};
                s3_d = {s3_q[31:0], s3_q[63:32]};
                s4_d = {s4_q[31:0], s4_q[63:32]};
            end
            MV_ROUND: {s4_d, s3_d, s2_d, s1_d, s0_d} = round_out;
            MV_RATE: if (aead_q) begin
                s0_d = {s1_q[31:0], s0_q[63:32]};
                s1_d = {rate_new, s1_q[63:32]};
            end else begin
                s0_d = {rate_new, s0_q[63:32]};
            end
            MV_NPUB: begin
                s1_d = {s2_q[31:0], s1_q[63:32]};
                s2_d = {k_q[31:0], s2_q[63:32]};
                s3_d = {s4_q[31:0], s3_q[63:32]};
                s4_d = {group, s4_q[63:32]};
            end
            MV_S34: begin
                s3_d = {s4_q[31:0], s3_q[63:32]};
                s4_d = {s3_q[31:0] ^ k_q[31:0], s4_q[63:32]};
            end
            MV_S23: begin
                s2_d = {s3_q[31:0], s2_q[63:32]};
                s3_d = {s2_q[31:0] ^ k_q[31:0], s3_q[63:32]};
            end
            default: ;
        endcase
        if (dsep) s4_d[63] = ~s4_d[63];
        if (load_aead) s0_d = IV_AEAD;
        if (load_hash || load_xof) begin
            s0_d = load_xof ? IV_XOF : IV_HASH;
            s1_d = 64'd0;
            s2_d = 64'd0;
            s3_d = 64'd0;
            s4_d = 64'd0;
        end
    end

    // --- control --------------------------------------------------------------------------------

    // where a segment's data ends: the padding after the type's last segment, else the next header
    wire [4:0]  seg_end = eot_q ? S_PAD : S_HDR;
    wire [15:0] hdr_len = {len_q[15:8], pdi_data};  // a header's length at its last byte
    // the rate's last group: bytes 12..15 (AEAD), 4..7 (hashing)
    wire        last_group = bpos_q[2] && (bpos_q[3] || !aead_q);
    // after the padding and the alignment
    reg  [4:0]  after_pad;
    always @(*) begin
        case (phase_q)
            PH_AD: after_pad = S_PERM;      // p[8], then the domain separation
            PH_MSG: after_pad = S_KEYF;
            default: after_pad = S_DIG_HDR;  // the header first, then p[12]
        endcase
    end

    always @(*) begin
        state_d = state_q;
        ret_d = ret_q;
        rnd_d = rnd_q;
        sub_d = 4'd0;     // a permutation starts with its first clock, the layer off
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
        pdi_ready = 1'b0;
        sdi_ready = 1'b0;
        do_valid = 1'b0;
        do_data = 8'd0;
        mv = MV_NONE;
        k_rot = 1'b0;
        k_load = 1'b0;
        hold_we = 1'b0;
        hold_at = bsel;
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
                sub_d = 4'd0;
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

            S_KEY_DATA: if (sdi_valid) begin  // the first key group ends in bits 31..0
                sdi_ready = 1'b1;
                hold_we = 1'b1;
                hold_at = cnt_q[1:0];
                k_rot = cnt_q[1:0] == 2'd3;
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

            S_NPUB_DATA: if (pdi_valid) begin  // S1 S2 <- K, S3 S4 <- N, a group at a time
                pdi_ready = 1'b1;
                hold_we = 1'b1;
                hold_at = cnt_q[1:0];
                if (cnt_q[1:0] == 2'd3) begin
                    mv = MV_NPUB;
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
                    mv = MV_ROTA;
                    sub_d = sub_q + 4'd1;
                end else begin
                    mv = MV_ROUND;
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

            S_KEYI: begin  // S3 ^= K0, S4 ^= K1, a word per clock
                mv = MV_S34;
                k_rot = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
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
                if (bsel == 2'd3) begin  // the group's 4th byte: absorbed as the rate rotates
                    mv = MV_RATE;
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
                end else begin  // the partial group (bpos[1:0] bytes in hold_q) and the padding byte
                    mv = MV_RATE;
                    grp_valid = {1'b0, bsel == 2'd3, bsel >= 2'd2, bsel != 2'd0};
                    grp_pad = 1'b1;
                    bpos_d = {bpos_q[3:2] + 2'd1, 2'b00};
                    if (phase_q == PH_AD) begin
                        rnd_d = 4'd4;
                        ret_d = R_DSEP;
                    end else if (phase_q == PH_HASH) begin
                        ret_d = R_SQUEEZE;
                    end
                    state_d = last_group ? after_pad : S_ALIGN;
                end
            end

            S_ALIGN: begin  // the rate's remaining groups rotate back into place
                mv = MV_RATE;
                bpos_d = {bpos_q[3:2] + 2'd1, 2'b00};
                if (last_group) state_d = after_pad;
            end

            S_KEYF: begin  // S2 ^= K0, S3 ^= K1, a word per clock
                mv = MV_S23;
                k_rot = 1'b1;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
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
                if (tsel == 2'd3) begin
                    mv = MV_S34;  // the next word of the tag (S4 is not needed after it)
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
                if (tsel == 2'd3) begin
                    mv = MV_S34;
                    k_rot = 1'b1;
                end
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

            S_DIG_OUT: if (do_ready) begin  // S0's bytes, its low word, then it rotates
                do_valid = 1'b1;
                do_data = rate_byte;
                if (bsel == 2'd3) mv = MV_RATE;
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
