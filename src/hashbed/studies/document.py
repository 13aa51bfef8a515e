"""What a study gives the report: its sections, each of tables, figures (as data to draw) and
notes, and, where the store has no data yet, what is missing and the command that makes it. Every
table and figure states the devices, the tool versions and the hashbed versions of the rows it
came from (``source``). hashbed.report writes them as Markdown, PNG and HTML."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from statistics import median
from typing import Any

from hashbed.catalogue.devices import get_device
from hashbed.console.cells import Cells
from hashbed.studies.narrowing import Narrow

#: What marks a published result's row, not run in the user's store (docs/store.md).
PUBLISHED_MARK = "*: a published result, not run here"


@dataclass(frozen=True)
class Series:
    label: str
    x: list[float]
    y: list[float]
    #: A label per point (e.g. the core's name), or none.
    point_labels: list[str] = field(default_factory=list)
    #: The setting the series was measured with, where a figure has series of several settings
    #: (drawn in one line style per setting across the figure, its colour that of its label).
    setting: str = ""
    #: A (lowest, highest) range per point, e.g. over placer seeds, or none.
    x_range: list[tuple[float, float]] = field(default_factory=list)
    y_range: list[tuple[float, float]] = field(default_factory=list)


@dataclass(frozen=True)
class Plot:
    """One set of axes. Each axis label names its unit in parentheses at its end."""

    title: str
    xlabel: str
    ylabel: str
    series: list[Series]
    scatter: bool = False
    log_x: bool = False
    log_y: bool = False
    #: Lines of equal y/x (e.g. throughput per area), labelled in this unit; '': none.
    ratio_lines: str = ""


@dataclass(frozen=True)
class Heatmap:
    """A table of numbers drawn as coloured cells, coloured on a logarithmic scale around ``centre``."""

    title: str
    rows: list[str]
    columns: list[str]
    #: One value per row and column; None: none (its text says why).
    values: list[list[float | None]]
    texts: list[list[str]]
    #: What the colours mean, its unit in parentheses at its end.
    colour_label: str
    centre: float = 1.0


@dataclass(frozen=True)
class Figure:
    #: File name without extension: letters, digits, '-' and '_'.
    name: str
    caption: str
    plots: Sequence[Plot | Heatmap]
    source: str
    #: Panels per row (0: all in one row).
    columns: int = 0


@dataclass(frozen=True)
class Table:
    title: str
    cells: Cells
    source: str


@dataclass(frozen=True)
class Missing:
    what: str
    command: str

    def __str__(self) -> str:
        return f"missing: {self.what} (run {self.command})"


@dataclass(frozen=True)
class Note:
    text: str


Item = Table | Figure | Missing | Note


@dataclass
class Section:
    title: str
    anchor: str
    #: The command that stores its rows for a narrowing's cores and devices, which a narrowed
    #: report names when the section has none (hashbed.studies.narrowing.fill).
    fill: Callable[[Narrow], str]
    items: list[Item] = field(default_factory=list)


def area_axis(device: str) -> str:
    """The area axis of a figure of one device, in its family's unit (LUT4s; GateMate's CPEs)."""
    return f"area ({get_device(device).area_unit}s)"


def tpa_unit(device: str) -> str:
    """Throughput per area in the unit of ``device``'s family."""
    return f"Mbit/s per {get_device(device).area_unit}"


def over_seeds(
    label: str, rows: list[dict[str, Any]], x: str, y: str, point: Callable[[dict[str, Any]], Hashable], named: bool = False
) -> Series:
    """One point per ``point`` of ``rows`` (e.g. a core, a depth) at the median of its rows (of
    several placer seeds), with the lowest and highest of each where it has more than one; with
    ``named``, each point labelled with its key."""
    groups: dict[Hashable, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(point(row), []).append(row)
    ordered = sorted(groups.items(), key=lambda item: median(r[x] for r in item[1]))
    spread = any(len(group) > 1 for _, group in ordered)

    def ranges(key: str) -> list[tuple[float, float]]:
        return [(min(r[key] for r in group), max(r[key] for r in group)) for _, group in ordered] if spread else []

    return Series(
        label,
        [median(r[x] for r in group) for _, group in ordered],
        [median(r[y] for r in group) for _, group in ordered],
        [str(key) for key, _ in ordered] if named else [],
        x_range=ranges(x),
        y_range=ranges(y),
    )


def source(rows: list[dict[str, Any]], devices: str | None = None) -> str:
    """Where rows came from: their devices (or ``devices``), the tool versions and hashbed versions they record."""
    found = sorted({str(row["device"]) for row in rows if row.get("device")})
    tools = sorted({_tool_text(v) for row in rows for v in (row.get("tools") or {}).values()})
    versions = sorted({part for row in rows if row.get("hashbed_version") for part in str(row["hashbed_version"]).split(", ")})
    return (
        f"device: {devices or ', '.join(found)}; tools: {', '.join(tools) or 'none recorded'}; "
        f"hashbed {', '.join(versions) or 'version not recorded'}"
    )


def _tool_text(value: Any) -> str:
    """A tool's version as text; one given by parts (the fast timing engine: name, source, compiler) as its parts."""
    if isinstance(value, dict):
        return f"{value.get('name', '')} timing engine {value.get('source', '')} ({value.get('compiler', '')})"
    return str(value)
