"""The results store and the pipeline's reuse of finished jobs."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from hashbed.results.published import published_jobs_file, reading_view
from support import fixture_store


def test_put_get_and_upsert(db: Path) -> None:
    with ResultStore(db) as store:
        inputs = {"core": "x", "device": "ecp5-25k", "seed": 1, "n": 1}
        first = store.put("implement", inputs, {"luts": 10})
        assert store.get("implement", inputs) == first
        assert store.get("implement", {**inputs, "n": 2}) is None
        second = store.put("implement", inputs, {"luts": 11})
        [only] = store.jobs("implement")
        assert only == second and only.device == "ecp5-25k"
    with sqlite3.connect(db) as raw:  # the inputs are stored whole, as JSON
        assert '"n": 1' in raw.execute("SELECT inputs FROM jobs").fetchone()[0]


def test_unusable_database_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "not.db"
    bad.write_text("this is not a database" * 100)
    with pytest.raises(HashbedError, match=f"cannot use results database {bad}"):
        ResultStore(bad)


def test_finished_jobs_are_reused_unless_forced(db: Path, tmp_path: Path) -> None:
    core = load_core("sha1")
    with ResultStore(db) as store:
        first = Jobs(store, tmp_path).measure(core)
        assert first.ok and first.outputs["lp"] == core.cycles.lp
        again = Jobs(store, tmp_path).measure(core)
        assert again.finished_at == first.finished_at and again.outputs == first.outputs
        forced = Jobs(store, tmp_path, force=True).measure(core)
        assert forced.outputs == first.outputs
        assert len(store.jobs("measure")) == 1  # same inputs: one row, replaced


# --- queries ------------------------------------------------------------------------------------


def results_json(capsys: pytest.CaptureFixture[str], db: Path, *options: str) -> list[dict[str, Any]]:
    assert main(["results", "--db", str(db), "--json", *options]) == 0
    rows: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return rows


def test_results_filter_by_algorithm_architecture_and_version(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixture_store.fill(db, testbed=False, pipeline=False, lightweight=False)
    assert {(r["core"], r["device"]) for r in results_json(capsys, db, "--algorithm", "sha-256")} == {
        ("sha256", "ecp5-85k"),
        ("sha256", "ecp5-25k"),
    }
    assert [r["core"] for r in results_json(capsys, db, "--algorithm-version", "round3", "--device", "ecp5-85k")] == [
        "keccak256-round3",
        "blake256-round3",
    ]
    rows = results_json(capsys, db, "--architecture", "basic-iterative", "--algorithm-version", "fips", "--device", "ecp5-25k")
    assert [r["core"] for r in rows] == ["sha1", "sha256"]
    assert all(r["hashbed_version"] and r["finished_at"] for r in rows)
    # a combination that no row has: exit 1, in every output format
    assert main(["results", "--db", str(db), "--json", "--algorithm", "sha-1", "--algorithm-version", "round3"]) == 1
    assert (
        "match --algorithm sha-1 --algorithm-version round3; the stored rows that match the other filters have"
        in capsys.readouterr().err
    )


def test_results_rank_by_each_key_within_each_device(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixture_store.fill(db, testbed=False, pipeline=False, lightweight=False)
    order = {
        key: [r["core"] for r in results_json(capsys, db, "--device", "ecp5-85k", "--rank-by", key)]
        for key in ("tpa", "throughput", "area", "latency")
    }
    # TP/A 1.295 (1088 bits at 120 MHz / 24 cycles / 4200 LUTs), 1.264, 0.590, 0.272
    assert order["tpa"] == ["keccak256-round3", "sha1", "sha256", "blake256-round3"]
    assert order["throughput"] == ["keccak256-round3", "blake256-round3", "sha1", "sha256"]
    assert order["area"] == ["sha1", "sha256", "blake256-round3", "keccak256-round3"]
    # one block: keccak (19+24+4)/120 MHz = 391.7 ns, blake (9+29+4)/60 = 700, sha1 (17+81+5)/140 = 735.7, sha256 90/90 = 1000
    assert order["latency"] == ["keccak256-round3", "blake256-round3", "sha1", "sha256"]
    rows = results_json(capsys, db, "--rank-by", "latency")
    # ecp5-25k: sha1, sha256 and the fixture's ascon
    assert [(r["device"], r["rank"]) for r in rows] == [("ecp5-25k", n) for n in (1, 2, 3)] + [
        ("ecp5-85k", n) for n in (1, 2, 3, 4)
    ]
    sha1 = next(r for r in rows if r["core"] == "sha1" and r["device"] == "ecp5-85k")
    assert sha1["latency_ns"] == pytest.approx(1000 * (17 + 81 + 5) / 140.0, abs=0.05)
    assert main(["results", "--db", str(db), "--rank-by", "latency", "--markdown"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert "| cycles/block | latency ns | TP Mbit/s |" in header


def test_results_show_rows_of_the_present_sources_only(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    core = load_core("sha1")
    with ResultStore(db) as store:
        for fingerprint, luts in ((core.fingerprint(), 700), ("an-older-verilog", 650)):  # the older version last
            implemented = store.put(
                "implement", {"core": "sha1", "device": "ecp5-85k", "seed": 1, "core_fingerprint": fingerprint}, {"luts": luts}
            )
            fixture_store.put_metrics(store, "sha1", "ecp5-85k", luts, 1100, 140.0, implement_job=implemented.key)
    [row] = results_json(capsys, db)
    assert row["luts"] == 700
    assert sorted(r["luts"] for r in results_json(capsys, db, "--all")) == [650, 700]


def test_results_show_rows_made_with_the_present_manifest_only(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    core = load_core("sha1")
    with ResultStore(db) as store:
        implemented = store.put(
            "implement", {"core": "sha1", "device": "ecp5-85k", "seed": 1, "core_fingerprint": core.fingerprint()}, {"luts": 700}
        )
        fixture_store.put_metrics(store, "sha1", "ecp5-85k", 700, 1100, 140.0, implement_job=implemented.key)
        [row] = store.jobs("metrics")
        # the same row made when the manifest had another target: not the present manifest's row
        stale = {**row.inputs, "target_mbps_per_lut": 0.1}
        store.put("metrics", stale, {**row.outputs, "luts": 650, "target_mbps_per_lut": 0.1})
    assert [r["luts"] for r in results_json(capsys, db)] == [700]
    assert sorted(r["luts"] for r in results_json(capsys, db, "--all")) == [650, 700]


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--algorithm", "sha-512", "no core has --algorithm 'sha-512' (one of: blake-256,"),
        ("--algorithm-version", "round4", "no core has --algorithm-version 'round4' (one of: fips, fips202, round2, round3"),
    ],
)
def test_unknown_filter_value_is_a_one_line_error(
    db: Path, capsys: pytest.CaptureFixture[str], option: str, value: str, words: str
) -> None:
    assert main(["results", "--db", str(db), option, value]) == 1
    message = capsys.readouterr().err
    assert words in message and message.count("\n") == 1


def test_filters_that_match_no_row_say_so_with_what_the_rows_have_and_exit_1(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with ResultStore(db) as store:
        for core, device in (("sha1", "ecp5-85k"), ("sha256", "ecp5-85k"), ("sha256", "ecp5-25k")):
            fixture_store.put_metrics(store, core, device, 700, 1100, 140.0)
    assert main(["results", "--db", str(db), "--core", "sha1", "--device", "ecp5-25k"]) == 1
    message = capsys.readouterr().err
    assert message.count("\n") == 1
    assert f"no results in {db} match --core sha1 --device ecp5-25k" in message
    # sha1's rows are on ecp5-85k; the rows on ecp5-25k are sha256's
    assert "have --core sha256; --device ecp5-85k" in message
    assert main(["results", "--db", str(db), "--core", "sha1", "--architecture", "lightweight-logic"]) == 1
    assert "--architecture basic-iterative" in capsys.readouterr().err
    # a filter that matches is a table, exit 0
    assert main(["results", "--db", str(db), "--core", "sha256"]) == 0


def test_the_default_store_shows_the_published_results_marked_without_importing_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fresh clone: no hashbed.db, and `hashbed results` shows the published rows, each marked;
    a row of the user's own store replaces the published one; neither file is written."""
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HASHBED_DB", str(tmp_path / "hashbed.db"))
    published = [json.loads(line) for line in published_jobs_file().read_text().splitlines()]
    expected = max(  # the latest published row of sha1 on ecp5-85k, seed 1 (older ones were of older sources)
        (
            job
            for job in published
            if job["step"] == "metrics" and (job["core"], job["device"], job["seed"]) == ("sha1", "ecp5-85k", 1)
        ),
        key=lambda job: job["finished_at"],
    )["outputs"]
    before = published_jobs_file().stat().st_mtime_ns
    ResultStore(tmp_path / "other.db").close()
    assert results_json(capsys, tmp_path / "other.db") == [], "a store other than the default shows itself alone"
    assert main(["results", "--core", "sha1", "--device", "ecp5-85k", "--json"]) == 0
    [row] = [r for r in json.loads(capsys.readouterr().out) if r["seed"] == 1]
    assert (row["luts"], row["fmax_mhz"], row["published"]) == (expected["luts"], expected["fmax_mhz"], True)
    assert not (tmp_path / "hashbed.db").exists() and published_jobs_file().stat().st_mtime_ns == before
    assert main(["results", "--core", "sha1", "--device", "ecp5-85k"]) == 0
    text = capsys.readouterr().out
    assert "sha1*" in text and "*: a published result" in text
    # the user's own row of the same core, device and seed is shown instead, unmarked
    with ResultStore(tmp_path / "hashbed.db") as store:
        fixture_store.put_metrics(store, "sha1", "ecp5-85k", 700, 1100, 140.0)
    assert main(["results", "--core", "sha1", "--device", "ecp5-85k", "--json"]) == 0
    [row] = [r for r in json.loads(capsys.readouterr().out) if r["seed"] == 1]
    assert (row["luts"], row["published"]) == (700, False)
    assert main(["results", "--published", "none", "--json"]) == 0
    assert [r["core"] for r in json.loads(capsys.readouterr().out)] == ["sha1"]


