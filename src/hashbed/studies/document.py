"""What a study gives the report: its sections, each of tables, figures (as data to draw) and
notes, and, where the store has no data yet, what is missing and the command that makes it. Every
table and figure states the devices, the tool versions and the hashbed versions of the rows it
came from (``source``). hashbed.report writes them as Markdown, PNG and HTML."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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


@dataclass(frozen=True)
class Plot:
    """One set of axes."""

    title: str
    xlabel: str
    ylabel: str
    series: list[Series]
    scatter: bool = False
    log_x: bool = False
    log_y: bool = False


@dataclass(frozen=True)
class Figure:
    #: File name without extension: letters, digits, '-' and '_'.
    name: str
    caption: str
    plots: list[Plot]
    source: str


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
