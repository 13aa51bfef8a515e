"""``hashbed report --out DIR``: the report folder (README.md with every table, one PNG per
figure, and the self-contained index.html), or with ``--page FILE`` the Markdown there instead
of the folder's README.md."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hashbed import __version__
from hashbed.errors import HashbedError
from hashbed.flow.folders import check_own_folder, check_writable_file, mark_folder
from hashbed.report.figures import render_png
from hashbed.report.html import html_report
from hashbed.report.markdown import markdown_report
from hashbed.report.sections import has_rows, left_out_line, sections
from hashbed.results import ResultStore
from hashbed.studies.document import Figure, Missing, Table
from hashbed.studies.narrowing import EVERYTHING, Narrow

#: The file that marks a folder as one that ``hashbed report --out`` wrote and may write again.
MARKER = ".hashbed-report"
MARKER_TEXT = "This folder is written by 'hashbed report --out', which replaces its README.md, index.html and figures.\n"
#: The first line of a page that ``hashbed report --page`` wrote and may write again.
PAGE_MARKER = "<!-- written by 'hashbed report --page', which rewrites this file -->"


@dataclass(frozen=True)
class Written:
    folder: Path
    tables: int
    figures: int
    missing: list[str]
    #: The line naming the sections a narrowed report left out (None: none was).
    left_out: str | None = None


def _header(
    store: ResultStore, command: str, narrow: Narrow = EVERYTHING, left_out: str | None = None, source: str | None = None
) -> list[str]:
    jobs = store.jobs()
    latest = max((job.finished_at for job in jobs), default="never")
    made = f"From {source or 'the results store ' + store.path.name}: {len(jobs)} jobs, the latest finished {latest}. "
    made += f"Made by hashbed {__version__} with `{command}`."
    if not narrow.active:
        return [
            made,
            "Each table and figure names the devices, the tool versions and the hashbed versions of the rows it shows; "
            "what is not stored yet is marked missing, with the command that makes it.",
        ]
    cores = "every core" if narrow.cores is None else f"the cores {', '.join(sorted(narrow.cores))}"
    if narrow.named:
        cores += f" ({', '.join(narrow.named)} and the cores of the same algorithm)"
    devices = "every device" if narrow.devices is None else ", ".join(sorted(narrow.devices))
    header = [
        made,
        f"Only the rows of {cores} on {devices} (and their rows of no device: cycle counts from RTL simulation, "
        "the testbed's board); each table and figure names the devices, the tool versions and the hashbed versions "
        "of the rows it shows.",
    ]
    return header if left_out is None else [left_out, *header]


def _check_page(page: Path) -> None:
    """Refuse a page that cannot be written, or is a file that ``hashbed report`` did not write."""
    check_writable_file(page, "--page", "the Markdown file to write, e.g. docs/results.md")
    if not page.exists():
        return
    try:
        with page.open(encoding="utf-8", errors="replace") as text:
            first = text.readline().rstrip("\n")
    except OSError as exc:
        raise HashbedError(f"cannot read --page {page}: {exc.strerror} (pass another --page)") from None
    if first != PAGE_MARKER:
        raise HashbedError(
            f"--page {page} was not written by 'hashbed report' (its first line is not {PAGE_MARKER}): "
            "pass a new file, or remove this one first"
        )


def check_targets(out_dir: Path, page: Path | None) -> None:
    """Refuse a report folder or page that cannot be written, or that ``hashbed report`` did not make."""
    check_own_folder(out_dir, "--out", "the report", MARKER, "hashbed report")
    if page is not None:
        _check_page(page)


def _prepare_folder(out_dir: Path) -> None:
    """Create the checked folder and mark it; the figures of an earlier report there go (those
    still made are written again)."""
    mark_folder(out_dir, MARKER, MARKER_TEXT)
    for old in out_dir.glob("*.png"):
        old.unlink()


def write_report(
    store: ResultStore,
    study: str,
    out_dir: Path,
    command: str,
    page: Path | None = None,
    narrow: Narrow = EVERYTHING,
    source: str | None = None,
    published: frozenset[str] = frozenset(),
) -> Written:
    """Write the report of ``study`` into ``out_dir`` (the figures, index.html, and README.md with
    the tables), or with ``page`` the Markdown there instead of README.md (figures linked into
    ``out_dir``: one Markdown copy of the report). Nothing is written into a folder or over a page
    that ``hashbed report`` did not make. A ``narrow`` report leaves out the sections without rows,
    named in one line at its top (``Written.left_out``). ``source`` says where the jobs come from
    (default: the store's file name); ``published`` the keys of its published results not run in
    the user's store, whose rows the results tables mark."""
    chosen = sections(store, study, narrow, published)
    left_out = None
    if narrow.active:
        left_out = left_out_line([section for section in chosen if not has_rows(section)], narrow)
        chosen = [section for section in chosen if has_rows(section)]
    check_targets(out_dir, page)
    items = [item for section in chosen for item in section.items]
    figures = [item for item in items if isinstance(item, Figure)]
    pngs = {figure.name: render_png(figure) for figure in figures}
    header = _header(store, command, narrow, left_out, source)
    try:
        _prepare_folder(out_dir)
        for name, png in pngs.items():
            (out_dir / f"{name}.png").write_bytes(png)
        (out_dir / "index.html").write_text(html_report(header, chosen, pngs))
        if page is None:
            (out_dir / "README.md").write_text(markdown_report(header, chosen))
        else:
            (out_dir / "README.md").unlink(missing_ok=True)  # the page is the report's Markdown now
            image_dir = Path(os.path.relpath(out_dir.absolute(), page.absolute().parent)).as_posix()
            page.write_text(PAGE_MARKER + "\n" + markdown_report(header, chosen, image_dir))
    except OSError as exc:
        raise HashbedError(f"cannot write the report: {exc} (pass another --out or --page)") from None
    missing = [str(item) for item in items if isinstance(item, Missing)]
    return Written(out_dir, sum(isinstance(item, Table) for item in items), len(figures), missing, left_out)
