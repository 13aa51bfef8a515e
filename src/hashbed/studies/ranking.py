"""The ranking of results rows (by throughput per area, throughput, area or latency) with each row's
throughput per area relative to SHA-256 (the lightweight study ranks every finalist that way)."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from hashbed.catalogue.cores import Core, all_cores
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.throughput import latency_ns
from hashbed.console.cells import Cells
from hashbed.explore.criteria import CRITERIA
from hashbed.jobs.runner import row_inputs
from hashbed.results import JobRecord, ResultStore

#: The core every throughput-per-area ratio is taken against.
REFERENCE_CORE = "sha256"

#: What rows can be ranked by: the row field, and whether more is better.
#: How rows rank by each criterion of an exploration (hashbed.explore.criteria, the one set of
#: ranking criteria): the figure of a row, and whether more is better.
RANK_KEYS: dict[str, tuple[Callable[[dict[str, Any]], float], bool]] = {
    "throughput": (lambda row: row["throughput_mbps"], True),
    "tpa": (lambda row: row["tpa_mbps_per_lut"], True),
    "area": (lambda row: row["luts"], False),
    "latency": (lambda row: row["latency_ns"], False),
    "latency-area": (lambda row: row["latency_ns"] * row["luts"], False),
}
RANK_HELP = CRITERIA


def metrics_records(
    store: ResultStore, core: str | None = None, device: str | None = None, keep_all: bool = False
) -> list[JobRecord]:
    """The finished metrics jobs (oldest first) made from the present sources and manifest of
    their core: a row whose implementation had another core fingerprint (the Verilog or
    parameters have changed since), or whose manifest fields or measured cycle formula are not
    the manifest's now, is left out unless ``keep_all``. Rows of cores not in the catalogue, or
    whose implementation job is not in the store, are kept."""
    records = [record for record in store.jobs("metrics", core, device) if record.ok]
    if keep_all:
        return records
    names = {record.core for record in records}
    current = {known.name: known for known in all_cores(None) if known.name in names}
    fingerprints = {name: known.fingerprint() for name, known in current.items()}
    kept = []
    for record in records:
        implemented = store.job(record.inputs.get("implement_job", ""))
        made_from = implemented.inputs.get("core_fingerprint") if implemented else None
        if made_from is None or record.core not in current:
            kept.append(record)
        elif made_from == fingerprints[record.core] and _same_manifest(store, record, current[record.core]):
            kept.append(record)
    return kept


def _same_manifest(store: ResultStore, record: JobRecord, core: Core) -> bool:
    """Whether a metrics row was made with what the core's manifest says now."""
    if any(record.inputs.get(field) != value for field, value in row_inputs(core).items()):
        return False
    measured = store.job(record.inputs["measure_job"])
    return measured is None or measured.inputs.get("cycles") == core.cycles.counts()


def latest_rows(
    records: list[JobRecord], keep_all: bool = False, published: frozenset[str] | None = None
) -> list[dict[str, Any]]:
    """The metrics rows of ``records`` (oldest first), the latest per core, device and seed unless
    ``keep_all``; each with when and by which hashbed version it was made, and its latency; with
    ``published`` (the keys of published results not run here), whether it is one of those."""
    rows: dict[Any, dict[str, Any]] = {}
    for index, record in enumerate(records):  # later rows replace earlier ones
        key = index if keep_all else (record.core, record.device, record.seed)
        formula = CycleFormula(record.outputs["st"], record.outputs["lp"], record.outputs["end"])
        rows[key] = {
            **record.outputs,
            "latency_ns": round(latency_ns(formula, record.outputs["fmax_mhz"]), 1),
            "finished_at": record.finished_at,
            "hashbed_version": record.hashbed_version,
            **({"published": record.key in published} if published is not None else {}),
        }
    return list(rows.values())


