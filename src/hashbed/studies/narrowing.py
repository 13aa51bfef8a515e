"""What ``hashbed report --core/--device`` keeps of every study's rows, and the commands that
would store the rows of a section it finds empty."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.cores import Core, all_cores, load_core
from hashbed.catalogue.devices import DEVICES, get_device


@dataclass(frozen=True)
class Narrow:
    """What ``hashbed report --core/--device`` keeps: the rows of ``cores`` (None: of every core)
    on ``devices`` (None: on every device). ``named`` are the cores asked for (``cores`` adds the
    catalogue's cores of their algorithms). A row of no catalogue device (cycle counts from RTL
    simulation, the testbed's simulated or real board) is not narrowed by device."""

    cores: frozenset[str] | None = None
    devices: frozenset[str] | None = None
    named: tuple[str, ...] = ()

    @property
    def active(self) -> bool:
        return self.cores is not None or self.devices is not None

    def keeps(self, core: str | None = None, device: str | None = None) -> bool:
        by_core = self.cores is None or core is None or core in self.cores
        by_device = self.devices is None or device not in DEVICES or device in self.devices
        return by_core and by_device

    def rows(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows (each with a "core" and a "device") kept."""
        return [row for row in rows if self.keeps(row["core"], row.get("device"))]

    def catalogue(self, cores: list[Core]) -> list[Core]:
        return [core for core in cores if self.keeps(core.name)]

    @property
    def device(self) -> str | None:
        """The one device it keeps, if it keeps one device."""
        return sorted(self.devices)[0] if self.devices is not None and len(self.devices) == 1 else None

    def kept(self, interface: str | None = None) -> list[Core]:
        """The catalogue's cores of ``interface`` (None: of either) that it keeps, the named ones
        first, then the others of their algorithms; none when it keeps every core."""
        catalogue = {core.name: core for core in all_cores(None)}
        order = [*self.named, *sorted((self.cores or set()) - set(self.named))]
        return [catalogue[name] for name in order if name in catalogue and interface in (None, catalogue[name].interface)]

    def names(self, cores: list[Core], what: str = "CORE") -> str | None:
        """The cores for a command: the named ones among ``cores`` or else all of them (``what``
        when it keeps every core); None if it keeps cores but none of these."""
        if self.cores is None:
            return what
        named = [core.name for core in cores if core.name in self.named]
        return " ".join(named or [core.name for core in cores]) or None

    def one(self, cores: list[Core]) -> str | None:
        """As ``names``, for a command of one core: CORE where there are several."""
        found = self.names(cores)
        return found if found is None or " " not in found else "CORE"


#: No narrowing: the whole report.
EVERYTHING = Narrow()


def narrow(cores: Sequence[str] = (), devices: Sequence[str] = ()) -> Narrow:
    """The narrowing to ``cores`` and the catalogue's cores of the same algorithms, on ``devices``
    (either empty: no narrowing by it); an unknown core or device is an error."""
    for device in devices:
        get_device(device)
    named = [load_core(name) for name in dict.fromkeys(cores)]
    algorithms = {core.algorithm_name for core in named}
    kept = {core.name for core in named} | {core.name for core in all_cores(None) if core.algorithm_name in algorithms}
    return Narrow(frozenset(kept) if named else None, frozenset(devices) if devices else None, tuple(core.name for core in named))


def fill(command: str, cores: str | None, kind: str = "hash") -> str:
    """``command`` with ``cores`` in its braces; None for ``cores``: only cores of ``kind`` have
    rows in the section."""
    return f"only {kind} cores have rows here" if cores is None else command.format(cores)
