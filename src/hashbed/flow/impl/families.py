"""What the flow does differently on each FPGA family: the synthesis command, the synthesized
cells that bound the area from below (check_fit), how nextpnr's report gives the area,
flip-flops, block RAMs and multipliers, and which paths its timing model leaves out.

The area is counted in the family's logic cell (Device.area_unit): the LUT4 sites a design
occupies (a carry cell holds two on ECP5, Nexus and MachXO2; on Gowin a flip-flop that no LUT
drives takes a pass-through LUT), or on GateMate the CPEs it occupies. docs/families.md says
what each count includes and how far each family's Fmax can be trusted.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.catalogue.devices import Device

#: The Yosys synthesis command of each family (Yosys 0.70); a device adds its synth_args.
#: GateMate: nextpnr-himbaechel-gatemate packs LUT trees (-luttree) and has no 8-input mux (-nomx8).
#: Gowin and GateMate get their I/O buffers after synthesis (POST_SYNTH): their commands put one
#: on every port of every module, also of a submodule kept as a hierarchy (keep_hierarchy, e.g.
#: sha256's constant table), which nextpnr then takes for I/O of the chip.
SYNTH = {
    "ecp5": "synth_ecp5",
    "ice40": "synth_ice40",
    "nexus": "synth_nexus",
    "machxo2": "synth_lattice",
    "gowin": "synth_gowin -noiopads",
    "gatemate": "synth_gatemate -luttree -nomx8 -noiopad",
}
#: Yosys commands after the synthesis command: I/O buffers on the top module's ports only (as
#: the commands' own iopadmap would put them, with ``A:top`` as synth_lattice does).
POST_SYNTH = {
    "gowin": "iopadmap -bits -inpad IBUF O:I -outpad OBUF I:O -toutpad TBUF ~OEN:I:O -tinoutpad IOBUF ~OEN:O:I:IO A:top",
    "gatemate": (
        "iopadmap -bits -inpad CC_IBUF Y:I -outpad CC_OBUF A:O -toutpad CC_TOBUF ~T:A:O -tinoutpad CC_IOBUF ~T:Y:A:IO A:top"
    ),
}

#: nextpnr arguments a family's runs get unless an option sets them: Nexus routes with router1,
#: not nextpnr-nexus's default router2, which fails to route the clock pad to its buffer on
#: LIFCL-17 ("Failed to route arc 0.0 of net 'clk' ... to ... JCLKI_DCC", the lightweight Keccak
#: on two clock pins; router1 routes it), as others found on LIFCL-17 (docs/families.md).
NEXTPNR_DEFAULTS: dict[str, tuple[tuple[str, str], ...]] = {"nexus": (("--router", "router1"),)}


def nextpnr_defaults(family: str, args: list[str]) -> list[str]:
    """The family's default arguments that ``args`` does not set already."""
    return [word for flag, value in NEXTPNR_DEFAULTS.get(family, ()) if flag not in args for word in (flag, value)]


#: Synthesized cells that each take logic cells of their own whatever nextpnr packs, in halves
#: of the area unit on GateMate (a CPE holds two LUT trees): a lower bound on the area.
_AREA_CELLS: dict[str, dict[str, int]] = {
    "ecp5": {"LUT4": 1, "CCU2C": 2},
    "ice40": {"SB_LUT4": 1},
    "nexus": {"LUT4": 1, "CCU2": 2, "WIDEFN9": 2},
    "machxo2": {"LUT4": 1, "CCU2D": 2},
    "gowin": {"LUT1": 1, "LUT2": 1, "LUT3": 1, "LUT4": 1, "ALU": 1},
    "gatemate": {"CC_L2T4": 1, "CC_L2T5": 1},
}
_AREA_DIVISOR = {"gatemate": 2}
_FF_PREFIX = {
    "ecp5": "TRELLIS_FF",
    "ice40": "SB_DFF",
    "nexus": "FD1",
    "machxo2": "TRELLIS_FF",
    "gowin": "DFF",
    "gatemate": "CC_DFF",
}


def synth_command(device: Device) -> str:
    return " ".join([SYNTH[device.family], *device.synth_args])


def synthesized_area(family: str, cells: dict[str, int]) -> int:
    """The least area (in the family's unit) the synthesized ``cells`` can take."""
    halves = sum(cells.get(kind, 0) * sites for kind, sites in _AREA_CELLS[family].items())
    return math.ceil(halves / _AREA_DIVISOR.get(family, 1))


def synthesized_ffs(family: str, cells: dict[str, int]) -> int:
    return sum(count for kind, count in cells.items() if kind.startswith(_FF_PREFIX[family]))


@dataclass(frozen=True)
class Usage:
    luts: int
    ffs: int
    brams: int
    dsps: int


