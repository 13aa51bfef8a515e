"""Icarus runs of the testbenches of the shared RTL (tests/rtl/test_rtl_lib*.py).

A test writes its testbench (a Verilog module, often generated), compiles it with the rtl/lib
modules it needs and reads what the testbench prints: one line per cycle or per event, which
the test replays through a Python model of the module.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from hashbed.catalogue.cores import rtl_root
from hashbed.flow.sim.icarus import icarus

LIB = rtl_root() / "lib"


def compile_tb(
    tmp_path: Path, top: str, testbench: str, modules: Sequence[str], parameters: Mapping[str, int] | None = None
) -> Path:
    """Compile the testbench module ``top`` with the rtl/lib files ``modules`` (names without .v)."""
    source = tmp_path / f"{top}.v"
    source.write_text(testbench)
    overrides = [f"-P{top}.{name}={value}" for name, value in (parameters or {}).items()]
    tag = "_".join(f"{name}{value}" for name, value in (parameters or {}).items())
    binary = tmp_path / f"{top}_{tag}.vvp"
    compiler, _ = icarus()
    subprocess.run(
        [compiler, "-g2005", "-o", str(binary), "-s", top, *overrides, str(source), *(str(LIB / f"{m}.v") for m in modules)],
        check=True,
        capture_output=True,
        text=True,
    )
    return binary


def run_tb(binary: Path, plusargs: Mapping[str, int | str] | None = None) -> list[str]:
    """The lines the testbench printed."""
    _, runtime = icarus()
    args = [runtime, "-n", str(binary), *(f"+{key}={value}" for key, value in (plusargs or {}).items())]
    return subprocess.run(args, check=True, capture_output=True, text=True, timeout=120).stdout.splitlines()


def write_hex(path: Path, values: Sequence[int], width: int) -> Path:
    """A $readmemh file: one value a line, ``width`` bits each."""
    digits = (width + 3) // 4
    path.write_text("".join(f"{value:0{digits}x}\n" for value in values))
    return path


def hex_or_none(text: str) -> int | None:
    """A value printed with %h; None when it has unknown (x or z) bits."""
    return None if any(c in "xXzZ" for c in text) else int(text, 16)


def cycle_testbench(
    module: str, parameters: Mapping[str, int | str], inputs: Sequence[tuple[str, int]], outputs: Sequence[tuple[str, int]]
) -> str:
    """A testbench `<module>_tb` for a module with one clock `clk`: in every cycle it applies one
    line of the $readmemh file +hex (the inputs packed in order, the first in the top bits),
    prints the outputs (hex, in order) just before the rising edge, then clocks. The module's
    parameters are given as numbers or Verilog literals."""
    total = sum(width for _, width in inputs)
    lines = ["`default_nettype none", f"module {module}_tb;"]
    lines += [f"    parameter {name} = {value};" for name, value in parameters.items()]
    lines += ["    parameter COUNT = 1;", f"    reg [{total - 1}:0] mem [0:COUNT-1];", "    reg clk = 1'b0;"]
    lines += [f"    reg [{width - 1}:0] {name};" for name, width in inputs]
    lines += [f"    wire [{width - 1}:0] {name};" for name, width in outputs]
    params = ", ".join(f".{name}({name})" for name in parameters)
    ports = ", ".join(f".{name}({name})" for name, _ in [("clk", 1), *inputs, *outputs])
    lines.append(f"    {module} #({params}) dut ({ports});")
    packed = ", ".join(name for name, _ in inputs)
    fmt = " ".join(["%0d"] + ["%h"] * len(outputs))
    shown = ", ".join(["i", *(name for name, _ in outputs)])
    lines += [
        "    reg [8*512:1] path;",
        "    integer i;",
        "    initial begin",
        '        if (!$value$plusargs("hex=%s", path)) $finish;',
        "        $readmemh(path, mem);",
        "        for (i = 0; i < COUNT; i = i + 1) begin",
        f"            {{{packed}}} = mem[i];",
        f'            #1 $display("{fmt}", {shown});',
        "            #1 clk = 1'b1;",
        "            #1 clk = 1'b0;",
        "        end",
        "    end",
        "endmodule",
    ]
    return "\n".join(lines) + "\n"


def run_cycles(
    tmp_path: Path,
    module: str,
    modules: Sequence[str],
    parameters: Mapping[str, int | str],
    inputs: Sequence[tuple[str, int]],
    outputs: Sequence[tuple[str, int]],
    stimulus: Sequence[Mapping[str, int]],
) -> list[dict[str, int | None]]:
    """Run ``stimulus`` (the inputs of each cycle) through ``module`` and return the outputs of
    each cycle, None where a value has unknown bits."""
    total = sum(width for _, width in inputs)
    words = []
    for cycle in stimulus:
        word = 0
        for name, width in inputs:
            value = cycle[name]
            assert 0 <= value < 1 << width, (name, value)
            word = (word << width) | value
        words.append(word)
    hexfile = write_hex(tmp_path / f"{module}.hex", words, total)
    binary = compile_tb(
        tmp_path, f"{module}_tb", cycle_testbench(module, parameters, inputs, outputs), modules, {"COUNT": len(words)}
    )
    out = []
    for line in run_tb(binary, {"hex": hexfile}):
        fields = line.split()
        out.append({name: hex_or_none(text) for (name, _), text in zip(outputs, fields[1:])})
    assert len(out) == len(stimulus)
    return out
