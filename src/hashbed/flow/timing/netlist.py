"""Turn a routed netlist and its SDF file into a netlist with explicit delays.

Icarus Verilog ignores SDF INTERCONNECT entries and setup checks, which would lose
the routing delay and let flip-flops capture late data. hashbed therefore does not
annotate at run time: it writes every delay into the netlist itself, as parameters
of hashbed's cell models (``ice40_cells.v``, ``ecp5_cells.v``), in picoseconds:

* ``D_<in>_<out>``: the path delay from input pin ``in`` to output pin ``out`` plus the
  routing delay to ``in`` (from a clock pin: the path delay alone);
* ``SU_<pin>``: the setup time of ``pin`` to its clock plus the routing delay to ``pin``;
* ``D_<clock pin>``: the routing delay to a clock pin.

So each input costs the simulator one delayed copy per use instead of a separate
routing element. A parameter that the SDF does not give is left out (the model's
default, 0). Connections to and from I/O cells are left ideal: in the testbed a core's
ports meet FIFOs, not pins.

What a model does not implement stops the translation with a one-line error: a cell
type, a parameter or parameter value, a connected pin, an SDF path or setup check. One
parameter is hashbed's own, derived from the connections: ``WIDE_MUX`` of an ECP5
``TRELLIS_COMB`` (which multiplexer drives its OFX output, see ``ecp5_cells.v``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hashbed.errors import HashbedError
from hashbed.flow.timing.sdf import Sdf

_INSTANCE = re.compile(
    r"^  (?P<type>[A-Za-z_][\w$]*) (?:#\((?P<params>.*?)\n  \) )?(?P<name>\\\S+ |[A-Za-z_][\w$]*) \((?P<ports>.*?)\n  \);",
    re.DOTALL | re.MULTILINE,
)
#: A parameter of a cell in the netlist as Yosys writes it: ``.MODE("CCU2")``, ``.DATA_WIDTH_A(32'd36)``.
_PARAMETER = re.compile(r"\.(?P<name>\w+)\((?P<value>.*)\)")
_STRING = re.compile(r'"(?P<text>.*)"')
_NUMBER = re.compile(r"\d+'(?P<base>[bdh])(?P<digits>[0-9a-fA-F]+)")
#: A connected pin in the netlist: ``.A(net)`` (Yosys leaves out open pins).
_PIN = re.compile(r"^\s*\.(?P<pin>\w+)\(", re.MULTILINE)
IO_CELLS = ("SB_IO", "TRELLIS_IO")

#: parameter -> the values a model implements; None: any value (e.g. a LUT's contents).
Parameters = Mapping[str, tuple[str, ...] | None]


@dataclass(frozen=True)
class CellModel:
    #: (input pin, output pin) of an SDF IOPATH -> parameter (paths that share one take the largest delay)
    paths: dict[tuple[str, str], str]
    #: data pin of a setup check -> parameter
    setup: dict[str, str] = field(default_factory=dict)
    #: clock pins: the routing delay to each is a parameter of its own, ``D_<pin>``, not part of the paths from it
    clocks: tuple[str, ...] = ()
    #: pins with a function but no delay (I/O pads)
    untimed: tuple[str, ...] = ()
    #: the cell's parameters and the values the model implements; a parameter not listed is refused
    parameters: Parameters = field(default_factory=dict)
    #: a check of the parameter values together: the reason a combination is refused, or None
    combination: Callable[[dict[str, str]], str | None] | None = None

    @property
    def pins(self) -> frozenset[str]:
        """The pins the model has (an open pin reads as the model says)."""
        return frozenset({pin for path in self.paths for pin in path} | set(self.setup) | set(self.clocks) | set(self.untimed))

    def routes(self, pin: str) -> tuple[str, ...]:
        """The parameters that carry the routing delay to ``pin``."""
        if pin in self.clocks:
            return (f"D_{pin}",)
        starting = [parameter for (source, _), parameter in self.paths.items() if source == pin]
        return tuple(dict.fromkeys([*starting, *([self.setup[pin]] if pin in self.setup else [])]))


def _paths(outputs: dict[str, tuple[str, ...]]) -> dict[tuple[str, str], str]:
    """The paths from each output's inputs, each with its parameter ``D_<input>_<output>``."""
    return {(pin, output): f"D_{pin}_{output}" for output, pins in outputs.items() for pin in pins}


