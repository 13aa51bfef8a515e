"""Verify a core: stream known-answer messages through it and compare every digest.

The messages come from NIST KAT files, from GMU's word streams (``..._datain_...txt``, replayed
word for word with the ``..._dataout_...txt`` beside it), or are generated with the core's
model. A core without a model is verified against its vector files alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms import HashAlgorithm
from hashbed.catalogue.algorithms.kat import KatVector, check_vector_folder, generated_vectors, kat_identity, read_kat
from hashbed.catalogue.algorithms.word_streams import is_word_stream, read_word_streams
from hashbed.catalogue.cores import Core
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
    check_vector_folder(folder)
    files = sorted(folder.glob(f"{algorithm.name}_{algorithm.version}_*MsgKAT.txt"))
    if not files:
        raise HashbedError(
            f"no KAT files for {algorithm.name} {algorithm.version} in {folder} "
            f"(expected names like {algorithm.name}_{algorithm.version}_ShortMsgKAT.txt)"
        )
    return files


def kat_vectors(core: Core, path: Path) -> list[KatVector]:
    """The vectors of a KAT file, refused if the file is for another algorithm or its digests
    have another size than the model's (all of one size, without a model)."""
    identity = kat_identity(path)
    if identity and identity != (core.algorithm_name, core.version):
        raise HashbedError(
            f"KAT file {path.name} is for {identity[0]} {identity[1]}, "
            f"but core {core.name} implements {core.algorithm_name} {core.version}"
        )
    vectors = read_kat(path)
    size = core.algorithm.digest_bits // 8 if core.has_model else len(vectors[0].digest)
    wrong = next((vector for vector in vectors if len(vector.digest) != size), None)
    if wrong is not None:
        raise HashbedError(f"{path}:{wrong.line}: MD has {len(wrong.digest)} bytes, {core.algorithm_name} digests have {size}")
    return vectors


@dataclass(frozen=True)
class _Case:
    """One message as the core takes it: its input words and the digest it must give."""

    words: list[int]
    digest: bytes
    line: int
    bits: int


def _kat_cases(core: Core, vectors: list[KatVector], segment_bits: int | None) -> list[_Case]:
    algorithm = core.algorithm if core.has_model else None
    interface = core.hash_interface
    return [_Case(interface.message_words(v.message, algorithm, segment_bits), v.digest, v.line, v.message.bits) for v in vectors]


def _stream_cases(core: Core, path: Path) -> list[_Case]:
    """GMU's word streams, word for word: refused for another bus width or padding convention."""
    streams = read_word_streams(path, core.header)
    if streams.width != core.bus_width:
        raise HashbedError(f"{path}: words of {streams.width} bits, core {core.name} has a {core.bus_width}-bit bus")
    if streams.core_pads is not None and streams.core_pads != core.core_pads:
        words = "unpadded (NOPAD)" if streams.core_pads else "host-padded (PAD)"
        takes = "pads itself" if core.core_pads else "takes host-padded messages"
        raise HashbedError(
            f"{path}: {words} words, but core {core.name} {takes}: use the other file, or fix 'padding' in its manifest"
        )
    return [_Case(list(v.words), v.digest, v.line, v.message_bits) for v in streams.vectors]


def default_vectors(core: Core, kat_files: list[Path] | None) -> tuple[list[Path], bool]:
    """The vector files a verification runs and whether the model's generated vectors run too:
    the files given, else the manifest's ``vectors`` and, with a model, the generated ones (a
    core without vector files needs its model for them)."""
    if kat_files:
        return kat_files, False
    return list(core.vectors), core.has_model or not core.vectors


def _vector_sets(core: Core, kat_files: list[Path] | None, segment_bits: int | None) -> list[tuple[str, list[_Case], int]]:
    """Per source: its cases to run and how many it skipped (bit lengths a byte-aligned core does not take)."""
    files, generated = default_vectors(core, kat_files)
    sets = []
    if generated:
        algorithm = core.algorithm  # a core without vector files nor a model is refused here, saying how to fix it
        sets.append((f"generated {algorithm.key} vectors", _kat_cases(core, generated_vectors(algorithm), segment_bits), 0))
    for path in files:
        if path.is_dir():
            raise HashbedError(
                f"--kat {path}: a folder; a hash core takes KAT or GMU datain files (--kat-dir for a folder of KAT files)"
            )
        if is_word_stream(path):
            if segment_bits is not None:
                raise HashbedError(f"{path}: a word stream carries its own segments: leave out --segment-bits")
            sets.append((str(path), _stream_cases(core, path), 0))
            continue
        vectors = kat_vectors(core, path)
        runnable = [v for v in vectors if v.message.byte_aligned or not core.byte_aligned_only]
        sets.append((str(path), _kat_cases(core, runnable, segment_bits), len(vectors) - len(runnable)))
    return sets


def verify(
    core: Core,
    kat_files: list[Path] | None = None,
    stalls: Stalls = VERIFY_STALLS,
    segment_bits: int | None = None,
    idle_limit: int = DEFAULT_IDLE_LIMIT,
) -> VerifyReport:
    """Run the KAT files (by default the manifest's vector files, or the vectors generated with
    the model) through ``core``; stop at the first mismatch."""
    if segment_bits is not None and core.has_model and segment_bits < core.algorithm.block_bits:
        block = core.algorithm.block_bits
        raise HashbedError(
            f"segments of {segment_bits} bits hold no whole {block}-bit block of {core.name}; use --segment-bits {block} or more"
        )
    sets = _vector_sets(core, kat_files, segment_bits)
    simulator = build_simulator(core)
    interface = core.hash_interface
    sources = [source for source, _, _ in sets]
    messages = sum(len(cases) + skipped for _, cases, skipped in sets)
    skipped = sum(count for _, _, count in sets)
    passed = cycles = 0
    seconds = 0.0
    for source, cases, _ in sets:
        if not cases:
            continue
        stream = [(case.words, interface.digest_words(8 * len(case.digest))) for case in cases]
        run = run_stream(simulator, stream, stalls, idle_limit=idle_limit, core_name=core.name)
        cycles += run.cycles
        seconds += run.seconds
        for case, result in zip(cases, run.messages):
            actual = interface.digest(result.outputs, 8 * len(case.digest))
            if actual != case.digest:
                mismatch = Mismatch(source, case.line, case.bits, case.digest, actual)
                return VerifyReport(core.name, sources, messages, passed, skipped, cycles, seconds, stalls, mismatch)
            passed += 1
    return VerifyReport(core.name, sources, messages, passed, skipped, cycles, seconds, stalls, None)
