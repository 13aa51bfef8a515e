"""The exploration strategies and their driver, on a made-up figure of merit (no tools): what
each strategy asks for, that the budget holds, that a trial is never run twice, and that one
core's next batch does not wait for another core's runs."""

from __future__ import annotations

import dataclasses
import math
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import get_device
from hashbed.errors import HashbedError
from hashbed.explore.explore import Budget, explore
from hashbed.explore.strategies import FREQUENCY_STEPS, Strategy, Trial, Tried, space_of, start
from hashbed.flow.impl.implement import ImplSettings
from hashbed.jobs.graph import Event, Node
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord, ResultStore

SHA1 = load_core("sha1")
SPACE = space_of(SHA1, "ecp5", {})


def made_up_fmax(trial: Trial) -> float:
    """A figure of merit that depends on every option and the seed, as an Fmax might."""
    text = repr((trial.assignment, trial.seed))
    return 80 + zlib.crc32(text.encode()) % 4000 / 100


def drive(strategy: Strategy, budget: int, fmax: Callable[[Trial], float] = made_up_fmax) -> list[Trial]:
    """Run a strategy as the driver does, on ``fmax``: every trial it asks for, in order."""
    asked: list[Trial] = []
    batch = next(strategy, None)
    while batch is not None:
        batch = batch[: budget - len(asked)]
        asked += batch
        achieved = [fmax(trial) for trial in batch]
        tried = [Tried(trial, (value, 0.0), value) for trial, value in zip(batch, achieved, strict=True)]
        try:
            batch = strategy.send(tried) if batch else None
        except StopIteration:
            batch = None
    return asked


def first() -> Trial:
    return Trial(SPACE.base(), 1, 100.0)


def test_the_space_holds_every_level_of_the_family_and_only_valid_sets() -> None:
    assert dict(SPACE.base())["placer"] == "heap" and dict(SPACE.base())["dff"] == "off"
    every = SPACE.all()
    assert len(every) == len(set(every)) and all(SPACE.valid(a) for a in every)
    assert not any(dict(a)["placer"] != "heap" and dict(a)["placer-heap-critexp"] != "2" for a in every)
    sizes = [len(levels) for levels in SPACE.levels.values()]
    assert len(every) < math.prod(sizes)  # the heap parameters only with heap
    assert all(SPACE.valid(n) and n != SPACE.base() for n in SPACE.neighbours(SPACE.base()))


def test_pins_and_the_manifest_cut_the_space() -> None:
    pinned = space_of(SHA1, "ecp5", {"router": "router2", "dff": "on"})
    assert pinned.levels["router"] == ("router2",) and pinned.levels["dff"] == ("on",)
    skein = load_core("skein512-round2")  # its manifest pins the static placer
    space = space_of(skein, "ecp5", {})
    assert space.levels["placer"] == ("static",) and space.levels["placer-heap-timingweight"] == ("10",)
    assert space.choice(space.base()) == ()
    restricted = dataclasses.replace(SHA1, explore={"router": ("router2",)})
    assert space_of(restricted, "ecp5", {}).levels["router"] == ("router2",)
    with pytest.raises(HashbedError, match="allows only router2"):
        space_of(restricted, "ecp5", {"router": "router1"})


def test_exhaustive_finds_the_best_set_then_spends_the_rest_on_seeds() -> None:
    space = space_of(SHA1, "ecp5", {"nodffe": "off", "noccu2": "off", "placer-heap-timingweight": "10"})
    every = space.all()
    asked = drive(start("exhaustive", space, Trial(space.base(), 1, 100.0), len(every) + 6), len(every) + 6)
    assert [t.assignment for t in asked[: len(every)]] == every and all(t.seed == 1 for t in asked[: len(every)])
    best3 = sorted(every, key=lambda a: made_up_fmax(Trial(a, 1, 100.0)), reverse=True)[:3]
    assert {t.assignment for t in asked[len(every) :]} == set(best3) and {t.seed for t in asked[len(every) :]} == {2, 3}


def test_one_option_at_a_time_then_the_improving_levels_together() -> None:
    base = first()
    asked = drive(start("options", SPACE, base, 100), 100)
    singles = SPACE.neighbours(base.assignment)
    assert [t.assignment for t in asked[: 1 + len(singles)]] == [base.assignment, *singles]
    better = [a for a in singles if made_up_fmax(Trial(a, 1, 100.0)) > made_up_fmax(base)]
    names = {n for a in better for (n, level), (_, was) in zip(a, base.assignment, strict=True) if level != was}
    if len(names) >= 2:
        combined = asked[1 + len(singles) :]
        assert 1 <= len(combined) <= 2 and all(SPACE.valid(t.assignment) for t in combined)


def test_levels_that_exclude_each_other_are_combined_both_ways() -> None:
    levels = {**dict(SPACE.base()), "placer": "static", "placer-heap-timingweight": "40", "dff": "on"}
    without, forced = SPACE.combinations(levels)
    assert dict(without) == {**levels, "placer-heap-timingweight": "10"}
    assert dict(forced) == {**levels, "placer": "heap"}
    valid = {**levels, "placer": "heap"}
    assert SPACE.combinations(valid) == [tuple(sorted(valid.items()))]


