"""Jobs of schema 1 brought to schema 2: keys that hold everything that decides a result.

Schema 1 left out of the keys some inputs that decide a result, so a stored result was reused
after they changed: the manifest's cycle formula (it decides whether a measure job passes, and
enters the energy, timing and testbed figures), the manifest's fields that a metrics row
carries (algorithm, version, architecture, bus width, throughput-per-area target), and the
interval a pipelined design promises at a depth (it decides whether its check passes). Schema 2
adds them to the inputs, so each such job gets a new key, and so does every job that names it.

A job of schema 1 is upgraded from what it stored: a measure job's formula from its outputs
(``expected``), a metrics row's fields from its outputs, a pipeline check's interval from the
intervals it measured, and the formula of an energy, timing or testbed job from the finished
measure job of the same hardware (core fingerprint), checked against the figures the job
derived from it. A job that cannot be upgraded that way is returned with the reason: a store
keeps it under its schema-1 key (a job that needs it runs again), an import refuses it.

Store schema 5 adds to a testbed job's inputs the software its speed-up is measured against
(``software``: the implementation's name, None for none), which was left out while it could only
be hashlib: a job stored before takes the name its outputs recorded, so the SHA-1 and SHA-256
jobs keep answering and those measured without software run again against hashbed's C.

Store schema 6 keys the code that runs and judges the hardware by its version number
(hashbed.catalogue.code_version) instead of the hash of its text. An energy job keyed by the
text of its testbench and cell models as they were at version 1 of the energy code takes that
version (its key said it was made with those files). Timing jobs are not upgraded: none of the
stored ones was made with the text of version 1 (their keys name older texts), so they keep their
keys and run again.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hashbed.catalogue.throughput import throughput_mbps
from hashbed.results.records import job_key

#: The fields of a metrics row that come from the core's manifest.
ROW_FIELDS = ("algorithm", "version", "architecture", "bus_width", "target_mbps_per_lut")
#: The fields of a pipeline point's metrics row that come from the design's manifest.
POINT_FIELDS = ("algorithm", "architecture", "interval")
#: The energy simulation's key before schema 6 (the hash of its testbench and cell models) at
#: version 1 of the energy code, and what the key holds in its place.
ENERGY_TEXT_V1, ENERGY_CODE_V1 = "f42259461ee33160", {"energy": 1}

Job = dict[str, Any]


@dataclass
class Upgrade:
    #: Every job of schema 2: the upgraded ones and those that needed nothing.
    jobs: list[Job] = field(default_factory=list)
    #: Jobs that could not be upgraded, each with the reason.
    left: list[tuple[Job, str]] = field(default_factory=list)
    #: Old key -> new key of every upgraded job.
    renamed: dict[str, str] = field(default_factory=dict)


def needs_upgrade(job: Job) -> bool:
    inputs = job["inputs"]
    return {
        "measure": "cycles" not in inputs,
        "energy": "cycles" not in inputs or inputs.get("simulation") == ENERGY_TEXT_V1,
        "time": "cycles" not in inputs,
        "testbed": "cycles" not in inputs or "software" not in inputs,
        "metrics": "algorithm" not in inputs,
        "pipe_check": "interval" not in inputs,
        "pipe_metrics": "interval" not in inputs,
    }.get(job["step"], False)


def upgrade(jobs: Iterable[Job], known: Sequence[Job] = ()) -> Upgrade:
    """Upgrade ``jobs`` (column dicts, not changed in place); ``known`` are schema-2 jobs
    (e.g. a store's) that upgraded jobs may name by their schema-1 key."""
    result = Upgrade()
    pending: list[Job] = []
    for job in jobs:
        (pending if needs_upgrade(job) else result.jobs).append(job)
    if not pending:
        return result
    everything = [*known, *result.jobs]
    # the schema-1 key of each schema-2 job that others name, so that their old references resolve
    aliases = {}
    for job in everything:
        if job["step"] in ("measure", "pipe_check"):
            old = {k: v for k, v in job["inputs"].items() if k not in ("cycles", "interval")}
            aliases[job_key(job["step"], old)] = job["key"]
    by_key = {job["key"]: job for job in [*everything, *pending]}
    order = ("measure", "pipe_check", "metrics", "pipe_metrics", "energy", "time", "testbed")
    for step in order:  # the named jobs before those that name them
        for job in (j for j in pending if j["step"] == step):
            try:
                upgraded = _upgrade_one(job, aliases, by_key, [*known, *result.jobs])
            except _CannotUpgrade as reason:
                result.left.append((job, str(reason)))
                continue
            except (KeyError, TypeError, AttributeError) as exc:
                result.left.append((job, f"it lacks the field {exc} that its schema-2 inputs are made from"))
                continue
            result.renamed[job["key"]] = aliases[job["key"]] = upgraded["key"]
            result.jobs.append(upgraded)
    return result


class _CannotUpgrade(Exception):
    pass


def _upgrade_one(job: Job, aliases: dict[str, str], by_key: dict[str, Job], done: list[Job]) -> Job:
    new = copy.deepcopy(job)
    inputs, out, step = new["inputs"], new["outputs"], new["step"]
    if step == "measure":
        if "expected_st" not in out:
            raise _CannotUpgrade("a measure job without outputs has no formula to key it by")
        inputs["cycles"] = {"st": out["expected_st"], "lp": out["expected_lp"], "end": out["expected_end"]}
    elif step == "pipe_check":
        if len(out.get("intervals", ())) != 1:
            raise _CannotUpgrade("a pipeline check that measured no single interval has no interval to key it by")
        inputs["interval"] = out["intervals"][0]
    elif step in ("metrics", "pipe_metrics"):
        reference = "measure_job" if step == "metrics" else "check_job"
        if inputs.get(reference) not in aliases:
            raise _CannotUpgrade(
                f"the job it names in {reference}, {str(inputs.get(reference))[:16]}..., is not here to upgrade with it"
            )
        inputs[reference] = aliases[inputs[reference]]
        for name in ROW_FIELDS if step == "metrics" else POINT_FIELDS:
            inputs[name] = out[name]
    else:  # energy, time, testbed: the formula of the measured hardware
        if step == "energy" and inputs.get("simulation") == ENERGY_TEXT_V1:
            inputs["simulation"] = dict(ENERGY_CODE_V1)
        if "cycles" not in inputs:
            inputs["cycles"] = _measured_formula(new, by_key, done)
        if step == "testbed" and "software" not in inputs:
            inputs["software"] = (out or {}).get("software")
    new["key"] = job_key(step, inputs)
    return new


def _measured_formula(job: Job, by_key: dict[str, Job], done: list[Job]) -> dict[str, int]:
    inputs, out = job["inputs"], job["outputs"]
    fingerprint = inputs.get("core_fingerprint")
    if fingerprint is None:  # energy: the implementation's
        implemented = by_key.get(inputs.get("implement_job", ""))
        fingerprint = implemented["inputs"].get("core_fingerprint") if implemented else None
    measures = [
        m for m in done if m["step"] == "measure" and m["status"] == "ok" and m["inputs"].get("core_fingerprint") == fingerprint
    ]
    formulas = {
        (m["inputs"]["cycles"]["st"], m["inputs"]["cycles"]["lp"], m["inputs"]["cycles"]["end"], m["outputs"]["block_bits"])
        for m in measures
    }
    if len(formulas) != 1:
        raise _CannotUpgrade(
            f"{len(formulas)} finished measure jobs of its hardware (core fingerprint {fingerprint}): "
            "its cycle formula is not known"
        )
    st, lp, end, block_bits = formulas.pop()
    if job["status"] == "ok" and out:
        if job["step"] == "energy":
            agrees = round(throughput_mbps(block_bits, lp, out["fmax_mhz"]), 2) == out["throughput_mbps"]
        elif job["step"] == "time":
            agrees = round(throughput_mbps(block_bits, lp, out["exp_fmax_mhz"]), 2) == out["throughput_formula_mbps"]
        else:
            agrees = st + lp * out["blocks"] + end == out["formula_cycles"]
        if not agrees:
            raise _CannotUpgrade(f"its figures were not made with its hardware's measured formula {st} + {lp}·N + {end}")
    return {"st": st, "lp": lp, "end": end}
