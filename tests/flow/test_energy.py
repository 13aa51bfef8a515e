"""The energy estimate: hashbed's ECP5 cell models against the RTL, the capacitance model's
arithmetic, and the estimate of a real core (whose netlist must hash correctly)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from hashbed.cli.main import main
from hashbed.flow.energy.activity import CELL_MODELS, Activity
from hashbed.flow.energy.model import EnergyModel, dynamic_energy_pj
from hashbed.flow.energy.netlist import ActivityNetlist, Net, activity_netlist
from hashbed.flow.sim.icarus import compile_simulation, run_simulation
from hashbed.flow.tools import YOSYS

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize(("width", "depth"), [(32, 512), (16, 1024), (8, 2048), (4, 4096)])
def test_block_ram_model_reads_what_the_rtl_reads(tmp_path: Path, width: int, depth: int) -> None:
    """A preloaded RAM that Yosys maps to a DP16KD: the netlist on hashbed's models prints
    the same words as the RTL, for the preloaded contents and for random writes."""
    rtl = tmp_path / "ram_probe.v"  # the probe with this width and depth as its defaults (the testbench sets none)
    text = (DATA / "ram_probe.v").read_text()
    rtl.write_text(text.replace("WIDTH = 16", f"WIDTH = {width}").replace("DEPTH = 512", f"DEPTH = {depth}"))
    script = "read_verilog -sv ram_probe.v; synth_ecp5 -top top -json synth.json"
    subprocess.run([YOSYS.command(), "-q", "-p", script], cwd=tmp_path, check=True, capture_output=True)
    netlist = activity_netlist(tmp_path / "synth.json", "top")
    assert netlist.cells.get("DP16KD") == 1
    (tmp_path / "netlist.v").write_text(netlist.verilog)
    words = {}
    for name, sources in (("rtl", [rtl]), ("netlist", [CELL_MODELS, tmp_path / "netlist.v"])):
        overrides = {"WIDTH": width, "DEPTH": depth}
        executable = compile_simulation(tmp_path / name, [*sources, DATA / "ram_probe_tb.v"], "tb", overrides)
        words[name] = run_simulation(executable, {}).split()
    assert len(words["rtl"]) == depth + 1999 and words["netlist"] == words["rtl"]


def test_dynamic_energy_adds_pin_and_fanout_capacitance_per_toggle_and_the_clock() -> None:
    netlist = ActivityNetlist(
        verilog="",
        cells={"TRELLIS_FF": 2, "LUT4": 1, "DP16KD": 1},
        enables={"DP16KD": [7, "1"]},
        nets={1: Net("LUT4", "Z", 3), 2: Net("CCU2C", "COUT", 1), 3: Net("port", "din", 5), 7: Net("TRELLIS_FF", "Q", 1)},
    )
    activity = Activity(cycles=10, toggles={1: 4, 2: 2, 3: 100}, high_cycles={7: 6.0})
    model = EnergyModel(volts=1.0)
    expected_fj = 4 * 0.5 * (15 + 3 * 40) + 2 * 0.5 * (3 + 1 * 3) + 10 * 2 * 10  # ports are the source's
    expected_pj = expected_fj * 1e-3 + (6 + 10) * model.bram_access_pj  # port A 6 cycles enabled, port B always
    assert dynamic_energy_pj(model, netlist, activity) == pytest.approx(expected_pj)


def test_energy_of_a_core_from_its_synthesized_netlist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["energy", "sha1", "--device", "ecp5-25k", "--db", str(tmp_path / "db"), "--build-dir", str(tmp_path), "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["error"] is None and 0.5 < result["dynamic_pj_per_bit"] < 500
    assert result["static_pj_per_bit"] == pytest.approx(30.0 * 1e3 / result["throughput_mbps"], rel=1e-3)
    assert result["energy_pj_per_bit"] == pytest.approx(result["dynamic_pj_per_bit"] + result["static_pj_per_bit"], abs=0.01)
    assert main([*argv[:-1], "--device", "ice40-hx8k"]) == 1
    assert "energy estimates exist for ECP5 devices only" in capsys.readouterr().err
