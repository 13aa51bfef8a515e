"""SHA-1 and SHA-256 (FIPS 180-4): Merkle-Damgard padding and the compression functions."""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK32 = 0xFFFFFFFF


def rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & MASK32


def rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


def md_pad(message: Message, block_bytes: int = 64, length_bytes: int = 8) -> bytes:
    """FIPS 180-4 padding: a 1 bit, zeros, the bit length as a big-endian integer."""
    whole, rest = divmod(message.bits, 8)
    out = bytearray(message.data[:whole])
    out.append((message.data[whole] if rest else 0) | (0x80 >> rest))
    out.extend(bytes(-(len(out) + length_bytes) % block_bytes))
    out.extend(message.bits.to_bytes(length_bytes, "big"))
    return bytes(out)


class _MerkleDamgard32(HashAlgorithm):
    """A 512-bit-block, 32-bit-word Merkle-Damgard hash with FIPS 180-4 padding."""

    version = "fips"
    block_bits = 512
    iv: tuple[int, ...]

    def pad(self, message: Message) -> bytes:
        return md_pad(message)

    def padded_bits(self, message_bits: int) -> int:
        return 512 * ((message_bits + 64) // 512 + 1)

    def compress(self, state: list[int], block: bytes) -> list[int]:
        raise NotImplementedError

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        state = list(self.iv)
        for offset in range(0, len(padded), 64):
            state = self.compress(state, padded[offset : offset + 64])
        return b"".join(word.to_bytes(4, "big") for word in state)


class Sha1(_MerkleDamgard32):
    name = "sha-1"
    digest_bits = 160
    iv = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0)
    round_constants = (0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xCA62C1D6)

    def compress(self, state: list[int], block: bytes) -> list[int]:
        w = [int.from_bytes(block[4 * i : 4 * i + 4], "big") for i in range(16)]
        for t in range(16, 80):
            w.append(rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1))
        a, b, c, d, e = state
        for t in range(80):
            if t < 20:
                f = (b & c) | (~b & d)
            elif 40 <= t < 60:
                f = (b & c) | (b & d) | (c & d)
            else:
                f = b ^ c ^ d
            temp = (rotl(a, 5) + f + e + self.round_constants[t // 20] + w[t]) & MASK32
            a, b, c, d, e = temp, a, rotl(b, 30), c, d
        return [(x + y) & MASK32 for x, y in zip(state, (a, b, c, d, e))]


SHA256_K = (
    0x428A2F98,
    0x71374491,
    0xB5C0FBCF,
    0xE9B5DBA5,
    0x3956C25B,
    0x59F111F1,
    0x923F82A4,
    0xAB1C5ED5,
    0xD807AA98,
    0x12835B01,
    0x243185BE,
    0x550C7DC3,
    0x72BE5D74,
    0x80DEB1FE,
    0x9BDC06A7,
    0xC19BF174,
    0xE49B69C1,
    0xEFBE4786,
    0x0FC19DC6,
    0x240CA1CC,
    0x2DE92C6F,
    0x4A7484AA,
    0x5CB0A9DC,
    0x76F988DA,
    0x983E5152,
    0xA831C66D,
    0xB00327C8,
    0xBF597FC7,
    0xC6E00BF3,
    0xD5A79147,
    0x06CA6351,
    0x14292967,
    0x27B70A85,
    0x2E1B2138,
    0x4D2C6DFC,
    0x53380D13,
    0x650A7354,
    0x766A0ABB,
    0x81C2C92E,
    0x92722C85,
    0xA2BFE8A1,
    0xA81A664B,
    0xC24B8B70,
    0xC76C51A3,
    0xD192E819,
    0xD6990624,
    0xF40E3585,
    0x106AA070,
    0x19A4C116,
    0x1E376C08,
    0x2748774C,
    0x34B0BCB5,
    0x391C0CB3,
    0x4ED8AA4A,
    0x5B9CCA4F,
    0x682E6FF3,
    0x748F82EE,
    0x78A5636F,
    0x84C87814,
    0x8CC70208,
    0x90BEFFFA,
    0xA4506CEB,
    0xBEF9A3F7,
    0xC67178F2,
)


class Sha256(_MerkleDamgard32):
    name = "sha-256"
    digest_bits = 256
    iv = (0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19)

    def compress(self, state: list[int], block: bytes) -> list[int]:
        w = [int.from_bytes(block[4 * i : 4 * i + 4], "big") for i in range(16)]
        for t in range(16, 64):
            s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w.append((w[t - 16] + s0 + w[t - 7] + s1) & MASK32)
        a, b, c, d, e, f, g, h = state
        for t in range(64):
            s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            ch = (e & f) ^ (~e & g)
            t1 = (h + s1 + ch + SHA256_K[t] + w[t]) & MASK32
            s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            maj = (a & b) ^ (a & c) ^ (b & c)
            t2 = (s0 + maj) & MASK32
            a, b, c, d, e, f, g, h = (t1 + t2) & MASK32, a, b, c, (d + t1) & MASK32, e, f, g
        return [(x + y) & MASK32 for x, y in zip(state, (a, b, c, d, e, f, g, h))]
