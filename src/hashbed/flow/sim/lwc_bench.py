"""The LWC benchmarks of an LWC core, in the manner of the timing mode of GMU's LWC development
package (docs/lwc.md).

Each case is one operation run alone in the core's RTL, without stalls, and counted as hashbed
counts every LWC operation (from the first pdi word read to the status word written, inclusive):
encryption and decryption of AD only, of PT (CT) only, and of AD and PT of equal sizes, each of 16,
64 and 1536 bytes, with a new key and with the key in use; hashing of 16, 64 and 1536 bytes. The
long-message cycles are the difference between N + 1 and N blocks of the same case (N = 4, as the
package does), and the throughput of a case is the bits of its AD and PT (or message) over its
cycles. A decryption whose plaintext is longer than the core releases (``[lwc]
max_decrypt_bytes``) is not run: it is "over the buffer".
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from hashbed.catalogue.cores import Core
from hashbed.catalogue.interfaces import Case
from hashbed.catalogue.interfaces.lwc_words import decrypt_case, encrypt_case, hash_case
from hashbed.errors import CoreFailure
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.run import run_stream

#: The message sizes of the benchmarks, in bytes.
SIZES = (16, 64, 1536)
#: Long messages: the cycles of N + 1 blocks less those of N blocks.
LONG_BLOCKS = 4
#: The column of the long-message figures (a size is a number of bytes).
LONG = "long"
OPERATIONS = ("encrypt", "decrypt", "hash")
#: What an AEAD case carries: AD only, PT (CT) only, or both of the same size.
INPUTS = ("ad", "pt", "both")

KEY = bytes(range(16))
NONCE = bytes(range(16, 32))


def _data(size: int, seed: int) -> bytes:
    return bytes((7 * i + seed) & 0xFF for i in range(size))


@dataclass(frozen=True)
class BenchCase:
    """One benchmark operation: ``inputs`` is ad, pt or both for an AEAD operation, msg for a hash."""

    operation: str
    inputs: str
    new_key: bool
    ad_bytes: int
    msg_bytes: int

    @property
    def data_bits(self) -> int:
        """The bits a throughput is of: AD and PT (CT), or the hash message."""
        return 8 * (self.ad_bytes + self.msg_bytes)

    def case(self, core: Core) -> Case:
        """The case's words, its answer from the core's models."""
        suite = core.suite
        ad, message = _data(self.ad_bytes, 3), _data(self.msg_bytes, 5)
        width = core.bus_width
        if self.operation == "hash":
            return hash_case(suite.hash, message, width=width)
        if self.operation == "encrypt":
            return encrypt_case(suite.aead, KEY, NONCE, ad, message, new_key=self.new_key, width=width)
        sealed = suite.aead.encrypt(KEY, NONCE, ad, message)
        return decrypt_case(suite.aead, KEY, NONCE, ad, sealed, new_key=self.new_key, width=width)


@dataclass(frozen=True)
class BenchRow:
    """One row of the benchmark table: an operation, its inputs and key, and its cases by size."""

    operation: str
    inputs: str
    new_key: bool

    @property
    def label(self) -> str:
        if self.operation == "hash":
            return "hash"
        text = "PT" if self.operation == "encrypt" else "CT"
        what = {"ad": "AD only", "pt": f"{text} only", "both": f"AD and {text}"}
        key = "new key" if self.new_key else "reused key"
        return f"{'encryption' if self.operation == 'encrypt' else 'decryption'}, {what[self.inputs]}, {key}"

    def case(self, size: int) -> BenchCase:
        ad = size if self.inputs in ("ad", "both") else 0
        msg = size if self.inputs in ("pt", "both", "msg") else 0
        return BenchCase(self.operation, self.inputs, self.new_key, ad, msg)


def bench_rows() -> list[BenchRow]:
    """The rows in the package's order: encryption, decryption (each new key, then reused key;
    AD only, PT only, both), hash."""
    rows = [
        BenchRow(operation, inputs, new_key)
        for operation in ("encrypt", "decrypt")
        for new_key in (True, False)
        for inputs in INPUTS
    ]
    return [*rows, BenchRow("hash", "msg", False)]


def block_bytes(core: Core) -> dict[str, int]:
    """The block of each kind of data, in bytes: ``aead`` (AD and PT) and ``hash``."""
    suite = core.suite
    return {"aead": suite.aead.rate_bytes, "hash": suite.hash.rate_bytes}


def row_sizes(row: BenchRow, blocks: dict[str, int]) -> list[int]:
    """The sizes a row runs: the benchmark sizes, then N and N + 1 blocks for the long message."""
    block = blocks["hash" if row.operation == "hash" else "aead"]
    return [*SIZES, LONG_BLOCKS * block, (LONG_BLOCKS + 1) * block]


@dataclass(frozen=True)
class CaseResult:
    case: BenchCase
    #: None: not run, the plaintext is over the core's buffer.
    cycles: int | None

    def as_dict(self) -> dict[str, object]:
        return {
            "operation": self.case.operation,
            "inputs": self.case.inputs,
            "new_key": self.case.new_key,
            "ad_bytes": self.case.ad_bytes,
            "msg_bytes": self.case.msg_bytes,
            "cycles": self.cycles,
        }


@dataclass(frozen=True)
class LwcBenchmark:
    core: str
    blocks: dict[str, int]
    max_decrypt_bytes: int | None
    cases: list[CaseResult]
    seconds: float

    def as_dict(self) -> dict[str, object]:
        return {
            "core": self.core,
            "sizes": list(SIZES),
            "long_blocks": LONG_BLOCKS,
            "block_bytes": dict(self.blocks),
            "max_decrypt_bytes": self.max_decrypt_bytes,
            "cases": [result.as_dict() for result in self.cases],
            "seconds": round(self.seconds, 3),
        }


def over_buffer(case: BenchCase, max_decrypt_bytes: int | None) -> bool:
    """Whether a decryption's plaintext is longer than the core can release."""
    return case.operation == "decrypt" and max_decrypt_bytes is not None and case.msg_bytes > max_decrypt_bytes


