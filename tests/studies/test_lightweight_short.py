"""The short message's blocks (the lightweight study's "S" columns) against each function's padding
rule as its specification states it, and the one-byte message against independent digests."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import REFERENCES
from hashbed.catalogue.algorithms import Message, get_algorithm
from hashbed.catalogue.cores import all_cores
from hashbed.catalogue.cycles import CycleFormula
from hashbed.studies.lightweight.short import SHORT_MESSAGE_BITS, short_blocks, short_throughput_mbps
from hashbed.studies.lightweight.tables import ARCHITECTURES

ROOT = Path(__file__).resolve().parents[2]


def _ceil(bits: int, block: int) -> int:
    return -(-bits // block)


#: Padded blocks of an n-bit message, from each specification's padding rule.
SPEC_BLOCKS: dict[str, Callable[[int], int]] = {
    # FIPS 180-4 5.1.1: a 1 bit, zeros, the length in 64 bits
    "sha-256/fips": lambda n: _ceil(n + 1 + 64, 512),
    # BLAKE (final version, 14 rounds): a 1 bit, zeros, a 1 bit, the length in 64 bits
    "blake-256/round3": lambda n: _ceil(n + 1 + 1 + 64, 512),
    # Grøstl (round 3 tweak): a 1 bit, w = -n - 65 mod 512 zeros, the block count in 64 bits
    "groestl-256/round3": lambda n: (n + 1 + (-n - 65) % 512 + 64) // 512,
    # JH (round 3, JH42): a 1 bit, 383 + (-n mod 512) zeros, the length in 128 bits
    "jh-256/round3": lambda n: (n + 1 + 383 + (-n) % 512 + 128) // 512,
    # Keccak 3.0 (round 3), pad10*1 at rate 1088: a 1 bit, zeros, a 1 bit
    "keccak-256/round3": lambda n: _ceil(n + 2, 1088),
    # Skein 1.3: zeros to whole blocks, an empty message one block (the output block is UBI's own)
    "skein-512-256/round3": lambda n: max(1, _ceil(n, 512)),
}


def _study_algorithms() -> set[str]:
    return {core.algorithm.key for core in all_cores() if core.architecture in ARCHITECTURES}


def test_every_study_function_has_its_rule_here() -> None:
    assert _study_algorithms() == set(SPEC_BLOCKS)


@pytest.mark.parametrize("key", sorted(SPEC_BLOCKS))
def test_short_blocks_follow_the_specification_s_padding(key: str) -> None:
    algorithm = get_algorithm(*key.split("/"))
    rule = SPEC_BLOCKS[key]
    assert short_blocks(algorithm) == rule(SHORT_MESSAGE_BITS) == (2 if key.startswith("jh-") else 1)
    # the model pads every length as the rule says, around the block edges too
    for bits in (0, 1, 8, 445, 446, 447, 448, 511, 512, 513, 1086, 1087, 1088):
        assert algorithm.padded_bits(bits) == rule(bits) * algorithm.block_bits, bits


@pytest.mark.parametrize("key", sorted(set(SPEC_BLOCKS) & set(REFERENCES)))
def test_the_short_message_is_the_function_s(key: str) -> None:
    """The padded one-byte message the count comes from hashes to an independent digest."""
    algorithm = get_algorithm(*key.split("/"))
    message = Message.from_bytes(b"\xa5")
    assert message.bits == SHORT_MESSAGE_BITS
    assert len(algorithm.pad(message)) * 8 == short_blocks(algorithm) * algorithm.block_bits
    assert algorithm.digest(message) == REFERENCES[key](message.data)


def test_short_throughput_is_one_block_over_the_whole_message_s_cycles() -> None:
    formula = CycleFormula(33, 336, 16)
    assert short_throughput_mbps(formula, 512, 80.0, 2) == pytest.approx(512 * 80.0 / (33 + 2 * 336 + 16))
    assert short_throughput_mbps(formula, 512, 80.0, 1) == pytest.approx(512 * 80.0 / (33 + 336 + 16))


def test_the_docs_table_of_the_short_message_s_blocks_is_the_model_s() -> None:
    """docs/lightweight.md's table: blocks of a one-byte message, and the longest message that
    takes as many."""
    names = {"SHA-256": "sha-256/fips", "BLAKE-256": "blake-256/round3", "Grøstl-256": "groestl-256/round3"}
    names |= {"JH-256": "jh-256/round3", "Keccak-256": "keccak-256/round3", "Skein-512-256": "skein-512-256/round3"}
    text = (ROOT / "docs" / "lightweight.md").read_text()
    rows = re.findall(r"^\| ([^|]+?) \|[^|]+\|[^|]+\| (\d+) \| (\d+) bits", text, re.MULTILINE)
    assert {name for name, _, _ in rows} == set(names)
    for name, blocks, longest in rows:
        algorithm = get_algorithm(*names[name].split("/"))
        assert short_blocks(algorithm) == int(blocks), name
        same = [bits for bits in range(1, 2 * algorithm.block_bits) if algorithm.padded_bits(bits) == algorithm.padded_bits(8)]
        assert max(same) == int(longest), name
