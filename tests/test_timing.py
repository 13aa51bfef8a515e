"""Post-route timing simulation: the calibration against static timing."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import Core, all_cores, load_core, rtl_root
from hashbed.catalogue.devices import get_device
from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import ImplSettings, implement
from hashbed.flow.sim.icarus import CORE_TESTBENCH, compile_simulation, run_simulation
from hashbed.flow.timing.engine import (
    ENGINE_CELLS,
    TimingEngine,
    calibration_errors,
    engine_design_text,
    engine_executable,
    write_engine_design,
)
from hashbed.flow.timing.netlist import IO_CELLS, timed_netlist
from hashbed.flow.timing.sdf import read_sdf
from hashbed.flow.timing.simulate import CALIBRATION_TESTBENCH, CELL_MODELS, period_ps, write_timed_netlist
from hashbed.flow.timing.variation import VariationModel, placement
from hashbed.jobs.runner import Jobs
from hashbed.report.sections import Figure, sections
from hashbed.results import ResultStore
from hashbed.studies.zynq.testbed.controller import Controller, search_max_frequency
from hashbed.studies.zynq.timed_board import PostRouteBoard
from hashbed.studies.zynq.timing import (
    HOLD_MARGIN_PS,
    MEASURED_BLOCKS,
    TimingSettings,
    check_messages,
    measured_message,
    time_core,
)
from hashbed.studies.zynq.timing_tables import STUDY_DEVICES, board_rows, fmax_rows, missing_searches


@pytest.fixture(scope="module")
def calibration(tmp_path_factory: pytest.TempPathFactory) -> tuple[float, Path]:
    """carry_adder placed and routed on ice40-hx8k: its static Fmax and its timing simulation."""
    build = tmp_path_factory.mktemp("calibration")
    source = rtl_root() / "calibration" / "carry_adder.v"
    # the implementation flow takes a catalogue entry; only name, top, sources and parameters matter here
    design = dataclasses.replace(load_core("sha1"), name="carry_adder", top="carry_adder", sources=(source,), parameters={})
    result = implement(design, ImplSettings(get_device("ice40-hx8k"), seed=1), build)
    assert result.ok and result.fmax_mhz, result.error
    timed = Path(result.run_dir) / "timed.v"
    write_timed_netlist(Path(result.run_dir), "ice40")
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
    # routed LUT inputs: their path and setup parameters hold the route plus the cell's delay
    checked = 0
    for wire in sdf.wires:
        cell, source = sdf.cells.get(wire.sink), sdf.cells.get(wire.source)
        if wire.sink_pin not in ("I0", "I1", "I2", "I3") or cell is None or source is None or source.cell_type in IO_CELLS:
            continue  # connections from the I/O are ideal
        before = timed[: timed.index(f"{wire.sink} (")]
        parameters = dict(re.findall(r"\.(D_\w+|SU_\w+)\((\d+)\)", before[before.rindex("ICESTORM_LC #(") :]))
        if (wire.sink_pin, "O") in cell.paths:
            assert int(parameters[f"D_{wire.sink_pin}_O"]) == wire.delay + cell.paths[(wire.sink_pin, "O")]
            checked += 1
        if wire.sink_pin in cell.setup:
            assert int(parameters[f"SU_{wire.sink_pin}"]) == wire.delay + cell.setup[wire.sink_pin]
            checked += 1
    assert checked > 50
    assert "D_CLK(" in timed and ".SU_I3(" in timed


def test_variation_model_scales_delays_smoothly_and_reproducibly(calibration: tuple[float, Path]) -> None:
    _, executable = calibration
    run_dir = next(executable.parent.glob("impl/carry_adder-ice40-hx8k-*"))
    cells = placement(run_dir / "routed.json")
    assert len(cells) > 32
    model = VariationModel()
    one, again, two = model.board(1, cells), model.board(1, cells), model.board(2, cells)
    assert [one(c) for c in cells] == [again(c) for c in cells]
    factors = [one(c) for c in cells]
    assert factors != [two(c) for c in cells]
    assert 0.8 < min(factors) and max(factors) < 1.2
    flat = VariationModel(0.0, 0.0, 0.0).board(1, cells)
    assert {flat(c) for c in cells} == {1.0}
    sdf = read_sdf(run_dir / "routed.sdf")
    netlist = (run_dir / "netlist.v").read_text()
    assert timed_netlist(netlist, sdf, flat).text == timed_netlist(netlist, sdf).text
    slow = timed_netlist(netlist, sdf, lambda cell: 2.0)
    assert slow.clock_arrival_ps == 2 * timed_netlist(netlist, sdf).clock_arrival_ps > 0


# --- a core on the post-route board -----------------------------------------------------------


@pytest.fixture(scope="module")
def sha1_board(tmp_path_factory: pytest.TempPathFactory) -> tuple[Core, float, Path, int]:
    """SHA-1 placed and routed on ice40-hx8k, its timing simulation compiled."""
    build = tmp_path_factory.mktemp("sha1_timing")
    core = load_core("sha1")
    result = implement(core, ImplSettings(get_device("ice40-hx8k"), seed=1), build)
    assert result.ok and result.fmax_mhz, result.error
    run_dir = Path(result.run_dir)
    timed = write_timed_netlist(run_dir, "ice40")
    executable = compile_simulation(
        build / "sha1.vvp", [CORE_TESTBENCH, run_dir / "timed.v", CELL_MODELS["ice40"]], "tb", {"W": core.bus_width}
    )
    return core, result.fmax_mhz, executable, timed.clock_arrival_ps + HOLD_MARGIN_PS


def test_routed_core_is_right_below_static_fmax_and_wrong_far_above(sha1_board: tuple[Core, float, Path, int]) -> None:
    core, sta_mhz, executable, input_delay = sha1_board
    messages = [Message.from_bytes(b"abc"), Message.from_bytes(bytes(range(120)))]
    with PostRouteBoard(core, executable, input_delay) as board:
        controller = Controller(board, core)
        controller.configure_output()
        assert controller.all_correct_at(0.8 * sta_mhz, messages)
        transfer = controller.hash(messages[1])
        assert transfer.correct and transfer.digest == hashlib.sha1(bytes(range(120))).hexdigest()
        # the timer saw the core's own cycles: exactly the formula for a 3-block message
        assert board.last_busy_cycles == core.cycles.cycles(3)
        assert not controller.all_correct_at(4 * sta_mhz, messages)
        assert controller.all_correct_at(0.8 * sta_mhz, messages)  # and it works again after the failure


@pytest.mark.parametrize("data", ["random", "worst"])
def test_the_search_checks_the_message_whose_time_is_measured(data: str) -> None:
    algorithm = load_core("sha256").algorithm
    measured = measured_message(algorithm, seed=1)
    assert algorithm.padded_bits(measured.bits) == MEASURED_BLOCKS * algorithm.block_bits
    messages = check_messages(algorithm, data, seed=1)
    assert measured in messages
    assert max(algorithm.padded_bits(message.bits) for message in messages) == MEASURED_BLOCKS * algorithm.block_bits


def test_report_tables_from_stored_timing_jobs(tmp_path: Path) -> None:
    present = load_core("sha1").fingerprint()
    with ResultStore(tmp_path / "results.db") as store:
        # the present Verilog's searches, and one of another version stored after them: not shown
        for fingerprint, board, exp in [
            (present, 0, 110.0),
            (present, 1, 100.0),
            (present, 2, 104.0),
            (present, 3, 108.0),
            ("0" * 16, 0, 95.0),
        ]:
            inputs = {
                "core": "sha1",
                "core_fingerprint": fingerprint,
                "device": "ice40-hx8k",
                "seed": 1,
                "data": "random",
                "board": board,
                "variation": VariationModel().as_dict() if board else None,
            }
            outputs = {
                "sta_fmax_mhz": 88.0,
                "exp_fmax_mhz": exp,
                "ratio": round(exp / 88.0, 3),
                "limit_above_range": False,
                "throughput_formula_mbps": 1.0,
                "throughput_measured_mbps": 1.0,
                "seconds": 1.0,
            }
            store.put("time", inputs, outputs)
        (table_1,) = fmax_rows(store)
        (table_3,) = board_rows(store)
        missing = dict(missing_searches([table_1]))
        (figure,) = [item for section in sections(store, "zynq") for item in section.items if isinstance(item, Figure)][:1]
    assert table_1["exp_fmax_mhz"] == 110.0 and table_1["ratio"] == 1.25
    assert table_3["boards"] == {1: 100.0, 2: 104.0, 3: 108.0}
    assert table_3["mean_mhz"] == 104.0 and table_3["std_mhz"] == 4.0 and table_3["spread_mhz"] == 8.0
    # the study's set: every basic iterative core on ECP5-85k, the lightweight ones on ECP5-25k
    assert missing["sha1 on ecp5-85k"] == "hashbed time sha1 --device ecp5-85k"
    assert missing["keccak256_lw-bram on ecp5-25k"] == "hashbed time keccak256_lw-bram --device ecp5-25k"
    assert len(missing) == sum(core.architecture in STUDY_DEVICES for core in all_cores())
    assert figure.name == "fmax-ratio"
    (plot,) = figure.plots
    assert [(s.label, s.y) for s in plot.series] == [("random data", [1.25]), ("virtual boards", [100 / 88, 104 / 88, 108 / 88])]
    assert main(["report", "--db", str(tmp_path / "results.db")]) == 0


def test_timing_refuses_devices_without_cell_models(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "results.db") as store, pytest.raises(HashbedError, match="no cell models for ecp5.*ice40-hx8k"):
        time_core(Jobs(store, tmp_path), load_core("sha1"), TimingSettings("ecp5-25k"))


# --- the fast timing engine against Icarus -----------------------------------------------------


def _steps(passes: Callable[[float], bool], low: float, high: float) -> tuple[float, list[tuple[float, bool]]]:
    """The search's limit and every step it took (frequency, pass)."""
    steps: list[tuple[float, bool]] = []

    def step(mhz: float) -> bool:
        steps.append((mhz, passes(mhz)))
        return steps[-1][1]

    return search_max_frequency(step, low, high).max_mhz, steps


