"""The Zynq study's experiments on the simulated board, as store-backed jobs.

One job hashes one message of a given size on the board (the controller's full
procedure) and stores the timer count, the cycle-formula time, the software time
and whether the digest was right. The overhead table (measured over formula time)
and the speed-up table (software over hardware time) are two views of these jobs.
Each size is its own job, so an interrupted run keeps the sizes it finished.

An LWC core's job is the encryption of a plaintext of the given size, no AD, with a key
already in use (the analogue of hashing a message: the key is loaded by an encryption of
an empty plaintext before, untimed); its do words (ciphertext, tag, status) are compared
with the Ascon model's, and the formula time is the manifest's ``cycles`` (encryption,
reused key).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import TARGET_DEVICE, TARGET_SEED, Core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.interfaces import Case
from hashbed.catalogue.interfaces.lwc_words import LWC_WIDTH, MAX_SEGMENT_BYTES, SEGMENT_BLOCK_BYTES, encrypt_case
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.tools import verilator_version
from hashbed.jobs.graph import Node, constant
from hashbed.jobs.runner import Jobs
from hashbed.jobs.work import Sources, localize
from hashbed.results import JobRecord, ResultStore, job_key
from hashbed.studies.zynq.published_cycles import Figure, zynq_arm_seconds
from hashbed.testbed.board import Board
from hashbed.testbed.controller import MAX_TRANSFER_WORDS, Controller, LwcController
from hashbed.testbed.simulated import DmaModel, SimulatedBoard, board_design
from hashbed.testbed.software import software_name

#: The study's message sizes, in kB (1 kB = 1000 bytes).
DEFAULT_SIZES_KB = (10, 100, 500, 1000, 5000)
#: An LWC core's default plaintext sizes, kB: the LWC benchmarks' 16, 64 and 1536 bytes, the
#: study's 10 and 100 kB, and 250 kB (the longest encryption one transfer returns is 262,096 bytes).
DEFAULT_LWC_SIZES_KB = (0.016, 0.064, 1.536, 10, 100, 250)
#: The message sizes the experiments take, kB: from one byte to 100 MB.
SIZE_KB_RANGE = (0.001, 100_000.0)
#: What an LWC core's testbed job does (a job input).
LWC_OPERATION = "encryption, reused key, no AD"
KB = 1000
BOARD = "sim-board"
STEP = "testbed"
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
    """The static-timing Fmax of ``core``'s common-flow run on the target device and seed (the
    default options and requested clock: not a run of an exploration), if implemented."""
    record = store.job(job_key("implement", ImplSettings(get_device(TARGET_DEVICE), seed=TARGET_SEED).inputs(core)))
    return float(record.outputs["fmax_mhz"]) if record is not None and record.ok else None


def message_of_size(size_bytes: int, seed: int) -> Message:
    data = random.Random(f"{seed}:{size_bytes}").randbytes(size_bytes)
    return Message(data, 8 * size_bytes)


#: Bytes in one of the testbed's LWC words (its LWC path is 32 bits wide).
WORD_BYTES = LWC_WIDTH // 8


def default_sizes_kb(core: Core) -> tuple[float, ...]:
    return DEFAULT_LWC_SIZES_KB if core.interface == "lwc" else DEFAULT_SIZES_KB


def encrypt_do_words(size_bytes: int) -> int:
    """The do words an encryption of ``size_bytes`` without AD answers: CT segment headers and
    data, the TAG header, 4 tag words, the status."""
    segments = max(1, -(-size_bytes // (MAX_SEGMENT_BYTES // SEGMENT_BLOCK_BYTES * SEGMENT_BLOCK_BYTES)))
    return -(-size_bytes // WORD_BYTES) + segments + 6


def max_encrypt_bytes() -> int:
    """The longest plaintext whose encryption one transfer returns (TRANSFER_LENGTH words)."""
    size = WORD_BYTES * MAX_TRANSFER_WORDS
    while encrypt_do_words(size) > MAX_TRANSFER_WORDS:
        size -= 1
    return size


def lwc_cases(core: Core, size_bytes: int, seed: int) -> tuple[Case, Case]:
    """The key load (encryption of an empty plaintext with a new key) and the measured encryption
    of ``size_bytes`` random bytes with that key reused, nonces and key from ``seed``."""
    aead = core.suite.aead
    rng = random.Random(f"hashbed-testbed-lwc:{seed}")
    key, first_nonce, nonce = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16)
    load = encrypt_case(aead, key, first_nonce, b"", b"", new_key=True)
    return load, encrypt_case(aead, key, nonce, b"", message_of_size(size_bytes, seed).data, new_key=False)


def lwc_blocks(size_bytes: int) -> int:
    """Padded 16-byte blocks of a plaintext (Ascon always pads: one more block than whole ones)."""
    return size_bytes // SEGMENT_BLOCK_BYTES + 1


def _lwc_transfer_work(core: Core, settings: TestbedSettings, size_bytes: int) -> tuple[dict[str, Any], str | None]:
    load, case = lwc_cases(core, size_bytes, settings.message_seed)
    board = SimulatedBoard(core, settings.sys_mhz, settings.dma)
    with board:
        controller = LwcController(board, core)
        controller.configure_output(settings.start_delay)
        controller.set_core_clock(settings.core_mhz)
        loaded = controller.run(load, lwc_blocks(0))
        if not loaded.correct:
            return {}, f"loading the key (an empty encryption with a new key) came out wrong: {loaded.difference}"
        transfer = controller.run(case, lwc_blocks(size_bytes))
        outputs = {"size_kb": size_bytes / KB, **transfer.as_dict(), **board.last_transfer}
    error = None if transfer.correct else f"wrong answer to the encryption of {size_bytes} bytes: {transfer.difference}"
    return outputs, error


def transfer_work(sources: Sources, settings: TestbedSettings, size_bytes: int) -> tuple[dict[str, Any], str | None]:
    """A worker's transfer of one message through the testbed on a simulated board of its own."""
    core = localize(sources)
    if core.interface == "lwc":
        return _lwc_transfer_work(core, settings, size_bytes)
    with SimulatedBoard(core, settings.sys_mhz, settings.dma) as board:
        return board_transfer(board, core, settings.core_mhz, settings.start_delay, settings.message_seed, size_bytes)


