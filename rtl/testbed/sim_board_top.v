`default_nettype none
// sim_board_top: the programmable-logic side of the simulated board.
//
// testbed_top and the cycle timer behind one AXI4-Lite port, as an AXI interconnect would place
// them: the output FIFO at 0x0000, the timer at 0x1000 (address bit 12) and, with SDI = 1 (an LWC
// core), the secret-data FIFO at 0x2000 (bit 13), which the processor writes as registers. The
// port serves one transaction at a time, as the simulated processor issues them. The Clocking
// Wizard is modelled on the host side (it makes the clock). board_harness.cpp drives it.
module sim_board_top #(
    parameter W = 64,
    parameter SDI = 0,
    parameter SW = 32,
    parameter OUT_WORDS = 4,
    parameter IN_ADDR_W = 5,
    parameter OUT_ADDR_W = 4,
    parameter SDI_ADDR_W = 4
) (
    // near-copy of rtl/testbed/testbed_top.v: the same clocks, reset and AXI4-Stream ports, passed
    // through to it (Verilog-2005 has no interface type to declare a bus once)
    input  wire        sys_clk,
    input  wire        core_clk,
    input  wire        rst,

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

    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [15:0] s_axil_awaddr,
    input  wire [15:0] s_axil_araddr,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready
);

    wire wr_timer = s_axil_awaddr[12], rd_timer = s_axil_araddr[12];
    wire wr_sdi = SDI == 1 && !wr_timer && s_axil_awaddr[13];
    wire rd_sdi = SDI == 1 && !rd_timer && s_axil_araddr[13];
    wire wr_fifo = !wr_timer && !wr_sdi, rd_fifo = !rd_timer && !rd_sdi;

    wire        fifo_awready, fifo_wready, fifo_bvalid, fifo_arready, fifo_rvalid;
    wire [1:0]  fifo_bresp, fifo_rresp;
    wire [31:0] fifo_rdata;
    wire        sdi_awready, sdi_wready, sdi_bvalid, sdi_arready, sdi_rvalid;
    wire [1:0]  sdi_bresp, sdi_rresp;
    wire [31:0] sdi_rdata;
    wire        timer_awready, timer_wready, timer_bvalid, timer_arready, timer_rvalid;
    wire [1:0]  timer_bresp, timer_rresp;
    wire [31:0] timer_rdata;

    testbed_top #(
        .W(W), .SDI(SDI), .SW(SW), .OUT_WORDS(OUT_WORDS),
        .IN_ADDR_W(IN_ADDR_W), .OUT_ADDR_W(OUT_ADDR_W), .SDI_ADDR_W(SDI_ADDR_W)
    ) u_testbed (
        .sys_clk(sys_clk), .core_clk(core_clk), .rst(rst),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready), .s_axis_tlast(s_axis_tlast),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast),
        .s_axil_awaddr(s_axil_awaddr[3:0]), .s_axil_awvalid(s_axil_awvalid && wr_fifo),
        .s_axil_awready(fifo_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid && wr_fifo), .s_axil_wready(fifo_wready), .s_axil_bresp(fifo_bresp),
        .s_axil_bvalid(fifo_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr[3:0]),
        .s_axil_arvalid(s_axil_arvalid && rd_fifo), .s_axil_arready(fifo_arready),
        .s_axil_rdata(fifo_rdata), .s_axil_rresp(fifo_rresp), .s_axil_rvalid(fifo_rvalid),
        .s_axil_rready(s_axil_rready),
        .s_sdi_axil_awaddr(s_axil_awaddr[3:0]), .s_sdi_axil_awvalid(s_axil_awvalid && wr_sdi),
        .s_sdi_axil_awready(sdi_awready), .s_sdi_axil_wdata(s_axil_wdata), .s_sdi_axil_wstrb(s_axil_wstrb),
        .s_sdi_axil_wvalid(s_axil_wvalid && wr_sdi), .s_sdi_axil_wready(sdi_wready), .s_sdi_axil_bresp(sdi_bresp),
        .s_sdi_axil_bvalid(sdi_bvalid), .s_sdi_axil_bready(s_axil_bready), .s_sdi_axil_araddr(s_axil_araddr[3:0]),
        .s_sdi_axil_arvalid(s_axil_arvalid && rd_sdi), .s_sdi_axil_arready(sdi_arready),
        .s_sdi_axil_rdata(sdi_rdata), .s_sdi_axil_rresp(sdi_rresp), .s_sdi_axil_rvalid(sdi_rvalid),
        .s_sdi_axil_rready(s_axil_rready)
    );

    wire sys_rst;
    reset_sync u_sys_rst (.clk(sys_clk), .rst_in(rst), .rst_out(sys_rst));

    cycle_timer u_timer (
        .clk(sys_clk), .rst(sys_rst),
        .s_axil_awaddr(s_axil_awaddr[3:0]), .s_axil_awvalid(s_axil_awvalid && wr_timer),
        .s_axil_awready(timer_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid && wr_timer), .s_axil_wready(timer_wready), .s_axil_bresp(timer_bresp),
        .s_axil_bvalid(timer_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr[3:0]),
        .s_axil_arvalid(s_axil_arvalid && rd_timer), .s_axil_arready(timer_arready),
        .s_axil_rdata(timer_rdata), .s_axil_rresp(timer_rresp), .s_axil_rvalid(timer_rvalid),
        .s_axil_rready(s_axil_rready)
    );

    // One transaction at a time: the slave with a valid response answers.
    assign s_axil_awready = fifo_awready | sdi_awready | timer_awready;
    assign s_axil_wready  = fifo_wready | sdi_wready | timer_wready;
    assign s_axil_bvalid  = fifo_bvalid | sdi_bvalid | timer_bvalid;
    assign s_axil_bresp   = timer_bvalid ? timer_bresp : sdi_bvalid ? sdi_bresp : fifo_bresp;
    assign s_axil_arready = fifo_arready | sdi_arready | timer_arready;
    assign s_axil_rvalid  = fifo_rvalid | sdi_rvalid | timer_rvalid;
    assign s_axil_rresp   = timer_rvalid ? timer_rresp : sdi_rvalid ? sdi_rresp : fifo_rresp;
    assign s_axil_rdata   = timer_rvalid ? timer_rdata : sdi_rvalid ? sdi_rdata : fifo_rdata;

endmodule
