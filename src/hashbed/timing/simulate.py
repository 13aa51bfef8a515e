"""Post-route timing simulation with Icarus Verilog.

From an implementation run directory (``routed.json`` and ``routed.sdf`` written by
nextpnr), Yosys writes the routed netlist, hashbed writes every delay into it
(``hashbed.timing.netlist``), and Icarus simulates it at a chosen clock period
against hashbed's cell models.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from hashbed import processes
from hashbed.errors import HashbedError
from hashbed.timing.netlist import Scale, TimedNetlist, timed_netlist
from hashbed.timing.sdf import read_sdf
from hashbed.tools import YOSYS

CELL_MODELS = {"ice40": Path(__file__).with_name("ice40_cells.v")}
_OUT = re.compile(r"^out ([0-9a-fA-FxXzZ]+)$", re.MULTILINE)
_HEX = re.compile(r"[0-9a-fA-F]+")
CALIBRATION_TESTBENCH = Path(__file__).with_name("calibration_tb.v")
CORE_TESTBENCH = Path(__file__).with_name("core_tb.v")


def icarus() -> tuple[str, str]:
    compiler, runtime = shutil.which("iverilog"), shutil.which("vvp")
    if not compiler or not runtime:
        raise HashbedError("Icarus Verilog (iverilog, vvp) not found; install it (Debian: apt-get install iverilog)")
    return compiler, runtime


def cell_models(family: str) -> Path:
    """hashbed's timing models of ``family``'s cells; a clear error for a family without them."""
    if family not in CELL_MODELS:
        raise HashbedError(
            f"timing simulation has no cell models for {family} devices yet (models exist for: "
            f"{', '.join(CELL_MODELS)}); use e.g. --device ice40-hx8k"
        )
    return CELL_MODELS[family]


def icarus_version() -> str:
    compiler, _ = icarus()
    proc = subprocess.run([compiler, "-V"], capture_output=True, text=True, check=False)
    lines = (proc.stdout or proc.stderr).strip().splitlines()
    return lines[0] if lines else "unknown"


def write_timed_netlist(run_dir: Path, family: str, scale: Scale | None = None, name: str = "timed.v") -> TimedNetlist:
    """``name`` in ``run_dir``: the routed design (module ``top``) with its delays, scaled
    by ``scale`` per cell (see ``hashbed.timing.variation``)."""
    cell_models(family)
    for required in ("routed.json", "routed.sdf"):
        if not (run_dir / required).is_file():
            raise HashbedError(f"{run_dir / required} is missing; implement the design again (hashbed implement --force)")
    netlist = run_dir / "netlist.v"
    if not netlist.is_file() or netlist.stat().st_mtime < (run_dir / "routed.json").stat().st_mtime:
        proc = processes.run([YOSYS.command(), "-q", "-p", "read_json routed.json; write_verilog -noattr -norename netlist.v"],
                             cwd=run_dir)  # fmt: skip
        if proc.returncode != 0:
            raise HashbedError(f"yosys could not read {run_dir / 'routed.json'}: {(proc.stderr or proc.stdout).strip()[-300:]}")
    timed = timed_netlist(netlist.read_text(), read_sdf(run_dir / "routed.sdf"), scale)
    (run_dir / name).write_text(timed.text)
    return timed


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
        raise HashbedError(f"the timing simulation did not finish within {timeout_s} s") from None
    return proc.stdout


def written_words(output: str) -> list[int] | None:
    """The words a core wrote in a run of CORE_TESTBENCH ("out <hex>" lines), or None when a
    word has unknown (x or z) bits."""
    texts = _OUT.findall(output)
    if any(not _HEX.fullmatch(text) for text in texts):
        return None
    return [int(text, 16) for text in texts]


def period_ps(mhz: float) -> int:
    return round(1e6 / mhz)
