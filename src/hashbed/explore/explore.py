"""Design-space exploration (ATHENa-style): many stored implement jobs per core, the best by a criterion.

Each core's search is a strategy (hashbed.explore.strategies) over the core's option space; every
run is an ordinary implement job, so an exploration run again reuses every finished run and
resumes where it stopped. The searches of all cores share one run of the job graph: when the
last run of a core's batch finishes, that core's next batch joins the jobs waiting, so no core
waits for another and every worker stays busy while any core has runs to make.
"""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hashbed.catalogue.cores import Core
from hashbed.errors import HashbedError
from hashbed.explore.criteria import CRITERIA, figures, score
from hashbed.explore.strategies import STRATEGIES, Space, Strategy, Trial, Tried, minimum_budget, space_of, start
from hashbed.flow.impl.implement import SEED_LIMIT, ImplSettings
from hashbed.jobs.graph import Event, Node
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord


@dataclass(frozen=True)
class Run:
    """One implement job of an exploration."""

    trial: Trial
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
    space: Space
    runs: list[Run] = field(default_factory=list)

    @property
    def finished(self) -> list[Run]:
        return [run for run in self.runs if run.fmax_mhz is not None]

    def figures(self, run: Run) -> dict[str, float]:
        return figures(self.core, run.record.outputs)

    def best(self, criterion: str) -> Run | None:
        return max(self.finished, key=lambda run: score(self.core, run.record.outputs, criterion), default=None)

    def fmax_stats(self) -> tuple[float, float, float] | None:
        """The median, lowest and highest Fmax of the finished runs."""
        values = [run.fmax_mhz for run in self.finished if run.fmax_mhz is not None]
        return (statistics.median(values), min(values), max(values)) if values else None


@dataclass(frozen=True)
class Budget:
    """Runs per core at most: ``runs`` for every core but those ``per_core`` names (``runs`` may
    be None when ``per_core`` names every core explored)."""

    runs: int | None
    per_core: Mapping[str, int] = field(default_factory=dict)

    def of(self, core: str) -> int:
        runs = self.per_core.get(core, self.runs)
        if runs is None:
            raise HashbedError(f"--budget: core {core} has no budget; give --budget N or --budget {core}=N")
        return runs

    def items(self) -> list[tuple[str, int]]:
        """Each budget with how it was given on the command line (``N`` or ``CORE=N``)."""
        every = [] if self.runs is None else [(str(self.runs), self.runs)]
        return [*every, *((f"{core}={runs}", runs) for core, runs in self.per_core.items())]


@dataclass
class _Search:
    """One core's strategy, the runs it has asked for and those of its batch still running."""

    exploration: Exploration
    jobs: Jobs
    base: ImplSettings
    strategy: Strategy
    budget: int
    criterion: str
    by_trial: dict[Trial, Run] = field(default_factory=dict)
    pending: dict[str, tuple[Trial, ImplSettings]] = field(default_factory=dict)
    batch: list[Trial] = field(default_factory=list)

    def first(self) -> list[Node]:
        return self._plan(next(self.strategy, None))

    def finished(self, key: str, record: JobRecord) -> list[Node]:
        """The job ``key`` of this search got ``record``: the next batch's jobs once the batch is done."""
        trial, settings = self.pending.pop(key)
        self.by_trial[trial] = Run(trial, settings, record)
        if self.pending:
            return []
        recorded = {run.trial for run in self.exploration.runs}
        self.exploration.runs += [self.by_trial[t] for t in dict.fromkeys(self.batch) if t not in recorded]  # in the order asked
        return self._plan(self._send())

    def _send(self) -> list[Trial] | None:
        tried = [self._tried(self.by_trial[trial]) for trial in self.batch if trial in self.by_trial]
        try:
            return self.strategy.send(tried)
        except StopIteration:
            return None

    def _tried(self, run: Run) -> Tried:
        ok = run.fmax_mhz is not None
        return Tried(run.trial, score(self.exploration.core, run.record.outputs, self.criterion) if ok else None, run.fmax_mhz)

    def _plan(self, batch: list[Trial] | None) -> list[Node]:
        """The jobs of ``batch``: trials run before are answered from their runs, the batch is cut
        to the budget left; a batch with nothing new goes straight back to the strategy."""
        while batch is not None:
            left = self.budget - len(self.by_trial)
            fresh = list(dict.fromkeys(trial for trial in batch if trial not in self.by_trial))[: max(left, 0)]
            self.batch = [trial for trial in batch if trial in self.by_trial or trial in fresh]
            nodes = []
            for trial in fresh:
                settings = dataclasses.replace(
                    self.base, seed=trial.seed, freq_mhz=trial.freq_mhz, options=self.exploration.space.choice(trial.assignment)
                )
                node = self.jobs.implement_node(self.exploration.core, settings)
                self.pending[node.key] = (trial, settings)
                nodes.append(node)
            if nodes:
                return nodes
            if not self.batch:  # the budget is spent
                self.strategy.close()
                return []
            batch = self._send()
        return []


