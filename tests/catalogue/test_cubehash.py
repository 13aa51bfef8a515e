"""The CubeHash model's padding and the cubehash256 core's start state and segment handling."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import ALGORITHMS, Message, cubehash
from hashbed.catalogue.cores import load_core
from hashbed.catalogue.interfaces.hash_words import digest_from_words, header_word, message_words, to_words
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.run import Stalls, run_stream

CORE_TOP = Path(__file__).resolve().parents[2] / "rtl" / "cores" / "cubehash256" / "cubehash256_core.v"
ALGORITHM = ALGORITHMS["cubehash-256/round2"]


@pytest.mark.parametrize("bits", [0, 1, 7, 8, 255, 256, 257, 600])
def test_padding_is_a_one_and_zeros_to_a_block(bits: int) -> None:
    message = Message.from_prefix(bytes(range(1, 200)), bits)
    padded = ALGORITHM.pad(message)
    assert len(padded) * 8 == ALGORITHM.padded_bits(bits) == 256 * (bits // 256 + 1)
    value = int.from_bytes(padded, "big")
    length = 8 * len(padded)
    assert value >> (length - bits) == int.from_bytes(message.data, "big") >> (-bits % 8)
    assert (value >> (length - bits - 1)) & 1 == 1
    assert value & ((1 << (length - bits - 1)) - 1) == 0


def core_start_state() -> list[int]:
    """R of cubehash256_core, word 0 first."""
    text = CORE_TOP.read_text()
    body = re.search(r"localparam \[1023:0\] R = \{(.*?)\};", text, re.S)
    assert body is not None
    words = [int(word, 16) for word in re.findall(r"32'h([0-9a-f]{8})", body[1])]
    assert len(words) == 32
    return words[::-1]


def test_core_start_state_is_one_round_before_the_iv() -> None:
    start = core_start_state()
    assert start == cubehash.run_rounds([32, 32, 16] + [0] * 29, 159)
    assert tuple(cubehash.cubehash_round(start)) == cubehash.CubeHash256Round2().iv


def test_empty_segments_that_are_not_the_last_are_skipped() -> None:
    """A 0-bit segment that is not the last (not sent by hashbed.catalogue.interfaces, but allowed by
    the interface) carries no block: the core goes on with the next header."""
    core = load_core("cubehash256")
    data = bytes(range(100))
    message = Message.from_bytes(data)
    padded = ALGORITHM.pad(message)
    words = [
        header_word(0, False, 64),
        header_word(256, False, 64),
        *to_words(padded[:32], 64),
        header_word(0, False, 64),
        header_word(0, False, 64),
        header_word(800 - 256, True, 64),
        *to_words(padded[32:], 64),
    ]
    plain = message_words(ALGORITHM, message, 64)
    digest = ALGORITHM.digest(message)
    cases = [core.hash_interface.case(stream, digest) for stream in (words, plain)]
    run = run_stream(build_simulator(core), core.io, cases, Stalls(src=0.3, dst=0.3, seed=2))
    for result in run.cases:
        assert digest_from_words(result.outputs, 256, 64) == ALGORITHM.digest(message)