@pytest.mark.parametrize("mode", [0, 1])
def test_engine_agrees_with_icarus_at_every_step_of_the_calibration_search(calibration: tuple[float, Path], mode: int) -> None:
    sta_mhz, executable = calibration
    run_dir = next(executable.parent.glob("impl/carry_adder-ice40-hx8k-*"))
    design = write_engine_design(run_dir, name="calibration.engine")
    errors: dict[str, list[int]] = {"icarus": [], "fast": []}

    def icarus(mhz: float) -> bool:
        output = run_simulation(executable, {"period": period_ps(mhz), "cycles": 300, "mode": mode})
        errors["icarus"].append(int(output.split("errors")[1].split()[0]))
        return errors["icarus"][-1] == 0

    with TimingEngine(design.path) as engine:

        def fast(mhz: float) -> bool:
            errors["fast"].append(calibration_errors(engine, period_ps(mhz), 300, mode))
            return errors["fast"][-1] == 0

        assert _steps(fast, 20.0, 3 * sta_mhz) == _steps(icarus, 20.0, 3 * sta_mhz)
    assert errors["fast"] == errors["icarus"]  # the same number of wrong sums at every step
    assert 0 < sum(errors["fast"])


def test_engine_agrees_with_icarus_on_sha1_around_and_above_its_static_fmax(sha1_board: tuple[Core, float, Path, int]) -> None:
    core, sta_mhz, executable, input_delay = sha1_board
    run_dir = next(executable.parent.glob("impl/sha1-ice40-hx8k-*"))
    design = write_engine_design(run_dir, name="sha1.engine")
    assert design.clock_arrival_ps + HOLD_MARGIN_PS == input_delay
    messages = [Message.from_bytes(b"abc"), Message.from_bytes(bytes(range(120)))]
    outputs: dict[str, list[str]] = {"icarus": [], "fast": []}
    results: dict[str, list[bool]] = {"icarus": [], "fast": []}

    class Recording(PostRouteBoard):
        def _simulate(self, words: list[int], outputs_: int, period: int, max_cycles: int) -> str:
            text = super()._simulate(words, outputs_, period, max_cycles)
            label = "icarus" if isinstance(self.simulation, Path) else "fast"
            outputs[label].append("\n".join(line for line in text.splitlines() if not line.startswith("events ")).strip())
            return text

    with TimingEngine(design.path) as engine:
        for factor in (0.9, 1.0, 1.15, 1.3, 1.6):
            for label, simulation in (("icarus", executable), ("fast", engine)):
                with Recording(core, simulation, input_delay) as board:
                    controller = Controller(board, core)
                    controller.configure_output()
                    results[label].append(controller.all_correct_at(round(factor * sta_mhz, 1), messages))
    assert results["fast"] == results["icarus"]
    assert results["fast"][:2] == [True, True] and results["fast"][-1] is False
    assert outputs["fast"] == outputs["icarus"]  # the same words, and the same cycles of the first and last


