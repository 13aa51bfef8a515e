"""Turn a routed netlist and its SDF file into a netlist with explicit delays.

Icarus Verilog ignores SDF INTERCONNECT entries and setup checks, which would lose
the routing delay and let flip-flops capture late data. hashbed therefore does not
annotate at run time: it writes every delay into the netlist itself, as parameters
of hashbed's cell models (``ice40_cells.v``). A cell's parameter for a path from an
input pin holds the routing delay to that pin plus the cell's own path delay (or
setup time), so each input costs the simulator one delayed copy per use instead of a
separate routing element. Connections to and from I/O cells are left ideal: in the
testbed a core's ports meet FIFOs, not pins.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from hashbed.errors import HashbedError
from hashbed.flow.timing.sdf import Sdf

_INSTANCE = re.compile(
    r"^  (?P<type>[A-Za-z_][\w$]*) (?:#\((?P<params>.*?)\n  \) )?(?P<name>\\\S+ |[A-Za-z_][\w$]*) \((?P<ports>.*?)\n  \);",
    re.DOTALL | re.MULTILINE,
)
IO_CELLS = ("SB_IO",)


@dataclass(frozen=True)
class CellModel:
    #: (input pin, output pin) of an SDF IOPATH -> parameter
    paths: dict[tuple[str, str], str]
    #: data pin of a setup check -> parameter
    setup: dict[str, str]
    #: input pin -> the parameters that also carry the routing delay to it
    routes: dict[str, tuple[str, ...]]


_LC_PINS = ("I0", "I1", "I2", "I3")
MODELS = {
    "ICESTORM_LC": CellModel(
        paths={
            **{(pin, "O"): f"D_{pin}_O" for pin in _LC_PINS},
            ("CLK", "O"): "D_CLK_O",
            ("I1", "COUT"): "D_I1_COUT",
            ("I2", "COUT"): "D_I2_COUT",
            ("CIN", "COUT"): "D_CIN_COUT",
        },
        setup={**{pin: f"SU_{pin}" for pin in _LC_PINS}, "SR": "SU_SR", "CEN": "SU_CEN"},
        routes={
            "I0": ("D_I0_O", "SU_I0"),
            "I1": ("D_I1_O", "SU_I1", "D_I1_COUT"),
            "I2": ("D_I2_O", "SU_I2", "D_I2_COUT"),
            "I3": ("D_I3_O", "SU_I3"),
            "CIN": ("D_CIN_COUT",),
            "CLK": ("D_CLK",),
            "CEN": ("SU_CEN",),
            "SR": ("SU_SR",),
        },
    ),
    "SB_GB": CellModel(
        paths={("USER_SIGNAL_TO_GLOBAL_BUFFER", "GLOBAL_BUFFER_OUTPUT"): "D_IN_OUT"},
        setup={},
        routes={"USER_SIGNAL_TO_GLOBAL_BUFFER": ("D_IN_OUT",)},
    ),
    "SB_IO": CellModel(paths={}, setup={}, routes={}),
}
#: Pins through which the clock reaches a flip-flop.
CLOCK_PINS = ("CLK",)

#: Delay scaling per instance (device-to-device variation); ``None`` keeps the SDF delays.
Scale = Callable[[str], float]


@dataclass(frozen=True)
class TimedNetlist:
    text: str
    #: The latest arrival of the clock edge at a flip-flop, after the clock pin (ideal I/O).
    clock_arrival_ps: int


def _plain(name: str) -> str:
    return name.strip().removeprefix("\\")


def _model(cell_type: str, instance: str) -> CellModel:
    model = MODELS.get(cell_type)
    if model is None:
        raise HashbedError(f"no timing model for cell type {cell_type} (instance {instance}); hashbed models {', '.join(MODELS)}")
    return model


def _delays(cell_type: str, instance: str, sdf: Sdf, routed: dict[str, int], factor: float) -> dict[str, int]:
    """The delay parameters of one instance: its SDF path delays and setup times plus the
    routing delays to its pins, in picoseconds, scaled by ``factor``."""
    model = _model(cell_type, instance)
    delays: dict[str, int] = {}
    timing = sdf.cells.get(instance)
    if timing is not None:
        for key, delay in timing.paths.items():
            if key not in model.paths:
                raise HashbedError(f"{cell_type} {instance}: the timing model has no path {key[0]} -> {key[1]}")
            delays[model.paths[key]] = delay
        for pin, delay in timing.setup.items():
            if pin not in model.setup:
                raise HashbedError(f"{cell_type} {instance}: the timing model has no setup check on {pin}")
            delays[model.setup[pin]] = delay
    for pin, delay in routed.items():
        if pin not in model.routes:
            raise HashbedError(f"{cell_type} {instance}: the timing model takes no routing delay on pin {pin}")
        for parameter in model.routes[pin]:
            delays[parameter] = delays.get(parameter, 0) + delay
    return {parameter: round(delay * factor) for parameter, delay in delays.items()}


@dataclass(frozen=True)
class CellDelays:
    """The delay parameters of every instance of a routed design, as the cell models take them."""

    #: instance -> delay parameter (``D_I0_O``, ``SU_I0``, ``D_CLK``, ...) -> picoseconds
    parameters: dict[str, dict[str, int]]
    #: The latest arrival of the clock edge at a flip-flop, after the clock pin (ideal I/O).
    clock_arrival_ps: int


def cell_delays(cell_types: dict[str, str], sdf: Sdf, scale: Scale | None = None) -> CellDelays:
    """The delay parameters of the instances ``cell_types`` (instance -> cell type) from ``sdf``,
    each scaled by ``scale`` of its cell (a routing delay by the cell it leads to). The one
    source of the delays for both the timed Verilog netlist and the fast engine."""
    factor = scale or (lambda instance: 1.0)
    routes: dict[str, dict[str, int]] = {}  # instance -> input pin -> routing delay
    clock_driver: dict[str, str] = {}  # instance -> the cell driving its clock pin
    for wire in sdf.wires:
        if cell_types.get(wire.source) in IO_CELLS or cell_types.get(wire.sink) in IO_CELLS:
            continue
        if wire.sink not in cell_types:
            raise HashbedError(f"SDF connection to {wire.sink}/{wire.sink_pin}: no such instance in the netlist")
        routes.setdefault(wire.sink, {})[wire.sink_pin] = wire.delay
        if wire.sink_pin in CLOCK_PINS:
            clock_driver[wire.sink] = wire.source

    delays_of = {
        name: _delays(cell_type, name, sdf, routes.get(name, {}), factor(name)) for name, cell_type in cell_types.items()
    }
    # the clock reaches a flip-flop through its global buffer (D_IN_OUT) and the route to the cell (D_CLK)
    clock_arrival = max(
        (delays_of[sink].get("D_CLK", 0) + delays_of.get(driver, {}).get("D_IN_OUT", 0) for sink, driver in clock_driver.items()),
        default=0,
    )
    return CellDelays(delays_of, clock_arrival)


def timed_netlist(netlist: str, sdf: Sdf, scale: Scale | None = None) -> TimedNetlist:
    """``netlist`` with every delay of ``sdf`` written into it, each scaled by ``scale`` of
    its cell (a routing delay by the cell it leads to)."""
    instances = {_plain(m["name"]): m for m in _INSTANCE.finditer(netlist)}
    delays = cell_delays({name: m["type"] for name, m in instances.items()}, sdf, scale)
    delays_of = delays.parameters
    pieces: list[str] = []
    position = 0
    for name, match in instances.items():
        if match["type"] == "ICESTORM_LC" and ".LO(" in match["ports"]:
            raise HashbedError(f"ICESTORM_LC {name}: its LO output is used, which the timing model does not model")
        pieces.append(netlist[position : match.start()])
        position = match.end()
        params = [line.strip().rstrip(",") for line in (match["params"] or "").splitlines() if line.strip()]
        params += [f".{parameter}({value})" for parameter, value in sorted(delays_of[name].items())]
        header = (
            f"  {match['type']} #(\n" + ",\n".join(f"    {p}" for p in params) + "\n  ) " if params else f"  {match['type']} "
        )
        pieces.append(f"{header}{match['name']} ({match['ports']}\n  );")
    return TimedNetlist("".join(pieces) + netlist[position:], delays.clock_arrival_ps)
