"""Hamsi-256 (Ozgul Kucuk), SHA-3 competition round 2.

A concatenate-permute-truncate design on 32-bit message blocks:

* the message is padded with a 1 bit and zeros to a multiple of 32 bits, then the
  64-bit message length (big-endian) is appended as two more 32-bit blocks;
* each block M (a big-endian word) is expanded by a linear code to eight words
  m0..m7: m = XOR of the generator rows selected by the bits of M (``EXPANSION``);
* the 512-bit state s0..s15 (a 4x4 matrix of words, row-major) takes the message
  words and the chaining value h0..h7 in the order
  (m0, m1, h0, h1 / h2, h3, m2, m3 / m4, m5, h4, h5 / h6, h7, m6, m7);
* it goes through P (3 rounds) for every block but the last, which goes through Pf
  (6 rounds, other constants);
* the truncation T keeps s0, s1, s2, s3, s8, s9, s10, s11 and XORs them into h.

A round with constants alpha and counter c: s_i ^= alpha_i (s1 also ^= c); the 4-bit
S-box on every bit column (s_i, s_i+4, s_i+8, s_i+12), i = 0..3, s_i giving the least
significant bit of the nibble; the linear transform L on the words (s0, s5, s10, s15),
(s1, s6, s11, s12), (s2, s7, s8, s13) and (s3, s4, s9, s14). The digest is h0..h7,
big-endian.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

MASK32 = 0xFFFFFFFF

#: The 4-bit S-box (Serpent's S2).
SBOX = (8, 6, 7, 9, 3, 12, 10, 15, 13, 1, 14, 4, 0, 11, 5, 2)

#: Initial chaining value of Hamsi-256 (ASCII text "versiteit Leuven, Departement El").
IV = (0x76657273, 0x69746569, 0x74204C65, 0x7576656E, 0x2C204465, 0x70617274, 0x656D656E, 0x7420456C)

#: Round constants of P and of Pf, for state words s0..s15.
ALPHA_P = (
    0xFF00F0F0,
    0xCCCCAAAA,
    0xF0F0CCCC,
    0xFF00AAAA,
    0xF0F0CCCC,
    0xAAAAFF00,
    0xCCCCFF00,
    0xAAAAF0F0,
    0xCCCCAAAA,
    0xFF00F0F0,
    0xFF00AAAA,
    0xF0F0CCCC,
    0xAAAAFF00,
    0xF0F0CCCC,
    0xAAAAF0F0,
    0xCCCCFF00,
)
ALPHA_F = (
    0xCAF9639C,
    0x0FF0F9C0,
    0x639C0FF0,
    0xCAF9F9C0,
    0x639C0FF0,
    0xF9C0CAF9,
    0x0FF0CAF9,
    0xF9C0639C,
    0x0FF0F9C0,
    0xCAF9639C,
    0xCAF9F9C0,
    0x639C0FF0,
    0xF9C0CAF9,
    0x639C0FF0,
    0xF9C0639C,
    0x0FF0CAF9,
)

#: Generator rows of the message expansion, one per message bit: row 8*j + k belongs to bit
#: k (0 = least significant) of message byte j (0 = first, most significant byte of M).
#: Each row is the eight words m0..m7, written as one 256-bit hex string.
_ROWS = (
    "74951000 5a2b467e 88fd1d2b 1ee68292 cba90000 90273769 bbdcf407 d0f4af61",
    "cba90000 90273769 bbdcf407 d0f4af61 bf3c1000 ca0c7117 3321e92c ce122df3",
    "e92a2000 b4578cfc 11fa3a57 3dc90524 97530000 204f6ed3 77b9e80f a1ec5ec1",
    "97530000 204f6ed3 77b9e80f a1ec5ec1 7e792000 9418e22f 6643d258 9c255be5",
    "121b4000 5b17d9e8 8dfacfab ce36cc72 e6570000 4bb33a25 848598ba 1041003e",
    "e6570000 4bb33a25 848598ba 1041003e f44c4000 10a4e3cd 097f5711 de77cc4c",
    "e4788000 859673c1 b5fb2452 29cc5edf 045f0000 9c4a93c9 62fc79d0 731ebdc2",
    "045f0000 9c4a93c9 62fc79d0 731ebdc2 e0278000 19dce008 d7075d82 5ad2e31d",
    "b7a40100 8a1f31d8 8589d8ab e6c46464 734c0000 956fa7d6 a29d1297 6ee56854",
    "734c0000 956fa7d6 a29d1297 6ee56854 c4e80100 1f70960e 2714ca3c 88210c30",
    "a7b80200 1f128433 60e5f9f2 9e147576 ee260000 124b683e 80c2d68f 3bf3ab2c",
    "ee260000 124b683e 80c2d68f 3bf3ab2c 499e0200 0d59ec0d e0272f7d a5e7de5a",
    "8f3e0400 0d9dc877 6fc548e1 898d2cd6 14bd0000 2fba37ff 6a72e5bb 247febe6",
    "14bd0000 2fba37ff 6a72e5bb 247febe6 9b830400 2227ff88 05b7ad5a adf2c730",
    "de320800 288350fe 71852ac7 a6bf9f96 e18b0000 5459887d bf1283d3 1b666a73",
    "e18b0000 5459887d bf1283d3 1b666a73 3fb90800 7cdad883 ce97a914 bdd9f5e5",
    "515c0010 40f372fb fce72602 71575061 2e390000 64dd6689 3cd406fc b1f490bc",
    "2e390000 64dd6689 3cd406fc b1f490bc 7f650010 242e1472 c03320fe c0a3c0dd",
    "a2b80020 81e7e5f6 f9ce4c04 e2afa0c0 5c720000 c9bacd12 79a90df9 63e92178",
    "5c720000 c9bacd12 79a90df9 63e92178 feca0020 485d28e4 806741fd 814681b8",
    "4dce0040 3b5bec7e 36656ba8 23633a05 78ab0000 a0cd5a34 5d5ca0f7 727784cb",
    "78ab0000 a0cd5a34 5d5ca0f7 727784cb 35650040 9b96b64a 6b39cb5f 5114bece",
    "5bd20080 450f18ec c2c46c55 f362b233 39a60000 4ab753eb d14e094b b772b42b",
    "39a60000 4ab753eb d14e094b b772b42b 62740080 0fb84b07 138a651e 44100618",
    "c04e0001 33b9c010 ae0ebb05 b5a4c63b c8f10000 0b2de782 6bf648a4 539cbdbf",
    "c8f10000 0b2de782 6bf648a4 539cbdbf 08bf0001 38942792 c5f8f3a1 e6387b84",
    "88230002 5fe7a7b3 99e585aa 8d75f7f1 51ac0000 25e30f14 79e22a4c 1298bd46",
    "51ac0000 25e30f14 79e22a4c 1298bd46 d98f0002 7a04a8a7 e007afe6 9fed4ab7",
    "d0080004 8c768f77 9dc5b050 af4a29da 6ba90000 40ebf9aa 98321c3d 76acc733",
    "6ba90000 40ebf9aa 98321c3d 76acc733 bba10004 cc9d76dd 05f7ac6d d9e6eee9",
    "a8ae0008 2079397d fe739301 b8a92831 171c0000 b26e3344 9e6a837e 58f8485f",
    "171c0000 b26e3344 9e6a837e 58f8485f bfb20008 92170a39 6019107f e051606e",
)
#: EXPANSION[b]: the 256-bit row (m0 in the top bits) of bit b of M (bit 0 = least significant).
EXPANSION: tuple[int, ...] = tuple(int(_ROWS[8 * (3 - b // 8) + b % 8].replace(" ", ""), 16) for b in range(32))

#: State positions of the message words m0..m7 and of the chaining words h0..h7.
MSG_POS = (0, 1, 6, 7, 8, 9, 14, 15)
CV_POS = (2, 3, 4, 5, 10, 11, 12, 13)
#: State words kept by the truncation T, XORed into h0..h7.
TRUNC_POS = (0, 1, 2, 3, 8, 9, 10, 11)
#: The four word quadruples of the linear layer L.
L_GROUPS = ((0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14))


def _xor_rows(first: int, bits: int) -> int:
    acc = 0
    for k in range(8):
        if (bits >> k) & 1:
            acc ^= EXPANSION[first + k]
    return acc


def rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


#: EXPANSION_BYTES[j][v]: the XOR of the rows of the bits set in v, for byte j of M (0 = least
#: significant byte), so that a block expands with four look-ups.
EXPANSION_BYTES: tuple[tuple[int, ...], ...] = tuple(tuple(_xor_rows(8 * j, v) for v in range(256)) for j in range(4))


def expand(word: int) -> list[int]:
    """The eight expanded message words m0..m7 of a 32-bit block."""
    acc = 0
    for j in range(4):
        acc ^= EXPANSION_BYTES[j][(word >> (8 * j)) & 0xFF]
    return [(acc >> (32 * (7 - i))) & MASK32 for i in range(8)]


def linear(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """The linear transform L on four words."""
    a = rotl(a, 13)
    c = rotl(c, 3)
    b ^= a ^ c
    d ^= c ^ ((a << 3) & MASK32)
    b = rotl(b, 1)
    d = rotl(d, 7)
    a ^= b ^ d
    c ^= d ^ ((b << 7) & MASK32)
    return rotl(a, 5), b, rotl(c, 22), d


def _anf(table: tuple[int, ...], bit: int) -> tuple[int, ...]:
    """Monomials (as 4-bit masks of the input bits) of output bit ``bit`` of ``table``."""
    coeffs = [(table[x] >> bit) & 1 for x in range(16)]
    for k in range(4):  # Moebius transform
        for x in range(16):
            if x >> k & 1:
                coeffs[x] ^= coeffs[x ^ (1 << k)]
    return tuple(x for x in range(16) if coeffs[x])


#: The S-box as algebraic normal forms: SBOX_ANF[k] lists the monomials of output bit k.
SBOX_ANF = tuple(_anf(SBOX, k) for k in range(4))


def substitute(s: list[int]) -> list[int]:
    """The S-box on every bit column (s[i], s[i+4], s[i+8], s[i+12]), bit-sliced."""
    out = [0] * 16
    for i in range(4):
        inputs = [s[i + 4 * k] for k in range(4)]
        monomials = [MASK32] * 16
        for x in range(1, 16):
            low = x & (x - 1)
            monomials[x] = monomials[low] & inputs[(x ^ low).bit_length() - 1]
        for k in range(4):
            acc = 0
            for x in SBOX_ANF[k]:
                acc ^= monomials[x]
            out[i + 4 * k] = acc
    return out


def round_function(s: list[int], alpha: tuple[int, ...], counter: int) -> list[int]:
    s = [w ^ a for w, a in zip(s, alpha)]
    s[1] ^= counter
    s = substitute(s)
    for group in L_GROUPS:
        words = linear(*(s[i] for i in group))
        for i, w in zip(group, words):
            s[i] = w
    return s


def compress(h: list[int], word: int, final: bool) -> list[int]:
    """One block: concatenate, P (or Pf for the last block), truncate and XOR into h."""
    s = [0] * 16
    for pos, w in zip(MSG_POS, expand(word)):
        s[pos] = w
    for pos, w in zip(CV_POS, h):
        s[pos] = w
    alpha, rounds = (ALPHA_F, 6) if final else (ALPHA_P, 3)
    for r in range(rounds):
        s = round_function(s, alpha, r)
    return [x ^ s[pos] for x, pos in zip(h, TRUNC_POS)]


def hamsi_pad(message: Message) -> bytes:
    """A 1 bit, zeros to a multiple of 32 bits, then the 64-bit bit length, big-endian."""
    whole, rest = divmod(message.bits, 8)
    out = bytearray(message.data[:whole])
    out.append((message.data[whole] if rest else 0) | (0x80 >> rest))
    out.extend(bytes(-len(out) % 4))
    out.extend(message.bits.to_bytes(8, "big"))
    return bytes(out)


class Hamsi256Round2(HashAlgorithm):
    name = "hamsi-256"
    version = "round2"
    block_bits = 32
    digest_bits = 256

    def pad(self, message: Message) -> bytes:
        return hamsi_pad(message)

    def padded_bits(self, message_bits: int) -> int:
        return 32 * (message_bits // 32 + 3)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        h = list(IV)
        last = len(padded) - 4
        for offset in range(0, len(padded), 4):
            word = int.from_bytes(padded[offset : offset + 4], "big")
            h = compress(h, word, offset == last)
        return b"".join(w.to_bytes(4, "big") for w in h)
