"""Ascon (NIST SP 800-232, August 2025): Ascon-AEAD128, Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128.

All four run the Ascon permutation on a 320-bit state of five 64-bit words S0..S4:

* a round is the constant addition (the round constant into S2), the substitution layer (a
  5-bit S-box on each bit column, bit j of S0..S4) and the linear layer (each word XORed with
  two of its rotations); Ascon-p[r] is the last r of the 12 rounds (constants 0xF0, 0xE1, ...,
  0x4B);
* byte order is the standard's, unlike Ascon v1.2: eight bytes form a word little-endian (byte
  0 is its least significant byte), and the padding of a partial block is the byte 0x01 after
  the last byte, then zero bytes;
* the state starts from the standard's IV in S0: AEAD128 0x00001000808C0001, Hash256
  0x0000080100CC0002, XOF128 0x0000080000CC0003, CXOF128 0x0000080000CC0004.

Ascon-AEAD128 takes a 128-bit key and nonce and gives a 128-bit tag, with a 128-bit rate (S0,
S1), p[12] for initialisation and finalisation and p[8] between blocks. The hash functions
have a 64-bit rate (S0) and use p[12] throughout. Messages are whole bytes: the standard's bit
strings of other lengths are not modelled (nor are truncated tags or nonce masking).
"""

from __future__ import annotations

from dataclasses import dataclass

MASK64 = (1 << 64) - 1
ROUNDS = 12
#: The round constants of Ascon-p[12]; p[r] uses the last r.
ROUND_CONSTANTS = tuple(((0xF - i) << 4) | i for i in range(ROUNDS))
#: The S-box as a table: input bit 4 is the bit of S0, bit 0 that of S4.
SBOX = (
    0x04, 0x0B, 0x1F, 0x14, 0x1A, 0x15, 0x09, 0x02, 0x1B, 0x05, 0x08, 0x12, 0x1D, 0x03, 0x06, 0x1C,
    0x1E, 0x13, 0x07, 0x0E, 0x00, 0x0D, 0x11, 0x18, 0x10, 0x0C, 0x01, 0x19, 0x16, 0x0A, 0x0F, 0x17,
)  # fmt: skip
#: The rotations (right) of the linear layer, per word.
ROTATIONS = ((19, 28), (61, 39), (1, 6), (10, 17), (7, 41))

IV_AEAD128 = 0x00001000808C0001
IV_HASH256 = 0x0000080100CC0002
IV_XOF128 = 0x0000080000CC0003
IV_CXOF128 = 0x0000080000CC0004
#: The longest customization string of Ascon-CXOF128, in bytes.
CXOF_MAX_CUSTOMIZATION = 256

State = tuple[int, int, int, int, int]


def _rotr(value: int, amount: int) -> int:
    return ((value >> amount) | (value << (64 - amount))) & MASK64


def substitute(x0: int, x1: int, x2: int, x3: int, x4: int) -> State:
    """The S-box on all 64 bit columns at once (the standard's bitsliced form)."""
    x0 ^= x4
    x4 ^= x3
    x2 ^= x1
    t0, t1, t2, t3, t4 = (~x0 & x1, ~x1 & x2, ~x2 & x3, ~x3 & x4, ~x4 & x0)
    x0 ^= t1
    x1 ^= t2
    x2 ^= t3
    x3 ^= t4
    x4 ^= t0
    x1 ^= x0
    x0 ^= x4
    x3 ^= x2
    x2 = ~x2
    return (x0 & MASK64, x1 & MASK64, x2 & MASK64, x3 & MASK64, x4 & MASK64)


def ascon_round(state: State, constant: int) -> State:
    """One round: constant addition, substitution layer, linear layer."""
    s0, s1, s2, s3, s4 = state
    words = substitute(s0, s1, s2 ^ constant, s3, s4)
    return tuple(w ^ _rotr(w, a) ^ _rotr(w, b) for w, (a, b) in zip(words, ROTATIONS))  # type: ignore[return-value]


