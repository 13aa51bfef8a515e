"""Post-route timing simulation: the calibration against static timing."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import Core, all_cores, load_core, rtl_root
from hashbed.catalogue.devices import get_device
from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.flow.impl.critical_path import critical_path
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
from hashbed.flow.timing.netlist import IO_CELLS, MODELS, timed_netlist
from hashbed.flow.timing.sdf import CellTiming, Sdf, Wire, read_sdf
from hashbed.flow.timing.simulate import CALIBRATION_TESTBENCH, CELL_MODELS, period_ps, write_timed_netlist
from hashbed.flow.timing.variation import VariationModel, placement
from hashbed.jobs.runner import Jobs
from hashbed.report.sections import sections
from hashbed.results import ResultStore
from hashbed.studies.document import Figure
from hashbed.studies.zynq.study_set import STUDY_DEVICES
from hashbed.studies.zynq.timing import HOLD_MARGIN_PS, TimingSettings, routed_again, time_core
from hashbed.studies.zynq.timing_tables import board_rows, fmax_rows, missing_searches
from hashbed.studies.zynq.workloads import MEASURED_BLOCKS, check_messages, measured_message
from hashbed.testbed.controller import Controller, search_max_frequency
from hashbed.testbed.timed_board import PostRouteBoard

#: The calibration per device family: the device, and how far above the static Fmax random data runs at least.
CALIBRATION = {"ice40": ("ice40-hx8k", 1.3), "ecp5": ("ecp5-25k", 1.1)}


@pytest.fixture(scope="module", params=sorted(CALIBRATION))
def calibration(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[float, Path]:
    """carry_adder placed and routed on the family's device: its static Fmax and its timing simulation."""
    family: str = request.param
    build = tmp_path_factory.mktemp(f"calibration-{family}")
    source = rtl_root() / "calibration" / "carry_adder.v"
    # the implementation flow takes a catalogue entry; only name, top, sources and parameters matter here
    design = dataclasses.replace(load_core("sha1"), name="carry_adder", top="carry_adder", sources=(source,), parameters={})
    result = implement(design, ImplSettings(get_device(CALIBRATION[family][0]), seed=1), build)
    assert result.ok and result.fmax_mhz, result.error
    timed = Path(result.run_dir) / "timed.v"
    write_timed_netlist(Path(result.run_dir), family)
    executable = compile_simulation(build / "calibration.vvp", [CALIBRATION_TESTBENCH, timed, source, CELL_MODELS[family]], "tb")
    return result.fmax_mhz, executable


def passes(executable: Path, mhz: float, mode: int) -> bool:
    output = run_simulation(executable, {"period": period_ps(mhz), "cycles": 300, "mode": mode})
    assert "errors" in output, output
    return "errors 0" in output


def test_worst_case_limit_is_the_static_fmax_and_random_data_runs_faster(calibration: tuple[float, Path]) -> None:
    sta_mhz, executable = calibration
    _, faster = CALIBRATION["ecp5" if "ecp5" in executable.parent.name else "ice40"]
    worst = search_max_frequency(lambda mhz: passes(executable, mhz, 0), 20.0, 3 * sta_mhz)
    random = search_max_frequency(lambda mhz: passes(executable, mhz, 1), 20.0, 3 * sta_mhz)
    assert abs(worst.max_mhz - sta_mhz) <= 0.01 * sta_mhz, (worst.max_mhz, sta_mhz)
    assert random.max_mhz > faster * sta_mhz, (random.max_mhz, sta_mhz)


def _timed_instances(text: str) -> dict[str, tuple[str, dict[str, int]]]:
    """Instance -> its cell type and delay parameters, from a timed netlist."""
    return {
        match[3].strip().removeprefix("\\"): (match[1], {k: int(v) for k, v in re.findall(r"\.([DS]U?_\w+)\((\d+)\)", match[2])})
        for match in re.finditer(r"^  (\w+) #\((.*?)\n  \) (\\\S+ |\w+) \(", text, re.DOTALL | re.MULTILINE)
    }


