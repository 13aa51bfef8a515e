"""The experimental maximum frequency of a core: the Zynq study's clock search, on the
post-route timing simulation instead of a board (``hashbed time``).

Per core and device: implement (or reuse the stored implementation), write the routed
netlist with its delays (scaled per cell for a virtual board), and let the host
controller binary-search the core clock to 0.1 MHz through the Clocking Wizard model,
sending a set of messages of several sizes at each step and comparing every digest
with the model. One job per (core, implementation, data mode, board) in the store.

What is sent comes from the core's workload (hashbed.studies.zynq.workloads): an LWC core
(pdi, sdi, do) gets a set of operations: a key load, encryptions, decryptions (one with a
wrong tag) and hashes of the same sizes, every do word and status compared with the Ascon
models; its measured throughput is that of an encryption of ``MEASURED_BLOCKS`` blocks with
a new key.
"""

from __future__ import annotations

import fcntl
import functools
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hashbed.catalogue.code_version import CodeVersion
from hashbed.catalogue.cores import Core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.throughput import throughput_mbps
from hashbed.errors import HashbedError
from hashbed.flow.impl.critical_path import critical_path
from hashbed.flow.impl.implement import DEFAULT_TIMEOUT_S, ImplSettings, implement, run_dir_for
from hashbed.flow.sim.icarus import CORE_TESTBENCH, compile_simulation, icarus_version
from hashbed.flow.timing.engine import ENGINE_CODE, TimingEngine, compiler_version, write_engine_design
from hashbed.flow.timing.netlist import Scale
from hashbed.flow.timing.simulate import CELL_MODELS, cell_models, write_timed_netlist
from hashbed.flow.timing.variation import VariationModel, placement
from hashbed.jobs.graph import Node
from hashbed.jobs.runner import Jobs
from hashbed.jobs.work import Sources, localize, writable_build_dir
from hashbed.results import JobRecord
from hashbed.studies.zynq.workloads import MEASURED_BLOCKS, workload
from hashbed.testbed.controller import (
    STEP_MHZ,
    Controller,
    SearchResult,
    Transfer,
    search_max_frequency,
)
from hashbed.testbed.timed_board import PostRouteBoard

DATA_MODES = ("worst", "random")
#: The simulators of the timed netlist: hashbed's fast timing engine, and Icarus Verilog, the reference.
ENGINES = ("fast", "icarus")
#: Search range, as multiples of the static-timing Fmax.
LOW_FACTOR, HIGH_FACTOR = 0.5, 2.5
#: Inputs change this long after the latest clock arrival at a flip-flop (the cells' hold times are 0).
HOLD_MARGIN_PS = 10


@dataclass(frozen=True)
class TimingSettings:
    device: str
    seed: int = 1
    data: str = "worst"
    #: 0: the design's own delays; 1, 2, ...: a virtual board of the variation model.
    board: int = 0
    variation: VariationModel = field(default_factory=VariationModel)
    #: The simulator (``ENGINES``).
    engine: str = "fast"
    #: Seconds per tool run of a place and route done again (a worker that cannot see the stored
    #: one); not in the job's key: it decides whether a result comes, not which.
    timeout: int = DEFAULT_TIMEOUT_S

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise HashbedError(f"engine must be one of {', '.join(ENGINES)}, got {self.engine!r}")
        if self.data not in DATA_MODES:
            raise HashbedError(f"data mode must be one of {', '.join(DATA_MODES)}, got {self.data!r}")
        if self.board < 0:
            raise HashbedError(f"board must be 0 (nominal delays) or a virtual board 1, 2, ..., got {self.board}")


