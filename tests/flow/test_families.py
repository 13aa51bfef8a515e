"""The open families beside ECP5 and iCE40 (docs/families.md): Nexus, MachXO2/XO3, Gowin and
GateMate in the catalogue and the flow, their pins, areas and timing notes, and one real
implementation of SHA-1 on each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import DEVICES, FAMILIES, get_device, package_pins
from hashbed.catalogue.options import check_choice, option_names, tool_args
from hashbed.cli.main import main
from hashbed.flow.impl import families
from hashbed.flow.impl.implement import DoesNotFit, ImplResult, ImplSettings, _failure_reason, check_fit
from hashbed.flow.impl.pins import assign, port_bits, write_constraints
from hashbed.flow.tools import NEXTPNR
from hashbed.results.schema import ImplementOutputs
from hashbed.studies.ranking import area_text

NEW = ("nexus", "machxo2", "gowin", "gatemate")


def test_every_family_has_devices_a_tool_and_a_synthesis_command() -> None:
    for family in FAMILIES:
        devices = [d for d in DEVICES.values() if d.family == family]
        assert devices and family in NEXTPNR and family in families.SYNTH
    for device in DEVICES.values():
        assert device.area_unit == ("CPE" if device.family == "gatemate" else "LUT4")
        assert device.package and device.luts > 0 and device.ffs > 0 and device.io_pins > 0
    assert families.synth_command(get_device("gowin-gw2a18")) == "synth_gowin -noiopads -family gw2a"
    assert families.synth_command(get_device("machxo2-1k")) == "synth_lattice -family xo2"
    assert families.synth_command(get_device("gatemate-a1")) == "synth_gatemate -luttree -nomx8 -noiopad"


def test_devices_command_lists_every_family(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "--json"]) == 0
    listed = {d["name"]: d for d in json.loads(capsys.readouterr().out)}
    assert {d["family"] for d in listed.values()} == set(FAMILIES)
    assert listed["gatemate-a1"]["area_unit"] == "CPE" and listed["gatemate-a1"]["luts"] == 20480
    assert listed["nexus-40k"]["speed"] == "7" and listed["gowin-gw1n9"]["part"] == "GW1NR-LV9QN88PC6/I5"
    assert main(["devices"]) == 0
    table = capsys.readouterr().out
    for name in ("nexus-17k", "machxo3-7k", "gowin-gw2a18", "gatemate-a1", "20480 CPE"):
        assert name in table


def test_pin_families_have_a_pin_for_every_io_and_a_clock_input_first() -> None:
    for device in DEVICES.values():
        pins = package_pins(device.part)
        if device.family not in ("nexus", "gowin"):
            assert pins == ()
            continue
        assert len(pins) == device.io_pins and len({pin.name for pin in pins}) == len(pins)
        others = [pin.shared for pin in pins if not pin.clock]
        assert pins[0].clock and others == sorted(others)


def _netlist(tmp_path: Path, ports: dict[str, Any]) -> Path:
    path = tmp_path / "synth.json"
    path.write_text(json.dumps({"modules": {"top": {"ports": ports, "cells": {}}}}))
    return path


def test_port_bits_are_named_as_nextpnr_names_them_the_clock_first(tmp_path: Path) -> None:
    netlist = _netlist(
        tmp_path,
        {
            "din": {"direction": "input", "bits": [2, 3]},
            "clk": {"direction": "input", "bits": [4]},
            "up": {"direction": "output", "bits": [5, 6], "upto": 1},
            "off": {"direction": "output", "bits": [7], "offset": 3},
        },
    )
    assert port_bits(netlist, "top") == ["clk", "din[0]", "din[1]", "up[1]", "up[0]", "off[3]"]


def test_constraints_put_the_clock_on_a_clock_input_and_hp_banks_at_1v8(tmp_path: Path) -> None:
    netlist = _netlist(tmp_path, {"rst": {"bits": [2]}, "clk": {"bits": [3]}, "d": {"bits": list(range(4, 64))}})
    nexus = get_device("nexus-17k")
    placed = dict(assign(port_bits(netlist, "top"), package_pins(nexus.part)))
    assert placed["clk"].clock and placed["clk"].name == "N4"  # PCLKT5_0, in a 1.8 V bank
    assert len({pin.name for pin in placed.values()}) == len(placed)
    assert write_constraints(nexus, netlist, "top", tmp_path) == ["--pdc", "pins.pdc"]
    pdc = (tmp_path / "pins.pdc").read_text()
    assert f"ldc_set_location -site {{{placed['clk'].name}}} [get_ports {{clk}}]" in pdc
    high_performance = sum(pin.bank in (3, 4, 5) for pin in placed.values())
    assert pdc.count("IO_TYPE=LVCMOS18H") == high_performance > 0
    assert write_constraints(get_device("gowin-gw1n9"), netlist, "top", tmp_path) == ["--vopt", "cst=pins.cst"]
    assert 'IO_LOC "clk" 10;' in (tmp_path / "pins.cst").read_text()  # pin 10: GCLKT_3 of QN88P
    assert write_constraints(get_device("gatemate-a1"), netlist, "top", tmp_path) == []


def test_nexus_carry_chains_start_unconnected(tmp_path: Path) -> None:
    path = tmp_path / "synth.json"
    cells = {
        "low": {"type": "VLO", "connections": {"Z": [9]}},
        "first": {"type": "CCU2", "connections": {"CIN": [9], "COUT": [10]}},
        "next": {"type": "CCU2", "connections": {"CIN": [10], "COUT": [11]}},
    }
    path.write_text(json.dumps({"modules": {"top": {"cells": cells}}}))
    families.fix_netlist("ecp5", path)
    assert json.loads(path.read_text())["modules"]["top"]["cells"]["first"]["connections"]["CIN"] == [9]
    families.fix_netlist("nexus", path)
    fixed = json.loads(path.read_text())["modules"]["top"]["cells"]
    assert fixed["first"]["connections"]["CIN"] == ["x"] and fixed["next"]["connections"]["CIN"] == [10]


def test_lower_bounds_and_usage_per_family(tmp_path: Path) -> None:
    assert families.synthesized_area("nexus", {"LUT4": 10, "CCU2": 3, "WIDEFN9": 2, "FD1P3IX": 5}) == 20
    assert families.synthesized_area("gowin", {"LUT3": 4, "ALU": 2, "MUX2_LUT5": 9}) == 6
    assert families.synthesized_area("gatemate", {"CC_L2T4": 3, "CC_L2T5": 2}) == 3
    assert families.synthesized_ffs("gowin", {"DFFE": 3, "DFFRE": 2, "LUT4": 1}) == 5
    used = {"LUT4": 90, "ALU": 10, "DFF": 50, "BSRAM": 1}
    assert families.usage("gowin", used, tmp_path) == families.Usage(100, 50, 1, 0)
    routed = tmp_path / "routed.json"
    bels = ["X1Y1/CPE_LT_U", "X1Y1/CPE_FF_U", "X2Y1/CPE_BRIDGE", "X3Y1/IOSEL", ""]
    cells = {f"c{i}": {"attributes": {"NEXTPNR_BEL": bel}} for i, bel in enumerate(bels)}
    routed.write_text(json.dumps({"modules": {"top": {"cells": cells}}}))
    assert families.usage("gatemate", {"CPE_FF": 1, "RAM_HALF": 2}, tmp_path) == families.Usage(2, 1, 2, 0)


def test_timing_notes_name_what_is_not_timed() -> None:
    assert families.timing_note("ecp5", {"TRELLIS_COMB": 10, "DP16KD": 1}) is None
    assert families.timing_note("gowin", {"LUT4": 10}) is None
    assert "DSP" in (families.timing_note("gowin", {"LUT4": 10, "MULT18X18": 1}) or "")
    assert "zero delay" in (families.timing_note("gatemate", {"CPE_BRIDGE": 3}) or "")
    assert "distributed RAM" in (families.timing_note("machxo2", {"TRELLIS_RAMW": 2}) or "")


def test_area_unit_and_timing_note_are_stored_only_where_they_say_something() -> None:
    plain = ImplResult("ecp5-25k", 1, 100.0, ok=False).as_dict()
    assert "area_unit" not in plain and "timing_note" not in plain
    gatemate = ImplResult("gatemate-a1", 1, 100.0, ok=False, area_unit="CPE", timing_note="bridges").as_dict()
    assert gatemate["area_unit"] == "CPE" and gatemate["timing_note"] == "bridges"
    ImplementOutputs.model_validate(gatemate)
    ImplementOutputs.model_validate(plain)


def test_keys_of_the_old_families_are_unchanged_and_the_new_ones_name_their_pins() -> None:
    sha1 = load_core("sha1")
    inputs = ImplSettings(get_device("ecp5-25k")).inputs(sha1)
    assert inputs["synth"] == "synth_ecp5" and "package_pins" not in inputs
    nexus = ImplSettings(get_device("nexus-40k")).inputs(sha1)
    assert nexus["synth"] == "synth_nexus" and nexus["nextpnr_args"] == ["--device", "LIFCL-40-7BG400C", "--router", "router1"]
    routed2 = ImplSettings(get_device("nexus-40k"), options=(("router", "router2"),)).inputs(sha1)
    assert routed2["nextpnr_args"] == ["--device", "LIFCL-40-7BG400C", "--router", "router2"]
    assert len(nexus["package_pins"]) == 10
    assert "package_pins" not in ImplSettings(get_device("gatemate-a1")).inputs(sha1)
    skein = load_core("skein512-round3")  # its manifest pins the static placer, which nextpnr-nexus lacks
    assert ImplSettings(get_device("nexus-40k")).inputs(skein)["nextpnr_args"][:2] == ["--device", "LIFCL-40-7BG400C"]
    assert "--placer" not in ImplSettings(get_device("nexus-40k")).inputs(skein)["nextpnr_args"]
    assert ImplSettings(get_device("gowin-gw2a18")).inputs(skein)["nextpnr_args"][-2:] == ["--placer", "static"]


def test_each_family_has_the_options_its_tools_have() -> None:
    assert "static" not in check_option_levels("nexus", "placer") and "static" in check_option_levels("gowin", "placer")
    assert check_option_levels("gatemate", "router")[0] == "router2" and check_option_levels("nexus", "router")[0] == "router1"
    assert "dff" not in option_names("gowin") and "dff" not in option_names("gatemate")
    assert tool_args(check_choice({"widelut": "on", "noccu2": "on"}, "machxo2"), "yosys") == ["-widelut", "-noccu2"]
    assert tool_args(check_choice({"noalu": "on", "router": "router2"}, "gowin"), "yosys") == ["-noalu"]
    assert tool_args(check_choice({"router": "router1"}, "gatemate"), "nextpnr") == ["--router", "router1"]


def check_option_levels(family: str, name: str) -> tuple[str, ...]:
    from hashbed.catalogue.options import OPTIONS

    return OPTIONS[name].levels[family]


def test_a_synthesized_design_over_a_small_device_does_not_fit() -> None:
    stat = {"modules": {}, "design": {"num_port_bits": 38, "num_cells_by_type": {"CC_L2T4": 50000, "CC_DFF": 10}}}
    with pytest.raises(DoesNotFit, match="needs 25000 CPEs after synthesis, gatemate-a1 has 20480"):
        check_fit(load_core("sha1"), get_device("gatemate-a1"), stat)


def test_a_crash_of_a_webassembly_tool_is_named_in_one_line(tmp_path: Path) -> None:
    log = "Info: Slack histogram:\nTraceback (most recent call last):\n    1: wasm trap: out of bounds memory access\n\n"
    reason = _failure_reason("nextpnr", log, 1, tmp_path, {})
    assert reason == "nextpnr crashed (wasm trap: out of bounds memory access); a native build of it may not (docs/families.md)"
    assert (
        _failure_reason("nextpnr", "Info: a\nlast words\n\n", 1, tmp_path, {}) == "nextpnr exited with status 1 (log: last words)"
    )


def test_timing_simulation_refuses_a_new_family_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["time", "sha1", "--device", "gowin-gw1n9", "--db", str(tmp_path / "r.db"), "--build-dir", str(tmp_path)]
    assert main(argv) != 0
    err = capsys.readouterr().err.strip()
    assert "no cell models for gowin" in err and "\n" not in err
    assert not (tmp_path / "impl").exists()  # refused before implementing


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One store and build folder for the real runs below: nexus-17k reuses nexus-40k's netlist."""
    work = tmp_path_factory.mktemp("families")
    return work / "results.db", work / "build"