def test_routing_delays_and_setup_times_are_in_the_netlist(calibration: tuple[float, Path]) -> None:
    _, executable = calibration
    run_dir = next(executable.parent.glob("impl/carry_adder-*"))
    sdf = read_sdf(run_dir / "routed.sdf")
    instances = _timed_instances((run_dir / "timed.v").read_text())
    # each routed input: its path and setup parameters hold the route plus the cell's delay
    checked = 0
    for wire in sdf.wires:
        cell, source = sdf.cells.get(wire.sink), sdf.cells.get(wire.source)
        if cell is None or source is None or source.cell_type in IO_CELLS:
            continue  # connections from the I/O are ideal
        cell_type, parameters = instances[wire.sink]
        model = MODELS[cell_type]
        if wire.sink_pin in model.clocks:
            assert parameters[f"D_{wire.sink_pin}"] == wire.delay
            continue
        for (pin, output), delay in cell.paths.items():
            if pin == wire.sink_pin:
                assert parameters[model.paths[(pin, output)]] == wire.delay + delay
                checked += 1
        if wire.sink_pin in cell.setup:
            assert parameters[model.setup[wire.sink_pin]] == wire.delay + cell.setup[wire.sink_pin]
            checked += 1
    assert checked > 50


def test_variation_model_scales_delays_smoothly_and_reproducibly(calibration: tuple[float, Path]) -> None:
    _, executable = calibration
    run_dir = next(executable.parent.glob("impl/carry_adder-*"))
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
    nominal = timed_netlist(netlist, sdf)
    assert timed_netlist(netlist, sdf, flat).text == nominal.text
    slow = timed_netlist(netlist, sdf, lambda cell: 2.0)
    assert slow.clock_arrival_ps == 2 * nominal.clock_arrival_ps
    assert nominal.clock_arrival_ps > 0 or "ecp5" in run_dir.name  # nextpnr-ecp5's global clock routing: 0 ps
    delays = _timed_instances(nominal.text)
    assert all(
        v == 2 * delays[name][1][k] for name, (_, slowed) in _timed_instances(slow.text).items() for k, v in slowed.items()
    )


# --- a core on the post-route board -----------------------------------------------------------


def _routed_board(tmp_path_factory: pytest.TempPathFactory, device: str, name: str = "sha1") -> tuple[Core, float, Path, int]:
    """The core ``name`` placed and routed on ``device``, its timing simulation compiled."""
    build = tmp_path_factory.mktemp(f"{name}_timing_{device}")
    core = load_core(name)
    result = implement(core, ImplSettings(get_device(device), seed=1), build)
    assert result.ok and result.fmax_mhz, result.error
    run_dir = Path(result.run_dir)
    family = get_device(device).family
    timed = write_timed_netlist(run_dir, family)
    executable = compile_simulation(
        build / f"{name}.vvp", [CORE_TESTBENCH, run_dir / "timed.v", CELL_MODELS[family]], "tb", {"W": core.bus_width}
    )
    return core, result.fmax_mhz, executable, timed.clock_arrival_ps + HOLD_MARGIN_PS


@pytest.fixture(scope="module")
def sha1_board(tmp_path_factory: pytest.TempPathFactory) -> tuple[Core, float, Path, int]:
    """SHA-1 placed and routed on ice40-hx8k, its timing simulation compiled."""
    return _routed_board(tmp_path_factory, "ice40-hx8k")


@pytest.fixture(scope="module")
def sha1_ecp5_board(tmp_path_factory: pytest.TempPathFactory) -> tuple[Core, float, Path, int]:
    """SHA-1 placed and routed on ecp5-25k, its timing simulation compiled."""
    return _routed_board(tmp_path_factory, "ecp5-25k")


@pytest.fixture(scope="module")
def sha256_board(tmp_path_factory: pytest.TempPathFactory) -> tuple[Core, float, Path, int]:
    """SHA-256 placed and routed on ice40-hx8k, its timing simulation compiled."""
    return _routed_board(tmp_path_factory, "ice40-hx8k", "sha256")


def test_routed_core_is_right_below_static_fmax_and_wrong_far_above(sha1_board: tuple[Core, float, Path, int]) -> None:
    core, sta_mhz, executable, input_delay = sha1_board
    messages = [Message.from_bytes(b"abc"), Message.from_bytes(bytes(range(120)))]
    with PostRouteBoard(core, executable, input_delay) as board:
        controller = Controller(board, core)
        controller.configure_output()
        assert controller.all_correct_at(0.8 * sta_mhz, controller.message_cases(messages))
        transfer = controller.hash(messages[1])
        assert transfer.correct and transfer.digest == hashlib.sha1(bytes(range(120))).hexdigest()
        # the timer saw the core's own cycles: exactly the formula for a 3-block message
        assert board.last_busy_cycles == core.cycles.cycles(3)
        assert not controller.all_correct_at(4 * sta_mhz, controller.message_cases(messages))
        assert controller.all_correct_at(
            0.8 * sta_mhz, controller.message_cases(messages)
        )  # and it works again after the failure


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


