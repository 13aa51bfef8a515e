`default_nettype none
// output_fifo: the testbed's output FIFO, from the core's destination side to the DMA.
//
// Written as a FIFO of W-bit words in the core clock (dst_ready = not full), read
// out as an AXI4-Stream master of 64-bit beats in the system clock. Words are
// packed into beats in order, the first in the low bits, as input_fifo unpacks
// them. A transfer is TRANSFER_LENGTH words: TLAST marks the beat with the last
// one and TKEEP the bytes of a short last beat. An AXI4-Lite slave in the system
// clock holds the registers (docs/testbed.md):
//
//   0x00 TRANSFER_LENGTH  rw  words per transfer, 1..65535 (reset: DEFAULT_LENGTH);
//                             other values are refused with SLVERR
//   0x04 START_DELAY      rw  system clock cycles to wait once the output is ready
//   0x08 CONFIG           ro  [7:0] W, [15:8] ADDR_W (log2 of the depth in words)
//
// The output is ready when the first word of a transfer can be read in the system
// clock. The countdown starts in that cycle; the first beat's TVALID rises
// START_DELAY + 1 + 64/W cycles later (one cycle to start, one per word packed, or
// later if the core has not written the words yet). Change the registers only
// between transfers.
module output_fifo #(
    // Core bus width: 16, 32 or 64.
    parameter W = 64,
    // log2 of the FIFO depth in words.
    parameter ADDR_W = 4,
    // TRANSFER_LENGTH after reset (the core's digest words).
    parameter DEFAULT_LENGTH = 4
) (
    // core clock domain: the core's destination side
    input  wire          core_clk,
    input  wire          core_rst,
    input  wire [W-1:0]  din,
    output wire          dst_ready,
    input  wire          dst_write,

    // system clock domain
    input  wire          sys_clk,
    input  wire          sys_rst,
    // near-copy of rtl/testbed/testbed_top.v: the same AXI4-Stream master and AXI4-Lite ports,
    // which the testbed's top passes through to this FIFO (Verilog-2005 has no interface type to declare a bus once)
    output wire [63:0]   m_axis_tdata,
    output wire [7:0]    m_axis_tkeep,
    output wire          m_axis_tvalid,
    input  wire          m_axis_tready,
    output wire          m_axis_tlast,

    input  wire [3:0]    s_axil_awaddr,
    input  wire          s_axil_awvalid,
    output wire          s_axil_awready,
    input  wire [31:0]   s_axil_wdata,
    input  wire [3:0]    s_axil_wstrb,
    input  wire          s_axil_wvalid,
    output wire          s_axil_wready,
    output wire [1:0]    s_axil_bresp,
    output wire          s_axil_bvalid,
    input  wire          s_axil_bready,
    input  wire [3:0]    s_axil_araddr,
    input  wire          s_axil_arvalid,
    output wire          s_axil_arready,
    output wire [31:0]   s_axil_rdata,
    output wire [1:0]    s_axil_rresp,
    output wire          s_axil_rvalid,
    input  wire          s_axil_rready
);

    initial begin
        if (W != 16 && W != 32 && W != 64) begin
            $display("output_fifo: W must be 16, 32 or 64, got %0d", W);
            $finish;
        end
        if (DEFAULT_LENGTH < 1 || DEFAULT_LENGTH > 65535) begin
            $display("output_fifo: DEFAULT_LENGTH must be 1..65535, got %0d", DEFAULT_LENGTH);
            $finish;
        end
    end

    localparam WORDS = 64 / W;  // core words per beat
    localparam IDX_W = WORDS > 1 ? $clog2(WORDS) : 1;
    localparam [3:0] REG_LENGTH = 4'h0, REG_DELAY = 4'h4, REG_CONFIG = 4'h8;
    localparam [15:0] LENGTH_RESET = DEFAULT_LENGTH[15:0];
    localparam [7:0] W_BYTE = W[7:0], ADDR_W_BYTE = ADDR_W[7:0];

    // ---- the FIFO -----------------------------------------------------------------
    wire         full, empty;
    wire [W-1:0] word;
    reg          pull;

    async_fifo #(.WIDTH(W), .ADDR_W(ADDR_W)) u_fifo (
        .wr_clk(core_clk), .wr_rst(core_rst),
        .wr_en(dst_write), .wr_data(din), .wr_full(full),
        .rd_clk(sys_clk), .rd_rst(sys_rst),
        .rd_en(pull), .rd_data(word), .rd_empty(empty)
    );

    assign dst_ready = !full && !core_rst;

    // ---- registers ------------------------------------------------------------------
    reg  [15:0] length_q;
    reg  [31:0] delay_q;
    wire        reg_wr;
    wire [3:0]  reg_waddr, reg_raddr;
    wire [31:0] reg_wdata;
    reg  [31:0] reg_rdata;
    reg         reg_werr, reg_rerr;

    axil_slave #(.ADDR_W(4)) u_axil (
        .clk(sys_clk), .rst(sys_rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr(reg_wr), .reg_waddr(reg_waddr), .reg_wdata(reg_wdata), .reg_werr(reg_werr),
        .reg_raddr(reg_raddr), .reg_rdata(reg_rdata), .reg_rerr(reg_rerr)
    );

    always @* begin
        case (reg_waddr)
            REG_LENGTH: reg_werr = reg_wdata == 32'd0 || reg_wdata > 32'd65535;
            REG_DELAY:  reg_werr = 1'b0;
            default:    reg_werr = 1'b1;
        endcase
    end

    always @* begin
        reg_rerr  = 1'b0;
        reg_rdata = 32'd0;
        case (reg_raddr)
            REG_LENGTH: reg_rdata = {16'd0, length_q};
            REG_DELAY:  reg_rdata = delay_q;
            REG_CONFIG: reg_rdata = {16'd0, ADDR_W_BYTE, W_BYTE};
            default:    reg_rerr = 1'b1;
        endcase
    end

    always @(posedge sys_clk) begin
        if (sys_rst) begin
            length_q <= LENGTH_RESET;
            delay_q  <= 32'd0;
        end else if (reg_wr) begin
            if (reg_waddr == REG_LENGTH) length_q <= reg_wdata[15:0];
            if (reg_waddr == REG_DELAY) delay_q <= reg_wdata;
        end
    end

    // ---- stream out: wait, then pack words into beats ---------------------------------
    localparam [1:0] S_IDLE = 2'd0, S_DELAY = 2'd1, S_STREAM = 2'd2;

    reg [1:0]       state_q, state_d;
    reg [31:0]      wait_q, wait_d;        // delay cycles left
    reg [15:0]      left_q, left_d;        // words of the transfer not yet packed
    reg [IDX_W-1:0] idx_q, idx_d;          // slot of the next word in the beat
    reg [63:0]      tdata_q, tdata_d;
    reg [7:0]       tkeep_q, tkeep_d;
    reg             tvalid_q, tvalid_d;
    reg             tlast_q, tlast_d;

    always @* begin
        state_d  = state_q;
        wait_d   = wait_q;
        left_d   = left_q;
        idx_d    = idx_q;
        tdata_d  = tdata_q;
        tkeep_d  = tkeep_q;
        tvalid_d = tvalid_q;
        tlast_d  = tlast_q;
        pull     = 1'b0;
        case (state_q)
            S_IDLE: if (!empty) begin
                left_d  = length_q;
                idx_d   = {IDX_W{1'b0}};
                wait_d  = delay_q;
                state_d = delay_q == 32'd0 ? S_STREAM : S_DELAY;
            end
            S_DELAY: begin
                wait_d = wait_q - 32'd1;
                if (wait_q == 32'd1) state_d = S_STREAM;
            end
            default: begin  // S_STREAM
                if (tvalid_q && m_axis_tready) begin
                    tvalid_d = 1'b0;
                    if (tlast_q) state_d = S_IDLE;
                end
                if (!tvalid_q && !empty) begin
                    pull = 1'b1;
                    if (idx_q == {IDX_W{1'b0}}) begin
                        tdata_d = {{(64 - W){1'b0}}, word};
                        tkeep_d = {{(8 - W / 8){1'b0}}, {(W / 8){1'b1}}};
                    end else begin
                        tdata_d[idx_q * W +: W] = word;
                        tkeep_d[idx_q * (W / 8) +: W / 8] = {(W / 8){1'b1}};
                    end
                    left_d = left_q - 16'd1;
                    idx_d  = idx_q + 1'b1;
                    if (idx_q == WORDS[IDX_W-1:0] - 1'b1 || left_q == 16'd1) begin
                        tvalid_d = 1'b1;
                        tlast_d  = left_q == 16'd1;
                        idx_d    = {IDX_W{1'b0}};
                    end
                end
            end
        endcase
    end

    always @(posedge sys_clk) begin
        if (sys_rst) begin
            state_q  <= S_IDLE;
            tvalid_q <= 1'b0;
        end else begin
            state_q  <= state_d;
            tvalid_q <= tvalid_d;
        end
        wait_q  <= wait_d;
        left_q  <= left_d;
        idx_q   <= idx_d;
        tdata_q <= tdata_d;
        tkeep_q <= tkeep_d;
        tlast_q <= tlast_d;
    end

    assign m_axis_tdata  = tdata_q;
    assign m_axis_tkeep  = tkeep_q;
    assign m_axis_tvalid = tvalid_q;
    assign m_axis_tlast  = tlast_q;

endmodule
