"""The Zynq study's experiments on a real board, stored like the simulated board's.

One ``testbed`` job per message size, with the inputs of a simulated board's job but for what
differs: ``device`` is the board's name (``pynq-z2``, ``zedboard``) instead of ``sim-board``,
``board`` the fingerprint of the bitstream and ``.hwh`` instead of the Verilator design's,
``tools`` PYNQ's version, and ``dma`` None (the AXI DMA is what it is). Overhead and speed-up
are two views of these jobs, as on the simulated board; the software is timed on the board's
ARM, where hashbed runs. The clock search is one ``board_fmax`` job. Every job runs here, in
order, on the one board this process holds.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.jobs.graph import Node, constant
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord
from hashbed.studies.zynq.experiments import STEP, board_transfer
from hashbed.studies.zynq.workloads import KB, message_of_size
from hashbed.testbed.controller import Controller, search_max_frequency
from hashbed.testbed.pynq_board import PynqBoard
from hashbed.testbed.software import software_name

FMAX_STEP = "board_fmax"


@dataclass(frozen=True)
class BoardSettings:
    core_mhz: float
    start_delay: int = 0
    #: Seed of the random message contents (the simulated board's jobs use the same messages).
    message_seed: int = 1


def board_inputs(board: PynqBoard, core: Core) -> dict[str, Any]:
    """What identifies the hardware a board job ran on."""
    return {
        "core": core.name,
        "core_fingerprint": core.fingerprint(),
        "cycles": core.cycles.counts(),
        "device": board.board.name,
        "board": fingerprint("", [board.bitfile, board.bitfile.with_suffix(".hwh")], named=False),
        "tools": {"pynq": board.pynq_version},
        "sys_mhz": board.sys_mhz,
    }


def transfer_work(board: PynqBoard, core: Core, settings: BoardSettings, size_bytes: int) -> tuple[dict[str, Any], str | None]:
    """One message through the testbed on the board."""
    return board_transfer(board, core, settings.core_mhz, settings.start_delay, settings.message_seed, size_bytes)


def transfer_nodes(board: PynqBoard, core: Core, sizes_kb: Sequence[float], settings: BoardSettings) -> list[Node]:
    """One job per message size, on ``board``."""
    nodes = []
    for size_kb in sizes_kb:
        size_bytes = round(size_kb * KB)
        inputs = {
            **board_inputs(board, core),
            "size_bytes": size_bytes,
            "core_mhz": settings.core_mhz,
            "dma": None,
            "start_delay": settings.start_delay,
            "message_seed": settings.message_seed,
            "software": software_name(core.algorithm),
        }
        work = functools.partial(transfer_work, board, core, settings, size_bytes)
        label = f"{core.name} testbed {size_kb:g} kB on {board.board.name}"
        nodes.append(Node(STEP, inputs, work=constant(work), label=label))
    return nodes


def fmax_work(
    board: PynqBoard, core: Core, sizes_bytes: Sequence[int], seed: int, low_mhz: float, high_mhz: float
) -> tuple[dict[str, Any], str | None]:
    """The binary search for the highest core clock at which every message hashes right."""
    started = time.monotonic()
    messages = [message_of_size(size, seed) for size in sizes_bytes]
    controller = Controller(board, core)
    controller.configure_output()
    cases = controller.message_cases(messages)
    result = search_max_frequency(lambda mhz: controller.all_correct_at(mhz, cases), low_mhz, high_mhz)
    return {
        "max_mhz": result.max_mhz,
        "limit_above_range": result.limit_above_range,
        "trials": result.trials,
        "messages": len(messages),
        "seconds": round(time.monotonic() - started, 3),
    }, None


def fmax_node(board: PynqBoard, core: Core, sizes_kb: Sequence[float], seed: int, low_mhz: float, high_mhz: float) -> Node:
    sizes_bytes = [round(size * KB) for size in sizes_kb]
    inputs = {
        **board_inputs(board, core),
        "sizes_bytes": sizes_bytes,
        "message_seed": seed,
        "low_mhz": low_mhz,
        "high_mhz": high_mhz,
    }
    work = functools.partial(fmax_work, board, core, sizes_bytes, seed, low_mhz, high_mhz)
    return Node(FMAX_STEP, inputs, work=constant(work), label=f"{core.name} clock search on {board.board.name}")


def run_here(jobs: Jobs, nodes: Sequence[Node]) -> list[JobRecord]:
    """The stored result of each node, or its work run here now, one after the other."""
    return [jobs.run(node) for node in nodes]
