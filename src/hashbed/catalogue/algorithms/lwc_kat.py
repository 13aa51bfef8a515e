"""Known-answer files in the NIST Lightweight Cryptography (LWC) format.

A file is a sequence of records, each a block of ``Name = HEX`` lines ended by a blank line
(an empty field is written ``Msg =``); ``Count`` is a decimal number from 1 on. The fields of a
record depend on the kind, named in the file name ``<algorithm>_<version>_LWC_<KIND>_KAT.txt``:

* ``AEAD``: Count, Key, Nonce, PT, AD, CT (ciphertext followed by the tag);
* ``HASH``: Count, Msg, MD (a hash digest, or the first bytes of an XOF's output);
* ``CXOF``: Count, Msg, Z (the customization string), MD.

Every field holds at most ``kat.MAX_MESSAGE_BYTES`` (1 MiB), checked before it is converted;
given the lengths an algorithm takes (:class:`FieldSize`, from ``LwcSuite.kat_sizes``), a reader
refuses a field of another length at its line, before any model or core sees the record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms.kat import KatFormatError, hex_field, read_vector_text

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


@dataclass(frozen=True)
class FieldSize:
    """The lengths in bytes an algorithm (or the core interface that carries it) takes in a field of
    a record, and what an error says after ``<field> has N bytes, ``."""

    least: int
    most: int
    #: e.g. "ascon-aead128 takes 16; fix the record".
    says: str


#: A record's fields: name -> (line, value).
_Record = dict[str, tuple[int, str]]


def _records(path: Path, kind: str) -> list[tuple[int, _Record]]:
    """Each record as its first line and its fields, checked for the kind's field order."""
    text = read_vector_text(path)
    fields = _FIELDS[kind]
    records: list[tuple[int, _Record]] = []
    current: _Record = {}
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
        current[match["key"]] = (number, match["value"])
    if not records:
        raise KatFormatError(f"{path}: holds no {kind} records ({', '.join(fields)})")
    return records


def _field(path: Path, record: _Record, key: str, sizes: dict[str, FieldSize], beside: int = 0) -> bytes:
    """A field's bytes, its length checked against ``sizes`` (and every field's bound, ``beside``
    the bytes it carries of another) before anything uses it."""
    line, value = record[key]
    data = hex_field(path, line, key, value, beside)
    size = sizes.get(key)
    if size is not None and not size.least <= len(data) <= size.most:
        raise KatFormatError(f"{path}:{line}: {key} has {len(data)} bytes, {size.says}")
    return data


def _count(path: Path, record: _Record) -> int:
    line, value = record["Count"]
    if not re.fullmatch(r"[0-9]{1,9}", value) or not int(value):
        raise KatFormatError(f"{path}:{line}: Count must be a positive integer of at most 9 digits, found {value!r}")
    return int(value)


def read_aead_kat(path: Path, sizes: dict[str, FieldSize] | None = None) -> list[AeadVector]:
    """The records of an ``LWC_AEAD_KAT`` file; a ciphertext must be longer than its plaintext
    by the same tag length in every record. ``sizes``: the lengths the algorithm takes, per field
    (``tag`` for the tag that ends CT)."""
    sizes = sizes or {}
    vectors: list[AeadVector] = []
    for line, r in _records(path, "AEAD"):
        count, key, nonce = _count(path, r), _field(path, r, "Key", sizes), _field(path, r, "Nonce", sizes)
        pt, ad = _field(path, r, "PT", sizes), _field(path, r, "AD", sizes)
        ct = _field(path, r, "CT", sizes, beside=len(pt))  # PT and the tag
        ct_line = r["CT"][0]
        tag = sizes.get("tag")
        if tag is not None and not tag.least <= len(ct) - len(pt) <= tag.most:
            raise KatFormatError(
                f"{path}:{ct_line}: CT has {len(ct)} bytes and PT {len(pt)}, so a tag of {len(ct) - len(pt)} bytes; {tag.says}"
            )
        if len(ct) <= len(pt) or (vectors and len(ct) - len(pt) != len(vectors[0].ciphertext) - len(vectors[0].plaintext)):
            raise KatFormatError(f"{path}:{ct_line}: CT must be PT followed by a tag of one length in every record")
        vectors.append(AeadVector(key, nonce, ad, pt, ct, count, line))
    return vectors


def read_hash_kat(path: Path, kind: str = "HASH", sizes: dict[str, FieldSize] | None = None) -> list[HashVector]:
    """The records of an ``LWC_HASH_KAT`` (or, with ``kind="CXOF"``, ``LWC_CXOF_KAT``) file; every
    MD has the same length. ``sizes``: the lengths the algorithm takes, per field."""
    sizes = sizes or {}
    vectors: list[HashVector] = []
    for line, r in _records(path, kind):
        count, message = _count(path, r), _field(path, r, "Msg", sizes)
        custom = _field(path, r, "Z", sizes) if kind == "CXOF" else b""
        digest = _field(path, r, "MD", sizes)
        if not digest or (vectors and len(digest) != len(vectors[0].digest)):
            raise KatFormatError(f"{path}:{r['MD'][0]}: MD must have the same, nonzero length in every record")
        vectors.append(HashVector(message, digest, count, line, custom))
    return vectors
