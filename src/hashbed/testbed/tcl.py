"""The Vivado project script of the testbed on a Zynq board (``hashbed board build``).

``write_project`` fills a folder that a machine with Vivado can build on its own: ``hdl/`` (the
core's Verilog, its ``hashbed_core`` wrapper and the testbed RTL, copied), ``hashbed.xdc`` (the
two clocks are asynchronous: every path between them goes through the FIFOs' synchronisers) and
``build.tcl``, which creates the project and the block design, assigns the address map of
``address_map.py``, runs synthesis and implementation, and copies the bitstream and the ``.hwh``
(what PYNQ reads the design from) next to itself:

    vivado -mode batch -source build.tcl

The block design is the Zynq study's: the processing system with the board's preset, an AXI
DMA in simple mode (MM2S into the input FIFO, S2MM from the output FIFO, through S_AXI_HP0 to
the DDR), a Clocking Wizard reprogrammed over AXI4-Lite for the core clock, an AXI Timer,
``testbed_top`` (the FIFOs and the core) as a module reference, and an AXI GPIO whose bit 0
resets the testbed (through its own proc_sys_reset, so the host can recover a core that stopped
answering without reloading the bitstream).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from hashbed import __version__
from hashbed.catalogue.cores import Core
from hashbed.errors import HashbedError
from hashbed.flow.folders import check_own_folder, clear_folder, mark_folder
from hashbed.testbed.address_map import (
    ADDRESS_MAP,
    CLOCK_WIZARD,
    DDR_BASE,
    DDR_RANGE,
    DMA,
    RESET_GPIO,
    SYS_MHZ,
    TESTBED,
    TIMER,
    ZynqBoard,
    check_address_map,
    check_board_core,
    segment,
)
from hashbed.testbed.wrapper import TESTBED_TOP, WRAPPER_MODULE, testbed_parameters, testbed_sources, wrapper_source

#: The IP versions of Vivado 2020.1 to 2023.2 (the PYNQ 2.7 and 3.0 images are built with 2020.2 and 2022.1).
IP = {
    "ps7": "xilinx.com:ip:processing_system7:5.5",
    "proc_sys_reset": "xilinx.com:ip:proc_sys_reset:5.0",
    "axi_interconnect": "xilinx.com:ip:axi_interconnect:2.1",
    DMA: "xilinx.com:ip:axi_dma:7.1",
    TIMER: "xilinx.com:ip:axi_timer:2.0",
    CLOCK_WIZARD: "xilinx.com:ip:clk_wiz:6.0",
    RESET_GPIO: "xilinx.com:ip:axi_gpio:2.0",
}
BLOCK_DESIGN = "hashbed"
#: The file that marks a folder as a project that ``hashbed board build`` wrote and may write again.
MARKER = ".hashbed-board"
MARKER_TEXT = (
    "This folder is written by 'hashbed board build', which rewrites its hdl/, hashbed.xdc and build.tcl;\n"
    "with --force, a project of another core or board here is replaced whole.\n"
)
#: DMA buffer length register width: transfers of up to 64 MB (the default, 14 bits, stops at 16 kB).
DMA_LENGTH_BITS = 26


@dataclass(frozen=True)
class Project:
    """What ``write_project`` wrote."""

    folder: Path
    script: Path
    constraints: Path
    hdl: list[Path]
    #: The bitstream and .hwh the script writes when Vivado runs it.
    bitfile: Path
    hwh: Path


def project_name(core: Core) -> str:
    return f"hashbed_{core.name}"


def size(value: int) -> str:
    """An address range as Vivado writes it: 4K, 64K, 512M, 1G."""
    for unit, scale in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if value % scale == 0:
            return f"{value // scale}{unit}"
    raise HashbedError(f"address range 0x{value:x} is not a whole number of kilobytes")


def _config(cell: str, settings: dict[str, str]) -> str:
    pairs = " \\\n    ".join(f"CONFIG.{key} {{{value}}}" for key, value in settings.items())
    return f"set_property -dict [list \\\n    {pairs} \\\n] [get_bd_cells {cell}]"


def copy_hdl(core: Core, folder: Path) -> list[Path]:
    """Copy the core, its wrapper and the testbed RTL into ``folder``, in compile order."""
    folder.mkdir(parents=True, exist_ok=True)
    wrapper = folder / f"{WRAPPER_MODULE}.v"
    copied: list[Path] = []
    for source in testbed_sources(core, folder / ".wrapper", simulated_board=False):
        target = wrapper if source.name == wrapper.name else folder / source.name
        if target in copied:
            raise HashbedError(f"two HDL files of {core.name} are named {source.name}: rename one to build a project")
        if target != wrapper:
            shutil.copyfile(source, target)
        copied.append(target)
    wrapper.write_text(wrapper_source(core))
    shutil.rmtree(folder / ".wrapper", ignore_errors=True)
    return copied


def constraints() -> str:
    return """# hashbed: the system clock (FCLK_CLK0) and the core clock (the Clocking Wizard's clk_out1) are
