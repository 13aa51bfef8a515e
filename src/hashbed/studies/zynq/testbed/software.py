"""The fastest native software implementation of each algorithm on this host.

The speed-up experiment compares the hardware with native code (OpenSSL through
hashlib, or C code in pycryptodome), never with hashbed's Python models. Where no
native implementation is installed, there is no speed-up to report.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from hashbed.catalogue.algorithms import HashAlgorithm

NativeHash = Callable[[bytes], bytes]


def _hashlib(name: str) -> NativeHash:
    return lambda data: hashlib.new(name, data).digest()


#: algorithm key -> (implementation name, function)
NATIVE: dict[str, tuple[str, NativeHash]] = {
    "sha-1/fips": ("hashlib (OpenSSL) sha1", _hashlib("sha1")),
    "sha-256/fips": ("hashlib (OpenSSL) sha256", _hashlib("sha256")),
}


def native(algorithm: HashAlgorithm) -> tuple[str, NativeHash] | None:
    return NATIVE.get(algorithm.key)


def time_software(function: NativeHash, data: bytes, repeats: int = 5) -> tuple[bytes, float]:
    """The digest and the best wall-clock time of ``repeats`` runs, in seconds."""
    best = float("inf")
    digest = b""
    for _ in range(repeats):
        start = time.perf_counter()
        digest = function(data)
        best = min(best, time.perf_counter() - start)
    return digest, best
