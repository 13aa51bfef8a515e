"""The timing experiment's tables from the store: the study's Table I (static-timing Fmax
against experimental Fmax, throughput from the formula and from measured time) and
Table III (several boards: mean and standard deviation)."""

from __future__ import annotations

import statistics
from typing import Any

from hashbed.catalogue.cores import Core, all_cores
from hashbed.console.cells import Cells
from hashbed.results import JobRecord, ResultStore
from hashbed.studies.zynq.experiments import LONG_MESSAGE_KB, long_message_mbps
from hashbed.studies.zynq.study_set import STUDY_DEVICES, study_device
from hashbed.studies.zynq.workloads import MEASURED_BLOCKS

MODEL_NOTE = "virtual boards: hashbed's variation model (docs/methodology.md), not measured devices"
TABLE_1_TITLE = "Table I: static-timing vs experimental Fmax (post-route timing simulation)"
TABLE_3_TITLE = f"Table III: experimental Fmax on several boards ({MODEL_NOTE})"


def board_statistics(fmax: list[float]) -> dict[str, float | None]:
    """Mean and sample standard deviation (None for one board) of boards' experimental Fmax."""
    return {
        "mean_mhz": round(statistics.fmean(fmax), 2),
        "std_mhz": round(statistics.stdev(fmax), 2) if len(fmax) > 1 else None,
    }


def _latest(store: ResultStore) -> dict[tuple[str, str, str, int], JobRecord]:
    """The latest successful timing job per (core, device, data mode, board), made from the core's
    present Verilog (a row of an older version is kept in the store, not shown); LWC cores too."""
    fingerprints = {core.name: core.fingerprint() for core in all_cores(None)}
    latest: dict[tuple[str, str, str, int], JobRecord] = {}
    for record in store.jobs("time"):
        if record.ok and record.inputs.get("core_fingerprint") == fingerprints.get(record.core):
            latest[(record.core, str(record.device), record.inputs["data"], record.inputs["board"])] = record
    return latest


def experimental_fmax(store: ResultStore, core: Core) -> float | None:
    """``core``'s experimental Fmax on its study device with worst-case data (the clock the
    search found safe for any message), if searched on its present Verilog."""
    record = _latest(store).get((core.name, study_device(core), "worst", 0))
    return float(record.outputs["exp_fmax_mhz"]) if record is not None else None


def fmax_rows(store: ResultStore) -> list[dict[str, Any]]:
    """Table I: one row per core, device and data mode, on the design's own delays; the
    throughput of a long message on the simulated board at the row's experimental Fmax, where run."""
    rows = []
    long_message = long_message_mbps(store)
    for (core, device, data, board), record in sorted(_latest(store).items()):
        if board:
            continue
        out = record.outputs
        rows.append(
            {
                "core": core,
                "device": device,
                "data": data,
                "sta_fmax_mhz": out["sta_fmax_mhz"],
                "exp_fmax_mhz": out["exp_fmax_mhz"],
                "ratio": out["ratio"],
                "throughput_formula_mbps": out["throughput_formula_mbps"],
                "throughput_measured_mbps": out["throughput_measured_mbps"],
                "throughput_long_mbps": long_message.get((core, float(out["exp_fmax_mhz"]))),
                "limit_above_range": out["limit_above_range"],
                "critical_path": out.get("critical_path"),
                "seconds": out["seconds"],
                "tools": record.inputs.get("tools", {}),
                "hashbed_version": record.hashbed_version,
            }
        )
    return rows


def board_rows(store: ResultStore) -> list[dict[str, Any]]:
    """Table III: per core, device and data mode, the experimental Fmax of each virtual
    board (variation model), their mean and sample standard deviation."""
    groups: dict[tuple[str, str, str], list[JobRecord]] = {}
    for (core, device, data, board), record in sorted(_latest(store).items()):
        if board:
            groups.setdefault((core, device, data), []).append(record)
    rows = []
    for (core, device, data), records in groups.items():
        fmax = [float(r.outputs["exp_fmax_mhz"]) for r in records]
        rows.append(
            {
                "core": core,
                "device": device,
                "data": data,
                "boards": {r.inputs["board"]: r.outputs["exp_fmax_mhz"] for r in records},
                **board_statistics(fmax),
                "spread_mhz": round(max(fmax) - min(fmax), 1),
                "sta_fmax_mhz": records[0].outputs["sta_fmax_mhz"],
                "variation": records[0].inputs["variation"],
                "tools": {k: v for r in records for k, v in r.inputs.get("tools", {}).items()},
                "hashbed_version": ", ".join(sorted({r.hashbed_version for r in records})),
            }
        )
    return rows


