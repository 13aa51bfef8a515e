"""A real Dask cluster: a scheduler and two workers as processes of their own on 127.0.0.1, a
bench sent to them, a worker killed in the middle of a place and route; the scheduler, or
every worker, killed in the middle of a run; addresses that are not a Dask scheduler's."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from hashbed.cli.main import main
from hashbed.flow.processes import OWNER_FILE, Owner
from hashbed.jobs.executors import SCHEDULER_ENV
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

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        """``process`` and its own processes (a worker's nanny and worker) killed at once."""
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def close(self) -> None:
        for process in self.processes:
            self.kill(process)


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


def _bench_killed_midway(cluster: Cluster, tmp_path: Path, kill: Callable[[], None], *options: str) -> tuple[int, str]:
    """The return code and standard error of a bench on ``cluster`` when ``kill`` runs as its
    first place and route starts (its cores verified and measured by then)."""
    build = tmp_path / "build"
    driver = subprocess.Popen(
        [str(HASHBED), *BENCH, "--db", str(tmp_path / "results.db"), "--build-dir", str(build), "--scheduler", cluster.address]
        + list(options),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(lambda: next(iter(build.glob(f"impl/*/{OWNER_FILE}")), None), "no place and route started", 300)
        kill()
        _, stderr = driver.communicate(timeout=300)
    finally:
        driver.kill()
        driver.wait()
    return driver.returncode, stderr


def _only_error(stderr: str) -> str:
    """The one line of ``stderr`` that is not a progress line of the bench: its error."""
    other = [line for line in stderr.splitlines() if not line.startswith("bench: ")]
    assert len(other) == 1 and other[0].startswith("hashbed: error: "), stderr
    return other[0]


def _resumes(db: Path) -> None:
    """A rerun of the bench would reuse the finished jobs of ``db`` and run only the rest."""
    with ResultStore(db) as store:
        kept = {(record.core, record.step) for record in store.jobs() if record.ok}
    assert {("sha1", "verify"), ("sha1", "measure")} <= kept or {("sha256", "verify"), ("sha256", "measure")} <= kept
    again = subprocess.run([str(HASHBED), *BENCH, "--db", str(db), "--dry-run"], capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and f"{8 - len(kept)} jobs, about" in again.stdout, again.stdout + again.stderr


def test_the_scheduler_killed_in_the_middle_of_a_run_is_a_one_line_error(cluster: Cluster, tmp_path: Path) -> None:
    returncode, stderr = _bench_killed_midway(cluster, tmp_path, lambda: cluster.kill(cluster.processes[0]))
    assert returncode == 1
    error = _only_error(stderr)
    assert f"lost the Dask scheduler at {cluster.address}" in error and "run the command again to resume" in error
    _resumes(tmp_path / "results.db")


def test_every_worker_killed_in_the_middle_of_a_run_ends_it_after_the_stated_time(cluster: Cluster, tmp_path: Path) -> None:
    def kill_workers() -> None:
        for worker in cluster.workers:
            cluster.kill(worker)

    returncode, stderr = _bench_killed_midway(cluster, tmp_path, kill_workers, "--no-workers-timeout", "2")
    assert returncode == 1
    error = _only_error(stderr)
    assert f"every worker of the Dask cluster at {cluster.address} is gone and none came back within 2 s" in error
    assert "run the command again to resume" in error
    _resumes(tmp_path / "results.db")


@pytest.mark.parametrize(
    "address", ["garbage", "tcp://10.0.0.5", "http://10.0.0.5:8786", "tcp://10.0.0.5:99999", "10.0.0.5:port"]
)
def test_an_address_that_is_not_a_scheduler_address_is_a_one_line_error(
    address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "results.db"
    assert main(["bench", "sha1", "--device", "ice40-hx8k", "--scheduler", address, "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"hashbed: error: --scheduler {address!r} is not a Dask scheduler address") and err.count("\n") == 1
    assert "tcp://10.0.0.5:8786" in err  # an example of one
    monkeypatch.setenv(SCHEDULER_ENV, address)
    assert main(["bench", "sha1", "--device", "ice40-hx8k", "--db", str(db)]) == 1
    assert capsys.readouterr().err.startswith(f"hashbed: error: ${SCHEDULER_ENV} {address!r} is not")
    with ResultStore(db) as store:
        assert store.jobs() == []


class _Web(BaseHTTPRequestHandler):
    """A web server (it answers GET, and with its error page whatever else comes)."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Banner(socketserver.BaseRequestHandler):
    """A service that speaks first, as an SSH server does."""

    def handle(self) -> None:
        with contextlib.suppress(OSError):  # the client hangs up
            self.request.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
            self.request.recv(1024)


@pytest.mark.parametrize(
    ("server", "says"),
    [
        (ThreadingHTTPServer, "it did not answer Dask's handshake"),
        (socketserver.ThreadingTCPServer, "it answered Dask's handshake"),
    ],
)
def test_a_service_that_is_not_a_dask_scheduler_is_a_one_line_error(
    server: type[socketserver.TCPServer],
    says: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("hashbed.jobs.executors.CONNECT_TIMEOUT_S", 2)
    handler = _Web if server is ThreadingHTTPServer else _Banner
    with server(("127.0.0.1", 0), handler) as service:
        threading.Thread(target=service.serve_forever, daemon=True).start()
        address = f"tcp://127.0.0.1:{service.server_address[1]}"
        try:
            code = main(["bench", "sha1", "--device", "ice40-hx8k", "--scheduler", address, "--db", str(tmp_path / "r.db")])
        finally:
            service.shutdown()
    err = capsys.readouterr().err
    assert code == 1 and err.startswith(f"hashbed: error: the service at {address} is not a Dask scheduler: {says}"), err
    assert err.count("\n") == 1
