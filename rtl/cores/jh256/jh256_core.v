`default_nettype none
// jh256_core: JH-256 (SHA-3 round 2: 35.5 rounds, or round 3: JH42), basic iterative,
// with the hashbed core interface (docs/interface.md): 64-bit bus, host-side padding.
//
// Architecture: one round of E8 per clock on the 1024-bit state, kept in E8's grouped
// form for the whole message. The compression function's two message XORs (M into the
// first half before E8, into the second half after it) are done together in a boundary
// cycle at the end of each block, as a mask XORed into the last round's output (see
// jh256_datapath), so the state has no multiplexer in front of it. The round constants
// come from an R6 unit (jh256_rc), one step per round. The next block is read into its
// own registers while the current one is hashed (jh256_ctrl).
//
// Cycles for a message of N padded blocks in one segment, with R = 36 (round 2: 35 round
// cycles and the half round) or 42 (round 3: 41 round cycles and the last round):
//   1 header + 8 first-block words + 1 mask load + 1 first boundary (IV + M1)  = 11
//   + R per block (R - 1 rounds, then the boundary cycle with the message XORs)
//   + 4 digest words
//   = 3 + 8 + R*N + 4    (round 2: 3 + 8 + 36*N + 4; round 3: 3 + 8 + 42*N + 4)
module jh256_core #(
    // Bus width in bits; only 64 is implemented.
    parameter W = 64,
    // SHA-3 competition round of the specification: 2 (35.5 rounds) or 3 (42 rounds).
    parameter VERSION = 3
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

    initial begin
        if (VERSION != 2 && VERSION != 3) begin
            $display("jh256_core: VERSION must be 2 or 3, got %0d", VERSION);
            $finish;
        end
    end

    localparam HALF = (VERSION == 2) ? 1 : 0;
    localparam integer ROUNDS_PER_BLOCK = (VERSION == 2) ? 36 : 42;
    // The state a message starts from: B^-1(IV) for the boundary operation B with
    // constant C0 (round 2: the S-box layer, round 3: a full round), so that the first
    // boundary cycle gives IV + M1||0. Elements 0..255, element 0 first.
    localparam [1023:0] Y_ROUND2 = {
        256'h0a1fb5584a664d4fa973f408f909694fe3660738dd91682ee145c86c6716dcde,
        256'h12c6b14d56cc6380888d9e8852aaeb5fa9fc26d4148817f8db113f18e5c4136d,
        256'hcd34000bad2ff8af089e7b0b40d7f3b788578e612a3b8af159f8476ef930f25b,
        256'h251066d15234a876d176743ae0d2db434d9a730a14fd7fa958e23a5c8b12b2d5
    };
    localparam [1023:0] Y_ROUND3 = {
        256'h9bb50a8e48acc89ecbce973ccae55f3eb8b479db1fda410776534ed3d365a6ca,
        256'hcf2c119457ab9bffb4bf361791203b8a6d2b51cb49bcd67562e89e7d0f573d3a,
        256'h6ce8049710c4557aa1e61f353d8ceb6247333074bfb801360bfc45bc8021fc36,
        256'h3a8ffaf3ed0bee8fe3df726f87f16d5a124a0956d381abccc0fe626134ea8230
    };

    wire [7:0]   word_we;
    wire         msg_init, x_load, x_next, boundary, round_en;
    wire         rc_restart, rc_step, out_start;
    wire [255:0] c;

    jh256_ctrl #(
        .W(W),
        .ROUNDS_PER_BLOCK(ROUNDS_PER_BLOCK)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .din(din),
        .src_ready(src_ready),
        .src_read(src_read),
        .dst_ready(dst_ready),
        .dst_write(dst_write),
        .word_we(word_we),
        .msg_init(msg_init),
        .x_load(x_load),
        .x_next(x_next),
        .boundary(boundary),
        .round_en(round_en),
        .rc_restart(rc_restart),
        .rc_step(rc_step),
        .out_start(out_start)
    );

    jh256_rc u_rc (
        .clk(clk),
        .restart(rc_restart || rst),
        .step(rc_step),
        .c(c)
    );

    jh256_datapath #(
        .HALF(HALF),
        .Y((VERSION == 2) ? Y_ROUND2 : Y_ROUND3)
    ) u_datapath (
        .clk(clk),
        .din(din),
        .word_we(word_we),
        .msg_init(msg_init),
        .x_load(x_load),
        .x_next(x_next),
        .boundary(boundary),
        .round_en(round_en),
        .c(c),
        .out_start(out_start),
        .out_next(dst_write),
        .dout(dout)
    );

endmodule