# asynchronous to each other: every signal between them crosses in the FIFOs' Gray-code
# pointers through two-flop synchronisers (rtl/lib/async_fifo.v, sync_2ff.v, reset_sync.v).
set_clock_groups -asynchronous \\
    -group [get_clocks clk_fpga_0] \\
    -group [get_clocks -of_objects [get_pins -hierarchical -filter {NAME =~ */clk_wiz/clk_out1}]]
"""


def script(core: Core, board: ZynqBoard, hdl: list[Path], jobs: int = 2) -> str:
    """The Tcl of the project, the block design and the build (``hdl``: file names under hdl/)."""
    check_address_map()
    name = project_name(core)
    parameters = testbed_parameters(core)
    files = " \\\n    ".join(f"[file join $here hdl {path.name}]" for path in hdl)
    mhz = f"{SYS_MHZ:.3f}"
    control = {seg.cell: f"M{index:02d}_AXI" for index, seg in enumerate(ADDRESS_MAP)}
    slaves = "\n".join(
        f"connect_bd_intf_net [get_bd_intf_pins control/{port}] [get_bd_intf_pins {cell}/{segment(cell).interface}]"
        for cell, port in control.items()
    )
    addresses = "\n".join(
        f"assign_bd_address -offset 0x{seg.base:08X} -range {size(seg.range)} "
        f"-target_address_space [get_bd_addr_spaces ps7/Data] [get_bd_addr_segs {seg.segment}] -force"
        f"  ;# {seg.what}"
        for seg in ADDRESS_MAP
    )
    ddr = "\n".join(
        f"assign_bd_address -offset 0x{DDR_BASE:08X} -range {size(DDR_RANGE)} "
        f"-target_address_space [get_bd_addr_spaces {DMA}/{space}] [get_bd_addr_segs ps7/S_AXI_HP0/HP0_DDR_LOWOCM] -force"
        for space in ("Data_MM2S", "Data_S2MM")
    )
    return f"""# {name}: the Zynq testbed of hashbed around core {core.name} ({core.top}) on the {board.name}
# ({board.description}; part {board.part}). Written by hashbed {__version__}
# ('hashbed board build {core.name} --board {board.name}'): regenerate it rather than edit it.
#
# Run it where Vivado is:   vivado -mode batch -source build.tcl
# It writes {name}.bit and {name}.hwh next to this script: copy both to the board and run
#   hashbed board run {core.name} --board {board.name} --bitfile {name}.bit
# The address map below is hashbed.testbed.address_map (docs/board.md).

set here [file dirname [file normalize [info script]]]
set name {name}
set bd {BLOCK_DESIGN}
set part {board.part}
set project_dir [file join $here vivado]

# --- project ----------------------------------------------------------------------------------
create_project $name $project_dir -part $part -force
# The board files give the processing system's preset; the newest version of the first name found.
set board_part ""
foreach pattern {{{" ".join(board.board_parts)}}} {{
    set found [lsort [get_board_parts -quiet $pattern]]
    if {{[llength $found] > 0}} {{
        set board_part [lindex $found end]
        break
    }}
}}
if {{$board_part eq ""}} {{
    error "Vivado has no board files for the {board.name}: install {board.board_files}"
}}
set_property board_part $board_part [current_project]
set_property target_language Verilog [current_project]