def reference_tpa(store: ResultStore) -> dict[tuple[str, int], float]:
    """The latest throughput per LUT of the reference core per (device, seed)."""
    latest: dict[tuple[str, int], float] = {}
    for record in metrics_records(store, REFERENCE_CORE):
        latest[(record.outputs["device"], record.outputs["seed"])] = record.outputs["tpa_mbps_per_lut"]
    return latest


def ranked(rows: list[dict[str, Any]], reference: dict[tuple[str, int], float], by: str = "tpa") -> list[dict[str, Any]]:
    """The rows per device and seed, best first by ``by`` (a key of RANK_KEYS; ties by throughput
    per LUT), each with its rank and its throughput per LUT relative to the reference core's
    (``tpa_vs_sha256``, None without a reference result)."""
    figure, more_is_better = RANK_KEYS[by]
    sign = -1 if more_is_better else 1
    out: list[dict[str, Any]] = []
    ordered = sorted(rows, key=lambda row: (row["device"], row["seed"], sign * figure(row), -row["tpa_mbps_per_lut"]))
    for row in ordered:
        base = reference.get((row["device"], row["seed"]))
        same_flow = [r for r in out if (r["device"], r["seed"]) == (row["device"], row["seed"])]
        out.append(
            {
                **row,
                "rank": len(same_flow) + 1,
                "tpa_vs_sha256": round(row["tpa_mbps_per_lut"] / base, 3) if base else None,
            }
        )
    return out


def area_text(row: dict[str, Any]) -> str:
    """The row's area; in its unit where that is not the LUT4 (GateMate's CPEs)."""
    unit = row.get("area_unit", "LUT4")
    return str(row["luts"]) if unit == "LUT4" else f"{row['luts']} {unit}s"


#: The columns of the results table that a narrow terminal keeps (the others are left out first).
RESULT_KEY_COLUMNS = ("core", "device", "LUTs", "Fmax MHz", "TP Mbit/s", "TP/A Mbit/s/LUT")


def result_cells(rows: list[dict[str, Any]], blocks: int | None = None, rank_by: str = "tpa") -> Cells:
    """The results table (ranked rows of ``ranked``), for the terminal, Markdown and HTML; with the
    throughput at ``blocks`` blocks and the latency column when ranked by latency."""
    columns = [
        "rank",
        "core",
        "device",
        "LUTs",
        "FFs",
        "BRAMs",
        "Fmax MHz",
        "cycles (st + lp·N + end)",
        "cycles/block",
        "TP Mbit/s",
        "TP/A Mbit/s/LUT",
        f"TP/A vs {REFERENCE_CORE}",
        "target",
        "vs target",
    ]
    if blocks:
        columns.insert(10, f"TP N={blocks}")
    if rank_by == "latency":
        columns.insert(9, "latency ns")
    cells = []
    for row in rows:
        target = row["target_mbps_per_lut"]
        ratio = row["target_ratio"]
        versus = row["tpa_vs_sha256"]
        line = [
            str(row["rank"]),
            row["core"] + ("*" if row.get("published") else ""),
            row["device"],
            area_text(row),
            str(row["ffs"]),
            str(row["brams"]),
            f"{row['fmax_mhz']:.2f}",
            str(CycleFormula(row["st"], row["lp"], row["end"])),
            str(row["lp"]),
            f"{row['throughput_mbps']:.1f}",
            f"{row['tpa_mbps_per_lut']:.3f}",
            f"{versus:.2f}" if versus is not None else "-",
            f"{target:.3f}" if target is not None else "-",
            f"{ratio:.2f}x" if ratio is not None else "-",
        ]
        if blocks:
            line.insert(10, f"{row[f'throughput_n{blocks}_mbps']:.1f}")
        if rank_by == "latency":
            line.insert(9, f"{row['latency_ns']:.1f}")
        cells.append(line)
    return columns, cells


def ranks(values: list[float]) -> list[float]:
    """Each value's rank, 1 for the largest; tied values share their mean rank."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(first: list[float], second: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks."""
    return statistics.correlation(ranks(first), ranks(second))