@pytest.mark.parametrize("device", ["nexus-40k", "machxo3-7k", "gowin-gw1n9", "gatemate-a1"])
def test_sha1_places_and_routes_on_each_family(device: str, store: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    db, build = store
    assert main(["implement", "sha1", "--device", device, "--db", str(db), "--build-dir", str(build), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    unit = get_device(device).area_unit
    assert out["ok"] and out["fits"] and out["luts"] > 300 and out["ffs"] >= 1138 and out["fmax_mhz"] > 10
    assert out.get("area_unit", "LUT4") == unit
    assert (out.get("timing_note") is not None) == (device == "gatemate-a1")  # its bridges
    family = get_device(device).family
    assert out["tools"]["nextpnr"].startswith(NEXTPNR[family].package)
    available = json.loads((Path(out["run_dir"]) / "report.json").read_text())["utilization"]
    counted = {"nexus": "OXIDE_COMB", "machxo2": "TRELLIS_COMB", "gowin": "LUT4", "gatemate": "CPE_COMP"}[family]
    assert available[counted]["available"] == get_device(device).luts  # the catalogue's counts are nextpnr's
    assert main(["implement", "sha1", "--device", device, "--db", str(db), "--build-dir", str(build)]) == 0
    text = capsys.readouterr().out
    assert f"{out['luts']} {'CPEs' if unit == 'CPE' else 'LUTs'}" in text
    assert ("timing incomplete:" in text) == (device == "gatemate-a1")


def test_a_core_with_more_port_bits_than_pins_is_one_line(store: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    db, build = store
    code = main(["implement", "sha1", "--device", "nexus-17k", "--db", str(db), "--build-dir", str(build)])
    err = capsys.readouterr().err.strip()
    assert code != 0 and "\n" not in err
    assert "does not fit: core sha1 needs 70 port bits after synthesis, nexus-17k has 67 (choose a device with more I/O)" in err


def test_a_cpe_area_is_printed_with_its_unit() -> None:
    assert area_text({"luts": 1836, "area_unit": "CPE"}) == "1836 CPEs"
    assert area_text({"luts": 757}) == "757"  # a LUT4 row keeps its plain count
