"""The interface word stream: headers, segments, data words and digest words."""

from __future__ import annotations

import random

import pytest

from hashbed.catalogue.algorithms import ALGORITHMS, Message
from hashbed.catalogue.cores import load_core
from hashbed.catalogue.interfaces import INTERFACES, HashInterface
from hashbed.catalogue.interfaces.hash_words import (
    BUS_WIDTHS,
    digest_from_words,
    digest_word_count,
    digest_words,
    header_word,
    max_segment_bits,
    message_words,
)

SHA256 = ALGORITHMS["sha-256/fips"]
SHA1 = ALGORITHMS["sha-1/fips"]


def parse_stream(words: list[int], width: int) -> list[tuple[bool, int, bytes]]:
    """Independent reader of the stream: (last, segment bits, data bytes) per segment.

    The data word count follows the rule of docs/interface.md: a non-last segment holds
    its bits exactly; the last one holds the rest of the padded message.
    """
    segments = []
    index = 0
    while index < len(words):
        header = words[index]
        last, bits = bool(header >> (width - 1)), header & ((1 << (width - 1)) - 1)
        index += 1
        count = len(words) - index if last else bits // width
        data = b"".join(w.to_bytes(width // 8, "big") for w in words[index : index + count])
        segments.append((last, bits, data))
        index += count
    return segments


@pytest.mark.parametrize("width", BUS_WIDTHS)
@pytest.mark.parametrize("length", [0, 1, 55, 56, 64, 100, 5000])
def test_single_segment_carries_the_padded_message(width: int, length: int) -> None:
    message = Message.from_bytes(random.Random(length).randbytes(length))
    segments = parse_stream(message_words(SHA256, message, width), width)
    if 8 * length < max_segment_bits(SHA256, width):
        assert len(segments) == 1
    assert segments[-1][0] and not any(last for last, _, _ in segments[:-1])
    assert sum(bits for _, bits, _ in segments) == 8 * length
    assert b"".join(data for _, _, data in segments) == SHA256.pad(message)


@pytest.mark.parametrize("width", BUS_WIDTHS)
def test_segments_are_whole_blocks_except_the_last(width: int) -> None:
    message = Message.from_bytes(bytes(range(256)) * 40)  # 10 kB, 160 blocks
    segments = parse_stream(message_words(SHA256, message, width, segment_bits=3 * 512 + 100), width)
    assert [bits for _, bits, _ in segments[:-1]] == [3 * 512] * (len(segments) - 1)
    assert len(segments) == -(-message.bits // (3 * 512))
    assert b"".join(data for _, _, data in segments) == SHA256.pad(message)


def test_a_16_bit_bus_splits_long_messages_into_segments() -> None:
    message = Message.from_bytes(bytes(5000))
    limit = max_segment_bits(SHA256, 16)
    assert limit == 63 * 512  # the largest whole number of blocks below 2**15 bits
    segments = parse_stream(message_words(SHA256, message, 16), 16)
    assert len(segments) == 2 and segments[0][1] == limit


def test_non_byte_aligned_message_length_is_exact() -> None:
    message = Message(b"\xa8", 5)
    [(last, bits, data)] = parse_stream(message_words(SHA1, message, 32), 32)
    assert last and bits == 5 and data == SHA1.pad(message)


def test_header_word_bounds() -> None:
    assert header_word(5, True, 16) == 0x8005
    assert header_word(0, False, 64) == 0
    with pytest.raises(ValueError):
        header_word(1 << 15, True, 16)
    with pytest.raises(ValueError):
        header_word(8, True, 24)


@pytest.mark.parametrize("width", BUS_WIDTHS)
def test_digest_words_round_trip(width: int) -> None:
    for algorithm in (SHA1, SHA256):
        digest = bytes(range(algorithm.digest_bits // 8))
        count = digest_word_count(algorithm.digest_bits, width)
        raw = digest + bytes(count * width // 8 - len(digest))  # zero bits after the digest
        words = [int.from_bytes(raw[i : i + width // 8], "big") for i in range(0, len(raw), width // 8)]
        assert digest_from_words(words, algorithm.digest_bits, width) == digest
        assert digest_words(digest, width) == words
    assert digest_word_count(160, 64) == 3
    with pytest.raises(ValueError):
        digest_from_words([0, 0], 160, 64)


def test_a_hash_core_carries_the_hash_interface_with_its_options() -> None:
    core = load_core("sha256")
    assert core.io == core.hash_interface == HashInterface(32) and INTERFACES[core.interface] is HashInterface
    assert list(core.io.ports()) == ["clk", "rst", "din", "src_ready", "src_read", "dout", "dst_ready", "dst_write"]
    assert core.io.testbench_parameters() == {"W": 32} and core.io.harness_defines == ()
    assert core.operation_cycles() == {"hash": core.cycles} and core.io.measure_inputs() == {}
    assert core.io.simulation_inputs() == {} and HashInterface(64, core_pads=True).simulation_inputs() == {
        "stream": {"padding": "core"}
    }


def test_a_digest_is_compared_without_the_bits_past_it() -> None:
    """SHA-1 on a 64-bit bus: the last word's low 32 bits are not part of the answer."""
    interface = HashInterface(64)
    digest = SHA1.digest(Message.from_bytes(b"abc"))
    case = interface.case([0], digest, "test", 7, 24)
    assert case.expected == tuple(digest_words(digest, 64)) and len(case.expected) == 3
    assert interface.mismatch(case, [*case.expected[:2], case.expected[2] | 0xFFFF]) is None
    mismatch = interface.mismatch(case, [case.expected[0] ^ 1, *case.expected[1:]])
    assert mismatch is not None and mismatch.actual != mismatch.expected == digest
    assert mismatch.error.startswith("digest mismatch at Len = 24 (test, line 7): expected A9993E36")
