"""Simulate a pipeline design at one depth: build, issue a schedule, read the digests back,
check them against the model and measure the issue interval and the stages' occupancy."""

from __future__ import annotations

import json
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.pipelines import PipelineDesign
from hashbed.errors import CoreFailure
from hashbed.flow import processes
from hashbed.flow.sim.build import Design, build
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, Stalls, failure_detail
from hashbed.studies.pipelined.scheduler import BLOCK_BYTES, Schedule, schedule

HARNESS = Path(__file__).with_name("harness.cpp")


def build_point(design: PipelineDesign, stages: int) -> Path:
    """The simulator of ``design`` with ``stages`` stages (cached)."""
    return build(Design(design.point(stages), design.top, "Vpipe", design.sources, HARNESS, {"STAGES": stages}))


@dataclass(frozen=True)
class PipeRun:
    #: Cycle at which each issue was taken.
    issue_cycles: list[int]
    #: (cycle, tag, digest port bytes) per digest, in output order.
    digests: list[tuple[int, int, bytes]]
    cycles: int
    seconds: float


def run_schedule(
    simulator: Path, plan: Schedule, stalls: Stalls = Stalls(), idle_limit: int = DEFAULT_IDLE_LIMIT, name: str = "pipeline"
) -> PipeRun:
    with tempfile.TemporaryDirectory(prefix="hashbed-pipe-") as work:
        issues_file, result_file = Path(work) / "issues.bin", Path(work) / "result.txt"
        with issues_file.open("wb") as f:
            f.write(b"HBPI" + struct.pack("<I", len(plan.issues)))
            for issue in plan.issues:
                flags = int(issue.first) | int(issue.last) << 1 | int(issue.bubble) << 2
                f.write(struct.pack("<BB", flags, issue.tag) + issue.block)
        args = [
            str(simulator),
            str(issues_file),
            str(result_file),
            str(stalls.seed),
            repr(stalls.src),
            repr(stalls.dst),
            str(idle_limit),
        ]
        proc = processes.run(args)
        if proc.returncode != 0:
            raise CoreFailure(f"pipeline {name}: {failure_detail(proc)}")
        summary = json.loads(proc.stdout.strip().splitlines()[-1])
        lines = result_file.read_text().splitlines()
    issue_cycles = [int(line.split()[1]) for line in lines if line.startswith("I ")]
    digests = []
    for line in lines:
        if line.startswith("D "):
            _, cycle, tag, value = line.split()
            digests.append((int(cycle), int(tag), bytes.fromhex(value)))
    return PipeRun(issue_cycles, digests, summary["cycles"], summary["seconds"])


def padded_blocks(design: PipelineDesign, message: Message) -> list[bytes]:
    padded = design.algorithm.pad(message)
    return [padded[i : i + BLOCK_BYTES] for i in range(0, len(padded), BLOCK_BYTES)]


@dataclass(frozen=True)
class PointCheck:
    """A depth's simulation: digests checked, steady-state interval and occupancy."""

    point: str
    stages: int
    messages: int
    #: Cycles between successive issues while messages wait (every value seen there).
    intervals: list[int]
    #: Blocks issued while messages wait, times the design's interval, over the cycles that
    #: took: 1.0 when every stage holds a block in every cycle.
    occupancy: float
    #: Cycles from a one-block message's issue to its digest, alone in the pipeline.
    latency: int
    cycles: int
    seconds: float

    def as_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def check_point(design: PipelineDesign, stages: int, messages: list[Message], stalls: Stalls = Stalls()) -> PointCheck:
    """Hash ``messages`` together through ``design`` at ``stages``; every digest must equal the
    model's (a CoreFailure names the first one that does not)."""
    simulator = build_point(design, stages)
    name = design.point(stages)
    ring = design.ring(stages)
    plan = schedule([padded_blocks(design, m) for m in messages], ring)
    run = run_schedule(simulator, plan, stalls, name=name)
    digest_bytes = design.algorithm.digest_bits // 8
    if len(run.digests) != len(messages):
        raise CoreFailure(f"pipeline {name}: {len(run.digests)} digests for {len(messages)} messages")
    for (cycle, tag, value), index in zip(run.digests, plan.digest_order):
        expected = design.algorithm.digest(messages[index])
        if tag != index % 256 or value[:digest_bytes] != expected or any(value[digest_bytes:]):
            raise CoreFailure(
                f"pipeline {name}: message {index} ({messages[index].bits} bits), digest at cycle {cycle} with tag {tag}: "
                f"got {value.hex()}, expected {expected.hex()} with tag {index % 256}"
            )
    steady = run.issue_cycles[: plan.saturated]
    intervals = sorted({b - a for a, b in zip(steady, steady[1:])})
    blocks = sum(not issue.bubble for issue in plan.issues[: plan.saturated - 1])
    span = steady[-1] - steady[0] if len(steady) > 1 else 0
    occupancy = blocks * design.interval(stages) / span if span else 0.0
    alone = schedule([padded_blocks(design, Message.from_bytes(b""))], ring)
    single = run_schedule(simulator, alone, name=name)
    latency = single.digests[0][0] - single.issue_cycles[0]
    return PointCheck(name, stages, len(messages), intervals, round(occupancy, 4), latency, run.cycles, run.seconds)
