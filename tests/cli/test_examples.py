"""The example of a user's project (examples/cores): a VHDL SHA-256 with GMU's conventions
(active-low flags, padding in the core) and a Verilog BLAKE2s-256 that hashbed has no model
of, taken through the same commands as a built-in core, from a library outside src/ and rtl/;
and the bad inputs a user's core can bring, each a one-line error with nothing stored."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import KatFile
from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.algorithms.kat import read_kat
from hashbed.catalogue.cores import CORES_ENV, load_core
from hashbed.catalogue.manifest import read_toml
from hashbed.cli.main import main
from hashbed.results import ResultStore
from hashbed.testbed.controller import Controller
from hashbed.testbed.simulated import SimulatedBoard

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "cores"
CARRIED = Path(__file__).resolve().parents[1] / "data" / "kat"
needs_ghdl = pytest.mark.skipif(shutil.which("ghdl") is None, reason="GHDL is not installed (.ci/run installs it)")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--cores", str(EXAMPLES), *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CORES_ENV, str(EXAMPLES))


def test_the_blake2s_vectors_are_hashlibs() -> None:
    """The example's vector file, against an independent implementation."""
    vectors = read_kat(EXAMPLES / "blake2s" / "blake2s-256_rfc7693_ShortMsgKAT.txt")
    assert len(vectors) > 200
    assert all(v.digest == hashlib.blake2s(v.message.data).digest() for v in vectors)


def test_a_core_without_a_model_is_verified_against_its_vectors(capsys, db: Path) -> None:
    code, out, err = run(capsys, "verify", "blake2s", "--db", str(db))
    assert code == 0, err
    match = re.match(r"blake2s: (\d+)/\1 digests match, 0 skipped \(blake2s-256_rfc7693_ShortMsgKAT.txt\); stalls src 0.3", out)
    assert match and int(match[1]) > 200
    # a wrong vector is found: the file is the check
    wrong = db.parent / "blake2s-256_rfc7693_ShortMsgKAT.txt"
    text = (EXAMPLES / "blake2s" / wrong.name).read_text()
    first = read_kat(EXAMPLES / "blake2s" / wrong.name)[0]
    flipped = bytes([first.digest[0] ^ 1]) + first.digest[1:]
    wrong.write_text(text.replace(first.digest.hex().upper(), flipped.hex().upper(), 1))
    code, _, err = run(capsys, "verify", "blake2s", "--kat", str(wrong), "--db", str(db))
    assert code == 1 and f"expected {flipped.hex().upper()}, core gave {first.digest.hex().upper()}" in err
    code, _, err = run(capsys, "measure", "blake2s", "--db", str(db))
    assert code == 1 and "hashbed has no model of blake2s-256 rfc7693" in err and len(err.splitlines()) == 1


@needs_ghdl
def test_the_vhdl_core_with_gmus_conventions_verifies_and_measures(capsys, db: Path) -> None:
    code, out, err = run(capsys, "verify", "sha256_gmu", "--db", str(db))  # generated messages, random stalls
    assert code == 0, err
    assert re.match(r"sha256_gmu: (\d+)/\1 digests match, 0 skipped \(fips vectors\); stalls src 0.3", out)
    sample = CARRIED / "sha-256_fips_SampleMsgKAT.txt"
    code, out, err = run(capsys, "verify", "sha256_gmu", "--kat", str(sample), "--segment-bits", "1024", "--db", str(db))
    assert code == 0, err
    code, out, _ = run(capsys, "measure", "sha256_gmu", "--json", "--db", str(db))
    measured = json.loads(out)
    assert code == 0 and measured["matches"] and (measured["lp"], measured["block_bits"]) == (65, 512)


@needs_ghdl
def test_the_vhdl_core_runs_in_the_testbed(examples: None) -> None:
    core = load_core("sha256_gmu")
    assert core.is_vhdl and core.hash_interface.ready_active_low and core.hash_interface.core_pads
    with SimulatedBoard(core) as board:
        controller = Controller(board, core)
        controller.configure_output()
        for size in (0, 55, 64, 200):
            message = Message(bytes(range(size)), 8 * size)
            transfer = controller.hash(message)
            assert transfer.correct and bytes.fromhex(transfer.digest) == hashlib.sha256(message.data).digest()


@needs_ghdl
def test_the_vhdl_core_passes_the_full_short_kat_file(capsys, db: Path, kat_file: KatFile) -> None:
    short = kat_file("sha-256_fips_ShortMsgKAT.txt")
    code, out, err = run(capsys, "verify", "sha256_gmu", "--kat", str(short), "--db", str(db))
    assert code == 0 and "0 skipped" in out, err


# --- bad input: one line, naming the file and the fix, nothing stored ----------------------------


def _user_core(tmp_path: Path, name: str, manifest: str, **files: str) -> Path:
    folder = tmp_path / "lib" / name
    folder.mkdir(parents=True)
    (folder / "core.toml").write_text(manifest)
    for file, text in files.items():
        (folder / file).write_text(text)
    return folder


