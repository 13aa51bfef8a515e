`default_nettype none
// groestl256_datapath: the Grøstl-256 round unit, shared by P and Q in two pipeline
// stages, with the chaining value, the message buffer and the digest output.
//
// State layout: a 512-bit vector holds the 8x8 byte matrix column by column, byte k of
// the block (row k mod 8 of column k div 8) in bits 511-8k .. 504-8k, so column j is
// bus word j (bits 511-64j .. 448-64j) and the message words shift in unchanged.
//
//   s_q  (512)  round input, round constant already added: the S-box inputs
//   t_q  (512)  after SubBytes and ShiftBytes: the MixBytes inputs
//   h_q  (512)  chaining value H (IV when idle; h ^ Q(..), then h' at the block end)
//   m_q  (512)  message buffer, a shift register of 8 words (the next block)
//
// Stage 1: t_q <= ShiftBytes(SubBytes(s_q)) (64 AES S-boxes; ShiftBytes is wiring: P's
// offsets for both permutations, since Q's state is stored pre-rotated in round 3).
// Stage 2: s_q <= (MixBytes(t_q) & g_mb) ^ (h_q & g_h) ^ (m_q & g_m) ^ (constant & g_c),
// i.e. the next round's input with its AddRoundConstant, or a new block's P or Q input,
// or the digest; in round 3 a 2:1 multiplexer per bit pre-rotates Q's rows (Q's
// ShiftBytes offsets differ from P's). P and Q alternate in the two stages (see
// groestl256_ctrl). t_q is cleared while idle, so MixBytes gives 0 in the two cycles
// that start a message.
module groestl256_datapath #(
    // Grøstl version: 2 (Grøstl-0 of round 2) or 3 (tweaked, round 3).
    parameter VERSION = 3
) (
    input  wire        clk,
    input  wire [63:0] din,
    input  wire        m_shift,
    input  wire        idle,
    input  wire        en,
    input  wire        h_en,
    input  wire        g_mb,
    input  wire        g_h,
    input  wire        g_m,
    input  wire        g_c,
    input  wire        rc_q,
    input  wire [3:0]  rc_round,
    input  wire        sb_q,
    input  wire        capture,
    input  wire        out_next,
    output wire [63:0] dout
);

    initial begin
        if (VERSION != 2 && VERSION != 3) begin
            $display("groestl256_datapath: VERSION must be 2 or 3, got %0d", VERSION);
            $finish;
        end
    end

    // IV: the digest size, 256, in the last two bytes
    localparam [511:0] IV = 512'h0100;

    reg  [511:0] s_q, s_d;
    reg  [511:0] s_x;   // the state input before Q's pre-rotation
    reg  [511:0] t_q, t_d;
    reg  [511:0] h_q, h_d;
    reg  [511:0] m_q, m_d;
    wire [511:0] sub;   // SubBytes(s_q)
    wire [511:0] mix;   // MixBytes(t_q)
    reg  [511:0] rc;    // round constant

    // Row offsets of ShiftBytes: row r of the result is row r rotated left by the offset
    function integer shift_q(input integer row);
        shift_q = VERSION == 2 ? row : (row < 4 ? 2*row + 1 : 2*row - 8);
    endfunction

    genvar gi;
    generate
        for (gi = 0; gi < 64; gi = gi + 1) begin : gen_sbox
            aes_sbox u_sbox (
                .a(s_q[511 - 8*gi -: 8]),
                .s(sub[511 - 8*gi -: 8])
            );
        end
        for (gi = 0; gi < 8; gi = gi + 1) begin : gen_mix
            groestl_mix_column u_mix (
                .a(t_q[511 - 64*gi -: 64]),
                .b(mix[511 - 64*gi -: 64])
            );
        end
    endgenerate

    // Stage 1: SubBytes, then P's ShiftBytes for both permutations (byte (r, j) takes byte
    // (r, j + r)): Q's state is stored pre-rotated (see stage 2), so no multiplexer sits
    // next to the S-boxes, where synthesis would merge it into each S-box's logic.
    integer r, j;
    always @* begin
        for (j = 0; j < 8; j = j + 1)
            for (r = 0; r < 8; r = r + 1)
                t_d[511 - 64*j - 8*r -: 8] = sub[511 - 64*((j + r) % 8) - 8*r -: 8];
    end

    // AddRoundConstant of round rc_round of P or Q (zero unless g_c)
    always @* begin
        rc = 512'd0;
        for (j = 0; j < 8; j = j + 1) begin
            if (VERSION == 2) begin
                if (j == 0) begin
                    rc[511 - 8*0 -: 8] = rc_q ? 8'h00 : {4'h0, rc_round};
                    rc[511 - 8*7 -: 8] = rc_q ? {4'hf, ~rc_round} : 8'h00;
                end
            end else begin
                if (rc_q) begin
                    rc[511 - 64*j -: 64] = {64{1'b1}};
                    rc[511 - 64*j - 8*7 -: 8] = ~({j[3:0], 4'h0} ^ {4'h0, rc_round});
                end else begin
                    rc[511 - 64*j -: 8] = {j[3:0], 4'h0} ^ {4'h0, rc_round};
                end
            end
        end
        if (!g_c) rc = 512'd0;
    end

    // Stage 2 and the state input. The permutation in stage 2 is the one not in stage 1,
    // so the state entering s_q is Q's when sb_q is 0. In round 3 Q's state is stored with
    // row r rotated left by shift_q(r) - r, so that P's ShiftBytes in stage 1 gives Q's.
    always @* begin
        s_x = ({512{g_mb}} & mix) ^ ({512{g_h}} & h_q) ^ ({512{g_m}} & m_q) ^ rc;
        for (j = 0; j < 8; j = j + 1)
            for (r = 0; r < 8; r = r + 1)
                if (sb_q)
                    s_d[511 - 64*j - 8*r -: 8] = s_x[511 - 64*j - 8*r -: 8];
                else
                    s_d[511 - 64*j - 8*r -: 8] = s_x[511 - 64*((j + shift_q(r) - r + 8) % 8) - 8*r -: 8];
        h_d = h_q ^ mix;
        m_d = {m_q[447:0], din};
    end

    // Registers: enables and clears map to the flip-flops' CE and synchronous reset
    always @(posedge clk) begin
        if (en) s_q <= s_d;
        if (idle) t_q <= 512'd0;
        else if (en) t_q <= t_d;
        if (idle) h_q <= IV;
        else if (h_en) h_q <= h_d;
        if (m_shift) m_q <= m_d;
    end

    // Digest: the last 256 bits of P(h) ^ h, columns 4..7. Column 4 exists only on s_d
    // in the capture cycle; the others are read from s_q, which holds the whole result
    // from the next cycle on while the round unit is stopped (en = 0).
    onehot_reg_mux #(
        .WORDS(4),
        .WIDTH(64)
    ) u_out_mux (
        .clk(clk),
        .start(capture),
        .next(out_next),
        .words({s_d[255:192], s_q[191:0]}),
        .load({3'b111, capture}),
        .dout(dout)
    );

endmodule
