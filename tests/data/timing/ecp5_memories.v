`default_nettype none
// ecp5_memories: a small design behind core_tb.v's interface that Yosys maps onto the ECP5
// cells the fast timing engine must agree with Icarus on besides logic and carries:
// distributed RAM (TRELLIS_DPR16X4: TRELLIS_COMB in MODE DPRAM and TRELLIS_RAMW), a block RAM
// (DP16KD, 18 bits wide, no output register) and wide multiplexers (LUT5-7: PFUMX, L6MUX21).
// Every input word is written into both RAMs, and one cycle later an output word combines
// what they read at the addresses written the cycle before and three 64:1 multiplexers.
module ecp5_memories (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] din,
    input  wire        src_ready,
    output wire        src_read,
    output reg  [31:0] dout,
    input  wire        dst_ready,
    output reg         dst_write
);
    (* ram_style = "distributed" *) reg [7:0] lut_ram [0:15];
    (* ram_style = "block" *) reg [17:0] block_ram [0:511];
    reg [63:0] history_q;
    reg [31:0] word_q;
    reg [17:0] block_q;
    reg        valid_q;

    assign src_read = src_ready;

    always @(posedge clk) begin
        if (src_ready) begin
            lut_ram[din[3:0]] <= din[15:8] ^ din[31:24];
            block_ram[din[24:16]] <= {din[31:25], din[10:0]};
        end
        block_q <= block_ram[word_q[24:16]];
        if (rst) begin
            valid_q <= 1'b0;
            dst_write <= 1'b0;
            history_q <= 64'h0123456789abcdef;
            word_q <= 32'd0;
            dout <= 32'd0;
        end else begin
            valid_q <= src_ready;
            dst_write <= valid_q && dst_ready;
            if (src_ready) begin
                word_q <= din;
                history_q <= {history_q[62:0], ^din} ^ {din, din};
            end
            if (valid_q)
                dout <= {block_q[15:0] ^ word_q[31:16], lut_ram[word_q[3:0]], 5'd0,
                         history_q[word_q[29:24]], history_q[word_q[21:16]], history_q[word_q[13:8]]};
        end
    end
endmodule
