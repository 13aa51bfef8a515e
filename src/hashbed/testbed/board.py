"""What the host controller needs from a board, simulated or real.

A board has three register blocks behind AXI4-Lite (the output FIFO, the timer and
the Clocking Wizard; a board for an LWC core a fourth, the secret-data FIFO, whose
words the processor writes as registers), a DMA engine that sends one buffer to the input FIFO while it
receives one buffer from the output FIFO, and a reset for the programmable logic.
The simulated board (``hashbed.testbed.simulated``) implements it in Verilator; a
real Zynq board implements the same methods with PYNQ (``pynq_board.PynqBoard``: ``pynq.MMIO``
for the register blocks, the AXI DMA driver for the transfer) and is driven by the same controller.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from enum import Enum
from types import TracebackType
from typing import Any


class Block(Enum):
    """Register blocks, each with its own AXI4-Lite base address on the board."""

    OUTPUT_FIFO = "output_fifo"  # registers of rtl/testbed/output_fifo.v
    TIMER = "timer"  # Xilinx AXI Timer (rtl/testbed/cycle_timer.v in simulation)
    CLOCK_WIZARD = "clock_wizard"  # Xilinx Clocking Wizard (hashbed.testbed.clock_wizard)
    SDI_FIFO = "sdi_fifo"  # an LWC core's secret-data FIFO (rtl/testbed/sdi_fifo.v); hash testbeds have none


# Output FIFO registers (rtl/testbed/output_fifo.v)
TRANSFER_LENGTH = 0x00
START_DELAY = 0x04
FIFO_CONFIG = 0x08
# Secret-data FIFO registers of an LWC testbed (rtl/testbed/sdi_fifo.v)
SDI_DATA = 0x00
SDI_STATUS = 0x04
SDI_CONFIG = 0x08
SDI_FULL = 1 << 0
# Timer registers (Xilinx AXI Timer, timer 0)
TCSR0 = 0x00
TLR0 = 0x04
TCR0 = 0x08
TCSR_LOAD = 1 << 5
TCSR_ENABLE = 1 << 7


class Board(ABC):
    """A testbed board as the host controller sees it."""

    #: System clock (AXI, DMA, timer) in MHz.
    sys_mhz: float
    #: Clocking Wizard input clock in MHz.
    clock_input_mhz: float
    #: What the board saw of its last transfer (beats sent and received, and what else it can
    #: observe), stored with the transfer's result.
    last_transfer: dict[str, Any]

    @abstractmethod
    def write(self, block: Block, offset: int, value: int) -> None:
        """Write a 32-bit register; raises HashbedError if the block refuses it."""

    @abstractmethod
    def read(self, block: Block, offset: int) -> int:
        """Read a 32-bit register."""

    @abstractmethod
    def transfer(self, data: bytes, receive_bytes: int) -> bytes:
        """Send ``data`` to the input FIFO by DMA while receiving from the output FIFO
        until TLAST (into a buffer of ``receive_bytes``); returns the bytes received."""

    def prepare(self, data: bytes, receive_bytes: int) -> None:  # noqa: B027 (nothing to prepare on most boards)
        """Get ready to ``transfer(data, receive_bytes)`` next, before the timer starts (a real
        board copies the message into its DMA buffer here, so the copy is not timed)."""

    @abstractmethod
    def reset(self) -> None:
        """Reset the programmable logic (FIFOs, core, timer); registers return to their reset values."""

    def close(self) -> None:  # noqa: B027 (a board that holds nothing has nothing to release)
        """Release the board."""

    def __enter__(self) -> Board:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
