`default_nettype none
// keccak_round: one round of Keccak-f[1600] (theta, rho, pi, chi, iota), combinational,
// followed by the XOR of a rate block into the first RATE_LANES lanes.
//
// Lane x + 5*y of the state is bits [64*(x+5*y) +: 64]; bit z of a lane is bit z of
// that field (the Keccak specification's bit numbering; lanes are little-endian words).
// Only bits 0, 1, 3, 7, 15, 31 and 63 of a round constant can be 1, so iota takes those
// seven bits (rc[j] is bit 2**j - 1). The XOR of `absorb` after iota is the sponge's
// absorption of the next block; absorb is zero in every other round, so the round
// needs no multiplexer: a zero block leaves the round output unchanged.
module keccak_round #(
    // Lanes of the rate (17 for r = 1088)
    parameter RATE_LANES = 17
) (
    input  wire [1599:0]              state,
    input  wire [6:0]                 rc,
    input  wire [64*RATE_LANES-1:0]   absorb,
    output wire [1599:0]              next
);

    initial begin
        if (RATE_LANES < 1 || RATE_LANES > 25) begin
            $display("keccak_round: RATE_LANES must be in 1..25, got %0d", RATE_LANES);
            $finish;
        end
    end

    // rho rotation of lane x + 5*y (Keccak reference, table of rho offsets), lane 0 in
    // the low six bits
    localparam [149:0] RHO = {
        6'd14, 6'd56, 6'd61, 6'd2,  6'd18,   // y = 4, x = 4 .. 0
        6'd8,  6'd21, 6'd15, 6'd45, 6'd41,   // y = 3
        6'd39, 6'd25, 6'd43, 6'd10, 6'd3,    // y = 2
        6'd20, 6'd55, 6'd6,  6'd44, 6'd36,   // y = 1
        6'd27, 6'd28, 6'd62, 6'd1,  6'd0     // y = 0
    };

    wire [319:0]  parity;  // column parities C[x], x = 0..4
    // After theta, rho and pi. Each bit is one LUT3, a ^ C[x-1] ^ C[x+1] (rotated): the
    // keep stops the mapper from building the theta effect D[x] = C[x-1] ^ C[x+1] as a
    // LUT of its own shared by five lanes, which costs about 200 LUTs more.
    (* keep *) wire [1599:0] moved;
    wire [1599:0] chi;     // after chi and iota
    wire [63:0]   rc_lane = {rc[6], 31'd0, rc[5], 15'd0, rc[4], 7'd0, rc[3], 3'd0, rc[2], 1'b0, rc[1], rc[0]};

    genvar x, y, z;
    generate
        for (x = 0; x < 5; x = x + 1) begin : gen_theta
            assign parity[64*x +: 64] = state[64*x +: 64] ^ state[64*(x+5) +: 64] ^ state[64*(x+10) +: 64]
                                      ^ state[64*(x+15) +: 64] ^ state[64*(x+20) +: 64];
        end
        // theta: bit z of lane (x, y) ^= C[x-1][z] ^ C[x+1][z-1]; then lane (x, y) moves to
        // (y, 2x + 3y) rotated left by RHO, so output bit z reads input bit z - RHO
        for (x = 0; x < 5; x = x + 1) begin : gen_rho_pi
            for (y = 0; y < 5; y = y + 1) begin : gen_lane
                for (z = 0; z < 64; z = z + 1) begin : gen_bit
                    assign moved[64*(y + 5*((2*x + 3*y) % 5)) + z] =
                        state[64*(x + 5*y) + (z + 64 - RHO[6*(x+5*y) +: 6]) % 64]
                        ^ parity[64*((x+4)%5) + (z + 64 - RHO[6*(x+5*y) +: 6]) % 64]
                        ^ parity[64*((x+1)%5) + (z + 63 - RHO[6*(x+5*y) +: 6]) % 64];
                end
            end
        end
        for (y = 0; y < 5; y = y + 1) begin : gen_chi
            for (x = 0; x < 5; x = x + 1) begin : gen_lane
                assign chi[64*(x+5*y) +: 64] = moved[64*(x+5*y) +: 64]
                    ^ (~moved[64*((x+1)%5 + 5*y) +: 64] & moved[64*((x+2)%5 + 5*y) +: 64])
                    ^ ((x == 0 && y == 0) ? rc_lane : 64'd0);
            end
        end
    endgenerate

    assign next = chi ^ {{(1600 - 64*RATE_LANES){1'b0}}, absorb};

endmodule
