"""A board whose core is the post-route timing simulation of the routed core.

It implements the testbed's ``Board`` interface, so the host controller and its
0.1 MHz search run on it unchanged: the Clocking Wizard model sets the simulated
clock period, a DMA transfer streams the words into the routed netlist (with every delay
of the placed and routed design, in Icarus or in hashbed's fast timing engine: the same
testbench, the same output) and returns the words the core wrote.
The output FIFO's registers and the timer are modelled in software here: the timer
counts system clock cycles over the core's busy time, from the cycle it reads the
first word to the cycle it writes the last one. For an LWC core the sdi FIFO is modelled
too: the words written to SDI_DATA go, with the next transfer's pdi words, into ``core_tb.v``
(its fast-engine equivalent), which feeds them on sdi; the FIFO is never full.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hashbed.catalogue.cores import Core
from hashbed.catalogue.interfaces.hash_words import from_memory, to_memory
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.sim.icarus import run_simulation, written_words
from hashbed.flow.timing.engine import TimingEngine
from hashbed.flow.timing.simulate import period_ps
from hashbed.testbed.board import (
    FIFO_CONFIG,
    SDI_CONFIG,
    SDI_DATA,
    SDI_STATUS,
    START_DELAY,
    TCR0,
    TCSR0,
    TCSR_ENABLE,
    TCSR_LOAD,
    TLR0,
    TRANSFER_LENGTH,
    Block,
    Board,
)
from hashbed.testbed.clock_wizard import ClockWizardModel

_MARK = re.compile(r"^(first|last) (-?\d+)$", re.MULTILINE)
#: log2 of the modelled sdi FIFO's depth: core_tb.v holds 65536 sdi words.
SDI_DEPTH_LOG2 = 16
#: A transfer may take this many times the cycles its formula gives before the core counts as hung.
HUNG_FACTOR = 2


class PostRouteBoard(Board):
    """One routed core in timing simulation, behind the controller's board interface."""

    sys_mhz = 100.0
    clock_input_mhz = 100.0

    def __init__(self, core: Core, simulation: Path | TimingEngine, input_delay_ps: int) -> None:
        """``simulation``: the compiled Icarus simulation of core_tb.v with the timed netlist, or
        a timing engine with the routed design loaded."""
        self.core = core
        self.simulation = simulation
        self.input_delay_ps = input_delay_ps
        self.clock_wizard = ClockWizardModel(self.clock_input_mhz, lambda mhz: None)
        self._work = tempfile.TemporaryDirectory(prefix="hashbed-timing-")
        self._registers = {TRANSFER_LENGTH: 1, START_DELAY: 0}
        self._timer_load = 0
        self._timer_count = 0
        self._timer_running = False
        #: Core clock cycles of the last transfer, from the first word read to the last written.
        self.last_busy_cycles = 0
        #: An LWC core's sdi words written since the last transfer.
        self._sdi: list[int] = []

    @property
    def core_mhz(self) -> float:
        return self.clock_wizard.mhz

    def write(self, block: Block, offset: int, value: int) -> None:
        if block is Block.CLOCK_WIZARD:
            self.clock_wizard.write(offset, value)
        elif block is Block.OUTPUT_FIFO and offset in self._registers:
            if offset == TRANSFER_LENGTH and not 1 <= value <= 0xFFFF:
                raise HashbedError(f"output_fifo refused 0x{value:x} at register 0x{offset:02x} (transfer length 1..65535)")
            self._registers[offset] = value
        elif block is Block.SDI_FIFO and self.core.io.sdi and offset == SDI_DATA:
            if not 0 <= value < 1 << self.core.sdi_bus_width:
                raise HashbedError(f"sdi_fifo refused 0x{value:x} (wider than the {self.core.sdi_bus_width}-bit sdi)")
            self._sdi.append(value)
        elif block is Block.TIMER and offset == TLR0:
            self._timer_load = value
        elif block is Block.TIMER and offset == TCSR0:
            if value & TCSR_LOAD:
                self._timer_count = self._timer_load
            self._timer_running = bool(value & TCSR_ENABLE)
        else:
            raise HashbedError(f"{block.value} refused 0x{value:x} at register 0x{offset:02x} (not modelled)")

    def read(self, block: Block, offset: int) -> int:
        if block is Block.CLOCK_WIZARD:
            return self.clock_wizard.read(offset)
        if block is Block.OUTPUT_FIFO and offset == FIFO_CONFIG:
            return self.core.bus_width
        if block is Block.OUTPUT_FIFO and offset in self._registers:
            return self._registers[offset]
        if block is Block.SDI_FIFO and self.core.io.sdi and offset == SDI_CONFIG:
            return SDI_DEPTH_LOG2 << 8 | self.core.sdi_bus_width  # as deep as core_tb.v's word memory
        if block is Block.SDI_FIFO and self.core.io.sdi and offset == SDI_STATUS:
            return 0  # never full
        if block is Block.TIMER and offset == TCR0:
            return self._timer_count
        raise HashbedError(f"{block.value} refused a read at register 0x{offset:02x} (not modelled)")

    def transfer(self, data: bytes, receive_bytes: int) -> bytes:
        width = self.core.bus_width
        words = from_memory(data, width)
        expected = self._registers[TRANSFER_LENGTH]
        if receive_bytes < expected * width // 8:
            raise HashbedError(f"receive buffer of {receive_bytes} bytes is smaller than the transfer length of {expected} words")
        mhz = self.core_mhz
        sdi, self._sdi = (self._sdi, []) if self.core.io.sdi else (None, [])
        limit = self._cycle_limit(len(words) + len(sdi or []), expected)
        if sdi is None:  # a hash core
            output = self._simulate(words, expected, period_ps(mhz), limit)
        else:
            output = self._simulate(words, expected, period_ps(mhz), limit, sdi=sdi)
        if "done" not in output.split():
            detail = "it stopped answering" if "timeout" in output else f"the simulation failed: {output.strip()[-200:]}"
            raise CoreFailure(f"core {self.core.name} at {mhz:g} MHz in timing simulation: {detail}")
        marks = {name: int(value) for name, value in _MARK.findall(output)}
        self.last_busy_cycles = marks["last"] - marks["first"] + 1
        if self._timer_running:
            self._timer_count += round(self.last_busy_cycles * self.sys_mhz / mhz)
        words_out = written_words(output)
        if words_out is None:
            raise CoreFailure(f"core {self.core.name} at {mhz:g} MHz wrote a word with unknown (x) bits in timing simulation")
        return to_memory(words_out, width)

    def _simulate(self, words: list[int], outputs: int, period: int, max_cycles: int, sdi: list[int] | None = None) -> str:
        """What core_tb.v (its LWC branch when ``sdi`` is a list) prints for one transfer."""
        width = self.core.bus_width
        sdi_width = self.core.sdi_bus_width if sdi is not None else 0
        if isinstance(self.simulation, TimingEngine):
            return self.simulation.run_core(words, width, outputs, period, self.input_delay_ps, max_cycles, sdi, sdi_width or 32)
        stream = Path(self._work.name) / "words.hex"
        stream.write_text("".join(f"{word:0{width // 4}x}\n" for word in words))
        plusargs: dict[str, int | str] = {
            "words": str(stream),
            "count": len(words),
            "outputs": outputs,
            "period": period,
            "input_delay": self.input_delay_ps,
            "max_cycles": max_cycles,
        }
        if sdi:
            sdi_stream = Path(self._work.name) / "sdi.hex"
            sdi_stream.write_text("".join(f"{word:0{-(-sdi_width // 4)}x}\n" for word in sdi))
            plusargs |= {"sdi_words": str(sdi_stream), "sdi_count": len(sdi)}
        return run_simulation(self.simulation, plusargs)

    def _cycle_limit(self, words: int, outputs: int) -> int:
        """``HUNG_FACTOR`` times the cycles the core's formulas give the transfer (``Interface.transfer_cycles``)."""
        return HUNG_FACTOR * self.core.io.transfer_cycles(self.core, words, outputs) + 100

    def reset(self) -> None:
        """Every transfer starts from reset in the timing simulation; nothing to do."""

    def close(self) -> None:
        self._work.cleanup()
