"""The testbed on a real Zynq board, through PYNQ.

``hashbed board build`` writes the Vivado project of the block design (docs/board.md); its
bitstream and ``.hwh`` are what this board loads. It uses a narrow slice of the ``pynq`` API, so
that the tests can put the simulated board behind the same slice (tests/support/fake_pynq.py):

- ``pynq.Overlay(bitfile)``: loads the bitstream; its ``ip_dict`` (read from the ``.hwh``) gives
  each block's base address, and the attribute named after the DMA cell is PYNQ's AXI DMA driver;
- ``pynq.allocate(shape, dtype)``: the contiguous buffers the DMA reads and writes
  (``freebuffer()`` gives them back);
- the DMA driver's ``sendchannel`` and ``recvchannel``: ``transfer(buffer)``, ``wait()`` and,
  after a reset of the DMA, ``start()``;
- ``pynq.MMIO(base, length)``: ``read(offset)`` and ``write(offset, value)`` of the output FIFO's
  registers, the AXI Timer, the Clocking Wizard (the controller issues PG065's sequence,
  ``clock_wizard.reconfigure``), the DMA's status and reset registers (PG021) and the reset GPIO.

``pynq`` is imported when a board is opened, so the rest of hashbed runs where it is missing.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np

from hashbed.catalogue.cores import Core
from hashbed.errors import CoreFailure, HashbedError
from hashbed.testbed.address_map import (
    BOARD_BLOCKS,
    DMA,
    RESET_GPIO,
    SYS_MHZ,
    ZynqBoard,
    check_board_core,
    segment,
    segment_of,
)
from hashbed.testbed.board import Block, Board

# AXI DMA registers (PG021, simple mode): control and status of each channel
MM2S_DMACR = 0x00
MM2S_DMASR = 0x04
S2MM_DMACR = 0x30
S2MM_DMASR = 0x34
#: S2MM buffer length: written by the driver, read back after the transfer it is the bytes received
S2MM_LENGTH = 0x58
DMACR_RESET = 1 << 2
DMASR_HALTED = 1 << 0
DMASR_IDLE = 1 << 1
#: DMASR's error bits (DMAIntErr, DMASlvErr, DMADecErr)
DMASR_ERRORS = 0x70
# AXI GPIO (PG144): channel 1 data
GPIO_DATA = 0x0
#: Waiting for the digest: this long at least, plus this long per message byte (a core at 10 MHz
#: with a slow formula hashes over 1 MB/s; a core that stops answering is seen after this time).
TIMEOUT_S = 5.0
TIMEOUT_S_PER_BYTE = 2e-5
#: Polls of the DMA's reset bit before it counts as stuck.
RESET_POLLS = 1000


def import_pynq() -> Any:
    """The ``pynq`` package, or a one-line error where it is missing."""
    try:
        import pynq  # type: ignore[import-not-found, unused-ignore]  # only on a board
    except ImportError:
        raise HashbedError("the pynq package is not importable here: run 'hashbed board run' on the board's PYNQ image") from None
    return pynq


def check_bitfile(bitfile: Path) -> None:
    """Refuse a bitstream that is missing or has no ``.hwh`` beside it (PYNQ reads the design from it)."""
    try:
        there = bitfile.is_file()
    except OSError as exc:  # a name too long
        raise HashbedError(f"cannot read --bitfile {bitfile}: {exc.strerror}") from None
    if not there:
        raise HashbedError(f"no bitstream {bitfile}: build it with 'hashbed board build' and Vivado, or pass --bitfile")
    hwh = bitfile.with_suffix(".hwh")  # a file has a name, so it has a suffix to replace
    if not hwh.is_file():
        raise HashbedError(f"no {hwh.name} beside {bitfile}: copy the .hwh that Vivado wrote with the bitstream")


class PynqBoard(Board):
    """The testbed around ``core`` on a Zynq board running PYNQ."""

    sys_mhz = SYS_MHZ
    clock_input_mhz = SYS_MHZ

    def __init__(self, core: Core, bitfile: Path, board: ZynqBoard, timeout_s: float = TIMEOUT_S) -> None:
        check_board_core(core)
        check_bitfile(bitfile)
        pynq = import_pynq()
        self.core = core
        self.board = board
        self.bitfile = bitfile
        self.timeout_s = timeout_s
        self._pynq = pynq
        self.overlay = pynq.Overlay(str(bitfile))
        ip_dict: dict[str, Any] = dict(self.overlay.ip_dict)
        #: Blocks whose address the .hwh did not give, so the address map's was used.
        self.fallbacks: list[str] = []
        self._mmio: dict[str, Any] = {}
        for cell in (DMA, RESET_GPIO, *(segment_of(block).cell for block in BOARD_BLOCKS)):
            base, length = self._address(ip_dict, cell)
            self._mmio[cell] = pynq.MMIO(base, length)
        self.dma = getattr(self.overlay, DMA)
        self._staged: tuple[bytes, int, Any, Any] | None = None
        #: The last transfer: 64-bit beats sent, bytes received and the seconds from starting the
        #: DMA to seeing it done (wall clock), as the simulated board reports them.
        self.last_transfer: dict[str, Any] = {}
        # Loading the overlay reset the logic, and PYNQ's DMA driver started both channels.

    def _address(self, ip_dict: dict[str, Any], cell: str) -> tuple[int, int]:
        entry = ip_dict.get(cell)
        if entry is None:
            self.fallbacks.append(cell)
            fixed = segment(cell)
            return fixed.base, fixed.range
        return int(entry["phys_addr"]), int(entry["addr_range"])

    @property
    def pynq_version(self) -> str:
        return str(getattr(self._pynq, "__version__", "unknown"))

    def write(self, block: Block, offset: int, value: int) -> None:
        self._mmio[segment_of(block).cell].write(offset, value)

    def read(self, block: Block, offset: int) -> int:
        return int(self._mmio[segment_of(block).cell].read(offset))

    def prepare(self, data: bytes, receive_bytes: int) -> None:
        self._release()
        send = self._pynq.allocate(shape=(max(len(data), 1),), dtype=np.uint8)
        receive = self._pynq.allocate(shape=(receive_bytes,), dtype=np.uint8)
        send[: len(data)] = np.frombuffer(data, dtype=np.uint8)
        receive[:] = 0
        self._staged = (data, receive_bytes, send, receive)

    def transfer(self, data: bytes, receive_bytes: int) -> bytes:
        staged = self._staged
        if staged is None or staged[0] is not data or staged[1] != receive_bytes:
            self.prepare(data, receive_bytes)
            staged = self._staged
            assert staged is not None
        send, receive = staged[2], staged[3]
        started = time.monotonic()
        self.dma.recvchannel.transfer(receive)
        self.dma.sendchannel.transfer(send)
        self._wait_idle(S2MM_DMASR, started + self.timeout_s + TIMEOUT_S_PER_BYTE * len(data))
        self.dma.sendchannel.wait()
        self.dma.recvchannel.wait()
        seconds = time.monotonic() - started
        length = int(self._mmio[DMA].read(S2MM_LENGTH))
        received = bytes(receive[: min(length, receive_bytes)])
        self.last_transfer = {"sent": -(-len(data) // 8), "received": len(received), "seconds": round(seconds, 6)}
        self._release()
        return received

    def _wait_idle(self, status: int, deadline: float) -> None:
        """Poll a DMA channel's status until it is idle: PYNQ's ``wait()`` has no time limit, and a
        core that stops answering (too fast a clock) must fail the transfer, not hang the host."""
        dma = self._mmio[DMA]
        while True:
            value = int(dma.read(status))
            if value & DMASR_ERRORS:
                raise CoreFailure(f"the DMA reports an error (status 0x{value:08x})")
            if value & DMASR_IDLE:
                return
            if time.monotonic() > deadline:
                raise CoreFailure("no digest came back by DMA in time: the core never answered")

    def reset(self) -> None:
        """Reset the testbed (a pulse on the reset GPIO into its proc_sys_reset) and the DMA
        (its soft reset, which halts both channels), then start both channels again."""
        self._release()
        gpio = self._mmio[RESET_GPIO]  # all outputs (C_ALL_OUTPUTS), so no direction to set
        gpio.write(GPIO_DATA, 1)
        gpio.write(GPIO_DATA, 0)
        dma = self._mmio[DMA]
        dma.write(MM2S_DMACR, DMACR_RESET)  # resets the whole DMA, both channels
        if not any(not int(dma.read(MM2S_DMACR)) & DMACR_RESET for _ in range(RESET_POLLS)):
            raise HashbedError("the AXI DMA did not come out of its reset")
        self.dma.sendchannel.start()
        self.dma.recvchannel.start()

    def _release(self) -> None:
        if self._staged is not None:
            for buffer in self._staged[2:]:
                buffer.freebuffer()
            self._staged = None

    def close(self) -> None:
        self._release()
