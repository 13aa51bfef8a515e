"""The Zynq study's Table II: per core, its cycle formula as the manifest states it and as last
measured, next to the study's formula it must match or beat, and its throughput formula."""

from __future__ import annotations

from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.console.cells import Cells
from hashbed.results import ResultStore
from hashbed.studies.measured import measure_jobs


def formula_rows(cores: list[Core], store: ResultStore) -> list[dict[str, Any]]:
    """Table II: per core, its bus and block size, its cycle formula as the manifest states it
    and as last measured on the current sources (None when not measured yet), the study's
    formula it must match or beat, and the long-message throughput formula."""
    measured = measure_jobs(store, cores)
    rows = []
    for core in cores:
        block_bits = core.algorithm.block_bits
        job = measured.get(core.name)
        target = core.target_cycles
        rows.append(
            {
                "core": core.name,
                "algorithm": core.algorithm_name,
                "version": core.version,
                "architecture": core.architecture,
                "bus_width": core.bus_width,
                "block_bits": block_bits,
                "cycles": str(core.cycles),
                "lp": core.cycles.lp,
                "measured": job.outputs["formula"] if job else None,
                "study_cycles": str(target) if target else None,
                "study_lp": target.lp if target else None,
                "throughput": f"{block_bits}·f/{core.cycles.lp}",
                "tools": job.inputs.get("tools", {}) if job else {},
                "hashbed_version": job.hashbed_version if job else None,
            }
        )
    return rows


TABLE_2_TITLE = "Table II: clock cycles per message of N blocks, st + (l+p)·N + end, and throughput at clock f"


def formula_cells(rows: list[dict[str, Any]]) -> Cells:
    """Table II (rows of ``formula_rows``) as text."""
    columns = ["core", "bus", "block bits", "cycles (manifest)", "measured", "study's design", "l+p vs study", "throughput"]
    cells = []
    for row in rows:
        versus = f"{row['lp']} vs {row['study_lp']}" if row["study_lp"] is not None else "-"
        cells.append(
            [
                row["core"],
                str(row["bus_width"]),
                str(row["block_bits"]),
                row["cycles"],
                row["measured"] or "not measured",
                row["study_cycles"] or "-",
                versus,
                row["throughput"],
            ]
        )
    return columns, cells