def _setup(pins: tuple[str, ...]) -> dict[str, str]:
    return {pin: f"SU_{pin}" for pin in pins}


def _any(*names: str) -> dict[str, None]:
    return dict.fromkeys(names)


def _bram_widths(values: dict[str, str]) -> str | None:
    wide = [values.get(f"DATA_WIDTH_{port}", "18") == "36" for port in "AB"]
    return None if wide[0] == wide[1] else "DATA_WIDTH 36 on one port only is not modelled (only the pseudo-dual-port mode)"


_LC_PINS = ("I0", "I1", "I2", "I3")
_LUT_PINS = ("A", "B", "C", "D")
#: The inputs of an ECP5 block RAM port that its clock samples.
_BRAM_INPUTS = tuple(
    f"{kind}{port}{bit}" for port in "AB" for kind, bits in (("DI", 18), ("AD", 14), ("CS", 3)) for bit in range(bits)
) + tuple(f"{kind}{port}" for port in "AB" for kind in ("CE", "OCE", "WE", "RST"))
#: DP16KD's settings of constant inputs, ``<pin>MUX``: the value "0" or "1", the pin itself or "INV".
_BRAM_MUXES = {f"{pin}MUX": (pin, "INV", "0", "1") for pin in (*_BRAM_INPUTS, "CLKA", "CLKB")}
MODELS = {
    # iCE40 (ice40_cells.v)
    "ICESTORM_LC": CellModel(
        paths=_paths({"O": (*_LC_PINS, "CLK"), "COUT": ("I1", "I2", "CIN")}),
        setup=_setup((*_LC_PINS, "SR", "CEN")),
        clocks=("CLK",),
        untimed=("LO",),
        parameters=_any("LUT_INIT", "NEG_CLK", "CARRY_ENABLE", "DFF_ENABLE", "SET_NORESET", "ASYNC_SR", "CIN_CONST", "CIN_SET"),
    ),
    "SB_GB": CellModel(paths={("USER_SIGNAL_TO_GLOBAL_BUFFER", "GLOBAL_BUFFER_OUTPUT"): "D_IN_OUT"}),
    "SB_IO": CellModel(
        paths={},
        untimed=("PACKAGE_PIN", "D_OUT_0", "D_IN_0"),
        parameters=_any("PIN_TYPE", "PULLUP", "NEG_TRIGGER", "IO_STANDARD"),  # PIN_TYPE: checked by the model
    ),
    # ECP5 (ecp5_cells.v)
    "TRELLIS_COMB": CellModel(
        paths=_paths({"F": (*_LUT_PINS, "FCI"), "FCO": (*_LUT_PINS, "FCI"), "OFX": (*_LUT_PINS, "M", "F1", "FXA", "FXB")}),
        setup=_setup(("WD", "WAD0", "WAD1", "WAD2", "WAD3", "WRE")),
        clocks=("WCK",),
        parameters={
            "MODE": ("LOGIC", "CCU2", "DPRAM", "RAMW_BLOCK"),
            "INITVAL": None,
            "CCU2_INJECT1": ("YES", "NO"),
            "WREMUX": ("WRE", "INV"),
            "WCKMUX": ("WCK", "INV"),
        },
    ),
    "TRELLIS_FF": CellModel(
        paths={("CLK", "Q"): "D_CLK_Q"},
        setup=_setup(("DI", "M", "CE", "LSR")),
        clocks=("CLK",),
        parameters={
            "GSR": ("ENABLED", "DISABLED"),
            "CEMUX": ("1", "0", "CE", "INV"),
            "CLKMUX": ("CLK", "INV"),
            "LSRMUX": ("LSR", "INV"),
            "SRMODE": ("LSR_OVER_CE", "ASYNC"),
            "LSRMODE": ("LSR",),
            "REGSET": ("RESET", "SET"),
            "SD": ("0", "1"),
        },
    ),
    "TRELLIS_RAMW": CellModel(
        paths=_paths(
            {
                "WADO0": ("D0",),
                "WADO1": ("B0",),
                "WADO2": ("C0",),
                "WADO3": ("A0",),
                "WDO0": ("C1",),
                "WDO1": ("A1",),
                "WDO2": ("D1",),
                "WDO3": ("B1",),
            }
        )
    ),
    "DP16KD": CellModel(
        paths={
            (f"CLK{clock}", f"DO{port}{bit}"): f"D_CLK{clock}_DO{port}"
            for clock, port in (("A", "A"), ("B", "A"), ("B", "B"))
            for bit in range(18)
        },
        setup=_setup(_BRAM_INPUTS),
        clocks=("CLKA", "CLKB"),
        parameters={
            **{f"DATA_WIDTH_{port}": ("9", "18", "36") for port in "AB"},
            **{f"REGMODE_{port}": ("NOREG",) for port in "AB"},
            **{f"WRITEMODE_{port}": ("NORMAL", "WRITETHROUGH", "READBEFOREWRITE") for port in "AB"},
            "RESETMODE": ("SYNC", "ASYNC"),
            "ASYNC_RESET_RELEASE": ("SYNC", "ASYNC"),
            **_any("CSDECODE_A", "CSDECODE_B", "GSR", *(f"INITVAL_{row:02X}" for row in range(64))),
            **_BRAM_MUXES,
        },
        combination=_bram_widths,
    ),
    "DCCA": CellModel(paths=_paths({"CLKO": ("CLKI",)})),
    "TRELLIS_IO": CellModel(
        paths={},
        untimed=("B", "I", "O"),
        parameters={"DIR": ("INPUT", "OUTPUT"), "DATAMUX_ODDR": ("PADDO",), "DATAMUX_MDDR": ("PADDO",)},
    ),
}
#: Global clock buffers: the parameter of the delay through them.
CLOCK_BUFFERS = {"SB_GB": "D_IN_OUT", "DCCA": "D_CLKI_CLKO"}

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
    routing delays to their pins, and the routing delays to its clock pins, in picoseconds,
    scaled by ``factor``. A path the SDF does not time (its output is unused) gets none."""
    model = _model(cell_type, instance)
    delays: dict[str, int] = {}
    timing = sdf.cells.get(instance)
    if timing is not None:
        for key, delay in timing.paths.items():
            if key not in model.paths:
                raise HashbedError(f"{cell_type} {instance}: the timing model has no path {key[0]} -> {key[1]}")
            delays[model.paths[key]] = max(delays.get(model.paths[key], 0), delay)
        for pin, delay in timing.setup.items():
            if pin not in model.setup:
                raise HashbedError(f"{cell_type} {instance}: the timing model has no setup check on {pin}")
            delays[model.setup[pin]] = delay
    for pin, delay in routed.items():
        parameters = model.routes(pin)
        if not parameters:
            raise HashbedError(f"{cell_type} {instance}: the timing model takes no routing delay on pin {pin}")
        for parameter in parameters:
            if parameter in delays or pin in model.clocks:
                delays[parameter] = delays.get(parameter, 0) + delay
    return {parameter: round(delay * factor) for parameter, delay in delays.items()}


def _value(text: str) -> str:
    """A parameter value as the models compare it: a string's text, a number in decimal."""
    if string := _STRING.fullmatch(text):
        return string["text"]
    if number := _NUMBER.fullmatch(text):
        return str(int(number["digits"], {"b": 2, "d": 10, "h": 16}[number["base"]]))
    return text


