"""The lightweight study's claims beside hashbed's numbers: its Table 1 cycle formulas (from the
lightweight cores' manifests), Table 3's conclusion across the families, and the energy ranking."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import all_cores
from hashbed.results import ResultStore
from hashbed.studies.findings import FORMULA_MEASURES, Claim, Finding, Measured, Measures, findings, formula_claims, load_claims
from hashbed.studies.lightweight import families
from hashbed.studies.lightweight.tables import ARCHITECTURES, REFERENCE_ALGORITHM, lightweight_rows

CLAIMS = Path(__file__).with_name("claims.toml")
PLATFORM = "Spartan-3, ISE"
#: The device of hashbed's energy estimates (the budgets' family).
ENERGY_DEVICE = "ecp5-25k"


def study_findings(store: ResultStore) -> list[Finding]:
    cores = [core for core in all_cores() if core.architecture in ARCHITECTURES]
    return findings("lightweight", (*formula_claims(cores, "Table 1", PLATFORM), *load_claims(CLAIMS)), MEASURES, store)


def _rows(store: ResultStore) -> list[dict[str, Any]]:
    return lightweight_rows(store, {core.name: core for core in all_cores()})


def _verdict(store: ResultStore, claim: Claim) -> tuple[families.Verdict | None, tuple[dict[str, Any], ...]]:
    """Table 3 across families judged for the claim's architecture, and the rows of its cells."""
    cells = families.family_cells(_rows(store), store)
    verdict = next((v for v in families.verdicts(cells) if v.architecture == claim.architecture), None)
    rows = tuple(c.row for (arch, _, _), c in cells.items() if arch == claim.architecture and c.row is not None)
    return verdict, rows


def _better_everywhere(store: ResultStore, claim: Claim) -> Measured:
    verdict, rows = _verdict(store, claim)
    if verdict is None:
        return Measured(None, str(claim.architecture), f"no {claim.architecture} rows (run make families)")
    better = claim.algorithm in verdict.always_better
    below = f"{claim.algorithm} is below SHA-256 on some family (Table 3 across families)"
    return Measured(better, f"{claim.architecture} on {', '.join(verdict.rankings)}", "" if better else below, rows)


def _best_two(store: ResultStore, claim: Claim) -> Measured:
    verdict, rows = _verdict(store, claim)
    ranking = verdict.rankings.get(families.BASE_FAMILY) if verdict else None
    if not ranking:
        return Measured(None, f"{claim.architecture} on {families.BASE_FAMILY}", "no rows on ECP5 (run make bench)")
    finalists = [name for name in ranking if name != REFERENCE_ALGORITHM]
    scope = f"{claim.architecture} on {families.BASE_FAMILY}: {' > '.join(ranking)}"
    return Measured(", ".join(finalists[:2]), scope, rows=tuple(r for r in rows if r["device"].startswith(families.BASE_FAMILY)))


def _by_energy(store: ResultStore, claim: Claim) -> list[dict[str, Any]]:
    """The claim's architecture's rows with an energy estimate on ENERGY_DEVICE, least energy first."""
    rows = [
        r
        for r in _rows(store)
        if r["device"] == ENERGY_DEVICE and r["architecture"] == claim.architecture and r["energy_pj_per_bit"] is not None
    ]
    return sorted(rows, key=lambda r: float(r["energy_pj_per_bit"]))


def _energy(store: ResultStore, claim: Claim, names: Callable[[list[str]], str]) -> Measured:
    """``names`` of the functions ordered by energy per bit, least first."""
    ranked = _by_energy(store, claim)
    if not ranked:
        return Measured(None, ENERGY_DEVICE, f"no energy estimate of the {claim.architecture} cores (run make bench)")
    order = ", ".join(f"{r['algorithm']} {float(r['energy_pj_per_bit']):g}" for r in ranked)
    scope = f"{claim.architecture} on {ENERGY_DEVICE}, pJ/bit (an estimate): {order}"
    return Measured(names([str(r["algorithm"]) for r in ranked]), scope, rows=tuple(ranked))


MEASURES: Measures = {
    **FORMULA_MEASURES,
    "better_than_sha256_everywhere": _better_everywhere,
    "best_two_finalists": _best_two,
    "most_energy": lambda store, claim: _energy(store, claim, lambda names: names[-1]),
    "least_energy_three": lambda store, claim: _energy(store, claim, lambda names: ", ".join(sorted(names[:3]))),
}
