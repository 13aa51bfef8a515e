"""The host controller: the Zynq study's procedure on any board.

For each message: configure the output FIFO, set the core clock, lay the message
out in memory, run and time the software digest, start the timer, send the message
by DMA and receive the digest, stop the timer, compare. The binary search over the
core clock finds the highest frequency (to 0.1 MHz) at which every digest is right.

An LWC core (docs/interface.md, "The LWC interface") goes the same way: each operation's sdi
words (a new key) are written into the secret-data FIFO, its pdi words sent by DMA, its do
words received and compared, status word included, with what the Ascon models give. What
differs between the interfaces comes from the core's ``Interface``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import Core
from hashbed.catalogue.interfaces import Case
from hashbed.catalogue.interfaces.hash_words import from_memory, to_memory
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
    """One message hashed, or one LWC operation run, on the board."""

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
    #: The answer and the one expected, as the interface shows them (``Interface.answer_report``:
    #: a digest; an LWC operation's last do words).
    digest: str
    expected: str
    #: An LWC operation's report (None for a hash core's message): what it was, whether a new
    #: key was loaded for it, the do words received and expected, where the answer departs
    #: from the expected one, and its last do word (SUCCESS, FAILURE or its hex).
    operation: str | None = None
    new_key: bool | None = None
    words: int | None = None
    expected_words: int | None = None
    difference: str | None = None
    status: str | None = None

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
        """Its fields and measures; an LWC report's fields only for an LWC operation."""
        fields = asdict(self)
        if self.operation is None:
            fields = {name: value for name, value in fields.items() if name not in ANSWER_FIELDS}
        return {
            **fields,
            "hardware_s": self.hardware_s,
            "formula_s": self.formula_s,
            "overhead_ratio": self.overhead_ratio,
            "speedup": self.speedup,
        }


#: The fields of an LWC operation's report.
ANSWER_FIELDS = ("operation", "new_key", "words", "expected_words", "difference", "status")


