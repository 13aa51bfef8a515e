"""The Zynq study's sections of the report: experimental against static-timing Fmax (Tables I
and III), the cycle formulas (Table II), speed-up and communication overhead against message size
(Table IV), with their figures."""

from __future__ import annotations

import re
from typing import Any

from hashbed.catalogue.cores import all_cores
from hashbed.results import ResultStore
from hashbed.studies.catalogue_results import cores_section
from hashbed.studies.document import Figure, Missing, Note, Plot, Section, Series, Table, source
from hashbed.studies.narrowing import Narrow, fill
from hashbed.studies.zynq import testbed_tables, timing_tables
from hashbed.studies.zynq.dma_fit import study_fit
from hashbed.studies.zynq.formulas import TABLE_2_TITLE, formula_cells, formula_rows

#: Panels per row of the overhead figure.
_OVERHEAD_COLUMNS = 5


def sections(store: ResultStore, narrow: Narrow, published: frozenset[str]) -> list[Section]:
    """The study's sections of the rows ``narrow`` keeps, and after them the results of every core
    (hashbed.studies.catalogue_results)."""
    return [_timing(store, narrow), _cycles(store, narrow), _testbed(store, narrow), cores_section(store, narrow, published)]


def _timing(store: ResultStore, narrow: Narrow) -> Section:
    timing = Section("Zynq study: Fmax, static timing against experiment (Tables I and III)", "timing", _timing_fill)
    rows = narrow.rows(timing_tables.fmax_rows(store))
    timing.items.append(
        Table(timing_tables.TABLE_1_TITLE, timing_tables.fmax_cells(rows), source(rows))
        if rows
        else Missing("Table I, static-timing vs experimental Fmax", "make timing, or hashbed time sha1 --device ice40-hx8k")
    )
    if rows:  # the cores of the study's set not searched yet, and their long messages not run
        timing.items.append(Note(timing_tables.MEASURED_NOTE))
        timing.items += [Missing(f"Table I: {what}", command) for what, command in timing_tables.missing_searches(rows)]
        timing.items += [Missing(f"Table I: {what}", command) for what, command in timing_tables.missing_long_messages(rows)]
    boards = narrow.rows(timing_tables.board_rows(store))
    timing.items.append(
        Table(timing_tables.TABLE_3_TITLE, timing_tables.board_cells(boards), source(boards))
        if boards
        else Missing(
            "Table III, experimental Fmax on several boards",
            "make timing, or hashbed time sha1 --device ice40-hx8k --data random --boards 3",
        )
    )
    if rows:
        timing.items.append(_ratio_figure(rows, boards))
    return timing


def _cycles(store: ResultStore, narrow: Narrow) -> Section:
    cycles = Section("Zynq study: cycle formulas (Table II)", "cycles", _cycles_fill)
    formulas = formula_rows(narrow.catalogue(all_cores()), store)
    measured = [row for row in formulas if row["measured"]]
    if narrow.active:  # no 'not measured' rows
        formulas = measured
    if formulas:
        cycles.items.append(
            Table(TABLE_2_TITLE, formula_cells(formulas), source(measured, "none (cycle counts from RTL simulation)"))
        )
    if len(measured) < len(formulas):
        cycles.items.append(
            Note(
                f"{len(formulas) - len(measured)} cores not measured on their current sources "
                "('not measured': run hashbed measure CORE, or hashbed bench)"
            )
        )
    return cycles


