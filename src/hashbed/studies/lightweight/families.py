"""The lightweight study's Table 3 across the FPGA families (docs/families.md): every function's
throughput per area relative to SHA-256, per architecture (logic only, one block RAM), one column
per family, and the study's conclusion judged with it: which functions beat SHA-256 on every
family, and how stable the ranking of the functions is from family to family (Spearman's rank
correlation of each family's ranking with ECP5's, and the mean over every pair of families).

A core's cell on a family comes from the smallest device of that family where it fits and SHA-256
of the same architecture has a row as well (the ratio is taken on one device and seed), at the
default seed, or at another where the tool failed at the default one; a core that fits no device
of the family says so, and one that failed says how."""

from __future__ import annotations

import itertools
import statistics
from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.devices import DEVICES, FAMILIES, get_device
from hashbed.console.cells import Cells
from hashbed.flow.impl.implement import DEFAULT_SEED
from hashbed.results import ResultStore
from hashbed.studies.lightweight.tables import ARCHITECTURES, REFERENCE_ALGORITHM
from hashbed.studies.ranking import spearman

#: The family every other family's ranking is compared with: the lightweight budgets are ECP5's.
BASE_FAMILY = "ecp5"
#: A ranking correlation needs at least this many functions in common.
MIN_RANKED = 3

TITLE = "Lightweight study, Table 3 across families: throughput per area relative to SHA-256"


@dataclass(frozen=True)
class Cell:
    """One function's result on one family: its row with a ratio to SHA-256; or, where no device
    of the family gave one, the failure of its implementation on the largest device tried, or
    the device of a row that has no SHA-256 row beside it."""

    row: dict[str, Any] | None
    #: (device, error) of the failed implementation.
    failure: tuple[str, str] | None = None
    #: The device of a row that has no ratio: SHA-256 of its architecture has no row there.
    unreferenced: str | None = None

    @property
    def does_not_fit(self) -> bool:
        return self.failure is not None and self.failure[1].startswith("does not fit")


def _size(device: str) -> int:
    return get_device(device).luts


def family_cells(rows: list[dict[str, Any]], store: ResultStore) -> dict[tuple[str, str, str], Cell]:
    """(architecture, algorithm, family) -> the cell: the row of the smallest device of the family
    that has a ratio to SHA-256 (from ``lightweight_rows``) at the default seed, else at another
    seed (where the tool failed at the default one, e.g. MachXO2's clock routing), else the failure."""
    ranked = sorted(
        (r for r in rows if r["tpa_vs_sha256"] is not None),
        key=lambda r: (r["seed"] != DEFAULT_SEED, _size(r["device"]), r["seed"]),
    )
    cells: dict[tuple[str, str, str], Cell] = {}
    for row in ranked:
        key = (row["architecture"], row["algorithm"], get_device(row["device"]).family)
        cells.setdefault(key, Cell(row))
    for architecture, family in itertools.product(ARCHITECTURES, FAMILIES):
        devices = sorted((d.name for d in DEVICES.values() if d.family == family), key=_size, reverse=True)
        for core in {r["core"]: r for r in rows if r["architecture"] == architecture}.values():
            key = (architecture, core["algorithm"], family)
            failure = next((f for device in devices if (f := _failure(store, core["core"], device))), None)
            if key not in cells and failure is not None:
                cells[key] = Cell(None, failure)
    for row in rows:
        key = (row["architecture"], row["algorithm"], get_device(row["device"]).family)
        if key not in cells:
            cells[key] = Cell(None, unreferenced=row["device"])
    return cells


def _failure(store: ResultStore, core: str, device: str) -> tuple[str, str] | None:
    """The device and error of the core's latest default-seed implementation there, if it failed."""
    records = [record for record in store.jobs("implement", core, device) if record.seed == DEFAULT_SEED]
    if not records or records[-1].ok:
        return None
    return device, records[-1].error or "failed"


def failure_notes(cells: dict[tuple[str, str, str], Cell]) -> list[str]:
    """What went wrong where an implementation failed other than by not fitting."""
    return sorted(
        f"{architecture} {algorithm} on {cell.failure[0]}: {cell.failure[1]}"
        for (architecture, algorithm, _), cell in cells.items()
        if cell.failure is not None and not cell.does_not_fit
    )


def families_shown(cells: dict[tuple[str, str, str], Cell]) -> list[str]:
    """The families with at least one implementation, in the catalogue's order."""
    present = {family for (_, _, family), cell in cells.items() if cell.row is not None or cell.unreferenced}
    return [family for family in FAMILIES if family in present]


def table3_cells(cells: dict[tuple[str, str, str], Cell]) -> Cells:
    """Rows: architecture and function; a column per family: the TP/A ratio to SHA-256 and the
    device it was taken on."""
    families = families_shown(cells)
    columns = ["architecture", "function", *(heading(f) for f in families)]
    table = []
    for architecture in ARCHITECTURES:
        for algorithm in functions(cells, architecture):
            table.append([architecture, algorithm, *(_text(cells.get((architecture, algorithm, f))) for f in families)])
    return columns, table


