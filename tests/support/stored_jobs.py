"""Stored jobs for the tests: the published ones, picked and written as an export, and finished
implement runs as ImplSettings would store them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hashbed.catalogue.cores import Core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.options import Choice
from hashbed.flow.impl.implement import ImplSettings
from hashbed.results import JobRecord, ResultStore
from hashbed.results.exchange import export_line
from hashbed.results.published import published_jobs_file
from hashbed.results.records import JOB_COLUMNS

#: The device of put_run's runs unless told.
DEVICE = "ice40-hx8k"

PUBLISHED = published_jobs_file()


def published() -> list[dict[str, Any]]:
    return [{c: job[c] for c in JOB_COLUMNS} for job in map(json.loads, PUBLISHED.read_text().splitlines())]


def pick(step: str, **columns: Any) -> dict[str, Any]:
    """The first published job of ``step`` whose columns have these values."""
    return next(job for job in published() if job["step"] == step and all(job[c] == v for c, v in columns.items()))


def row_with_sources(core: str = "sha1", device: str = "ecp5-85k") -> list[dict[str, Any]]:
    """A published metrics row with the measure and implement jobs it was made from."""
    metrics = pick("metrics", core=core, device=device)
    by_key = {job["key"]: job for job in published()}
    return [by_key[metrics["inputs"]["measure_job"]], by_key[metrics["inputs"]["implement_job"]], metrics]


def write_jobs(path: Path, jobs: list[dict[str, Any]]) -> Path:
    """``jobs`` written as an export writes them (in key order)."""
    path.write_text("".join(export_line(job) for job in sorted(jobs, key=lambda job: str(job["key"]))))
    return path


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("hashbed: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def put_run(
    store: ResultStore,
    core: Core,
    fmax: float,
    luts: int,
    seed: int = 1,
    freq: float = 100.0,
    options: Choice = (),
    device: str = DEVICE,
    **changed: Any,
) -> JobRecord:
    """A finished implement job as ImplSettings would have stored it (``changed``: other inputs)."""
    inputs = {**ImplSettings(get_device(device), seed, freq, options=options).inputs(core), **changed}
    outputs = {
        "device": device,
        "seed": seed,
        "freq_mhz": freq,
        "ok": True,
        "error": None,
        "luts": luts,
        "ffs": luts // 2,
        "brams": 0,
        "dsps": 0,
        "fmax_mhz": fmax,
        "fits": True,
        "tools": inputs["tools"],
        "utilization": {},
        "run_dir": "",
    }
    return store.put("implement", inputs, outputs)
