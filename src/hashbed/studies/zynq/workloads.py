"""What the Zynq study sends a core, per interface (docs/testbed.md).

The study's procedure is one for every core (hashbed.testbed.controller); what it sends
differs: a hash core hashes messages, an LWC core runs AEAD operations. A ``Workload`` holds
that difference for one interface: the message of a given size an overhead or speed-up job
sends, the cases of every step of the clock search (timing simulation, or the simulated
board's ``hashbed testbed fmax``), and the measured message of the timing study. The study's
experiments ask ``workload(core)`` and run one path for every core.

A hash core's job hashes one message of random bytes. An LWC core's job is the encryption of
a plaintext of the given size, no AD, with a key already in use (the analogue of hashing a
message: the key is loaded by an encryption of an empty plaintext before, untimed); its do
words (ciphertext, tag, status) are compared with the Ascon model's, and the formula time is
the manifest's ``cycles`` (encryption, reused key).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from hashbed.catalogue.algorithms import HashAlgorithm, Message
from hashbed.catalogue.algorithms.lwc import LwcSuite
from hashbed.catalogue.cores import Core
from hashbed.catalogue.interfaces import Case
from hashbed.catalogue.interfaces.lwc_words import (
    LWC_WIDTH,
    MAX_SEGMENT_BYTES,
    SEGMENT_BLOCK_BYTES,
    decrypt_case,
    encrypt_case,
    hash_case,
    xof_case,
)
from hashbed.errors import HashbedError
from hashbed.testbed.controller import MAX_TRANSFER_WORDS, Controller, Transfer
from hashbed.testbed.software import software_name

KB = 1000
#: Blocks of the message whose time gives the timing study's measured throughput.
MEASURED_BLOCKS = 8
#: Byte patterns of the timing study's worst-case data mode (with random bytes as the fourth).
PATTERNS = {"zeros": 0x00, "ones": 0xFF, "alternating": 0x55}


def message_of_size(size_bytes: int, seed: int) -> Message:
    """The message of ``size_bytes`` random bytes of an overhead or speed-up job."""
    data = random.Random(f"{seed}:{size_bytes}").randbytes(size_bytes)
    return Message(data, 8 * size_bytes)


class Workload(ABC):
    """What the study sends the cores of one interface."""

    #: The interface's name (``Interface.name``).
    interface: ClassVar[str]
    #: The overhead and speed-up experiments' default sizes, kB.
    default_sizes_kb: ClassVar[tuple[float, ...]]
    #: What a step of the clock search checks, e.g. "digest".
    answer: ClassVar[str]
    #: Whether its transfers are timed in native software too (the speed-up).
    speedup: ClassVar[bool] = False

    def check_core(self, core: Core) -> None:  # noqa: B027 (most workloads take every core of their interface)
        """Refuse a core the study cannot send its work to (HashbedError, saying what to run)."""

    @abstractmethod
    def check_sizes(self, core: Core, sizes_kb: Sequence[float]) -> None:
        """Refuse sizes the experiments cannot send (HashbedError, saying what to send)."""

    @abstractmethod
    def job_inputs(self, core: Core) -> dict[str, Any]:
        """What a testbed job's key adds: what the speed-up is measured against, the operation."""

    @abstractmethod
    def transfer(self, controller: Controller, size_bytes: int, seed: int) -> tuple[Transfer | None, str | None]:
        """The measured transfer of ``size_bytes`` on a configured controller at its clock (the
        setup it needs first, untimed), and the error of a wrong answer."""

    @abstractmethod
    def search_cases(self, controller: Controller, sizes_bytes: Sequence[int], seed: int) -> list[Case]:
        """The cases of every step of the simulated board's clock search, one per size."""

    @abstractmethod
    def check_sizes_bytes(self, core: Core) -> list[int]:
        """The sizes of the timing study's check cases, bytes (a timing job's input)."""

    @abstractmethod
    def check_cases(self, controller: Controller, data: str, seed: int) -> list[Case]:
        """The cases sent, in one transfer, at every step of the timing study's search (``data``:
        "worst", every pattern of ``PATTERNS`` and random bytes, or "random"), the measured one last."""

    @abstractmethod
    def measured(self, controller: Controller, seed: int) -> Transfer:
        """The timing study's measured transfer of ``MEASURED_BLOCKS`` blocks."""

    @abstractmethod
    def block_bits(self, core: Core) -> int:
        """The block of the core's formula, in bits."""


