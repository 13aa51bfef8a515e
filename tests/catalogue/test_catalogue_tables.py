"""Table II (cycle formulas over the catalogue) and the TP/A ranking relative to SHA-256."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hashbed.catalogue.cores import all_cores, load_core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.cli.main import main
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from hashbed.studies.ranking import ranked, reference_tpa
from hashbed.studies.zynq.formulas import formula_rows


def test_table_2_shows_the_measurement_of_the_current_sources_only(db: Path, tmp_path: Path) -> None:
    sha1, sha256 = load_core("sha1"), load_core("sha256")
    with ResultStore(db) as store:
        measured = Jobs(store, tmp_path).measure(sha1)
        stale = {"core": "sha256", "core_fingerprint": "0" * 16}
        store.put("measure", stale, {"formula": "1 + 1·N + 1"})
        rows = {row["core"]: row for row in formula_rows([sha1, sha256], store)}
    formula = CycleFormula(measured.outputs["st"], measured.outputs["lp"], measured.outputs["end"])
    assert rows["sha1"]["measured"] == str(formula) and formula.same_counts(sha1.cycles)
    assert rows["sha256"]["measured"] is None
    assert rows["sha1"]["throughput"] == f"512·f/{sha1.cycles.lp}"


def test_rows_rank_by_throughput_per_lut_within_each_device() -> None:
    def row(core: str, device: str, tpa: float) -> dict[str, object]:
        return {"core": core, "device": device, "seed": 1, "tpa_mbps_per_lut": tpa}

    rows = [row("a", "ecp5-85k", 0.3), row("sha256", "ecp5-85k", 0.6), row("b", "ecp5-85k", 1.2), row("a", "ecp5-25k", 0.5)]
    out = ranked(rows, {("ecp5-85k", 1): 0.6})
    assert [(r["device"], r["core"], r["rank"]) for r in out] == [
        ("ecp5-25k", "a", 1),
        ("ecp5-85k", "b", 1),
        ("ecp5-85k", "sha256", 2),
        ("ecp5-85k", "a", 3),
    ]
    assert [r["tpa_vs_sha256"] for r in out] == [None, 2.0, 1.0, 0.5]


def test_reference_is_the_latest_sha256_row_per_device_and_seed(db: Path) -> None:
    with ResultStore(db) as store:
        for run, tpa in enumerate((0.5, 0.6)):
            store.put(
                "metrics",
                {"core": "sha256", "device": "ecp5-85k", "seed": 1, "run": run},
                {"device": "ecp5-85k", "seed": 1, "tpa_mbps_per_lut": tpa},
            )
        assert reference_tpa(store) == {("ecp5-85k", 1): 0.6}


def test_report_json_has_table_2_for_every_core(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    ResultStore(db).close()  # an empty store: reading makes none
    assert main(["report", "--json", "--db", str(db)]) == 0
    table = json.loads(capsys.readouterr().out)["table_2"]
    assert [row["core"] for row in table] == [core.name for core in all_cores()]