def missing_searches(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The (core, command) of each core of the study's set (``STUDY_DEVICES``) whose search on its
    device is in none of ``rows`` (Table I) in either data mode."""
    done = {(row["core"], row["device"]) for row in rows}
    return [
        (
            f"{core.name} on {STUDY_DEVICES[core.architecture]}",
            f"hashbed time {core.name} --device {STUDY_DEVICES[core.architecture]}",
        )
        for core in all_cores()
        if core.architecture in STUDY_DEVICES and (core.name, STUDY_DEVICES[core.architecture]) not in done
    ]


def missing_long_messages(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The (what, command) of each core of ``rows`` (Table I) on its study device whose long
    message was not run at its worst-case data's experimental Fmax."""
    cores = {core.name: core for core in all_cores()}
    return [
        (
            f"{row['core']}: measured throughput on {LONG_MESSAGE_KB} kB at {row['exp_fmax_mhz']:g} MHz",
            f"hashbed testbed overhead {row['core']} --sizes {LONG_MESSAGE_KB} --core-mhz experimental",
        )
        for row in rows
        if row["data"] == "worst"
        and row["throughput_long_mbps"] is None
        and row["core"] in cores
        and row["device"] == study_device(cores[row["core"]])
    ]


#: What Table I's two measured throughputs are.
MEASURED_NOTE = (
    f"TP measured, {MEASURED_BLOCKS} blocks: the message the post-route timing simulation hashed at the experimental "
    f"Fmax; {LONG_MESSAGE_KB} kB: a message of that size through the whole testbed on the simulated board (ideal DMA, "
    "system clock at its default) with the core clock at the row's experimental Fmax, as the study measured it"
)


def fmax_cells(rows: list[dict[str, Any]]) -> Cells:
    """Table I (rows of ``fmax_rows``) as text; '+' marks a limit above the search range."""
    columns = [
        "core",
        "device",
        "data",
        "STA MHz",
        "exp. MHz",
        "exp./STA",
        "TP formula Mbit/s",
        f"TP measured, {MEASURED_BLOCKS} blocks Mbit/s",
        f"TP measured, {LONG_MESSAGE_KB} kB Mbit/s",
        "critical path (STA)",
    ]
    cells = [
        [
            row["core"],
            row["device"],
            row["data"],
            f"{row['sta_fmax_mhz']:.2f}",
            f"{row['exp_fmax_mhz']:.1f}" + ("+" if row["limit_above_range"] else ""),
            f"{row['ratio']:.3f}",
            f"{row['throughput_formula_mbps']:.1f}",
            f"{row['throughput_measured_mbps']:.1f}",
            "-" if row["throughput_long_mbps"] is None else f"{row['throughput_long_mbps']:.1f}",
            path_text(row["critical_path"]),
        ]
        for row in rows
    ]
    return columns, cells


def path_text(path: dict[str, Any] | None) -> str:
    """A critical path in a few words: its carry and LUT steps and its routing share."""
    if path is None:
        return "-"
    total = path["logic_ns"] + path["routing_ns"]
    routing = f", {100 * path['routing_ns'] / total:.0f}% routing" if total > 0 else ""
    return f"{path['carry_steps']} carries + {path['lut_steps']} LUTs{routing}"


def board_cells(rows: list[dict[str, Any]]) -> Cells:
    """Table III (rows of ``board_rows``) as text."""
    columns = ["core", "device", "data", "boards (MHz)", "mean MHz", "std MHz", "spread MHz", "STA MHz"]
    cells = [
        [
            row["core"],
            row["device"],
            row["data"],
            ", ".join(f"{f:.1f}" for f in row["boards"].values()),
            f"{row['mean_mhz']:.2f}",
            "-" if row["std_mhz"] is None else f"{row['std_mhz']:.2f}",
            f"{row['spread_mhz']:.1f}",
            f"{row['sta_fmax_mhz']:.2f}",
        ]
        for row in rows
    ]
    return columns, cells
