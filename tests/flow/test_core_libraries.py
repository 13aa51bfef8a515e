"""Users' core libraries: folders of cores outside hashbed's tree beside the built-in ones
(--cores DIR, $HASHBED_CORES), a broken manifest that breaks only its own core, cores of an
algorithm without a model, a model of the user's own, and the interface's conventions."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import Message, get_algorithm
from hashbed.catalogue.cores import CORES_ENV, catalogue, core_libraries, load_core, rtl_root
from hashbed.catalogue.interfaces import HashInterface
from hashbed.catalogue.interfaces.hash_words import message_words
from hashbed.catalogue.manifest import ManifestError
from hashbed.cli.main import main
from hashbed.errors import HashbedError

SHA1 = rtl_root() / "cores" / "sha1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty core library outside the tree; the search path is the built-in library alone."""
    monkeypatch.delenv(CORES_ENV, raising=False)
    folder = tmp_path / "my-cores"
    folder.mkdir()
    return folder


def copy_of_sha1(library: Path, name: str = "mysha1") -> Path:
    """The built-in SHA-1 core as a user's core: its own files, rtl/lib's from the built-in library."""
    folder = library / name
    folder.mkdir()
    for source in ("core.toml", "sha1_core.v", "sha1_datapath.v"):
        shutil.copy(SHA1 / source, folder / source)
    return folder


