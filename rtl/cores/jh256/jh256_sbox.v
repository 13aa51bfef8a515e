`default_nettype none
// jh256_sbox: JH's S-boxes on one 4-bit element of the state: S0 if sel is 0, S1 if 1.
// keep_hierarchy: mapped on its own, each output bit is one LUT5 (two LUT4s and the
// slice's PFUMX); flattened into the round, ABC merges the S-boxes into the wider
// XORs of L behind them and spends more LUT4s on the round.
(* keep_hierarchy *)
module jh256_sbox (
    input  wire       sel,
    input  wire [3:0] x,
    output wire [3:0] y
);

    // S0 (sel = 0) and S1 (sel = 1) as one truth table per output bit, indexed by
    // {sel, x}. (Written as a case statement, the table becomes a ROM whose address
    // register Yosys merges with the state, which duplicates the state flip-flops and
    // maps the S-boxes to multiplexer trees.)
    localparam [31:0] SBOX_BIT3 = 32'hf18ac2b9;
    localparam [31:0] SBOX_BIT2 = 32'h493eb8b4;
    localparam [31:0] SBOX_BIT1 = 32'h73259ec8;
    localparam [31:0] SBOX_BIT0 = 32'h11f931d9;

    assign y = {SBOX_BIT3[{sel, x}], SBOX_BIT2[{sel, x}], SBOX_BIT1[{sel, x}], SBOX_BIT0[{sel, x}]};

endmodule
