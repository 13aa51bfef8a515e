"""Verify a core: stream known-answer messages through it and compare every digest."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms import HashAlgorithm
from hashbed.catalogue.algorithms.kat import KatVector, generated_vectors, kat_identity, read_kat
from hashbed.catalogue.cores import Core
from hashbed.catalogue.interface import digest_from_words, digest_word_count, message_words
from hashbed.errors import HashbedError
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, Stalls, run_stream

#: Default stall probabilities: every verification runs under random backpressure.
VERIFY_STALLS = Stalls(src=0.3, dst=0.3, seed=1)


@dataclass(frozen=True)
class Mismatch:
    source: str
    line: int
    bits: int
    expected: bytes
    actual: bytes
    #: What differs, in words (LWC cores); not stored.
    detail: str = ""


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


def kat_files_in(algorithm: HashAlgorithm, folder: Path) -> list[Path]:
    """The KAT files of ``algorithm`` (name and version) in ``folder``."""
    files = sorted(folder.glob(f"{algorithm.name}_{algorithm.version}_*MsgKAT.txt"))
    if not files:
        raise HashbedError(
            f"no KAT files for {algorithm.name} {algorithm.version} in {folder} "
            f"(expected names like {algorithm.name}_{algorithm.version}_ShortMsgKAT.txt)"
        )
    return files


def kat_vectors(core: Core, path: Path) -> list[KatVector]:
    """The vectors of a KAT file, refused if the file is for another algorithm."""
    identity = kat_identity(path)
    if identity and identity != (core.algorithm_name, core.version):
        raise HashbedError(
            f"KAT file {path.name} is for {identity[0]} {identity[1]}, "
            f"but core {core.name} implements {core.algorithm_name} {core.version}"
        )
    vectors = read_kat(path)
    size = core.algorithm.digest_bits // 8
    if len(vectors[0].digest) != size:
        raise HashbedError(
            f"{path}:{vectors[0].line}: MD has {len(vectors[0].digest)} bytes, {core.algorithm_name} digests have {size}"
        )
    return vectors


def verify(
    core: Core,
    kat_files: list[Path] | None = None,
    stalls: Stalls = VERIFY_STALLS,
    segment_bits: int | None = None,
    idle_limit: int = DEFAULT_IDLE_LIMIT,
) -> VerifyReport:
    """Run the KAT files (or the generated vectors) through ``core``; stop at the first mismatch."""
    algorithm = core.algorithm
    if segment_bits is not None and segment_bits < algorithm.block_bits:
        raise HashbedError(
            f"segments of {segment_bits} bits hold no whole {algorithm.block_bits}-bit block of {core.name}; "
            f"use --segment-bits {algorithm.block_bits} or more"
        )
    if kat_files:
        sets = [(str(path), kat_vectors(core, path)) for path in kat_files]
    else:
        sets = [(f"generated {algorithm.key} vectors", generated_vectors(algorithm))]
    simulator = build_simulator(core)
    out_words = digest_word_count(algorithm.digest_bits, core.bus_width)
    sources = [source for source, _ in sets]
    messages = sum(len(vectors) for _, vectors in sets)
    passed = skipped = cycles = 0
    seconds = 0.0
    for source, vectors in sets:
        runnable = [v for v in vectors if v.message.byte_aligned or not core.byte_aligned_only]
        skipped += len(vectors) - len(runnable)
        if not runnable:
            continue
        stream = [(message_words(algorithm, v.message, core.bus_width, segment_bits), out_words) for v in runnable]
        run = run_stream(simulator, stream, stalls, idle_limit=idle_limit, core_name=core.name)
        cycles += run.cycles
        seconds += run.seconds
        for vector, result in zip(runnable, run.messages):
            actual = digest_from_words(result.outputs, algorithm.digest_bits, core.bus_width)
            if actual != vector.digest:
                mismatch = Mismatch(source, vector.line, vector.message.bits, vector.digest, actual)
                return VerifyReport(core.name, sources, messages, passed, skipped, cycles, seconds, stalls, mismatch)
            passed += 1
    return VerifyReport(core.name, sources, messages, passed, skipped, cycles, seconds, stalls, None)
