"""A stand-in for the slice of the ``pynq`` package that PynqBoard uses, backed by the simulated board.

``FakePynq(board).module`` is a module with ``Overlay``, ``allocate`` and ``MMIO``. The hardware
behind them is the simulated board (the testbed RTL in Verilator, board_harness.cpp):

- MMIO on the output FIFO and the timer goes to the RTL as AXI4-Lite transactions (a register
  the RTL refuses raises, as the harness reports SLVERR); on the Clocking Wizard to the simulated
  board's PG065 model, whose loads set the simulated core clock;
- the DMA driver's channels: starting the MM2S channel while the S2MM channel is armed runs one
  transfer of the simulated board's DMA engine (the whole buffer in, TLAST out), so the timer in
  the RTL counts it; a core that never answers leaves both channels busy, as the AXI DMA would;
- the DMA's registers (PG021: DMACR, DMASR, S2MM_LENGTH) and the reset GPIO are modelled here:
  a pulse on GPIO bit 0 resets the simulated board (the RTL), DMACR's reset bit halts both channels.

It is strict where pynq is lenient, so that the tests see PynqBoard's misuse: a base address the
hardware does not decode, an offset beyond the window, MM2S started before S2MM is armed, a
``wait()`` on a busy channel (PYNQ would spin forever), a freed buffer in a transfer.
"""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import numpy as np

from hashbed.errors import CoreFailure
from hashbed.testbed.address_map import ADDRESS_MAP, DMA, RESET_GPIO
from hashbed.testbed.board import Block
from hashbed.testbed.simulated import SimulatedBoard

MM2S_DMACR, MM2S_DMASR, S2MM_DMACR, S2MM_DMASR, S2MM_LENGTH = 0x00, 0x04, 0x30, 0x34, 0x58


class FakeBuffer(np.ndarray):  # type: ignore[type-arg]
    """What pynq.allocate returns: a numpy array in contiguous memory, freed with freebuffer()."""

    freed: bool

    def freebuffer(self) -> None:
        self.freed = True


class Channel:
    """One channel of the AXI DMA as PYNQ's driver shows it."""

    def __init__(self, fake: FakePynq, name: str) -> None:
        self.fake = fake
        self.name = name
        self.running = True  # PYNQ's driver starts both channels when the overlay is loaded
        self.busy = False
        self.buffer: FakeBuffer | None = None
        self.transferred = 0

    def start(self) -> None:
        self.fake.log.append((self.name, "start"))
        self.running = True

    def transfer(self, buffer: FakeBuffer) -> None:
        self.fake.log.append((self.name, "transfer", len(buffer)))
        if not self.running:
            raise RuntimeError("DMA channel not started")
        if self.busy:
            raise RuntimeError("DMA channel not idle")
        if getattr(buffer, "freed", False):
            raise AssertionError("a freed buffer handed to the DMA")
        self.buffer, self.busy = buffer, True
        if self.name == "mm2s":
            self.fake.run_transfer()

    def wait(self) -> None:
        self.fake.log.append((self.name, "wait"))
        if self.busy:
            raise AssertionError(f"wait() on the busy {self.name} channel: PYNQ would never return")

    def status(self) -> int:
        halted = 0 if self.running else 1
        idle = 0 if self.busy or not self.running else 2
        return halted | idle


class FakeDma:
    def __init__(self, fake: FakePynq) -> None:
        self.sendchannel = Channel(fake, "mm2s")
        self.recvchannel = Channel(fake, "s2mm")

    def soft_reset(self) -> None:
        for channel in (self.sendchannel, self.recvchannel):
            channel.running = channel.busy = False
            channel.buffer = None


class FakeMmio:
    def __init__(self, fake: FakePynq, cell: str, length: int) -> None:
        self.fake = fake
        self.cell = cell
        self.length = length

    def _check(self, offset: int) -> None:
        if offset % 4 or not 0 <= offset < self.length:
            raise AssertionError(f"{self.cell}: offset 0x{offset:x} outside its 0x{self.length:x} bytes or unaligned")

    def write(self, offset: int, value: int) -> None:
        self._check(offset)
        assert 0 <= value < 1 << 32, f"{self.cell}: 0x{value:x} is not a 32-bit value"
        self.fake.log.append((self.cell, "write", offset, value))
        self.fake.write(self.cell, offset, value)

    def read(self, offset: int) -> int:
        self._check(offset)
        value = self.fake.read(self.cell, offset)
        self.fake.log.append((self.cell, "read", offset, value))
        return value


