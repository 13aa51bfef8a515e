"""What makes one implementation run of a core better than another: ATHENa's criteria.

A run is a finished implement job (its outputs: Fmax, LUTs, ...). Throughput and latency come
from the core's manifest cycle formula (the one ``hashbed measure`` checks) and the run's Fmax,
so runs of one core differ in Fmax and area only. ``score`` is larger for a better run; its
second element breaks ties.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.catalogue.throughput import latency_ns, throughput_mbps

CRITERIA = {
    "throughput": "long-message throughput (fewer LUTs break a tie)",
    "tpa": "throughput per LUT",
    "area": "fewest LUTs (higher throughput breaks a tie)",
    "latency": "shortest time for a one-block message, (st + lp + end) cycles / Fmax (fewer LUTs break a tie)",
    "latency-area": "smallest latency x LUTs",
}


def figures(core: Core, outputs: Mapping[str, Any]) -> dict[str, float]:
    """A finished implement job's figures of merit: Fmax, LUTs, throughput (Mbit/s), TP/A
    (Mbit/s per LUT), one-block latency (ns)."""
    fmax = float(outputs["fmax_mhz"])
    luts = float(outputs["luts"])
    throughput = throughput_mbps(core.algorithm.block_bits, core.cycles.lp, fmax)
    return {
        "fmax_mhz": fmax,
        "luts": luts,
        "throughput_mbps": throughput,
        "tpa_mbps_per_lut": throughput / luts if luts else 0.0,
        "latency_ns": latency_ns(core.cycles, fmax),
    }


def score(core: Core, outputs: Mapping[str, Any], criterion: str) -> tuple[float, float]:
    """How good a finished implement job is by ``criterion``: larger is better."""
    f = figures(core, outputs)
    if criterion == "throughput":
        return f["throughput_mbps"], -f["luts"]
    if criterion == "tpa":
        return f["tpa_mbps_per_lut"], f["throughput_mbps"]
    if criterion == "area":
        return -f["luts"], f["throughput_mbps"]
    if criterion == "latency":
        return -f["latency_ns"], -f["luts"]
    if criterion == "latency-area":
        return -f["latency_ns"] * f["luts"], -f["latency_ns"]
    raise ValueError(f"unknown criterion {criterion!r}")
