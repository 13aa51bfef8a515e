"""The synthesized netlist for the activity simulation: Yosys's JSON netlist written back as
Verilog in which every net bit is a wire of its own, ``n<bit>``, so that the simulation's
toggle counts map one to one onto the JSON's nets, their driving cells and their fanout."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.errors import HashbedError
from hashbed.flow import processes
from hashbed.flow.tools import YOSYS

_CONSTANTS = {"0": "1'b0", "1": "1'b1", "x": "1'bx", "z": "1'bz"}
#: The pins whose time at 1 the energy model needs: block-RAM clock enables, LUT-RAM write enables.
ENABLE_PINS = {"DP16KD": ("CEA", "CEB"), "TRELLIS_DPR16X4": ("WRE",)}


@dataclass(frozen=True)
class Net:
    #: The driving cell's type and output pin ("port" for a top-level input).
    driver: str
    pin: str
    #: Cell input pins and top-level output bits that it reaches.
    fanout: int


@dataclass(frozen=True)
class ActivityNetlist:
    verilog: str
    #: JSON bit number -> its net.
    nets: dict[int, Net]
    #: Cell type -> instances.
    cells: dict[str, int]
    #: The enables of the RAMs, per cell type: a net's bit number or a constant ("0", "1").
    enables: dict[str, list[int | str]]


def _bit(bit: int | str) -> str:
    return f"n{bit}" if isinstance(bit, int) else _CONSTANTS[bit]


def _concat(bits: list[int | str]) -> str:
    parts = [_bit(bit) for bit in reversed(bits)]  # Verilog concatenations list the MSB first
    return parts[0] if len(parts) == 1 else "{" + ", ".join(parts) + "}"


def _parameter(value: Any) -> str:
    """A JSON parameter as Verilog: bit strings are binary constants, with undefined bits 0 as
    the bitstream configures them (e.g. the initial contents of a RAM the design does not
    preload); other strings are strings (Yosys appends a space to a string that would read as
    bits); numbers are numbers."""
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if text and set(text) <= set("01xz"):
        return f"{len(text)}'b{text.replace('x', '0').replace('z', '0')}"
    return '"' + text.removesuffix(" ") + '"'


def flat_netlist(synth_json: Path, top: str) -> Path:
    """``synth_json`` with ``top`` flattened (a core may keep submodules as a hierarchy), next to it."""
    flat = synth_json.with_name("energy_flat.json")
    if not flat.is_file() or flat.stat().st_mtime < synth_json.stat().st_mtime:
        script = (
            f"read_json {synth_json.name}; hierarchy -top {top}; setattr -mod -unset keep_hierarchy; "
            f"setattr -unset keep_hierarchy; flatten; write_json {flat.name}"
        )  # modules' and instances' attributes
        proc = processes.run([YOSYS.command(), "-q", "-p", script], cwd=synth_json.parent)
        if proc.returncode != 0:
            raise HashbedError(f"yosys could not flatten {synth_json}: {(proc.stderr or proc.stdout).strip()[-200:]}")
    return flat


def activity_netlist(synth_json: Path, top: str) -> ActivityNetlist:
    """The netlist of ``top`` in ``synth_json`` as module ``top`` (the testbench's name)."""
    try:
        module = json.loads(flat_netlist(synth_json, top).read_text())["modules"][top]
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        raise HashbedError(f"cannot read module {top} from {synth_json}: {exc}; implement the core again") from None
    wires: set[int] = set()
    lines: list[str] = []
    drivers: dict[int, tuple[str, str]] = {}
    fanout: dict[int, int] = {}
    ports = []
    for name, port in module["ports"].items():
        width = len(port["bits"])
        direction = {"input": "input", "output": "output"}.get(port["direction"])
        if direction is None:
            raise HashbedError(
                f"port {name} of {top} is {port['direction']}; the activity simulation takes inputs and outputs only"
            )
        ports.append(f"    {direction} wire [{width - 1}:0] {name}")
        for index, bit in enumerate(port["bits"]):
            if direction == "input":
                lines.append(f"    assign n{bit} = {name}[{index}];")
                drivers[bit] = ("port", name)
            else:
                lines.append(f"    assign {name}[{index}] = {_bit(bit)};")
                if isinstance(bit, int):
                    fanout[bit] = fanout.get(bit, 0) + 1
            if isinstance(bit, int):
                wires.add(bit)
    cells: dict[str, int] = {}
    enables: dict[str, list[int | str]] = {}
    for index, (name, cell) in enumerate(sorted(module["cells"].items())):
        kind = cell["type"]
        if kind == "$scopeinfo":  # names of the flattened hierarchy, no hardware
            continue
        cells[kind] = cells.get(kind, 0) + 1
        for pin in ENABLE_PINS.get(kind, ()):
            enables.setdefault(kind, []).extend(cell["connections"].get(pin, ["0"]))
        params = ", ".join(f".{key}({_parameter(value)})" for key, value in sorted(cell.get("parameters", {}).items()))
        pins = []
        for pin, bits in sorted(cell["connections"].items()):
            direction = cell.get("port_directions", {}).get(pin, "input")
            for bit in bits:
                if not isinstance(bit, int):
                    continue
                wires.add(bit)
                if direction == "output":
                    drivers[bit] = (kind, pin)
                else:
                    fanout[bit] = fanout.get(bit, 0) + 1
            pins.append(f".{pin}({_concat(bits)})")
        lines.append(f"    {kind} {'#(' + params + ') ' if params else ''}c{index} ({', '.join(pins)});  // {name}")
    undriven = sorted(bit for bit in wires if bit not in drivers)
    for bit in undriven:  # an input of some cell that nothing drives: constant 0 in hardware
        lines.append(f"    assign n{bit} = 1'b0;")
        drivers[bit] = ("undriven", "")
    body = "\n".join([f"    wire n{bit};" for bit in sorted(wires)] + lines)
    verilog = "`timescale 1ps/1ps\nmodule top (\n" + ",\n".join(ports) + "\n);\n" + body + "\nendmodule\n"
    nets = {bit: Net(*drivers[bit], fanout.get(bit, 0)) for bit in sorted(wires)}
    return ActivityNetlist(verilog, nets, cells, enables)