def test_a_library_adds_cores_beside_the_built_in_ones(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_of_sha1(library)
    monkeypatch.setenv(CORES_ENV, str(library))
    assert core_libraries() == [rtl_root() / "cores", library.resolve()]
    mine, builtin = load_core("mysha1"), load_core("sha1")
    assert mine.manifest == folder / "core.toml"
    # its own files from its folder, the lib files from the built-in rtl/lib: the same hardware
    assert mine.sources[:2] == (folder / "sha1_core.v", folder / "sha1_datapath.v")
    assert mine.sources[2:] == builtin.sources[2:] and all(rtl_root() / "lib" in p.parents for p in mine.sources[2:])
    assert mine.fingerprint() == builtin.fingerprint()


def test_a_lib_file_beside_the_manifest_comes_first(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_of_sha1(library)
    (folder / "onehot_reg_mux.v").write_text((rtl_root() / "lib" / "onehot_reg_mux.v").read_text() + "// mine\n")
    monkeypatch.setenv(CORES_ENV, str(library))
    mine = load_core("mysha1")
    assert folder / "onehot_reg_mux.v" in mine.sources
    assert mine.fingerprint() != load_core("sha1").fingerprint()


def test_a_name_that_clashes_names_both_manifests(capsys, library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_of_sha1(library, "sha1")
    code, _, err = run(capsys, "--cores", str(library), "cores")
    assert code == 1
    assert err == (
        f"hashbed: error: {SHA1 / 'core.toml'} and {library.resolve() / 'sha1' / 'core.toml'} both declare core 'sha1': "
        "rename one (a core is named after its folder, plus '-<file>' for a <file>.toml other than core.toml)\n"
    )


def test_a_broken_manifest_breaks_only_its_own_core(capsys, library: Path, db: Path) -> None:
    copy_of_sha1(library)
    broken = library / "broken"
    broken.mkdir()
    (broken / "core.toml").write_text('top = "x"\nfiles = ["missing.v"]\n')
    code, out, err = run(capsys, "cores", "--cores", str(library), "--names")
    assert code == 0 and {"mysha1", "sha1"} <= set(out.split()) and "broken" not in out.split()
    code, out, err = run(capsys, "cores", "--cores", str(library))
    assert code == 0 and "mysha1" in out
    assert err.startswith(f"hashbed: core broken is broken: {broken / 'core.toml'}: files: ")
    code, out, _ = run(capsys, "cores", "--cores", str(library), "--json")
    entries = {entry["name"]: entry for entry in json.loads(out)}
    assert "does not exist" in entries["broken"]["error"] and entries["mysha1"]["manifest"].endswith("mysha1/core.toml")
    code, _, err = run(capsys, "verify", "broken", "--cores", str(library), "--db", str(db))
    assert code == 1 and len(err.splitlines()) == 1 and "missing.v' does not exist" in err


def test_a_folder_that_is_not_there_is_named(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "--cores", str(tmp_path / "nope"), "cores")
    assert code == 1
    assert (
        err == f"hashbed: error: --cores {tmp_path / 'nope'}: no such folder; give a folder of core folders (<name>/core.toml)\n"
    )


def test_a_folder_name_too_long_is_named(capsys, tmp_path: Path) -> None:
    long = tmp_path / ("a" * 300)
    code, _, err = run(capsys, "--cores", str(long), "cores")
    told = f"hashbed: error: --cores {long}: cannot read it (File name too long); give a folder of core folders\n"
    assert code == 1 and err == told


def test_a_catalogue_without_cores_says_where_it_looked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hashbed.catalogue.cores.rtl_root", lambda: tmp_path)
    monkeypatch.delenv(CORES_ENV, raising=False)
    with pytest.raises(HashbedError, match=rf"^no core manifests \(<name>/core.toml\) in {tmp_path / 'cores'}: "):
        catalogue()


UNKNOWN = """top = "tiny"
files = ["tiny.v"]
algorithm = "my-hash"
version = "v1"
architecture = "basic-iterative"
bus_width = 32
cycles = "1 + 16 + 65*N + 8"
"""


def _tiny(library: Path, manifest: str, **files: str) -> Path:
    folder = library / "tiny"
    folder.mkdir(exist_ok=True)
    (folder / "tiny.v").write_text("module tiny; endmodule\n")
    (folder / "core.toml").write_text(manifest)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def test_a_core_without_a_model_loads_and_says_how_to_verify_it(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tiny(library, UNKNOWN)
    monkeypatch.setenv(CORES_ENV, str(library))
    core = load_core("tiny")
    assert not core.has_model and load_core("sha1").has_model
    with pytest.raises(HashbedError, match=r"^core tiny: hashbed has no model of my-hash v1; verify it against vector files"):
        core.algorithm  # noqa: B018


MODEL = """
import hashlib
from hashbed.catalogue.algorithms.sha import Sha256

class Mine(Sha256):
    name, version = "my-hash", "v1"

    def digest(self, message):
        return hashlib.sha256(message.data).digest()

MODEL = Mine()
"""


def test_a_model_of_the_users_own(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tiny(library, UNKNOWN + 'model = "mine.py"\n', **{"mine.py": MODEL})
    monkeypatch.setenv(CORES_ENV, str(library))
    core = load_core("tiny")
    assert core.has_model and core.algorithm.digest(Message.from_bytes(b"abc")) == hashlib.sha256(b"abc").digest()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("MODEL = 3\n", "defines no MODEL"),
        ("raise ValueError('nope')\n", r"the model does not load \(ValueError: nope\)"),
        (MODEL.replace('"my-hash", "v1"', '"other", "v1"'), "MODEL is other v1, the manifest says my-hash v1"),
    ],
)
def test_a_model_file_that_is_wrong_is_one_line(library: Path, monkeypatch: pytest.MonkeyPatch, text: str, words: str) -> None:
    _tiny(library, UNKNOWN + f'model = "{len(text)}.py"\n', **{f"{len(text)}.py": text})
    monkeypatch.setenv(CORES_ENV, str(library))
    with pytest.raises(HashbedError, match=words):
        load_core("tiny").algorithm  # noqa: B018


def test_conventions_are_manifest_fields(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tiny(library, UNKNOWN + 'ready = "active-low"\npadding = "core"\n')
    monkeypatch.setenv(CORES_ENV, str(library))
    core = load_core("tiny")
    assert core.hash_interface == HashInterface(32, ready_active_low=True, core_pads=True)
    assert core.fingerprint() != load_manifest_without(library, "ready").fingerprint()


def load_manifest_without(library: Path, field: str) -> object:
    path = library / "tiny" / "core.toml"
    path.write_text("\n".join(line for line in path.read_text().splitlines() if not line.startswith(field)) + "\n")
    return load_core("tiny")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ('ready = "low"\n', "ready: must be 'active-high' or 'active-low', got 'low'"),
        ('padding = "hw"\n', "padding: must be 'host' or 'core', got 'hw'"),
        ('vectors = ["none.txt"]\n', "none.txt' does not exist: add the file, or fix the name"),
        ('header = "gmu-round2"\npadding = "core"\n', "GMU's round-2 headers carry host-padded segments"),
        ('header = "gmu-sha3"\npadding = "core"\n', "GMU's SHA-3 core pads and has a 64-bit bus"),
    ],
)
def test_wrong_conventions_are_refused(library: Path, monkeypatch: pytest.MonkeyPatch, extra: str, words: str) -> None:
    _tiny(library, UNKNOWN + extra)
    monkeypatch.setenv(CORES_ENV, str(library))
    with pytest.raises(ManifestError, match=words):
        load_core("tiny")


def test_gmus_sha3_command_word_needs_an_algorithm_it_has_a_mode_for(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tiny(library, UNKNOWN.replace("bus_width = 32", "bus_width = 64") + 'header = "gmu-sha3"\npadding = "core"\n')
    monkeypatch.setenv(CORES_ENV, str(library))
    with pytest.raises(ManifestError, match="has modes for sha3-256, sha3-512, shake128, shake256, not my-hash"):
        load_core("tiny")


def test_vhdl_and_verilog_do_not_mix(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _tiny(library, UNKNOWN.replace('["tiny.v"]', '["tiny.v", "x.vhd"]'), **{"x.vhd": "-- empty\n"})
    monkeypatch.setenv(CORES_ENV, str(library))
    with pytest.raises(ManifestError, match=f"^{folder / 'core.toml'}: files: a core is all VHDL or all Verilog"):
        load_core("tiny")


# --- the word stream of a core that pads itself ------------------------------------------------


def test_a_core_that_pads_gets_the_message_words_alone() -> None:
    interface = HashInterface(32, core_pads=True)
    abc = Message.from_bytes(b"abc")
    assert interface.message_words(abc, None) == [0x80000018, 0x61626300]
    assert interface.message_words(Message(b"", 0), None) == [0x80000000]
    assert interface.message_words(Message.from_prefix(b"\xff", 5), None) == [0x80000005, 0xF8000000]
    # host padding, for comparison: the model's padded blocks
    assert HashInterface(32).message_words(abc, load_core("sha256").algorithm) == message_words(
        load_core("sha256").algorithm, abc, 32
    )


def test_a_core_that_pads_gets_whole_blocks_in_segments_that_are_not_the_last() -> None:
    sha256 = load_core("sha256").algorithm
    data = bytes(range(100))
    words = HashInterface(64, core_pads=True).message_words(Message.from_bytes(data), sha256, segment_bits=512)
    assert words[0] == 512 and words[9] == (1 << 63) | (800 - 512)
    assert b"".join(w.to_bytes(8, "big") for w in words[1:9] + words[10:]) == data + bytes(4)
    with pytest.raises(HashbedError, match="splitting a message into segments needs the algorithm's block size"):
        HashInterface(32, core_pads=True).message_words(Message.from_bytes(data), None, segment_bits=512)


def test_gmus_round2_headers_carry_padded_lengths_and_the_last_segments_message_bits() -> None:
    """GMU's round-2 packages (header = "gmu-round2"): a header holds the padded segment's length,
    LAST in bit 0, and the last segment's header is followed by the message bits in it."""
    sha256 = load_core("sha256").algorithm
    abc = Message.from_bytes(b"abc")
    padded = list(message_words(sha256, abc, 32))[1:]  # the interface's data words: the padded block
    round2 = HashInterface(32, header="gmu-round2")
    assert round2.message_words(abc, sha256) == [512 | 1, 24, *padded]
    data = bytes(range(100))  # two padded blocks, split after the first
    words = round2.message_words(Message.from_bytes(data), sha256, segment_bits=512)
    assert words[0] == 512 and words[17:19] == [512 | 1, 800 - 512] and len(words) == 1 + 16 + 2 + 16
    assert b"".join(w.to_bytes(4, "big") for w in words[1:17] + words[19:]) == sha256.pad(Message.from_bytes(data))
    # a message whose padding fills more blocks than it: the last segment holds none of its bits
    jh = load_core("jh256-round2").algorithm
    short = Message.from_bytes(b"\x6a\x6a\xb6\xc2\x14")
    split = HashInterface(64, header="gmu-round2").message_words(short, jh, segment_bits=512)
    assert split[0] == 512 and split[9:11] == [512 | 1, 0]


def test_gmus_sha3_command_word_names_mode_output_and_message_bits() -> None:
    """GMU's SHA-3 core (header = "gmu-sha3"): one command word, then the message words; the
    words of message 2 of GMUCERG/SHAKE's ALL_ZERO_ALL_VERSION_IN.txt, whose MD hashlib gives."""
    core = HashInterface(64, core_pads=True, header="gmu-sha3")
    sha3 = get_algorithm("sha3-256", "fips202")
    message = Message.from_bytes(bytes.fromhex("06155023"))
    assert core.message_words(message, sha3) == [0x8000010000000020, 0x0615502300000000]
    assert sha3.digest(message) == hashlib.sha3_256(bytes.fromhex("06155023")).digest()
    with pytest.raises(HashbedError, match="takes a message in one command: leave out --segment-bits"):
        core.message_words(message, sha3, segment_bits=1088)
    with pytest.raises(HashbedError, match="names the algorithm: messages for this core need its model"):
        core.message_words(message, None)
    with pytest.raises(HashbedError, match="has no mode for sha-256"):
        core.message_words(message, get_algorithm("sha-256", "fips"))


def test_a_core_that_pads_without_a_model_gets_one_segment_a_header_can_hold() -> None:
    with pytest.raises(ValueError, match="a 16-bit header holds segment lengths below 2\\*\\*15 bits, got 40000"):
        HashInterface(16, core_pads=True).message_words(Message(bytes(5000), 40000), None)
