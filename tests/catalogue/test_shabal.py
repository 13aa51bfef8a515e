"""The Shabal-256 model's structure, and the initial state of the shabal256 core against
the model."""

from __future__ import annotations

import re
from pathlib import Path

from hashbed.catalogue.algorithms import ALGORITHMS, Message, shabal

DATAPATH = Path(__file__).resolve().parents[2] / "rtl" / "cores" / "shabal256" / "shabal256_datapath.v"


def _localparam(name: str) -> int:
    match = re.search(rf"localparam \[\d+:0\] {name} = \d+'h([0-9a-f]+);", DATAPATH.read_text())
    assert match, name
    return int(match[1], 16)


def _words(value: int, count: int) -> list[int]:
    """A ring vector of the core: word p in bits 32p+31..32p."""
    return [(value >> (32 * p)) & shabal.MASK32 for p in range(count)]


def test_core_initial_state_is_the_model_iv_with_b_and_c_exchanged() -> None:
    iv = shabal.initial_state(256)
    assert iv.w == 1
    assert _words(_localparam("A_IV"), 12) == iv.a
    assert _words(_localparam("B_IV"), 16) == iv.b
    assert _words(_localparam("C_IV"), 16) == iv.c
    # the core starts with B and C exchanged, so that its first transfer is like any other
    source = DATAPATH.read_text()
    assert "b_q <= C_IV;" in source and "c_q <= B_IV;" in source


def test_padding_is_a_one_bit_and_zeros_to_a_block() -> None:
    algorithm = ALGORITHMS["shabal-256/round2"]
    assert algorithm.pad(Message.from_bytes(b"abc")) == b"abc\x80" + bytes(60)
    assert algorithm.pad(Message(b"\xa8", 5)) == b"\xac" + bytes(63)
    assert len(algorithm.pad(Message.from_bytes(bytes(64)))) == 128


def test_final_rounds_keep_the_counter() -> None:
    # one block: W = 1 for the block and the three final rounds, as the specification says
    algorithm = ALGORITHMS["shabal-256/round2"]
    block = shabal.block_words(algorithm.pad(Message.from_bytes(b"")))
    state = shabal.initial_state(256)
    state.block(block)
    state.w -= 1
    for _ in range(3):
        state.round(block)
    assert state.w == 1
    digest = b"".join(x.to_bytes(4, "little") for x in state.c[8:])
    assert digest == algorithm.digest(Message.from_bytes(b""))
