"""Grøstl-256 as submitted for round 2 (Grøstl-0) and after the round-3 tweak.

The 512-bit state is an 8x8 matrix of bytes filled column by column: byte ``k`` of a
64-byte block is row ``k % 8`` of column ``k // 8``. The model keeps a state as a flat
list of 64 bytes in that order, so ``state[8 * column + row]``.

Compression: ``f(h, m) = P(h ^ m) ^ Q(m) ^ h``; output: the last 256 bits of
``P(h) ^ h``. P and Q have 10 rounds of AddRoundConstant, SubBytes (the AES S-box),
ShiftBytes (row ``r`` rotated left by a row-dependent offset) and MixBytes (each column
multiplied by the circulant matrix with first row 02 02 03 04 05 03 05 07 over the
AES field). The round-3 tweak changed the round constants of P and Q and the
ShiftBytes offsets of Q.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms.aes_field import AES_SBOX, gf_mul
from hashbed.catalogue.algorithms.base import HashAlgorithm
from hashbed.catalogue.algorithms.message import Message

ROWS = 8
COLUMNS = 8
STATE_BYTES = ROWS * COLUMNS
ROUNDS = 10
#: First row of the MixBytes circulant matrix; row i is this row rotated right by i.
MIX_ROW = (2, 2, 3, 4, 5, 3, 5, 7)


_MUL = {c: tuple(gf_mul(x, c) for x in range(256)) for c in set(MIX_ROW)}


def _column_tables() -> tuple[tuple[int, ...], ...]:
    """SubBytes and MixBytes of one byte: ``table[row][x]`` is the column (row 0 in the top
    byte of a 64-bit integer) that S(x) in row ``row`` of an input column adds to the output."""
    tables = []
    for row in range(ROWS):
        entries = []
        for x in range(256):
            s = AES_SBOX[x]
            column = 0
            for out_row in range(ROWS):
                column = (column << 8) | _MUL[MIX_ROW[(row - out_row) % ROWS]][s]
            entries.append(column)
        tables.append(tuple(entries))
    return tuple(tables)


_TABLES = _column_tables()


def _to_columns(state: list[int]) -> list[int]:
    return [int.from_bytes(bytes(state[8 * c : 8 * c + 8]), "big") for c in range(COLUMNS)]


def _from_columns(columns: list[int]) -> list[int]:
    return [b for column in columns for b in column.to_bytes(8, "big")]


class _Groestl256(HashAlgorithm):
    name = "groestl-256"
    block_bits = 512
    digest_bits = 256
    #: Left rotation of each row in ShiftBytes, for P and for Q.
    shift_p: tuple[int, ...]
    shift_q: tuple[int, ...]

    def __init__(self) -> None:
        #: Round constants as columns, keyed by permutation and round.
        self._constants: dict[tuple[str, int], list[int]] = {}

    def round_constant(self, permutation: str, round_index: int) -> list[int]:
        """The AddRoundConstant matrix of round ``round_index`` of P or Q (flat, column-major)."""
        raise NotImplementedError

    def permute(self, state: list[int], permutation: str) -> list[int]:
        """P or Q of a flat state, computed on columns as 64-bit integers."""
        key = (permutation, 0)
        if key not in self._constants:
            for round_index in range(ROUNDS):
                constant = self.round_constant(permutation, round_index)
                self._constants[(permutation, round_index)] = _to_columns(constant)
        shifts = self.shift_p if permutation == "P" else self.shift_q
        columns = _to_columns(state)
        for round_index in range(ROUNDS):
            constant = self._constants[(permutation, round_index)]
            columns = [a ^ k for a, k in zip(columns, constant)]  # AddRoundConstant
            mixed = []
            for column in range(COLUMNS):  # ShiftBytes, then SubBytes and MixBytes by table
                acc = 0
                for row in range(ROWS):
                    source = columns[(column + shifts[row]) % COLUMNS]
                    acc ^= _TABLES[row][(source >> (56 - 8 * row)) & 0xFF]
                mixed.append(acc)
            columns = mixed
        return _from_columns(columns)

    def pad(self, message: Message) -> bytes:
        """A 1 bit, zeros, and the number of 512-bit blocks as a 64-bit big-endian integer."""
        whole, rest = divmod(message.bits, 8)
        out = bytearray(message.data[:whole])
        out.append((message.data[whole] if rest else 0) | (0x80 >> rest))
        out.extend(bytes(-(len(out) + 8) % 64))
        blocks = (len(out) + 8) // 64
        out.extend(blocks.to_bytes(8, "big"))
        return bytes(out)

    def padded_bits(self, message_bits: int) -> int:
        return 512 * ((message_bits + 64) // 512 + 1)

    def digest(self, message: Message) -> bytes:
        padded = self.pad(message)
        h = [0] * STATE_BYTES
        h[-2:] = list(self.digest_bits.to_bytes(2, "big"))  # IV: the digest size in bits
        for offset in range(0, len(padded), 64):
            m = list(padded[offset : offset + 64])
            p = self.permute([a ^ b for a, b in zip(h, m)], "P")
            q = self.permute(m, "Q")
            h = [a ^ b ^ c for a, b, c in zip(p, q, h)]
        out = [a ^ b for a, b in zip(self.permute(h, "P"), h)]
        return bytes(out[STATE_BYTES - self.digest_bits // 8 :])


class Groestl256Round2(_Groestl256):
    """Grøstl-0: one constant byte per round (P: row 0 column 0, Q: row 7 column 0)."""

    version = "round2"
    shift_p = (0, 1, 2, 3, 4, 5, 6, 7)
    shift_q = (0, 1, 2, 3, 4, 5, 6, 7)

    def round_constant(self, permutation: str, round_index: int) -> list[int]:
        constant = [0] * STATE_BYTES
        if permutation == "P":
            constant[0] = round_index
        else:
            constant[7] = 0xFF ^ round_index
        return constant


class Groestl256Round3(_Groestl256):
    """Tweaked Grøstl: a constant in every column; Q complements every byte."""

    version = "round3"
    shift_p = (0, 1, 2, 3, 4, 5, 6, 7)
    shift_q = (1, 3, 5, 7, 0, 2, 4, 6)

    def round_constant(self, permutation: str, round_index: int) -> list[int]:
        if permutation == "P":
            constant = [0] * STATE_BYTES
            for column in range(COLUMNS):
                constant[8 * column] = (column << 4) ^ round_index
        else:
            constant = [0xFF] * STATE_BYTES
            for column in range(COLUMNS):
                constant[8 * column + 7] = 0xFF ^ (column << 4) ^ round_index
        return constant
