"""Throughput and throughput per area from a cycle formula and a clock frequency.

With clock period T = 1/f, a message of N blocks of b bits takes
``st + lp*N + end`` cycles; its throughput is ``b*N / ((st + lp*N + end) * T)`` and
the long-message limit is ``b / (lp * T)``.
"""

from __future__ import annotations

from hashbed.catalogue.cycles import CycleFormula


def throughput_mbps(block_bits: int, lp: int, fmax_mhz: float) -> float:
    """Long-message throughput in Mbit/s: b / ((l+p) * T)."""
    return block_bits * fmax_mhz / lp


def throughput_at_blocks_mbps(formula: CycleFormula, block_bits: int, fmax_mhz: float, blocks: int) -> float:
    """Throughput in Mbit/s for a message of ``blocks`` padded blocks."""
    return block_bits * blocks * fmax_mhz / formula.cycles(blocks)


def throughput_per_area(throughput: float, luts: int) -> float:
    """Mbit/s per LUT."""
    return throughput / luts if luts else float("nan")


def latency_ns(formula: CycleFormula, fmax_mhz: float) -> float:
    """Time to hash a one-block message, st + (l+p) + end cycles, in ns."""
    return 1000 * formula.cycles(1) / fmax_mhz
