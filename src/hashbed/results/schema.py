"""What a stored job may hold: the job's columns and, per step, the fields of its outputs.

Validation is of the JSON text (a tuple is a JSON array, a float may be written as an
integer). A job read from elsewhere (``hashbed results --import`` of a ``.jsonl`` export or of another
store) is checked against these models before it is stored, and the store's jobs are checked
again when they are exported. The models are strict: a field of the wrong type (a number
written as a string, an integer count given as 3.5), a value out of range (a negative LUT
count, an Fmax of 0) or a field a step does not write is refused; ``check_job`` then checks
what ties the fields together (the columns against the inputs, a finished job's outputs
against its status, the derived numbers against the ones they derive from).
"""

from __future__ import annotations

import json
import math
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.throughput import throughput_mbps, throughput_per_area

Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(gt=0)]
Mhz = Annotated[float, Field(gt=0, allow_inf_nan=False)]
Seconds = Annotated[float, Field(ge=0, allow_inf_nan=False)]
Probability = Annotated[float, Field(ge=0, lt=1)]
Number = Annotated[float, Field(allow_inf_nan=False)]
Tools = dict[str, str]
AreaUnit = Literal["LUT4", "CPE"]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class Mismatch(_Strict):
    source: str
    line: Count
    len: Count
    expected: str
    actual: str


class VerifyOutputs(_Strict):
    core: str
    sources: list[str]
    ok: bool
    messages: Count
    passed: Count
    skipped: Count
    cycles: Count
    seconds: Seconds
    cycles_per_second: Count
    src_stall: Probability
    dst_stall: Probability
    seed: int
    mismatch: Mismatch | None


class OperationCycles(_Strict):
    """One operation's measured formula of an LWC core (encrypt, decrypt, hash, ...)."""

    st: int
    lp: Positive
    end: Count
    block_bits: Positive
    formula: str
    expected: str
    matches: bool
    cycles_by_blocks: dict[str, Positive]


class MeasureOutputs(_Strict):
    core: str
    st: int
    lp: Positive
    end: Count
    block_bits: Positive
    formula: str
    expected: str
    expected_st: int
    expected_lp: Positive
    expected_end: Count
    matches: bool
    cycles_by_blocks: dict[str, Positive]
    #: An LWC core's every operation, the first in the fields above (hash cores: none).
    operations: dict[str, OperationCycles] | None = None


class LwcBenchCase(_Strict):
    """One case of an LWC benchmark: its cycles, or None when its plaintext is over the core's buffer."""

    operation: Literal["encrypt", "decrypt", "hash"]
    inputs: Literal["ad", "pt", "both", "msg"]
    new_key: bool
    ad_bytes: Count
    msg_bytes: Count
    cycles: Positive | None


class LwcBenchOutputs(_Strict):
    """The LWC benchmarks of an LWC core (hashbed.flow.sim.lwc_bench, docs/lwc.md)."""

    core: str
    sizes: list[Positive]
    long_blocks: Positive
    block_bytes: dict[str, Positive]
    max_decrypt_bytes: Positive | None
    cases: list[LwcBenchCase]
    seconds: Seconds


class ImplementOutputs(_Strict):
    device: str
    seed: int
    freq_mhz: Mhz
    ok: bool
    error: str | None
    luts: Count | None
    ffs: Count | None
    brams: Count | None
    dsps: Count | None
    fmax_mhz: Mhz | None
    fits: bool | None
    tools: Tools
    utilization: dict[str, Count]
    run_dir: str
    #: Only where they say something (GateMate counts CPEs; a family's timing leaves paths out).
    area_unit: AreaUnit = "LUT4"
    timing_note: str | None = None


class MetricsOutputs(_Strict):
    core: str
    algorithm: str
    version: str
    architecture: str
    bus_width: Positive
    device: str
    seed: int
    luts: Positive
    ffs: Count
    brams: Count
    dsps: Count
    fmax_mhz: Mhz
    block_bits: Positive
    st: int
    lp: Positive
    end: Count
    throughput_mbps: Mhz
    tpa_mbps_per_lut: Annotated[float, Field(ge=0, allow_inf_nan=False)]
    target_mbps_per_lut: Mhz | None
    target_ratio: Annotated[float, Field(ge=0, allow_inf_nan=False)] | None
    tools: Tools
    #: As its implementation's (ImplementOutputs): only where they say something.
    area_unit: AreaUnit = "LUT4"
    timing_note: str | None = None


