"""Known-answer files in the NIST Lightweight Cryptography (LWC) format.

A file is a sequence of records, each a block of ``Name = HEX`` lines ended by a blank line
(an empty field is written ``Msg =``); ``Count`` is a decimal number from 1 on. The fields of a
record depend on the kind, named in the file name ``<algorithm>_<version>_LWC_<KIND>_KAT.txt``:

* ``AEAD``: Count, Key, Nonce, PT, AD, CT (ciphertext followed by the tag);
* ``HASH``: Count, Msg, MD (a hash digest, or the first bytes of an XOF's output);
* ``CXOF``: Count, Msg, Z (the customization string), MD.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms.kat import KatFormatError
from hashbed.errors import HashbedError

LWC_KAT_NAME = re.compile(r"^(?P<algorithm>[a-z0-9-]+)_(?P<version>[a-z0-9-]+)_LWC_(?P<kind>AEAD|HASH|CXOF)_KAT\.txt$")
_FIELDS = {
    "AEAD": ("Count", "Key", "Nonce", "PT", "AD", "CT"),
    "HASH": ("Count", "Msg", "MD"),
    "CXOF": ("Count", "Msg", "Z", "MD"),
}
_LINE = re.compile(r"^(?P<key>\w+)\s*=\s*(?P<value>\S*)\s*$")


@dataclass(frozen=True)
class AeadVector:
    key: bytes
    nonce: bytes
    ad: bytes
    plaintext: bytes
    #: Ciphertext followed by the tag.
    ciphertext: bytes
    count: int
    #: Line of the record's ``Count`` (0 for generated vectors).
    line: int = 0


@dataclass(frozen=True)
class HashVector:
    message: bytes
    digest: bytes
    count: int
    line: int = 0
    #: The customization string (Ascon-CXOF128; empty otherwise).
    customization: bytes = b""


@dataclass(frozen=True)
class LwcKatFile:
    path: Path
    algorithm: str
    version: str
    kind: str


def lwc_kat_identity(path: Path) -> LwcKatFile | None:
    """What an LWC KAT file name says of its contents, or None for other names."""
    match = LWC_KAT_NAME.match(path.name)
    return LwcKatFile(path, match["algorithm"], match["version"], match["kind"]) if match else None


def _records(path: Path, kind: str) -> list[tuple[int, dict[str, str]]]:
    """Each record as its first line and its fields, checked for the kind's field order."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HashbedError(f"cannot read KAT file {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise KatFormatError(f"{path}: not a text file in UTF-8 or ASCII (byte {exc.start}); save it as plain text") from None
    fields = _FIELDS[kind]
    records: list[tuple[int, dict[str, str]]] = []
    current: dict[str, str] = {}
    start = 0
    for number, raw in enumerate([*text.splitlines(), ""], start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if current:
                if len(current) != len(fields):
                    raise KatFormatError(f"{path}:{start}: record ends after {', '.join(current)}; it needs {', '.join(fields)}")
                records.append((start, current))
                current = {}
            continue
        match = _LINE.match(line)
        if not match:
            raise KatFormatError(f"{path}:{number}: expected '<field> = <hex>', found {raw!r}")
        expected = fields[len(current)] if len(current) < len(fields) else "a blank line"
        if match["key"] != expected:
            raise KatFormatError(f"{path}:{number}: expected {expected}, found field {match['key']}")
        if not current:
            start = number
        current[match["key"]] = match["value"]
    if not records:
        raise KatFormatError(f"{path}: holds no {kind} records ({', '.join(fields)})")
    return records


def _hex(path: Path, line: int, key: str, value: str) -> bytes:
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise KatFormatError(f"{path}:{line}: {key} is not a hex string: {value!r}") from None


def _count(path: Path, line: int, value: str) -> int:
    if not value.isdigit() or len(value) > 9:
        raise KatFormatError(f"{path}:{line}: Count must be a positive integer, found {value!r}")
    return int(value)


def read_aead_kat(path: Path) -> list[AeadVector]:
    """The records of an ``LWC_AEAD_KAT`` file; a ciphertext must be longer than its plaintext
    by the same tag length in every record."""
    vectors: list[AeadVector] = []
    for line, r in _records(path, "AEAD"):
        pt, ct = _hex(path, line, "PT", r["PT"]), _hex(path, line, "CT", r["CT"])
        if len(ct) <= len(pt) or (vectors and len(ct) - len(pt) != len(vectors[0].ciphertext) - len(vectors[0].plaintext)):
            raise KatFormatError(f"{path}:{line}: CT must be PT followed by a tag of one length in every record")
        vectors.append(
            AeadVector(
                _hex(path, line, "Key", r["Key"]),
                _hex(path, line, "Nonce", r["Nonce"]),
                _hex(path, line, "AD", r["AD"]),
                pt,
                ct,
                _count(path, line, r["Count"]),
                line,
            )
        )
    return vectors


def read_hash_kat(path: Path, kind: str = "HASH") -> list[HashVector]:
    """The records of an ``LWC_HASH_KAT`` (or, with ``kind="CXOF"``, ``LWC_CXOF_KAT``) file; every
    MD has the same length."""
    vectors: list[HashVector] = []
    for line, r in _records(path, kind):
        digest = _hex(path, line, "MD", r["MD"])
        if not digest or (vectors and len(digest) != len(vectors[0].digest)):
            raise KatFormatError(f"{path}:{line}: MD must have the same, nonzero length in every record")
        custom = _hex(path, line, "Z", r["Z"]) if kind == "CXOF" else b""
        vectors.append(HashVector(_hex(path, line, "Msg", r["Msg"]), digest, _count(path, line, r["Count"]), line, custom))
    return vectors
