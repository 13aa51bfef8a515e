"""The Zynq study's Table IV (hardware/software speed-up against message size) and its
communication overhead against message size, from the stored testbed jobs: one series per core
and setting (core and system clocks, DMA model, start delay, messages)."""

from __future__ import annotations

import json
from typing import Any

from hashbed.catalogue.cores import all_cores, load_core
from hashbed.console.cells import Cells
from hashbed.errors import HashbedError
from hashbed.results import ResultStore
from hashbed.studies.zynq.experiments import BOARD, STEP, arm_speedup, overhead_row, speedup_row, stored_fmax
from hashbed.studies.zynq.published_cycles import ZYNQ_ARM, ZYNQ_ARM_MHZ, Figure, figures_for
from hashbed.testbed.simulated import DmaModel

TABLE_4_TITLE = "Table IV: hardware / software speed-up against message size (simulated board)"
TABLE_4_ARM_TITLE = (
    f"Table IV, against the Zynq's processor: hardware / software speed-up over published software on the "
    f"{ZYNQ_ARM} at {ZYNQ_ARM_MHZ:g} MHz (its cycles per byte of long messages; simulated board)"
)
OVERHEAD_TITLE = "communication overhead: measured time / cycle-formula time against message size (simulated board)"
_SETTING = ("core_mhz", "sys_mhz", "dma", "start_delay", "message_seed")


def series_label(series: dict[str, Any]) -> str:
    """The series' core and setting; a real board's name in place of the simulated DMA's model."""
    where = DmaModel(**series["dma"]).describe() if series["device"] == BOARD else f"on the {series['device']}"
    return f"{series['core']}, core {series['core_mhz']:.2f} MHz, system {series['sys_mhz']:g} MHz, {where}"


def testbed_series(store: ResultStore) -> list[dict[str, Any]]:
    """Per core and setting, the latest successful job of each message size, sizes ascending:
    the overhead and speed-up rows, the tools and hashbed versions they came from. Of the core
    clocks a core was run at with the same other settings, one: the Fmax of the core's present
    common-flow run (what the experiments take by default) if it was run at that, else the
    latest (an older clock's rows are history, not a setting)."""
    groups: dict[str, dict[str, Any]] = {}
    chosen: dict[str, str] = {}
    present = _present_clocks(store)
    for record in store.jobs(STEP):  # oldest first: the latest wins
        if record.ok:
            setting = {key: record.inputs[key] for key in _SETTING}
            device = record.device or BOARD
            key = json.dumps([record.core, device, setting], sort_keys=True)
            group = groups.setdefault(key, {"core": record.core, "device": device, **setting, "jobs": {}})
            group["jobs"][record.inputs["size_bytes"]] = record
            others = json.dumps([record.core, device, {k: v for k, v in setting.items() if k != "core_mhz"}], sort_keys=True)
            held = groups[chosen[others]]["core_mhz"] if others in chosen else None
            if held is None or held != present.get(record.core) or setting["core_mhz"] == held:
                chosen[others] = key
    series = []
    for key in sorted(set(chosen.values())):
        group = groups[key]
        records = [group["jobs"][size] for size in sorted(group["jobs"])]
        series.append(
            {
                **{k: v for k, v in group.items() if k != "jobs"},
                "overhead": [overhead_row(r) for r in records],
                "speedup": [speedup_row(r) for r in records],
                "tools": {k: v for r in records for k, v in r.inputs.get("tools", {}).items()},
                "hashbed_version": ", ".join(sorted({r.hashbed_version for r in records})),
            }
        )
    return series


def _present_clocks(store: ResultStore) -> dict[str, float]:
    """Each catalogue core's default core clock: its common-flow Fmax on the target device."""
    clocks = {}
    for core in all_cores():
        mhz = stored_fmax(store, core)
        if mhz is not None:
            clocks[core.name] = mhz
    return clocks


def _by_size(series: list[dict[str, Any]], rows_key: str, value_key: str, digits: int) -> Cells:
    """One row per series that has a value, one column per message size it has a value at."""
    series = [s for s in series if any(row[value_key] is not None for row in s[rows_key])]
    sizes = sorted({row["size_kb"] for s in series for row in s[rows_key] if row[value_key] is not None})
    columns = ["core and setting", *[f"{size:g} kB" for size in sizes]]
    cells = []
    for s in series:
        values = {row["size_kb"]: row[value_key] for row in s[rows_key]}
        cells.append([series_label(s), *["-" if values.get(size) is None else f"{values[size]:.{digits}f}" for size in sizes]])
    return columns, cells


