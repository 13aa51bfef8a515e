"""Keccak-256 (SHA-3 competition rounds 2 and 3) and SHA3-256 (FIPS 202).

All three are the sponge on Keccak-f[1600] (24 rounds) with rate 1088 and capacity 512,
and a 256-bit output taken from the first four lanes. They differ only in the padding:

* round 3 (Keccak 3.0): ``pad10*1``, a 1 bit, zeros, a 1 bit in the last bit of a block;
* round 2 (Keccak 2.x): the message is padded to whole bytes with a 1 bit and zeros, then
  the diversifier ``d = 32`` (the output length in bytes) and the rate in bytes ``r/8 = 136``
  follow as one byte each, then a 1 bit and zeros up to a whole block;
* FIPS 202: the domain bits ``01`` after the message, then ``pad10*1``.

Bits are numbered as in the Keccak specification: bit ``i`` of a string is bit ``i mod 8``
(the coefficient of ``2**(i mod 8)``) of byte ``i // 8``, and a lane is eight bytes in
little-endian order. A message of the NIST KAT files ends, when its length is not a
multiple of 8, in a byte whose high bits hold the message; as in the designers' NIST
interface, that partial byte is taken as the number formed by those bits (shifted down to
the low end), so its last bit is bit 0 of the byte.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

LANES = 25
LANE_BITS = 64
MASK64 = (1 << LANE_BITS) - 1
ROUNDS = 24
RATE_BITS = 1088
RATE_LANES = RATE_BITS // LANE_BITS


def _rotl64(value: int, amount: int) -> int:
    amount %= LANE_BITS
    return ((value << amount) | (value >> (LANE_BITS - amount))) & MASK64 if amount else value


def _rho_offsets() -> tuple[int, ...]:
    """Rotation of lane x + 5*y in the rho step (Keccak reference, section on rho)."""
    offsets = [0] * LANES
    x, y = 1, 0
    for t in range(24):
        offsets[x + 5 * y] = ((t + 1) * (t + 2) // 2) % LANE_BITS
        x, y = y, (2 * x + 3 * y) % 5
    return tuple(offsets)


def _lfsr_bit(t: int) -> int:
    """Output bit t of the round-constant LFSR, x**t mod x**8 + x**6 + x**5 + x**4 + 1."""
    if t % 255 == 0:
        return 1
    reg = 1  # bit k is the coefficient of x**k
    for _ in range(t % 255):
        reg <<= 1
        if reg & 0x100:
            reg ^= 0x171  # x**8 = x**6 + x**5 + x**4 + 1
    return reg & 1


def _round_constants() -> tuple[int, ...]:
    """RC[i]: bit 2**j - 1 is LFSR bit j + 7*i, for j = 0..6."""
    constants = []
    for i in range(ROUNDS):
        rc = 0
        for j in range(7):
            rc |= _lfsr_bit(j + 7 * i) << ((1 << j) - 1)
        constants.append(rc)
    return tuple(constants)


RHO = _rho_offsets()
ROUND_CONSTANTS = _round_constants()


def keccak_round(lanes: list[int], rc: int) -> list[int]:
    """One round of Keccak-f[1600] on lanes indexed x + 5*y."""
    # theta: each bit gets the parities of two neighbouring columns
    parity = [lanes[x] ^ lanes[x + 5] ^ lanes[x + 10] ^ lanes[x + 15] ^ lanes[x + 20] for x in range(5)]
    mix = [parity[(x - 1) % 5] ^ _rotl64(parity[(x + 1) % 5], 1) for x in range(5)]
    # rho and pi: lane (x, y) is rotated and moves to (y, 2x + 3y)
    moved = [0] * LANES
    for x in range(5):
        for y in range(5):
            moved[y + 5 * ((2 * x + 3 * y) % 5)] = _rotl64(lanes[x + 5 * y] ^ mix[x], RHO[x + 5 * y])
    # chi: nonlinear mixing along rows; iota: the round constant in lane (0, 0)
    out = [0] * LANES
    for y in range(5):
        row = moved[5 * y : 5 * y + 5]
        for x in range(5):
            out[x + 5 * y] = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5] & MASK64)
    out[0] ^= rc
    return out


def keccak_f1600(lanes: list[int]) -> list[int]:
    for rc in ROUND_CONSTANTS:
        lanes = keccak_round(lanes, rc)
    return lanes


def message_bits_le(message: Message) -> int:
    """The message as an integer whose bit i is bit i of the Keccak bit string."""
    whole, rest = divmod(message.bits, 8)
    value = int.from_bytes(message.data[:whole], "little")
    if rest:
        value |= (message.data[whole] >> (8 - rest)) << (8 * whole)
    return value


class _Keccak256(HashAlgorithm):
    """The Keccak sponge with r = 1088, c = 512 and a 256-bit output."""

    name = "keccak-256"
    block_bits = RATE_BITS
    digest_bits = 256

    def padded_int(self, message: Message) -> tuple[int, int]:
        """The padded message as a little-endian bit integer and its length in bits."""
        raise NotImplementedError

    def pad(self, message: Message) -> bytes:
        value, bits = self.padded_int(message)
        return value.to_bytes(bits // 8, "little")

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        lanes = [0] * LANES
        block_bytes = self.block_bits // 8
        for offset in range(0, len(padded), block_bytes):
            block = padded[offset : offset + block_bytes]
            for i in range(RATE_LANES):
                lanes[i] ^= int.from_bytes(block[8 * i : 8 * i + 8], "little")
            lanes = keccak_f1600(lanes)
        return b"".join(lane.to_bytes(8, "little") for lane in lanes[:4])


def _pad10star1(value: int, bits: int) -> tuple[int, int]:
    """Append a 1 bit, zeros and a final 1 bit up to a whole number of 1088-bit blocks."""
    total = ((bits + 2 + RATE_BITS - 1) // RATE_BITS) * RATE_BITS
    return value | (1 << bits) | (1 << (total - 1)), total


class Keccak256Round3(_Keccak256):
    """Keccak-256 of the third round (Keccak 3.0): pad10*1."""

    version = "round3"

    def padded_int(self, message: Message) -> tuple[int, int]:
        return _pad10star1(message_bits_le(message), message.bits)

    def padded_bits(self, message_bits: int) -> int:
        return RATE_BITS * ((message_bits + 1) // RATE_BITS + 1)


class Keccak256Round2(_Keccak256):
    """Keccak-256 of the second round (Keccak 2.x): Keccak[r=1088, c=512, d=32]."""

    version = "round2"
    diversifier = 32

    def padded_int(self, message: Message) -> tuple[int, int]:
        value = message_bits_le(message) | (1 << message.bits)
        bits = 8 * (message.bits // 8 + 1)  # a 1 bit and zeros up to a whole byte
        value |= self.diversifier << bits
        value |= (RATE_BITS // 8) << (bits + 8)
        bits += 16
        value |= 1 << bits  # a 1 bit and zeros up to a whole block
        total = (bits // RATE_BITS + 1) * RATE_BITS
        return value, total

    def padded_bits(self, message_bits: int) -> int:
        return RATE_BITS * ((message_bits + 24) // RATE_BITS + 1)


class Sha3_256(_Keccak256):
    """SHA3-256 (FIPS 202): the domain bits 01, then pad10*1."""

    name = "sha3-256"
    version = "fips202"

    def padded_int(self, message: Message) -> tuple[int, int]:
        # bit n is the domain bit 0, bit n + 1 the domain bit 1
        return _pad10star1(message_bits_le(message) | (1 << (message.bits + 1)), message.bits + 2)

    def padded_bits(self, message_bits: int) -> int:
        return RATE_BITS * ((message_bits + 3) // RATE_BITS + 1)
