`default_nettype none
// fugue256_ctrl: header, word, final-round and digest-output control of fugue256_core.
//
// Phases: P_HDR (read a header), P_ABS (read a word: TIX + first step of R), P_STEP (the
// second step of R), P_FIN (the 36 steps of G: 10 of G1, then G2a/G2b alternately),
// P_OUT (8 digest words). A segment of SEGMENT_BITS carries SEGMENT_BITS / 32 words if it
// is not the message's last, else ceil(SEGMENT_BITS / 32) + 2 (the zero bits to a word
// and the 64-bit length). Every wide enable is a flip-flop or one gate after src_ready /
// dst_ready: the phase decodes are computed a clock ahead.
module fugue256_ctrl #(
    // Bus width in bits; only 32 is implemented.
    parameter W = 32
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output wire         src_read,
    input  wire         dst_ready,
    output wire         dst_write,
    output wire         iv_load,
    output wire         step_en,
    output wire         tix,
    output wire         g2a,
    output wire         g2b,
    output wire [2:0]   out_sel
);

    initial begin
        if (W != 32) begin
            $display("fugue256_ctrl: W must be 32, got %0d", W);
            $finish;
        end
    end

    localparam [2:0] P_HDR  = 3'd0,
                     P_ABS  = 3'd1,
                     P_STEP = 3'd2,
                     P_FIN  = 3'd3,
                     P_OUT  = 3'd4;
    localparam [5:0] FIN_STEPS = 6'd36;  // 10 G1 steps + 13 (G2a, G2b) pairs
    localparam [5:0] G1_STEPS = 6'd10;

    reg [2:0]  ph_q, ph_d;
    reg        first_q, first_d;   // the next header starts a message
    reg        last_q, last_d;     // the segment ends the message
    reg [26:0] cnt_q, cnt_d;       // words of the segment not read yet
    reg        segend_q, segend_d; // the word just read was the segment's last
    reg [5:0]  fc_q, fc_d;         // step of G
    reg [2:0]  oc_q, oc_d;         // digest word
    // decodes of the phase, a clock ahead
    reg        rd_q, rd_d;         // a word may be read
    reg        ivf_q, ivf_d;       // ... of a new message
    reg        tix_q, tix_d;
    reg        run_q, run_d;       // a step runs whatever the FIFOs do
    reg        g2a_q, g2a_d;
    reg        g2b_q, g2b_d;
    reg        out_q, out_d;

    assign src_read = src_ready && rd_q;
    assign dst_write = dst_ready && out_q;
    assign iv_load = src_ready && ivf_q;
    assign step_en = run_q || (tix_q && src_ready);
    assign tix = tix_q;
    assign g2a = g2a_q;
    assign g2b = g2b_q;
    assign out_sel = oc_q;

    // words of a segment: SEGMENT_BITS / 32, plus (for the last) a partial word and 2
    wire [26:0] hdr_words = {1'b0, din[W-2:5]}
        + (din[W-1] ? ((|din[4:0]) ? 27'd3 : 27'd2) : 27'd0);

    always @* begin
        ph_d = ph_q;
        first_d = first_q;
        last_d = last_q;
        cnt_d = cnt_q;
        segend_d = segend_q;
        fc_d = fc_q;
        oc_d = oc_q;
        case (ph_q)
            P_HDR: if (src_read) begin
                first_d = 1'b0;
                last_d = din[W-1];
                cnt_d = hdr_words;
                if (hdr_words != 27'd0) ph_d = P_ABS;
            end
            P_ABS: if (src_read) begin
                cnt_d = cnt_q - 27'd1;
                segend_d = cnt_q == 27'd1;
                ph_d = P_STEP;
            end
            P_STEP: begin
                fc_d = 6'd0;
                if (!segend_q) ph_d = P_ABS;
                else if (last_q) ph_d = P_FIN;
                else ph_d = P_HDR;
            end
            P_FIN: begin
                fc_d = fc_q + 6'd1;
                oc_d = 3'd0;
                if (fc_q == FIN_STEPS - 6'd1) ph_d = P_OUT;
            end
            default: if (dst_write) begin  // P_OUT
                oc_d = oc_q + 3'd1;
                if (oc_q == 3'd7) begin
                    first_d = 1'b1;
                    ph_d = P_HDR;
                end
            end
        endcase
        rd_d = ph_d == P_HDR || ph_d == P_ABS;
        ivf_d = ph_d == P_HDR && first_d;
        tix_d = ph_d == P_ABS;
        run_d = ph_d == P_STEP || ph_d == P_FIN;
        g2a_d = ph_d == P_FIN && fc_d >= G1_STEPS && !fc_d[0];
        g2b_d = ph_d == P_FIN && fc_d >= G1_STEPS && fc_d[0];
        out_d = ph_d == P_OUT;
    end

    always @(posedge clk) begin
        if (rst) begin
            ph_q <= P_HDR;
            first_q <= 1'b1;
            rd_q <= 1'b1;
            ivf_q <= 1'b1;
            tix_q <= 1'b0;
            run_q <= 1'b0;
            g2a_q <= 1'b0;
            g2b_q <= 1'b0;
            out_q <= 1'b0;
        end else begin
            ph_q <= ph_d;
            first_q <= first_d;
            rd_q <= rd_d;
            ivf_q <= ivf_d;
            tix_q <= tix_d;
            run_q <= run_d;
            g2a_q <= g2a_d;
            g2b_q <= g2b_d;
            out_q <= out_d;
        end
        last_q <= last_d;
        cnt_q <= cnt_d;
        segend_q <= segend_d;
        fc_q <= fc_d;
        oc_q <= oc_d;
    end

endmodule
