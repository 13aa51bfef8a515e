"""The benchmark steps as store-backed jobs: verify, measure, implement, metrics, bench.

Every step is a job whose inputs identify it in the results store. A job that finished
successfully with the same inputs is reused instead of run again (unless ``force``);
failed jobs are recorded with their reason and run again next time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import TARGET_DEVICE, TARGET_SEED, Core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.flow.energy.estimate import ENERGY_STEP, energy_inputs, estimate
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.impl.implement import ImplSettings, implement
from hashbed.catalogue.throughput import throughput_mbps, throughput_per_area
from hashbed.results import JobRecord, ResultStore
from hashbed.results.schema import MetricsOutputs
from hashbed.flow.sim.build import simulator_fingerprint
from hashbed.flow.sim.measure import DEFAULT_MAX_BLOCKS, measure
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, Stalls
from hashbed.flow.sim.verify import VERIFY_STALLS, verify
from hashbed.flow.tools import verilator_version



@dataclass
class Jobs:
    store: ResultStore
    build_dir: Path
    force: bool = False

    def run_job(self, step: str, inputs: dict[str, Any], work: Callable[[], tuple[dict[str, Any], str | None]]) -> JobRecord:
        """The stored result of ``step`` on ``inputs``, or ``work()``'s (outputs, error) stored now.
        The store must be writable before the work starts: a result is never made to be lost."""
        if not self.force:
            done = self.store.get(step, inputs)
            if done is not None and done.ok:
                return dataclasses.replace(done, reused=True)
        self.store.check_writable()
        try:
            outputs, error = work()
        except CoreFailure as failure:
            outputs, error = {}, str(failure)
        return self.store.put(step, inputs, outputs, error)

    def verify(
        self,
        core: Core,
        kat_files: list[Path] | None = None,
        stalls: Stalls = VERIFY_STALLS,
        segment_bits: int | None = None,
        idle_limit: int = DEFAULT_IDLE_LIMIT,
    ) -> JobRecord:
        inputs = {
            **_simulation_inputs(core),
            "vectors": [{"file": str(path), "sha256": _file_hash(path)} for path in kat_files or []] or "generated",
            "src_stall": stalls.src,
            "dst_stall": stalls.dst,
            "stall_seed": stalls.seed,
            "segment_bits": segment_bits,
            "idle_limit": idle_limit,
        }

        def work() -> tuple[dict[str, Any], str | None]:
            report = verify(core, kat_files, stalls, segment_bits, idle_limit)
            error = None
            if report.mismatch:
                m = report.mismatch
                error = (f"digest mismatch at Len = {m.bits} ({m.source}, line {m.line}): "
                         f"expected {m.expected.hex().upper()}, core gave {m.actual.hex().upper()}")  # fmt: skip
            return report.as_dict(), error

        return self.run_job("verify", inputs, work)

    def measure(self, core: Core, max_blocks: int = DEFAULT_MAX_BLOCKS) -> JobRecord:
        inputs = {
            **_simulation_inputs(core),
            "max_blocks": max_blocks,
            "cycles": core.cycles.counts(),  # whether the measured formula passes
        }

        def work() -> tuple[dict[str, Any], str | None]:
            result = measure(core, max_blocks)
            error = None
            if not result.matches:
                error = f"measured cycle formula {result.measured} differs from the manifest's {result.expected} (st, lp, end)"
            return result.as_dict(), error

        return self.run_job("measure", inputs, work)

    def implement(self, core: Core, settings: ImplSettings) -> JobRecord:
        """Place and route ``core``; "does not fit" is a failed job that is final, so it is
        reused like a finished one instead of being run again."""
        inputs = settings.inputs(core)
        done = None if self.force else self.store.get("implement", inputs)
        if done is not None and done.final and not done.ok:
            return dataclasses.replace(done, reused=True)

        def work() -> tuple[dict[str, Any], str | None]:
            result = implement(core, settings, self.build_dir)
            return result.as_dict(), result.error

        return self.run_job("implement", inputs, work)

    def metrics(self, core: Core, measured: JobRecord, implemented: JobRecord) -> JobRecord:
        inputs = {
            "core": core.name,
            "device": implemented.inputs["device"],
            "seed": implemented.inputs["seed"],
            "measure_job": measured.key,
            "implement_job": implemented.key,
            **row_inputs(core),
        }

        def work() -> tuple[dict[str, Any], str | None]:
            return metrics_row(core, measured.outputs, implemented.outputs), None

        return self.run_job("metrics", inputs, work)

    def energy(self, core: Core, implemented: JobRecord) -> JobRecord:
        """The energy estimate of an implemented core (hashbed.flow.energy)."""
        out = implemented.outputs
        inputs = energy_inputs(core, implemented.key, out["device"], out["seed"])
        return self.run_job(ENERGY_STEP, inputs, lambda: (estimate(core, out), None))

    def bench(
        self,
        cores: list[Core],
        settings: ImplSettings,
        on_step: Callable[[Core, str], None] = lambda core, step: None,
    ) -> list[JobRecord]:
        """Verify, measure, implement and compute metrics for each core.

        A core that fails a step is recorded and skipped; the others go on. Returns the
        metrics job of each core that got through, and the failed job of each that did not.
        """
        records = []
        for core in cores:
            on_step(core, "verify")
            verified = self.verify(core)
            if not verified.ok:
                records.append(verified)
                continue
            on_step(core, "measure")
            measured = self.measure(core)
            if not measured.ok:
                records.append(measured)
                continue
            on_step(core, "implement")
            implemented = self.implement(core, settings)
            if not implemented.ok:
                records.append(implemented)
                continue
            on_step(core, "metrics")
            metrics = self.metrics(core, measured, implemented)
            records.append(metrics)
            if core.budget is not None and settings.device.family == "ecp5":
                on_step(core, "energy")  # the lightweight study's energy per bit
                energy = self.energy(core, implemented)
                if not energy.ok:
                    records[-1] = energy
        return records


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
    )
    return row.model_dump()


def row_inputs(core: Core) -> dict[str, Any]:
    """What a metrics row takes from the core's manifest (ROW_FIELDS of hashbed.results.migrate),
    part of its job's inputs."""
    target = core.target_kbps_per_lut4
    return {"algorithm": core.algorithm_name, "version": core.version, "architecture": core.architecture,
            "bus_width": core.bus_width, "target_mbps_per_lut": target / 1000 if target is not None else None}  # fmt: skip


def _simulation_inputs(core: Core) -> dict[str, Any]:
    """What identifies a simulation job's hardware: the core and the simulator build."""
    return {
        "core": core.name,
        "core_fingerprint": core.fingerprint(),
        "simulator": simulator_fingerprint(core),
        "tools": {"verilator": verilator_version()},
    }


def _file_hash(path: Path) -> str:
    try:
        return fingerprint(files=(path,), named=False, closed=False, digits=None)
    except OSError as exc:
        raise HashbedError(f"cannot read KAT file {path}: {exc.strerror}") from None
