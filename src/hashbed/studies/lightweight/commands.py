"""The lightweight study's tables as ``hashbed report lightweight`` prints them (the study has no
command of its own: ``hashbed bench`` and ``energy`` store its rows)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hashbed.catalogue.cores import all_cores
from hashbed.console.printing import out, print_table
from hashbed.results import ResultStore
from hashbed.studies.lightweight import families
from hashbed.studies.lightweight.tables import (
    LIGHTWEIGHT_NOTE,
    LIGHTWEIGHT_TITLE,
    POWER_TITLE,
    lightweight_cells,
    lightweight_rows,
    power_cells,
    power_rows,
)


def print_report(store: ResultStore) -> None:
    rows = lightweight_rows(store, {core.name: core for core in all_cores()})
    if not rows:
        out.print("lightweight study: no results yet (run 'hashbed bench --device ecp5-25k' on the *_lw cores)")
        return
    print_table(LIGHTWEIGHT_TITLE, lightweight_cells(rows))
    if estimated := power_rows(rows):
        print_table(POWER_TITLE, power_cells(estimated))
    out.print(LIGHTWEIGHT_NOTE)
    cells = families.family_cells(rows, store)
    print_table(families.TITLE, families.table3_cells(cells))
    for verdict in families.verdicts(cells):
        out.print(families.verdict_text(verdict))
    for failure in families.failure_notes(cells):
        out.print(f"failed: {failure}")


def report_json(store: ResultStore) -> dict[str, Any]:
    rows = lightweight_rows(store, {core.name: core for core in all_cores()})
    cells = families.family_cells(rows, store)
    return {"rows": rows, "families": [dataclasses.asdict(v) for v in families.verdicts(cells)]}
