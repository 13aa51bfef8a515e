"""Measure a core's cycle formulas ``st + (l+p)*N + end`` in simulation.

The core's interface (hashbed.catalogue.interfaces) gives the operations measured (a hash core's
one, hashing; an LWC core's encryption, decryption and hashing, with a new key and a reused one)
and how their counts make a formula. Each case runs alone, without stalls, for N = 1, 2, ...
blocks (or from the fewest blocks a message pads to); a count runs from the first input word read
to the last output word written, inclusive.
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbed.catalogue.cores import Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.run import run_stream

DEFAULT_MAX_BLOCKS = 4
#: The longest messages measured, in blocks (each message length is simulated alone).
MAX_BLOCKS = 256


@dataclass(frozen=True)
class OperationMeasurement:
    operation: str
    block_bits: int
    #: Cycles from the first input word read to the last output word written, for N =
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
            "st": self.measured.st,
            "lp": self.measured.lp,
            "end": self.measured.end,
            "block_bits": self.block_bits,
            "formula": str(self.measured),
            "expected": str(self.expected),
            "matches": self.matches,
            "cycles_by_blocks": {str(n): c for n, c in enumerate(self.cycles, start=self.first_blocks)},
        }


@dataclass(frozen=True)
class Measurement:
    core: str
    #: The operation of the manifest's ``cycles`` first, then the others.
    operations: list[OperationMeasurement]

    @property
    def matches(self) -> bool:
        return all(op.matches for op in self.operations)

    @property
    def error(self) -> str | None:
        """Why the formulas fail the manifest's, in one line; None when they do not."""
        if len(self.operations) == 1 and not self.matches:
            op = self.operations[0]
            return f"measured cycle formula {op.measured} differs from the manifest's {op.expected} (st, lp, end)"
        wrong = [f"{op.operation} {op.measured} (manifest {op.expected})" for op in self.operations if not op.matches]
        return f"measured cycle formulas differ from the manifest's: {'; '.join(wrong)}" if wrong else None

    def as_dict(self) -> dict[str, object]:
        """As a measure job's outputs: the first operation in the main fields, and every one under
        ``operations`` when there are several (an LWC core's)."""
        first = self.operations[0]
        out: dict[str, object] = {
            "core": self.core,
            "st": first.measured.st,
            "lp": first.measured.lp,
            "end": first.measured.end,
            "block_bits": first.block_bits,
            "formula": str(first.measured),
            "expected": str(first.expected),
            "expected_st": first.expected.st,
            "expected_lp": first.expected.lp,
            "expected_end": first.expected.end,
            "matches": self.matches,
            "cycles_by_blocks": {str(n): c for n, c in enumerate(first.cycles, start=first.first_blocks)},
        }
        if len(self.operations) > 1:
            out["operations"] = {op.operation: op.as_dict() for op in self.operations}
        return out


def measure(core: Core, max_blocks: int = DEFAULT_MAX_BLOCKS) -> Measurement:
    """Each operation's counts for ``max_blocks`` message lengths, each case alone and without
    stalls, and the formula they fit; a wrong answer or counts that fit no formula fail the core."""
    if max_blocks < 2:
        raise HashbedError("measuring a cycle formula needs messages of at least 1 and 2 blocks (max_blocks >= 2)")
    interface = core.io
    before, operations = interface.measurement(core, max_blocks)
    cases = [*before, *(case for operation in operations for case in operation.cases)]
    runs = run_stream(build_simulator(core), interface, cases, isolate=True, core_name=core.name).cases[len(before) :]
    expected = core.operation_cycles()
    measured = []
    for operation in operations:
        results, runs = runs[: len(operation.cases)], runs[len(operation.cases) :]
        for blocks, (case, result) in enumerate(zip(operation.cases, results), start=operation.first_blocks):
            if interface.mismatch(case, result.outputs) is not None:
                raise CoreFailure(
                    f"core {core.name}: wrong answer to {operation.name} of {blocks} blocks while measuring; "
                    f"run 'hashbed verify {core.name}'"
                )
        try:
            formula = interface.formula(operation.name, results, operation.first_blocks)
        except ValueError as error:
            raise CoreFailure(f"core {core.name}: {error}") from None
        cycles = [r.cycles for r in results]
        measured.append(
            OperationMeasurement(
                operation.name, operation.block_bits, cycles, formula, expected[operation.name], operation.first_blocks
            )
        )
    return Measurement(core.name, measured)
