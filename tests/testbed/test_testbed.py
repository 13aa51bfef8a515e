"""The Zynq testbed: FIFOs, registers, timer, clock model and controller on the simulated board."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import SILENT, broken_core
from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import TARGET_DEVICE, Core, all_cores, load_core, rtl_root
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.interfaces.lwc_words import encrypt_case
from hashbed.cli.main import main
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.sim.lint import lint_sources
from hashbed.flow.tools import YOSYS
from hashbed.results import ResultStore
from hashbed.studies.findings import Claim
from hashbed.studies.zynq import testbed_tables
from hashbed.studies.zynq.experiments import BOARD, stored_fmax
from hashbed.studies.zynq.findings import MEASURES
from hashbed.testbed import clock_wizard, wrapper
from hashbed.testbed.board import FIFO_CONFIG, START_DELAY, TCR0, TCSR0, TCSR_ENABLE, TRANSFER_LENGTH, Block
from hashbed.testbed.controller import Controller, search_max_frequency
from hashbed.testbed.simulated import DmaModel, SimulatedBoard, board_design
from hashbed.testbed.wrapper import FifoDepths
from support import fixture_store

EDGE_LENGTHS = (0, 1, 55, 56, 63, 64, 65, 119, 120, 1000)


def random_messages(rng: random.Random, count: int) -> list[Message]:
    sizes = list(EDGE_LENGTHS) + [rng.randrange(3000) for _ in range(count)]
    return [Message(rng.randbytes(size), 8 * size) for size in sizes]


def expected(core: Core, message: Message) -> bytes:
    return hashlib.new(core.algorithm.name.replace("-", ""), message.data).digest()


def started(board: SimulatedBoard, core: Core, start_delay: int = 0, per_transfer: int = 1) -> Controller:
    controller = Controller(board, core)
    controller.configure_output(start_delay, per_transfer)
    return controller


# --- clock wizard ---------------------------------------------------------------------------


def test_clock_wizard_registers_follow_pg065() -> None:
    # PG065's example: D = 1, M = 10 -> 0x00000A01; O = 5 -> 0x00000005 (200 MHz from 100 MHz)
    settings = clock_wizard.ClockSettings(divclk=1, mult_eighths=80, out_eighths=40)
    assert settings.registers() == {clock_wizard.CONFIG_0: 0x00000A01, clock_wizard.CONFIG_2: 0x00000005}
    assert settings.mhz(100.0) == 200.0
    fractional = clock_wizard.ClockSettings(divclk=5, mult_eighths=8 * 53 + 5, out_eighths=8 * 11 + 7)
    registers = fractional.registers()
    assert registers[clock_wizard.CONFIG_0] == 1 << 26 | 625 << 16 | 53 << 8 | 5
    assert registers[clock_wizard.CONFIG_2] == 1 << 18 | 875 << 8 | 11
    assert clock_wizard.ClockSettings.from_registers(*registers.values()) == fractional


def test_clock_wizard_comes_within_a_tenth_of_a_percent_of_every_step() -> None:
    # M and O move in steps of 1/8, so not every 0.1 MHz step is exact; the controller
    # reports the frequency it got
    for target in (step / 10 for step in range(100, 4500, 7)):
        settings = clock_wizard.settings_for(target, 100.0)
        settings.check(100.0)
        assert abs(settings.mhz(100.0) - target) <= 0.001 * target


def test_clock_wizard_refuses_settings_the_mmcm_cannot_lock() -> None:
    with pytest.raises(HashbedError, match="VCO 1500 MHz outside 600-1200"):
        clock_wizard.ClockSettings(divclk=1, mult_eighths=120, out_eighths=80).check(100.0)


def test_clocks_that_are_not_positive_are_refused_before_anything_runs() -> None:
    core = load_core("sha1")
    for mhz in (-1.0, 0.0, float("nan"), 1e6):
        with pytest.raises(HashbedError, match="the simulated board's system clock must be 1 to 1000 MHz"):
            SimulatedBoard(core, sys_mhz=mhz)
    with pytest.raises(HashbedError, match="the clock wizard's input clock must be a positive number of MHz, got 0.0"):
        clock_wizard.ClockWizardModel(0.0, lambda mhz: None)
    with pytest.raises(HashbedError, match="the core clock must be a positive number of MHz, got -5.0"):
        clock_wizard.settings_for(-5.0, 100.0)


# --- data path --------------------------------------------------------------------------------


@pytest.mark.parametrize("trial", range(6))
def test_digests_survive_backpressure_clock_ratios_and_small_fifos(trial: int) -> None:
    rng = random.Random(trial)
    core = load_core(["sha256", "sha1"][trial % 2])
    ratio = 2 ** rng.uniform(-2, 2)  # core clock / system clock, 1:4 .. 4:1
    dma = DmaModel(
        gap=rng.uniform(0, 0.6),
        burst=rng.choice([0, 3, 16]),
        burst_gap=rng.randrange(4),
        pause=rng.uniform(0, 0.6),
        seed=trial + 1,
    )
    with SimulatedBoard(core, 100.0, dma, FifoDepths(input=2, output=3)) as board:
        controller = started(board, core)
        controller.set_core_clock(100.0 * ratio)
        backpressure = 0
        for message in random_messages(rng, 6):
            transfer = controller.hash(message)
            assert transfer.digest == expected(core, message).hex(), (len(message.data), board.core_mhz)
            backpressure += board.last_transfer["backpressure"]
        assert backpressure > 0  # the four-beat input FIFO was full


def test_slow_core_fills_the_input_fifo_and_fast_core_drains_it() -> None:
    core = load_core("sha256")
    message = Message(bytes(range(256)) * 8, 8 * 2048)
    with SimulatedBoard(core, fifo=FifoDepths(input=2)) as board:
        controller = started(board, core)
        controller.set_core_clock(25.0)
        assert controller.hash(message).correct
        assert board.last_transfer["backpressure"] > 1000  # full most of the time
    with SimulatedBoard(core, dma=DmaModel(gap=0.9), fifo=FifoDepths(input=2)) as board:
        controller = started(board, core)
        controller.set_core_clock(400.0)
        assert controller.hash(message).correct  # the core waits on an empty FIFO most of the time


@pytest.mark.parametrize("name", ["sha256", "sha1"])
def test_tlast_comes_exactly_at_the_transfer_length(name: str) -> None:
    core = load_core(name)
    messages = [Message(bytes([i]) * (17 * i), 8 * 17 * i) for i in range(1, 4)]
    with SimulatedBoard(core, dma=DmaModel(pause=0.3)) as board:
        # three digests in one transfer: the DMA stops at TLAST, so an early TLAST gives
        # too few bytes and a late one overflows the buffer
        controller = started(board, core, per_transfer=3)
        cases = controller.message_cases(messages)
        digest_bytes = controller.answer_words * core.bus_width // 8
        received = board.transfer(controller.stream(cases), 3 * digest_bytes)
        answers = controller.answers(received, cases)
        assert [core.io.answer_report(c, a)["digest"] for c, a in zip(cases, answers)] == [
            expected(core, m).hex() for m in messages
        ]
        # two messages, one digest per transfer: the second digest is the next transfer
        controller.configure_output()
        first = board.transfer(controller.stream(cases[:2]), digest_bytes)
        second = board.transfer(b"", digest_bytes)
        answers = controller.answers(first + second, cases[:2])
        assert [core.io.mismatch(c, a) for c, a in zip(cases, answers)] == [None, None]


@pytest.mark.parametrize("delay", [1, 2, 37, 1000])
def test_start_delay_is_exact_to_the_cycle(delay: int) -> None:
    core = load_core("sha1")
    message = Message(b"abc" * 50, 8 * 150)

    def first_beat(start_delay: int) -> int:
        with SimulatedBoard(core, 100.0, DmaModel(gap=0.2, seed=7)) as board:
            controller = started(board, core, start_delay)
            controller.set_core_clock(73.3)
            assert controller.hash(message).correct
            return int(board.last_transfer["first_valid"]) - int(board.last_transfer["start"])

    assert first_beat(delay) - first_beat(0) == delay


def test_reset_in_the_middle_of_a_transfer_loses_nothing_afterwards() -> None:
    core = load_core("sha256")
    rng = random.Random(5)
    with SimulatedBoard(core, dma=DmaModel(gap=0.3, pause=0.3)) as board:
        controller = started(board, core, start_delay=9)
        controller.set_core_clock(61.7)
        big = Message(rng.randbytes(5000), 40000)
        board.send_partially(controller.stream(controller.message_cases([big])), beats=300)
        board.reset()
        assert board.read(Block.OUTPUT_FIFO, START_DELAY) == 0  # registers are back to their reset values
        assert board.read(Block.OUTPUT_FIFO, TRANSFER_LENGTH) == controller.answer_words
        for message in random_messages(rng, 3):
            assert controller.hash(message).digest == expected(core, message).hex()


# --- registers ----------------------------------------------------------------------------------


def test_output_fifo_register_map() -> None:
    core = load_core("sha1")
    with SimulatedBoard(core, fifo=FifoDepths(output=5)) as board:
        assert board.read(Block.OUTPUT_FIFO, FIFO_CONFIG) == 5 << 8 | 32
        assert board.read(Block.OUTPUT_FIFO, TRANSFER_LENGTH) == 5  # DEFAULT_LENGTH: the digest words
        board.write(Block.OUTPUT_FIFO, START_DELAY, 123456)
        assert board.read(Block.OUTPUT_FIFO, START_DELAY) == 123456
        for value in (0, 65536):
            with pytest.raises(HashbedError, match="output_fifo refused .* at register 0x00"):
                board.write(Block.OUTPUT_FIFO, TRANSFER_LENGTH, value)
        assert board.read(Block.OUTPUT_FIFO, TRANSFER_LENGTH) == 5
        with pytest.raises(HashbedError, match="refused"):
            board.write(Block.OUTPUT_FIFO, FIFO_CONFIG, 1)  # read only
        with pytest.raises(HashbedError, match="refused a read at register 0x0c"):
            board.read(Block.OUTPUT_FIFO, 0x0C)


def test_timer_counts_system_clock_cycles() -> None:
    core = load_core("sha1")
    with SimulatedBoard(core) as board:

        def timed(cycles: int) -> int:
            board.write(Block.TIMER, TCSR0, TCSR_ENABLE)
            board.idle(cycles)
            board.write(Block.TIMER, TCSR0, 0)
            count = board.read(Block.TIMER, TCR0)
            board.write(Block.TIMER, TCSR0, 1 << 5)  # LOAD0: back to TLR0 = 0
            return count

        assert timed(1000) - timed(10) == 990
        with pytest.raises(HashbedError, match="timer refused"):
            board.write(Block.TIMER, TCSR0, 1 << 1)  # down counting is not modelled


def test_clock_wizard_sets_the_simulated_core_clock() -> None:
    core = load_core("sha256")
    message = Message(bytes(20000), 160000)
    with SimulatedBoard(core) as board:
        controller = started(board, core)
        for mhz in (50.0, 137.5):
            actual = controller.set_core_clock(mhz)
            transfer = controller.hash(message)
            assert abs(actual - mhz) < 0.05 and transfer.correct
            assert 1.0 <= transfer.overhead_ratio < 1.01  # the hardware took the formula's time at that clock


# --- binary search ------------------------------------------------------------------------------


class OverclockedBoard(SimulatedBoard):
    """A board whose core gives wrong digests above a known clock frequency."""

    limit_mhz = 123.45

    def transfer(self, data: bytes, receive_bytes: int) -> bytes:
        received = super().transfer(data, receive_bytes)
        return received if self.core_mhz <= self.limit_mhz else bytes(b ^ 1 for b in received)


def test_search_finds_the_known_failure_threshold() -> None:
    core = load_core("sha1")
    messages = [Message(b"x" * 100, 800), Message(b"y" * 1000, 8000)]
    with OverclockedBoard(core) as board:
        controller = started(board, core)
        cases = controller.message_cases(messages)
        result = search_max_frequency(lambda mhz: controller.all_correct_at(mhz, cases), 50.0, 200.0)
    # the highest 0.1 MHz step whose clock-wizard frequency is still under the limit
    steps = [step / 10 for step in range(500, 2001)]
    passing = [f for f in steps if clock_wizard.settings_for(f, 100.0).mhz(100.0) <= OverclockedBoard.limit_mhz]
    assert result.max_mhz == max(passing) and not result.limit_above_range
    assert len(result.trials) <= 13  # log2(1500 steps) + the two bounds


def test_search_edges() -> None:
    assert search_max_frequency(lambda mhz: mhz <= 87.65, 10.0, 300.0).max_mhz == 87.6
    top = search_max_frequency(lambda mhz: True, 10.0, 300.0)
    assert top.max_mhz == 300.0 and top.limit_above_range
    with pytest.raises(HashbedError, match="wrong already at 10 MHz"):
        search_max_frequency(lambda mhz: False, 10.0, 300.0)


# --- every core, bad cores ----------------------------------------------------------------------


#: One core per bus width runs in CI; the others build a testbed of their own each (a cold
#: Verilator build of half a minute or more), so they are marked slow (`make test-all`; `make
#: testbed` runs every core in the testbed too).
IN_CI = ("sha256_lw-logic", "sha256", "keccak256-round3")


@pytest.mark.parametrize(
    "core", [pytest.param(core, id=core.name, marks=() if core.name in IN_CI else pytest.mark.slow) for core in all_cores()]
)
def test_every_core_runs_in_the_testbed_and_lints_clean(core: Core) -> None:
    design = board_design(core)
    assert lint_sources(design.top, design.sources, design.parameters) == []
    with SimulatedBoard(core) as board:
        if core.interface == "lwc":  # the first AEAD KAT record (key, nonce 00..1F), as the model answers it
            case = encrypt_case(core.suite.aead, bytes(range(16)), bytes(range(16, 32)), b"", b"", new_key=True)
            assert started(board, core).run(case, 1).correct
        else:
            assert started(board, core).hash(Message(bytes(range(200)), 1600)).correct


@pytest.mark.parametrize("width", [16, 32, 64])
def test_fifos_lint_clean_at_every_bus_width(width: int) -> None:
    root = rtl_root()
    lib = [root / name for name in wrapper.TESTBED_SOURCES if name.startswith("lib/")]
    for top in ("input_fifo", "output_fifo"):
        assert lint_sources(top, [*lib, root / "testbed" / f"{top}.v"], {"W": width}) == []


def test_core_that_never_answers_is_reported(tmp_path: Path) -> None:
    core = broken_core(tmp_path, SILENT)
    with SimulatedBoard(core, dma=DmaModel(idle_limit=2000)) as board:
        with pytest.raises(CoreFailure, match="no beat moved for 2000 cycles: 9 of 9 beats sent.*never answered"):
            started(board, core).hash(Message(b"abc", 24))


def test_the_board_refuses_settings_under_which_it_would_wait_without_end() -> None:
    core = load_core("sha1")
    refused = {
        "clock 0 10000000": r"the core clock period \(fs\) must be a whole number from 2 to 1000000000000",
        "clock 10000000 -1000000000": r"the system clock period \(fs\) must be a whole number",
        "clock 10000000": r"the system clock period \(fs\) must be a whole number",
        "clock 2 10000000": "clock periods 2 and 10000000 fs differ by more than a factor of 10000",
        "dma_model 1.0 0 0 0 0 1 1000": "the MM2S gap must be a probability from 0 up to but not including 1",
        "dma_model 0 0 0 nan 0 1 1000": "the S2MM pause must be a probability",
        "dma_model 0 0 0 0 1000 1 1000": "the MM2S burst gap and the processor latency must be below the idle limit",
        "dma_model 0 0 0 0 0 1 0": "the idle limit must be a whole number from 1 to 100000000",
        "reset 0": "reset cycles must be a whole number from 1 to 1000",
        "idle -1": "idle cycles must be a whole number from 0 to 100000000",
        "read x": "malformed command: read x",
    }
    with SimulatedBoard(core) as board:
        for command, words in refused.items():
            with pytest.raises(CoreFailure, match=words):
                board._command(command)
        assert started(board, core).hash(Message(b"abc", 24)).correct  # nothing refused was applied


# --- experiments --------------------------------------------------------------------------------


def test_overhead_and_speedup_commands(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--db", str(db), "--json", "--sizes", "1,10", "--core-mhz", "80"]
    assert main(["testbed", "overhead", "sha256", *base]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["size_kb"] for row in rows] == [1.0, 10.0]
    assert all(row["correct"] and 1.0 < row["ratio"] < 1.1 for row in rows)
    assert rows[0]["ratio"] > rows[1]["ratio"]  # fixed costs weigh less on longer messages
    assert main(["testbed", "speedup", "sha256", *base]) == 0  # the same stored jobs
    captured = capsys.readouterr()
    assert "stored results for 1, 10 kB" in captured.err
    speedups = json.loads(captured.out)
    assert all(row["speedup"] > 0 and row["software"].startswith("hashlib") for row in speedups)


def test_dma_bottleneck_shows_and_a_faster_system_clock_removes_it(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # SHA-256 at 900 MHz hashes 7.1 Gbit/s; the DMA moves 64 bits per system cycle:
    # 6.4 Gbit/s at 100 MHz (the bottleneck), 9.6 Gbit/s at 150 MHz
    ratios = {}
    for sys_mhz in ("100", "150"):
        args = ["testbed", "overhead", "sha256", "--db", str(db), "--json", "--sizes", "100", "--core-mhz", "900"]
        assert main([*args, "--sys-mhz", sys_mhz]) == 0
        ratios[sys_mhz] = json.loads(capsys.readouterr().out)[0]["ratio"]
    assert ratios["100"] == pytest.approx(512 * 900 / 65 / (64 * 100), rel=0.01)
    assert ratios["150"] < 1.01
    with ResultStore(db) as store:  # the report's table and the findings' measure of Fig. 7b
        rows = testbed_tables.bottleneck_rows(testbed_tables.testbed_series(store))
        assert [(row["sys_mhz"], row["ratio"]) for row in rows] == [(100.0, ratios["100"]), (150.0, ratios["150"])]
        assert rows[0]["dma_us"] > rows[0]["formula_us"] > rows[1]["dma_us"]
        claim = {"id": "x", "where": "Fig. 7b", "statement": "s", "quantity": "q", "rule": "holds", "study_platform": "p"}
        for sys_mhz, bound in ((100, True), (150, False)):
            for measure, value in (("dma_bound", bound), ("dma_free", not bound)):
                one = Claim(**claim, measure=measure, core="sha256", sys_mhz=sys_mhz, size_kb=100, source="test")
                assert MEASURES[measure](store, one).value is value


def test_testbed_synthesizes_for_ecp5_with_distributed_ram_fifos(tmp_path: Path) -> None:
    # The testbed's streams face the processor, not pins, so it is synthesized only
    # (placing it would need 243 I/O). Sources are copied next to the script: YoWASP
    # Yosys sees the host through relative paths.
    core = load_core("sha1")
    names = []
    for source in wrapper.testbed_sources(core, tmp_path / "wrappers", simulated_board=False):
        shutil.copy(source, tmp_path / source.name)
        names.append(source.name)
    chparams = " ".join(f"-set {name} {value}" for name, value in wrapper.testbed_parameters(core).items())
    script = (
        f"read_verilog {' '.join(names)}; chparam {chparams} testbed_top; synth_ecp5 -top testbed_top; "
        "tee -o stat.json stat -json"
    )
    proc = subprocess.run([YOSYS.command(), "-q", "-p", script], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    cells = json.loads((tmp_path / "stat.json").read_text())["design"]["num_cells_by_type"]
    assert cells.get("TRELLIS_DPR16X4", 0) > 0  # the FIFO storage is LUT RAM


def test_the_core_clock_is_the_common_flow_run_s_not_an_exploration_s(db: Path) -> None:
    """The testbed clocks a core at its default run's Fmax on the target device; a later run of
    an exploration (other options, same seed) does not move it."""
    core = load_core("sha1")
    device = get_device(TARGET_DEVICE)
    with ResultStore(db) as store:
        assert stored_fmax(store, core) is None
        store.put("implement", ImplSettings(device).inputs(core), {"fmax_mhz": 140.0})
        store.put("implement", ImplSettings(device, options=(("placer", "sa"),)).inputs(core), {"fmax_mhz": 150.0})
        assert stored_fmax(store, core) == 140.0


def test_table_4_shows_a_core_at_its_present_clock_else_its_latest(db: Path) -> None:
    with ResultStore(db) as store:
        fixture_store.put_testbed(store, "sha1", 140.0, 14.0)
        fixture_store.put_testbed(store, "sha1", 150.0, 14.0)  # implemented again: a new Fmax
        sha256 = load_core("sha256")
        store.put("implement", ImplSettings(get_device(TARGET_DEVICE)).inputs(sha256), {"fmax_mhz": 90.0})
        fixture_store.put_testbed(store, "sha256", 90.0, 12.0)  # at its common-flow Fmax
        fixture_store.put_testbed(store, "sha256", 95.0, 12.0)  # by hand, later
        series = testbed_tables.testbed_series(store)
    assert [(s["core"], s["core_mhz"]) for s in series] == [("sha1", 150.0), ("sha256", 90.0)]


def test_table_4_leaves_out_a_series_without_software_and_its_sizes() -> None:
    setting = {"device": BOARD, "core_mhz": 100.0, "sys_mhz": 100.0, "dma": dataclasses.asdict(DmaModel()), "start_delay": 0}
    hashed = {"core": "sha1", **setting, "speedup": [{"size_kb": 10.0, "speedup": 0.05}, {"size_kb": 100.0, "speedup": 0.06}]}
    lwc = {"core": "ascon", **setting, "speedup": [{"size_kb": 0.016, "speedup": None}, {"size_kb": 10.0, "speedup": None}]}
    columns, cells = testbed_tables.speedup_cells([lwc, hashed])
    assert columns == ["core and setting", "10 kB", "100 kB"]
    assert [row[0].split(",")[0] for row in cells] == ["sha1"] and cells[0][1:] == ["0.050", "0.060"]
