"""The boards hashbed builds for and the address map of their block design: one table, read by
the Vivado script generator (``tcl.py``), by ``PynqBoard`` where the ``.hwh`` does not name a
block, by the tests and by docs/board.md.

Every AXI4-Lite slave sits on the processing system's general-purpose master port M_AXI_GP0
(0x4000_0000 to 0x7FFF_FFFF); the DMA's data ports reach the DDR through the high-performance
slave port S_AXI_HP0. The bases are the ones Vivado's address editor gives these IPs by default
on a Zynq-7000, written down so that the design and the host agree without Vivado deciding.
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbed.catalogue.cores import Core
from hashbed.errors import HashbedError
from hashbed.testbed.board import Block


@dataclass(frozen=True)
class ZynqBoard:
    """A Zynq-7000 board hashbed can build the testbed for."""

    name: str
    part: str
    #: The Vivado board parts, as patterns, in order of preference (their board files give the
    #: processing system's preset: DDR, MIO, clocks; the name changed between Vivado releases).
    board_parts: tuple[str, ...]
    #: Where a user gets the board files when Vivado does not ship them.
    board_files: str
    description: str


BOARDS: dict[str, ZynqBoard] = {
    board.name: board
    for board in (
        ZynqBoard(
            "zedboard",
            "xc7z020clg484-1",
            ("avnet.com:zedboard:part0:*", "em.avnet.com:zed:part0:*"),
            "Vivado ships them (avnet.com:zedboard from 2021.1, em.avnet.com:zed before)",
            "Avnet/Digilent ZedBoard, Zynq-7020, 512 MB DDR3",
        ),
        ZynqBoard(
            "pynq-z2",
            "xc7z020clg400-1",
            ("tul.com.tw:pynq-z2:part0:*",),
            "the PYNQ-Z2 board files from TUL (pynq-z2.zip on the PYNQ-Z2 resource page)",
            "TUL PYNQ-Z2, Zynq-7020, 512 MB DDR3, boots the PYNQ image",
        ),
    )
}


def get_board(name: str) -> ZynqBoard:
    if name not in BOARDS:
        raise HashbedError(f"unknown board {name!r}: one of {', '.join(BOARDS)}")
    return BOARDS[name]


def check_board_core(core: Core) -> None:
    """The board's block design does not connect the testbed's secret-data FIFO yet: it takes the
    cores without an sdi port (the hash interface's)."""
    if core.io.sdi:
        raise HashbedError(
            f"core {core.name} has the {core.interface} interface: the board's testbed takes hash cores only "
            "(an LWC core needs the second input FIFO, for its secret data, which the board design does not have yet)"
        )


#: The programmable logic's system clock (FCLK_CLK0): AXI, DMA, timer, the FIFOs' system side and
#: the Clocking Wizard's input, MHz.
SYS_MHZ = 100.0
#: The DDR the DMA reads and writes through S_AXI_HP0 (both boards have 512 MB).
DDR_BASE = 0x0000_0000
DDR_RANGE = 0x2000_0000
#: The processing system's general-purpose master window.
GP0_WINDOW = (0x4000_0000, 0x8000_0000)


@dataclass(frozen=True)
class Segment:
    """One AXI4-Lite slave in the block design, as the processor sees it."""

    #: The block design cell: also its key in pynq's ``Overlay.ip_dict`` (read from the .hwh).
    cell: str
    #: The cell's AXI4-Lite slave interface and its address block.
    interface: str
    block_name: str
    base: int
    range: int
    #: The register block of the host controller it holds (None: the DMA's and reset's own registers).
    block: Block | None
    what: str

    @property
    def segment(self) -> str:
        """The slave segment's path as assign_bd_address names it."""
        return f"{self.cell}/{self.interface}/{self.block_name}"

    @property
    def end(self) -> int:
        return self.base + self.range


#: Cell names shared by the Tcl and the host.
DMA = "axi_dma"
RESET_GPIO = "reset_gpio"
TIMER = "axi_timer"
CLOCK_WIZARD = "clk_wiz"
TESTBED = "testbed"

ADDRESS_MAP: tuple[Segment, ...] = (
    Segment(DMA, "S_AXI_LITE", "Reg", 0x4040_0000, 0x1_0000, None, "AXI DMA (PG021), simple mode: MM2S and S2MM registers"),
    Segment(RESET_GPIO, "S_AXI", "Reg", 0x4120_0000, 0x1_0000, None, "AXI GPIO (PG144), bit 0: reset of the testbed"),
    Segment(TIMER, "S_AXI", "Reg", 0x4280_0000, 0x1_0000, Block.TIMER, "AXI Timer (PG079), timer 0 counts system cycles"),
    Segment(
        CLOCK_WIZARD,
        "s_axi_lite",
        "Reg",
        0x43C0_0000,
        0x1_0000,
        Block.CLOCK_WIZARD,
        "Clocking Wizard (PG065), dynamic reconfiguration of the core clock",
    ),
    Segment(TESTBED, "s_axil", "reg0", 0x43C1_0000, 0x1000, Block.OUTPUT_FIFO, "hashbed testbed_top: output FIFO registers"),
)


def segment(cell: str) -> Segment:
    return next(s for s in ADDRESS_MAP if s.cell == cell)


#: The host controller's register blocks on a board: the hash testbed's (the LWC testbed's
#: secret-data FIFO is not in the boards' block design: a board takes hash cores only).
BOARD_BLOCKS = tuple(s.block for s in ADDRESS_MAP if s.block is not None)


def segment_of(block: Block) -> Segment:
    found = [s for s in ADDRESS_MAP if s.block is block]
    if not found:
        raise HashbedError(f"the board's block design has no {block.value} (a board takes hash cores only: docs/board.md)")
    return found[0]


def check_address_map(segments: tuple[Segment, ...] = ADDRESS_MAP) -> None:
    """Raise unless every segment lies in the GP0 window, aligned to its power-of-two range,
    and no two overlap."""
    low, high = GP0_WINDOW
    for s in segments:
        if s.range < 0x1000 or s.range & (s.range - 1) or s.base % s.range:
            raise HashbedError(f"{s.cell}: range 0x{s.range:x} at 0x{s.base:08x} is not an aligned power of two of 4K or more")
        if not low <= s.base < s.end <= high:
            raise HashbedError(f"{s.cell}: 0x{s.base:08x}-0x{s.end - 1:08x} is outside M_AXI_GP0")
    ordered = sorted(segments, key=lambda s: s.base)
    for first, second in zip(ordered, ordered[1:]):
        if first.end > second.base:
            raise HashbedError(f"{first.cell} and {second.cell} overlap at 0x{second.base:08x}")


def address_table() -> str:
    """The address map as the Markdown table of docs/board.md (a test checks that it is there)."""
    lines = ["| block design cell | interface | base | range | what |", "|---|---|---:|---:|---|"]
    for s in ADDRESS_MAP:
        lines.append(f"| `{s.cell}` | `{s.interface}` | 0x{s.base:08X} | 0x{s.range:X} | {s.what} |")
    lines.append(
        f"| DDR (through `S_AXI_HP0`) | DMA `Data_MM2S`, `Data_S2MM` | 0x{DDR_BASE:08X} | 0x{DDR_RANGE:X} | the DMA buffers |"
    )
    return "\n".join(lines)
