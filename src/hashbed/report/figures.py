"""The report's figures drawn as PNG with matplotlib (Agg, no display, no pyplot state)."""

from __future__ import annotations

import io
import textwrap
from typing import TYPE_CHECKING

from hashbed.studies.document import Figure, Plot, Series

if TYPE_CHECKING:
    from matplotlib.axes import Axes

_DPI = 100


def _labels(series: Series) -> dict[tuple[float, float], str]:
    """The point labels, those of points at the same place (within 1%) joined into one."""
    places: dict[tuple[float, float], list[str]] = {}
    for x, y, text in zip(series.x, series.y, series.point_labels):
        place = next((p for p in places if abs(p[0] - x) <= 0.01 * x and abs(p[1] - y) <= 0.01 * y), (x, y))
        places.setdefault(place, []).append(text)
    return {place: ", ".join(texts) for place, texts in places.items()}


def _draw(axes: Axes, plot: Plot) -> None:
    from matplotlib.ticker import NullFormatter, ScalarFormatter

    for series in plot.series:
        if plot.scatter:
            axes.scatter(series.x, series.y, s=18, label=series.label)
            for (x, y), text in _labels(series).items():
                axes.annotate(text, (x, y), textcoords="offset points", xytext=(4, 3), fontsize=7)
        else:
            axes.plot(series.x, series.y, marker="o", markersize=4, label=series.label)
    if plot.log_x:
        axes.set_xscale("log")
    if plot.log_y:
        axes.set_yscale("log")
    for log, scale_axis in ((plot.log_x, axes.xaxis), (plot.log_y, axes.yaxis)):
        if log:  # plain numbers, not powers of ten
            scale_axis.set_major_formatter(ScalarFormatter())
            scale_axis.set_minor_formatter(NullFormatter())
    if plot.log_x and not plot.scatter:  # depths: a tick at each one
        axes.set_xticks(sorted({x for series in plot.series for x in series.x}))
    axes.set_title(plot.title, fontsize=10)
    axes.set_xlabel(plot.xlabel)
    axes.set_ylabel(plot.ylabel)
    axes.grid(True, which="major", alpha=0.3)
    if len(plot.series) > 1:
        axes.legend(fontsize=7)


def render_png(figure: Figure) -> bytes:
    """The figure as PNG bytes, its caption and its source (devices, tools, hashbed) written on it."""
    from matplotlib.figure import Figure as MplFigure

    width = 5.5 * len(figure.plots) if len(figure.plots) > 1 else 7.5
    mpl = MplFigure(figsize=(width, 5.2), dpi=_DPI, layout="constrained")
    for axes, plot in zip(mpl.subplots(1, len(figure.plots), squeeze=False)[0], figure.plots):
        _draw(axes, plot)
    mpl.suptitle(figure.caption, fontsize=11)
    footer = "\n".join(textwrap.wrap(figure.source, width=int(width * 17)))
    mpl.supxlabel(footer, fontsize=7, color="#444444")
    buffer = io.BytesIO()
    mpl.savefig(buffer, format="png", metadata={"Software": None})  # no version stamp: the same data gives the same file
    return buffer.getvalue()
