"""What the report holds: the sections of the studies chosen (hashbed.studies.registry), each
study's own, and what a narrowed report says of the sections it leaves out."""

from __future__ import annotations

from hashbed.results import ResultStore
from hashbed.studies.document import Figure, Missing, Section, Table
from hashbed.studies.narrowing import EVERYTHING, Narrow
from hashbed.studies.registry import studies_named
from hashbed.studies.side_by_side import section as side_by_side


def sections(
    store: ResultStore, study: str, narrow: Narrow = EVERYTHING, published: frozenset[str] = frozenset()
) -> list[Section]:
    """The report's sections for ``study`` (a study's name, or 'all'), of the rows ``narrow``
    keeps, after the studies' claims beside hashbed's numbers (not in a narrowed report). A
    narrowed report names nothing missing: its sections may have no rows (has_rows).
    ``published``: the keys of the store's jobs that are published results not run here (a
    results table marks their rows, PUBLISHED_MARK)."""
    chosen = studies_named(study)
    found = [section for one in chosen for section in one.sections(store, narrow, published)]
    claims = None if narrow.active else side_by_side(store, chosen)  # its claims are of whole studies
    found = [claims, *found] if claims else found
    if narrow.active:
        for section in found:
            section.items = [item for item in section.items if not isinstance(item, Missing)]
    return found


def has_rows(section: Section) -> bool:
    return any(isinstance(item, (Table, Figure)) for item in section.items)


def left_out_line(left_out: list[Section], narrow: Narrow) -> str | None:
    """The one line that names the sections left out of a narrowed report and the command that
    would fill each."""
    if not left_out:
        return None
    parts = [f"{section.title} ({section.fill(narrow)})" for section in left_out]
    return f"Left out, without rows of {_narrow_text(narrow)}: " + "; ".join(parts)


def _narrow_text(narrow: Narrow) -> str:
    cores = f"the cores {', '.join(sorted(narrow.cores))}" if narrow.cores is not None else "any core"
    devices = f" on {', '.join(sorted(narrow.devices))}" if narrow.devices is not None else ""
    return cores + devices
