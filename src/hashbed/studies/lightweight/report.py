"""The lightweight study's section of the report: Table 3 across the families with its verdicts,
and per device the cores' throughput against area, their throughput table relative to SHA-256 and,
where estimated, their power table."""

from __future__ import annotations

from hashbed.catalogue.cores import all_cores
from hashbed.results import ResultStore
from hashbed.studies.document import Figure, Missing, Note, Plot, Section, Series, Table, source
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
        plot = Plot("each point a lightweight core", "area (LUTs)", "throughput, long messages (Mbit/s)", series, scatter=True)
        section.items.append(
            Figure(f"lightweight-{device}", f"Lightweight cores on {device}: throughput against area", [plot], source(flow))
        )
        section.items.append(Table(f"{LIGHTWEIGHT_TITLE} on {device}", lightweight_cells(flow), source(flow)))
        if estimated := power_rows(flow):
            section.items.append(Table(f"{POWER_TITLE} on {device}", power_cells(estimated), source(estimated)))
    section.items.append(Note(LIGHTWEIGHT_NOTE))
    return [section]


def _fill(narrow: Narrow) -> str:
    lightweight = [core for core in narrow.kept("hash") if core.architecture in ARCHITECTURES]
    command = f"hashbed bench {{}} --device {narrow.device or 'ecp5-25k'}"
    return fill(command, narrow.names(lightweight, "LIGHTWEIGHT-CORE"), "lightweight")
