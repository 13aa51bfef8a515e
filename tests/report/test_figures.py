"""The report's figures as drawn (hashbed.report.figures), of the published results and of the
fixture store: no two texts of a figure meet, every axis is labelled with its unit and has
labelled ticks, and the figures a reader would otherwise find near-empty are not made."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hashbed.report.figures.render import draw_figure
from hashbed.report.figures.ticks import label_log_axis
from hashbed.report.sections import sections
from hashbed.results import ResultStore
from hashbed.results.published import published_jobs_file
from hashbed.studies.document import Figure, Heatmap, Plot, Series
from hashbed.testbed.simulated import DmaModel
from support import fixture_store

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure as MplFigure
    from matplotlib.text import Text

#: An axis label ends with its unit in parentheses: (MHz), (LUT4s), (ratio), (%).
UNIT = re.compile(r"\([^()]+\)$")


def _figures(store: ResultStore) -> dict[str, Figure]:
    return {item.name: item for section in sections(store, "all") for item in section.items if isinstance(item, Figure)}


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Figure]:
    store = ResultStore(tmp_path_factory.mktemp("published") / "published.db")
    store.import_from(published_jobs_file())
    return _figures(store)


@pytest.fixture(scope="module")
def fixture(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Figure]:
    return _figures(ResultStore(fixture_store.fill(tmp_path_factory.mktemp("fixture") / "results.db")))


def _tick_labels(axis: Axis) -> list[Text]:
    """The labels of the ticks drawn (within the axis' view), non-empty, on either side."""
    low, high = sorted(axis.get_view_interval())
    return [
        label
        for tick in axis.get_major_ticks()
        if low <= tick.get_loc() <= high
        for label in (tick.label1, tick.label2)
        if label.get_visible() and label.get_text()
    ]


def _texts(figure: MplFigure) -> list[Text]:
    """Every text drawn on the figure: titles, axis and tick labels, legends, point labels, captions."""
    from matplotlib.text import Text

    ticks = {id(label) for axes in figure.axes for axis in (axes.xaxis, axes.yaxis) for label in _all_tick_labels(axis)}
    drawn = [t for t in figure.findobj(Text) if id(t) not in ticks and t.get_visible() and t.get_text().strip()]
    return drawn + [label for axes in figure.axes for axis in (axes.xaxis, axes.yaxis) for label in _tick_labels(axis)]


def _all_tick_labels(axis: Axis) -> list[Text]:
    return [label for tick in [*axis.get_major_ticks(), *axis.get_minor_ticks()] for label in (tick.label1, tick.label2)]


def _overlaps(figure: MplFigure) -> list[str]:
    from matplotlib.text import Text

    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = [
        (text.get_text(), Text.get_window_extent(text, renderer)) for text in _texts(figure)
    ]  # the text, not its leader line
    return [f"{a!r} meets {b!r}" for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2) if box_a.overlaps(box_b)]


def _axis_problems(figure: MplFigure) -> list[str]:
    problems = []
    for axes in figure.axes:
        heatmap = bool(axes.images)
        colour_bar = hasattr(axes, "_colorbar")
        for axis in (axes.xaxis, axes.yaxis):
            where = f"{axes.get_title() or 'colour bar'}, {axis.axis_name} axis"
            if colour_bar and axis is axes.xaxis:
                continue
            if not heatmap and not UNIT.search(axis.get_label_text()):
                problems.append(f"{where}: label {axis.get_label_text()!r} names no unit")
            if len(_tick_labels(axis)) < (1 if heatmap else 2):  # a heatmap's: a row or column each
                problems.append(f"{where}: {len(_tick_labels(axis))} labelled ticks")
    return problems


def _check(figure: Figure) -> list[str]:
    drawn = draw_figure(figure)
    drawn.canvas.draw()
    return [f"{figure.name}: {p}" for p in _overlaps(drawn) + _axis_problems(drawn)]


def test_no_text_meets_another_and_every_axis_has_its_unit_and_ticks_in_the_published_figures(
    published: dict[str, Figure],
) -> None:
    kinds = {"fmax-ratio", "overhead-vs-size", "exploration-gain", "lightweight-table3", "throughput-vs-area-ecp5-25k"}
    assert kinds | {"pipeline-sha-1-ecp5-25k", "lwc-throughput-vs-area-ecp5-25k", "lightweight-ecp5-25k"} <= set(published)
    assert [problem for figure in published.values() for problem in _check(figure)] == []


def test_the_fixture_stores_figures_pass_the_same_checks(fixture: dict[str, Figure]) -> None:
    assert [problem for figure in fixture.values() for problem in _check(figure)] == []


