`default_nettype none
// keccak256_lw_bram_core: Keccak-256 (r = 1088, c = 512), lightweight with one block RAM,
// the hashbed core interface (docs/interface.md) on a 16-bit bus, host-side padding.
//
// Architecture (budget 900-1300 LUT4s, 1300 FFs, one block RAM on ECP5): a 32-bit
// half-lane datapath with the state in the block RAM.
//   * Lanes are bit-interleaved: half E holds the even bits of a lane, half O the odd bits.
//     A 64-bit rotation by r is then two 32-bit rotations: E' = rot(O, (r+1)/2),
//     O' = rot(E, r/2) for odd r, E' = rot(E, r/2), O' = rot(O, r/2) for even r; theta's
//     rot(C, 1) is D_E = C[x-1]_E ^ rot(C[x+1]_O, 1), D_O = C[x-1]_O ^ C[x+1]_E.
//   * The state: 25 lane slots x 2 halves in one DP16KD (keccak256_lw_state_bram, 64 x 32
//     used, one registered read and one write per clock; its read register is cleared for
//     the zero state of a message's first block). A lane is read as two halves in two
//     clocks, the O half first when its rho offset is odd, so the rotator (32 bits, five
//     2:1 levels) always gives E' then O'.
//   * Rows are read in the order y' = 0, 1, 2, 4, 3, each by source column x = 0..4
//     (x' = x + 2y'), so chi finds B[x'+1] and B[x'+2] at fixed taps of a 13-half shift
//     register (two taps further back for a row's last lanes); an output half leaves every
//     clock, 7 clocks after its read (the block RAM's read data is registered once more
//     before theta), and is written into the half it came from (in place; slots renamed by
//     pi^-1 each round as in keccak256_lw_core).
//   * Column parities in distributed RAM, 10 half lanes each (lut_ram): the
//     next round's parities accumulate in one (read-modify-write per output half), and the
//     last row writes the final values into two copies read by theta (C[x-1] and C[x+1]
//     in one clock). With the last row y' = 3 (x' = x + 1) every new value is written after
//     the last read of the old one, and the first lanes of the next round need only columns
//     written early, so the next round starts 52 clocks after the round (50 half reads + 2;
//     checked by simulation: 51 fails): 23 * 52 + 57 clocks per permutation.
//   * Absorption from the 16-bit bus: a word gives one byte of each half (its even and odd
//     bits); with the 4th word of a lane the E half is written (read-modify-write, the read
//     address held during the lane), the O half in the next clock; the same halves update
//     the parities, so the permutation needs no parity pass.
//   * Control: counters and small ROMs indexed by the output index (rho amounts per half,
//     slot, column, capacity lane), decoded a clock ahead from a 6-stage pipeline.
//
// Cycles for a message of N padded blocks in one segment (no stalls):
//   1 (header) + N * (68 words + 1 (O half of the last lane) + 23 * 52 rounds + 57 (the
//   last round to its last write)) + 4 * (2 half reads + 1 to take the O half + 4 words)
//   digest = 1 + 3 + (69+1253)*N + 25 (the first digest lane's reads counted in st).
module keccak256_lw_bram_core #(
    // Bus width in bits; only 16 is implemented.
    parameter W = 16,
    // Padded blocks of a last segment: floor((SEGMENT_BITS + PAD_OFFSET) / 1088) + 1.
    parameter PAD_OFFSET = 1
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    output reg  [W-1:0] dout,
    input  wire         dst_ready,
    output reg          dst_write
);

    initial begin
        if (W != 16) begin
            $display("keccak256_lw_bram_core: W must be 16, got %0d", W);
            $finish;
        end
        if (PAD_OFFSET < 1 || PAD_OFFSET > 63) begin
            $display("keccak256_lw_bram_core: PAD_OFFSET must be in 1..63, got %0d", PAD_OFFSET);
            $finish;
        end
    end

    // ---------------------------------------------------------------- ROMs and small arithmetic
    // rotation of the E half of output j (bits 2k of the lane): (r + 1) / 2 mod 32; of the
    // O half: r / 2; r is the rho offset of the source lane of output j
    function [4:0] rho_e(input [4:0] j);
        case (j)
            5'd0: rho_e = 5'd0;  5'd1: rho_e = 5'd22;  5'd2: rho_e = 5'd22;
            5'd3: rho_e = 5'd11;  5'd4: rho_e = 5'd7;  5'd5: rho_e = 5'd2;
            5'd6: rho_e = 5'd23;  5'd7: rho_e = 5'd31;  5'd8: rho_e = 5'd14;
            5'd9: rho_e = 5'd10;  5'd10: rho_e = 5'd9;  5'd11: rho_e = 5'd1;
            5'd12: rho_e = 5'd3;  5'd13: rho_e = 5'd13;  5'd14: rho_e = 5'd4;
            5'd15: rho_e = 5'd21;  5'd16: rho_e = 5'd1;  5'd17: rho_e = 5'd31;
            5'd18: rho_e = 5'd28;  5'd19: rho_e = 5'd20;  5'd20: rho_e = 5'd18;
            5'd21: rho_e = 5'd5;  5'd22: rho_e = 5'd8;  5'd23: rho_e = 5'd28;
            5'd24: rho_e = 5'd14;
            default: rho_e = 5'd0;
        endcase
    endfunction

    function [4:0] rho_o(input [4:0] j);
        case (j)
            5'd0: rho_o = 5'd0;  5'd1: rho_o = 5'd22;  5'd2: rho_o = 5'd21;
            5'd3: rho_o = 5'd10;  5'd4: rho_o = 5'd7;  5'd5: rho_o = 5'd1;
            5'd6: rho_o = 5'd22;  5'd7: rho_o = 5'd30;  5'd8: rho_o = 5'd14;
            5'd9: rho_o = 5'd10;  5'd10: rho_o = 5'd9;  5'd11: rho_o = 5'd0;
            5'd12: rho_o = 5'd3;  5'd13: rho_o = 5'd12;  5'd14: rho_o = 5'd4;
            5'd15: rho_o = 5'd20;  5'd16: rho_o = 5'd1;  5'd17: rho_o = 5'd31;
            5'd18: rho_o = 5'd27;  5'd19: rho_o = 5'd19;  5'd20: rho_o = 5'd18;
            5'd21: rho_o = 5'd5;  5'd22: rho_o = 5'd7;  5'd23: rho_o = 5'd28;
            5'd24: rho_o = 5'd13;
            default: rho_o = 5'd0;
        endcase
    endfunction

    // 1: odd rho offset (the O half of the source lane is read first)
    localparam [31:0] RODD_J = 32'b00000001010011001010100011101100;

    // slot M0 of output lane j (its position on the cycle of pi^-1); 24 for lane (0,0)
    function [4:0] mout_rom(input [4:0] j);
        case (j)
            5'd0: mout_rom = 5'd24;  5'd1: mout_rom = 5'd0;  5'd2: mout_rom = 5'd6;
            5'd3: mout_rom = 5'd18;  5'd4: mout_rom = 5'd12;  5'd5: mout_rom = 5'd22;
            5'd6: mout_rom = 5'd15;  5'd7: mout_rom = 5'd2;  5'd8: mout_rom = 5'd17;
            5'd9: mout_rom = 5'd1;  5'd10: mout_rom = 5'd4;  5'd11: mout_rom = 5'd23;
            5'd12: mout_rom = 5'd21;  5'd13: mout_rom = 5'd7;  5'd14: mout_rom = 5'd8;
            5'd15: mout_rom = 5'd10;  5'd16: mout_rom = 5'd13;  5'd17: mout_rom = 5'd5;
            5'd18: mout_rom = 5'd14;  5'd19: mout_rom = 5'd3;  5'd20: mout_rom = 5'd16;
            5'd21: mout_rom = 5'd20;  5'd22: mout_rom = 5'd19;  5'd23: mout_rom = 5'd9;
            5'd24: mout_rom = 5'd11;
            default: mout_rom = 5'd0;
        endcase
    endfunction

    // column x' of output j
    function [2:0] xout_rom(input [4:0] j);
        case (j)
            5'd0: xout_rom = 3'd0;  5'd1: xout_rom = 3'd1;  5'd2: xout_rom = 3'd2;  5'd3: xout_rom = 3'd3;  5'd4: xout_rom = 3'd4;
            5'd5: xout_rom = 3'd2;  5'd6: xout_rom = 3'd3;  5'd7: xout_rom = 3'd4;  5'd8: xout_rom = 3'd0;  5'd9: xout_rom = 3'd1;
            5'd10: xout_rom = 3'd4;  5'd11: xout_rom = 3'd0;  5'd12: xout_rom = 3'd1;  5'd13: xout_rom = 3'd2;  5'd14: xout_rom = 3'd3;
            5'd15: xout_rom = 3'd3;  5'd16: xout_rom = 3'd4;  5'd17: xout_rom = 3'd0;  5'd18: xout_rom = 3'd1;  5'd19: xout_rom = 3'd2;
            5'd20: xout_rom = 3'd1;  5'd21: xout_rom = 3'd2;  5'd22: xout_rom = 3'd3;  5'd23: xout_rom = 3'd4;  5'd24: xout_rom = 3'd0;
            default: xout_rom = 3'd0;
        endcase
    endfunction

    // 1: the lane read for output j is a capacity lane (zero in a message's first round)
    localparam [31:0] CAP_J = 32'b00000000110000010100010010011000;

    // column x of the rate lane in slot s (lane_q walks the slots)
    function [2:0] col_of_slot(input [4:0] s);
        case (s)
            5'd24: col_of_slot = 3'd0;  5'd0: col_of_slot = 3'd1;   5'd6: col_of_slot = 3'd2;
            5'd18: col_of_slot = 3'd3;  5'd12: col_of_slot = 3'd4;  5'd17: col_of_slot = 3'd0;
            5'd1: col_of_slot = 3'd1;   5'd22: col_of_slot = 3'd2;  5'd15: col_of_slot = 3'd3;
            5'd2: col_of_slot = 3'd4;   5'd23: col_of_slot = 3'd0;  5'd21: col_of_slot = 3'd1;
            5'd7: col_of_slot = 3'd2;   5'd8: col_of_slot = 3'd3;   5'd4: col_of_slot = 3'd4;
            5'd11: col_of_slot = 3'd0;  5'd16: col_of_slot = 3'd1;
            default: col_of_slot = 3'd0;
        endcase
    endfunction

    // j mod 5: the source column x of output j, its position in its row
    function [2:0] row_pos(input [4:0] j);
        case (j)
            5'd0, 5'd5, 5'd10, 5'd15, 5'd20: row_pos = 3'd0;
            5'd1, 5'd6, 5'd11, 5'd16, 5'd21: row_pos = 3'd1;
            5'd2, 5'd7, 5'd12, 5'd17, 5'd22: row_pos = 3'd2;
            5'd3, 5'd8, 5'd13, 5'd18, 5'd23: row_pos = 3'd3;
            default: row_pos = 3'd4;
        endcase
    endfunction

    function [2:0] dec5(input [2:0] x);  // x - 1 mod 5
        dec5 = x == 3'd0 ? 3'd4 : x == 3'd1 ? 3'd0 : x == 3'd2 ? 3'd1 : x == 3'd3 ? 3'd2 : 3'd3;
    endfunction

    function [2:0] inc5m(input [2:0] x);  // x + 1 mod 5
        inc5m = x == 3'd0 ? 3'd1 : x == 3'd1 ? 3'd2 : x == 3'd2 ? 3'd3 : x == 3'd3 ? 3'd4 : 3'd0;
    endfunction

    // x + 1 (5 bits, wraps)
    function [4:0] inc5(input [4:0] x);
        inc5 = x ^ {&x[3:0], &x[2:0], &x[1:0], x[0], 1'b1};
    endfunction

    // x + 1 (6 bits, wraps)
    function [5:0] inc6(input [5:0] x);
        inc6 = x ^ {&x[4:0], &x[3:0], &x[2:0], &x[1:0], x[0], 1'b1};
    endfunction

    // the even and odd bits of a 16-bit word (lane bits 16k .. 16k+15)
    function [7:0] evb(input [15:0] w);
        integer k;
        for (k = 0; k < 8; k = k + 1) evb[k] = w[2*k];
    endfunction
    function [7:0] odb(input [15:0] w);
        integer k;
        for (k = 0; k < 8; k = k + 1) odb[k] = w[2*k+1];
    endfunction

    // ---------------------------------------------------------------- state
    localparam [1:0] M_HDR = 2'd0, M_ABS = 2'd1, M_ROUND = 2'd2, M_OUT = 2'd3;

    reg [1:0]   mode_q, mode_d;
    reg         first_msg_q, first_msg_d;   // the next header starts a message
    reg         first_blk_q, first_blk_d;   // the state is zero (until round 0 of the first block ends)
    reg         seg_last_q, seg_last_d;
    // bits of the segment from this block on; another block follows while it is
    // >= 1088 - PAD_OFFSET (last segment) or >= 1089 (the others)
    reg [14:0]  rem_q, rem_d;
    reg         more_q, more_d;
    reg [4:0]   lane_q, lane_d;             // slot of the lane (absorption, output)
    reg [1:0]   wrd_q, wrd_d;               // word of the lane
    reg         ao_q, ao_d;                 // absorption: the O half of the lane is written now
    reg [1:0]   oph_q, oph_d;               // output: 0 read E, 1 read O, 2 take O, 3 words
    reg [31:0]  me_q, me_d;                 // message E half (bytes of the words) / digest E
    reg [31:0]  mo_q, mo_d;                 // message O half / digest O
    reg [5:0]   rj_q, rj_d;                 // clock of the round (reads while < 50)
    reg [4:0]   rr_q, rr_d;                 // round of the reads
    reg [4:0]   ro_q, ro_d;                 // round of the outputs
    // pipeline after a read (stage k = read + k)
    reg [6:0]   pv_q;                       // valid, stages 1..7
    reg [34:0]  pj_q;                       // output index, stages 1..7
    reg [6:0]   ph_q;                       // output half, stages 1..7
    reg [34:0]  pa_q;                       // slot, stages 1..7
    reg [31:0]  rdq_q;                      // stage 2: the half read (block RAM output registered)
    // stage 2 (theta, rho), registered at the read and at stage 1
    reg         hin_q, hin2_q;              // half read (O = 1)
    reg [4:0]   amt_q, amt2_q;              // rotation
    reg [3:0]   cma_q, cpa_q;               // parity addresses: C[x-1] half hin, C[x+1] other half
    reg [3:0]   cma2_q, cpa2_q;
    reg [415:0] sh_q;                       // B halves, sh_q[31:0] the newest
    // stage 7 (chi, writes), decoded at stage 6
    reg         sx1_q, sx2_q;               // chi taps of the row's last lanes
    reg [31:0]  iota_q;
    reg         row0_q;                     // output of the round's first row
    reg         xfer_q;                     // output of the round's last row
    reg [3:0]   na_q;                       // parity address of the output: column x', half

    // ---------------------------------------------------------------- memories
    reg         we, rz;
    reg  [5:0]  wa, ra;
    reg  [31:0] wd;
    wire [31:0] rd;                          // the half read in the previous clock
    keccak256_lw_state_bram #(.AW(6), .DW(32)) u_state (
        .clk(clk), .we(we), .wa(wa), .wd(wd), .ra(ra), .rz(rz), .rd(rd)
    );

    reg         pwe;                         // parity write: the next round's
    wire        cwe;                         // parity write: the copies theta reads
    reg  [3:0]  pwa;
    reg  [31:0] cval;
    wire [31:0] n_rd, cm, cp;
    lut_ram #(.AW(4), .WIDTH(32)) u_next (
        .clk(clk), .we(pwe), .waddr(pwa), .wdata(cval), .raddr(pwa), .rdata(n_rd)
    );
    lut_ram #(.AW(4), .WIDTH(32)) u_cm (
        .clk(clk), .we(cwe), .waddr(pwa), .wdata(cval), .raddr(cma2_q), .rdata(cm)
    );
    lut_ram #(.AW(4), .WIDTH(32)) u_cp (
        .clk(clk), .we(cwe), .waddr(pwa), .wdata(cval), .raddr(cpa2_q), .rdata(cp)
    );

    // ---------------------------------------------------------------- round datapath
    wire        ov = pv_q[6];
    wire [4:0]  pj5 = pj_q[29:25];           // the output of the next clock (stage 6)
    wire        ph5 = ph_q[5];

    // theta (D_E = Cm_E ^ rot(Cp_O, 1), D_O = Cm_O ^ Cp_E) and rho
    wire [31:0] theta = rdq_q ^ cm ^ (hin2_q ? cp : {cp[30:0], cp[31]});
    wire [31:0] b_half;
    keccak256_lw_rotl32 #(.W(32)) u_rho (.din(theta), .amount(amt2_q), .dout(b_half));

    // chi: B[x'] at tap 4, B[x'+1] at tap 2 (tap 12 for the row's last lane), B[x'+2] at
    // tap 0 (tap 10 for the row's last two lanes)
    wire [31:0] bx0 = sh_q[4*32 +: 32];
    wire [31:0] bx1 = sx1_q ? sh_q[12*32 +: 32] : sh_q[2*32 +: 32];
    wire [31:0] bx2 = sx2_q ? sh_q[10*32 +: 32] : sh_q[0*32 +: 32];
    wire [31:0] chi = bx0 ^ (~bx1 & bx2) ^ iota_q;

    // ---------------------------------------------------------------- control
    wire hdr_rd = mode_q == M_HDR && src_ready;
    wire absorb = mode_q == M_ABS;
    wire abs_rd = absorb && !(ao_q && lane_q == 5'd16) && src_ready;  // not past the block
    wire abs_e  = abs_rd && wrd_q == 2'd3;   // E half of the lane written
    wire out_wr = mode_q == M_OUT && oph_q == 2'd3 && dst_ready;
    wire rd_valid = mode_q == M_ROUND && !(rj_q[5] && rj_q[4] && (rj_q[3] || rj_q[2:1] != 2'd0)); // rj < 50
    wire [4:0] rjj = rj_q[5:1];              // output index of the read
    wire perm_end = mode_q == M_ROUND && rr_q == 5'd23 && rj_q == 6'd56;
    wire round_end = rj_q == 6'd51 && rr_q != 5'd23;  // 52 clocks per round
    wire [31:0] me_full = {evb({din[7:0], din[15:8]}), me_q[31:8]};
    wire [2:0]  lane_x = col_of_slot(lane_q);

    // the block count, the slot walks and the round constant
    wire [14:0] rem_after;
    wire        more_next;
    wire [4:0]  lane_next, read_slot;
    wire [6:0]  rcv;
    keccak256_lw_sequence #(.PAD_OFFSET(PAD_OFFSET)) u_seq (
        .rem(rem_q), .seg_last(seg_last_q), .rem_after(rem_after), .more(more_next),
        .lane(lane_q), .lane_next(lane_next),
        .m0(mout_rom(rjj)), .lane00(rjj == 5'd0), .read_round(rr_q), .read_slot(read_slot),
        .rc_round(ro_q), .rc(rcv)
    );

    // word k of the digest lane: its bits are byte k of E (even bits) and of O (odd bits)
    wire [15:0] w16 = {mo_q[7], me_q[7], mo_q[6], me_q[6], mo_q[5], me_q[5], mo_q[4], me_q[4],
                       mo_q[3], me_q[3], mo_q[2], me_q[2], mo_q[1], me_q[1], mo_q[0], me_q[0]};

    always @* begin
        src_read = hdr_rd || abs_rd;
        dst_write = out_wr;
        dout = {w16[7:0], w16[15:8]};  // first byte in the high half of the bus word
    end

    always @* begin
        mode_d = mode_q;
        first_msg_d = first_msg_q;
        first_blk_d = first_blk_q;
        seg_last_d = seg_last_q;
        rem_d = rem_q;
        more_d = more_q;
        lane_d = lane_q;
        wrd_d = wrd_q;
        ao_d = 1'b0;
        oph_d = oph_q;
        me_d = me_q;
        mo_d = mo_q;
        rj_d = rj_q;
        rr_d = rr_q;
        ro_d = ro_q;
        case (mode_q)
            M_HDR: if (hdr_rd) begin
                seg_last_d = din[W-1];
                rem_d = din[W-2:0];
                lane_d = 5'd24;  // slot of lane 0
                wrd_d = 2'd0;
                mode_d = M_ABS;
                if (first_msg_q) begin
                    first_msg_d = 1'b0;
                    first_blk_d = 1'b1;
                end
            end
            M_ABS: begin
                if (abs_rd) begin
                    me_d = {evb({din[7:0], din[15:8]}), me_q[31:8]};
                    mo_d = {odb({din[7:0], din[15:8]}), mo_q[31:8]};
                    wrd_d = {wrd_q[1] ^ wrd_q[0], ~wrd_q[0]};
                    ao_d = abs_e;
                end
                if (ao_q) begin
                    lane_d = lane_next;
                    if (lane_q == 5'd16) begin  // lane 16 is in slot 16
                        mode_d = M_ROUND;
                        more_d = more_next;
                        rem_d = rem_after;
                        rj_d = 6'd0;
                        rr_d = 5'd0;
                        ro_d = 5'd0;
                    end
                end
            end
            M_ROUND: begin
                rj_d = inc6(rj_q);
                if (round_end) begin
                    rj_d = 6'd0;
                    rr_d = inc5(rr_q);
                    first_blk_d = 1'b0;
                end
                if (perm_end) begin
                    lane_d = 5'd24;
                    wrd_d = 2'd0;
                    oph_d = 2'd0;
                    if (more_q) mode_d = M_ABS;
                    else if (!seg_last_q) mode_d = M_HDR;
                    else mode_d = M_OUT;
                end
            end
            default: begin  // M_OUT
                if (oph_q != 2'd3) oph_d = oph_q + 2'd1;
                if (oph_q == 2'd1) me_d = rd;
                if (oph_q == 2'd2) mo_d = rd;
                if (out_wr) begin
                    me_d = {8'd0, me_q[31:8]};
                    mo_d = {8'd0, mo_q[31:8]};
                    wrd_d = {wrd_q[1] ^ wrd_q[0], ~wrd_q[0]};
                    if (wrd_q == 2'd3) begin
                        lane_d = lane_next;
                        oph_d = 2'd0;
                        if (lane_q == 5'd18) begin  // lane 3
                            mode_d = M_HDR;
                            first_msg_d = 1'b1;
                        end
                    end
                end
            end
        endcase
        if (ov && pj_q[34:30] == 5'd24 && ph_q[6]) ro_d = inc5(ro_q);
    end

    // memory ports
    always @* begin
        // state read port
        case (mode_q)
            M_ROUND: ra = {read_slot, rj_q[0] ^ RODD_J[rjj]};
            M_OUT:   ra = {lane_q, oph_q[0]};
            default: ra = {lane_q, abs_e};  // the E half during the lane, O with its last word
        endcase
        rz = first_blk_q && (absorb || (mode_q == M_ROUND && rr_q == 5'd0 && CAP_J[rjj]));
        // state write port
        we = (ov && mode_q == M_ROUND) || abs_e || ao_q;
        if (absorb) begin
            wa = {lane_q, ao_q};
            wd = rd ^ (ao_q ? mo_q : me_full);
        end else begin
            wa = {pa_q[34:30], ph_q[6]};
            wd = chi;
        end
        // parities: the next round's accumulate the outputs (cleared by the first row; the
        // first block's lanes 0..4 in absorption); the last row and absorption also write
        // the copies theta reads
        pwe = (ov && mode_q == M_ROUND) || abs_e || ao_q;
        pwa = absorb ? {lane_x, ao_q} : na_q;
        cval = ((absorb ? (first_blk_q && (lane_q == 5'd24 || lane_q == 5'd0 || lane_q == 5'd6 ||
                                            lane_q == 5'd18 || lane_q == 5'd12)) : row0_q) ? 32'd0 : n_rd)
               ^ (absorb ? (ao_q ? mo_q : me_full) : chi);
    end
    assign cwe = pwe && (absorb || xfer_q);

    // ---------------------------------------------------------------- flip-flops
    always @(posedge clk) begin
        if (rst) begin
            mode_q <= M_HDR;
            first_msg_q <= 1'b1;
            first_blk_q <= 1'b0;
            pv_q <= 7'd0;
            ao_q <= 1'b0;
        end else begin
            mode_q <= mode_d;
            first_msg_q <= first_msg_d;
            first_blk_q <= first_blk_d;
            pv_q <= {pv_q[5:0], rd_valid};
            ao_q <= ao_d;
        end
        seg_last_q <= seg_last_d;
        rem_q <= rem_d;
        more_q <= more_d;
        lane_q <= lane_d;
        wrd_q <= wrd_d;
        oph_q <= oph_d;
        me_q <= me_d;
        mo_q <= mo_d;
        rj_q <= rj_d;
        rr_q <= rr_d;
        ro_q <= ro_d;
        pj_q <= {pj_q[29:0], rjj};
        ph_q <= {ph_q[5:0], rj_q[0]};
        pa_q <= {pa_q[29:0], ra[5:1]};
        rdq_q <= rd;
        hin2_q <= hin_q;
        amt2_q <= amt_q;
        cma2_q <= cma_q;
        cpa2_q <= cpa_q;
        // stage 1 (and 2 below)
        hin_q <= ra[0];
        amt_q <= rj_q[0] ? rho_o(rjj) : rho_e(rjj);
        cma_q <= {dec5(row_pos(rjj)), ra[0]};
        cpa_q <= {inc5m(row_pos(rjj)), ~ra[0]};
        sh_q <= {sh_q[383:0], b_half};
        // stage 7
        sx1_q <= row_pos(pj5) == 3'd4;
        sx2_q <= row_pos(pj5) == 3'd3 || row_pos(pj5) == 3'd4;
        // RC bits 0, 1, 3, 7, 15, 31, 63: bit 0 of E; bits 0, 1, 3, 7, 15, 31 of O
        iota_q <= pj5 != 5'd0 ? 32'd0 : ph5 ?
                  {rcv[6], 15'd0, rcv[5], 7'd0, rcv[4], 3'd0, rcv[3], 1'b0, rcv[2], rcv[1]} :
                  {31'd0, rcv[0]};
        row0_q <= pj5 == 5'd0 || pj5 == 5'd1 || pj5 == 5'd2 || pj5 == 5'd3 || pj5 == 5'd4;
        xfer_q <= pj5[4] && (pj5[3] || pj5[2]);  // pj5 >= 20
        na_q <= {xout_rom(pj5), ph5};
    end

endmodule
