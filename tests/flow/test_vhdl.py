"""VHDL cores through GHDL (hashbed.flow.vhdl): a small core converted for real, then simulated by
Icarus and read by Verilator and Yosys; GHDL's errors as one line with their file; and the fixes
of GHDL 2.0's Verilog (keywords as names, default-less cases, module names) on GHDL-shaped text."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hashbed.errors import HashbedError
from hashbed.flow import vhdl
from hashbed.flow.tools import YOSYS, verilator_command
from hashbed.flow.vhdl import fix_netlist, pmux_defaults, top_ports, vhdl_netlist

needs_ghdl = pytest.mark.skipif(shutil.which("ghdl") is None, reason="GHDL is not installed (.ci/run installs it)")
needs_icarus = pytest.mark.skipif(shutil.which("iverilog") is None, reason="Icarus Verilog is not installed (.ci/run does)")


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test converts into a cache of its own."""
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


# A register entity whose ports and signals are Verilog keywords (as GMU's regn's are); a selection
# whose 'others' value GHDL 2.0's Verilog drops; a generic; a 72-bit constant (a string in GHDL's Verilog).
REGISTER = """library ieee; use ieee.std_logic_1164.all;
entity regn is
  generic (N : integer := 8);
  port (clk, en : in std_logic; input : in std_logic_vector(N-1 downto 0); output : out std_logic_vector(N-1 downto 0));
end regn;
architecture rtl of regn is
  signal logic : std_logic_vector(N-1 downto 0) := (others => '0');
begin
  process (clk) begin
    if rising_edge(clk) then
      if en = '1' then logic <= input; end if;
    end if;
  end process;
  output <= logic;
end rtl;
"""
TOP = """library ieee; use ieee.std_logic_1164.all;
entity demo is
  generic (N : integer := 8);
  port (clk : in std_logic; sel : in std_logic_vector(1 downto 0); d : in std_logic_vector(N-1 downto 0);
        q : out std_logic_vector(N-1 downto 0); wide : out std_logic_vector(71 downto 0));
end demo;
architecture rtl of demo is
  signal wire : std_logic_vector(N-1 downto 0);
begin
  with sel select wire <= d when "00", not d when "01", (others => '0') when "10", (0 => '1', others => '0') when others;
  module : entity work.regn generic map (N => N) port map (clk => clk, en => '1', input => wire, output => q);
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
@needs_icarus
@pytest.mark.parametrize("width", [8, 12])
def test_a_vhdl_core_becomes_verilog_that_simulates_as_the_vhdl_says(tmp_path: Path, cache: Path, width: int) -> None:
    netlist = vhdl_netlist(_write(tmp_path), "demo", {"N": width})
    assert netlist.parent == cache / "vhdl" and netlist.name.startswith("demo-")
    text = netlist.read_text()
    assert "module demo__regn" in text and "module demo\n" in text and '"' not in text
    assert f"demo__regn_{width} module_v (" in text and ".input_v(wire_v)" in text
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
    expected = [0x5A, ~0x5A & mask, 0, 1]  # sel 3: the 'others' value, which only GHDL's VHDL netlist has
    assert lines[:5] == [f"{s} {value:0{-(-width // 4)}x}" for s, value in enumerate(expected)] + ["wide a5f00f5ac33c9669e1"]


@needs_ghdl
def test_verilator_and_yosys_take_the_netlist_without_a_latch(tmp_path: Path) -> None:
    netlist = vhdl_netlist(_write(tmp_path), "demo", {"N": 8})
    command, env = verilator_command()
    lint_command = [*command, "--lint-only", "-Wno-fatal", "--top-module", "demo", str(netlist)]
    lint = subprocess.run(lint_command, capture_output=True, text=True, env=env)
    assert lint.returncode == 0, lint.stderr
    script = f"read_verilog {netlist.name}; hierarchy -top demo; proc; select -assert-none t:$dlatch t:$adlatch t:$dlatchsr"
    synth = subprocess.run(
        [YOSYS.command(), "-p", script], cwd=netlist.parent, capture_output=True, text=True
    )  # YoWASP sees its folder
    assert synth.returncode == 0, synth.stdout[-2000:] + synth.stderr
    assert "Latch inferred" not in synth.stdout


@needs_ghdl
def test_the_netlist_is_cached_per_content_and_written_whole(tmp_path: Path, cache: Path) -> None:
    files = _write(tmp_path)
    first = vhdl_netlist(files, "demo", {"N": 8})
    first.write_text(first.read_text() + "// cached\n")  # a second call reads the cache, not GHDL
    assert vhdl_netlist(files, "demo", {"N": 8}).read_text().endswith("// cached\n")
    assert vhdl_netlist(files, "demo", {"N": 9}) != first
    files[1].write_text(TOP.replace('"01"', '"11"'))
    assert vhdl_netlist(files, "demo", {"N": 8}) != first
    assert sorted(path.suffix for path in (cache / "vhdl").iterdir()) == [".v", ".v", ".v"]  # no temporary file left


@needs_ghdl
def test_a_syntax_error_is_ghdls_first_line_with_the_absolute_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = _write(tmp_path)
    files[1].write_text(TOP.replace("signal wire", "signal wire wire"))
    monkeypatch.chdir(tmp_path)  # the user's relative paths: GHDL runs elsewhere, and names the file in full
    with pytest.raises(HashbedError) as error:
        vhdl_netlist([Path("regn.vhd"), Path("demo.vhd")], "demo", {})
    message = str(error.value)
    assert message.startswith(f"{tmp_path / 'demo.vhd'}:8:15: ") and message.endswith(
        "(GHDL could not analyse the core's VHDL: fix it)"
    )
    assert "\n" not in message


@needs_ghdl
def test_a_top_that_is_no_entity_is_named_with_the_entities(tmp_path: Path) -> None:
    with pytest.raises(HashbedError) as error:
        vhdl_netlist(_write(tmp_path), "dem", {})
    assert str(error.value) == "top 'dem' is not an entity of the VHDL files (entities: regn, demo): fix 'top' in the manifest"


@needs_ghdl
def test_what_ghdl_cannot_synthesize_is_its_error_with_the_place(tmp_path: Path) -> None:
    source = tmp_path / "loop.vhd"
    source.write_text(
        """library ieee; use ieee.std_logic_1164.all;
