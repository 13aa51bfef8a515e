"""The cores' measured cycle formulas from the store, which every study reads."""

from __future__ import annotations

from hashbed.catalogue.cores import Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.results import JobRecord, ResultStore


def measure_jobs(store: ResultStore, cores: list[Core]) -> dict[str, JobRecord]:
    """The latest finished measure job of each of ``cores`` made from its present sources."""
    measured: dict[str, JobRecord] = {}
    fingerprints = {core.name: core.fingerprint() for core in cores}
    for record in store.jobs("measure"):  # oldest first: the latest measurement wins
        if record.ok and record.inputs.get("core_fingerprint") == fingerprints.get(record.core):
            measured[record.core] = record
    return measured


def measured_formula(record: JobRecord) -> CycleFormula:
    """The formula a measure job found."""
    out = record.outputs
    return CycleFormula(out["st"], out["lp"], out["end"])
