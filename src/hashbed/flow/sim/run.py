"""Run a stream of cases (messages, or an LWC core's operations) through a core in the compiled
harness (harness.cpp), the words and the count of answer words each from the core's interface."""

from __future__ import annotations

import json
import struct
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.catalogue.interfaces import Case, Interface
from hashbed.errors import CoreFailure
from hashbed.flow import processes


@dataclass(frozen=True)
class Stalls:
    """Probability that the source (input) or destination (output) is not ready in a cycle."""

    src: float = 0.0
    dst: float = 0.0
    seed: int = 1


@dataclass(frozen=True)
class CaseRun:
    """The output words of one case (an LWC core's: the status last) and its cycle stamps."""

    outputs: list[int]
    first_read: int
    last_read: int
    first_write: int
    last_write: int

    @property
    def cycles(self) -> int:
        """Cycles from the first input word read to the last output word written, inclusive."""
        return self.last_write - self.first_read + 1


@dataclass(frozen=True)
class StreamRun:
    cases: list[CaseRun]
    cycles: int
    seconds: float

    @property
    def cycles_per_second(self) -> float:
        return self.cycles / self.seconds if self.seconds > 0 else float("inf")


#: Cycles without a single transfer after which a core is declared stuck.
DEFAULT_IDLE_LIMIT = 100_000
#: The highest idle limit the harnesses take (harness.cpp): far beyond any core's quiet computing.
MAX_IDLE_LIMIT = 100_000_000


def failure_detail(proc: subprocess.CompletedProcess[str]) -> str:
    """Why a harness run failed: its ERROR line, or the reason a parameter check printed."""
    errors = [line for line in proc.stderr.splitlines() if line.startswith("ERROR:")]
    detail = errors[0][len("ERROR: ") :] if errors else f"simulator exited with status {proc.returncode}"
    printed = [
        line.strip()
        for line in (proc.stdout + proc.stderr).splitlines()
        if line.strip() and not line.startswith(("ERROR:", "- "))
    ]
    if "$finish" in detail and printed:  # a parameter check prints its reason, then calls $finish
        detail = f"parameter check failed: {printed[0]}"  # the first check that failed
    return detail


def run_simulator(
    simulator: Path, stream: bytes, stalls: Stalls, isolate: bool, idle_limit: int, core_name: str
) -> tuple[dict[str, Any], bytes]:
    """Run a harness (``harness.cpp``) on the input ``stream``: its summary
    (cycles, seconds) and the bytes of its result file; a core that fails is a CoreFailure."""
    with tempfile.TemporaryDirectory(prefix="hashbed-sim-") as work:
        stream_file = Path(work) / "stream.bin"
        result = Path(work) / "result.bin"
        stream_file.write_bytes(stream)
        args = [
            str(simulator),
            str(stream_file),
            str(result),
            str(stalls.seed),
            repr(stalls.src),
            repr(stalls.dst),
            "1" if isolate else "0",
            str(idle_limit),
        ]
        proc = processes.run(args)
        if proc.returncode != 0:
            raise CoreFailure(f"core {core_name}: {failure_detail(proc)}")
        summary: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
        return summary, result.read_bytes()


def run_stream(
    simulator: Path,
    interface: Interface,
    cases: Sequence[Case],
    stalls: Stalls = Stalls(),
    isolate: bool = False,
    idle_limit: int = DEFAULT_IDLE_LIMIT,
    core_name: str = "core",
) -> StreamRun:
    """Feed ``cases`` through the core of ``interface`` (its words of ``interface.width`` bits): the
    input, and sdi, stalled with probability ``stalls.src`` each, the output with ``stalls.dst``.
    The harness refuses a stream of another width than the core's ports."""
    stream = b"HBIN" + struct.pack("<II", interface.width, len(cases))
    for case in cases:
        stream += struct.pack("<III", len(case.words), len(case.sdi), interface.output_words(case))
        stream += struct.pack(f"<{len(case.words) + len(case.sdi)}Q", *case.words, *case.sdi)
    summary, raw = run_simulator(simulator, stream, stalls, isolate, idle_limit, core_name)
    runs = []
    offset = 0
    for _ in cases:
        stamps = struct.unpack_from("<4Q", raw, offset)
        (count,) = struct.unpack_from("<I", raw, offset + 32)
        offset += 36
        runs.append(CaseRun(list(struct.unpack_from(f"<{count}Q", raw, offset)), *stamps))
        offset += 8 * count
    return StreamRun(runs, summary["cycles"], summary["seconds"])
