"""A real Dask cluster: a scheduler and two workers as processes of their own on 127.0.0.1, a
bench sent to them, and a worker killed in the middle of a place and route."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hashbed.flow.processes import OWNER_FILE, Owner
from hashbed.results import ResultStore

DASK = Path(sys.executable).with_name("dask")
HASHBED = Path(sys.executable).with_name("hashbed")
BENCH = ["bench", "sha1", "sha256", "--device", "ice40-hx8k"]


def _wait_for(condition: Callable[[], Any], what: str, timeout_s: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout_s
    while not (found := condition()):
        assert time.monotonic() < deadline, f"{what} after {timeout_s} s"
        time.sleep(0.1)
    return found


class Cluster:
    def __init__(self, folder: Path) -> None:
        self.file = folder / "scheduler.json"
        self.processes: list[subprocess.Popen[bytes]] = []
        self._start(
            [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(self.file)]
        )
        _wait_for(self.file.is_file, "the scheduler did not start")
        self.address: str = json.loads(self.file.read_text())["address"]
        self.workers = [
            self._start(
                [
                    str(DASK),
                    "worker",
                    "--scheduler-file",
                    str(self.file),
                    "--nworkers",
                    "1",
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                    "--name",
                    f"w{n}",
                ]
            )
            for n in (1, 2)
        ]
        _wait_for(lambda: self.worker_count() == 2, "the two workers did not join")

    def _start(self, command: list[str]) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.processes.append(process)
        return process

    def worker_count(self) -> int:
        from distributed import Client

        with Client(self.address, timeout=10) as client:
            return len(client.scheduler_info()["workers"])

    def close(self) -> None:
        for process in self.processes:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    started = Cluster(tmp_path)
    try:
        yield started
    finally:
        started.close()


def rows(db: Path) -> dict[str, tuple[int, int, float]]:
    with ResultStore(db) as store:
        return {r.core: (r.outputs["luts"], r.outputs["ffs"], r.outputs["fmax_mhz"]) for r in store.jobs("metrics") if r.ok}


def test_a_bench_on_the_cluster_stores_what_a_local_bench_stores(cluster: Cluster, tmp_path: Path) -> None:
    remote = subprocess.run(
        [
            str(HASHBED),
            *BENCH,
            "--db",
            str(tmp_path / "remote.db"),
            "--build-dir",
            str(tmp_path / "remote"),
            "--scheduler",
            cluster.address,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert remote.returncode == 0, remote.stderr
    assert f"on the Dask cluster at {cluster.address} (2 worker threads)" in remote.stderr
    local = subprocess.run(
        [str(HASHBED), *BENCH, "--db", str(tmp_path / "local.db"), "--build-dir", str(tmp_path / "local"), "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert local.returncode == 0, local.stderr
    assert rows(tmp_path / "remote.db") == rows(tmp_path / "local.db") and len(rows(tmp_path / "local.db")) == 2
    with ResultStore(tmp_path / "remote.db") as store:
        hosts = {cost["host"] for cost in store.costs("implement")}
        assert len(store.costs("implement")) == 2 and hosts  # each job's cost came back with its record


def test_a_worker_killed_in_the_middle_of_a_job_loses_nothing(cluster: Cluster, tmp_path: Path) -> None:
    build = tmp_path / "build"
    driver = subprocess.Popen(
        [str(HASHBED), *BENCH, "--db", str(tmp_path / "results.db"), "--build-dir", str(build), "--scheduler", cluster.address],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    owner_file = _wait_for(lambda: next(iter(build.glob(f"impl/*/{OWNER_FILE}")), None), "no place and route started", 300)
    owner = Owner.read(owner_file.parent)
    assert owner is not None
    os.kill(owner.hashbed_pid, signal.SIGKILL)  # the worker process that runs nextpnr
    stdout, stderr = driver.communicate(timeout=600)
    assert driver.returncode == 0, stderr
    assert set(rows(tmp_path / "results.db")) == {"sha1", "sha256"}
