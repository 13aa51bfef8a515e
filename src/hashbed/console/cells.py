"""A table as text, as every study makes its tables: for the terminal, Markdown and HTML."""

from __future__ import annotations

import re

#: A table as text: its column headings and its rows of cells (for the terminal, Markdown and HTML).
Cells = tuple[list[str], list[list[str]]]

_NUMBER = re.compile(r"^[-+]?\d[\d.,]*\s*[x+%]?$")


def numeric_columns(cells: Cells) -> list[bool]:
    """Per column: whether every cell is a number (or '-'), to right-align it."""
    columns, rows = cells
    return [bool(rows) and all(_NUMBER.match(row[i]) or row[i] == "-" for row in rows) for i in range(len(columns))]
