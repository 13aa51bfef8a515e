"""SQLite store of jobs.

A job is one step (verify, measure, implement, metrics) applied to one set of inputs.
Its key is the hash of the step and its inputs, so a job run again with the same
inputs replaces its row (an idempotent upsert) and a finished job can be looked up
before it is run. Rows are committed as each job finishes: an interrupted run keeps
everything it finished.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hashbed import __version__
from hashbed.errors import HashbedError

DEFAULT_DB = "hashbed.db"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
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
);
CREATE INDEX IF NOT EXISTS jobs_by_step ON jobs (step, core, device);
"""


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

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class ResultStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            # parallel jobs (a sweep's worker processes) write to one store: wait for each other
            self._db = sqlite3.connect(path, timeout=60)
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise HashbedError(f"cannot use results database {path}: {exc} (pass another --db)") from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def get(self, step: str, inputs: dict[str, Any]) -> JobRecord | None:
        row = self._db.execute("SELECT * FROM jobs WHERE key = ?", (job_key(step, inputs),)).fetchone()
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
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.key, record.step, record.core, record.device, record.seed, record.status, record.error,
                 json.dumps(inputs, sort_keys=True), json.dumps(outputs, sort_keys=True),
                 record.hashbed_version, record.finished_at),
            )  # fmt: skip
        return record

    def jobs(self, step: str | None = None, core: str | None = None, device: str | None = None) -> list[JobRecord]:
        query = "SELECT * FROM jobs WHERE 1 = 1"
        args: list[str] = []
        for column, value in (("step", step), ("core", core), ("device", device)):
            if value is not None:
                query += f" AND {column} = ?"
                args.append(value)
        rows = self._db.execute(query + " ORDER BY finished_at, rowid", args).fetchall()
        return [self._record(row) for row in rows]

    def import_from(self, other: Path) -> tuple[int, int]:
        """Copy the finished jobs of another store (e.g. from another machine) into this one.

        A job is identified by its key, the hash of its step and inputs: a key already here
        keeps this store's row, so importing twice adds nothing. Failed jobs are not copied.
        Returns (jobs copied, jobs already here).
        """
        if not other.is_file():
            raise HashbedError(f"cannot import {other}: no such file (pass the path of another hashbed.db)")
        try:
            with sqlite3.connect(f"file:{other}?mode=ro", uri=True) as source:
                rows = source.execute("SELECT * FROM jobs WHERE status = 'ok'").fetchall()
        except sqlite3.DatabaseError as exc:
            raise HashbedError(f"cannot import {other}: {exc} (is it a hashbed results database?)") from None
        with self._db:
            before = self._db.total_changes
            self._db.executemany("INSERT OR IGNORE INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            copied = self._db.total_changes - before
        return copied, len(rows) - copied

    @staticmethod
    def _record(row: tuple[Any, ...]) -> JobRecord:
        key, step, core, device, seed, status, error, inputs, outputs, version, finished = row
        return JobRecord(key, step, core, device, seed, status, error, json.loads(inputs), json.loads(outputs), version, finished)
