"""BLAKE-256 (SHA-3 competition, rounds 2 and 3): padding, HAIFA counter, compression.

The two versions differ only in the number of rounds of the compression function:
10 in the round-2 submission (named BLAKE-32 there), 14 in the final round-3 one.

Padding (from the specification): the message, a 1 bit, zeros up to 447 bits modulo
512, a 1 bit, then the message length in bits as a 64-bit big-endian integer. Every
block is compressed with a counter: the number of message bits (padding excluded) in
this block and the blocks before it, or 0 for a block that holds no message bit at
all (a block of padding only). The salt is zero.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK32 = 0xFFFFFFFF

#: Initial chaining value (the same words as SHA-256's).
BLAKE256_IV = (0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19)

#: The sixteen constants: the leading fractional digits of pi, 32 bits each.
BLAKE256_C = (
    0x243F6A88,
    0x85A308D3,
    0x13198A2E,
    0x03707344,
    0xA4093822,
    0x299F31D0,
    0x082EFA98,
    0xEC4E6C89,
    0x452821E6,
    0x38D01377,
    0xBE5466CF,
    0x34E90C6C,
    0xC0AC29B7,
    0xC97C50DD,
    0x3F84D5B5,
    0xB5470917,
)

#: Message word permutations; round r uses SIGMA[r % 10].
SIGMA = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    (14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3),
    (11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4),
    (7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8),
    (9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13),
    (2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9),
    (12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11),
    (13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10),
    (6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5),
    (10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0),
)

#: State words (a, b, c, d) of the eight G functions of a round: four columns, then
#: four diagonals.
G_WORDS = (
    (0, 4, 8, 12),
    (1, 5, 9, 13),
    (2, 6, 10, 14),
    (3, 7, 11, 15),
    (0, 5, 10, 15),
    (1, 6, 11, 12),
    (2, 7, 8, 13),
    (3, 4, 9, 14),
)


def rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & MASK32


def blake_pad(message: Message) -> bytes:
    """A 1 bit, zeros to 447 mod 512 bits, a 1 bit, the 64-bit big-endian bit length."""
    bits = message.bits
    # The second 1 bit ends the padded length before the counter field, 448 mod 512 bits,
    # and must come after the first one (at bit number `bits`).
    body_bits = bits + 2 + (446 - bits) % 512
    out = bytearray(body_bits // 8)
    out[: len(message.data)] = message.data
    out[bits // 8] |= 0x80 >> (bits % 8)
    out[-1] |= 0x01
    out.extend(bits.to_bytes(8, "big"))
    return bytes(out)


def block_counters(message_bits: int, blocks: int) -> list[int]:
    """The HAIFA counter of each padded block: message bits so far, 0 for padding-only blocks."""
    counters = []
    for index in range(blocks):
        start = 512 * index
        counters.append(min(start + 512, message_bits) if start < message_bits else 0)
    return counters


def compress(rounds: int, chain: list[int], block: bytes, counter: int) -> list[int]:
    """The compression function with a zero salt."""
    m = [int.from_bytes(block[4 * i : 4 * i + 4], "big") for i in range(16)]
    t0, t1 = counter & MASK32, counter >> 32
    c = BLAKE256_C
    v = [*chain, c[0], c[1], c[2], c[3], t0 ^ c[4], t0 ^ c[5], t1 ^ c[6], t1 ^ c[7]]
    for r in range(rounds):
        s = SIGMA[r % 10]
        for g, (ia, ib, ic, id_) in enumerate(G_WORDS):
            j, k = s[2 * g], s[2 * g + 1]
            a, b, cc, d = v[ia], v[ib], v[ic], v[id_]
            a = (a + b + (m[j] ^ c[k])) & MASK32
            d = rotr(d ^ a, 16)
            cc = (cc + d) & MASK32
            b = rotr(b ^ cc, 12)
            a = (a + b + (m[k] ^ c[j])) & MASK32
            d = rotr(d ^ a, 8)
            cc = (cc + d) & MASK32
            b = rotr(b ^ cc, 7)
            v[ia], v[ib], v[ic], v[id_] = a, b, cc, d
    return [chain[i] ^ v[i] ^ v[i + 8] for i in range(8)]


class Blake256(HashAlgorithm):
    """BLAKE-256 with ``rounds`` rounds per compression."""

    name = "blake-256"
    block_bits = 512
    digest_bits = 256
    rounds: int

    def pad(self, message: Message) -> bytes:
        return blake_pad(message)

    def padded_bits(self, message_bits: int) -> int:
        return 512 * ((message_bits + 65) // 512 + 1)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        blocks = len(padded) // 64
        chain = list(BLAKE256_IV)
        for index, counter in enumerate(block_counters(message.bits, blocks)):
            chain = compress(self.rounds, chain, padded[64 * index : 64 * index + 64], counter)
        return b"".join(word.to_bytes(4, "big") for word in chain)


class Blake256Round2(Blake256):
    version = "round2"
    rounds = 10


class Blake256Round3(Blake256):
    version = "round3"
    rounds = 14
