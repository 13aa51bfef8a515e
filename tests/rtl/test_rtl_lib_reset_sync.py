"""rtl/lib/reset_sync in Icarus: an asynchronous reset (pulses of every length, at times
unrelated to the clock) sampled every nanosecond against the model: rst_out is 1 at once
with rst_in and until the STAGES-th rising clock edge after rst_in falls."""

from __future__ import annotations

import bisect
import random
from pathlib import Path

import pytest

from support.rtl_lib_sim import compile_tb, run_tb, write_hex

# Times in units of 10 ps: the clock (period 10 ns) rises at 500 + 1000 k, rst_in toggles at
# 37 mod 100 (never on an edge), the testbench samples at 75 mod 100.
TESTBENCH = """`timescale 1ns/10ps
`default_nettype none
module reset_sync_tb;
    parameter STAGES = 2;
    parameter COUNT = 1;
    reg [31:0] toggles [0:COUNT-1];  // times of rst_in's changes, 10 ps units
    reg clk = 1'b0;
    reg rst_in = 1'b1;
    wire rst_out;
    reset_sync #(.STAGES(STAGES)) dut (.clk(clk), .rst_in(rst_in), .rst_out(rst_out));
    always #5 clk = ~clk;
    reg [8*512:1] path;
    integer i;
    initial begin
        if (!$value$plusargs("hex=%s", path)) $finish;
        $readmemh(path, toggles);
        for (i = 0; i < COUNT; i = i + 1) begin
            #((toggles[i] - $rtoi($realtime * 100.0 + 0.5)) / 100.0) rst_in = ~rst_in;
        end
        #100 $finish;
    end
    initial begin
        #0.75;
        forever begin
            $display("%0d %b %b", $rtoi($realtime * 100.0 + 0.5), rst_in, rst_out);
            #1;
        end
    end
endmodule
"""


@pytest.mark.parametrize("stages", [2, 3, 5])
def test_reset_sync_asserts_at_once_and_releases_on_the_stages_th_edge(tmp_path: Path, stages: int) -> None:
    rng = random.Random(stages)
    toggles, t = [], 0
    for _ in range(60):  # alternately the length of a pulse and of a gap: 1 .. 80 ns
        t += rng.choice([1, 2, 3, 7, 9, 10, 11, 19, 20, 21, 30, 45, 80]) * 100
        toggles.append(t + 37)
    hexfile = write_hex(tmp_path / "toggles.hex", toggles, 32)
    binary = compile_tb(tmp_path, "reset_sync_tb", TESTBENCH, ["reset_sync"], {"STAGES": stages, "COUNT": len(toggles)})
    lines = run_tb(binary, {"hex": hexfile})
    assert len(lines) > 500
    falls = toggles[0::2]  # rst_in starts at 1: the even toggles release it
    edges = [500 + 1000 * k for k in range(len(lines) // 10 + 2)]
    seen_release = 0
    for line in lines:
        time_s, rst_in, rst_out = line.split()
        time = int(time_s)
        state = 1 - bisect.bisect_right(toggles, time) % 2  # rst_in from the toggles
        assert int(rst_in) == state
        if state:
            expect = 1
        else:
            fall = falls[bisect.bisect_right(falls, time) - 1]
            edges_since = bisect.bisect_right(edges, time) - bisect.bisect_right(edges, fall)
            expect = int(edges_since < stages)
            seen_release += not expect
        assert rst_out == str(expect), f"at {time * 10} ps"
    assert seen_release > 50
