"""The job graph and its executors: order, reuse, cost, a worker killed mid-job, two drivers on
one store, estimates and the plan a command prints before it starts."""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.flow.processes import start_time
from hashbed.jobs import estimate as estimate_module
from hashbed.jobs.estimate import ICARUS_SLOWDOWN, estimates, makespan
from hashbed.jobs.executors import LocalExecutor, make_executor
from hashbed.jobs.graph import Event, Node, constant, run_graph, will_not_run
from hashbed.results import ResultStore
from hashbed.results.published import published_jobs_file


def sleep_then(seconds: float, outputs: dict[str, Any], error: str | None = None) -> tuple[dict[str, Any], str | None]:
    time.sleep(seconds)
    return {**outputs, "pid": os.getpid(), "at": time.monotonic()}, error


def die_once(marker: str) -> tuple[dict[str, Any], str | None]:
    """A job whose worker is killed the first time it runs it (as the kernel kills a process out of memory)."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return {"survived": True}, None


def job(name: str, seconds: float = 0.0, needs: tuple[Node, ...] = (), error: str | None = None) -> Node:
    return Node(
        "verify",
        {"core": name},
        work=constant(functools.partial(sleep_then, seconds, {"name": name}, error)),
        needs=needs,
        label=name,
    )


def test_jobs_run_at_once_in_order_of_their_needs_and_each_is_stored_with_its_cost(db: Path) -> None:
    first, second = job("a", 1.0), job("b", 1.0)
    last = job("c", needs=(first, second))
    events: list[Event] = []
    executor = LocalExecutor(2)
    started = time.monotonic()
    with ResultStore(db) as store:
        records = run_graph(store, [last], executor, on_event=events.append)
        executor.close()
        assert time.monotonic() - started < 1.9  # a and b side by side
        a, b, c = (records[node.key].outputs for node in (first, second, last))
        assert a["pid"] != b["pid"] and c["at"] >= max(a["at"], b["at"])
        assert [event.node.label for event in events][-1] == "c"
        costs = {cost["core"]: cost for cost in store.costs()}
        assert costs["a"]["wall_s"] >= 1.0 and costs["a"]["host"] == socket.gethostname() and costs["a"]["peak_mb"] > 0
        again: list[Event] = []
        run_graph(store, [last], LocalExecutor(1), on_event=again.append)
        assert all(event.record.reused for event in again)  # everything finished is reused


def test_the_driver_tells_the_running_jobs_while_they_run(db: Path) -> None:
    """on_tick: the jobs running, each with when it was sent off; the bar names them from it."""
    first, second = job("a", 2.5), job("b", 2.5)
    ticks: list[list[tuple[str, float]]] = []
    executor = LocalExecutor(2)
    with ResultStore(db) as store:
        run_graph(store, [first, second], executor, on_tick=lambda running: ticks.append([(n.label, t) for n, t in running]))
    executor.close()
    both = [tick for tick in ticks if sorted(label for label, _ in tick) == ["a", "b"]]
    assert len(both) >= 1 and all(since <= time.monotonic() for tick in both for _, since in tick)
    assert ticks[-1] == []  # the last tick: nothing runs any more


def test_a_job_whose_need_failed_does_not_run(db: Path) -> None:
    broken = job("a", error="the core never answered")
    after = job("b", needs=(broken,))
    with ResultStore(db) as store:
        events: list[Event] = []
        records = run_graph(store, [after], None, on_event=events.append)
        assert records[after.key] == records[broken.key] and not records[after.key].ok
        assert [(event.node.label, event.blocked) for event in events] == [("a", False), ("b", True)]
        assert store.job(after.key) is None


def test_a_worker_killed_mid_job_loses_nothing(db: Path, tmp_path: Path) -> None:
    """The pool loses a worker while two jobs run: both run again on a new pool, and finish."""
    killed = Node("verify", {"core": "dies"}, work=constant(functools.partial(die_once, str(tmp_path / "died"))), label="dies")
    neighbour = job("neighbour", 1.0)
    executor = LocalExecutor(2)
    with ResultStore(db) as store:
        records = run_graph(store, [killed, neighbour], executor)
        executor.close()
        assert records[killed.key].ok and records[killed.key].outputs == {"survived": True}
        assert records[neighbour.key].ok and (tmp_path / "died").exists()


HOLDER = """
import sys, time
from pathlib import Path
from hashbed.results import ResultStore
with ResultStore(Path(sys.argv[1])) as store:
    assert store.claim(sys.argv[2])
    print("claimed", flush=True)
    time.sleep(float(sys.argv[3]))
    store.put("verify", {"core": "shared"}, {"by": "the other driver"})
    store.release(sys.argv[2])
