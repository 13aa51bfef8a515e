`default_nettype none
// sha256_lw_msgbuf: the message word buffer of the lightweight SHA-256 cores, 16 words of
// 32 bits and a tag bit, in distributed (LUT) RAM: one write port of 16 bits (the bus
// halfword; the high half of a word first, then the low half with the tag) and one
// asynchronous read port of 32 bits. The controller uses it as a 16-word FIFO.
// No ram_style attribute: Yosys maps the memories to distributed RAM where the device has
// it (ECP5: TRELLIS_DPR16X4); on iCE40, which has none, the read address is a register
// (the controller's read pointer), so Yosys makes the read synchronous and uses block RAM.
module sha256_lw_msgbuf (
    input  wire        clk,
    input  wire        we_hi,      // write wdata as the high half of word waddr
    input  wire        we_lo,      // write wdata as the low half of word waddr, and wtag
    input  wire [3:0]  waddr,
    input  wire [15:0] wdata,
    input  wire        wtag,
    input  wire [3:0]  raddr,
    output wire [31:0] rdata,
    output wire        rtag
);

    reg [15:0] hi_mem [0:15];
    reg [16:0] lo_mem [0:15];   // tag, low half

    always @(posedge clk) begin
        if (we_hi) hi_mem[waddr] <= wdata;
        if (we_lo) lo_mem[waddr] <= {wtag, wdata};
    end

    wire [16:0] lo_word = lo_mem[raddr];
    assign rdata = {hi_mem[raddr], lo_word[15:0]};
    assign rtag = lo_word[16];

endmodule
