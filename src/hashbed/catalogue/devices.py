"""The device catalogue: FPGA targets that the open flow can place and route.

Six families, each with its Yosys synthesis command and nextpnr build (hashbed.flow.impl): Lattice
ECP5, iCE40, Nexus (CrossLink-NX) and MachXO2/XO3, Gowin LittleBee and Arora, Cologne Chip
GateMate. Their resource counts are what nextpnr reports available; their area is counted in the
unit of the family's logic cell (docs/families.md): a LUT4 everywhere but GateMate, whose CPE
(cologne programmable element) holds up to a LUT tree of eight inputs and two flip-flops.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from hashbed.catalogue.packages import PINS
from hashbed.errors import HashbedError

#: The families, in the order the catalogue lists them.
FAMILIES = ("ecp5", "ice40", "nexus", "machxo2", "gowin", "gatemate")


@dataclass(frozen=True)
class Device:
    name: str
    #: One of FAMILIES: picks the Yosys synth command and nextpnr binary.
    family: str
    part: str
    nextpnr_args: tuple[str, ...]
    #: User I/O pins of the package: a core's ports must fit them.
    io_pins: int
    #: Logic cells (in ``area_unit``) and flip-flops of the device (nextpnr's "available" counts).
    luts: int
    ffs: int
    description: str
    package: str = ""
    speed: str = ""
    #: What ``luts`` counts, and a result's area: "LUT4" or, on GateMate, "CPE".
    area_unit: str = "LUT4"
    #: Block RAMs and 18x18 multipliers of the device (nextpnr's counts; 0: none). GateMate's
    #: block RAM is counted in halves of 20 kbit, as nextpnr places it.
    brams: int = 0
    dsps: int = 0
    #: Arguments of the family's synthesis command that depend on the device (Gowin's series).
    synth_args: tuple[str, ...] = ()


DEVICES: dict[str, Device] = {
    d.name: d
    for d in (
        Device(
            "ecp5-25k",
            "ecp5",
            "LFE5U-25F-6BG381",
            ("--25k", "--package", "CABGA381", "--speed", "6"),
            197,
            24288,
            24288,
            "Lattice ECP5 25k LUTs, speed grade 6",
            package="CABGA381",
            speed="6",
            brams=56,
            dsps=28,
        ),
        Device(
            "ecp5-45k",
            "ecp5",
            "LFE5U-45F-6BG381",
            ("--45k", "--package", "CABGA381", "--speed", "6"),
            203,
            43848,
            43848,
            "Lattice ECP5 45k LUTs, speed grade 6",
            package="CABGA381",
            speed="6",
            brams=108,
            dsps=72,
        ),
        Device(
            "ecp5-85k",
            "ecp5",
            "LFE5U-85F-6BG381",
            ("--85k", "--package", "CABGA381", "--speed", "6"),
            205,
            83640,
            83640,
            "Lattice ECP5 85k LUTs, speed grade 6",
            package="CABGA381",
            speed="6",
            brams=208,
            dsps=156,
        ),
        Device(
            "ice40-hx8k",
            "ice40",
            "iCE40HX8K-CT256",
            ("--hx8k", "--package", "ct256"),
            206,
            7680,
            7680,
            "Lattice iCE40 HX8K, 7680 logic cells",
            package="CT256",
            brams=32,
        ),
        Device(
            "ice40-up5k",
            "ice40",
            "iCE40UP5K-SG48",
            ("--up5k", "--package", "sg48"),
            39,
            5280,
            5280,
            "Lattice iCE40 UltraPlus 5K, 5280 logic cells, 39 I/O",
            package="SG48",
            brams=30,
            dsps=8,
        ),
        Device(
            "nexus-17k",
            "nexus",
            "LIFCL-17-7BG256C",
            ("--device", "LIFCL-17-7BG256C"),
            67,
            13824,
            13824,
            "Lattice CrossLink-NX 17k, speed grade 7 (experimental in nextpnr)",
            package="CABGA256",
            speed="7",
            brams=24,
            dsps=24,
        ),
        Device(
            "nexus-40k",
            "nexus",
            "LIFCL-40-7BG400C",
            ("--device", "LIFCL-40-7BG400C"),
            185,
            32256,
            32256,
            "Lattice CrossLink-NX 40k, speed grade 7 (experimental in nextpnr)",
            package="CABGA400",
            speed="7",
            brams=84,
            dsps=56,
        ),
        Device(
            "machxo2-1k",
            "machxo2",
            "LCMXO2-1200HC-4TG144C",
            ("--device", "LCMXO2-1200HC-4TG144C"),
            107,
            1280,
            1280,
            "Lattice MachXO2 1200HC, speed grade 4",
            package="TQFP144",
            speed="4",
            brams=7,
            synth_args=("-family", "xo2"),
        ),
        Device(
            "machxo3-7k",
            "machxo2",
            "LCMXO3LF-6900C-5BG256C",
            ("--device", "LCMXO3LF-6900C-5BG256C"),
            206,
            6864,
            6864,
            "Lattice MachXO3LF 6900C (the MachXO2 fabric), speed grade 5",
            package="CABGA256",
            speed="5",
            brams=26,
            synth_args=("-family", "xo3"),
        ),
        Device(
            "gowin-gw1n9",
            "gowin",
            "GW1NR-LV9QN88PC6/I5",
            ("--device", "GW1NR-LV9QN88PC6/I5", "--vopt", "family=GW1N-9C"),
            71,
            8640,
            6480,
            "Gowin LittleBee GW1NR-9 (Tang Nano 9K), speed grade C6/I5",
            package="QFN88P",
            speed="C6/I5",
            brams=26,
            dsps=20,
            synth_args=("-family", "gw1n"),
        ),
        Device(
            "gowin-gw2a18",
            "gowin",
            "GW2A-LV18PG256C8/I7",
            ("--device", "GW2A-LV18PG256C8/I7", "--vopt", "family=GW2A-18C"),
            207,
            20736,
            15552,
            "Gowin Arora GW2A-18 (Tang Primer 20K), speed grade C8/I7",
            package="PBGA256",
            speed="C8/I7",
            brams=46,
            dsps=48,
            synth_args=("-family", "gw2a"),
        ),
        Device(
            "gatemate-a1",
            "gatemate",
            "CCGM1A1",
            ("--device", "CCGM1A1", "--vopt", "allow-unconstrained"),
            162,
            20480,
            40960,
            "Cologne Chip GateMate A1, 20480 CPEs, speed mode, worst-case timing",
            package="FBGA324",
            speed="speed",
            area_unit="CPE",
            brams=64,
        ),
    )
}


def get_device(name: str) -> Device:
    try:
        return DEVICES[name]
    except KeyError:
        raise HashbedError(f"unknown device {name!r}; known devices: {', '.join(DEVICES)}") from None


@dataclass(frozen=True)
class Pin:
    """A package pin the flow may put a port bit on (families whose nextpnr needs every port placed)."""

    name: str
    bank: int
    #: A global clock input: the clock port goes there.
    clock: bool
    #: A configuration or JTAG pin as well: a user I/O once configured, given out last.
    shared: bool


_PIN = re.compile(r"^(?P<name>[^:\s]+):(?P<bank>\d+)(?P<flags>c?s?)$")


@functools.cache
def package_pins(part: str) -> tuple[Pin, ...]:
    """The pins of ``part`` in catalogue.packages (clock inputs first, shared pins last); none for
    a part whose nextpnr places the I/O itself."""
    pins = []
    for text in PINS.get(part, "").split():
        match = _PIN.match(text)
        if match is None:
            raise HashbedError(f"catalogue/packages.py: pin {text!r} of {part} is not NAME:BANK[c][s]; write it again")
        pins.append(Pin(match["name"], int(match["bank"]), "c" in match["flags"], "s" in match["flags"]))
    return tuple(pins)
