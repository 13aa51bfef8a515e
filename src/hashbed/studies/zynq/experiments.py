"""The Zynq study's experiments on the simulated board, as store-backed jobs.

One job hashes one message of a given size on the board (the controller's full
procedure) and stores the timer count, the cycle-formula time, the software time
and whether the digest was right. The overhead table (measured over formula time)
and the speed-up table (software over hardware time) are two views of these jobs.
Each size is its own job, so an interrupted run keeps the sizes it finished.

What a job sends a core comes from its interface's workload (hashbed.studies.zynq.workloads):
an LWC core's job is the encryption of a plaintext of the given size with a key in use.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.cores import TARGET_SEED, Core
from hashbed.catalogue.devices import get_device
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.tools import verilator_version
from hashbed.jobs.graph import Node, constant
from hashbed.jobs.runner import Jobs
from hashbed.jobs.work import Sources, localize
from hashbed.results import JobRecord, ResultStore, job_key
from hashbed.studies.zynq.published_cycles import Figure, zynq_arm_seconds
from hashbed.studies.zynq.study_set import study_device
from hashbed.studies.zynq.workloads import KB, workload
from hashbed.testbed.board import Board
from hashbed.testbed.controller import Controller
from hashbed.testbed.simulated import DmaModel, SimulatedBoard, board_design

#: The message sizes the experiments take, kB: from one byte to 100 MB.
SIZE_KB_RANGE = (0.001, 100_000.0)
BOARD = "sim-board"
STEP = "testbed"
#: The message size of Table I's measured throughput, kB, as in the study.
LONG_MESSAGE_KB = 1000
#: Core clock when no implementation result gives one.
FALLBACK_CORE_MHZ = 100.0


@dataclass(frozen=True)
class TestbedSettings:
    sys_mhz: float = 100.0
    core_mhz: float = FALLBACK_CORE_MHZ
    dma: DmaModel = DmaModel()
    start_delay: int = 0
    #: Seed of the random message contents.
    message_seed: int = 1


def stored_fmax(store: ResultStore, core: Core) -> float | None:
    """The static-timing Fmax of ``core``'s common-flow run on its study device and the target
    seed (the default options and requested clock: not a run of an exploration), if implemented."""
    record = store.job(job_key("implement", ImplSettings(get_device(study_device(core)), seed=TARGET_SEED).inputs(core)))
    return float(record.outputs["fmax_mhz"]) if record is not None and record.ok else None


def long_message_mbps(store: ResultStore) -> dict[tuple[str, float], float]:
    """Table I's measured throughput: per core and requested core clock, the message bits of a
    correct ``LONG_MESSAGE_KB`` transfer on the default simulated board (ideal DMA, system clock
    and seeds at their defaults) over the time its timer measured."""
    default = TestbedSettings()
    found = {}
    for record in store.jobs(STEP):  # oldest first: the latest wins
        inputs = record.inputs
        if (
            record.ok
            and record.outputs.get("correct")
            and inputs["size_bytes"] == LONG_MESSAGE_KB * KB
            and inputs["sys_mhz"] == default.sys_mhz
            and inputs["dma"] == dataclasses.asdict(default.dma)
            and inputs["start_delay"] == default.start_delay
            and inputs["message_seed"] == default.message_seed
        ):
            found[(record.core, float(inputs["core_mhz"]))] = 8 * inputs["size_bytes"] / record.outputs["hardware_s"] / 1e6
    return found


def transfer_work(sources: Sources, settings: TestbedSettings, size_bytes: int) -> tuple[dict[str, Any], str | None]:
    """A worker's transfer of one message through the testbed on a simulated board of its own."""
    core = localize(sources)
    with SimulatedBoard(core, settings.sys_mhz, settings.dma) as board:
        return board_transfer(board, core, settings.core_mhz, settings.start_delay, settings.message_seed, size_bytes)


