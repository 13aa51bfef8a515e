"""Area budgets of the lightweight cores (the lightweight study, docs/lightweight.md).

A manifest's ``[budget]`` bounds the core on ECP5: at most ``luts`` LUT4s (logic and
distributed RAM together) and ``ffs`` flip-flops, exactly ``brams`` block RAMs, no DSPs,
and for block-RAM versions at least ``luts_min`` LUT4s (the study's 450-650 slice band).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

#: The family whose resources the budgets count.
BUDGET_FAMILY = "ecp5"
_FIELDS = ("luts", "ffs", "brams", "luts_min")


@dataclass(frozen=True)
class Budget:
    luts: int
    ffs: int
    brams: int
    luts_min: int = 0

    @classmethod
    def parse(cls, table: dict[str, Any], where: str) -> Budget:
        unknown = set(table) - set(_FIELDS)
        if unknown:
            raise ValueError(f"{where}: unknown field(s) in [budget]: {', '.join(map(repr, sorted(unknown)))} (known: {', '.join(_FIELDS)})")
        for key in ("luts", "ffs", "brams"):
            if key not in table:
                raise ValueError(f"{where}: [budget] needs {key!r}")
        for key, value in table.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{where}: [budget] {key} must be a non-negative integer, got {value!r}")
        budget = cls(**table)
        if budget.luts_min > budget.luts:
            raise ValueError(f"{where}: [budget] luts_min ({budget.luts_min}) exceeds luts ({budget.luts})")
        return budget

    def shortfalls(self, luts: int, ffs: int, brams: int, dsps: int) -> list[str]:
        """How an implementation misses the budget, one phrase per resource (empty: it fits)."""
        misses = []
        if luts > self.luts:
            misses.append(f"{luts - self.luts} LUT4s over ({luts} > {self.luts})")
        if luts < self.luts_min:
            misses.append(f"{self.luts_min - luts} LUT4s under the band ({luts} < {self.luts_min})")
        if ffs > self.ffs:
            misses.append(f"{ffs - self.ffs} flip-flops over ({ffs} > {self.ffs})")
        if brams != self.brams:
            misses.append(f"{brams} block RAMs, the budget has {self.brams}")
        if dsps:
            misses.append(f"{dsps} DSPs, the budget has none")
        return misses

    def as_dict(self) -> dict[str, int]:
        return asdict(self)
