"""The AES field and S-box, shared by the AES-based models (Grøstl, ECHO, Fugue, SHAvite-3)."""

from __future__ import annotations


def gf_mul(a: int, b: int) -> int:
    """Product in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (the AES field)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11B
        b >>= 1
    return product


def _aes_sbox() -> tuple[int, ...]:
    """The AES S-box: inverse in GF(2^8) (0 -> 0), then the affine map with constant 0x63."""
    inverse = [0] * 256
    for x in range(1, 256):
        for y in range(1, 256):
            if gf_mul(x, y) == 1:
                inverse[x] = y
                break
    table = []
    for x in range(256):
        b = inverse[x]
        s = 0x63
        for shift in range(5):  # b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4)
            s ^= ((b << shift) | (b >> (8 - shift))) & 0xFF
        table.append(s)
    return tuple(table)


AES_SBOX = _aes_sbox()
