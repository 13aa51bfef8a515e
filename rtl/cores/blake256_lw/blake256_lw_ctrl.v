`default_nettype none
// blake256_lw_ctrl: control of the lightweight BLAKE-256 cores (16-bit bus).
//
// Two independent parts:
// - the loader reads segment headers and shifts the 32 bus words of each block into the
//   staging chain of the message store, decides each block's kind and HAIFA counter at
//   its first word, and hands the block over (ready_q) to
// - the front, which issues one token per cycle into the datapath pipeline. A block is
//   2*ROUNDS steps of five cycles: the four G functions of a column or diagonal step
//   (k = 0..3) and one empty cycle, so that the next step reads the state only after
//   the last G of this one has left the two-stage G pipeline. Before a block's first
//   step, four loading tokens write h, c_k and t ^ c_{k+4} into column k of the state:
//   finalization tokens right after the previous block (they also put the new chaining
//   value h ^ v[0..7] ^ v[8..15] into the rings), or start tokens when the block begins
//   from idle (the first of a message). Taking a block starts the copy of the staging
//   chain into the message RAMs (one word per cycle, word order), which must run five
//   cycles ahead of the block's first token: the loading tokens fill that gap.
//
// Token pipeline (the datapath's stages are this schedule delayed):
//   T  (front):  token issued
//   T1:          the permutation pair (sigma(2g), sigma(2g+1)), g = 4*diag + k, is read
//   A:           message port A reads word sigma(2g), constant index sigma(2g+1)
//   1:           G stage 1 (state read); message port B reads sigma(2g+1), constant sigma(2g)
//   2:           G stage 2, state written
// The permutation is a ROM-based control: a 5-input table of step words in LUTs
// (ROM_BRAM = 0) or a 7-input table (round mod 10, g) in the block RAM (ROM_BRAM = 1).
module blake256_lw_ctrl #(
    // Bus width; only 16 is implemented
    parameter W = 16,
    // Rounds per block: 14 for the final BLAKE-256
    parameter ROUNDS = 14,
    // Permutation table: 0 in logic (LUTs), 1 in the block RAM (a ROM with registered read)
    parameter ROM_BRAM = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output reg          src_read,
    input  wire         dst_ready,
    output reg          dst_write,
    // message store
    output reg          msg_ld,
    output wire         msg_ld_odd,
    output wire         msg_copy,
    output wire [3:0]   msg_caddr,
    output wire [3:0]   msg_ra,
    output wire [3:0]   msg_rb,
    // datapath
    output wire [3:0]   cidx0,
    output wire [3:0]   cidx1,
    output wire         s1_shift,    // a loading token: the rings shift
    output wire         s1_fin,      // ... and take h ^ v[k] ^ v[k+8] (else they rotate)
    output wire         s2_load,     // a loading token: rows <= h, c_k, t ^ c_{k+4}
    output wire [7:0]   s1_addr,     // row addresses {d, c, b, a} of stage 1
    output wire         s2_we,
    output wire [7:0]   s2_addr,     // row addresses {d, c, b, a} of stage 2
    output wire [63:0]  t,
    output reg          msg_start,
    output reg          out_shift_a,
    output reg          out_shift_b,
    output wire [1:0]   out_sel
);

    initial begin
        if (W != 16) begin
            $display("blake256_lw_ctrl: W must be 16, got %0d", W);
            $finish;
        end
        if (ROM_BRAM != 0 && ROM_BRAM != 1) begin
            $display("blake256_lw_ctrl: ROM_BRAM must be 0 or 1, got %0d", ROM_BRAM);
            $finish;
        end
        if (ROUNDS < 1 || ROUNDS > 16) begin
            $display("blake256_lw_ctrl: ROUNDS must be in 1..16, got %0d", ROUNDS);
            $finish;
        end
    end

    localparam integer LAST_STEP_I = 2 * ROUNDS - 1;
    localparam [4:0] LAST_STEP = LAST_STEP_I[4:0];

    // (sigma_r(2g), sigma_r(2g+1)) for index {r mod 10, g}
    function [7:0] sigma_pair(input [6:0] i);
        case (i)
            7'd0: sigma_pair = 8'h01;
            7'd1: sigma_pair = 8'h23;
            7'd2: sigma_pair = 8'h45;
            7'd3: sigma_pair = 8'h67;
            7'd4: sigma_pair = 8'h89;
            7'd5: sigma_pair = 8'hab;
            7'd6: sigma_pair = 8'hcd;
            7'd7: sigma_pair = 8'hef;
            7'd8: sigma_pair = 8'hea;
            7'd9: sigma_pair = 8'h48;
            7'd10: sigma_pair = 8'h9f;
            7'd11: sigma_pair = 8'hd6;
            7'd12: sigma_pair = 8'h1c;
            7'd13: sigma_pair = 8'h02;
            7'd14: sigma_pair = 8'hb7;
            7'd15: sigma_pair = 8'h53;
            7'd16: sigma_pair = 8'hb8;
            7'd17: sigma_pair = 8'hc0;
            7'd18: sigma_pair = 8'h52;
            7'd19: sigma_pair = 8'hfd;
            7'd20: sigma_pair = 8'hae;
            7'd21: sigma_pair = 8'h36;
            7'd22: sigma_pair = 8'h71;
            7'd23: sigma_pair = 8'h94;
            7'd24: sigma_pair = 8'h79;
            7'd25: sigma_pair = 8'h31;
            7'd26: sigma_pair = 8'hdc;
            7'd27: sigma_pair = 8'hbe;
            7'd28: sigma_pair = 8'h26;
            7'd29: sigma_pair = 8'h5a;
            7'd30: sigma_pair = 8'h40;
            7'd31: sigma_pair = 8'hf8;
            7'd32: sigma_pair = 8'h90;
            7'd33: sigma_pair = 8'h57;
            7'd34: sigma_pair = 8'h24;
            7'd35: sigma_pair = 8'haf;
            7'd36: sigma_pair = 8'he1;
            7'd37: sigma_pair = 8'hbc;
            7'd38: sigma_pair = 8'h68;
            7'd39: sigma_pair = 8'h3d;
            7'd40: sigma_pair = 8'h2c;
            7'd41: sigma_pair = 8'h6a;
            7'd42: sigma_pair = 8'h0b;
            7'd43: sigma_pair = 8'h83;
            7'd44: sigma_pair = 8'h4d;
            7'd45: sigma_pair = 8'h75;
            7'd46: sigma_pair = 8'hfe;
            7'd47: sigma_pair = 8'h19;
            7'd48: sigma_pair = 8'hc5;
            7'd49: sigma_pair = 8'h1f;
            7'd50: sigma_pair = 8'hed;
            7'd51: sigma_pair = 8'h4a;
            7'd52: sigma_pair = 8'h07;
            7'd53: sigma_pair = 8'h63;
            7'd54: sigma_pair = 8'h92;
            7'd55: sigma_pair = 8'h8b;
            7'd56: sigma_pair = 8'hdb;
            7'd57: sigma_pair = 8'h7e;
            7'd58: sigma_pair = 8'hc1;
            7'd59: sigma_pair = 8'h39;
            7'd60: sigma_pair = 8'h50;
            7'd61: sigma_pair = 8'hf4;
            7'd62: sigma_pair = 8'h86;
            7'd63: sigma_pair = 8'h2a;
            7'd64: sigma_pair = 8'h6f;
            7'd65: sigma_pair = 8'he9;
            7'd66: sigma_pair = 8'hb3;
            7'd67: sigma_pair = 8'h08;
            7'd68: sigma_pair = 8'hc2;
            7'd69: sigma_pair = 8'hd7;
            7'd70: sigma_pair = 8'h14;
            7'd71: sigma_pair = 8'ha5;
            7'd72: sigma_pair = 8'ha2;
            7'd73: sigma_pair = 8'h84;
            7'd74: sigma_pair = 8'h76;
            7'd75: sigma_pair = 8'h15;
            7'd76: sigma_pair = 8'hfb;
            7'd77: sigma_pair = 8'h9e;
            7'd78: sigma_pair = 8'h3c;
            7'd79: sigma_pair = 8'hd0;
            default: sigma_pair = 8'h00;
        endcase
    endfunction

    // Step word of round r mod 10, column (diag = 0) or diagonal step: byte k is the
    // pair (sigma_r(2g), sigma_r(2g+1)) of G number g = 4*diag + k
    function [31:0] sigma_step(input [4:0] i);
        case (i)
            5'd0: sigma_step = 32'h67452301;
            5'd1: sigma_step = 32'hefcdab89;
            5'd2: sigma_step = 32'hd69f48ea;
            5'd3: sigma_step = 32'h53b7021c;
            5'd4: sigma_step = 32'hfd52c0b8;
            5'd5: sigma_step = 32'h947136ae;
            5'd6: sigma_step = 32'hbedc3179;
            5'd7: sigma_step = 32'hf8405a26;
            5'd8: sigma_step = 32'haf245790;
            5'd9: sigma_step = 32'h3d68bce1;
            5'd10: sigma_step = 32'h830b6a2c;
            5'd11: sigma_step = 32'h19fe754d;
            5'd12: sigma_step = 32'h4aed1fc5;
            5'd13: sigma_step = 32'h8b926307;
            5'd14: sigma_step = 32'h39c17edb;
            5'd15: sigma_step = 32'h2a86f450;
            5'd16: sigma_step = 32'h08b3e96f;
            5'd17: sigma_step = 32'ha514d7c2;
            5'd18: sigma_step = 32'h157684a2;
            5'd19: sigma_step = 32'hd03c9efb;
            default: sigma_step = 32'h0;
        endcase
    endfunction

    // ---------------- loader ----------------
    localparam [1:0] L_HDR = 2'd0, L_LOAD = 2'd1, L_END = 2'd2;

    reg [1:0]  ls_q, ls_d;
    reg        first_q, first_d;     // the next header starts a message
    reg [5:0]  whole_q, whole_d;     // full blocks of the segment still to load
    reg [8:0]  rem_q, rem_d;         // message bits after them (last segment)
    reg        last_q, last_d;       // the segment ends the message
    reg        pad1_q, pad1_d;       // the block with the rem bits is still to load
    reg        pad2_q, pad2_d;       // a second padding block is still to load
    reg [4:0]  wcnt_q, wcnt_d;       // bus word of the block being loaded
    reg        ready_q, ready_d;     // a block waits in the staging chain
    reg        copy_q, copy_d;       // the staging chain is being copied
    reg [3:0]  cw_q, cw_d;           // word being copied
    reg [54:0] tb_q, tb_d;           // full blocks of the message loaded so far
    reg        kzero_q, kzero_d;     // the block loaded last has no message bit (t = 0)
    reg        kpart_q, kpart_d;     // ... has the message's last rem bits (t = 512*tb + rem)

    wire has_more = whole_q != 6'd0 || pad1_q || pad2_q;

    // Segment header (the padding is at least 66 bits); seg_extra = 2: the padding needs a
    // second block
    wire       seg_last;
    wire [5:0] seg_whole;
    wire [8:0] seg_rem;
    wire [1:0] seg_extra;
    wire [6:0] unused_seg_blocks;
    wire       unused_seg_empty;  // a segment's first block is looked at in L_LOAD

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

    // ---------------- front ----------------
    localparam [2:0] F_IDLE = 3'd0, F_RUN = 3'd1, F_FIN = 3'd2, F_DIG = 3'd3, F_OUT = 3'd4,
                     F_CWAIT = 3'd5, F_START = 3'd6;

    reg [2:0]  fs_q, fs_d;
    reg [2:0]  pos_q, pos_d;         // cycle of the step: G k = pos (0..3), 4 empty
    reg [4:0]  step_q, step_d;       // step of the block
    reg [3:0]  r10_q, r10_d;         // round mod 10
    reg [3:0]  cnt_q, cnt_d;         // wait, digest and output counter
    reg [63:0] tcur_q, tcur_d;       // its counter

    wire msg_end = ls_q == L_END && !ready_q;
    reg  take;                       // the front starts the ready block
    reg  out_done;

    // front token of this cycle
    reg       tv, tfin, tload;
    reg       next_q, next_d;        // a block was handed over at the end of the last one
    reg [1:0] tk;
    reg       tdiag;

    // pipeline registers: stage T1 (table read), A, 1, 2
    reg       vt_q, fint_q, loadt_q;
    reg [7:0] addrt_q;
    reg [7:0] pair_q, pair1_q;
    reg       va_q, fina_q, loada_q;
    reg [7:0] addra_q;
    reg       v1_q, fin1_q, load1_q;
    reg       load2_q;
    reg [7:0] addr1_q;
    reg       v2_q;
    reg [7:0] addr2_q;
    // row addresses of the front token: G k reads word k of row a and, in a diagonal
    // step, word k+1 of b, k+2 of c, k+3 of d
    wire [1:0] tkb = tk + {1'b0, tdiag};
    wire [1:0] tkc = tk + {tdiag, 1'b0};
    wire [1:0] tkd = tk + {tdiag, tdiag};

    assign msg_ld_odd = wcnt_q[0];
    assign msg_copy = copy_q;
    assign msg_caddr = cw_q;
    assign msg_ra = pair_q[7:4];
    assign cidx0 = pair_q[3:0];
    assign msg_rb = pair1_q[3:0];
    assign cidx1 = pair1_q[7:4];
    assign s1_shift = v1_q && load1_q;
    assign s1_fin = fin1_q;
    assign s2_load = load2_q;
    assign s1_addr = addr1_q;
    assign s2_we = v2_q;
    assign s2_addr = addr2_q;
    assign t = tcur_q;
    assign out_sel = {cnt_q[3], cnt_q[0]};

    // ---- permutation pairs, read one cycle after the front (stage T1) ----
    wire [7:0] pair_t;
    generate
        if (ROM_BRAM == 0) begin : gen_rom_logic
            // step word of the front's step (a 5-input table per bit), byte k at T1
            reg [31:0] sw_q;
            reg [1:0]  kt_q;
            always @(posedge clk) begin
                sw_q <= sigma_step({r10_q, step_q[0]});
                kt_q <= tk;
            end
            assign pair_t = sw_q[8 * kt_q +: 8];
        end else begin : gen_rom_bram
            // the whole table (round mod 10, G number) in the block RAM
            (* ram_style = "block" *) reg [7:0] rom [0:127];
            reg [7:0] rom_q;
            integer j;
            initial begin
                for (j = 0; j < 128; j = j + 1) rom[j] = sigma_pair(j[6:0]);
            end
            always @(posedge clk) rom_q <= rom[{r10_q, tdiag, tk}];
            assign pair_t = rom_q;
        end
    endgenerate

    always @* begin
        ls_d = ls_q;
        first_d = first_q;
        whole_d = whole_q;
        rem_d = rem_q;
        last_d = last_q;
        pad1_d = pad1_q;
        pad2_d = pad2_q;
        wcnt_d = wcnt_q;
        ready_d = ready_q;
        copy_d = copy_q;
        cw_d = cw_q;
        tb_d = tb_q;
        kzero_d = kzero_q;
        kpart_d = kpart_q;
        src_read = 1'b0;
        msg_ld = 1'b0;
        msg_start = 1'b0;

        fs_d = fs_q;
        pos_d = pos_q;
        step_d = step_q;
        r10_d = r10_q;
        cnt_d = cnt_q;
        tcur_d = tcur_q;
        take = 1'b0;
        out_done = 1'b0;
        dst_write = 1'b0;
        out_shift_a = 1'b0;
        out_shift_b = 1'b0;
        tv = 1'b0;
        tfin = 1'b0;
        tload = 1'b0;
        next_d = next_q;
        tk = pos_q[1:0];
        tdiag = step_q[0];

        // ---- front ----
        case (fs_q)
            F_IDLE: begin
                if (ready_q) begin
                    take = 1'b1;
                    cnt_d = 4'd0;
                    fs_d = F_START;
                end else if (msg_end) begin
                    cnt_d = 4'd0;
                    fs_d = F_DIG;
                end
            end
            F_RUN: begin
                tv = pos_q != 3'd4;
                if (pos_q == 3'd4) begin
                    pos_d = 3'd0;
                    step_d = step_q + 5'd1;
                    if (step_q[0]) r10_d = r10_q == 4'd9 ? 4'd0 : r10_q + 4'd1;
                    if (step_q == LAST_STEP) begin
                        // the next block's copy starts now if it is there
                        take = ready_q;
                        next_d = ready_q;
                        cnt_d = 4'd0;
                        fs_d = F_FIN;
                    end
                end else pos_d = pos_q + 3'd1;
            end
            F_FIN: begin
                // h' = h ^ v[0..7] ^ v[8..15] into the rings, one column per token
                tv = 1'b1;
                tfin = 1'b1;
                tload = 1'b1;
                tk = cnt_q[1:0];
                tdiag = 1'b0;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) begin
                    next_d = 1'b0;
                    if (next_q) begin
                        cnt_d = 4'd4;
                        fs_d = F_CWAIT;
                    end else if (msg_end) begin
                        cnt_d = 4'd0;
                        fs_d = F_DIG;
                    end else fs_d = F_IDLE;
                end
            end
            F_START: begin
                // rows <= h (rotating the rings), c_k, t ^ c_{k+4}: a block that starts
                // from idle (the first of a message, or one that came late)
                tv = 1'b1;
                tload = 1'b1;
                tk = cnt_q[1:0];
                tdiag = 1'b0;
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd3) fs_d = F_CWAIT;
            end
            F_CWAIT: begin
                // the copy of the next block runs ahead of its first reads: five cycles
                // from the hand-over to the first token
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd4) fs_d = F_RUN;
            end
            F_DIG: begin
                // three cycles until the last finalization token has passed stage 1
                cnt_d = cnt_q + 4'd1;
                if (cnt_q == 4'd2) begin
                    cnt_d = 4'd0;
                    fs_d = F_OUT;
                end
            end
            F_OUT: if (dst_ready) begin
                dst_write = 1'b1;
                cnt_d = cnt_q + 4'd1;
                out_shift_a = cnt_q[0] && !cnt_q[3];
                out_shift_b = cnt_q[0] && cnt_q[3];
                if (cnt_q == 4'd15) begin
                    out_done = 1'b1;
                    fs_d = F_IDLE;
                end
            end
            default: fs_d = F_IDLE;
        endcase

        if (take) begin
            ready_d = 1'b0;
            copy_d = 1'b1;
            cw_d = 4'd0;
            // counter of the block: tb_q counts its full blocks (it moves only at the
            // next block's first word, after this hand-over)
            tcur_d = kzero_q ? 64'd0 : {tb_q, kpart_q ? rem_q : 9'd0};
            pos_d = 3'd0;
            step_d = 5'd0;
            r10_d = 4'd0;
        end
        if (copy_q) begin
            cw_d = cw_q + 4'd1;
            if (cw_q == 4'd15) copy_d = 1'b0;
        end

        // ---- loader ----
        case (ls_q)
            L_HDR: if (src_ready) begin
                src_read = 1'b1;
                whole_d = seg_whole;
                rem_d = seg_rem;
                last_d = seg_last;
                pad1_d = seg_last;
                pad2_d = seg_extra == 2'd2;
                wcnt_d = 5'd0;
                ls_d = L_LOAD;
                if (first_q) begin
                    msg_start = 1'b1;
                    first_d = 1'b0;
                    tb_d = 55'd0;
                end
            end
            L_LOAD: begin
                if (wcnt_q == 5'd0 && !has_more) ls_d = last_q ? L_END : L_HDR;
                else if (!ready_q && !copy_q && src_ready) begin
                    src_read = 1'b1;
                    msg_ld = 1'b1;
                    wcnt_d = wcnt_q + 5'd1;
                    if (wcnt_q == 5'd0) begin
                        // the block's kind and counter
                        kzero_d = 1'b0;
                        kpart_d = 1'b0;
                        if (whole_q != 6'd0) begin
                            whole_d = whole_q - 6'd1;
                            tb_d = tb_q + 55'd1;
                        end else if (pad1_q) begin
                            pad1_d = 1'b0;
                            kpart_d = rem_q != 9'd0;
                            kzero_d = rem_q == 9'd0;
                        end else begin
                            pad2_d = 1'b0;
                            kzero_d = 1'b1;
                        end
                    end
                    if (wcnt_q == 5'd31) ready_d = 1'b1;
                end
            end
            L_END: if (out_done) begin
                first_d = 1'b1;
                ls_d = L_HDR;
            end
            default: ls_d = L_HDR;
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            ls_q <= L_HDR;
            first_q <= 1'b1;
            ready_q <= 1'b0;
            copy_q <= 1'b0;
            fs_q <= F_IDLE;
            vt_q <= 1'b0;
            va_q <= 1'b0;
            v1_q <= 1'b0;
            v2_q <= 1'b0;
        end else begin
            ls_q <= ls_d;
            first_q <= first_d;
            ready_q <= ready_d;
            copy_q <= copy_d;
            fs_q <= fs_d;
            vt_q <= tv;
            va_q <= vt_q;
            v1_q <= va_q;
            v2_q <= v1_q;
        end
        whole_q <= whole_d;
        rem_q <= rem_d;
        last_q <= last_d;
        pad1_q <= pad1_d;
        pad2_q <= pad2_d;
        wcnt_q <= wcnt_d;
        cw_q <= cw_d;
        tb_q <= tb_d;
        kzero_q <= kzero_d;
        kpart_q <= kpart_d;
        pos_q <= pos_d;
        step_q <= step_d;
        r10_q <= r10_d;
        cnt_q <= cnt_d;
        next_q <= next_d;
        tcur_q <= tcur_d;
        // token pipeline
        fint_q <= tfin;
        loadt_q <= tload;
        addrt_q <= {tkd, tkc, tkb, tk};
        pair_q <= pair_t;
        fina_q <= fint_q;
        loada_q <= loadt_q;
        addra_q <= addrt_q;
        pair1_q <= pair_q;
        fin1_q <= fina_q;
        load1_q <= loada_q;
        load2_q <= load1_q;
        addr1_q <= addra_q;
        addr2_q <= addr1_q;
    end

endmodule
