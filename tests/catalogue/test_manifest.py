"""Core manifests: the catalogue loads, and a malformed manifest gets a clear error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hashbed.catalogue.cores import ManifestError, all_cores, core_names, load_core, load_manifest, rtl_root
from hashbed.errors import HashbedError
from support.fuzz import FUZZ, mutations, result_or_one_line_error

GOOD = """
top = "tiny"
files = ["tiny.v"]
algorithm = "sha-256"
version = "fips"
architecture = "basic-iterative"
bus_width = 32
cycles = "1 + 16 + 65*N + 8"
"""


def make_core(tmp_path: Path, manifest: str) -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir(exist_ok=True)
    (folder / "tiny.v").write_text("module tiny; endmodule\n")
    (folder / "core.toml").write_text(manifest)
    return folder / "core.toml"


def test_catalogue_has_the_sha_cores() -> None:
    cores = {core.name: core for core in all_cores()}
    assert {"sha1", "sha256"} <= set(cores)
    sha256 = cores["sha256"]
    assert (sha256.algorithm_name, sha256.version, sha256.bus_width) == ("sha-256", "fips", 32)
    assert sha256.algorithm.digest_bits == 256
    assert all(path.is_file() for path in sha256.sources)
    assert sha256.summary()["cycles"] == str(sha256.cycles)


def test_good_manifest_loads(tmp_path: Path) -> None:
    core = load_manifest(make_core(tmp_path, GOOD))
    assert core.name == "tiny" and core.cycles.lp == 65 and core.parameters == {}


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda m: m.replace('top = "tiny"\n', ""), "missing field 'top'"),
        (lambda m: m + "colour = 1\n", "unknown field 'colour'"),
        (lambda m: m.replace("bus_width = 32", "bus_width = 24"), "bus_width: must be one of 16, 32, 64, got 24"),
        (lambda m: m.replace("bus_width = 32", 'bus_width = "32"'), "bus_width: must be a valid integer, got '32'"),
        (
            lambda m: m.replace("basic-iterative", "unrolled-9"),
            "architecture: must be 'basic-iterative', .* or 'pipelined-opt', got 'unrolled-9'",
        ),
        (lambda m: m.replace("65*N", "65*M"), "cycles: cycle formula .*cannot read term '65\\*M'"),
        (lambda m: m.replace('"1 + 16 + 65*N + 8"', "81"), "cycles: must be a formula in a string, such as .*, got 81"),
        (lambda m: m.replace('"tiny.v"', '"missing.v"'), "files: '.*missing.v' does not exist: add the file, or fix the name"),
        (lambda m: m.replace('["tiny.v"]', '["tiny.v", 1]'), "files item 2: must be a valid string, got 1"),
        (lambda m: m + "[parameters]\nW = 3.5\n", r"\[parameters\] W: must be a valid integer, got 3.5"),
        (lambda m: m + "[target]\nkbps = 3\n", r"unknown field 'kbps' in \[target\] \(fields: kbps_per_lut4, cycles\)"),
        (lambda m: m + "target = 3\n", "target: must be a table, got 3"),
        (lambda m: m + '[target]\nkbps_per_lut4 = "fast"\n', r"\[target\] kbps_per_lut4: must be a positive number, got 'fast'"),
        (lambda m: m + '[target]\ncycles = "3 + 21*M"\n', r"\[target\] cycles: cycle formula .*cannot read term"),
        (lambda m: m + "top = [\n", "not valid TOML"),
        (lambda m: m + "[budget]\nluts = 1536\nffs = 1536\n", r"missing field 'brams' in \[budget\]"),
        (
            lambda m: m + "[budget]\nluts = 1536\nffs = 1536\nbrams = 0\nslices = 3\n",
            r"unknown field 'slices' in \[budget\] \(fields: luts, ffs, brams, luts_min\)",
        ),
        (
            lambda m: m + "[budget]\nluts = 1536\nffs = -1\nbrams = 0\n",
            r"\[budget\] ffs: must be greater than or equal to 0, got -1",
        ),
        (
            lambda m: m + "[budget]\nluts = 900\nffs = 9\nbrams = 1\nluts_min = 1300\n",
            r"\[budget\] luts_min: must not exceed luts \(900\), got 1300",
        ),
        (
            lambda m: m + '[implementation]\nplacer = "fast"\n',
            r"\[implementation\] placer: must be 'heap', 'sa' or 'static', got 'fast'",
        ),
        (
            lambda m: m + '[implementation]\nrouter = "router2"\n',
            r"unknown field 'router' in \[implementation\] \(fields: placer, explore\)",
        ),
        (
            lambda m: m + '[implementation]\nexplore = { routing = ["router2"] }\n',
            r"\[implementation\] explore: unknown option 'routing' \(one of: placer, dff, nowidelut,",
        ),
        (
            lambda m: m + '[implementation]\nexplore = { router = ["router3"] }\n',
            r"\[implementation\] explore: option router: give one or more of its levels \(router1, router2\), got \['router3'\]",
        ),
    ],
)
def test_malformed_manifest_names_file_and_problem(tmp_path: Path, edit, words: str) -> None:
    path = make_core(tmp_path, edit(GOOD))
    with pytest.raises(ManifestError, match=rf"^{path}: .*{words}"):
        load_manifest(path)


def test_a_source_removed_after_loading_is_named_when_the_core_is_fingerprinted(tmp_path: Path) -> None:
    core = load_manifest(make_core(tmp_path, GOOD))
    (tmp_path / "tiny" / "tiny.v").unlink()
    with pytest.raises(HashbedError, match=r"core tiny: cannot read its source .*tiny\.v"):
        core.fingerprint()


def test_budget_reports_each_resource_it_misses(tmp_path: Path) -> None:
    core = load_manifest(make_core(tmp_path, GOOD + "[budget]\nluts = 1300\nffs = 1536\nbrams = 1\nluts_min = 900\n"))
    assert core.budget is not None and core.summary()["budget"] == {"luts": 1300, "ffs": 1536, "brams": 1, "luts_min": 900}
    assert core.budget.shortfalls(luts=1100, ffs=1000, brams=1, dsps=0) == []
    assert core.budget.shortfalls(luts=1400, ffs=1600, brams=0, dsps=1) == [
        "100 LUT4s over (1400 > 1300)",
        "64 flip-flops over (1600 > 1536)",
        "0 block RAMs, the budget has 1",
        "1 DSPs, the budget has none",
    ]
    assert core.budget.shortfalls(luts=800, ffs=10, brams=1, dsps=0) == ["100 LUT4s under the band (800 < 900)"]


def test_cores_match_or_beat_the_cycles_per_block_of_their_study() -> None:
    """The manifest's formula is the measured one (tests/flow/test_core_sim.py checks that)."""
    targets = [core for core in all_cores() if core.target_cycles is not None]
    assert targets, "no core names the study formula it must match"
    for core in targets:
        assert core.target_cycles is not None
        assert core.cycles.lp <= core.target_cycles.lp, f"{core.name}: {core.cycles} vs study {core.target_cycles}"


