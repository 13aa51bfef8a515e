"""A table of ratios drawn as coloured cells: blue above the centre, red below, on a logarithmic
scale symmetric about it, each cell with its text (a word a line); a cell without a value grey."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hashbed.report.figures.ticks import number
from hashbed.studies.document import Heatmap

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as MplFigure

_NONE = "#d9d9d9"
_FONT = 7
#: At most this many colour-bar ticks either side of the centre, at powers of two.
_TICKS_EACH_SIDE = 3


def draw_heatmap(figure: MplFigure, axes: Axes, heatmap: Heatmap) -> None:
    from matplotlib import colormaps

    logs = [[None if v is None or v <= 0 else math.log2(v / heatmap.centre) for v in row] for row in heatmap.values]
    reach = max([1.0, *(abs(v) for row in logs for v in row if v is not None)])  # at least half to twice
    palette = colormaps["RdBu"].with_extremes(bad=_NONE)
    grid = [[math.nan if v is None else v for v in row] for row in logs]
    image = axes.imshow(grid, cmap=palette, vmin=-reach, vmax=reach, aspect="auto")
    for i, row in enumerate(heatmap.texts):
        for j, text in enumerate(row):
            strong = logs[i][j] is not None and abs(logs[i][j] or 0.0) > 0.6 * reach
            colour = "white" if strong else "black"
            axes.text(j, i, text.replace(" ", "\n"), ha="center", va="center", fontsize=_FONT, color=colour)
    axes.set_xticks(range(len(heatmap.columns)), [c.replace(" ", "\n") for c in heatmap.columns], fontsize=7)
    axes.set_yticks(range(len(heatmap.rows)), heatmap.rows, fontsize=8)
    axes.tick_params(length=0)
    axes.set_title(heatmap.title, fontsize=9)
    bar = figure.colorbar(image, ax=axes, shrink=0.9)
    step = math.ceil(reach / _TICKS_EACH_SIDE)
    ticks = [t for t in range(-math.ceil(reach), math.ceil(reach) + 1) if abs(t) <= reach and t % step == 0]
    bar.set_ticks(ticks, labels=[number(heatmap.centre * 2.0**t) for t in ticks])
    bar.set_label(heatmap.colour_label, fontsize=8)
