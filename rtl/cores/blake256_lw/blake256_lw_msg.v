`default_nettype none
// blake256_lw_msg: the message block store of the lightweight BLAKE-256 cores.
//
// Two banks (the block being processed and the next one, loaded meanwhile) of sixteen
// 32-bit words, written 16 bits at a time from the bus (the even bus word of a pair is
// the high half), read through two ports with a registered output:
//   port A (m0, the first message operand of a G function, used in its first half) and
//   port B (m1, the second operand, used one cycle later in its second half).
// Distributed RAM has one read port, so each port has its own copy of the message.
// BRAM = 0: both copies in distributed (LUT) RAM, read asynchronously and registered.
// BRAM = 1: the port-B copy in one block RAM (inferred: registered read, synchronous
//           reset of the read register), port A in distributed RAM.
// rb_clr clears m1 (the clear passes of the datapath need a zero operand).
module blake256_lw_msg #(
    // 0: both copies in LUT RAM; 1: the port-B copy in a block RAM
    parameter BRAM = 0
) (
    input  wire        clk,
    input  wire        we,      // write wdata into word waddr, half whi
    input  wire [4:0]  waddr,   // {bank, word}
    input  wire        whi,     // 1: bits 31..16 of the word, 0: bits 15..0
    input  wire [15:0] wdata,
    input  wire [4:0]  ra,      // {bank, word} read by port A
    output reg  [31:0] m0,      // mem[ra] of the cycle before
    input  wire [4:0]  rb,      // {bank, word} read by port B
    input  wire        rb_clr,  // m1 <= 0 instead
    output wire [31:0] m1       // mem[rb] of the cycle before
);

    initial begin
        if (BRAM != 0 && BRAM != 1) begin
            $display("blake256_lw_msg: BRAM must be 0 or 1, got %0d", BRAM);
            $finish;
        end
    end

    // Port A: distributed RAM in both versions
    (* ram_style = "distributed" *) reg [15:0] mem_a_hi [0:31];
    (* ram_style = "distributed" *) reg [15:0] mem_a_lo [0:31];

    always @(posedge clk) begin
        if (we && whi) mem_a_hi[waddr] <= wdata;
        if (we && !whi) mem_a_lo[waddr] <= wdata;
        m0 <= {mem_a_hi[ra], mem_a_lo[ra]};
    end

    generate
        if (BRAM == 0) begin : gen_lutram
            (* ram_style = "distributed" *) reg [15:0] mem_b_hi [0:31];
            (* ram_style = "distributed" *) reg [15:0] mem_b_lo [0:31];
            reg [31:0] m1_q;
            always @(posedge clk) begin
                if (we && whi) mem_b_hi[waddr] <= wdata;
                if (we && !whi) mem_b_lo[waddr] <= wdata;
                if (rb_clr) m1_q <= 32'd0;
                else m1_q <= {mem_b_hi[rb], mem_b_lo[rb]};
            end
            assign m1 = m1_q;
        end else begin : gen_bram
            (* ram_style = "block" *) reg [31:0] mem_b [0:31];
            reg [31:0] m1_q;
            always @(posedge clk) begin
                if (we) begin
                    if (whi) mem_b[waddr][31:16] <= wdata;
                    else mem_b[waddr][15:0] <= wdata;
                end
            end
            always @(posedge clk) begin
                if (rb_clr) m1_q <= 32'd0;
                else m1_q <= mem_b[rb];
            end
            assign m1 = m1_q;
        end
    endgenerate

endmodule
