"""The report's figures drawn as PNG with matplotlib (Agg, no display, no pyplot state): the
figure and its panels (render), a panel's series, ranges and ticks (axes), the coloured tables
(heatmap), the point labels laid out so that none overlaps another (labels) and the PNG made
small (png)."""

from hashbed.report.figures.render import render_png

__all__ = ["render_png"]
