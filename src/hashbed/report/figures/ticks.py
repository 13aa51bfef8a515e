"""Tick marks that are always labelled (on a logarithmic axis matplotlib labels only powers of
ten, none where the axis spans less than a decade), and never so close that their labels meet."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.backend_bases import RendererBase

#: Above this many decades, only the powers of ten are labelled; above the next, 1, 2 and 5 of each.
_DECADES_ONLY = 2.5
_ONE_TWO_FIVE = 0.7


def number(value: float, _position: float | None = None) -> str:
    """A tick's number, plain (no powers of ten), thousands separated."""
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.6g}"


def label_log_axis(axis: Axis, low: float, high: float) -> None:
    """Labelled ticks on a logarithmic axis from ``low`` to ``high`` (its data's limits): powers of
    ten over many decades, 1-2-5 over a few, evenly spaced numbers within less than a decade."""
    from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter

    decades = math.log10(high / low) if low > 0 and high > low else 0.0
    if decades > _DECADES_ONLY:
        axis.set_major_locator(LogLocator(base=10, subs=(1.0,)))
    elif decades > _ONE_TWO_FIVE:
        axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    else:
        axis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
    axis.set_major_formatter(FuncFormatter(number))
    axis.set_minor_formatter(NullFormatter())


def thin(panels: list[Axes]) -> None:
    """On both axes of each of the numeric ``panels`` (drawn, their layout fixed), the ticks whose
    labels would meet the label of the tick before them left out."""
    for axes in panels:
        renderer = axes.figure.canvas.get_renderer()  # type: ignore[attr-defined]
        for axis in (axes.xaxis, axes.yaxis):
            _thin_axis(axis, renderer)


def _thin_axis(axis: Axis, renderer: RendererBase) -> None:
    low, high = sorted(axis.get_view_interval())
    shown = sorted(
        (tick.get_loc(), tick.label1.get_window_extent(renderer))
        for tick in axis.get_major_ticks()
        if low <= tick.get_loc() <= high and tick.label1.get_visible() and tick.label1.get_text()
    )
    kept = shown[:1]
    for loc, box in shown[1:]:
        if not box.padded(2).overlaps(kept[-1][1]):
            kept.append((loc, box))
    if len(kept) < len(shown):
        axis.set_ticks([loc for loc, _ in kept])
