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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.results.records import JOB_COLUMNS, job_key
from hashbed.results.schema import check_job

#: The file name ending of a store exported as JSON lines.
EXPORT_SUFFIX = ".jsonl"
_AGAIN = "export it again with 'hashbed results --export'"
#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def checksum(job: dict[str, Any]) -> str:
    return fingerprint(json.dumps({c: job[c] for c in JOB_COLUMNS}, sort_keys=True), digits=None)


def export_line(job: dict[str, Any]) -> str:
    return json.dumps({**{c: job[c] for c in JOB_COLUMNS}, "checksum": checksum(job)}, sort_keys=True) + "\n"


def _check_fields(job: Any) -> None:
    """A JSON object with exactly a job's columns and its checksum; an error names the fields that are not."""
    fields = f"a job is a JSON object with the fields {', '.join(JOB_COLUMNS)} and checksum"
    if not isinstance(job, dict):
        raise ValueError(f"not a JSON object ({fields})")
    unknown = sorted(set(job) - {*JOB_COLUMNS, "checksum"})
    missing = [c for c in JOB_COLUMNS if c not in job]
    if unknown:
        raise ValueError(f"unknown field {', '.join(map(repr, unknown))} ({fields})")
    if missing:
        raise ValueError(f"no field {', '.join(map(repr, missing))} ({fields})")


def _check_line(job: Any) -> None:
    _check_fields(job)
    if "checksum" in job and job["checksum"] != checksum(job):
        raise ValueError("its checksum does not match its fields (was the line edited?)")
    if not (isinstance(job["step"], str) and isinstance(job["inputs"], dict)) or job["key"] != job_key(
        job["step"], job["inputs"]
    ):
        raise ValueError("its key is not the hash of its step and inputs (was the line edited?)")
    check_job({c: job[c] for c in JOB_COLUMNS})


def read_text(path: Path, doing: str, fix: str) -> str:
    """The UTF-8 text of the regular file ``path`` (a device or a FIFO is not read: it may never end);
    a one-line error starts with ``doing`` and ends with ``fix``."""
    try:
        if path.exists() and not path.is_file():
            raise HashbedError(f"{doing}: it is not a regular file ({fix})")
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise HashbedError(f"{doing}: {reason} ({fix})") from None


def is_sqlite(path: Path) -> bool:
    """Whether ``path`` starts as an SQLite database does."""
    with path.open("rb") as file:
        return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def read_export(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The jobs of a JSON-lines export (columns only), each checked and named by its line; one bad
    line refuses the file."""
    text = read_text(path, f"cannot import {path}", "pass a .jsonl written by 'hashbed results --export'")
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
    write_whole(path, "".join(export_line(job) for job in sorted(jobs, key=lambda job: str(job["key"]))), "cannot export to")


def write_whole(path: Path, text: str, doing: str) -> None:
    """``text`` into ``path`` through ``<path>.partial``, renamed: whole or not at all; a one-line
    error starts with ``doing``."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise HashbedError(f"{doing} {path}: {exc.strerror} (pass a path in an existing, writable folder)") from None


def check_target(path: Path, store: Path, doing: str, kind: str, read: Callable[[Path], object] | None) -> None:
    """Refuse, before any work, to write to ``path`` when that would write over the results database
    ``store``, a folder or a device, or over a file that ``read`` does not take as ``kind`` (it raises
    ValueError or HashbedError; None: any file may be replaced, as with --overwrite). The one-line
    error starts with ``doing``."""
    where = f"{doing} {path}"
    try:
        if not path.parent.is_dir():
            raise HashbedError(f"{where}: there is no folder {path.parent} (pass a path in an existing folder)")
        if not path.exists():
            return
        if path.is_dir():
            raise HashbedError(f"{where}: it is a folder (pass a file name)")
        if store.exists() and path.samefile(store):
            raise HashbedError(f"{where}: it is the results database {store} itself (pass another path)")
        if not path.is_file():
            raise HashbedError(f"{where}: it is not a regular file (pass another path)")
    except OSError as exc:
        raise HashbedError(f"{where}: {exc.strerror} (pass another path)") from None
    if read is None:
        return
    try:
        read(path)
    except (ValueError, HashbedError):
        raise HashbedError(
            f"{where}: the file there is not {kind}, and is left as it is (pass another path, or --overwrite to replace it)"
        ) from None


#: The columns of a job run's cost (the costs table of a store of schema 4 or later).
COST_COLUMNS = ("key", "step", "core", "device", "status", "wall_s", "cpu_s", "peak_mb", "host", "finished_at")


def read_costs(path: Path) -> list[str]:
    """The lines of a job costs file (``hashbed results --export-costs``), each a JSON object with
    the columns of a run's cost; ValueError names a line that is not."""
    lines = [line for line in read_text(path, f"cannot read {path}", "pass a costs .jsonl").splitlines() if line.strip()]
    for number, line in enumerate(lines, 1):
        try:
            run = json.loads(line)
        except (ValueError, RecursionError):
            run = None
        if not isinstance(run, dict) or set(run) != set(COST_COLUMNS):
            raise ValueError(f"line {number} is not a job run's cost")
    return lines


def read_database_costs(path: Path) -> list[tuple[Any, ...]]:
    """The job costs of another hashbed store (none from a store older than schema 4)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as source:
            if not source.execute("SELECT 1 FROM sqlite_master WHERE name = 'costs'").fetchone():
                return []
            return source.execute(f"SELECT {', '.join(COST_COLUMNS)} FROM costs").fetchall()
    except sqlite3.DatabaseError as exc:
        raise HashbedError(f"cannot import {path}: {exc} (is it a hashbed results database?)") from None


def read_database(path: Path, newest: int) -> list[tuple[str, dict[str, Any]]]:
    """The jobs of another hashbed store, each checked and named by its key; a store of a schema
    newer than ``newest`` (this hashbed's) or without a jobs table is refused."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as source:
            version = int(source.execute("PRAGMA user_version").fetchone()[0])
            if version > newest:
                raise HashbedError(
                    f"cannot import {path}: it has schema version {version}, newer than this hashbed's {newest} "
                    "(update hashbed, or import an export of it)"
                )
            tables = [row[0] for row in source.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            if "jobs" not in tables:
                raise HashbedError(
                    f"cannot import {path}: it is an SQLite database without hashbed's jobs table, not a hashbed "
                    "results database (pass another hashbed.db or a .jsonl export)"
                )
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
