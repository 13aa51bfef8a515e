"""The lightweight study's section of the report: Table 3 across the families, as a table and a
heatmap, with its verdicts, and per device the cores' throughput against area, their throughput
table relative to SHA-256 and, where estimated, their power table."""

from __future__ import annotations

from hashbed.catalogue.cores import all_cores
from hashbed.results import ResultStore
from hashbed.studies.document import Figure, Heatmap, Missing, Note, Plot, Section, Series, Table, area_axis, source, tpa_unit
from hashbed.studies.lightweight import families
from hashbed.studies.lightweight.tables import (
    ARCHITECTURES,
    LIGHTWEIGHT_NOTE,
    LIGHTWEIGHT_TITLE,
    POWER_TITLE,
    lightweight_cells,
    lightweight_rows,
    power_cells,
    power_rows,
)
from hashbed.studies.narrowing import Narrow, fill


def sections(store: ResultStore, narrow: Narrow, published: frozenset[str]) -> list[Section]:
    """The study's section of the rows ``narrow`` keeps."""
    section = Section("Lightweight study: throughput, TP/A and energy per bit relative to SHA-256", "lightweight", _fill)
    rows = narrow.rows(lightweight_rows(store, {core.name: core for core in all_cores()}))
    if not rows:
        section.items.append(Missing("the lightweight study's results", "hashbed bench --device ecp5-25k on the *_lw cores"))
        return [section]
    cells = families.family_cells(rows, store)
    shown = [cell.row for cell in cells.values() if cell.row is not None]
    section.items.append(Table(families.TITLE, families.table3_cells(cells), source(shown)))
    section.items.append(_table3_figure(cells, source(shown)))
    section.items += [Note(families.verdict_text(v)) for v in families.verdicts(cells)]
    if failed := families.failure_notes(cells):
        section.items.append(Note("Failed implementations in Table 3 across families: " + "; ".join(failed)))
    for device in sorted({row["device"] for row in rows}):
        flow = [row for row in rows if row["device"] == device]
        series = [
            Series(architecture, [r["luts"] for r in group], [r["throughput_mbps"] for r in group], [r["core"] for r in group])
            for architecture in ARCHITECTURES
            if (group := [r for r in flow if r["architecture"] == architecture])
        ]
        plot = Plot(
            "each point a lightweight core; dashed: equal throughput per area",
            area_axis(device),
            "throughput, long messages (Mbit/s)",
            series,
            scatter=True,
            log_x=True,
            log_y=True,
            ratio_lines=tpa_unit(device),
        )
        section.items.append(
            Figure(f"lightweight-{device}", f"Lightweight cores on {device}: throughput against area", [plot], source(flow))
        )
        section.items.append(Table(f"{LIGHTWEIGHT_TITLE} on {device}", lightweight_cells(flow), source(flow)))
        if estimated := power_rows(flow):
            section.items.append(Table(f"{POWER_TITLE} on {device}", power_cells(estimated), source(estimated)))
    section.items.append(Note(LIGHTWEIGHT_NOTE))
    return [section]


def _table3_figure(cells: dict[tuple[str, str, str], families.Cell], where: str) -> Figure:
    """Table 3 across families as a heatmap per architecture: a function per row, a family per column."""
    shown = families.families_shown(cells)
    plots: list[Plot | Heatmap] = []
    for architecture in ARCHITECTURES:
        functions = families.functions(cells, architecture)
        if not functions:
            continue
        found = [[cells.get((architecture, function, family)) for family in shown] for function in functions]
        plots.append(
            Heatmap(
                architecture,
                functions,
                [families.heading(family) for family in shown],
                [[cell.row["tpa_vs_sha256"] if cell and cell.row else None for cell in row] for row in found],
                [[families.short_text(cell) for cell in row] for row in found],
                "TP/A relative to SHA-256 (ratio)",
            )
        )
    return Figure(
        "lightweight-table3",
        "Lightweight study, Table 3 across families: throughput per area relative to SHA-256 (blue: better)",
        plots,
        where,
    )


def _fill(narrow: Narrow) -> str:
    lightweight = [core for core in narrow.kept("hash") if core.architecture in ARCHITECTURES]
    command = f"hashbed bench {{}} --device {narrow.device or 'ecp5-25k'}"
    return fill(command, narrow.names(lightweight, "LIGHTWEIGHT-CORE"), "lightweight")
