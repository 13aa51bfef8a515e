"""Icarus Verilog: compile a simulation, run it, and read what a core wrote in the testbench
``core_tb.v`` (a core's netlist fed messages, or an LWC core's operations, used by the timing
simulation and the energy estimate; its parameters are the core interface's)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from hashbed.errors import HashbedError
from hashbed.flow import processes

CORE_TESTBENCH = Path(__file__).with_name("core_tb.v")
_OUT = re.compile(r"^out ([0-9a-fA-FxXzZ]+)$", re.MULTILINE)
_HEX = re.compile(r"[0-9a-fA-F]+")


def icarus() -> tuple[str, str]:
    compiler, runtime = shutil.which("iverilog"), shutil.which("vvp")
    if not compiler or not runtime:
        raise HashbedError("Icarus Verilog (iverilog, vvp) not found; install it (Debian: apt-get install iverilog)")
    return compiler, runtime


def icarus_version() -> str:
    compiler, _ = icarus()
    proc = subprocess.run([compiler, "-V"], capture_output=True, text=True, check=False)
    lines = (proc.stdout or proc.stderr).strip().splitlines()
    return lines[0] if lines else "unknown"


def compile_simulation(output: Path, sources: Sequence[Path], top: str, parameters: dict[str, int] | None = None) -> Path:
    compiler, _ = icarus()
    overrides = [f"-P{top}.{name}={value}" for name, value in (parameters or {}).items()]
    proc = processes.run([compiler, "-g2005", "-o", str(output), "-s", top, *overrides, *map(str, sources)])
    if proc.returncode != 0:
        errors = [line for line in proc.stderr.splitlines() if "error" in line.lower()] or proc.stderr.splitlines()
        raise HashbedError(f"iverilog could not compile the simulation: {errors[0] if errors else 'no output'}")
    return output


def run_simulation(executable: Path, plusargs: dict[str, int | str], timeout_s: int = 600) -> str:
    _, runtime = icarus()
    args = [runtime, "-n", str(executable), *(f"+{key}={value}" for key, value in plusargs.items())]
    try:
        proc = processes.run(args, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        raise HashbedError(f"the Icarus simulation did not finish within {timeout_s} s") from None
    return proc.stdout


def written_words(output: str) -> list[int] | None:
    """The words a core wrote in a run of CORE_TESTBENCH ("out <hex>" lines), or None when a
    word has unknown (x or z) bits."""
    texts = _OUT.findall(output)
    if any(not _HEX.fullmatch(text) for text in texts):
        return None
    return [int(text, 16) for text in texts]
