`default_nettype none
// jh256_sbox0: JH's S-box S0 on one 4-bit element, for the round-constant unit.
// keep_hierarchy: mapped on its own, each output bit is one LUT4; flattened into
// jh256_rc, ABC merges the S-box into the wider XORs of L behind it and spends about
// a third more LUT4s on the unit.
(* keep_hierarchy *)
module jh256_sbox0 (
    input  wire [3:0] x,
    output wire [3:0] y
);

    // S0 as one truth table per output bit (a case statement would become a ROM, see
    // jh256_round)
    localparam [15:0] S0_BIT3 = 16'hc2b9;
    localparam [15:0] S0_BIT2 = 16'hb8b4;
    localparam [15:0] S0_BIT1 = 16'h9ec8;
    localparam [15:0] S0_BIT0 = 16'h31d9;

    assign y = {S0_BIT3[x], S0_BIT2[x], S0_BIT1[x], S0_BIT0[x]};

endmodule
