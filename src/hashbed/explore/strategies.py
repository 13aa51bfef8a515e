"""The search strategies of an exploration (hashbed.explore.explore), ATHENa's and one that combines them.

A strategy is a generator: it yields a batch of trials (option levels, seed, requested
frequency), gets back the batch's runs, and yields the next batch from what they achieved, until
it returns. The driver keeps a core within its budget (a batch is cut to the runs left) and
answers a trial run before from that run, without a new job.

- ``seeds``: the budget in placement seeds from the given one, in one batch.
- ``frequency``: ATHENa's frequency search: the requested frequency, then (1 + step) times the
  best Fmax so far, the step 15 % while that improves the best, then 5 %, then 1 %.
- ``options``: one option at a time: the base and every other level of each option (in the
  order of hashbed.catalogue.options.OPTIONS), then the best level of each option that beat the
  base, all together (where two of those levels exclude each other, a placer's parameter with
  another placer, both ways out: ``Space.combinations``).
- ``exhaustive``: ATHENa's exhaustive search: every option set of the space, then placement seeds
  on the three best sets with the budget left.
- ``elimination``: ATHENa's batch elimination: every option at its last level (the "highest"),
  then, in each batch, each option one level lower alone; the best lowering that improves is
  kept, until none does.
- ``auto``: ``options`` with at most half the budget (the base first), the combination of the
  levels that improved, then placement seeds on the best set with the rest. No frequency search:
  nextpnr's result does not depend on the requested frequency on this flow (docs/exploration.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass

from hashbed.catalogue.cores import Core
from hashbed.catalogue.options import OPTIONS, Choice, check_choice, option_names
from hashbed.errors import HashbedError

#: Every option of a space at one level, sorted by name.
Assignment = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Trial:
    """One run a strategy asks for."""

    assignment: Assignment
    seed: int
    freq_mhz: float


@dataclass(frozen=True)
class Tried:
    """What a trial achieved: its score by the criterion (larger is better) and its Fmax, None
    when it failed."""

    trial: Trial
    score: tuple[float, float] | None
    fmax_mhz: float | None


Strategy = Generator[list[Trial], list[Tried], None]


@dataclass(frozen=True)
class Space:
    """The levels an exploration may give each option of a family for a core: all the family's,
    cut by the core's manifest (``[implementation] explore``) and pinned by ``--option``."""

    family: str
    #: Each option -> its allowed levels, the base level first.
    levels: Mapping[str, tuple[str, ...]]
    pinned_placer: str | None = None

    def base(self) -> Assignment:
        return tuple(sorted((name, levels[0]) for name, levels in self.levels.items()))

    def valid(self, assignment: Assignment) -> bool:
        """Whether every level that needs another option's level (a placer's parameters) has it."""
        chosen = dict(assignment)
        for name, level in assignment:
            needed = OPTIONS[name].requires
            if needed is not None and level != OPTIONS[name].default(self.family) and chosen.get(needed[0]) != needed[1]:
                return False
        return True

    def all(self) -> list[Assignment]:
        names = sorted(self.levels)
        every = (tuple(zip(names, levels, strict=True)) for levels in itertools.product(*(self.levels[n] for n in names)))
        return [assignment for assignment in every if self.valid(assignment)]

    def neighbours(self, assignment: Assignment) -> list[Assignment]:
        """``assignment`` with one option at another allowed level, in the order of OPTIONS."""
        chosen = dict(assignment)
        found = []
        for name in (n for n in OPTIONS if n in self.levels):
            for level in self.levels[name]:
                if level != chosen[name]:
                    other = tuple(sorted({**chosen, name: level}.items()))
                    if self.valid(other):
                        found.append(other)
        return found

    def combinations(self, levels: Mapping[str, str]) -> list[Assignment]:
        """``levels`` as a valid option set; where a level needs another option's level that
        ``levels`` does not give (a placer's parameter with another placer), the two ways out:
        those levels back at their base, or the option they need at the level they need."""
        if self.valid(tuple(sorted(levels.items()))):
            return [tuple(sorted(levels.items()))]
        base = dict(self.base())
        unmet = [
            (name, needed)
            for name, level in levels.items()
            if (needed := OPTIONS[name].requires) is not None
            and level != OPTIONS[name].default(self.family)
            and levels.get(needed[0]) != needed[1]
        ]
        without = {**levels, **{name: base[name] for name, _ in unmet}}
        forced = {**levels, **{needed[0]: needed[1] for _, needed in unmet}}
        found = [tuple(sorted(way.items())) for way in (without, forced)]
        return [way for way in dict.fromkeys(found) if self.valid(way) and all(dict(way)[n] in self.levels[n] for n in dict(way))]

    def choice(self, assignment: Assignment) -> Choice:
        return check_choice(dict(assignment), self.family, self.pinned_placer)


