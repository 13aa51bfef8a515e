"""The hash core interface (docs/interface.md): a FIFO of message words in (din, src_ready,
src_read), a FIFO of digest words out (dout, dst_ready, dst_write).

A core may follow GMU's conventions, its manifest's options of the interface: its ready flags
active low (``ready = "active-low"``: the flow wraps it in an adapter that inverts them); the
padding done in the core (``padding = "core"``); GMU's round-2 headers or the command word of its
SHA-3 core (``header``). Its known answers come from NIST KAT files, GMU's word streams (datain and
dataout files, replayed word for word) and the messages generated with its model.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Self

from hashbed.catalogue.algorithms import HashAlgorithm, Message
from hashbed.catalogue.algorithms.kat import KatVector, check_vector_folder, generated_vectors, kat_identity, read_kat
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.interfaces.base import Case, CaseSet, Interface, Mismatch, Operation, Stamps
from hashbed.catalogue.interfaces.hash_words import (
    BUS_WIDTHS,
    GMU_SHA3_MODES,
    command_words,
    digest_from_words,
    digest_word_count,
    digest_words,
    message_words,
    round2_words,
    unpadded_words,
)
from hashbed.catalogue.interfaces.word_streams import is_word_stream, read_word_streams
from hashbed.errors import HashbedError

if TYPE_CHECKING:
    from hashbed.catalogue.cores import Core, CoreManifest


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


def message_of_blocks(algorithm: HashAlgorithm, blocks: int) -> Message:
    """The longest byte-aligned message that pads to exactly ``blocks`` blocks."""
    size = blocks * algorithm.block_bits // 8
    while size > 0 and algorithm.padded_bits(8 * size) > blocks * algorithm.block_bits:
        size -= 1
    if algorithm.padded_bits(8 * size) != blocks * algorithm.block_bits:
        raise HashbedError(f"{algorithm.key}: no message pads to exactly {blocks} blocks")
    return Message.from_bytes(bytes((7 * i + 1) & 0xFF for i in range(size)))


@dataclass(frozen=True)
class HashInterface(Interface):
    """The hash interface of one core: its bus width and its conventions, GMU's where the manifest
    says so (``ready = "active-low"``, ``padding = "core"``, ``header``)."""

    name: ClassVar[str] = "hash"
    operation: ClassVar[str] = "hash"
    energy_estimated: ClassVar[bool] = True
    answers_right: ClassVar[str] = "digests match"

    width: int
    #: src_ready and dst_ready are the FIFOs' empty and full flags (the flow inverts them).
    ready_active_low: bool = False
    #: The core pads: the host sends message words only, SEGMENT_BITS still counts message bits.
    core_pads: bool = False
    #: The headers (hash_words.HEADERS): the interface's, GMU's round-2 (``round2_words``) or GMU's
    #: SHA-3 core's command word (``command_words``).
    header: str = "hashbed"

    @classmethod
    def check_width(cls, width: int) -> None:
        if width not in BUS_WIDTHS:
            raise ValueError(f"must be one of {', '.join(map(str, BUS_WIDTHS))}, got {width}")

    @classmethod
    def check_manifest(cls, manifest: CoreManifest) -> None:
        if manifest.lwc is not None:
            raise ValueError('an LWC core (interface = "lwc") has an [lwc] table, a hash core none: add or remove it')
        if manifest.padding == "core" and manifest.header == "gmu-round2":
            raise ValueError('header: GMU\'s round-2 headers carry host-padded segments: give padding = "host"')
        if manifest.header == "gmu-sha3":
            if manifest.padding != "core" or manifest.bus_width != 64:
                raise ValueError('header: GMU\'s SHA-3 core pads and has a 64-bit bus: give padding = "core", bus_width = 64')
            if manifest.algorithm not in GMU_SHA3_MODES:
                raise ValueError(
                    f"header: GMU's SHA-3 command word has modes for {', '.join(GMU_SHA3_MODES)}, "
                    f"not {manifest.algorithm}: name one as the algorithm"
                )

    @classmethod
    def from_manifest(cls, manifest: CoreManifest) -> Self:
        return cls(manifest.bus_width, manifest.ready == "active-low", manifest.padding == "core", manifest.header)

    def message_words(self, message: Message, algorithm: HashAlgorithm | None, segment_bits: int | None = None) -> list[int]:
        """The input word stream of one message; a core that pads itself needs no model unless the
        message is split (the block size) or its command word names the algorithm."""
        if self.header == "gmu-sha3":
            if algorithm is None:
                raise HashbedError("GMU's SHA-3 command word names the algorithm: messages for this core need its model")
            if segment_bits is not None:
                raise HashbedError("GMU's SHA-3 core takes a message in one command: leave out --segment-bits")
            return command_words(algorithm, message, self.width)
        if self.core_pads:
            return unpadded_words(message, self.width, algorithm.block_bits if algorithm else None, segment_bits)
        if algorithm is None:
            raise HashbedError("the host pads for this core: its messages need a model of its algorithm")
        if self.header == "gmu-round2":
            return round2_words(algorithm, message, self.width, segment_bits)
        return message_words(algorithm, message, self.width, segment_bits)

    def digest_words(self, digest_bits: int) -> int:
        return digest_word_count(digest_bits, self.width)

    def digest(self, words: list[int], digest_bits: int) -> bytes:
        return digest_from_words(words, digest_bits, self.width)

    def case(self, words: list[int], digest: bytes, source: str = "generated", line: int = 0, bits: int = 0) -> Case:
        """A message's case: its input ``words`` and the ``digest`` the core must write."""
        expected = tuple(digest_words(digest, self.width))
        return Case("hash", tuple(words), (), expected, source, line, bits, answer_bits=8 * len(digest))

    def ports(self) -> dict[str, tuple[str, int]]:
        return {
            "clk": ("input", 1),
            "rst": ("input", 1),
            "din": ("input", self.width),
            "src_ready": ("input", 1),
            "src_read": ("output", 1),
            "dout": ("output", self.width),
            "dst_ready": ("input", 1),
            "dst_write": ("output", 1),
        }

    def testbench_parameters(self) -> dict[str, int]:
        return {"W": self.width}

    def testbed_ports(self) -> dict[str, str]:
        return {
            "in_data": "din",
            "in_valid": "src_ready",
            "in_ready": "src_read",
            "out_data": "dout",
            "out_ready": "dst_ready",
            "out_valid": "dst_write",
        }

    def transfer_cycles(self, core: Core, words: int, outputs: int) -> int:
        """Each word counted as message data, each digest as one message's start and end."""
        formula = core.cycles
        messages = -(-outputs // self.digest_words(core.algorithm.digest_bits))
        blocks = -(-words * self.width // core.algorithm.block_bits)
        return messages * (formula.st + formula.end) + blocks * formula.lp

    def testbed_parameters(self, core: Core) -> dict[str, int]:
        """No secret-data FIFO; a transfer is one digest after reset."""
        return {"W": self.width, "SDI": 0, "SW": 32, "OUT_WORDS": self.digest_words(core.algorithm.digest_bits)}

    def hardware_options(self) -> str:
        return "ready active-low\0" if self.ready_active_low else ""

    def adapter(self, module: str, top: str, parameters: Mapping[str, int], origin: str) -> tuple[str, Self] | None:
        """The module that inverts the flags of a core with GMU's active-low ones."""
        if not self.ready_active_low:
            return None
        width = self.width
        values = ", ".join(f".{name}({value})" for name, value in parameters.items())
        instance = f"{top} #({values})" if values else top
        text = f"""`default_nettype none
// Generated by hashbed for {origin}: its src_ready and dst_ready are
// active low (the FIFOs' empty and full flags, GMU's convention); this wrapper gives the core
// the hash interface's active-high flags. Do not edit.
module {module} (
    input  wire             clk,
    input  wire             rst,
    input  wire [{width - 1}:0]      din,
    input  wire             src_ready,
    output wire             src_read,
    output wire [{width - 1}:0]      dout,
    input  wire             dst_ready,
    output wire             dst_write
);
    {instance} u_core (
        .clk(clk), .rst(rst),
        .din(din), .src_ready(~src_ready), .src_read(src_read),
        .dout(dout), .dst_ready(~dst_ready), .dst_write(dst_write)
    );
endmodule
`default_nettype wire
"""
        return text, dataclasses.replace(self, ready_active_low=False)

    def vector_files_in(self, core: Core, folder: Path) -> list[Path]:
        return kat_files_in(core.algorithm, folder)

    def check_segment_bits(self, core: Core, segment_bits: int) -> None:
        if core.has_model and segment_bits < core.algorithm.block_bits:
            block = core.algorithm.block_bits
            raise HashbedError(
                f"segments of {segment_bits} bits hold no whole {block}-bit block of {core.name}; "
                f"use --segment-bits {block} or more"
            )

    def verification_sets(self, core: Core, files: Sequence[Path], generated: bool, segment_bits: int | None) -> list[CaseSet]:
        """The model's generated vectors first, then each file: a KAT file (the bit lengths a
        byte-aligned core does not take skipped) or GMU's word streams."""
        sets = []
        if generated:
            algorithm = core.algorithm  # a core without vector files nor a model is refused here, saying how to fix it
            cases = self._kat_cases(core, generated_vectors(algorithm), "generated", segment_bits)
            sets.append(CaseSet(f"generated {algorithm.key} vectors", cases))
        for path in files:
            if path.is_dir():
                raise HashbedError(
                    f"--kat {path}: a folder; a hash core takes KAT or GMU datain files (--kat-dir for a folder of KAT files)"
                )
            if is_word_stream(path):
                if segment_bits is not None:
                    raise HashbedError(f"{path}: a word stream carries its own segments: leave out --segment-bits")
                sets.append(CaseSet(str(path), self._stream_cases(core, path)))
                continue
            vectors = kat_vectors(core, path)
            runnable = [v for v in vectors if v.message.byte_aligned or not core.byte_aligned_only]
            sets.append(
                CaseSet(str(path), self._kat_cases(core, runnable, str(path), segment_bits), len(vectors) - len(runnable))
            )
        return sets

    def _kat_cases(self, core: Core, vectors: list[KatVector], source: str, segment_bits: int | None) -> list[Case]:
        algorithm = core.algorithm if core.has_model else None
        return [
            self.case(self.message_words(v.message, algorithm, segment_bits), v.digest, source, v.line, v.message.bits)
            for v in vectors
        ]

    def _stream_cases(self, core: Core, path: Path) -> list[Case]:
        """GMU's word streams, word for word: refused for another bus width or padding convention."""
        streams = read_word_streams(path, self.header)
        if streams.width != self.width:
            raise HashbedError(f"{path}: words of {streams.width} bits, core {core.name} has a {self.width}-bit bus")
        if streams.core_pads is not None and streams.core_pads != self.core_pads:
            words = "unpadded (NOPAD)" if streams.core_pads else "host-padded (PAD)"
            takes = "pads itself" if self.core_pads else "takes host-padded messages"
            raise HashbedError(
                f"{path}: {words} words, but core {core.name} {takes}: use the other file, or fix 'padding' in its manifest"
            )
        return [self.case(list(v.words), v.digest, str(path), v.line, v.message_bits) for v in streams.vectors]

    def output_words(self, case: Case) -> int:
        return len(case.expected)

    def mismatch(self, case: Case, outputs: Sequence[int]) -> Mismatch | None:
        """The digest written against the digest expected (the bits past it in the last word not compared)."""
        bits = case.answer_bits if case.answer_bits is not None else self.width * len(case.expected)
        expected, actual = self.digest(list(case.expected), bits), self.digest(list(outputs), bits)
        return None if actual == expected else Mismatch(case.source, case.line, case.bits, expected, actual)

    def answer_report(self, case: Case, outputs: Sequence[int]) -> dict[str, Any]:
        """The digest written and the one expected."""
        bits = case.answer_bits if case.answer_bits is not None else self.width * len(case.expected)
        return {"digest": self.digest(list(outputs), bits).hex(), "expected": self.digest(list(case.expected), bits).hex()}

    def measurement(self, core: Core, max_blocks: int) -> tuple[list[Case], list[Operation]]:
        """Messages of N = first .. first + max_blocks - 1 blocks, first the fewest a message pads
        to (1, or more where the padding alone is longer than a block, as in Fugue's 64-bit length
        after 32-bit blocks)."""
        algorithm = core.algorithm
        first = max(1, algorithm.padded_bits(0) // algorithm.block_bits)
        messages = [message_of_blocks(algorithm, n) for n in range(first, first + max_blocks)]
        cases = [self.case(self.message_words(m, algorithm), algorithm.digest(m), bits=m.bits) for m in messages]
        return [], [Operation(self.operation, algorithm.block_bits, first, cases)]

    def formula(self, operation: str, runs: Sequence[Stamps], first_blocks: int) -> CycleFormula:
        """``end``: the output phase (first digest word written to the last); ``st``: every other
        cycle that does not grow with N."""
        cycles = [r.last_write - r.first_read + 1 for r in runs]
        ends = {r.last_write - r.first_write + 1 for r in runs}
        steps = {b - a for a, b in zip(cycles, cycles[1:])}
        if len(steps) != 1 or len(ends) != 1:
            last = first_blocks + len(runs) - 1
            raise ValueError(f"cycle counts {cycles} (N = {first_blocks}..{last}) are not of the form st + lp*N + end")
        lp, end = steps.pop(), ends.pop()
        return CycleFormula(st=cycles[0] - lp * first_blocks - end, lp=lp, end=end)

    def operation_cycles(self, cycles: CycleFormula) -> dict[str, CycleFormula]:
        return {self.operation: cycles}

    def simulation_inputs(self) -> dict[str, Any]:
        conventions = {"padding": "core"} if self.core_pads else {}
        if self.header != "hashbed":
            conventions["header"] = self.header
        return {"stream": conventions} if conventions else {}

    def summary(self) -> dict[str, Any]:
        return {
            "ready": "active-low" if self.ready_active_low else "active-high",
            "padding": "core" if self.core_pads else "host",
            "header": self.header,
        }