def test_one_figure_per_device_shows_the_seeds_as_ranges(published: dict[str, Figure]) -> None:
    names = sorted(published)
    assert not [name for name in names if re.search(r"-s\d+$", name)]  # no figure per seed
    pipelines = [name for name in names if name.startswith("pipeline-")]
    assert "pipeline-sha-1-ecp5-25k" in pipelines and len(pipelines) == len(set(pipelines))
    (tpa, _) = published["pipeline-sha-1-ecp5-25k"].plots
    assert isinstance(tpa, Plot) and any(series.y_range for series in tpa.series)  # seeds 1 to 5 as ranges
    machxo = published["throughput-vs-area-machxo3-7k"].plots[0]
    assert isinstance(machxo, Plot) and machxo.series[0].y_range and machxo.ratio_lines == "Mbit/s per LUT4"


def test_gatemates_area_is_in_cpes(published: dict[str, Figure]) -> None:
    for name in ("throughput-vs-area-gatemate-a1", "lightweight-gatemate-a1"):
        plot = published[name].plots[0]
        assert isinstance(plot, Plot) and plot.xlabel == "area (CPEs)" and plot.ratio_lines == "Mbit/s per CPE"


def test_the_overhead_figure_is_small_multiples_with_a_few_lines_each(published: dict[str, Figure]) -> None:
    figure = published["overhead-vs-size"]
    assert len(figure.plots) > 10 and figure.columns
    assert all(isinstance(p, Plot) and 1 <= len(p.series) <= 5 * 3 for p in figure.plots)
    assert all(series.setting for p in figure.plots if isinstance(p, Plot) for series in p.series)


def test_a_second_setting_of_a_core_is_a_line_style_beside_its_first(tmp_path: Path) -> None:
    db = fixture_store.fill(tmp_path / "settings.db", pipeline=False, lightweight=False, lwc=False)
    with ResultStore(db) as store:
        fixture_store.put_testbed(store, "sha1", 140.0, 14.0, DmaModel(latency=300))
        (figure,) = [f for f in _figures(store).values() if f.name == "overhead-vs-size"]
    panels = {p.title: p for p in figure.plots if isinstance(p, Plot)}
    assert sorted(panels) == ["sha1", "sha256"]  # a panel per algorithm
    assert [(s.label, s.setting) for s in panels["sha1"].series] == [
        ("sha1, 140.00 MHz", "system 100 MHz, ideal DMA"),
        ("sha1, 140.00 MHz", "system 100 MHz, DMA latency=300"),
    ]
    drawn = draw_figure(figure)
    legend = drawn.axes[0].get_legend()
    assert legend is not None and {t.get_text() for t in legend.get_texts()} >= {s.setting for s in panels["sha1"].series}
    assert _check(figure) == []


def test_table_3_across_families_is_a_heatmap_per_architecture(published: dict[str, Figure]) -> None:
    plots = published["lightweight-table3"].plots
    assert [p.title for p in plots] == ["lightweight-logic", "lightweight-bram"]
    assert all(isinstance(p, Heatmap) and p.rows[-1] == "sha-256" and "ecp5" in p.columns for p in plots)


@pytest.mark.parametrize(("low", "high"), [(1700.0, 2170.0), (700.0, 17000.0), (0.016, 5000.0), (95.0, 105.0)])
def test_a_log_axis_is_labelled_over_any_span(low: float, high: float) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure as MplFigure

    figure = MplFigure()
    FigureCanvasAgg(figure)
    axes: Axes = figure.subplots()
    axes.set_xscale("log")
    axes.set_xlim(low, high)
    label_log_axis(axes.xaxis, low, high)
    figure.canvas.draw()
    assert len(_tick_labels(axes.xaxis)) >= 2


def test_labels_crowded_on_one_spot_are_laid_out_apart() -> None:
    spread = [1.015**i for i in range(12)]  # a few pixels apart, no two at one place
    crowd = Series("cores", [1000.0 * f for f in spread], [100.0 * f for f in spread], [f"core{i}" for i in range(12)])
    figure = Figure(
        "crowd", "twelve cores in one spot", [Plot("t", "area (LUT4s)", "throughput (Mbit/s)", [crowd], scatter=True)], "s"
    )
    drawn = draw_figure(figure)
    drawn.canvas.draw()
    assert _overlaps(drawn) == []
    assert sum(1 for text in _texts(drawn) if text.get_text().startswith("core")) == 12


def test_the_figures_are_small_pngs(published: dict[str, Figure]) -> None:
    from hashbed.report.figures import render_png

    assert len(render_png(published["overhead-vs-size"])) < 120_000  # fifteen panels
    png = render_png(published["throughput-vs-area-gatemate-a1"])
    assert png.startswith(b"\x89PNG") and len(png) < 40_000
    assert render_png(published["throughput-vs-area-gatemate-a1"]) == png  # the same data, the same file
