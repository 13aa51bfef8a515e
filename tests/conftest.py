"""Shared fixtures: where the KAT files are, isolated caches and databases."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from groestlcoin_hash2.groestl import groestl  # type: ignore[import-untyped]

from hashbed.cores import Core, load_manifest

KAT_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "kat"

#: Independent implementations (not hashbed's models), keyed by algorithm: bytes -> digest.
REFERENCES: dict[str, Callable[[bytes], bytes]] = {
    "sha-1/fips": lambda data: hashlib.sha1(data).digest(),
    "sha-256/fips": lambda data: hashlib.sha256(data).digest(),
    # groestlcoin-hash2's groestl(256) is plain Grøstl-256 after the round-3 tweak (it
    # gives the round-3 KAT digests; Grøstl-0 of round 2 is not in any package)
    "groestl-256/round3": lambda data: bytes(groestl(256).digest(data)),
}


def kat_file(name: str) -> Path:
    """A file of ../shared/kat; the test is skipped where that folder is absent."""
    path = KAT_DIR / name
    if not path.is_file():
        pytest.skip(f"{path} not present")
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

GREEDY = SILENT.replace("assign src_read = src_ready;  // swallows every word and never answers",
                        "assign src_read = 1'b1;  // reads whether or not a word is there")  # fmt: skip


def broken_core(tmp_path: Path, verilog: str) -> Core:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "broken.v").write_text(verilog)
    (folder / "core.toml").write_text(BROKEN_MANIFEST)
    return load_manifest(folder / "core.toml")