def board_transfer(
    board: Board, core: Core, core_mhz: float, start_delay: int, message_seed: int, size_bytes: int
) -> tuple[dict[str, Any], str | None]:
    """One message of ``size_bytes`` (an LWC core's encryption) through the testbed on ``board``
    (simulated or real): the controller's whole procedure; the outputs and the error of a wrong answer."""
    controller = Controller(board, core)
    controller.configure_output(start_delay)
    controller.set_core_clock(core_mhz)
    transfer, error = workload(core).transfer(controller, size_bytes, message_seed)
    if transfer is None:
        return {}, error
    return {"size_kb": size_bytes / KB, **transfer.as_dict(), **board.last_transfer}, error


def transfer_nodes(core: Core, sizes_kb: Sequence[float], settings: TestbedSettings) -> list[Node]:
    """One job per message size, each on a simulated board of its own."""
    fingerprint = board_design(core).fingerprint()
    sources = Sources.of(core)
    work = workload(core)
    work.check_core(core)
    work.check_sizes(core, sizes_kb)
    nodes = []
    for size_kb in sizes_kb:
        size_bytes = round(size_kb * KB)
        inputs: dict[str, Any] = {
            "core": core.name,
            "core_fingerprint": core.fingerprint(),
            "cycles": core.cycles.counts(),
            "device": BOARD,
            "board": fingerprint,
            "tools": {"verilator": verilator_version()},
            "size_bytes": size_bytes,
            "sys_mhz": settings.sys_mhz,
            "core_mhz": settings.core_mhz,
            "dma": dataclasses.asdict(settings.dma),
            "start_delay": settings.start_delay,
            "message_seed": settings.message_seed,
            **work.job_inputs(core),
        }
        transfer = functools.partial(transfer_work, sources, settings, size_bytes)
        nodes.append(Node(STEP, inputs, work=constant(transfer), label=f"{core.name} testbed {size_kb:g} kB"))
    return nodes


def run_transfers(jobs: Jobs, core: Core, sizes_kb: Sequence[float], settings: TestbedSettings) -> list[JobRecord]:
    """The stored job of each message size, run here now where needed."""
    return [jobs.run(node) for node in transfer_nodes(core, sizes_kb, settings)]


def overhead_row(record: JobRecord) -> dict[str, Any]:
    o = record.outputs
    dma_s = o["sent"] / (o["sys_mhz"] * 1e6)  # the beats of the word stream, one per system cycle
    return {
        "size_kb": o["size_kb"],
        "blocks": o["blocks"],
        "core_mhz": round(o["core_mhz"], 3),
        "sys_mhz": o["sys_mhz"],
        "formula_us": round(o["formula_s"] * 1e6, 3),
        "dma_us": round(dma_s * 1e6, 3),
        "measured_us": round(o["hardware_s"] * 1e6, 3),
        "ratio": round(o["overhead_ratio"], 4),
        "correct": o["correct"],
    }


def arm_speedup(key: str, row: dict[str, Any]) -> tuple[float, Figure] | None:
    """The speed-up of a speed-up row over the fastest published software for algorithm version
    ``key`` on the Zynq's ARM Cortex-A9 at 667 MHz, with the figure; None where none is published."""
    arm = zynq_arm_seconds(key, round(row["size_kb"] * KB))
    return (arm[0] / (row["hardware_us"] * 1e-6), arm[1]) if arm else None


def speedup_row(record: JobRecord) -> dict[str, Any]:
    o = record.outputs
    return {
        "size_kb": o["size_kb"],
        "core_mhz": round(o["core_mhz"], 3),
        "hardware_us": round(o["hardware_s"] * 1e6, 3),
        "software": o["software"],
        "software_us": round(o["software_s"] * 1e6, 3) if o["software_s"] is not None else None,
        "software_cpu": o.get("software_cpu"),
        "speedup": round(o["speedup"], 4) if o["speedup"] is not None else None,
        "correct": o["correct"],
    }
