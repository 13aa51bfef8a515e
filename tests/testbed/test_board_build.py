"""The Vivado project of the testbed on a Zynq board, checked without Vivado: the Tcl parses, and run
with a stub for every Vivado command it creates the block design with the address map of
hashbed.testbed.address_map, from HDL files that exist."""

from __future__ import annotations

import json
import re
import tkinter
from dataclasses import replace
from pathlib import Path

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.testbed.address_map import (
    ADDRESS_MAP,
    BOARD_BLOCKS,
    BOARDS,
    DDR_BASE,
    DDR_RANGE,
    DMA,
    address_table,
    check_address_map,
    get_board,
)
from hashbed.testbed.board import Block
from hashbed.testbed.tcl import write_project

ROOT = Path(__file__).resolve().parents[2]

#: Vivado's commands that return objects: each returns its last argument (the object's name), so
#: that the command around it records what it was given.
QUERIES = ("get_bd_cells", "get_bd_pins", "get_bd_intf_pins", "get_bd_addr_spaces", "get_bd_addr_segs", "get_files", "get_runs")

STUBS = """
set ::calls {}
proc unknown {args} { lappend ::calls $args; return "" }
proc query {name args} { lappend ::calls [linsert $args 0 $name]; return [lindex $args end] }
foreach name {QUERIES} { interp alias {} $name {} query $name }
proc current_project {args} { return project }
proc current_fileset {args} { return sources_1 }
proc get_board_parts {args} {
    lappend ::calls [linsert $args 0 get_board_parts]
    return [string map {* 1.4} [lindex $args end]]
}
proc get_property {name object} {
    switch -- $name {
        PROGRESS { return 100% }
        DIRECTORY { return $::impl_dir }
    }
    error "get_property $name is not stubbed"
}
"""


def run_script(script: Path, impl_dir: Path) -> list[list[str]]:
    """Evaluate ``script`` with the Vivado stubs; the commands it called, with their arguments."""
    tcl = tkinter.Tcl()
    tcl.eval(STUBS.replace("QUERIES", " ".join(QUERIES)))
    tcl.setvar("impl_dir", str(impl_dir))
    tcl.eval(f"source {{{script}}}")
    return [[str(word) for word in tcl.splitlist(call)] for call in tcl.splitlist(tcl.eval("set ::calls"))]


def option(call: list[str], name: str) -> str:
    return call[call.index(name) + 1]


def vivado_size(text: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([KMG])", text).groups()  # type: ignore[union-attr]
    return int(number) << {"K": 10, "M": 20, "G": 30}[unit]


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, list[list[str]]]:
    """The SHA-1 project for the PYNQ-Z2, run through the stubs (with the outputs Vivado would leave)."""
    project = write_project(load_core("sha1"), get_board("pynq-z2"), tmp_path / "project")
    impl = tmp_path / "project" / "vivado" / "hashbed_sha1.runs" / "impl_1"
    impl.mkdir(parents=True)
    (impl / "hashbed_wrapper.bit").write_bytes(b"bit")
    handoff = tmp_path / "project" / "vivado" / "hashbed_sha1.gen" / "sources_1" / "bd" / "hashbed" / "hw_handoff"
    handoff.mkdir(parents=True)
    (handoff / "hashbed.hwh").write_text("<MODULES/>")
    return project.folder, run_script(project.script, impl)


def test_the_script_is_complete_tcl(tmp_path: Path) -> None:
    tcl = tkinter.Tcl()
    for name, board in BOARDS.items():
        text = write_project(load_core("sha256"), board, tmp_path / name).script.read_text()
        assert tcl.call("info", "complete", text) == 1
        assert tcl.call("info", "complete", text + "\n{") == 0  # the check can fail


def test_every_hdl_file_exists_and_defines_the_modules_the_design_uses(built: tuple[Path, list[list[str]]]) -> None:
    folder, calls = built
    added = [Path(path) for call in calls if call[0] == "add_files" and "-fileset" not in call for path in call[-1].split()]
    assert added and all(path.is_file() and path.parent == folder / "hdl" for path in added)
    assert [path.name for path in added][-1] == "testbed_top.v"  # the module reference's own file last
    text = "\n".join(path.read_text() for path in added)
    defined = set(re.findall(r"^\s*module\s+(\w+)", text, re.MULTILINE))
    references = [option(call, "-reference") for call in calls if call[0] == "create_bd_cell" and "-reference" in call]
    assert references == ["testbed_top"] and {"testbed_top", "hashbed_core", "sha1_core"} <= defined
    constraints = [Path(call[-1]) for call in calls if call[0] == "add_files" and "-fileset" in call]
    assert len(constraints) == 1 and constraints[0].is_file()


