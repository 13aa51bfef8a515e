"""Read the SDF file that nextpnr writes: cell path delays, setup times, routing delays.

Only what hashbed uses is read: IOPATH and INTERCONNECT delays (the largest of the
rise and fall values) and the setup part of SETUPHOLD checks, all in picoseconds, from
the max of each (min:typ:max) triple: the values nextpnr's static timing uses (its typ is
the mean of min and max; iCE40 data has min = max). Names are unescaped (``\\$``
becomes ``$``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from hashbed.errors import HashbedError

_TOKEN = re.compile(r"\(|\)|\"[^\"]*\"|(?:\\.|[^\s()\\])+")
_ESCAPE = re.compile(r"\\(.)")

Node = list["Node"] | str


@dataclass
class CellTiming:
    cell_type: str
    #: (input pin, output pin) -> delay
    paths: dict[tuple[str, str], int] = field(default_factory=dict)
    #: data pin -> setup time to the clock edge
    setup: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Wire:
    source: str  # instance name
    source_pin: str
    sink: str
    sink_pin: str
    delay: int


@dataclass
class Sdf:
    cells: dict[str, CellTiming]
    wires: list[Wire]


def _tree(text: str, path: Path) -> Node:
    stack: list[list[Node]] = [[]]
    for token in _TOKEN.findall(text):
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) < 2:
                raise HashbedError(f"{path}: unbalanced parentheses")
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(token)
    if len(stack) != 1 or len(stack[0]) != 1:
        raise HashbedError(f"{path}: not an SDF file (unbalanced parentheses)")
    return stack[0][0]


def _name(token: Node) -> str:
    if not isinstance(token, str):
        raise HashbedError(f"SDF: expected a name, got {token!r}")
    return _ESCAPE.sub(r"\1", token.strip('"'))


def _delay(values: list[Node]) -> int:
    """The largest max value of the (min:typ:max) triples (rise, fall, ...)."""
    largest = []
    for value in values:
        triple = value[0] if isinstance(value, list) and value else value
        if not isinstance(triple, str):
            raise HashbedError(f"SDF: expected a delay triple, got {value!r}")
        largest.append(float(triple.split(":")[-1]))
    if not largest:
        raise HashbedError("SDF: a delay entry has no values")
    return round(max(largest))


def _pin(node: Node) -> str:
    """A port, without its edge: ``I0`` or ``(posedge CLK)`` -> ``CLK``."""
    return _name(node[-1] if isinstance(node, list) else node)


def _split(name: str) -> tuple[str, str]:
    instance, _, pin = name.rpartition("/")
    return instance, pin


def read_sdf(path: Path) -> Sdf:
    tree = _tree(path.read_text(), path)
    if not isinstance(tree, list) or tree[:1] != ["DELAYFILE"]:
        raise HashbedError(f"{path}: not an SDF file (no DELAYFILE)")
    timescale = next((n for n in tree if isinstance(n, list) and n[:1] == ["TIMESCALE"]), ["TIMESCALE", "1ps"])
    if timescale[1:] != ["1ps"]:
        raise HashbedError(f"{path}: timescale {timescale[1:]} is not 1ps")
    cells: dict[str, CellTiming] = {}
    wires: list[Wire] = []
    for cell in (n for n in tree if isinstance(n, list) and n[:1] == ["CELL"]):
        fields = {n[0]: n for n in cell[1:] if isinstance(n, list) and n}
        cell_type = _name(fields["CELLTYPE"][1])
        instance = _name(fields["INSTANCE"][1]) if len(fields["INSTANCE"]) > 1 else ""
        timing = CellTiming(cell_type)
        for section in (n for n in cell[1:] if isinstance(n, list) and n[:1] in (["DELAY"], ["TIMINGCHECK"])):
            entries = (
                [e for block in section[1:] if isinstance(block, list) for e in block[1:]]
                if section[0] == "DELAY"
                else section[1:]
            )
            for entry in entries:
                if not isinstance(entry, list) or not entry:
                    continue
                kind = entry[0]
                if kind == "IOPATH":
                    key = (_pin(entry[1]), _pin(entry[2]))
                    timing.paths[key] = max(timing.paths.get(key, 0), _delay(entry[3:]))
                elif kind == "INTERCONNECT":
                    source, source_pin = _split(_name(entry[1]))
                    sink, sink_pin = _split(_name(entry[2]))
                    wires.append(Wire(source, source_pin, sink, sink_pin, _delay(entry[3:])))
                elif kind in ("SETUPHOLD", "SETUP"):  # the setup value; the hold value after it is not modelled
                    pin = _pin(entry[1])
                    timing.setup[pin] = max(timing.setup.get(pin, 0), _delay(entry[3:4]))
        if instance:
            cells[instance] = timing
    return Sdf(cells, wires)
