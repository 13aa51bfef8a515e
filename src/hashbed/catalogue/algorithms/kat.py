"""Known-answer files in the NIST SHA-3 competition format.

A file is a sequence of records ``Len = <bits>``, ``Msg = <hex>``, ``MD = <hex>``;
``#`` comments and ``[...]`` section lines are ignored. A partial last message byte
holds its bits in its high end; ``Len = 0`` carries ``Msg = 00``.
File names follow ``<algorithm>_<version>_<Short|Long>MsgKAT.txt``.

A record's message holds at most :data:`MAX_MESSAGE_BYTES` (1 MiB), checked from ``Len`` before
its ``Msg`` is read: known answers check what a core computes, and a longer message only takes
minutes of simulation (and of the model, for Ascon) without a word on the terminal.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message
from hashbed.errors import HashbedError

KAT_NAME = re.compile(r"^(?P<algorithm>[a-z0-9-]+)_(?P<version>[a-z0-9]+)_(?P<set>\w+?)MsgKAT\.txt$")
_RECORD_LINE = re.compile(r"^(?P<key>\w+)\s*=\s*(?P<value>\S*)\s*$")
_LENGTH = re.compile(r"[0-9]{1,18}")
#: The longest message (and field) of a known-answer record, in bytes: 1 MiB, 250 times the longest
#: message of NIST's SHA-3 LongMsgKAT files (4288 bytes); one of 1 MiB takes seconds to simulate
#: and, through the Ascon models (about 10 s per MiB), under a minute.
MAX_MESSAGE_BYTES = 1 << 20
#: The largest vector file hashbed reads: 64 MiB (NIST's LongMsgKAT files have 2.3 MB).
MAX_FILE_BYTES = 64 << 20


class KatFormatError(HashbedError):
    """A KAT file that does not parse; the message names the file and line."""


@dataclass(frozen=True)
class KatVector:
    message: Message
    digest: bytes
    #: Line of the ``Len`` field in the source file (0 for generated vectors).
    line: int = 0


def kat_identity(path: Path) -> tuple[str, str] | None:
    """``(algorithm, version)`` named by a KAT file name, or None for other names."""
    match = KAT_NAME.match(path.name)
    return (match["algorithm"], match["version"]) if match else None


def too_long(path: Path, line: int, key: str, size: int) -> KatFormatError:
    """The error for a record's field of ``size`` bytes, over :data:`MAX_MESSAGE_BYTES`."""
    return KatFormatError(
        f"{path}:{line}: {key} holds {size} bytes, over the {MAX_MESSAGE_BYTES} bytes (1 MiB) a known-answer record may hold; "
        "shorten the record (known answers check what a core computes; hashbed measure and lwc-bench time long messages)"
    )


