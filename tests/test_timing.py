"""Post-route timing simulation: the calibration against static timing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hashbed.cores import load_core, rtl_root
from hashbed.impl.devices import get_device
from hashbed.impl.flow import ImplSettings, implement
from hashbed.testbed.controller import search_max_frequency
from hashbed.timing.sdf import read_sdf
from hashbed.timing.simulate import CALIBRATION_TESTBENCH, CELL_MODELS, compile_simulation, run_simulation, period_ps, write_timed_netlist


@pytest.fixture(scope="module")
def calibration(tmp_path_factory: pytest.TempPathFactory) -> tuple[float, Path]:
    """carry_adder placed and routed on ice40-hx8k: its static Fmax and its timing simulation."""
    build = tmp_path_factory.mktemp("calibration")
    source = rtl_root() / "calibration" / "carry_adder.v"
    # the implementation flow takes a catalogue entry; only name, top, sources and parameters matter here
    design = dataclasses.replace(load_core("sha1"), name="carry_adder", top="carry_adder", sources=(source,), parameters={})
    result = implement(design, ImplSettings(get_device("ice40-hx8k"), seed=1), build)
    assert result.ok and result.fmax_mhz, result.error
    timed = write_timed_netlist(Path(result.run_dir), "ice40")
    executable = compile_simulation(build / "calibration.vvp", [CALIBRATION_TESTBENCH, timed, source, CELL_MODELS["ice40"]], "tb")
    return result.fmax_mhz, executable


def passes(executable: Path, mhz: float, mode: int) -> bool:
    output = run_simulation(executable, {"period": period_ps(mhz), "cycles": 300, "mode": mode})
    assert "errors" in output, output
    return "errors 0" in output


def test_worst_case_limit_is_the_static_fmax_and_random_data_runs_faster(calibration: tuple[float, Path]) -> None:
    sta_mhz, executable = calibration
    worst = search_max_frequency(lambda mhz: passes(executable, mhz, 0), 20.0, 3 * sta_mhz)
    random = search_max_frequency(lambda mhz: passes(executable, mhz, 1), 20.0, 3 * sta_mhz)
    assert abs(worst.max_mhz - sta_mhz) <= 0.01 * sta_mhz, (worst.max_mhz, sta_mhz)
    assert random.max_mhz > 1.3 * sta_mhz, (random.max_mhz, sta_mhz)


def test_routing_delays_and_setup_times_are_in_the_netlist(calibration: tuple[float, Path]) -> None:
    _, executable = calibration
    run_dir = next(executable.parent.glob("impl/carry_adder-ice40-hx8k-*"))
    sdf = read_sdf(run_dir / "routed.sdf")
    timed = (run_dir / "timed.v").read_text()
    routed = [wire for wire in sdf.wires if wire.delay > 0 and "sb_io" not in wire.source + wire.sink]
    assert timed.count("assign #(") >= len(routed) > 100
    assert ".SU_I3(" in timed and ".D_CIN_COUT(" in timed
