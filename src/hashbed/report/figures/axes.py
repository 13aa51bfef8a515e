"""One panel of a figure: its series as points or lines (a colour per series label, a line style
and marker per setting), their ranges as error bars, logarithmic axes with labelled ticks, and the
lines of equal y/x; what it leaves to label is returned for the layout pass (labels)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hashbed.report.figures.labels import Label
from hashbed.report.figures.ticks import label_log_axis, number
from hashbed.studies.document import Plot, Series

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.typing import LineStyleType

#: A setting's line style and marker, in the order the figure's settings first appear.
STYLES: tuple[LineStyleType, ...] = ("-", "--", ":", "-.")
MARKERS = ("o", "s", "^", "D")
#: Lines of equal y/x: at most this many, at 1, 2 and 5 of each power of ten.
_MOST_RATIO_LINES = 6
_RATIO_COLOUR = "#8a8a8a"
#: The lines span the points' y/x and this factor beyond (those that cross the panel are drawn).
_BEYOND = 1.5


def colours(labels: list[str]) -> dict[str, str]:
    """A colour per distinct label: matplotlib's tab10, tab20 past ten."""
    from matplotlib import colormaps

    distinct = list(dict.fromkeys(labels))
    palette = colormaps["tab10" if len(distinct) <= 10 else "tab20"]
    return {label: palette(i % palette.N) for i, label in enumerate(distinct)}  # type: ignore[misc]


def draw_plot(axes: Axes, plot: Plot, settings: list[str]) -> tuple[list[Artist], list[Label]]:
    """Draw ``plot``; its legend's handles (one per series label) and the labels to place: each
    point's name, each line of equal y/x."""
    from matplotlib.lines import Line2D

    colour = colours([series.label for series in plot.series])
    for series in plot.series:
        _draw_series(axes, plot, series, colour[series.label], settings.index(series.setting))
    _scales(axes, plot)
    axes.set_title(plot.title, fontsize=9)
    axes.set_xlabel(plot.xlabel)
    axes.set_ylabel(plot.ylabel)
    axes.grid(True, which="major", alpha=0.3)
    labels = _ratio_lines(axes, plot) if plot.ratio_lines else []
    labels += [label for series in plot.series for label in _point_labels(axes, series)]
    style: LineStyleType = "none" if plot.scatter else "-"
    handles: list[Artist] = [
        Line2D([], [], color=c, marker="o", linestyle=style, markersize=4, label=label) for label, c in colour.items()
    ]
    return handles, labels


def _draw_series(axes: Axes, plot: Plot, series: Series, colour: str, setting: int) -> None:
    marker, style = MARKERS[setting % len(MARKERS)], STYLES[setting % len(STYLES)]
    if plot.scatter:
        axes.scatter(series.x, series.y, s=18, color=colour, marker=marker, zorder=3)
    else:
        axes.plot(series.x, series.y, color=colour, linestyle=style, marker=marker, markersize=4)
    if series.x_range or series.y_range:
        axes.errorbar(
            series.x,
            series.y,
            xerr=_errors(series.x, series.x_range),
            yerr=_errors(series.y, series.y_range),
            fmt="none",
            ecolor=colour,
            elinewidth=0.9,
            capsize=2,
            alpha=0.7,
        )


def _errors(values: list[float], ranges: list[tuple[float, float]]) -> list[list[float]] | None:
    if not ranges:
        return None
    return [[v - low for v, (low, _) in zip(values, ranges)], [high - v for v, (_, high) in zip(values, ranges)]]


def _scales(axes: Axes, plot: Plot) -> None:
    """Logarithmic axes with a label at every tick; the limits fixed to the data's (with a margin)."""
    axes.margins(0.06)
    if plot.log_x:
        axes.set_xscale("log")
    if plot.log_y:
        axes.set_yscale("log")
    axes.autoscale_view()
    axes.set_xlim(*axes.get_xlim())
    axes.set_ylim(*axes.get_ylim())
    if plot.log_x:
        label_log_axis(axes.xaxis, *axes.get_xlim())
    if plot.log_y:
        label_log_axis(axes.yaxis, *axes.get_ylim())
    if plot.log_x and not plot.scatter:  # depths, sizes: a tick at each one
        axes.set_xticks(sorted({x for series in plot.series for x in series.x}))


def _ratio_lines(axes: Axes, plot: Plot) -> list[Label]:
    """Lines of equal y/x across the panel, light and dashed, each to be labelled where it leaves
    the panel (the unit on the highest)."""
    ratios = [y / x for series in plot.series for x, y in zip(series.x, series.y) if x > 0 and y > 0]
    if not ratios:
        return []
    (left, right), (bottom, top) = axes.get_xlim(), axes.get_ylim()
    steps = 200
    xs = (
        [left * (right / left) ** (i / steps) for i in range(steps + 1)]
        if plot.log_x
        else [left + (right - left) * i / steps for i in range(steps + 1)]
    )
    crossing = {}
    for value in _round_values(min(ratios) / _BEYOND, max(ratios) * _BEYOND):
        inside = [(x, value * x) for x in xs if bottom <= value * x <= top]
        if len(inside) > steps // 10:  # a line across the panel, not one through its corner
            crossing[value] = inside
    values = list(crossing)
    if len(values) > _MOST_RATIO_LINES:  # the powers of ten alone
        values = [v for v in values if f"{v:.0e}".startswith("1")]
    labels = []
    for value in values:
        inside = crossing[value]
        axes.plot([x for x, _ in inside], [y for _, y in inside], color=_RATIO_COLOUR, linestyle="--", linewidth=0.7, zorder=1)
        end_x, end_y = inside[-1]
        text = f"{number(value)} {plot.ratio_lines}" if value == values[-1] else number(value)
        labels.append(Label(axes, end_x, end_y, text, _RATIO_COLOUR, leader=False))
    return labels


def _round_values(low: float, high: float) -> list[float]:
    """1, 2 and 5 times the powers of ten between ``low`` and ``high``."""
    return [
        mantissa * 10.0**exponent
        for exponent in range(math.floor(math.log10(low)) - 1, math.ceil(math.log10(high)) + 1)
        for mantissa in (1, 2, 5)
        if low <= mantissa * 10.0**exponent <= high
    ]


def _point_labels(axes: Axes, series: Series) -> list[Label]:
    """A label per place: those of points at the same place (within 1%) joined into one; none for
    a point labelled ''."""
    places: dict[tuple[float, float], list[str]] = {}
    for x, y, text in zip(series.x, series.y, series.point_labels):
        place = next((p for p in places if abs(p[0] - x) <= 0.01 * x and abs(p[1] - y) <= 0.01 * y), (x, y))
        places.setdefault(place, []).append(text)
    return [Label(axes, x, y, ", ".join(t for t in texts if t), "black") for (x, y), texts in places.items() if any(texts)]
