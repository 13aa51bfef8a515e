"""CubeHash16/32-256 (Daniel J. Bernstein), the SHA-3 competition round-2 parameters.

CubeHashr/b-h keeps a 1024-bit state of 32 32-bit words x[0..31] (little-endian words
of the 128 state bytes). Word indices are read as five bits i = (b4 b3 b2 b1 b0): the
first half x[0..15] has b4 = 0, the second half b4 = 1. One round is ten steps:

1. x[16 + i] += x[i] for i in 0..15 (mod 2^32)
2. x[i] = x[i] <<< 7 for i in 0..15
3. swap x[i] and x[i ^ 8] in the first half (i with b3 = 0)
4. x[i] ^= x[16 + i] for i in 0..15
5. swap x[16 + i] and x[16 + (i ^ 2)] in the second half (b1 = 0)
6. x[16 + i] += x[i]
7. x[i] = x[i] <<< 11
8. swap x[i] and x[i ^ 4] in the first half (b2 = 0)
9. x[i] ^= x[16 + i]
10. swap x[16 + i] and x[16 + (i ^ 1)] in the second half (b0 = 0)

The initial state has x[0] = h/8, x[1] = b, x[2] = r and zeros, run through 10r rounds
(a constant, IV below). Each b-byte block is XORed into the first b bytes of the state,
then r rounds follow. The message is padded with a 1 bit and zeros to a whole block
(no length). Finalization XORs 1 into x[31] and runs 10r rounds; the digest is the first
h/8 bytes of the state. Round 2 of the competition fixed r = 16, b = 32.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK32 = 0xFFFFFFFF


def rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


def cubehash_round(x: list[int]) -> list[int]:
    """One CubeHash round on 32 words, as the ten steps of the specification."""
    y = list(x)
    for i in range(16):
        y[16 + i] = (y[16 + i] + y[i]) & MASK32
    for i in range(16):
        y[i] = rotl(y[i], 7)
    y[0:16] = [y[i ^ 8] for i in range(16)]
    for i in range(16):
        y[i] ^= y[16 + i]
    y[16:32] = [y[16 + (i ^ 2)] for i in range(16)]
    for i in range(16):
        y[16 + i] = (y[16 + i] + y[i]) & MASK32
    for i in range(16):
        y[i] = rotl(y[i], 11)
    y[0:16] = [y[i ^ 4] for i in range(16)]
    for i in range(16):
        y[i] ^= y[16 + i]
    y[16:32] = [y[16 + (i ^ 1)] for i in range(16)]
    return y


def run_rounds(x: list[int], rounds: int) -> list[int]:
    for _ in range(rounds):
        x = cubehash_round(x)
    return x


def cubehash_pad(message: Message, block_bytes: int) -> bytes:
    """A 1 bit after the message, then zeros to a whole block."""
    whole, rest = divmod(message.bits, 8)
    out = bytearray(message.data[:whole])
    out.append((message.data[whole] if rest else 0) | (0x80 >> rest))
    out.extend(bytes(-len(out) % block_bytes))
    return bytes(out)


def initial_state(digest_bits: int, block_bytes: int, rounds: int) -> list[int]:
    """The state after the 10r initialization rounds on (h/8, b, r)."""
    x = [0] * 32
    x[0], x[1], x[2] = digest_bits // 8, block_bytes, rounds
    return run_rounds(x, 10 * rounds)


class CubeHash(HashAlgorithm):
    """CubeHash r/b-h with 10r initialization and finalization rounds."""

    def __init__(self, name: str, version: str, rounds: int, block_bytes: int, digest_bits: int) -> None:
        self.name = name
        self.version = version
        self.rounds = rounds
        self.block_bytes = block_bytes
        self.block_bits = 8 * block_bytes
        self.digest_bits = digest_bits
        self.iv: tuple[int, ...] = tuple(initial_state(digest_bits, block_bytes, rounds))

    def pad(self, message: Message) -> bytes:
        return cubehash_pad(message, self.block_bytes)

    def padded_bits(self, message_bits: int) -> int:
        return self.block_bits * (message_bits // self.block_bits + 1)

    def absorb(self, state: list[int], block: bytes) -> list[int]:
        """XOR one block into the first words of the state, then r rounds."""
        x = list(state)
        for i in range(self.block_bytes // 4):
            x[i] ^= int.from_bytes(block[4 * i : 4 * i + 4], "little")
        return run_rounds(x, self.rounds)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        x = list(self.iv)
        for offset in range(0, len(padded), self.block_bytes):
            x = self.absorb(x, padded[offset : offset + self.block_bytes])
        x[31] ^= 1
        x = run_rounds(x, 10 * self.rounds)
        out = b"".join(word.to_bytes(4, "little") for word in x)
        return out[: self.digest_bits // 8]


class CubeHash256Round2(CubeHash):
    """CubeHash16/32-256, the round-2 tweak."""

    def __init__(self) -> None:
        super().__init__("cubehash-256", "round2", rounds=16, block_bytes=32, digest_bits=256)
