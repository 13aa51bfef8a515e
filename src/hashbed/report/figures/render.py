"""A figure: its panels in a grid, each with its legend (only the first where they all show the
same series; the settings' line styles there too), its caption above and its source (devices,
tools, hashbed) below, then its ticks thinned and its labels laid out."""

from __future__ import annotations

import io
import math
import textwrap
from typing import TYPE_CHECKING

from hashbed.report.figures.axes import MARKERS, STYLES, draw_plot
from hashbed.report.figures.heatmap import draw_heatmap
from hashbed.report.figures.labels import Label, place
from hashbed.report.figures.png import compact
from hashbed.report.figures.ticks import thin
from hashbed.studies.document import Figure, Heatmap, Plot

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as MplFigure

_DPI = 100
#: The size of a figure of one panel, and of each panel of a grid (inches).
_ALONE = (7.5, 5.2)
_PANEL = (5.0, 4.0)
_GRID_PANEL = (3.2, 2.6)


def draw_figure(figure: Figure) -> MplFigure:
    """The figure drawn, its layout fixed (hashbed.report.figures.labels needs it so)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure as MplFigure

    count = len(figure.plots)
    columns = figure.columns or count
    rows = math.ceil(count / columns)
    panel = _ALONE if count == 1 else _PANEL if rows == 1 else _GRID_PANEL
    width, height = panel[0] * columns, panel[1] * rows + 1.0
    mpl = MplFigure(figsize=(width, height), dpi=_DPI, layout="constrained")
    FigureCanvasAgg(mpl)
    grid = mpl.subplots(rows, columns, squeeze=False).flat
    settings = list(dict.fromkeys(s.setting for plot in figure.plots if isinstance(plot, Plot) for s in plot.series))
    legends: list[tuple[Axes, list[Artist]]] = []
    labels: list[Label] = []
    points: dict[Axes, list[tuple[float, float]]] = {}
    for plot, axes in zip(figure.plots, grid):  # the plots first: zip takes no panel past the last plot
        if isinstance(plot, Heatmap):
            draw_heatmap(mpl, axes, plot)
            continue
        handles, found = draw_plot(axes, plot, settings)
        legends.append((axes, handles))
        labels += found
        points[axes] = [(x, y) for series in plot.series for x, y in zip(series.x, series.y)]
    for unused in list(grid):
        unused.remove()
    _legends(legends, settings)
    mpl.suptitle(figure.caption, fontsize=11)
    mpl.supxlabel("\n".join(textwrap.wrap(figure.source, width=int(width * 17))), fontsize=7, color="#444444")
    mpl.canvas.draw()  # the layout, fixed from here on: the labels are laid out in it
    mpl.set_layout_engine("none")
    _pin_legends(list(points))
    thin(list(points))
    place(mpl, labels, points)
    return mpl


def _legends(legends: list[tuple[Axes, list[Artist]]], settings: list[str]) -> None:
    """A legend in each panel of several series (in each panel where the panels show different
    series), or only in the first where all show the same; the settings' line styles in the first's."""
    texts = [[h.get_label() for h in handles] for _, handles in legends]
    shared = len(legends) > 1 and all(t == texts[0] for t in texts)
    for index, (axes, handles) in enumerate(legends):
        panels_differ = len(legends) > 1 and not shared  # a panel's one series named too (a core and its clock)
        shown = handles if (len(handles) > 1 and (index == 0 or not shared)) or panels_differ else []
        if index == 0 and any(settings):
            from matplotlib.lines import Line2D

            shown = shown + [
                Line2D([], [], color="black", linestyle=STYLES[i % len(STYLES)], marker=MARKERS[i % len(MARKERS)], label=s)
                for i, s in enumerate(settings)
            ]
        if shown:
            axes.legend(handles=shown, fontsize=7, loc="best")


def _pin_legends(panels: list[Axes]) -> None:
    """Each legend kept where matplotlib's 'best' put it: it would look again, and elsewhere, once
    the labels are there."""
    for axes in panels:
        legend = axes.get_legend()
        if legend is not None:
            box = legend.get_window_extent(axes.figure.canvas.get_renderer())  # type: ignore[attr-defined]
            legend.set_loc(tuple(axes.transAxes.inverted().transform((box.x0, box.y0))))


def render_png(figure: Figure) -> bytes:
    """The figure as PNG bytes, its caption and its source (devices, tools, hashbed) written on it."""
    buffer = io.BytesIO()
    draw_figure(figure).savefig(buffer, format="png", metadata={"Software": None})  # the same data gives the same file
    return compact(buffer.getvalue())
