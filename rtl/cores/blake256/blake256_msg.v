`default_nettype none
// blake256_msg: message storage and the x operands of the four G functions.
//
// Every step (a column or a diagonal step: four G functions at once) needs eight words
// x[j] = m[s(k)] ^ c[s(k^1)], k = 8*diagonal + j, s the round's permutation. Choosing
// them from sixteen message registers would take a 16:1 multiplexer per bit (256 bits,
// about nine LUT4s each). Here each of the eight slots has its own copy of the block in
// a small distributed RAM (16 rows of 64 bits: two banks of the 8 bus words of a
// block), written with every bus word and read at its own address: the row holds two
// message words, and one LUT4 per bit picks the half and XORs the constant. Bank
// `wbank` takes the next block while bank `rbank` is read, so a block is loaded while
// the previous one is processed.
//
// idx[4*j +: 4] is s(k) for slot j of the step after the current cycle; x is
// registered, so x holds the operands of the step that idx described a cycle before.
module blake256_msg (
    input  wire         clk,
    input  wire         we,       // write wdata at row waddr of bank wbank
    input  wire         wbank,
    input  wire [2:0]   waddr,
    input  wire [63:0]  wdata,
    input  wire         rbank,    // bank to read
    input  wire [31:0]  idx,      // message word index per slot, slot j at [4*j +: 4]
    output wire [255:0] x         // operand per slot, slot j at [32*j +: 32]
);

    reg  [255:0] x_q;
    wire [255:0] x_d;
    assign x = x_q;

    // The sixteen constants of BLAKE-256
    function [31:0] const_word(input [3:0] n);
        case (n)
            4'd0: const_word = 32'h243F6A88;
            4'd1: const_word = 32'h85A308D3;
            4'd2: const_word = 32'h13198A2E;
            4'd3: const_word = 32'h03707344;
            4'd4: const_word = 32'hA4093822;
            4'd5: const_word = 32'h299F31D0;
            4'd6: const_word = 32'h082EFA98;
            4'd7: const_word = 32'hEC4E6C89;
            4'd8: const_word = 32'h452821E6;
            4'd9: const_word = 32'h38D01377;
            4'd10: const_word = 32'hBE5466CF;
            4'd11: const_word = 32'h34E90C6C;
            4'd12: const_word = 32'hC0AC29B7;
            4'd13: const_word = 32'hC97C50DD;
            4'd14: const_word = 32'h3F84D5B5;
            4'd15: const_word = 32'hB5470917;
            default: const_word = 32'h0;
        endcase
    endfunction

    genvar j;
    generate
        for (j = 0; j < 8; j = j + 1) begin : gen_slot
            reg [63:0] mem [0:15];
            wire [3:0] my_idx = idx[4 * j +: 4];
            wire [3:0] partner_idx = idx[4 * (j ^ 1) +: 4];
            wire [63:0] row = mem[{rbank, my_idx[3:1]}];
            // word 2r is the row's high half (big-endian bus packing)
            wire [31:0] word = my_idx[0] ? row[31:0] : row[63:32];

            assign x_d[32 * j +: 32] = word ^ const_word(partner_idx);

            always @(posedge clk) begin
                if (we) mem[{wbank, waddr}] <= wdata;
            end
        end
    endgenerate

    always @(posedge clk) x_q <= x_d;

endmodule
