"""ECHO-256: padding layout and block counters of the model (the digests themselves are
checked against the full KAT files in test_algorithms.py)."""

from __future__ import annotations

from hashbed.catalogue.algorithms import ALGORITHMS, Message
from hashbed.catalogue.algorithms.echo import aes_round, block_counters


def test_padding_ends_with_digest_size_and_length_little_endian() -> None:
    echo = ALGORITHMS["echo-256/round2"]
    padded = echo.pad(Message(b"\xa8", 5))
    assert len(padded) == 192
    assert padded[0] == 0xAC  # the 1 bit right after the fifth message bit
    assert padded[-18:-16] == (256).to_bytes(2, "little")
    assert padded[-16:] == (5).to_bytes(16, "little")
    # 1391 bits leave room for the 145 padding bits; 1392 need a second block
    assert echo.padded_bits(1391) == 1536 and len(echo.pad(Message(bytes(174), 1391))) == 192
    assert echo.padded_bits(1392) == 3072 and len(echo.pad(Message(bytes(174), 1392))) == 384


def test_block_counters_count_message_bits_and_zero_for_padding_only_blocks() -> None:
    assert block_counters(0, 1) == [0]
    assert block_counters(5, 1) == [5]
    assert block_counters(1536, 2) == [1536, 0]
    assert block_counters(1400, 2) == [1400, 0]
    assert block_counters(3000, 3) == [1536, 3000, 0]


def test_aes_round_is_the_fips197_round() -> None:
    # FIPS-197 appendix B: the state after round 1 of the example cipher
    state = 0x193DE3BEA0F4E22B9AC68D2AE9F84808
    round_key = 0xA0FAFE1788542CB123A339392A6C7605
    assert aes_round(state, round_key) == 0xA49C7FF2689F352B6B5BEA43026A5049
