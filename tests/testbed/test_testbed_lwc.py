"""The testbed with an LWC core (Ascon): the secret-data FIFO, the LWC wrapper, the controller and
the experiments on the simulated board; the LWC path of the post-route timing board."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
from pathlib import Path

import pytest

from hashbed.catalogue.cores import Core, load_core, load_manifest, rtl_root
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.interfaces import Case
from hashbed.catalogue.interfaces.lwc_words import (
    decrypt_case,
    encrypt_case,
    hash_case,
    status_word,
    xof_case,
)
from hashbed.cli.main import main
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.impl.implement import ImplSettings, implement
from hashbed.flow.sim.build import Design
from hashbed.flow.sim.icarus import CORE_TESTBENCH, compile_simulation
from hashbed.flow.sim.lint import lint_sources
from hashbed.flow.timing.engine import TimingEngine, write_engine_design
from hashbed.flow.timing.simulate import CELL_MODELS, write_timed_netlist
from hashbed.studies.zynq.timing import HOLD_MARGIN_PS
from hashbed.studies.zynq.workloads import MEASURED_BLOCKS, check_operations, max_encrypt_bytes, measured_encryption
from hashbed.testbed import simulated, wrapper
from hashbed.testbed.board import SDI_CONFIG, SDI_DATA, SDI_STATUS, Block
from hashbed.testbed.controller import Controller
from hashbed.testbed.simulated import DmaModel, SimulatedBoard, board_design
from hashbed.testbed.timed_board import PostRouteBoard
from hashbed.testbed.wrapper import FifoDepths

# The first record of the Ascon-AEAD128 KAT file (docs/interface.md's example): key 00..0F,
# nonce 10..1F, empty AD and plaintext; do as the KAT gives it, not as the model computes it.
KAT_KEY, KAT_NONCE = bytes(range(16)), bytes(range(16, 32))
KAT_DO = (0x52000000, 0x83000010, 0x4F9C2782, 0x11BEC931, 0x6BF68F46, 0xEE8B2EC6, 0xE0000000)


@pytest.fixture(scope="module")
def ascon() -> Core:
    return load_core("ascon")


def started(board: SimulatedBoard, core: Core) -> Controller:
    controller = Controller(board, core)
    controller.configure_output()
    return controller


def operations(core: Core, rng: random.Random) -> list[Case]:
    """A new key, encryptions around the block boundaries with it, decryptions (right, and with a
    flipped tag or ciphertext bit), hashes, an XOF and a second new key."""
    aead, key, nonce = core.suite.aead, rng.randbytes(16), rng.randbytes(16)
    cases = [encrypt_case(aead, key, nonce, rng.randbytes(23), rng.randbytes(5), new_key=True)]
    for size in (0, 1, 15, 16, 17, 100, rng.randrange(2000)):
        cases.append(
            encrypt_case(aead, key, rng.randbytes(16), rng.randbytes(rng.randrange(40)), rng.randbytes(size), new_key=False)
        )
    sealed = aead.encrypt(key, nonce, b"ad", rng.randbytes(70))
    for flip in (None, len(sealed) - 1, 3):
        text = sealed if flip is None else sealed[:flip] + bytes([sealed[flip] ^ 0x10]) + sealed[flip + 1 :]
        cases.append(decrypt_case(aead, key, nonce, b"ad", text, new_key=False))
    cases += [hash_case(core.suite.hash, rng.randbytes(size)) for size in (0, 7, 8, 100)]
    cases.append(xof_case(core.suite.xof, rng.randbytes(33), 40))
    cases.append(encrypt_case(aead, rng.randbytes(16), nonce, b"", rng.randbytes(50), new_key=True))
    return cases


def formula_of(case: Case) -> tuple[int, str]:
    """The padded blocks and formula of an operation (for the controller's formula time)."""
    if case.kind in ("hash", "xof"):
        return case.bits // 64 + 1, "hash"
    name = "decrypt" if case.kind == "decrypt" else "encrypt"
    return case.bits // 128 + 1, name + ("_new_key" if case.sdi else "")


# --- data path --------------------------------------------------------------------------------


def test_the_first_kat_record_comes_back_as_the_kat_gives_it(ascon: Core) -> None:
    case = encrypt_case(ascon.suite.aead, KAT_KEY, KAT_NONCE, b"", b"", new_key=True)
    assert case.expected == KAT_DO  # the model agrees with the KAT
    with SimulatedBoard(ascon) as board:
        transfer = started(board, ascon).run(case, 1)
    assert transfer.correct and transfer.status == "SUCCESS" and transfer.words == len(KAT_DO)
    assert transfer.digest == "4f9c278211bec9316bf68f46ee8b2ec6e0000000"  # the tag and SUCCESS


@pytest.mark.parametrize("trial", range(3))
def test_operations_survive_stalls_clock_ratios_and_small_fifos(ascon: Core, trial: int) -> None:
    rng = random.Random(trial)
    ratio = 2 ** rng.uniform(-2, 2)  # core clock / system clock, 1:4 .. 4:1
    dma = DmaModel(
        gap=rng.uniform(0, 0.6),
        burst=rng.choice([0, 3, 16]),
        burst_gap=rng.randrange(4),
        pause=rng.uniform(0, 0.6),
        seed=trial + 1,
    )
    with SimulatedBoard(ascon, 100.0, dma, FifoDepths(input=2, output=3, sdi=3)) as board:
        controller = started(board, ascon)
        controller.set_core_clock(100.0 * ratio)
        statuses, backpressure = [], 0
        for case in operations(ascon, rng):
            blocks, formula = formula_of(case)
            transfer = controller.run(case, blocks, formula)
            assert transfer.correct, (case.kind, case.bits, transfer.difference)
            statuses.append(transfer.status)
            backpressure += board.last_transfer["backpressure"]
        assert statuses.count("FAILURE") == 2  # the flipped tag and ciphertext bits, nothing else
        assert backpressure > 0  # the four-beat input FIFO was full


def test_several_operations_in_one_transfer(ascon: Core) -> None:
    cases = operations(ascon, random.Random(7))
    with SimulatedBoard(ascon, dma=DmaModel(gap=0.3, pause=0.3, seed=5)) as board:
        controller = started(board, ascon)
        assert controller.all_correct_at(60.0, cases)
        # the same check fails when one expected word is wrong: the comparison is of every word
        wrong = dataclasses.replace(cases[3], expected=(*cases[3].expected[:-2], cases[3].expected[-2] ^ 1, status_word(True)))
        assert not controller.all_correct_at(60.0, [*cases[:3], wrong])


def test_a_wrong_answer_is_reported_with_the_word_where_it_departs(ascon: Core) -> None:
    case = encrypt_case(ascon.suite.aead, KAT_KEY, KAT_NONCE, b"", b"", new_key=True)
    wrong = dataclasses.replace(case, expected=(*case.expected[:3], case.expected[3] ^ 0x100, *case.expected[4:]))
    with SimulatedBoard(ascon) as board:
        transfer = started(board, ascon).run(wrong, 1, "encrypt_new_key")
    assert not transfer.correct
    assert transfer.difference == "do word 4: expected 11BEC831, core wrote 11BEC931"


# --- the secret-data FIFO ----------------------------------------------------------------------


def test_sdi_fifo_registers(ascon: Core) -> None:
    with SimulatedBoard(ascon, fifo=FifoDepths(sdi=2)) as board:
        assert board.read(Block.SDI_FIFO, SDI_CONFIG) == 2 << 8 | 32
        assert board.read(Block.SDI_FIFO, SDI_STATUS) == 0
        with pytest.raises(HashbedError, match="sdi_fifo refused a read at register 0x00"):
            board.read(Block.SDI_FIFO, SDI_DATA)  # write-only
        with pytest.raises(HashbedError, match="sdi_fifo refused 0x1 at register 0x0c"):
            board.write(Block.SDI_FIFO, 0x0C, 1)
        for word in range(4):  # the core reads sdi only after ACTKEY: the words stay
            board.write(Block.SDI_FIFO, SDI_DATA, word)
        assert board.read(Block.SDI_FIFO, SDI_STATUS) == 1  # full
        with pytest.raises(HashbedError, match="sdi_fifo refused 0x4 at register 0x00"):
            board.write(Block.SDI_FIFO, SDI_DATA, 4)
        board.reset()
        assert board.read(Block.SDI_FIFO, SDI_STATUS) == 0
        controller = started(board, ascon)
        with pytest.raises(HashbedError, match="6 sdi words in one transfer do not fit the 4-word sdi FIFO"):
            controller.run(encrypt_case(ascon.suite.aead, KAT_KEY, KAT_NONCE, b"", b"", new_key=True), 1)


def test_the_controller_refuses_sdi_words_for_a_hash_core(ascon: Core) -> None:
    core = load_core("sha1")
    with SimulatedBoard(core) as board:
        controller = Controller(board, core)
        controller.configure_output()
        case = encrypt_case(ascon.suite.aead, KAT_KEY, KAT_NONCE, b"", b"", new_key=True)
        with pytest.raises(HashbedError, match="core sha1 has no sdi port: its cases carry no sdi words"):
            controller.run(case, 1)


@pytest.mark.parametrize("width", [8, 16, 32])
def test_sdi_fifo_lints_clean_at_every_width(width: int) -> None:
    root = rtl_root()
    lib = [root / "lib" / name for name in ("sync_2ff.v", "async_fifo.v", "axil_slave.v")]
    assert lint_sources("sdi_fifo", [*lib, root / "testbed" / "sdi_fifo.v"], {"SW": width}) == []


def test_the_sdi_width_follows_the_manifest_and_is_checked_at_elaboration(
    ascon: Core, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    narrow = _variant(ascon, tmp_path, "[lwc]\nsdi_width = 8\n")
    assert narrow.sdi_bus_width == 8 and ascon.sdi_bus_width == 32
    assert wrapper.testbed_parameters(narrow)["SW"] == 8
    assert "parameter SW = 8" in wrapper.wrapper_source(narrow)
    # ascon_core's sdi is 32 bits: a manifest that says 8 is caught by the lint of its testbed
    design = board_design(narrow)
    findings = lint_sources(design.top, design.sources, design.parameters)
    assert any("WIDTH" in finding and "sdi_data" in finding for finding in findings)
    # a testbed built for another sdi width than the manifest's stops at elaboration
    built = simulated.board_design

    def other_width(core: Core, fifo: FifoDepths = FifoDepths()) -> Design:
        design = built(core, fifo)
        return dataclasses.replace(design, parameters={**design.parameters, "SW": 16})

    monkeypatch.setattr(simulated, "board_design", other_width)
    with pytest.raises(
        CoreFailure, match="parameter check failed: hashbed_core: core ascon has a 32-bit sdi port, the testbed asks"
    ):
        SimulatedBoard(ascon)


def test_a_manifest_sdi_width_must_be_one_the_testbed_takes(ascon: Core, tmp_path: Path) -> None:
    with pytest.raises(HashbedError, match=r"sdi_width.*must be one of 8, 16, 32 bits, got 12"):
        _variant(ascon, tmp_path, "[lwc]\nsdi_width = 12\n")


def _variant(core: Core, tmp_path: Path, extra: str) -> Core:
    """A copy of ``core``'s folder with a variant 'sdi8' whose [lwc] table starts with ``extra``."""
    folder = tmp_path / "ascon"
    shutil.copytree(core.manifest.parent, folder)
    (folder / "sdi8.toml").write_text(core.manifest.read_text().replace("[lwc]\n", extra, 1))
    return load_manifest(folder / "sdi8.toml")


# --- one testbed for both interfaces --------------------------------------------------------------


@pytest.mark.parametrize("name", ["sha256", "keccak256-round3"])
def test_a_hash_core_gets_the_testbed_without_the_sdi_fifo(name: str) -> None:
    core = load_core(name)
    design = board_design(core)
    assert design.top == "sim_board_top"
    digest_words = -(-core.algorithm.digest_bits // core.bus_width)
    assert design.parameters == {
        "W": core.bus_width,
        "SDI": 0,
        "SW": 32,
        "OUT_WORDS": digest_words,
        "IN_ADDR_W": 5,
        "OUT_ADDR_W": 4,
        "SDI_ADDR_W": 5,
    }
    files = {path.name for path in design.sources}
    assert {"testbed_top.v", "sim_board_top.v", "input_fifo.v", "output_fifo.v"} <= files
    assert lint_sources(design.top, design.sources, design.parameters) == []
    source = wrapper.wrapper_source(core)
    assert "assign sdi_ready = 1'b0;" in source and ".din(in_data)" in source


def test_an_lwc_core_gets_the_testbed_with_the_sdi_fifo(ascon: Core, tmp_path: Path) -> None:
    design = board_design(ascon)
    assert design.top == "sim_board_top"
    assert design.parameters == {"W": 32, "SDI": 1, "SW": 32, "OUT_WORDS": 1, "IN_ADDR_W": 5, "OUT_ADDR_W": 4, "SDI_ADDR_W": 5}
    assert lint_sources(design.top, design.sources, design.parameters) == []
    synthesis = wrapper.testbed_sources(ascon, tmp_path / "wrappers", simulated_board=False)
    assert {"testbed_top.v", "sdi_fifo.v", "input_fifo.v"} <= {path.name for path in synthesis}
    assert lint_sources("testbed_top", synthesis, wrapper.testbed_parameters(ascon)) == []


# --- experiments --------------------------------------------------------------------------------


def test_overhead_of_ascon_encryption(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--db", str(db), "--json", "--core-mhz", "80"]
    assert main(["testbed", "overhead", "ascon", *base, "--sizes", "0.016,1.536,10"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["size_kb"] for row in rows] == [0.016, 1.536, 10.0]
    assert [row["blocks"] for row in rows] == [2, 97, 626]
    assert all(row["correct"] and 1.0 < row["ratio"] < 1.3 for row in rows)
    assert rows[0]["ratio"] > rows[1]["ratio"] > rows[2]["ratio"]  # fixed costs weigh less on longer messages
    # the formula is the manifest's (encryption with the key in use) at the core clock reached
    assert rows[2]["formula_us"] == pytest.approx((14 + 12 * 626 + 19) / rows[2]["core_mhz"], abs=0.002)


def test_lwc_experiments_refuse_what_they_cannot_do(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert max_encrypt_bytes() == 262096
    assert main(["testbed", "overhead", "ascon", "--db", str(db), "--sizes", "300"]) == 1
    assert "at most 262.096 kB, got 300 kB" in capsys.readouterr().err
    assert main(["testbed", "speedup", "ascon", "--db", str(db)]) == 1
    assert "no native software of ascon" in capsys.readouterr().err


def test_rtl_clock_search_of_ascon(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["testbed", "fmax", "ascon", "--low", "50", "--high", "70", "--sizes", "0.1,1", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["limit_above_range"] and row["max_mhz"] == 70.0  # RTL simulation has no delays


# --- the post-route timing board -----------------------------------------------------------------


@pytest.fixture(scope="module")
def ascon_routed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Core, float, Path, Path, int]:
    """Ascon placed and routed on ecp5-25k: its fmax, run folder, Icarus simulation (core_tb.v) and input delay."""
    build = tmp_path_factory.mktemp("ascon_timing")
    core = load_core("ascon")
    result = implement(core, ImplSettings(get_device("ecp5-25k"), seed=1), build)
    assert result.ok and result.fmax_mhz, result.error
    run_dir = Path(result.run_dir)
    timed = write_timed_netlist(run_dir, "ecp5")
    executable = compile_simulation(
        build / "ascon.vvp", [CORE_TESTBENCH, run_dir / "timed.v", CELL_MODELS["ecp5"]], "tb", core.io.testbench_parameters()
    )
    return core, result.fmax_mhz, run_dir, executable, timed.clock_arrival_ps + HOLD_MARGIN_PS


@pytest.mark.slow
def test_routed_ascon_in_timing_simulation(ascon_routed: tuple[Core, float, Path, Path, int]) -> None:
    core, sta_mhz, run_dir, executable, input_delay = ascon_routed
    cases = check_operations(core.suite, "random", 1)
    assert sum(bool(case.sdi) for case in cases) == 2  # the key load and the measured encryption
    outputs: dict[str, list[str]] = {"icarus": [], "fast": []}
    results: dict[str, list[bool]] = {"icarus": [], "fast": []}

    class Recording(PostRouteBoard):
        def _simulate(self, words: list[int], outputs_: int, period: int, max_cycles: int, sdi: list[int] | None = None) -> str:
            text = super()._simulate(words, outputs_, period, max_cycles, sdi=sdi)
            label = "icarus" if isinstance(self.simulation, Path) else "fast"
            outputs[label].append("\n".join(line for line in text.splitlines() if not line.startswith("events ")).strip())
            return text

    design = write_engine_design(run_dir, name="ascon.engine")
    with TimingEngine(design.path) as engine:
        for factor in (0.5, 3.0):  # every word right well below the static Fmax, wrong far above it
            for label, simulation in (("icarus", executable), ("fast", engine)):
                with Recording(core, simulation, input_delay) as board:
                    controller = Controller(board, core)
                    controller.configure_output()
                    results[label].append(controller.all_correct_at(round(factor * sta_mhz, 1), cases[:8]))
        assert results["fast"] == results["icarus"] == [True, False]
        assert outputs["fast"] == outputs["icarus"]  # the same words, and the same cycles of the first and last
        with PostRouteBoard(core, engine, input_delay) as board:
            controller = Controller(board, core)
            controller.configure_output()
            controller.set_core_clock(0.5 * sta_mhz)
            measured = controller.run(measured_encryption(core.suite, 1), MEASURED_BLOCKS)
            assert measured.correct and measured.status == "SUCCESS"
            # the timer saw the core's own cycles: the formula of an encryption with a new key
            assert board.last_busy_cycles == core.operation_cycles()["encrypt_new_key"].cycles(MEASURED_BLOCKS)
