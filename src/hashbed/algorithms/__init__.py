"""Reference models of the hash algorithms, keyed by the names the KAT files use."""

from __future__ import annotations

from hashbed.algorithms.base import HashAlgorithm
from hashbed.algorithms.groestl import Groestl256Round2, Groestl256Round3
from hashbed.algorithms.message import Message
from hashbed.algorithms.sha import Sha1, Sha256
from hashbed.errors import HashbedError

ALGORITHMS: dict[str, HashAlgorithm] = {
    alg.key: alg for alg in (Sha1(), Sha256(), Groestl256Round2(), Groestl256Round3())
}


def get_algorithm(name: str, version: str) -> HashAlgorithm:
    try:
        return ALGORITHMS[f"{name}/{version}"]
    except KeyError:
        known = ", ".join(sorted(ALGORITHMS))
        raise HashbedError(f"unknown algorithm {name!r} version {version!r}; known: {known}") from None


__all__ = ["ALGORITHMS", "HashAlgorithm", "Message", "get_algorithm"]
