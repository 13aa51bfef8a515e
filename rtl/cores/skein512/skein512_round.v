`default_nettype none
// skein512_round: one Threefish-512 round without key injection: four MIXes on the word
// pairs (0,1), (2,3), (4,5), (6,7), then the word permutation (word i of the result is
// word PERM(i) of the MIX outputs, PERM = 2, 1, 4, 7, 6, 5, 0, 3). POS is the round's
// place in its four-round group: with `odd` = 0 it is round POS of the eight-round
// rotation schedule, with `odd` = 1 round POS + 4. Words are 64 bits, word i in bits
// 64*i+63 .. 64*i.
module skein512_round #(
    // Position of the round in its four-round group: 0..3.
    parameter POS = 0
) (
    input  wire [511:0] x,
    input  wire         odd,
    output wire [511:0] y
);

    initial begin
        if (POS < 0 || POS > 3) begin
            $display("skein512_round: POS must be in 0..3, got %0d", POS);
            $finish;
        end
    end

    // Rotation constant R(d, j) of MIX j in round d (d mod 8), Skein 1.2 and 1.3.
    function integer rotation(input integer d, input integer j);
        begin
            case (d * 4 + j)
                0: rotation = 46;   1: rotation = 36;   2: rotation = 19;   3: rotation = 37;
                4: rotation = 33;   5: rotation = 27;   6: rotation = 14;   7: rotation = 42;
                8: rotation = 17;   9: rotation = 49;  10: rotation = 36;  11: rotation = 39;
               12: rotation = 44;  13: rotation = 9;   14: rotation = 54;  15: rotation = 56;
               16: rotation = 39;  17: rotation = 30;  18: rotation = 34;  19: rotation = 24;
               20: rotation = 13;  21: rotation = 50;  22: rotation = 10;  23: rotation = 17;
               24: rotation = 25;  25: rotation = 29;  26: rotation = 39;  27: rotation = 43;
               28: rotation = 8;   29: rotation = 35;  30: rotation = 56;  31: rotation = 22;
               default: rotation = 1;
            endcase
        end
    endfunction

    wire [511:0] f;  // MIX outputs, before the permutation

    genvar j;
    generate
        for (j = 0; j < 4; j = j + 1) begin : gen_mix
            skein512_mix #(
                .R_EVEN(rotation(POS, j)),
                .R_ODD(rotation(POS + 4, j))
            ) u_mix (
                .x0(x[128*j +: 64]),
                .x1(x[128*j+64 +: 64]),
                .odd(odd),
                .y0(f[128*j +: 64]),
                .y1(f[128*j+64 +: 64])
            );
        end
    endgenerate

    // Words 7 .. 0 of the result are MIX output words 3, 0, 5, 6, 7, 4, 1, 2
    assign y = {f[64*3 +: 64], f[64*0 +: 64], f[64*5 +: 64], f[64*6 +: 64],
                f[64*7 +: 64], f[64*4 +: 64], f[64*1 +: 64], f[64*2 +: 64]};

endmodule