class EnergyOutputs(_Strict):
    device: str
    fmax_mhz: Mhz
    throughput_mbps: Mhz
    dynamic_pj_per_bit: Number
    static_pj_per_bit: Number | None
    energy_pj_per_bit: Number | None
    dynamic_mw_at_fmax: Number
    static_mw: Number | None
    toggles_per_cycle: Annotated[float, Field(ge=0, allow_inf_nan=False)]


class CriticalPathOutputs(_Strict):
    logic_ns: Annotated[float, Field(ge=0, allow_inf_nan=False)]
    routing_ns: Annotated[float, Field(ge=0, allow_inf_nan=False)]
    carry_steps: Count
    lut_steps: Count


class TimeOutputs(_Strict):
    sta_fmax_mhz: Mhz
    exp_fmax_mhz: Mhz
    ratio: Mhz
    limit_above_range: bool
    trials: list[tuple[Mhz, bool]]
    messages: Positive
    clock_arrival_ps: Count
    #: The simulator of the search (results from before the fast engine: Icarus).
    engine: Literal["fast", "icarus"] = "icarus"
    #: What the routed design's critical path is made of (results from before it was recorded: none).
    critical_path: CriticalPathOutputs | None = None
    throughput_formula_mbps: Mhz
    throughput_measured_mbps: Mhz
    measured_blocks: Positive
    seconds: Seconds


class TestbedOutputs(_Strict):
    size_kb: Annotated[float, Field(gt=0, allow_inf_nan=False)]
    message_bytes: Count
    blocks: Positive
    digest: str
    expected: str
    correct: bool
    timer_cycles: Count
    formula_cycles: Positive
    core_mhz: Mhz
    sys_mhz: Mhz
    software: str | None
    software_s: Seconds | None
    # the processor the software ran on (jobs stored before hashbed named it have none)
    software_cpu: str | None = None
    hardware_s: Seconds
    formula_s: Seconds
    overhead_ratio: Number
    speedup: Number | None
    # the report of the transfer: beats sent, bytes received, seconds it took; and, from the
    # simulated board's harness only (a real board cannot see them), the system clock cycles of
    # its start, end, first valid and last output beat, backpressure and the core's cycles
    sent: Count
    received: Count
    seconds: Seconds
    start: Count | None = None
    end: Count | None = None
    first_valid: Count | None = None
    last_beat: Count | None = None
    backpressure: Count | None = None
    core_cycles: Count | None = None
    # an LWC core's transfer (one AEAD operation): what it was, the answer's status word and do
    # words against the model's, and the first difference when they differ
    operation: str | None = None
    new_key: bool | None = None
    status: str | None = None
    words: Count | None = None
    expected_words: Count | None = None
    difference: str | None = None


class BoardFmaxOutputs(_Strict):
    """The 0.1 MHz search for the highest core clock with every digest right, on a real board."""

    max_mhz: Mhz
    limit_above_range: bool
    trials: list[tuple[Mhz, bool]]
    messages: Positive
    seconds: Seconds


class PipeCheckOutputs(_Strict):
    point: str
    stages: Positive
    messages: Positive
    cycles: Count
    latency: Count
    intervals: list[Positive]
    occupancy: Annotated[float, Field(ge=0, le=1)]
    seconds: Seconds


class PipeMetricsOutputs(_Strict):
    core: str
    design: str
    algorithm: str
    architecture: str
    stages: Positive
    device: str
    seed: int
    interval: Positive
    latency: Count
    fits: bool
    error: str | None
    luts: Positive | None = None
    ffs: Count | None = None
    fmax_mhz: Mhz | None = None
    lut_percent: Annotated[float, Field(ge=0)] | None = None
    ff_percent: Annotated[float, Field(ge=0)] | None = None
    throughput_mbps: Mhz | None = None
    tpa_mbps_per_lut: Annotated[float, Field(ge=0)] | None = None
    tools: Tools | None = None


#: The fields of a results row (a metrics job's outputs), in table order: the one definition of the
#: row, from which the CSV export and the store's SQL view are made.
ROW_FIELDS = tuple(MetricsOutputs.model_fields)
#: The row's fields that the ``results`` SQL view of the store shows as columns.
VIEW_COLUMNS = tuple(name for name in ROW_FIELDS if name not in ("core", "device", "seed", "tools"))

