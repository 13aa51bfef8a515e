"""Jobs in and out of a store: the JSON-lines export, and another store read for an import.

An export line is one job: its columns and a ``checksum``, the SHA-256 of the columns as
canonical JSON. Reading a line checks, in order: that it is a JSON object with exactly those
fields; its checksum (an edited line is refused); that its key is the hash of its step and
inputs; and every field against the schema (hashbed.results.schema). Lines without a checksum
are exports of hashbed before schema 2: they are checked the same way but for the checksum, and
upgraded by the store (hashbed.results.migrate). Any failure refuses the whole file, naming the
line.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.results.records import JOB_COLUMNS, job_key
from hashbed.results.schema import check_job

#: The file name ending of a store exported as JSON lines.
EXPORT_SUFFIX = ".jsonl"
_AGAIN = "export it again with 'hashbed results --export'"


def checksum(job: dict[str, Any]) -> str:
    return fingerprint(json.dumps({c: job[c] for c in JOB_COLUMNS}, sort_keys=True), digits=None)


def export_line(job: dict[str, Any]) -> str:
    return json.dumps({**{c: job[c] for c in JOB_COLUMNS}, "checksum": checksum(job)}, sort_keys=True) + "\n"


def _check_line(job: Any) -> None:
    if not isinstance(job, dict) or not set(JOB_COLUMNS) <= set(job) or set(job) - {*JOB_COLUMNS, "checksum"}:
        raise ValueError(f"a job is a JSON object with the fields {', '.join(JOB_COLUMNS)} and checksum")
    if "checksum" in job and job["checksum"] != checksum(job):
        raise ValueError("its checksum does not match its fields (was the line edited?)")
    if not (isinstance(job["step"], str) and isinstance(job["inputs"], dict)) or job["key"] != job_key(
        job["step"], job["inputs"]
    ):
        raise ValueError("its key is not the hash of its step and inputs (was the line edited?)")
    check_job({c: job[c] for c in JOB_COLUMNS})


def read_export(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The jobs of a JSON-lines export (columns only), each checked and named by its line; one bad
    line refuses the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise HashbedError(f"cannot import {path}: {reason} (pass a .jsonl written by 'hashbed results --export')") from None
    jobs: list[tuple[str, dict[str, Any]]] = []
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            job = json.loads(line)
            _check_line(job)
        except (ValueError, RecursionError) as exc:
            raise HashbedError(f"cannot import {path}: line {number}: {_one_line(exc)} ({_AGAIN})") from None
        if job["key"] in lines:
            raise HashbedError(f"cannot import {path}: line {number} repeats the job of line {lines[job['key']]} ({_AGAIN})")
        lines[job["key"]] = number
        jobs.append((f"line {number}", {c: job[c] for c in JOB_COLUMNS}))
    return jobs


def write_export(path: Path, jobs: list[dict[str, Any]]) -> None:
    """Write ``jobs`` in key order, whole or not at all."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text("".join(export_line(job) for job in sorted(jobs, key=lambda job: str(job["key"]))))
        partial.replace(path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise HashbedError(f"cannot export to {path}: {exc.strerror} (pass a path in an existing, writable folder)") from None


#: The columns of a job run's cost (the costs table of a store of schema 4 or later).
COST_COLUMNS = ("key", "step", "core", "device", "status", "wall_s", "cpu_s", "peak_mb", "host", "finished_at")


def read_database_costs(path: Path) -> list[tuple[Any, ...]]:
    """The job costs of another hashbed store (none from a store older than schema 4)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as source:
            if not source.execute("SELECT 1 FROM sqlite_master WHERE name = 'costs'").fetchone():
                return []
            return source.execute(f"SELECT {', '.join(COST_COLUMNS)} FROM costs").fetchall()
    except sqlite3.DatabaseError as exc:
        raise HashbedError(f"cannot import {path}: {exc} (is it a hashbed results database?)") from None


def read_database(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The jobs of another hashbed store, each checked and named by its key."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as source:
            rows = source.execute(f"SELECT {', '.join(JOB_COLUMNS)} FROM jobs").fetchall()
    except sqlite3.DatabaseError as exc:
        raise HashbedError(f"cannot import {path}: {exc} (is it a hashbed results database?)") from None
    jobs = []
    for row in rows:
        job = dict(zip(JOB_COLUMNS, row))
        try:
            job["inputs"], job["outputs"] = json.loads(job["inputs"]), json.loads(job["outputs"])
            _check_line(job)
        except (ValueError, TypeError) as exc:
            raise HashbedError(f"cannot import {path}: job {str(job['key'])[:16]}...: {_one_line(exc)}") from None
        jobs.append((f"job {job['key'][:16]}...", job))
    return jobs


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
