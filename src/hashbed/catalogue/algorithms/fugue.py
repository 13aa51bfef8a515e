"""Fugue-256 (SHA-3 competition round 2, the Fugue 2.0 specification).

The state is 30 columns S0..S29 of 4 bytes each. A column is held here as a 32-bit integer
whose most significant byte is the column's byte 0 (the top row of the 4x4 SMIX matrix),
so that a message word read big-endian from the message bytes is a column as it is.

* Padding: the message is completed with zero bits to a multiple of 32 bits, then its length
  in bits follows as a 64-bit big-endian integer (two more 32-bit words). Every 32-bit word
  of the padded message is one "block" of the round function R.
* R (one word I): TIX(I) = S10 ^= S0; S0 = I; S8 ^= S0; S1 ^= S24; then twice
  (ROR3; CMIX; SMIX). ROR3 rotates the columns right by three (new S[i] = old S[i - 3]);
  CMIX is S0 ^= S4, S1 ^= S5, S2 ^= S6, S15 ^= S4, S16 ^= S5, S17 ^= S6.
* SMIX on S0..S3 (the 4x4 byte matrix with column j = S_j): the AES S-box on every byte,
  then Super-Mix: V[r][c] = sum_k M[r][k] U[k][c] + M[c][r] * sum_{j != r} U[r][j] in
  GF(2^8) (AES polynomial), with M the circulant of rows (1 4 7 1); row r of V is then
  rotated left by r columns.
* The final round G: 10 times (ROR3; CMIX; SMIX) (5 rounds of two), then 13 times
  (S4 ^= S0; S15 ^= S0; ROR15; SMIX; S4 ^= S0; S16 ^= S0; ROR14; SMIX), then
  S4 ^= S0; S15 ^= S0. The digest is S1 S2 S3 S4 S15 S16 S17 S18.
* The initial state is zero except S22..S29, which hold the Fugue-256 IV.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.aes_field import AES_SBOX, gf_mul
from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

COLUMNS = 30
MASK32 = 0xFFFFFFFF

#: S22..S29 of the initial state of Fugue-256 (Fugue 2.0 specification).
FUGUE256_IV = (
    0xE952BDDE,
    0x6671135F,
    0xE0D4F668,
    0xD2B0B594,
    0xF96C621D,
    0xFBF929DE,
    0x9149E899,
    0x34F8C248,
)

#: The Super-Mix circulant M (row r, column k).
SUPER_MIX_M = ((1, 4, 7, 1), (1, 1, 4, 7), (7, 1, 1, 4), (4, 7, 1, 1))


def _byte(column: int, row: int) -> int:
    return (column >> (24 - 8 * row)) & 0xFF


def smix(columns: list[int]) -> list[int]:
    """SMIX of four columns: S-boxes, Super-Mix and the row rotation."""
    u = [[AES_SBOX[_byte(columns[c], r)] for c in range(4)] for r in range(4)]
    diagonal = [0] * 4
    for r in range(4):
        for c in range(4):
            if c != r:
                diagonal[r] ^= u[r][c]
    out = [0] * 4
    for r in range(4):
        for c in range(4):
            v = gf_mul(diagonal[r], SUPER_MIX_M[c][r])
            for k in range(4):
                v ^= gf_mul(u[k][c], SUPER_MIX_M[r][k])
            out[(c - r) % 4] |= v << (24 - 8 * r)
    return out


def ror(state: list[int], amount: int) -> list[int]:
    """Rotate the columns right: new S[i] = old S[i - amount]."""
    return [state[(i - amount) % COLUMNS] for i in range(COLUMNS)]


def ror3_cmix_smix(state: list[int]) -> list[int]:
    state = ror(state, 3)
    for i in range(3):
        state[i] ^= state[4 + i]
        state[15 + i] ^= state[4 + i]
    state[0:4] = smix(state[0:4])
    return state


def tix(state: list[int], word: int) -> list[int]:
    state = list(state)
    state[10] ^= state[0]
    state[0] = word
    state[8] ^= word
    state[1] ^= state[24]
    return state


def fugue_pad(message: Message) -> bytes:
    """Zero bits to a multiple of 32 bits, then the bit length as 64 bits, big-endian."""
    body = message.data + bytes(-len(message.data) % 4)
    return body + message.bits.to_bytes(8, "big")


class Fugue256(HashAlgorithm):
    """Fugue-256 of the second round (Fugue 2.0): one 32-bit word per round R."""

    name = "fugue-256"
    version = "round2"
    block_bits = 32
    digest_bits = 256

    def pad(self, message: Message) -> bytes:
        return fugue_pad(message)

    def padded_bits(self, message_bits: int) -> int:
        return 32 * ((message_bits + 31) // 32 + 2)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        state = [0] * (COLUMNS - len(FUGUE256_IV)) + list(FUGUE256_IV)
        for offset in range(0, len(padded), 4):
            state = tix(state, int.from_bytes(padded[offset : offset + 4], "big"))
            state = ror3_cmix_smix(ror3_cmix_smix(state))
        for _ in range(10):
            state = ror3_cmix_smix(state)
        for _ in range(13):
            state[4] ^= state[0]
            state[15] ^= state[0]
            state = ror(state, 15)
            state[0:4] = smix(state[0:4])
            state[4] ^= state[0]
            state[16] ^= state[0]
            state = ror(state, 14)
            state[0:4] = smix(state[0:4])
        state[4] ^= state[0]
        state[15] ^= state[0]
        words = state[1:5] + state[15:19]
        return b"".join(word.to_bytes(4, "big") for word in words)
