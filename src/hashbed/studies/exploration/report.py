"""The exploration study's section of the report: each core's default run against the best of its
search, the rankings by each criterion with their correlation, and the figure of both runs."""

from __future__ import annotations

from hashbed.catalogue.cores import all_cores
from hashbed.results import ResultStore
from hashbed.studies.document import Figure, Missing, Plot, Section, Series, Table, area_axis, source, tpa_unit
from hashbed.studies.exploration import study, tables
from hashbed.studies.narrowing import Narrow, fill


def sections(store: ResultStore, narrow: Narrow, published: frozenset[str]) -> list[Section]:
    """The study's section of the rows ``narrow`` keeps."""
    section = Section("Exploration: the default run against the best of a tool-option search", "exploration", _fill)
    cores = study.study_cores() if narrow.cores is None else narrow.catalogue(all_cores())
    rows = narrow.rows(tables.study_rows(store, cores))
    command = f"hashbed explore CORE --device {study.DEVICE} --budget {study.BUDGET}"
    if not rows:
        section.items.append(Missing("the exploration study's results", f"make explore, or {command}"))
        return [section]
    explored = {row["core"] for row in rows}
    section.items += [
        Missing(f"the exploration of {core.name} on {study.DEVICE}", f"make explore, or {command}")
        for core in cores
        if core.name not in explored
    ]
    section.items.append(Table(tables.TITLE, tables.study_cells(rows), source(rows)))
    for by in tables.RANKED_BY:
        cells, rho = tables.ranking_cells(rows, by)
        correlation = f"Spearman's rank correlation of the two rankings: {rho:.3f}" if rho is not None else "too few cores"
        section.items.append(Table(f"Ranking by {by}, default run against best run ({correlation})", cells, source(rows)))
    default = Series("default run", [r["default_luts"] for r in rows], [r["default_throughput_mbps"] for r in rows])
    best = Series(
        "best run", [r["best_luts"] for r in rows], [r["best_throughput_mbps"] for r in rows], [r["core"] for r in rows]
    )
    plot = Plot(
        "each point a core; dashed: equal throughput per area",
        area_axis(study.DEVICE),
        "throughput, long messages (Mbit/s)",
        [default, best],
        scatter=True,
        log_x=True,
        log_y=True,
        ratio_lines=tpa_unit(study.DEVICE),
    )
    section.items.append(Figure("exploration-gain", f"Default and best run of each core on {study.DEVICE}", [plot], source(rows)))
    return [section]


def _fill(narrow: Narrow) -> str:
    if narrow.devices is not None and study.DEVICE not in narrow.devices:
        return f"the study explores on {study.DEVICE} alone"
    command = f"hashbed explore {{}} --device {study.DEVICE} --budget {study.BUDGET}"
    return fill(command, narrow.names(narrow.kept("hash")))