"""


def test_two_drivers_do_not_run_one_job_at_the_same_time(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hashbed.jobs import graph

    monkeypatch.setattr(graph, "POLL_S", 0.1)
    shared = Node("verify", {"core": "shared"}, work=constant(functools.partial(sleep_then, 0, {"by": "this driver"})))
    ResultStore(db).close()
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), shared.key, "1.5"], stdout=subprocess.PIPE, text=True)
    assert other.stdout is not None and other.stdout.readline() == "claimed\n"
    with ResultStore(db) as store:
        assert store.claimed_by(shared.key) == f"{socket.gethostname()}:{other.pid}"
        record = run_graph(store, [shared], LocalExecutor(1))[shared.key]
    other.wait()
    assert record.outputs == {"by": "the other driver"} and record.reused  # waited for it, then took its result


def test_claims_of_drivers_that_are_gone_are_taken(db: Path) -> None:
    with ResultStore(db) as store:
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
        pid = int(gone.stdout)
        store._db.execute("INSERT INTO claims VALUES ('k1', ?, ?, 12345, ?)", (socket.gethostname(), pid, time.time()))
        store._db.execute("INSERT INTO claims VALUES ('k2', 'elsewhere', 1, 1, ?)", (time.time() - 3600,))
        store._db.execute("INSERT INTO claims VALUES ('k3', 'elsewhere', 1, 1, ?)", (time.time(),))
        assert store.claim("k1") and store.claim("k2")  # a dead process; a host that stopped renewing
        assert not store.claim("k3") and store.claimed_by("k3") == "elsewhere:1"
        assert store.claimed_by("k1") == f"{socket.gethostname()}:{os.getpid()}" and start_time(os.getpid()) is not None


def test_the_makespan_of_a_plan_follows_its_needs_and_its_workers() -> None:
    a, b, c = job("a"), job("b"), job("c")
    d = job("d", needs=(a, b))
    seconds = {a.key: 10.0, b.key: 4.0, c.key: 6.0, d.key: 1.0}
    assert makespan([a, b, c, d], seconds, 1) == 21.0
    assert makespan([a, b, c, d], seconds, 2) == 11.0  # a | b then c; d after a
    assert makespan([a, b, c, d], seconds, 8) == 11.0


def test_estimates_come_from_earlier_runs_of_the_step(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hashbed.jobs.estimate.published_costs", list)  # the store's own costs alone
    with ResultStore(db) as store:
        for seconds in (10.0, 30.0, 20.0):
            store.put(
                "implement",
                {"core": "sha1", "device": "ecp5-25k", "seed": int(seconds)},
                {},
                cost={"wall_s": seconds, "cpu_s": seconds, "peak_mb": seconds * 10, "host": "h"},
            )
        guess = estimates(store)
        sha1 = Node("implement", {"core": "sha1", "device": "ecp5-85k", "seed": 1})
        other = Node("implement", {"core": "sha256", "device": "ecp5-85k", "seed": 1})
        assert (guess.seconds(sha1), guess.memory_mb(sha1)) == (20.0, 300.0)  # median time, largest memory
        assert guess.seconds(other) == 20.0  # the step's runs on other cores
        assert guess.seconds(Node("time", {"core": "x"})) == 600.0  # never run: the step's default


def test_a_run_that_shared_its_core_is_estimated_by_its_cpu_time(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Wall time waits for the other runs on a busy machine; alone, a run takes its CPU time. A run
    of several threads (more CPU than wall time) takes its wall time."""
    monkeypatch.setattr(estimate_module, "published_costs", list)
    monkeypatch.setattr(estimate_module, "published_kinds", dict)
    busy = {"core": "sha1", "device": "ecp5-25k", "seed": 1}
    threads = {"core": "sha256", "device": "ecp5-25k", "seed": 1}
    with ResultStore(db) as store:
        store.put("implement", busy, {}, cost={"wall_s": 100.0, "cpu_s": 48.0, "peak_mb": 100.0, "host": "h"})
        store.put("implement", threads, {}, cost={"wall_s": 30.0, "cpu_s": 55.0, "peak_mb": 100.0, "host": "h"})
        guess = estimates(store)
        assert guess.seconds(Node("implement", busy)) == 48.0
        assert guess.seconds(Node("implement", threads)) == 30.0


