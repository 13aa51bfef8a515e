"""Tools die with hashbed however it ends: real processes are started, the process standing for
hashbed is killed, and /proc is read until nothing of the tools' process groups lives."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from hashbed.flow import processes
from hashbed.flow.impl.progress import unfinished_runs
from hashbed.flow.processes import OWNER_FILE, Owner

#: A tool with a child, as Verilator has make and g++.
TOOL_WITH_CHILD = ["sh", "-c", "sleep 1000 & sleep 1000"]

#: Stands for hashbed: starts a tool, then runs another with a child, its record in argv[1].
DRIVER = f"""
import signal
import sys
from pathlib import Path
from hashbed.flow import processes
signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal: a background shell starts it ignored
(Path(sys.argv[1]) / "sleeper").write_text(str(processes.start(["sleep", "1000"]).pid))
processes.run({TOOL_WITH_CHILD!r}, record_in=Path(sys.argv[1]))
"""

#: Stands for a command that runs its jobs in a local pool (``hashbed bench``, ``sweep``): a job that runs a tool.
SWEEP_DRIVER = f"""
import sys
from pathlib import Path
from functools import partial
from hashbed.flow import processes
from hashbed.jobs.executors import LocalExecutor
from hashbed.jobs.graph import Node, constant, run_graph
from hashbed.results import ResultStore

def point(folder):
    processes.run({TOOL_WITH_CHILD!r}, record_in=Path(folder))
    return {{}}, None

with ResultStore(Path(sys.argv[1]) / "results.db") as store:
    run_graph(store, [Node("verify", {{"core": "x"}}, work=constant(partial(point, sys.argv[1])))], LocalExecutor(1))
"""

FAKE_YOSYS = """#!/bin/sh
[ "$1" = --version ] && { echo "Yosys (a test's stand-in)"; exit 0; }
sleep 1000 & sleep 1000
"""


def _wait_for(condition: Callable[[], object], what: str, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, f"{what} after {timeout_s} s"
        time.sleep(0.02)


def _live_members(groups: set[int]) -> list[int]:
    """The live processes (not zombies) of the process groups ``groups``."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, _, group = stat.read_text().rpartition(")")[2].split()[:3]
        except OSError:  # ended meanwhile
            continue
        if int(group) in groups and state not in ("Z", "X"):
            members.append(int(stat.parent.name))
    return members


@pytest.fixture
def groups() -> Iterator[set[int]]:
    """The process groups of the tools a test starts, killed at its end should the test fail."""
    started: set[int] = set()
    yield started
    for group in started:
        if _live_members({group}):
            with suppress(ProcessLookupError):
                os.killpg(group, signal.SIGKILL)


def _owner(directory: Path, groups: set[int]) -> Owner:
    _wait_for(lambda: Owner.read(directory), f"no {OWNER_FILE} in {directory}")
    owner = Owner.read(directory)
    assert owner is not None
    groups.add(owner.tool_pid)
    assert owner.tool_alive()
    return owner


def _driver(script: str, tmp_path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", script, str(tmp_path)])


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_the_tools_and_their_children_die_with_hashbed(tmp_path: Path, groups: set[int], signum: int) -> None:
    driver = _driver(DRIVER, tmp_path)
    owner = _owner(tmp_path, groups)
    sleeper = int((tmp_path / "sleeper").read_text())
    groups.add(sleeper)
    assert owner.hashbed_pid == driver.pid and owner.hashbed_alive()
    _wait_for(lambda: len(_live_members({owner.tool_pid})) > 1, "the tool's child did not start")
    driver.send_signal(signum)
    driver.wait()
    _wait_for(lambda: not _live_members({sleeper, owner.tool_pid}), "tools outlived their hashbed")


@pytest.mark.parametrize("captured", [True, False])
def test_a_timeout_kills_the_tool_and_its_children(tmp_path: Path, groups: set[int], captured: bool) -> None:
    group = tmp_path / "group"
    tool = ["sh", "-c", f"sleep 1000 & echo $$ > {group}; sleep 1000"]
    with (tmp_path / "log").open("w") as log:
        started = time.monotonic()
        with pytest.raises(subprocess.TimeoutExpired):
            processes.run(tool, timeout=1.0, record_in=tmp_path, log=None if captured else log)
    groups.add(int(group.read_text()))
    assert time.monotonic() - started < 5 and not (tmp_path / OWNER_FILE).exists()
    _wait_for(lambda: not _live_members(groups), "the tool's child outlived the timeout")


def test_a_sweep_worker_and_its_tools_die_with_the_sweep(tmp_path: Path, groups: set[int]) -> None:
    driver = _driver(SWEEP_DRIVER, tmp_path)
    owner = _owner(tmp_path, groups)
    assert owner.hashbed_pid != driver.pid  # the worker process started the tool
    driver.kill()
    driver.wait()
    _wait_for(
        lambda: not _live_members({owner.tool_pid}) and not owner.hashbed_alive(), "the worker or its tools outlived the sweep"
    )


def test_progress_follows_a_real_hashbed_until_it_is_killed(tmp_path: Path, groups: set[int]) -> None:
    yosys = tmp_path / "yosys"
    yosys.write_text(FAKE_YOSYS)
    yosys.chmod(0o755)
    build = tmp_path / "build"
    hashbed = subprocess.Popen(
        [
            Path(sys.executable).with_name("hashbed"),
            "implement",
            "sha1",
            "--device",
            "ecp5-25k",
            "--db",
            str(tmp_path / "results.db"),
            "--build-dir",
            str(build),
        ],
        env={**os.environ, "YOSYS": str(yosys)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _wait_for(lambda: list(build.glob(f"synth/*/{OWNER_FILE}")), "synthesis did not start")
    owner = _owner(next(build.glob(f"synth/*/{OWNER_FILE}")).parent, groups)
    [run] = unfinished_runs(build)
    assert (run.phase, run.state, owner.tool, owner.hashbed_pid) == ("synthesis", "running", "yosys", hashbed.pid)
    hashbed.kill()
    hashbed.wait()
    _wait_for(lambda: not _live_members({owner.tool_pid}), "yosys outlived hashbed")
    [run] = unfinished_runs(build)
    assert (run.phase, run.state) == ("synthesis", "interrupted")
