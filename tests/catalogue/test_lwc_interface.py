"""The LWC interface's word streams (docs/interface.md, the LWC interface)."""

from __future__ import annotations

import pytest

from hashbed.catalogue.algorithms.lwc import get_lwc_suite
from hashbed.catalogue.cores import load_core
from hashbed.catalogue.interfaces import INTERFACES, LwcInterface
from hashbed.catalogue.interfaces.lwc import OPERATIONS
from hashbed.catalogue.interfaces.lwc_words import (
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
    assert case.words == (0x70000000, 0x20000000, 0xD6000010, *nonce, 0x16000000, 0x47000000)
    assert case.sdi == (0x40000000, 0xC3000010, 0x00010203, 0x04050607, 0x08090A0B, 0x0C0D0E0F)
    assert case.expected == (0x52000000, 0x83000010, 0x4F9C2782, 0x11BEC931, 0x6BF68F46, 0xEE8B2EC6, 0xE0000000)


def test_reused_key_sends_no_key() -> None:
    case = encrypt_case(SUITE.aead, KEY, NONCE, b"a", b"b", new_key=False)
    assert case.words[0] == 0x20000000 and case.sdi == ()


def test_decryption_answers_plaintext_or_failure_alone() -> None:
    sealed = SUITE.aead.encrypt(KEY, NONCE, b"ad", b"secret")
    good = decrypt_case(SUITE.aead, KEY, NONCE, b"ad", sealed)
    assert good.expected == (0x43000006, *data_words(b"secret"), 0xE0000000)
    assert good.words[-5] == 0x83000010  # the tag segment ends the input
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
    assert case.words == (0x80000000, 0x77000000)
    assert case.expected[0] == 0x93000020 and len(case.expected) == 10
    xof = xof_case(SUITE.xof, b"abc", 5)
    assert xof.words[0] == 0x90000005 and xof.expected[0] == 0x93000005 and len(xof.expected) == 4
    assert words_to_bytes(list(xof.expected[1:3]), 5) == SUITE.xof.digest(b"abc", 5)


def test_first_difference_names_the_word() -> None:
    assert first_difference((1, 2), [1, 2]) is None
    assert first_difference((0xE0000000,), [0xF0000000]) == (
        "do word 1: expected E0000000 (status SUCCESS), core wrote F0000000 (status FAILURE)"
    )
    assert first_difference((1, 2), [1]) == "the core wrote 1 words, expected 2"


def test_an_8_bit_bus_sends_instructions_and_status_as_one_byte_and_headers_as_four() -> None:
    """The LWC API at W = SW = 8 (the development package's 8-bit test vectors): INS 70, 20, 40 and
    STT E0 one byte each, each header four bytes most significant first, data bytes unpadded."""
    case = encrypt_case(SUITE.aead, KEY, NONCE, b"", b"abcde", width=8)
    assert case.words[:6] == (0x70, 0x20, 0xD2, 0x00, 0x00, 0x10)
    assert case.words[6:22] == tuple(NONCE)
    assert case.words[22:] == (0x12, 0x00, 0x00, 0x00, 0x47, 0x00, 0x00, 0x05, *b"abcde")
    assert case.sdi == (0x40, 0xC3, 0x00, 0x00, 0x10, *KEY)
    assert case.expected[:4] == (0x52, 0x00, 0x00, 0x05) and case.expected[-1] == 0xE0
    assert case.expected[9:13] == (0x83, 0x00, 0x00, 0x10) and len(case.expected) == 4 + 5 + 4 + 16 + 1
    wide = encrypt_case(SUITE.aead, KEY, NONCE, b"", b"abcde")
    assert words_to_bytes(list(case.expected[4:9]), 5, width=8) == words_to_bytes(list(wide.expected[1:3]), 5)


def test_the_xof_instruction_is_sent_whole_at_every_width() -> None:
    assert xof_case(SUITE.xof, b"", 300, width=8).words[:4] == (0x90, 0x00, 0x01, 0x2C)
    assert xof_case(SUITE.xof, b"", 300, width=16).words[:2] == (0x9000, 0x012C)
    assert hash_case(SUITE.hash, b"", width=16).words == (0x8000, 0x7700, 0x0000)


def test_one_code_path_for_every_width() -> None:
    """The same operation at 8, 16 and 32 bits carries the same bytes (data of whole 32-bit words:
    a narrower bus leaves the last word's padding out)."""
    sealed = SUITE.aead.encrypt(KEY, NONCE, b"adad", b"secret message!!")
    streams = {w: decrypt_case(SUITE.aead, KEY, NONCE, b"adad", sealed, new_key=False, width=w) for w in (8, 16, 32)}
    as_bytes = {w: words_to_bytes(list(c.words), w // 8 * len(c.words), width=w) for w, c in streams.items()}
    # headers and data are the same bytes; the instructions differ only in their width
    assert as_bytes[8][1:] == as_bytes[16][2:] == as_bytes[32][4:]
    assert streams[8].expected[-1] == 0xE0 and streams[16].expected[-1] == 0xE000
    with pytest.raises(HashbedError, match="one of 8, 16, 32 bits wide, got 12"):
        data_words(b"x", 12)
    assert first_difference((0x52, 0x00), [0x52, 0x01], 8) == "do word 2: expected 00, core wrote 01"


def test_an_lwc_core_carries_the_lwc_interface_with_its_table() -> None:
    core = load_core("ascon_lw-logic")
    interface = core.lwc_interface
    assert core.io is interface and INTERFACES[core.interface] is LwcInterface
    assert (interface.width, interface.sdi_width, interface.max_decrypt_bytes) == (8, 8, 2 ** core.parameters["BUF_AW"])
    assert interface.ports()["sdi_data"] == ("input", 8) and interface.ports()["do_last"] == ("output", 1)
    assert interface.testbench_parameters() == {"W": 8, "SW": 8, "LWC": 1} and interface.harness_defines == ("HASHBED_LWC",)
    assert list(core.operation_cycles()) == ["encrypt", *OPERATIONS]
    assert interface.measure_inputs() == {"lwc_cycles": {name: f.counts() for name, f in interface.cycles.items()}}
    with pytest.raises(HashbedError, match="core sha256 has the hash interface: it has no LWC interface"):
        load_core("sha256").lwc_interface  # noqa: B018


def test_an_answer_is_compared_word_for_word() -> None:
    interface = load_core("ascon").lwc_interface
    case = encrypt_case(SUITE.aead, KEY, NONCE, b"", b"abc")
    assert interface.mismatch(case, list(case.expected)) is None
    assert interface.output_words(case) == len(case.expected) + 16
    mismatch = interface.mismatch(case, [*case.expected[:-1], 0xF0000000])
    assert mismatch is not None and mismatch.bits == 24
    assert (
        mismatch.detail
        == "encrypt of 3 bytes: do word 8: expected E0000000 (status SUCCESS), core wrote F0000000 (status FAILURE)"
    )
