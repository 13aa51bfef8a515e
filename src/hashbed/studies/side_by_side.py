"""The report's section "The studies side by side": every claim of the studies chosen beside
hashbed's number, one table per study, with the verdicts counted (hashbed.studies.findings)."""

from __future__ import annotations

from pathlib import Path

from hashbed.errors import HashbedError
from hashbed.results import ResultStore
from hashbed.studies.document import Missing, Note, Section, Table, source
from hashbed.studies.findings import (
    AGREES,
    CYCLES_PER_BLOCK,
    DISAGREES,
    NOT_JUDGEABLE,
    Finding,
    findings_cells,
    hashbed_value,
    verdict_counts,
)
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


#: A verdict as a verb of its count ("3 agree").
_PLURAL = {AGREES: "agree", DISAGREES: "disagree", NOT_JUDGEABLE: "not judgeable"}


def counts_text(found: list[Finding]) -> str:
    counts = verdict_counts(found)
    return f"{len(found)} claims: " + ", ".join(f"{count} {_PLURAL[verdict]}" for verdict, count in counts.items())


#: The lines around the summary in a markdown file (``write_summary``).
SUMMARY_START = "<!-- written by 'hashbed findings --summary --into FILE': do not edit -->"
SUMMARY_END = "<!-- end of 'hashbed findings --summary' -->"
_HEADS = {AGREES: "Reproduced", DISAGREES: "Refuted here", NOT_JUDGEABLE: "Not judgeable"}


def summary(by_study: dict[str, list[Finding]]) -> str:
    """Per study, in markdown: its verdicts counted, then what was reproduced, what was refuted and
    what cannot be judged, each claim with hashbed's value and the verdict's reason; the claims on
    the studies' cycle formulas in one line per verdict."""
    lines = []
    for name, found in by_study.items():
        lines.append(f"**The {name} study** ({counts_text(found)}):")
        lines.append("")
        for verdict, head in _HEADS.items():
            chosen = [finding for finding in found if finding.verdict == verdict]
            formulas = [finding for finding in chosen if finding.claim.measure == CYCLES_PER_BLOCK]
            items = [
                f"{finding.claim.statement} ({finding.claim.where}): hashbed {hashbed_value(finding.measured)}"
                + ("" if verdict == AGREES else f"; {finding.why}")
                for finding in chosen
                if finding not in formulas
            ]
            if formulas:
                cores = ", ".join(str(finding.claim.core) for finding in formulas)
                items.insert(0, f"The cycles per block of the study's formulas ({formulas[0].claim.where}): {cores}")
            if items:
                lines.append(f"- {head} ({len(chosen)}):")
                lines += [f"  - {item}" for item in items]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def write_summary(path: Path, text: str) -> None:
    """``text`` in place of what stands between ``SUMMARY_START`` and ``SUMMARY_END`` in ``path``."""
    try:
        page = path.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise HashbedError(f"cannot read {path}: {why}; give a markdown file with the summary's two marker lines") from exc
    start, end = page.find(SUMMARY_START), page.find(SUMMARY_END)
    if start < 0 or end < start:
        raise HashbedError(f"{path} has no summary block: put the lines {SUMMARY_START!r} and {SUMMARY_END!r} where it goes")
    try:
        path.write_text(page[: start + len(SUMMARY_START)] + "\n\n" + text + "\n" + page[end:])
    except OSError as exc:
        raise HashbedError(f"cannot write {path}: {exc.strerror}") from exc


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
