"""The pipeline study's claims beside hashbed's numbers on one device: SHA-1's 8 against 4 stages,
the optimized rounds against the base ones (TP/A at every depth, its median gain, the clock), and
SHA-256's best depths."""

from __future__ import annotations

from pathlib import Path
from statistics import median
from typing import Any

from hashbed.flow.impl.implement import DEFAULT_SEED
from hashbed.results import ResultStore
from hashbed.studies.findings import Claim, Finding, Measured, Measures, findings, load_claims
from hashbed.studies.pipelined.tables import depth_tables, opt_vs_base, point_rows

CLAIMS = Path(__file__).with_name("claims.toml")


def study_findings(store: ResultStore) -> list[Finding]:
    return findings("pipeline", load_claims(CLAIMS), MEASURES, store)


def _rows(store: ResultStore, claim: Claim, seed: int | None = DEFAULT_SEED) -> list[dict[str, Any]]:
    """The placed points of the claim's device and algorithm (or design), of ``seed`` (None: every seed)."""
    return [
        r
        for r in point_rows(store)
        if r["device"] == claim.device
        and r["fits"]
        and (seed is None or r["seed"] == seed)
        and (r["algorithm"] == claim.algorithm if claim.algorithm else r["design"] == claim.core)
    ]


def _none(claim: Claim) -> Measured:
    return Measured(
        None, f"{claim.algorithm or claim.core} on {claim.device}", "the depths it needs are not placed (run make sweep)"
    )


def _eight_beats_four(store: ResultStore, claim: Claim) -> Measured:
    rows = [r for r in _rows(store, claim, seed=None) if r["architecture"] == claim.architecture and r["stages"] in (4, 8)]
    tpa = {stages: [r["tpa_mbps_per_lut"] for r in rows if r["stages"] == stages] for stages in (4, 8)}
    if not tpa[4] or not tpa[8]:
        return _none(claim)
    four, eight = median(tpa[4]), median(tpa[8])
    scope = (
        f"{claim.algorithm} {claim.architecture} on {claim.device}, median of {len(tpa[8])} and {len(tpa[4])} seeds: "
        f"8 stages {eight:.3f}, 4 stages {four:.3f} Mbit/s per LUT"
    )
    return Measured(eight > four, scope, "4 stages have the better median", tuple(rows))


def _ratios(store: ResultStore, claim: Claim) -> tuple[list[dict[str, Any]], str]:
    """Optimized over base at each depth where both are placed (seed 1), and their scope."""
    ratios = opt_vs_base(_rows(store, claim))
    values = ", ".join(f"{r['stages']}: {r['tpa_ratio']:.2f}" for r in ratios)
    return ratios, f"{claim.algorithm} on {claim.device}, seed {DEFAULT_SEED}, optimized / base TP/A by depth: {values}"


def _opt_beats_base(store: ResultStore, claim: Claim) -> Measured:
    ratios, scope = _ratios(store, claim)
    if not ratios:
        return _none(claim)
    worst = min(ratios, key=lambda r: r["tpa_ratio"])
    below = f"at {worst['stages']} stages: {worst['tpa_ratio']:.2f}"
    return Measured(worst["tpa_ratio"] > 1, scope, below, tuple(_rows(store, claim)))


def _opt_over_base(store: ResultStore, claim: Claim) -> Measured:
    ratios, scope = _ratios(store, claim)
    if not ratios:
        return _none(claim)
    return Measured(median(r["tpa_ratio"] for r in ratios), scope, rows=tuple(_rows(store, claim)))


def _opt_faster_clock(store: ResultStore, claim: Claim) -> Measured:
    rows = _rows(store, claim)
    fmax = {(r["architecture"], r["stages"]): r["fmax_mhz"] for r in rows}
    depths = sorted({s for a, s in fmax if a == "pipelined-opt"} & {s for a, s in fmax if a == "pipelined-base"})
    if not depths:
        return _none(claim)
    ratio = median(fmax["pipelined-opt", s] / fmax["pipelined-base", s] for s in depths)
    values = ", ".join(f"{s}: {fmax['pipelined-opt', s]:.1f} / {fmax['pipelined-base', s]:.1f}" for s in depths)
    scope = f"{claim.algorithm} on {claim.device}, optimized / base MHz by depth: {values}"
    return Measured(ratio > 1, scope, f"the optimized clock is {ratio:.2f} times the base's (median over depths)", tuple(rows))


def _best_depth(store: ResultStore, claim: Claim) -> Measured:
    rows = _rows(store, claim)
    table = next(iter(depth_tables(rows)), None)
    if table is None or table["best_stages"] is None:
        return _none(claim)
    depths = ", ".join(str(r["stages"]) for r in rows)
    return Measured(
        str(table["best_stages"]), f"{claim.core} on {claim.device}, seed {DEFAULT_SEED}, depths {depths}", rows=tuple(rows)
    )


MEASURES: Measures = {
    "eight_beats_four": _eight_beats_four,
    "opt_beats_base": _opt_beats_base,
    "opt_over_base": _opt_over_base,
    "opt_faster_clock": _opt_faster_clock,
    "best_depth": _best_depth,
}