entity loop_n is port (a : in std_logic_vector(7 downto 0); n : in integer range 0 to 7; y : out std_logic); end loop_n;
architecture rtl of loop_n is begin
  process (a, n) variable v : std_logic; begin
    v := '0';
    for i in 0 to n loop v := v xor a(i); end loop;
    y <= v;
  end process;
end rtl;
"""
    )
    with pytest.raises(HashbedError) as error:
        vhdl_netlist([source], "loop_n", {})
    assert str(error.value) == f"{source}:6:14: limits of range are not constant (GHDL 2.0 could not synthesize the core)"


def test_a_missing_ghdl_is_one_line_with_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", os.devnull)
    vhdl.ghdl_version.cache_clear()
    try:
        with pytest.raises(HashbedError) as error:
            vhdl.ghdl_version()
    finally:
        vhdl.ghdl_version.cache_clear()
    assert str(error.value) == "GHDL is not installed: VHDL cores need it (apt-get install ghdl)"


# GHDL 2.0's Verilog as it writes it (the shapes of real outputs, names made up).
NETLIST = """module reg
  (input  clk,
   input  [7:0] input,
   output [7:0] output);
  reg [7:0] logic;
  wire [7:0] input_v;
  reg [7:0] always[3:0] ; // memory
  wire [7:0] n5_o;
  assign output = logic;
  /* r.vhd:3:4 input reg */
  always @*
    logic = n7_q; // (isignal)
  initial
    logic <= 8'b10000000;
  assign input_v = ~input;
  assign n5_o = $signed(input) < $signed(input_v) ? input : always[input[1:0]];
  always @(posedge clk or posedge input)
    if (input)
      always[input[1:0]] <= input;
endmodule

module top
  (input  clk,
   output [7:0] q);
  wire [7:0] module_output;
  reg module (
    .clk(clk),
    .input(q),
    .output(module_output));
  assign q = {module_output[3:0], module_output[7:4]};
