"""The device catalogue: FPGA targets that the open flow can place and route."""

from __future__ import annotations

from dataclasses import dataclass

from hashbed.errors import HashbedError


@dataclass(frozen=True)
class Device:
    name: str
    family: str  # "ecp5" or "ice40": picks the Yosys synth command and nextpnr binary
    part: str
    nextpnr_args: tuple[str, ...]
    #: User I/O pins of the package: a core's ports must fit them.
    io_pins: int
    #: LUT4s and flip-flops of the device (nextpnr's "available" counts).
    luts: int
    ffs: int
    description: str


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
        ),
    )
}


def get_device(name: str) -> Device:
    try:
        return DEVICES[name]
    except KeyError:
        raise HashbedError(f"unknown device {name!r}; known devices: {', '.join(DEVICES)}") from None
