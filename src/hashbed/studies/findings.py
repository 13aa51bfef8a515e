"""The studies side by side: each claim of a study (a number of one of its tables or a sentence of
its conclusions, transcribed once into the study's ``claims.toml``), the same quantity measured by
hashbed from the store, and a verdict computed by the claim's rule (docs/findings.md, "How a
verdict is computed"). A study package gives its claims and one measure per kind of claim
(``Measures``); this module loads, measures and judges them, and lays them out as a table."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import model_validator

from hashbed.catalogue.cores import Core, load_core
from hashbed.catalogue.manifest import ManifestError, Table, read_manifest
from hashbed.console.cells import Cells
from hashbed.results import ResultStore
from hashbed.studies.measured import measure_jobs, measured_formula

#: How a claim is judged against hashbed's value (``judge``).
Rule = Literal["at_most", "at_least", "about", "within", "holds", "same", "assumption"]
AGREES, DISAGREES, NOT_JUDGEABLE = "agrees", "disagrees", "not judgeable"


class Claim(Table):
    """One claim of a study, as its ``claims.toml`` writes it."""

    #: Unique within the study, e.g. "table1-at-or-above-sta".
    id: str
    #: Where in the paper: "Table II", "Fig. 7", "Section V".
    where: str
    #: What the study says, in hashbed's words.
    statement: str
    #: The quantity compared, the same on both sides, and its unit.
    quantity: str
    unit: str = ""
    #: The study's value: a number, a range (low, high), or a text (an order, a depth, a name).
    value: float | None = None
    low: float | None = None
    high: float | None = None
    text: str | None = None
    rule: Rule
    #: For "about": the largest relative difference that agrees (0.1: within 10 %).
    tolerance: float = 0.0
    #: The measure of the study's package that gives hashbed's value, and what it is given.
    measure: str
    core: str | None = None
    algorithm: str | None = None
    architecture: str | None = None
    device: str | None = None
    size_kb: float | None = None
    sys_mhz: float | None = None
    #: The study's platform for this number, and where the number was read.
    study_platform: str
    source: str

    @model_validator(mode="after")
    def _one_value(self) -> Claim:
        given = [name for name in ("value", "low", "text") if getattr(self, name) is not None]
        if (self.low is None) != (self.high is None):
            raise ValueError(f"claim {self.id}: give both low and high, or neither")
        if self.rule not in ("holds", "assumption") and len(given) != 1:
            raise ValueError(f"claim {self.id}: give exactly one of value, low and high, or text (rule {self.rule})")
        if self.rule == "within" and self.low is None:
            raise ValueError(f"claim {self.id}: rule within needs low and high")
        if self.rule in ("at_most", "at_least", "about") and self.value is None:
            raise ValueError(f"claim {self.id}: rule {self.rule} needs a value")
        if self.rule == "same" and self.text is None:
            raise ValueError(f"claim {self.id}: rule {self.rule} needs a text")
        return self

    def study_value(self) -> str:
        """The study's value as the table shows it."""
        if self.low is not None:
            return f"{_number(self.low)} to {_number(self.high)}"
        if self.value is not None:
            return _number(self.value)
        return self.text or "yes"  # a statement (rule holds): the study says it holds


class Claims(Table):
    claim: list[Claim]


@dataclass(frozen=True)
class Measured:
    """hashbed's value of a claim's quantity: a number, a range (lowest, highest), a truth or a
    text; None with ``reason`` where the store cannot give it."""

    value: float | tuple[float, float] | bool | str | None
    #: What it was measured on: devices, cores, rows.
    scope: str = ""
    reason: str = ""
    #: The report rows it was measured from, whose devices, tools and hashbed versions the table states.
    rows: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class Finding:
    study: str
    claim: Claim
    measured: Measured
    verdict: str
    why: str

    def as_json(self) -> dict[str, Any]:
        claim = self.claim
        value = self.measured.value
        return {
            "study": self.study,
            "id": claim.id,
            "where": claim.where,
            "statement": claim.statement,
            "quantity": claim.quantity,
            "unit": claim.unit,
            "study_value": claim.study_value(),
            "study_platform": claim.study_platform,
            "source": claim.source,
            "hashbed_value": list(value) if isinstance(value, tuple) else value,
            "hashbed_scope": self.measured.scope,
            "rule": claim.rule,
            "verdict": self.verdict,
            "why": self.why,
        }


#: A study's measures: the claim in, hashbed's value out.
Measures = Mapping[str, Callable[[ResultStore, Claim], Measured]]


def formula_claims(cores: list[Core], where: str, platform: str) -> tuple[Claim, ...]:
    """Per core with a study's formula (its manifest's [target] cycles, the study's table as
    transcribed there): its cycles per block, which hashbed's measured formula must match or beat.
    (Not the cycles of a short message: where a study's N counts the output transformation as a
    block, as the Zynq study's Grøstl and Skein formulas do, its constant terms are not hashbed's.)"""
    return tuple(
        Claim(
            id=f"{core.name}-per-block",
            where=where,
            statement=f"{core.name}: the study's design takes {target.lp} cycles per block (l+p)",
            quantity="clock cycles per message block",
            unit="cycles",
            value=target.lp,
            rule="at_most",
            measure=CYCLES_PER_BLOCK,
            core=core.name,
            study_platform=platform,
            source=f"{where}; transcribed in {core.name}'s manifest ([target] cycles = {target})",
        )
        for core in cores
        if (target := core.target_cycles) is not None
    )


