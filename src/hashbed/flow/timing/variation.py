"""Device-to-device variation: a seeded model of how one die's delays differ from another's.

The study measured two boards of the same kind and found their highest working
clocks up to 14 MHz apart. hashbed has no boards, so it makes *virtual boards*: the
delays nextpnr reports (one corner, one die) are scaled per cell by

    factor(cell) = 1 + die + spatial(x, y) + local(cell)

* ``die``: one normal draw per board (standard deviation ``die_sigma``): the whole chip
  is a little faster or slower (process corner of the wafer and lot);
* ``spatial``: a smooth random field over the die's tile grid (standard deviation
  ``spatial_sigma``, correlation length ``correlation_tiles``): neighbouring cells
  are alike, distant ones differ (within-die systematic variation). It is drawn as a
  sum of ``FIELD_TERMS`` random cosines with normally distributed wave vectors, which
  approximates a Gaussian random field with a squared-exponential correlation;
* ``local``: an independent normal draw per cell (``local_sigma``): random variation.

A routing delay is scaled with the cell it leads to. The defaults (3%, 2%, 1%, 10
tiles) are assumptions of the order that published FPGA variation measurements
report, not measurements of any device; every result made with this model is
labelled as a model, and the parameters are stored with it.
"""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from hashbed.errors import HashbedError
from hashbed.flow.timing.netlist import Scale

FIELD_TERMS = 32
_LOCATION = re.compile(r"^X(\d+)/Y(\d+)/")


@dataclass(frozen=True)
class VariationModel:
    die_sigma: float = 0.03
    spatial_sigma: float = 0.02
    local_sigma: float = 0.01
    correlation_tiles: float = 10.0

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if not (isinstance(value, (int, float)) and value >= 0 and math.isfinite(value)):
                raise HashbedError(f"variation model: {name} must be a finite number >= 0, got {value!r}")
        if self.correlation_tiles <= 0:
            raise HashbedError(f"variation model: correlation_tiles must be > 0, got {self.correlation_tiles}")

    def as_dict(self) -> dict[str, float]:
        return asdict(self)

    def board(self, number: int, placement: dict[str, tuple[int, int]]) -> Scale:
        """The delay scaling of virtual board ``number`` (1, 2, ...) for a placed design."""
        if number < 1:
            raise HashbedError(f"virtual boards are numbered from 1, got {number}")
        rng = random.Random(f"hashbed-board-{number}")
        die = rng.gauss(0.0, self.die_sigma)
        waves = [
            (
                rng.gauss(0.0, 1.0 / self.correlation_tiles),
                rng.gauss(0.0, 1.0 / self.correlation_tiles),
                rng.uniform(0.0, 2 * math.pi),
            )
            for _ in range(FIELD_TERMS)
        ]
        amplitude = self.spatial_sigma * math.sqrt(2.0 / FIELD_TERMS)

        def spatial(x: int, y: int) -> float:
            return amplitude * sum(math.cos(kx * x + ky * y + phase) for kx, ky, phase in waves)

        factors = {}
        for cell in sorted(placement):
            x, y = placement[cell]
            factors[cell] = max(0.1, 1.0 + die + spatial(x, y) + rng.gauss(0.0, self.local_sigma))
        unplaced = max(0.1, 1.0 + die)
        return lambda cell: factors.get(cell, unplaced)


def placement(routed_json: Path) -> dict[str, tuple[int, int]]:
    """Cell name -> (x, y) tile of its bel, from nextpnr's routed design."""
    try:
        design = json.loads(routed_json.read_text())
        cells = design["modules"]["top"]["cells"]
    except (OSError, ValueError, KeyError) as exc:
        raise HashbedError(f"{routed_json}: cannot read the placement ({exc}); implement the design again") from None
    located = {}
    for name, cell in cells.items():
        match = _LOCATION.match(str(cell.get("attributes", {}).get("NEXTPNR_BEL", "")))
        if match:
            located[name] = (int(match[1]), int(match[2]))
    return located
