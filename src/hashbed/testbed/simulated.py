"""The simulated board: the testbed RTL in Verilator, driven like the Zynq would drive it.

``board_harness.cpp`` simulates ``rtl/testbed/sim_board_top.v`` (the testbed around
the core, plus the timer) with the system and core clocks, a DMA engine and the
processor's AXI4-Lite master. This module starts it, talks to it line by line and
models the Clocking Wizard, whose output sets the simulated core clock period.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow import processes
from hashbed.flow.cache import cache_root
from hashbed.flow.sim.build import Design, build
from hashbed.testbed.board import Block, Board
from hashbed.testbed.clock_wizard import ClockWizardModel
from hashbed.testbed.wrapper import SIM_BOARD_TOP, FifoDepths, testbed_parameters, testbed_sources

HARNESS = Path(__file__).with_name("board_harness.cpp")
#: AXI4-Lite base addresses in sim_board_top.v (the sdi FIFO: an LWC core's board only)
BASE = {Block.OUTPUT_FIFO: 0x0000, Block.TIMER: 0x1000, Block.SDI_FIFO: 0x2000}
RESET_CYCLES = 8
DEFAULT_IDLE_LIMIT = 1_000_000
#: System clocks the board takes, MHz: with any core clock of the Clocking Wizard (4.7 to
#: 1200 MHz) the two stay within the ratio that board_harness.cpp simulates.
SYS_MHZ_RANGE = (1.0, 1000.0)


@dataclass(frozen=True)
class DmaModel:
    """How the simulated DMA engine moves data (the default is an ideal engine)."""

    #: MM2S: probability that a beat is held back for a cycle.
    gap: float = 0.0
    #: MM2S: beats per burst (0: unlimited) and idle cycles between bursts.
    burst: int = 0
    burst_gap: int = 0
    #: S2MM: probability that TREADY is low in a cycle.
    pause: float = 0.0
    #: System clock cycles the processor takes to start a transfer, and again to see it done.
    latency: int = 0
    seed: int = 1
    #: System clock cycles without a beat moving before the run is declared stuck.
    idle_limit: int = DEFAULT_IDLE_LIMIT

    def describe(self) -> str:
        """The settings that differ from an ideal engine, e.g. 'DMA latency=300'; 'ideal DMA' if none."""
        ideal = DmaModel(seed=self.seed, idle_limit=self.idle_limit)
        changed = [
            f"{f.name}={getattr(self, f.name)}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(ideal, f.name)
        ]
        return f"DMA {' '.join(changed)}" if changed else "ideal DMA"

    def command(self) -> str:
        return f"dma_model {self.gap!r} {self.burst} {self.burst_gap} {self.pause!r} {self.latency} {self.seed} {self.idle_limit}"


def board_design(core: Core, fifo: FifoDepths = FifoDepths()) -> Design:
    sources = testbed_sources(core, cache_root() / "wrappers", simulated_board=True)
    return Design(f"board-{core.name}", SIM_BOARD_TOP, "Vboard", sources, HARNESS, testbed_parameters(core, fifo))


class SimulatedBoard(Board):
    """The testbed around ``core`` in simulation, with its clocks, DMA and registers."""

    def __init__(
        self,
        core: Core,
        sys_mhz: float = 100.0,
        dma: DmaModel = DmaModel(),
        fifo: FifoDepths = FifoDepths(),
        clock_input_mhz: float = 100.0,
    ) -> None:
        low, high = SYS_MHZ_RANGE
        if not low <= sys_mhz <= high:
            raise HashbedError(f"the simulated board's system clock must be {low:g} to {high:g} MHz, got {sys_mhz!r}")
        self.core = core
        self.sys_mhz = sys_mhz
        self.clock_input_mhz = clock_input_mhz
        self.design = board_design(core, fifo)
        self.clock_wizard = ClockWizardModel(clock_input_mhz, self._set_core_mhz)
        #: The harness's report of the last DMA transfer (cycles of start, end, first output beat ...).
        self.last_transfer: dict[str, Any] = {}
        self._work = tempfile.TemporaryDirectory(prefix="hashbed-board-")
        self._process = processes.start(
            [str(build(self.design))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self._core_mhz = self.clock_wizard.mhz
        self._command(f"clock {_period_fs(self._core_mhz)} {_period_fs(sys_mhz)}")
        self._command(dma.command())
        self.reset()

    @property
    def fingerprint(self) -> str:
        """Identity of the simulated hardware (core, testbed RTL, harness, tools)."""
        return self.design.fingerprint()

    def _command(self, line: str) -> dict[str, Any]:
        """Send one command; its answer is the next JSON line (other lines are the design's $display output)."""
        process = self._process
        if process.poll() is not None or process.stdin is None or process.stdout is None:
            raise CoreFailure(f"simulated board for {self.core.name} is not running")
        process.stdin.write(line + "\n")
        process.stdin.flush()
        printed: list[str] = []
        while (answer := process.stdout.readline()) and not answer.startswith("{"):
            printed.append(answer.strip())
        if not answer:
            process.wait()
            stderr = process.stderr.read().strip().splitlines() if process.stderr else []
            raise CoreFailure(f"simulated board for {self.core.name} stopped: {(printed + stderr or ['no output'])[-1]}")
        reply: dict[str, Any] = json.loads(answer)
        if "error" in reply:
            detail = reply["error"]
            said = [line for line in printed if "$finish" not in line]  # the check's message, not Verilator's
            if "$finish" in detail and said:
                detail = f"parameter check failed: {said[-1]}"
            raise CoreFailure(f"simulated board for {self.core.name}: {detail}")
        return reply

    def _set_core_mhz(self, mhz: float) -> None:
        self._core_mhz = mhz
        self._command(f"clock {_period_fs(mhz)} {_period_fs(self.sys_mhz)}")

    @property
    def core_mhz(self) -> float:
        return self._core_mhz

    def write(self, block: Block, offset: int, value: int) -> None:
        if block is Block.CLOCK_WIZARD:
            self.clock_wizard.write(offset, value)
            return
        reply = self._command(f"write {BASE[block] + offset} {value}")
        if reply["resp"] != 0:
            raise HashbedError(f"{block.value} refused 0x{value:x} at register 0x{offset:02x} (AXI response {reply['resp']})")

    def read(self, block: Block, offset: int) -> int:
        if block is Block.CLOCK_WIZARD:
            return self.clock_wizard.read(offset)
        reply = self._command(f"read {BASE[block] + offset}")
        if reply["resp"] != 0:
            raise HashbedError(f"{block.value} refused a read at register 0x{offset:02x} (AXI response {reply['resp']})")
        return int(reply["value"])

    def transfer(self, data: bytes, receive_bytes: int) -> bytes:
        send = Path(self._work.name) / "send.bin"
        receive = Path(self._work.name) / "receive.bin"
        send.write_bytes(data)
        self.last_transfer = self._command(f"dma {send} {receive} {receive_bytes} 0")
        return receive.read_bytes()

    def send_partially(self, data: bytes, beats: int) -> None:
        """Start sending ``data`` and stop after ``beats`` beats (to test a reset mid-transfer)."""
        send = Path(self._work.name) / "send.bin"
        send.write_bytes(data)
        self.last_transfer = self._command(f"dma {send} - 0 {beats}")

    def idle(self, cycles: int) -> int:
        """Let ``cycles`` system clock cycles pass; returns the system cycle count."""
        return int(self._command(f"idle {cycles}")["cycle"])

    def reset(self) -> None:
        self._command(f"reset {RESET_CYCLES}")

    def close(self) -> None:
        if self._process.poll() is None and self._process.stdin is not None:
            try:
                self._process.stdin.write("quit\n")
                self._process.stdin.flush()
            except BrokenPipeError:
                pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=10)
        processes.stop(self._process)
        self._work.cleanup()


def _period_fs(mhz: float) -> int:
    return round(1e9 / mhz)
