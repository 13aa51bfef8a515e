`default_nettype none
// async_fifo: a first-word-fall-through FIFO between two clock domains.
//
// Binary pointers count in each domain; their Gray codes cross to the other domain
// through two-flop synchronisers, so a pointer seen across the boundary is always
// one that existed (old or new, never a mix). Full and empty are registered and
// computed from the next pointers. The storage is written in the write clock and read
// without a clock (distributed RAM), so rd_data shows the oldest word whenever
// rd_empty is low: the read side is first-word-fall-through.
//
// Each side has its own synchronous reset. Hold both long enough for the other
// side's synchronisers to see the zero pointers (a few cycles of the slower clock).
module async_fifo #(
    // Bits per word.
    parameter WIDTH = 64,
    // log2 of the number of words (at least 2).
    parameter ADDR_W = 4
) (
    input  wire             wr_clk,
    input  wire             wr_rst,
    input  wire             wr_en,    // push wr_data (ignored while full)
    input  wire [WIDTH-1:0] wr_data,
    output wire             wr_full,

    input  wire             rd_clk,
    input  wire             rd_rst,
    input  wire             rd_en,    // pop rd_data (ignored while empty)
    output wire [WIDTH-1:0] rd_data,  // the oldest word, valid while rd_empty is low
    output wire             rd_empty
);

    initial begin
        if (WIDTH < 1) begin
            $display("async_fifo: WIDTH must be at least 1, got %0d", WIDTH);
            $finish;
        end
        if (ADDR_W < 2 || ADDR_W > 12) begin
            $display("async_fifo: ADDR_W must be 2..12, got %0d", ADDR_W);
            $finish;
        end
    end

    reg [WIDTH-1:0] mem [0:(1 << ADDR_W) - 1];

    // ---- write domain --------------------------------------------------------
    reg  [ADDR_W:0] wbin_q, wgray_q;
    reg             full_q;
    wire [ADDR_W:0] rgray_sync;  // read pointer (Gray) seen in the write domain
    wire            push = wr_en && !full_q;
    wire [ADDR_W:0] wbin_d = wbin_q + {{ADDR_W{1'b0}}, push};
    wire [ADDR_W:0] wgray_d = (wbin_d >> 1) ^ wbin_d;
    // Full: the write pointer is one lap ahead, i.e. the Gray codes differ in the two top bits only.
    wire            full_d = wgray_d == {~rgray_sync[ADDR_W:ADDR_W-1], rgray_sync[ADDR_W-2:0]};

    always @(posedge wr_clk) begin
        if (push) mem[wbin_q[ADDR_W-1:0]] <= wr_data;
    end

    always @(posedge wr_clk) begin
        if (wr_rst) begin
            wbin_q  <= {(ADDR_W + 1){1'b0}};
            wgray_q <= {(ADDR_W + 1){1'b0}};
            full_q  <= 1'b0;
        end else begin
            wbin_q  <= wbin_d;
            wgray_q <= wgray_d;
            full_q  <= full_d;
        end
    end

    sync_2ff #(.WIDTH(ADDR_W + 1)) u_rgray_sync (
        .clk(wr_clk), .rst(wr_rst), .d(rgray_q), .q(rgray_sync)
    );

    assign wr_full = full_q;

    // ---- read domain ---------------------------------------------------------
    reg  [ADDR_W:0] rbin_q, rgray_q;
    reg             empty_q;
    wire [ADDR_W:0] wgray_sync;  // write pointer (Gray) seen in the read domain
    wire            pop = rd_en && !empty_q;
    wire [ADDR_W:0] rbin_d = rbin_q + {{ADDR_W{1'b0}}, pop};
    wire [ADDR_W:0] rgray_d = (rbin_d >> 1) ^ rbin_d;
    wire            empty_d = rgray_d == wgray_sync;

    always @(posedge rd_clk) begin
        if (rd_rst) begin
            rbin_q  <= {(ADDR_W + 1){1'b0}};
            rgray_q <= {(ADDR_W + 1){1'b0}};
            empty_q <= 1'b1;
        end else begin
            rbin_q  <= rbin_d;
            rgray_q <= rgray_d;
            empty_q <= empty_d;
        end
    end

    sync_2ff #(.WIDTH(ADDR_W + 1)) u_wgray_sync (
        .clk(rd_clk), .rst(rd_rst), .d(wgray_q), .q(wgray_sync)
    );

    assign rd_data  = mem[rbin_q[ADDR_W-1:0]];
    assign rd_empty = empty_q;

endmodule
