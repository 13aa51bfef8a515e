"""SQLite store of jobs.

A job is one step (verify, measure, implement, metrics) applied to one set of inputs.
Its key is the hash of the step and its inputs, so a job run again with the same
inputs replaces its row (an idempotent upsert) and a finished job can be looked up
before it is run. Each job is written in its own transaction as it finishes: an
interrupted run keeps everything it finished, and never half a job.

The schema is versioned (``PRAGMA user_version``). Version 0 is the unversioned store of
hashbed before the version number: the ``jobs`` table and its index. Version 1 keeps that
table unchanged (so a process still running older hashbed code goes on writing to a
migrated store) and adds the write-ahead-log journal, with which parallel writers (a
sweep's worker processes, several benches) wait for each other instead of failing and
readers do not block them, and the ``results`` view: one row per finished metrics job
with its columns, for SQL queries of the store. A store is migrated when it is opened.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hashbed import __version__
from hashbed.errors import HashbedError

DEFAULT_DB = "hashbed.db"
#: The file name ending of a store exported as JSON lines (ResultStore.export_to).
EXPORT_SUFFIX = ".jsonl"
#: The schema this hashbed writes; older stores are migrated to it when opened.
SCHEMA_VERSION = 1
_LOCK_WAIT_S = 60  # how long a process waits for another one's write lock
_JOB_COLUMNS = ("key", "step", "core", "device", "seed", "status", "error", "inputs", "outputs", "hashbed_version", "finished_at")
_SELECT = f"SELECT {', '.join(_JOB_COLUMNS)} FROM jobs"
_V0_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS jobs (
    key TEXT PRIMARY KEY,
    step TEXT NOT NULL,
    core TEXT NOT NULL,
    device TEXT,
    seed INTEGER,
    status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
    error TEXT,
    inputs TEXT NOT NULL,
    outputs TEXT NOT NULL,
    hashbed_version TEXT NOT NULL,
    finished_at TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS jobs_by_step ON jobs (step, core, device)",
)
_METRICS_COLUMNS = ("algorithm", "version", "architecture", "bus_width", "luts", "ffs", "brams", "dsps", "fmax_mhz",
                    "block_bits", "st", "lp", "end", "throughput_mbps", "tpa_mbps_per_lut", "target_ratio")  # fmt: skip
_RESULTS_VIEW = (
    "CREATE VIEW IF NOT EXISTS results AS SELECT key, core, device, seed, "
    + ", ".join(f"json_extract(outputs, '$.{c}') AS \"{c}\"" for c in _METRICS_COLUMNS)
    + ", json_extract(outputs, '$.tools.yosys') AS yosys, json_extract(outputs, '$.tools.nextpnr') AS nextpnr,"
    " hashbed_version, finished_at FROM jobs WHERE step = 'metrics' AND status = 'ok'"
)


def _to_version_1(db: sqlite3.Connection) -> None:
    db.execute(_RESULTS_VIEW)


#: Migration to each version from the one before, run in the transaction that sets the version.
_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _to_version_1}


def default_db_path() -> Path:
    return Path(os.environ.get("HASHBED_DB", DEFAULT_DB))


def job_key(step: str, inputs: dict[str, Any]) -> str:
    return hashlib.sha256(f"{step}\0{json.dumps(inputs, sort_keys=True)}".encode()).hexdigest()


@dataclass(frozen=True)
class JobRecord:
    key: str
    step: str
    core: str
    device: str | None
    seed: int | None
    status: str
    error: str | None
    inputs: dict[str, Any]
    outputs: dict[str, Any]
    hashbed_version: str
    finished_at: str
    #: Set when a pipeline returned this stored record instead of running the job.
    reused: bool = field(default=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def final(self) -> bool:
        """A result that is not run again: the job succeeded, or it found that the core does
        not fit the device (a failed job, but as much a result as a finished one)."""
        return self.ok or self.outputs.get("fits") is False

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class ResultStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            # parallel jobs (a sweep's worker processes) write to one store: wait for each other;
            # transactions are explicit (see _write)
            self._db = sqlite3.connect(path, timeout=_LOCK_WAIT_S, isolation_level=None)
            self._use_write_ahead_log()
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise HashbedError(f"cannot use results database {path}: {exc} (pass another --db)") from None

    def _use_write_ahead_log(self) -> None:
        """Switch the store's journal to the write-ahead log (a setting kept in the file).
        When other processes open the same new store at the same moment, SQLite answers
        "locked" at once instead of waiting: try again until the lock wait is over."""
        deadline = time.monotonic() + _LOCK_WAIT_S
        while True:
            try:
                self._db.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding the write lock from its start (so that it waits for
        other writers instead of failing half-way), committed whole or not at all."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        with self._write() as db:  # one process migrates; the others find the store migrated
            version = self.schema_version
            if version > SCHEMA_VERSION:
                raise HashbedError(f"results database {self.path} has schema version {version}, newer than this "
                                   f"hashbed's {SCHEMA_VERSION} (update hashbed, or pass another --db)")  # fmt: skip
            if version == 0:
                columns = tuple(row[1] for row in db.execute("PRAGMA table_info(jobs)"))
                if columns not in ((), _JOB_COLUMNS):
                    raise HashbedError(f"cannot use results database {self.path}: its jobs table has the columns "
                                       f"{', '.join(columns)}, not hashbed's (pass another --db)")  # fmt: skip
                for statement in _V0_SCHEMA:
                    db.execute(statement)
            for target in range(version + 1, SCHEMA_VERSION + 1):
                _MIGRATIONS[target](db)
                db.execute(f"PRAGMA user_version = {target}")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def get(self, step: str, inputs: dict[str, Any]) -> JobRecord | None:
        return self.job(job_key(step, inputs))

    def job(self, key: str) -> JobRecord | None:
        """The job stored under ``key`` (a job's key, e.g. from another job's inputs)."""
        row = self._db.execute(_SELECT + " WHERE key = ?", (key,)).fetchone()
        return self._record(row) if row else None

    def put(
        self,
        step: str,
        inputs: dict[str, Any],
        outputs: dict[str, Any],
        error: str | None = None,
    ) -> JobRecord:
        record = JobRecord(
            key=job_key(step, inputs),
            step=step,
            core=inputs["core"],
            device=inputs.get("device"),
            seed=inputs.get("seed"),
            status="failed" if error else "ok",
            error=error,
            inputs=inputs,
            outputs=outputs,
            hashbed_version=__version__,
            finished_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        )
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.key, record.step, record.core, record.device, record.seed, record.status, record.error,
                 json.dumps(inputs, sort_keys=True), json.dumps(outputs, sort_keys=True),
                 record.hashbed_version, record.finished_at),
            )  # fmt: skip
        return record

    def jobs(self, step: str | None = None, core: str | None = None, device: str | None = None) -> list[JobRecord]:
        query = _SELECT + " WHERE 1 = 1"
        args: list[str] = []
        for column, value in (("step", step), ("core", core), ("device", device)):
            if value is not None:
                query += f" AND {column} = ?"
                args.append(value)
        rows = self._db.execute(query + " ORDER BY finished_at, rowid", args).fetchall()
        return [self._record(row) for row in rows]

    def import_from(self, other: Path) -> tuple[int, int]:
        """Copy the finished jobs of another store (e.g. from another machine) into this one.

        ``other`` is a hashbed.db, or a JSON-lines file written by :meth:`export_to`. A job is
        identified by its key, the hash of its step and inputs: a key already here keeps this
        store's row, so importing twice adds nothing. Only final jobs are copied (JobRecord.final):
        failed ones are run again where they are needed.
        Returns (jobs copied, jobs already here).
        """
        if not other.is_file():
            raise HashbedError(f"cannot import {other}: no such file (pass the path of another hashbed.db or a .jsonl export)")
        rows = _read_export(other) if other.suffix == EXPORT_SUFFIX else _read_database(other)
        with self._write() as db:
            before = db.total_changes
            db.executemany("INSERT OR IGNORE INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            copied = db.total_changes - before
        return copied, len(rows) - copied

    def export_to(self, path: Path) -> int:
        """Write the final jobs (JobRecord.final) as JSON lines, one job per line in key order, so that the
        same jobs always give the same file: a text copy of the store to publish beside the
        report it makes, and to import elsewhere. Returns the number of jobs written."""
        if path.suffix != EXPORT_SUFFIX:
            raise HashbedError(f"cannot export to {path}: the file name must end in {EXPORT_SUFFIX}")
        records = [r for r in map(self._record, self._db.execute(_SELECT + " ORDER BY key")) if r.final]
        lines = [json.dumps({c: getattr(r, c) for c in _JOB_COLUMNS}, sort_keys=True) + "\n" for r in records]
        partial = path.with_name(path.name + ".partial")
        partial.write_text("".join(lines))
        partial.replace(path)  # whole or not at all
        return len(records)

    @staticmethod
    def _record(row: tuple[Any, ...]) -> JobRecord:
        key, step, core, device, seed, status, error, inputs, outputs, version, finished = row
        return JobRecord(key, step, core, device, seed, status, error, json.loads(inputs), json.loads(outputs), version, finished)


def _read_database(path: Path) -> list[tuple[Any, ...]]:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as source:
            rows = source.execute(_SELECT).fetchall()
    except sqlite3.DatabaseError as exc:
        raise HashbedError(f"cannot import {path}: {exc} (is it a hashbed results database?)") from None
    return [row for row in rows if ResultStore._record(row).final]


def _read_export(path: Path) -> list[tuple[Any, ...]]:
    """The jobs of a JSON-lines export, each checked: its fields, and its key against its step and inputs."""
    rows = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            job = json.loads(line)
            if not isinstance(job, dict) or sorted(job) != sorted(_JOB_COLUMNS):
                raise ValueError(f"a job has the fields {', '.join(_JOB_COLUMNS)}")
            if not (isinstance(job["inputs"], dict) and isinstance(job["outputs"], dict)):
                raise ValueError("a job's inputs and outputs are JSON objects")
            if job["key"] != job_key(job["step"], job["inputs"]):
                raise ValueError("its key is not the hash of its step and inputs (was the line edited?)")
        except (ValueError, TypeError) as exc:
            raise HashbedError(f"cannot import {path}: line {number}: {exc} (export it again with 'hashbed results --export')") from None
        if JobRecord(**job).final:
            rows.append(tuple(json.dumps(job[c], sort_keys=True) if c in ("inputs", "outputs") else job[c] for c in _JOB_COLUMNS))
    return rows
