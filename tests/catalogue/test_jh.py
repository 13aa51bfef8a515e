"""The JH model's fast round against the plain element-wise form, and the constants of
the jh256 core against the model."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import ALGORITHMS, Message, jh

CORE_TOP = Path(__file__).resolve().parents[2] / "rtl" / "cores" / "jh256" / "jh256_core.v"


@pytest.mark.parametrize("full", [True, False])
def test_fast_round_equals_the_element_wise_round(full: bool) -> None:
    rng = random.Random(3)
    for r in (0, 1, 35, 41):
        state = bytes(rng.randrange(16) for _ in range(256))
        plain = jh.round_elements(list(state), jh.constant_bits(jh.ROUND_CONSTANTS[r]), full)
        assert jh._round(state, jh._SELECTORS[r], full) == bytes(plain)


def test_grouping_is_a_bijection() -> None:
    h = random.Random(4).randbytes(128)
    assert jh.degroup(jh.group(h)) == h
    # bits i, i+256, i+512, i+768 of H form element 2i (i < 128), most significant first
    single = jh.group((1 << 1023).to_bytes(128, "big"))
    assert single[0] == 8 and sum(single) == 8
    single = jh.group((1 << (1023 - 768 - 128)).to_bytes(128, "big"))
    assert single[1] == 1 and sum(single) == 1


def test_round_constants_follow_r6() -> None:
    assert jh.ROUND_CONSTANTS[0] == 0x6A09E667F3BCC908B2FB1366EA957D3E3ADEC17512775099DA2F590B0667322A
    elements = [(jh.ROUND_CONSTANTS[5] >> (252 - 4 * i)) & 0xF for i in range(64)]
    following = jh.round_elements(elements, [0] * 64)
    assert int("".join(f"{x:x}" for x in following), 16) == jh.ROUND_CONSTANTS[6]


@pytest.mark.parametrize("bits", [0, 1, 511, 512, 513, 1000])
def test_padding_is_a_one_zeros_and_a_128_bit_length(bits: int) -> None:
    algorithm = ALGORITHMS["jh-256/round3"]
    message = Message.from_prefix(bytes(range(1, 200)), bits)
    padded = algorithm.pad(message)
    assert len(padded) * 8 == algorithm.padded_bits(bits) == 512 * (-(-bits // 512) + 1)
    assert int.from_bytes(padded[-16:], "big") == bits
    value = int.from_bytes(padded[:-16], "big")
    length = 8 * len(padded) - 128
    assert value >> (length - bits) == int.from_bytes(message.data, "big") >> (-bits % 8)
    assert (value >> (length - bits - 1)) & 1 == 1
    assert value & ((1 << (length - bits - 1)) - 1) == 0


@pytest.mark.parametrize("version, full", [("round2", False), ("round3", True)])
def test_core_start_state_leads_to_the_iv(version: str, full: bool) -> None:
    """Y of jh256_core: the boundary operation with constant C0 maps it to the IV."""
    text = CORE_TOP.read_text()
    match = re.search(rf"Y_{version.upper()} = \{{(.*?)\}};", text, re.S)
    assert match, f"Y_{version.upper()} not found in {CORE_TOP}"
    digits = "".join(re.findall(r"256'h([0-9a-f]{64})", match[1]))
    y = [int(d, 16) for d in digits]
    assert len(y) == 256
    after = jh.round_elements(y, jh.constant_bits(jh.C0), full)
    model = jh.Jh256Round2() if version == "round2" else jh.Jh256Round3()
    assert bytes(after) == model.iv