class Controller:
    """Drives one core on one board, of either interface: each case's sdi words (an LWC core's
    new key) into the secret-data FIFO, its input words by DMA, its answer words back (the
    transfer length set to the words it answers), compared as its interface compares them."""

    def __init__(self, board: Board, core: Core) -> None:
        self.board = board
        self.core = core
        self.io = core.io
        self.core_mhz = clock_wizard.DEFAULT_SETTINGS.mhz(board.clock_input_mhz)
        #: A message's answer words as the output FIFO starts (a hash core's digest).
        self.answer_words = self.io.testbed_parameters(core)["OUT_WORDS"]
        self.messages_per_transfer = 1
        self._length: int | None = None  # TRANSFER_LENGTH as last written (None: not known)

    def configure_output(self, start_delay: int = 0, messages_per_transfer: int = 1) -> None:
        """Check the FIFOs' widths (and the sdi FIFO's), set the transfer length to
        ``messages_per_transfer`` answers and the start delay."""
        width = self.board.read(Block.OUTPUT_FIFO, FIFO_CONFIG) & 0xFF
        if width != self.core.bus_width:
            raise HashbedError(f"the board's FIFOs are {width} bits wide, core {self.core.name} needs {self.core.bus_width}")
        if self.io.sdi:
            sdi_width = self.board.read(Block.SDI_FIFO, SDI_CONFIG) & 0xFF
            if sdi_width != self.core.sdi_bus_width:
                raise HashbedError(
                    f"the board's sdi FIFO is {sdi_width} bits wide, core {self.core.name} needs {self.core.sdi_bus_width}"
                )
        self.messages_per_transfer = messages_per_transfer
        self._set_length(self.answer_words * messages_per_transfer)
        self.board.write(Block.OUTPUT_FIFO, START_DELAY, start_delay)

    def _set_length(self, words: int) -> None:
        """Set TRANSFER_LENGTH to ``words`` (written only when it changes)."""
        if words > MAX_TRANSFER_WORDS:
            raise HashbedError(
                f"the cases answer {words} words, more than one transfer carries ({MAX_TRANSFER_WORDS}, "
                "the output FIFO's TRANSFER_LENGTH): send shorter messages"
            )
        if words != self._length:
            self.board.write(Block.OUTPUT_FIFO, TRANSFER_LENGTH, words)
            self._length = words

    def set_core_clock(self, mhz: float) -> float:
        """Program the Clocking Wizard for the closest frequency to ``mhz``; returns it."""
        self.core_mhz = program_core_clock(self.board, mhz)
        return self.core_mhz

    def message_cases(self, messages: Sequence[Message]) -> list[Case]:
        """Hash messages as cases: their input words and digests (the core's model)."""
        interface, algorithm = self.core.hash_interface, self.core.algorithm
        return [
            interface.case(interface.message_words(message, algorithm), algorithm.digest(message), bits=message.bits)
            for message in messages
        ]

    def write_sdi(self, words: Sequence[int]) -> None:
        """Write ``words`` into the secret-data FIFO, waiting (polling SDI_STATUS) while it is full.
        They are written before the DMA starts (the core reads them once the pdi words ask for a
        key), so they must fit the FIFO."""
        if not words:
            return
        if not self.io.sdi:
            raise HashbedError(f"core {self.core.name} has no sdi port: its cases carry no sdi words")
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
        """The input words of ``cases`` as the DMA reads them: little-endian words, in order."""
        return to_memory([word for case in cases for word in case.words], self.core.bus_width)

    def answers(self, received: bytes, cases: Sequence[Case]) -> list[list[int]]:
        """The words received, split into each case's answer."""
        width = self.core.bus_width
        count = sum(len(case.expected) for case in cases)
        if len(received) != count * width // 8:
            raise HashbedError(f"core {self.core.name} returned {len(received)} bytes, expected {count * width // 8}")
        words, answers = from_memory(received, width), []
        for case in cases:
            answers.append(words[: len(case.expected)])
            words = words[len(case.expected) :]
        return answers

    def _prepare(self, cases: Sequence[Case]) -> int:
        """Set the transfer length to the answer words of ``cases`` and write their sdi words (the
        buffers are filled outside the timed interval); returns the count."""
        count = sum(len(case.expected) for case in cases)
        self._set_length(count)
        self.write_sdi([word for case in cases for word in case.sdi])
        return count

    def run(self, case: Case, formula_blocks: int, formula_name: str | None = None, software: Software | None = None) -> Transfer:
        """One case with the study's procedure: its sdi words (a new key) into the sdi FIFO before
        the timer starts, then timer, DMA (input words out, answer words back), timer stopped; the
        answer compared with the case's. ``formula_blocks`` and ``formula_name`` (an operation of
        ``Core.operation_cycles``; default: the core's formula, an LWC core's encryption, or
        encryption with a new key) give the formula time; ``software`` the time of the same work
        in software."""
        board = self.board
        count = self._prepare([case])  # refuses sdi words for a core without an sdi port
        name = formula_name or ("encrypt_new_key" if case.sdi else self.io.operation)
        formula = self.core.operation_cycles()[name]
        data = self.stream([case])
        board.prepare(data, count * self.core.bus_width // 8)
        board.write(Block.TIMER, TLR0, 0)
        board.write(Block.TIMER, TCSR0, TCSR_LOAD)
        board.write(Block.TIMER, TCSR0, TCSR_ENABLE)
        received = board.transfer(data, count * self.core.bus_width // 8)
        board.write(Block.TIMER, TCSR0, 0)
        timer_cycles = board.read(Block.TIMER, TCR0)
        (answer,) = self.answers(received, [case])
        return Transfer(
            message_bytes=-(-case.bits // 8),
            blocks=formula_blocks,
            core_mhz=self.core_mhz,
            sys_mhz=board.sys_mhz,
            timer_cycles=timer_cycles,
            formula_cycles=formula.cycles(formula_blocks),
            software=software.name if software else None,
            software_s=software.seconds if software else None,
            software_cpu=host_cpu() if software else None,
            correct=self.io.mismatch(case, answer) is None,
            **self.io.answer_report(case, answer),
        )

    def hash(self, message: Message) -> Transfer:
        """Hash one message with the study's procedure, timed in native software too (its digest
        is the one expected) when there is a native implementation and the message is whole bytes."""
        algorithm = self.core.algorithm
        native_digest = native(algorithm) if message.bits % 8 == 0 else None
        software = None
        if native_digest is not None:
            expected, seconds = time_software(native_digest[1], message.data)
            software = Software(native_digest[0], seconds)
        else:
            expected = algorithm.digest(message)
        interface = self.core.hash_interface
        case = interface.case(interface.message_words(message, algorithm), expected, bits=message.bits)
        blocks = algorithm.padded_bits(message.bits) // algorithm.block_bits
        return self.run(case, blocks, software=software)

    def all_correct_at(self, mhz: float, cases: Sequence[Case]) -> bool:
        """Set the core clock and run all ``cases`` in one transfer: True if every answer is right
        (an LWC core's status words included). A core that stops answering at this clock fails
        (the board is reset)."""
        self.set_core_clock(mhz)
        try:
            count = self._prepare(cases)
            received = self.board.transfer(self.stream(cases), count * self.core.bus_width // 8)
        except CoreFailure:
            self.board.reset()
            self._length = None
            return False
        finally:
            self._set_length(self.answer_words * self.messages_per_transfer)
        return all(self.io.mismatch(case, answer) is None for case, answer in zip(cases, self.answers(received, cases)))


@dataclass(frozen=True)
class Software:
    """The same work in native software: its implementation and best time."""

    name: str
    seconds: float


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
