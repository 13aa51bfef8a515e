"""PynqBoard, driven through the slice of the pynq API it uses with the simulated board behind it
(tests/support/fake_pynq.py): every register access and DMA transfer it issues reaches the testbed RTL, and
its results are the simulated board's for the same inputs."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import Core, load_core
from hashbed.cli.main import main
from hashbed.errors import CoreFailure, HashbedError
from hashbed.results import ResultStore
from hashbed.studies.zynq import testbed_tables
from hashbed.studies.zynq.board.experiments import FMAX_STEP
from hashbed.testbed import clock_wizard
from hashbed.testbed.address_map import DMA, RESET_GPIO, TESTBED, TIMER, get_board, segment
from hashbed.testbed.controller import Controller, SearchResult, search_max_frequency
from hashbed.testbed.pynq_board import PynqBoard
from hashbed.testbed.simulated import SimulatedBoard
from support.fake_pynq import FakePynq

SHA1 = load_core("sha1")
PYNQ_Z2 = get_board("pynq-z2")
MESSAGES = [Message(b"x" * 100, 800), Message(bytes(range(256)) * 4, 8192)]


@pytest.fixture
def bitfile(tmp_path: Path) -> Path:
    """A bitstream with its .hwh beside it (the fake overlay reads the addresses from the fake)."""
    path = tmp_path / "hashbed_sha1.bit"
    path.write_bytes(b"bitstream")
    path.with_suffix(".hwh").write_text("<MODULES/>")
    return path


def fake_pynq(monkeypatch: pytest.MonkeyPatch, board: SimulatedBoard, **options: object) -> FakePynq:
    fake = FakePynq(board, **options)  # type: ignore[arg-type]
    monkeypatch.setitem(sys.modules, "pynq", fake.module)
    return fake


@pytest.fixture
def simulated() -> Iterator[SimulatedBoard]:
    with SimulatedBoard(SHA1) as board:
        yield board


# --- the same numbers as the simulated board --------------------------------------------------


def test_board_run_reproduces_the_simulated_overhead_and_clock_search(
    tmp_path: Path, bitfile: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clock, search_options = "143.76", ["--low", "50", "--high", "200"]
    sim_db = str(tmp_path / "sim.db")
    assert main(["testbed", "overhead", "sha1", "--db", sim_db, "--json", "--sizes", "1,10", "--core-mhz", clock]) == 0
    expected = json.loads(capsys.readouterr().out)
    assert main(["testbed", "fmax", "sha1", "--json", *search_options, "--sizes", "0.1,1"]) == 0
    expected_search = json.loads(capsys.readouterr().out)

    # The simulated path runs each size on a board of its own, freshly reset; so does this one (one
    # overlay loaded per size): where the two clocks' edges fall when the timer starts depends on
    # the board's history, and a board that ran other transfers before may count one cycle more.
    db = tmp_path / "board.db"
    argv = ["board", "run", "sha1", "--bitfile", str(bitfile), "--db", str(db), "--json", "--core-mhz", clock, *search_options]
    overhead, speedup, searches, fakes = [], [], [], []
    for size in ("1", "10"):
        with SimulatedBoard(SHA1) as simulated:
            fakes.append(fake_pynq(monkeypatch, simulated))
            assert main([*argv, "--sizes", size, "--fmax-sizes", "0.1,1"]) == 0
        got = json.loads(capsys.readouterr().out)
        assert got["board"] == "pynq-z2"
        overhead += got["overhead"]
        speedup += got["speedup"]
        searches.append(got["fmax"])
    assert overhead == expected  # every timer count, to the cycle
    assert searches[0] == searches[1]  # the second run found the search stored
    assert searches[0]["max_mhz"] == expected_search["max_mhz"] == 200.0 and searches[0]["limit_above_range"]
    assert [tuple(t) for t in searches[0]["trials"]] == [tuple(t) for t in expected_search["trials"]]
    assert all(row["software"].startswith("hashlib") and row["speedup"] > 0 for row in speedup)
    assert all(buffer.freed for fake in fakes for buffer in fake.buffers)

    with ResultStore(db) as store:  # stored like the simulated board's jobs, under the board's name
        jobs = store.jobs("testbed", "sha1")
        assert len(jobs) == 2 and all(job.ok and job.device == "pynq-z2" for job in jobs)
        assert all(job.inputs["dma"] is None and job.inputs["tools"] == {"pynq": "fake"} for job in jobs)
        assert [job.device for job in store.jobs(FMAX_STEP)] == ["pynq-z2"]
        (series,) = testbed_tables.testbed_series(store)  # Table IV and the overhead table name the board
        assert testbed_tables.series_label(series) == "sha1, core 143.76 MHz, system 100 MHz, on the pynq-z2"
        assert [row["ratio"] for row in series["overhead"]] == [row["ratio"] for row in expected]
    # a run of both sizes finds them stored: nothing reaches the board
    with SimulatedBoard(SHA1) as simulated:
        fake = fake_pynq(monkeypatch, simulated)
        assert main([*argv, "--sizes", "1,10", "--fmax-sizes", "0.1,1"]) == 0
    assert json.loads(capsys.readouterr().out)["overhead"] == expected
    assert not [entry for entry in fake.log if entry[1] == "transfer"]


class OverclockedBoard(SimulatedBoard):
    """Wrong digests above one clock, no answer at all above a higher one (the board then needs a reset)."""

    wrong_above_mhz = 123.45
    hangs_above_mhz = 160.0

    def transfer(self, data: bytes, receive_bytes: int) -> bytes:
        if self.core_mhz > self.hangs_above_mhz:
            self.send_partially(data, 3)  # the core takes a few beats and is never heard from again
            raise CoreFailure("no beat moved: the core never answered")
        received = super().transfer(data, receive_bytes)
        return received if self.core_mhz <= self.wrong_above_mhz else bytes(b ^ 1 for b in received)


def search(board: SimulatedBoard | PynqBoard, core: Core) -> SearchResult:
    controller = Controller(board, core)
    controller.configure_output()
    return search_max_frequency(lambda mhz: controller.all_correct_at(mhz, controller.message_cases(MESSAGES)), 50.0, 250.0)


def test_clock_search_through_pynq_recovers_from_a_core_that_stops_answering(
    bitfile: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with OverclockedBoard(SHA1) as simulated:
        expected = search(simulated, SHA1)
    with OverclockedBoard(SHA1) as simulated:
        fake = fake_pynq(monkeypatch, simulated)
        with PynqBoard(SHA1, bitfile, PYNQ_Z2, timeout_s=0.05) as board:
            got = search(board, SHA1)
    assert got == expected
    steps = [step / 10 for step in range(500, 2501)]
    passing = [f for f in steps if clock_wizard.settings_for(f, 100.0).mhz(100.0) <= OverclockedBoard.wrong_above_mhz]
    assert got.max_mhz == max(passing)
    hung = [mhz for mhz, _ in got.trials if clock_wizard.settings_for(mhz, 100.0).mhz(100.0) > OverclockedBoard.hangs_above_mhz]
    assert hung and fake.resets == len(hung)  # each hang: the reset GPIO pulsed the testbed's reset
    assert fake.log.count((DMA, "write", 0x00, 4)) == len(hung)  # and the DMA's soft reset, then both channels restarted
    assert fake.log.count(("s2mm", "start")) == len(hung) and fake.log.count(("mm2s", "start")) == len(hung)
    assert all(buffer.freed for buffer in fake.buffers)


# --- the register sequences ---------------------------------------------------------------------


def test_clock_wizard_sequence_is_pg065s(bitfile: Path, simulated: SimulatedBoard, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_pynq(monkeypatch, simulated)
    with PynqBoard(SHA1, bitfile, PYNQ_Z2) as board:
        controller = Controller(board, SHA1)
        start = len(fake.log)
        assert controller.set_core_clock(87.5) == pytest.approx(87.5)
    sequence = [(op, offset) for cell, op, offset, *_ in fake.log[start:] if cell == "clk_wiz"]
    # config 0 and 2, locked?, load (LOAD/SEN | SADDR), locked?
    assert sequence == [("write", 0x200), ("write", 0x208), ("read", 0x004), ("write", 0x25C), ("read", 0x004)]
    assert (("clk_wiz", "write", 0x25C, 0x3)) in fake.log
    assert simulated.core_mhz == pytest.approx(87.5)  # the model's load set the simulated core clock


def test_a_hash_is_register_writes_timer_and_one_dma_transfer(
    bitfile: Path, simulated: SimulatedBoard, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_pynq(monkeypatch, simulated)
    with PynqBoard(SHA1, bitfile, PYNQ_Z2) as board:
        controller = Controller(board, SHA1)
        controller.configure_output()
        start = len(fake.log)
        transfer = controller.hash(Message(b"abc", 24))
    assert transfer.correct and transfer.timer_cycles > 0
    steps = [entry[:3] for entry in fake.log[start:] if entry[0] != DMA or entry[1] != "read"]
    assert steps == [
        (TIMER, "write", 0x04),  # TLR0 = 0
        (TIMER, "write", 0x00),  # LOAD0
        (TIMER, "write", 0x00),  # ENT0: counting
        ("s2mm", "transfer", 20),  # the digest's buffer armed first
        ("mm2s", "transfer", len(controller.stream(controller.message_cases([Message(b"abc", 24)])))),
        ("mm2s", "wait"),
        ("s2mm", "wait"),
        (TIMER, "write", 0x00),  # stopped
        (TIMER, "read", 0x08),  # TCR0
    ]
    assert board.last_transfer["received"] == 20 and board.last_transfer["sent"] > 0


def test_addresses_come_from_the_hwh_and_the_address_map_fills_in(
    bitfile: Path, simulated: SimulatedBoard, monkeypatch: pytest.MonkeyPatch
) -> None:
    moved = {cell: (seg.base, seg.range) for cell in (DMA, RESET_GPIO, TIMER, "clk_wiz", TESTBED) if (seg := segment(cell))}
    moved[TESTBED] = (0x43C2_0000, 0x1000)  # where this design's .hwh puts the testbed
    fake_pynq(monkeypatch, simulated, hardware=moved, hwh_omits=frozenset({TIMER}))
    with PynqBoard(SHA1, bitfile, PYNQ_Z2) as board:
        controller = Controller(board, SHA1)
        controller.configure_output()
        assert controller.hash(Message(b"abc", 24)).correct
        assert board.fallbacks == [TIMER]


def test_refusals_are_one_line(tmp_path: Path, bitfile: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynq", None)  # not importable, as on a machine without PYNQ
    with pytest.raises(HashbedError, match="pynq package is not importable"):
        PynqBoard(SHA1, bitfile, PYNQ_Z2)
    with pytest.raises(HashbedError, match="no bitstream"):
        PynqBoard(SHA1, tmp_path / "missing.bit", PYNQ_Z2)
    bitfile.with_suffix(".hwh").unlink()
    with pytest.raises(HashbedError, match="no hashbed_sha1.hwh beside"):
        PynqBoard(SHA1, bitfile, PYNQ_Z2)
    with pytest.raises(HashbedError, match="hash cores only"):
        PynqBoard(load_core("ascon"), bitfile, PYNQ_Z2)