def _one_line_nothing_stored(capsys, tmp_path: Path, db: Path, name: str, words: str) -> None:
    code = main(["--cores", str(tmp_path / "lib"), "verify", name, "--db", str(db)])
    err = capsys.readouterr().err
    assert code == 1 and len(err.splitlines()) == 1 and err.startswith("hashbed: error: ")
    assert re.search(words, err), err
    if db.exists():
        with ResultStore(db) as store:
            assert store.jobs() == []


MANIFEST = """top = "{top}"
files = [{files}]
algorithm = "sha-256"
version = "fips"
architecture = "basic-iterative"
bus_width = 32
cycles = "18 + 65*N + 8"
ready = "active-low"
padding = "core"
"""


def _copy_of_sha256_gmu(tmp_path: Path, top: str = "sha256_gmu", bus_width: int = 32, edit: str = "") -> Path:
    """The example VHDL core as a user's core ``bad``, with its ``top`` and ``bus_width``; ``edit``
    is put after the first ``begin`` of its last file."""
    names = read_toml(EXAMPLES / "sha256_gmu" / "core.toml")["files"]
    assert isinstance(names, list)
    files = {name: (EXAMPLES / "sha256_gmu" / name).read_text() for name in names}
    files[names[-1]] = files[names[-1]].replace("begin", f"begin{edit}", 1)
    listed = ", ".join(f'"{name}"' for name in names)
    manifest = MANIFEST.format(top=top, files=listed).replace("bus_width = 32", f"bus_width = {bus_width}")
    return _user_core(tmp_path, "bad", manifest, **files) / names[-1]


@needs_ghdl
def test_a_vhdl_syntax_error_is_ghdls_message(capsys, tmp_path: Path, db: Path) -> None:
    last = _copy_of_sha256_gmu(tmp_path, edit=" begin")
    _one_line_nothing_stored(capsys, tmp_path, db, "bad", rf"^hashbed: error: {last}:\d+:\d+: .*\(GHDL could not analyse")


@needs_ghdl
def test_a_vhdl_top_that_is_not_there(capsys, tmp_path: Path, db: Path) -> None:
    _copy_of_sha256_gmu(tmp_path, top="sha256")
    _one_line_nothing_stored(
        capsys, tmp_path, db, "bad", r"top 'sha256' is not an entity of the VHDL files \(entities: .*sha256_gmu"
    )


@needs_ghdl
def test_vhdl_ports_that_are_not_the_interfaces(capsys, tmp_path: Path, db: Path) -> None:
    _copy_of_sha256_gmu(tmp_path, bus_width=64)
    _one_line_nothing_stored(
        capsys,
        tmp_path,
        db,
        "bad",
        r"the ports of sha256_gmu are not the hash interface's \(din is input \[32\], not input \[64\]",
    )


VERILOG = """`default_nettype none
module odd (input wire clk, input wire rst, input wire [31:0] din, input wire src_ready, output wire src_read,
            output wire [31:0] dout, output wire dst_write);
    assign src_read = 1'b0;
    assign dout = 32'd0;
    assign dst_write = 1'b0;
endmodule
"""


def test_a_verilog_top_without_a_port_of_the_interface(capsys, tmp_path: Path, db: Path) -> None:
    manifest = MANIFEST.format(top="odd", files='"odd.v"').replace('ready = "active-low"\n', "")
    _user_core(tmp_path, "odd", manifest, **{"odd.v": VERILOG})
    _one_line_nothing_stored(
        capsys, tmp_path, db, "odd", r"core odd: its top odd has no port dst_ready: give it the ports of the hash"
    )


def test_a_verilog_top_that_is_not_in_its_files(capsys, tmp_path: Path, db: Path) -> None:
    manifest = MANIFEST.format(top="even", files='"odd.v"').replace('ready = "active-low"\n', "")
    folder = _user_core(tmp_path, "odd", manifest, **{"odd.v": VERILOG})
    _one_line_nothing_stored(
        capsys, tmp_path, db, "odd", rf"core odd: module even is not in its files: fix 'top' in {folder / 'core.toml'}"
    )


def test_a_manifest_with_a_missing_file(capsys, tmp_path: Path, db: Path) -> None:
    folder = _user_core(tmp_path, "gone", MANIFEST.format(top="x", files='"x.vhd"'))
    _one_line_nothing_stored(capsys, tmp_path, db, "gone", rf"{folder / 'core.toml'}: files: '{folder / 'x.vhd'}' does not exist")


def test_a_model_of_the_users_own_makes_messages_and_measures(capsys, db: Path) -> None:
    """blake2s-modelled: the same Verilog with examples/cores/blake2s/blake2s_model.py."""
    code, out, err = run(capsys, "verify", "blake2s-modelled", "--segment-bits", "1024", "--db", str(db))
    assert code == 0, err
    assert re.match(r"blake2s-modelled: (\d+)/\1 digests match, 0 skipped \(rfc7693 vectors\)", out)
    code, out, _ = run(capsys, "measure", "blake2s-modelled", "--json", "--db", str(db))
    measured = json.loads(out)
    assert code == 0 and measured["matches"] and (measured["lp"], measured["block_bits"]) == (20, 512)
