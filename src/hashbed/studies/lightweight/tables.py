"""The lightweight study's tables (docs/lightweight.md): for every lightweight core and device,
throughput and throughput per area for long (L) and short (S) messages, each relative to SHA-256 of
the same architecture (logic-only or block RAM) on the same device, as the study's Tables 2 and 3
rank the finalists, with the area budget's verdict; and, where ``hashbed.flow.energy`` has
estimated it, the static and dynamic power at Fmax and the energy per bit, relative to SHA-256
likewise."""

from __future__ import annotations

from typing import Any

from hashbed.catalogue.algorithms import HashAlgorithm, get_algorithm
from hashbed.catalogue.algorithms.lwc import LWC_SUITES
from hashbed.catalogue.cores import Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.devices import get_device
from hashbed.console.cells import Cells
from hashbed.flow.energy.estimate import ENERGY_STEP
from hashbed.results import ResultStore
from hashbed.studies.lightweight.short import short_blocks, short_throughput_mbps
from hashbed.studies.ranking import area_text, latest_rows, metrics_records

ARCHITECTURES = ("lightweight-logic", "lightweight-bram")
#: The LWC cores' algorithms (Ascon): their lightweight cores are not the study's hashes (their
#: rows, beside the basic LWC cores', are docs/cores/ascon_lw.md's).
LWC_ALGORITHMS = frozenset(suite.name for suite in LWC_SUITES.values())
#: The function every ratio is taken against.
REFERENCE_ALGORITHM = "sha-256"
_RATIOS = (
    ("throughput_mbps", "tp_vs_sha256"),
    ("short_mbps", "short_vs_sha256"),
    ("tpa_mbps_per_lut", "tpa_vs_sha256"),
    ("short_tpa_mbps_per_lut", "short_tpa_vs_sha256"),
    ("static_mw", "static_vs_sha256"),
    ("dynamic_mw", "dynamic_mw_vs_sha256"),
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
        blocks = short_blocks(_algorithm(row, cores))
        short = short_throughput_mbps(CycleFormula(row["st"], row["lp"], row["end"]), row["block_bits"], row["fmax_mhz"], blocks)
        estimate = energy.get((row["core"], row["device"], row["seed"]), {})
        rows.append(
            {
                **row,
                "short_blocks": blocks,
                "short_mbps": round(short, 2),
                "short_tpa_mbps_per_lut": round(short / row["luts"], 4),
                "budget": budget_verdict(cores.get(row["core"]), row),
                "static_mw": estimate.get("static_mw"),
                "dynamic_mw": estimate.get("dynamic_mw_at_fmax"),
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


def _algorithm(row: dict[str, Any], cores: dict[str, Core]) -> HashAlgorithm:
    """The model of the row's function: its core's (a model beside the manifest included), or the
    catalogue's of the row's algorithm and version for a core no longer in the catalogue."""
    core = cores.get(row["core"])
    return core.algorithm if core is not None else get_algorithm(row["algorithm"], row["version"])


LIGHTWEIGHT_TITLE = (
    "Lightweight study (Tables 2 and 3): throughput and TP/A for long (L) and short (S) messages, relative to SHA-256"
)
POWER_TITLE = (
    "Lightweight study (power, Tables 2 and 4): estimated static and dynamic power at Fmax and energy per bit "
    "of long messages, relative to SHA-256"
)
LIGHTWEIGHT_NOTE = (
    "ratios: against sha-256 of the same architecture on the same device and seed; S: a one-byte message, "
    "S blocks the padded blocks it takes (JH's padding makes it two), TP S = one block's bits over the cycles of "
    "that message, start and end included; budget: docs/lightweight.md (ECP5 resources); power and energy: "
    "an estimate from the synthesized netlist's simulated activity and an assumed static power, "
    "not a measurement (docs/lightweight.md)"
)


def _ratio(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else "-"


def _number(value: float | None) -> str:
    return f"{value:.1f}" if value is not None else "-"


def lightweight_cells(rows: list[dict[str, Any]]) -> Cells:
    """The throughput table of ``lightweight_rows`` (L and S), for the terminal, Markdown and HTML."""
    columns = [
        "core",
        "device",
        "LUTs",
        "FFs",
        "BRAMs",
        "Fmax MHz",
        "cycles",
        "TP L Mbit/s",
        "vs SHA-256",
        "TP/A L Mbit/s/LUT",
        "vs SHA-256",
        "S blocks",
        "TP S Mbit/s",
        "vs SHA-256",
        "TP/A S Mbit/s/LUT",
        "vs SHA-256",
        "budget",
    ]
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
            _ratio(r["tp_vs_sha256"]),
            f"{r['tpa_mbps_per_lut']:.4f}",
            _ratio(r["tpa_vs_sha256"]),
            str(r["short_blocks"]),
            f"{r['short_mbps']:.2f}",
            _ratio(r["short_vs_sha256"]),
            f"{r['short_tpa_mbps_per_lut']:.4f}",
            _ratio(r["short_tpa_vs_sha256"]),
            r["budget"],
        ]
        for r in rows
    ]
    return columns, cells


def power_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of ``lightweight_rows`` with an energy estimate."""
    return [r for r in rows if r["energy_pj_per_bit"] is not None]


def power_cells(rows: list[dict[str, Any]]) -> Cells:
    """The power table of ``power_rows``: static and dynamic power at Fmax, energy per bit and its
    dynamic part, each relative to SHA-256."""
    columns = [
        "core",
        "device",
        "Fmax MHz",
        "TP L Mbit/s",
        "static mW",
        "vs SHA-256",
        "dynamic mW",
        "vs SHA-256",
        "energy pJ/bit",
        "vs SHA-256",
        "dynamic pJ/bit",
        "vs SHA-256",
    ]
    cells = [
        [
            r["core"],
            r["device"],
            f"{r['fmax_mhz']:.2f}",
            f"{r['throughput_mbps']:.2f}",
            _number(r["static_mw"]),
            _ratio(r["static_vs_sha256"]),
            f"{r['dynamic_mw']:.2f}" if r["dynamic_mw"] is not None else "-",
            _ratio(r["dynamic_mw_vs_sha256"]),
            _number(r["energy_pj_per_bit"]),
            _ratio(r["energy_vs_sha256"]),
            _number(r["dynamic_pj_per_bit"]),
            _ratio(r["dynamic_vs_sha256"]),
        ]
        for r in rows
    ]
    return columns, cells
