`default_nettype none
// testbed_top: a hash core between the input and the output FIFO, in its own clock.
//
// The system clock side is what the processor sees: an AXI4-Stream slave fed by the
// DMA (MM2S), an AXI4-Stream master read by the DMA (S2MM) and the output FIFO's
// AXI4-Lite registers. The core runs in core_clk. One asynchronous reset is
// synchronised into each domain. The core is the module hashbed_core, which hashbed
// generates for each core from its manifest (hashbed.testbed.wrapper).
module testbed_top #(
    // Core bus width: 16, 32 or 64 (the manifest's bus_width).
    parameter W = 64,
    // Digest words the core writes per message (TRANSFER_LENGTH after reset).
    parameter DIGEST_WORDS = 4,
    // log2 of the input FIFO depth in 64-bit beats.
    parameter IN_ADDR_W = 5,
    // log2 of the output FIFO depth in W-bit words.
    parameter OUT_ADDR_W = 4
) (
    input  wire        sys_clk,
    input  wire        core_clk,
    input  wire        rst,        // asynchronous, active high

    input  wire [63:0] s_axis_tdata,
    input  wire [7:0]  s_axis_tkeep,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    input  wire        s_axis_tlast,

    output wire [63:0] m_axis_tdata,
    output wire [7:0]  m_axis_tkeep,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire        m_axis_tlast,

    input  wire [3:0]  s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [3:0]  s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready
);

    initial begin
        if (W != 16 && W != 32 && W != 64) begin
            $display("testbed_top: W must be 16, 32 or 64, got %0d", W);
            $finish;
        end
        if ((1 << OUT_ADDR_W) < DIGEST_WORDS) begin
            $display("testbed_top: the output FIFO (%0d words) must hold a digest (%0d words)",
                     1 << OUT_ADDR_W, DIGEST_WORDS);
            $finish;
        end
    end

    wire sys_rst, core_rst;
    reset_sync u_sys_rst (.clk(sys_clk), .rst_in(rst), .rst_out(sys_rst));
    reset_sync u_core_rst (.clk(core_clk), .rst_in(rst), .rst_out(core_rst));

    wire [W-1:0] din, dout;
    wire         src_ready, src_read, dst_ready, dst_write;

    input_fifo #(.W(W), .ADDR_W(IN_ADDR_W)) u_input_fifo (
        .sys_clk(sys_clk), .sys_rst(sys_rst),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready), .s_axis_tlast(s_axis_tlast),
        .core_clk(core_clk), .core_rst(core_rst),
        .dout(din), .src_ready(src_ready), .src_read(src_read)
    );

    hashbed_core #(.W(W)) u_core (
        .clk(core_clk), .rst(core_rst),
        .din(din), .src_ready(src_ready), .src_read(src_read),
        .dout(dout), .dst_ready(dst_ready), .dst_write(dst_write)
    );

    output_fifo #(.W(W), .ADDR_W(OUT_ADDR_W), .DEFAULT_LENGTH(DIGEST_WORDS)) u_output_fifo (
        .core_clk(core_clk), .core_rst(core_rst),
        .din(dout), .dst_ready(dst_ready), .dst_write(dst_write),
        .sys_clk(sys_clk), .sys_rst(sys_rst),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready)
    );

endmodule
