"""Turn a routed netlist and its SDF file into a netlist with explicit delays.

Icarus Verilog ignores SDF INTERCONNECT entries and setup checks, which would lose
the routing delay and let flip-flops capture late data. hashbed therefore does not
annotate at run time: it writes every delay into the netlist itself. Each routed
connection to a cell input becomes a delay element (``assign #d``) between the net
and that input, and each cell instance gets its path delays and setup times as
parameters of hashbed's cell models (``ice40_cells.v``). Connections to and from
I/O cells are left ideal: in the testbed a core's ports meet FIFOs, not pins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hashbed.errors import HashbedError
from hashbed.timing.sdf import CellTiming, Sdf

_INSTANCE = re.compile(
    r"^  (?P<type>[A-Za-z_][\w$]*) (?:#\((?P<params>.*?)\n  \) )?(?P<name>\\\S+ |[A-Za-z_][\w$]*) \((?P<ports>.*?)\n  \);",
    re.DOTALL | re.MULTILINE,
)
_PORT = re.compile(r"\.(?P<pin>\w+)\((?P<net>.*?)\)(?=,?\n)")
IO_CELLS = ("SB_IO",)


@dataclass(frozen=True)
class CellModel:
    #: (input pin, output pin) of an SDF IOPATH -> parameter
    paths: dict[tuple[str, str], str]
    #: data pin of a setup check -> parameter
    setup: dict[str, str]


_LC_PINS = ("I0", "I1", "I2", "I3")
MODELS = {
    "ICESTORM_LC": CellModel(
        paths={**{(pin, "O"): f"D_{pin}_O" for pin in _LC_PINS}, ("CLK", "O"): "D_CLK_O",
               ("I1", "COUT"): "D_I1_COUT", ("I2", "COUT"): "D_I2_COUT", ("CIN", "COUT"): "D_CIN_COUT"},
        setup={**{pin: f"SU_{pin}" for pin in _LC_PINS}, "SR": "SU_SR", "CEN": "SU_CEN"},
    ),  # fmt: skip
    "SB_GB": CellModel(paths={("USER_SIGNAL_TO_GLOBAL_BUFFER", "GLOBAL_BUFFER_OUTPUT"): "D_IN_OUT"}, setup={}),
    "SB_IO": CellModel(paths={}, setup={}),
}


def _plain(name: str) -> str:
    return name.strip().removeprefix("\\")


def _parameters(cell_type: str, instance: str, timing: CellTiming | None) -> list[str]:
    model = MODELS.get(cell_type)
    if model is None:
        raise HashbedError(
            f"no timing model for cell type {cell_type} (instance {instance}); hashbed models {', '.join(MODELS)}"
        )
    if timing is None:
        return []
    values = []
    for key, delay in timing.paths.items():
        if key not in model.paths:
            raise HashbedError(f"{cell_type} {instance}: the timing model has no path {key[0]} -> {key[1]}")
        values.append(f".{model.paths[key]}({delay})")
    for pin, delay in timing.setup.items():
        if pin not in model.setup:
            raise HashbedError(f"{cell_type} {instance}: the timing model has no setup check on {pin}")
        values.append(f".{model.setup[pin]}({delay})")
    return values


def timed_netlist(netlist: str, sdf: Sdf) -> str:
    """``netlist`` with every delay of ``sdf`` written into it."""
    instances = {_plain(m["name"]): m for m in _INSTANCE.finditer(netlist)}
    cell_types = {name: m["type"] for name, m in instances.items()}
    delayed: dict[str, dict[str, int]] = {}  # instance -> input pin -> routing delay
    for wire in sdf.wires:
        if cell_types.get(wire.source) in IO_CELLS or cell_types.get(wire.sink) in IO_CELLS:
            continue
        if wire.sink not in instances:
            raise HashbedError(f"SDF connection to {wire.sink}/{wire.sink_pin}: no such instance in the netlist")
        delayed.setdefault(wire.sink, {})[wire.sink_pin] = wire.delay

    declarations: list[str] = []
    pieces: list[str] = []
    position = 0
    for name, match in instances.items():
        pieces.append(netlist[position : match.start()])
        position = match.end()
        cell_type = match["type"]
        params = [line.strip().rstrip(",") for line in (match["params"] or "").splitlines() if line.strip()]
        params += _parameters(cell_type, name, sdf.cells.get(name))
        routed = delayed.get(name, {})
        ports = []
        for port in _PORT.finditer(match["ports"] + "\n"):
            pin, net = port["pin"], port["net"]
            if pin in routed:
                route = f"\\hb_route_{len(declarations)} "
                declarations.append(f"  wire {route};\n  assign #({routed.pop(pin)}) {route} = {net};\n")
                net = route
            ports.append(f"    .{pin}({net})")
        if routed:
            raise HashbedError(f"SDF routes to {name}/{', '.join(routed)}: the netlist does not connect that pin")
        header = f"  {cell_type} #(\n" + ",\n".join(f"    {p}" for p in params) + "\n  ) " if params else f"  {cell_type} "
        pieces.append(f"{header}{match['name']} (\n" + ",\n".join(ports) + "\n  );")
    rest = netlist[position:]
    end = rest.rindex("endmodule")
    return "".join(pieces) + rest[:end] + "".join(declarations) + rest[end:]