def test_timing_refuses_devices_without_cell_models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(CELL_MODELS, "ecp5")
    with ResultStore(tmp_path / "results.db") as store, pytest.raises(HashbedError, match="no cell models for ecp5.*ice40"):
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
    run_dir = next(executable.parent.glob("impl/carry_adder-*"))
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


@pytest.mark.parametrize("board", ["sha1_board", "sha1_ecp5_board", "sha256_board"])
def test_engine_agrees_with_icarus_on_sha_around_and_above_its_static_fmax(board: str, request: pytest.FixtureRequest) -> None:
    core, sta_mhz, executable, input_delay = request.getfixturevalue(board)
    run_dir = next(executable.parent.glob(f"impl/{core.name}-*"))
    design = write_engine_design(run_dir, name=f"{core.name}.engine")
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
                    results[label].append(
                        controller.all_correct_at(round(factor * sta_mhz, 1), controller.message_cases(messages))
                    )
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
            assert not controller.all_correct_at(
                40 * sta_mhz, controller.message_cases([Message.from_bytes(b"abc")])
            )  # a failed step, not a hang
            assert controller.all_correct_at(0.8 * sta_mhz, controller.message_cases([Message.from_bytes(b"abc")]))


@pytest.fixture(scope="module")
def memories_ecp5(tmp_path_factory: pytest.TempPathFactory) -> tuple[float, Path, Path, int]:
    """tests/data/timing/ecp5_memories.v placed and routed on ecp5-25k: its static Fmax, Icarus's
    simulation, the engine's design and the input delay."""
    build = tmp_path_factory.mktemp("memories-ecp5")
    source = Path(__file__).resolve().parents[1] / "data" / "timing" / "ecp5_memories.v"
    # the implementation flow takes a catalogue entry; only name, top, sources and parameters matter here
    design = dataclasses.replace(load_core("sha1"), name="ecp5_memories", top="ecp5_memories", sources=(source,), parameters={})
    result = implement(design, ImplSettings(get_device("ecp5-25k"), seed=1), build)
    assert result.ok and result.fmax_mhz, result.error
    run_dir = Path(result.run_dir)
    timed = write_timed_netlist(run_dir, "ecp5")
    executable = compile_simulation(
        build / "memories.vvp", [CORE_TESTBENCH, run_dir / "timed.v", CELL_MODELS["ecp5"]], "tb", {"W": 32}
    )
    return result.fmax_mhz, executable, write_engine_design(run_dir).path, timed.clock_arrival_ps + HOLD_MARGIN_PS


def test_engine_agrees_with_icarus_on_ecp5_distributed_and_block_ram_and_wide_muxes(
    memories_ecp5: tuple[float, Path, Path, int], tmp_path: Path
) -> None:
    sta_mhz, executable, design, input_delay = memories_ecp5
    text = design.read_text()
    # the cells this design is here for: DPR16X4 (DPRAM halves and their write port), DP16KD, LUT5-7
    for cell in ("text MODE =DPRAM", "cell TRELLIS_RAMW", "cell DP16KD", "text WIDE_MUX =PFUMX", "text WIDE_MUX =L6MUX21"):
        assert cell in text, cell
    rng = random.Random(1)
    words = [rng.getrandbits(32) for _ in range(40)]
    stream = tmp_path / "words.hex"
    stream.write_text("".join(f"{word:08x}\n" for word in words))
    outputs: dict[str, list[str]] = {"icarus": [], "fast": []}
    with TimingEngine(design) as engine:
        for factor in (0.5, 1.0, 1.4, 2.0, 3.0):
            period = period_ps(round(factor * sta_mhz, 1))
            plusargs: dict[str, int | str] = {"words": str(stream), "count": len(words), "outputs": len(words)}
            plusargs |= {"period": period, "input_delay": input_delay, "max_cycles": 200}
            for label, text in (
                ("icarus", run_simulation(executable, plusargs)),
                ("fast", engine.run_core(words, 32, len(words), period, input_delay, 200)),
            ):
                outputs[label].append("\n".join(line for line in text.splitlines() if not line.startswith("events ")).strip())
    assert outputs["fast"] == outputs["icarus"]  # every word, right or wrong, at every frequency
    assert outputs["fast"][0] == outputs["fast"][1] != outputs["fast"][-1]  # right below the static Fmax, wrong far above


