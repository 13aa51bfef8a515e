`default_nettype none
// luffa256_rc: the step constants of Luffa's Q0, Q1, Q2 (the values of the
// specification's constant LFSR, stored), combinational on the step number.
// c[64*j +: 32] is added to word 0 of Q_j, c[64*j + 32 +: 32] to word 4.
module luffa256_rc (
    input  wire [2:0]   step,
    output reg  [191:0] c
);

    always @* begin
        case (step)
            3'd0: c = 192'he25e72c1fc20d9d201685f3db6de10ede0337818303994a6;
            3'd1: c = 192'he623bb7234552e2505a17cf470f47aae441ba90dc0e65299;
            3'd2: c = 192'h5c58a4a47ad8818fbd09caca0707a3d47f34d4426cc33a12;
            3'd3: c = 192'h1e38e2e78438764af4272b281c1e8f519389217fdc56983e;
            3'd4: c = 192'h78e38b9dbb6de032144ae5cc707a3d45e5a8bce61e00108f;
            3'd5: c = 192'h27586719edb780c8faa7ae2baeb285625274baf47800423d;
            3'd6: c = 192'h36eda57fd98473562e48f1c1baca158926889ba78f5b7882;
            default: c = 192'h703aace7a2c78434b923c70440a46f3e9a226e9d96e1db12;
        endcase
    end

endmodule
