"""Shared fixtures: where the KAT files are, isolated caches and databases."""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import blake256.blake256
import pytest
import skein  # pyskein: Skein 1.3 (round3)
from Crypto.Hash import SHA3_256, keccak
from groestlcoin_hash2.groestl import groestl  # type: ignore[import-untyped]

from hashbed.catalogue.cores import Core, load_manifest

ROOT = Path(__file__).resolve().parents[1]
#: The carried known answers (tests/data/kat/README.md): a sample file per algorithm version, and
#: every full KAT file in full.tar.xz (the fixtures ``full_kat_dir`` and ``kat_file``).
CARRIED_KAT_DIR = ROOT / "tests" / "data" / "kat"


def _carried_kat() -> ModuleType:
    """scripts/carried_kat.py, which makes the carried KAT files and unpacks the full ones."""
    spec = importlib.util.spec_from_file_location("carried_kat", ROOT / "scripts" / "carried_kat.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


carried_kat = _carried_kat()

#: Independent implementations (not hashbed's models), keyed by algorithm: bytes -> digest.
REFERENCES: dict[str, Callable[[bytes], bytes]] = {
    "sha-1/fips": lambda data: hashlib.sha1(data).digest(),
    "sha-256/fips": lambda data: hashlib.sha256(data).digest(),
    "skein-512-256/round3": lambda data: skein.skein512(data, digest_bits=256).digest(),
    # pycryptodome's Keccak is the round-3 padding (pad10*1); no package computes round 2
    "keccak-256/round3": lambda data: keccak.new(digest_bits=256, data=data).digest(),
    "sha3-256/fips202": lambda data: SHA3_256.new(data).digest(),
    # PyPI blake256: the final BLAKE-256 (14 rounds), so round3 only; no round-2 (10-round) package
    "blake-256/round3": lambda data: blake256.blake256.blake_hash(data),
    # groestlcoin-hash2's groestl(256) is plain Grøstl-256 after the round-3 tweak (it
    # gives the round-3 KAT digests; Grøstl-0 of round 2 is not in any package)
    "groestl-256/round3": lambda data: bytes(groestl(256).digest(data)),
    # luffa-256/round2: no package computes Luffa-256 alone (algomodule 2.0.0 has Luffa
    # only inside its chained X11-family hashes), so the KAT files are the reference
}


@pytest.fixture(scope="session")
def full_kat_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full KAT files (every file of the project's set, unchanged), unpacked once a session from
    the carried tests/data/kat/full.tar.xz, each checked against full.sha256. A missing or damaged
    archive fails every test that uses it."""
    folder, failure = tmp_path_factory.mktemp("kat"), ""
    try:
        carried_kat.unpack(folder)
    except carried_kat.CarriedKatError as exc:
        failure = str(exc)
    if failure:  # outside the except: the one line alone, without the error it replaces
        pytest.fail(failure, pytrace=False)
    return folder


#: A full KAT file by name (``kat_file("sha-1_fips_ShortMsgKAT.txt")``).
KatFile = Callable[[str], Path]


@pytest.fixture(scope="session")
def kat_file(full_kat_dir: Path) -> KatFile:
    """A full KAT file by name; a name the project does not carry fails the test, it does not skip."""

    def path(name: str) -> Path:
        found = full_kat_dir / name
        if not found.is_file():
            pytest.fail(f"{name} is not among the carried KAT files (tests/data/kat/full.sha256 lists them)", pytrace=False)
        return found

    return path


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "results.db"


# --- cores that misbehave -----------------------------------------------------------------

BROKEN_MANIFEST = """
top = "broken"
files = ["broken.v"]
algorithm = "sha-256"
version = "fips"
architecture = "basic-iterative"
bus_width = 32
cycles = "1 + 65*N + 8"
"""

SILENT = """`default_nettype none
module broken (input wire clk, input wire rst, input wire [31:0] din, input wire src_ready,
               output wire src_read, output wire [31:0] dout, input wire dst_ready, output wire dst_write);
    assign src_read = src_ready;  // swallows every word and never answers
    assign dout = 32'd0;
    assign dst_write = 1'b0;
endmodule
"""

GREEDY = SILENT.replace(
    "assign src_read = src_ready;  // swallows every word and never answers",
    "assign src_read = 1'b1;  // reads whether or not a word is there",
)


def broken_core(tmp_path: Path, verilog: str) -> Core:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "broken.v").write_text(verilog)
    (folder / "core.toml").write_text(BROKEN_MANIFEST)
    return load_manifest(folder / "core.toml")


@pytest.fixture(autouse=True)
def _tables_at_file_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables print at the width of a file or log whatever $COLUMNS the shell running the tests has
    (tests/console/test_printing.py sets it where it tests the fitting)."""
    monkeypatch.delenv("COLUMNS", raising=False)