# The core, its hashbed_core wrapper (written from the manifest) and the testbed RTL, in compile order.
add_files -norecurse [list \\
    {files} \\
]
add_files -fileset constrs_1 -norecurse [file join $here hashbed.xdc]
set_property PROCESSING_ORDER LATE [get_files [file join $here hashbed.xdc]]
update_compile_order -fileset sources_1

# --- block design -----------------------------------------------------------------------------
create_bd_design $bd

# Processing system: the board's preset (DDR, MIO, clocks), FCLK_CLK0 at {SYS_MHZ:g} MHz for the
# programmable logic, M_AXI_GP0 for the registers and the 64-bit S_AXI_HP0 for the DMA.
create_bd_cell -type ip -vlnv {IP["ps7"]} ps7
apply_bd_automation -rule xilinx.com:bd_rule:processing_system7 \\
    -config {{make_external "FIXED_IO, DDR" apply_board_preset "1" Master "Disable" Slave "Disable"}} [get_bd_cells ps7]
{
        _config(
            "ps7",
            {
                "PCW_FPGA0_PERIPHERAL_FREQMHZ": f"{SYS_MHZ:g}",
                "PCW_USE_M_AXI_GP0": "1",
                "PCW_USE_S_AXI_HP0": "1",
                "PCW_S_AXI_HP0_DATA_WIDTH": "64",
            },
        )
    }

# Resets: one for the AXI side; one for the testbed, which the reset GPIO (bit 0) can also pulse.
create_bd_cell -type ip -vlnv {IP["proc_sys_reset"]} sys_reset
create_bd_cell -type ip -vlnv {IP["proc_sys_reset"]} testbed_reset
set_property CONFIG.C_AUX_RESET_HIGH {{1}} [get_bd_cells testbed_reset]
create_bd_cell -type ip -vlnv {IP[RESET_GPIO]} {RESET_GPIO}
{_config(RESET_GPIO, {"C_GPIO_WIDTH": "1", "C_ALL_OUTPUTS": "1", "C_DOUT_DEFAULT": "0x00000000"})}

# AXI DMA in simple mode (no scatter-gather): MM2S feeds the input FIFO, S2MM takes the output
# FIFO's stream; 64-bit streams, transfers of up to {1 << DMA_LENGTH_BITS - 20} MB. Its interrupts stay unconnected:
# the host polls.
create_bd_cell -type ip -vlnv {IP[DMA]} {DMA}
{
        _config(
            DMA,
            {
                "c_include_sg": "0",
                "c_sg_length_width": str(DMA_LENGTH_BITS),
                "c_include_mm2s": "1",
                "c_include_s2mm": "1",
                "c_m_axi_mm2s_data_width": "64",
                "c_m_axis_mm2s_tdata_width": "64",
                "c_m_axi_s2mm_data_width": "64",
                "c_s_axis_s2mm_tdata_width": "64",
                "c_mm2s_burst_size": "64",
                "c_s2mm_burst_size": "64",
            },
        )
    }

# AXI Timer: timer 0 counts system clock cycles (the host loads, starts and stops it).
create_bd_cell -type ip -vlnv {IP[TIMER]} {TIMER}

# Clocking Wizard: the core clock, {SYS_MHZ:g} MHz at start, reprogrammed over AXI4-Lite (PG065
# dynamic reconfiguration) by the host's clock search.
create_bd_cell -type ip -vlnv {IP[CLOCK_WIZARD]} {CLOCK_WIZARD}
{
        _config(
            CLOCK_WIZARD,
            {
                "PRIMITIVE": "MMCM",
                "USE_DYN_RECONFIG": "true",
                "INTERFACE_SELECTION": "Enable_AXI",
                "PRIM_SOURCE": "Global_buffer",
                "PRIM_IN_FREQ": mhz,
                "CLKOUT1_REQUESTED_OUT_FREQ": mhz,
                "USE_LOCKED": "true",
            },
        )
    }

