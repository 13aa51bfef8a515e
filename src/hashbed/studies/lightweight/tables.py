"""The lightweight study's tables (docs/lightweight.md): for every lightweight core and device,
throughput for long and short messages and throughput per area, each relative to SHA-256 of the
same architecture (logic-only or block RAM) on the same device, as the study's Tables 2 and 3
rank the finalists, with the area budget's verdict and the estimated energy per bit
(``hashbed.flow.energy``)."""

from __future__ import annotations

from typing import Any

from hashbed.catalogue.algorithms.lwc import LWC_SUITES
from hashbed.catalogue.cores import Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.throughput import throughput_at_blocks_mbps
from hashbed.console.cells import Cells
from hashbed.flow.energy.estimate import ENERGY_STEP
from hashbed.results import ResultStore
from hashbed.studies.ranking import area_text, latest_rows, metrics_records

ARCHITECTURES = ("lightweight-logic", "lightweight-bram")
#: The LWC cores' algorithms (Ascon): their lightweight cores are not the study's hashes (their
#: rows, beside the basic LWC cores', are docs/cores/ascon_lw.md's).
LWC_ALGORITHMS = frozenset(suite.name for suite in LWC_SUITES.values())
#: The function every ratio is taken against.
REFERENCE_ALGORITHM = "sha-256"
#: A short message: one padded block (its throughput includes the start and end cycles).
SHORT_BLOCKS = 1
_RATIOS = (
    ("throughput_mbps", "tp_vs_sha256"),
    ("short_mbps", "short_vs_sha256"),
    ("tpa_mbps_per_lut", "tpa_vs_sha256"),
    ("energy_pj_per_bit", "energy_vs_sha256"),
    ("dynamic_pj_per_bit", "dynamic_vs_sha256"),
)


def budget_verdict(core: Core | None, row: dict[str, Any]) -> str:
    """ "fits", the shortfalls, or why the budget does not apply."""
    if core is None or core.budget is None:
        return "no budget"
    if get_device(row["device"]).family != "ecp5":
        return "budget is in ECP5 resources"
    misses = core.budget.shortfalls(row["luts"], row["ffs"], row["brams"], row["dsps"])
    return "fits" if not misses else "misses: " + "; ".join(misses)


def lightweight_rows(store: ResultStore, cores: dict[str, Core]) -> list[dict[str, Any]]:
    """The latest metrics row of every lightweight core per device and seed, best TP/A first
    within each device and architecture, with the ratios to SHA-256 (None without its row)."""
    records = [
        r
        for r in metrics_records(store)
        if r.outputs.get("architecture") in ARCHITECTURES and r.outputs.get("algorithm") not in LWC_ALGORITHMS
    ]
    energy = {(r.core, r.device, r.seed): r.outputs for r in store.jobs(ENERGY_STEP) if r.ok}
    rows = []
    for row in latest_rows(records):
        key = (row["core"], row["device"], row["seed"])
        formula = CycleFormula(row["st"], row["lp"], row["end"])
        short = throughput_at_blocks_mbps(formula, row["block_bits"], row["fmax_mhz"], SHORT_BLOCKS)
        estimate = energy.get(key, {})
        rows.append(
            {
                **row,
                "short_mbps": round(short, 2),
                "budget": budget_verdict(cores.get(row["core"]), row),
                "energy_pj_per_bit": estimate.get("energy_pj_per_bit"),
                "dynamic_pj_per_bit": estimate.get("dynamic_pj_per_bit"),
            }
        )
    reference = {(r["architecture"], r["device"], r["seed"]): r for r in rows if r["algorithm"] == REFERENCE_ALGORITHM}
    for row in rows:
        base = reference.get((row["architecture"], row["device"], row["seed"]))
        for field, ratio in _RATIOS:
            row[ratio] = round(row[field] / base[field], 2) if base and row[field] is not None and base[field] else None
    return sorted(rows, key=lambda r: (r["device"], r["seed"], r["architecture"], -r["tpa_mbps_per_lut"]))


LIGHTWEIGHT_TITLE = "Lightweight study (Tables 2 and 3): long- and short-message throughput, TP/A and energy, relative to SHA-256"
LIGHTWEIGHT_NOTE = (
    "ratios: against sha-256 of the same architecture on the same device and seed; budget: docs/lightweight.md "
    "(ECP5 resources); energy: an estimate, dynamic + static, model in docs/lightweight.md"
)


def lightweight_cells(rows: list[dict[str, Any]]) -> Cells:
    """The table of ``lightweight_rows``, for the terminal, Markdown and HTML."""
    columns = [
        "core",
        "device",
        "LUTs",
        "FFs",
        "BRAMs",
        "Fmax MHz",
        "cycles",
        "TP long Mbit/s",
        "vs SHA-256",
        f"TP {SHORT_BLOCKS} block Mbit/s",
        "vs SHA-256",
        "TP/A Mbit/s/LUT",
        "vs SHA-256",
        "energy pJ/bit",
        "vs SHA-256",
        "dynamic pJ/bit",
        "budget",
    ]

    def ratio(value: float | None) -> str:
        return f"{value:.2f}" if value is not None else "-"

    def number(value: float | None) -> str:
        return f"{value:.1f}" if value is not None else "-"

    cells = [
        [
            r["core"],
            r["device"],
            area_text(r),
            str(r["ffs"]),
            str(r["brams"]),
            f"{r['fmax_mhz']:.2f}",
            str(CycleFormula(r["st"], r["lp"], r["end"])),
            f"{r['throughput_mbps']:.2f}",
            ratio(r["tp_vs_sha256"]),
            f"{r['short_mbps']:.2f}",
            ratio(r["short_vs_sha256"]),
            f"{r['tpa_mbps_per_lut']:.4f}",
            ratio(r["tpa_vs_sha256"]),
            number(r["energy_pj_per_bit"]),
            ratio(r["energy_vs_sha256"]),
            number(r["dynamic_pj_per_bit"]),
            r["budget"],
        ]
        for r in rows
    ]
    return columns, cells
