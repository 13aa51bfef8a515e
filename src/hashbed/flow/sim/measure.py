"""Measure a core's cycle formula ``st + (l+p)*N + end`` in simulation."""

from __future__ import annotations

from dataclasses import dataclass

from hashbed.catalogue.algorithms import HashAlgorithm, Message
from hashbed.catalogue.cores import Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.run import run_stream

DEFAULT_MAX_BLOCKS = 4
#: The longest messages measured, in blocks (each message length is simulated alone).
MAX_BLOCKS = 256


@dataclass(frozen=True)
class Measurement:
    core: str
    block_bits: int
    #: Cycles from the first header word read to the last digest word written, for N =
    #: first_blocks, first_blocks + 1, ...
    cycles: list[int]
    measured: CycleFormula
    expected: CycleFormula
    #: The fewest blocks a message pads to (1, or more where the padding alone is longer
    #: than a block, as in Fugue's 64-bit length after 32-bit blocks).
    first_blocks: int = 1

    @property
    def matches(self) -> bool:
        return self.measured.same_counts(self.expected)

    def as_dict(self) -> dict[str, object]:
        return {
            "core": self.core,
            "st": self.measured.st,
            "lp": self.measured.lp,
            "end": self.measured.end,
            "block_bits": self.block_bits,
            "formula": str(self.measured),
            "expected": str(self.expected),
            "expected_st": self.expected.st,
            "expected_lp": self.expected.lp,
            "expected_end": self.expected.end,
            "matches": self.matches,
            "cycles_by_blocks": {str(n): c for n, c in enumerate(self.cycles, start=self.first_blocks)},
        }


def message_of_blocks(algorithm: HashAlgorithm, blocks: int) -> Message:
    """The longest byte-aligned message that pads to exactly ``blocks`` blocks."""
    size = blocks * algorithm.block_bits // 8
    while size > 0 and algorithm.padded_bits(8 * size) > blocks * algorithm.block_bits:
        size -= 1
    if algorithm.padded_bits(8 * size) != blocks * algorithm.block_bits:
        raise HashbedError(f"{algorithm.key}: no message pads to exactly {blocks} blocks")
    return Message.from_bytes(bytes((7 * i + 1) & 0xFF for i in range(size)))


def measure(core: Core, max_blocks: int = DEFAULT_MAX_BLOCKS) -> Measurement:
    """Cycle counts for messages of 1..max_blocks blocks (first..first+max_blocks-1 where no
    message pads to fewer than first blocks), each alone, without stalls."""
    if max_blocks < 2:
        raise HashbedError("measuring a cycle formula needs messages of at least 1 and 2 blocks (max_blocks >= 2)")
    algorithm = core.algorithm
    interface = core.hash_interface
    out_words = interface.digest_words(algorithm.digest_bits)
    first = max(1, algorithm.padded_bits(0) // algorithm.block_bits)
    messages = [message_of_blocks(algorithm, n) for n in range(first, first + max_blocks)]
    stream = [(interface.message_words(m, algorithm), out_words) for m in messages]
    run = run_stream(build_simulator(core), stream, isolate=True, core_name=core.name)
    for blocks, (message, result) in enumerate(zip(messages, run.messages), start=first):
        if interface.digest(result.outputs, algorithm.digest_bits) != algorithm.digest(message):
            raise CoreFailure(
                f"core {core.name}: wrong digest for the {blocks}-block message while measuring; run 'hashbed verify {core.name}'"
            )
    cycles = [r.cycles for r in run.messages]
    ends = {r.output_cycles for r in run.messages}
    steps = {b - a for a, b in zip(cycles, cycles[1:])}
    if len(steps) != 1 or len(ends) != 1:
        raise CoreFailure(
            f"core {core.name}: cycle counts {cycles} (N = {first}..{first + max_blocks - 1}) are not of the form st + lp*N + end"
        )
    lp = steps.pop()
    end = ends.pop()
    measured = CycleFormula(st=cycles[0] - lp * first - end, lp=lp, end=end)
    return Measurement(core.name, algorithm.block_bits, cycles, measured, core.cycles, first)
