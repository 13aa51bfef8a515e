"""Tables and the report as Markdown."""

from __future__ import annotations

from hashbed.console import Cells, numeric_columns


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table(cells: Cells) -> str:
    columns, rows = cells
    rule = ["---:" if right else "---" for right in numeric_columns(cells)]
    lines = ["| " + " | ".join(map(_escape, columns)) + " |", "|" + "|".join(rule) + "|"]
    lines += ["| " + " | ".join(map(_escape, row)) + " |" for row in rows]
    return "\n".join(lines) + "\n"