def bench_cases(core: Core) -> list[BenchCase]:
    """Every case of the benchmark, once each, in table order."""
    blocks = block_bytes(core)
    cases: list[BenchCase] = []
    for row in bench_rows():
        for size in row_sizes(row, blocks):
            case = row.case(size)
            if case not in cases:
                cases.append(case)
    return cases


def benchmark_lwc(core: Core) -> LwcBenchmark:
    """Run every case of the benchmark in the core's RTL (one operation at a time, no stalls)."""
    started = time.monotonic()
    interface = core.lwc_interface
    cases = bench_cases(core)
    runnable = [case for case in cases if not over_buffer(case, interface.max_decrypt_bytes)]
    plans = [case.case(core) for case in runnable]
    # the key that the reused-key cases use, loaded first (not counted)
    warm_up = encrypt_case(core.suite.aead, KEY, NONCE, b"", b"", new_key=True, width=core.bus_width)
    run = run_stream(build_simulator(core), interface, [warm_up, *plans], isolate=True, core_name=core.name)
    cycles: dict[BenchCase, int] = {}
    for case, plan, result in zip(runnable, plans, run.cases[1:]):
        mismatch = interface.mismatch(plan, result.outputs)
        if mismatch is not None:
            raise CoreFailure(
                f"core {core.name}: wrong answer to the benchmark's {case.operation} of {case.ad_bytes} bytes of AD and "
                f"{case.msg_bytes} of data ({mismatch.detail}); run 'hashbed verify {core.name}'"
            )
        cycles[case] = result.cycles
    results = [CaseResult(case, cycles.get(case)) for case in cases]
    return LwcBenchmark(core.name, block_bytes(core), interface.max_decrypt_bytes, results, time.monotonic() - started)
