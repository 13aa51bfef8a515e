"""The pipeline study's section of the report: per algorithm and device, throughput per area and
the improvement over one stage against depth (over the placer seeds), with the tables of each seed; optimized against base, the
spread over seeds, and what the rows say of the study's claims."""

from __future__ import annotations

from typing import Any

from hashbed.results import ResultStore
from hashbed.studies.document import Figure, Missing, Note, Plot, Section, Series, Table, over_seeds, source, tpa_unit
from hashbed.studies.narrowing import Narrow
from hashbed.studies.pipelined import tables as pipeline_tables


def sections(store: ResultStore, narrow: Narrow, published: frozenset[str]) -> list[Section]:
    """The study's section of the rows ``narrow`` keeps: none when it keeps cores."""
    section = Section("Pipeline study: throughput per area and improvement against depth", "pipeline", _fill)
    # its rows are of pipeline designs, not of cores: narrowing to cores keeps none
    rows = [r for r in pipeline_tables.point_rows(store) if narrow.cores is None and narrow.keeps(device=r["device"])]
    if not rows:
        section.items.append(
            Missing("the pipeline study's depth tables and curves", "make sweep, or hashbed sweep pipeline --device ecp5-85k")
        )
        return [section]
    tables = pipeline_tables.depth_tables(rows)
    for algorithm, device in sorted({(t["algorithm"], t["device"]) for t in tables}):
        group = [t for t in tables if (t["algorithm"], t["device"]) == (algorithm, device)]
        section.items.append(_depth_figure(group))
        for table in sorted(group, key=lambda t: t["seed"]):
            fitting = [p for p in table["points"] if p["fits"]]
            section.items.append(
                Table(pipeline_tables.depth_title(table), pipeline_tables.depth_cells(table), source(fitting or table["points"]))
            )
            if missing := pipeline_tables.missing_points(table):
                section.items.append(Missing(*missing))
    ratios = pipeline_tables.opt_vs_base(rows)
    if ratios:
        section.items.append(
            Table(pipeline_tables.RATIO_TITLE, pipeline_tables.ratio_cells(ratios), source([r for r in rows if r["fits"]]))
        )
    spread = pipeline_tables.seed_spread(rows)
    if spread:
        spread_points = {(r["design"], r["device"], r["stages"]) for r in spread}
        section.items.append(
            Table(
                pipeline_tables.SPREAD_TITLE,
                pipeline_tables.spread_cells(spread),
                source([r for r in rows if r["fits"] and (r["design"], r["device"], r["stages"]) in spread_points]),
            )
        )
    section.items += [Note(text) for text in [*pipeline_tables.claims(rows), pipeline_tables.SHELL_NOTE]]
    return [section]


def _fill(narrow: Narrow) -> str:
    sweep = f"hashbed sweep pipeline --device {narrow.device or 'ecp5-85k'}"
    return sweep if narrow.cores is None else f"its rows are pipeline designs, not cores: {sweep}"


def _depth_figure(group: list[dict[str, Any]]) -> Figure:
    """TP/A and the improvement I against depth of an algorithm's designs on a device: at each
    depth the median over the placer seeds, and their range."""
    algorithm, device = group[0]["algorithm"], group[0]["device"]
    seeds = sorted({table["seed"] for table in group})
    curves: dict[str, list[Series]] = {"tpa_mbps_per_lut": [], "improvement": []}
    points = []
    for architecture in sorted({table["architecture"] for table in group}):
        fitting = [p for t in group if t["architecture"] == architecture for p in t["points"] if p["fits"]]
        points += fitting
        for key, values in curves.items():
            shown = [p for p in fitting if p[key] is not None]
            values.append(over_seeds(architecture, shown, "stages", key, lambda p: p["stages"]))
    plots = [
        Plot(
            "throughput per area", "depth (pipeline stages)", f"TP/A ({tpa_unit(device)})", curves["tpa_mbps_per_lut"], log_x=True
        ),
        Plot(
            "improvement over one stage",
            "depth (pipeline stages)",
            "I = (T_k/A_k) / (T_1/A_1) (ratio)",
            curves["improvement"],
            log_x=True,
        ),
    ]
    over = f"the median and range over seeds {', '.join(map(str, seeds))}" if len(seeds) > 1 else f"seed {seeds[0]}"
    return Figure(
        f"pipeline-{algorithm}-{device}",
        f"{algorithm} pipelines on {device}: TP/A and improvement I against depth ({over})",
        plots,
        source(points),
    )