#: Two tiny routed-core stand-ins: a hash core that adds three words and writes the sum, an LWC core
#: that writes each pdi word plus the last sdi word.
TINY_TOPS = {
    "hash": """module top(input clk, input rst, input [31:0] din, input src_ready, output src_read,
           output [31:0] dout, input dst_ready, output dst_write);
    reg [31:0] sum; reg [1:0] n; reg full;
    assign src_read = src_ready & ~full; assign dst_write = full; assign dout = sum;
    always @(posedge clk) if (rst) begin sum <= 0; n <= 0; full <= 0; end
        else if (src_read) begin sum <= sum + din; n <= n + 1; full <= n == 2; end else full <= 0;
endmodule
""",
    "lwc": """module top(input clk, input rst, input [31:0] pdi_data, input pdi_valid, output pdi_ready,
           input [31:0] sdi_data, input sdi_valid, output sdi_ready,
           output [31:0] do_data, input do_ready, output do_valid, output do_last);
    reg [31:0] key, word; reg full;
    assign sdi_ready = sdi_valid; assign pdi_ready = pdi_valid & ~full;
    assign do_valid = full; assign do_last = full; assign do_data = word;
    always @(posedge clk) if (rst) begin key <= 0; full <= 0; end else begin
        if (sdi_ready) key <= sdi_data;
        if (pdi_ready) begin word <= pdi_data + key; full <= 1; end else full <= 0;
    end
endmodule
""",
}


def test_core_tb_elaborates_the_branch_of_the_core_interface_alone(tmp_path: Path) -> None:
    """One testbench for both interfaces: each tiny top runs under its own interface's parameters (the
    other branch, whose ports it lacks, is not elaborated), and refuses to compile under the other's."""
    interfaces = {"hash": load_core("sha256").io, "lwc": load_core("ascon").io}
    (tmp_path / "words.hex").write_text("1\n2\n3\n")
    (tmp_path / "sdi.hex").write_text("10\n")
    plusargs: dict[str, int | str] = {"words": str(tmp_path / "words.hex"), "count": 3, "max_cycles": 50}
    runs = {"hash": {"outputs": 1}, "lwc": {"outputs": 3, "sdi_words": str(tmp_path / "sdi.hex"), "sdi_count": 1}}
    printed = {}
    for kind, text in TINY_TOPS.items():
        (tmp_path / f"{kind}.v").write_text(text)
        parameters = interfaces[kind].testbench_parameters()
        executable = compile_simulation(tmp_path / f"{kind}.vvp", [CORE_TESTBENCH, tmp_path / f"{kind}.v"], "tb", parameters)
        printed[kind] = run_simulation(executable, {**plusargs, **runs[kind]}).split()
        other = interfaces["lwc" if kind == "hash" else "hash"].testbench_parameters()
        with pytest.raises(HashbedError, match="iverilog could not compile"):
            compile_simulation(tmp_path / f"{kind}-other.vvp", [CORE_TESTBENCH, tmp_path / f"{kind}.v"], "tb", other)
    assert printed["hash"] == ["out", "00000006", "first", "1", "last", "4", "done"]
    # the key is read with the first pdi word, which is added to the key before it
    assert printed["lwc"] == ["out", "00000001", "out", "00000012", "out", "00000013", "first", "1", "last", "6", "done"]


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
    design.write_text("hashbed-engine 2\nnets 3\ncell ICESTORM_RAM ram\nend\n")
    with pytest.raises(HashbedError, match="^the timing engine: no model for cell type ICESTORM_RAM \\(instance ram\\)$"):
        TimingEngine(design)
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(HashbedError, match="^the fast timing engine needs g\\+\\+ .*--engine icarus$"):
        engine_executable()


# --- what the ECP5 models do not implement: a one-line error -----------------------------------


