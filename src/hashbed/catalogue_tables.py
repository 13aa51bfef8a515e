"""Tables over the whole catalogue: the cycle formulas (the Zynq study's Table II) and the
throughput-per-area ranking of results rows relative to SHA-256 (the lightweight study ranks
every finalist that way)."""

from __future__ import annotations

from typing import Any

from hashbed.cores import Core
from hashbed.results import ResultStore

#: The core every throughput-per-area ratio is taken against.
REFERENCE_CORE = "sha256"


def formula_rows(cores: list[Core], store: ResultStore) -> list[dict[str, Any]]:
    """Table II: per core, its bus and block size, its cycle formula as the manifest states it
    and as last measured on the current sources (None when not measured yet), the study's
    formula it must match or beat, and the long-message throughput formula."""
    measured: dict[str, dict[str, Any]] = {}
    fingerprints = {core.name: core.fingerprint() for core in cores}
    for record in store.jobs("measure"):  # oldest first: the latest measurement wins
        if record.ok and record.inputs.get("core_fingerprint") == fingerprints.get(record.core):
            measured[record.core] = record.outputs
    rows = []
    for core in cores:
        block_bits = core.algorithm.block_bits
        row = measured.get(core.name)
        target = core.target_cycles
        rows.append({
            "core": core.name, "algorithm": core.algorithm_name, "version": core.version,
            "architecture": core.architecture, "bus_width": core.bus_width, "block_bits": block_bits,
            "cycles": str(core.cycles), "lp": core.cycles.lp,
            "measured": row["formula"] if row else None,
            "study_cycles": str(target) if target else None, "study_lp": target.lp if target else None,
            "throughput": f"{block_bits}·f/{core.cycles.lp}",
        })  # fmt: skip
    return rows


def reference_tpa(store: ResultStore) -> dict[tuple[str, int], float]:
    """The latest throughput per LUT of the reference core per (device, seed)."""
    latest: dict[tuple[str, int], float] = {}
    for record in store.jobs("metrics", REFERENCE_CORE):
        if record.ok:
            latest[(record.outputs["device"], record.outputs["seed"])] = record.outputs["tpa_mbps_per_lut"]
    return latest


def ranked(rows: list[dict[str, Any]], reference: dict[tuple[str, int], float]) -> list[dict[str, Any]]:
    """The rows per device and seed, best throughput per LUT first, each with its ratio to the
    reference core's (``tpa_vs_sha256``, None without a reference result) and its rank."""
    out: list[dict[str, Any]] = []
    ordered = sorted(rows, key=lambda row: (row["device"], row["seed"], -row["tpa_mbps_per_lut"]))
    for row in ordered:
        base = reference.get((row["device"], row["seed"]))
        same_flow = [r for r in out if (r["device"], r["seed"]) == (row["device"], row["seed"])]
        out.append({
            **row,
            "rank": len(same_flow) + 1,
            "tpa_vs_sha256": round(row["tpa_mbps_per_lut"] / base, 3) if base else None,
        })  # fmt: skip
    return out