def test_the_same_job_then_device_then_core_and_a_job_that_ends_at_synthesis_as_such(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The closest runs estimate a job: its own key's, then the core's on the device, then on the
    device's family, then the core's anywhere; an implement job known to end at synthesis (does
    not fit) by such runs only."""
    monkeypatch.setattr(estimate_module, "published_costs", list)
    monkeypatch.setattr(estimate_module, "published_kinds", dict)

    def cost(seconds: float) -> dict[str, Any]:
        return {"wall_s": seconds, "cpu_s": seconds, "peak_mb": 100.0, "host": "h"}

    with ResultStore(db) as store:
        store.put("implement", {"core": "big", "device": "ecp5-85k", "seed": 1}, {}, cost=cost(2000.0))
        store.put("implement", {"core": "big", "device": "ecp5-85k", "seed": 2}, {}, cost=cost(1000.0))
        store.put("implement", {"core": "big", "device": "ecp5-25k", "seed": 1}, {}, cost=cost(1500.0))
        small = {"core": "big", "device": "nexus-17k", "seed": 1}
        store.put("implement", small, {}, "does not fit: core big needs 50000 LUT4s after synthesis", cost(40.0))
        guess = estimates(store)
        assert guess.seconds(Node("implement", {"core": "big", "device": "ecp5-85k", "seed": 2})) == 1000.0  # its own
        assert guess.seconds(Node("implement", {"core": "big", "device": "ecp5-85k", "seed": 3})) == 1500.0  # the device's
        assert guess.seconds(Node("implement", {"core": "big", "device": "gowin-gw1n9", "seed": 1})) == 1500.0  # the core's
        # another part of a family the core has run on: that family's runs, not the slower family's
        store.put("implement", {"core": "big", "device": "nexus-40k", "seed": 1}, {}, cost=cost(9000.0))
        guess = estimates(store)
        assert guess.seconds(Node("implement", {"core": "big", "device": "ecp5-45k", "seed": 1})) == 1500.0
        assert guess.seconds(Node("implement", {"core": "big", "device": "gowin-gw1n9", "seed": 1})) == 1750.0
        # the same job again on the small device, and on another seed there: a synthesis, not a placement
        store.put("implement", {**small, "seed": 2}, {}, "does not fit: core big needs 50000 LUT4s after synthesis")
        guess = estimates(store)
        assert guess.seconds(Node("implement", small)) == 40.0
        assert guess.seconds(Node("implement", {**small, "seed": 2})) == 40.0


def _timing(core: str, engine: str, seed: int = 1) -> dict[str, Any]:
    tools = {"icarus": "Icarus Verilog version 12.0"} if engine == "icarus" else {"timing_engine": {"name": "fast"}}
    return {"core": core, "device": "ice40-hx8k", "seed": seed, "data": "worst", "board": 0, "tools": tools}


def test_an_icarus_timing_job_is_estimated_at_its_engines_rate(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(estimate_module, "published_costs", list)  # the store's own costs alone
    monkeypatch.setattr(estimate_module, "published_kinds", dict)
    fast, icarus = Node("time", _timing("sha1", "fast")), Node("time", _timing("sha1", "icarus"))
    with ResultStore(db) as store:
        store.put("time", _timing("sha1", "fast", 2), {}, cost={"wall_s": 4.0, "cpu_s": 4.0, "peak_mb": 80.0, "host": "h"})
        guess = estimates(store)
        assert guess.seconds(fast) == 4.0
        assert guess.seconds(icarus) == 4.0 * ICARUS_SLOWDOWN  # no Icarus run yet: the fast engine's time at the rate
        store.put("time", _timing("sha1", "icarus", 2), {}, cost={"wall_s": 280.0, "cpu_s": 270.0, "peak_mb": 150.0, "host": "h"})
        guess = estimates(store)
        assert guess.seconds(icarus) == 270.0  # this machine's own Icarus run of the core (its CPU time, the lesser)
        assert guess.seconds(fast) == 4.0  # which does not slow the fast engine's estimate
        assert guess.seconds(Node("time", _timing("sha256", "icarus"))) == 4.0 * ICARUS_SLOWDOWN  # another core: the rate


def _seconds(text: str) -> float:
    """A duration as hashbed.flow.impl.progress.duration prints it, in seconds."""
    words = text.split()
    units = {"s": 1, "min": 60, "h": 3600}
    return sum(float(value) * units[unit] for value, unit in zip(words[::2], words[1::2], strict=True))


def test_time_on_icarus_plans_minutes_where_the_fast_engine_takes_seconds(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    planned = {}
    for engine in ("fast", "icarus"):
        assert main(["time", "sha1", "--device", "ice40-hx8k", "--engine", engine, "--dry-run", "--db", str(db)]) == 0
        row = next(line for line in capsys.readouterr().out.splitlines() if "sha1 time ice40-hx8k" in line)
        planned[engine] = _seconds(row.split("│")[2])
    assert planned["icarus"] >= 60 and planned["icarus"] >= ICARUS_SLOWDOWN / 2 * planned["fast"], planned


def test_a_dry_run_prints_the_plan_and_runs_nothing(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "sha1", "sha256", "--device", "ice40-hx8k", "--dry-run", "--jobs", "2", "--db", str(db)]) == 0
    printed = capsys.readouterr().out
    assert "sha1 implement ice40-hx8k" in printed and "8 jobs, about" in printed and "on 2 local workers" in printed
    with ResultStore(db) as store:
        assert store.jobs() == []


def test_an_unreachable_scheduler_is_a_one_line_error(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("hashbed.jobs.executors.CONNECT_TIMEOUT_S", 1)
    assert main(["bench", "sha1", "--device", "ice40-hx8k", "--scheduler", "tcp://127.0.0.1:9", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err and err.count("\n") == 1 and "Traceback" not in err
    with pytest.raises(HashbedError, match="tcp://127.0.0.1:9"):
        make_executor(None, "tcp://127.0.0.1:9")


def test_slurm_workers_take_one_job_at_a_time_and_declare_their_memory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["workers", "slurm", "--print-script", "--memory", "16", "--walltime", "02:00:00", "--host", "127.0.0.1"]) == 0
    script = capsys.readouterr().out
    assert "#SBATCH --mem=16G" in script and "#SBATCH -t 02:00:00" in script
    assert (
        "distributed.cli.dask_worker tcp://127.0.0.1:" in script
        and "--nthreads 1" in script
        and "--resources memory=16384" in script
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--walltime", "18446744073709551615"], "argument --walltime: must be a Slurm time limit"),
        (["--memory", "5000"], "argument --memory: must be a whole number from 1 to 4096"),
        (["--workers", "0"], "argument --workers: must be a whole number from 1 to 10000"),
        ([], "sbatch is not on PATH: run it on the cluster's login node"),
        (["--print-script", "--host", "no.such.host.invalid"], "could not start on host 'no.such.host.invalid' .*: give --host"),
    ],
)
def test_slurm_workers_refuse_what_they_cannot_do_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str], words: str
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no sbatch
    try:
        status = main(["workers", "slurm", *argv])
    except SystemExit as usage:
        status = usage.code
    err = capsys.readouterr().err
    assert status != 0 and "Traceback" not in err
    assert len([line for line in err.splitlines() if "error:" in line]) == 1 and re.search(words, err), err


def test_costs_are_published_and_estimate_a_fresh_store(db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    costs = tmp_path / "costs.jsonl"
    with ResultStore(tmp_path / "ran.db") as store:
        store.put(
            "implement",
            {"core": "sha1", "device": "ecp5-25k", "seed": 1},
            {},
            cost={"wall_s": 42.0, "cpu_s": 40.0, "peak_mb": 700.0, "host": "h"},
        )
        assert store.export_costs(costs) == 1
        store.put(
            "implement",
            {"core": "sha1", "device": "ecp5-85k", "seed": 1},
            {},
            cost={"wall_s": 60.0, "cpu_s": 50.0, "peak_mb": 900.0, "host": "h"},
        )
        assert store.export_costs(costs) == 2  # what the file held stays
    monkeypatch.setattr(estimate_module, "published_costs", lambda: [json.loads(line) for line in costs.read_text().splitlines()])
    with ResultStore(db) as fresh:
        guess = estimates(fresh)
        assert guess.seconds(Node("implement", {"core": "sha1", "device": "ice40-hx8k", "seed": 1})) == 45.0  # CPU times
        assert guess.memory_mb(Node("implement", {"core": "sha1", "device": "ice40-hx8k", "seed": 1})) == 900.0


def test_an_imported_store_brings_what_its_runs_cost(db: Path, tmp_path: Path) -> None:
    published = [json.loads(line) for line in published_jobs_file().read_text().splitlines()]
    job = next(j for j in published if j["step"] == "implement" and j["status"] == "ok")
    cost = {"wall_s": 12.5, "cpu_s": 11.0, "peak_mb": 420.0, "host": "elsewhere"}
    with ResultStore(tmp_path / "other.db") as other:
        other.put("implement", job["inputs"], job["outputs"], cost=cost)
    with ResultStore(db) as store:
        store.import_from(tmp_path / "other.db")
        store.import_from(tmp_path / "other.db")  # twice: each run once
        assert [(c["key"], c["wall_s"], c["host"]) for c in store.costs()] == [(job["key"], 12.5, "elsewhere")]


def test_a_job_whose_stored_need_failed_is_not_planned(db: Path) -> None:
    """The dry run lists what would run: not a job that run_graph would record as blocked (its
    need holds a final failure: a core that does not fit), but one whose need failed otherwise
    (that need runs again first)."""
    too_large = Node(
        "implement",
        {"core": "big"},
        work=constant(functools.partial(sleep_then, 0.0, {"fits": False}, "does not fit: too large")),
        reuse_final=True,
    )
    broken = job("a", error="the tool crashed")
    after_large, after_broken = job("b", needs=(too_large,)), job("c", needs=(broken,))
    with ResultStore(db) as store:
        run_graph(store, [after_large, after_broken], None)
        assert will_not_run(store, after_large) and not will_not_run(store, too_large)
        assert not will_not_run(store, after_broken)
        assert not will_not_run(store, job("d", needs=(job("e"),)))  # a need not stored yet: it runs first