def space_of(core: Core, family: str, pins: Mapping[str, str]) -> Space:
    """The option space of ``core`` on ``family``; a one-line error for a pin the space refuses."""
    check_choice(pins, family, core.placer)  # unknown options and levels, a placer the manifest pins
    levels: dict[str, tuple[str, ...]] = {}
    for name in option_names(family):
        option = OPTIONS[name]
        allowed = option.levels[family]
        if name == "placer" and core.placer:
            allowed = (core.placer,)
        elif option.requires is not None and option.requires[0] == "placer" and core.placer not in (None, option.requires[1]):
            allowed = allowed[:1]  # a parameter of a placer the manifest does not use
        if name in core.explore:
            allowed = tuple(level for level in allowed if level in core.explore[name])
            if not allowed:
                raise HashbedError(f"core {core.name}: its manifest's explore levels of {name} are none of {family}'s")
        if name in pins:
            if pins[name] not in allowed:
                raise HashbedError(
                    f"option {name}={pins[name]}: core {core.name} allows only {', '.join(allowed)} on {family} (its manifest)"
                )
            allowed = (pins[name],)
        default = option.default(family)
        levels[name] = (default, *(level for level in allowed if level != default)) if default in allowed else allowed
    return Space(family, levels, core.placer)


def _best(outcomes: list[Tried]) -> Tried | None:
    finished = [outcome for outcome in outcomes if outcome.score is not None]
    return max(finished, key=lambda outcome: outcome.score or (0.0, 0.0), default=None)


def _better(outcome: Tried, than: Tried | None) -> bool:
    return outcome.score is not None and (than is None or than.score is None or outcome.score > than.score)


def seeds(space: Space, start: Trial, budget: int) -> Strategy:
    yield [Trial(start.assignment, start.seed + i, start.freq_mhz) for i in range(budget)]


#: The steps of the frequency search, each used while it improves the best Fmax.
FREQUENCY_STEPS = (0.15, 0.05, 0.01)


def frequency(space: Space, start: Trial, budget: int) -> Strategy:
    outcomes = yield [start]
    best = outcomes[0].fmax_mhz if outcomes else None
    for step in FREQUENCY_STEPS:
        while best is not None:
            outcomes = yield [Trial(start.assignment, start.seed, round((1 + step) * best, 2))]
            achieved = outcomes[0].fmax_mhz if outcomes else None
            if achieved is None or achieved <= best:
                break
            best = achieved


def _one_at_a_time(space: Space, start: Trial, limit: int) -> Generator[list[Trial], list[Tried], Tried | None]:
    """The base and the levels of one option at a time (at most ``limit`` runs), then the best
    level of each option that beat the base, together; returns the best outcome."""
    trials = [start, *(Trial(other, start.seed, start.freq_mhz) for other in space.neighbours(start.assignment))]
    outcomes = yield trials[: max(limit, 1)]
    base = outcomes[0] if outcomes else None
    best_of_option: dict[str, Tried] = {}
    for outcome in outcomes[1:]:
        (name,) = [n for (n, level), (_, was) in zip(outcome.trial.assignment, start.assignment, strict=True) if level != was]
        if _better(outcome, base) and _better(outcome, best_of_option.get(name)):
            best_of_option[name] = outcome
    best = _best(outcomes)
    if len(best_of_option) >= 2:
        levels = dict(start.assignment)
        for name, outcome in best_of_option.items():
            levels[name] = dict(outcome.trial.assignment)[name]
        outcomes = yield [Trial(combined, start.seed, start.freq_mhz) for combined in space.combinations(levels)]
        for outcome in outcomes:
            if _better(outcome, best):
                best = outcome
    return best