#: The outputs of each step; a step not named here cannot be imported.
OUTPUTS: dict[str, type[_Strict]] = {
    "verify": VerifyOutputs,
    "measure": MeasureOutputs,
    "implement": ImplementOutputs,
    "metrics": MetricsOutputs,
    "energy": EnergyOutputs,
    "time": TimeOutputs,
    "testbed": TestbedOutputs,
    "board_fmax": BoardFmaxOutputs,
    "pipe_check": PipeCheckOutputs,
    "pipe_metrics": PipeMetricsOutputs,
    "lwc_bench": LwcBenchOutputs,
}
#: Input fields that name another job (by its key) whose outputs a job's outputs are made from.
REFERENCES = ("measure_job", "implement_job", "check_job")


class JobLine(_Strict):
    key: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    step: Literal[
        "verify",
        "measure",
        "implement",
        "metrics",
        "energy",
        "time",
        "testbed",
        "board_fmax",
        "pipe_check",
        "pipe_metrics",
        "lwc_bench",
    ]
    core: Annotated[str, Field(min_length=1)]
    device: str | None
    seed: int | None
    status: Literal["ok", "failed"]
    error: str | None
    inputs: dict[str, Any]
    outputs: dict[str, Any]
    hashbed_version: Annotated[str, Field(min_length=1)]
    finished_at: str


def _first_error(exc: ValidationError, prefix: str = "") -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    return f"{prefix}{where}: {error['msg']} (got {error.get('input')!r})" if where else f"{prefix}{error['msg']}"


def _near(a: float, b: float, digits: int) -> bool:
    """Whether ``a`` is ``b`` rounded to ``digits`` decimals (what the step stored)."""
    return math.isclose(a, round(b, digits), abs_tol=0.6 * 10**-digits)


def check_job(job: dict[str, Any]) -> None:
    """Check one job (its columns as a dict) on its own; a ValueError says what is wrong."""
    try:
        line = JobLine.model_validate_json(json.dumps(job))
    except ValidationError as exc:
        raise ValueError(_first_error(exc)) from None
    inputs, out = line.inputs, line.outputs
    for column in ("core", "device", "seed"):
        if job[column] != inputs.get(column):
            raise ValueError(f"its {column} column is {job[column]!r} but its inputs say {inputs.get(column)!r}")
    if (line.status == "ok") != (line.error is None):
        raise ValueError(f"status {line.status!r} with error {line.error!r}: a finished job has no error, a failed one has one")
    try:
        datetime.fromisoformat(line.finished_at)
    except ValueError:
        raise ValueError(f"finished_at {line.finished_at!r} is not an ISO 8601 time") from None
    if line.status == "failed" and not out:
        return  # a failure before the step produced anything
    try:
        OUTPUTS[line.step].model_validate_json(json.dumps(out))
    except ValidationError as exc:
        raise ValueError(_first_error(exc, "outputs.")) from None
    _check_outputs(line.step, line.status == "ok", inputs, out)


