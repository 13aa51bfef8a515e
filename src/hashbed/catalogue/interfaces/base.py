"""What a core interface gives the flow (docs/interface.md).

A core's manifest names its interface (``interface``: "hash", the default, or "lwc"), and the core
carries that interface's object with the options its manifest gives (``Core.io``). The object holds
everything that differs between the interfaces: the ports of the core's top, what the simulation
harness and the post-route testbench are built with, the cases a verification and a measurement
send (the words a core reads, those it must write) and how its answers and cycle counts are read,
and what the job keys add for it. The flow runs every core on one path with it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from hashbed.catalogue.cycles import CycleFormula

if TYPE_CHECKING:
    from hashbed.catalogue.cores import Core, CoreManifest


@dataclass(frozen=True)
class Case:
    """One message or operation as a core takes it, and the words it must answer: ``words`` on its
    input port (the hash interface's din, the LWC interface's pdi), ``sdi`` on an LWC core's
    secret-data port (a key), ``expected`` its output words (a digest; the do words, status last).
    ``kind`` is the operation (``hash`` for a hash core's message; an LWC core's encrypt, decrypt,
    hash or xof), ``source``/``line`` where its known answer comes from (a KAT file and record, or
    generated vectors), ``bits`` the length of its message (an LWC operation's plaintext, ciphertext
    without tag or hash message)."""

    kind: str
    words: tuple[int, ...]
    sdi: tuple[int, ...]
    expected: tuple[int, ...]
    source: str = "generated"
    line: int = 0
    bits: int = 0
    #: The leading bits of ``expected`` a right answer has (a digest: the bits past it in the last
    #: word are not compared); None: every bit of every word.
    answer_bits: int | None = None


@dataclass(frozen=True)
class CaseSet:
    """The cases of one source of known answers, and how many of its records are not run (a bit
    length the core does not take, a decryption longer than it releases)."""

    source: str
    cases: list[Case]
    skipped: int = 0


@dataclass(frozen=True)
class Mismatch:
    """A wrong answer: its case's source, line and message bits, the answer expected and the
    core's as bytes, and (an LWC core's) what differs, in words."""

    source: str
    line: int
    bits: int
    expected: bytes
    actual: bytes
    detail: str = ""

    @property
    def error(self) -> str:
        """The failed verification's one line."""
        if self.detail:
            return f"wrong answer ({self.source}, line {self.line}): {self.detail}"
        return (
            f"digest mismatch at Len = {self.bits} ({self.source}, line {self.line}): "
            f"expected {self.expected.hex().upper()}, core gave {self.actual.hex().upper()}"
        )


@dataclass(frozen=True)
class Operation:
    """An operation whose cycle formula is measured: its cases for N = ``first_blocks``,
    ``first_blocks`` + 1, ... blocks of ``block_bits``, each run alone."""

    name: str
    block_bits: int
    first_blocks: int
    cases: list[Case]


class Stamps(Protocol):
    """The cycles of one case in a run: its first and last input word read, its first and last
    output word written."""

    @property
    def first_read(self) -> int: ...
    @property
    def last_read(self) -> int: ...
    @property
    def first_write(self) -> int: ...
    @property
    def last_write(self) -> int: ...


