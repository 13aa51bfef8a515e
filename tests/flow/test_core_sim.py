"""The cores in simulation: known answers under random stalls, segments, cycle formulas,
and the harness's handling of cores that misbehave."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from pathlib import Path

import pytest

from conftest import CARRIED_KAT_DIR, GREEDY, REFERENCES, SILENT, KatFile, broken_core
from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.algorithms.kat import KatVector, generated_vectors, write_kat
from hashbed.catalogue.cores import Core, core_names, load_core
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.sim.measure import measure
from hashbed.flow.sim.run import Stalls
from hashbed.flow.sim.verify import verify

CORES = core_names()
#: Cores whose algorithm has an independent implementation in a package (conftest.REFERENCES).
REFERENCED = [name for name in CORES if load_core(name).algorithm.key in REFERENCES]
#: Cores that take messages of any bit length.
BIT_CORES = [name for name in CORES if not load_core(name).byte_aligned_only]


@pytest.mark.parametrize("name", CORES)
def test_generated_vectors_pass_under_stalls(name: str) -> None:
    core = load_core(name)
    report = verify(core)
    assert report.ok, report.mismatch
    # every byte length up to three blocks and a few bytes (at least 200), then six longer messages
    assert report.passed == report.messages == len(generated_vectors(core.algorithm))
    assert report.stalls.src > 0 and report.stalls.dst > 0


@pytest.mark.parametrize("name", CORES)
@pytest.mark.parametrize("kind", ["Short", "Long"])
def test_full_kat_files_pass(kat_file: KatFile, name: str, kind: str) -> None:
    """Every record of the Short and Long KAT files of the core's algorithm version."""
    core = load_core(name)
    path = kat_file(f"{core.algorithm_name}_{core.version}_{kind}MsgKAT.txt")
    report = verify(core, [path], Stalls(src=0.4, dst=0.4, seed=3))
    assert report.ok, report.mismatch
    assert report.passed + report.skipped == report.messages > 0


@pytest.mark.parametrize("name", CORES)
def test_carried_known_answers_pass(name: str) -> None:
    """The project's own sample of the KAT files (tests/data/kat), present in every clone."""
    core = load_core(name)
    path = CARRIED_KAT_DIR / f"{core.algorithm_name}_{core.version}_SampleMsgKAT.txt"
    report = verify(core, [path], Stalls(src=0.3, dst=0.3, seed=7))
    assert report.ok, report.mismatch
    assert report.passed + report.skipped == report.messages and report.passed >= 7


@pytest.mark.parametrize("name", REFERENCED)
def test_random_messages_match_an_independent_implementation(name: str, tmp_path: Path) -> None:
    core = load_core(name)
    reference = REFERENCES[core.algorithm.key]
    rng = random.Random(11)
    vectors = []
    for _ in range(60):
        data = rng.randbytes(rng.choice([rng.randrange(200), rng.randrange(20_000)]))
        vectors.append(KatVector(Message.from_bytes(data), reference(data)))
    path = tmp_path / f"{core.algorithm_name}_{core.version}_RandomMsgKAT.txt"
    write_kat(path, vectors, "random messages, digests from an independent implementation")
    report = verify(core, [path])
    assert report.ok and report.passed == 60


@pytest.mark.parametrize("name", CORES)
def test_multi_segment_messages_and_heavy_stalls(name: str) -> None:
    core = load_core(name)
    # 1024 bits, or one block where a block is longer (Keccak-256: 1088)
    segment_bits = max(1024, core.algorithm.block_bits)
    report = verify(core, stalls=Stalls(src=0.8, dst=0.8, seed=5), segment_bits=segment_bits)
    assert report.ok, report.mismatch


@pytest.mark.parametrize("name", CORES)
def test_measured_formula_equals_manifest(name: str) -> None:
    core = load_core(name)
    (result,) = measure(core, max_blocks=5).operations
    assert result.matches, (str(result.measured), str(result.expected))
    first = result.first_blocks  # 1, or the fewest blocks a message pads to (Fugue: 2 words)
    assert result.cycles == [core.cycles.cycles(n) for n in range(first, first + 5)]


