"""The software side of the speed-up experiment: every native implementation against the known
answers (the carried sample and the whole KAT files, carried too) and against the independent
packages, the library's build, and the speed-up of a Round-2 core end to end."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from conftest import CARRIED_KAT_DIR, REFERENCES, KatFile
from hashbed.catalogue.algorithms import ALGORITHMS, HashAlgorithm, Message
from hashbed.catalogue.algorithms.kat import KatVector, read_kat
from hashbed.cli import main
from hashbed.errors import HashbedError
from hashbed.studies.zynq import published_cycles, testbed_tables
from hashbed.studies.zynq.experiments import BOARD
from hashbed.studies.zynq.published_cycles import ZYNQ_ARM
from hashbed.testbed import software
from hashbed.testbed.simulated import DmaModel
from hashbed.testbed.software import (
    C_FUNCTIONS,
    PACKAGES,
    NativeHash,
    c_function,
    call_overhead_s,
    implementations,
    library,
    native,
    software_name,
)

#: (algorithm key, implementation name) of every native implementation there is
EVERY = [(key, name) for key, algorithm in sorted(ALGORITHMS.items()) for name, _ in implementations(algorithm)]


def function_of(key: str, name: str) -> NativeHash:
    return dict(implementations(ALGORITHMS[key]))[name]


def mismatches(function: NativeHash, vectors: Iterable[KatVector]) -> list[int]:
    """The lengths (bits) of the byte-aligned vectors whose digest ``function`` gets wrong; the
    vectors of a partial last byte are not for the software (it hashes whole bytes)."""
    return [v.message.bits for v in vectors if v.message.byte_aligned and function(v.message.data) != v.digest]


def carried(algorithm: HashAlgorithm) -> list[KatVector]:
    return read_kat(CARRIED_KAT_DIR / f"{algorithm.name}_{algorithm.version}_SampleMsgKAT.txt")


def test_every_algorithm_version_has_native_software_and_packages_come_first() -> None:
    assert {key for key, _ in EVERY} == set(ALGORITHMS)
    for key, algorithm in ALGORITHMS.items():
        found = native(algorithm)
        assert found is not None and found[0] == software_name(algorithm)
        if key in PACKAGES:
            assert found[0] == PACKAGES[key][0]
        else:
            assert found[0] == f"hashbed C (gcc -O3) {algorithm.name} {algorithm.version}"
    # the C library covers every version but SHA-1 and SHA-256 (OpenSSL's are the fastest there are)
    assert set(C_FUNCTIONS) == set(ALGORITHMS) - {"sha-1/fips", "sha-256/fips"}


@pytest.mark.parametrize(("key", "name"), EVERY)
def test_software_matches_carried_known_answers(key: str, name: str) -> None:
    vectors = carried(ALGORITHMS[key])
    assert sum(v.message.byte_aligned for v in vectors) >= 5
    assert mismatches(function_of(key, name), vectors) == []


@pytest.mark.parametrize(("key", "name"), EVERY)
@pytest.mark.parametrize("kind", ["Short", "Long"])
def test_software_matches_the_whole_kat_files(kat_file: KatFile, key: str, name: str, kind: str) -> None:
    algorithm = ALGORITHMS[key]
    vectors = read_kat(kat_file(f"{algorithm.name}_{algorithm.version}_{kind}MsgKAT.txt"))
    assert sum(v.message.byte_aligned for v in vectors) >= 8
    assert mismatches(function_of(key, name), vectors) == []


def lengths(algorithm: HashAlgorithm) -> list[int]:
    """0 to 300 bytes, then around one, two and three blocks and the padding's edges, then long."""
    block = max(algorithm.block_bits // 8, 4)
    edges = {n * block + d for n in (1, 2, 3, 8) for d in range(-20, 21)}
    return sorted({*range(301), *(n for n in edges if n >= 0), 1000, 4095, 4096, 20_001})


@pytest.mark.parametrize(("key", "name"), [(key, name) for key, name in EVERY if key in REFERENCES])
def test_software_matches_the_independent_packages_on_random_messages(key: str, name: str) -> None:
    function, reference = function_of(key, name), REFERENCES[key]
    rng = random.Random(31)
    wrong = [n for n in lengths(ALGORITHMS[key]) if function(data := rng.randbytes(n)) != reference(data)]
    assert wrong == []


@pytest.mark.parametrize("key", sorted(C_FUNCTIONS))
def test_c_software_matches_the_model_at_the_block_boundaries(key: str) -> None:
    """Where no package has the version (round 2), the model, itself checked against the KAT files,
    is the reference for the lengths the KAT files skip."""
    algorithm, function = ALGORITHMS[key], c_function(C_FUNCTIONS[key])
    block = max(algorithm.block_bits // 8, 4)
    rng = random.Random(5)
    sizes = sorted({n * block + d for n in (0, 1, 2, 3) for d in range(-3, 4) if n * block + d >= 0})
    wrong = [n for n in sizes if function(data := rng.randbytes(n)) != algorithm.digest(Message.from_bytes(data))]
    assert wrong == []


@pytest.mark.parametrize("key", ["echo-256/round2", "shavite3-256/round2"])
def test_aes_based_software_is_right_with_the_aes_instructions_and_with_the_tables(key: str) -> None:
    lib, algorithm = library(), ALGORITHMS[key]
    instructions = lib.hb_set_aes(1)  # 1 where the processor has them
    rng = random.Random(9)
    messages = [rng.randbytes(n) for n in (0, 1, 55, 64, 173, 174, 191, 192, 193, 400, 1000)]
    try:
        for on in (1, 0):
            assert lib.hb_set_aes(on) == (on and instructions)
            function = c_function(C_FUNCTIONS[key])
            assert mismatches(function, carried(algorithm)) == []
            assert [function(m) for m in messages] == [algorithm.digest(Message.from_bytes(m)) for m in messages]
    finally:
        lib.hb_set_aes(1)


def test_the_checks_fail_for_a_wrong_implementation() -> None:
    """The comparisons can fail: BLAKE-256 of round 2 (10 rounds) is not round 3's, Keccak's
    round-2 padding is not round 3's, and a digest one bit off is wrong."""
    blake3 = carried(ALGORITHMS["blake-256/round3"])
    assert len(mismatches(c_function("hb_blake256_round2"), blake3)) == sum(v.message.byte_aligned for v in blake3)
    keccak3 = carried(ALGORITHMS["keccak-256/round3"])
    assert mismatches(c_function("hb_keccak256_round2"), keccak3) != []
    good = c_function("hb_shabal256_round2")
    assert mismatches(lambda data: bytes([good(data)[0] ^ 1]) + good(data)[1:], carried(ALGORITHMS["shabal-256/round2"]))


def test_the_library_builds_once_into_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    path = software.library_path()
    assert path.parent == tmp_path / "cache" / "software" and path.name.endswith(".so")
    assert software.library_path() == path and [p.name for p in path.parent.iterdir()] == [path.name]
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "other"))
    monkeypatch.setenv("PATH", str(tmp_path))  # no gcc
    missing = r"^the software side of the speed-up experiment needs gcc \(Debian: apt-get install gcc\)$"
    with pytest.raises(HashbedError, match=missing):
        software.library_path()


