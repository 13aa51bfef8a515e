"""The benchmark steps as store-backed jobs: verify, measure, implement, metrics, energy, bench.

Every step is a job (hashbed.jobs.graph.Node) whose inputs identify it in the results store. A
job that finished with the same inputs is reused instead of run again (unless ``force``); failed
jobs are recorded with their reason and run again next time. One job runs here at once
(``Jobs.run``); a bench is a graph of jobs, run on an executor (hashbed.jobs.executors).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import TARGET_DEVICE, TARGET_SEED, Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.throughput import throughput_mbps, throughput_per_area
from hashbed.errors import HashbedError
from hashbed.flow.energy.estimate import ENERGY_STEP, energy_inputs, estimate
from hashbed.flow.folders import check_writable
from hashbed.flow.impl.implement import ImplSettings, implement, synthesize
from hashbed.flow.sim.build import simulator_fingerprint
from hashbed.flow.sim.lwc_bench import LONG_BLOCKS, SIZES, benchmark_lwc
from hashbed.flow.sim.measure import DEFAULT_MAX_BLOCKS, measure
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, Stalls
from hashbed.flow.sim.verify import VERIFY_STALLS, default_vectors, verify
from hashbed.flow.tools import verilator_version
from hashbed.jobs.executors import Executor
from hashbed.jobs.graph import Estimates, Event, Node, constant, run_graph
from hashbed.jobs.work import Sources, localize, writable_build_dir
from hashbed.results import JobRecord, ResultStore
from hashbed.results.schema import MetricsOutputs

Outputs = tuple[dict[str, Any], str | None]
#: The step of the LWC benchmarks (docs/lwc.md).
LWC_BENCH_STEP = "lwc_bench"


# --- the work of each step, as a worker runs it -----------------------------------------------------


def verify_work(
    sources: Sources, kat_files: list[Path] | None, stalls: Stalls, segment_bits: int | None, idle_limit: int
) -> Outputs:
    report = verify(localize(sources), kat_files, stalls, segment_bits, idle_limit)
    return report.as_dict(), report.mismatch.error if report.mismatch else None


def measure_work(sources: Sources, max_blocks: int) -> Outputs:
    result = measure(localize(sources), max_blocks)
    return result.as_dict(), result.error


def lwc_bench_work(sources: Sources) -> Outputs:
    return benchmark_lwc(localize(sources)).as_dict(), None


def implement_work(sources: Sources, settings: ImplSettings, build_dir: Path) -> Outputs:
    result = implement(localize(sources), settings, writable_build_dir(build_dir))
    return result.as_dict(), result.error


def energy_work(sources: Sources, implemented: dict[str, Any], build_dir: Path) -> Outputs:
    """The energy estimate from the implementation's netlist; a worker that cannot see the run
    directory (another machine) synthesizes the core again (the same netlist: synthesis is
    deterministic) in its own."""
    core = localize(sources)
    run_dir = Path(implemented["run_dir"])
    if not (run_dir / "synth.json").is_file():
        settings = ImplSettings(get_device(implemented["device"]), implemented["seed"], implemented["freq_mhz"])
        run_dir = writable_build_dir(build_dir) / "energy" / f"{core.name}-{implemented['device']}"
        run_dir.mkdir(parents=True, exist_ok=True)
        synthesize(core, settings, writable_build_dir(build_dir), run_dir)
        implemented = {**implemented, "run_dir": str(run_dir)}
    return estimate(core, implemented), None


# --- the jobs ----------------------------------------------------------------------------------------


@dataclass
class Jobs:
    store: ResultStore
    build_dir: Path
    force: bool = False

    def __post_init__(self) -> None:
        """A ``build_dir`` this process cannot write is an error before any job (a worker
        elsewhere that cannot write it uses its own: writable_build_dir)."""
        check_writable(self.build_dir, "--build-dir", "the run directories")

    def run(self, node: Node) -> JobRecord:
        """The job's stored result, or its work run here and stored now (with every job it needs)."""
        return run_graph(self.store, [node], None, self.force)[node.key]

    def run_job(self, step: str, inputs: dict[str, Any], work: Callable[[], Outputs]) -> JobRecord:
        """The stored result of ``step`` on ``inputs``, or ``work()``'s (outputs, error) stored now.
        The store must be writable before the work starts: a result is never made to be lost."""
        return self.run(Node(step, inputs, work=constant(work)))

    def run_all(
        self,
        goals: Sequence[Node],
        executor: Executor | None,
        on_event: Callable[[Event], None] = lambda event: None,
        estimates: Estimates | None = None,
        on_idle: Callable[[list[Node]], None] = lambda running: None,
        idle_s: float = 600.0,
        more: Callable[[Event], Sequence[Node]] = lambda event: (),
        on_tick: Callable[[list[tuple[Node, float]]], None] = lambda running: None,
    ) -> dict[str, JobRecord]:
        """The goals and every job they need, on ``executor`` (here when None); see run_graph."""
        return run_graph(self.store, goals, executor, self.force, on_event, estimates, on_idle, idle_s, more, on_tick)

    def verify_node(
        self,
        core: Core,
        kat_files: list[Path] | None = None,
        stalls: Stalls = VERIFY_STALLS,
        segment_bits: int | None = None,
        idle_limit: int = DEFAULT_IDLE_LIMIT,
    ) -> Node:
        files, generated = default_vectors(core, kat_files)
        listed: list[Any] = [{"file": str(path), "sha256": _file_hash(path, core.io.vector_files(path))} for path in files]
        inputs = {
            **_simulation_inputs(core),
            "vectors": (listed + ["generated"] if generated else listed) if files else "generated",
            "src_stall": stalls.src,
            "dst_stall": stalls.dst,
            "stall_seed": stalls.seed,
            "segment_bits": segment_bits,
            "idle_limit": idle_limit,
        }
        work = functools.partial(verify_work, Sources.of(core), kat_files, stalls, segment_bits, idle_limit)
        return Node("verify", inputs, work=constant(work), label=f"{core.name} verify")

    def verify(
        self,
        core: Core,
        kat_files: list[Path] | None = None,
        stalls: Stalls = VERIFY_STALLS,
        segment_bits: int | None = None,
        idle_limit: int = DEFAULT_IDLE_LIMIT,
    ) -> JobRecord:
        return self.run(self.verify_node(core, kat_files, stalls, segment_bits, idle_limit))

    def measure_node(self, core: Core, max_blocks: int = DEFAULT_MAX_BLOCKS, needs: tuple[Node, ...] = ()) -> Node:
        inputs = {
            **_simulation_inputs(core),
            "max_blocks": max_blocks,
            "cycles": core.cycles.counts(),  # whether the measured formula passes
        }
        inputs.update(core.io.measure_inputs())  # {} for a hash core: its jobs keep their keys
        work = functools.partial(measure_work, Sources.of(core), max_blocks)
        return Node("measure", inputs, work=constant(work), needs=needs, label=f"{core.name} measure")

    def measure(self, core: Core, max_blocks: int = DEFAULT_MAX_BLOCKS) -> JobRecord:
        return self.run(self.measure_node(core, max_blocks))

    def lwc_bench_node(self, core: Core, needs: tuple[Node, ...] = ()) -> Node:
        """The LWC benchmarks of an LWC core (hashbed.flow.sim.lwc_bench): cycles per case in its RTL."""
        if not core.io.benchmarked:
            raise HashbedError(f"core {core.name} has the {core.interface} interface: the LWC benchmarks are for LWC cores")
        inputs = {
            **_simulation_inputs(core),
            "sizes": list(SIZES),
            "long_blocks": LONG_BLOCKS,
            "max_decrypt_bytes": core.lwc_interface.max_decrypt_bytes,
        }
        work = functools.partial(lwc_bench_work, Sources.of(core))
        return Node(LWC_BENCH_STEP, inputs, work=constant(work), needs=needs, label=f"{core.name} lwc_bench")

    def lwc_bench(self, core: Core) -> JobRecord:
        return self.run(self.lwc_bench_node(core))

    def implement_node(self, core: Core, settings: ImplSettings, needs: tuple[Node, ...] = ()) -> Node:
        """Place and route ``core``; "does not fit" is a failed job that is final, so it is
        reused like a finished one instead of being run again."""
        work = functools.partial(implement_work, Sources.of(core), settings, self.build_dir)
        return Node(
            "implement",
            settings.inputs(core),
            work=constant(work),
            needs=needs,
            reuse_final=True,
            label=f"{core.name} implement {settings.device.name}",
        )

    def implement(self, core: Core, settings: ImplSettings) -> JobRecord:
        return self.run(self.implement_node(core, settings))

    def metrics_node(self, core: Core, measured: Node, implemented: Node) -> Node:
        inputs = {
            "core": core.name,
            "device": implemented.inputs["device"],
            "seed": implemented.inputs["seed"],
            "measure_job": measured.key,
            "implement_job": implemented.key,
            **row_inputs(core),
        }

        def compute(records: list[JobRecord]) -> Outputs:
            return metrics_row(core, records[0].outputs, records[1].outputs), None

        return Node("metrics", inputs, compute=compute, needs=(measured, implemented), label=f"{core.name} metrics")

    def metrics(self, core: Core, measured: JobRecord, implemented: JobRecord) -> JobRecord:
        inputs = {
            "core": core.name,
            "device": implemented.inputs["device"],
            "seed": implemented.inputs["seed"],
            "measure_job": measured.key,
            "implement_job": implemented.key,
            **row_inputs(core),
        }
        return self.run(
            Node("metrics", inputs, compute=lambda records: (metrics_row(core, measured.outputs, implemented.outputs), None))
        )

    def energy_node(self, core: Core, implemented: Node) -> Node:
        """The energy estimate of an implemented core (hashbed.flow.energy)."""
        inputs = energy_inputs(core, implemented.key, implemented.inputs["device"], implemented.inputs["seed"])
        sources, build_dir = Sources.of(core), self.build_dir
        return Node(
            ENERGY_STEP,
            inputs,
            work=lambda records: functools.partial(energy_work, sources, records[0].outputs, build_dir),
            needs=(implemented,),
            label=f"{core.name} energy {implemented.inputs['device']}",
        )

    def energy(self, core: Core, implemented: JobRecord) -> JobRecord:
        out = implemented.outputs
        inputs = energy_inputs(core, implemented.key, out["device"], out["seed"])
        work = functools.partial(energy_work, Sources.of(core), out, self.build_dir)
        return self.run(Node(ENERGY_STEP, inputs, work=constant(work)))

    def bench_nodes(
        self, cores: list[Core], settings: ImplSettings, per_core: Mapping[str, ImplSettings] | None = None
    ) -> list[tuple[Core, list[Node]]]:
        """Per core, its goals: verify, measure, implement, metrics (and the energy estimate of a
        lightweight core on ECP5; the LWC benchmarks of an LWC core, after its verification), each
        needing the one before. A core named in ``per_core`` is
        implemented with its settings there, the others with ``settings``."""
        plans = []
        for core in cores:
            if not core.has_model:
                core.algorithm  # noqa: B018 (refuses the core, saying how to give it a model)
            chosen = (per_core or {}).get(core.name, settings)
            verified = self.verify_node(core)
            measured = self.measure_node(core, needs=(verified,))
            implemented = self.implement_node(core, chosen, needs=(measured,))
            goals = [self.metrics_node(core, measured, implemented)]
            # the lightweight study's energy per bit (of hashing: the estimate drives the hash interface)
            if core.budget is not None and core.io.energy_estimated and chosen.device.family == "ecp5":
                goals.append(self.energy_node(core, implemented))
            if core.io.benchmarked:
                goals.append(self.lwc_bench_node(core, needs=(verified,)))
            plans.append((core, goals))
        return plans

    def bench(
        self,
        cores: list[Core],
        settings: ImplSettings,
        executor: Executor | None = None,
        on_event: Callable[[Event], None] = lambda event: None,
        estimates: Estimates | None = None,
        per_core: Mapping[str, ImplSettings] | None = None,
    ) -> list[JobRecord]:
        """Verify, measure, implement and compute metrics for each core, the cores at once on
        ``executor`` (one after the other here when None); ``per_core`` as for bench_nodes.

        A core that fails a step is recorded and skipped; the others go on. Returns per core its
        metrics job if it got through (or its energy job, if that failed), else the failed job.
        """
        plans = self.bench_nodes(cores, settings, per_core)
        return bench_records(plans, self.run_all([goal for _, goals in plans for goal in goals], executor, on_event, estimates))


