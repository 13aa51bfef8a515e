"""Jobs with their dependencies, run in order on an executor; only this driver writes the store.

A ``Node`` is one job: its step and inputs (so its key is known before anything runs), the jobs
it needs, and either the work to send to a worker, made from the records of the jobs it needs,
or a cheap computation done here. ``run_graph`` walks the graph: a job whose needs are done is
looked up in the store (a finished result is reused), else claimed in the store (so that a
second driver on the same store does not run it at the same time), checked against the memory
left (for the local pool), and submitted; each finished job is stored with its cost as it comes
back. A job whose need failed is not run: its record is the failure it waited for.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from hashbed.errors import HashbedError
from hashbed.jobs.executors import Executor, result_of
from hashbed.jobs.work import Outcome, Work, execute
from hashbed.results import JobRecord, ResultStore, job_key

#: How often the driver looks at the jobs another driver holds, and renews its own claims, s.
POLL_S = 5.0
#: How often the driver tells which jobs are running (``on_tick``), s.
TICK_S = 1.0


@dataclass(eq=False)
class Node:
    step: str
    inputs: dict[str, Any]
    #: The work to run on a worker, from the records of ``needs`` (in order).
    work: Callable[[list[JobRecord]], Work] | None = None
    #: Or a computation cheap enough for the driver: (outputs, error) from the records of ``needs``.
    compute: Callable[[list[JobRecord]], tuple[dict[str, Any], str | None]] | None = None
    needs: tuple[Node, ...] = ()
    #: A final result that is a failure ("does not fit") is reused like a finished one.
    reuse_final: bool = False
    #: The job runs when the jobs it needs have final results, failures among them ("does not
    #: fit" is a result it tabulates); otherwise only when they finished.
    after_final: bool = False
    #: What the job is, for progress lines (e.g. "sha1 implement ecp5-25k").
    label: str = ""

    def builds_on(self, need: JobRecord) -> bool:
        """Whether the job can run on this record of a job it needs (else it is blocked)."""
        return need.final if self.after_final else need.ok

    @cached_property
    def key(self) -> str:
        return job_key(self.step, self.inputs)

    @property
    def core(self) -> str:
        return str(self.inputs["core"])


@dataclass(frozen=True)
class Event:
    """A job that got its record: run here or on a worker, reused from the store, or not run
    because a job it needs failed (``blocked``)."""

    node: Node
    record: JobRecord
    cost: dict[str, Any] | None = None
    blocked: bool = False


@dataclass
class Estimates:
    """What the driver knows of each job before it runs (hashbed.jobs.estimate): seconds and MB."""

    seconds: Callable[[Node], float] = lambda node: 0.0
    memory_mb: Callable[[Node], float] = lambda node: 0.0


def constant(work: Work) -> Callable[[list[JobRecord]], Work]:
    """The work of a job that takes nothing from the jobs it needs."""
    return lambda records: work


def stored(store: ResultStore, node: Node) -> JobRecord | None:
    """The result of ``node`` the store holds that makes running it again needless."""
    done = store.job(node.key)
    if done is not None and (done.ok or (node.reuse_final and done.final)):
        return dataclasses.replace(done, reused=True)
    return None


def will_not_run(store: ResultStore, node: Node) -> bool:
    """Whether ``node`` would not run because a job it needs holds a result it cannot build on
    (a failure; with ``after_final``, one that is not final): run_graph records it as blocked."""
    for need in node.needs:
        done = stored(store, need)
        if done is not None and not node.builds_on(done):
            return True
    return False


def graph_of(goals: Sequence[Node]) -> list[Node]:
    """Every job the goals need, each once (by key), needs first."""
    order: list[Node] = []
    seen: dict[str, Node] = {}

    def visit(node: Node) -> None:
        if node.key in seen:
            return
        for need in node.needs:
            visit(need)
        seen[node.key] = node
        order.append(node)

    for goal in goals:
        visit(goal)
    return order


@dataclass
class _Run:
    store: ResultStore
    force: bool
    executor: Executor | None
    estimates: Estimates
    on_event: Callable[[Event], None]
    records: dict[str, JobRecord] = field(default_factory=dict)
    running: dict[Any, Node] = field(default_factory=dict)
    #: When each running job was sent off (time.monotonic()).
    started: dict[str, float] = field(default_factory=dict)
    memory_used: float = 0.0

    def stored(self, node: Node) -> JobRecord | None:
        return None if self.force else stored(self.store, node)

    def finish(self, node: Node, outcome: Outcome) -> None:
        cost = outcome.cost.as_dict() if outcome.cost else None
        try:
            record = self.store.put(node.step, node.inputs, outcome.outputs, outcome.error, cost)
        finally:
            with contextlib.suppress(HashbedError):  # a claim left behind ends with this process
                self.store.release(node.key)
        self.records[node.key] = record
        self.on_event(Event(node, record, cost))

    def fits(self, node: Node) -> bool:
        """Whether the local pool's machine has the memory the job needs, next to those running
        (a job runs anyway when it is alone: nothing else can make room)."""
        limit = self.executor.memory_mb if self.executor is not None else None
        return not self.running or limit is None or self.memory_used + self.estimates.memory_mb(node) <= 0.8 * limit

    def start(self, node: Node, needs: list[JobRecord]) -> bool:
        """Run the job here or send it off; False when it must wait (claimed elsewhere, no memory)."""
        if node.compute is not None or self.executor is None:
            self.store.check_writable()
            if not self.store.claim(node.key):
                return False
            if node.compute is not None:
                outputs, error = node.compute(needs)
                self.finish(node, Outcome(outputs, error))
            else:
                assert node.work is not None
                self.finish(node, execute(node.work(needs)))
            return True
        if not self.fits(node) or len(self.running) >= self.executor.workers:
            return False
        self.store.check_writable()
        if not self.store.claim(node.key):
            return False
        assert node.work is not None
        memory = self.estimates.memory_mb(node)
        self.running[self.executor.submit(node.work(needs), memory)] = node
        self.started[node.key] = time.monotonic()
        self.memory_used += memory
        return True


def run_graph(
    store: ResultStore,
    goals: Sequence[Node],
    executor: Executor | None = None,
    force: bool = False,
    on_event: Callable[[Event], None] = lambda event: None,
    estimates: Estimates | None = None,
    on_idle: Callable[[list[Node]], None] = lambda running: None,
    idle_s: float = 600.0,
    more: Callable[[Event], Sequence[Node]] = lambda event: (),
    on_tick: Callable[[list[tuple[Node, float]]], None] = lambda running: None,
) -> dict[str, JobRecord]:
    """Run the goals and every job they need; returns the record of each job by key. Without an
    executor every job runs here, one after the other, in the order of the graph. Whenever
    ``idle_s`` pass without a job finishing, ``on_idle`` gets the jobs running; every ``TICK_S``
    while jobs run, ``on_tick`` gets each running job with the time.monotonic() it was sent off.
    ``more`` may add goals as each job gets its record (a search that decides its next runs from
    the last)."""
    added: list[Node] = []

    def notify(event: Event) -> None:
        on_event(event)
        added.extend(more(event))

    run = _Run(store, force, executor, estimates or Estimates(), notify)
    waiting = graph_of(goals)
    renewed = last_done = time.monotonic()
    try:
        while waiting or run.running or added:
            if added:
                known = {node.key for node in (*waiting, *run.running.values())}
                waiting += [node for node in graph_of(added) if node.key not in run.records and node.key not in known]
                added.clear()
            for node in list(waiting):
                needs = [run.records.get(need.key) for need in node.needs]
                if any(record is None for record in needs):
                    continue
                ready = [record for record in needs if record is not None]
                failed = next((record for record in ready if not node.builds_on(record)), None)
                done = failed or run.stored(node)
                if done is not None:
                    waiting.remove(node)
                    run.records[node.key] = done
                    notify(Event(node, done, blocked=failed is not None))
                elif run.start(node, ready):
                    waiting.remove(node)
            if not run.running:
                if waiting and not added:  # jobs another driver holds: wait for it
                    time.sleep(POLL_S)
                continue
            assert executor is not None
            for handle in executor.wait(list(run.running), timeout=min(TICK_S, idle_s)):
                node = run.running.pop(handle)
                run.memory_used -= run.estimates.memory_mb(node)
                run.started.pop(node.key, None)
                run.finish(node, result_of(handle))
                last_done = time.monotonic()
            on_tick([(node, run.started[node.key]) for node in run.running.values()])
            if run.running and time.monotonic() - last_done >= idle_s:
                on_idle(list(run.running.values()))
                last_done = time.monotonic()
            if time.monotonic() - renewed > POLL_S:
                store.renew_claims()
                renewed = time.monotonic()
    finally:
        store.release_all()
    return run.records
