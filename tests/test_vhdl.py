"""VHDL cores through GHDL: the netlist GHDL 2.0 writes, fixed so that Icarus and Yosys take it
(keywords as names, selections whose default GHDL's Verilog loses, wide constants), simulated
for real; GHDL's own errors in one line with their file and line."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hashbed.errors import HashbedError
from hashbed.flow.tools import YOSYS
from hashbed.flow.vhdl import fix_netlist, pmux_defaults, top_ports, vhdl_netlist

needs_ghdl = pytest.mark.skipif(shutil.which("ghdl") is None, reason="GHDL is not installed (.ci/run installs it)")

# A register entity with ports named as Verilog keywords, as GMU's regn has; a selection with an
# 'others' value that GHDL 2.0's Verilog drops; a 72-bit constant, which it writes as a string.
REGISTER = """library ieee; use ieee.std_logic_1164.all;
entity regn is
  generic (N : integer := 8);
  port (clk, en : in std_logic; input : in std_logic_vector(N-1 downto 0); output : out std_logic_vector(N-1 downto 0));
end regn;
architecture rtl of regn is
begin
  process (clk) begin
    if rising_edge(clk) then
      if en = '1' then output <= input; end if;
    end if;
  end process;
end rtl;
"""
TOP = """library ieee; use ieee.std_logic_1164.all;
entity demo is
  generic (N : integer := 8);
  port (clk : in std_logic; sel : in std_logic_vector(1 downto 0); d : in std_logic_vector(N-1 downto 0);
        q : out std_logic_vector(N-1 downto 0); wide : out std_logic_vector(71 downto 0));
end demo;
architecture rtl of demo is
  signal picked : std_logic_vector(N-1 downto 0);
begin
  with sel select picked <= d when "00", not d when "01", (others => '0') when "10", (0 => '1', others => '0') when others;
  reg : entity work.regn generic map (N => N) port map (clk => clk, en => '1', input => picked, output => q);
  wide <= x"A5F00F5AC33C9669E1";
