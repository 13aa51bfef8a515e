"""How long a job will take and how much memory it needs, from what the store knows.

Each run's cost is stored (hashbed.results: wall time, CPU time, peak memory, host). A job's
estimate is the median of the earlier runs of the same step on the same core (on any device or
seed), else of the same step on any core, else what older results recorded of their own run time
(``seconds`` in the outputs of verify, timing, testbed and pipeline-check jobs), else a default
per step. A plan's time on N workers is the length of its schedule when each free worker takes
the longest ready job (``makespan``): the ETA a bench prints before it starts.
"""

from __future__ import annotations

import heapq
import statistics
from collections import defaultdict
from collections.abc import Sequence

from hashbed.jobs.graph import Estimates, Node
from hashbed.results import ResultStore

#: Seconds and MB of a step never run before (a placed and routed SHA-3 candidate takes minutes).
DEFAULT_SECONDS = {
    "verify": 30.0,
    "measure": 20.0,
    "implement": 600.0,
    "energy": 120.0,
    "time": 600.0,
    "testbed": 30.0,
    "pipe_check": 30.0,
}
DEFAULT_MB = {"implement": 1500.0, "time": 1000.0}
FALLBACK_SECONDS, FALLBACK_MB = 30.0, 300.0


def estimates(store: ResultStore) -> Estimates:
    """Estimates from every cost the store holds."""
    seconds: dict[tuple[str, str | None], list[float]] = defaultdict(list)
    memory: dict[tuple[str, str | None], list[float]] = defaultdict(list)
    for cost in store.costs():
        for key in ((cost["step"], cost["core"]), (cost["step"], None)):
            seconds[key].append(cost["wall_s"])
            memory[key].append(cost["peak_mb"])
    recorded: dict[tuple[str, str | None], list[float]] = defaultdict(list)  # the run times older results hold
    for step in ("verify", "time", "testbed", "pipe_check"):
        for record in store.jobs(step):
            if record.ok and isinstance(record.outputs.get("seconds"), (int, float)):
                for key in ((step, record.core), (step, None)):
                    recorded[key].append(float(record.outputs["seconds"]))

    def pick(tables: Sequence[dict[tuple[str, str | None], list[float]]], node: Node, default: float, use_max: bool) -> float:
        for table in tables:
            for key in ((node.step, node.core), (node.step, None)):
                if table.get(key):
                    return max(table[key]) if use_max else statistics.median(table[key])
        return default

    return Estimates(
        seconds=lambda node: (
            0.0 if node.compute else pick((seconds, recorded), node, DEFAULT_SECONDS.get(node.step, FALLBACK_SECONDS), False)
        ),
        memory_mb=lambda node: pick((memory,), node, DEFAULT_MB.get(node.step, FALLBACK_MB), True),
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