def test_the_report_of_the_default_store_reads_the_published_results_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HASHBED_DB", str(tmp_path / "hashbed.db"))
    assert main(["report", "lightweight", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and not (tmp_path / "hashbed.db").exists()
    assert main(["report", "lightweight", "--published", "none"]) == 1  # the store alone: there is none
    assert "there is no results database" in capsys.readouterr().err


def test_the_report_marks_the_rows_of_published_results_not_run_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HASHBED_DB", str(tmp_path / "hashbed.db"))
    narrowed = ["report", "zynq", "--core", "sha1", "--device", "ecp5-85k"]
    assert main(narrowed) == 0
    text = capsys.readouterr().out
    assert "sha1*" in text and "*: a published result, not run here" in text
    with ResultStore(tmp_path / "hashbed.db") as store:  # the user's own run of it: not marked
        fixture_store.put_metrics(store, "sha1", "ecp5-85k", 700, 1100, 140.0)
    assert main(narrowed) == 0
    text = capsys.readouterr().out
    assert "sha1*" not in text and "*: a published result" not in text and re.search(r"\bsha1\b", text)
    out = tmp_path / "report"
    assert main(["report", "zynq", "--out", str(out), "--core", "sha256", "--device", "ecp5-85k"]) == 0
    capsys.readouterr()
    assert "sha256*" in (out / "README.md").read_text()


def test_the_reading_view_keeps_one_copy_per_store_in_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    db = tmp_path / "hashbed.db"
    first = reading_view(db, published_jobs_file())
    with ResultStore(db) as store:
        fixture_store.put_metrics(store, "sha1", "ecp5-85k", 700, 1100, 140.0)
    second = reading_view(db, published_jobs_file())
    assert second.path != first.path and not first.path.exists()
    assert [p.name for p in second.path.parent.glob("*.db")] == [second.path.name]