class FakeOverlay:
    def __init__(self, fake: FakePynq, bitfile: str) -> None:
        path = Path(bitfile)
        if not path.is_file() or not path.with_suffix(".hwh").is_file():
            raise OSError(f"no bitstream and .hwh at {bitfile}")
        self.ip_dict = {
            cell: {"phys_addr": base, "addr_range": length, "type": "fake"}
            for cell, (base, length) in fake.hardware.items()
            if cell not in fake.hwh_omits
        }
        self._fake = fake

    def __getattr__(self, name: str) -> Any:
        if name == DMA:
            return self._fake.dma
        raise AttributeError(name)


class FakePynq:
    """The pynq slice, with ``board`` as its hardware at the addresses ``hardware`` decodes (cell ->
    (base, range); default: the address map); ``hwh_omits``: cells the .hwh does not name."""

    def __init__(
        self,
        board: SimulatedBoard,
        hardware: dict[str, tuple[int, int]] | None = None,
        hwh_omits: frozenset[str] = frozenset(),
    ) -> None:
        self.board = board
        self.hardware = hardware or {seg.cell: (seg.base, seg.range) for seg in ADDRESS_MAP}
        self.hwh_omits = hwh_omits
        self.dma = FakeDma(self)
        self.gpio = 0
        self.resets = 0
        self.buffers: list[FakeBuffer] = []
        self.log: list[tuple[Any, ...]] = []
        self.failure: CoreFailure | None = None
        module = types.ModuleType("pynq")
        module.__dict__.update(Overlay=self.overlay, allocate=self.allocate, MMIO=self.mmio, __version__="fake")
        self.module = module

    # --- the pynq API -----------------------------------------------------------------------------

    def overlay(self, bitfile: str) -> FakeOverlay:
        return FakeOverlay(self, bitfile)

    def allocate(self, shape: tuple[int, ...], dtype: Any) -> FakeBuffer:
        buffer = np.zeros(shape, dtype=dtype).view(FakeBuffer)
        buffer.freed = False
        self.buffers.append(buffer)
        return buffer

    def mmio(self, base: int, length: int) -> FakeMmio:
        for cell, (start, size) in self.hardware.items():
            if base == start:
                assert length <= size, f"{cell}: a window of 0x{length:x} bytes, the hardware decodes 0x{size:x}"
                return FakeMmio(self, cell, length)
        raise AssertionError(f"no block at 0x{base:08x}")

    # --- the hardware -----------------------------------------------------------------------------

    def block(self, cell: str) -> Block | None:
        return next((seg.block for seg in ADDRESS_MAP if seg.cell == cell), None)

    def write(self, cell: str, offset: int, value: int) -> None:
        block = self.block(cell)
        if block is not None:
            self.board.write(block, offset, value)
        elif cell == RESET_GPIO:
            assert offset == 0, "the reset GPIO has its data register only (all outputs)"
            if value & 1 and not self.gpio & 1:
                self.board.reset()
                self.resets += 1
            self.gpio = value
        elif cell == DMA and offset in (MM2S_DMACR, S2MM_DMACR):
            if value & 4:
                self.dma.soft_reset()
            elif value & 1:
                (self.dma.sendchannel if offset == MM2S_DMACR else self.dma.recvchannel).running = True
        else:
            raise AssertionError(f"{cell}: register 0x{offset:x} is not one PynqBoard should write")

    def read(self, cell: str, offset: int) -> int:
        block = self.block(cell)
        if block is not None:
            return self.board.read(block, offset)
        if cell == DMA and offset == MM2S_DMACR:
            return int(self.dma.sendchannel.running)  # the reset bit reads 0 once the reset is done
        if cell == DMA and offset == S2MM_DMACR:
            return int(self.dma.recvchannel.running)
        if cell == DMA and offset == MM2S_DMASR:
            return self.dma.sendchannel.status()
        if cell == DMA and offset == S2MM_DMASR:
            return self.dma.recvchannel.status()
        if cell == DMA and offset == S2MM_LENGTH:
            return self.dma.recvchannel.transferred
        if cell == RESET_GPIO and offset == 0:
            return self.gpio
        raise AssertionError(f"{cell}: register 0x{offset:x} is not one PynqBoard should read")

    def run_transfer(self) -> None:
        """MM2S has started: the simulated DMA engine sends the buffer while S2MM receives."""
        send, receive = self.dma.sendchannel, self.dma.recvchannel
        if not receive.busy or receive.buffer is None or send.buffer is None:
            raise AssertionError("MM2S started before S2MM was armed: the digest could be lost")
        try:
            received = self.board.transfer(bytes(send.buffer), len(receive.buffer))
        except CoreFailure as failure:  # the core hangs: the DMA never sees TLAST
            self.failure = failure
            return
        receive.buffer[: len(received)] = np.frombuffer(received, dtype=np.uint8)
        receive.transferred = len(received)
        send.busy = receive.busy = False
