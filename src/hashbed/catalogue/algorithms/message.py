"""Bit-exact messages as the NIST KAT files write them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    """A message of ``bits`` bits; a partial last byte holds its bits in its high end.

    Bits of a partial last byte beyond ``bits`` are always zero.
    """

    data: bytes
    bits: int

    def __post_init__(self) -> None:
        if self.bits < 0:
            raise ValueError(f"message length must be >= 0 bits, got {self.bits}")
        if len(self.data) != (self.bits + 7) // 8:
            raise ValueError(f"message of {self.bits} bits needs {(self.bits + 7) // 8} bytes, got {len(self.data)}")
        spare = -self.bits % 8
        if spare and self.data[-1] & ((1 << spare) - 1):
            raise ValueError(f"bits beyond the message length {self.bits} must be zero")

    @classmethod
    def from_bytes(cls, data: bytes) -> Message:
        return cls(bytes(data), 8 * len(data))

    @classmethod
    def from_prefix(cls, data: bytes, bits: int) -> Message:
        """The first ``bits`` bits of ``data`` (extra bytes and bits are dropped)."""
        nbytes = (bits + 7) // 8
        if len(data) < nbytes:
            raise ValueError(f"{len(data)} bytes hold fewer than {bits} bits")
        body = bytearray(data[:nbytes])
        spare = -bits % 8
        if spare:
            body[-1] &= 0xFF ^ ((1 << spare) - 1)
        return cls(bytes(body), bits)

    @property
    def byte_aligned(self) -> bool:
        return self.bits % 8 == 0