class HashWorkload(Workload):
    """Messages of random bytes, hashed; the speed-up against native software."""

    interface: ClassVar[str] = "hash"
    #: The study's message sizes, in kB (1 kB = 1000 bytes).
    default_sizes_kb: ClassVar[tuple[float, ...]] = (10, 100, 500, 1000, 5000)
    answer: ClassVar[str] = "digest"
    speedup: ClassVar[bool] = True

    def check_sizes(self, core: Core, sizes_kb: Sequence[float]) -> None:
        """Any size."""

    def job_inputs(self, core: Core) -> dict[str, Any]:
        # what the speed-up is measured against (hashbed.testbed.software)
        return {"software": software_name(core.algorithm)}

    def transfer(self, controller: Controller, size_bytes: int, seed: int) -> tuple[Transfer | None, str | None]:
        transfer = controller.hash(message_of_size(size_bytes, seed))
        error = (
            None if transfer.correct else f"wrong digest for {size_bytes} bytes: {transfer.digest}, expected {transfer.expected}"
        )
        return transfer, error

    def search_cases(self, controller: Controller, sizes_bytes: Sequence[int], seed: int) -> list[Case]:
        return controller.message_cases([message_of_size(size, seed) for size in sizes_bytes])

    def check_sizes_bytes(self, core: Core) -> list[int]:
        return message_sizes(core.algorithm)

    def check_cases(self, controller: Controller, data: str, seed: int) -> list[Case]:
        return controller.message_cases(check_messages(controller.core.algorithm, data, seed))

    def measured(self, controller: Controller, seed: int) -> Transfer:
        return controller.hash(measured_message(controller.core.algorithm, seed))

    def block_bits(self, core: Core) -> int:
        return core.algorithm.block_bits


