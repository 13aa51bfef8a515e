"""A DMA latency fitted to the study's overhead: the one parameter of a processor latency (system
clock cycles to start a transfer, and again to see it done) that brings the 12 candidates'
communication overhead at 10 kB closest to the study's 20 to 50 %.

The fit starts from the candidates' runs with an ideal DMA: the latency adds its cycles, at both
ends, to the time the timer measures, so each candidate's overhead at a latency of L cycles is
(measured + 2L / system clock) / formula time. Its criterion is the sum over the candidates of the
squared distance of log(overhead) from the study's range (zero inside it); of equally good
latencies, the smallest. The runs at the fitted latency then measure, not predict, the overhead
at every size (``hashbed testbed overhead CORE --dma-latency fitted``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hashbed.errors import HashbedError
from hashbed.results import ResultStore
from hashbed.studies.findings import load_claims
from hashbed.studies.zynq.experiments import TestbedSettings
from hashbed.studies.zynq.study_set import CLAIMS, candidates
from hashbed.studies.zynq.testbed_tables import testbed_series

#: The claim whose range the latency is fitted to.
FITTED_CLAIM = "overhead-10kB"


@dataclass(frozen=True)
class Point:
    """One candidate's run with an ideal DMA at the fitted size."""

    core: str
    measured_us: float
    formula_us: float


@dataclass(frozen=True)
class LatencyFit:
    #: System clock cycles at the start and again at the end of each transfer.
    latency: int
    sys_mhz: float
    size_kb: float
    #: The study's overhead range at ``size_kb``.
    low: float
    high: float
    #: Each candidate's overhead at the fitted latency, as the fit predicts it.
    predicted: dict[str, float]

    @property
    def inside(self) -> list[str]:
        return [core for core, ratio in self.predicted.items() if self.low <= ratio <= self.high]

    def describe(self) -> str:
        ratios = self.predicted.values()
        return (
            f"DMA latency fitted to the study's overhead at {self.size_kb:g} kB ({self.low:g} to {self.high:g} times the "
            f"formula's time, the 12 candidates): {self.latency} system cycles ({self.latency / self.sys_mhz:.2f} µs at "
            f"{self.sys_mhz:g} MHz) at the start and at the end of each transfer; it puts {len(self.inside)} of "
            f"{len(self.predicted)} candidates inside the range ({min(ratios):.3f} to {max(ratios):.3f}); criterion: the "
            "least sum of squared distances of log(overhead) from the range, from the runs with an ideal DMA"
        )


def _overhead(point: Point, latency: float, sys_mhz: float) -> float:
    return (point.measured_us + 2 * latency / sys_mhz) / point.formula_us


def _distance(ratio: float, low: float, high: float) -> float:
    """How far log(ratio) lies outside [log(low), log(high)]."""
    return max(math.log(low) - math.log(ratio), 0.0, math.log(ratio) - math.log(high))


def fit_latency(points: Sequence[Point], sys_mhz: float, size_kb: float, low: float, high: float) -> LatencyFit:
    """The whole number of cycles that best puts ``points``' overheads inside [low, high]."""
    if not points or not 1 <= low <= high:
        raise ValueError(f"a fit needs points and a range 1 <= low <= high, got {len(points)} points, {low}..{high}")
    # Beyond this latency every overhead is above high, and a larger one only moves them further.
    ceiling = math.ceil(max((high * p.formula_us - p.measured_us) * sys_mhz / 2 for p in points)) + 1

    def cost(latency: int) -> float:
        return sum(_distance(_overhead(p, latency, sys_mhz), low, high) ** 2 for p in points)

    best = min(range(max(ceiling, 1)), key=lambda latency: (cost(latency), latency))
    return LatencyFit(best, sys_mhz, size_kb, low, high, {p.core: _overhead(p, best, sys_mhz) for p in points})


def series_of(store: ResultStore, names: set[str], sys_mhz: float, latency: int = 0) -> list[dict[str, Any]]:
    """The testbed series of the cores ``names`` at a ``sys_mhz`` system clock with a DMA without
    gaps and a processor latency of ``latency`` cycles (0: the ideal DMA)."""
    return [
        s
        for s in testbed_series(store)
        if s["core"] in names and s["sys_mhz"] == sys_mhz and s["dma"]["latency"] == latency and not s["dma"]["gap"]
    ]


def candidate_series(store: ResultStore, latency: int = 0) -> list[dict[str, Any]]:
    """The candidates' testbed series at the study's setting (the default system clock, a DMA
    without gaps) with a processor latency of ``latency`` cycles (0: the ideal DMA)."""
    return series_of(store, {core.name for core in candidates()}, TestbedSettings().sys_mhz, latency)


def study_fit(store: ResultStore) -> LatencyFit | None:
    """The latency fitted to the stored ideal-DMA runs of all 12 candidates; None until they are run."""
    claim = next(claim for claim in load_claims(CLAIMS) if claim.id == FITTED_CLAIM)
    assert claim.size_kb is not None and claim.low is not None and claim.high is not None, f"{FITTED_CLAIM}: a size and a range"
    points = [
        Point(s["core"], row["measured_us"], row["formula_us"])
        for s in candidate_series(store)
        for row in s["overhead"]
        if row["size_kb"] == claim.size_kb
    ]
    if len(points) < len(candidates()):
        return None
    return fit_latency(points, TestbedSettings().sys_mhz, claim.size_kb, claim.low, claim.high)


def fitted_latency(store: ResultStore) -> LatencyFit:
    """``study_fit``, or a one-line error saying what to run first."""
    fit = study_fit(store)
    if fit is None:
        raise HashbedError(
            "no fitted DMA latency: it is fitted to the 12 candidates' runs with an ideal DMA at 10 kB; run 'make testbed' "
            "(or 'hashbed testbed overhead CORE' for each of them) first"
        )
    return fit
