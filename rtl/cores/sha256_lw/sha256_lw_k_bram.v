`default_nettype none
// sha256_lw_k_bram: the SHA-256 round constants in block RAM, two rounds ahead and read
// one cycle early: k is registered, k = K[(idx_next + 2) mod 64] of the previous cycle,
// so it equals K[(idx + 2) mod 64] when idx_next is the next value of the round index.
// A 64 x 32 ROM with a registered read; Yosys maps it to one DP16KD on ECP5 (512 x 36)
// and to block RAM on iCE40.
module sha256_lw_k_bram (
    input  wire        clk,
    input  wire [5:0]  idx_next,
    output reg  [31:0] k
);

    (* ram_style = "block" *) reg [31:0] k_mem [0:63];

    initial begin
        k_mem[0] = 32'hb5c0fbcf;
        k_mem[1] = 32'he9b5dba5;
        k_mem[2] = 32'h3956c25b;
        k_mem[3] = 32'h59f111f1;
        k_mem[4] = 32'h923f82a4;
        k_mem[5] = 32'hab1c5ed5;
        k_mem[6] = 32'hd807aa98;
        k_mem[7] = 32'h12835b01;
        k_mem[8] = 32'h243185be;
        k_mem[9] = 32'h550c7dc3;
        k_mem[10] = 32'h72be5d74;
        k_mem[11] = 32'h80deb1fe;
        k_mem[12] = 32'h9bdc06a7;
        k_mem[13] = 32'hc19bf174;
        k_mem[14] = 32'he49b69c1;
        k_mem[15] = 32'hefbe4786;
        k_mem[16] = 32'h0fc19dc6;
        k_mem[17] = 32'h240ca1cc;
        k_mem[18] = 32'h2de92c6f;
        k_mem[19] = 32'h4a7484aa;
        k_mem[20] = 32'h5cb0a9dc;
        k_mem[21] = 32'h76f988da;
        k_mem[22] = 32'h983e5152;
        k_mem[23] = 32'ha831c66d;
        k_mem[24] = 32'hb00327c8;
        k_mem[25] = 32'hbf597fc7;
        k_mem[26] = 32'hc6e00bf3;
        k_mem[27] = 32'hd5a79147;
        k_mem[28] = 32'h06ca6351;
        k_mem[29] = 32'h14292967;
        k_mem[30] = 32'h27b70a85;
        k_mem[31] = 32'h2e1b2138;
        k_mem[32] = 32'h4d2c6dfc;
        k_mem[33] = 32'h53380d13;
        k_mem[34] = 32'h650a7354;
        k_mem[35] = 32'h766a0abb;
        k_mem[36] = 32'h81c2c92e;
        k_mem[37] = 32'h92722c85;
        k_mem[38] = 32'ha2bfe8a1;
        k_mem[39] = 32'ha81a664b;
        k_mem[40] = 32'hc24b8b70;
        k_mem[41] = 32'hc76c51a3;
        k_mem[42] = 32'hd192e819;
        k_mem[43] = 32'hd6990624;
        k_mem[44] = 32'hf40e3585;
        k_mem[45] = 32'h106aa070;
        k_mem[46] = 32'h19a4c116;
        k_mem[47] = 32'h1e376c08;
        k_mem[48] = 32'h2748774c;
        k_mem[49] = 32'h34b0bcb5;
        k_mem[50] = 32'h391c0cb3;
        k_mem[51] = 32'h4ed8aa4a;
        k_mem[52] = 32'h5b9cca4f;
        k_mem[53] = 32'h682e6ff3;
        k_mem[54] = 32'h748f82ee;
        k_mem[55] = 32'h78a5636f;
        k_mem[56] = 32'h84c87814;
        k_mem[57] = 32'h8cc70208;
        k_mem[58] = 32'h90befffa;
        k_mem[59] = 32'ha4506ceb;
        k_mem[60] = 32'hbef9a3f7;
        k_mem[61] = 32'hc67178f2;
        k_mem[62] = 32'h428a2f98;
        k_mem[63] = 32'h71374491;
    end

    always @(posedge clk) k <= k_mem[idx_next];

endmodule
