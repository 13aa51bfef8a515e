"""The Skein-512 model against values published with the specification: the test vectors of
the Skein 1.2 specification (Appendix C, Skein-512-512: same Threefish-512 and UBI, other
output length) and the Skein-512-256 IVs. tests/catalogue/test_algorithms.py checks both versions against
the full KAT files (round 2: Skein-512-256 v1.2) and round 3 (Skein 1.3) against pyskein.
"""

from __future__ import annotations

import pytest

from hashbed.catalogue.algorithms import ALGORITHMS, Message
from hashbed.catalogue.algorithms.skein import Skein512

# Skein 1.2 specification, Appendix C.2: Skein-512-512 of 1, 64 and 128 bytes FF FE FD ...
APPENDIX_C_V12 = [
    (
        1,
        "42aa6bd9ca92e90ea28df6f6f2d0d9b85a2d1907ee4dc1b171ace7eb1159be3b"
        "d1bc56586d92492b6eff9be03306994c65a332c4c24160f46655040e558e8329",
    ),
    (
        64,
        "04f96c6f61b3e237a4fa7755ee4acf34494222968954f495ad147a1a715f7a73"
        "ebecfa1ef275bed87dc60bd1a0bc602106fa98f8e7237bd1ac0958e76d306678",
    ),
    (
        128,
        "b484ae9fb73e6620b10d52e49260ad26620db2883ebafa210d701922aca85368"
        "088144bdf4ef3d9898d47c34f130031b0a0992f09f62dd78b329525a777daf7d",
    ),
]

# The Skein-512-256 IVs (the configuration UBI's result) as the specifications list them
IV_512_256 = {
    "round2": [
        0x85A195B18B2264EC,
        0x7A6DAC64C047C2B0,
        0xE1A21465EE3FE124,
        0x1D2117356504425A,
        0xC962DC0FC0046F2C,
        0x8D5A3E904B1BE9C8,
        0xAFB7174BBD8FEEE9,
        0x7FE63D9BF94EDEB8,
    ],
    "round3": [
        0xCCD044A12FDB3E13,
        0xE83590301A79A9EB,
        0x55AEA0614F816E6F,
        0x2A2767A4AE9B94DB,
        0xEC06025E74DD7683,
        0xE7A436CDC4746251,
        0xC36FBAF9393AD185,
        0x3EEDBA1833EDFC13,
    ],
}


@pytest.mark.parametrize(("length", "digest"), APPENDIX_C_V12)
def test_skein_512_512_v12_matches_the_specification(length: int, digest: str) -> None:
    message = Message.from_bytes(bytes(0xFF - i for i in range(length)))
    assert Skein512("round2", 512).digest(message).hex() == digest


@pytest.mark.parametrize("version", ["round2", "round3"])
def test_configuration_iv_matches_the_specification(version: str) -> None:
    assert Skein512(version).iv == IV_512_256[version]


def test_padding_is_zeros_to_whole_blocks_after_the_bit_pad() -> None:
    algorithm = ALGORITHMS["skein-512-256/round3"]
    assert algorithm.pad(Message(b"", 0)) == bytes(64)
    assert algorithm.pad(Message.from_bytes(bytes(64))) == bytes(64)
    assert algorithm.pad(Message(b"\xa0", 3)) == b"\xb0" + bytes(63)  # 101 then the 1 bit
    assert len(algorithm.pad(Message.from_bytes(bytes(65)))) == 128