def permute(state: State, rounds: int) -> State:
    """Ascon-p[rounds]: the last ``rounds`` rounds of the twelve."""
    if not 1 <= rounds <= ROUNDS:
        raise ValueError(f"Ascon-p takes 1 to {ROUNDS} rounds, got {rounds}")
    for constant in ROUND_CONSTANTS[ROUNDS - rounds :]:
        state = ascon_round(state, constant)
    return state


def words_le(data: bytes) -> list[int]:
    """Bytes as 64-bit words, eight bytes little-endian each (``data`` is whole words)."""
    return [int.from_bytes(data[i : i + 8], "little") for i in range(0, len(data), 8)]


def to_bytes_le(*words: int) -> bytes:
    return b"".join(word.to_bytes(8, "little") for word in words)


def pad(data: bytes, rate_bytes: int) -> bytes:
    """``data``, the byte 0x01 and zeros up to a whole number of ``rate_bytes`` blocks."""
    return data + b"\x01" + bytes(-(len(data) + 1) % rate_bytes)


@dataclass(frozen=True)
class AsconAead128:
    """Ascon-AEAD128: ``encrypt`` gives ciphertext and tag, ``decrypt`` the plaintext or None."""

    name: str = "ascon-aead128"
    version: str = "sp800-232"
    key_bytes: int = 16
    nonce_bytes: int = 16
    tag_bytes: int = 16
    rate_bytes: int = 16

    @property
    def key(self) -> str:
        return f"{self.name}/{self.version}"

    def _start(self, key: bytes, nonce: bytes, ad: bytes) -> tuple[State, int, int]:
        if len(key) != self.key_bytes or len(nonce) != self.nonce_bytes:
            raise ValueError(f"{self.name} takes a {self.key_bytes}-byte key and nonce, got {len(key)} and {len(nonce)}")
        k0, k1 = words_le(key)
        n0, n1 = words_le(nonce)
        s = permute((IV_AEAD128, k0, k1, n0, n1), 12)
        s = (s[0], s[1], s[2], s[3] ^ k0, s[4] ^ k1)
        if ad:
            for a0, a1 in _pairs(words_le(pad(ad, self.rate_bytes))):
                s = permute((s[0] ^ a0, s[1] ^ a1, s[2], s[3], s[4]), 8)
        return (s[0], s[1], s[2], s[3], s[4] ^ (1 << 63)), k0, k1  # domain separation

    def _tag(self, s: State, k0: int, k1: int) -> bytes:
        s = permute((s[0], s[1], s[2] ^ k0, s[3] ^ k1, s[4]), 12)
        return to_bytes_le(s[3] ^ k0, s[4] ^ k1)

    def encrypt(self, key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
        """Ciphertext (as long as the plaintext) followed by the 16-byte tag."""
        s, k0, k1 = self._start(key, nonce, ad)
        rate = self.rate_bytes
        whole = len(plaintext) // rate * rate
        out = bytearray()
        for p0, p1 in _pairs(words_le(plaintext[:whole])):
            s = (s[0] ^ p0, s[1] ^ p1, s[2], s[3], s[4])
            out += to_bytes_le(s[0], s[1])
            s = permute(s, 8)
        p0, p1 = words_le(pad(plaintext[whole:], rate))
        s = (s[0] ^ p0, s[1] ^ p1, s[2], s[3], s[4])
        out += to_bytes_le(s[0], s[1])[: len(plaintext) - whole]
        return bytes(out) + self._tag(s, k0, k1)

    def decrypt(self, key: bytes, nonce: bytes, ad: bytes, ciphertext: bytes) -> bytes | None:
        """The plaintext of ciphertext-and-tag, or None when the tag is wrong (or missing)."""
        if len(ciphertext) < self.tag_bytes:
            return None
        body, tag = ciphertext[: -self.tag_bytes], ciphertext[-self.tag_bytes :]
        s, k0, k1 = self._start(key, nonce, ad)
        rate = self.rate_bytes
        whole = len(body) // rate * rate
        out = bytearray()
        for c0, c1 in _pairs(words_le(body[:whole])):
            out += to_bytes_le(s[0] ^ c0, s[1] ^ c1)
            s = permute((c0, c1, s[2], s[3], s[4]), 8)
        # the last, partial block: its ciphertext bytes replace the state's, then the padding
        tail = body[whole:]
        last = to_bytes_le(s[0], s[1])
        out += bytes(c ^ k for c, k in zip(tail, last))
        block = bytearray(tail + last[len(tail) :])
        block[len(tail)] ^= 0x01
        b0, b1 = words_le(bytes(block))
        s = (b0, b1, s[2], s[3], s[4])
        return bytes(out) if self._tag(s, k0, k1) == tag else None


def _pairs(words: list[int]) -> list[tuple[int, int]]:
    return [(words[i], words[i + 1]) for i in range(0, len(words), 2)]


@dataclass(frozen=True)
class _AsconSponge:
    """The hash functions: absorb 64-bit blocks with p[12] after each, squeeze S0 with p[12] between."""

    iv: int
    name: str
    version: str = "sp800-232"
    rate_bytes: int = 8

    @property
    def key(self) -> str:
        return f"{self.name}/{self.version}"

    def _initial(self) -> State:
        return permute((self.iv, 0, 0, 0, 0), 12)

    @staticmethod
    def _absorb(s: State, data: bytes) -> State:
        for word in words_le(pad(data, 8)):
            s = permute((s[0] ^ word, s[1], s[2], s[3], s[4]), 12)
        return s

    @staticmethod
    def _squeeze(s: State, out_bytes: int) -> bytes:
        out = bytearray(to_bytes_le(s[0]))
        while len(out) < out_bytes:
            s = permute(s, 12)
            out += to_bytes_le(s[0])
        return bytes(out[:out_bytes])


@dataclass(frozen=True)
class AsconHash256(_AsconSponge):
    """Ascon-Hash256: a 256-bit digest."""

    iv: int = IV_HASH256
    name: str = "ascon-hash256"
    digest_bytes: int = 32

    def digest(self, message: bytes) -> bytes:
        return self._squeeze(self._absorb(self._initial(), message), self.digest_bytes)


@dataclass(frozen=True)
class AsconXof128(_AsconSponge):
    """Ascon-XOF128: as many output bytes as asked for."""

    iv: int = IV_XOF128
    name: str = "ascon-xof128"

    def digest(self, message: bytes, out_bytes: int) -> bytes:
        if out_bytes < 0:
            raise ValueError(f"an output length is at least 0 bytes, got {out_bytes}")
        return self._squeeze(self._absorb(self._initial(), message), out_bytes)


@dataclass(frozen=True)
class AsconCxof128(_AsconSponge):
    """Ascon-CXOF128: Ascon-XOF128 with a customization string of up to 256 bytes, absorbed
    first as its length in bits (one 64-bit block) and its own padded blocks."""

    iv: int = IV_CXOF128
    name: str = "ascon-cxof128"

    def digest(self, message: bytes, customization: bytes, out_bytes: int) -> bytes:
        if len(customization) > CXOF_MAX_CUSTOMIZATION:
            raise ValueError(
                f"{self.name} takes a customization string of at most {CXOF_MAX_CUSTOMIZATION} bytes, got {len(customization)}"
            )
        if out_bytes < 0:
            raise ValueError(f"an output length is at least 0 bytes, got {out_bytes}")
        s = self._initial()
        s = permute((s[0] ^ 8 * len(customization), s[1], s[2], s[3], s[4]), 12)
        s = self._absorb(s, customization)
        return self._squeeze(self._absorb(s, message), out_bytes)
