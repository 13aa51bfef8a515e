"""The layout pass of the point labels: once the figure's layout is fixed, each label goes to the
nearest place around its point, within its panel, where its box meets no other label, no point
and no legend; one moved away from its point gets a thin line back to it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.backend_bases import RendererBase
    from matplotlib.figure import Figure as MplFigure
    from matplotlib.text import Text

FONT_SIZE = 7
#: Distances (pixels) from the point tried in turn, each in every direction of _DIRECTIONS.
_RADII = (3, 7, 12, 18, 26, 36, 48, 62, 80, 100, 125, 155, 190, 230)
_DIRECTIONS = 16
#: A point's marker, as a box this many pixels either side of it.
_MARKER = 3.5
#: Labels this far or farther from their point are joined to it by a line.
_LEADER = 12

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Label:
    axes: Axes
    x: float
    y: float
    text: str
    colour: str
    #: A line back to the point where the label is moved away from it; without one, the label
    #: stands on a white ground (the label of a line, which it may cross).
    leader: bool = True


def place(figure: MplFigure, labels: list[Label], points: dict[Axes, list[tuple[float, float]]]) -> None:
    """Lay out ``labels`` on ``figure`` (drawn, its layout fixed), keeping clear of each panel's
    ``points`` (data coordinates), its legend and each other; the labels that come first are
    placed first."""
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    taken: list[Box] = []
    for axes, found in points.items():
        taken += [_marker(axes, x, y) for x, y in found]
        legend = axes.get_legend()
        if legend is not None:
            taken.append(_box(legend.get_window_extent(renderer)))
    for label in labels:
        _place_one(renderer, label, taken)


def _place_one(renderer: RendererBase, label: Label, taken: list[Box]) -> None:
    axes = label.axes
    anchor_x, anchor_y = axes.transData.transform((label.x, label.y))
    probe = _annotate(label, (0.0, 0.0), leader=False)
    extent = _box(probe.get_window_extent(renderer))
    probe.remove()
    width, height = extent[2] - extent[0], extent[3] - extent[1]
    corner_x, corner_y = extent[0] - anchor_x, extent[1] - anchor_y  # the box's corner at offset 0
    found = _nearest_free(anchor_x, anchor_y, width, height, _box(axes.get_window_extent(renderer)), taken)
    if found is None:  # larger than its panel: where it stands
        _annotate(label, (0.0, 0.0), leader=False)
        taken.append(extent)
        return
    dx, dy, box = found
    far = math.hypot(dx + width / 2, dy + height / 2) > _LEADER + max(width, height) / 2
    _annotate(label, (dx - corner_x, dy - corner_y), leader=label.leader and far)
    taken.append(box)


def _annotate(label: Label, offset: tuple[float, float], leader: bool) -> Text:
    arrow = {"arrowstyle": "-", "color": "#777777", "linewidth": 0.5, "shrinkA": 0, "shrinkB": 2} if leader else None
    ground = None if label.leader else {"facecolor": "white", "edgecolor": "none", "pad": 0.5}
    return label.axes.annotate(
        label.text,
        (label.x, label.y),
        xytext=offset,
        textcoords="offset pixels",
        fontsize=FONT_SIZE,
        color=label.colour,
        ha="left",
        va="bottom",
        annotation_clip=False,
        arrowprops=arrow,
        bbox=ground,
    )


def _nearest_free(
    x: float, y: float, width: float, height: float, panel: Box, taken: list[Box]
) -> tuple[float, float, Box] | None:
    """The offset and box of the nearest place for a box of ``width`` by ``height`` around (x, y)
    within ``panel`` that meets none of ``taken``; else the one that meets them least."""
    best: tuple[float, float, float, Box] | None = None
    for radius in _RADII:
        for step in range(_DIRECTIONS):
            angle = math.pi / 4 + 2 * math.pi * step / _DIRECTIONS  # upper right first
            left = x + _along(math.cos(angle), radius, width)
            bottom = y + _along(math.sin(angle), radius, height)
            box = (left, bottom, left + width, bottom + height)
            if not _inside(box, panel):
                continue
            clash = sum(_overlap(box, other) for other in taken)
            if clash == 0:
                return left - x, bottom - y, box
            if best is None or clash < best[0]:
                best = (clash, left - x, bottom - y, box)
    return None if best is None else best[1:]


def _along(direction: float, radius: float, size: float) -> float:
    """The offset of a box's lower or left edge at ``radius`` from the point in ``direction``:
    beside the point to the right or above, before it to the left or below, centred between."""
    if direction > 0.38:
        return radius * direction
    if direction < -0.38:
        return radius * direction - size
    return radius * direction - size / 2


def _marker(axes: Axes, x: float, y: float) -> Box:
    px, py = axes.transData.transform((x, y))
    return (px - _MARKER, py - _MARKER, px + _MARKER, py + _MARKER)


def _box(extent: object) -> Box:
    return (extent.x0, extent.y0, extent.x1, extent.y1)  # type: ignore[attr-defined]


def _inside(box: Box, panel: Box) -> bool:
    return box[0] >= panel[0] + 2 and box[1] >= panel[1] + 2 and box[2] <= panel[2] - 2 and box[3] <= panel[3] - 2


def _overlap(first: Box, second: Box) -> float:
    width = min(first[2], second[2]) - max(first[0], second[0]) + 1
    height = min(first[3], second[3]) - max(first[1], second[1]) + 1
    return width * height if width > 0 and height > 0 else 0.0
