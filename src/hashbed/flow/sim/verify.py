"""Verify a core: stream known-answer cases through it and compare every answer.

The cases come from its interface (hashbed.catalogue.interfaces): a hash core's messages from
NIST KAT files, GMU's word streams or generated with its model, compared by digest; an LWC core's
operations from LWC KAT files, the LWC package's vectors or generated with its models, compared
word for word, tampered decryptions among them. A core without a model is verified against its
vector files alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.cores import Core
from hashbed.catalogue.interfaces import Mismatch
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, Stalls, run_stream

#: Default stall probabilities: every verification runs under random backpressure.
VERIFY_STALLS = Stalls(src=0.3, dst=0.3, seed=1)


@dataclass(frozen=True)
class VerifyReport:
    core: str
    sources: list[str]
    messages: int
    passed: int
    skipped: int
    cycles: int
    seconds: float
    stalls: Stalls
    mismatch: Mismatch | None

    @property
    def ok(self) -> bool:
        return self.mismatch is None and self.passed == self.messages - self.skipped

    @property
    def cycles_per_second(self) -> float:
        return self.cycles / self.seconds if self.seconds > 0 else float("inf")

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "core": self.core,
            "sources": self.sources,
            "ok": self.ok,
            "messages": self.messages,
            "passed": self.passed,
            "skipped": self.skipped,
            "cycles": self.cycles,
            "seconds": round(self.seconds, 6),
            "cycles_per_second": round(self.cycles_per_second),
            "src_stall": self.stalls.src,
            "dst_stall": self.stalls.dst,
            "seed": self.stalls.seed,
            "mismatch": None,
        }
        if self.mismatch:
            out["mismatch"] = {
                "source": self.mismatch.source,
                "line": self.mismatch.line,
                "len": self.mismatch.bits,
                "expected": self.mismatch.expected.hex().upper(),
                "actual": self.mismatch.actual.hex().upper(),
            }
        return out


def default_vectors(core: Core, kat_files: list[Path] | None) -> tuple[list[Path], bool]:
    """The vector files a verification runs and whether the model's generated vectors run too:
    the files given, else the manifest's ``vectors`` and, with a model, the generated ones (a
    core without vector files needs its model for them)."""
    if kat_files:
        return kat_files, False
    return list(core.vectors), core.has_model or not core.vectors


def verify(
    core: Core,
    kat_files: list[Path] | None = None,
    stalls: Stalls = VERIFY_STALLS,
    segment_bits: int | None = None,
    idle_limit: int = DEFAULT_IDLE_LIMIT,
) -> VerifyReport:
    """Run the vector files (by default the manifest's, or the cases generated with the models)
    through ``core``, messages split into segments of at most ``segment_bits``; stop at the first
    wrong answer."""
    interface = core.io
    if segment_bits is not None:
        interface.check_segment_bits(core, segment_bits)
    files, generated = default_vectors(core, kat_files)
    sets = interface.verification_sets(core, files, generated, segment_bits)
    simulator = build_simulator(core)
    sources = [case_set.source for case_set in sets]
    messages = sum(len(case_set.cases) + case_set.skipped for case_set in sets)
    skipped = sum(case_set.skipped for case_set in sets)
    passed = cycles = 0
    seconds = 0.0
    for case_set in sets:
        if not case_set.cases:
            continue
        run = run_stream(simulator, interface, case_set.cases, stalls, idle_limit=idle_limit, core_name=core.name)
        cycles += run.cycles
        seconds += run.seconds
        for case, result in zip(case_set.cases, run.cases):
            mismatch = interface.mismatch(case, result.outputs)
            if mismatch is not None:
                return VerifyReport(core.name, sources, messages, passed, skipped, cycles, seconds, stalls, mismatch)
            passed += 1
    return VerifyReport(core.name, sources, messages, passed, skipped, cycles, seconds, stalls, None)
