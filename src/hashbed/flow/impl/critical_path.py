"""What a routed design's critical path is made of, from nextpnr's ``report.json``: its logic
and routing delay, and how many of its logic steps are carries (``COUT`` on iCE40, ``FCO`` on
ECP5) and how many are LUTs or wide-function muxes. It says why a core's experimental Fmax
gains over static timing or does not (docs/methodology.md): random data rarely drives a long
carry chain end to end, while a path of LUT levels is sensitized by most data."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hashbed.errors import HashbedError

#: Output ports of a carry step and of a LUT (or wide-mux) step, iCE40 and ECP5.
CARRY_PORTS = ("COUT", "FCO")
LUT_PORTS = ("O", "F", "OFX")


@dataclass(frozen=True)
class CriticalPath:
    logic_ns: float
    routing_ns: float
    carry_steps: int
    lut_steps: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _summary(steps: list[dict[str, Any]]) -> CriticalPath:
    logic = [step for step in steps if step["type"] != "routing"]
    ports = [step["to"]["port"] for step in steps if step["type"] == "logic"]
    return CriticalPath(
        logic_ns=round(sum(step["delay"] for step in logic), 3),
        routing_ns=round(sum(step["delay"] for step in steps if step["type"] == "routing"), 3),
        carry_steps=sum(port in CARRY_PORTS for port in ports),
        lut_steps=sum(port in LUT_PORTS for port in ports),
    )


def critical_path(report: Path) -> CriticalPath | None:
    """The longest register-to-register path of nextpnr's ``report`` (None: the design has none)."""
    try:
        paths = json.loads(report.read_text())["critical_paths"]
    except (OSError, ValueError, KeyError) as exc:
        raise HashbedError(f"{report}: no critical paths to read ({exc}); implement the design again") from None
    clocked = [p["path"] for p in paths if p.get("from", "").startswith("pos") and p.get("to", "").startswith("pos")]
    if not clocked:
        return None
    return _summary(max(clocked, key=lambda steps: sum(step["delay"] for step in steps)))
