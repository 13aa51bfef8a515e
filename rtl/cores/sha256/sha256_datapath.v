`default_nettype none
// sha256_datapath: SHA-256 compression, one round per clock (sha256_compress), with the
// round constants from a table of their own (sha256_k_rom) and the digest on a 32-bit
// bus. The digest words for dout are copies zeroed unless selected, ORed together
// (onehot_reg_mux): H0 exists only as the sum at the end of chain hh in the finalize
// cycle, so its copy is taken then and held; the other words follow the chains, which
// hold the new chaining value from the end of the finalize cycle on.
module sha256_datapath (
    input  wire        clk,
    input  wire [31:0] din,
    input  wire        msg_init,
    input  wire        w_shift,
    input  wire        w_load,
    input  wire        round_en,
    input  wire [5:0]  round_idx,
    input  wire        finalize,
    input  wire        out_next,
    output wire [31:0] dout
);

    // K[(t + 2) mod 64]
    wire [31:0] k_ahead;
    sha256_k_rom u_k_rom (
        .idx(round_idx),
        .k(k_ahead)
    );

    wire [127:0] hh, ee;
    wire [31:0]  hh_sum;
    sha256_compress u_compress (
        .clk(clk),
        .din(din),
        .msg_init(msg_init),
        .w_shift(w_shift),
        .w_load(w_load),
        .round_en(round_en),
        .round_idx(round_idx),
        .k_ahead(k_ahead),
        .finalize(finalize),
        .clear_ae(1'b0),
        .chain_rot(1'b0),
        .hh(hh),
        .ee(ee),
        .hh_sum(hh_sum)
    );
    wire unused_h0 = &{1'b0, hh[127:96]};  // H0 is taken from hh_sum

    onehot_reg_mux #(
        .WORDS(8),
        .WIDTH(32)
    ) u_out_mux (
        .clk(clk),
        .start(finalize),
        .next(out_next),
        .words({hh_sum, hh[95:0], ee}),
        .load({{7{1'b1}}, finalize}),
        .dout(dout)
    );

endmodule