def _settings(cell_type: str, instance: str, lines: list[str], pins: set[str]) -> dict[str, str]:
    """``cell_settings`` of an instance of the Verilog netlist: its parameter ``lines`` as Yosys
    writes them (``.MODE("CCU2")``) and its connected ``pins``."""
    values: dict[str, str] = {}
    for line in lines:
        parameter = _PARAMETER.fullmatch(line)
        if parameter is None:
            raise HashbedError(f"{cell_type} {instance}: cannot read the parameter {line}")
        values[parameter["name"]] = _value(parameter["value"])
    return cell_settings(cell_type, instance, values, pins)


def cell_settings(cell_type: str, instance: str, values: dict[str, str], pins: set[str]) -> dict[str, str]:
    """hashbed's own parameters of an instance, derived from its connections, after checking
    that its model implements its parameter ``values`` (strings as their text, numbers in
    decimal) and its connected ``pins``. The one source of these checks and settings for both
    the timed Verilog netlist and the fast engine's design."""
    model = _model(cell_type, instance)
    for name, value in values.items():
        if name not in model.parameters:
            raise HashbedError(f"{cell_type} {instance}: the parameter {name} is not modelled")
        allowed = model.parameters[name]
        if allowed is not None and value not in allowed:
            takes = ", ".join(allowed)
            raise HashbedError(f"{cell_type} {instance}: {name} {value} is not modelled (the timing model takes {takes})")
    if model.combination and (reason := model.combination(values)):
        raise HashbedError(f"{cell_type} {instance}: {reason}")
    if unmodelled := sorted(pins - model.pins):
        raise HashbedError(f"{cell_type} {instance}: pin {', '.join(unmodelled)} is connected, which is not modelled")
    if cell_type == "ICESTORM_LC" and "LO" in pins:
        raise HashbedError(f"ICESTORM_LC {instance}: its LO output is used, which the timing model does not model")
    if cell_type == "TRELLIS_COMB":
        return {"WIDE_MUX": _wide_mux(instance, values.get("MODE", "LOGIC"), pins)}
    return {}