def test_every_core_folder_has_a_page_in_docs_cores() -> None:
    """A core folder of rtl/cores (one page per folder, also for a folder of several manifests,
    such as the *_lw ones) has its page docs/cores/<folder>.md."""
    repo = Path(__file__).resolve().parents[2]
    folders = sorted(path.parent.name for path in (repo / "rtl" / "cores").glob("*/*.toml"))
    assert {"sha1", "sha256", "sha256_lw"} <= set(folders)
    missing = sorted({name for name in folders if not (repo / "docs" / "cores" / f"{name}.md").is_file()})
    assert not missing, f"core folders without a page docs/cores/<folder>.md: {', '.join(missing)}"


def test_unknown_core_lists_known_ones() -> None:
    with pytest.raises(HashbedError, match="unknown core 'nope'; known cores: .*sha256"):
        load_core("nope")


def test_variant_manifests_share_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cores = tmp_path / "cores"
    cores.mkdir()
    make_core(cores, GOOD)
    (cores / "tiny" / "fast.toml").write_text(GOOD.replace("65*N", "33*N"))
    monkeypatch.setenv("HASHBED_CORES", str(cores))
    assert {"tiny", "tiny-fast"} <= set(core_names())
    fast = load_core("tiny-fast")
    assert fast.cycles.lp == 33 and fast.sources == load_core("tiny").sources
    assert fast.manifest == cores / "tiny" / "fast.toml"


