"""Every port bit of a core on a package pin, for the nextpnr builds that refuse to place I/O
themselves: nextpnr-nexus ("unconstrained IO ... currently unsupported") and
nextpnr-himbaechel-gowin ("Unconstrained IO"). ECP5, iCE40 and MachXO2 place unconstrained I/O,
GateMate does with ``--vopt allow-unconstrained`` (in its device's arguments).

The clock port goes on the first global clock input of the package, the other bits on the
remaining pins in the catalogue's order (catalogue.packages: plain pins before the ones shared
with configuration). Fmax is a register-to-register figure, so where the pins are moves it little;
the pins only let nextpnr run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hashbed.catalogue.devices import Device, Pin, package_pins
from hashbed.errors import HashbedError

#: The file each family's nextpnr reads, and how it is told.
_FILES = {"nexus": ("pins.pdc", ["--pdc", "pins.pdc"]), "gowin": ("pins.cst", ["--vopt", "cst=pins.cst"])}
#: Nexus banks 3 to 5 are high-performance banks (1.8 V at most); nextpnr-nexus refuses an
#: LVCMOS33 port there, so the port gets LVCMOS18H (HP 1.8 V); the other banks are wide-range (LVCMOS33).
_NEXUS_HP_BANKS = (3, 4, 5)


def needs_pins(device: Device) -> bool:
    return device.family in _FILES


def _bit_names(name: str, port: dict[str, Any]) -> list[str]:
    """nextpnr's names of a port's bits: ``name`` for one bit, else ``name[i]`` (frontend_base.h)."""
    width, offset, upto = len(port["bits"]), int(port.get("offset", 0)), bool(port.get("upto", 0))
    if width == 1 and offset == 0:
        return [name]
    return [f"{name}[{offset + width - i - 1 if upto else offset + i}]" for i in range(width)]


def port_bits(netlist: Path, top: str) -> list[str]:
    """The top module's port bits in the synthesized netlist, the clock first."""
    ports: dict[str, Any] = json.loads(netlist.read_text())["modules"][top]["ports"]
    names = [bit for name, port in ports.items() for bit in _bit_names(name, port)]
    clocks = [name for name in names if name == "clk"]
    return clocks + [name for name in names if name not in clocks]


def assign(bits: list[str], pins: tuple[Pin, ...]) -> list[tuple[str, Pin]]:
    """Each bit with its pin: a bit named clk on the first clock input, the rest in order."""
    if len(bits) > len(pins):
        raise HashbedError(f"{len(bits)} port bits and {len(pins)} package pins: choose a device with more I/O")
    free = list(pins)
    placed = []
    for bit in bits:
        pin = next((p for p in free if p.clock), free[0]) if bit == "clk" else free[0]
        free.remove(pin)
        placed.append((bit, pin))
    return placed


def _line(family: str, bit: str, pin: Pin) -> str:
    if family == "gowin":
        return f'IO_LOC "{bit}" {pin.name};\n'
    line = f"ldc_set_location -site {{{pin.name}}} [get_ports {{{bit}}}]\n"
    if pin.bank in _NEXUS_HP_BANKS:
        line += f"ldc_set_port -iobuf {{IO_TYPE=LVCMOS18H}} [get_ports {{{bit}}}]\n"
    return line


def write_constraints(device: Device, netlist: Path, top: str, run_dir: Path) -> list[str]:
    """Write the pin constraints of ``netlist`` on ``device`` into ``run_dir`` and return the
    nextpnr arguments that read them (none for a family that places I/O itself). A core with more
    port bits than pins never gets here: check_fit refuses it first."""
    if not needs_pins(device):
        return []
    name, args = _FILES[device.family]
    placed = assign(port_bits(netlist, top), package_pins(device.part))
    (run_dir / name).write_text("".join(_line(device.family, bit, pin) for bit, pin in placed))
    return args
