`default_nettype none
// skein512_mix: one MIX of Threefish-512 (Skein specification, section 3.3.1):
// y0 = x0 + x1 (mod 2^64), y1 = (x1 <<< R) ^ y0. The rotation R is R_EVEN when `odd`
// is 0 and R_ODD when it is 1: a four-round unit runs rounds 0..3 or 4..7 of the
// eight-round rotation schedule, alternately. The two rotations are wiring; their
// selection shares the LUT4 of the XOR (rotated bit a, rotated bit b, odd, y0 bit).
module skein512_mix #(
    // Rotation for the even four-round groups (rounds d with d mod 8 in 0..3), 1..63.
    parameter R_EVEN = 46,
    // Rotation for the odd four-round groups (d mod 8 in 4..7), 1..63.
    parameter R_ODD = 39
) (
    input  wire [63:0] x0,
    input  wire [63:0] x1,
    input  wire        odd,
    output wire [63:0] y0,
    output wire [63:0] y1
);

    initial begin
        if (R_EVEN < 1 || R_EVEN > 63 || R_ODD < 1 || R_ODD > 63) begin
            $display("skein512_mix: rotations must be in 1..63, got %0d and %0d", R_EVEN, R_ODD);
            $finish;
        end
    end

    wire [63:0] rot_even = {x1[63-R_EVEN:0], x1[63:64-R_EVEN]};
    wire [63:0] rot_odd = {x1[63-R_ODD:0], x1[63:64-R_ODD]};

    assign y0 = x0 + x1;
    assign y1 = (odd ? rot_odd : rot_even) ^ y0;

endmodule
