"""The depth sweep of the pipelined designs: for each design, depth and device, check the point
in simulation, implement it in its shell and store a metrics row. Points run in parallel worker
processes, each a chain of store-backed jobs, so an interrupted sweep resumes where it stopped."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.flow import processes
from hashbed.catalogue.algorithms import Message
from hashbed.errors import CoreFailure
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.flow.impl.implement import ImplSettings, run_dir_name
from hashbed.flow.impl.progress import RunProgress, unfinished_runs
from hashbed.catalogue.throughput import throughput_mbps, throughput_per_area
from hashbed.jobs.runner import Jobs
from hashbed.catalogue.pipelines import BLOCK_BITS, PipelineDesign, load_pipeline
from hashbed.studies.pipelined.run import HARNESS, check_point
from hashbed.studies.pipelined.shell import shell_core
from hashbed.results import JobRecord, ResultStore
from hashbed.results.schema import PipeMetricsOutputs
from hashbed.flow.tools import verilator_version

CHECK_STEP = "pipe_check"
METRICS_STEP = "pipe_metrics"


def check_messages(design: PipelineDesign, stages: int) -> list[Message]:
    """Mixed lengths, enough to keep every slot of the ring busy for several rounds."""
    rng = random.Random(stages)
    sizes = [0, 55, 56, 64, 119, 200, 500]
    return [Message.from_bytes(rng.randbytes(rng.choice(sizes))) for _ in range(3 * design.ring(stages) + 8)]


@dataclass(frozen=True)
class SweepPoint:
    design: str
    stages: int
    device: str
    seed: int = 1
    timeout_s: int = 3600


def check_inputs(design: PipelineDesign, stages: int) -> dict[str, Any]:
    """What identifies the check of a point: the design, the depth, the harness and its build."""
    return {
        "core": design.point(stages), "design_fingerprint": design.fingerprint(), "stages": stages,
        "interval": design.interval(stages),
        "harness": fingerprint(files=(HARNESS,), named=False, closed=False), "tools": {"verilator": verilator_version()},
    }  # fmt: skip


def run_point(point: SweepPoint, db: Path, build_dir: Path, force: bool = False) -> JobRecord:
    """Check, implement and tabulate one point; returns its metrics job (or the failed job)."""
    design = load_pipeline(point.design)
    with ResultStore(db) as store:
        jobs = Jobs(store, build_dir, force)

        def check() -> tuple[dict[str, Any], str | None]:
            result = check_point(design, point.stages, check_messages(design, point.stages))
            error = None
            if result.intervals != [design.interval(point.stages)] or result.occupancy != 1.0:
                error = (f"intervals {result.intervals} and occupancy {result.occupancy}: the design promises "
                         f"{design.interval(point.stages)} cycles and 1.0")  # fmt: skip
            return result.as_dict(), error

        checked = jobs.run_job(CHECK_STEP, check_inputs(design, point.stages), check)
        if not checked.ok:
            return checked
        settings = ImplSettings(get_device(point.device), seed=point.seed, timeout_s=point.timeout_s)
        core = shell_core(design, point.stages, build_dir)
        implemented = jobs.implement(core, settings)
        if not implemented.ok and implemented.outputs.get("fits") is not False:
            return implemented  # a tool failure, not a result: the next sweep tries again
        metrics_inputs = {"core": core.name, "device": point.device, "seed": point.seed, "check_job": checked.key,
                          "implement_job": implemented.key, "algorithm": design.algorithm_name,
                          "architecture": design.architecture, "interval": design.interval(point.stages)}  # fmt: skip
        return jobs.run_job(METRICS_STEP, metrics_inputs, lambda: (point_row(design, point, checked, implemented), None))


def point_row(design: PipelineDesign, point: SweepPoint, checked: JobRecord, implemented: JobRecord) -> dict[str, Any]:
    """One point of the study (hashbed.results.schema.PipeMetricsOutputs): area and Fmax, or why it
    does not fit; throughput per area."""
    device = get_device(point.device)
    interval = design.interval(point.stages)
    row = PipeMetricsOutputs(
        core=design.point(point.stages), design=design.name, algorithm=design.algorithm_name,
        architecture=design.architecture, stages=point.stages, device=point.device, seed=point.seed,
        interval=interval, latency=checked.outputs["latency"], fits=implemented.ok, error=implemented.error,
    )
    if implemented.ok:
        out = implemented.outputs
        throughput = throughput_mbps(BLOCK_BITS, interval, out["fmax_mhz"])
        row = row.model_copy(update={
            "luts": out["luts"], "ffs": out["ffs"], "fmax_mhz": out["fmax_mhz"],
            "lut_percent": round(100 * out["luts"] / device.luts, 1), "ff_percent": round(100 * out["ffs"] / device.ffs, 1),
            "throughput_mbps": round(throughput, 2), "tpa_mbps_per_lut": round(throughput_per_area(throughput, out["luts"]), 4),
            "tools": out["tools"],
        })  # fmt: skip
    return row.model_dump(exclude_unset=True)


#: How long a sweep waits for a point to finish before it says how far its running points have got.
STATUS_INTERVAL_S = 600.0


def running_points(points: list[SweepPoint], build_dir: Path) -> list[RunProgress]:
    """The synthesis and place-and-route runs of ``points`` that a process works on now."""
    prefixes = tuple(run_dir_name(load_pipeline(p.design).point(p.stages), p.device, p.seed, "") for p in points)
    return [run for run in unfinished_runs(build_dir) if run.state == "running" and run.run_dir.name.startswith(prefixes)]


def sweep(
    points: list[SweepPoint],
    db: Path,
    build_dir: Path,
    workers: int,
    force: bool = False,
    on_done: Callable[[SweepPoint, JobRecord | None, str | None], None] = lambda point, record, error: None,
    on_wait: Callable[[list[SweepPoint]], None] = lambda pending: None,
    wait_s: float = STATUS_INTERVAL_S,
) -> list[JobRecord]:
    """Run ``points`` in ``workers`` processes; a point that fails is reported and the rest go on.
    Whenever ``wait_s`` pass without a point finishing, ``on_wait`` gets the points not done.
    The workers, and so their tools, die with this process (``hashbed.flow.processes``)."""
    for name in {p.design for p in points}:
        load_pipeline(name)  # a bad manifest stops the sweep before any work
    records = []
    with ProcessPoolExecutor(max_workers=workers, initializer=processes.die_with_parent, initargs=(os.getpid(),)) as pool:
        futures = {pool.submit(run_point, point, db, build_dir, force): point for point in points}
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=wait_s, return_when=FIRST_COMPLETED)
            if not done:
                on_wait([point for future, point in futures.items() if future in pending])
            for future in done:
                point = futures[future]
                try:
                    record = future.result()
                except CoreFailure as failure:
                    on_done(point, None, str(failure))
                    continue
                records.append(record)
                on_done(point, record, None if record.ok else record.error)
    return records
