`default_nettype none
// blake256_lw_msg: the message block store of the lightweight BLAKE-256 cores.
//
// A staging shift chain of flip-flops (sixteen 32-bit words, no multiplexers: the bus
// fills it while the current block is processed, two 16-bit words per 32-bit word, the
// even one the high half) and two copies of the block being processed, each a 16 x 32
// memory with one read port:
//   port A (m0, the first message operand of a G function, used in its first half) and
//   port B (m1, the second operand, used one cycle later in its second half).
// Between two blocks the chain is copied into both memories, one word per cycle in
// word order (copy, caddr), shifting the chain as it goes.
// Both copies are distributed (LUT) RAM, read asynchronously and registered.
module blake256_lw_msg (
    input  wire        clk,
    input  wire        ld,      // a bus word enters the staging chain
    input  wire        ld_odd,  // ... and it is the low half of a 32-bit word
    input  wire [15:0] din,
    input  wire        copy,    // copy the head of the chain into word caddr
    input  wire [3:0]  caddr,
    input  wire [3:0]  ra,      // word read by port A
    output reg  [31:0] m0,      // mem[ra] of the cycle before
    input  wire [3:0]  rb,      // word read by port B
    output wire [31:0] m1       // mem[rb] of the cycle before
);

    // ---- staging chain: word 0 at stg_q[0] once the block is in ----
    reg [15:0]  hold_q;
    reg [31:0]  stg_q [0:15];
    wire        shift = (ld && ld_odd) || copy;
    integer i;
    always @(posedge clk) begin
        if (ld && !ld_odd) hold_q <= din;
        if (shift) begin
            for (i = 0; i < 15; i = i + 1) stg_q[i] <= stg_q[i + 1];
            stg_q[15] <= {hold_q, din};
        end
    end

    // ---- port A ----
    reg [31:0] mem_a [0:15];
    always @(posedge clk) begin
        if (copy) mem_a[caddr] <= stg_q[0];
        m0 <= mem_a[ra];
    end

    // ---- port B ----
    reg [31:0] mem_b [0:15];
    reg [31:0] m1_q;
    assign m1 = m1_q;
    always @(posedge clk) begin
        if (copy) mem_b[caddr] <= stg_q[0];
        m1_q <= mem_b[rb];
    end

endmodule
