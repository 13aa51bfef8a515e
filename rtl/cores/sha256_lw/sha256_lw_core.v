`default_nettype none
// sha256_lw_core: lightweight SHA-256 (FIPS 180-4) with the hashbed core interface
// (docs/interface.md) on a 16-bit bus, host-side padding. Two versions share this
// Verilog (docs/lightweight.md): K_BRAM = 0, logic only (round constants in LUTs,
// message buffer in distributed RAM), and K_BRAM = 1, the round constants in the one
// block RAM (a registered ROM read one cycle ahead).
//
// Architecture. A 16-bit bus brings a 512-bit block in 32 cycles, half the 64 rounds,
// so the datapath is not folded: one round per clock on 32-bit words
// (sha256_lw_datapath), and the input is decoupled from it by a 16-word message buffer
// in LUT RAM (sha256_lw_msgbuf, 16 x 32 bits and a tag; about 36 LUT4s on ECP5) used as
// a FIFO:
//   - the fill side reads segment headers and data halfwords whenever the buffer has a
//     free word, independently of the rounds: the high half of a word, then the low
//     half, which completes it; each word carries a tag "block is the message's last";
//   - the round side takes one word per cycle: 16 to load a message's first block into
//     the schedule window (round index 48..63, as the datapath's look-ahead expects),
//     and one in each of rounds 48..63 of a block whose successor exists (the window no
//     longer needs computed words then). A block's successor has had 48 or more cycles
//     to arrive, so the rounds never wait for the bus in a long message; if a word is
//     missing (input stalls) the round waits, with every register held.
// Segment headers cost the rounds nothing: the fill side reads them between blocks. The
// digest is written as 16 halfwords straight from the chaining chains (see the datapath).
//
// Cycles, one message of N padded blocks in one segment, no stalls (cycle 0: header):
//   word k of the first block is complete at cycle 2k + 2 and read at 2k + 3, so the
//   first load ends at cycle 33; then per block 64 rounds and one finalize cycle; then
//   16 digest halfwords:  34 + 65*N + 16 (st = 34, l+p = 65, end = 16).
// The loading of a block (32 bus cycles) is hidden under the 65 cycles of the previous
// one, so l+p = max(32, 65) = 65 cycles, against 32 + 404 in the study's SHA-2
// logic-only design.
module sha256_lw_core #(
    // Bus width in bits; only 16 is implemented.
    parameter W = 16,
    // 0: round constants in logic; 1: round constants in one block RAM.
    parameter K_BRAM = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    output wire [W-1:0] dout,
    input  wire         dst_ready,
    output reg          dst_write
);

    initial begin
        if (W != 16) begin
            $display("sha256_lw_core: W must be 16, got %0d", W);
            $finish;
        end
        if (K_BRAM != 0 && K_BRAM != 1) begin
            $display("sha256_lw_core: K_BRAM must be 0 or 1, got %0d", K_BRAM);
            $finish;
        end
    end

    // ---- Fill side: headers and data halfwords into the message buffer -------------

    // Segment header: the last segment of a message has whole + 1 blocks, or whole + 2
    // when its tail (bits mod 512) is 448 bits or more (PAD_MIN = 65); another segment
    // has whole.
    wire       seg_last, seg_empty;
    wire [6:0] seg_blocks;
    wire [5:0] unused_seg_whole;
    wire [8:0] unused_seg_tail;
    wire [1:0] unused_seg_extra;

    seg_header #(
        .W(16),
        .BLOCK_LOG2(9),
        .PAD_MIN(65)
    ) u_header (
        .hdr(din),
        .last(seg_last),
        .whole(unused_seg_whole),
        .tail(unused_seg_tail),
        .extra(unused_seg_extra),
        .blocks(seg_blocks),
        .empty(seg_empty)
    );

    reg        fdata_q, fdata_d;       // 0: waiting for a header, 1: reading data
    reg [4:0]  hw_q, hw_d;             // halfword of the block: word hw_q[4:1], low half hw_q[0]
    reg [6:0]  blocks_q, blocks_d;     // blocks of the segment still to read, this one included
    reg        seglast_q, seglast_d;   // the segment ends the message
    reg [4:0]  count_q, count_d;       // complete words in the buffer, 0..16
    reg [3:0]  rptr_q, rptr_d;         // next word to read from the buffer

    wire       room = !count_q[4];     // the word at the write position is free
    wire       wtag = seglast_q && blocks_q == 7'd1;
    reg        we_hi, we_lo;

    // ---- Round side ------------------------------------------------------------------

    localparam [2:0] P_INIT  = 3'd0,  // load the IV
                     P_LOAD  = 3'd1,  // first block of a message into the window
                     P_ROUND = 3'd2,  // one round per cycle
                     P_FINAL = 3'd3,  // chaining value += working variables
                     P_OUT   = 3'd4;  // 16 digest halfwords

    reg [2:0]  state_q, state_d;
    reg [5:0]  idx_q, idx_d;           // round, 48 + word while loading, digest halfword
    reg        last_q, last_d;         // the block in the rounds is the message's last
    reg        nlast_q, nlast_d;       // the block being prefetched is the message's last

    wire [31:0] rdata;
    wire        rtag;
    wire        avail = count_q != 5'd0;
    reg         rd;
    reg         msg_init, w_shift, w_load, round_en, finalize, out_rot;

    sha256_lw_msgbuf u_buf (
        .clk(clk),
        .we_hi(we_hi),
        .we_lo(we_lo),
        .waddr(hw_q[4:1]),
        .wdata(din),
        .wtag(wtag),
        .raddr(rptr_q),
        .rdata(rdata),
        .rtag(rtag)
    );

    // Fill side
    always @* begin
        fdata_d = fdata_q;
        hw_d = hw_q;
        blocks_d = blocks_q;
        seglast_d = seglast_q;
        src_read = 1'b0;
        we_hi = 1'b0;
        we_lo = 1'b0;
        if (!fdata_q) begin
            if (src_ready) begin
                src_read = 1'b1;
                blocks_d = seg_blocks;
                seglast_d = seg_last;
                fdata_d = !seg_empty;
            end
        end else if (src_ready && room) begin
            src_read = 1'b1;
            we_hi = !hw_q[0];
            we_lo = hw_q[0];
            hw_d = hw_q + 5'd1;
            if (hw_q == 5'd31) begin
                blocks_d = blocks_q - 7'd1;
                if (blocks_q == 7'd1) fdata_d = 1'b0;
            end
        end
    end

    // Buffer occupancy
    always @* begin
        count_d = count_q + {4'd0, we_lo} - {4'd0, rd};
        rptr_d = rptr_q + {3'd0, rd};
    end

    // Round side
    wire prefetch = idx_q >= 6'd48 && !last_q;
    always @* begin
        state_d = state_q;
        idx_d = idx_q;
        last_d = last_q;
        nlast_d = nlast_q;
        rd = 1'b0;
        dst_write = 1'b0;
        msg_init = 1'b0;
        w_shift = 1'b0;
        w_load = 1'b0;
        round_en = 1'b0;
        finalize = 1'b0;
        out_rot = 1'b0;
        case (state_q)
            P_INIT: begin
                msg_init = 1'b1;
                idx_d = 6'd48;
                state_d = P_LOAD;
            end
            P_LOAD: if (avail) begin
                rd = 1'b1;
                w_shift = 1'b1;
                w_load = 1'b1;
                last_d = rtag;
                idx_d = idx_q + 6'd1;
                if (idx_q == 6'd63) state_d = P_ROUND;
            end
            P_ROUND: if (!prefetch || avail) begin
                rd = prefetch;
                w_shift = 1'b1;
                w_load = prefetch;
                round_en = 1'b1;
                if (prefetch) nlast_d = rtag;
                idx_d = idx_q + 6'd1;
                if (idx_q == 6'd63) state_d = P_FINAL;
            end
            P_FINAL: begin
                finalize = 1'b1;
                last_d = nlast_q;
                state_d = last_q ? P_OUT : P_ROUND;
            end
            P_OUT: if (dst_ready) begin
                dst_write = 1'b1;
                out_rot = idx_q[0];
                idx_d = idx_q + 6'd1;
                if (idx_q[3:0] == 4'd15) state_d = P_INIT;
            end
            default: state_d = P_INIT;
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            fdata_q <= 1'b0;
            hw_q <= 5'd0;
            count_q <= 5'd0;
            rptr_q <= 4'd0;
            state_q <= P_INIT;
        end else begin
            fdata_q <= fdata_d;
            hw_q <= hw_d;
            count_q <= count_d;
            rptr_q <= rptr_d;
            state_q <= state_d;
        end
        blocks_q <= blocks_d;
        seglast_q <= seglast_d;
        idx_q <= idx_d;
        last_q <= last_d;
        nlast_q <= nlast_d;
    end

    sha256_lw_datapath #(
        .K_BRAM(K_BRAM)
    ) u_datapath (
        .clk(clk),
        .wdata(rdata),
        .msg_init(msg_init),
        .w_shift(w_shift),
        .w_load(w_load),
        .round_en(round_en),
        .round_idx(idx_q),
        .round_idx_next(idx_d),
        .finalize(finalize),
        .fin_last(last_q),
        .out_rot(out_rot),
        .out_sel({idx_q[3], idx_q[1], idx_q[0]}),
        .dout(dout)
    );

endmodule