def _netlist(*cells: tuple[str, str, dict[str, str], dict[str, str]]) -> str:
    """A netlist as Yosys writes it: (type, name, parameters, pins -> nets)."""
    text = ["module top(input a, b, output f);"]
    for cell_type, name, parameters, pins in cells:
        head = (
            f"  {cell_type} #(\n" + ",\n".join(f"    .{k}({v})" for k, v in parameters.items()) + "\n  ) "
            if parameters
            else f"  {cell_type} "
        )
        text.append(head + f"{name} (\n" + ",\n".join(f"    .{pin}({net})" for pin, net in pins.items()) + "\n  );")
    return "\n".join([*text, "endmodule", ""])


_LUT = ("TRELLIS_COMB", "lut", {"INITVAL": "16'h6666"}, {"A": "a", "B": "b", "F": "f"})


def _sdf(paths: dict[tuple[str, str], int] | None = None, setup: dict[str, int] | None = None) -> Sdf:
    cell = CellTiming("TRELLIS_COMB", paths if paths is not None else {("A", "F"): 200, ("B", "F"): 210}, setup or {})
    return Sdf({"lut": cell}, [Wire("ff", "Q", "lut", "A", 300)])


def test_ecp5_cells_get_their_delays_and_the_wide_mux_their_connections() -> None:
    netlist = _netlist(
        ("TRELLIS_FF", "ff", {"CEMUX": '"1"', "SD": '"1"'}, {"CLK": "a", "DI": "f", "Q": "q"}),
        _LUT,
        ("TRELLIS_COMB", "mux5", {"INITVAL": "16'h00ff"}, {"D": "a", "M": "b", "F1": "f", "OFX": "o5"}),
        ("TRELLIS_COMB", "mux6", {}, {"M": "b", "FXA": "o5", "FXB": "o5", "OFX": "o6"}),
    )
    timed = timed_netlist(netlist, _sdf()).text
    instances = _timed_instances(timed)
    assert instances["lut"] == ("TRELLIS_COMB", {"D_A_F": 500, "D_B_F": 210})
    assert [line.strip() for line in timed.splitlines() if "WIDE_MUX" in line] == [
        '.WIDE_MUX("NONE"),',
        '.WIDE_MUX("PFUMX")',
        '.WIDE_MUX("L6MUX21")',
    ]


@pytest.mark.parametrize(
    ("cell", "sdf", "message"),
    [
        (("TRELLIS_SLICE", "s", {}, {"A0": "a"}), None, "no timing model for cell type TRELLIS_SLICE"),
        (("TRELLIS_COMB", "lut", {"MODE": '"RAMW"'}, {"A": "a"}), None, "TRELLIS_COMB lut: MODE RAMW is not modelled"),
        (("TRELLIS_FF", "ff", {"LSRMODE": '"PRLD"'}, {"CLK": "a"}), None, "LSRMODE PRLD is not modelled"),
        (("DP16KD", "ram", {"REGMODE_A": '"OUTREG"'}, {}), None, "REGMODE_A OUTREG is not modelled"),
        (("DP16KD", "ram", {"DATA_WIDTH_A": "32'd36"}, {}), None, "DATA_WIDTH 36 on one port only"),
        (("TRELLIS_IO", "io", {"DIR": '"BIDIR"'}, {"B": "a"}), None, "DIR BIDIR is not modelled"),
        (("TRELLIS_FF", "ff", {"NEW_MODE": '"X"'}, {}), None, "the parameter NEW_MODE is not modelled"),
        (("DCCA", "buffer", {}, {"CLKI": "a", "CE": "b", "CLKO": "f"}), None, "pin CE is connected, which is not modelled"),
        (("TRELLIS_COMB", "lut", {"MODE": '"CCU2"'}, {"F1": "a", "M": "b", "OFX": "f"}), None, "wide-function mux in MODE CCU2"),
        (("TRELLIS_COMB", "lut", {}, {"M": "b", "OFX": "f"}), None, "OFX or M is connected without F1"),
        (_LUT, _sdf({("A", "F"): 200, ("WCK", "F"): 300}), "TRELLIS_COMB lut: the timing model has no path WCK -> F"),
        (_LUT, _sdf(setup={"A": 100}), "TRELLIS_COMB lut: the timing model has no setup check on A"),
    ],
)
def test_what_the_ecp5_models_do_not_implement_is_a_one_line_error(
    cell: tuple[str, str, dict[str, str], dict[str, str]], sdf: Sdf | None, message: str
) -> None:
    with pytest.raises(HashbedError, match=re.escape(message)) as error:
        timed_netlist(_netlist(cell), sdf or Sdf({}, []))
    assert "\n" not in str(error.value)


