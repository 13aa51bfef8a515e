`default_nettype none
// lwc_testbed_top: an LWC core (docs/interface.md, "The LWC interface") between the testbed's
// FIFOs, in its own clock: the public-data FIFO (input_fifo, fed by the DMA's MM2S stream)
// on pdi, the secret-data FIFO (sdi_fifo, written by the processor over AXI4-Lite) on sdi,
// and the output FIFO (output_fifo, read by the DMA's S2MM stream) on do.
//
// testbed_top is the same design for a hash core, with no sdi FIFO: a hash core's testbed is
// unchanged. The LWC handshakes are the hash interface's (a word moves when valid and ready
// are 1, ready only while valid), so the FIFOs' source and destination sides connect
// directly: pdi_valid is the FIFO's src_ready, pdi_ready its src_read, do_ready the output
// FIFO's dst_ready and do_valid its dst_write. The core is the module hashbed_core, which
// hashbed generates for each core from its manifest (hashbed.studies.zynq.testbed.wrapper).
module lwc_testbed_top #(
    // pdi and do width: 16, 32 or 64 (the manifest's bus_width).
    parameter W = 32,
    // sdi width: 8, 16 or 32 (the manifest's sdi width, else its bus width).
    parameter SW = 32,
    // do words per transfer after reset (TRANSFER_LENGTH; the controller sets it per operation).
    parameter DO_WORDS = 1,
    // log2 of the input FIFO depth in 64-bit beats.
    parameter IN_ADDR_W = 5,
    // log2 of the output FIFO depth in W-bit words.
    parameter OUT_ADDR_W = 4,
    // log2 of the sdi FIFO depth in SW-bit words.
    parameter SDI_ADDR_W = 4
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

    // the output FIFO's registers
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
    input  wire        s_axil_rready,

    // the sdi FIFO's registers
    input  wire [3:0]  s_sdi_axil_awaddr,
    input  wire        s_sdi_axil_awvalid,
    output wire        s_sdi_axil_awready,
    input  wire [31:0] s_sdi_axil_wdata,
    input  wire [3:0]  s_sdi_axil_wstrb,
    input  wire        s_sdi_axil_wvalid,
    output wire        s_sdi_axil_wready,
    output wire [1:0]  s_sdi_axil_bresp,
    output wire        s_sdi_axil_bvalid,
    input  wire        s_sdi_axil_bready,
    input  wire [3:0]  s_sdi_axil_araddr,
    input  wire        s_sdi_axil_arvalid,
    output wire        s_sdi_axil_arready,
    output wire [31:0] s_sdi_axil_rdata,
    output wire [1:0]  s_sdi_axil_rresp,
    output wire        s_sdi_axil_rvalid,
    input  wire        s_sdi_axil_rready
);

    initial begin
        if (W != 16 && W != 32 && W != 64) begin
            $display("lwc_testbed_top: W must be 16, 32 or 64, got %0d", W);
            $finish;
        end
        if (SW != 8 && SW != 16 && SW != 32) begin
            $display("lwc_testbed_top: SW must be 8, 16 or 32, got %0d", SW);
            $finish;
        end
        if (DO_WORDS < 1 || DO_WORDS > 65535) begin
            $display("lwc_testbed_top: DO_WORDS must be 1..65535, got %0d", DO_WORDS);
            $finish;
        end
    end

    wire sys_rst, core_rst;
    reset_sync u_sys_rst (.clk(sys_clk), .rst_in(rst), .rst_out(sys_rst));
    reset_sync u_core_rst (.clk(core_clk), .rst_in(rst), .rst_out(core_rst));

    wire [W-1:0]  pdi_data, do_data;
    wire [SW-1:0] sdi_data;
    wire          pdi_valid, pdi_ready, sdi_valid, sdi_ready, do_ready, do_valid;

    input_fifo #(.W(W), .ADDR_W(IN_ADDR_W)) u_pdi_fifo (
        .sys_clk(sys_clk), .sys_rst(sys_rst),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready), .s_axis_tlast(s_axis_tlast),
        .core_clk(core_clk), .core_rst(core_rst),
        .dout(pdi_data), .src_ready(pdi_valid), .src_read(pdi_ready)
    );

    sdi_fifo #(.SW(SW), .ADDR_W(SDI_ADDR_W)) u_sdi_fifo (
        .sys_clk(sys_clk), .sys_rst(sys_rst),
        .s_axil_awaddr(s_sdi_axil_awaddr), .s_axil_awvalid(s_sdi_axil_awvalid), .s_axil_awready(s_sdi_axil_awready),
        .s_axil_wdata(s_sdi_axil_wdata), .s_axil_wstrb(s_sdi_axil_wstrb), .s_axil_wvalid(s_sdi_axil_wvalid),
        .s_axil_wready(s_sdi_axil_wready), .s_axil_bresp(s_sdi_axil_bresp), .s_axil_bvalid(s_sdi_axil_bvalid),
        .s_axil_bready(s_sdi_axil_bready), .s_axil_araddr(s_sdi_axil_araddr), .s_axil_arvalid(s_sdi_axil_arvalid),
        .s_axil_arready(s_sdi_axil_arready), .s_axil_rdata(s_sdi_axil_rdata), .s_axil_rresp(s_sdi_axil_rresp),
        .s_axil_rvalid(s_sdi_axil_rvalid), .s_axil_rready(s_sdi_axil_rready),
        .core_clk(core_clk), .core_rst(core_rst),
        .dout(sdi_data), .src_ready(sdi_valid), .src_read(sdi_ready)
    );

    hashbed_core #(.W(W), .SW(SW)) u_core (
        .clk(core_clk), .rst(core_rst),
        .pdi_data(pdi_data), .pdi_valid(pdi_valid), .pdi_ready(pdi_ready),
        .sdi_data(sdi_data), .sdi_valid(sdi_valid), .sdi_ready(sdi_ready),
        .do_data(do_data), .do_ready(do_ready), .do_valid(do_valid)
    );

    output_fifo #(.W(W), .ADDR_W(OUT_ADDR_W), .DEFAULT_LENGTH(DO_WORDS)) u_output_fifo (
        .core_clk(core_clk), .core_rst(core_rst),
        .din(do_data), .dst_ready(do_ready), .dst_write(do_valid),
        .sys_clk(sys_clk), .sys_rst(sys_rst),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata),
        .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp),
        .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
        .s_axil_rready(s_axil_rready)
    );

endmodule
