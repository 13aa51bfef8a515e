"""The best stored implementation run of a core on a device, by a criterion (hashbed.explore.criteria).

Only finished implement jobs made from the core's present sources count (their inputs'
``core_fingerprint`` is the core's now); runs of cores no longer in the catalogue are left out, as
nothing says how they would do today. A run's settings are its seed, its requested frequency and
its options (absent from the inputs: the default options). One run is a sample, so the winning
settings (its frequency and options) come with their Fmax median, lowest and highest over the
seeds stored with them: the latest finished run per seed, whatever the tool versions.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.cores import Core, all_cores, load_core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.options import Choice, check_choice
from hashbed.errors import HashbedError
from hashbed.explore.criteria import CRITERIA, figures, score
from hashbed.flow.impl.implement import DEFAULT_TIMEOUT_S, ImplSettings
from hashbed.results import JobRecord, ResultStore


@dataclass(frozen=True)
class Spread:
    """Fmax over the seeds of one setting: median, lowest and highest, MHz, over ``seeds`` seeds."""

    median_mhz: float
    low_mhz: float
    high_mhz: float
    seeds: int


@dataclass(frozen=True)
class Best:
    """The best finished run of a core on a device by ``criterion``, out of ``runs`` runs."""

    core: Core
    device: str
    criterion: str
    record: JobRecord
    runs: int
    #: The run's figures of merit (hashbed.explore.criteria.figures).
    figures: dict[str, float]
    #: Fmax over the seeds of the run's frequency and options.
    spread: Spread

    @property
    def seed(self) -> int:
        return int(self.record.inputs["seed"])

    @property
    def freq_mhz(self) -> float:
        return float(self.record.inputs["freq_mhz"])

    @property
    def options(self) -> dict[str, str]:
        return options_of(self.record)

    @property
    def choice(self) -> Choice:
        return tuple(sorted(self.options.items()))

    def settings(self, timeout_s: int = DEFAULT_TIMEOUT_S) -> ImplSettings:
        """The run's settings, to run it again (a one-line error when an option is no longer known)."""
        device = get_device(self.device)
        try:
            choice = check_choice(self.options, device.family, self.core.placer)
        except HashbedError as exc:
            where = f"core {self.core.name}: its best run on {self.device} ({self.record.key[:12]}...)"
            raise HashbedError(f"{where}: {exc}") from None
        return ImplSettings(device, self.seed, self.freq_mhz, timeout_s, choice)

    def as_dict(self) -> dict[str, Any]:
        return {
            "core": self.core.name,
            "device": self.device,
            "criterion": self.criterion,
            "runs": self.runs,
            "key": self.record.key,
            "seed": self.seed,
            "freq_mhz": self.freq_mhz,
            "options": self.options,
            **{name: round(value, 4) for name, value in self.figures.items()},
            "fmax_median_mhz": round(self.spread.median_mhz, 2),
            "fmax_range_mhz": [self.spread.low_mhz, self.spread.high_mhz],
            "seeds": self.spread.seeds,
        }


def check_criterion(criterion: str) -> None:
    if criterion not in CRITERIA:
        raise HashbedError(f"unknown criterion {criterion!r} (one of: {', '.join(CRITERIA)})")


def options_of(record: JobRecord) -> dict[str, str]:
    """The options an implement job ran with (none stored: the default options)."""
    return dict(record.inputs.get("options", {}))


def present_runs(records: Iterable[JobRecord], core: Core) -> list[JobRecord]:
    """The finished implement jobs among ``records`` of ``core``'s present sources (order kept)."""
    fingerprint = core.fingerprint()
    return [
        record
        for record in records
        if record.step == "implement"
        and record.core == core.name
        and record.ok
        and record.outputs.get("fmax_mhz") is not None
        and record.inputs.get("core_fingerprint") == fingerprint
    ]


def spread(records: Iterable[JobRecord]) -> Spread | None:
    """Fmax over the seeds of ``records`` (oldest first): the latest run per seed."""
    by_seed = {record.inputs["seed"]: float(record.outputs["fmax_mhz"]) for record in records}
    values = list(by_seed.values())
    if not values:
        return None
    return Spread(statistics.median(values), min(values), max(values), len(values))


def _same_setting(record: JobRecord, freq_mhz: float, options: Mapping[str, str]) -> bool:
    return float(record.inputs["freq_mhz"]) == float(freq_mhz) and options_of(record) == dict(options)


def fmax_over_seeds(
    store: ResultStore, core: Core, device: str, freq_mhz: float, options: Mapping[str, str] | Choice = ()
) -> Spread | None:
    """Fmax median and range over the seeds stored for ``core`` on ``device`` at the requested
    ``freq_mhz`` with ``options`` (name -> level, default levels left out; none: the default
    options), among the finished runs of its present sources; None without such a run."""
    wanted = dict(options)
    runs = present_runs(store.jobs("implement", core.name, device), core)
    return spread(record for record in runs if _same_setting(record, freq_mhz, wanted))


def _best(core: Core, device: str, runs: list[JobRecord], criterion: str) -> Best | None:
    if not runs:
        return None
    winner = max(runs, key=lambda record: score(core, record.outputs, criterion))
    same = [record for record in runs if _same_setting(record, float(winner.inputs["freq_mhz"]), options_of(winner))]
    seeds = spread(same)
    assert seeds is not None  # the winner is among them
    return Best(core, device, criterion, winner, len(runs), figures(core, winner.outputs), seeds)


def best_run(store: ResultStore, core: Core, device: str, criterion: str) -> Best | None:
    """The best finished run of ``core``'s present sources on ``device`` by ``criterion``; None without one."""
    check_criterion(criterion)
    return _best(core, device, present_runs(store.jobs("implement", core.name, device), core), criterion)


def best_runs(store: ResultStore, criterion: str, core: str | None = None, device: str | None = None) -> list[Best]:
    """The best run per core and device (of ``core`` / on ``device`` only when given), by core
    then device, of every core of the catalogue that has a finished run of its present sources."""
    check_criterion(criterion)
    cores = [load_core(core)] if core is not None else all_cores()
    records = store.jobs("implement", core, device)
    found = []
    for known in sorted(cores, key=lambda c: c.name):
        runs = present_runs(records, known)
        for name in sorted({str(record.device) for record in runs}):
            best = _best(known, name, [record for record in runs if record.device == name], criterion)
            if best is not None:
                found.append(best)
    return found