def test_an_sdf_routing_delay_to_a_pin_without_a_model_is_an_error() -> None:
    sdf = Sdf({}, [Wire("lut", "F", "ff", "Q", 100)])
    netlist = _netlist(("TRELLIS_FF", "ff", {}, {"Q": "q"}), _LUT)
    with pytest.raises(HashbedError, match="TRELLIS_FF ff: the timing model takes no routing delay on pin Q"):
        timed_netlist(netlist, sdf)


def test_time_without_cores_plans_the_study_set_in_both_data_modes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "results.db")
    assert main(["time", "--device", "ecp5-85k", "--data", "both", "--dry-run", "--jobs", "2", "--db", db]) == 0
    printed = capsys.readouterr().out
    basic = [core.name for core in all_cores() if core.architecture == "basic-iterative"]
    for name in basic:
        assert (
            f"{name} time ecp5-85k worst nominal delays" in printed and f"{name} time ecp5-85k random nominal delays" in printed
        )
    assert "keccak256_lw-bram time" not in printed  # the lightweight cores are timed on ecp5-25k
    assert main(["time", "--device", "ice40-hx8k", "--db", db]) == 1
    error = capsys.readouterr().err.strip()
    assert error.startswith("hashbed: error: name the cores to time on ice40-hx8k") and "\n" not in error


def test_a_search_from_the_command_line_is_stored_and_exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, build = str(tmp_path / "results.db"), str(tmp_path / "build")
    argv = ["time", "sha1", "--device", "ice40-hx8k", "--data", "random", "--jobs", "1", "--db", db, "--build-dir", build]
    assert main([*argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["exp_fmax_mhz"] >= result["sta_fmax_mhz"] and not result["limit_above_range"]
    assert result["throughput_measured_mbps"] <= result["throughput_formula_mbps"]
    # the stored job passes the store's schema: it is exported like every other
    assert main(["results", "--db", db, "--export", str(tmp_path / "out.jsonl")]) == 0
    (job,) = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines() if '"step": "time"' in line]
    assert job["outputs"]["engine"] == "fast" and job["outputs"]["exp_fmax_mhz"] == result["exp_fmax_mhz"]


def test_the_critical_path_of_the_calibration_design_is_its_carry_chain(calibration: tuple[float, Path], tmp_path: Path) -> None:
    sta_mhz, executable = calibration
    run_dir = next(executable.parent.glob("impl/carry_adder-*"))
    path = critical_path(run_dir / "report.json")
    assert path is not None
    assert path.carry_steps >= 24 and path.lut_steps <= 4  # most of the 32-bit ripple, a LUT or so at its ends
    assert path.routing_ns > 0 and abs(1000 / (path.logic_ns + path.routing_ns) - sta_mhz) <= 0.01 * sta_mhz
    with pytest.raises(HashbedError, match="no critical paths to read"):
        critical_path(tmp_path / "report.json")


def test_an_sdf_of_another_netlist_and_a_failing_bottom_are_one_line_errors() -> None:
    sdf = Sdf({}, [Wire("lut", "F", "gone", "DI", 100)])  # an instance the netlist does not hold
    with pytest.raises(HashbedError, match="SDF connection to gone/DI: no such instance in the netlist"):
        timed_netlist(_netlist(_LUT), sdf)
    with pytest.raises(HashbedError, match="wrong already at 50 MHz, the bottom of the search range") as error:
        search_max_frequency(lambda mhz: False, 50.0, 150.0)
    assert "\n" not in str(error.value)


def test_a_run_folder_that_is_gone_is_placed_and_routed_again_once(tmp_path: Path) -> None:
    core, settings = load_core("sha1"), ImplSettings(get_device("ice40-hx8k"), seed=1)
    first, error = routed_again(core, settings, tmp_path)
    assert error is None and (first / "routed.sdf").is_file()
    made = (first / "routed.sdf").stat().st_mtime_ns
    second, error = routed_again(core, settings, tmp_path)  # another timing job of the same run: reused
    assert (second, error) == (first, None) and (second / "routed.sdf").stat().st_mtime_ns == made
