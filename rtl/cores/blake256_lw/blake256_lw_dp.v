`default_nettype none
// blake256_lw_dp: datapath of the lightweight BLAKE-256 cores: the state v in four
// row RAMs, one G function as a two-stage pipeline (one half of G per stage), the
// chaining value in two shift rings, and the digest output.
//
// State: row a (v0..v3), b (v4..v7), c (v8..v11), d (v12..v15), each a 32-bit
// distributed RAM with one asynchronous read port (stage 1) and one write port
// (stage 2). G number k of a column step uses word k of every row; of a diagonal step
// word k of a, k+1 of b, k+2 of c, k+3 of d (mod 4): only the addresses differ.
//
// Stage 1: a += b + (m0 ^ c0); d = (d ^ a) >>> 16; c += d; b = (b ^ c) >>> 12
// Stage 2: a += b + (m1 ^ c1); d = (d ^ a) >>> 8;  c += d; b = (b ^ c) >>> 7
// (a + b + x as one carry-save LUT layer and one carry chain).
//
// Block boundary: loading tokens (columns k = 0..3) prepare the next block's state.
// A finalization token (s1_shift with s1_fin) reads column k, which holds exactly
// v_k, v_{k+4}, v_{k+8}, v_{k+12}, and shifts h'_k = h_k ^ v_k ^ v_{k+8} and
// h'_{k+4} = h_{k+4} ^ v_{k+4} ^ v_{k+12} into the rings; a start token (s1_shift
// alone) rotates the rings. At stage 2 either writes h (the word just shifted in), c_k
// and t ^ c_{k+4} (t0 for k = 0, 1, t1 for k = 2, 3) into column k instead of G's
// results (s2_load), so that the first step of the block is an ordinary one and the
// state RAMs feed the adders directly. After the last block the rings hold the digest.
module blake256_lw_dp (
    input  wire        clk,
    // Constant indices: c0 with port A's read, c1 with port B's read
    input  wire [3:0]  cidx0,
    input  wire [3:0]  cidx1,
    input  wire [31:0] m0,
    input  wire [31:0] m1,
    // Stage 1
    input  wire        s1_shift,    // loading token: shift the rings
    input  wire        s1_fin,      // ... taking h ^ v_k ^ v_{k+8} (else rotating)
    input  wire [7:0]  s1_addr,     // row addresses {d, c, b, a}; a = k, the G number
    // Stage 2
    input  wire        s2_we,
    input  wire        s2_load,     // write h, c_k, t ^ c_{k+4} into column k
    input  wire [7:0]  s2_addr,
    input  wire [63:0] t,
    input  wire        msg_start,
    // Digest output
    input  wire        out_shift_a,
    input  wire        out_shift_b,
    input  wire [1:0]  out_sel,     // {word of ring b, low half}
    output wire [15:0] dout
);

    function [31:0] cst(input [3:0] i);
        case (i)
            4'd0: cst = 32'h243F6A88;
            4'd1: cst = 32'h85A308D3;
            4'd2: cst = 32'h13198A2E;
            4'd3: cst = 32'h03707344;
            4'd4: cst = 32'hA4093822;
            4'd5: cst = 32'h299F31D0;
            4'd6: cst = 32'h082EFA98;
            4'd7: cst = 32'hEC4E6C89;
            4'd8: cst = 32'h452821E6;
            4'd9: cst = 32'h38D01377;
            4'd10: cst = 32'hBE5466CF;
            4'd11: cst = 32'h34E90C6C;
            4'd12: cst = 32'hC0AC29B7;
            4'd13: cst = 32'hC97C50DD;
            4'd14: cst = 32'h3F84D5B5;
            default: cst = 32'hB5470917;
        endcase
    endfunction

    function [31:0] iv(input [2:0] i);
        case (i)
            3'd0: iv = 32'h6A09E667;
            3'd1: iv = 32'hBB67AE85;
            3'd2: iv = 32'h3C6EF372;
            3'd3: iv = 32'hA54FF53A;
            3'd4: iv = 32'h510E527F;
            3'd5: iv = 32'h9B05688C;
            3'd6: iv = 32'h1F83D9AB;
            default: iv = 32'h5BE0CD19;
        endcase
    endfunction

    // a + b + x: carry-save layer, then one adder
    function [31:0] add3(input [31:0] p, input [31:0] q, input [31:0] r);
        reg [31:0] s;
        reg [30:0] cy;
        begin
            s = p ^ q ^ r;
            cy = (p[30:0] & q[30:0]) | (p[30:0] & r[30:0]) | (q[30:0] & r[30:0]);
            add3 = s + {cy, 1'b0};
        end
    endfunction

    // ---- state rows ----
    reg [31:0] row_a [0:3];
    reg [31:0] row_b [0:3];
    reg [31:0] row_c [0:3];
    reg [31:0] row_d [0:3];

    // ---- chaining value rings: slot 0 is read, a shift moves slot i+1 to i ----
    reg [31:0] ha0_q, ha1_q, ha2_q, ha3_q;   // h0..h3
    reg [31:0] hb0_q, hb1_q, hb2_q, hb3_q;   // h4..h7

    // ---- constants ----
    reg [31:0] c0_q, c1_q;
    always @(posedge clk) begin
        c0_q <= cst(cidx0);
        c1_q <= cst(cidx1);
    end

    // ---- stage 1 ----
    wire [31:0] va = row_a[s1_addr[1:0]];
    wire [31:0] vb = row_b[s1_addr[3:2]];
    wire [31:0] vc = row_c[s1_addr[5:4]];
    wire [31:0] vd = row_d[s1_addr[7:6]];

    wire [31:0] na = ha0_q ^ va ^ vc;   // new h_k
    wire [31:0] nb = hb0_q ^ vb ^ vd;   // new h_{k+4}
    wire [31:0] a1 = add3(va, vb, m0 ^ c0_q);
    wire [31:0] dx1 = vd ^ a1;
    wire [31:0] d1 = {dx1[15:0], dx1[31:16]};
    wire [31:0] c1 = vc + d1;
    wire [31:0] bx1 = vb ^ c1;
    wire [31:0] b1 = {bx1[11:0], bx1[31:12]};

    reg [31:0] pa_q, pb_q, pc_q, pd_q;
    always @(posedge clk) begin
        pa_q <= a1;
        pb_q <= b1;
        pc_q <= c1;
        pd_q <= d1;
    end

    // ---- stage 2 ----
    wire [31:0] a2 = add3(pa_q, pb_q, m1 ^ c1_q);
    wire [31:0] dx2 = pd_q ^ a2;
    wire [31:0] d2 = {dx2[7:0], dx2[31:8]};
    wire [31:0] c2 = pc_q + d2;
    wire [31:0] bx2 = pb_q ^ c2;
    wire [31:0] b2 = {bx2[6:0], bx2[31:7]};

    // loading tokens (columns only, so every address is k): the next block's start
    wire [1:0] s2_k = s2_addr[1:0];
    wire [31:0] tc = (s2_k[1] ? t[63:32] : t[31:0]) ^ cst({2'b01, s2_k});
    always @(posedge clk) begin
        if (s2_we) begin
            row_a[s2_addr[1:0]] <= s2_load ? ha3_q : a2;
            row_b[s2_addr[3:2]] <= s2_load ? hb3_q : b2;
            row_c[s2_addr[5:4]] <= s2_load ? cst({2'b00, s2_k}) : c2;
            row_d[s2_addr[7:6]] <= s2_load ? tc : d2;
        end
    end

    // ---- chaining value ----
    // finalization tokens shift h' in, start and output rotate
    wire shift_a = s1_shift || out_shift_a;
    wire shift_b = s1_shift || out_shift_b;
    always @(posedge clk) begin
        if (msg_start) begin
            ha0_q <= iv(3'd0);
            ha1_q <= iv(3'd1);
            ha2_q <= iv(3'd2);
            ha3_q <= iv(3'd3);
        end else if (shift_a) begin
            ha0_q <= ha1_q;
            ha1_q <= ha2_q;
            ha2_q <= ha3_q;
            ha3_q <= s1_fin ? na : ha0_q;
        end
        if (msg_start) begin
            hb0_q <= iv(3'd4);
            hb1_q <= iv(3'd5);
            hb2_q <= iv(3'd6);
            hb3_q <= iv(3'd7);
        end else if (shift_b) begin
            hb0_q <= hb1_q;
            hb1_q <= hb2_q;
            hb2_q <= hb3_q;
            hb3_q <= s1_fin ? nb : hb0_q;
        end
    end

    // ---- digest words: h0 high half first ----
    wire [31:0] hsel = out_sel[1] ? hb0_q : ha0_q;
    assign dout = out_sel[0] ? hsel[15:0] : hsel[31:16];

endmodule
