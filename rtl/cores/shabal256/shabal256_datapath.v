`default_nettype none
// shabal256_datapath: the Shabal-256 state as word rings, one permutation step per clock.
//
// Every register is a ring of 32-bit words that moves by one word per active cycle
// (word p takes word p+1, the last word takes the ring's input), so most flip-flops
// have no logic in front of them. Position 0 is the head.
//
//   A ring (12 words): step s reads A[s mod 12] at the head and A[s-1] (the last step's
//     result) at the tail, and writes the new word at the tail.
//   B ring (16 words): step s (i = s mod 16) reads B[i] at the head and B[i+13],
//     B[i+9], B[i+6] at positions 13, 9 and 6; it writes rotl1(B[i]) at the tail, and the XOR with ~A
//     is applied one cycle later, when that word moves from position 15 to 14 (the A
//     ring's tail then holds the new A word). So the B update is not in series with
//     the A step; the word is read again three steps later.
//   C ring (16 words): rotates during the steps, so step s finds C[8-s] at position
//     8 - 2 (s mod 8) (eight tap registers, see below) and C[s+3] at position 3.
//     (A fixed tap would need C stored in reverse order, but the transfers between
//     the B and C rings keep the word order, and P reads B upwards and C downwards.)
//   M ring (16 words): the current block, M[s mod 16] at the head.
//   S ring (12 words): the sums of the final A += C additions, accumulated during
//     steps 0..35 (S[k] += C[k+3] at steps k, k+12, k+24: C[k+3], C[k+15], C[k+11]).
//
// Transfer (16 cycles between permutations): the B ring's head goes into the C ring
// (new C = B), the C ring's head, minus the old message word, plus the new one, rotated
// by 17, into the B ring (new B for the next permutation, with B += M and the rotation
// by 17 of P done on the way), the next block's words into the M ring, and during the
// first 12 cycles A[k] += S[k] (S is cleared behind). The counter W is a two-word ring
// with one 32-bit incrementer; its words are XORed into the step's first operand at
// steps 0 and 1 (register WI, zero in the other cycles through its synchronous reset).
//
// A message starts from the initial state with B and C exchanged (B ring = C_IV,
// C ring = B_IV, M ring = 0, S ring = 0, W = 0), so that the first transfer gives
// B = rotl17(B_IV + M1), C = C_IV, A = A_IV, W = 1 like any other. The final rounds
// are transfers with the message ring kept (new B = rotl17(C)) and W not incremented.
module shabal256_datapath (
    input  wire        clk,
    input  wire        init,       // load the initial state
    input  wire [63:0] din,
    input  wire        mn_shift,   // next-block FIFO: shift by one bus word (din at the tail)
    input  wire        step,       // one permutation step
    input  wire        xfer,       // one transfer cycle
    input  wire        run,        // step or xfer
    input  wire        xfer_next,  // transfer takes the next block (not a final round)
    input  wire        mn_odd,     // transfer: odd word of the next-block FIFO head
    input  wire        a_rot,      // transfer: A += S for this word (cycles 0..11)
    input  wire        s_acc,      // S accumulates (steps 0..35)
    input  wire [7:0]  tclr,       // clear C tap register k (all but the next step's index mod 8)
    input  wire        w_inc,      // transfer cycle 0 of a normal block: W += 1
    input  wire        w_carry,    // transfer cycle 1 of a normal block: carry into W high
    input  wire        wi_clr,     // WI is zero (all but transfer cycle 15 and step 0)
    input  wire        b_out,      // output: shift the B ring
    output wire [63:0] dout
);

    localparam [383:0] A_IV = 384'heb21b74aeffdbc6b22af50dc14ce5a45b0d2eb8cd2b5c1cabb7c44c9e0078b86b96451912d8ee3ece54b799952f84552;
    localparam [511:0] B_IV = 512'h55cb34a530924dd43299ace43ea8b96bb38b8890be2163065138c1d4a6e036150afe40029cb6bf72696fd868da28c1fa9301515fa72a652f3e710596b555c6ee;
    localparam [511:0] C_IV = 512'h9b491c60ba839e55e6e00bf7bc96882883e82a7f758b4b8b60e2ceba88b59d60ed61443356c56167a327b8e1c51c28aec0dd9d55b3733979c4233ebab405f031;

    reg  [383:0] a_q;   // A ring, position p in bits 32p+31..32p
    reg  [511:0] b_q;
    reg  [511:0] c_q;
    reg  [511:0] m_q;
    reg  [383:0] s_q;
    reg  [511:0] mn_q;  // next block: bus word j (block words 2j, 2j+1) in bits 64j+63..64j
    reg  [31:0]  w0_q, w1_q;
    reg          wc_q;  // carry out of W's low word
    reg  [31:0]  wi_q;
    reg          fix_q; // the B word at position 15 still lacks its XOR with ~A

    function [31:0] rotl;
        input [31:0] x;
        input integer n;
        begin
            rotl = (x << n) | (x >> (32 - n));
        end
    endfunction

    function [31:0] bswap;
        input [31:0] x;
        begin
            bswap = {x[7:0], x[15:8], x[23:16], x[31:24]};
        end
    endfunction

    wire [31:0] a_head = a_q[31:0];
    wire [31:0] a_tail = a_q[383:352];
    wire [31:0] b_head = b_q[31:0];
    wire [31:0] c_head = c_q[31:0];
    wire [31:0] m_head = m_q[31:0];
    wire [31:0] s_head = s_q[31:0];

    // C tap: step s reads C[8 - s], at position 8 - 2*(s mod 8) of the ring. Instead of
    // an 8:1 multiplexer, eight tap registers take their position's word one step
    // ahead (from the position behind it) and are zero (synchronous reset) unless
    // selected, so the tap is the OR of the eight.
    reg  [255:0] ct_q;
    // Two OR4 halves (kept, so that ABC does not build the OR from wide multiplexers);
    // at most one tap register is nonzero, so the step XORs both halves.
    (* keep *) wire [31:0] c_tap_lo = ct_q[31:0] | ct_q[63:32] | ct_q[95:64] | ct_q[127:96];
    (* keep *) wire [31:0] c_tap_hi = ct_q[159:128] | ct_q[191:160] | ct_q[223:192] | ct_q[255:224];
    always @(posedge clk) begin
        if (tclr[0]) ct_q[0*32 +: 32] <= 32'd0; else ct_q[0*32 +: 32] <= c_q[9*32 +: 32];
        if (tclr[1]) ct_q[1*32 +: 32] <= 32'd0; else ct_q[1*32 +: 32] <= c_q[7*32 +: 32];
        if (tclr[2]) ct_q[2*32 +: 32] <= 32'd0; else ct_q[2*32 +: 32] <= c_q[5*32 +: 32];
        if (tclr[3]) ct_q[3*32 +: 32] <= 32'd0; else ct_q[3*32 +: 32] <= c_q[3*32 +: 32];
        if (tclr[4]) ct_q[4*32 +: 32] <= 32'd0; else ct_q[4*32 +: 32] <= c_q[1*32 +: 32];
        if (tclr[5]) ct_q[5*32 +: 32] <= 32'd0; else ct_q[5*32 +: 32] <= c_q[15*32 +: 32];
        if (tclr[6]) ct_q[6*32 +: 32] <= 32'd0; else ct_q[6*32 +: 32] <= c_q[13*32 +: 32];
        if (tclr[7]) ct_q[7*32 +: 32] <= 32'd0; else ct_q[7*32 +: 32] <= c_q[11*32 +: 32];
    end

    // The step
    wire [31:0] v_in = rotl(a_tail, 15);
    wire [31:0] v = v_in + {v_in[29:0], 2'b00};
    wire [31:0] x = a_head ^ v ^ c_tap_lo ^ c_tap_hi ^ wi_q;
    wire [31:0] u = x + {x[30:0], 1'b0};
    wire [31:0] a_new = u ^ b_q[13*32 +: 32] ^ (b_q[9*32 +: 32] & ~b_q[6*32 +: 32]) ^ m_head;

    // The transfer
    wire [31:0] mn_word = mn_odd ? bswap(mn_q[31:0]) : bswap(mn_q[63:32]);
    wire [31:0] m_in = xfer_next ? mn_word : m_head;
    // kept apart, so that Yosys makes two carry chains instead of a three-operand sum
    (* keep *) wire [31:0] c_sub = c_head - m_head;
    wire [31:0] b_new = rotl(c_sub + m_in, 17);
    wire [31:0] a_sum = a_head + s_head;
    wire [31:0] s_sum = s_head + c_q[3*32 +: 32];
    wire [32:0] w_sum = {1'b0, w0_q} + {32'd0, w_inc | w_carry & wc_q};

    wire b_shift = run | b_out;

    always @(posedge clk) begin
        if (init) begin
            a_q <= A_IV;
            b_q <= C_IV;
            c_q <= B_IV;
            m_q <= 512'd0;
            w0_q <= 32'd0;
            w1_q <= 32'd0;
            fix_q <= 1'b0;
        end else begin
            if (step || a_rot)
                a_q <= {step ? a_new : a_sum, a_q[383:32]};
            if (b_shift)
                b_q <= {step ? rotl(b_head, 1) : b_new,
                        b_q[511:480] ^ (fix_q ? ~a_tail : 32'd0),
                        b_q[479:32]};
            if (run) begin
                c_q <= {xfer ? b_head : c_head, c_q[511:32]};
                m_q <= {m_in, m_q[511:32]};
                w0_q <= w1_q;
                w1_q <= w_sum[31:0];
            end
            if (b_shift) fix_q <= step;
        end
        // S ring: the tail word is cleared (synchronous reset) behind the A += S
        // additions of a transfer
        if (init) s_q[351:0] <= 352'd0;
        else if (s_acc || a_rot) s_q[351:0] <= s_q[383:32];
        if (init || xfer) s_q[383:352] <= 32'd0;
        else if (s_acc) s_q[383:352] <= s_sum;
        if (w_inc) wc_q <= w_sum[32];
        if (wi_clr) wi_q <= 32'd0;
        else wi_q <= w1_q;
        if (mn_shift) mn_q <= {din, mn_q[511:64]};
    end

    // Digest: C[8..15] after the last round = B[8..15] of the last permutation; word
    // pairs B[8+2j], B[9+2j] reach positions 8 and 9 after 2j shifts.
    assign dout = {bswap(b_q[8*32 +: 32]), bswap(b_q[9*32 +: 32])};

endmodule