def _check_outputs(step: str, ok: bool, inputs: dict[str, Any], out: dict[str, Any]) -> None:
    """What a step's outputs must say of its inputs, and of each other."""
    for field in ("core", "device", "seed"):
        if field in out and field in inputs and out[field] != inputs[field]:
            raise ValueError(f"outputs.{field} is {out[field]!r} but its inputs say {inputs[field]!r}")
    if step == "implement":
        done = ok and out["ok"] and out["fits"] is True and out["error"] is None
        if ok != done or (ok and None in (out["luts"], out["ffs"], out["brams"], out["dsps"], out["fmax_mhz"])):
            raise ValueError("a finished implementation has fits true, no error and every count and its Fmax")
        if out["freq_mhz"] != inputs["freq_mhz"]:
            raise ValueError(f"outputs.freq_mhz {out['freq_mhz']} is not the requested {inputs['freq_mhz']}")
    elif step == "measure":
        if ok != out["matches"] or out["formula"] != str(CycleFormula(out["st"], out["lp"], out["end"])):
            raise ValueError("a measured formula matches its manifest's exactly when the job finished")
        if "cycles" in inputs and (out["expected_st"], out["expected_lp"], out["expected_end"]) != _counts(inputs):
            raise ValueError(f"outputs.expected {out['expected']!r} is not the formula in its inputs {inputs['cycles']}")
    elif step == "verify":
        if ok != (out["ok"] and out["mismatch"] is None and out["passed"] == out["messages"] - out["skipped"]):
            raise ValueError("a verify job finished exactly when every digest not skipped matched")
    elif step == "metrics":
        throughput = throughput_mbps(out["block_bits"], out["lp"], out["fmax_mhz"])
        if not _near(out["throughput_mbps"], throughput, 2) or not _near(
            out["tpa_mbps_per_lut"], throughput_per_area(throughput, out["luts"]), 4
        ):
            raise ValueError("outputs.throughput_mbps or tpa_mbps_per_lut is not what its block size, l+p, Fmax and LUTs give")
        for field in ("algorithm", "version", "architecture", "bus_width", "target_mbps_per_lut"):
            if field in inputs and out[field] != inputs[field]:
                raise ValueError(f"outputs.{field} is {out[field]!r} but its inputs say {inputs[field]!r}")
    elif step == "time":
        if not _near(out["ratio"], out["exp_fmax_mhz"] / out["sta_fmax_mhz"], 3):
            raise ValueError("outputs.ratio is not exp_fmax_mhz / sta_fmax_mhz")
    elif step == "testbed":
        if ok != out["correct"]:
            raise ValueError("a testbed job finished exactly when its digest was correct")
        if "cycles" in inputs and out["formula_cycles"] != CycleFormula(*_counts(inputs)).cycles(out["blocks"]):
            raise ValueError(f"outputs.formula_cycles is not what the formula in its inputs gives for {out['blocks']} blocks")
    elif step == "pipe_check":
        if ok and "interval" in inputs and out["intervals"] != [inputs["interval"]]:
            raise ValueError(f"outputs.intervals {out['intervals']} is not the promised interval {inputs['interval']}")
    elif step == "lwc_bench":
        for case in out["cases"]:
            limit = out["max_decrypt_bytes"]
            over = case["operation"] == "decrypt" and limit is not None and case["msg_bytes"] > limit
            if (case["cycles"] is None) != over:
                raise ValueError("an LWC benchmark case has no cycles exactly when its plaintext is over the core's buffer")
    elif step == "pipe_metrics" and out["fits"] and None in (out["luts"], out["fmax_mhz"], out["throughput_mbps"]):
        raise ValueError("a point that fits has its LUTs, Fmax and throughput")


def _counts(inputs: dict[str, Any]) -> tuple[int, int, int]:
    cycles = inputs["cycles"]
    if not (isinstance(cycles, dict) and all(isinstance(cycles.get(k), int) for k in ("st", "lp", "end"))):
        raise ValueError(f"inputs.cycles must be {{'st': int, 'lp': int, 'end': int}}, got {cycles!r}")
    return cycles["st"], cycles["lp"], cycles["end"]


def check_references(job: dict[str, Any], referenced: dict[str, dict[str, Any]]) -> None:
    """Check that a job's outputs agree with the jobs it was made from (``referenced``: the
    outputs of each job its inputs name, by input field); a ValueError says where not."""
    out = job["outputs"]
    implemented = referenced.get("implement_job")
    if implemented is not None:
        same = {
            "metrics": ("luts", "ffs", "brams", "dsps", "fmax_mhz", "tools", "area_unit", "timing_note"),
            "energy": ("fmax_mhz",),
            "pipe_metrics": ("luts", "ffs", "fmax_mhz", "tools"),
        }.get(job["step"], ())
        if job["step"] == "time" and out["sta_fmax_mhz"] != implemented["fmax_mhz"]:
            raise ValueError(
                f"outputs.sta_fmax_mhz {out['sta_fmax_mhz']} is not its implementation's Fmax {implemented['fmax_mhz']}"
            )
        for field in same:
            if field in out and out[field] != implemented.get(field):
                raise ValueError(f"outputs.{field} {out[field]!r} is not its implementation's {implemented.get(field)!r}")
    measured = referenced.get("measure_job")
    if measured is not None:
        for field in ("st", "lp", "end", "block_bits"):
            if out[field] != measured[field]:
                raise ValueError(f"outputs.{field} {out[field]!r} is not its measured {measured[field]!r}")
    checked = referenced.get("check_job")
    if checked is not None and out["latency"] != checked["latency"]:
        raise ValueError(f"outputs.latency {out['latency']} is not its check's {checked['latency']}")
