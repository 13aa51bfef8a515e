"""The Zynq study's Table IV (hardware/software speed-up against message size) and its
communication overhead against message size, from the stored testbed jobs: one series per core
and setting (core and system clocks, DMA model, start delay, messages)."""

from __future__ import annotations

import json
from typing import Any

from hashbed.results import ResultStore
from hashbed.studies.cells import Cells
from hashbed.studies.zynq.experiments import BOARD, STEP, overhead_row, speedup_row
from hashbed.studies.zynq.testbed.simulated import DmaModel

TABLE_4_TITLE = "Table IV: hardware / software speed-up against message size (simulated board)"
OVERHEAD_TITLE = "communication overhead: measured time / cycle-formula time against message size (simulated board)"
_SETTING = ("core_mhz", "sys_mhz", "dma", "start_delay", "message_seed")


def series_label(series: dict[str, Any]) -> str:
    dma = DmaModel(**series["dma"]).describe()
    return f"{series['core']}, core {series['core_mhz']:.2f} MHz, system {series['sys_mhz']:g} MHz, {dma}"


def testbed_series(store: ResultStore) -> list[dict[str, Any]]:
    """Per core and setting, the latest successful job of each message size, sizes ascending:
    the overhead and speed-up rows, the tools and hashbed versions they came from."""
    groups: dict[str, dict[str, Any]] = {}
    for record in store.jobs(STEP):
        if record.ok:
            setting = {key: record.inputs[key] for key in _SETTING}
            group = groups.setdefault(
                json.dumps([record.core, setting], sort_keys=True), {"core": record.core, **setting, "jobs": {}}
            )
            group["jobs"][record.inputs["size_bytes"]] = record  # oldest first: the latest wins
    series = []
    for key in sorted(groups):
        group = groups[key]
        records = [group["jobs"][size] for size in sorted(group["jobs"])]
        series.append(
            {
                **{k: v for k, v in group.items() if k != "jobs"},
                "device": BOARD,
                "overhead": [overhead_row(r) for r in records],
                "speedup": [speedup_row(r) for r in records],
                "tools": {k: v for r in records for k, v in r.inputs.get("tools", {}).items()},
                "hashbed_version": ", ".join(sorted({r.hashbed_version for r in records})),
            }
        )
    return series


def _by_size(series: list[dict[str, Any]], rows_key: str, value_key: str, digits: int) -> Cells:
    sizes = sorted({row["size_kb"] for s in series for row in s[rows_key]})
    columns = ["core and setting", *[f"{size:g} kB" for size in sizes]]
    cells = []
    for s in series:
        values = {row["size_kb"]: row[value_key] for row in s[rows_key]}
        cells.append([series_label(s), *["-" if values.get(size) is None else f"{values[size]:.{digits}f}" for size in sizes]])
    return columns, cells


def speedup_cells(series: list[dict[str, Any]]) -> Cells:
    """Table IV: one row per series, one column per message size ('-': no native software to compare with)."""
    return _by_size(series, "speedup", "speedup", 3)


def overhead_cells(series: list[dict[str, Any]]) -> Cells:
    return _by_size(series, "overhead", "ratio", 4)
