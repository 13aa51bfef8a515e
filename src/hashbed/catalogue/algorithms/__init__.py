"""Reference models of the hash algorithms, keyed by the names the KAT files use."""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.blake import Blake256Round2, Blake256Round3
from hashbed.catalogue.algorithms.cubehash import CubeHash256Round2
from hashbed.catalogue.algorithms.echo import Echo256Round2
from hashbed.catalogue.algorithms.fugue import Fugue256
from hashbed.catalogue.algorithms.groestl import Groestl256Round2, Groestl256Round3
from hashbed.catalogue.algorithms.hamsi import Hamsi256Round2
from hashbed.catalogue.algorithms.jh import Jh256Round2, Jh256Round3
from hashbed.catalogue.algorithms.keccak import Keccak256Round2, Keccak256Round3, Sha3_256
from hashbed.catalogue.algorithms.luffa import Luffa256
from hashbed.catalogue.algorithms.message import Message
from hashbed.catalogue.algorithms.sha import Sha1, Sha256
from hashbed.catalogue.algorithms.shabal import Shabal256Round2
from hashbed.catalogue.algorithms.shavite import Shavite3_256
from hashbed.catalogue.algorithms.skein import Skein512
from hashbed.errors import HashbedError

ALGORITHMS: dict[str, HashAlgorithm] = {
    alg.key: alg
    for alg in (
        Sha1(),
        Sha256(),
        Blake256Round2(),
        Blake256Round3(),
        CubeHash256Round2(),
        Fugue256(),
        Echo256Round2(),
        Groestl256Round2(),
        Groestl256Round3(),
        Hamsi256Round2(),
        Jh256Round2(),
        Jh256Round3(),
        Keccak256Round2(),
        Keccak256Round3(),
        Sha3_256(),
        Luffa256(),
        Skein512("round2"),
        Skein512("round3"),
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