def _measured_cycles(store: ResultStore, claim: Claim) -> Measured:
    core = load_core(str(claim.core))
    job = measure_jobs(store, [core]).get(core.name)
    if job is None:
        return Measured(None, core.name, f"{core.name} not measured on its present sources (run hashbed measure {core.name})")
    formula = measured_formula(job)
    row = {"tools": job.inputs.get("tools", {}), "hashbed_version": job.hashbed_version}
    return Measured(float(formula.lp), f"{core.name}, measured {formula}", rows=(row,))


CYCLES_PER_BLOCK = "cycles_per_block"
#: The measure of ``formula_claims``, which a study adds to its own.
FORMULA_MEASURES: Measures = {CYCLES_PER_BLOCK: _measured_cycles}


@functools.cache
def load_claims(path: Path) -> tuple[Claim, ...]:
    """The claims of ``path``; a wrong field is a one-line error naming the file and the field."""
    claims = read_manifest(Claims, path).claim
    seen: set[str] = set()
    for claim in claims:
        if claim.id in seen:
            raise ManifestError(f"{path}: claim id {claim.id} is given twice: give each claim its own id")
        seen.add(claim.id)
    return tuple(claims)


def findings(study: str, claims: tuple[Claim, ...], measures: Measures, store: ResultStore) -> list[Finding]:
    """Each claim measured and judged."""
    result = []
    for claim in claims:
        measured = measures[claim.measure](store, claim)
        verdict, why = judge(claim, measured)
        result.append(Finding(study, claim, measured, verdict, why))
    return result


def judge(claim: Claim, measured: Measured) -> tuple[str, str]:
    """The verdict on ``claim`` from hashbed's value by the claim's rule, and why."""
    value = measured.value
    if value is None:
        return NOT_JUDGEABLE, measured.reason or "no value measured"
    if claim.rule == "assumption":
        return NOT_JUDGEABLE, measured.reason or "hashbed's value here is a model's assumption, not a measurement"
    if claim.rule == "holds":
        return (AGREES, "it holds here") if value is True else (DISAGREES, measured.reason or "it does not hold here")
    if claim.rule == "same":
        same = str(value) == claim.text
        return (AGREES if same else DISAGREES), f"hashbed: {value}; the study: {claim.text}"
    if isinstance(value, (bool, str)):
        return NOT_JUDGEABLE, f"rule {claim.rule} takes a number, the measure gave {value!r}"
    low, high = value if isinstance(value, tuple) else (value, value)
    if claim.rule == "within":
        assert claim.low is not None and claim.high is not None
        inside = claim.low <= low and high <= claim.high
        where = "inside" if inside else "outside"
        return (AGREES if inside else DISAGREES), f"hashbed {_span(low, high)} {where} {claim.study_value()}"
    assert claim.value is not None
    if claim.rule == "at_most":
        ok = high <= claim.value
        return (AGREES if ok else DISAGREES), f"hashbed {_span(low, high)} {'<=' if ok else '>'} {_number(claim.value)}"
    if claim.rule == "at_least":
        ok = low >= claim.value
        return (AGREES if ok else DISAGREES), f"hashbed {_span(low, high)} {'>=' if ok else '<'} {_number(claim.value)}"
    if not claim.value:
        return NOT_JUDGEABLE, "rule about needs a study's value other than 0"
    ratios = (low / claim.value, high / claim.value)
    ok = all(abs(ratio - 1) <= claim.tolerance for ratio in ratios)
    return (AGREES if ok else DISAGREES), (
        f"hashbed / study = {_span(*ratios)} ({'within' if ok else 'beyond'} {claim.tolerance:.0%})"
    )


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}" if value == int(value) and abs(value) >= 1000 else f"{value:.5g}"


def _span(low: float, high: float) -> str:
    return _number(round(low, 4)) if low == high else f"{_number(round(low, 4))} to {_number(round(high, 4))}"


def hashbed_value(measured: Measured) -> str:
    """hashbed's value as the table shows it."""
    value = measured.value
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return _span(*value)
    return value if isinstance(value, str) else _number(round(value, 4))


FINDINGS_COLUMNS = ("study", "where", "claim", "study's value", "hashbed", "on", "verdict", "why")


def findings_cells(found: list[Finding]) -> Cells:
    """One row per claim: where, what, both values, hashbed's scope, the verdict and why."""
    rows = []
    for finding in found:
        claim = finding.claim
        unit = f" {claim.unit}" if claim.unit else ""
        rows.append(
            [
                finding.study,
                claim.where,
                claim.statement,
                claim.study_value() + (unit if claim.value is not None or claim.low is not None else ""),
                hashbed_value(finding.measured) + (unit if _numeric(finding.measured.value) else ""),
                finding.measured.scope,
                finding.verdict,
                finding.why,
            ]
        )
    return list(FINDINGS_COLUMNS), rows


def _numeric(value: object) -> bool:
    return isinstance(value, (int, float, tuple)) and not isinstance(value, bool)


def verdict_counts(found: list[Finding]) -> dict[str, int]:
    """How many claims each verdict has."""
    counts = {AGREES: 0, DISAGREES: 0, NOT_JUDGEABLE: 0}
    for finding in found:
        counts[finding.verdict] += 1
    return counts