def check_exploration(strategy: str, criterion: str, budget: Budget) -> None:
    if strategy not in STRATEGIES:
        raise HashbedError(f"unknown strategy {strategy!r} (one of: {', '.join(STRATEGIES)})")
    if criterion not in CRITERIA:
        raise HashbedError(f"unknown criterion {criterion!r} (one of: {', '.join(CRITERIA)})")
    for given, runs in budget.items():
        if runs < STRATEGIES[strategy]:
            raise HashbedError(
                f"--budget {given} is below one batch of the {strategy} strategy ({STRATEGIES[strategy]} runs per core)"
            )


def explore(
    jobs: Jobs,
    cores: list[Core],
    base: ImplSettings,
    pins: Mapping[str, str],
    strategy: str,
    criterion: str,
    budget: Budget,
    run: Callable[[list[Node], Callable[[Event], list[Node]]], dict[str, JobRecord] | None],
) -> list[Exploration] | None:
    """Explore ``cores`` from ``base`` with the options ``pins`` (name -> level) fixed, within
    ``budget``'s runs per core; ``run(first_jobs, more)`` runs the jobs and those ``more(event)``
    adds as each job gets its record, or returns None without running (a dry run: then this
    returns None)."""
    check_exploration(strategy, criterion, budget)
    family = base.device.family
    unknown = sorted(set(budget.per_core) - {core.name for core in cores})
    if unknown:
        raise HashbedError(f"--budget {unknown[0]}=N: {unknown[0]} is not among the cores explored (name it, or drop its budget)")
    searches: dict[str, _Search] = {}
    for core in {core.name: core for core in cores}.values():
        space = space_of(core, family, pins)
        needed, runs = minimum_budget(strategy, space), budget.of(core.name)
        if base.seed + runs > SEED_LIMIT:  # the strategies' seeds run from --placer-seed to --placer-seed + runs - 1 at most
            raise HashbedError(
                f"--placer-seed {base.seed} with --budget {runs}: the placement seeds would pass the store's largest, "
                f"2^63-1; give --placer-seed {SEED_LIMIT - runs} or less"
            )
        if runs < needed:
            raise HashbedError(
                f"--budget {runs} is below one batch of the {strategy} strategy: core {core.name} has {needed} "
                f"option sets on {family} (pin options with --option NAME=LEVEL, or raise --budget)"
            )
        first = Trial(space.base(), base.seed, base.freq_mhz)
        searches[core.name] = _Search(Exploration(core, space), jobs, base, start(strategy, space, first, runs), runs, criterion)
    owner: dict[str, _Search] = {}

    def planned(search: _Search, nodes: list[Node]) -> list[Node]:
        owner.update((node.key, search) for node in nodes)
        return nodes

    def more(event: Event) -> list[Node]:
        search = owner.pop(event.node.key, None)
        return planned(search, search.finished(event.node.key, event.record)) if search else []

    first_jobs = [node for search in searches.values() for node in planned(search, search.first())]
    if run(first_jobs, more) is None:
        return None
    return [search.exploration for search in searches.values()]