end rtl;
"""
BENCH = """`timescale 1ns/1ps
module tb;
  reg clk = 0; reg [1:0] sel; reg [{m}:0] d; wire [{m}:0] q; wire [71:0] wide;
  demo dut (.clk(clk), .sel(sel), .d(d), .q(q), .wide(wide));
  integer s;
  initial begin
    d = {n}'h5a;
    for (s = 0; s < 4; s = s + 1) begin
      sel = s; #1 clk = 1; #1 clk = 0; #1 $display("%0d %h", s, q);
    end
    $display("wide %h", wide);
    $finish;
  end
endmodule
"""


def _write(folder: Path) -> list[Path]:
    files = [folder / "regn.vhd", folder / "demo.vhd"]
    files[0].write_text(REGISTER)
    files[1].write_text(TOP)
    return files


@needs_ghdl
@pytest.mark.parametrize("width", [8, 12])
def test_a_vhdl_core_becomes_verilog_that_simulates_as_the_vhdl_says(tmp_path: Path, width: int) -> None:
    netlist = vhdl_netlist(_write(tmp_path), "demo", {"N": width})
    text = netlist.read_text()
    assert "module demo__regn" in text and "module demo\n" in text and '"' not in text
    assert top_ports(text, "demo") == {
        "clk": ("input", 1),
        "sel": ("input", 2),
        "d": ("input", width),
        "q": ("output", width),
        "wide": ("output", 72),
    }
    bench = tmp_path / "tb.v"
    bench.write_text(BENCH.format(m=width - 1, n=width))
    subprocess.run(["iverilog", "-g2005", "-o", tmp_path / "sim", bench, netlist], check=True)
    lines = subprocess.run(["vvp", "-n", tmp_path / "sim"], capture_output=True, text=True, check=True).stdout.split("\n")
    mask = (1 << width) - 1
    digits = -(-width // 4)
    expected = [0x5A, ~0x5A & mask, 0, 1]  # the 'others' value (1) comes from GHDL's VHDL netlist
    assert lines[:5] == [f"{s} {value:0{digits}x}" for s, value in enumerate(expected)] + ["wide a5f00f5ac33c9669e1"]


@needs_ghdl
def test_the_netlist_is_cached_per_content(tmp_path: Path) -> None:
    files = _write(tmp_path)
    first = vhdl_netlist(files, "demo", {"N": 8})
    assert vhdl_netlist(files, "demo", {"N": 8}) == first
    assert vhdl_netlist(files, "demo", {"N": 9}) != first
    files[1].write_text(TOP.replace('"01"', '"11"'))
    assert vhdl_netlist(files, "demo", {"N": 8}) != first


@needs_ghdl
def test_yosys_takes_the_netlist_without_a_latch(tmp_path: Path) -> None:
    netlist = vhdl_netlist(_write(tmp_path), "demo", {"N": 8})
    script = f"read_verilog -sv {netlist.name}; synth_ice40 -top demo"  # YoWASP sees the file system from its folder
    result = subprocess.run([YOSYS.command(), "-q", "-p", script], cwd=netlist.parent, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@needs_ghdl
def test_a_syntax_error_is_ghdls_message_with_file_and_line(tmp_path: Path) -> None:
    files = _write(tmp_path)
    files[1].write_text(TOP.replace("signal picked", "signal picked picked"))
    with pytest.raises(HashbedError) as error:
        vhdl_netlist(files, "demo", {})
    message = str(error.value)
    assert message.startswith(f"{files[1]}:8:17: ") and message.endswith("(GHDL could not analyse the VHDL: fix it)")
    assert "\n" not in message


@needs_ghdl
def test_a_top_that_is_no_entity_is_named_with_the_entities(tmp_path: Path) -> None:
    with pytest.raises(HashbedError, match=r"^top 'dem' is not an entity of the VHDL files \(entities: regn, demo\): fix 'top'"):
        vhdl_netlist(_write(tmp_path), "dem", {})


def test_keywords_are_renamed_where_they_are_names_only() -> None:
    verilog = """module r_8
  (input  clk,
   input  [7:0] input,
   output [7:0] output);
  reg [7:0] n1_q;
  assign output = n1_q;
  /* r.vhd:3:4 input */
  always @(posedge clk)
    n1_q <= input; // (input)
endmodule

module top
  (input  clk,
   output [7:0] q);
  wire [7:0] r_output;
  r_8 r (
    .clk(clk),
    .input(q),
    .output(r_output));
  assign q = {r_output[3:0], r_output[7:4]};
endmodule
"""
    fixed = fix_netlist(verilog, "top")
    assert "   input  [7:0] input_v,\n   output [7:0] output_v);" in fixed
    assert "  assign output_v = n1_q;" in fixed and "n1_q <= input_v; // (input)" in fixed
    assert "/* r.vhd:3:4 input */" in fixed and "always @(posedge clk)" in fixed
    assert "  top__r_8 r (\n    .clk(clk),\n    .input_v(q),\n    .output_v(r_output));" in fixed
    assert "module top__r_8\n" in fixed and "module top\n" in fixed


def test_a_case_gets_the_others_value_of_the_vhdl_netlist() -> None:
    verilog = """module m
  (input  [1:0] s,
   output [3:0] y);
  reg [3:0] n6_o;
  reg [3:0] n7_o;
  always @*
    case (s)
      2'b10: n6_o <= 4'b0001;
      2'b01: n6_o <= 4'b0010;
    endcase
  always @*
    case (s)
      2'b10: n7_o <= n6_o;
      2'b01: n7_o <= 4'b0100;
    endcase
  assign y = n6_o ^ n7_o;
endmodule
"""
    vhdl = """architecture rtl of m is
  with n5_o select n6_o <=
    "0001" when "10",
    "0010" when "01",
    "1000" when others;
  with n5_o select n7_o <=
    n6_o when "10",
    "0100" when "01",
    "XXXX" when others;
"""
    fixed = fix_netlist(verilog, "m", pmux_defaults(vhdl))
    assert "      2'b01: n6_o <= 4'b0010;\n      default: n6_o <= 4'b1000;\n    endcase" in fixed
    # a don't-care default: one of the case's own values (Yosys takes x there as a latch)
    assert "      default: n7_o <= n6_o;\n    endcase" in fixed
    with pytest.raises(HashbedError, match="has a case without a default for n6_o"):
        fix_netlist(verilog, "m", {})
