"""The Zynq study's claims beside hashbed's numbers: its Table II cycle formulas (from the cores'
manifests), Tables I and III (the timing search), the overhead and Table IV (the simulated board)."""

from __future__ import annotations

from typing import Any

from hashbed.results import ResultStore
from hashbed.studies.findings import FORMULA_MEASURES, Claim, Finding, Measured, Measures, findings, formula_claims, load_claims
from hashbed.studies.zynq.dma_fit import candidate_series, series_of, study_fit
from hashbed.studies.zynq.experiments import arm_speedup
from hashbed.studies.zynq.study_set import CLAIMS, STUDY_DEVICES, candidates
from hashbed.studies.zynq.timing_tables import board_rows, fmax_rows
from hashbed.testbed.controller import STEP_MHZ

PLATFORM = "Zynq-7020 (ZedBoard), Vivado"
#: The device and data of hashbed's Table I rows that the claims are judged on.
DEVICE = STUDY_DEVICES["basic-iterative"]
DATA = "worst"


def study_findings(store: ResultStore) -> list[Finding]:
    claims = (*formula_claims(candidates(), "Table II", PLATFORM), *load_claims(CLAIMS))
    return findings("zynq", claims, MEASURES, store)


def _candidate_rows(store: ResultStore) -> tuple[list[dict[str, Any]], str, str]:
    """Table I's rows of the candidates on the study's device with worst-case data, their scope, and
    what is missing (empty when all 12 are there)."""
    names = {core.name for core in candidates()}
    rows = [r for r in fmax_rows(store) if r["core"] in names and r["device"] == DEVICE and r["data"] == DATA]
    missing = sorted(names - {str(r["core"]) for r in rows})
    why = f"no timing search of {', '.join(missing)} on {DEVICE} (run make timing)" if missing else ""
    return rows, f"{len(rows)} candidates, {DEVICE}, {DATA}-case data", why


def _at_or_above(store: ResultStore, claim: Claim) -> Measured:
    rows, scope, missing = _candidate_rows(store)
    if missing:
        return Measured(None, scope, missing)
    above = [r for r in rows if float(r["exp_fmax_mhz"]) + STEP_MHZ > float(r["sta_fmax_mhz"])]
    below = sorted(str(r["core"]) for r in rows if r not in above)
    return Measured(float(len(above)), scope + (f"; below: {', '.join(below)}" if below else ""), rows=tuple(rows))


def _lowest_ratio(store: ResultStore, claim: Claim) -> Measured:
    rows, scope, missing = _candidate_rows(store)
    return (
        Measured(min(float(r["ratio"]) for r in rows), scope, rows=tuple(rows)) if not missing else Measured(None, scope, missing)
    )


def _highest_ratio(store: ResultStore, claim: Claim) -> Measured:
    rows, scope, missing = _candidate_rows(store)
    return (
        Measured(max(float(r["ratio"]) for r in rows), scope, rows=tuple(rows)) if not missing else Measured(None, scope, missing)
    )


def _depends_on_algorithm(store: ResultStore, claim: Claim) -> Measured:
    rows, scope, missing = _candidate_rows(store)
    if missing:
        return Measured(None, scope, missing)
    ratios = [float(r["ratio"]) for r in rows]
    resolution = STEP_MHZ / min(float(r["sta_fmax_mhz"]) for r in rows)
    spread = max(ratios) - min(ratios)
    return Measured(
        spread > 2 * resolution,
        f"{scope}; ratios {min(ratios):.3f} to {max(ratios):.3f}",
        "the ratios are all alike",
        rows=tuple(rows),
    )


def _board_spread(store: ResultStore, claim: Claim) -> Measured:
    names = {core.name for core in candidates()}
    rows = [r for r in board_rows(store) if r["core"] in names and r["device"] == DEVICE]
    spreads = [float(r["spread_mhz"]) for r in rows if len(r["boards"]) > 1]
    if not spreads:
        return Measured(None, DEVICE, f"no virtual boards of the candidates on {DEVICE} (run make timing)")
    return Measured(
        round(max(spreads), 2),
        f"{len(rows)} candidate searches on {DEVICE}, virtual boards",
        "hashbed's boards are its variation model's (an assumed spread of delays), not measured chips: the spread is "
        "what the model was given, not a finding",
        rows=tuple(rows),
    )