def message_sizes(algorithm: HashAlgorithm) -> list[int]:
    """Message sizes in bytes around the padding boundaries: empty, half a block, a block
    less one byte, a block, two and a half blocks."""
    block = algorithm.block_bits // 8
    return [0, block // 2, block - 1, block, 2 * block + block // 2]


def measured_message(algorithm: HashAlgorithm, seed: int) -> Message:
    """The longest message that pads to ``MEASURED_BLOCKS`` blocks: its hashing time gives
    the measured throughput (message bits over time, the core's start and end included)."""
    size = MEASURED_BLOCKS * algorithm.block_bits // 8
    while algorithm.padded_bits(8 * size) > MEASURED_BLOCKS * algorithm.block_bits:
        size -= 1
    return Message.from_bytes(random.Random(f"hashbed-measure-{seed}").randbytes(size))


def check_messages(algorithm: HashAlgorithm, data: str, seed: int) -> list[Message]:
    """The messages sent at every step of the timing study's search.

    ``random``: random bytes of every size. ``worst``: every size in every pattern of
    ``PATTERNS`` and in random bytes; the search then finds the lowest frequency over
    all of them, the study's worst case over message sizes. Both end with the measured
    message, so that the throughput is measured at a clock where that message is right
    too (a long message of random data can fail a clock that the short ones pass).
    """
    rng = random.Random(f"hashbed-time-{seed}")
    messages = []
    for size in message_sizes(algorithm):
        messages.append(Message.from_bytes(rng.randbytes(size)))
        if data == "worst":
            messages += [Message.from_bytes(bytes([byte]) * size) for byte in PATTERNS.values() if size]
    return messages + [measured_message(algorithm, seed)]


class LwcWorkload(Workload):
    """Encryptions with a key in use, after its load; operations of every kind in the search."""

    interface: ClassVar[str] = "lwc"
    #: An LWC core's default plaintext sizes, kB: the LWC benchmarks' 16, 64 and 1536 bytes, the
    #: study's 10 and 100 kB, and 250 kB (the longest encryption one transfer returns is 262,096 bytes).
    default_sizes_kb: ClassVar[tuple[float, ...]] = (0.016, 0.064, 1.536, 10, 100, 250)
    answer: ClassVar[str] = "answer (do words, status included)"
    #: What an LWC core's testbed job does (a job input).
    operation: ClassVar[str] = "encryption, reused key, no AD"

    def check_core(self, core: Core) -> None:
        """The operations are built in 32-bit words (the testbed's LWC path)."""
        if core.bus_width != LWC_WIDTH:
            raise HashbedError(
                f"the testbed's LWC path is {LWC_WIDTH} bits wide and {core.name}'s bus {core.bus_width}: "
                "run the testbed with a 32-bit LWC core (ascon)"
            )

    def check_sizes(self, core: Core, sizes_kb: Sequence[float]) -> None:
        if too_long := [size for size in sizes_kb if round(size * KB) > max_encrypt_bytes()]:
            raise HashbedError(
                f"an LWC core's encryption must come back in one transfer ({MAX_TRANSFER_WORDS} do words, the output "
                f"FIFO's TRANSFER_LENGTH): at most {max_encrypt_bytes() / KB:g} kB, got {too_long[0]:g} kB"
            )

    def job_inputs(self, core: Core) -> dict[str, Any]:
        return {"software": None, "operation": self.operation}

    def transfer(self, controller: Controller, size_bytes: int, seed: int) -> tuple[Transfer | None, str | None]:
        load, case = key_load_and_encryption(controller.core, size_bytes, seed)
        loaded = controller.run(load, padded_blocks(0))
        if not loaded.correct:
            return None, f"loading the key (an empty encryption with a new key) came out wrong: {loaded.difference}"
        transfer = controller.run(case, padded_blocks(size_bytes))
        error = None if transfer.correct else f"wrong answer to the encryption of {size_bytes} bytes: {transfer.difference}"
        return transfer, error

    def search_cases(self, controller: Controller, sizes_bytes: Sequence[int], seed: int) -> list[Case]:
        """The key load, then each size encrypted with it."""
        loads = [key_load_and_encryption(controller.core, size, seed) for size in sizes_bytes]
        return [loads[0][0], *(case for _, case in loads)]

    def check_sizes_bytes(self, core: Core) -> list[int]:
        return list(CHECK_SIZES)

    def check_cases(self, controller: Controller, data: str, seed: int) -> list[Case]:
        return check_operations(controller.core.suite, data, seed)

    def measured(self, controller: Controller, seed: int) -> Transfer:
        return controller.run(measured_encryption(controller.core.suite, seed), MEASURED_BLOCKS)

    def block_bits(self, core: Core) -> int:
        return 8 * core.suite.aead.rate_bytes


#: Bytes in one of the testbed's LWC words (its LWC path is 32 bits wide).
WORD_BYTES = LWC_WIDTH // 8
#: Sizes in bytes of an LWC core's check operations (plaintexts, hash messages), as ``message_sizes``
#: gives them for a 16-byte block (the AEAD's; the hash's 8-byte block: empty, one, two, five).
CHECK_SIZES = (0, 8, 15, 16, 40)


def encrypt_do_words(size_bytes: int) -> int:
    """The do words an encryption of ``size_bytes`` without AD answers: CT segment headers and
    data, the TAG header, 4 tag words, the status."""
    segments = max(1, -(-size_bytes // (MAX_SEGMENT_BYTES // SEGMENT_BLOCK_BYTES * SEGMENT_BLOCK_BYTES)))
    return -(-size_bytes // WORD_BYTES) + segments + 6


def max_encrypt_bytes() -> int:
    """The longest plaintext whose encryption one transfer returns (TRANSFER_LENGTH words)."""
    size = WORD_BYTES * MAX_TRANSFER_WORDS
    while encrypt_do_words(size) > MAX_TRANSFER_WORDS:
        size -= 1
    return size


def key_load_and_encryption(core: Core, size_bytes: int, seed: int) -> tuple[Case, Case]:
    """The key load (encryption of an empty plaintext with a new key) and the measured encryption
    of ``size_bytes`` random bytes with that key reused, nonces and key from ``seed``."""
    aead = core.suite.aead
    rng = random.Random(f"hashbed-testbed-lwc:{seed}")
    key, first_nonce, nonce = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16)
    load = encrypt_case(aead, key, first_nonce, b"", b"", new_key=True)
    return load, encrypt_case(aead, key, nonce, b"", message_of_size(size_bytes, seed).data, new_key=False)


def padded_blocks(size_bytes: int) -> int:
    """Padded 16-byte blocks of a plaintext (Ascon always pads: one more block than whole ones)."""
    return size_bytes // SEGMENT_BLOCK_BYTES + 1


def check_operations(suite: LwcSuite, data: str, seed: int) -> list[Case]:
    """The operations sent, in one transfer, at every step of an LWC core's timing search: per byte
    pattern (``worst``: each of ``PATTERNS`` and random bytes; ``random``: random bytes), a new key
    and nonce of that pattern loaded by an encryption with AD, then encryptions of every size of
    ``CHECK_SIZES``, a decryption of the longest (tag right) and of it with the tag's last bit flipped
    (FAILURE alone), hashes of every size and an XOF of 40 bytes; then the measured encryption."""
    rng = random.Random(f"hashbed-time-lwc-{seed}")
    fills: list[int | None] = [*PATTERNS.values(), None] if data == "worst" else [None]
    cases = []
    for fill in fills:

        def pattern(size: int, fill: int | None = fill) -> bytes:
            return rng.randbytes(size) if fill is None else bytes([fill]) * size

        key, nonce = pattern(16), pattern(16)
        cases.append(encrypt_case(suite.aead, key, nonce, pattern(23), b"", new_key=True))
        cases += [encrypt_case(suite.aead, key, nonce, b"", pattern(size), new_key=False) for size in CHECK_SIZES]
        sealed = suite.aead.encrypt(key, nonce, b"", pattern(max(CHECK_SIZES)))
        tampered = sealed[:-1] + bytes([sealed[-1] ^ 1])
        cases += [decrypt_case(suite.aead, key, nonce, b"", text, new_key=False) for text in (sealed, tampered)]
        cases += [hash_case(suite.hash, pattern(size)) for size in CHECK_SIZES]
        cases.append(xof_case(suite.xof, pattern(max(CHECK_SIZES)), 40))
    return [*cases, measured_encryption(suite, seed)]


def measured_encryption(suite: LwcSuite, seed: int) -> Case:
    """The encryption with a new key of ``MEASURED_BLOCKS`` padded blocks (16 * blocks - 1 bytes,
    no AD): its time gives an LWC core's measured throughput (every transfer of the timing
    simulation starts from reset, so the key is loaded in it)."""
    rng = random.Random(f"hashbed-measure-lwc-{seed}")
    size = MEASURED_BLOCKS * suite.aead.rate_bytes - 1
    return encrypt_case(suite.aead, rng.randbytes(16), rng.randbytes(16), b"", rng.randbytes(size), new_key=True)


#: The study's workload of each interface, by its name.
WORKLOADS: dict[str, Workload] = {kind.interface: kind for kind in (HashWorkload(), LwcWorkload())}


def workload(core: Core) -> Workload:
    """What the study sends ``core``."""
    return WORKLOADS[core.io.name]