#: The code that decides a timing result besides the core, its implementation and the tools: the
#: search and the boards it runs on, the interfaces (the words sent, how answers are compared, the
#: cycles a hung core is given), the timed netlist and its delays, the testbenches, the cell
#: models (hashbed.catalogue.code_version; the fast engine has its own, ENGINE_CODE).
TIMING_CODE = CodeVersion(
    "timing",
    1,
    modules=(
        "hashbed.studies.zynq.timing",
        "hashbed.testbed.timed_board",
        "hashbed.testbed.controller",
        "hashbed.testbed.clock_wizard",
        "hashbed.testbed.board",
        "hashbed.studies.zynq.workloads",
        "hashbed.catalogue.interfaces.base",
        "hashbed.catalogue.interfaces.hash",
        "hashbed.catalogue.interfaces.hash_words",
        "hashbed.catalogue.interfaces.lwc",
        "hashbed.catalogue.interfaces.lwc_words",
        "hashbed.flow.timing.netlist",
        "hashbed.flow.timing.sdf",
        "hashbed.flow.timing.simulate",
        "hashbed.flow.timing.variation",
    ),
    files=(CORE_TESTBENCH, *CELL_MODELS.values()),
    changes={
        1: "the first numbered version; the keys before it hashed the text of six of these modules, the "
        "testbench and the cell models of the family",
    },
)


def timing_constants() -> dict[str, Any]:
    """The constants of the search, in every timing job's key: changing one changes the keys."""
    return {
        "low_factor": LOW_FACTOR,
        "high_factor": HIGH_FACTOR,
        "step_mhz": STEP_MHZ,
        "hold_margin_ps": HOLD_MARGIN_PS,
        "measured_blocks": MEASURED_BLOCKS,
    }


def _simulator_inputs(engine: str) -> dict[str, Any]:
    """What identifies the simulator of a timing job: Icarus's version, or the fast engine's code version and compiler."""
    if engine == "icarus":
        return {"icarus": icarus_version()}
    return {"timing_engine": {"name": engine, **ENGINE_CODE.key(), "compiler": compiler_version()}}


def _search(
    core: Core, simulation: Path | TimingEngine, input_delay_ps: int, sta_mhz: float, settings: TimingSettings
) -> tuple[SearchResult, Transfer, int]:
    """The clock search on the post-route board, then the measured message (an LWC core: the
    measured encryption) at the limit found; and how many messages (operations) each step sent."""
    low, high = round(LOW_FACTOR * sta_mhz, 1), round(HIGH_FACTOR * sta_mhz, 1)
    with PostRouteBoard(core, simulation, input_delay_ps) as board:
        controller = Controller(board, core)
        controller.configure_output()
        work = workload(core)
        cases = work.check_cases(controller, settings.data, settings.seed)
        result = search_max_frequency(lambda mhz: controller.all_correct_at(mhz, cases), low, high)
        controller.set_core_clock(result.max_mhz)
        return result, work.measured(controller, settings.seed), len(cases)


