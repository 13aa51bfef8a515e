"""The exploration study's tables from the store: each core's default run beside its best run,
the gain, the winning settings, Fmax over seeds, and whether exploring changes the ranking.

The default run is the common flow's (seed 1, 100 MHz requested, default options: the run
``make bench-targets`` stores); the best is the best stored run of the core's present sources on
the device by throughput (hashbed.explore.best), whatever made it.
"""

from __future__ import annotations

from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.options import describe
from hashbed.console.cells import Cells
from hashbed.explore.best import best_run, present_runs
from hashbed.explore.criteria import figures
from hashbed.flow.impl.implement import ImplSettings
from hashbed.results import ResultStore, job_key
from hashbed.studies.exploration import study
from hashbed.studies.ranking import ranks, spearman

TITLE = (
    f"Exploration on {study.DEVICE}: each core's default run against its best stored run by {study.CRITERION} "
    f"(the {study.STRATEGY} strategy's runs, {study.BUDGET} per core, "
    + ", ".join(f"{runs} for {core}" for core, runs in study.BUDGETS.items())
    + ", and any other run stored)"
)


def study_rows(store: ResultStore, cores: list[Core]) -> list[dict[str, Any]]:
    """One row per core that has its default run and at least one run more on the study's device."""
    device = get_device(study.DEVICE)
    rows = []
    for core in cores:
        default = store.job(job_key("implement", ImplSettings(device).inputs(core)))
        best = best_run(store, core, device.name, study.CRITERION)
        if default is None or not default.ok or best is None or best.runs < 2:
            continue
        before, after = figures(core, default.outputs), best.figures
        runs = present_runs(store.jobs("implement", core.name, device.name), core)
        rows.append(
            {
                "core": core.name,
                "device": device.name,
                "runs": best.runs,
                "default_fmax_mhz": before["fmax_mhz"],
                "default_luts": before["luts"],
                "default_throughput_mbps": before["throughput_mbps"],
                "default_tpa": before["tpa_mbps_per_lut"],
                "best_fmax_mhz": after["fmax_mhz"],
                "best_luts": after["luts"],
                "best_throughput_mbps": after["throughput_mbps"],
                "best_tpa": after["tpa_mbps_per_lut"],
                "throughput_gain": after["throughput_mbps"] / before["throughput_mbps"],
                "tpa_gain": after["tpa_mbps_per_lut"] / before["tpa_mbps_per_lut"],
                "settings": f"seed {best.seed}, {describe(best.choice)}",
                "seeds": best.spread.seeds,
                "fmax_median_mhz": best.spread.median_mhz,
                "fmax_range_mhz": (best.spread.low_mhz, best.spread.high_mhz),
                "fmax_all_range_mhz": (
                    min(float(r.outputs["fmax_mhz"]) for r in runs),
                    max(float(r.outputs["fmax_mhz"]) for r in runs),
                ),
                "tools": best.record.outputs.get("tools") or default.outputs.get("tools"),
                "hashbed_version": best.record.hashbed_version,
            }
        )
    return rows


def study_cells(rows: list[dict[str, Any]]) -> Cells:
    columns = [
        "core",
        "stored runs",
        "default MHz",
        "default Mbit/s",
        "default Mbit/s/LUT",
        "best MHz",
        "best Mbit/s",
        "best Mbit/s/LUT",
        "TP gain",
        "TP/A gain",
        "best settings",
        "Fmax over seeds of those settings",
    ]
    cells = [
        [
            row["core"],
            str(row["runs"]),
            f"{row['default_fmax_mhz']:.2f}",
            f"{row['default_throughput_mbps']:.1f}",
            f"{row['default_tpa']:.4f}",
            f"{row['best_fmax_mhz']:.2f}",
            f"{row['best_throughput_mbps']:.1f}",
            f"{row['best_tpa']:.4f}",
            f"{row['throughput_gain']:.3f}x",
            f"{row['tpa_gain']:.3f}x",
            row["settings"],
            _spread_text(row),
        ]
        for row in rows
    ]
    return columns, cells


def _spread_text(row: dict[str, Any]) -> str:
    low, high = row["fmax_range_mhz"]
    if row["seeds"] < 2:
        return "one seed"
    return f"{row['fmax_median_mhz']:.2f} ({low:.2f}..{high:.2f}), {row['seeds']} seeds"


#: What the cores can be ranked by: the row fields of the default and of the best run.
RANKED_BY = {"throughput": ("default_throughput_mbps", "best_throughput_mbps"), "TP/A": ("default_tpa", "best_tpa")}


def ranking_cells(rows: list[dict[str, Any]], by: str) -> tuple[Cells, float | None]:
    """The ranking of the cores by ``by`` (one of RANKED_BY) at their default run and at their
    best, and Spearman's correlation of the two (None for fewer than three cores)."""
    default = [row[RANKED_BY[by][0]] for row in rows]
    best = [row[RANKED_BY[by][1]] for row in rows]
    before, after = ranks(default), ranks(best)
    order = sorted(range(len(rows)), key=lambda i: after[i])
    cells = [
        [
            f"{after[i]:g}",
            rows[i]["core"],
            f"{before[i]:g}",
            _overlaps(rows, i, order, RANKED_BY[by][1]),
        ]
        for i in order
    ]
    rho = spearman(default, best) if len(rows) >= 3 else None
    columns = ["rank (best)", "core", "rank (default)", f"{by} over seeds overlaps with"]
    return (columns, cells), rho


def _overlaps(rows: list[dict[str, Any]], i: int, order: list[int], field: str) -> str:
    """The cores whose range over seeds of ``field`` (a figure proportional to Fmax, at their best
    settings) overlaps this core's."""

    def span(row: dict[str, Any]) -> tuple[float, float]:
        scale = row[field] / row["best_fmax_mhz"]
        low, high = row["fmax_range_mhz"]
        return low * scale, high * scale

    low, high = span(rows[i])
    near = [rows[j]["core"] for j in order if j != i and rows[j]["seeds"] > 1 and _meet(span(rows[j]), (low, high))]
    return ", ".join(near) if rows[i]["seeds"] > 1 and near else "-"


def _meet(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]
