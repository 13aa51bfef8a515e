"""Post-route timing simulation with Icarus Verilog.

From an implementation run directory (``routed.json`` and ``routed.sdf`` written by
nextpnr), Yosys writes the routed netlist, hashbed writes every delay into it
(``hashbed.flow.timing.netlist``), and Icarus (``hashbed.flow.sim.icarus``) simulates it at a
chosen clock period against hashbed's cell models.
"""

from __future__ import annotations

import fcntl
from pathlib import Path

from hashbed.errors import HashbedError
from hashbed.flow import processes
from hashbed.flow.timing.netlist import Scale, TimedNetlist, timed_netlist
from hashbed.flow.timing.sdf import read_sdf
from hashbed.flow.tools import YOSYS

CELL_MODELS = {family: Path(__file__).with_name(f"{family}_cells.v") for family in ("ice40", "ecp5")}
CALIBRATION_TESTBENCH = Path(__file__).with_name("calibration_tb.v")


def cell_models(family: str) -> Path:
    """hashbed's timing models of ``family``'s cells; a clear error for a family without them."""
    if family not in CELL_MODELS:
        raise HashbedError(
            f"timing simulation has no cell models for {family} devices yet (models exist for: "
            f"{', '.join(CELL_MODELS)}); use e.g. --device ice40-hx8k"
        )
    return CELL_MODELS[family]


def write_timed_netlist(run_dir: Path, family: str, scale: Scale | None = None, name: str = "timed.v") -> TimedNetlist:
    """``name`` in ``run_dir``: the routed design (module ``top``) with its delays, scaled
    by ``scale`` per cell (see ``hashbed.flow.timing.variation``)."""
    cell_models(family)
    for required in ("routed.json", "routed.sdf"):
        if not (run_dir / required).is_file():
            raise HashbedError(f"{run_dir / required} is missing; implement the design again (hashbed implement --force)")
    netlist = run_dir / "netlist.v"
    with open(run_dir / "netlist.lock", "w") as lock:  # several timing simulations of one run at once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not netlist.is_file() or netlist.stat().st_mtime < (run_dir / "routed.json").stat().st_mtime:
            proc = processes.run(
                [YOSYS.command(), "-q", "-p", "read_json routed.json; write_verilog -noattr -norename netlist.v"], cwd=run_dir
            )
            if proc.returncode != 0:
                raise HashbedError(
                    f"yosys could not read {run_dir / 'routed.json'}: {(proc.stderr or proc.stdout).strip()[-300:]}"
                )
    timed = timed_netlist(netlist.read_text(), read_sdf(run_dir / "routed.sdf"), scale)
    (run_dir / name).write_text(timed.text)
    return timed


def period_ps(mhz: float) -> int:
    return round(1e6 / mhz)
