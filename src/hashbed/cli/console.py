"""Where the command line prints: tables on stdout, notes and errors on stderr."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from hashbed.studies.cells import Cells, numeric_columns

# Tables keep their full width when the output goes to a file or a CI log. Text prints as it
# is (no markup, no emoji codes): messages and cells hold paths, names and [sections].
_WIDTH = None if sys.stdout.isatty() else 200
out = Console(highlight=False, soft_wrap=True, width=_WIDTH, markup=False, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)


def emit_json(data: Any) -> None:
    print(json.dumps(data, indent=2))


def print_table(title: str, cells: Cells) -> None:
    table = Table(title=title)
    for column, right in zip(cells[0], numeric_columns(cells)):
        table.add_column(column, justify="right" if right else "left")
    for row in cells[1]:
        table.add_row(*row)
    out.print(table)
