"""Skein-512 (Threefish-512 in UBI chaining), versions 1.2 (round2) and 1.3 (round3).

Written from the Skein specification (versions 1.2 and 1.3). Skein-512-N hashes a
message in three UBI passes over a 512-bit chaining value:

1. configuration: the 32-byte configuration string (schema "SHA3", version 1, output
   length N, no tree) under a zero key; the result is the IV, a constant for each N;
2. message: the message, padded with zeros to whole 64-byte blocks (an empty message is
   one zero block), type Msg;
3. output: one block holding the 8-byte counter 0, type Out; its first N bits are the hash.

UBI encrypts each block with Threefish-512 keyed by the chaining value, the tweak giving
the position (bytes processed so far, this block's included), the type and the First and
Final flags, and XORs the block into the result (Matyas-Meyer-Oseas). A message whose
length is not a whole number of bytes gets a 1 bit after its last bit and zero bits to
the byte boundary, and the BitPad flag in the tweak of its last block; its byte count
includes the partial byte.

Versions 1.2 and 1.3 differ only in the key-schedule parity constant C240; the rotation
constants below are those of both (version 1.1 had others).
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK64 = (1 << 64) - 1
WORDS = 8
BLOCK_BYTES = 64
ROUNDS = 72

#: Key-schedule parity constant C240 per specification version.
C240 = {"round2": 0x5555555555555555, "round3": 0x1BD11BDAA9FC1A22}

#: Rotation constant R[d mod 8][j] of MIX j in round d (Threefish-512).
ROTATIONS = (
    (46, 36, 19, 37),
    (33, 27, 14, 42),
    (17, 49, 36, 39),
    (44, 9, 54, 56),
    (39, 30, 34, 24),
    (13, 50, 10, 17),
    (25, 29, 39, 43),
    (8, 35, 56, 22),
)

#: Word permutation after each round: word i of the next round is word PERMUTATION[i].
PERMUTATION = (2, 1, 4, 7, 6, 5, 0, 3)

#: Block types of the tweak (bits 120..125).
TYPE_CFG = 4
TYPE_MSG = 48
TYPE_OUT = 63

FLAG_FIRST = 1 << 126
FLAG_FINAL = 1 << 127
FLAG_BIT_PAD = 1 << 119


def rotl64(x: int, n: int) -> int:
    return ((x << n) | (x >> (64 - n))) & MASK64


def words_le(block: bytes) -> list[int]:
    return [int.from_bytes(block[8 * i : 8 * i + 8], "little") for i in range(len(block) // 8)]


def subkey(key: list[int], tweak: list[int], s: int) -> list[int]:
    """Subkey s of the extended key (9 words) and tweak (3 words)."""
    words = [key[(s + i) % (WORDS + 1)] for i in range(WORDS)]
    words[5] = (words[5] + tweak[s % 3]) & MASK64
    words[6] = (words[6] + tweak[(s + 1) % 3]) & MASK64
    words[7] = (words[7] + s) & MASK64
    return words


def threefish512(key: list[int], tweak: int, plain: list[int], c240: int) -> list[int]:
    """Threefish-512 encryption of eight words under eight key words and a 128-bit tweak."""
    parity = c240
    for word in key:
        parity ^= word
    extended = [*key, parity]
    t0, t1 = tweak & MASK64, tweak >> 64
    tweak_words = [t0, t1, t0 ^ t1]
    v = list(plain)
    for d in range(ROUNDS):
        if d % 4 == 0:
            v = [(a + b) & MASK64 for a, b in zip(v, subkey(extended, tweak_words, d // 4))]
        mixed = []
        for j in range(WORDS // 2):
            y0 = (v[2 * j] + v[2 * j + 1]) & MASK64
            mixed += [y0, rotl64(v[2 * j + 1], ROTATIONS[d % 8][j]) ^ y0]
        v = [mixed[PERMUTATION[i]] for i in range(WORDS)]
    return [(a + b) & MASK64 for a, b in zip(v, subkey(extended, tweak_words, ROUNDS // 4))]


def ubi(chain: list[int], padded: bytes, length: int, block_type: int, c240: int, bit_pad: bool = False) -> list[int]:
    """UBI over ``padded`` (whole blocks) holding ``length`` bytes of data."""
    blocks = len(padded) // BLOCK_BYTES
    for index in range(blocks):
        block = words_le(padded[BLOCK_BYTES * index : BLOCK_BYTES * (index + 1)])
        final = index == blocks - 1
        tweak = min(length, BLOCK_BYTES * (index + 1)) | (block_type << 120)
        tweak |= (FLAG_FIRST if index == 0 else 0) | (FLAG_FINAL if final else 0)
        tweak |= FLAG_BIT_PAD if final and bit_pad else 0
        cipher = threefish512(chain, tweak, block, c240)
        chain = [c ^ m for c, m in zip(cipher, block)]
    return chain


def config_iv(output_bits: int, c240: int) -> list[int]:
    """The chaining value after the configuration UBI (no key, sequential hashing)."""
    config = b"SHA3" + (1).to_bytes(2, "little") + bytes(2) + output_bits.to_bytes(8, "little") + bytes(16)
    return ubi([0] * WORDS, config + bytes(BLOCK_BYTES - len(config)), len(config), TYPE_CFG, c240)


def bit_padded(message: Message) -> bytes:
    """The message bytes, a partial last byte completed with a 1 bit and zero bits."""
    whole, rest = divmod(message.bits, 8)
    if not rest:
        return message.data
    return message.data[:whole] + bytes([message.data[whole] | (0x80 >> rest)])


class Skein512(HashAlgorithm):
    """Skein-512 with an output of ``digest_bits`` (up to 512) in one specification version."""

    name = "skein-512-256"
    block_bits = 512

    def __init__(self, version: str, digest_bits: int = 256) -> None:
        if version not in C240:
            raise ValueError(f"unknown Skein version {version!r}; known: {', '.join(C240)}")
        if not 0 < digest_bits <= 512 or digest_bits % 8:
            raise ValueError(f"digest_bits must be a multiple of 8 in 8..512, got {digest_bits}")
        self.version = version
        self.digest_bits = digest_bits
        self.name = f"skein-512-{digest_bits}"
        self.c240 = C240[version]
        self.iv = config_iv(digest_bits, self.c240)

    def pad(self, message: Message) -> bytes:
        data = bit_padded(message)
        return data + bytes(-len(data) % BLOCK_BYTES if data else BLOCK_BYTES)

    def padded_bits(self, message_bits: int) -> int:
        return self.block_bits * max(1, -(-message_bits // self.block_bits))

    def digest(self, message: Message) -> bytes:
        length = (message.bits + 7) // 8
        chain = ubi(self.iv, self.pad(message), length, TYPE_MSG, self.c240, bit_pad=not message.byte_aligned)
        chain = ubi(chain, bytes(BLOCK_BYTES), 8, TYPE_OUT, self.c240)
        return b"".join(word.to_bytes(8, "little") for word in chain)[: self.digest_bits // 8]
