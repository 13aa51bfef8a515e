"""The LWC interface's word streams (docs/interface.md, the LWC interface)."""

from __future__ import annotations

import pytest

from hashbed.catalogue.algorithms.lwc import get_lwc_suite
from hashbed.catalogue.lwc_interface import (
    Opcode,
    Segment,
    data_words,
    decrypt_case,
    encrypt_case,
    first_difference,
    hash_case,
    instruction,
    segment_header,
    segments,
    words_to_bytes,
    xof_case,
)
from hashbed.errors import HashbedError

SUITE = get_lwc_suite("ascon", "sp800-232")
KEY, NONCE = bytes(range(16)), bytes(range(16, 32))


def test_header_fields_are_the_api_layout() -> None:
    assert instruction(Opcode.ENC) == 0x20000000 and instruction(Opcode.ACTKEY) == 0x70000000
    assert instruction(Opcode.XOF, 64) == 0x90000040
    assert segment_header(Segment.NPUB, 16, eoi=False, eot=True) == 0xD2000010
    assert segment_header(Segment.PT, 5, eoi=True, eot=True, last=True) == 0x47000005
    assert segment_header(Segment.AD, 32, eot=False) == 0x10000020
    with pytest.raises(HashbedError, match="0 to 65535 bytes, got 65536: split it"):
        segment_header(Segment.AD, 1 << 16)


def test_data_words_pack_big_endian_and_zero_the_tail() -> None:
    assert data_words(b"abcde") == [0x61626364, 0x65000000]
    assert data_words(b"") == []
    assert words_to_bytes([0x61626364, 0x65000000], 5) == b"abcde"


def test_empty_encryption_is_the_api_example() -> None:
    case = encrypt_case(SUITE.aead, KEY, NONCE, b"", b"")
    nonce = (0x10111213, 0x14151617, 0x18191A1B, 0x1C1D1E1F)
    assert case.pdi == (0x70000000, 0x20000000, 0xD6000010, *nonce, 0x16000000, 0x47000000)
    assert case.sdi == (0x40000000, 0xC3000010, 0x00010203, 0x04050607, 0x08090A0B, 0x0C0D0E0F)
    assert case.expected == (0x52000000, 0x83000010, 0x4F9C2782, 0x11BEC931, 0x6BF68F46, 0xEE8B2EC6, 0xE0000000)


def test_reused_key_sends_no_key() -> None:
    case = encrypt_case(SUITE.aead, KEY, NONCE, b"a", b"b", new_key=False)
    assert case.pdi[0] == 0x20000000 and case.sdi == ()


def test_decryption_answers_plaintext_or_failure_alone() -> None:
    sealed = SUITE.aead.encrypt(KEY, NONCE, b"ad", b"secret")
    good = decrypt_case(SUITE.aead, KEY, NONCE, b"ad", sealed)
    assert good.expected == (0x43000006, *data_words(b"secret"), 0xE0000000)
    assert good.pdi[-5] == 0x83000010  # the tag segment ends the input
    tampered = decrypt_case(SUITE.aead, KEY, NONCE, b"ad", sealed[:-1] + bytes([sealed[-1] ^ 1]))
    assert tampered.expected == (0xF0000000,)


def test_long_data_is_split_into_whole_block_segments() -> None:
    words = segments(Segment.HASH_MSG, bytes(40), eoi=True, last=True, segment_bytes=20)
    assert words[0] == 0x70000010 and words[5] == 0x70000010 and words[10] == 0x77000008
    assert len(words) == 13
    case = encrypt_case(SUITE.aead, KEY, NONCE, b"", bytes(40), segment_bytes=32)
    assert case.expected[0] == 0x50000020 and case.expected[9] == 0x52000008
    with pytest.raises(HashbedError, match="at least one 16-byte block"):
        segments(Segment.AD, b"x", eoi=True, last=False, segment_bytes=15)


def test_hash_and_xof_answer_the_digest_segment() -> None:
    case = hash_case(SUITE.hash, b"")
    assert case.pdi == (0x80000000, 0x77000000)
    assert case.expected[0] == 0x93000020 and len(case.expected) == 10
    xof = xof_case(SUITE.xof, b"abc", 5)
    assert xof.pdi[0] == 0x90000005 and xof.expected[0] == 0x93000005 and len(xof.expected) == 4
    assert words_to_bytes(list(xof.expected[1:3]), 5) == SUITE.xof.digest(b"abc", 5)


def test_first_difference_names_the_word() -> None:
    assert first_difference((1, 2), [1, 2]) is None
    assert first_difference((0xE0000000,), [0xF0000000]) == (
        "do word 1: expected E0000000 (status SUCCESS), core wrote F0000000 (status FAILURE)"
    )
    assert first_difference((1, 2), [1]) == "the core wrote 1 words, expected 2"
