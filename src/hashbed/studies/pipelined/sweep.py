"""The depth sweep of the pipelined designs: for each design, depth and device, check the point
in simulation, implement it in its shell and store a metrics row. Each point is a chain of
store-backed jobs (``point_node``), which the command runs on its executor, so an interrupted
sweep resumes where it stopped."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.pipelines import BLOCK_BITS, PipelineDesign, load_pipeline
from hashbed.catalogue.throughput import throughput_mbps, throughput_per_area
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.tools import verilator_version
from hashbed.jobs.graph import Node, constant
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord
from hashbed.results.schema import PipeMetricsOutputs
from hashbed.studies.pipelined.run import HARNESS, check_point
from hashbed.studies.pipelined.shell import shell_core

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
        "core": design.point(stages),
        "design_fingerprint": design.fingerprint(),
        "stages": stages,
        "interval": design.interval(stages),
        "harness": fingerprint(files=(HARNESS,), named=False, closed=False),
        "tools": {"verilator": verilator_version()},
    }


def check_work(design_name: str, stages: int) -> tuple[dict[str, Any], str | None]:
    """A worker's check of one point: every digest right, one block per interval, every stage busy."""
    design = load_pipeline(design_name)
    result = check_point(design, stages, check_messages(design, stages))
    error = None
    if result.intervals != [design.interval(stages)] or result.occupancy != 1.0:
        error = (
            f"intervals {result.intervals} and occupancy {result.occupancy}: the design promises "
            f"{design.interval(stages)} cycles and 1.0"
        )
    return result.as_dict(), error


def point_node(jobs: Jobs, point: SweepPoint) -> Node:
    """One point of the sweep as jobs: its check, its implementation (in its shell) and its row,
    which tabulates "does not fit" as well (a result, as in the study's figures)."""
    design = load_pipeline(point.design)
    work = functools.partial(check_work, point.design, point.stages)
    checked = Node(
        CHECK_STEP, check_inputs(design, point.stages), work=constant(work), label=f"{design.point(point.stages)} check"
    )
    settings = ImplSettings(get_device(point.device), seed=point.seed, timeout_s=point.timeout_s)
    implemented = jobs.implement_node(shell_core(design, point.stages, jobs.build_dir), settings, needs=(checked,))
    inputs = {
        "core": design.point(point.stages),
        "device": point.device,
        "seed": point.seed,
        "check_job": checked.key,
        "implement_job": implemented.key,
        "algorithm": design.algorithm_name,
        "architecture": design.architecture,
        "interval": design.interval(point.stages),
    }
    return Node(
        METRICS_STEP,
        inputs,
        compute=lambda records: (point_row(design, point, records[0], records[1]), None),
        needs=(checked, implemented),
        after_final=True,
        label=f"{design.point(point.stages)} {point.device} row",
    )


def point_row(design: PipelineDesign, point: SweepPoint, checked: JobRecord, implemented: JobRecord) -> dict[str, Any]:
    """One point of the study (hashbed.results.schema.PipeMetricsOutputs): area and Fmax, or why it
    does not fit; throughput per area."""
    device = get_device(point.device)
    interval = design.interval(point.stages)
    row = PipeMetricsOutputs(
        core=design.point(point.stages),
        design=design.name,
        algorithm=design.algorithm_name,
        architecture=design.architecture,
        stages=point.stages,
        device=point.device,
        seed=point.seed,
        interval=interval,
        latency=checked.outputs["latency"],
        fits=implemented.ok,
        error=implemented.error,
    )
    if implemented.ok:
        out = implemented.outputs
        throughput = throughput_mbps(BLOCK_BITS, interval, out["fmax_mhz"])
        row = row.model_copy(
            update={
                "luts": out["luts"],
                "ffs": out["ffs"],
                "fmax_mhz": out["fmax_mhz"],
                "lut_percent": round(100 * out["luts"] / device.luts, 1),
                "ff_percent": round(100 * out["ffs"] / device.ffs, 1),
                "throughput_mbps": round(throughput, 2),
                "tpa_mbps_per_lut": round(throughput_per_area(throughput, out["luts"]), 4),
                "tools": out["tools"],
            }
        )
    return row.model_dump(exclude_unset=True)
