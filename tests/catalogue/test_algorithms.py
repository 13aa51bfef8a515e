"""The software models against independent implementations and the full KAT files (carried in
tests/data/kat/full.tar.xz)."""

from __future__ import annotations

import random

import pytest

from conftest import CARRIED_KAT_DIR, REFERENCES, KatFile
from hashbed.catalogue.algorithms import ALGORITHMS, Message, get_algorithm
from hashbed.catalogue.algorithms.kat import generated_vectors, read_kat
from hashbed.catalogue.algorithms.sha import md_pad
from hashbed.errors import HashbedError


@pytest.mark.parametrize("key", sorted(REFERENCES))
def test_model_matches_reference_at_every_padding_boundary(key: str) -> None:
    algorithm = ALGORITHMS[key]
    rng = random.Random(7)
    for length in [*range(0, 200), 1000, 4095, 4096, 10_000]:
        data = rng.randbytes(length)
        assert algorithm.digest(Message.from_bytes(data)) == REFERENCES[key](data), length


@pytest.mark.parametrize("key", sorted(ALGORITHMS))
@pytest.mark.parametrize("kind", ["Short", "Long"])
def test_model_matches_full_kat(kat_file: KatFile, key: str, kind: str) -> None:
    """Every Short vector (every bit length) and a sample of the Long ones (every eighth, the
    byte-aligned ones, and the last: the pure-Python models take up to a minute for a whole Long
    file). The cores run the whole files in tests/flow/test_core_sim.py, with the KAT digests as the
    reference."""
    algorithm = ALGORITHMS[key]
    path = kat_file(f"{algorithm.name}_{algorithm.version}_{kind}MsgKAT.txt")
    vectors = read_kat(path)
    assert vectors, path
    if kind == "Long":
        vectors = vectors[::8] + vectors[-1:]
    for vector in vectors:
        assert algorithm.digest(vector.message) == vector.digest, f"Len = {vector.message.bits}"


@pytest.mark.parametrize("key", sorted(ALGORITHMS))
def test_model_matches_carried_known_answers(key: str) -> None:
    """The project's own sample of the KAT files: every model checked against answers that are not
    its own on a fresh clone too."""
    algorithm = ALGORITHMS[key]
    vectors = read_kat(CARRIED_KAT_DIR / f"{algorithm.name}_{algorithm.version}_SampleMsgKAT.txt")
    assert len(vectors) >= 7
    for vector in vectors:
        assert algorithm.digest(vector.message) == vector.digest, f"Len = {vector.message.bits}"


@pytest.mark.parametrize("key", sorted(REFERENCES))
def test_generated_vectors_agree_with_reference(key: str) -> None:
    vectors = generated_vectors(ALGORITHMS[key])
    assert len(vectors) > 200
    for vector in vectors:
        assert vector.message.byte_aligned
        assert vector.digest == REFERENCES[key](vector.message.data)


def test_padding_appends_one_bit_zeros_and_length() -> None:
    padded = md_pad(Message.from_bytes(b"abc"))
    assert padded == b"abc\x80" + bytes(52) + (24).to_bytes(8, "big")
    # a 5-bit message: the 1 bit follows the fifth bit of the first byte
    padded = md_pad(Message(b"\xa8", 5))
    assert padded[0] == 0xAC and padded[-1] == 5 and len(padded) == 64


@pytest.mark.parametrize("bits", [0, 1, 447, 448, 511, 512, 959, 960, 5000])
def test_padded_length_formula(bits: int) -> None:
    for algorithm in ALGORITHMS.values():
        message = Message.from_prefix(bytes((bits + 7) // 8), bits)
        assert algorithm.padded_bits(bits) == 8 * len(algorithm.pad(message))


def test_message_rejects_inconsistent_lengths() -> None:
    with pytest.raises(ValueError):
        Message(b"\x00\x00", 8)
    with pytest.raises(ValueError):
        Message(b"\x01", 7)  # the unused low bit must be zero
    assert Message.from_prefix(b"\xff\xff", 9) == Message(b"\xff\x80", 9)


def test_unknown_algorithm_names_the_known_ones() -> None:
    with pytest.raises(HashbedError, match="sha-256/fips"):
        get_algorithm("sha-257", "fips")


def test_blake_padding_and_counters() -> None:
    from hashbed.catalogue.algorithms.blake import blake_pad, block_counters

    # 446 bits: both padding 1 bits share the last byte before the length
    padded = blake_pad(Message.from_prefix(bytes(56), 446))
    assert len(padded) == 64 and padded[55] == 0x03 and padded[-1] == 446 % 256
    # 447 bits: the first 1 bit ends the block, a second block holds the rest
    padded = blake_pad(Message.from_prefix(bytes(56), 447))
    assert len(padded) == 128 and padded[55] == 0x01 and padded[64:119] == bytes(55) and padded[119] == 0x01
    # empty message: 0x80, zeros, 0x01, length 0
    assert blake_pad(Message(b"", 0)) == b"\x80" + bytes(54) + b"\x01" + bytes(8)
    # a block without message bits gets counter 0
    assert block_counters(447, 2) == [447, 0]
    assert block_counters(512, 2) == [512, 0]
    assert block_counters(1000, 2) == [512, 1000]
