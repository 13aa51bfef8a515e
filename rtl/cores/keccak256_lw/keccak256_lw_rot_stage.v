`default_nettype none
// keccak256_lw_rot_stage: one level of a rotator, dout = sel ? din rotated left by S : din.
(* keep_hierarchy *)
module keccak256_lw_rot_stage #(
    parameter W = 64,
    parameter S = 1
) (
    input  wire [W-1:0] din,
    input  wire         sel,
    output wire [W-1:0] dout
);

    initial begin
        if (S < 1 || S >= W) begin
            $display("keccak256_lw_rot_stage: S must be in 1..W-1, got %0d", S);
            $finish;
        end
    end

    assign dout = sel ? {din[W-1-S:0], din[W-1:W-S]} : din;

endmodule
