`default_nettype none
// jh256_lw_ram: a 16-word memory of W bits with one synchronous write port and one
// asynchronous read port: distributed (LUT) RAM, TRELLIS_DPR16X4 cells on ECP5. Words
// 8 to 11 hold INIT from configuration on and words 12 to 15 zero; the JH cores never
// write the upper half (write address bit 3 is 0), so it serves as a ROM for the
// values a block starts from (IV, C0) and as an all-zero region.
module jh256_lw_ram #(
    // Word width in bits.
    parameter W = 64,
    // Words 8, 9, 10, 11 (word 8 in the most significant bits).
    parameter [4*W-1:0] INIT = {4*W{1'b0}}
) (
    input  wire         clk,
    input  wire         we,
    input  wire [3:0]   wa,
    input  wire [W-1:0] wd,
    input  wire [3:0]   ra,
    output wire [W-1:0] rd
);

    initial begin
        if (W < 1 || W > 256) begin
            $display("jh256_lw_ram: W must be in 1..256, got %0d", W);
            $finish;
        end
    end

    reg [W-1:0] mem [0:15];

    initial begin
        mem[0]  = {W{1'b0}};
        mem[1]  = {W{1'b0}};
        mem[2]  = {W{1'b0}};
        mem[3]  = {W{1'b0}};
        mem[4]  = {W{1'b0}};
        mem[5]  = {W{1'b0}};
        mem[6]  = {W{1'b0}};
        mem[7]  = {W{1'b0}};
        mem[8]  = INIT[4*W-1 -: W];
        mem[9]  = INIT[3*W-1 -: W];
        mem[10] = INIT[2*W-1 -: W];
        mem[11] = INIT[W-1 -: W];
        mem[12] = {W{1'b0}};
        mem[13] = {W{1'b0}};
        mem[14] = {W{1'b0}};
        mem[15] = {W{1'b0}};
    end

    always @(posedge clk) begin
        if (we) begin
            mem[wa] <= wd;
        end
    end

    assign rd = mem[ra];

endmodule
