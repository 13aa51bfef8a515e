`default_nettype none
// keccak256_lw_bram_core: Keccak-256 (r = 1088, c = 512), lightweight with one block RAM,
// the hashbed core interface (docs/interface.md) on a 16-bit bus, host-side padding.
//
// The permutation is the one of keccak256_lw_core (the logic-only version; see its header):
// the state in a 32 x 64 distributed RAM, a 64-bit lane datapath, 30 clocks per round.
// The block RAM (one DP16KD, 128 x 32 bits used, written 32 bits at a time, read with a
// registered 32-bit port) is a two-block message buffer:
//   * a loader, independent of the permutation, reads headers and data words from the bus
//     whenever a buffer half is free, so the next block is loaded while the current one is
//     permuted; it counts the blocks of a segment (floor((SEGMENT_BITS + PAD_OFFSET) / 1088)
//     + 1 for a last segment) and marks each buffered block as a message's first and last;
//   * absorption reads the buffered block 32 bits per clock: 17 lanes in 34 reads (35
//     clocks) instead of 68 clocks from the 16-bit bus.
//
// Cycles for a message of N padded blocks in one segment (no stalls):
//   1 (header) + 68 (words of the first block into the buffer) + N * (1 start + 35
//   absorption + 2 parity-ring alignment + 24 * 30 rounds + 1) + 1 (digest lane read)
//   + 16 digest words = 1 + 68 + 1 + (36 + 723)*N + 16 (the digest lane read counted in st).
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

    // slot M0 of lane L = x + 5y (lanes 0..16: the rate; 0..3: the digest)
    function [4:0] mlane_rom(input [4:0] l);
        case (l)
            5'd0: mlane_rom = 5'd24;  5'd1: mlane_rom = 5'd0;   5'd2: mlane_rom = 5'd6;
            5'd3: mlane_rom = 5'd18;  5'd4: mlane_rom = 5'd12;  5'd5: mlane_rom = 5'd17;
            5'd6: mlane_rom = 5'd1;   5'd7: mlane_rom = 5'd22;  5'd8: mlane_rom = 5'd15;
            5'd9: mlane_rom = 5'd2;   5'd10: mlane_rom = 5'd23; 5'd11: mlane_rom = 5'd21;
            5'd12: mlane_rom = 5'd7;  5'd13: mlane_rom = 5'd8;  5'd14: mlane_rom = 5'd4;
            5'd15: mlane_rom = 5'd11; 5'd16: mlane_rom = 5'd16;
            default: mlane_rom = 5'd0;
        endcase
    endfunction

    // 1: the lane read for output j is a capacity lane (zero in a message's first round)
    localparam [24:0] CAP_J = 25'b1100001100001000001010001;

    // round constants: bit m of rc_rom(i) is bit 2**m - 1 of RC[i]
    function [6:0] rc_rom(input [4:0] i);
        case (i)
            5'd0:  rc_rom = 7'b0000001;  5'd1:  rc_rom = 7'b0011010;
            5'd2:  rc_rom = 7'b1011110;  5'd3:  rc_rom = 7'b1110000;
            5'd4:  rc_rom = 7'b0011111;  5'd5:  rc_rom = 7'b0100001;
            5'd6:  rc_rom = 7'b1111001;  5'd7:  rc_rom = 7'b1010101;
            5'd8:  rc_rom = 7'b0001110;  5'd9:  rc_rom = 7'b0001100;
            5'd10: rc_rom = 7'b0110101;  5'd11: rc_rom = 7'b0100110;
            5'd12: rc_rom = 7'b0111111;  5'd13: rc_rom = 7'b1001111;
            5'd14: rc_rom = 7'b1011101;  5'd15: rc_rom = 7'b1010011;
            5'd16: rc_rom = 7'b1010010;  5'd17: rc_rom = 7'b1001000;
            5'd18: rc_rom = 7'b0010110;  5'd19: rc_rom = 7'b1100110;
            5'd20: rc_rom = 7'b1111001;  5'd21: rc_rom = 7'b1011000;
            5'd22: rc_rom = 7'b0100001;  5'd23: rc_rom = 7'b1110100;
            default: rc_rom = 7'b0000000;
        endcase
    endfunction

    // slot of output j in round i: (M0(out_j) + i + 1) mod 24, lane (0,0) stays in 24
    function [4:0] slot(input [4:0] j, input [4:0] i);
        reg [5:0] s;
        begin
            s = {1'b0, mout_rom(j)} + {1'b0, i} + 6'd1;
            if (s >= 6'd24) s = s - 6'd24;  // s <= 23 + 23 + 1
            slot = j == 5'd20 ? 5'd24 : s[4:0];
        end
    endfunction

    // ---------------------------------------------------------------- state
    localparam [2:0] M_WAIT = 3'd0, M_ABS = 3'd1, M_ALIGN = 3'd2, M_ROUND = 3'd3, M_OUT = 3'd4;

    reg [2:0]   mode_q, mode_d;
    reg         first_blk_q, first_blk_d;   // the state is zero (until round 0 of the first block ends)
    reg         cslot_q, cslot_d;           // buffer half of the next block to absorb
    reg         blast_q, blast_d;           // the block being permuted ends its message
    reg [5:0]   ai_q, ai_d;                 // absorption: buffer entry read (0..33), then 34
    reg [31:0]  lo_q, lo_d;                 // low half of the lane being absorbed
    // loader
    reg [1:0]   full_q, full_d;             // per buffer half: holds a block to absorb
    reg [1:0]   bfirst_q, bfirst_d;         // ... the first block of a message
    reg [1:0]   blastf_q, blastf_d;         // ... the last block of a message
    reg         lhdr_q, lhdr_d;             // the loader waits for a header
    reg         lfirst_q, lfirst_d;         // the next header starts a message
    reg         lfb_q, lfb_d;               // the block being loaded is a message's first
    reg         ldone;                      // the loader completes a block in this clock
    reg         lslot_q, lslot_d;           // buffer half being filled
    reg [6:0]   lw_q, lw_d;                 // word of the block (0..67)
    reg [15:0]  pair_q, pair_d;             // the even word of a pair
    reg         seg_last_q, seg_last_d;     // the segment ends the message
    reg [15:0]  rem_q, rem_d;               // message bits of the segment from this block on
    reg [4:0]   lane_q, lane_d;             // absorption: lane 0..16; output: lane 0..3
    reg [1:0]   wrd_q, wrd_d;               // digest word of the lane
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
    keccak256_lw_lane_ram #(.AW(5), .DW(64)) u_ram (
        .clk(clk), .we(we), .wa(wa), .wd(wd), .ra(ra), .rd(ram_rd)
    );

    // ---------------------------------------------------------------- message buffer
    wire        bwe = src_read && !lhdr_q && lw_q[0];
    wire [6:0]  bwa = {lslot_q, lw_q[6:1]};
    wire [6:0]  bra = {cslot_q, ai_q};
    wire [31:0] bram_rd;
    keccak256_lw_msg_bram #(.AW(7), .DW(32)) u_buf (
        .clk(clk), .we(bwe), .wa(bwa), .wd({pair_q, din}), .ra(bra), .rd(bram_rd)
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
    // buffer entries hold two words {w0, w1}, the lane's bytes in bus order
    wire [63:0] mlane = {bram_rd[7:0], bram_rd[15:8], bram_rd[23:16], bram_rd[31:24],
                         lo_q[7:0], lo_q[15:8], lo_q[23:16], lo_q[31:24]};

    wire        absorb = mode_q == M_ABS;
    wire [63:0] acc = absorb ? mlane : chi;           // what the parities take
    reg         nclr;                                  // the next round's parities start
    wire [63:0] cval = (nclr ? 64'd0 : n_q[63:0]) ^ acc;

    // ---------------------------------------------------------------- control
    wire abs_wr = absorb && ai_q[0] == 1'b0 && ai_q != 6'd0;
    wire start_abs = full_q[cslot_q];
    wire out_wr = mode_q == M_OUT && !ld_q && dst_ready;
    wire rd_valid = mode_q == M_ROUND && rj_q < 5'd25;
    wire perm_end = mode_q == M_ROUND && rr_q == 5'd23 && rj_q == 5'd30;
    wire [15:0] rem_pad = rem_q + PAD_OFFSET[15:0];

    always @* begin
        src_read = src_ready && (lhdr_q || !full_q[lslot_q]);
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
        first_blk_d = first_blk_q;
        cslot_d = cslot_q;
        blast_d = blast_q;
        ai_d = ai_q;
        lo_d = lo_q;
        full_d = full_q;
        lane_d = lane_q;
        wrd_d = wrd_q;
        alq_d = {1'b0, alq_q[2:1]};
        rj_d = rj_q;
        rr_d = rr_q;
        ro_d = ro_q;
        ld_d = 1'b0;
        case (mode_q)
            M_WAIT: if (start_abs) begin
                mode_d = M_ABS;
                first_blk_d = bfirst_q[cslot_q];
                blast_d = blastf_q[cslot_q];
                lane_d = 5'd0;
                ai_d = 6'd0;
            end
            M_ABS: begin
                ai_d = ai_q + 6'd1;
                if (ai_q[0]) lo_d = bram_rd;
                if (abs_wr) lane_d = lane_q + 5'd1;
                if (ai_q == 6'd34) begin
                    mode_d = M_ALIGN;
                    alq_d = 3'b111;
                    full_d[cslot_q] = 1'b0;
                    cslot_d = !cslot_q;
                    rj_d = 5'd0;
                    rr_d = 5'd0;
                    ro_d = 5'd0;
                end
            end
            M_ALIGN: if (!alq_q[2]) mode_d = M_ROUND;
            M_ROUND: begin
                rj_d = rj_q + 5'd1;
                if (rj_q == 5'd29 && rr_q != 5'd23) begin
                    rj_d = 5'd0;
                    rr_d = rr_q + 5'd1;
                    first_blk_d = 1'b0;
                end
                if (perm_end) begin
                    lane_d = 5'd0;
                    wrd_d = 2'd0;
                    if (blast_q) begin
                        mode_d = M_OUT;
                        ld_d = 1'b1;
                    end else mode_d = M_WAIT;
                end
            end
            default: if (out_wr) begin  // M_OUT
                wrd_d = wrd_q + 2'd1;
                if (wrd_q == 2'd3) begin
                    lane_d = lane_q + 5'd1;
                    if (lane_q == 5'd3) mode_d = M_WAIT;
                end
            end
        endcase
        if (ov && oj == 5'd24) ro_d = ro_q + 5'd1;
        if (ldone) full_d[lslot_q] = 1'b1;
    end

    // loader: headers and words into the buffer half lslot_q while it is free
    always @* begin
        lhdr_d = lhdr_q;
        lfirst_d = lfirst_q;
        lslot_d = lslot_q;
        lw_d = lw_q;
        pair_d = pair_q;
        seg_last_d = seg_last_q;
        rem_d = rem_q;
        lfb_d = lfb_q;
        bfirst_d = bfirst_q;
        blastf_d = blastf_q;
        ldone = 1'b0;
        if (src_read && lhdr_q) begin
            seg_last_d = din[W-1];
            rem_d = {1'b0, din[W-2:0]};
            lhdr_d = 1'b0;
            lw_d = 7'd0;
            lfb_d = lfirst_q;
            lfirst_d = 1'b0;
        end else if (src_read) begin
            pair_d = din;
            lw_d = lw_q + 7'd1;
            if (lw_q == 7'd67) begin
                // the block is buffered; the segment's next one goes to the other half
                ldone = 1'b1;
                lslot_d = !lslot_q;
                lw_d = 7'd0;
                rem_d = rem_q - 16'd1088;
                blastf_d[lslot_q] = 1'b0;
                bfirst_d[lslot_q] = lfb_q;
                lfb_d = 1'b0;
                if (seg_last_q ? rem_pad < 16'd1088 : rem_q <= 16'd1088) begin
                    lhdr_d = 1'b1;  // the segment ends here
                    if (seg_last_q) begin
                        blastf_d[lslot_q] = 1'b1;
                        lfirst_d = 1'b1;
                    end
                end
            end
        end
    end

    // RAM ports and the datapath registers
    always @* begin
        // read port
        case (mode_q)
            M_ROUND: ra = slot(rj_q, rr_q);
            // the digest lane to read next: lane 0 first, lane_q + 1 with its last word
            M_OUT:   ra = ld_q ? 5'd24 : lane_q[1:0] == 2'd0 ? 5'd0 : lane_q[1:0] == 2'd1 ? 5'd6 : 5'd18;
            default: ra = mlane_rom(lane_q);
        endcase
        // write port
        we = (ov && mode_q == M_ROUND) || abs_wr;
        wa = absorb ? mlane_rom(lane_q) : pa_q[29:25];
        wd = acc ^ (absorb ? rd_q : 64'd0);
        // read register: the state is zero before the first block
        rd_d = rd_q;
        if (mode_q != M_OUT || ld_q || (out_wr && wrd_q == 2'd3)) rd_d = ram_rd;
        if (first_blk_q && (absorb || (rr_q == 5'd0 && rj_q < 5'd25 && CAP_J[rj_q])))
            rd_d = 64'd0;
        // next-round parities: cleared by the first row of a round (first five lanes of
        // the first block); held at the end of rows 0..3
        nclr = absorb ? (first_blk_q && lane_q < 5'd5) : row0_q;
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
            mode_q <= M_WAIT;
            cslot_q <= 1'b0;
            full_q <= 2'b00;
            lhdr_q <= 1'b1;
            lfirst_q <= 1'b1;
            lslot_q <= 1'b0;
            first_blk_q <= 1'b0;
            pv_q <= 6'd0;
            alq_q <= 3'd0;
            ld_q <= 1'b0;
        end else begin
            mode_q <= mode_d;
            cslot_q <= cslot_d;
            full_q <= full_d;
            lhdr_q <= lhdr_d;
            lfirst_q <= lfirst_d;
            lslot_q <= lslot_d;
            first_blk_q <= first_blk_d;
            pv_q <= {pv_q[4:0], rd_valid};
            alq_q <= alq_d;
            ld_q <= ld_d;
        end
        seg_last_q <= seg_last_d;
        rem_q <= rem_d;
        blast_q <= blast_d;
        ai_q <= ai_d;
        lo_q <= lo_d;
        bfirst_q <= bfirst_d;
        blastf_q <= blastf_d;
        lw_q <= lw_d;
        lfb_q <= lfb_d;
        pair_q <= pair_d;
        lane_q <= lane_d;
        wrd_q <= wrd_d;
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
        sx2_q <= ok4 >= 3'd3;
        rc_q <= pj4 == 5'd20 ? rc_rom(ro_q) : 7'd0;
        row0_q <= pj4 < 5'd5;
        hold_q <= pj4 == 5'd4 || pj4 == 5'd9 || pj4 == 5'd14 || pj4 == 5'd19;
        xfer_q <= pj4 >= 5'd20;
        pa_q <= {pa_q[24:0], ra};
    end

endmodule
