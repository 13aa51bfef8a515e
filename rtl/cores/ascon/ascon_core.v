`default_nettype none
// ascon_core: Ascon-AEAD128, Ascon-Hash256 and Ascon-XOF128 (NIST SP 800-232), basic iterative:
// one permutation round per clock, the permutation shared by all three, behind hashbed's LWC
// interface (docs/interface.md): 32-bit pdi, sdi and do, ACTKEY/LDKEY, ENC, DEC, HASH and XOF.
//
// Data words are absorbed one per clock straight into the rate (S0, S1 for the AEAD, S0 for
// hashing), a word's bytes swapped to the standard's little-endian order; a full block starts
// the permutation (p[8] between AEAD blocks, p[12] for hashing); the end of a type's last
// segment XORs the padding byte in. Encryption writes each ciphertext word in the clock that
// reads its plaintext word. Decryption writes the plaintext into a buffer of 2^BUF_AW words and
// releases it only after the tag has matched: a wrong tag (or a ciphertext longer than the
// buffer) answers FAILURE alone (docs/cores/ascon.md).
module ascon_core #(
    // Bus width in bits; only 32 is implemented.
    parameter W = 32,
    // The plaintext buffer of decryption holds 2^BUF_AW words (4 .. 13).
    parameter BUF_AW = 9
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
        if (W != 32) begin
            $display("ascon_core: W must be 32, got %0d", W);
            $finish;
        end
        if (BUF_AW < 4 || BUF_AW > 13) begin
            $display("ascon_core: BUF_AW must be 4 .. 13, got %0d", BUF_AW);
            $finish;
        end
    end

    // --- constants ------------------------------------------------------------------------------

    localparam [3:0] OP_ENC = 4'b0010, OP_DEC = 4'b0011, OP_ACTKEY = 4'b0111, OP_HASH = 4'b1000, OP_XOF = 4'b1001;
    localparam [63:0] IV_AEAD = 64'h00001000808C0001;
    localparam [63:0] IV_HASH = 64'h0000080100CC0002;
    localparam [63:0] IV_XOF  = 64'h0000080000CC0003;
    localparam [31:0] STATUS_OK = 32'hE0000000, STATUS_FAIL = 32'hF0000000;
    localparam [31:0] TAG_HEADER = 32'h83000010;  // TAG, EOT, Last, 16 bytes

    // FSM states
    localparam [4:0] S_IDLE = 5'd0,  // read an instruction from pdi
        S_KEY_INS = 5'd1,   // read LDKEY from sdi
        S_KEY_HDR = 5'd2,   // read the key segment header from sdi
        S_KEY_DATA = 5'd3,  // read 4 key words from sdi
        S_NPUB_HDR = 5'd4,  // read the nonce header
        S_NPUB_DATA = 5'd5, // read 4 nonce words into S3, S4
        S_PERM = 5'd6,      // one round per clock; then what ret_q says
        S_KEYX = 5'd7,      // after initialisation: S3, S4 ^= K
        S_HDR = 5'd8,       // read a segment header (AD, PT/CT, HASH_MSG); ENC writes the CT header
        S_DATA = 5'd9,      // absorb one data word per clock
        S_PAD = 5'd10,      // the padding byte after a type's last segment
        S_TAG_HDR = 5'd11,  // ENC: write the TAG header
        S_TAG_OUT = 5'd12,  // ENC: write 4 tag words
        S_TAG_IHDR = 5'd13, // DEC: read the TAG header
        S_TAG_IN = 5'd14,   // DEC: read 4 tag words, compare
        S_PT_HDR = 5'd15,   // DEC: write the PT header
        S_PT_OUT = 5'd16,   // DEC: write the buffered plaintext
        S_DIG_HDR = 5'd17,  // HASH/XOF: write the DIGEST header
        S_DIG_OUT = 5'd18,  // HASH/XOF: write digest words
        S_STATUS = 5'd19;   // write SUCCESS or FAILURE

    // what follows a permutation
    localparam [2:0] R_INIT = 3'd0,  // AEAD initialisation: S_KEYX
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
    reg [319:0] s_q, s_d;              // S0 in bits 63..0 ... S4 in 319..256
    reg [127:0] k_q, k_d;              // K0 in bits 63..0, K1 in 127..64
    reg         dec_q, dec_d;          // ENC or DEC: decrypting
    reg         aead_q, aead_d;        // AEAD, not hashing
    reg [1:0]   phase_q, phase_d;
    reg [15:0]  len_q, len_d;          // bytes left in the segment (then: words or bytes to write)
    reg         eot_q, eot_d;          // the segment is its type's last
    reg [4:0]   bpos_q, bpos_d;        // bytes of the current block absorbed
    reg         ad_any_q, ad_any_d;    // some AD byte was absorbed
    reg [1:0]   wcnt_q, wcnt_d;        // word of a key, nonce, tag or digest lane
    reg         fail_q, fail_d;        // DEC: a tag word differed, or the buffer overflowed
    reg [15:0]  ptlen_q, ptlen_d;      // DEC: plaintext bytes
    reg [BUF_AW:0] ptr_q, ptr_d;       // DEC: buffer words written, then read
    reg [15:0]  out_q, out_d;          // HASH/XOF: digest bytes still to write

    always @(posedge clk) begin
        if (rst) state_q <= S_IDLE;
        else state_q <= state_d;
        ret_q <= ret_d;
        rnd_q <= rnd_d;
        s_q <= s_d;
        k_q <= k_d;
        dec_q <= dec_d;
        aead_q <= aead_d;
        phase_q <= phase_d;
        len_q <= len_d;
        eot_q <= eot_d;
        bpos_q <= bpos_d;
        ad_any_q <= ad_any_d;
        wcnt_q <= wcnt_d;
        fail_q <= fail_d;
        ptlen_q <= ptlen_d;
        ptr_q <= ptr_d;
        out_q <= out_d;
    end

    // --- datapath pieces ------------------------------------------------------------------------

    function [31:0] bswap;
        input [31:0] x;
        bswap = {x[7:0], x[15:8], x[23:16], x[31:24]};
    endfunction

    // the valid bytes of a word, at its top (big-endian bus order), for n = 1..4 bytes left
    function [31:0] top_bytes;
        input [15:0] n;
        top_bytes = n >= 16'd4 ? 32'hFFFFFFFF : n == 16'd3 ? 32'hFFFFFF00 : n == 16'd2 ? 32'hFFFF0000 : 32'hFF000000;
    endfunction

    wire [319:0] round_out;
    ascon_round u_round (
        .s_in(s_q),
        .rc({~rnd_q, rnd_q}),
        .s_out(round_out)
    );

    wire        last_round = rnd_q == 4'd11;
    wire [4:0]  rate_bytes = aead_q ? 5'd16 : 5'd8;
    wire [2:0]  vb = len_q >= 16'd4 ? 3'd4 : len_q[2:0];         // bytes of this data word
    wire [31:0] mask_be = top_bytes(len_q);
    wire [31:0] mask_le = bswap(mask_be);
    wire [31:0] din_le = bswap(pdi_data) & mask_le;

    // the rate word the data word goes to: word bpos/4 of S0, S1 (little-endian halves)
    wire [1:0]  widx = bpos_q[3:2];
    wire [31:0] rate_word = s_q[32 * widx +: 32];
    wire [31:0] absorbed = rate_word ^ din_le;                      // AD, PT, hash message
    wire [31:0] replaced = (rate_word & ~mask_le) | din_le;         // DEC: the ciphertext bytes
    wire [31:0] out_word = bswap(absorbed) & mask_be;               // ENC: ciphertext; DEC: plaintext
    wire [4:0]  bpos_next = bpos_q + {2'd0, vb};
    wire [15:0] len_next = len_q - {13'd0, vb};

    // the padding byte 0x01 at byte bpos of the rate
    reg [127:0] pad_vec;
    integer i;
    always @(*) begin
        for (i = 0; i < 16; i = i + 1) pad_vec[8 * i +: 8] = {7'd0, bpos_q[3:0] == i[3:0]};
    end

    // the tag, S3 ^ K0, S4 ^ K1, as words on the bus
    wire [127:0] tag_le = s_q[319:192] ^ k_q;
    wire [31:0]  tag_word = bswap(tag_le[32 * wcnt_q +: 32]);
    wire         tag_fail = fail_q || pdi_data != tag_word;  // DEC: so far, with this tag word

    // the digest: word wcnt of S0, its unused bytes zero
    wire [31:0]  dig_word = bswap(s_q[32 * wcnt_q[0] +: 32]) & top_bytes(out_q);
    wire [15:0]  out_next = out_q - (out_q >= 16'd4 ? 16'd4 : out_q);

    // the plaintext buffer
    wire [BUF_AW-1:0] buf_raddr;
    wire [31:0]       buf_rdata;
    wire              buf_we = state_q == S_DATA && dec_q && phase_q == PH_MSG && pdi_valid;
    block_ram #(.AW(BUF_AW), .WIDTH(32)) u_buffer (
        .clk(clk),
        .we(buf_we),
        .waddr(ptr_q[BUF_AW-1:0]),
        .wdata(out_word),
        .raddr(buf_raddr),
        .rdata(buf_rdata)
    );
    // the buffer reads ahead: its output is the word at ptr_q in S_PT_OUT
    assign buf_raddr = ptr_q[BUF_AW-1:0] + {{(BUF_AW - 1) {1'b0}}, state_q == S_PT_OUT && do_ready};

    // ENC writes a ciphertext word (or header) in the clock it reads the plaintext word (or header)
    wire enc_msg = aead_q && !dec_q && phase_q == PH_MSG;
    assign do_last = state_q == S_STATUS;

    // --- control --------------------------------------------------------------------------------

    // where a segment's data ends: the padding after the type's last segment, else the next header
    wire [4:0] seg_end = eot_q ? S_PAD : S_HDR;

    always @(*) begin
        state_d = state_q;
        ret_d = ret_q;
        rnd_d = rnd_q;
        s_d = s_q;
        k_d = k_q;
        dec_d = dec_q;
        aead_d = aead_q;
        phase_d = phase_q;
        len_d = len_q;
        eot_d = eot_q;
        bpos_d = bpos_q;
        ad_any_d = ad_any_q;
        wcnt_d = wcnt_q;
        fail_d = fail_q;
        ptlen_d = ptlen_q;
        ptr_d = ptr_q;
        out_d = out_q;
        pdi_ready = 1'b0;
        sdi_ready = 1'b0;
        do_valid = 1'b0;
        do_data = 32'd0;

        case (state_q)
            S_IDLE: if (pdi_valid) begin
                pdi_ready = 1'b1;
                wcnt_d = 2'd0;
                bpos_d = 5'd0;
                ad_any_d = 1'b0;
                fail_d = 1'b0;
                ptlen_d = 16'd0;
                ptr_d = {(BUF_AW + 1) {1'b0}};
                rnd_d = 4'd0;
                case (pdi_data[31:28])
                    OP_ACTKEY: state_d = S_KEY_INS;
                    OP_ENC, OP_DEC: begin
                        dec_d = pdi_data[28];
                        aead_d = 1'b1;
                        phase_d = PH_AD;
                        s_d[191:0] = {k_q, IV_AEAD};
                        state_d = S_NPUB_HDR;
                    end
                    OP_HASH, OP_XOF: begin
                        dec_d = 1'b0;
                        aead_d = 1'b0;
                        phase_d = PH_HASH;
                        s_d = {256'd0, pdi_data[28] ? IV_XOF : IV_HASH};
                        out_d = pdi_data[28] ? pdi_data[15:0] : 16'd32;
                        ret_d = R_HINIT;
                        state_d = S_PERM;
                    end
                    default: ;  // not an instruction of this core: dropped
                endcase
            end

            S_KEY_INS: if (sdi_valid) begin
                sdi_ready = 1'b1;
                state_d = S_KEY_HDR;
            end

            S_KEY_HDR: if (sdi_valid) begin
                sdi_ready = 1'b1;
                state_d = S_KEY_DATA;
            end

            S_KEY_DATA: if (sdi_valid) begin
                sdi_ready = 1'b1;
                k_d[32 * wcnt_q +: 32] = bswap(sdi_data);
                wcnt_d = wcnt_q + 2'd1;
                if (wcnt_q == 2'd3) state_d = S_IDLE;
            end

            S_NPUB_HDR: if (pdi_valid) begin
                pdi_ready = 1'b1;
                state_d = S_NPUB_DATA;
            end

            S_NPUB_DATA: if (pdi_valid) begin
                pdi_ready = 1'b1;
                s_d[192 + 32 * wcnt_q +: 32] = bswap(pdi_data);
                wcnt_d = wcnt_q + 2'd1;
                if (wcnt_q == 2'd3) begin
                    ret_d = R_INIT;
                    state_d = S_PERM;
                end
            end

            S_PERM: begin
                s_d = round_out;
                rnd_d = rnd_q + 4'd1;
                if (last_round) begin
                    case (ret_q)
                        R_INIT: state_d = S_KEYX;
                        R_DATA: begin
                            bpos_d = 5'd0;
                            state_d = len_q == 16'd0 ? seg_end : S_DATA;
                        end
                        R_DSEP: begin
                            s_d[319] = ~round_out[319];
                            bpos_d = 5'd0;
                            phase_d = PH_MSG;
                            state_d = S_HDR;
                        end
                        R_FINAL: begin
                            wcnt_d = 2'd0;
                            state_d = dec_q ? S_TAG_IHDR : S_TAG_HDR;
                        end
                        R_HINIT: state_d = S_HDR;
                        default: begin  // R_SQUEEZE
                            wcnt_d = 2'd0;
                            state_d = S_DIG_OUT;
                        end
                    endcase
                end
            end

            S_KEYX: begin
                s_d[319:192] = s_q[319:192] ^ k_q;
                state_d = S_HDR;
            end

            S_HDR: if (pdi_valid && (!enc_msg || do_ready)) begin
                pdi_ready = 1'b1;
                do_valid = enc_msg;
                do_data = {4'b0101, 2'b00, pdi_data[25], 9'd0, pdi_data[15:0]};  // CT, EOT as given
                len_d = pdi_data[15:0];
                eot_d = pdi_data[25];
                if (phase_q == PH_AD && pdi_data[15:0] != 16'd0) ad_any_d = 1'b1;
                if (dec_q && phase_q == PH_MSG) ptlen_d = ptlen_q + pdi_data[15:0];
                state_d = pdi_data[15:0] == 16'd0 ? (pdi_data[25] ? S_PAD : S_HDR) : S_DATA;
            end

            S_DATA: if (pdi_valid && (!enc_msg || do_ready)) begin
                pdi_ready = 1'b1;
                do_valid = enc_msg;
                do_data = out_word;
                s_d[32 * widx +: 32] = dec_q && phase_q == PH_MSG ? replaced : absorbed;
                if (buf_we) begin
                    ptr_d = ptr_q + {{BUF_AW{1'b0}}, 1'b1};
                    if (ptr_q[BUF_AW]) fail_d = 1'b1;  // longer than the buffer: never released
                end
                len_d = len_next;
                bpos_d = bpos_next;
                if (bpos_next == rate_bytes) begin
                    rnd_d = aead_q ? 4'd4 : 4'd0;
                    ret_d = R_DATA;
                    state_d = S_PERM;
                end else if (len_next == 16'd0) begin
                    state_d = seg_end;
                end
            end

            S_PAD: begin
                rnd_d = 4'd0;
                case (phase_q)
                    PH_AD: if (ad_any_q) begin
                        s_d[127:0] = s_q[127:0] ^ pad_vec;
                        rnd_d = 4'd4;
                        ret_d = R_DSEP;
                        state_d = S_PERM;
                    end else begin  // no AD: domain separation alone
                        s_d[319] = ~s_q[319];
                        phase_d = PH_MSG;
                        state_d = S_HDR;
                    end
                    PH_MSG: begin  // the last block, then finalisation: S2, S3 ^= K
                        s_d[127:0] = s_q[127:0] ^ pad_vec;
                        s_d[255:128] = s_q[255:128] ^ k_q;
                        ret_d = R_FINAL;
                        state_d = S_PERM;
                    end
                    default: begin
                        s_d[63:0] = s_q[63:0] ^ pad_vec[63:0];
                        ret_d = R_SQUEEZE;
                        state_d = S_DIG_HDR;  // the header first, then p[12]
                    end
                endcase
            end

            S_TAG_HDR: if (do_ready) begin
                do_valid = 1'b1;
                do_data = TAG_HEADER;
                state_d = S_TAG_OUT;
            end

            S_TAG_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = tag_word;
                wcnt_d = wcnt_q + 2'd1;
                if (wcnt_q == 2'd3) state_d = S_STATUS;
            end

            S_TAG_IHDR: if (pdi_valid) begin
                pdi_ready = 1'b1;
                state_d = S_TAG_IN;
            end

            S_TAG_IN: if (pdi_valid) begin
                pdi_ready = 1'b1;
                wcnt_d = wcnt_q + 2'd1;
                fail_d = tag_fail;
                if (wcnt_q == 2'd3) begin
                    ptr_d = {(BUF_AW + 1) {1'b0}};
                    len_d = (ptlen_q + 16'd3) >> 2;  // plaintext words
                    state_d = tag_fail ? S_STATUS : S_PT_HDR;
                end
            end

            S_PT_HDR: if (do_ready) begin
                do_valid = 1'b1;
                do_data = {8'h43, 8'h00, ptlen_q};  // PT, EOT, Last
                state_d = len_q == 16'd0 ? S_STATUS : S_PT_OUT;
            end

            S_PT_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = buf_rdata;
                ptr_d = ptr_q + {{BUF_AW{1'b0}}, 1'b1};
                len_d = len_q - 16'd1;
                if (len_q == 16'd1) state_d = S_STATUS;
            end

            S_DIG_HDR: if (do_ready) begin
                do_valid = 1'b1;
                do_data = {8'h93, 8'h00, out_q};  // DIGEST, EOT, Last
                // p[12] of the padded last block (ret_q = R_SQUEEZE); no output: the status
                state_d = out_q == 16'd0 ? S_STATUS : S_PERM;
            end

            S_DIG_OUT: if (do_ready) begin
                do_valid = 1'b1;
                do_data = dig_word;
                out_d = out_next;
                wcnt_d = wcnt_q + 2'd1;
                rnd_d = 4'd0;
                if (out_next == 16'd0) state_d = S_STATUS;
                else if (wcnt_q[0]) state_d = S_PERM;  // the next 64 bits (ret_q = R_SQUEEZE)
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
