"""The timing experiment's tables from the store: the study's Table I (static-timing Fmax
against experimental Fmax, throughput from the formula and from measured time) and
Table III (several boards: mean and standard deviation)."""

from __future__ import annotations

import statistics
from typing import Any

from hashbed.catalogue.cores import all_cores
from hashbed.console.cells import Cells
from hashbed.results import JobRecord, ResultStore

MODEL_NOTE = "virtual boards: hashbed's variation model (docs/methodology.md), not measured devices"
TABLE_1_TITLE = "Table I: static-timing vs experimental Fmax (post-route timing simulation)"
TABLE_3_TITLE = f"Table III: experimental Fmax on several boards ({MODEL_NOTE})"
#: Where the study's experiment runs in hashbed (``make timing``): every basic iterative core
#: on ECP5-85k, the lightweight cores on ECP5-25k.
STUDY_DEVICES = {"basic-iterative": "ecp5-85k", "lightweight-logic": "ecp5-25k", "lightweight-bram": "ecp5-25k"}


def board_statistics(fmax: list[float]) -> dict[str, float | None]:
    """Mean and sample standard deviation (None for one board) of boards' experimental Fmax."""
    return {
        "mean_mhz": round(statistics.fmean(fmax), 2),
        "std_mhz": round(statistics.stdev(fmax), 2) if len(fmax) > 1 else None,
    }


def _latest(store: ResultStore) -> dict[tuple[str, str, str, int], JobRecord]:
    """The latest successful timing job per (core, device, data mode, board), made from the core's
    present Verilog (a row of an older version is kept in the store, not shown)."""
    fingerprints = {core.name: core.fingerprint() for core in all_cores()}
    latest: dict[tuple[str, str, str, int], JobRecord] = {}
    for record in store.jobs("time"):
        if record.ok and record.inputs.get("core_fingerprint") == fingerprints.get(record.core):
            latest[(record.core, str(record.device), record.inputs["data"], record.inputs["board"])] = record
    return latest


def fmax_rows(store: ResultStore) -> list[dict[str, Any]]:
    """Table I: one row per core, device and data mode, on the design's own delays."""
    rows = []
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
        "TP measured Mbit/s",
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
