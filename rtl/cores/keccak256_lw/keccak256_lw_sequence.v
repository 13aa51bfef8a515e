`default_nettype none
// keccak256_lw_sequence: the tables and small arithmetic that both lightweight Keccak cores'
// controllers walk the state and the message with (gates only: a ripple of LUTs where
// there is arithmetic, no carry chain, because on ECP5 each chain costs two CCU2C cells of
// its own at its ends in nextpnr, more than these few bits need).
//   * Block count: a segment's bits from the current block on (rem, from the 15-bit
//     header). When a block has been absorbed, rem_after = rem - 1088, or only its low bits
//     when rem < 1088, and more says whether another block follows: rem >= 1088 - PAD_OFFSET
//     in a message's last segment (the padding may need a block of its own) or rem >= 1089
//     in the others. 1088 = 17 * 64, so only bits 14..6 change.
//   * Slots: the lanes sit in slots numbered along the 24-cycle of pi^-1, lane (0,0) in
//     slot 24. lane_next is the slot of rate lane L + 1 from the slot of lane L (absorption
//     and the digest walk lanes 0..16 with it, no lane counter; after lane 16 it returns
//     to slot 24, lane 0). read_slot is the slot that holds, in round read_round, the lane
//     whose slot was m0 before round 0: (m0 + read_round + 1) mod 24, or 24 for lane (0,0),
//     which pi^-1 leaves in place.
//   * Round constant of round rc_round, compressed: only bits 0, 1, 3, 7, 15, 31 and 63 of
//     RC[i] can be set, and bit m of rc is bit 2**m - 1 of RC[i].
module keccak256_lw_sequence #(
    // Padded blocks of a last segment: floor((SEGMENT_BITS + PAD_OFFSET) / 1088) + 1.
    parameter PAD_OFFSET = 1
) (
    input  wire [14:0] rem,
    input  wire        seg_last,
    output wire [14:0] rem_after,
    output wire        more,
    input  wire [4:0]  lane,
    output reg  [4:0]  lane_next,
    input  wire [4:0]  m0,          // slot before round 0, 0..23 (ignored when lane00)
    input  wire        lane00,      // the lane read is (0,0)
    input  wire [4:0]  read_round,  // 0..23
    output wire [4:0]  read_slot,
    input  wire [4:0]  rc_round,
    output reg  [6:0]  rc
);

    initial begin
        if (PAD_OFFSET < 1 || PAD_OFFSET > 63) begin
            $display("keccak256_lw_sequence: PAD_OFFSET must be in 1..63, got %0d", PAD_OFFSET);
            $finish;
        end
    end

    // ---------------------------------------------------------------- block count
    localparam [8:0] HI_BLOCK = 9'd17;
    localparam [5:0] LO_MIN = 6'd0 - PAD_OFFSET[5:0];   // 64 - PAD_OFFSET
    wire [8:0] hi = rem[14:6];
    wire [5:0] lo = rem[5:0];
    reg  [8:0] hi_next;     // hi - 17 ...
    reg  [9:0] hb;          // ... and its borrow
    reg        lb;          // borrow out of lo - LO_MIN: lo < LO_MIN
    integer    k;
    always @* begin
        hb[0] = 1'b0;
        for (k = 0; k < 9; k = k + 1) begin
            hi_next[k] = hi[k] ^ HI_BLOCK[k] ^ hb[k];
            hb[k+1] = (~hi[k] & (HI_BLOCK[k] | hb[k])) | (HI_BLOCK[k] & hb[k]);
        end
        lb = 1'b0;
        for (k = 0; k < 6; k = k + 1)
            lb = (~lo[k] & (LO_MIN[k] | lb)) | (LO_MIN[k] & lb);
    end
    wire hi_ge17 = hi[8:5] != 4'd0 || (hi[4] && hi[3:0] != 4'd0);
    wire hi_ge18 = hi[8:5] != 4'd0 || (hi[4] && hi[3:1] != 3'd0);
    wire hi_is16 = hi == 9'd16;
    wire hi_is17 = hi == 9'd17;
    assign more = seg_last ? (hi_ge17 || (hi_is16 && !lb)) : (hi_ge18 || (hi_is17 && lo != 6'd0));
    assign rem_after = {hi_next & {9{~hb[9]}}, lo};

    // ---------------------------------------------------------------- slots
    always @* begin
        case (lane)
            5'd24: lane_next = 5'd0;
            5'd0:  lane_next = 5'd6;
            5'd6:  lane_next = 5'd18;
            5'd18: lane_next = 5'd12;
            5'd12: lane_next = 5'd17;
            5'd17: lane_next = 5'd1;
            5'd1:  lane_next = 5'd22;
            5'd22: lane_next = 5'd15;
            5'd15: lane_next = 5'd2;
            5'd2:  lane_next = 5'd23;
            5'd23: lane_next = 5'd21;
            5'd21: lane_next = 5'd7;
            5'd7:  lane_next = 5'd8;
            5'd8:  lane_next = 5'd4;
            5'd4:  lane_next = 5'd11;
            5'd11: lane_next = 5'd16;
            default: lane_next = 5'd24;
        endcase
    end

    reg [5:0] s;      // m0 + read_round + 1 <= 47
    reg [5:0] c;
    integer   n;
    always @* begin
        c[0] = 1'b1;
        for (n = 0; n < 5; n = n + 1) begin
            s[n] = m0[n] ^ read_round[n] ^ c[n];
            c[n+1] = (m0[n] & read_round[n]) | (c[n] & (m0[n] ^ read_round[n]));
        end
        s[5] = c[5];
        // s - 24 when s >= 24: the low three bits stay, s[5:3] - 3
        if (s[5] || (s[4] && s[3])) s[5:3] = s[5:3] == 3'd3 ? 3'd0 : s[5:3] == 3'd4 ? 3'd1 :
                                              s[5:3] == 3'd5 ? 3'd2 : 3'd3;
    end
    assign read_slot = lane00 ? 5'd24 : s[4:0];

    // ---------------------------------------------------------------- round constants
    always @* begin
        case (rc_round)
            5'd0:  rc = 7'b0000001;  5'd1:  rc = 7'b0011010;
            5'd2:  rc = 7'b1011110;  5'd3:  rc = 7'b1110000;
            5'd4:  rc = 7'b0011111;  5'd5:  rc = 7'b0100001;
            5'd6:  rc = 7'b1111001;  5'd7:  rc = 7'b1010101;
            5'd8:  rc = 7'b0001110;  5'd9:  rc = 7'b0001100;
            5'd10: rc = 7'b0110101;  5'd11: rc = 7'b0100110;
            5'd12: rc = 7'b0111111;  5'd13: rc = 7'b1001111;
            5'd14: rc = 7'b1011101;  5'd15: rc = 7'b1010011;
            5'd16: rc = 7'b1010010;  5'd17: rc = 7'b1001000;
            5'd18: rc = 7'b0010110;  5'd19: rc = 7'b1100110;
            5'd20: rc = 7'b1111001;  5'd21: rc = 7'b1011000;
            5'd22: rc = 7'b0100001;  5'd23: rc = 7'b1110100;
            default: rc = 7'b0000000;
        endcase
    end

endmodule