endmodule
"""


def test_keywords_are_renamed_where_they_are_names_only() -> None:
    fixed = fix_netlist(NETLIST, "top")
    # declarations, ports, statement targets at the start of a line, memories, expressions
    assert "   input  [7:0] input_v2,\n   output [7:0] output_v);" in fixed  # input_v is taken: input_v2
    assert "  reg [7:0] logic_v;\n  wire [7:0] input_v;\n  reg [7:0] always_v[3:0] ; // memory" in fixed
    assert "  always @*\n    logic_v = n7_q; // (isignal)\n  initial\n    logic_v <= 8'b10000000;" in fixed
    assert "  assign input_v = ~input_v2;" in fixed
    assert "$signed(input_v2) < $signed(input_v) ? input_v2 : always_v[input_v2[1:0]];" in fixed
    assert "  always @(posedge clk or posedge input_v2)\n    if (input_v2)\n      always_v[input_v2[1:0]] <= input_v2;" in fixed
    # comments and GHDL's own keywords stay; instances, their ports and the prefixed modules follow
    assert "/* r.vhd:3:4 input reg */" in fixed and "module top__reg\n  (input  clk," in fixed
    assert "  top__reg module_v (\n    .clk(clk),\n    .input(q)".replace(".input(", ".input_v2(") in fixed
    assert "    .output_v(module_output));" in fixed and "module top\n  (input  clk,\n   output [7:0] q);" in fixed


def test_a_case_without_default_gets_the_vhdl_netlists_others_value() -> None:
    verilog = """module m
  (input  [1:0] s,
   output [3:0] y);
  wire [1:0] n5_o;
  reg [3:0] n6_o;
  reg [3:0] n7_o;
  always @*
    case (n5_o)
      2'b10: n6_o <= 4'b0001;
      2'b01: n6_o <= 4'b0010;
    endcase
  always @*
    case (n5_o)
      2'b10: n7_o <= n6_o;
      2'b01: n7_o <= 4'b0100;
    endcase
  always @*
    case (s)
      2'b00: n8_o <= 1'b0;
      default: n8_o <= 1'b1;
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
    # a don't-care default is the case's first value (Yosys makes a latch of an x default in a loop)
    assert "      2'b01: n7_o <= 4'b0100;\n      default: n7_o <= n6_o;\n    endcase" in fixed
    assert fixed.count("default:") == 3  # a case with its default keeps it alone
    with pytest.raises(HashbedError, match="has a case without a default for n6_o"):
        fix_netlist(verilog, "m", {})


def test_two_modules_of_one_name_are_refused() -> None:
    twice = "module mul_3\n  (input  [7:0] a,\n   output [7:0] y);\n  assign y = a;\nendmodule\n\n"
    with pytest.raises(HashbedError, match=r"^GHDL 2.0 wrote two different modules named mul_3 .*: give each architecture"):
        fix_netlist(twice + twice.replace("a;", "~a;") + "module t\n  (input  c);\nendmodule\n", "t")


def test_top_ports_reads_the_top_modules_header_only() -> None:
    fixed = fix_netlist(NETLIST, "top")
    assert top_ports(fixed, "top") == {"clk": ("input", 1), "q": ("output", 8)}
    assert top_ports(fixed, "top__reg") == {"clk": ("input", 1), "input_v2": ("input", 8), "output_v": ("output", 8)}
    with pytest.raises(HashbedError, match="module nope is not in GHDL's netlist"):
        top_ports(fixed, "nope")


LATCH = """library ieee; use ieee.std_logic_1164.all;
entity holder is
  port (clk, go : in std_logic; busy : out std_logic);
end holder;
architecture rtl of holder is
  type state_t is (idle, run, hold);
  signal state, nstate : state_t;
begin
  process (clk) begin
    if rising_edge(clk) then state <= nstate; end if;
  end process;
  process (state, go) begin
    case state is
      when idle => nstate <= run;
      when run => nstate <= hold;
      when hold =>
        if go = '1' then nstate <= idle; end if;
    end case;
  end process;
  busy <= '1' when state /= idle else '0';
end rtl;
"""


@needs_ghdl
def test_a_latch_yosys_refuses_is_told_at_its_vhdl_process_and_signal(tmp_path: Path) -> None:
    source = tmp_path / "holder.vhd"
    source.write_text(LATCH)
    netlist = vhdl_netlist([source], "holder", {})
    synth = subprocess.run(  # as implement reads a netlist
        [YOSYS.command(), "-p", f"read_verilog -sv {netlist.name}; synth_ice40 -top holder"],
        cwd=netlist.parent,
        capture_output=True,
        text=True,
    )
    assert synth.returncode != 0 and "Latch inferred" in synth.stdout + synth.stderr
    told = vhdl.latch_source(netlist, synth.stdout + synth.stderr)
    process_line = LATCH.splitlines().index("  process (state, go) begin") + 1
    assert told is not None and told.startswith(f"{source}:")
    line = int(told.split(":")[1])
    assert process_line <= line <= process_line + 1 and " nstate keeps its value " in told
    assert vhdl.latch_source(netlist, "ERROR: something else") is None