def functions(cells: dict[tuple[str, str, str], Cell], architecture: str) -> list[str]:
    """The functions of ``architecture`` in the cells, SHA-256 last."""
    return sorted({a for (arch, a, _) in cells if arch == architecture}, key=lambda a: (a == REFERENCE_ALGORITHM, a))


def heading(family: str) -> str:
    """The family, and its area unit where it is not the LUT4 (the ratio is taken in that unit)."""
    units = {d.area_unit for d in DEVICES.values() if d.family == family}
    return family if units == {"LUT4"} else f"{family} ({', '.join(sorted(units))})"


def short_text(cell: Cell | None) -> str:
    """A cell's ratio alone, or in a word why it has none."""
    if cell is None:
        return "-"
    if cell.row is not None:
        return f"{cell.row['tpa_vs_sha256']:.2f}"
    if cell.unreferenced:
        return "no SHA-256"
    return "does not fit" if cell.does_not_fit else "failed"


def _text(cell: Cell | None) -> str:
    if cell is None:
        return "-"
    if cell.unreferenced:
        return f"no SHA-256 row ({cell.unreferenced})"
    if cell.row is None:
        device = cell.failure[0] if cell.failure else "?"
        return f"does not fit ({device})" if cell.does_not_fit else f"failed ({device})"
    seed = f", seed {cell.row['seed']}" if cell.row["seed"] != DEFAULT_SEED else ""
    incomplete = ", timing incomplete" if cell.row.get("timing_note") else ""
    return f"{cell.row['tpa_vs_sha256']:.2f} ({cell.row['device']}{seed}{incomplete})"


@dataclass(frozen=True)
class Verdict:
    architecture: str
    #: The functions whose ratio is above 1 on every family where they have one.
    always_better: list[str]
    #: Spearman's correlation of each family's ranking with BASE_FAMILY's (None: too few functions in common).
    versus_base: dict[str, float | None]
    #: The mean of Spearman's correlation over every pair of families with enough functions in common.
    mean_pairwise: float | None
    #: Each family's functions, best ratio first.
    rankings: dict[str, list[str]]


def verdicts(cells: dict[tuple[str, str, str], Cell]) -> list[Verdict]:
    """The study's conclusion judged per architecture."""
    families = families_shown(cells)
    result = []
    for architecture in ARCHITECTURES:
        ratios: dict[str, dict[str, float]] = {f: {} for f in families}
        for (arch, algorithm, family), cell in cells.items():
            if arch == architecture and cell.row is not None and family in ratios:
                ratios[family][algorithm] = cell.row["tpa_vs_sha256"]
        present = [f for f in families if ratios[f]]
        if not present:
            continue
        algorithms = {a for f in present for a in ratios[f]} - {REFERENCE_ALGORITHM}
        always = sorted(a for a in algorithms if all(ratios[f][a] > 1 for f in present if a in ratios[f]))
        versus = {f: _correlation(ratios[BASE_FAMILY], ratios[f]) for f in present if f != BASE_FAMILY and BASE_FAMILY in ratios}
        pairs = [_correlation(ratios[a], ratios[b]) for a, b in itertools.combinations(present, 2)]
        known = [rho for rho in pairs if rho is not None]
        rankings = {f: sorted(ratios[f], key=lambda a: -ratios[f][a]) for f in present}
        result.append(Verdict(architecture, always, versus, statistics.fmean(known) if known else None, rankings))
    return result


def _correlation(first: dict[str, float], second: dict[str, float]) -> float | None:
    common = sorted(set(first) & set(second))
    if len(common) < MIN_RANKED:
        return None
    try:
        return spearman([first[a] for a in common], [second[a] for a in common])
    except statistics.StatisticsError:  # one family's ratios all equal: no ranking to compare
        return None


def verdict_text(verdict: Verdict) -> str:
    """One paragraph: the functions better than SHA-256 everywhere, and the rank correlations."""
    better = ", ".join(verdict.always_better) or "none"
    versus = "; ".join(f"{family} {_rho(rho)}" for family, rho in verdict.versus_base.items()) or "no other family"
    mean = _rho(verdict.mean_pairwise)
    order = "; ".join(f"{family}: {' > '.join(ranking)}" for family, ranking in verdict.rankings.items())
    return (
        f"{verdict.architecture}: better than SHA-256 on every family where implemented: {better}. "
        f"Spearman's rank correlation with {BASE_FAMILY}'s ranking: {versus}; mean over every pair of families: {mean}. "
        f"Rankings by TP/A: {order}."
    )


def _rho(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else f"n/a (< {MIN_RANKED} functions in common)"