def test_engine_times_out_a_core_that_never_answers(sha1_board: tuple[Core, float, Path, int]) -> None:
    core, sta_mhz, executable, input_delay = sha1_board
    run_dir = next(executable.parent.glob("impl/sha1-ice40-hx8k-*"))
    with TimingEngine(write_engine_design(run_dir, name="sha1.engine").path) as engine:
        # one word of a message that never ends: the core waits for more and writes nothing
        output = engine.run_core([0x61626364], 32, 5, period_ps(sta_mhz), input_delay, 300)
        assert output.split()[-3:-2] == ["timeout"] and "out " not in output
        with PostRouteBoard(core, engine, input_delay) as board:
            controller = Controller(board, core)
            controller.configure_output()
            assert not controller.all_correct_at(40 * sta_mhz, [Message.from_bytes(b"abc")])  # a failed step, not a hang
            assert controller.all_correct_at(0.8 * sta_mhz, [Message.from_bytes(b"abc")])


def test_engine_refuses_what_it_does_not_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    routed = {
        "modules": {
            "top": {
                "ports": {},
                "cells": {"ram": {"type": "ICESTORM_RAM", "parameters": {}, "port_directions": {}, "connections": {}}},
            }
        }
    }
    with pytest.raises(HashbedError, match="^the fast timing engine has no model for cell type ICESTORM_RAM \\(instance ram\\)"):
        engine_design_text(routed, ENGINE_CELLS, {})
    design = tmp_path / "unknown.engine"
    design.write_text("hashbed-engine 1\nnets 3\ncell ICESTORM_RAM ram\nend\n")
    with pytest.raises(HashbedError, match="^the timing engine: no model for cell type ICESTORM_RAM \\(instance ram\\)$"):
        TimingEngine(design)
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(HashbedError, match="^the fast timing engine needs g\\+\\+ .*--engine icarus$"):
        engine_executable()
