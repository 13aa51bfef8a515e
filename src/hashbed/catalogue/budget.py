"""Area budgets of the lightweight cores (the lightweight study, docs/lightweight.md).

A manifest's ``[budget]`` bounds the core on ECP5: at most ``luts`` LUT4s (logic and
distributed RAM together) and ``ffs`` flip-flops, exactly ``brams`` block RAMs, no DSPs,
and for block-RAM versions at least ``luts_min`` LUT4s (the study's 450-650 slice band).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, ValidationInfo, field_validator

from hashbed.catalogue.manifest import Table

#: The family whose resources the budgets count.
BUDGET_FAMILY = "ecp5"
Count = Annotated[int, Field(ge=0)]


class Budget(Table):
    luts: Count
    ffs: Count
    brams: Count
    luts_min: Count = 0

    @field_validator("luts_min")
    @classmethod
    def _within_luts(cls, luts_min: int, info: ValidationInfo) -> int:
        luts = info.data.get("luts")
        if luts is not None and luts_min > luts:
            raise ValueError(f"must not exceed luts ({luts}), got {luts_min}")
        return luts_min

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
        return self.model_dump()
