`default_nettype none
// blake256_ctrl: interface controller of the BLAKE-256 core (docs/interface.md, W = 64).
//
// Reads segment headers, writes the bus words of each block into the message RAM
// (blake256_msg), steps the datapath through 2*ROUNDS steps per block (column and
// diagonal step of each round) plus one cycle `fin` that finishes the block and starts
// the next one, and writes the four digest words.
//
// Cycles of a block: steps 0 .. L-1 (L = 2*ROUNDS), then fin. The next block of the
// segment is loaded into the other RAM bank during the steps; fin waits for it if the
// source stalled. The first block of a segment is loaded right after its header, and
// its last load cycle doubles as the fin cycle that starts it, so a message costs
// 1 (header) + 8 (first block) + (L + 1) * N + 4 (digest) cycles.
//
// Operand look-ahead: x (registered in blake256_msg) holds the operands of the
// current step; they are read in the cycle before from the RAM at the word indices
// idx_q, which come from the permutation table a cycle earlier still. The table is
// indexed by ns, the step two cycles ahead, counted over the L + 1 cycles of a block
// (position L being fin, where no operands are used).
//
// Blocks and the HAIFA counter: a segment of SEGMENT_BITS = 512*whole + rem bits has
// `whole` full blocks; the last segment then has a block with the rem remaining bits
// and the padding (counter = bits so far, or 0 if rem = 0: no message bit in it), and
// a second padding block (counter 0) when rem >= 447 leaves no room for the 66 padding
// bits. Each block's kind is decided while it is loaded (at its third word); the
// counter of the message's full blocks so far (tb_q, in units of 512 bits) gives the
// block's counter when it starts.
module blake256_ctrl #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64,
    // Rounds per block: 10 (round-2 BLAKE-256) or 14 (round 3).
    parameter ROUNDS = 14
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    input  wire         dst_ready,
    output reg          dst_write,
    // Message RAM
    output reg          ram_we,
    output wire         ram_wbank,
    output wire [2:0]   ram_waddr,
    output wire         ram_rbank,
    output wire [31:0]  idx,
    // Datapath
    output reg          step,
    output wire         diag,
    output reg          init,
    output reg          clear,
    output reg          msg_start,
    output wire [63:0]  t
);

    initial begin
        if (W != 64) begin
            $display("blake256_ctrl: W must be 64, got %0d", W);
            $finish;
        end
        if (ROUNDS < 2 || ROUNDS > 15) begin
            $display("blake256_ctrl: ROUNDS must be in 2..15, got %0d", ROUNDS);
            $finish;
        end
    end

    localparam integer LAST_STEP_I = 2 * ROUNDS - 1;  // steps per block: 2*ROUNDS
    localparam [4:0] LAST_STEP = LAST_STEP_I[4:0];
    localparam integer PENULT_STEP_I = 2 * ROUNDS - 2;
    localparam [4:0] PENULT_STEP = PENULT_STEP_I[4:0];

    // Message word permutations: the word index of slot j (G unit j/2, first or second
    // operand) at bits 4*j +: 4, for step n (round n/2, permutation round mod 10;
    // column step for even n, diagonal step for odd n)
    function [31:0] sigma_idx(input [4:0] n);
        case (n)
            5'd0: sigma_idx = 32'h76543210;
            5'd1: sigma_idx = 32'hfedcba98;
            5'd2: sigma_idx = 32'h6df984ae;
            5'd3: sigma_idx = 32'h357b20c1;
            5'd4: sigma_idx = 32'hdf250c8b;
            5'd5: sigma_idx = 32'h491763ea;
            5'd6: sigma_idx = 32'hebcd1397;
            5'd7: sigma_idx = 32'h8f04a562;
            5'd8: sigma_idx = 32'hfa427509;
            5'd9: sigma_idx = 32'hd386cb1e;
            5'd10: sigma_idx = 32'h38b0a6c2;
            5'd11: sigma_idx = 32'h91ef57d4;
            5'd12: sigma_idx = 32'ha4def15c;
            5'd13: sigma_idx = 32'hb8293670;
            5'd14: sigma_idx = 32'h931ce7bd;
            5'd15: sigma_idx = 32'ha2684f05;
            5'd16: sigma_idx = 32'h803b9ef6;
            5'd17: sigma_idx = 32'h5a417d2c;
            5'd18: sigma_idx = 32'h5167482a;
            5'd19: sigma_idx = 32'h0dc3e9bf;
            5'd20: sigma_idx = 32'h76543210;
            5'd21: sigma_idx = 32'hfedcba98;
            5'd22: sigma_idx = 32'h6df984ae;
            5'd23: sigma_idx = 32'h357b20c1;
            5'd24: sigma_idx = 32'hdf250c8b;
            5'd25: sigma_idx = 32'h491763ea;
            5'd26: sigma_idx = 32'hebcd1397;
            5'd27: sigma_idx = 32'h8f04a562;
            5'd28: sigma_idx = 32'hfa427509;
            5'd29: sigma_idx = 32'hd386cb1e;
            5'd30: sigma_idx = 32'h38b0a6c2;
            5'd31: sigma_idx = 32'h91ef57d4;
            default: sigma_idx = 32'h76543210;
        endcase
    endfunction

    localparam [2:0] S_HEADER = 3'd0,  // waiting for a segment header
                     S_LOAD   = 3'd1,  // loading the first block of a segment
                     S_ROUND  = 3'd2,  // one step per cycle, next block loaded meanwhile
                     S_FIN    = 3'd3,  // finish the block, start the next one
                     S_OUTPUT = 3'd4;  // writing the digest words

    // Segment header (the padding is at least 66 bits: a 1 bit, the 1 bit before the
    // length and the 64-bit length); seg_extra = 2: the padding needs a second block
    wire        seg_last;
    wire [53:0] seg_whole;
    wire [8:0]  seg_rem;
    wire [1:0]  seg_extra;
    wire [54:0] unused_seg_blocks;
    wire        unused_seg_empty;  // a segment always has its first block loaded

    seg_header #(
        .W(W),
        .BLOCK_LOG2(9),
        .PAD_MIN(66)
    ) u_header (
        .hdr(din),
        .last(seg_last),
        .whole(seg_whole),
        .tail(seg_rem),
        .extra(seg_extra),
        .blocks(unused_seg_blocks),
        .empty(unused_seg_empty)
    );

    reg [2:0]  state_q, state_d;
    reg        first_q, first_d;   // the next header starts a message
    reg [4:0]  step_q, step_d;     // step of the block, 0 .. L-1
    reg [4:0]  ahead_q, ahead_d;   // in S_ROUND (step_q + 2) mod (L + 1), else 0
    reg [31:0] idx_q, idx_d;       // word indices of the operands fetched this cycle
    reg        bank_q, bank_d;     // RAM bank of the block being processed
    reg [2:0]  row_q, row_d;       // next RAM row to load
    reg        busy_q, busy_d;     // a block load is under way
    reg        ready_q, ready_d;   // the next block is loaded
    reg        kfull_q, kfull_d;   // kind of the block loaded last: full ...
    reg        kpart_q, kpart_d;   // ... or with the last rem bits (else no message bit)
    reg [53:0] lc_q, lc_d;         // full blocks of the segment loaded
    reg [53:0] whole_q, whole_d;   // full blocks of the segment
    reg [8:0]  rem_q, rem_d;       // message bits after them (last segment)
    reg        remnz_q, remnz_d;   // rem_q != 0
    reg        last_q, last_d;     // the segment ends the message
    reg        pad1_q, pad1_d;     // the rem block is still to load
    reg        pad2_q, pad2_d;     // a second padding block is still to load
    reg [26:0] pair_eq_q, pair_eq_d;  // lc_q == whole_q per bit pair
    reg        eq_q, eq_d;         // lc_q == whole_q, two cycles late
    reg [54:0] tb_q, tb_d;         // full blocks of the message, counted when loaded
    reg [1:0]  out_q, out_d;       // digest word

    // Another block of the segment is to be loaded (valid two cycles after lc_q moves)
    wire has_next = !eq_q || pad1_q || pad2_q;
    // Loading runs in S_LOAD and, for the next block, in S_ROUND and S_FIN
    wire load_want = state_q == S_LOAD
                  || ((state_q == S_ROUND || state_q == S_FIN) && !ready_q && (busy_q || has_next));
    wire load_end = row_q == 3'd7;
    wire last_step = step_q == LAST_STEP;

    // Counter of the block that starts: its full blocks so far times 512, plus rem for
    // the block with the message's last bits; 0 for a block without message bits
    assign t = {(kfull_q || kpart_q) ? tb_q : 55'd0, kpart_q ? rem_q : 9'd0};

    assign diag = step_q[0];
    assign idx = idx_q;
    assign ram_wbank = !bank_q;
    assign ram_waddr = row_q;
    // The operands fetched in S_ROUND belong to the current block, elsewhere to the
    // next one
    assign ram_rbank = state_q == S_ROUND ? bank_q : !bank_q;

    // lc_q == whole_q in two register stages
    integer n;
    always @* begin
        for (n = 0; n < 27; n = n + 1)
            pair_eq_d[n] = lc_q[2*n +: 2] == whole_q[2*n +: 2];
        eq_d = &pair_eq_q;
    end

    // Word indices of step `ns`. Its upper bits come straight from a register, so that
    // the table stays a function of five signals (one LUT5 per output bit).
    wire [4:0] ns = {ahead_q[4:1],
                     ahead_q[0] || (state_q == S_FIN && ready_q) || (state_q == S_LOAD && load_end && src_ready)};
    always @* idx_d = sigma_idx(ns);

    always @* begin
        ahead_d = 5'd0;
        if (init) ahead_d = 5'd2;
        else if (state_q == S_ROUND && !last_step) ahead_d = step_q == PENULT_STEP ? 5'd0 : ahead_q + 5'd1;
    end

    // Next state
    always @* begin
        state_d = state_q;
        first_d = first_q;
        step_d = step_q;
        bank_d = bank_q;
        row_d = row_q;
        busy_d = busy_q;
        ready_d = ready_q;
        kfull_d = kfull_q;
        kpart_d = kpart_q;
        lc_d = lc_q;
        whole_d = whole_q;
        rem_d = rem_q;
        remnz_d = remnz_q;
        last_d = last_q;
        pad1_d = pad1_q;
        pad2_d = pad2_q;
        tb_d = tb_q;
        out_d = out_q;
        src_read = 1'b0;
        dst_write = 1'b0;
        ram_we = 1'b0;
        step = 1'b0;
        init = 1'b0;
        clear = 1'b0;
        msg_start = 1'b0;

        // Block loading (the state machine below decides when it runs)
        if (load_want && src_ready) begin
            src_read = 1'b1;
            ram_we = 1'b1;
            row_d = row_q + 3'd1;
            busy_d = !load_end;
            ready_d = load_end && state_q != S_LOAD;
            // the kind of the block, at its third word (eq_q is valid by then)
            if (row_q == 3'd2) begin
                kfull_d = !eq_q;
                kpart_d = eq_q && pad1_q && remnz_q;
                if (!eq_q) begin
                    lc_d = lc_q + 54'd1;
                    tb_d = tb_q + 55'd1;
                end else if (pad1_q) pad1_d = 1'b0;
                else pad2_d = 1'b0;
            end
        end

        case (state_q)
            S_HEADER: if (src_ready) begin
                src_read = 1'b1;
                msg_start = first_q;
                first_d = 1'b0;
                if (first_q) tb_d = 55'd0;
                whole_d = seg_whole;
                rem_d = seg_rem;
                remnz_d = seg_rem != 9'd0;
                last_d = seg_last;
                pad1_d = seg_last;
                pad2_d = seg_extra == 2'd2;
                lc_d = 54'd0;
                row_d = 3'd0;
                busy_d = 1'b0;
                ready_d = 1'b0;
                state_d = S_LOAD;
            end
            S_LOAD: if (src_ready && load_end) begin
                // last word of the first block: start it
                init = 1'b1;
                bank_d = !bank_q;
                step_d = 5'd0;
                state_d = S_ROUND;
            end
            S_ROUND: begin
                step = 1'b1;
                step_d = step_q + 5'd1;
                if (last_step) state_d = S_FIN;
            end
            S_FIN: begin
                if (ready_q) begin
                    init = 1'b1;
                    bank_d = !bank_q;
                    ready_d = 1'b0;
                    step_d = 5'd0;
                    state_d = S_ROUND;
                end else if (!busy_q && !has_next) begin
                    clear = 1'b1;
                    out_d = 2'd0;
                    state_d = last_q ? S_OUTPUT : S_HEADER;
                end
            end
            S_OUTPUT: if (dst_ready) begin
                dst_write = 1'b1;
                out_d = out_q + 2'd1;
                if (out_q == 2'd3) begin
                    first_d = 1'b1;
                    state_d = S_HEADER;
                end
            end
            default: state_d = S_HEADER;
        endcase
    end

    // Registers
    always @(posedge clk) begin
        if (rst) begin
            state_q <= S_HEADER;
            first_q <= 1'b1;
        end else begin
            state_q <= state_d;
            first_q <= first_d;
        end
        step_q <= step_d;
        ahead_q <= ahead_d;
        idx_q <= idx_d;
        bank_q <= bank_d;
        row_q <= row_d;
        busy_q <= busy_d;
        ready_q <= ready_d;
        kfull_q <= kfull_d;
        kpart_q <= kpart_d;
        lc_q <= lc_d;
        whole_q <= whole_d;
        rem_q <= rem_d;
        remnz_q <= remnz_d;
        last_q <= last_d;
        pad1_q <= pad1_d;
        pad2_q <= pad2_d;
        pair_eq_q <= pair_eq_d;
        eq_q <= eq_d;
        tb_q <= tb_d;
        out_q <= out_d;
    end

endmodule
