`default_nettype none
// jh256_lw_sbox: JH's S-boxes on one 4-bit element: S0 if sel is 0, S1 if 1.
// keep_hierarchy: mapped on its own, each output bit is one LUT5 (two LUT4s and the
// slice's PFUMX); flattened, ABC merges it with the XORs of L and spends more LUT4s.
(* keep_hierarchy *)
module jh256_lw_sbox (
    input  wire       sel,
    input  wire [3:0] x,
    output wire [3:0] y
);

    // One truth table per output bit, indexed by {sel, x} (S0 in the low 16 bits).
    localparam [31:0] SBOX_BIT3 = 32'hf18ac2b9;
    localparam [31:0] SBOX_BIT2 = 32'h493eb8b4;
    localparam [31:0] SBOX_BIT1 = 32'h73259ec8;
    localparam [31:0] SBOX_BIT0 = 32'h11f931d9;

    assign y = {SBOX_BIT3[{sel, x}], SBOX_BIT2[{sel, x}], SBOX_BIT1[{sel, x}], SBOX_BIT0[{sel, x}]};

endmodule