# The testbed: the input FIFO, the core (hashbed_core) and the output FIFO with its registers.
create_bd_cell -type module -reference {TESTBED_TOP} {TESTBED}
{_config(TESTBED, {key: str(value) for key, value in parameters.items()})}
set_property CONFIG.ASSOCIATED_BUSIF {{s_axis:m_axis:s_axil}} [get_bd_pins {TESTBED}/sys_clk]
set_property CONFIG.POLARITY {{ACTIVE_HIGH}} [get_bd_pins {TESTBED}/rst]

# Interconnects: the processor's registers (one master port per block of the address map) and
# the DMA's two data masters into S_AXI_HP0.
create_bd_cell -type ip -vlnv {IP["axi_interconnect"]} control
set_property CONFIG.NUM_MI {{{len(ADDRESS_MAP)}}} [get_bd_cells control]
create_bd_cell -type ip -vlnv {IP["axi_interconnect"]} data
set_property -dict [list CONFIG.NUM_SI {{2}} CONFIG.NUM_MI {{1}}] [get_bd_cells data]

# --- connections ------------------------------------------------------------------------------
connect_bd_intf_net [get_bd_intf_pins ps7/M_AXI_GP0] [get_bd_intf_pins control/S00_AXI]
{slaves}
connect_bd_intf_net [get_bd_intf_pins {DMA}/M_AXI_MM2S] [get_bd_intf_pins data/S00_AXI]
connect_bd_intf_net [get_bd_intf_pins {DMA}/M_AXI_S2MM] [get_bd_intf_pins data/S01_AXI]
connect_bd_intf_net [get_bd_intf_pins data/M00_AXI] [get_bd_intf_pins ps7/S_AXI_HP0]
connect_bd_intf_net [get_bd_intf_pins {DMA}/M_AXIS_MM2S] [get_bd_intf_pins {TESTBED}/s_axis]
connect_bd_intf_net [get_bd_intf_pins {TESTBED}/m_axis] [get_bd_intf_pins {DMA}/S_AXIS_S2MM]

