`default_nettype none
// input_fifo: the testbed's input FIFO, from the DMA's AXI-Stream to the core's source side.
//
// Written as an AXI4-Stream slave (64-bit beats) in the system clock, read as a
// first-word-fall-through FIFO of W-bit words in the core clock. A beat carries
// 64/W core words, the first in the low bits (memory order: the host writes the
// words as little-endian W-bit integers and the DMA reads them byte by byte). TKEEP
// marks the valid bytes of a short last beat; a word counts if its first byte is
// kept, and a beat whose byte 0 is not kept carries nothing and is dropped. TLAST
// is not needed (the words frame themselves, see docs/interface.md) and is ignored.
module input_fifo #(
    // Core bus width: 16, 32 or 64.
    parameter W = 64,
    // log2 of the FIFO depth in beats.
    parameter ADDR_W = 4
) (
    // system clock domain
    input  wire          sys_clk,
    input  wire          sys_rst,
    input  wire [63:0]   s_axis_tdata,
    input  wire [7:0]    s_axis_tkeep,
    input  wire          s_axis_tvalid,
    output wire          s_axis_tready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire          s_axis_tlast,
    /* verilator lint_on UNUSEDSIGNAL */

    // core clock domain: the core's source side
    input  wire          core_clk,
    input  wire          core_rst,
    output wire [W-1:0]  dout,
    output wire          src_ready,
    input  wire          src_read
);

    initial begin
        if (W != 16 && W != 32 && W != 64) begin
            $display("input_fifo: W must be 16, 32 or 64, got %0d", W);
            $finish;
        end
    end

    localparam WORDS = 64 / W;                 // core words per beat
    localparam IDX_W = WORDS > 1 ? $clog2(WORDS) : 1;

    // ---- system domain: index of the last valid word of each beat --------------
    reg [IDX_W-1:0] last_idx;
    integer j;
    always @* begin
        last_idx = {IDX_W{1'b0}};
        for (j = 1; j < WORDS; j = j + 1)
            if (s_axis_tkeep[j * W / 8]) last_idx = j[IDX_W-1:0];
    end

    wire full;
    assign s_axis_tready = !full && !sys_rst;

    wire [IDX_W+63:0] entry;
    wire              empty;
    reg               pop;

    async_fifo #(.WIDTH(IDX_W + 64), .ADDR_W(ADDR_W)) u_fifo (
        .wr_clk(sys_clk), .wr_rst(sys_rst),
        .wr_en(s_axis_tvalid && s_axis_tready && s_axis_tkeep[0]),
        .wr_data({last_idx, s_axis_tdata}), .wr_full(full),
        .rd_clk(core_clk), .rd_rst(core_rst),
        .rd_en(pop), .rd_data(entry), .rd_empty(empty)
    );

    // ---- core domain: hand out the words of the head beat one by one ------------
    generate
        if (WORDS == 1) begin : gen_whole_beats
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_last_idx = entry[64];  // always 0: one word per beat
            /* verilator lint_on UNUSEDSIGNAL */
            assign dout = entry[63:0];
            always @* pop = src_read;
        end else begin : gen_split_beats
            reg [IDX_W-1:0] idx_q, idx_d;   // word of the head beat shown on dout
            wire [IDX_W-1:0] beat_last = entry[IDX_W+63:64];

            always @* begin
                pop   = 1'b0;
                idx_d = idx_q;
                if (src_read) begin
                    if (idx_q == beat_last) begin
                        pop   = 1'b1;
                        idx_d = {IDX_W{1'b0}};
                    end else begin
                        idx_d = idx_q + 1'b1;
                    end
                end
            end

            always @(posedge core_clk) begin
                if (core_rst) idx_q <= {IDX_W{1'b0}};
                else idx_q <= idx_d;
            end

            assign dout = entry[idx_q * W +: W];
        end
    endgenerate

    assign src_ready = !empty;

endmodule
