"""The per-core wrapper that puts any catalogue core into the testbed.

Verilog cannot take a module name as a parameter, so hashbed writes a small module
``hashbed_core`` for each core from its manifest: it instantiates the core's top
module with the manifest's parameters, connects its ports to the testbed's as its
interface says (a hash core's din and dout, an LWC core's pdi, sdi and do) and checks
that the testbed's widths are the core's. One ``testbed_top`` takes every core; its
secret-data FIFO is generated for an LWC core only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.cores import Core
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.manifest import rtl_root
from hashbed.flow.cache import write_atomically
from hashbed.flow.hdl import verilog_view

WRAPPER_MODULE = "hashbed_core"
#: The top modules of the testbed (every core) and of the simulated board around it.
TESTBED_TOP = "testbed_top"
SIM_BOARD_TOP = "sim_board_top"
#: The testbed RTL, in compile order (paths relative to the rtl folder); the secret-data FIFO is
#: instantiated only for an LWC core (testbed_top's SDI parameter).
TESTBED_SOURCES = (
    "lib/sync_2ff.v",
    "lib/reset_sync.v",
    "lib/async_fifo.v",
    "lib/axil_slave.v",
    "testbed/input_fifo.v",
    "testbed/output_fifo.v",
    "testbed/sdi_fifo.v",
    "testbed/testbed_top.v",
)
#: What the simulated board adds: the timer and the AXI-Lite address decoding.
SIM_BOARD_SOURCES = ("testbed/cycle_timer.v", "testbed/sim_board_top.v")
#: The ports of ``hashbed_core``: name, direction and width (W: the bus, SW: the sdi port).
TESTBED_PORTS = (
    ("in_data", "input", "W"),
    ("in_valid", "input", ""),
    ("in_ready", "output", ""),
    ("sdi_data", "input", "SW"),
    ("sdi_valid", "input", ""),
    ("sdi_ready", "output", ""),
    ("out_data", "output", "W"),
    ("out_ready", "input", ""),
    ("out_valid", "output", ""),
)


@dataclass(frozen=True)
class FifoDepths:
    """log2 of the FIFO depths: input in 64-bit beats, output in core words, and an LWC
    core's sdi FIFO in sdi words (32: a key load, 24 bytes, at any sdi width)."""

    input: int = 5
    output: int = 4
    sdi: int = 5


def testbed_parameters(core: Core, fifo: FifoDepths = FifoDepths()) -> dict[str, int]:
    """The parameters of the testbed's top (and of the simulated board's) for ``core``."""
    return {**core.io.testbed_parameters(core), "IN_ADDR_W": fifo.input, "OUT_ADDR_W": fifo.output, "SDI_ADDR_W": fifo.sdi}


def _verilog_value(value: int | str) -> str:
    return str(value) if isinstance(value, int) else f'"{value}"'


def wrapper_source(core: Core) -> str:
    """The wrapper around the core's Verilog view (a VHDL core's netlist, an active-low core's
    flag inverter: hashbed.flow.hdl): the testbed's ports on the core's, as its interface
    connects them (``Interface.testbed_ports``), the bus and sdi widths checked at elaboration.
    A testbed port the core does not have is tied off; a core output the testbed does not take
    is left open."""
    core = verilog_view(core)
    connected = core.io.testbed_ports()
    widths = core.io.testbed_parameters(core)
    w, sw = widths["W"], widths["SW"]
    parameters = ", ".join(f".{name}({_verilog_value(value)})" for name, value in core.parameters.items())
    instance = f"{core.top} #({parameters})" if parameters else core.top
    ports = ",\n".join(
        f"    {direction:6} wire {f'[{width}-1:0]' if width else '':8} {name}"
        for name, direction, width in (("clk", "input", ""), ("rst", "input", ""), *TESTBED_PORTS)
    )
    checks = [("W", w, "bus")] + ([("SW", sw, "sdi port")] if "sdi_data" in connected else [])
    check_text = "".join(
        f"""        if ({name} != {value}) begin
            $display("{WRAPPER_MODULE}: core {core.name} has a {value}-bit {what}, the testbed asks for {name} = %0d", {name});
            $finish;
        end
"""
        for name, value, what in checks
    )
    unused = [name for name, direction, _ in TESTBED_PORTS if direction == "input" and name not in connected]
    tied = [name for name, direction, _ in TESTBED_PORTS if direction == "output" and name not in connected]
    open_outputs = [
        port for port, (direction, _) in core.io.ports().items() if direction == "output" and port not in connected.values()
    ]
    extra = ""
    if unused or open_outputs:
        wires = "".join(f"    wire {port};\n" for port in open_outputs)
        reads = f"    wire unused = &{{1'b0, {', '.join(unused)}}};\n" if unused else ""
        extra += f"    /* verilator lint_off UNUSEDSIGNAL */\n{wires}{reads}    /* verilator lint_on UNUSEDSIGNAL */\n"
    extra += "".join(f"    assign {name} = 1'b0;\n" for name in tied)
    links = ",\n        ".join(
        [f".{port}({name})" for name, port in connected.items()] + [f".{port}({port})" for port in open_outputs]
    )
    return f"""`default_nettype none
// {WRAPPER_MODULE}: core {core.name} ({core.top}, the {core.io.name} interface) for the testbed.
// Generated by hashbed from {_origin(core)}; do not edit.
module {WRAPPER_MODULE} #(
    parameter W = {w},
    parameter SW = {sw}
) (
{ports}
);

    initial begin
{check_text}    end

{extra}
    {instance} u_core (
        .clk(clk), .rst(rst),
        {links}
    );

endmodule
"""


def _origin(core: Core) -> str:
    """The manifest a wrapper comes from: a built-in core's as rtl/cores/<folder>/<file>."""
    if core.manifest.is_relative_to(rtl_root()):
        return f"rtl/cores/{core.manifest.parent.name}/{core.manifest.name}"
    return str(core.manifest)


def write_wrapper(core: Core, folder: Path) -> Path:
    """Write the wrapper under ``folder`` (one file per distinct content) and return its path."""
    text = wrapper_source(core)
    path = folder / f"{core.name}-{fingerprint(text, digits=12)}" / f"{WRAPPER_MODULE}.v"
    if not path.is_file():
        write_atomically(path, text)
    return path


def testbed_sources(core: Core, folder: Path, simulated_board: bool) -> list[Path]:
    """Every Verilog file of the testbed around ``core``, wrapper included."""
    root = rtl_root()
    extra = SIM_BOARD_SOURCES if simulated_board else ()
    files = [*verilog_view(core).sources, write_wrapper(core, folder), *(root / name for name in (*TESTBED_SOURCES, *extra))]
    return list(dict.fromkeys(files))  # a core may share rtl/lib files with the testbed