class Interface(ABC):
    """One core's interface with its options: a frozen dataclass of each kind, made from the core's
    manifest (``from_manifest``)."""

    #: The manifest's name of the interface.
    name: ClassVar[str]
    #: The operation the manifest's ``cycles`` formula is of.
    operation: ClassVar[str]
    #: The C++ macros the simulation harness (flow/sim/harness.cpp) is compiled with.
    harness_defines: ClassVar[tuple[str, ...]] = ()
    #: Whether its cores are benchmarked beside their formulas (the LWC benchmarks, docs/lwc.md).
    benchmarked: ClassVar[bool] = False
    #: Whether the energy estimate (flow/energy, which drives the hash interface's words) takes its cores.
    energy_estimated: ClassVar[bool] = False
    #: Whether a vector path of a verification may be a folder (the LWC package's pdi, sdi and do).
    vector_folders: ClassVar[bool] = False
    #: What a passed verification's count is of, e.g. "digests match".
    answers_right: ClassVar[str]
    #: The width of its data ports in bits (the manifest's ``bus_width``).
    width: int

    @classmethod
    @abstractmethod
    def check_width(cls, width: int) -> None:
        """Refuse a ``bus_width`` the interface does not have (ValueError, for the manifest)."""

    @classmethod
    @abstractmethod
    def check_manifest(cls, manifest: CoreManifest) -> None:
        """Refuse the fields of another interface and options that do not go together (ValueError)."""

    @classmethod
    @abstractmethod
    def from_manifest(cls, manifest: CoreManifest) -> Self:
        """The interface with the options of a checked manifest."""

    @abstractmethod
    def ports(self) -> dict[str, tuple[str, int]]:
        """The ports of a core's top: name -> (direction, width)."""

    @abstractmethod
    def testbench_parameters(self) -> dict[str, int]:
        """The parameters of the post-route testbench (flow/sim/core_tb.v)."""

    @abstractmethod
    def testbed_ports(self) -> dict[str, str]:
        """The core's port on each port of the testbed's ``hashbed_core`` (rtl/testbed/testbed_top.v:
        ``in_*`` from the input FIFO, ``out_*`` to the output FIFO, ``sdi_*`` from the secret-data
        FIFO); a testbed port the interface does not have is left out."""

    @property
    def sdi(self) -> bool:
        """Whether its cores have an sdi port (the testbed's secret-data FIFO)."""
        return "sdi_data" in self.testbed_ports()

    @abstractmethod
    def transfer_cycles(self, core: Core, words: int, outputs: int) -> int:
        """The most cycles ``core``'s formulas give a transfer of ``words`` input words (sdi words
        included) that answers ``outputs`` words (the post-route board's bound on a hung core)."""

    @abstractmethod
    def testbed_parameters(self, core: Core) -> dict[str, int]:
        """The testbed top's parameters for ``core`` besides the FIFO depths: ``W``, ``SDI`` (1: the
        secret-data FIFO), ``SW`` (its width) and ``OUT_WORDS`` (output words per transfer after reset)."""

    def hardware_options(self) -> str:
        """The options that are part of the core's hardware, as text for its fingerprint ('' when
        none: the cores without them keep their keys)."""
        return ""

    def adapter(self, module: str, top: str, parameters: Mapping[str, int], origin: str) -> tuple[str, Self] | None:
        """The Verilog of ``module``, which presents ``top`` (a core of ``origin``) with the interface's
        own conventions, and the interface it presents; None when the core has them."""
        return None

    @abstractmethod
    def vector_files_in(self, core: Core, folder: Path) -> list[Path]:
        """The core's known-answer files in ``folder`` (``--kat-dir``)."""

    def vector_files(self, path: Path) -> tuple[Path, ...]:
        """The files a vector path of a verification stands for (its job's key hashes them)."""
        return (path,)

    @abstractmethod
    def check_segment_bits(self, core: Core, segment_bits: int) -> None:
        """Refuse a segment length the core's messages cannot be split in (HashbedError)."""

    @abstractmethod
    def verification_sets(self, core: Core, files: Sequence[Path], generated: bool, segment_bits: int | None) -> list[CaseSet]:
        """The cases of a verification: of each vector file (a folder: the LWC package's pdi, sdi
        and do), then, with ``generated``, those the project generates with the core's models;
        messages split into segments of at most ``segment_bits``."""

    @abstractmethod
    def output_words(self, case: Case) -> int:
        """The output words the harness collects for ``case``: all of them (the hash interface),
        or the most it may write before its last (an LWC core's, marked by do_last)."""

    @abstractmethod
    def mismatch(self, case: Case, outputs: Sequence[int]) -> Mismatch | None:
        """How the core's ``outputs`` depart from the case's answer; None when they do not."""

    @abstractmethod
    def answer_report(self, case: Case, outputs: Sequence[int]) -> dict[str, Any]:
        """How the testbed reports the core's answer ``outputs`` to ``case``: ``digest`` and
        ``expected`` as hex, and what else the interface tells (hashbed.testbed.controller.Transfer)."""

    @abstractmethod
    def measurement(self, core: Core, max_blocks: int) -> tuple[list[Case], list[Operation]]:
        """The cases sent before the measured ones (not measured) and the operations measured,
        each for ``max_blocks`` message lengths."""

    @abstractmethod
    def formula(self, operation: str, runs: Sequence[Stamps], first_blocks: int) -> CycleFormula:
        """The formula the runs of an operation's cases fit, as the interface counts cycles
        (ValueError, saying why, when they fit none)."""

    @abstractmethod
    def operation_cycles(self, cycles: CycleFormula) -> dict[str, CycleFormula]:
        """Each operation's formula: ``cycles`` (the manifest's) under ``operation``, then the others."""

    def simulation_inputs(self) -> dict[str, Any]:
        """What the key of a simulation job adds for the options ({} when none: the cores without
        them keep their keys)."""
        return {}

    def measure_inputs(self) -> dict[str, Any]:
        """What the key of a measure job adds (the formulas it is judged against besides ``cycles``)."""
        return {}

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The options, as ``hashbed cores --json`` lists them."""
