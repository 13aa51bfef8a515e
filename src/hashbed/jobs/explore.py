"""Design-space exploration (ATHENa-style): many stored implement jobs per core, the best by a criterion.

A strategy proposes runs (settings of ``hashbed.flow.impl.implement.ImplSettings``) in rounds; each
round is one batch of implement jobs of every core still searching, run together on the executor,
and what they achieved decides the next round. Every run is an ordinary implement job, so an
exploration run again reuses every finished run and resumes where it stopped.

- ``seeds``: ``budget`` placement seeds from the given one, all in one round.
- ``frequency``: ATHENa's frequency search: the run at the requested frequency, then each round
  requests (1 + step) times the best Fmax achieved so far, the step 15 % while that improves
  the best, then 5 %, then 1 %; it stops when the steps are spent or the budget is.
"""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hashbed.catalogue.cores import Core
from hashbed.catalogue.throughput import throughput_mbps, throughput_per_area
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.impl.options import check_choice
from hashbed.jobs.graph import Node
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord

#: Each strategy and the fewest runs per core it needs (one batch).
STRATEGIES = {"seeds": 2, "frequency": 2}
STRATEGY_HELP = {
    "seeds": "BUDGET placement seeds from --seed (a median and range need two)",
    "frequency": "ATHENa's frequency search: request (1+step) x the best Fmax, steps 15%, 5%, 1% "
    "(the first run and one raised request at least)",
}
CRITERIA = {
    "throughput": "long-message throughput (Fmax; fewer LUTs break a tie)",
    "tpa": "throughput per LUT",
    "area": "fewest LUTs (higher Fmax breaks a tie)",
}
#: The steps of the frequency search, each used while it improves the best Fmax.
FREQUENCY_STEPS = (0.15, 0.05, 0.01)


@dataclass(frozen=True)
class Run:
    """One implement job of an exploration."""

    settings: ImplSettings
    record: JobRecord

    @property
    def fmax_mhz(self) -> float | None:
        value = self.record.outputs.get("fmax_mhz") if self.record.ok else None
        return float(value) if value is not None else None


@dataclass
class Exploration:
    """A core's runs so far."""

    core: Core
    runs: list[Run] = field(default_factory=list)

    @property
    def finished(self) -> list[Run]:
        return [run for run in self.runs if run.fmax_mhz is not None]

    def throughput_mbps(self, run: Run) -> float:
        """From the manifest's cycle formula (the one ``hashbed measure`` checks) and the run's Fmax."""
        assert run.fmax_mhz is not None
        return throughput_mbps(self.core.algorithm.block_bits, self.core.cycles.lp, run.fmax_mhz)

    def score(self, run: Run, criterion: str) -> tuple[float, float]:
        """Larger is better."""
        assert run.fmax_mhz is not None
        luts = float(run.record.outputs["luts"])
        if criterion == "area":
            return -luts, run.fmax_mhz
        if criterion == "tpa":
            return throughput_per_area(self.throughput_mbps(run), int(luts)), run.fmax_mhz
        return run.fmax_mhz, -luts

    def best(self, criterion: str) -> Run | None:
        return max(self.finished, key=lambda run: self.score(run, criterion), default=None)

    def fmax_stats(self) -> tuple[float, float, float] | None:
        """The median, lowest and highest Fmax of the finished runs."""
        values = [run.fmax_mhz for run in self.finished if run.fmax_mhz is not None]
        return (statistics.median(values), min(values), max(values)) if values else None


@dataclass
class _Search:
    """What a strategy does next for one core."""

    exploration: Exploration
    base: ImplSettings
    strategy: str
    budget: int
    step: int = 0
    best_mhz: float | None = None
    requested: set[float] = field(default_factory=set)
    done: bool = False

    def next_batch(self) -> list[ImplSettings]:
        if self.done or len(self.exploration.runs) >= self.budget:
            return []
        if self.strategy == "seeds":
            self.done = True
            return [dataclasses.replace(self.base, seed=self.base.seed + i) for i in range(self.budget)]
        if not self.exploration.runs:
            self.requested.add(self.base.freq_mhz)
            return [self.base]
        while self.best_mhz is not None and self.step < len(FREQUENCY_STEPS):
            request = round((1 + FREQUENCY_STEPS[self.step]) * self.best_mhz, 2)
            if request not in self.requested:
                self.requested.add(request)
                return [dataclasses.replace(self.base, freq_mhz=request)]
            self.step += 1  # that request was run already: a smaller step
        self.done = True
        return []

    def record(self, runs: list[Run]) -> None:
        self.exploration.runs += runs
        if self.strategy != "frequency":
            return
        for run in runs:
            if run.fmax_mhz is not None and (self.best_mhz is None or run.fmax_mhz > self.best_mhz):
                self.best_mhz = run.fmax_mhz
            elif self.best_mhz is not None:  # no better: a smaller step
                self.step += 1
            else:  # the first run failed: nothing to raise
                self.done = True


def check_exploration(strategy: str, criterion: str, budget: int) -> None:
    if strategy not in STRATEGIES:
        raise HashbedError(f"unknown strategy {strategy!r} (one of: {', '.join(STRATEGIES)})")
    if criterion not in CRITERIA:
        raise HashbedError(f"unknown criterion {criterion!r} (one of: {', '.join(CRITERIA)})")
    if budget < STRATEGIES[strategy]:
        raise HashbedError(
            f"--budget {budget} is below one batch of the {strategy} strategy ({STRATEGIES[strategy]} runs per core)"
        )


def explore(
    jobs: Jobs,
    cores: list[Core],
    base: ImplSettings,
    levels: Mapping[str, str],
    strategy: str,
    criterion: str,
    budget: int,
    run_round: Callable[[list[Node], int], dict[str, JobRecord] | None],
) -> list[Exploration] | None:
    """Explore ``cores`` from ``base`` with the options ``levels`` (name -> level) within ``budget``
    runs per core; ``run_round(nodes, round)`` runs one round's implement jobs (all cores at once)
    and returns their records, or None to stop (a dry run: then this returns None)."""
    check_exploration(strategy, criterion, budget)
    family = base.device.family
    searches = [
        _Search(Exploration(core), dataclasses.replace(base, options=check_choice(levels, family, core.placer)), strategy, budget)
        for core in cores
    ]
    round_number = 0
    while True:
        batches = [(search, search.next_batch()) for search in searches]
        planned = [(search, [(s, jobs.implement_node(search.exploration.core, s)) for s in batch]) for search, batch in batches]
        nodes = [node for _, pairs in planned for _, node in pairs]
        if not nodes:
            return [search.exploration for search in searches]
        round_number += 1
        records = run_round(nodes, round_number)
        if records is None:
            return None
        for search, pairs in planned:
            if pairs:
                search.record([Run(settings, records[node.key]) for settings, node in pairs])