def test_a_source_that_does_not_compile_is_one_line_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    csrc = tmp_path / "csrc"
    csrc.mkdir()
    (csrc / "broken.c").write_text("int broken(void) { return nothing; }\n")
    monkeypatch.setattr(software, "CSRC", csrc)
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    with pytest.raises(HashbedError, match=r"^gcc could not compile the software implementations: .*nothing.*undeclared"):
        software.library_path()
    assert not (tmp_path / "cache" / "software").exists() or list((tmp_path / "cache" / "software").iterdir()) == []


def test_timing_helpers() -> None:
    # the calibration chain: count x 8 additions of the loop counter
    assert library().hb_add_chain(10, 1) == 1 + 8 * sum(range(10))
    assert 0 < call_overhead_s(200) < 1e-3
    digest, seconds = software.time_software(c_function("hb_cubehash256_round2"), b"abc", repeats=3)
    assert digest == ALGORITHMS["cubehash-256/round2"].digest(Message.from_bytes(b"abc")) and seconds > 0
    assert software.host_cpu()


def test_a_round_2_core_has_a_speedup_end_to_end(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Table IV's row of a Round-2 candidate: the simulated board's transfer, the digest checked
    against hashbed's C, its time beside the hardware's."""
    assert main(["testbed", "speedup", "cubehash256", "--db", str(db), "--json", "--sizes", "0.5", "--core-mhz", "100"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["correct"] and row["software"] == "hashbed C (gcc -O3) cubehash-256 round2"
    assert row["software_us"] > 0 and row["speedup"] == pytest.approx(row["software_us"] / row["hardware_us"], rel=1e-3)
    assert row["software_cpu"] == software.host_cpu()


# --- published figures and Table IV against the Zynq's processor --------------------------------


def test_published_figures_name_their_source_and_known_algorithms() -> None:
    figures = published_cycles.published()
    assert figures and all(f.url.startswith(("http://", "https://")) and f.source for f in figures)
    keccak = published_cycles.figures_for("keccak-256/round2", ZYNQ_ARM)
    assert [f.cycles_per_byte for f in keccak] == [26.0, 53.0]  # the fastest first
    seconds, figure = published_cycles.zynq_arm_seconds("sha3-256/fips202", 667_000) or (0.0, None)
    assert seconds == pytest.approx(26.0 / 1000) and figure is keccak[0]
    assert published_cycles.zynq_arm_seconds("luffa-256/round2", 1000) is None


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('algorithms = ["md5/rfc1321"]', "'md5/rfc1321' is not an algorithm version of the catalogue"),
        ("cycles_per_byte = 0.0", "cycles_per_byte: must be a positive number of cycles per byte, got 0.0"),
        ('cycles_per_byte = "26"', "cycles_per_byte: must be a valid number"),
        ('speed = "fast"', "unknown field 'speed' in [figure item 1]"),
    ],
)
def test_a_wrong_figure_is_one_line_naming_the_file_and_field(tmp_path: Path, line: str, words: str) -> None:
    good = {
        "algorithms": '["sha3-256/fips202"]',
        "processor": '"ARM Cortex-A9"',
        "cycles_per_byte": "26.0",
        "implementation": '"x"',
        "source": '"y"',
        "url": '"https://example.org"',
    }
    key = line.split(" = ")[0]
    fields = {**good, key: line.split(" = ", 1)[1]}
    path = tmp_path / "figures.toml"
    path.write_text("[[figure]]\n" + "".join(f"{k} = {v}\n" for k, v in fields.items()))
    with pytest.raises(HashbedError, match=rf"^{path}: .*{re.escape(words)}") as caught:
        published_cycles.published(path)
    assert "\n" not in str(caught.value)


def test_table_4_against_the_zynq_arm_where_a_figure_is_published() -> None:
    rows = [{"size_kb": 10.0, "hardware_us": 20.0, "software": "s", "software_us": 30.0, "speedup": 1.5, "correct": True}]
    setting = {
        "device": BOARD,
        "core_mhz": 100.0,
        "sys_mhz": 100.0,
        "dma": dataclasses.asdict(DmaModel()),
        "start_delay": 0,
        "message_seed": 1,
    }
    series = [{"core": core, **setting, "speedup": rows} for core in ("sha1", "keccak256-round2")]
    found = testbed_tables.arm_speedup_cells(series)
    assert found is not None
    (columns, cells), figures = found
    assert columns == ["core and setting", "10 kB"]
    # 10 kB at 26 cycles/byte and 667 MHz over 20 µs of hardware; sha1 has no published Cortex-A9 figure
    assert cells == [[testbed_tables.series_label(series[1]), f"{26 * 10_000 / 667e6 / 20e-6:.3f}"]]
    assert [f.cycles_per_byte for f in figures] == [26.0]
    assert testbed_tables.arm_speedup_cells(series[:1]) is None