def bench_records(plans: list[tuple[Core, list[Node]]], records: dict[str, JobRecord]) -> list[JobRecord]:
    """Per core of a bench, its metrics job if it got through (or its energy job, if that failed),
    else the job that failed."""
    results = []
    for _, goals in plans:
        done = [records[goal.key] for goal in goals]
        results.append(next((record for record in done[1:] if not record.ok and done[0].ok), done[0]))
    return results


def metrics_row(core: Core, measured: dict[str, Any], implemented: dict[str, Any]) -> dict[str, Any]:
    """One row of the results table (hashbed.results.schema.MetricsOutputs): area, timing, cycles
    and the derived metrics."""
    formula = CycleFormula(measured["st"], measured["lp"], measured["end"])
    throughput = throughput_mbps(measured["block_bits"], formula.lp, implemented["fmax_mhz"])
    tpa = throughput_per_area(throughput, implemented["luts"])
    target = core.target_kbps_per_lut4
    on_target_flow = implemented["device"] == TARGET_DEVICE and implemented["seed"] == TARGET_SEED
    row = MetricsOutputs(
        core=core.name,
        **row_inputs(core),
        device=implemented["device"],
        seed=implemented["seed"],
        luts=implemented["luts"],
        ffs=implemented["ffs"],
        brams=implemented["brams"],
        dsps=implemented["dsps"],
        fmax_mhz=implemented["fmax_mhz"],
        block_bits=measured["block_bits"],
        st=formula.st,
        lp=formula.lp,
        end=formula.end,
        throughput_mbps=round(throughput, 2),
        tpa_mbps_per_lut=round(tpa, 4),
        target_ratio=round(1000 * tpa / target, 3) if target and on_target_flow else None,
        tools=implemented["tools"],
        area_unit=implemented.get("area_unit", "LUT4"),
        timing_note=implemented.get("timing_note"),
    )
    # the area unit and timing note only where they say something: a LUT4 row with complete
    # timing has the outputs it always had
    return row.model_dump(exclude={name for name in ("area_unit", "timing_note") if name not in implemented})


def row_inputs(core: Core) -> dict[str, Any]:
    """What a metrics row takes from the core's manifest (ROW_FIELDS of hashbed.results.migrate),
    part of its job's inputs."""
    target = core.target_kbps_per_lut4
    return {
        "algorithm": core.algorithm_name,
        "version": core.version,
        "architecture": core.architecture,
        "bus_width": core.bus_width,
        "target_mbps_per_lut": target / 1000 if target is not None else None,
    }


def _simulation_inputs(core: Core) -> dict[str, Any]:
    """What identifies a simulation job's hardware: the core and the simulator build."""
    return {
        "core": core.name,
        "core_fingerprint": core.fingerprint(),
        "simulator": simulator_fingerprint(core),
        "tools": {"verilator": verilator_version()},
        **core.io.simulation_inputs(),  # the options of its word streams, only where a core has them
    }


def _file_hash(path: Path, files: tuple[Path, ...]) -> str:
    """The SHA-256 of a vector file, or of a folder's ``files`` (the ones its core's interface reads there), each named."""
    try:
        return fingerprint(files=files, named=path.is_dir(), closed=False, digits=None)
    except OSError as exc:
        raise HashbedError(f"cannot read KAT file {path}: {exc.strerror}") from None
