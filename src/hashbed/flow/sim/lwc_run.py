"""Run a stream of LWC operations through a core in the compiled LWC harness (lwc_harness.cpp)."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.lwc_interface import LWC_WIDTH, LwcCase
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, Stalls, run_simulator


@dataclass(frozen=True)
class OperationRun:
    """The do words of one operation (the status last) and its cycle stamps."""

    outputs: list[int]
    first_read: int
    last_read: int
    first_write: int
    last_write: int

    @property
    def cycles(self) -> int:
        """Cycles from the first pdi word read to the status word written, inclusive."""
        return self.last_write - self.first_read + 1


@dataclass(frozen=True)
class LwcStreamRun:
    operations: list[OperationRun]
    cycles: int
    seconds: float


def run_lwc_stream(
    simulator: Path,
    cases: list[LwcCase],
    stalls: Stalls = Stalls(),
    isolate: bool = False,
    idle_limit: int = DEFAULT_IDLE_LIMIT,
    core_name: str = "core",
    width: int = LWC_WIDTH,
) -> LwcStreamRun:
    """Feed ``cases`` (words of ``width`` bits, the core's ``bus_width``) through the core: pdi and
    sdi stalled with probability ``stalls.src`` each, do with ``stalls.dst``; a case may be
    answered with at most as many words as it expects, plus 16 (a wrong answer is then compared,
    not cut short). The harness refuses a stream of another width than the core's ports."""
    stream = b"HLWC" + struct.pack("<II", width, len(cases))
    for case in cases:
        stream += struct.pack("<III", len(case.pdi), len(case.sdi), len(case.expected) + 16)
        stream += struct.pack(f"<{len(case.pdi)}I{len(case.sdi)}I", *case.pdi, *case.sdi)
    summary, raw = run_simulator(simulator, stream, stalls, isolate, idle_limit, core_name)
    runs = []
    offset = 0
    for _ in cases:
        stamps = struct.unpack_from("<4Q", raw, offset)
        (count,) = struct.unpack_from("<I", raw, offset + 32)
        offset += 36
        runs.append(OperationRun(list(struct.unpack_from(f"<{count}I", raw, offset)), *stamps))
        offset += 4 * count
    return LwcStreamRun(runs, summary["cycles"], summary["seconds"])
