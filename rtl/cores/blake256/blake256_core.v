`default_nettype none
// blake256_core: BLAKE-256 (SHA-3 round 2: 10 rounds, round 3: 14 rounds, chosen by
// ROUNDS), basic iterative, with the hashbed core interface (docs/interface.md):
// 64-bit bus, host-side padding.
//
// Architecture: four G functions in parallel, so one step (the column step or the
// diagonal step of a round) per clock; a block takes 2*ROUNDS steps and one cycle that
// XORs the state into the chaining value and starts the next block (the block counter,
// the constants, the new chaining value are loaded then). The message block sits in
// eight small distributed RAMs, one per G operand, each read at its own word index
// (blake256_msg), which replaces the sixteen-way operand multiplexers; the next block
// is written into the other half of them while the current one is processed. The
// state rows that change position between column and diagonal steps are kept in two
// registers each instead of passing through multiplexers (blake256_datapath).
//
// Cycles for a message of N padded blocks in one segment:
//   1 (header) + 8 (first block: the last of its eight load cycles also starts it)
//   + (2*ROUNDS + 1) * N + 4 (digest words)
// i.e. 1 + 8 + 21*N + 4 for round 2 and 1 + 8 + 29*N + 4 for round 3. A segment that
// is not the last costs its header and first-block load again.
module blake256_core #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64,
    // Rounds per block: 10 (round-2 version) or 14 (round-3 version).
    parameter ROUNDS = 14
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         src_ready,
    output wire         src_read,
    output wire [W-1:0] dout,
    input  wire         dst_ready,
    output wire         dst_write
);

    wire        ram_we, ram_wbank, ram_rbank;
    wire [2:0]  ram_waddr;
    wire [31:0] idx;
    wire [255:0] x;
    wire        step, diag, init, clear, msg_start;
    wire [63:0] t;

    blake256_ctrl #(
        .W(W),
        .ROUNDS(ROUNDS)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .ram_we(ram_we),
        .ram_wbank(ram_wbank),
        .ram_waddr(ram_waddr),
        .ram_rbank(ram_rbank),
        .idx(idx),
        .step(step),
        .diag(diag),
        .init(init),
        .clear(clear),
        .msg_start(msg_start),
        .t(t)
    );

    blake256_msg u_msg (
        .clk(clk),
        .we(ram_we),
        .wbank(ram_wbank),
        .waddr(ram_waddr),
        .wdata(din[63:0]),
        .rbank(ram_rbank),
        .idx(idx),
        .x(x)
    );

    blake256_datapath u_datapath (
        .clk(clk),
        .x(x),
        .step(step),
        .diag(diag),
        .init(init),
        .clear(clear),
        .msg_start(msg_start),
        .t(t),
        .out_next(dst_write),
        .dout(dout[63:0])
    );

endmodule