# The system clock: the processor's ports, the AXI side of every block, the Clocking Wizard's input.
connect_bd_net [get_bd_pins ps7/FCLK_CLK0] \\
    [get_bd_pins ps7/M_AXI_GP0_ACLK] [get_bd_pins ps7/S_AXI_HP0_ACLK] \\
    [get_bd_pins sys_reset/slowest_sync_clk] [get_bd_pins testbed_reset/slowest_sync_clk] \\
    [get_bd_pins {DMA}/s_axi_lite_aclk] [get_bd_pins {DMA}/m_axi_mm2s_aclk] [get_bd_pins {DMA}/m_axi_s2mm_aclk] \\
    [get_bd_pins {TIMER}/s_axi_aclk] [get_bd_pins {RESET_GPIO}/s_axi_aclk] \\
    [get_bd_pins {CLOCK_WIZARD}/s_axi_aclk] [get_bd_pins {CLOCK_WIZARD}/clk_in1] \\
    [get_bd_pins {TESTBED}/sys_clk] [get_bd_pins control/*ACLK] [get_bd_pins data/*ACLK]
connect_bd_net [get_bd_pins {CLOCK_WIZARD}/clk_out1] [get_bd_pins {TESTBED}/core_clk]

connect_bd_net [get_bd_pins ps7/FCLK_RESET0_N] [get_bd_pins sys_reset/ext_reset_in] [get_bd_pins testbed_reset/ext_reset_in]
connect_bd_net [get_bd_pins sys_reset/interconnect_aresetn] [get_bd_pins control/ARESETN] [get_bd_pins data/ARESETN]
connect_bd_net [get_bd_pins sys_reset/peripheral_aresetn] \\
    [get_bd_pins control/S*_ARESETN] [get_bd_pins control/M*_ARESETN] \\
    [get_bd_pins data/S*_ARESETN] [get_bd_pins data/M*_ARESETN] \\
    [get_bd_pins {DMA}/axi_resetn] [get_bd_pins {TIMER}/s_axi_aresetn] \\
    [get_bd_pins {RESET_GPIO}/s_axi_aresetn] [get_bd_pins {CLOCK_WIZARD}/s_axi_aresetn]
connect_bd_net [get_bd_pins {RESET_GPIO}/gpio_io_o] [get_bd_pins testbed_reset/aux_reset_in]
connect_bd_net [get_bd_pins testbed_reset/peripheral_reset] [get_bd_pins {TESTBED}/rst]

# --- address map (hashbed.testbed.address_map; the host reads it back from the .hwh) ---
{addresses}
{ddr}

validate_bd_design
save_bd_design

# --- synthesis, implementation, bitstream -----------------------------------------------------
make_wrapper -files [get_files $bd.bd] -top -import
set_property top ${{bd}}_wrapper [current_fileset]
update_compile_order -fileset sources_1
launch_runs impl_1 -to_step write_bitstream -jobs {jobs}
wait_on_run impl_1
if {{[get_property PROGRESS [get_runs impl_1]] ne "100%"}} {{
    error "implementation did not finish: see $project_dir/$name.runs/impl_1"
}}

# PYNQ wants the bitstream and the hardware handoff side by side, with one name.
set bit [file join [get_property DIRECTORY [get_runs impl_1]] ${{bd}}_wrapper.bit]
set hwh [lindex [glob -nocomplain [file join $project_dir $name.* sources_1 bd $bd hw_handoff $bd.hwh]] 0]
if {{$hwh eq ""}} {{
    error "no $bd.hwh under $project_dir"
}}
file copy -force $bit [file join $here $name.bit]
file copy -force $hwh [file join $here $name.hwh]
puts "hashbed: wrote [file join $here $name.bit] and [file join $here $name.hwh]"
"""


def project_line(core: Core, board: ZynqBoard) -> str:
    """The line of the folder's marker that says whose project it holds."""
    return f"project: {core.name} on the {board.name}"


def _prepare(core: Core, board: ZynqBoard, folder: Path, force: bool) -> None:
    """Check that the project may be written into ``folder`` (a new or empty folder, or one that
    ``hashbed board build`` made: of this core and board, or of another one with ``force``), then
    leave it holding nothing of an earlier project but, for this core and board, what Vivado made."""
    marked = check_own_folder(folder, "--out", "the project", MARKER, "hashbed board build")
    mine = project_line(core, board)
    if marked is not None and mine not in marked.splitlines():
        if not force:
            theirs = next((line for line in marked.splitlines() if line.startswith("project: ")), "another core")
            raise HashbedError(
                f"--out {folder} holds the project of {theirs.removeprefix('project: ')} ('hashbed board build' wrote it): "
                "pass another --out, or --force to replace that project"
            )
        clear_folder(folder, MARKER)
    mark_folder(folder, MARKER, f"{MARKER_TEXT}{mine}\n")
    shutil.rmtree(folder / "hdl", ignore_errors=True)


def write_project(core: Core, board: ZynqBoard, folder: Path, jobs: int = 2, force: bool = False) -> Project:
    """Write the HDL, the constraints and ``build.tcl`` of ``core`` on ``board`` into ``folder``:
    a new or empty folder, or one that this command made (another core's or board's project
    there is replaced whole with ``force``, else refused)."""
    check_board_core(core)
    xdc, tcl = folder / "hashbed.xdc", folder / "build.tcl"
    try:
        _prepare(core, board, folder, force)
        hdl = copy_hdl(core, folder / "hdl")
        xdc.write_text(constraints())
        tcl.write_text(script(core, board, hdl, jobs))
    except OSError as exc:
        raise HashbedError(f"cannot write the project into {folder}: {exc} (pass another --out)") from None
    name = project_name(core)
    return Project(folder, tcl, xdc, hdl, folder / f"{name}.bit", folder / f"{name}.hwh")
