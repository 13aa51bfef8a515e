"""Where the command line prints: tables on stdout, notes and errors on stderr.

A table fits the width it prints into (``$COLUMNS``, else the terminal's, else 200 columns for a
file or a CI log; ``--wide``: no limit) without cutting a cell: its columns narrow by wrapping at
spaces, then the columns of least weight are left out (named in a line after it, with ``--wide``),
and when even the kept columns do not fit, each row prints as a record of ``heading: value`` lines.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.errors import LiveError
from rich.table import Table

from hashbed.console.cells import Cells, numeric_columns

# Text prints as it is (no markup, no emoji codes): messages and cells hold paths, names and [sections].
out = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)
#: The width of a table printed to a file or a CI log, and with --wide.
FILE_WIDTH, WIDE = 200, 100_000
_wide = False


def print_wide(wide: bool = True) -> None:
    """``--wide``: tables print at their full width, every column."""
    global _wide
    _wide = wide


def table_width() -> int:
    """The columns a table may take: unlimited with --wide, else $COLUMNS, the terminal's width, or FILE_WIDTH."""
    if _wide:
        return WIDE
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    return shutil.get_terminal_size().columns if sys.stdout.isatty() else FILE_WIDTH


#: A step shorter than this shows nothing in a log (on a terminal its spinner is gone by then), s.
STEP_LINE_S = 1.0


@contextmanager
def show_step(what: str) -> Iterator[None]:
    """A step of the flow (hashbed.flow.steps): a spinner on a terminal while it runs, and in a
    log a line when it took over STEP_LINE_S; nothing while a progress bar is shown."""
    started = time.monotonic()
    if err.is_terminal:
        try:
            status = err.status(what)
            status.start()
        except LiveError:  # a progress bar is on the screen: it tells what runs
            yield
            return
        try:
            yield
        finally:
            status.stop()
        return
    yield
    took = time.monotonic() - started
    if took > STEP_LINE_S:
        err.print(f"{what}: {took:.0f} s")


def emit_json(data: Any) -> None:
    print(json.dumps(data, indent=2))


def print_table(title: str, cells: Cells, keep: Sequence[str] = ()) -> None:
    """``cells`` as a table that fits ``table_width()``; the columns left out to fit are the ones
    not in ``keep`` (nor the first), from the last."""
    width = table_width()
    columns, rows = cells
    shown = list(range(len(columns)))
    droppable = [i for i in reversed(shown) if i > 0 and columns[i] not in keep]
    while _least_width([columns[i] for i in shown], [[row[i] for i in shown] for row in rows]) > width and droppable:
        shown.remove(droppable.pop(0))
    heads, body = [columns[i] for i in shown], [[row[i] for i in shown] for row in rows]
    if _least_width(heads, body) > width:
        _print_records(title, cells)
        return
    table = Table(title=title)
    for column, right, fitted in zip(heads, numeric_columns((heads, body)), _fitted_widths(heads, body, width)):
        table.add_column(column, justify="right" if right else "left", width=fitted)
    for row in body:
        table.add_row(*row)
    Console(highlight=False, markup=False, emoji=False, width=width).print(table)
    left = [column for column in columns if column not in heads]
    if left:
        out.print(f"left out to fit {width} columns: {', '.join(left)} (--wide shows every column)")


def print_rows(title: str, rows: Sequence[Mapping[str, Any]], columns: Mapping[str, str]) -> None:
    """``rows`` as a table of ``columns`` (key: heading), ``-`` for a value that is None."""
    cells = [["-" if row[key] is None else str(row[key]) for key in columns] for row in rows]
    print_table(title, (list(columns.values()), cells))


def _borders(count: int) -> int:
    """The columns a table's frame takes around ``count`` columns: a rule and two spaces each, one more rule."""
    return 3 * count + 1


def _texts(heads: list[str], body: list[list[str]]) -> list[list[str]]:
    return [[head, *(row[i] for row in body)] for i, head in enumerate(heads)]


def _longest_words(heads: list[str], body: list[list[str]]) -> list[int]:
    return [max(len(word) for text in texts for word in text.split() or [""]) for texts in _texts(heads, body)]


def _least_width(heads: list[str], body: list[list[str]]) -> int:
    """The width of the table with every column at its longest word: narrower cuts a word."""
    return sum(_longest_words(heads, body)) + _borders(len(heads))


def _fitted_widths(heads: list[str], body: list[list[str]], width: int) -> list[int]:
    """Each column's width: its longest cell, the widest of those that can narrow narrowed one at a
    time until the table fits (never below a column's longest word, so no word is cut)."""
    widths = [max(len(text) for text in texts) for texts in _texts(heads, body)]
    least = _longest_words(heads, body)
    while sum(widths) + _borders(len(widths)) > width:
        narrowing = [i for i in range(len(widths)) if widths[i] > least[i]]
        if not narrowing:
            break
        widths[max(narrowing, key=lambda i: widths[i])] -= 1
    return widths


def _print_records(title: str, cells: Cells) -> None:
    """Each row as lines of ``heading: value``, for a width that no column set fits."""
    columns, rows = cells
    out.print(title)
    name = max(len(column) for column in columns)
    for row in rows:
        out.print("")
        for column, value in zip(columns, row):
            out.print(f"  {column.ljust(name)}  {value}")
