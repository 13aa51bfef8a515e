`default_nettype none
// sdi_fifo: the LWC testbed's secret-data FIFO, from the processor's register writes to the
// core's sdi port.
//
// The processor writes each sdi word (the LDKEY instruction, the key segment header, the key
// words) to SDI_DATA over AXI4-Lite in the system clock; the core reads the words as a
// first-word-fall-through FIFO of SW-bit words in the core clock (async_fifo). A key is a few
// words per key change, so register writes serve where the public data needs a DMA stream
// (docs/testbed.md, "The secret-data FIFO"). Registers:
//
//   0x00 SDI_DATA    wo  push bits SW-1..0 as one sdi word; refused (SLVERR) while the FIFO
//                        is full or when a bit above SW-1 is set
//   0x04 SDI_STATUS  ro  bit 0: full (a write now would be refused)
//   0x08 SDI_CONFIG  ro  [7:0] SW, [15:8] ADDR_W (log2 of the depth in words)
module sdi_fifo #(
    // sdi word width: 8, 16 or 32 (one register write per word).
    parameter SW = 32,
    // log2 of the FIFO depth in words.
    parameter ADDR_W = 4
) (
    // system clock domain
    input  wire          sys_clk,
    input  wire          sys_rst,
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
    input  wire          s_axil_rready,

    // core clock domain: the core's sdi source side
    input  wire          core_clk,
    input  wire          core_rst,
    output wire [SW-1:0] dout,
    output wire          src_ready,
    input  wire          src_read
);

    initial begin
        if (SW != 8 && SW != 16 && SW != 32) begin
            $display("sdi_fifo: SW must be 8, 16 or 32, got %0d", SW);
            $finish;
        end
    end

    localparam [3:0] REG_DATA = 4'h0, REG_STATUS = 4'h4, REG_CONFIG = 4'h8;
    localparam [7:0] SW_BYTE = SW[7:0], ADDR_W_BYTE = ADDR_W[7:0];

    wire        full, empty;
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

    // the bits above the word must be zero (a 32-bit word has none)
    wire high_bits_set;
    generate
        if (SW < 32) begin : gen_narrow
            assign high_bits_set = |reg_wdata[31:SW];
        end else begin : gen_full
            assign high_bits_set = 1'b0;
        end
    endgenerate

    always @* begin
        case (reg_waddr)
            REG_DATA: reg_werr = full || high_bits_set;
            default:  reg_werr = 1'b1;
        endcase
    end

    always @* begin
        reg_rerr  = 1'b0;
        reg_rdata = 32'd0;
        case (reg_raddr)
            REG_STATUS: reg_rdata = {31'd0, full};
            REG_CONFIG: reg_rdata = {16'd0, ADDR_W_BYTE, SW_BYTE};
            default:    reg_rerr = 1'b1;
        endcase
    end

    async_fifo #(.WIDTH(SW), .ADDR_W(ADDR_W)) u_fifo (
        .wr_clk(sys_clk), .wr_rst(sys_rst),
        .wr_en(reg_wr && reg_waddr == REG_DATA && !reg_werr), .wr_data(reg_wdata[SW-1:0]), .wr_full(full),
        .rd_clk(core_clk), .rd_rst(core_rst),
        .rd_en(src_read), .rd_data(dout), .rd_empty(empty)
    );

    assign src_ready = !empty;

endmodule
