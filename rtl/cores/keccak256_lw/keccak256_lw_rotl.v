`default_nettype none
// keccak256_lw_rotl: rotate a 64-bit lane left by 0..63, six levels of 2:1 multiplexers,
// one LUT4 per bit and level (384 LUT4s). Each level is its own kept hierarchy
// (keccak256_lw_rot_stage): flattened, the mapper merges levels into wide LUT6-style
// multiplexers and needs 900-1900 LUT4s for the same function.
module keccak256_lw_rotl #(
    parameter W = 64
) (
    input  wire [W-1:0] din,
    input  wire [5:0]   amount,
    output wire [W-1:0] dout
);

    initial begin
        if (W != 64) begin
            $display("keccak256_lw_rotl: W must be 64, got %0d", W);
            $finish;
        end
    end

    wire [W-1:0] s1, s2, s3, s4, s5;
    keccak256_lw_rot_stage #(.W(W), .S(1))  u_s0 (.din(din), .sel(amount[0]), .dout(s1));
    keccak256_lw_rot_stage #(.W(W), .S(2))  u_s1 (.din(s1),  .sel(amount[1]), .dout(s2));
    keccak256_lw_rot_stage #(.W(W), .S(4))  u_s2 (.din(s2),  .sel(amount[2]), .dout(s3));
    keccak256_lw_rot_stage #(.W(W), .S(8))  u_s3 (.din(s3),  .sel(amount[3]), .dout(s4));
    keccak256_lw_rot_stage #(.W(W), .S(16)) u_s4 (.din(s4),  .sel(amount[4]), .dout(s5));
    keccak256_lw_rot_stage #(.W(W), .S(32)) u_s5 (.din(s5),  .sel(amount[5]), .dout(dout));

endmodule
