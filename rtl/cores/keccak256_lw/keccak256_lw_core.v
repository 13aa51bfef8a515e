`default_nettype none
// keccak256_lw_core: Keccak-256 (r = 1088, c = 512), lightweight, lane-serial, with the
// hashbed core interface (docs/interface.md) on a 16-bit bus and host-side padding.
//
// Architecture (logic-only version, budget 1536 LUT4s / 1536 FFs on ECP5):
//   * The 1600-bit state lives in a 32 x 64 distributed RAM (lut_ram), one
//     lane per slot, one read and one write per clock. The datapath is one lane (64 bits).
//   * A round reads the 25 lanes in the order of its output rows. Output row y' needs the
//     lanes B[x', y'] = rot(A[x, y] ^ D[x], r[x, y]) with y = x', x = 3y' + x' (pi^-1).
//     Reading them by source column x = 0..4 makes x' = x + 2y' (mod 5) consecutive, so
//     the column parities C sit in a 5-lane ring (c_q) that rotates once per lane and gives
//     D[x] = C[x-1] ^ rot(C[x+1], 1) from fixed positions. The rows go in the order
//     y' = 2, 4, 1, 3, 0, so each row starts one column x' lower than the previous one.
//   * B lanes enter a 9-lane shift register (sh_q); chi needs B[x'+1] and B[x'+2] of the
//     same row, found at fixed taps (two taps further back for the row's wrap-around), so
//     a chi lane leaves every clock, 6 clocks after its read. Iota is applied to lane (0,0).
//   * In-place update without a second state copy: a round writes its output lane into the
//     slot it read 6 clocks earlier, so the slot of logical lane L moves by pi^-1 each round.
//     Numbering the slots along the 24-cycle of pi^-1 (lane (0,0) in slot 24), the slot read
//     for output j in round i is (M0(out_j) + i + 1) mod 24: an adder, no table per round;
//     after 24 rounds every lane is back in its slot M0(L).
//   * The parities of the next round accumulate in a second ring (n_q) from the chi lanes;
//     it holds still at the end of a row (the next row starts one column lower). The ring
//     c_q takes the final parities while the last row is written, so the next round starts
//     reading 5 clocks after the last read of a round: 30 clocks per round.
//   * Absorption: the 68 words of a block are XORed into lanes 0..16 (read-modify-write,
//     one lane per 4 words); the parities of the state after the permutation are updated
//     with the message lanes, so the next permutation needs no extra pass. The first block
//     of a message reads the state as zero (the previous message's state is never cleared).
//   * Control: counters and small ROMs indexed by the lane number of a round (rho offset,
//     slot, capacity lane), no per-round tables. No carry chains: on ECP5 each chain costs
//     two extra CCU2C cells at its ends in nextpnr, so increments, the slot adder mod 24 and
//     the block count (on bits 14..6 of the segment's bit count, 1088 = 17 * 64) are gates;
//     absorption and the digest walk the lane slots with a next-slot table (no lane counter).
//
// Cycles for a message of N padded blocks in one segment (no stalls):
//   1 (header) + N * (68 words + 2 parity-ring alignment + 24 * 30 rounds + 1) + 1 (digest
//   lane read) + 16 digest words = 1 + 1 + (68 + 723)*N + 16.
module keccak256_lw_core #(
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
            $display("keccak256_lw_core: W must be 16, got %0d", W);
            $finish;
        end
        if (PAD_OFFSET < 1 || PAD_OFFSET > 63) begin
            $display("keccak256_lw_core: PAD_OFFSET must be in 1..63, got %0d", PAD_OFFSET);
            $finish;
        end
    end

    // ---------------------------------------------------------------- ROMs
    // rotation of the lane read for output j (rho offset of its source lane)
    function [5:0] rho_rom(input [4:0] j);
        case (j)
            5'd0: rho_rom = 6'd18;   5'd1: rho_rom = 6'd1;    5'd2: rho_rom = 6'd6;
            5'd3: rho_rom = 6'd25;   5'd4: rho_rom = 6'd8;    5'd5: rho_rom = 6'd41;
            5'd6: rho_rom = 6'd2;    5'd7: rho_rom = 6'd62;   5'd8: rho_rom = 6'd55;
            5'd9: rho_rom = 6'd39;   5'd10: rho_rom = 6'd3;   5'd11: rho_rom = 6'd45;
            5'd12: rho_rom = 6'd61;  5'd13: rho_rom = 6'd28;  5'd14: rho_rom = 6'd20;
            5'd15: rho_rom = 6'd36;  5'd16: rho_rom = 6'd10;  5'd17: rho_rom = 6'd15;
            5'd18: rho_rom = 6'd56;  5'd19: rho_rom = 6'd27;  5'd20: rho_rom = 6'd0;
            5'd21: rho_rom = 6'd44;  5'd22: rho_rom = 6'd43;  5'd23: rho_rom = 6'd21;
            5'd24: rho_rom = 6'd14;
            default: rho_rom = 6'd0;
        endcase
    endfunction

    // slot M0 of output lane j (its position on the cycle of pi^-1); 24 for lane (0,0)
    function [4:0] mout_rom(input [4:0] j);
        case (j)
            5'd0: mout_rom = 5'd4;   5'd1: mout_rom = 5'd23;  5'd2: mout_rom = 5'd21;
            5'd3: mout_rom = 5'd7;   5'd4: mout_rom = 5'd8;   5'd5: mout_rom = 5'd10;
            5'd6: mout_rom = 5'd13;  5'd7: mout_rom = 5'd5;   5'd8: mout_rom = 5'd14;
            5'd9: mout_rom = 5'd3;   5'd10: mout_rom = 5'd22; 5'd11: mout_rom = 5'd15;
            5'd12: mout_rom = 5'd2;  5'd13: mout_rom = 5'd17; 5'd14: mout_rom = 5'd1;
            5'd15: mout_rom = 5'd16; 5'd16: mout_rom = 5'd20; 5'd17: mout_rom = 5'd19;
            5'd18: mout_rom = 5'd9;  5'd19: mout_rom = 5'd11; 5'd20: mout_rom = 5'd24;
            5'd21: mout_rom = 5'd0;  5'd22: mout_rom = 5'd6;  5'd23: mout_rom = 5'd18;
            5'd24: mout_rom = 5'd12;
            default: mout_rom = 5'd0;
        endcase
    endfunction

    // 1: the lane read for output j is a capacity lane (zero in a message's first round)
    localparam [31:0] CAP_J = 32'b0000000_1100001100001000001010001;

    // Small arithmetic as gates (a ripple of LUTs): each carry chain costs two CCU2C cells
    // of its own at its ends in nextpnr, more than these few bits need.
    // x + 1 (5 bits, wraps)
    function [4:0] inc5(input [4:0] x);
        inc5 = x ^ {&x[3:0], &x[2:0], &x[1:0], x[0], 1'b1};
    endfunction

    // ---------------------------------------------------------------- state
    localparam [2:0] M_HDR = 3'd0, M_ABS = 3'd1, M_ALIGN = 3'd2, M_ROUND = 3'd3, M_OUT = 3'd4;

    reg [2:0]   mode_q, mode_d;
    reg         first_msg_q, first_msg_d;   // the next header starts a message
    reg         first_blk_q, first_blk_d;   // the state is zero (until round 0 of the first block ends)
    reg         seg_last_q, seg_last_d;
    // bits of the segment from this block on; another block follows while it is
    // >= 1088 - PAD_OFFSET (last segment) or >= 1089 (the others)
    reg [14:0]  rem_q, rem_d;
    reg         more_q, more_d;             // another block follows in this segment
    reg [4:0]   lane_q, lane_d;             // slot of the lane: absorption lanes 0..16; output 0..3
    reg [1:0]   wrd_q, wrd_d;               // word of the lane
    reg [47:0]  msg_q, msg_d;               // the lane's first three words
    reg [2:0]   alq_q, alq_d;               // alignment rotations of c_q after absorption
    reg [4:0]   rj_q, rj_d;                 // clock of the round (reads while < 25)
    reg [4:0]   rr_q, rr_d;                 // round of the reads
    reg [4:0]   ro_q, ro_d;                 // round of the writes
    reg         ld_q, ld_d;                 // output: the first digest lane is being read
    reg [5:0]   pv_q;                       // pipeline: valid per stage (read + 1 .. read + 6)
    reg [29:0]  pj_q;                       // pipeline: output index per stage
    reg [63:0]  rd_q, rd_d;                 // the lane read in the previous clock
    reg [319:0] c_q, c_d;                   // parity ring of this round, c_q[63:0] = C[x]
    reg [319:0] n_q, n_d;                   // parity ring of the next round
    reg [575:0] sh_q;                       // B lanes, sh_q[63:0] the newest
    // decoded a clock ahead from the pipeline's output index
    reg [5:0]   rho_q;                      // rho offset of the lane in rd_q
    reg         sx1_q, sx2_q;               // chi taps of the row's last lanes
    reg [6:0]   rc_q;                       // round constant (output lane (0,0) only)
    reg         row0_q;                     // output of the round's first row
    reg         hold_q;                     // last output of rows 0..3
    reg         xfer_q;                     // output of the last row
    reg [29:0]  pa_q;                       // pipeline: slot read per stage (written at stage 6)

    // ---------------------------------------------------------------- RAM
    reg         we;
    reg  [4:0]  wa, ra;
    reg  [63:0] wd;
    wire [63:0] ram_rd;
    lut_ram #(.AW(5), .WIDTH(64)) u_ram (
        .clk(clk), .we(we), .waddr(wa), .wdata(wd), .raddr(ra), .rdata(ram_rd)
    );

    // ---------------------------------------------------------------- round datapath
    wire        tv = pv_q[0];
    wire        ov = pv_q[5];
    wire [4:0]  oj = pj_q[29:25];
    wire [4:0]  pj4 = pj_q[24:20];           // the output of the next clock
    // position of the output in its row (oj mod 5)
    function [2:0] row_pos(input [4:0] j);
        case (j)
            5'd0: row_pos = 3'd0;  5'd1: row_pos = 3'd1;  5'd2: row_pos = 3'd2;  5'd3: row_pos = 3'd3;  5'd4: row_pos = 3'd4;
            5'd5: row_pos = 3'd0;  5'd6: row_pos = 3'd1;  5'd7: row_pos = 3'd2;  5'd8: row_pos = 3'd3;  5'd9: row_pos = 3'd4;
            5'd10: row_pos = 3'd0;  5'd11: row_pos = 3'd1;  5'd12: row_pos = 3'd2;  5'd13: row_pos = 3'd3;  5'd14: row_pos = 3'd4;
            5'd15: row_pos = 3'd0;  5'd16: row_pos = 3'd1;  5'd17: row_pos = 3'd2;  5'd18: row_pos = 3'd3;  5'd19: row_pos = 3'd4;
            5'd20: row_pos = 3'd0;  5'd21: row_pos = 3'd1;  5'd22: row_pos = 3'd2;  5'd23: row_pos = 3'd3;  5'd24: row_pos = 3'd4;
            default: row_pos = 3'd0;
        endcase
    endfunction
    wire [2:0]  ok4 = row_pos(pj4);

    // theta and rho of the lane in rd_q (column x: C[x-1] at ring position 4, C[x+1] at 1)
    wire [63:0] c1 = c_q[127:64];
    wire [63:0] theta = rd_q ^ c_q[319:256] ^ {c1[62:0], c1[63]};
    wire [63:0] b_lane;
    keccak256_lw_rotl #(.W(64)) u_rho (.din(theta), .amount(rho_q), .dout(b_lane));

    // chi: B[x'] at tap 4, B[x'+1] at tap 3 (tap 8 for the row's last lane), B[x'+2] at
    // tap 2 (tap 7 for the row's last two lanes)
    wire [63:0] bx0 = sh_q[4*64 +: 64];
    wire [63:0] bx1 = sx1_q ? sh_q[8*64 +: 64] : sh_q[3*64 +: 64];
    wire [63:0] bx2 = sx2_q ? sh_q[7*64 +: 64] : sh_q[2*64 +: 64];
    wire [6:0]  rc = rc_q;
    wire [63:0] iota = {rc[6], 31'd0, rc[5], 15'd0, rc[4], 7'd0, rc[3], 3'd0, rc[2], 1'b0, rc[1:0]};
    wire [63:0] chi = bx0 ^ (~bx1 & bx2) ^ iota;

    // the message lane: bytes of word k at bits 16k..16k+15, first byte low (little endian)
    wire [63:0] mlane = {din[7:0], din[15:8], msg_q[7:0], msg_q[15:8],
                         msg_q[23:16], msg_q[31:24], msg_q[39:32], msg_q[47:40]};

    wire        absorb = mode_q == M_ABS;
    wire [63:0] acc = absorb ? mlane : chi;           // what the parities take
    reg         nclr;                                  // the next round's parities start
    wire [63:0] cval = (nclr ? 64'd0 : n_q[63:0]) ^ acc;

    // ---------------------------------------------------------------- control
    wire hdr_rd = mode_q == M_HDR && src_ready;
    wire abs_rd = absorb && src_ready;
    wire abs_wr = abs_rd && wrd_q == 2'd3;
    wire out_wr = mode_q == M_OUT && !ld_q && dst_ready;
    wire rd_valid = mode_q == M_ROUND && !(rj_q[4] && rj_q[3] && rj_q[2:0] != 3'd0);  // rj < 25
    wire perm_end = mode_q == M_ROUND && rr_q == 5'd23 && rj_q == 5'd30;
    // the block count, the slot walks and the round constant
    wire [14:0] rem_after;
    wire        more_next;
    wire [4:0]  lane_next, read_slot;
    wire [6:0]  rcv;
    keccak256_lw_sequence #(.PAD_OFFSET(PAD_OFFSET)) u_seq (
        .rem(rem_q), .seg_last(seg_last_q), .rem_after(rem_after), .more(more_next),
        .lane(lane_q), .lane_next(lane_next),
        .m0(mout_rom(rj_q)), .lane00(rj_q == 5'd20), .read_round(rr_q), .read_slot(read_slot),
        .rc_round(ro_q), .rc(rcv)
    );

    always @* begin
        src_read = hdr_rd || abs_rd;
        dst_write = out_wr;
        case (wrd_q)
            2'd0: dout = {rd_q[7:0], rd_q[15:8]};
            2'd1: dout = {rd_q[23:16], rd_q[31:24]};
            2'd2: dout = {rd_q[39:32], rd_q[47:40]};
            default: dout = {rd_q[55:48], rd_q[63:56]};
        endcase
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
        msg_d = msg_q;
        alq_d = {1'b0, alq_q[2:1]};
        rj_d = rj_q;
        rr_d = rr_q;
        ro_d = ro_q;
        ld_d = 1'b0;
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
            M_ABS: if (abs_rd) begin
                msg_d = {msg_q[31:0], din};
                wrd_d = {wrd_q[1] ^ wrd_q[0], ~wrd_q[0]};
                if (abs_wr) begin
                    lane_d = lane_next;
                    if (lane_q == 5'd16) begin  // lane 16 is in slot 16
                        mode_d = M_ALIGN;
                        alq_d = 3'b111;
                        more_d = more_next;
                        // below zero (1087 bits of a last segment): no block follows
                        rem_d = rem_after;
                        rj_d = 5'd0;
                        rr_d = 5'd0;
                        ro_d = 5'd0;
                    end
                end
            end
            M_ALIGN: if (!alq_q[2]) mode_d = M_ROUND;
            M_ROUND: begin
                rj_d = inc5(rj_q);
                if (rj_q == 5'd29 && rr_q != 5'd23) begin
                    rj_d = 5'd0;
                    rr_d = inc5(rr_q);
                    first_blk_d = 1'b0;
                end
                if (perm_end) begin
                    lane_d = 5'd24;
                    wrd_d = 2'd0;
                    if (more_q) mode_d = M_ABS;
                    else if (!seg_last_q) mode_d = M_HDR;
                    else begin
                        mode_d = M_OUT;
                        ld_d = 1'b1;
                    end
                end
            end
            default: if (out_wr) begin  // M_OUT
                wrd_d = {wrd_q[1] ^ wrd_q[0], ~wrd_q[0]};
                if (wrd_q == 2'd3) begin
                    lane_d = lane_next;
                    if (lane_q == 5'd18) begin  // lane 3
                        mode_d = M_HDR;
                        first_msg_d = 1'b1;
                    end
                end
            end
        endcase
        if (ov && oj == 5'd24) ro_d = inc5(ro_q);
    end

    // RAM ports and the datapath registers
    always @* begin
        // read port
        case (mode_q)
            M_ROUND: ra = read_slot;
            // the digest lane to read next: lane 0 first, the next lane with the last word
            M_OUT:   ra = ld_q ? 5'd24 : lane_next;
            default: ra = lane_q;
        endcase
        // write port
        we = (ov && mode_q == M_ROUND) || abs_wr;
        wa = absorb ? lane_q : pa_q[29:25];
        wd = acc ^ (absorb ? rd_q : 64'd0);
        // read register: the state is zero before the first block
        rd_d = rd_q;
        if (mode_q != M_OUT || ld_q || (out_wr && wrd_q == 2'd3)) rd_d = ram_rd;
        if (first_blk_q && (absorb || (rr_q == 5'd0 && CAP_J[rj_q])))
            rd_d = 64'd0;
        // next-round parities: cleared by the first row of a round (first five lanes of
        // the first block); held at the end of rows 0..3
        nclr = absorb ? (first_blk_q && (lane_q == 5'd24 || lane_q == 5'd0 || lane_q == 5'd6 || lane_q == 5'd18 || lane_q == 5'd12)) : row0_q;
        n_d = n_q;
        if ((ov && mode_q == M_ROUND) || abs_wr) begin
            if (!absorb && hold_q)
                n_d[63:0] = cval;
            else
                n_d = {cval, n_q[319:64]};
        end
        // this round's parities: take the final values (last row, absorption), rotate
        // once per lane read and three times to align after absorption
        c_d = c_q;
        if ((ov && mode_q == M_ROUND && xfer_q) || abs_wr)
            c_d = {cval, c_q[319:64]};
        else if (tv || alq_q[0])
            c_d = {c_q[63:0], c_q[319:64]};
    end

    // ---------------------------------------------------------------- flip-flops
    always @(posedge clk) begin
        if (rst) begin
            mode_q <= M_HDR;
            first_msg_q <= 1'b1;
            first_blk_q <= 1'b0;
            pv_q <= 6'd0;
            alq_q <= 3'd0;
            ld_q <= 1'b0;
        end else begin
            mode_q <= mode_d;
            first_msg_q <= first_msg_d;
            first_blk_q <= first_blk_d;
            pv_q <= {pv_q[4:0], rd_valid};
            alq_q <= alq_d;
            ld_q <= ld_d;
        end
        seg_last_q <= seg_last_d;
        rem_q <= rem_d;
        more_q <= more_d;
        lane_q <= lane_d;
        wrd_q <= wrd_d;
        msg_q <= msg_d;
        rj_q <= rj_d;
        rr_q <= rr_d;
        ro_q <= ro_d;
        pj_q <= {pj_q[24:0], rj_q};
        rd_q <= rd_d;
        c_q <= c_d;
        n_q <= n_d;
        sh_q <= {sh_q[511:0], b_lane};
        rho_q <= rho_rom(rj_q);
        sx1_q <= ok4 == 3'd4;
        sx2_q <= ok4 == 3'd3 || ok4 == 3'd4;
        rc_q <= pj4 == 5'd20 ? rcv : 7'd0;
        row0_q <= pj4 == 5'd0 || pj4 == 5'd1 || pj4 == 5'd2 || pj4 == 5'd3 || pj4 == 5'd4;
        hold_q <= pj4 == 5'd4 || pj4 == 5'd9 || pj4 == 5'd14 || pj4 == 5'd19;
        xfer_q <= pj4[4] && (pj4[3] || pj4[2]);  // pj4 >= 20
        pa_q <= {pa_q[24:0], ra};
    end

endmodule
