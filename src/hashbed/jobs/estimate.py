"""How long a job will take and how much memory it needs, from what is known of earlier runs.

Each run's cost is stored (hashbed.results: wall time, CPU time, peak memory, host), and the
costs of the runs behind the published results come with the project (results/costs.jsonl). A
job's time is the median of the store's runs of the same step on the same core (on any device or
seed), else of the same step on any core; where the store has none, the same from the published
costs; else what older results recorded of their own run time (``seconds`` in the outputs of
verify, timing, testbed and pipeline-check jobs); else a default per step. Its memory is the
largest peak found the same way. A plan's time on N workers is the length of its schedule when
each free worker takes the longest ready job (``makespan``): the ETA a command prints first.
"""

from __future__ import annotations

import heapq
import json
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from hashbed.catalogue.manifest import rtl_root
from hashbed.jobs.graph import Estimates, Node
from hashbed.results import ResultStore

#: The file of results/ that holds the published job costs.
COSTS_FILE = "costs.jsonl"
#: Seconds and MB of a step never run before (a placed and routed SHA-3 candidate takes minutes).
DEFAULT_SECONDS = {
    "verify": 30.0,
    "measure": 20.0,
    "implement": 600.0,
    "energy": 120.0,
    "time": 600.0,
    "testbed": 30.0,
    "pipe_check": 30.0,
    "lwc_bench": 10.0,
}
DEFAULT_MB = {"implement": 1500.0, "time": 1000.0}
FALLBACK_SECONDS, FALLBACK_MB = 30.0, 300.0


def published_costs() -> list[dict[str, Any]]:
    """The job costs published with the project (results/costs.jsonl, written by ``make publish``):
    what a fresh store knows before its first run."""
    path = rtl_root().parent / "results" / COSTS_FILE
    try:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return []


Table = dict[tuple[str, str | None], list[float]]


def _tables(costs: list[dict[str, Any]]) -> tuple[Table, Table]:
    """Wall times and peak memories by (step, core) and by (step, None)."""
    seconds: Table = defaultdict(list)
    memory: Table = defaultdict(list)
    for cost in costs:
        for key in ((cost["step"], cost["core"]), (cost["step"], None)):
            seconds[key].append(cost["wall_s"])
            memory[key].append(cost["peak_mb"])
    return seconds, memory


def estimates(store: ResultStore) -> Estimates:
    """Estimates from the costs the store holds, else from those published with the project."""
    seconds, memory = _tables(store.costs())
    published_seconds, published_memory = _tables(published_costs())
    recorded: Table = defaultdict(list)  # the run times older results hold
    for step in ("verify", "time", "testbed", "pipe_check"):
        for record in store.jobs(step):
            if record.ok and isinstance(record.outputs.get("seconds"), (int, float)):
                for key in ((step, record.core), (step, None)):
                    recorded[key].append(float(record.outputs["seconds"]))

    def pick(tables: Sequence[Table], node: Node, default: float, use_max: bool) -> float:
        for table in tables:
            for key in ((node.step, node.core), (node.step, None)):
                if table.get(key):
                    return max(table[key]) if use_max else statistics.median(table[key])
        return default

    def guess_seconds(node: Node) -> float:
        if node.compute:
            return 0.0
        return pick((seconds, published_seconds, recorded), node, DEFAULT_SECONDS.get(node.step, FALLBACK_SECONDS), False)

    return Estimates(
        seconds=guess_seconds,
        memory_mb=lambda node: pick((memory, published_memory), node, DEFAULT_MB.get(node.step, FALLBACK_MB), True),
    )


def makespan(nodes: Sequence[Node], seconds: dict[str, float], workers: int) -> float:
    """How long ``nodes`` take on ``workers``, each taking the longest ready job when it is free
    (a job is ready when the jobs it needs among ``nodes`` are done)."""
    keys = {node.key for node in nodes}
    needs = {node.key: {need.key for need in node.needs if need.key in keys} for node in nodes}
    waiting = {node.key for node in nodes}
    done_at: dict[str, float] = {}
    free = [0.0] * max(1, workers)
    running: list[tuple[float, str]] = []
    clock = 0.0
    while waiting or running:
        ready = sorted((k for k in waiting if needs[k] <= done_at.keys()), key=lambda k: -seconds[k])
        while ready and free:
            key = ready.pop(0)
            waiting.discard(key)
            start = max(clock, heapq.heappop(free))
            heapq.heappush(running, (start + seconds[key], key))
        if not running:
            break  # a cycle, or needs outside the plan: nothing more can start
        clock, key = heapq.heappop(running)
        done_at[key] = clock
        heapq.heappush(free, clock)
    return max(done_at.values(), default=0.0)
