"""The Zynq study's commands, ``hashbed testbed``, ``board`` and ``time``, and its tables as
``hashbed report zynq`` prints them: Table II, then Tables I and III."""

from __future__ import annotations

from typing import Any

from hashbed.catalogue.cores import all_cores
from hashbed.console.options import SharedOptions
from hashbed.console.printing import out, print_table
from hashbed.results import ResultStore
from hashbed.studies.zynq import testbed_commands, timing_commands
from hashbed.studies.zynq.board import commands as board_commands
from hashbed.studies.zynq.formulas import TABLE_2_TITLE, formula_cells, formula_rows
from hashbed.studies.zynq.timing_tables import board_rows, fmax_rows


def add_commands(sub: Any, shared: SharedOptions) -> None:
    testbed_commands.add_parser(sub, shared.jobs())
    board_commands.add_parser(sub, shared)
    timing_commands.add_parser(sub, shared.jobs())


def print_report(store: ResultStore) -> None:
    print_table(TABLE_2_TITLE, formula_cells(formula_rows(all_cores(), store)))
    out.print("measured: the latest 'hashbed measure' of the current sources ('not measured': run it, or 'hashbed bench')")
    timing_commands.print_timing_tables(store)


def report_json(store: ResultStore) -> dict[str, Any]:
    return {"table_1": fmax_rows(store), "table_2": formula_rows(all_cores(), store), "table_3": board_rows(store)}
