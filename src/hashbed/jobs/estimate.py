"""How long a job will take and how much memory it needs, from what is known of earlier runs.

Each run's cost is stored (hashbed.results: wall time, CPU time, peak memory, host), and the
costs of the runs behind the published results come with the project (published/costs.jsonl). A
run's time is the lesser of its wall and CPU times: a run that shared its core with others took
longer than it needs alone (on an idle core the two agree within 2 %), and a run that used several
threads took its wall time. A job's time is the median of the runs of the same job (its key), else
of the same step on the same core and device, else on the same core and family, else on the same
core (any device or seed), else of the same step on any core (a timing job from its core and
device on: one run of it may have placed and routed again):
each from the store's costs first, then from the published ones (so a place and route that ends
at synthesis, a core too large for its device, is estimated by that run, not by the core's
placements elsewhere); else what older results recorded of their own run time (``seconds`` in the
outputs of verify, timing, testbed and pipeline-check jobs); else a default per step. Its memory is the
largest peak found the same way. A plan's time on N workers is the length of its schedule when
each free worker takes the longest ready job (``makespan``): the ETA a command prints first.

A timing job on Icarus Verilog (``hashbed time --engine icarus``) is counted apart from those on
the fast engine: its time is that of the core's earlier Icarus timing jobs in the store (their
costs, else their recorded ``seconds``), else the core's time on the fast engine times
``ICARUS_SLOWDOWN``, the ratio measured on this project's machine. The published Icarus runs
only stay out of the fast engine's figures: they were made with older testbenches, mostly on
random data, which takes about half the worst case's time.
"""

from __future__ import annotations

import heapq
import json
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from hashbed.catalogue.devices import DEVICES
from hashbed.jobs.graph import Estimates, Node
from hashbed.results import ResultStore
from hashbed.results.published import published_costs_file, published_jobs_file

#: What an implement job that ends at synthesis counts as (a core too large for its device: no placement).
SYNTHESIS_ONLY = "implement/synthesis"
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
    SYNTHESIS_ONLY: 60.0,
}
DEFAULT_MB = {"implement": 1500.0, "time": 1000.0}
FALLBACK_SECONDS, FALLBACK_MB = 30.0, 300.0
#: What a timing job on Icarus Verilog counts as, apart from the fast engine's ("time").
ICARUS_TIME = "time/icarus"
#: How many times longer a timing search takes on Icarus Verilog than on the fast engine, in CPU
#: time: sha1 on ice40-hx8k, worst data, 404 s against 5.3 s on this project's 2-core machine
#: (2026-11-28; 751 s against 10.5 s of wall time on the busy machine). The published sha1 and
#: sha256 runs on worst data give 65.
ICARUS_SLOWDOWN = 75.0


def published_costs() -> list[dict[str, Any]]:
    """The job costs published with the project (published/costs.jsonl, written by ``make publish``):
    what a fresh store knows before its first run."""
    path = published_costs_file()
    try:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return []


def published_kinds() -> dict[str, str]:
    """The kinds of the published jobs that are not their step (published/jobs.jsonl): timing
    jobs run on Icarus Verilog, and implement jobs that ended at synthesis."""
    path = published_jobs_file()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return {}
    kinds = {}
    for line in lines:
        if '"icarus"' not in line and "does not fit" not in line:  # most lines: no JSON to read
            continue
        try:
            job = json.loads(line)
        except ValueError:
            continue
        if isinstance(job, dict):
            kind = kind_of(str(job.get("step")), job.get("inputs") or {}, job.get("error"))
            if kind != job.get("step"):
                kinds[str(job.get("key"))] = kind
    return kinds


def kind_of(step: str, inputs: dict[str, Any], error: Any = None) -> str:
    """What a job counts as in the estimates: its step, a timing job's engine, and whether an
    implement job ended at synthesis (its core does not fit the device)."""
    tools = inputs.get("tools")
    if step == "time" and isinstance(tools, dict) and "icarus" in tools:
        return ICARUS_TIME
    if step == "implement" and isinstance(error, str) and error.startswith("does not fit"):
        return SYNTHESIS_ONLY
    return step


