"""Luffa-256 (De Cannière, Sato, Watanabe), SHA-3 competition round 2 (Luffa v2).

The chaining value is three 256-bit sub-states H0, H1, H2, each eight 32-bit words
(word 0 first). A message block is eight big-endian 32-bit words. One round is

* the message injection MI: t = 2 * (H0 + H1 + H2), Hj += t, then H0 += M, H1 += 2M,
  H2 += 4M, where + is XOR and 2 * x is multiplication by x in GF(2^32)^8 modulo
  X^8 + X^4 + X^3 + X + 1 (word i is the coefficient of X^i);
* the permutation P: the three sub-states through the independent permutations Q0,
  Q1, Q2; Qj first rotates words 4..7 of its input left by j bits (the tweak), then
  runs 8 steps of SubCrumb (a 4-bit S-box on bit l of words (0, 1, 2, 3) and of words
  (5, 6, 7, 4)), MixWord on the word pairs (k, k + 4) and AddConstant (two 32-bit
  constants into words 0 and 4).

Padding appends a 1 bit and zeros up to a 256-bit boundary (always at least one bit,
so a whole-block message gets a block of padding). Finalization for a 256-bit digest
is one blank round (a zero block), and the digest is H0 + H1 + H2, word 0 first.
The step constants are the values of the specification's LFSR, stored per step.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK32 = 0xFFFFFFFF

#: Initial chaining value: H0, H1, H2, eight words each.
IV: tuple[tuple[int, ...], ...] = (
    (0x6D251E69, 0x44B051E0, 0x4EAA6FB4, 0xDBF78465, 0x6E292011, 0x90152DF4, 0xEE058139, 0xDEF610BB),
    (0xC3B44B95, 0xD9D2F256, 0x70EEE9A0, 0xDE099FA3, 0x5D9B0557, 0x8FC944B3, 0xCF1CCF0E, 0x746CD581),
    (0xF7EFC89D, 0x5DBA5781, 0x04016CE5, 0xAD659C05, 0x0306194F, 0x666D1836, 0x24AA230A, 0x8B264AE7),
)

#: Step constants of Qj: CONSTANTS[j][r] = (word added to word 0, word added to word 4).
CONSTANTS: tuple[tuple[tuple[int, int], ...], ...] = (
    (
        (0x303994A6, 0xE0337818),
        (0xC0E65299, 0x441BA90D),
        (0x6CC33A12, 0x7F34D442),
        (0xDC56983E, 0x9389217F),
        (0x1E00108F, 0xE5A8BCE6),
        (0x7800423D, 0x5274BAF4),
        (0x8F5B7882, 0x26889BA7),
        (0x96E1DB12, 0x9A226E9D),
    ),
    (
        (0xB6DE10ED, 0x01685F3D),
        (0x70F47AAE, 0x05A17CF4),
        (0x0707A3D4, 0xBD09CACA),
        (0x1C1E8F51, 0xF4272B28),
        (0x707A3D45, 0x144AE5CC),
        (0xAEB28562, 0xFAA7AE2B),
        (0xBACA1589, 0x2E48F1C1),
        (0x40A46F3E, 0xB923C704),
    ),
    (
        (0xFC20D9D2, 0xE25E72C1),
        (0x34552E25, 0xE623BB72),
        (0x7AD8818F, 0x5C58A4A4),
        (0x8438764A, 0x1E38E2E7),
        (0xBB6DE032, 0x78E38B9D),
        (0xEDB780C8, 0x27586719),
        (0xD9847356, 0x36EDA57F),
        (0xA2C78434, 0x703AACE7),
    ),
)

#: SubCrumb S-box; input bit 0 (least significant) is bit l of the group's first word
#: (word 0 or word 5), bit 3 the last (word 3 or word 4); outputs likewise.
SBOX = (13, 14, 0, 1, 5, 10, 7, 6, 11, 3, 9, 12, 15, 8, 2, 4)

STEPS = 8
BLANK_ROUNDS = 1

State = list[list[int]]


def rotl32(x: int, n: int) -> int:
    n %= 32
    return ((x << n) | (x >> (32 - n))) & MASK32 if n else x


def times2(words: list[int]) -> list[int]:
    """Multiplication by X in GF(2^32)^8: a shift of the word vector with the top word
    fed back into words 0, 1, 3 and 4."""
    top = words[7]
    out = [top] + words[:7]
    for i in (1, 3, 4):
        out[i] ^= top
    return out


def message_injection(state: State, block: list[int]) -> State:
    """MI for three sub-states."""
    t = times2([a ^ b ^ c for a, b, c in zip(*state)])
    out = []
    m = list(block)
    for j in range(3):
        out.append([h ^ u ^ v for h, u, v in zip(state[j], t, m)])
        m = times2(m)
    return out


def sub_crumb(words: list[int], order: tuple[int, int, int, int]) -> None:
    """The S-box on bit l of the four words in ``order`` (first = input bit 0), in place,
    on all 32 bit positions at once: for each input value, the mask of the positions
    that hold it adds the S-box output bits there."""
    ins = [words[i] for i in order]
    outs = [0, 0, 0, 0]
    for x, y in enumerate(SBOX):
        hit = MASK32
        for k in range(4):
            hit &= ins[k] if (x >> k) & 1 else ~ins[k]
        for k in range(4):
            if (y >> k) & 1:
                outs[k] |= hit
    for i, v in zip(order, outs):
        words[i] = v & MASK32


def mix_word(u: int, v: int) -> tuple[int, int]:
    v ^= u
    u = rotl32(u, 2) ^ v
    v = rotl32(v, 14) ^ u
    u = rotl32(u, 10) ^ v
    v = rotl32(v, 1)
    return u, v


def step(words: list[int], constants: tuple[int, int]) -> list[int]:
    """One step of Qj: SubCrumb, MixWord, AddConstant."""
    out = list(words)
    sub_crumb(out, (0, 1, 2, 3))
    sub_crumb(out, (5, 6, 7, 4))
    for k in range(4):
        out[k], out[k + 4] = mix_word(out[k], out[k + 4])
    out[0] ^= constants[0]
    out[4] ^= constants[1]
    return out


def tweak(words: list[int], j: int) -> list[int]:
    """Qj's input tweak: words 4..7 rotated left by j bits."""
    return words[:4] + [rotl32(w, j) for w in words[4:]]


def permutation(state: State) -> State:
    out = []
    for j in range(3):
        words = tweak(state[j], j)
        for r in range(STEPS):
            words = step(words, CONSTANTS[j][r])
        out.append(words)
    return out


def round_function(state: State, block: list[int]) -> State:
    return permutation(message_injection(state, block))


class Luffa256(HashAlgorithm):
    """Luffa-256 as of the second round of the SHA-3 competition (Luffa v2)."""

    name = "luffa-256"
    version = "round2"
    block_bits = 256
    digest_bits = 256

    def pad(self, message: Message) -> bytes:
        data = bytearray(message.data)
        if message.bits % 8:
            data[-1] |= 0x80 >> (message.bits % 8)
        else:
            data.append(0x80)
        data.extend(bytes(-len(data) % 32))
        return bytes(data)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        state: State = [list(h) for h in IV]
        for offset in range(0, len(padded), 32):
            block = [int.from_bytes(padded[offset + 4 * i : offset + 4 * i + 4], "big") for i in range(8)]
            state = round_function(state, block)
        for _ in range(BLANK_ROUNDS):
            state = round_function(state, [0] * 8)
        return b"".join((a ^ b ^ c).to_bytes(4, "big") for a, b, c in zip(*state))
