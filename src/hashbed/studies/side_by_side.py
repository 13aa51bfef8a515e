"""The report's section "The studies side by side": every claim of the studies chosen beside
hashbed's number, one table per study, with the verdicts counted (hashbed.studies.findings)."""

from __future__ import annotations

from hashbed.results import ResultStore
from hashbed.studies.document import Missing, Note, Section, Table, source
from hashbed.studies.findings import Finding, findings_cells, verdict_counts
from hashbed.studies.narrowing import Narrow
from hashbed.studies.registry import Study

TITLE = "The studies side by side: each claim beside hashbed's number, with a computed verdict"
RULES_NOTE = (
    "A verdict is computed by the claim's rule (docs/findings.md, 'How a verdict is computed'): at most / at least "
    "the study's value; about it within a stated tolerance; inside its range; a statement that holds or not; the same "
    "name or depth. 'not judgeable' says why. `hashbed findings` prints the same, `--json` with every field."
)


def study_findings(store: ResultStore, studies: tuple[Study, ...]) -> dict[str, list[Finding]]:
    """The findings of each of ``studies`` that has claims, by study name."""
    return {study.name: study.findings(store) for study in studies if study.findings is not None}


def counts_text(found: list[Finding]) -> str:
    counts = verdict_counts(found)
    return f"{len(found)} claims: " + ", ".join(f"{count} {verdict}" for verdict, count in counts.items())


def section(store: ResultStore, studies: tuple[Study, ...]) -> Section | None:
    """The section, or None when none of ``studies`` has claims."""
    by_study = study_findings(store, studies)
    if not by_study:
        return None
    result = Section(TITLE, "findings", _fill)
    for name, found in by_study.items():
        rows = [row for finding in found for row in finding.measured.rows]
        if rows:
            result.items.append(Table(f"The {name} study: {counts_text(found)}", findings_cells(found), source(rows)))
        else:
            result.items.append(Missing(f"the {name} study's claims beside hashbed's numbers", FILL))
    result.items.append(Note(RULES_NOTE))
    return result


#: What stores the rows the claims are judged on.
FILL = "make bench timing testbed sweep families"


def _fill(narrow: Narrow) -> str:
    return FILL
