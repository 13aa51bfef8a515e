`default_nettype none
// blake2s_msg_ram: one copy of the message store of blake2s_core, 2 banks x 16 words of 32
// bits (the block being hashed and the block being loaded), one write port and one
// synchronous read port, so that synthesis infers a block RAM (two 256x16 RAMs on iCE40).
// blake2s_core holds eight copies, one per G operand, each read at its own word index:
// they replace eight 16-way multiplexers over a 512-bit message register.
module blake2s_msg_ram (
    input  wire        clk,
    input  wire        we,
    input  wire [4:0]  waddr,
    input  wire [31:0] wdata,
    input  wire [4:0]  raddr,
    output wire [31:0] rdata
);

    reg [31:0] mem_q [0:31];
    reg [31:0] rdata_q;

    always @(posedge clk) begin
        if (we) begin
            mem_q[waddr] <= wdata;
        end
        rdata_q <= mem_q[raddr];
    end

    assign rdata = rdata_q;

endmodule
