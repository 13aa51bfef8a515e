`default_nettype none
// groestl256_lw_datapath: memories, S-box lanes, MixBytes accumulator and write-back of
// the lightweight Grøstl-256 core (see groestl256_lw_core for the architecture).
//
// Lanes. Four lanes k = 0..3 each take one state byte per clock: in the first half of an
// output column j the bytes of rows 0-3, in the second half those of rows 4-7, each from
// its ShiftBytes source column (j + shift(row)) mod 8. Every memory is split by lane: lane
// k's memories hold rows k and k + 4, so the four bytes of a half column come from four
// memories with four independent read addresses (registered in the controller).
//
//   state  4 x 32 x 8 LUT RAM, address {perm, half, physical column}: P and Q, updated
//          in place (each byte is written where its lane read the byte it replaces;
//          the controller rotates the addresses of each row from round to round)
//   H      4 x 16 x 8 LUT RAM, address {half, column}: chaining value (8 columns used)
//   M      4 x 16 x 8 LUT RAM, address {half, column}: the message block (8 columns used)
//
// Pipeline, one half column per clock:
//   R  read: S-box input = (state, or M for Q's round 0, or H ^ M for P's round 0) ^ the
//      round constant, registered (sb_in_q, or the block RAM's address register)
//   S  SubBytes into sb_q (logic S-boxes, or in the block-RAM version for lanes 0 and 1
//      the block-RAM table, whose output is registered again in sb_q)
//   X  MixBytes: acc_d = rot4(acc_q) ^ mix4(sb_q); acc_q is zero before a first half,
//      so after the second half acc_d = rot4(MixBytes(column)): rows 0-3 of the column
//      (acc_d[31:0]) are written, rows 4-7 (acc_d[63:32]) go to wb_q
//   W  rows 4-7 are written from wb_q
// Rounds 0-8 write the state memory; round 9 writes H ^= column (H read at the written
// address: read-modify-write through the asynchronous read port), which forms
// h ^ Q(m) and then h ^ Q(m) ^ P(h ^ m) (or P(h) ^ h for the output transformation).
// While the chaining value is still the IV (first block), H reads as the IV.
module groestl256_lw_datapath #(
    // 1: S-box lanes 0 and 1 look up a block-RAM table; 0: four logic S-boxes.
    parameter USE_BRAM = 0
) (
    input  wire        clk,
    // R stage (registered in the controller)
    input  wire        r_valid,   // a half column is read
    input  wire        r_half,    // rows 4-7
    input  wire        r_perm,    // 1: P, 0: Q
    input  wire        r_last,    // round 9: the result goes to H
    input  wire [2:0]  r_j,       // output column
    input  wire [11:0] r_col,     // lane k's physical source column, bits 11-3k .. 9-3k
    input  wire        r_state,   // S-box input from the state memory ...
    input  wire        r_use_h,   // ... else (H if r_use_h) ^ (M if r_use_m)
    input  wire        r_use_m,
    input  wire        r_iv,      // H reads as the IV (first block of a message)
    input  wire [31:0] r_const,   // round constant of the four bytes
    // message input
    input  wire [15:0] din,
    input  wire [3:0]  m_we,      // lane k's M memory takes a byte of din
    input  wire [3:0]  m_waddr,   // {half, column}
    // digest output: word o_word of the last 256 bits of H
    input  wire        o_en,
    input  wire [3:0]  o_word,
    output wire [15:0] dout
);

    initial begin
        if (USE_BRAM != 0 && USE_BRAM != 1) begin
            $display("groestl256_lw_datapath: USE_BRAM must be 0 or 1, got %0d", USE_BRAM);
            $finish;
        end
    end

    // ------------------------------------------------------------ pipeline control
    reg        s_valid_q, s_half_q, s_perm_q, s_last_q, s_iv_q;
    reg [2:0]  s_j_q;
    reg [11:0] s_col_q;
    reg        x_valid_q, x_half_q, x_perm_q, x_last_q, x_iv_q;
    reg [2:0]  x_j_q;
    reg [11:0] x_col_q;
    reg        w_valid_q, w_half_q, w_perm_q, w_last_q, w_iv_q;
    reg [2:0]  w_j_q;
    reg [11:0] w_col_q;

    always @(posedge clk) begin
        s_valid_q <= r_valid;
        s_half_q <= r_half;
        s_perm_q <= r_perm;
        s_col_q <= r_col;
        s_last_q <= r_last;
        s_iv_q <= r_iv && !r_perm;   // only Q's round-9 write-back sees the IV
        s_j_q <= r_j;
        x_valid_q <= s_valid_q;
        x_half_q <= s_half_q;
        x_perm_q <= s_perm_q;
        x_col_q <= s_col_q;
        x_last_q <= s_last_q;
        x_iv_q <= s_iv_q;
        x_j_q <= s_j_q;
        w_valid_q <= x_valid_q;
        w_half_q <= x_half_q;
        w_perm_q <= x_perm_q;
        w_col_q <= x_col_q;
        w_last_q <= x_last_q;
        w_iv_q <= x_iv_q;
        w_j_q <= x_j_q;
    end

    // The two halves of a column enter one after the other, so when the second half is
    // in X, the first is in W: both writes of a column take their addresses and controls
    // from W (w_col_q: the lanes' read addresses, written in place).
    wire w0 = x_valid_q && x_half_q;  // the column is complete on acc_d: write rows 0-3
    wire w1 = w_valid_q && w_half_q;  // write rows 4-7 from wb_q

    // ------------------------------------------------------------ memories
    wire [31:0] s_rd, h_rd, m_rd;
    reg  [31:0] h_wd;
    wire [31:0] s_wd;
    reg  [63:0] acc_q;
    wire [63:0] acc_d;
    reg  [31:0] wb_q;

    // write data of the column's half being written, lane k in bits 31-8k .. 24-8k
    assign s_wd = w0 ? acc_d[31:0] : wb_q;
    wire       s_we = (w0 || w1) && !w_last_q;
    wire       h_we = (w0 || w1) && w_last_q;
    wire [3:0] h_waddr = {!w0, w_j_q};
    // the same two, registered one stage earlier for H's read-address multiplexer (off
    // the critical path from the pipeline registers to the S-box inputs)
    reg        h_we_q;
    reg  [3:0] h_waddr_q;
    always @(posedge clk) begin
        h_we_q <= ((s_valid_q && s_half_q) || (x_valid_q && x_half_q)) && x_last_q;
        h_waddr_q <= {!(s_valid_q && s_half_q), x_j_q};
    end

    // H write data: H (or the IV) ^ the column half. The IV is 0x01 in row 6 of column 7.
    integer k;
    always @* begin
        for (k = 0; k < 4; k = k + 1)
            h_wd[31 - 8*k -: 8] = (w_iv_q ? 8'h00 : h_rd[31 - 8*k -: 8]) ^ s_wd[31 - 8*k -: 8];
        if (w_iv_q && !w0 && w_j_q == 3'd7) h_wd[8] = ~h_wd[8];
    end

    genvar gk;
    generate
        for (gk = 0; gk < 4; gk = gk + 1) begin : gen_lane
            wire [2:0] col = r_col[11 - 3*gk -: 3];
            // H's read port: the write-back address while H is written, the digest word
            // while it is output, else the lane's ShiftBytes address
            wire [3:0] h_raddr = h_we_q ? h_waddr_q
                               : o_en ? {o_word[1], 1'b1, o_word[3:2]}
                               : {r_half, col};
            // in place: a byte is written where its lane read the byte it replaces
            lut_ram #(.AW(5), .WIDTH(8)) u_state (
                .clk(clk),
                .we(s_we),
                .waddr({w_perm_q, !w0, w_col_q[11 - 3*gk -: 3]}),
                .wdata(s_wd[31 - 8*gk -: 8]),
                .raddr({r_perm, r_half, col}),
                .rdata(s_rd[31 - 8*gk -: 8])
            );
            lut_ram #(.AW(4), .WIDTH(8)) u_h (
                .clk(clk),
                .we(h_we),
                .waddr(h_waddr),
                .wdata(h_wd[31 - 8*gk -: 8]),
                .raddr(h_raddr),
                .rdata(h_rd[31 - 8*gk -: 8])
            );
            lut_ram #(.AW(4), .WIDTH(8)) u_m (
                .clk(clk),
                .we(m_we[gk]),
                .waddr(m_waddr),
                .wdata(gk % 2 == 0 ? din[15:8] : din[7:0]),
                .raddr({r_half, col}),
                .rdata(m_rd[31 - 8*gk -: 8])
            );
        end
    endgenerate

    // ------------------------------------------------------------ R: S-box inputs
    reg [31:0] sb_in;
    always @* begin
        for (k = 0; k < 4; k = k + 1)
            sb_in[31 - 8*k -: 8] = r_state ? s_rd[31 - 8*k -: 8]
                : (({8{r_use_h && !r_iv}} & h_rd[31 - 8*k -: 8]) ^ ({8{r_use_m}} & m_rd[31 - 8*k -: 8]));
        // the IV's 0x01 (row 6 of column 7) for P's input h ^ m of a first block
        if (r_use_h && r_iv && r_half && r_col[5:3] == 3'd7) sb_in[8] = ~sb_in[8];
        sb_in = sb_in ^ r_const;
    end

    // ------------------------------------------------------------ S: SubBytes
    // The logic S-boxes take registered inputs (sb_in_q) and keep their own hierarchy:
    // flattened, synthesis merges the input multiplexers above into each S-box's table
    // and grows it. In the block-RAM version lanes 0 and 1 give sb_in straight to the
    // block RAM, whose address register plays the part of sb_in_q, and its output is
    // registered once more in the fabric (the block RAM's clock-to-output time is long).
    wire [31:0] sb_q;
    generate
        if (USE_BRAM == 1) begin : gen_bram_sbox
            wire [15:0] s01;
            reg  [15:0] s01_q;
            groestl256_lw_sbox_rom u_rom (
                .clk(clk),
                .a0(sb_in[31:24]),
                .a1(sb_in[23:16]),
                .s0(s01[15:8]),
                .s1(s01[7:0])
            );
            always @(posedge clk) s01_q <= s01;
            assign sb_q[31:16] = s01_q;
        end else begin : gen_logic_sbox01
            reg  [15:0] sb_in01_q;
            wire [15:0] s01;
            reg  [15:0] s01_q;
            always @(posedge clk) sb_in01_q <= sb_in[31:16];
            (* keep_hierarchy *) aes_sbox u_s0 (.a(sb_in01_q[15:8]), .s(s01[15:8]));
            (* keep_hierarchy *) aes_sbox u_s1 (.a(sb_in01_q[7:0]), .s(s01[7:0]));
            always @(posedge clk) s01_q <= s01;
            assign sb_q[31:16] = s01_q;
        end
    endgenerate

    reg  [15:0] sb_in23_q;
    wire [15:0] s23;
    reg  [15:0] s23_q;
    always @(posedge clk) sb_in23_q <= sb_in[15:0];
    (* keep_hierarchy *) aes_sbox u_s2 (.a(sb_in23_q[15:8]), .s(s23[15:8]));
    (* keep_hierarchy *) aes_sbox u_s3 (.a(sb_in23_q[7:0]), .s(s23[7:0]));
    always @(posedge clk) s23_q <= s23;
    assign sb_q[15:0] = s23_q;

    // ------------------------------------------------------------ X: MixBytes
    wire [63:0] mix;
    groestl256_lw_mix4 u_mix (
        .x(sb_q),
        .c(mix)
    );

    // acc_q is cleared (the flip-flops' synchronous reset) after a column's second half
    // and while nothing is in X, so a first half starts from zero without a multiplexer
    assign acc_d = {acc_q[31:0], acc_q[63:32]} ^ mix;
    always @(posedge clk) begin
        if (!x_valid_q || x_half_q) acc_q <= 64'd0;
        else acc_q <= acc_d;
        if (w0) wb_q <= acc_d[63:32];
    end

    // ------------------------------------------------------------ digest
    assign dout = o_word[0] ? h_rd[15:0] : h_rd[31:16];

endmodule
