"""The one hash of what a result depends on: text and files, SHA-256 in hex.

These hashes go into job keys, a public contract (docs/architecture.md), so each place keeps
the recipe it was written with: the text, then each file as its name and a NUL before its bytes
(``named``) and a NUL after them (``closed``), cut to ``digits`` hex digits.
tests/catalogue/test_fingerprint.py pins the values of each recipe.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path


def fingerprint(
    text: str = "", files: Iterable[Path] = (), *, named: bool = True, closed: bool = True, digits: int | None = 16
) -> str:
    """The first ``digits`` hex digits (None: all 64) of the SHA-256 of ``text`` and ``files``;
    a file that cannot be read raises its OSError."""
    digest = hashlib.sha256(text.encode())
    for path in files:
        name = path.name.encode() + b"\0" if named else b""
        digest.update(name + path.read_bytes() + (b"\0" if closed else b""))
    return digest.hexdigest()[:digits]
