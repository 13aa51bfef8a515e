`default_nettype none
// sha1_datapath: SHA-1 compression, one round per clock.
//
// The message schedule is a 16-word window (W[t] .. W[t+15]); each round consumes
// W[t] and shifts in W[t+16], or a word of the next block from din when the
// controller says so. H0..H4 is the chaining value, a..e the working variables.
module sha1_datapath (
    input  wire        clk,
    input  wire [31:0] din,
    input  wire        msg_init,
    input  wire        w_shift,
    input  wire        w_load,
    input  wire        round_en,
    input  wire [6:0]  round_idx,
    input  wire        finalize,
    input  wire [2:0]  out_idx,
    output wire [31:0] dout
);

    localparam [159:0] IV = {32'h67452301, 32'hefcdab89, 32'h98badcfe, 32'h10325476, 32'hc3d2e1f0};

    function [31:0] rotl(input [31:0] x, input integer n);
        rotl = (x << n) | (x >> (32 - n));
    endfunction

    reg [511:0] w_q, w_d;    // schedule window, W[t] in the top word
    reg [159:0] v_q, v_d;    // working variables a..e, a in the top word
    reg [159:0] h_q, h_d;    // chaining value H0..H4, H0 in the top word

    wire [31:0] a = v_q[159:128], b = v_q[127:96], c = v_q[95:64], d = v_q[63:32], e = v_q[31:0];

    // Message schedule: W[t+16] = rotl1(W[t+13] ^ W[t+8] ^ W[t+2] ^ W[t])
    wire [31:0] w0 = w_q[511:480], w2 = w_q[447:416], w8 = w_q[255:224], w13 = w_q[95:64];
    wire [31:0] w_next = rotl(w13 ^ w8 ^ w2 ^ w0, 1);

    // Round function: Ch for rounds 0-19, Maj for 40-59, parity otherwise
    reg [31:0] f, k;
    always @* begin
        if (round_idx < 7'd20) begin
            f = (b & c) | (~b & d);
            k = 32'h5a827999;
        end else if (round_idx < 7'd40) begin
            f = b ^ c ^ d;
            k = 32'h6ed9eba1;
        end else if (round_idx < 7'd60) begin
            f = (b & c) | (b & d) | (c & d);
            k = 32'h8f1bbcdc;
        end else begin
            f = b ^ c ^ d;
            k = 32'hca62c1d6;
        end
    end
    wire [31:0] temp = rotl(a, 5) + f + e + k + w0;

    // Chaining value plus working variables, word by word
    reg [159:0] sum;
    integer i;
    always @* begin
        for (i = 0; i < 5; i = i + 1)
            sum[32*i +: 32] = h_q[32*i +: 32] + v_q[32*i +: 32];
    end

    always @* begin
        w_d = w_shift ? {w_q[479:0], w_load ? din : w_next} : w_q;
        if (msg_init) v_d = IV;
        else if (finalize) v_d = sum;
        else if (round_en) v_d = {temp, a, rotl(b, 30), c, d};
        else v_d = v_q;
        if (msg_init) h_d = IV;
        else if (finalize) h_d = sum;
        else h_d = h_q;
    end

    always @(posedge clk) begin
        w_q <= w_d;
        v_q <= v_d;
        h_q <= h_d;
    end

    assign dout = h_q[159 - 32 * out_idx -: 32];

endmodule