def _wide_mux(instance: str, mode: str, pins: set[str]) -> str:
    """Which multiplexer drives the OFX output of a TRELLIS_COMB: "PFUMX" (M ? F1 : the
    LUT) where F1 is connected, "L6MUX21" (M ? FXB : FXA) where FXA or FXB is, else "NONE"."""
    pfumx, l6mux = "F1" in pins, bool(pins & {"FXA", "FXB"})
    if pfumx and l6mux:
        raise HashbedError(f"TRELLIS_COMB {instance}: both F1 and FXA/FXB are connected, which the timing model does not model")
    wide = "PFUMX" if pfumx else "L6MUX21" if l6mux else "NONE"
    if wide == "NONE" and pins & {"OFX", "M"}:
        raise HashbedError(f"TRELLIS_COMB {instance}: OFX or M is connected without F1, FXA or FXB, which is not modelled")
    if wide != "NONE" and mode != "LOGIC":
        raise HashbedError(f"TRELLIS_COMB {instance}: the wide-function mux in MODE {mode} is not modelled")
    return wide


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
    clock_drivers: dict[tuple[str, str], str] = {}  # (instance, clock pin) -> the cell driving it
    for wire in sdf.wires:
        if cell_types.get(wire.source) in IO_CELLS or cell_types.get(wire.sink) in IO_CELLS:
            continue
        if wire.sink not in cell_types:
            raise HashbedError(f"SDF connection to {wire.sink}/{wire.sink_pin}: no such instance in the netlist")
        routes.setdefault(wire.sink, {})[wire.sink_pin] = wire.delay
        if wire.sink_pin in _model(cell_types[wire.sink], wire.sink).clocks:
            clock_drivers[(wire.sink, wire.sink_pin)] = wire.source

    delays_of = {
        name: _delays(cell_type, name, sdf, routes.get(name, {}), factor(name)) for name, cell_type in cell_types.items()
    }
    # the clock reaches a register through its global buffer and the route to the clock pin
    clock_arrival = max(
        (
            delays_of[sink].get(f"D_{pin}", 0)
            + delays_of.get(driver, {}).get(CLOCK_BUFFERS.get(cell_types.get(driver, ""), ""), 0)
            for (sink, pin), driver in clock_drivers.items()
        ),
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
        pieces.append(netlist[position : match.start()])
        position = match.end()
        params = [line.strip().rstrip(",") for line in (match["params"] or "").splitlines() if line.strip()]
        derived = _settings(match["type"], name, params, set(_PIN.findall(match["ports"])))
        params += [f'.{parameter}("{value}")' for parameter, value in derived.items()]
        params += [f".{parameter}({value})" for parameter, value in sorted(delays_of[name].items())]
        header = (
            f"  {match['type']} #(\n" + ",\n".join(f"    {p}" for p in params) + "\n  ) " if params else f"  {match['type']} "
        )
        pieces.append(f"{header}{match['name']} ({match['ports']}\n  );")
    return TimedNetlist("".join(pieces) + netlist[position:], delays.clock_arrival_ps)
