"""SHAvite-3-256 (Eli Biham, Orr Dunkelman), SHA-3 competition round 2 (tweaked version).

Written from the round-2 specification. The compression function C_256 maps a 256-bit
chaining value, a 512-bit message block and a 64-bit bit counter to a new chaining value
(the 256-bit salt is zero here):

* The chaining value is two 128-bit halves (L, R). Twelve Feistel rounds
  ``(L, R) <- (R, L ^ F(R))`` follow, then the feed-forward ``h ^= (L, R)``.
  ``F(x) = AES(AES(AES(x ^ k0) ^ k1) ^ k2)`` where AES is one unkeyed AES round
  (SubBytes, ShiftRows, MixColumns) and k0, k1, k2 are the round's three 128-bit subkeys.
* Every 128-bit quantity is 16 bytes in AES (FIPS-197) byte order; the specification
  reads them as four little-endian 32-bit words, which is the same byte string.
* The message expansion produces 144 words rk[0..143] (36 subkeys of four words, three
  per round). rk[0..15] is the block. Then groups of 16 words alternate between a
  nonlinear step and a linear step, four times each. The nonlinear step computes four
  words at a time: the previous four words XOR one unkeyed AES round of the four words
  16 positions back, rotated by one word (rk[u-15], rk[u-14], rk[u-13], rk[u-16]).
  The linear step is ``rk[u] = rk[u-16] ^ rk[u-3]``. The counter (cnt0 = low 32
  bits, cnt1 = high 32 bits) is XORed into rk[16], rk[17] (cnt0, ~cnt1), rk[57], rk[58]
  (cnt1, ~cnt0), rk[86], rk[87] (cnt1, ~cnt0), rk[124], rk[127] (cnt0, ~cnt1), as soon
  as those words are computed.
* Padding: a 1 bit, zeros up to 432 bits modulo 512, the 64-bit message length in bits
  (little endian) and the 16-bit digest size 256 (little endian). The counter of a block
  is the number of message bits in it and all blocks before it; a block without message
  bits (the padding block after a message whose tail does not fit) gets counter 0.
* The output is the final chaining value as bytes (little-endian words).
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.aes_field import AES_SBOX, gf_mul
from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK32 = 0xFFFFFFFF
BLOCK_BYTES = 64
ROUNDS = 12
#: IV of SHAvite-3-256 (the specification's words, little endian).
IV256 = (
    0x49BB3E47,
    0x2674860D,
    0xA8B392AC,
    0x021AC4E6,
    0x409283CF,
    0x620E5D86,
    0x6D929DCB,
    0x96CC2A8B,
)


def _rotl32(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


def _t_tables() -> tuple[tuple[int, ...], ...]:
    """T[k][a]: the column that S(a) in row k of a source column adds to an output column,
    as a little-endian word (row 0 in the low byte). Column j of an AES round's output is
    T[0][col j row 0] ^ T[1][col j+1 row 1] ^ T[2][col j+2 row 2] ^ T[3][col j+3 row 3]."""
    base = []
    for a in range(256):
        s = AES_SBOX[a]
        # MixColumns column of (s, 0, 0, 0): rows (2s, s, s, 3s)
        base.append(gf_mul(s, 2) | (s << 8) | (s << 16) | (gf_mul(s, 3) << 24))
    return tuple(tuple(_rotl32(w, 8 * k) for w in base) for k in range(4))


_T = _t_tables()


def aes_round(x: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """One unkeyed AES round (SubBytes, ShiftRows, MixColumns) on four little-endian words."""
    t0, t1, t2, t3 = _T
    return (
        t0[x[0] & 0xFF] ^ t1[(x[1] >> 8) & 0xFF] ^ t2[(x[2] >> 16) & 0xFF] ^ t3[x[3] >> 24],
        t0[x[1] & 0xFF] ^ t1[(x[2] >> 8) & 0xFF] ^ t2[(x[3] >> 16) & 0xFF] ^ t3[x[0] >> 24],
        t0[x[2] & 0xFF] ^ t1[(x[3] >> 8) & 0xFF] ^ t2[(x[0] >> 16) & 0xFF] ^ t3[x[1] >> 24],
        t0[x[3] & 0xFF] ^ t1[(x[0] >> 8) & 0xFF] ^ t2[(x[1] >> 16) & 0xFF] ^ t3[x[2] >> 24],
    )


def expand(block: bytes, counter: int) -> list[int]:
    """The 144 subkey words of one block with the 64-bit bit counter."""
    cnt0 = counter & MASK32
    cnt1 = (counter >> 32) & MASK32
    rk = [int.from_bytes(block[4 * i : 4 * i + 4], "little") for i in range(16)]
    # (word index, value) injected right after the word is computed
    inject = {
        16: cnt0,
        17: cnt1 ^ MASK32,
        57: cnt1,
        58: cnt0 ^ MASK32,
        86: cnt1,
        87: cnt0 ^ MASK32,
        124: cnt0,
        127: cnt1 ^ MASK32,
    }
    for group in range(8):
        u0 = 16 + 16 * group
        if group % 2 == 0:  # nonlinear: four words at a time
            for u in range(u0, u0 + 16, 4):
                t = aes_round((rk[u - 15], rk[u - 14], rk[u - 13], rk[u - 16]))
                for i in range(4):
                    rk.append(t[i] ^ rk[u - 4 + i] ^ inject.get(u + i, 0))
        else:  # linear
            for u in range(u0, u0 + 16):
                rk.append(rk[u - 16] ^ rk[u - 3])
    return rk


def compress(h: list[int], block: bytes, counter: int) -> list[int]:
    """C_256 with a zero salt: the new chaining value (eight words)."""
    rk = expand(block, counter)
    left = (h[0], h[1], h[2], h[3])
    right = (h[4], h[5], h[6], h[7])
    for r in range(ROUNDS):
        k = rk[12 * r : 12 * r + 12]
        x = (right[0] ^ k[0], right[1] ^ k[1], right[2] ^ k[2], right[3] ^ k[3])
        t = aes_round(x)
        x = (t[0] ^ k[4], t[1] ^ k[5], t[2] ^ k[6], t[3] ^ k[7])
        t = aes_round(x)
        x = (t[0] ^ k[8], t[1] ^ k[9], t[2] ^ k[10], t[3] ^ k[11])
        t = aes_round(x)
        left, right = right, (left[0] ^ t[0], left[1] ^ t[1], left[2] ^ t[2], left[3] ^ t[3])
    out = left + right
    return [h[i] ^ out[i] for i in range(8)]


class Shavite3_256(HashAlgorithm):
    """SHAvite-3-256, round-2 (tweaked) specification."""

    name = "shavite3-256"
    version = "round2"
    block_bits = 512
    digest_bits = 256

    def pad(self, message: Message) -> bytes:
        bits = message.bits
        data = bytearray(message.data)
        if bits % 8:
            data[-1] |= 0x80 >> (bits % 8)  # the 1 bit right after a partial byte
        else:
            data.append(0x80)
        blocks = (bits + 80) // 512 + 1
        data.extend(bytes(blocks * BLOCK_BYTES - 10 - len(data)))
        data.extend(bits.to_bytes(8, "little"))
        data.extend(self.digest_bits.to_bytes(2, "little"))
        return bytes(data)

    @staticmethod
    def counters(message_bits: int, blocks: int) -> list[int]:
        """The counter of each padded block: message bits up to and including it, or 0
        for a block that holds no message bits."""
        return [min(512 * (i + 1), message_bits) if 512 * i < message_bits else 0 for i in range(blocks)]

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        blocks = len(padded) // BLOCK_BYTES
        h = list(IV256)
        for i, counter in enumerate(self.counters(message.bits, blocks)):
            h = compress(h, padded[BLOCK_BYTES * i : BLOCK_BYTES * (i + 1)], counter)
        return b"".join(w.to_bytes(4, "little") for w in h)
