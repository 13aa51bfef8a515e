"""The report as one self-contained HTML page: inline CSS, figures as base64 data URIs, no
script and nothing fetched from the network."""

from __future__ import annotations

import base64
import re
from html import escape

from hashbed.console.cells import Cells, numeric_columns
from hashbed.studies.document import Figure, Missing, Section, Table

GENERATOR = "hashbed report"
_CODE = re.compile(r"`([^`]+)`")


def _code(text: str) -> str:
    """Markdown's `code` spans as <code>."""
    return _CODE.sub(r"<code>\1</code>", text)


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 78em; padding: 0 1em;
       color: #1b1b1b; line-height: 1.45; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .4em 0 1.2em; font-size: .85em; }
th, td { border: 1px solid #d0d0d0; padding: .2em .5em; } th { background: #f1f1f1; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-weight: 600; padding-bottom: .2em; }
.source { font-size: .8em; color: #555; font-weight: normal; display: block; }
figure { margin: 1em 0; } figure img { max-width: 100%; height: auto; border: 1px solid #e0e0e0; }
figcaption { font-size: .85em; color: #333; }
.missing { background: #fff4e5; border-left: 4px solid #f0a030; padding: .4em .8em; }
.header { color: #444; font-size: .9em; }
"""


def _table(table: Table) -> str:
    cells: Cells = table.cells
    numeric = numeric_columns(cells)
    head = "".join(f"<th>{escape(c)}</th>" for c in cells[0])
    body = "".join(
        "<tr>" + "".join(f"<td{' class=num' if numeric[i] else ''}>{escape(cell)}</td>" for i, cell in enumerate(row)) + "</tr>"
        for row in cells[1]
    )
    caption = f'{escape(table.title)}<span class="source">{escape(table.source)}</span>'
    return f"<table><caption>{caption}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _figure(figure: Figure, png: bytes) -> str:
    data = base64.b64encode(png).decode("ascii")
    return (
        f'<figure id="{escape(figure.name)}"><img src="data:image/png;base64,{data}" alt="{escape(figure.caption)}">'
        f"<figcaption>{escape(figure.caption)}. <span class=source>{escape(figure.source)}</span></figcaption></figure>"
    )


def html_report(header: list[str], sections: list[Section], pngs: dict[str, bytes]) -> str:
    """The page; ``pngs`` holds each figure's PNG by its name."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta name="generator" content="{GENERATOR}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>hashbed report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>hashbed report</h1>",
        *[f'<p class="header">{_code(escape(line))}</p>' for line in header],
        "<ul>" + "".join(f'<li><a href="#{s.anchor}">{escape(s.title)}</a></li>' for s in sections) + "</ul>",
    ]
    for section in sections:
        parts.append(f'<section id="{section.anchor}"><h2>{escape(section.title)}</h2>')
        for item in section.items:
            if isinstance(item, Table):
                parts.append(_table(item))
            elif isinstance(item, Figure):
                parts.append(_figure(item, pngs[item.name]))
            elif isinstance(item, Missing):
                parts.append(f'<p class="missing">{escape(str(item))}</p>')
            else:
                parts.append(f"<p>{escape(item.text)}</p>")
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