def test_a_manifest_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = make_core(tmp_path, GOOD)
    path.write_bytes(GOOD.encode("utf-16"))
    with pytest.raises(ManifestError, match=rf"^{path}: not UTF-8 text \(byte 0\), as TOML must be; save it in UTF-8$"):
        load_manifest(path)


def test_a_target_that_is_not_a_finite_number_is_refused(tmp_path: Path) -> None:
    for value in ("nan", "inf"):
        with pytest.raises(ManifestError, match=rf"\[target\] kbps_per_lut4: must be a positive number, got {value}$"):
            load_manifest(make_core(tmp_path, GOOD + f"[target]\nkbps_per_lut4 = {value}\n"))


# --- fuzz: any manifest text gives a core or a one-line error ---------------------------------------

SHA1 = rtl_root() / "cores" / "sha1"
#: TOML values of the kinds the fields take, and of the kinds they must refuse.
_VALUES = (
    st.sampled_from(
        [
            '"sha1_core"',
            '["sha1_core.v", "sha1_datapath.v"]',
            '["sha_block_ctrl.v"]',
            "[1, 2]",
            '["no.v"]',
            "[]",
            "32",
            "-1",
            "0",
            "3.5",
            "nan",
            "inf",
            "true",
            '"sha-1"',
            '"fips"',
            '"basic-iterative"',
            '"1 + 16 + 81*N + 5"',
            '"81*N*N"',
            "{ W = 32 }",
            "{}",
            "1979-05-27",
            '"²"',
            '"heap"',
            '{ placer = "sa" }',
            "[[1], [2]]",
        ]
    )
    | st.integers().map(str)
    | st.text(max_size=8).map(json.dumps)
)
_KEYS = st.sampled_from(
    [
        "top",
        "files",
        "lib",
        "algorithm",
        "version",
        "architecture",
        "bus_width",
        "cycles",
        "parameters",
        "description",
        "byte_aligned_only",
        "target",
        "budget",
        "implementation",
        "kbps_per_lut4",
        "luts",
        "ffs",
        "brams",
        "luts_min",
        "placer",
        "W",
    ]
) | st.text(min_size=1, max_size=6).map(json.dumps)
_LINES = st.one_of(
    st.tuples(_KEYS, _VALUES).map(" = ".join),
    st.sampled_from(["[target]", "[budget]", "[parameters]", "[implementation]", "[[files]]", "# comment", ""]),
)


@pytest.fixture
def sha1_folder(tmp_path: Path) -> Path:
    """A copy of the sha1 core's folder, whose manifest the fuzz tests overwrite."""
    return Path(shutil.copytree(SHA1, tmp_path / "sha1"))


@FUZZ
@given(text=mutations((SHA1 / "core.toml").read_text()))
def test_fuzz_mutated_manifests_load_or_give_a_one_line_error(sha1_folder: Path, text: str) -> None:
    path = sha1_folder / "core.toml"
    path.write_text(text, encoding="utf-8")
    core = result_or_one_line_error(lambda: load_manifest(path))
    assert core is None or (core.name == "sha1" and core.cycles.lp >= 0)


@FUZZ
@given(lines=st.lists(_LINES, max_size=14))
def test_fuzz_toml_made_of_manifest_fields_loads_or_gives_a_one_line_error(sha1_folder: Path, lines: list[str]) -> None:
    path = sha1_folder / "core.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    result_or_one_line_error(lambda: load_manifest(path))
