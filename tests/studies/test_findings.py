"""The studies side by side (hashbed.studies.findings): each rule's verdict on values on both sides
of it; the claims files read and checked (each claim's measure exists, its parameters name real
things, and a number its statement gives is the number it compares); and ``hashbed findings`` on
the published results: at least 40 claims with both values and a verdict, none missing for lack of
a run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import ALGORITHMS
from hashbed.catalogue.cores import all_cores
from hashbed.catalogue.manifest import ManifestError
from hashbed.catalogue.pipelines import load_pipeline
from hashbed.cli.main import main
from hashbed.results import ResultStore
from hashbed.studies.findings import (
    AGREES,
    DISAGREES,
    NOT_JUDGEABLE,
    Claim,
    Measured,
    judge,
    load_claims,
)
from hashbed.studies.lightweight import findings as lightweight
from hashbed.studies.pipelined import findings as pipelined
from hashbed.studies.side_by_side import SUMMARY_END, SUMMARY_START
from hashbed.studies.zynq import findings as zynq

ROOT = Path(__file__).resolve().parents[2]
#: Each study package's claims, its measures, and the claims made from its cores' manifests.
STUDIES = {
    "zynq": (zynq.CLAIMS, zynq.MEASURES),
    "lightweight": (lightweight.CLAIMS, lightweight.MEASURES),
    "pipeline": (pipelined.CLAIMS, pipelined.MEASURES),
}
ALGORITHM_NAMES = {key.split("/")[0] for key in ALGORITHMS}


def claim(rule: str, **given: object) -> Claim:
    fields: dict[str, object] = {
        "id": "c",
        "where": "Table I",
        "statement": "s",
        "quantity": "q",
        "rule": rule,
        "measure": "m",
        "study_platform": "p",
        "source": "s",
    }
    return Claim.model_validate({**fields, **given})


@pytest.mark.parametrize(
    ("rule", "given", "value", "verdict"),
    [
        ("at_most", {"value": 21}, 21.0, AGREES),
        ("at_most", {"value": 21}, 22.0, DISAGREES),
        ("at_most", {"value": 1.05}, (1.0, 1.06), DISAGREES),  # the highest of a range counts
        ("at_least", {"value": 12}, 12.0, AGREES),
        ("at_least", {"value": 12}, 11.0, DISAGREES),
        ("about", {"value": 2.0, "tolerance": 0.25}, 1.6, AGREES),
        ("about", {"value": 2.0, "tolerance": 0.25}, 1.114, DISAGREES),
        ("about", {"value": 1.0, "tolerance": 0.01}, (1.0, 1.0003), AGREES),
        ("about", {"value": 1.0, "tolerance": 0.01}, (1.0, 1.02), DISAGREES),
        ("within", {"low": 1.2, "high": 1.5}, (1.25, 1.4), AGREES),
        ("within", {"low": 1.2, "high": 1.5}, (1.0015, 1.0125), DISAGREES),
        ("within", {"low": 6, "high": 24776}, 30.0, AGREES),
        ("holds", {}, True, AGREES),
        ("holds", {}, False, DISAGREES),
        ("same", {"text": "4"}, "4", AGREES),
        ("same", {"text": "4"}, "64", DISAGREES),
        ("assumption", {"value": 14}, 4.8, NOT_JUDGEABLE),
        ("at_most", {"value": 21}, None, NOT_JUDGEABLE),
    ],
)
def test_each_rule_on_both_sides(rule: str, given: dict[str, object], value: object, verdict: str) -> None:
    found, why = judge(claim(rule, **given), Measured(value, "scope", "the reason"))  # type: ignore[arg-type]
    assert found == verdict
    assert why


def test_a_value_not_measured_says_why() -> None:
    assert judge(claim("at_most", value=21), Measured(None, "sha1", "sha1 not measured yet")) == (
        NOT_JUDGEABLE,
        "sha1 not measured yet",
    )


@pytest.mark.parametrize(
    ("rule", "given", "message"),
    [
        ("at_most", {}, "exactly one of"),
        ("at_least", {"text": "x"}, "needs a value"),
        ("within", {"value": 3}, "needs low and high"),
        ("same", {"value": 3}, "needs a text"),
        ("about", {"value": 1, "text": "x"}, "exactly one of"),
        ("within", {"low": 1}, "both low and high"),
    ],
)
def test_a_claim_without_what_its_rule_needs_is_refused(rule: str, given: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        claim(rule, **given)


def test_a_claims_file_with_a_bad_field_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "claims.toml"
    path.write_text('[[claim]]\nid = "a"\nwhere = "T"\nstatement = "s"\nquantity = "q"\nrule = "bigger"\n')
    with pytest.raises(ManifestError) as error:
        load_claims(path)
    assert str(path) in str(error.value) and "rule" in str(error.value) and "\n" not in str(error.value)


def _all_claims() -> list[tuple[str, Claim]]:
    found = [(name, one) for name, (path, _) in STUDIES.items() for one in load_claims(path)]
    return found + [(name, one) for name, one in _manifest_claims()]


def _manifest_claims() -> list[tuple[str, Claim]]:
    from hashbed.studies.findings import formula_claims

    lightweight_cores = [core for core in all_cores() if core.architecture.startswith("lightweight-")]
    return [("zynq", one) for one in formula_claims(zynq.candidates(), "Table II", zynq.PLATFORM)] + [
        ("lightweight", one) for one in formula_claims(lightweight_cores, "Table 1", lightweight.PLATFORM)
    ]


def test_every_claim_has_a_measure_and_names_real_things() -> None:
    cores = {core.name for core in all_cores()}
    ids: set[tuple[str, str]] = set()
    for study, one in _all_claims():
        assert one.measure in STUDIES[study][1], f"{study} claim {one.id}: no measure {one.measure}"
        assert (study, one.id) not in ids, f"{study} claim {one.id} given twice"
        ids.add((study, one.id))
        if one.algorithm is not None:
            assert one.algorithm in ALGORITHM_NAMES, f"{one.id}: no algorithm {one.algorithm}"
        if one.core is not None and study != "pipeline":
            assert one.core in cores, f"{one.id}: no core {one.core}"
        if study == "pipeline" and one.rule == "same":  # a depth the design is swept at
            assert int(str(one.text)) in load_pipeline(str(one.core)).depths
        for name in re.findall(r"[a-z0-9]+-\d+(?:-\d+)?", one.text or ""):
            assert name in ALGORITHM_NAMES, f"{one.id}: {name} is not an algorithm of the catalogue"


def test_the_zynq_study_has_its_twelve_candidates() -> None:
    assert len(zynq.candidates()) == 12
    assert all(core.target_cycles is not None for core in zynq.candidates())


def _stated(one: Claim, statement: str) -> tuple[str, object, object] | None:
    """A number ``statement`` gives, what the claim compares, and what that must be; None: none."""
    if match := re.search(r"(\d+) to (\d+) %", statement):
        return match[0], (one.low, one.high), pytest.approx((1 + int(match[1]) / 100, 1 + int(match[2]) / 100))
    if match := re.search(r"is (\d+) to (\d+) times", statement):
        return match[0], (one.low, one.high), (int(match[1]), int(match[2]))
    if match := re.search(r"(?:by|under) (\d+) %", statement):
        return match[0], one.value, pytest.approx(1 + int(match[1]) / 100)
    if match := re.search(r"(?:up to (\d+) MHz|takes (\d+) cycles per block)", statement):
        return match[0], one.value, int(match[1] or match[2])
    if one.rule == "same" and (match := re.search(r"at (\d+) stages", statement)):
        return match[0], one.text, match[1]
    return None


def test_a_number_a_statement_gives_is_the_number_compared() -> None:
    """The value of a claim is read once more from its own statement (two places that give the
    same number must agree): '160 %' is 2.6 times, '20 to 50 %' is 1.2 to 1.5, '6 to 24,776' the range."""
    checked = 0
    for _, one in _all_claims():
        if stated := _stated(one, one.statement.replace(",", "")):
            words, compared, expected = stated
            assert compared == expected, f"{one.id}: '{words}' against {one.study_value()}"
            checked += 1
    assert checked >= 20


def test_findings_on_the_published_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    published = ROOT / "published" / "jobs.jsonl"
    assert main(["findings", "--json", "--db", str(tmp_path / "none.db"), "--published", str(published)]) == 0
    data = json.loads(capsys.readouterr().out)
    claims = data["claims"]
    assert len(claims) >= 40
    assert {c["study"] for c in claims} == {"zynq", "lightweight", "pipeline"}
    for one in claims:
        assert one["study_value"] and one["verdict"] in (AGREES, DISAGREES, NOT_JUDGEABLE), one
        if one["verdict"] == NOT_JUDGEABLE:  # only where hashbed's number is a model's, never for a missing run
            assert one["rule"] == "assumption" and one["hashbed_value"] is not None, one
        else:
            assert one["hashbed_value"] is not None, one
    assert sum(data["verdicts"].values()) == len(claims)
    # docs/findings.md's summary is what these results give (make publish writes it)
    page = tmp_path / "findings.md"
    page.write_text((ROOT / "docs" / "findings.md").read_text())
    assert (
        main(["findings", "--db", str(tmp_path / "none.db"), "--published", str(published), "--summary", "--into", str(page)])
        == 0
    )
    assert page.read_text() == (ROOT / "docs" / "findings.md").read_text(), "run make publish: docs/findings.md is stale"
    assert main(["findings", "--db", str(tmp_path / "none.db"), "--published", str(published), "--summary"]) == 0
    printed = capsys.readouterr().out
    agreeing = sum(int(count) for count in re.findall(r"\(\d+ claims: (\d+) agree", printed))
    assert agreeing == data["verdicts"][AGREES]
    for study in ("zynq", "lightweight", "pipeline"):
        assert f"**The {study} study** (" in printed


def test_a_summary_goes_between_its_markers_and_nowhere_else(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Page\n")
    ResultStore(tmp_path / "empty.db").close()
    args = ["findings", "--db", str(tmp_path / "empty.db"), "--published", "none", "--summary", "--into", str(page)]
    assert main(args) == 1
    assert "has no summary block" in capsys.readouterr().err
    page.write_text(f"before\n{SUMMARY_START}\nold\n{SUMMARY_END}\nafter\n")
    assert main(args) == 0
    text = page.read_text()
    assert text.startswith(f"before\n{SUMMARY_START}\n\n**The zynq study**") and text.endswith(f"{SUMMARY_END}\nafter\n")
    assert "old" not in text and text.count(SUMMARY_START) == 1


def test_findings_prints_one_table_per_study(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    published = ROOT / "published" / "jobs.jsonl"
    args = ["findings", "--study", "pipeline", "--wide", "--db", str(tmp_path / "none.db"), "--published", str(published)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "pipeline: 9 claims" in text and "zynq:" not in text
