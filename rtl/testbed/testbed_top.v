`default_nettype none
// testbed_top: a core between the testbed's FIFOs, in its own clock.
//
// The system clock side is what the processor sees: an AXI4-Stream slave fed by the DMA (MM2S)
// into the input FIFO, an AXI4-Stream master read by the DMA (S2MM) from the output FIFO, and
// the output FIFO's AXI4-Lite registers. The core runs in core_clk; one asynchronous reset is
// synchronised into each domain. The core is the module hashbed_core, which hashbed generates
// for each core from its manifest (hashbed.testbed.wrapper): its ports are the same for every
// interface, in_* from the input FIFO (a hash core's din, an LWC core's pdi), out_* to the output
// FIFO (dout, do) and sdi_* from the secret-data FIFO. The handshakes are the hash interface's
// (a word moves when valid and ready are 1), so the FIFOs connect directly.
//
// With SDI = 1 (an LWC core, docs/interface.md) the secret-data FIFO (sdi_fifo, written by the
// processor over the s_sdi_axil registers) feeds the core's sdi port; with SDI = 0 (a hash core)
// there is no such FIFO: its registers answer nothing and the core's sdi port sees no word.
module testbed_top #(
    // Core bus width (in and out): 16, 32 or 64 (the manifest's bus_width).
    parameter W = 64,
    // 1: the secret-data FIFO on the core's sdi port (an LWC core); 0: none (a hash core).
    parameter SDI = 0,
    // sdi width: 8, 16 or 32 (an LWC core's sdi width; unused without SDI).
    parameter SW = 32,
    // Output words per transfer after reset (TRANSFER_LENGTH): a hash core's digest words;
    // an LWC core's controller sets it per operation.
    parameter OUT_WORDS = 4,
    // log2 of the input FIFO depth in 64-bit beats.
    parameter IN_ADDR_W = 5,
    // log2 of the output FIFO depth in W-bit words.
    parameter OUT_ADDR_W = 4,
    // log2 of the secret-data FIFO depth in SW-bit words.
    parameter SDI_ADDR_W = 4
) (
    // near-copy of rtl/testbed/sim_board_top.v: the same clocks, reset and AXI4-Stream ports, which
    // the simulated board passes through to this top (Verilog-2005 has no interface type to declare a bus once)
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

    // the output FIFO's registers; near-copy of rtl/testbed/output_fifo.v: its AXI4-Stream master
    // and AXI4-Lite ports, passed through to it (Verilog-2005 has no interface type to declare a bus once)
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

    // the secret-data FIFO's registers (with SDI = 1)
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
            $display("testbed_top: W must be 16, 32 or 64, got %0d", W);
            $finish;
        end
        if (SDI != 0 && SDI != 1) begin
            $display("testbed_top: SDI must be 0 or 1, got %0d", SDI);
            $finish;
        end
        if (SDI == 1 && SW != 8 && SW != 16 && SW != 32) begin
            $display("testbed_top: SW must be 8, 16 or 32, got %0d", SW);
            $finish;
        end
        if (OUT_WORDS < 1 || OUT_WORDS > 65535) begin
            $display("testbed_top: OUT_WORDS must be 1..65535, got %0d", OUT_WORDS);
            $finish;
        end
        if (SDI == 0 && (1 << OUT_ADDR_W) < OUT_WORDS) begin
            $display("testbed_top: the output FIFO (%0d words) must hold a digest (%0d words)",
                     1 << OUT_ADDR_W, OUT_WORDS);
            $finish;
        end
    end

    wire sys_rst, core_rst;
    reset_sync u_sys_rst (.clk(sys_clk), .rst_in(rst), .rst_out(sys_rst));
    reset_sync u_core_rst (.clk(core_clk), .rst_in(rst), .rst_out(core_rst));

    wire [W-1:0]  in_data, out_data;
    wire [SW-1:0] sdi_data;
    wire          in_valid, in_ready, sdi_valid, sdi_ready, out_ready, out_valid;

    input_fifo #(.W(W), .ADDR_W(IN_ADDR_W)) u_input_fifo (
        .sys_clk(sys_clk), .sys_rst(sys_rst),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready), .s_axis_tlast(s_axis_tlast),
        .core_clk(core_clk), .core_rst(core_rst),
        .dout(in_data), .src_ready(in_valid), .src_read(in_ready)
    );

    generate
        if (SDI == 1) begin : g_sdi
            sdi_fifo #(.SW(SW), .ADDR_W(SDI_ADDR_W)) u_sdi_fifo (
                .sys_clk(sys_clk), .sys_rst(sys_rst),
                .s_axil_awaddr(s_sdi_axil_awaddr), .s_axil_awvalid(s_sdi_axil_awvalid),
                .s_axil_awready(s_sdi_axil_awready), .s_axil_wdata(s_sdi_axil_wdata),
                .s_axil_wstrb(s_sdi_axil_wstrb), .s_axil_wvalid(s_sdi_axil_wvalid),
                .s_axil_wready(s_sdi_axil_wready), .s_axil_bresp(s_sdi_axil_bresp),
                .s_axil_bvalid(s_sdi_axil_bvalid), .s_axil_bready(s_sdi_axil_bready),
                .s_axil_araddr(s_sdi_axil_araddr), .s_axil_arvalid(s_sdi_axil_arvalid),
                .s_axil_arready(s_sdi_axil_arready), .s_axil_rdata(s_sdi_axil_rdata),
                .s_axil_rresp(s_sdi_axil_rresp), .s_axil_rvalid(s_sdi_axil_rvalid),
                .s_axil_rready(s_sdi_axil_rready),
                .core_clk(core_clk), .core_rst(core_rst),
                .dout(sdi_data), .src_ready(sdi_valid), .src_read(sdi_ready)
            );
        end else begin : g_no_sdi
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused = &{1'b0, s_sdi_axil_awaddr, s_sdi_axil_awvalid, s_sdi_axil_wdata, s_sdi_axil_wstrb,
                            s_sdi_axil_wvalid, s_sdi_axil_bready, s_sdi_axil_araddr, s_sdi_axil_arvalid,
                            s_sdi_axil_rready, sdi_ready};
            /* verilator lint_on UNUSEDSIGNAL */
            assign s_sdi_axil_awready = 1'b0;
            assign s_sdi_axil_wready  = 1'b0;
            assign s_sdi_axil_bresp   = 2'b00;
            assign s_sdi_axil_bvalid  = 1'b0;
            assign s_sdi_axil_arready = 1'b0;
            assign s_sdi_axil_rdata   = 32'd0;
            assign s_sdi_axil_rresp   = 2'b00;
            assign s_sdi_axil_rvalid  = 1'b0;
            assign sdi_data  = {SW{1'b0}};
            assign sdi_valid = 1'b0;
        end
    endgenerate

    hashbed_core #(.W(W), .SW(SW)) u_core (
        .clk(core_clk), .rst(core_rst),
        .in_data(in_data), .in_valid(in_valid), .in_ready(in_ready),
        .sdi_data(sdi_data), .sdi_valid(sdi_valid), .sdi_ready(sdi_ready),
        .out_data(out_data), .out_ready(out_ready), .out_valid(out_valid)
    );

    output_fifo #(.W(W), .ADDR_W(OUT_ADDR_W), .DEFAULT_LENGTH(OUT_WORDS)) u_output_fifo (
        .core_clk(core_clk), .core_rst(core_rst),
        .din(out_data), .dst_ready(out_ready), .dst_write(out_valid),
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
