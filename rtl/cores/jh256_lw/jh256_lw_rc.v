`default_nettype none
// jh256_lw_rc: the round constant bits of the lightweight JH cores, 32 per cycle.
//
// Round r, cycle t (0..7) of a block needs bits 32t..32t+31 of C_r (most significant
// first), the S-box selectors of state elements 32t..32t+31.
//
// USE_BRAM = 0: generated on the fly, folded like the state. C_r is 64 4-bit elements;
// cycle t reads its elements 8t..8t+7 (two quads of pairs) and runs R6 on them (S0 on
// each, L on each pair); P6 sends the two quads' results to new pairs 2t, 2t+1 (C_{r+1}
// bits 16t..16t+15, "low") and 16+2t, 16+2t+1 (bits 128+16t.., "high"). C is kept in
// four 16-bit LUT RAMs K<h><s>: K<h><s> holds half h (0: upper 16 bits) of the 32-bit
// words u of C with u[2] = s, at address {0, copy, u[1:0]}, two copies (round r reads
// copy r[0] and writes the other one). Reading word t takes K0<t2> and K1<t2>; the low
// result goes to K<t0>0 and the high one to K<t0>1 at address {0, copy', t[2:1]}, so
// the write data needs no multiplexer (write enables choose). C0 is the RAMs'
// initial content at addresses 8..11, read in round 0.
//
// USE_BRAM = 1: all 42 constants in one block RAM (jh256_lw_crom, 336 words of 32
// bits) with a registered read, addressed with the next {round, cycle}.
module jh256_lw_rc #(
    parameter USE_BRAM = 0
) (
    input  wire        clk,
    input  wire        step,      // the engine moves on at this edge
    input  wire [5:0]  r,         // round of this cycle
    input  wire [2:0]  t,         // cycle in the round
    input  wire [5:0]  r_next,    // round and cycle of the next cycle (block RAM address)
    input  wire [2:0]  t_next,
    output wire [31:0] c
);

    initial begin
        if (USE_BRAM != 0 && USE_BRAM != 1) begin
            $display("jh256_lw_rc: USE_BRAM must be 0 or 1, got %0d", USE_BRAM);
            $finish;
        end
    end

    generate
        if (USE_BRAM) begin : gen_bram
            jh256_lw_crom u_rom (
                .clk(clk),
                .addr({r_next, t_next}),
                .q(c)
            );
            wire unused = &{1'b0, step, r, t};
        end else begin : gen_r6
            // S0 as one truth table per output bit (the low halves of jh256_sbox's)
            localparam [15:0] S0_BIT3 = 16'hc2b9;
            localparam [15:0] S0_BIT2 = 16'hb8b4;
            localparam [15:0] S0_BIT1 = 16'h9ec8;
            localparam [15:0] S0_BIT0 = 16'h31d9;

            wire       r0 = (r == 6'd0);
            wire [3:0] ra = {r0, r0 ? 1'b0 : r[0], t[1:0]};
            wire [3:0] wa = {1'b0, ~r[0], t[2:1]};
            wire [15:0] k00, k01, k10, k11;
            wire [15:0] low, high;

            jh256_lw_ram #(.W(16), .INIT({16'h6a09, 16'hf3bc, 16'hb2fb, 16'hea95})) u_k00 (
                .clk(clk), .we(step && !t[0]), .wa(wa), .wd(low), .ra(ra), .rd(k00));
            jh256_lw_ram #(.W(16), .INIT({16'h3ade, 16'h1277, 16'hda2f, 16'h0667})) u_k01 (
                .clk(clk), .we(step && !t[0]), .wa(wa), .wd(high), .ra(ra), .rd(k01));
            jh256_lw_ram #(.W(16), .INIT({16'he667, 16'hc908, 16'h1366, 16'h7d3e})) u_k10 (
                .clk(clk), .we(step && t[0]), .wa(wa), .wd(low), .ra(ra), .rd(k10));
            jh256_lw_ram #(.W(16), .INIT({16'hc175, 16'h5099, 16'h590b, 16'h322a})) u_k11 (
                .clk(clk), .we(step && t[0]), .wa(wa), .wd(high), .ra(ra), .rd(k11));

            assign c = {t[2] ? k01 : k00, t[2] ? k11 : k10};

            // R6 on the 8 elements of this cycle
            wire [31:0] s;
            genvar i;
            for (i = 0; i < 8; i = i + 1) begin : gen_s0
                wire [3:0] x = c[31-4*i -: 4];
                assign s[31-4*i -: 4] = {S0_BIT3[x], S0_BIT2[x], S0_BIT1[x], S0_BIT0[x]};
            end
            // L on pairs j = 0..3: A = element 2j, B = element 2j+1; D = B + 2A, C = A + 2D
            wire [3:0] lc [0:3];
            wire [3:0] ld [0:3];
            for (i = 0; i < 4; i = i + 1) begin : gen_l
                wire [3:0] a = s[31-8*i -: 4];
                wire [3:0] b = s[27-8*i -: 4];
                wire [3:0] d = b ^ {a[2], a[1], a[0] ^ a[3], a[3]};
                assign ld[i] = d;
                assign lc[i] = a ^ {d[2], d[1], d[0] ^ d[3], d[3]};
            end
            // P6: new pair q' = (C_{2q'}, D_{2q'+1}), new pair 16 + q' = (C_{2q'+1}, D_{2q'})
            assign low  = {lc[0], ld[1], lc[2], ld[3]};
            assign high = {lc[1], ld[0], lc[3], ld[2]};

            wire unused = &{1'b0, r_next, t_next, r[5:1]};
        end
    endgenerate

endmodule
