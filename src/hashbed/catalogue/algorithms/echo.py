"""ECHO-256 (Benadjila, Billet, Gilbert, Macario-Rat, Peyrin, Robshaw, Seurin), SHA-3
competition round 2.

The state is sixteen 128-bit words w[0..15] in a 4x4 matrix filled column by column:
word ``i`` is row ``i % 4`` of column ``i // 4``. Each word is an AES state whose 16
bytes are in the order of the byte stream (byte ``n`` is AES row ``n % 4`` of AES column
``n // 4``, as in FIPS-197). The model keeps a word as a 128-bit integer with byte 0 in
its most significant byte.

Compression of a 1536-bit block M (12 words) with the 512-bit chaining value V (4 words)
and the block counter C: the state starts as V[0..3], M[0..11] and goes through 8 rounds
of

- BIG.SubWords: for i = 0 .. 15, w[i] = AES(AES(w[i], k), salt) and k = k + 1, where
  AES(x, key) is one full AES round (SubBytes, ShiftRows, MixColumns, AddRoundKey) and
  k, a 128-bit counter, starts at C and runs on across the rounds; it enters the AES
  round as its little-endian bytes. The salt is zero.
- BIG.ShiftRows: row r of the word matrix rotated left by r columns.
- BIG.MixColumns: the AES MixColumns on each byte position of the four words of a
  column.

BIG.Final: V'[i] = V[i] ^ M[i] ^ M[i+4] ^ M[i+8] ^ w[i] ^ w[i+4] ^ w[i+8] ^ w[i+12].

C is the number of message bits up to the end of this block; for a block that holds no
message bit (a last block of padding only) it is 0. Padding: a 1 bit, zeros, the digest
size in 16 bits and the message length in bits in 128 bits, both little-endian, ending a
1536-bit block. The IV: each V[i] is the digest size (256) as a 128-bit little-endian
integer. The digest is the first 256 bits of V (V[0] and V[1]).
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.aes_field import AES_SBOX, gf_mul
from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

WORDS = 16
ROUNDS = 8
BLOCK_BYTES = 192
#: Bytes of the padding tail: 16-bit digest size and 128-bit message length.
TAIL_BYTES = 18
_MASK32 = 0xFFFFFFFF
_LOW_BITS = int.from_bytes(bytes([0x01] * 16), "big")
_HIGH7 = int.from_bytes(bytes([0x7F] * 16), "big")


def _t_tables() -> tuple[tuple[int, ...], ...]:
    """SubBytes + MixColumns of one byte of AES row ``r``: ``table[r][x]`` is the column
    (row 0 in the top byte of a 32-bit integer) that S(x) adds to the output."""
    # MixColumns: out_row = sum over in_row of COEF[(in_row - out_row) % 4] * a[in_row]
    coef = (2, 3, 1, 1)
    tables = []
    for row in range(4):
        entries = []
        for x in range(256):
            s = AES_SBOX[x]
            column = 0
            for out_row in range(4):
                column = (column << 8) | gf_mul(s, coef[(row - out_row) % 4])
            entries.append(column)
        tables.append(tuple(entries))
    return tuple(tables)


_T = _t_tables()


def aes_round(word: int, key: int) -> int:
    """One AES round of a 128-bit word (byte 0 in the top byte) with a 128-bit round key."""
    t0, t1, t2, t3 = _T
    cols = [(word >> (96 - 32 * c)) & _MASK32 for c in range(4)]
    out = 0
    for c in range(4):
        out = (out << 32) | (
            t0[cols[c] >> 24]
            ^ t1[(cols[(c + 1) % 4] >> 16) & 0xFF]
            ^ t2[(cols[(c + 2) % 4] >> 8) & 0xFF]
            ^ t3[cols[(c + 3) % 4] & 0xFF]
        )
    return out ^ key


def xtime_words(x: int) -> int:
    """Every byte of a 128-bit word multiplied by 2 in the AES field."""
    return ((x & _HIGH7) << 1) ^ (((x >> 7) & _LOW_BITS) * 0x1B)


def mix_words(a0: int, a1: int, a2: int, a3: int) -> tuple[int, int, int, int]:
    """AES MixColumns on every byte position of four words (one column of the state)."""
    return (
        xtime_words(a0 ^ a1) ^ a1 ^ a2 ^ a3,
        xtime_words(a1 ^ a2) ^ a2 ^ a3 ^ a0,
        xtime_words(a2 ^ a3) ^ a3 ^ a0 ^ a1,
        xtime_words(a3 ^ a0) ^ a0 ^ a1 ^ a2,
    )


def counter_key(k: int) -> int:
    """The counter as an AES round key: its 16 little-endian bytes, byte 0 first."""
    return int.from_bytes((k % (1 << 128)).to_bytes(16, "little"), "big")


def compress(chain: list[int], block: bytes, counter: int, salt: int = 0) -> list[int]:
    """ECHO's 512-bit compression function: four chaining words, one 1536-bit block."""
    message = [int.from_bytes(block[16 * i : 16 * i + 16], "big") for i in range(12)]
    w = chain + message
    k = counter
    for _ in range(ROUNDS):
        for i in range(WORDS):  # BIG.SubWords
            w[i] = aes_round(aes_round(w[i], counter_key(k)), salt)
            k += 1
        # BIG.ShiftRows: word (row r, column j) comes from column (j + r) % 4
        w = [w[4 * ((j + r) % 4) + r] for j in range(4) for r in range(4)]
        for j in range(4):  # BIG.MixColumns
            w[4 * j : 4 * j + 4] = mix_words(*w[4 * j : 4 * j + 4])
    state = chain + message
    return [state[i] ^ state[i + 4] ^ state[i + 8] ^ state[i + 12] ^ w[i] ^ w[i + 4] ^ w[i + 8] ^ w[i + 12] for i in range(4)]


def block_counters(message_bits: int, blocks: int) -> list[int]:
    """The counter C of each padded block: message bits up to its end, 0 for a block
    without message bits."""
    counters = []
    for b in range(blocks):
        inside = min(max(message_bits - 8 * BLOCK_BYTES * b, 0), 8 * BLOCK_BYTES)
        counters.append(8 * BLOCK_BYTES * b + inside if inside else 0)
    return counters


class Echo256Round2(HashAlgorithm):
    """ECHO-256 as submitted for round 2 (and kept for round 3), zero salt."""

    name = "echo-256"
    version = "round2"
    block_bits = 8 * BLOCK_BYTES
    digest_bits = 256

    def pad(self, message: Message) -> bytes:
        """A 1 bit, zeros, the digest size (16 bits) and the length (128 bits), little-endian."""
        whole, rest = divmod(message.bits, 8)
        out = bytearray(message.data[:whole])
        out.append((message.data[whole] if rest else 0) | (0x80 >> rest))
        out.extend(bytes(-(len(out) + TAIL_BYTES) % BLOCK_BYTES))
        out.extend(self.digest_bits.to_bytes(2, "little"))
        out.extend(message.bits.to_bytes(16, "little"))
        return bytes(out)

    def padded_bits(self, message_bits: int) -> int:
        return self.block_bits * ((message_bits + 8 * TAIL_BYTES) // self.block_bits + 1)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        blocks = len(padded) // BLOCK_BYTES
        chain = [counter_key(self.digest_bits)] * 4
        for b, counter in enumerate(block_counters(message.bits, blocks)):
            chain = compress(chain, padded[BLOCK_BYTES * b : BLOCK_BYTES * (b + 1)], counter)
        out = b"".join(word.to_bytes(16, "big") for word in chain)
        return out[: self.digest_bits // 8]
