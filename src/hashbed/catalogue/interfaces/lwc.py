"""The LWC core interface (docs/interface.md, "The LWC interface"): GMU's hardware API for
lightweight cryptography, with its pdi, sdi and do streams (the words: lwc_words.py).

A core's manifest adds an ``[lwc]`` table: the longest decryption it releases, the formulas of its
operations beside encryption with a reused key (its ``cycles``), and its sdi width when it is not the
bus width. Its known answers come from the LWC KAT files of its suite (every AEAD record encrypted,
decrypted, and decrypted with a flipped tag bit and a flipped ciphertext bit, which must answer
FAILURE alone; hash and XOF records), the LWC package's pdi.txt, sdi.txt and do.txt, and the
operations generated with its models: random keys and reused ones, lengths across blocks and
segments, XOF lengths, and a decryption longer than the core's plaintext buffer, which must answer
FAILURE.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Self

from pydantic import field_validator

from hashbed.catalogue.algorithms.kat import check_vector_folder
from hashbed.catalogue.algorithms.lwc import LwcSuite
from hashbed.catalogue.algorithms.lwc_kat import AeadVector, lwc_kat_identity, read_aead_kat, read_hash_kat
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.interfaces.base import Case, CaseSet, Interface, Mismatch, Operation, Stamps
from hashbed.catalogue.interfaces.lwc_vectors import LWC_VECTOR_FILES, read_lwc_vectors
from hashbed.catalogue.interfaces.lwc_words import (
    LWC_WIDTHS,
    decrypt_case,
    encrypt_case,
    first_difference,
    hash_case,
    segment_limit,
    status_word,
    status_words,
    words_to_bytes,
    xof_case,
)
from hashbed.catalogue.manifest import Formula, Table
from hashbed.errors import HashbedError

if TYPE_CHECKING:
    from hashbed.catalogue.cores import Core, CoreManifest

#: The widths an LWC core's sdi port may have (one AXI4-Lite register write per word in the testbed).
SDI_WIDTHS = (8, 16, 32)
#: The operations of an LWC core beside encryption with a reused key (the manifest's ``cycles``),
#: each measured for messages of N padded blocks (docs/interface.md, the LWC interface).
OPERATIONS = ("encrypt_new_key", "encrypt_ad", "decrypt", "decrypt_new_key", "hash")
#: The block of each operation's N, in bits.
BLOCK_BITS = {"encrypt": 128, "encrypt_new_key": 128, "encrypt_ad": 128, "decrypt": 128, "decrypt_new_key": 128, "hash": 64}
#: The key and nonce of the measured operations.
KEY = bytes(range(16))
NONCE = bytes(range(16, 32))


class LwcCycles(Table):
    """``[lwc.cycles]``: the formula of each LWC operation."""

    encrypt_new_key: Formula
    encrypt_ad: Formula
    decrypt: Formula
    decrypt_new_key: Formula
    hash: Formula


class Lwc(Table):
    """``[lwc]``: what an LWC core adds: its longest decryption and its operations' formulas."""

    max_decrypt_bytes: int
    cycles: LwcCycles
    #: The sdi port's width when it differs from ``bus_width`` (8, 16 or 32 bits).
    sdi_width: int | None = None

    @field_validator("sdi_width")
    @classmethod
    def _sdi_width(cls, value: int | None) -> int | None:
        if value is not None and value not in SDI_WIDTHS:
            raise ValueError(f"must be one of {', '.join(map(str, SDI_WIDTHS))} bits, got {value}")
        return value

    @field_validator("max_decrypt_bytes")
    @classmethod
    def _max_bytes(cls, value: int) -> int:
        if not 16 <= value <= 0xFFFF:
            raise ValueError(f"must be 16 to 65535 bytes (what one plaintext segment returns), got {value}")
        return value


def kat_files_in(suite: LwcSuite, folder: Path) -> list[Path]:
    """The KAT files in ``folder`` of the suite's members that an LWC core computes (AEAD, hash, XOF)."""
    check_vector_folder(folder)
    names = suite.kat_names()
    files = [folder / names[member] for member in ("aead", "hash", "xof") if (folder / names[member]).is_file()]
    if not files:
        raise HashbedError(f"no KAT files of {suite.key} in {folder} (expected names like {names['aead']})")
    return files