def _overhead(store: ResultStore, claim: Claim) -> Measured:
    series = candidate_series(store)
    return _overhead_of(series, claim, "ideal DMA")


def _overhead_fitted(store: ResultStore, claim: Claim) -> Measured:
    fit = study_fit(store)
    if fit is None:
        return Measured(None, "the candidates, fitted DMA", "no DMA latency fitted yet: run make testbed")
    return _overhead_of(candidate_series(store, fit.latency), claim, f"DMA latency fitted to 10 kB ({fit.latency} cycles)")


def _overhead_of(series: list[dict[str, Any]], claim: Claim, dma: str) -> Measured:
    ratios = [float(row["ratio"]) for s in series for row in s["overhead"] if row["size_kb"] == claim.size_kb]
    scope = f"{len(ratios)} candidates, simulated board, {dma}, {claim.size_kb:g} kB"
    if len(ratios) < len(candidates()):
        return Measured(None, scope, f"not every candidate run at {claim.size_kb:g} kB with this DMA (run make testbed)")
    return Measured((min(ratios), max(ratios)), scope, rows=tuple(series))


#: A core is DMA-bound when its overhead stays above this on a long message (an unbound core's is
#: within 0.1 % there with an ideal DMA).
DMA_BOUND = 1.01


def _dma_bound(store: ResultStore, claim: Claim) -> Measured:
    """Whether ``claim.core`` at its default clock, an ideal DMA and a ``claim.sys_mhz`` system
    clock stays above ``DMA_BOUND`` at ``claim.size_kb``; the DMA's and the formula's times."""
    scope = f"{claim.core}, system clock {claim.sys_mhz:g} MHz, ideal DMA, {claim.size_kb:g} kB"
    assert claim.core is not None and claim.sys_mhz is not None, f"{claim.id}: a core and a system clock"
    rows = [
        (s, row)
        for s in series_of(store, {claim.core}, claim.sys_mhz)
        for row in s["overhead"]
        if row["size_kb"] == claim.size_kb
    ]
    if not rows:
        return Measured(None, scope, "not run (make testbed)")
    s, row = rows[-1]
    return Measured(
        row["ratio"] > DMA_BOUND,
        f"{scope}, core {s['core_mhz']:g} MHz: measured / formula {row['ratio']:.4f}; the DMA's time {row['dma_us']:g} µs, "
        f"the formula's {row['formula_us']:g} µs",
        rows=(s,),
    )


def _dma_free(store: ResultStore, claim: Claim) -> Measured:
    bound = _dma_bound(store, claim)
    return bound if bound.value is None else Measured(not bound.value, bound.scope, bound.reason, bound.rows)


def _arm_speedups(store: ResultStore, claim: Claim) -> Measured:
    values = []
    cores = set()
    series = candidate_series(store)
    for s in series:
        key = next(core.algorithm.key for core in candidates() if core.name == s["core"])
        for row in s["speedup"]:
            found = arm_speedup(key, row)
            if found:
                values.append(found[0])
                cores.add(str(s["core"]))
    scope = f"{', '.join(sorted(cores)) or 'no candidate'}: published Cortex-A9 cycles per byte"
    if not values:
        return Measured(None, scope, "no published Cortex-A9 figure for a candidate's algorithm")
    return Measured((min(values), max(values)), scope, rows=tuple(s for s in series if s["core"] in cores))


MEASURES: Measures = {
    **FORMULA_MEASURES,
    "candidates_at_or_above_sta": _at_or_above,
    "lowest_ratio": _lowest_ratio,
    "highest_ratio": _highest_ratio,
    "ratio_depends_on_algorithm": _depends_on_algorithm,
    "board_spread_mhz": _board_spread,
    "overhead_range": _overhead,
    "overhead_range_fitted_dma": _overhead_fitted,
    "arm_speedup_range": _arm_speedups,
    "dma_bound": _dma_bound,
    "dma_free": _dma_free,
}
