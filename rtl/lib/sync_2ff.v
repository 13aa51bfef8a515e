`default_nettype none
// sync_2ff: two-flop synchroniser into the clock domain of clk.
//
// Safe for single bits and for buses of which at most one bit changes between two
// samples (Gray-coded pointers); any other bus needs a handshake instead.
module sync_2ff #(
    // Bits synchronised.
    parameter WIDTH = 1
) (
    input  wire             clk,
    input  wire             rst,  // synchronous, active high: the output reads zero
    input  wire [WIDTH-1:0] d,    // from another clock domain
    output wire [WIDTH-1:0] q
);

    initial begin
        if (WIDTH < 1) begin
            $display("sync_2ff: WIDTH must be at least 1, got %0d", WIDTH);
            $finish;
        end
    end

    (* async_reg = "true" *) reg [WIDTH-1:0] meta_q;
    (* async_reg = "true" *) reg [WIDTH-1:0] sync_q;

    always @(posedge clk) begin
        if (rst) begin
            meta_q <= {WIDTH{1'b0}};
            sync_q <= {WIDTH{1'b0}};
        end else begin
            meta_q <= d;
            sync_q <= meta_q;
        end
    end

    assign q = sync_q;

endmodule