def _flip(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def aead_cases(
    suite: LwcSuite,
    vector: AeadVector,
    new_key: bool,
    rng: random.Random,
    segment_bytes: int | None = None,
    source: str = "generated",
    width: int = 32,
) -> list[Case]:
    """Encryption, decryption, and decryptions with a flipped tag bit and a flipped ciphertext bit,
    in words of ``width`` bits."""
    aead, v = suite.aead, vector
    if aead.encrypt(v.key, v.nonce, v.ad, v.plaintext) != v.ciphertext:  # the answers are the record's
        raise HashbedError(f"{source}:{v.line}: the {aead.name} model disagrees with CT; check the file, or the model")
    body, tag = v.ciphertext[: -aead.tag_bytes], v.ciphertext[-aead.tag_bytes :]
    if body:
        ad, nonce, tampered = v.ad, v.nonce, _flip(body, rng) + tag
    elif v.ad:
        ad, nonce, tampered = _flip(v.ad, rng), v.nonce, v.ciphertext
    else:
        ad, nonce, tampered = v.ad, _flip(v.nonce, rng), v.ciphertext
    cases = [encrypt_case(aead, v.key, v.nonce, v.ad, v.plaintext, new_key=new_key, segment_bytes=segment_bytes, width=width)]
    for case_nonce, case_ad, sealed in (
        (v.nonce, v.ad, v.ciphertext),
        (v.nonce, v.ad, body + _flip(tag, rng)),
        (nonce, ad, tampered),
    ):
        cases.append(
            decrypt_case(aead, v.key, case_nonce, case_ad, sealed, new_key=False, segment_bytes=segment_bytes, width=width)
        )
    cases = [replace(case, source=source, line=v.line) for case in cases]
    if any(case.expected != status_words(False, width) for case in cases[2:]):
        raise HashbedError(f"{source}:{v.line}: a tampered decryption was accepted by the model; report this")
    return cases


def kat_cases(core: Core, path: Path, segment_bytes: int | None = None) -> list[Case]:
    """The operations of one LWC KAT file, refused if the file is not of the core's suite; every
    record is read and checked against the lengths the suite and the core's interface take before
    any model runs."""
    suite = core.suite
    identity = lwc_kat_identity(path)
    members = {suite.aead.name: ("AEAD", "aead"), suite.hash.name: ("HASH", "hash"), suite.xof.name: ("HASH", "xof")}
    kind, member = members.get(identity.algorithm, ("", "")) if identity is not None else ("", "")
    if identity is None or identity.version != suite.version or kind != identity.kind:
        raise HashbedError(
            f"KAT file {path.name} is not one of {core.name}'s: it computes {', '.join(members)} {suite.version} "
            f"(files named like {suite.kat_names()['aead']})"
        )
    rng = random.Random(path.name)
    source = str(path)
    width = core.bus_width
    sizes = suite.kat_sizes(member)
    cases: list[Case] = []
    if member == "aead":
        last_key = None
        for index, vector in enumerate(read_aead_kat(path, sizes)):
            new_key = vector.key != last_key or index % 5 == 0
            last_key = vector.key
            cases += aead_cases(suite, vector, new_key, rng, segment_bytes, source, width)
        return cases
    for v in read_hash_kat(path, sizes=sizes):
        digest = suite.hash.digest(v.message) if member == "hash" else suite.xof.digest(v.message, len(v.digest))
        if digest != v.digest:  # the answers are the record's
            raise HashbedError(f"{path}:{v.line}: the {identity.algorithm} model disagrees with MD; check the file, or the model")
        if member == "hash":
            case = hash_case(
                suite.hash, v.message, segment_bytes=segment_bytes, source=source, line=v.line, width=width, digest=digest
            )
        else:
            case = xof_case(
                suite.xof,
                v.message,
                len(digest),
                segment_bytes=segment_bytes,
                source=source,
                line=v.line,
                width=width,
                digest=digest,
            )
        cases.append(case)
    return cases


def generated_cases(core: Core, segment_bytes: int | None = None, seed: int = 1) -> list[Case]:
    """The project's own operations, answers from the models (see the module's docstring)."""
    suite = core.suite
    width = core.bus_width
    rng = random.Random(seed)
    longest = core.lwc_interface.max_decrypt_bytes
    lengths = [*range(0, 50), 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000, longest]
    cases: list[Case] = []
    key = nonce = b""
    for index, length in enumerate(lengths):
        new = index % 3 == 0
        key = rng.randbytes(16) if new else key
        nonce, ad = rng.randbytes(16), rng.randbytes(rng.choice([0, length, rng.randrange(40)]))
        plaintext = rng.randbytes(length)
        vector = AeadVector(key, nonce, ad, plaintext, suite.aead.encrypt(key, nonce, ad, plaintext), index + 1)
        cases += aead_cases(suite, vector, new, rng, segment_bytes, width=width)
        message = rng.randbytes(length)
        cases.append(hash_case(suite.hash, message, segment_bytes=segment_bytes, width=width))
        out_bytes = rng.choice([0, 1, 7, 8, 9, 32, 64, rng.randrange(200)])
        cases.append(xof_case(suite.xof, message, out_bytes, segment_bytes=segment_bytes, width=width))
    # one word more than the buffer holds: never released
    plaintext = rng.randbytes(longest + width // 8)
    sealed = suite.aead.encrypt(key, nonce, b"", plaintext)
    too_long = decrypt_case(suite.aead, key, nonce, b"", sealed, new_key=False, segment_bytes=segment_bytes, width=width)
    cases.append(replace(too_long, expected=status_words(False, width)))
    return cases


def operation_case(suite: LwcSuite, operation: str, blocks: int, width: int) -> Case:
    """The operation's case for N = ``blocks`` padded blocks, in words of ``width`` bits: the
    plaintext of an encryption or decryption (16N - 1 bytes, no AD), the AD of an encryption without
    plaintext (``encrypt_ad``), the message of a hash (8N - 1 bytes)."""

    def data(size: int) -> bytes:
        return bytes((7 * i + 1) & 0xFF for i in range(size))

    aead = suite.aead
    if operation == "hash":
        return hash_case(suite.hash, data(8 * blocks - 1), width=width)
    new_key = operation.endswith("_new_key")
    if operation == "encrypt_ad":
        return encrypt_case(aead, KEY, NONCE, data(16 * blocks - 1), b"", new_key=False, width=width)
    if operation.startswith("encrypt"):
        return encrypt_case(aead, KEY, NONCE, b"", data(16 * blocks - 1), new_key=new_key, width=width)
    sealed = aead.encrypt(KEY, NONCE, b"", data(16 * blocks - 1))
    return decrypt_case(aead, KEY, NONCE, b"", sealed, new_key=new_key, width=width)


def _linear(values: list[int], what: str) -> tuple[int, int]:
    """(value at N = 0, step) of counts that grow by one step per block; else ValueError."""
    steps = {b - a for a, b in zip(values, values[1:])}
    if len(steps) != 1:
        raise ValueError(f"{what} {values} (N = 1..{len(values)}) do not grow by the same count per block")
    step = steps.pop()
    return values[0] - step, step


@dataclass(frozen=True)
class LwcInterface(Interface):
    """The LWC interface of one core: its bus width (pdi and do), its sdi width, its longest
    decryption and its operations' formulas."""

    name: ClassVar[str] = "lwc"
    operation: ClassVar[str] = "encrypt"
    harness_defines: ClassVar[tuple[str, ...]] = ("HASHBED_LWC",)
    benchmarked: ClassVar[bool] = True
    vector_folders: ClassVar[bool] = True
    answers_right: ClassVar[str] = "operations answered right"

    width: int
    sdi_width: int
    #: The longest decryption the core releases (its plaintext buffer), in bytes.
    max_decrypt_bytes: int
    #: The formula of each operation of ``OPERATIONS``.
    cycles: dict[str, CycleFormula]

    @classmethod
    def check_width(cls, width: int) -> None:
        if width not in LWC_WIDTHS:
            raise ValueError(f"must be one of {', '.join(map(str, LWC_WIDTHS))} (the LWC API), got {width}")

    @classmethod
    def check_manifest(cls, manifest: CoreManifest) -> None:
        if manifest.lwc is None:
            raise ValueError('an LWC core (interface = "lwc") has an [lwc] table, a hash core none: add or remove it')
        if manifest.ready != "active-high" or manifest.padding != "host" or manifest.header != "hashbed" or manifest.model:
            raise ValueError(
                "'ready', 'padding', 'header' and 'model' are fields of a hash core; an LWC core has the LWC API's handshakes"
            )

    @classmethod
    def from_manifest(cls, manifest: CoreManifest) -> Self:
        table = manifest.lwc
        assert table is not None  # check_manifest refuses an LWC manifest without it
        cycles = {name: getattr(table.cycles, name) for name in OPERATIONS}
        sdi_width = table.sdi_width if table.sdi_width is not None else manifest.bus_width
        return cls(manifest.bus_width, sdi_width, table.max_decrypt_bytes, cycles)

    def ports(self) -> dict[str, tuple[str, int]]:
        """The LWC API's names."""
        return {
            "clk": ("input", 1),
            "rst": ("input", 1),
            "pdi_data": ("input", self.width),
            "pdi_valid": ("input", 1),
            "pdi_ready": ("output", 1),
            "sdi_data": ("input", self.sdi_width),
            "sdi_valid": ("input", 1),
            "sdi_ready": ("output", 1),
            "do_data": ("output", self.width),
            "do_ready": ("input", 1),
            "do_valid": ("output", 1),
            "do_last": ("output", 1),
        }

    def testbench_parameters(self) -> dict[str, int]:
        return {"W": self.width, "SW": self.sdi_width, "LWC": 1}

    def testbed_ports(self) -> dict[str, str]:
        """pdi from the input FIFO, sdi from the secret-data FIFO, do to the output FIFO (do_last is
        not needed: the output FIFO's transfer length frames the output)."""
        return {
            "in_data": "pdi_data",
            "in_valid": "pdi_valid",
            "in_ready": "pdi_ready",
            "sdi_data": "sdi_data",
            "sdi_valid": "sdi_valid",
            "sdi_ready": "sdi_ready",
            "out_data": "do_data",
            "out_ready": "do_ready",
            "out_valid": "do_valid",
        }

    def transfer_cycles(self, core: Core, words: int, outputs: int) -> int:
        """Each input word at the most cycles per word of any operation, each output word as an
        operation's start and end (an operation answers one word at least)."""
        suite, word_bytes = core.suite, self.width // 8
        cycles = core.operation_cycles()
        rate = {name: suite.hash.rate_bytes if name == "hash" else suite.aead.rate_bytes for name in cycles}
        per_word = max(-(-formula.lp * word_bytes // rate[name]) for name, formula in cycles.items())
        per_output = max(formula.st + formula.end for formula in cycles.values())
        return words * per_word + outputs * per_output

    def testbed_parameters(self, core: Core) -> dict[str, int]:
        """The secret-data FIFO; the controller sets each operation's transfer length."""
        return {"W": self.width, "SDI": 1, "SW": self.sdi_width, "OUT_WORDS": 1}

    def vector_files_in(self, core: Core, folder: Path) -> list[Path]:
        return kat_files_in(core.suite, folder)

    def vector_files(self, path: Path) -> tuple[Path, ...]:
        """A folder: the LWC package's pdi.txt, sdi.txt and do.txt in it."""
        return tuple(path / name for name in LWC_VECTOR_FILES) if path.is_dir() else (path,)

    def check_segment_bits(self, core: Core, segment_bits: int) -> None:
        segment_limit(segment_bits // 8)  # whole 16-byte blocks

    def verification_sets(self, core: Core, files: Sequence[Path], generated: bool, segment_bits: int | None) -> list[CaseSet]:
        """Each LWC KAT file, or one folder of the LWC package's vectors (compared as GMU's LWC_TB
        does: every do word, status included; a mismatch names the operation by its pdi.txt line),
        then the generated operations. A decryption longer than the core releases that expects
        plaintext is not run (the core answers FAILURE by design)."""
        segment_bytes = segment_bits // 8 if segment_bits is not None else None
        folders = [path for path in files if path.is_dir()]
        if folders and (len(files) > 1 or generated):
            raise HashbedError("give an LWC core one folder of pdi.txt, sdi.txt and do.txt (--kat DIR), or KAT files")
        sets = [(str(path / "pdi.txt"), self._package_cases(core, path)) for path in folders]
        sets += [(str(path), kat_cases(core, path, segment_bytes)) for path in files if not path.is_dir()]
        if generated:
            sets.append((f"generated {core.suite.key} operations", generated_cases(core, segment_bytes)))
        longest = self.max_decrypt_bytes
        result = []
        for source, cases in sets:
            runnable = [c for c in cases if not (c.kind == "decrypt" and c.bits > 8 * longest and len(c.expected) > 1)]
            result.append(CaseSet(source, runnable, len(cases) - len(runnable)))
        return result

    def _package_cases(self, core: Core, folder: Path) -> list[Case]:
        width, cases = read_lwc_vectors(folder)
        if width != self.width:
            raise HashbedError(
                f"{folder}: the test vectors have {width}-bit words, {core.name}'s bus is {self.width} bits; "
                f"use the vectors generated for W={self.width}"
            )
        return cases

    def output_words(self, case: Case) -> int:
        """As many as expected, and 16 more: a wrong answer is then compared, not cut short."""
        return len(case.expected) + 16

    def mismatch(self, case: Case, outputs: Sequence[int]) -> Mismatch | None:
        """Every do word, the status included."""
        difference = first_difference(case.expected, list(outputs), self.width)
        if difference is None:
            return None
        size = self.width // 8
        return Mismatch(
            case.source,
            case.line,
            case.bits,
            words_to_bytes(list(case.expected), size * len(case.expected), self.width),
            words_to_bytes(list(outputs), size * len(outputs), self.width),
            f"{case.kind} of {case.bits // 8} bytes: {difference}",
        )

    def answer_report(self, case: Case, outputs: Sequence[int]) -> dict[str, Any]:
        """The operation, its last do words (at most five, as 32-bit words) received and expected,
        how many, where they first differ and the last word's status."""
        tail = min(5, len(case.expected))
        words = list(outputs)
        status = (
            {status_word(True): "SUCCESS", status_word(False): "FAILURE"}.get(words[-1], f"{words[-1]:08X}") if words else "none"
        )
        return {
            "digest": b"".join(word.to_bytes(4, "big") for word in words[-tail:]).hex(),
            "expected": b"".join(word.to_bytes(4, "big") for word in case.expected[-tail:]).hex(),
            "operation": case.kind,
            "new_key": bool(case.sdi),
            "words": len(words),
            "expected_words": len(case.expected),
            "difference": first_difference(case.expected, words),
            "status": status,
        }

    def measurement(self, core: Core, max_blocks: int) -> tuple[list[Case], list[Operation]]:
        """Each operation for N = 1 .. max_blocks, after an encryption that loads the key the
        operations with a reused key use."""
        suite, width = core.suite, self.width
        warm_up = encrypt_case(suite.aead, KEY, NONCE, b"", b"", new_key=True, width=width)
        operations = [
            Operation(name, BLOCK_BITS[name], 1, [operation_case(suite, name, n, width) for n in range(1, max_blocks + 1)])
            for name in self.operation_cycles(core.cycles)
        ]
        return [warm_up], operations

    def formula(self, operation: str, runs: Sequence[Stamps], first_blocks: int) -> CycleFormula:
        """``end``: the cycles after the last pdi word, less what grows with N there (the plaintext
        a decryption releases after its tag check)."""
        into = [r.last_read - r.first_read + 1 for r in runs]
        st, lp_in = _linear(into, f"{operation}: cycles to the last pdi word")
        end, lp_out = _linear([r.last_write - r.last_read for r in runs], f"{operation}: cycles after the last pdi word")
        return CycleFormula(st=st, lp=lp_in + lp_out, end=end)

    def operation_cycles(self, cycles: CycleFormula) -> dict[str, CycleFormula]:
        return {self.operation: cycles, **self.cycles}

    def measure_inputs(self) -> dict[str, Any]:
        return {"lwc_cycles": {name: formula.counts() for name, formula in self.cycles.items()}}

    def summary(self) -> dict[str, Any]:
        return {
            "lwc_cycles": {name: str(formula) for name, formula in self.cycles.items()},
            "max_decrypt_bytes": self.max_decrypt_bytes,
        }
