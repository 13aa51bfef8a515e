"""Tables and the report as Markdown."""

from __future__ import annotations

from hashbed.console.cells import Cells, numeric_columns
from hashbed.studies.document import Figure, Missing, Section, Table


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table(cells: Cells) -> str:
    columns, rows = cells
    rule = ["---:" if right else "---" for right in numeric_columns(cells)]
    lines = ["| " + " | ".join(map(_escape, columns)) + " |", "|" + "|".join(rule) + "|"]
    lines += ["| " + " | ".join(map(_escape, row)) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def markdown_report(header: list[str], sections: list[Section], image_dir: str = "") -> str:
    """The whole report; figures are linked as ``image_dir``/NAME.png."""
    lines = ["# hashbed report", ""]
    for line in header:
        lines += [line, ""]
    lines += [f"- [{section.title}](#{section.anchor})" for section in sections]
    for section in sections:
        lines += ["", f'<a id="{section.anchor}"></a>', "", f"## {section.title}", ""]
        for item in section.items:
            if isinstance(item, Table):
                lines += [f"**{item.title}**", "", f"*{item.source}*", "", markdown_table(item.cells).rstrip("\n"), ""]
            elif isinstance(item, Figure):
                path = f"{image_dir.rstrip('/')}/{item.name}.png" if image_dir else f"{item.name}.png"
                lines += [f"![{item.caption}]({path})", "", f"*{item.caption}. {item.source}*", ""]
            elif isinstance(item, Missing):
                lines += [f"> {item}", ""]
            else:
                lines += [item.text, ""]
    return "\n".join(lines).rstrip("\n") + "\n"