def _sum(used: dict[str, int], prefixes: tuple[str, ...]) -> int:
    return sum(count for kind, count in used.items() if kind.startswith(prefixes))


def gatemate_cpes(routed: Path) -> int:
    """The CPEs a routed GateMate design occupies: the tiles holding any of its CPE cells (logic,
    flip-flops, carry, and the route-through bridges that take a CPE from the logic)."""
    modules: dict[str, Any] = json.loads(routed.read_text())["modules"]
    tiles = set()
    for module in modules.values():
        for cell in module.get("cells", {}).values():
            tile, _, bel = str(cell.get("attributes", {}).get("NEXTPNR_BEL", "")).rpartition("/")
            if bel.startswith("CPE"):
                tiles.add(tile)
    return len(tiles)


def usage(family: str, used: dict[str, int], run_dir: Path) -> Usage:
    """What a routed design uses, from nextpnr's utilization (``used``: cells per bel type) and,
    where the report does not say it, the run's other files."""
    if family == "ecp5":
        return Usage(used.get("TRELLIS_COMB", 0), used.get("TRELLIS_FF", 0), used.get("DP16KD", 0), used.get("MULT18X18D", 0))
    if family == "ice40":  # a logic cell holds one LUT4 and one flip-flop
        cells = json.loads((run_dir / "synth_stat.json").read_text())["design"]["num_cells_by_type"]
        ffs = synthesized_ffs(family, cells)
        return Usage(used.get("ICESTORM_LC", 0), ffs, used.get("ICESTORM_RAM", 0), used.get("ICESTORM_DSP", 0))
    if family == "nexus":
        return Usage(used.get("OXIDE_COMB", 0), used.get("OXIDE_FF", 0), used.get("OXIDE_EBR", 0), used.get("MULT18_CORE", 0))
    if family == "machxo2":
        return Usage(used.get("TRELLIS_COMB", 0), used.get("TRELLIS_FF", 0), used.get("DP8KC", 0), 0)
    if family == "gowin":  # an ALU takes a LUT site; the DSP counted in its 9x9 multipliers
        dsps = _sum(used, ("MULT9X9", "MULT18X18", "MULT36X36", "MULTALU", "MULTADDALU", "ALU54D", "PADD"))
        return Usage(used.get("LUT4", 0) + used.get("ALU", 0), used.get("DFF", 0), used.get("BSRAM", 0), dsps)
    if family == "gatemate":  # block RAM in halves of 20 kbit
        return Usage(gatemate_cpes(run_dir / "routed.json"), used.get("CPE_FF", 0), used.get("RAM_HALF", 0), 0)
    raise ValueError(f"no usage rule for family {family}")


#: Bel types each family's nextpnr times without a delay of their own (the cell's arcs are
#: missing or zero), with what that leaves out of the Fmax.
_UNTIMED: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "gowin": (
        (
            ("MULT9X9", "MULT18X18", "MULT36X36", "MULTALU", "MULTADDALU", "ALU54D", "PADD"),
            "the DSP blocks have no timing in nextpnr-himbaechel-gowin: paths through them are not timed",
        ),
    ),
    "machxo2": ((("TRELLIS_RAMW",), "distributed RAM: its write-port cells are timed at zero delay by nextpnr-machxo2"),),
    "gatemate": (
        (
            ("CPE_BRIDGE", "CPE_CPLINES"),
            "route-through CPEs (bridges, CP lines) are timed at zero delay by nextpnr-himbaechel-gatemate",
        ),
    ),
}


def timing_note(family: str, used: dict[str, int]) -> str | None:
    """What the Fmax of a design using ``used`` leaves out on ``family`` (None: every path it
    uses is timed)."""
    notes = [note for prefixes, note in _UNTIMED.get(family, ()) if _sum(used, prefixes)]
    return "; ".join(notes) or None


def fix_netlist(family: str, netlist: Path) -> None:
    """Make Yosys's netlist one the family's nextpnr reads: on Nexus, a carry chain's first CIN
    tied to constant 0 (synth_nexus with abc9, YosysHQ/yosys#4081) is left unconnected, the
    constant nextpnr-nexus expects there ("CCU2 ... CIN net ... driven by non-CCU2 cell")."""
    if family != "nexus":
        return
    design = json.loads(netlist.read_text())
    for module in design["modules"].values():
        cells = module.get("cells", {})
        low = {bit for cell in cells.values() if cell["type"] == "VLO" for bit in cell["connections"].get("Z", [])}
        for cell in cells.values():
            cin = cell["connections"].get("CIN") if cell["type"] == "CCU2" else None
            if cin and all(bit in low or bit == "0" for bit in cin):
                cell["connections"]["CIN"] = ["x"]
    netlist.write_text(json.dumps(design))