def _testbed(store: ResultStore, narrow: Narrow) -> Section:
    testbed = Section("Zynq study: speed-up and communication overhead against message size (Table IV)", "testbed", _testbed_fill)
    series = narrow.rows(testbed_tables.testbed_series(store))
    if series:
        testbed.items.append(Table(testbed_tables.TABLE_4_TITLE, testbed_tables.speedup_cells(series), source(series)))
        testbed.items.append(Note(testbed_tables.software_note(series)))
        arm = testbed_tables.arm_speedup_cells(series)
        if arm is not None:
            cells, figures = arm
            testbed.items.append(Table(testbed_tables.TABLE_4_ARM_TITLE, cells, source(series)))
            testbed.items.append(
                Note(
                    "published software on the Cortex-A9 (the fastest figure of each algorithm): "
                    + "; ".join(f"{f.implementation}, {f.cycles_per_byte:g} cycles/byte ({f.source}; {f.url})" for f in figures)
                )
            )
        testbed.items.append(_overhead_figure(series))
        testbed.items.append(Table(testbed_tables.OVERHEAD_TITLE, testbed_tables.overhead_cells(series), source(series)))
        bottleneck = testbed_tables.bottleneck_rows(series)
        if bottleneck:
            testbed.items.append(
                Table(testbed_tables.BOTTLENECK_TITLE, testbed_tables.bottleneck_cells(bottleneck), source(series))
            )
        elif not narrow.active:
            testbed.items.append(Missing("the DMA bottleneck (the study's Fig. 7b)", "make testbed"))
        fit = study_fit(store)
        if fit is not None:
            testbed.items.append(Note(fit.describe()))
        elif not narrow.active:
            testbed.items.append(
                Missing("the DMA latency fitted to the study's overhead", "make testbed (the 12 candidates with an ideal DMA)")
            )
    else:
        for what in ("Table IV, hardware/software speed-up against message size", "the overhead-against-size figure"):
            testbed.items.append(Missing(what, "make testbed, or hashbed testbed speedup CORE"))
    return testbed


def _timing_fill(narrow: Narrow) -> str:
    return fill(f"hashbed time {{}} --device {narrow.device or 'DEVICE'}", narrow.names(narrow.kept()))


def _cycles_fill(narrow: Narrow) -> str:
    return fill("hashbed measure {}", narrow.names(narrow.kept("hash")))


def _testbed_fill(narrow: Narrow) -> str:
    hash_cores, lwc = narrow.kept("hash"), narrow.kept("lwc")
    if hash_cores or not lwc:
        return fill("hashbed testbed speedup {}", narrow.one(hash_cores))
    return fill("hashbed testbed overhead {}", narrow.one(lwc))  # an LWC core has no software to speed up: its overhead alone


def _ratio_figure(rows: list[dict[str, Any]], boards: list[dict[str, Any]]) -> Figure:
    """Per device, each core's experimental/STA ratio against its STA Fmax, per data mode, with the
    virtual boards' ratios beside them."""
    plots = []
    for device in sorted({row["device"] for row in rows}):
        series, named = [], set()  # a core named once, at its first point (the same x: its STA Fmax)
        for data in ("worst", "random"):
            if group := [r for r in rows if (r["device"], r["data"]) == (device, data)]:
                names = ["" if r["core"] in named else r["core"] for r in group]
                named |= {r["core"] for r in group}
                series.append(Series(f"{data} data", [r["sta_fmax_mhz"] for r in group], [r["ratio"] for r in group], names))
        spread = [
            (r["sta_fmax_mhz"], f / r["sta_fmax_mhz"]) for r in boards if r["device"] == device for f in r["boards"].values()
        ]
        if spread:
            series.append(Series("virtual boards", [x for x, _ in spread], [y for _, y in spread]))
        plots.append(
            Plot(
                f"{device}: each point a core",
                "static-timing Fmax (MHz)",
                "experimental / static-timing Fmax (ratio)",
                series,
                scatter=True,
            )
        )
    return Figure(
        "fmax-ratio",
        "Experimental against static-timing Fmax per core (Table I), and the virtual boards' spread (Table III)",
        plots,
        source(rows + boards),
    )


def _overhead_figure(series: list[dict[str, Any]]) -> Figure:
    """Small multiples: a panel per algorithm (the cores named alike: its versions and lightweight
    cores), a colour per core and clock, a line style per setting (system clock, DMA model)."""
    panels: dict[str, list[Series]] = {}
    for s in series:
        core, setting = _core_and_setting(s)
        line = Series(
            core, [r["size_kb"] for r in s["overhead"]], [100 * (r["ratio"] - 1) for r in s["overhead"]], setting=setting
        )
        panels.setdefault(re.split(r"[-_]", s["core"])[0], []).append(line)
    plots = [Plot(name, "message size (kB)", "overhead (%)", lines, log_x=True) for name, lines in sorted(panels.items())]
    return Figure(
        "overhead-vs-size",
        "Communication overhead (measured time over the cycle formula's) against message size on the simulated board",
        plots,
        source(series),
        columns=min(len(plots), _OVERHEAD_COLUMNS),
    )


def _core_and_setting(series: dict[str, Any]) -> tuple[str, str]:
    """The series' label split into its core with the core's clock, and the rest of its setting."""
    core, clock, *setting = testbed_tables.series_label(series).split(", ")
    return f"{core}, {clock.removeprefix('core ')}", ", ".join(setting)