def board_transfer(
    board: Board, core: Core, core_mhz: float, start_delay: int, message_seed: int, size_bytes: int
) -> tuple[dict[str, Any], str | None]:
    """One message of ``size_bytes`` through the testbed on ``board`` (simulated or real): the
    controller's whole procedure; the outputs and, for a wrong digest, the error."""
    controller = Controller(board, core)
    controller.configure_output(start_delay)
    controller.set_core_clock(core_mhz)
    transfer = controller.hash(message_of_size(size_bytes, message_seed))
    outputs = {"size_kb": size_bytes / KB, **transfer.as_dict(), **board.last_transfer}
    error = None if transfer.correct else f"wrong digest for {size_bytes} bytes: {transfer.digest}, expected {transfer.expected}"
    return outputs, error


def transfer_nodes(core: Core, sizes_kb: Sequence[float], settings: TestbedSettings) -> list[Node]:
    """One job per message size, each on a simulated board of its own."""
    fingerprint = board_design(core).fingerprint()
    sources = Sources.of(core)
    lwc = core.interface == "lwc"
    if lwc and core.bus_width != LWC_WIDTH:
        raise HashbedError(
            f"the testbed's LWC path is {LWC_WIDTH} bits wide and {core.name}'s bus {core.bus_width}: "
            "run the testbed with a 32-bit LWC core (ascon)"
        )
    if lwc and (too_long := [size for size in sizes_kb if round(size * KB) > max_encrypt_bytes()]):
        raise HashbedError(
            f"an LWC core's encryption must come back in one transfer ({MAX_TRANSFER_WORDS} do words, the output "
            f"FIFO's TRANSFER_LENGTH): at most {max_encrypt_bytes() / KB:g} kB, got {too_long[0]:g} kB"
        )
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
            # what the speed-up is measured against (hashbed.testbed.software)
            "software": None if lwc else software_name(core.algorithm),
        }
        if lwc:
            inputs["operation"] = LWC_OPERATION
        work = functools.partial(transfer_work, sources, settings, size_bytes)
        nodes.append(Node(STEP, inputs, work=constant(work), label=f"{core.name} testbed {size_kb:g} kB"))
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
