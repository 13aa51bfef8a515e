"""``hashbed report --out DIR``: the report folder (README.md with every table, one PNG per
figure, and the self-contained index.html), and optionally the Markdown page elsewhere."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hashbed import __version__
from hashbed.errors import HashbedError
from hashbed.report.figures import render_png
from hashbed.report.html import GENERATOR, html_report
from hashbed.report.markdown import markdown_report
from hashbed.report.sections import Figure, Missing, Table, sections
from hashbed.results import ResultStore


@dataclass(frozen=True)
class Written:
    folder: Path
    tables: int
    figures: int
    missing: list[str]


def _header(store: ResultStore, command: str) -> list[str]:
    jobs = store.jobs()
    latest = max((job.finished_at for job in jobs), default="never")
    return [
        f"From the results store {store.path.name}: {len(jobs)} jobs, the latest finished {latest}. "
        f"Made by hashbed {__version__} with `{command}`.",
        "Each table and figure names the devices, the tool versions and the hashbed versions of the rows it shows; "
        "what is not stored yet is marked missing, with the command that makes it.",
    ]


def _folder(out_dir: Path) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise HashbedError(f"--out {out_dir} is a file: pass a folder for the report (it is created if missing)")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HashbedError(f"cannot create the report folder {out_dir}: {exc.strerror} (pass another --out)") from None
    index = out_dir / "index.html"
    if index.is_file() and f'content="{GENERATOR}"' in index.read_text(errors="replace"):
        for old in out_dir.glob("*.png"):  # figures of an earlier report: those still made are written again
            old.unlink()


def write_report(store: ResultStore, study: str, out_dir: Path, command: str, page: Path | None = None) -> Written:
    """Write the report of ``study`` into ``out_dir``, and its Markdown to ``page`` if given
    (figures linked into ``out_dir``)."""
    chosen = sections(store, study)
    if page is not None and page.is_dir():
        raise HashbedError(f"--page {page} is a folder: pass the Markdown file to write, e.g. docs/results.md")
    if page is not None and not page.absolute().parent.is_dir():
        raise HashbedError(f"--page {page}: its folder {page.parent} does not exist (create it, or pass another --page)")
    items = [item for section in chosen for item in section.items]
    figures = [item for item in items if isinstance(item, Figure)]
    pngs = {figure.name: render_png(figure) for figure in figures}
    header = _header(store, command)
    _folder(out_dir)
    try:
        for name, png in pngs.items():
            (out_dir / f"{name}.png").write_bytes(png)
        (out_dir / "README.md").write_text(markdown_report(header, chosen))
        (out_dir / "index.html").write_text(html_report(header, chosen, pngs))
        if page is not None:
            image_dir = Path(os.path.relpath(out_dir.absolute(), page.absolute().parent)).as_posix()
            page.write_text(markdown_report(header, chosen, image_dir))
    except OSError as exc:
        raise HashbedError(f"cannot write the report: {exc} (pass another --out or --page)") from None
    missing = [str(item) for item in items if isinstance(item, Missing)]
    return Written(out_dir, sum(isinstance(item, Table) for item in items), len(figures), missing)
