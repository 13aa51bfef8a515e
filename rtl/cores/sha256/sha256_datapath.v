`default_nettype none
// sha256_datapath: SHA-256 compression, one round per clock.
//
// The message schedule is a 16-word window (W[t] .. W[t+15]); each round consumes
// W[t] and shifts in W[t+16], or a word of the next block from din when the
// controller says so. H0..H7 is the chaining value, a..h the working variables.
module sha256_datapath (
    input  wire        clk,
    input  wire [31:0] din,
    input  wire        msg_init,
    input  wire        w_shift,
    input  wire        w_load,
    input  wire        round_en,
    input  wire [5:0]  round_idx,
    input  wire        finalize,
    input  wire [2:0]  out_idx,
    output wire [31:0] dout
);

    localparam [255:0] IV = {
        32'h6a09e667, 32'hbb67ae85, 32'h3c6ef372, 32'ha54ff53a,
        32'h510e527f, 32'h9b05688c, 32'h1f83d9ab, 32'h5be0cd19
    };

    function [31:0] round_constant(input [5:0] t);
        case (t)
            6'd0:  round_constant = 32'h428a2f98;  6'd1:  round_constant = 32'h71374491;
            6'd2:  round_constant = 32'hb5c0fbcf;  6'd3:  round_constant = 32'he9b5dba5;
            6'd4:  round_constant = 32'h3956c25b;  6'd5:  round_constant = 32'h59f111f1;
            6'd6:  round_constant = 32'h923f82a4;  6'd7:  round_constant = 32'hab1c5ed5;
            6'd8:  round_constant = 32'hd807aa98;  6'd9:  round_constant = 32'h12835b01;
            6'd10: round_constant = 32'h243185be;  6'd11: round_constant = 32'h550c7dc3;
            6'd12: round_constant = 32'h72be5d74;  6'd13: round_constant = 32'h80deb1fe;
            6'd14: round_constant = 32'h9bdc06a7;  6'd15: round_constant = 32'hc19bf174;
            6'd16: round_constant = 32'he49b69c1;  6'd17: round_constant = 32'hefbe4786;
            6'd18: round_constant = 32'h0fc19dc6;  6'd19: round_constant = 32'h240ca1cc;
            6'd20: round_constant = 32'h2de92c6f;  6'd21: round_constant = 32'h4a7484aa;
            6'd22: round_constant = 32'h5cb0a9dc;  6'd23: round_constant = 32'h76f988da;
            6'd24: round_constant = 32'h983e5152;  6'd25: round_constant = 32'ha831c66d;
            6'd26: round_constant = 32'hb00327c8;  6'd27: round_constant = 32'hbf597fc7;
            6'd28: round_constant = 32'hc6e00bf3;  6'd29: round_constant = 32'hd5a79147;
            6'd30: round_constant = 32'h06ca6351;  6'd31: round_constant = 32'h14292967;
            6'd32: round_constant = 32'h27b70a85;  6'd33: round_constant = 32'h2e1b2138;
            6'd34: round_constant = 32'h4d2c6dfc;  6'd35: round_constant = 32'h53380d13;
            6'd36: round_constant = 32'h650a7354;  6'd37: round_constant = 32'h766a0abb;
            6'd38: round_constant = 32'h81c2c92e;  6'd39: round_constant = 32'h92722c85;
            6'd40: round_constant = 32'ha2bfe8a1;  6'd41: round_constant = 32'ha81a664b;
            6'd42: round_constant = 32'hc24b8b70;  6'd43: round_constant = 32'hc76c51a3;
            6'd44: round_constant = 32'hd192e819;  6'd45: round_constant = 32'hd6990624;
            6'd46: round_constant = 32'hf40e3585;  6'd47: round_constant = 32'h106aa070;
            6'd48: round_constant = 32'h19a4c116;  6'd49: round_constant = 32'h1e376c08;
            6'd50: round_constant = 32'h2748774c;  6'd51: round_constant = 32'h34b0bcb5;
            6'd52: round_constant = 32'h391c0cb3;  6'd53: round_constant = 32'h4ed8aa4a;
            6'd54: round_constant = 32'h5b9cca4f;  6'd55: round_constant = 32'h682e6ff3;
            6'd56: round_constant = 32'h748f82ee;  6'd57: round_constant = 32'h78a5636f;
            6'd58: round_constant = 32'h84c87814;  6'd59: round_constant = 32'h8cc70208;
            6'd60: round_constant = 32'h90befffa;  6'd61: round_constant = 32'ha4506ceb;
            6'd62: round_constant = 32'hbef9a3f7;  default: round_constant = 32'hc67178f2;
        endcase
    endfunction

    function [31:0] rotr(input [31:0] x, input integer n);
        rotr = (x >> n) | (x << (32 - n));
    endfunction

    reg [511:0] w_q, w_d;    // schedule window, W[t] in the top word
    reg [255:0] v_q, v_d;    // working variables a..h, a in the top word
    reg [255:0] h_q, h_d;    // chaining value H0..H7, H0 in the top word

    wire [31:0] a = v_q[255:224], b = v_q[223:192], c = v_q[191:160], d = v_q[159:128];
    wire [31:0] e = v_q[127:96],  f = v_q[95:64],   g = v_q[63:32],   h = v_q[31:0];

    // Message schedule: W[t+16] = s1(W[t+14]) + W[t+9] + s0(W[t+1]) + W[t]
    wire [31:0] w0 = w_q[511:480], w1 = w_q[479:448], w9 = w_q[223:192], w14 = w_q[63:32];
    wire [31:0] small_s0 = rotr(w1, 7) ^ rotr(w1, 18) ^ (w1 >> 3);
    wire [31:0] small_s1 = rotr(w14, 17) ^ rotr(w14, 19) ^ (w14 >> 10);
    wire [31:0] w_next = small_s1 + w9 + small_s0 + w0;

    // Round function
    wire [31:0] big_s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    wire [31:0] big_s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    wire [31:0] ch = (e & f) ^ (~e & g);
    wire [31:0] maj = (a & b) ^ (a & c) ^ (b & c);
    wire [31:0] t1 = h + big_s1 + ch + round_constant(round_idx) + w0;
    wire [31:0] t2 = big_s0 + maj;

    // Chaining value plus working variables, word by word
    reg [255:0] sum;
    integer i;
    always @* begin
        for (i = 0; i < 8; i = i + 1)
            sum[32*i +: 32] = h_q[32*i +: 32] + v_q[32*i +: 32];
    end

    always @* begin
        w_d = w_shift ? {w_q[479:0], w_load ? din : w_next} : w_q;
        if (msg_init) v_d = IV;
        else if (finalize) v_d = sum;
        else if (round_en) v_d = {t1 + t2, a, b, c, d + t1, e, f, g};
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

    assign dout = h_q[255 - 32 * out_idx -: 32];

endmodule