#: What a cost is looked up by: a job's key alone, or (kind, core, device) with None for "any".
Lookup = tuple[str | None, ...]
Table = dict[Lookup, list[float]]


def _tables(costs: list[dict[str, Any]], kinds: dict[str, str]) -> tuple[Table, Table]:
    """Wall times and peak memories by job key, by (kind, core, device), (kind, core, None) and
    (kind, None, None); ``kinds``: the kind of a job key that is not its step."""
    seconds: Table = defaultdict(list)
    memory: Table = defaultdict(list)
    for cost in costs:
        kind = kinds.get(cost["key"], cost["step"])
        cpu = cost.get("cpu_s")
        for key in _lookups(cost["key"], kind, cost["core"], cost.get("device")):
            seconds[key].append(min(cost["wall_s"], cpu) if isinstance(cpu, (int, float)) and cpu > 0 else cost["wall_s"])
            memory[key].append(cost["peak_mb"])
    return seconds, memory


def _lookups(key: str, kind: str, core: str | None, device: str | None) -> list[Lookup]:
    """The keys a job's cost is found under, the closest first: the job, its core on the device,
    on the device's family (another part of it), anywhere, and the step on any core."""
    family = f"family:{DEVICES[device].family}" if device in DEVICES else None
    return [(key,), (kind, core, device), (kind, core, family), (kind, core, None), (kind, None, None)]


def estimates(store: ResultStore) -> Estimates:
    """Estimates from the costs the store holds, else from those published with the project."""
    kinds = published_kinds()
    kinds.update(
        {
            record.key: SYNTHESIS_ONLY
            for record in store.jobs("implement")
            if kind_of("implement", {}, record.error) == SYNTHESIS_ONLY
        }
    )
    recorded: Table = defaultdict(list)  # the run times older results hold
    for step in ("verify", "time", "testbed", "pipe_check"):
        for record in store.jobs(step):
            kind = kinds[record.key] = kind_of(step, record.inputs)
            if record.ok and isinstance(record.outputs.get("seconds"), (int, float)):
                for key in _lookups(record.key, kind, record.core, record.device):
                    recorded[key].append(float(record.outputs["seconds"]))
    seconds, memory = _tables(store.costs(), kinds)
    published_seconds, published_memory = _tables(published_costs(), kinds)

    def pick(tables: Sequence[Table], keys: Sequence[Lookup], default: float, use_max: bool) -> float:
        for key in keys:  # the closest key first, in any table
            for table in tables:
                if table.get(key):
                    return max(table[key]) if use_max else statistics.median(table[key])
        return default

    def guess_seconds(node: Node) -> float:
        if node.compute:
            return 0.0
        kind = kinds.get(node.key, node.step)
        default = DEFAULT_SECONDS.get(kind, FALLBACK_SECONDS)
        device = node.inputs.get("device")
        keys = _lookups(
            node.key, kind if kind == SYNTHESIS_ONLY else node.step, node.core, device if isinstance(device, str) else None
        )
        if node.step == "time":  # a timing job's run may hold a place and route done again: its core and device tell more
            keys = keys[1:]
        fast = pick((seconds, published_seconds, recorded), keys, default, False)
        if kind_of(node.step, node.inputs) == ICARUS_TIME:  # this machine's Icarus runs of the core, else the rate
            return pick((seconds, recorded), ((ICARUS_TIME, node.core, None),), ICARUS_SLOWDOWN * fast, False)
        return fast

    def guess_memory(node: Node) -> float:
        kind, default = kind_of(node.step, node.inputs), DEFAULT_MB.get(node.step, FALLBACK_MB)
        device = node.inputs.get("device")
        keys = _lookups(node.key, kind, node.core, device if isinstance(device, str) else None)
        return pick((memory, published_memory), keys, default, True)

    return Estimates(seconds=guess_seconds, memory_mb=guess_memory)


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
