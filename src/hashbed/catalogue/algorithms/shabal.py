"""Shabal-256 (SHA-3 competition, round 2 specification).

State: A (12 words), B (16 words), C (16 words) of 32 bits and a 64-bit block counter W.
A block is 16 little-endian 32-bit words M. One block, as the specification gives it:

1. B += M (word by word, modulo 2^32);
2. A[0] ^= low half of W, A[1] ^= high half of W;
3. the keyed permutation P(M, C) on (A, B): every B word rotated left by 17, then
   48 word steps, step s = 16 j + i (j = 0..2, i = 0..15) with a = (i + 16 j) mod 12:
   A[a] = U(A[a] ^ V(A[a-1] <<< 15) ^ C[8-i]) ^ B[i+13] ^ (B[i+9] & ~B[i+6]) ^ M[i],
   B[i] = (B[i] <<< 1) ^ ~A[a], with U(x) = 3x, V(x) = 5x modulo 2^32 (B indices mod 16,
   C index mod 16, A[a-1] mod 12); then the 36 additions A[j mod 12] += C[(j+3) mod 16],
   j = 0..35;
4. C -= M;
5. B and C are exchanged; W += 1.

The message is padded with a 1 bit and zeros up to a 512-bit boundary (no length field).
After the last block, three more rounds of steps 1..5 with the same last block and the
same W (not incremented) end the message; the digest is the last 8 words of C, each
little-endian. The initial A, B, C of Shabal-256 are the state after two prefix blocks
(the words 256..271 and 272..287, counter -1 and 0) from a zero state; the counter of
the first message block is then 1.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


class ShabalState:
    """A, B, C and the counter W of one message in progress."""

    def __init__(self, a: list[int], b: list[int], c: list[int], w: int) -> None:
        self.a = list(a)
        self.b = list(b)
        self.c = list(c)
        self.w = w

    def copy(self) -> ShabalState:
        return ShabalState(self.a, self.b, self.c, self.w)

    def permute(self, m: list[int]) -> None:
        """Steps 2 and 3: the counter XOR and P(M, C) on (A, B)."""
        a, b, c = self.a, self.b, self.c
        a[0] ^= self.w & MASK32
        a[1] ^= (self.w >> 32) & MASK32
        for i in range(16):
            b[i] = _rotl(b[i], 17)
        for j in range(3):
            for i in range(16):
                k = (i + 16 * j) % 12
                prev = a[(k + 11) % 12]
                v = (5 * _rotl(prev, 15)) & MASK32
                x = a[k] ^ v ^ c[(8 - i) % 16]
                u = (3 * x) & MASK32
                a[k] = u ^ b[(i + 13) % 16] ^ (b[(i + 9) % 16] & ~b[(i + 6) % 16] & MASK32) ^ m[i]
                b[i] = _rotl(b[i], 1) ^ (~a[k] & MASK32)
        for j in range(36):
            a[j % 12] = (a[j % 12] + c[(j + 3) % 16]) & MASK32

    def round(self, m: list[int]) -> None:
        """Steps 1 to 5 without the counter increment."""
        self.b = [(x + y) & MASK32 for x, y in zip(self.b, m)]
        self.permute(m)
        self.c = [(x - y) & MASK32 for x, y in zip(self.c, m)]
        self.b, self.c = self.c, self.b

    def block(self, m: list[int]) -> None:
        self.round(m)
        self.w = (self.w + 1) & MASK64


def block_words(block: bytes) -> list[int]:
    """A 64-byte block as 16 little-endian 32-bit words."""
    return [int.from_bytes(block[4 * i : 4 * i + 4], "little") for i in range(16)]


def initial_state(digest_bits: int) -> ShabalState:
    """The state after the two prefix blocks of Shabal-``digest_bits``."""
    state = ShabalState([0] * 12, [0] * 16, [0] * 16, MASK64)  # W = -1
    for first in (digest_bits, digest_bits + 16):
        state.block([(first + i) & MASK32 for i in range(16)])
    return state


class Shabal256Round2(HashAlgorithm):
    name = "shabal-256"
    version = "round2"
    block_bits = 512
    digest_bits = 256

    def __init__(self) -> None:
        self.iv = initial_state(self.digest_bits)

    def pad(self, message: Message) -> bytes:
        """A 1 bit after the message, then zeros up to a 512-bit boundary."""
        whole, rest = divmod(message.bits, 8)
        out = bytearray(message.data[:whole])
        out.append((message.data[whole] if rest else 0) | (0x80 >> rest))
        out.extend(bytes(-len(out) % 64))
        return bytes(out)

    def padded_bits(self, message_bits: int) -> int:
        return 512 * (message_bits // 512 + 1)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        state = self.iv.copy()
        m: list[int] = []
        for offset in range(0, len(padded), 64):
            m = block_words(padded[offset : offset + 64])
            state.block(m)
        state.w = (state.w - 1) & MASK64  # the final rounds reuse the last block's counter
        for _ in range(3):
            state.round(m)
        words = state.c[16 - self.digest_bits // 32 :]
        return b"".join(x.to_bytes(4, "little") for x in words)