def routed_again(core: Core, settings: ImplSettings, build_dir: Path) -> tuple[Path, str | None]:
    """The run directory of ``core`` placed and routed again in ``build_dir``/again, and the
    error of a failed run: once for all the timing jobs of this machine that need it (the
    others wait for the first and take its result; the flow is deterministic)."""
    again_dir = writable_build_dir(build_dir) / "again"
    run_dir = run_dir_for(core, settings, again_dir)
    run_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(run_dir.parent / f"{run_dir.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (run_dir / "routed.sdf").is_file():
            return run_dir, None
        again = implement(core, settings, again_dir)
    return Path(again.run_dir), None if again.ok else again.error


def time_work(
    sources: Sources, settings: TimingSettings, implemented: dict[str, Any], build_dir: Path
) -> tuple[dict[str, Any], str | None]:
    """A worker's clock search on the routed core with its delays. A worker that cannot see the run
    directory (another machine, or its files are gone) places and routes the core again first
    (``routed_again``)."""
    core = localize(sources)
    device = get_device(settings.device)
    models = cell_models(device.family)
    run_dir = Path(implemented["run_dir"])
    if not (run_dir / "routed.sdf").is_file():
        run_dir, error = routed_again(core, ImplSettings(device, seed=settings.seed, timeout_s=settings.timeout), build_dir)
        if error:
            return {}, f"placing and routing again for the timing simulation failed: {error}"
    path = critical_path(run_dir / "report.json")  # read before the search: a missing report fails it at once
    started = time.monotonic()
    scale: Scale | None = None
    if settings.board:
        scale = settings.variation.board(settings.board, placement(run_dir / "routed.json"))
    name = f"timed-board{settings.board}"
    simulation: Path | TimingEngine
    if settings.engine == "fast":  # one engine process, the design loaded once, for the whole search
        design = write_engine_design(run_dir, scale, f"{name}.engine")
        simulation, clock_arrival_ps = TimingEngine(design.path), design.clock_arrival_ps
    else:
        timed = write_timed_netlist(run_dir, device.family, scale, f"{name}.v")
        simulation = compile_simulation(
            run_dir / f"{name}.vvp", [CORE_TESTBENCH, run_dir / f"{name}.v", models], "tb", core.io.testbench_parameters()
        )
        clock_arrival_ps = timed.clock_arrival_ps
    sta_mhz = float(implemented["fmax_mhz"])
    try:
        result, measured, sent = _search(core, simulation, clock_arrival_ps + HOLD_MARGIN_PS, sta_mhz, settings)
    finally:
        if isinstance(simulation, TimingEngine):
            simulation.close()
    if not measured.correct:
        return {}, f"the {measured.blocks}-block message came out wrong at {result.max_mhz} MHz, where the search passed"
    block_bits = workload(core).block_bits(core)
    return {
        "sta_fmax_mhz": sta_mhz,
        "exp_fmax_mhz": result.max_mhz,
        "ratio": round(result.max_mhz / sta_mhz, 3),
        "limit_above_range": result.limit_above_range,
        "trials": result.trials,
        "messages": sent,
        "clock_arrival_ps": clock_arrival_ps,
        "critical_path": path.as_dict() if path else None,
        "engine": settings.engine,
        "throughput_formula_mbps": round(throughput_mbps(block_bits, core.cycles.lp, result.max_mhz), 2),
        "throughput_measured_mbps": round(8 * measured.message_bytes / measured.hardware_s / 1e6, 2),
        "measured_blocks": measured.blocks,
        "seconds": round(time.monotonic() - started, 1),
    }, None


def time_node(jobs: Jobs, core: Core, settings: TimingSettings) -> Node:
    """The timing job of ``core`` on ``settings``, which needs its implementation."""
    device = get_device(settings.device)
    cell_models(device.family)  # before implementing: a family without models fails at once
    workload(core).check_core(core)  # and a core the study cannot time
    implemented = jobs.implement_node(core, ImplSettings(device, seed=settings.seed))
    inputs: dict[str, Any] = {
        "core": core.name,
        "core_fingerprint": core.fingerprint(),
        "cycles": core.cycles.counts(),
        "device": device.name,
        "seed": settings.seed,
        "implement_job": implemented.key,
        "data": settings.data,
        "board": settings.board,
        "variation": settings.variation.as_dict() if settings.board else None,
        "sizes": workload(core).check_sizes_bytes(core),
        "code": TIMING_CODE.key(),
        "search": timing_constants(),
        "tools": {**_simulator_inputs(settings.engine), **implemented.inputs["tools"]},
    }
    sources, build_dir = Sources.of(core), jobs.build_dir
    board = "nominal delays" if settings.board == 0 else f"virtual board {settings.board}"
    return Node(
        "time",
        inputs,
        work=lambda records: functools.partial(time_work, sources, settings, records[0].outputs, build_dir),
        needs=(implemented,),
        label=f"{core.name} time {device.name} {settings.data} {board}",
    )


def time_core(jobs: Jobs, core: Core, settings: TimingSettings) -> JobRecord:
    """The stored timing job of ``core`` on ``settings`` (run here now if needed); a failed
    implementation is returned as it is."""
    return jobs.run(time_node(jobs, core, settings))
