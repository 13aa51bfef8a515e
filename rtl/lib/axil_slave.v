`default_nettype none
// axil_slave: an AXI4-Lite slave port reduced to register write and read strobes.
//
// One transaction at a time in each direction. A write is taken when its address and
// data are both valid: reg_wr pulses for one cycle with reg_waddr and reg_wdata, and
// the response is SLVERR when the register block flags the access (reg_werr) or the
// write is partial (WSTRB not all ones; every register is written whole), OKAY
// otherwise. A read is taken when its address is valid: reg_rdata and reg_rerr for
// reg_raddr are registered into the response in that cycle (reads have no side effects).
module axil_slave #(
    // Address bits decoded by the register block.
    parameter ADDR_W = 4
) (
    input  wire              clk,
    input  wire              rst,

    input  wire [ADDR_W-1:0] s_axil_awaddr,
    input  wire              s_axil_awvalid,
    output wire              s_axil_awready,
    input  wire [31:0]       s_axil_wdata,
    input  wire [3:0]        s_axil_wstrb,
    input  wire              s_axil_wvalid,
    output wire              s_axil_wready,
    output wire [1:0]        s_axil_bresp,
    output wire              s_axil_bvalid,
    input  wire              s_axil_bready,
    input  wire [ADDR_W-1:0] s_axil_araddr,
    input  wire              s_axil_arvalid,
    output wire              s_axil_arready,
    output wire [31:0]       s_axil_rdata,
    output wire [1:0]        s_axil_rresp,
    output wire              s_axil_rvalid,
    input  wire              s_axil_rready,

    output wire              reg_wr,     // write strobe
    output wire [ADDR_W-1:0] reg_waddr,
    output wire [31:0]       reg_wdata,
    input  wire              reg_werr,   // the write at reg_waddr / reg_wdata is refused
    output wire [ADDR_W-1:0] reg_raddr,
    input  wire [31:0]       reg_rdata,
    input  wire              reg_rerr    // the read at reg_raddr is refused
);

    initial begin
        if (ADDR_W < 2 || ADDR_W > 32) begin
            $display("axil_slave: ADDR_W must be 2..32, got %0d", ADDR_W);
            $finish;
        end
    end

    localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;

    reg        bvalid_q, bvalid_d;
    reg [1:0]  bresp_q, bresp_d;
    reg        rvalid_q, rvalid_d;
    reg [1:0]  rresp_q, rresp_d;
    reg [31:0] rdata_q, rdata_d;

    wire write = s_axil_awvalid && s_axil_wvalid && !bvalid_q;
    wire read  = s_axil_arvalid && !rvalid_q;

    // Write channel: address and data together, then the response
    always @* begin
        bvalid_d = bvalid_q;
        bresp_d  = bresp_q;
        if (write) begin
            bvalid_d = 1'b1;
            bresp_d  = (reg_werr || s_axil_wstrb != 4'hF) ? SLVERR : OKAY;
        end else if (s_axil_bready) begin
            bvalid_d = 1'b0;
        end
    end

    // Read channel: the register value is captured with the address
    always @* begin
        rvalid_d = rvalid_q;
        rresp_d  = rresp_q;
        rdata_d  = rdata_q;
        if (read) begin
            rvalid_d = 1'b1;
            rresp_d  = reg_rerr ? SLVERR : OKAY;
            rdata_d  = reg_rerr ? 32'd0 : reg_rdata;
        end else if (s_axil_rready) begin
            rvalid_d = 1'b0;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            bvalid_q <= 1'b0;
            rvalid_q <= 1'b0;
        end else begin
            bvalid_q <= bvalid_d;
            rvalid_q <= rvalid_d;
        end
        bresp_q <= bresp_d;
        rresp_q <= rresp_d;
        rdata_q <= rdata_d;
    end

    assign s_axil_awready = write;
    assign s_axil_wready  = write;
    assign s_axil_bvalid  = bvalid_q;
    assign s_axil_bresp   = bresp_q;
    assign s_axil_arready = read;
    assign s_axil_rvalid  = rvalid_q;
    assign s_axil_rresp   = rresp_q;
    assign s_axil_rdata   = rdata_q;

    assign reg_wr    = write && s_axil_wstrb == 4'hF && !reg_werr;
    assign reg_waddr = s_axil_awaddr;
    assign reg_wdata = s_axil_wdata;
    assign reg_raddr = s_axil_araddr;

endmodule
