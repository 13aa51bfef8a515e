"""The host controller: the Zynq study's procedure on any board.

For each message: configure the output FIFO, set the core clock, lay the message
out in memory, run and time the software digest, start the timer, send the message
by DMA and receive the digest, stop the timer, compare. The binary search over the
core clock finds the highest frequency (to 0.1 MHz) at which every digest is right.

``LwcController`` does the same for an LWC core (docs/interface.md, "The LWC interface"):
each operation's sdi words (a new key) are written into the secret-data FIFO, its pdi
words sent by DMA, its do words received (the transfer length set to the words the
operation answers) and compared, status word included, with what the Ascon models give.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import Core
from hashbed.catalogue.interfaces import Case
from hashbed.catalogue.interfaces.hash_words import digest_from_words, digest_word_count, from_memory, to_memory
from hashbed.catalogue.interfaces.lwc_words import first_difference, status_word
from hashbed.errors import CoreFailure, HashbedError
from hashbed.testbed import clock_wizard
from hashbed.testbed.board import (
    FIFO_CONFIG,
    SDI_CONFIG,
    SDI_DATA,
    SDI_FULL,
    SDI_STATUS,
    START_DELAY,
    TCR0,
    TCSR0,
    TCSR_ENABLE,
    TCSR_LOAD,
    TLR0,
    TRANSFER_LENGTH,
    Block,
    Board,
)
from hashbed.testbed.software import host_cpu, native, time_software

LOCK_POLLS = 1000
#: Reads of SDI_STATUS while the sdi FIFO is full before a write is given up.
SDI_POLLS = 1000
#: The most words the output FIFO sends in one transfer (TRANSFER_LENGTH).
MAX_TRANSFER_WORDS = 0xFFFF
#: Frequency resolution of the search, in MHz.
STEP_MHZ = 0.1


def program_core_clock(board: Board, mhz: float) -> float:
    """Program the board's Clocking Wizard for the closest frequency to ``mhz`` (PG065's dynamic
    reconfiguration sequence, clock_wizard.reconfigure); returns it."""
    settings = clock_wizard.settings_for(mhz, board.clock_input_mhz)
    if not clock_wizard.reconfigure(
        lambda offset, value: board.write(Block.CLOCK_WIZARD, offset, value),
        lambda offset: board.read(Block.CLOCK_WIZARD, offset),
        settings,
        LOCK_POLLS,
    ):
        raise HashbedError(f"the clock wizard did not lock at {mhz:g} MHz")
    return settings.mhz(board.clock_input_mhz)


@dataclass(frozen=True)
class Transfer:
    """One message hashed on the board."""

    message_bytes: int
    blocks: int
    core_mhz: float
    sys_mhz: float
    #: Timer count: system clock cycles from starting the timer to stopping it.
    timer_cycles: int
    #: The core's cycle formula for this message, in core clock cycles.
    formula_cycles: int
    #: Software: the digest's implementation, its best time (None without a native one) and
    #: the processor it ran on.
    software: str | None
    software_s: float | None
    software_cpu: str | None
    correct: bool
    digest: str
    expected: str

    @property
    def hardware_s(self) -> float:
        return self.timer_cycles / (self.sys_mhz * 1e6)

    @property
    def formula_s(self) -> float:
        return self.formula_cycles / (self.core_mhz * 1e6)

    @property
    def overhead_ratio(self) -> float:
        """Measured hardware time over the time the cycle formula gives."""
        return self.hardware_s / self.formula_s

    @property
    def speedup(self) -> float | None:
        return self.software_s / self.hardware_s if self.software_s is not None else None

    def as_dict(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "hardware_s": self.hardware_s,
            "formula_s": self.formula_s,
            "overhead_ratio": self.overhead_ratio,
            "speedup": self.speedup,
        }


class Controller:
    """Drives one core on one board."""

    def __init__(self, board: Board, core: Core) -> None:
        self.board = board
        self.core = core
        self.algorithm = core.algorithm
        self.formula = core.cycles
        self.digest_words = digest_word_count(self.algorithm.digest_bits, core.bus_width)
        self.core_mhz = clock_wizard.DEFAULT_SETTINGS.mhz(board.clock_input_mhz)
        self.messages_per_transfer = 1

    def configure_output(self, start_delay: int = 0, messages_per_transfer: int = 1) -> None:
        """Check the FIFOs' bus width and set the transfer length and start delay."""
        width = self.board.read(Block.OUTPUT_FIFO, FIFO_CONFIG) & 0xFF
        if width != self.core.bus_width:
            raise HashbedError(f"the board's FIFOs are {width} bits wide, core {self.core.name} needs {self.core.bus_width}")
        self.board.write(Block.OUTPUT_FIFO, TRANSFER_LENGTH, self.digest_words * messages_per_transfer)
        self.messages_per_transfer = messages_per_transfer
        self.board.write(Block.OUTPUT_FIFO, START_DELAY, start_delay)

    def set_core_clock(self, mhz: float) -> float:
        """Program the Clocking Wizard for the closest frequency to ``mhz``; returns it."""
        self.core_mhz = program_core_clock(self.board, mhz)
        return self.core_mhz

    def stream(self, messages: Sequence[Message]) -> bytes:
        """The messages as the DMA reads them: core words, little-endian, in order."""
        interface = self.core.hash_interface
        words = [word for message in messages for word in interface.message_words(message, self.algorithm)]
        return to_memory(words, interface.width)

    def digests(self, received: bytes, count: int) -> list[bytes]:
        width = self.core.bus_width
        size = width // 8
        if len(received) != count * self.digest_words * size:
            raise HashbedError(
                f"core {self.core.name} returned {len(received)} bytes, expected {count * self.digest_words * size}"
            )
        words = from_memory(received, width)
        step = self.digest_words
        return [digest_from_words(words[i * step : (i + 1) * step], self.algorithm.digest_bits, width) for i in range(count)]

    def hash(self, message: Message) -> Transfer:
        """Hash one message on the board with the study's procedure."""
        data = self.stream([message])
        software = native(self.algorithm) if message.bits % 8 == 0 else None
        if software is not None:
            expected, software_s = time_software(software[1], message.data)
        else:
            expected, software_s = self.algorithm.digest(message), None
        board = self.board
        board.prepare(data, self.digest_words * self.core.bus_width // 8)  # buffers filled outside the timed interval
        board.write(Block.TIMER, TLR0, 0)
        board.write(Block.TIMER, TCSR0, TCSR_LOAD)
        board.write(Block.TIMER, TCSR0, TCSR_ENABLE)
        received = board.transfer(data, self.digest_words * self.core.bus_width // 8)
        board.write(Block.TIMER, TCSR0, 0)
        timer_cycles = board.read(Block.TIMER, TCR0)
        (digest,) = self.digests(received, 1)
        blocks = self.algorithm.padded_bits(message.bits) // self.algorithm.block_bits
        return Transfer(
            message_bytes=len(message.data),
            blocks=blocks,
            core_mhz=self.core_mhz,
            sys_mhz=board.sys_mhz,
            timer_cycles=timer_cycles,
            formula_cycles=self.formula.cycles(blocks),
            software=software[0] if software else None,
            software_s=software_s,
            software_cpu=host_cpu() if software else None,
            correct=digest == expected,
            digest=digest.hex(),
            expected=expected.hex(),
        )

    def all_correct_at(self, mhz: float, messages: Sequence[Message]) -> bool:
        """Set the core clock and send all ``messages`` in one transfer: True if every digest
        is right. A core that stops answering at this clock fails (the board is reset)."""
        self.set_core_clock(mhz)
        count = len(messages)
        self.board.write(Block.OUTPUT_FIFO, TRANSFER_LENGTH, self.digest_words * count)
        try:
            received = self.board.transfer(self.stream(messages), count * self.digest_words * self.core.bus_width // 8)
        except CoreFailure:
            self.board.reset()
            return False
        finally:
            self.board.write(Block.OUTPUT_FIFO, TRANSFER_LENGTH, self.digest_words * self.messages_per_transfer)
        return self.digests(received, count) == [self.algorithm.digest(message) for message in messages]


@dataclass(frozen=True)
class LwcTransfer(Transfer):
    """One LWC operation on the board. ``digest`` and ``expected`` hold the operation's last
    do words (an encryption's tag and status); ``correct`` compares every word."""

    #: encrypt, decrypt, hash or xof, and whether a new key was loaded for it.
    operation: str = "encrypt"
    new_key: bool = False
    #: The do words received and expected.
    words: int = 0
    expected_words: int = 0
    #: Where the answer departs from the expected one (None: it does not).
    difference: str | None = None
    #: The last do word received: SUCCESS, FAILURE or (not a status word) its hex.
    status: str = "none"


def _status(word: int) -> str:
    return {status_word(True): "SUCCESS", status_word(False): "FAILURE"}.get(word, f"{word:08X}")


class LwcController:
    """Drives one LWC core on one board: the secret-data FIFO for sdi, DMA for pdi and do."""

    def __init__(self, board: Board, core: Core) -> None:
        if core.interface != "lwc":
            raise HashbedError(f"core {core.name} has the hash interface: drive it with Controller")
        self.board = board
        self.core = core
        self.suite = core.suite
        self.core_mhz = clock_wizard.DEFAULT_SETTINGS.mhz(board.clock_input_mhz)

    def configure_output(self, start_delay: int = 0) -> None:
        """Check the FIFOs' widths (pdi and do, sdi) and set the start delay; the transfer
        length is set per operation."""
        width = self.board.read(Block.OUTPUT_FIFO, FIFO_CONFIG) & 0xFF
        if width != self.core.bus_width:
            raise HashbedError(f"the board's FIFOs are {width} bits wide, core {self.core.name} needs {self.core.bus_width}")
        sdi_width = self.board.read(Block.SDI_FIFO, SDI_CONFIG) & 0xFF
        if sdi_width != self.core.sdi_bus_width:
            raise HashbedError(
                f"the board's sdi FIFO is {sdi_width} bits wide, core {self.core.name} needs {self.core.sdi_bus_width}"
            )
        self.board.write(Block.OUTPUT_FIFO, START_DELAY, start_delay)

    def set_core_clock(self, mhz: float) -> float:
        """Program the Clocking Wizard for the closest frequency to ``mhz``; returns it."""
        self.core_mhz = program_core_clock(self.board, mhz)
        return self.core_mhz

    def write_sdi(self, words: Sequence[int]) -> None:
        """Write ``words`` into the secret-data FIFO, waiting (polling SDI_STATUS) while it is full.
        They are written before the DMA starts (the core reads them once the pdi words ask for a
        key), so they must fit the FIFO."""
        depth = 1 << (self.board.read(Block.SDI_FIFO, SDI_CONFIG) >> 8 & 0xFF)
        if len(words) > depth:
            raise HashbedError(
                f"{len(words)} sdi words in one transfer do not fit the {depth}-word sdi FIFO: "
                "send fewer new keys per transfer, or build the board with a deeper sdi FIFO"
            )
        for word in words:
            for _ in range(SDI_POLLS):
                if not self.board.read(Block.SDI_FIFO, SDI_STATUS) & SDI_FULL:
                    break
            else:
                raise CoreFailure(f"core {self.core.name} does not read its sdi FIFO: still full after {SDI_POLLS} polls")
            self.board.write(Block.SDI_FIFO, SDI_DATA, word)

    def stream(self, cases: Sequence[Case]) -> bytes:
        """The pdi words of ``cases`` as the DMA reads them: little-endian words, in order."""
        width = self.core.bus_width
        return to_memory([word for case in cases for word in case.words], width)

    def _prepare(self, cases: Sequence[Case]) -> int:
        """Set the transfer length to the do words of ``cases`` and write their sdi words; returns the count."""
        count = sum(len(case.expected) for case in cases)
        if count > MAX_TRANSFER_WORDS:
            raise HashbedError(
                f"the operations answer {count} do words, more than one transfer carries ({MAX_TRANSFER_WORDS}, "
                "the output FIFO's TRANSFER_LENGTH): send shorter messages"
            )
        self.board.write(Block.OUTPUT_FIFO, TRANSFER_LENGTH, count)
        self.write_sdi([word for case in cases for word in case.sdi])
        return count

    def _send(self, cases: Sequence[Case]) -> list[int]:
        """Send the operations' pdi words and receive their do words (after ``_prepare``)."""
        count = self._prepare(cases)
        width = self.core.bus_width
        received = self.board.transfer(self.stream(cases), count * width // 8)
        if len(received) != count * width // 8:
            raise HashbedError(f"core {self.core.name} returned {len(received)} bytes, expected {count * width // 8}")
        return from_memory(received, width)

    def run(self, case: Case, formula_blocks: int, formula_name: str | None = None) -> LwcTransfer:
        """One operation with the study's procedure: its key (if any) into the sdi FIFO before
        the timer starts, then timer, DMA (pdi out, do back), timer stopped; the do words compared
        with the model's. ``formula_blocks`` and ``formula_name`` (an operation of
        ``Core.operation_cycles``, default: encryption, or encryption with a new key) give the
        formula time."""
        new_key = bool(case.sdi)
        name = formula_name or ("encrypt_new_key" if new_key else "encrypt")
        formula = self.core.operation_cycles()[name]
        board = self.board
        count = self._prepare([case])
        data = self.stream([case])
        board.write(Block.TIMER, TLR0, 0)
        board.write(Block.TIMER, TCSR0, TCSR_LOAD)
        board.write(Block.TIMER, TCSR0, TCSR_ENABLE)
        received = board.transfer(data, count * self.core.bus_width // 8)
        board.write(Block.TIMER, TCSR0, 0)
        timer_cycles = board.read(Block.TIMER, TCR0)
        words = from_memory(received, self.core.bus_width) if len(received) % (self.core.bus_width // 8) == 0 else []
        difference = first_difference(case.expected, words)
        tail = min(5, len(case.expected))
        return LwcTransfer(
            message_bytes=case.bits // 8,
            blocks=formula_blocks,
            core_mhz=self.core_mhz,
            sys_mhz=board.sys_mhz,
            timer_cycles=timer_cycles,
            formula_cycles=formula.cycles(formula_blocks),
            software=None,
            software_s=None,
            software_cpu=None,
            correct=difference is None,
            digest=b"".join(word.to_bytes(4, "big") for word in words[-tail:]).hex(),
            expected=b"".join(word.to_bytes(4, "big") for word in case.expected[-tail:]).hex(),
            operation=case.kind,
            new_key=new_key,
            words=len(words),
            expected_words=count,
            difference=difference,
            status=_status(words[-1]) if words else "none",
        )

    def all_correct_at(self, mhz: float, cases: Sequence[Case]) -> bool:
        """Set the core clock and run all ``cases`` in one transfer: True if every do word (status
        words included) is right. A core that stops answering at this clock fails (the board is reset)."""
        self.set_core_clock(mhz)
        try:
            words = self._send(cases)
        except CoreFailure:
            self.board.reset()
            return False
        return words == [word for case in cases for word in case.expected]


@dataclass(frozen=True)
class SearchResult:
    #: Highest frequency on the 0.1 MHz grid at which every digest was right.
    max_mhz: float
    #: True when even the upper bound passed (the limit lies above it).
    limit_above_range: bool
    #: (frequency, passed) in the order tried.
    trials: list[tuple[float, bool]]


#: What the error of a search whose bottom fails says (``hashbed time`` names its own fix).
BOTTOM_OF_RANGE = "the bottom of the search range"


def search_max_frequency(passes: Callable[[float], bool], low_mhz: float, high_mhz: float) -> SearchResult:
    """Binary search for the highest passing frequency in [low, high] to 0.1 MHz.

    Assumes that a design that works at some frequency works at every lower one,
    as the study does. ``low_mhz`` must pass.
    """
    low, high = round(low_mhz / STEP_MHZ), round(high_mhz / STEP_MHZ)
    if not 0 < low <= high:
        raise HashbedError(f"search range must satisfy 0 < low <= high, got {low_mhz:g}..{high_mhz:g} MHz")
    trials: list[tuple[float, bool]] = []

    def trial(step: int) -> bool:
        passed = passes(round(step * STEP_MHZ, 1))
        trials.append((round(step * STEP_MHZ, 1), passed))
        return passed

    if not trial(low):
        raise HashbedError(f"digests are wrong already at {low_mhz:g} MHz, {BOTTOM_OF_RANGE}; lower it")
    if trial(high):
        return SearchResult(round(high * STEP_MHZ, 1), True, trials)
    while high - low > 1:  # invariant: low passes, high fails
        middle = (low + high) // 2
        if trial(middle):
            low = middle
        else:
            high = middle
    return SearchResult(round(low * STEP_MHZ, 1), False, trials)