def test_auto_spends_half_the_budget_on_options_and_the_rest_on_seeds_of_the_best() -> None:
    asked = drive(start("auto", SPACE, first(), 20), 20)
    assert len(asked) == 20 and asked[0] == first()
    options_phase = [t for t in asked if t.seed == 1]
    seeds = [t for t in asked if t.seed != 1]
    assert 10 <= len(options_phase) <= 11 and [t.seed for t in seeds] == list(range(2, 2 + len(seeds)))
    best = max(options_phase, key=made_up_fmax)
    assert {t.assignment for t in seeds} == {best.assignment}


def test_elimination_lowers_one_option_at_a_time_while_that_improves() -> None:
    def fmax(trial: Trial) -> float:  # every option at its default is best
        return 100.0 - sum(SPACE.levels[n].index(level) for n, level in trial.assignment)

    asked = drive(start("elimination", SPACE, first(), 500), 500, fmax)
    top = dict(asked[0].assignment)
    assert top["dff"] == "on" and top["placer"] == "static" and top["placer-heap-critexp"] == "2"
    assert asked[-1].assignment == SPACE.base() or fmax(asked[-1]) <= max(map(fmax, asked))
    assert max(asked, key=fmax).assignment == SPACE.base()


def test_the_frequency_search_raises_the_request_while_the_fmax_grows() -> None:
    achieved = iter([100.0, 110.0, 105.0, 108.0, 100.0])
    asked = drive(start("frequency", SPACE, first(), 10), 10, lambda trial: next(achieved))
    steps = [round((1 + step) * 110, 2) for step in FREQUENCY_STEPS]
    assert [t.freq_mhz for t in asked] == [100.0, round((1 + FREQUENCY_STEPS[0]) * 100, 2), *steps]


def test_one_core_goes_on_while_another_core_still_runs(tmp_path: Path) -> None:
    """The driver adds a core's next batch when that core's batch is done, whatever other cores do."""
    cores = [load_core("sha1"), load_core("sha256")]
    base = ImplSettings(get_device("ecp5-25k"))
    with ResultStore(tmp_path / "db") as store:
        jobs = Jobs(store, tmp_path / "build")
        order: list[tuple[str, int]] = []

        def run(first_jobs: list[Node], more: Callable[[Event], list[Node]]) -> dict[str, JobRecord]:
            waiting = list(first_jobs)
            records = {}
            while waiting:  # sha1's jobs finish first, all of them, before any of sha256's
                node = min(waiting, key=lambda n: n.core != "sha1")
                waiting.remove(node)
                order.append((node.core, len([n for n in waiting if n.core == "sha256"])))
                seed = int(node.inputs["seed"])
                record = store.put("implement", node.inputs, {"fmax_mhz": 90.0 + seed, "luts": 1000, "ffs": 10}, None)
                records[node.key] = record
                waiting += more(Event(node, record))
            return records

        explored = explore(jobs, cores, base, {}, "auto", "throughput", Budget(6), run)
    assert explored is not None and [len(e.runs) for e in explored] == [6, 6]
    sha1_runs = [pending for core, pending in order if core == "sha1"]
    assert len(sha1_runs) == 6 and all(pending > 0 for pending in sha1_runs)  # sha256's first batch still waits
    best = explored[0].best("throughput")  # three option sets at seed 1 (all 91 MHz), then seeds 2 to 4
    assert best is not None and best.settings.seed == 4 == max(run.settings.seed for run in explored[0].runs)


def test_a_failed_run_is_recorded_and_skipped(tmp_path: Path) -> None:
    """A run that fails (a crash, a timeout, "does not fit") is stored as failed; the strategy goes
    on without it, and the best is among the runs that finished."""
    base = ImplSettings(get_device("ecp5-25k"))
    with ResultStore(tmp_path / "db") as store:
        jobs = Jobs(store, tmp_path / "build")

        def run(first_jobs: list[Node], more: Callable[[Event], list[Node]]) -> dict[str, JobRecord]:
            waiting, records = list(first_jobs), {}
            while waiting:
                node = waiting.pop(0)
                if node.inputs.get("options", {}).get("placer") == "sa":  # the SA placer crashes
                    record = store.put("implement", node.inputs, {"fits": None}, "nextpnr: ERROR: crashed")
                else:
                    record = store.put("implement", node.inputs, {"fmax_mhz": 80.0 + node.inputs["seed"], "luts": 900, "ffs": 9})
                records[node.key] = record
                waiting += more(Event(node, record))
            return records

        (explored,) = explore(jobs, [load_core("sha1")], base, {}, "auto", "throughput", Budget(8), run) or [None]
        failed = [r for r in store.jobs("implement", "sha1") if not r.ok]
    assert explored is not None and len(explored.runs) == 8 and len(explored.finished) == 7
    assert [r.record.error for r in explored.runs if r.fmax_mhz is None] == ["nextpnr: ERROR: crashed"] and len(failed) == 1
    best = explored.best("throughput")
    assert best is not None and best.fmax_mhz == 80.0 + max(r.settings.seed for r in explored.finished)
