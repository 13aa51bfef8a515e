"""A replication recipe: the settings of each core's best stored run on a device, as a JSON file.

``hashbed results --best CRITERION --export-settings FILE`` writes it (hashbed.explore.best), one
entry per core and device: the run's seed, requested frequency and options, and, to say what
it was, the tool versions and core fingerprint of its inputs, its job key, the criterion and
its figures. ``hashbed bench --settings FILE`` implements each core with its entry for the
device. The file is checked whole when read (a pydantic model per entry, then every core,
device and option against the catalogue and the option space); any fault is a one-line error
that names the file and the entry.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from hashbed.catalogue.cores import Core, load_core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.options import check_choice
from hashbed.errors import HashbedError
from hashbed.explore.best import Best
from hashbed.explore.criteria import CRITERIA
from hashbed.flow.impl.implement import SEED_LIMIT, ImplSettings
from hashbed.results.exchange import write_whole
from hashbed.results.schema import Mhz, Number

_WRITE = "write one with 'hashbed results --best CRITERION --export-settings FILE'"


class RecipeEntry(BaseModel):
    """The settings of one core's best run on one device, and what it achieved."""

    model_config = ConfigDict(strict=True, extra="forbid")

    core: Annotated[str, Field(min_length=1)]
    device: Annotated[str, Field(min_length=1)]
    #: In the store's range (SEED_LIMIT), checked before any run.
    seed: Annotated[int, Field(ge=0, lt=SEED_LIMIT)]
    freq_mhz: Mhz
    #: The options that are not at their default level (name -> level).
    options: dict[str, str]
    #: The tool versions and core fingerprint of the run's inputs, and its job key.
    tools: dict[str, str]
    core_fingerprint: Annotated[str, Field(min_length=1)]
    key: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    criterion: str
    #: hashbed.explore.criteria.figures of the run.
    figures: dict[str, Number]

    @field_validator("criterion")
    @classmethod
    def _known_criterion(cls, value: str) -> str:
        if value not in CRITERIA:
            raise ValueError(f"unknown criterion (one of: {', '.join(CRITERIA)})")
        return value


_RECIPE = TypeAdapter(list[RecipeEntry])


def recipe_entry(best: Best) -> RecipeEntry:
    inputs = best.record.inputs
    return RecipeEntry(
        core=best.core.name,
        device=best.device,
        seed=best.seed,
        freq_mhz=best.freq_mhz,
        options=best.options,
        tools=dict(inputs.get("tools", {})),
        core_fingerprint=str(inputs["core_fingerprint"]),
        key=best.record.key,
        criterion=best.criterion,
        figures=best.figures,
    )


def write_recipe(path: Path, bests: Sequence[Best]) -> int:
    """Write the recipe of ``bests`` to ``path`` (whole or not at all); returns its entries."""
    if not bests:
        raise HashbedError(f"cannot export settings to {path}: no core has a finished implement run of its present sources")
    text = json.dumps([recipe_entry(best).model_dump() for best in bests], indent=2) + "\n"
    write_whole(path, text, "cannot export settings to")
    return len(bests)


def read_recipe(path: Path) -> list[RecipeEntry]:
    """The entries of the recipe ``path``, each checked on its own (check_recipe checks them
    against the catalogue); a one-line error names what is wrong."""
    where = f"cannot read settings file {path}"
    try:
        if path.exists() and not path.is_file():  # a folder, device or pipe: read_text would fail, or never end
            raise HashbedError(f"{where}: not a regular file ({_WRITE})")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HashbedError(f"{where}: no such file ({_WRITE})") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise HashbedError(f"{where}: {reason} ({_WRITE})") from None
    try:
        json.loads(text)
    except (ValueError, RecursionError) as exc:
        detail = f"{exc.msg} at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else "too deeply nested"
        raise HashbedError(f"{where}: not JSON ({detail}; {_WRITE})") from None
    try:
        entries = _RECIPE.validate_json(text)
    except ValidationError as exc:
        raise HashbedError(f"{where}: {_first_error(exc)} ({_WRITE})") from None
    if not entries:
        raise HashbedError(f"{where}: it holds no entries ({_WRITE})")
    return entries


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    loc = list(error["loc"])
    place = f"entry {int(loc.pop(0)) + 1}" if loc and isinstance(loc[0], int) else "the file"
    got = repr(error.get("input"))
    got = got if len(got) <= 60 else got[:57] + "..."
    what = f"{'.'.join(str(part) for part in loc)}: " if loc else ""
    if error["type"] == "list_type":
        return f"{place} must be a JSON list of entries (got {got})"
    return f"{place}: {what}{error['msg']} (got {got})"


@dataclass
class Recipe:
    """What a recipe gives the cores of a bench on one device."""

    #: Core name -> the settings of its entry (a core without one is not here).
    settings: dict[str, ImplSettings] = field(default_factory=dict)
    #: One line per entry made from other sources than its core's now.
    warnings: list[str] = field(default_factory=list)


def check_recipe(path: Path, entries: Sequence[RecipeEntry]) -> list[tuple[RecipeEntry, Core, ImplSettings]]:
    """Every entry against the catalogue (core, device) and the option space of its device's
    family, with the settings it gives (the default timeout); a one-line error names the entry."""
    checked = []
    seen: dict[tuple[str, str], int] = {}
    for number, entry in enumerate(entries, 1):
        where = f"settings file {path}: entry {number} ({entry.core} on {entry.device})"
        if (entry.core, entry.device) in seen:
            raise HashbedError(f"{where} repeats entry {seen[entry.core, entry.device]}: keep one entry per core and device")
        seen[entry.core, entry.device] = number
        try:
            core, device = load_core(entry.core), get_device(entry.device)
            choice = check_choice(entry.options, device.family, core.placer)
        except HashbedError as exc:
            raise HashbedError(f"{where}: {exc}") from None
        checked.append((entry, core, ImplSettings(device, entry.seed, entry.freq_mhz, options=choice)))
    return checked


def recipe_settings(path: Path, entries: Sequence[RecipeEntry], cores: Sequence[Core], base: ImplSettings) -> Recipe:
    """The settings of each of ``cores`` that has an entry for ``base``'s device in the recipe
    (with ``base``'s timeout); an entry made from other sources than the core's now is used, with
    a warning."""
    wanted = {core.name for core in cores}
    recipe = Recipe()
    for entry, core, settings in check_recipe(path, entries):
        if entry.device != base.device.name or core.name not in wanted:
            continue
        now = core.fingerprint()
        if entry.core_fingerprint != now:
            recipe.warnings.append(
                f"{path}: the entry of {core.name} on {entry.device} was made from other sources (fingerprint "
                f"{entry.core_fingerprint}, now {now}): its settings are used on the present sources"
            )
        recipe.settings[core.name] = ImplSettings(base.device, settings.seed, settings.freq_mhz, base.timeout_s, settings.options)
    return recipe