def test_the_addresses_are_the_address_map(built: tuple[Path, list[list[str]]]) -> None:
    _, calls = built
    assigned = {
        (option(call, "-target_address_space"), call[-2]): (int(option(call, "-offset"), 16), vivado_size(option(call, "-range")))
        for call in calls
        if call[0] == "assign_bd_address"
    }
    expected = {("ps7/Data", seg.segment): (seg.base, seg.range) for seg in ADDRESS_MAP}
    expected |= {
        (f"{DMA}/{space}", "ps7/S_AXI_HP0/HP0_DDR_LOWOCM"): (DDR_BASE, DDR_RANGE) for space in ("Data_MM2S", "Data_S2MM")
    }
    assert assigned == expected
    # every block of the map is a cell of the design, on its own master port of the register interconnect
    cells = {call[-1] for call in calls if call[0] == "create_bd_cell"}
    assert {seg.cell for seg in ADDRESS_MAP} <= cells
    wired = {call[2]: call[1] for call in calls if call[0] == "connect_bd_intf_net" and call[1].startswith("control/M")}
    assert sorted(wired) == sorted(f"{seg.cell}/{seg.interface}" for seg in ADDRESS_MAP)
    assert len(set(wired.values())) == len(ADDRESS_MAP)
    assert ["set_property", "CONFIG.NUM_MI", str(len(ADDRESS_MAP)), "control"] in calls


def test_the_design_has_the_studys_blocks_and_writes_the_bitstream_and_hwh(built: tuple[Path, list[list[str]]]) -> None:
    folder, calls = built
    ips = {option(call, "-vlnv").split(":")[2] for call in calls if call[0] == "create_bd_cell" and "-vlnv" in call}
    assert {"processing_system7", "axi_dma", "clk_wiz", "axi_timer", "axi_gpio", "proc_sys_reset", "axi_interconnect"} <= ips
    settings = [" ".join(call) for call in calls if call[0] == "set_property"]
    assert any("CONFIG.c_include_sg 0" in line and line.endswith(DMA) for line in settings)  # simple mode
    assert any("CONFIG.USE_DYN_RECONFIG true" in line and "CONFIG.INTERFACE_SELECTION Enable_AXI" in line for line in settings)
    assert any("CONFIG.W 32" in line and "CONFIG.OUT_WORDS 5" in line for line in settings)  # SHA-1: 160 bits
    assert ["set_property", "board_part", "tul.com.tw:pynq-z2:part0:1.4", "project"] in calls
    assert ["launch_runs", "impl_1", "-to_step", "write_bitstream", "-jobs", "2"] in calls
    assert (folder / "hashbed_sha1.bit").read_bytes() == b"bit" and (folder / "hashbed_sha1.hwh").is_file()


def test_the_zedboard_gets_its_part(tmp_path: Path) -> None:
    text = write_project(load_core("sha1"), get_board("zedboard"), tmp_path / "zed").script.read_text()
    assert "set part xc7z020clg484-1" in text and "avnet.com:zedboard:part0:*" in text
    assert (
        "set part xc7z020clg400-1" in write_project(load_core("sha1"), get_board("pynq-z2"), tmp_path / "z2").script.read_text()
    )


def test_the_address_map_is_aligned_and_disjoint() -> None:
    check_address_map()
    assert set(BOARD_BLOCKS) == set(Block) - {Block.SDI_FIFO}  # every block of the hash testbed
    timer = next(seg for seg in ADDRESS_MAP if seg.block is Block.TIMER)
    with pytest.raises(HashbedError, match="overlap"):
        check_address_map((*ADDRESS_MAP, replace(timer, cell="second_timer", base=timer.base, range=0x1000)))
    with pytest.raises(HashbedError, match="aligned"):
        check_address_map((replace(timer, base=timer.base + 0x800),))
    with pytest.raises(HashbedError, match="outside M_AXI_GP0"):
        check_address_map((replace(timer, base=0x8000_0000),))


def test_docs_show_the_address_map() -> None:
    assert address_table() in (ROOT / "docs" / "board.md").read_text()


def test_build_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "build", "sha256", "--board", "pynq-z2", "--out", str(tmp_path / "p"), "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert Path(written["script"]).is_file() and written["bitfile"].endswith("hashbed_sha256.bit")
    for argv, words in (
        (["board", "build", "sha256", "--board", "zynq-9000"], "unknown board 'zynq-9000'"),
        (["board", "build", "md5"], "unknown core 'md5'"),
        (["board", "build", "ascon"], "takes hash cores only"),
    ):
        assert main([*argv, "--out", str(tmp_path / "q")]) == 1
        error = capsys.readouterr().err
        assert words in error and len(error.strip().splitlines()) == 1
