"""Reference models of the hash algorithms, keyed by the names the KAT files use."""

from __future__ import annotations

from hashbed.algorithms.base import HashAlgorithm
from hashbed.algorithms.blake import Blake256Round2, Blake256Round3
from hashbed.algorithms.cubehash import CubeHash256Round2
from hashbed.algorithms.fugue import Fugue256
from hashbed.algorithms.echo import Echo256Round2
from hashbed.algorithms.groestl import Groestl256Round2, Groestl256Round3
from hashbed.algorithms.hamsi import Hamsi256Round2
from hashbed.algorithms.jh import Jh256Round2, Jh256Round3
from hashbed.algorithms.keccak import Keccak256Round2, Keccak256Round3, Sha3_256
from hashbed.algorithms.luffa import Luffa256
from hashbed.algorithms.message import Message
from hashbed.algorithms.sha import Sha1, Sha256
from hashbed.algorithms.shabal import Shabal256Round2
from hashbed.algorithms.shavite import Shavite3_256
from hashbed.algorithms.skein import Skein512
from hashbed.errors import HashbedError

ALGORITHMS: dict[str, HashAlgorithm] = {
    alg.key: alg
    for alg in (
        Sha1(), Sha256(),
        Blake256Round2(), Blake256Round3(),
        CubeHash256Round2(),
        Fugue256(),
        Echo256Round2(),
        Groestl256Round2(), Groestl256Round3(),
        Hamsi256Round2(),
        Jh256Round2(), Jh256Round3(),
        Keccak256Round2(), Keccak256Round3(), Sha3_256(),
        Luffa256(),
        Skein512("round2"), Skein512("round3"),
        Shabal256Round2(),
        Shavite3_256(),
    )
}


def get_algorithm(name: str, version: str) -> HashAlgorithm:
    try:
        return ALGORITHMS[f"{name}/{version}"]
    except KeyError:
        known = ", ".join(sorted(ALGORITHMS))
        raise HashbedError(f"unknown algorithm {name!r} version {version!r}; known: {known}") from None


__all__ = ["ALGORITHMS", "HashAlgorithm", "Message", "get_algorithm"]
