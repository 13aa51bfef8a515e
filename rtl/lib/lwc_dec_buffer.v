`default_nettype none
// lwc_dec_buffer: the plaintext buffer of an LWC core's decryption (docs/interface.md), shared by
// the Ascon cores (ascon, ascon_lw): the plaintext is written entry by entry as the ciphertext
// comes in, held until the tag has matched, and read out from the start.
//
// One pointer serves both passes: clear sets it to 0 (a new operation, and again when the tag
// has been checked), write stores wdata at it and moves it on, read (its entry taken) moves it
// on. Its top bit is set once more entries were written than the buffer holds (the core answers
// FAILURE: the buffer's first entries were overwritten), and after the writes it counts them.
// - BRAM = 0: distributed RAM (lut_ram), read combinationally at the pointer while reading is
//   set. The address is gated with it so that Yosys does not merge the pointer register into the
//   read port, which would make the read synchronous and the memory a block RAM.
// - BRAM = 1: one block RAM (block_ram), read a clock ahead at the pointer's next value, so that
//   rdata is the entry at the pointer (reading is not needed).
module lwc_dec_buffer #(
    // Bits per entry: the core's bus width.
    parameter WIDTH = 8,
    // The buffer holds 2^AW entries.
    parameter AW = 7,
    // 0: distributed RAM (AW at most 8); 1: block RAM.
    parameter BRAM = 0
) (
    input  wire             clk,
    input  wire             clear,    // the pointer to 0 (has priority)
    input  wire             write,    // wdata into the entry at the pointer, the pointer on
    input  wire [WIDTH-1:0] wdata,
    input  wire             reading,  // BRAM = 0: the read pass, rdata is the entry at the pointer
    input  wire             read,     // the entry at the pointer taken, the pointer on
    output wire [WIDTH-1:0] rdata,
    output reg  [AW:0]      ptr       // entries written (bit AW: too many), then read
);

    initial begin
        if (WIDTH < 1) begin
            $display("lwc_dec_buffer: WIDTH must be at least 1, got %0d", WIDTH);
            $finish;
        end
        if (BRAM != 0 && BRAM != 1) begin
            $display("lwc_dec_buffer: BRAM must be 0 or 1, got %0d", BRAM);
            $finish;
        end
        if (AW < 1 || AW > 16) begin  // (lut_ram takes at most 8)
            $display("lwc_dec_buffer: AW must be 1 .. 16, got %0d", AW);
            $finish;
        end
    end

    wire [AW:0] ptr_next = clear ? {(AW + 1) {1'b0}} : write || read ? ptr + {{AW{1'b0}}, 1'b1} : ptr;

    always @(posedge clk)
        ptr <= ptr_next;

    generate
        if (BRAM != 0) begin : gen_bram
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_reading = reading;  // the read address is the pointer's next value
            /* verilator lint_on UNUSEDSIGNAL */
            block_ram #(.AW(AW), .WIDTH(WIDTH)) u_mem (
                .clk(clk),
                .we(write),
                .waddr(ptr[AW-1:0]),
                .wdata(wdata),
                .raddr(ptr_next[AW-1:0]),
                .rdata(rdata)
            );
        end else begin : gen_lut
            lut_ram #(.AW(AW), .WIDTH(WIDTH)) u_mem (
                .clk(clk),
                .we(write),
                .waddr(ptr[AW-1:0]),
                .wdata(wdata),
                .raddr(ptr[AW-1:0] & {AW{reading}}),
                .rdata(rdata)
            );
        end
    endgenerate

endmodule
