"""How far the place-and-route runs in a build directory have got, read from their logs.

A run directory (``build/impl/<core>-<device>-s<seed>-<key>``) is unfinished while its
``nextpnr.log`` has no last line (``Program finished normally.`` or an ``ERROR:``), or while
synthesis has not linked its netlist into it. The phase comes from the last progress line
nextpnr wrote: packing, HeAP's global placement and its iteration, the simulated-annealing
refinement with its iteration and wirelength (it stops after an iteration that shortens
nothing, which on the largest points takes hours), routing with the arcs left, then the timing
report. Whether a tool still works in the directory is read from ``/proc`` (Linux): its
working directory, and the record of the tool and of the hashbed process that started it,
which ``hashbed.flow.processes`` keeps there while the tool runs. A run is ``running`` while a tool
works on it for a live hashbed, ``orphaned`` while a tool works on it whose hashbed is gone
(its result will never be stored: killing the tool's process group stops it), and
``interrupted`` when nothing works on it: the next run of its job starts it again. A run whose
tool ended after its hashbed was gone is interrupted too, whatever its log says."""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.devices import DEVICES
from hashbed.flow.impl.implement import synth_dir_name
from hashbed.flow.processes import PROC, Owner

_HEAP_ITERATION = re.compile(r"at iteration #(\d+), type ALL: .*legal = (\d+)")
_REFINE_ITERATION = re.compile(r"at iteration #(\d+): temp = .*wirelen = (\d+)")
_ROUTER_ROW = re.compile(r"^Info:\s+\d+ \|\s+\d+\s+\d+ \|\s+\d+\s+\d+ \|\s+(\d+)\|")
_PHASE_MARKS = (
    ("Packing", "packing"),
    ("Creating initial analytic placement", "global placement (HeAP)"),
    ("Running simulated annealing placer for refinement", "placement refinement"),
    ("Routing..", "routing"),
    ("Routing complete.", "timing report and output files"),
)


def nextpnr_phase(log: str) -> str | None:
    """The phase of a nextpnr run from its log so far; None when the run has ended."""
    phase = "reading the netlist"
    for line in log.splitlines():
        if line.startswith("ERROR:") or line.startswith("Info: Program finished normally."):
            return None
        for mark, name in _PHASE_MARKS:
            if mark in line:
                phase = name
        if (heap := _HEAP_ITERATION.search(line)) and phase.startswith("global placement"):
            phase = f"global placement (HeAP), iteration {heap[1]} (legal wirelength {heap[2]})"
        elif (refine := _REFINE_ITERATION.search(line)) and phase.startswith("placement refinement"):
            phase = f"placement refinement, iteration {refine[1]} (wirelength {refine[2]})"
        elif (row := _ROUTER_ROW.match(line)) and phase.startswith("routing"):
            phase = f"routing, {row[1]} arcs left"
    return phase


@dataclass(frozen=True)
class RunProgress:
    run_dir: Path
    phase: str
    #: Seconds since the run started (its settings were written) and since its log last changed.
    elapsed_s: float
    idle_s: float
    #: running, orphaned or interrupted (see above); unknown where /proc cannot tell.
    state: str
    #: Of an orphaned run: the hashbed process that is gone and the tool that works on.
    orphan: Owner | None = None

    def as_dict(self) -> dict[str, str | float | int | None]:
        return {
            "run_dir": str(self.run_dir),
            "state": self.state,
            "phase": self.phase,
            "elapsed_s": round(self.elapsed_s),
            "idle_s": round(self.idle_s),
            "tool_pid": self.orphan.tool_pid if self.orphan else None,
        }


def duration(seconds: float) -> str:
    """Seconds as a person reads them: 45 s, 12 min, 3 h 05 min (a clock step back reads 0 s)."""
    seconds = max(seconds, 0.0)
    minutes = int(seconds // 60)
    if minutes == 0:
        return f"{int(seconds)} s"
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"


def _busy_dirs(proc: Path) -> set[Path] | None:
    """The working directories of the processes on this machine, None without /proc."""
    if not proc.is_dir():
        return None
    busy = set()
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                busy.add(Path(os.readlink(entry / "cwd")).resolve())
            except OSError:  # gone, or another user's
                continue
    return busy


def _state(workplaces: list[Path], busy: set[Path] | None, proc: Path) -> tuple[str, Owner | None]:
    """Whether a tool works in one of ``workplaces`` and whether the hashbed that started it lives."""
    if busy is None:
        return "unknown", None
    owners = [owner for place in workplaces if (owner := Owner.read(place))]
    working = [owner for owner in owners if owner.tool_alive(proc)]
    if not working and not any(place.resolve() in busy for place in workplaces):
        return "interrupted", None
    if owners and not any(owner.hashbed_alive(proc) for owner in owners):
        return "orphaned", (working or owners)[0]
    return "running", None


def unfinished_runs(build_dir: Path, proc: Path = PROC) -> list[RunProgress]:
    """Every run directory under ``build_dir/impl`` whose synthesis or nextpnr has not ended,
    the longest running first."""
    impl = build_dir / "impl"
    busy = _busy_dirs(proc)
    now = time.time()
    runs = []
    for run_dir in sorted(impl.iterdir()) if impl.is_dir() else []:
        settings, log = run_dir / "settings.json", run_dir / "nextpnr.log"
        if not settings.is_file():
            continue
        if log.is_file():
            phase = nextpnr_phase(log.read_text(errors="replace"))
            if phase is None:
                owner = Owner.read(run_dir)
                if owner is None or owner.hashbed_alive(proc):
                    continue  # ended, and its hashbed has read or is reading the result
                phase = "nextpnr ended after its hashbed was gone: not stored"
            last_change, workplaces = log.stat().st_mtime, [run_dir]
        elif not (run_dir / "yosys.log").exists():  # linked into the run directory once synthesis has ended
            inputs = json.loads(settings.read_text())
            device = DEVICES.get(inputs["device"])
            phase, last_change = "synthesis", settings.stat().st_mtime
            pattern = synth_dir_name(inputs["core"], device.family if device else "*", "*") + "/synth.lock"
            workplaces = [lock.parent for lock in (build_dir / "synth").glob(pattern)]
        else:
            continue  # synthesis failed, or the design does not fit: nextpnr never ran
        runs.append(
            RunProgress(run_dir, phase, now - settings.stat().st_mtime, now - last_change, *_state(workplaces, busy, proc))
        )
    return sorted(runs, key=lambda run: -run.elapsed_s)
