"""Measure an LWC core's cycle formula of each operation (docs/interface.md, the LWC interface).

Each operation runs alone, without stalls, for N = 1 .. max_blocks padded blocks: the plaintext
of an encryption or decryption (16N - 1 bytes, no AD), the AD of an encryption without
plaintext (``encrypt_ad``), the message of a hash (8N - 1 bytes). A count runs from the first pdi
word read to the status word written, inclusive; ``end`` is the part after the last pdi word, less
what grows with N there (the plaintext a decryption releases after its tag check).
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbed.catalogue.algorithms.lwc import LwcSuite
from hashbed.catalogue.cores import Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.lwc_interface import LWC_WIDTH, LwcCase, decrypt_case, encrypt_case, first_difference, hash_case
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.lwc_run import OperationRun, run_lwc_stream
from hashbed.flow.sim.measure import DEFAULT_MAX_BLOCKS

KEY = bytes(range(16))
NONCE = bytes(range(16, 32))
#: The block of each operation's N, in bits.
BLOCK_BITS = {"encrypt": 128, "encrypt_new_key": 128, "encrypt_ad": 128, "decrypt": 128, "decrypt_new_key": 128, "hash": 64}


def _data(size: int) -> bytes:
    return bytes((7 * i + 1) & 0xFF for i in range(size))


def operation_case(suite: LwcSuite, operation: str, blocks: int, width: int = LWC_WIDTH) -> LwcCase:
    """The operation's case for N = ``blocks`` padded blocks, in words of ``width`` bits."""
    aead = suite.aead
    if operation == "hash":
        return hash_case(suite.hash, _data(8 * blocks - 1), width=width)
    new_key = operation.endswith("_new_key")
    data = _data(16 * blocks - 1)
    if operation == "encrypt_ad":
        return encrypt_case(aead, KEY, NONCE, data, b"", new_key=False, width=width)
    if operation.startswith("encrypt"):
        return encrypt_case(aead, KEY, NONCE, b"", data, new_key=new_key, width=width)
    return decrypt_case(aead, KEY, NONCE, b"", aead.encrypt(KEY, NONCE, b"", data), new_key=new_key, width=width)


@dataclass(frozen=True)
class OperationMeasurement:
    operation: str
    block_bits: int
    #: Cycles for N = 1, 2, ...
    cycles: list[int]
    measured: CycleFormula
    expected: CycleFormula

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
            "cycles_by_blocks": {str(n): c for n, c in enumerate(self.cycles, start=1)},
        }


def _linear(values: list[int], what: str, core: str) -> tuple[int, int]:
    """(value at N = 0, step) of counts that grow by one step per block; else CoreFailure."""
    steps = {b - a for a, b in zip(values, values[1:])}
    if len(steps) != 1:
        raise CoreFailure(f"core {core}: {what} {values} (N = 1..{len(values)}) do not grow by the same count per block")
    step = steps.pop()
    return values[0] - step, step


def _formula(runs: list[OperationRun], operation: str, core: str) -> CycleFormula:
    st, lp_in = _linear([r.last_read - r.first_read + 1 for r in runs], f"{operation}: cycles to the last pdi word", core)
    end, lp_out = _linear([r.last_write - r.last_read for r in runs], f"{operation}: cycles after the last pdi word", core)
    return CycleFormula(st=st, lp=lp_in + lp_out, end=end)


@dataclass(frozen=True)
class LwcMeasurement:
    core: str
    operations: list[OperationMeasurement]

    @property
    def matches(self) -> bool:
        return all(op.matches for op in self.operations)

    def as_dict(self) -> dict[str, object]:
        """As a measure job's outputs: the first operation (encryption, reused key) in the fields of
        a hash core's, every operation under ``operations``."""
        first = self.operations[0]
        return {
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
            "cycles_by_blocks": {str(n): c for n, c in enumerate(first.cycles, start=1)},
            "operations": {op.operation: op.as_dict() for op in self.operations},
        }


def measure_lwc(core: Core, max_blocks: int = DEFAULT_MAX_BLOCKS) -> LwcMeasurement:
    """Each operation's counts for N = 1..max_blocks and the formula they fit."""
    if max_blocks < 2:
        raise HashbedError("measuring a cycle formula needs messages of at least 1 and 2 blocks (max_blocks >= 2)")
    suite = core.suite
    width = core.bus_width
    expected = core.operation_cycles()
    plan: list[tuple[str, int, LwcCase]] = [
        (operation, blocks, operation_case(suite, operation, blocks, width))
        for operation in expected
        for blocks in range(1, max_blocks + 1)
    ]
    # the key that the reused-key operations use, loaded first (not measured)
    warm_up = encrypt_case(suite.aead, KEY, NONCE, b"", b"", new_key=True, width=width)
    cases = [warm_up, *(case for _, _, case in plan)]
    run = run_lwc_stream(build_simulator(core), cases, isolate=True, core_name=core.name, width=width)
    by_operation: dict[str, list[OperationRun]] = {operation: [] for operation in expected}
    for (operation, blocks, case), result in zip(plan, run.operations[1:]):
        if first_difference(case.expected, result.outputs, width) is not None:
            raise CoreFailure(
                f"core {core.name}: wrong answer to {operation} of {blocks} blocks while measuring; "
                f"run 'hashbed verify {core.name}'"
            )
        by_operation[operation].append(result)
    measured = [
        OperationMeasurement(
            operation,
            BLOCK_BITS[operation],
            [r.cycles for r in runs],
            _formula(runs, operation, core.name),
            expected[operation],
        )
        for operation, runs in by_operation.items()
    ]
    return LwcMeasurement(core.name, measured)