def speedup_cells(series: list[dict[str, Any]]) -> Cells:
    """Table IV: one row per series with a speed-up (an LWC core has no software to compare with),
    one column per message size ('-': none at that size)."""
    return _by_size(series, "speedup", "speedup", 3)


def software_note(series: list[dict[str, Any]]) -> str:
    """What Table IV's software is: each implementation and the processors it ran on."""
    names = sorted({row["software"] for s in series for row in s["speedup"] if row["software"]})
    cpus = sorted({row["software_cpu"] for s in series for row in s["speedup"] if row.get("software_cpu")})
    where = f" on {', '.join(cpus)}" if cpus else " on the hosts that ran the jobs (not recorded)"
    return f"Table IV's software{where}, the best CPU time of 5 runs: {'; '.join(names) or 'none'}"


def _algorithm_key(core: str) -> str | None:
    try:
        return load_core(core).algorithm.key
    except HashbedError:  # a core no longer in rtl/
        return None


def arm_speedup_cells(series: list[dict[str, Any]]) -> tuple[Cells, list[Figure]] | None:
    """Table IV against the Zynq's Cortex-A9 from published cycles per byte: the rows of the
    series whose algorithm has a figure, with the figures used; None when none has one."""
    keys = {s["core"]: _algorithm_key(s["core"]) for s in series}
    known = [s for s in series if (key := keys[s["core"]]) and figures_for(key, ZYNQ_ARM)]
    if not known:
        return None
    sizes = sorted({row["size_kb"] for s in known for row in s["speedup"]})
    columns = ["core and setting", *[f"{size:g} kB" for size in sizes]]
    cells, used = [], {}
    for s in known:
        values = {}
        for row in s["speedup"]:
            found = arm_speedup(str(keys[s["core"]]), row)
            if found:
                values[row["size_kb"]] = found[0]
                used[found[1].source] = found[1]
        cells.append([series_label(s), *["-" if size not in values else f"{values[size]:.3f}" for size in sizes]])
    return (columns, cells), list(used.values())


BOTTLENECK_TITLE = (
    "The DMA bottleneck (the study's Fig. 7b): a core at several system clocks, its largest message (simulated board, ideal DMA)"
)


def bottleneck_rows(series: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Of each core run at more than one system clock with the same other settings, the largest
    message run at every one of them, at each clock: the formula's time, the DMA's (one beat per
    system cycle) and the timer's."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for s in series:
        others = {k: s[k] for k in ("core", "device", "core_mhz", "dma", "start_delay", "message_seed")}
        groups.setdefault(json.dumps(others, sort_keys=True), []).append(s)
    rows = []
    for group in groups.values():
        if len({s["sys_mhz"] for s in group}) < 2:
            continue
        common = set.intersection(*({row["size_kb"] for row in s["overhead"]} for s in group))
        if not common:
            continue
        for s in sorted(group, key=lambda s: s["sys_mhz"]):
            row = next(row for row in s["overhead"] if row["size_kb"] == max(common))
            rows.append({"core": s["core"], "core_mhz": s["core_mhz"], "sys_mhz": s["sys_mhz"], **row})
    return rows


def bottleneck_cells(rows: list[dict[str, Any]]) -> Cells:
    columns = ["core", "core MHz", "system MHz", "size kB", "formula µs", "DMA µs", "measured µs", "measured / formula"]
    cells = [
        [
            row["core"],
            f"{row['core_mhz']:.2f}",
            f"{row['sys_mhz']:g}",
            f"{row['size_kb']:g}",
            f"{row['formula_us']:.1f}",
            f"{row['dma_us']:.1f}",
            f"{row['measured_us']:.1f}",
            f"{row['ratio']:.4f}",
        ]
        for row in rows
    ]
    return columns, cells


def overhead_cells(series: list[dict[str, Any]]) -> Cells:
    return _by_size(series, "overhead", "ratio", 4)
