`default_nettype none
// sha256_lw_datapath: SHA-256 compression of the lightweight cores, one round per clock
// on a 32-bit datapath (sha256_compress, the basic iterative core's), with the digest
// read out 16 bits at a time.
//
// The schedule window takes the words of the next block from the message buffer (wdata)
// during rounds 48..63. The round constants come from logic (sha256_k_rom, the basic
// iterative core's table) or from the block RAM (sha256_lw_k_bram, read a cycle early).
//
// Digest output: the finalize cycle of a message's last block also clears a and e, so
// that the chain adders add zero and a chain shift (out_rot) rotates the chain by one
// word. After the finalize, hh holds H0 H1 H2 H3 from its head; H0 is at the head, one
// rotation brings H1 to the third word, two bring H2 to the head and three H3 to the
// third word. dout shows the high or low half of the head or third word of hh (words
// 0..3) or ee (words 4..7), and the chains rotate once per digest word: an 8:1
// multiplexer per output bit instead of a 16:1 one, and no copy registers.
module sha256_lw_datapath #(
    // 0: round constants in logic (sha256_k_rom); 1: in block RAM (sha256_lw_k_bram)
    parameter K_BRAM = 0
) (
    input  wire        clk,
    input  wire [31:0] wdata,      // next message word, from the message buffer
    input  wire        msg_init,   // load the IV (the cycle before a message's first load)
    input  wire        w_shift,    // shift the schedule window by one word ...
    input  wire        w_load,     // ... taking wdata instead of the computed word
    input  wire        round_en,   // perform round round_idx
    input  wire [5:0]  round_idx,  // round, or 48 + word while loading a first block
    input  wire [5:0]  round_idx_next, // the value round_idx takes at the next edge
    input  wire        finalize,   // chaining value += working variables
    input  wire        fin_last,   // with finalize: the message's last block
    input  wire        out_rot,    // rotate the chains by one word (digest output)
    input  wire [2:0]  out_sel,    // digest halfword: {word[2], word[0], low half}
    output wire [15:0] dout
);

    initial begin
        if (K_BRAM != 0 && K_BRAM != 1) begin
            $display("sha256_lw_datapath: K_BRAM must be 0 or 1, got %0d", K_BRAM);
            $finish;
        end
    end

    // K[(t + 2) mod 64]
    wire [31:0] k_ahead;
    generate
        if (K_BRAM != 0) begin : gen_k_bram
            sha256_lw_k_bram u_k (
                .clk(clk),
                .idx_next(round_idx_next),
                .k(k_ahead)
            );
        end else begin : gen_k_logic
            sha256_k_rom u_k (
                .idx(round_idx),
                .k(k_ahead)
            );
            wire unused_idx_next = &{1'b0, round_idx_next};
        end
    endgenerate

    wire [127:0] hh, ee;
    wire [31:0]  hh_sum;
    sha256_compress u_compress (
        .clk(clk),
        .din(wdata),
        .msg_init(msg_init),
        .w_shift(w_shift),
        .w_load(w_load),
        .round_en(round_en),
        .round_idx(round_idx),
        .k_ahead(k_ahead),
        .finalize(finalize),
        .clear_ae(fin_last),
        .chain_rot(out_rot),
        .hh(hh),
        .ee(ee),
        .hh_sum(hh_sum)
    );
    // the digest is read from the head and third words of the chains
    wire unused_chain_words = &{1'b0, hh_sum, hh[95:64], hh[31:0], ee[95:64], ee[31:0]};

    // Digest halfword: chain hh (words 0..3) or ee (4..7), head word (even words) or
    // third word (odd words), high or low half
    wire [31:0] out_head = out_sel[2] ? ee[127:96] : hh[127:96];
    wire [31:0] out_third = out_sel[2] ? ee[63:32] : hh[63:32];
    wire [31:0] out_word = out_sel[1] ? out_third : out_head;
    assign dout = out_sel[0] ? out_word[15:0] : out_word[31:16];

endmodule
