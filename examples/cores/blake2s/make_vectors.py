#!/usr/bin/env python3
"""Write blake2s-256_rfc7693_ShortMsgKAT.txt, the known answers of the example BLAKE2s core.

BLAKE2s-256 (RFC 7693), unkeyed, 32-byte digest, as Python's hashlib computes it (hashbed has no
model of BLAKE2s: this file is what the core is verified against). The messages are deterministic
pseudo-random bytes (random.Random(SEED)) of every length from 0 to 200 bytes and of 255, 256,
511, 512, 1000 and 2048 bytes, in NIST's KAT format (Len in bits, Msg = 00 for Len = 0).

Usage: python3 make_vectors.py [OUTPUT]   (default: the file beside this script)
Standard library only.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

SEED = 7693
LENGTHS = list(range(0, 201)) + [255, 256, 511, 512, 1000, 2048]
NAME = "blake2s-256_rfc7693_ShortMsgKAT.txt"


def records() -> list[tuple[int, bytes, bytes]]:
    rng = random.Random(SEED)
    out = []
    for length in LENGTHS:
        message = bytes(rng.getrandbits(8) for _ in range(length))
        out.append((8 * length, message, hashlib.blake2s(message, digest_size=32).digest()))
    return out


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / NAME
    lines = [
        "# blake2s-256 rfc7693: BLAKE2s-256 (RFC 7693), unkeyed, 32-byte digest; digests from Python's",
        f"# hashlib.blake2s; messages from random.Random({SEED}) (examples/cores/blake2s/make_vectors.py)",
        "",
    ]
    for bits, message, digest in records():
        lines += [f"Len = {bits}", f"Msg = {message.hex().upper() or '00'}", f"MD = {digest.hex().upper()}", ""]
    path.write_text("\n".join(lines))


if __name__ == "__main__":
    main()
