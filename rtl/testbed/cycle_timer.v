`default_nettype none
// cycle_timer: counts system clock cycles; plays the Zynq testbed's AXI Timer.
//
// The registers are the subset of Xilinx's AXI Timer (timer 0, up counting) that the
// host controller uses, at the same offsets, so the same driver code serves the
// simulated and the real board:
//
//   0x00 TCSR0  rw  bit 5 LOAD0: while set, the counter is loaded from TLR0;
//                   bit 7 ENT0: while set (and LOAD0 clear), the counter counts up.
//                   Writes setting any other bit are refused with SLVERR.
//   0x04 TLR0   rw  load value
//   0x08 TCR0   ro  the counter
module cycle_timer (
    input  wire        clk,
    input  wire        rst,

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

    localparam [3:0] REG_TCSR = 4'h0, REG_TLR = 4'h4, REG_TCR = 4'h8;
    localparam       LOAD_BIT = 5, ENABLE_BIT = 7;
    localparam [31:0] TCSR_SUPPORTED = (32'd1 << LOAD_BIT) | (32'd1 << ENABLE_BIT);

    reg         load_q, enable_q;
    reg  [31:0] tlr_q, count_q;
    wire        reg_wr;
    wire [3:0]  reg_waddr, reg_raddr;
    wire [31:0] reg_wdata;
    reg  [31:0] reg_rdata;
    reg         reg_werr, reg_rerr;

    axil_slave #(.ADDR_W(4)) u_axil (
        .clk(clk), .rst(rst),
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
            REG_TCSR: reg_werr = (reg_wdata & ~TCSR_SUPPORTED) != 32'd0;
            REG_TLR:  reg_werr = 1'b0;
            default:  reg_werr = 1'b1;
        endcase
    end

    always @* begin
        reg_rerr  = 1'b0;
        reg_rdata = 32'd0;
        case (reg_raddr)
            REG_TCSR: begin
                reg_rdata[LOAD_BIT]   = load_q;
                reg_rdata[ENABLE_BIT] = enable_q;
            end
            REG_TLR: reg_rdata = tlr_q;
            REG_TCR: reg_rdata = count_q;
            default: reg_rerr = 1'b1;
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            load_q   <= 1'b0;
            enable_q <= 1'b0;
            tlr_q    <= 32'd0;
            count_q  <= 32'd0;
        end else begin
            if (reg_wr && reg_waddr == REG_TCSR) begin
                load_q   <= reg_wdata[LOAD_BIT];
                enable_q <= reg_wdata[ENABLE_BIT];
            end
            if (reg_wr && reg_waddr == REG_TLR) tlr_q <= reg_wdata;
            if (load_q) count_q <= tlr_q;
            else if (enable_q) count_q <= count_q + 32'd1;
        end
    end

endmodule