def options(space: Space, start: Trial, budget: int) -> Strategy:
    yield from _one_at_a_time(space, start, budget)


def exhaustive(space: Space, start: Trial, budget: int) -> Strategy:
    every = space.all()
    outcomes = yield [Trial(assignment, start.seed, start.freq_mhz) for assignment in every]
    ranked = sorted((o for o in outcomes if o.score is not None), key=lambda o: o.score or (0.0, 0.0), reverse=True)[:3]
    left = budget - len(every)
    if ranked and left > 0:
        yield [
            Trial(ranked[i % len(ranked)].trial.assignment, start.seed + 1 + i // len(ranked), start.freq_mhz)
            for i in range(left)
        ]


def elimination(space: Space, start: Trial, budget: int) -> Strategy:
    highest = {name: levels[-1] for name, levels in space.levels.items()}
    for name in list(highest):  # a placer's parameters without that placer: their first level
        needed = OPTIONS[name].requires
        if needed is not None and highest.get(needed[0]) != needed[1]:
            highest[name] = space.levels[name][0]
    current = Trial(tuple(sorted(highest.items())), start.seed, start.freq_mhz)
    outcomes = yield [current]
    best = outcomes[0] if outcomes else None
    while best is not None:
        chosen = dict(best.trial.assignment)
        lowered = []
        for name, levels in space.levels.items():
            at = levels.index(chosen[name])
            other = tuple(sorted({**chosen, name: levels[at - 1]}.items())) if at > 0 else None
            if other is not None and space.valid(other):
                lowered.append(Trial(other, start.seed, start.freq_mhz))
        if not lowered:
            return
        outcomes = yield lowered
        winner = _best(outcomes)
        if winner is None or not _better(winner, best):
            return
        best = winner


def auto(space: Space, start: Trial, budget: int) -> Strategy:
    best = yield from _one_at_a_time(space, start, max(2, budget // 2))
    if best is not None:
        yield [Trial(best.trial.assignment, start.seed + i, start.freq_mhz) for i in range(1, budget)]


#: Each strategy and the fewest runs per core it needs (one batch; exhaustive: the space's size).
STRATEGIES = {"auto": 2, "seeds": 2, "frequency": 2, "options": 2, "exhaustive": 1, "elimination": 2}
STRATEGY_HELP = {
    "auto": "one option at a time with half the budget, the improving levels combined, then seeds on the best",
    "seeds": "BUDGET placement seeds from --placer-seed (a median and range need two)",
    "frequency": "ATHENa's frequency search: request (1+step) x the best Fmax, steps 15%, 5%, 1%",
    "options": "the base and each other level of one option at a time, then the improving levels combined",
    "exhaustive": "every option set of the space (pin options with --option), then seeds on the three best",
    "elimination": "ATHENa's batch elimination: every option at its last level, then lower one at a time",
}


def minimum_budget(strategy: str, space: Space) -> int:
    return len(space.all()) if strategy == "exhaustive" else STRATEGIES[strategy]


def start(strategy: str, space: Space, first: Trial, budget: int) -> Strategy:
    chosen: dict[str, Callable[[Space, Trial, int], Strategy]] = {
        "auto": auto,
        "seeds": seeds,
        "frequency": frequency,
        "options": options,
        "exhaustive": exhaustive,
        "elimination": elimination,
    }
    return chosen[strategy](space, first, budget)
