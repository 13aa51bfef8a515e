`default_nettype none
// keccak256_lw_rotl32: rotate a 32-bit half lane left by 0..31, five levels of 2:1
// multiplexers (kept hierarchies, see keccak256_lw_rotl), 160 LUT4s.
module keccak256_lw_rotl32 #(
    parameter W = 32
) (
    input  wire [W-1:0] din,
    input  wire [4:0]   amount,
    output wire [W-1:0] dout
);

    initial begin
        if (W != 32) begin
            $display("keccak256_lw_rotl32: W must be 32, got %0d", W);
            $finish;
        end
    end

    wire [W-1:0] s1, s2, s3, s4;
    keccak256_lw_rot_stage #(.W(W), .S(1))  u_s0 (.din(din), .sel(amount[0]), .dout(s1));
    keccak256_lw_rot_stage #(.W(W), .S(2))  u_s1 (.din(s1),  .sel(amount[1]), .dout(s2));
    keccak256_lw_rot_stage #(.W(W), .S(4))  u_s2 (.din(s2),  .sel(amount[2]), .dout(s3));
    keccak256_lw_rot_stage #(.W(W), .S(8))  u_s3 (.din(s3),  .sel(amount[3]), .dout(s4));
    keccak256_lw_rot_stage #(.W(W), .S(16)) u_s4 (.din(s4),  .sel(amount[4]), .dout(dout));

endmodule