def hex_field(path: Path, line: int, key: str, value: str, beside: int = 0) -> bytes:
    """The bytes of a field's hex ``value``; a value that is not whole bytes of hex, or is longer
    than :data:`MAX_MESSAGE_BYTES` (and the ``beside`` bytes it carries of another field: an
    AEAD ciphertext's plaintext), is refused before it is converted."""
    if len(value) > 2 * (MAX_MESSAGE_BYTES + beside):
        raise too_long(path, line, f"{key} beyond its {beside} bytes of PT" if beside else key, len(value) // 2 - beside)
    try:
        return bytes.fromhex(value)
    except ValueError:
        if len(value) % 2 and re.fullmatch(r"[0-9A-Fa-f]*", value):
            raise KatFormatError(
                f"{path}:{line}: {key} has an odd number of hex digits ({len(value)}); write whole bytes"
            ) from None
        raise KatFormatError(f"{path}:{line}: {key} is not a hex string: {value!r}") from None


def check_vector_path(path: Path, what: str = "KAT file", missing: str | None = None, folder: bool = False) -> None:
    """Refuse, in one line, a vector file (or, with ``folder``, a folder of them) that is not
    there (``missing`` says what to do then), a device or pipe, or a file past ``MAX_FILE_BYTES``."""
    try:
        if folder and path.is_dir():
            return
        if not path.is_file():
            if path.is_dir():
                raise HashbedError(f"{what} {path} is a folder: give a file (--kat-dir takes a folder of KAT files)")
            if path.exists():
                raise HashbedError(f"{what} {path} is a device, pipe or socket: give a text file")
            raise HashbedError(f"cannot read {what} {path}: No such file or directory{'; ' + missing if missing else ''}")
        size = path.stat().st_size
    except OSError as exc:  # a name too long
        raise HashbedError(f"cannot read {what} {path}: {exc.strerror}") from None
    if size > MAX_FILE_BYTES:
        raise HashbedError(
            f"{what} {path} has {size} bytes, more than the {MAX_FILE_BYTES >> 20} MiB hashbed reads: split it into smaller files"
        )


def check_vector_folder(path: Path, option: str = "--kat-dir") -> None:
    """Refuse, in one line, a folder of vector files that is not there or not a folder."""
    try:
        if path.is_dir():
            return
        there = path.exists()
    except OSError as exc:  # a name too long
        raise HashbedError(f"cannot read {option} {path}: {exc.strerror}") from None
    raise HashbedError(f"{option} {path} {'is not a folder' if there else 'does not exist'}: give a folder of KAT files")


def read_vector_text(path: Path, what: str = "KAT file", missing: str | None = None) -> str:
    """The text of a vector file (a KAT, a GMU word stream, an LWC pdi/sdi/do file), checked by
    ``check_vector_path``; one line for a file that cannot be read or is not UTF-8."""
    check_vector_path(path, what, missing)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HashbedError(f"cannot read {what} {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise KatFormatError(f"{path}: not a text file in UTF-8 or ASCII (byte {exc.start}); save it as plain text") from None


def read_kat(path: Path) -> list[KatVector]:
    """All records of a KAT file, checked field by field."""
    text = read_vector_text(path)
    vectors: list[KatVector] = []
    expected = "Len"
    bits = len_line = 0
    data = b""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "[")):
            continue
        match = _RECORD_LINE.match(line)
        if not match:
            raise KatFormatError(f"{path}:{number}: expected '<field> = <value>', found {raw!r}")
        key, value = match["key"], match["value"]
        if key != expected:
            raise KatFormatError(f"{path}:{number}: expected field {expected}, found {key}")
        if key == "Len":
            if not _LENGTH.fullmatch(value):
                raise KatFormatError(f"{path}:{number}: Len must be a non-negative integer of at most 18 digits, found {value!r}")
            bits, len_line, expected = int(value), number, "Msg"
            if bits > 8 * MAX_MESSAGE_BYTES:
                raise too_long(path, number, f"the message of Len = {bits}", (bits + 7) // 8)
        elif key == "Msg":
            data = hex_field(path, number, key, value)
            needed = max(1, (bits + 7) // 8)
            if len(data) != needed:
                raise KatFormatError(f"{path}:{number}: Msg has {len(data)} bytes but Len = {bits} needs {needed}")
            expected = "MD"
        else:
            digest = hex_field(path, number, key, value)
            if not digest:
                raise KatFormatError(f"{path}:{number}: MD is empty; give the record's digest in hex")
            if vectors and len(digest) != len(vectors[0].digest):
                raise KatFormatError(
                    f"{path}:{number}: MD has {len(digest)} bytes, earlier records have {len(vectors[0].digest)}"
                )
            vectors.append(KatVector(Message.from_prefix(data, bits), digest, len_line))
            expected = "Len"
    if expected != "Len":
        raise KatFormatError(f"{path}: ends inside the record that starts at line {len_line}")
    if not vectors:
        raise KatFormatError(f"{path}: holds no Len/Msg/MD records")
    return vectors


def write_kat(path: Path, vectors: list[KatVector], title: str) -> None:
    lines = [f"# {title}", ""]
    for vector in vectors:
        msg = vector.message.data.hex().upper() or "00"
        lines += [f"Len = {vector.message.bits}", f"Msg = {msg}", f"MD = {vector.digest.hex().upper()}", ""]
    path.write_text("\n".join(lines))


def generated_vectors(algorithm: HashAlgorithm, seed: int = 1) -> list[KatVector]:
    """The project's own byte-aligned vectors, digests from the model.

    Every length from 0 to three blocks plus a few bytes (covering each padding case),
    and at least to 200 bytes (for short blocks: Fugue's are 4 bytes), then a handful of
    longer messages; message bytes are seeded random.
    """
    rng = random.Random(seed)
    block_bytes = algorithm.block_bits // 8
    lengths = list(range(max(3 * block_bytes + 9, 201))) + [
        rng.randrange(4, 40) * block_bytes + rng.randrange(block_bytes) for _ in range(6)
    ]
    vectors = []
    for length in lengths:
        message = Message.from_bytes(rng.randbytes(length))
        vectors.append(KatVector(message, algorithm.digest(message)))
    return vectors