def test_wrong_kat_file_for_the_core_is_refused(kat_file: KatFile) -> None:
    path = kat_file("sha-1_fips_ShortMsgKAT.txt")
    with pytest.raises(HashbedError, match="is for sha-1 fips, but core sha256 implements sha-256 fips"):
        verify(load_core("sha256"), [path])


def test_wrong_digest_reports_first_failing_len(tmp_path: Path) -> None:
    vectors = [KatVector(Message.from_bytes(bytes(n)), hashlib.sha256(bytes(n)).digest()) for n in range(5)]
    bad = hashlib.sha256(b"something else").digest()
    vectors[3] = KatVector(vectors[3].message, bad)
    path = tmp_path / "sha-256_fips_BadMsgKAT.txt"
    write_kat(path, vectors, "one wrong digest")
    report = verify(load_core("sha256"), [path])
    assert not report.ok and report.passed == 3
    assert report.mismatch.bits == 24 and report.mismatch.expected == bad
    assert report.mismatch.actual == hashlib.sha256(bytes(3)).digest()


# --- cores that misbehave -----------------------------------------------------------------


def test_core_that_never_answers_stops_with_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CoreFailure, match="no word read or written for 1000 cycles.*never answered"):
        verify(broken_core(tmp_path, SILENT), idle_limit=1000)


@pytest.mark.parametrize(
    ("stalls", "idle_limit", "words"),
    [
        (Stalls(src=1.0), 1000, "SRC_STALL and DST_STALL must be probabilities from 0 up to but not including 1"),
        (Stalls(dst=float("nan")), 1000, "SRC_STALL and DST_STALL must be probabilities"),
        (Stalls(), 0, "IDLE_LIMIT must be from 1 to 100000000"),
        (Stalls(), -1, "IDLE_LIMIT must be from 1 to 100000000"),
    ],
)
def test_the_harness_refuses_settings_under_which_nothing_could_move(stalls: Stalls, idle_limit: int, words: str) -> None:
    with pytest.raises(CoreFailure, match=words):
        verify(load_core("sha1"), stalls=stalls, idle_limit=idle_limit)


def test_core_that_reads_without_a_word_breaks_the_protocol(tmp_path: Path) -> None:
    with pytest.raises(CoreFailure, match="src_read asserted while src_ready is low"):
        verify(broken_core(tmp_path, GREEDY))


def test_failed_parameter_check_is_reported() -> None:
    core = dataclasses.replace(load_core("sha256"), parameters={"W": 16})
    with pytest.raises(CoreFailure, match="W must be 32, got 16"):
        verify(core)


def bit_length_kat(tmp_path: Path, core: Core) -> Path:
    """Messages of every bit length around the padding boundaries, digests from the model."""
    rng = random.Random(5)
    vectors = []
    for bits in [*range(0, 20), *range(440, 460), 1021, 1029]:
        message = Message.from_prefix(rng.randbytes((bits + 7) // 8), bits)
        vectors.append(KatVector(message, core.algorithm.digest(message)))
    path = tmp_path / f"{core.algorithm_name}_{core.version}_BitMsgKAT.txt"
    write_kat(path, vectors, "bit lengths, digests from the model")
    return path


@pytest.mark.parametrize("name", BIT_CORES)
def test_any_bit_length_passes(name: str, tmp_path: Path) -> None:
    core = load_core(name)
    report = verify(core, [bit_length_kat(tmp_path, core)])
    assert report.ok and report.skipped == 0 and report.passed == report.messages == 42


def test_byte_aligned_only_core_skips_and_counts_other_lengths(tmp_path: Path) -> None:
    core = dataclasses.replace(load_core("sha256"), byte_aligned_only=True)
    report = verify(core, [bit_length_kat(tmp_path, core)])
    assert report.ok and report.messages == 42
    assert report.skipped == 42 - 6 and report.passed == 6  # lengths 0, 8, 16, 440, 448, 456
