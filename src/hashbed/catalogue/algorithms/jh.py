"""JH-256 (Hongjun Wu), SHA-3 competition round 2 (35.5 rounds) and round 3 (JH42).

The 1024-bit state is kept in the grouped form the bijection E8 works on: 256 4-bit
elements A[0..255], one per byte of a ``bytes`` object. Grouping puts bits i, i+256,
i+512 and i+768 of the state H (bit 0 first, big-endian) into one element, most
significant bit first, and interleaves the elements of i < 128 (even positions) with
those of i >= 128 (odd positions). Grouping and de-grouping are bit permutations, so
the state stays grouped across blocks; the message is grouped instead (its first
half XORed into H[0..511] lands in element bits 3 and 2, its second XOR into
H[512..1023] in bits 1 and 0).

A round R8 with a 256-bit constant C is: element i through S-box S1 if bit i of C
(most significant first) is 1, else S0; the MDS transform L on each pair
(A[2i], A[2i+1]); the permutation P8 = phi8 . P'8 . pi8. The constants start from
C0 (the fractional part of sqrt(2)) and follow C(r+1) = R6(C(r)) with all-zero
constant (S0 everywhere) on 64 elements. Round 3 runs 42 rounds; round 2 runs 35
rounds and a last half round (S-boxes only, constant C35). The layers work on whole
byte strings (translate, slices), not element by element.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

SBOX = (
    (9, 0, 4, 11, 13, 12, 3, 15, 1, 10, 2, 6, 7, 5, 8, 14),
    (3, 12, 6, 13, 5, 7, 1, 9, 15, 2, 0, 4, 11, 10, 14, 8),
)
#: C0: the first 256 bits of the fractional part of sqrt(2).
C0 = 0x6A09E667F3BCC908B2FB1366EA957D3E3ADEC17512775099DA2F590B0667322A


def times2(x: int) -> int:
    """x * 2 in GF(2^4) modulo x^4 + x + 1."""
    return ((x << 1) & 0xF) ^ (0x3 if x & 0x8 else 0)


def mds(a: int, b: int) -> tuple[int, int]:
    """L: (A, B) -> (C, D) with D = B + 2A and C = A + 2D."""
    d = b ^ times2(a)
    return a ^ times2(d), d


def permutation_source(size: int) -> list[int]:
    """P_d on ``size`` elements as a gather list: out[j] = in[source[j]]."""
    half = size // 2
    source = []
    for j in range(size):
        k = j if j < half else j ^ 1  # phi: swap pairs in the upper half
        m = 2 * k if k < half else 2 * (k - half) + 1  # P': even elements, then odd ones
        source.append(m ^ 1 if m % 4 >= 2 else m)  # pi: swap elements 4i+2 and 4i+3
    return source


def round_elements(elements: list[int], constant_bits: list[int], full: bool = True) -> list[int]:
    """R_d (or only its S-box layer) element by element: the plain form of the spec."""
    subst = [SBOX[c][x] for x, c in zip(elements, constant_bits)]
    if not full:
        return subst
    mixed = [0] * len(subst)
    for i in range(0, len(subst), 2):
        mixed[i], mixed[i + 1] = mds(subst[i], subst[i + 1])
    return [mixed[s] for s in permutation_source(len(subst))]


def _constants(count: int) -> list[int]:
    """C0 .. C(count-1) as 256-bit integers, by R6 on 64 elements."""
    out = [C0]
    for _ in range(count - 1):
        elements = [(out[-1] >> (252 - 4 * i)) & 0xF for i in range(64)]
        elements = round_elements(elements, [0] * 64)
        out.append(int("".join(f"{x:x}" for x in elements), 16))
    return out


ROUND_CONSTANTS = _constants(42)


def constant_bits(constant: int) -> list[int]:
    """The 256 S-box selection bits of a round constant, element 0 first."""
    return [(constant >> (255 - i)) & 1 for i in range(256)]


def group(h: bytes) -> bytes:
    """The 128-byte state H as 256 elements (see the module docstring)."""
    value = int.from_bytes(h, "big")
    bit = [(value >> (1023 - i)) & 1 for i in range(1024)]
    tem = [bit[i] << 3 | bit[i + 256] << 2 | bit[i + 512] << 1 | bit[i + 768] for i in range(256)]
    out = bytearray(256)
    out[0::2] = bytes(tem[:128])
    out[1::2] = bytes(tem[128:])
    return bytes(out)


def degroup(elements: bytes) -> bytes:
    """The inverse of ``group``."""
    tem = elements[0::2] + elements[1::2]
    value = 0
    for plane in range(4):
        for i in range(256):
            value |= ((tem[i] >> (3 - plane)) & 1) << (1023 - 256 * plane - i)
    return value.to_bytes(128, "big")


# --- the fast form: whole-state byte operations ------------------------------------------

#: (c << 4 | x) -> S_c(x)
_SBOX_TABLE = bytes(SBOX[v >> 4][v & 0xF] if v < 32 else 0 for v in range(256))
#: (a << 4 | b) -> C and -> D of L(a, b)
_MDS_C = bytes(mds(v >> 4, v & 0xF)[0] for v in range(256))
_MDS_D = bytes(mds(v >> 4, v & 0xF)[1] for v in range(256))
#: byte -> its 8 bits as 8 bytes of 0 or 1, most significant first
_SPREAD = [bytes((v >> (7 - i)) & 1 for i in range(8)) for v in range(256)]


def _selector(constant: int) -> int:
    """The constant as a 256-byte integer: 0x10 in the bytes of elements using S1."""
    return int.from_bytes(bytes(0x10 * b for b in constant_bits(constant)), "big")


_SELECTORS = [_selector(c) for c in ROUND_CONSTANTS]


def _round(state: bytes, selector: int, full: bool = True) -> bytes:
    subst = (int.from_bytes(state, "big") | selector).to_bytes(256, "big").translate(_SBOX_TABLE)
    if not full:
        return subst
    pairs = ((int.from_bytes(subst[0::2], "big") << 4) | int.from_bytes(subst[1::2], "big")).to_bytes(128, "big")
    c, d = pairs.translate(_MDS_C), pairs.translate(_MDS_D)
    # pi, P' and phi on (C[i], D[i]) pairs: the lower half takes C of even and D of odd
    # pairs, the upper half C of odd pairs at even places and D of even pairs at odd ones
    out = bytearray(256)
    lower = bytearray(128)
    lower[0::2] = c[0::2]
    lower[1::2] = d[1::2]
    upper = bytearray(128)
    upper[0::2] = c[1::2]
    upper[1::2] = d[0::2]
    out[:128] = lower
    out[128:] = upper
    return bytes(out)


def _group_message(block: bytes) -> int:
    """A 512-bit block in element bits 3 (block bits 0..255) and 2 (bits 256..511)."""
    spread = b"".join(_SPREAD[v] for v in block)
    tem = ((int.from_bytes(spread[:256], "big") << 3) | (int.from_bytes(spread[256:], "big") << 2)).to_bytes(256, "big")
    out = bytearray(256)
    out[0::2] = tem[:128]
    out[1::2] = tem[128:]
    return int.from_bytes(out, "big")


class _Jh(HashAlgorithm):
    """JH with a 512-bit block, 1024-bit state and 256-bit digest."""

    name = "jh-256"
    block_bits = 512
    digest_bits = 256
    #: Full rounds of E8; round 2 adds a final half round.
    rounds: int
    half_round: bool

    def __init__(self) -> None:
        h = self.digest_bits.to_bytes(2, "big") + bytes(126)
        self.iv = self.compress(group(h), bytes(64))

    def pad(self, message: Message) -> bytes:
        """A 1 bit, 383 + (-length mod 512) zero bits, the length in 128 bits."""
        whole, rest = divmod(message.bits, 8)
        out = bytearray(message.data[:whole])
        out.append((message.data[whole] if rest else 0) | (0x80 >> rest))
        zero_bits = 383 + (-message.bits % 512) - (7 - rest)
        out.extend(bytes(zero_bits // 8))
        out.extend(message.bits.to_bytes(16, "big"))
        return bytes(out)

    def padded_bits(self, message_bits: int) -> int:
        return 512 * (-(-message_bits // 512) + 1)

    def e8(self, state: bytes) -> bytes:
        for r in range(self.rounds):
            state = _round(state, _SELECTORS[r])
        if self.half_round:
            state = _round(state, _SELECTORS[self.rounds], full=False)
        return state

    def compress(self, state: bytes, block: bytes) -> bytes:
        """F8 on the grouped state: E8(H + M||0) + 0||M."""
        grouped = _group_message(block)
        state = (int.from_bytes(state, "big") ^ grouped).to_bytes(256, "big")
        state = self.e8(state)
        return (int.from_bytes(state, "big") ^ (grouped >> 2)).to_bytes(256, "big")

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        state = self.iv
        for offset in range(0, len(padded), 64):
            state = self.compress(state, padded[offset : offset + 64])
        return degroup(state)[128 - self.digest_bits // 8 :]


class Jh256Round2(_Jh):
    version = "round2"
    rounds = 35
    half_round = True


class Jh256Round3(_Jh):
    version = "round3"
    rounds = 42
    half_round = False
