"""SQLite store of jobs.

A job is one step (verify, measure, implement, metrics, ...) applied to one set of inputs. Its
key is the hash of the step and its inputs (hashbed.results.records), so a finished job can be
looked up before it is run. What the store guarantees (docs/store.md):

- Each job is written in its own transaction as it finishes: an interrupted run keeps
  everything it finished, and never half a job.
- A finished result is never replaced by a failed one: for each key the ``jobs`` table holds
  the best answer (finished, then "does not fit", then failed; among equals the latest), and
  every record that is not, or no longer, the answer goes to the ``attempts`` table.
- A job checks that it can write before its work starts (``check_writable``: the write lock
  within the lock wait, a file that can be written), and a result that cannot be stored after
  all is saved to ``<db>.unsaved.jsonl`` for ``hashbed results --import`` (or, on a full disk,
  to a file in hashbed's cache or the temporary folder, or to stderr: ``unsaved_paths``).
- A command that only reads opens a store that is there (``create=False``), and only a store:
  an export, another program's database or a store of a newer schema is refused, not changed.
- An import validates every line and never takes a finished job away (hashbed.results.exchange);
  an export never leaves out a job of the file it replaces.

The schema is versioned (``PRAGMA user_version``). Version 0 is the unversioned store of
hashbed before the version number: the ``jobs`` table and its index. Version 1 adds the
write-ahead-log journal, with which parallel writers wait for each other instead of failing
and readers do not block them, and the ``results`` view: one row per finished metrics job
with its columns, for SQL queries of the store. Version 2 adds the ``attempts`` table and
gives the jobs whose keys left out an input that decides their result new keys
(hashbed.results.migrate; a job that cannot be upgraded keeps its old key, so a job that needs
it runs again). Version 3 makes the ``results`` view anew, its columns from the one definition of
a results row (hashbed.results.schema.ROW_FIELDS); a change of the row needs a version that
makes it again. Version 4 adds the ``claims`` and ``costs`` tables. Version 5 gives the testbed
jobs the software they were measured against as an input, and version 6 keys the energy
estimate's code by its version number (hashbed.results.migrate). A store is migrated when it is
opened.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import socket
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hashbed import __version__
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.flow.cache import cache_root
from hashbed.flow.processes import start_time
from hashbed.results.exchange import (
    COST_COLUMNS,
    EXPORT_SUFFIX,
    SQLITE_HEADER,
    check_target,
    export_line,
    is_sqlite,
    read_costs,
    read_database,
    read_database_costs,
    read_export,
    write_export,
    write_whole,
)
from hashbed.results.migrate import upgrade
from hashbed.results.records import JOB_COLUMNS, JobRecord, job_key
from hashbed.results.schema import REFERENCES, VIEW_COLUMNS, check_job, check_references

DEFAULT_DB = "hashbed.db"
#: The schema this hashbed writes; older stores are migrated to it when opened.
SCHEMA_VERSION = 6
#: How long a process waits for another one's write lock, seconds.
LOCK_WAIT_S = 60.0
_SELECT = f"SELECT {', '.join(JOB_COLUMNS)} FROM jobs"
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
_RESULTS_VIEW = (
    "CREATE VIEW results AS SELECT key, core, device, seed, "
    + ", ".join(f"json_extract(outputs, '$.{c}') AS \"{c}\"" for c in VIEW_COLUMNS)
    + ", json_extract(outputs, '$.tools.yosys') AS yosys, json_extract(outputs, '$.tools.nextpnr') AS nextpnr,"
    " hashbed_version, finished_at FROM jobs WHERE step = 'metrics' AND status = 'ok'"
)
#: Records that are not (or no longer) the answer for their key, with why.
_ATTEMPTS = (
    "CREATE TABLE IF NOT EXISTS attempts (" + ", ".join(f"{c} TEXT" for c in JOB_COLUMNS) + ", note TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS attempts_by_key ON attempts (key)",
)


#: The jobs a driver runs now (so that a second driver on the store does not run them too), and
#: what each run of a job cost where it ran.
_CLAIMS_AND_COSTS = (
    "CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, host TEXT NOT NULL, pid INTEGER NOT NULL, "
    "started INTEGER, renewed REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS costs (key TEXT NOT NULL, step TEXT NOT NULL, core TEXT NOT NULL, device TEXT, "
    "status TEXT NOT NULL, wall_s REAL NOT NULL, cpu_s REAL NOT NULL, peak_mb REAL NOT NULL, host TEXT NOT NULL, "
    "finished_at TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS costs_by_step ON costs (step, core)",
)
#: A claim not renewed for this long belongs to a driver that is gone (another host's cannot be
#: checked otherwise), s.
CLAIM_STALE_S = 600.0


def _to_version_1(db: sqlite3.Connection) -> None:
    """The view is made by version 3 (its columns as of today)."""


def _to_version_3(db: sqlite3.Connection) -> None:
    db.execute("DROP VIEW IF EXISTS results")
    db.execute(_RESULTS_VIEW)


def _to_version_4(db: sqlite3.Connection) -> None:
    for statement in _CLAIMS_AND_COSTS:
        db.execute(statement)


def _rekey(db: sqlite3.Connection) -> None:
    """Every job that lacks an input of this schema, stored under its upgraded key
    (hashbed.results.migrate); one that cannot be upgraded keeps its key."""
    result = upgrade([_columns(row) for row in db.execute(_SELECT)])
    upgraded = {job["key"]: job for job in result.jobs}
    for old_key, new_key in result.renamed.items():
        db.execute("DELETE FROM jobs WHERE key = ?", (old_key,))
        _insert(db, "jobs", upgraded[new_key], replace=True)


def _to_version_2(db: sqlite3.Connection) -> None:
    for statement in _ATTEMPTS:
        db.execute(statement)
    _rekey(db)


#: Migration to each version from the one before, run in the transaction that sets the version.
_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _to_version_1,
    2: _to_version_2,
    3: _to_version_3,
    4: _to_version_4,
    5: _rekey,
    6: _rekey,
}


#: The environment variable that names the default store.
DB_ENV = "HASHBED_DB"


def default_db_path() -> Path:
    return Path(os.environ.get(DB_ENV, DEFAULT_DB))


@dataclass(frozen=True)
class ImportCount:
    #: Jobs stored, jobs whose key already held a result at least as good, jobs upgraded to schema 2.
    added: int
    present: int
    upgraded: int


class ResultStore:
    def __init__(self, path: Path, create: bool = True) -> None:
        """The store at ``path``, migrated to this schema; made there (and its folder) when it is
        not there and ``create`` (a command that only reads passes False: no store is made)."""
        self.path = path
        try:
            self._check_path(create)
        except OSError as exc:
            raise HashbedError(f"cannot use results database {path}: {exc.strerror} (pass another --db)") from None
        with self._database_errors():
            # parallel jobs (a sweep's worker processes) write to one store: wait for each other;
            # transactions are explicit (see _write)
            self._db = sqlite3.connect(path, timeout=LOCK_WAIT_S, isolation_level=None)
            self._use_write_ahead_log()
            self._migrate()

    def _check_path(self, create: bool) -> None:
        """What is at the store's path is a store, or nothing and a store may be made there."""
        where = f"cannot use results database {self.path}"
        if self.path.is_dir():
            raise HashbedError(f"{where}: it is a folder (pass a file with --db)")
        if self.path.exists():
            if not self.path.is_file():
                raise HashbedError(f"{where}: it is not a regular file (pass another --db)")
            with self.path.open("rb") as file:
                head = file.read(64)
            if not head.startswith(SQLITE_HEADER) and head.lstrip().startswith(b"{"):
                raise HashbedError(
                    f"{where}: it is a JSON-lines export, not a database "
                    f"(store its jobs with 'hashbed results --db hashbed.db --import {self.path}')"
                )
            return
        if not create:
            raise HashbedError(
                f"there is no results database at {self.path} (pass the --db of an existing one; "
                "a command that runs jobs, such as 'hashbed bench', makes it)"
            )
        if self.path.suffix == EXPORT_SUFFIX:
            raise HashbedError(
                f"{where}: a {EXPORT_SUFFIX} file is an export, not a database "
                f"(pass a --db such as hashbed.db; 'hashbed results --import FILE{EXPORT_SUFFIX}' stores an export's jobs)"
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HashbedError(f"{where}: its folder cannot be made ({exc.strerror}); pass another --db") from None

    @contextmanager
    def _database_errors(self, doing: str = "use") -> Iterator[None]:
        """SQLite's errors as one-line HashbedErrors naming the store and the way out."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            text = str(exc)
            if "locked" in text or "busy" in text:
                fix = f"another process holds its write lock for more than {LOCK_WAIT_S:g} s: let it finish, or pass another --db"
            elif "readonly" in text or "read-only" in text:
                fix = "make the file and its folder writable, or pass another --db"
            elif "malformed" in text or "not a database" in text:
                fix = "it is damaged: restore it from a copy, or start a new one with --db and import published/jobs.jsonl"
            else:
                fix = "pass another --db"
            raise HashbedError(f"cannot {doing} results database {self.path}: {text} ({fix})") from None

    def _use_write_ahead_log(self) -> None:
        """Switch the store's journal to the write-ahead log (a setting kept in the file).
        When other processes open the same new store at the same moment, SQLite answers
        "locked" at once instead of waiting: try again until the lock wait is over."""
        deadline = time.monotonic() + LOCK_WAIT_S
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
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # SQLite ends some on its own (a full disk): its error is the one to see
                self._db.execute("ROLLBACK")
            raise

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        with self._write() as db:  # one process migrates; the others find the store migrated
            version = self.schema_version
            if version > SCHEMA_VERSION:
                raise HashbedError(
                    f"results database {self.path} has schema version {version}, newer than this "
                    f"hashbed's {SCHEMA_VERSION} (update hashbed, or pass another --db)"
                )
            if version == 0:
                self._check_foreign(db)
                columns = tuple(row[1] for row in db.execute("PRAGMA table_info(jobs)"))
                if columns not in ((), JOB_COLUMNS):
                    raise HashbedError(
                        f"cannot use results database {self.path}: its jobs table has the columns "
                        f"{', '.join(columns)}, not hashbed's (pass another --db)"
                    )
                for statement in _V0_SCHEMA:
                    db.execute(statement)
            for target in range(version + 1, SCHEMA_VERSION + 1):
                _MIGRATIONS[target](db)
                db.execute(f"PRAGMA user_version = {target}")

    def _check_foreign(self, db: sqlite3.Connection) -> None:
        """An unversioned database with tables but no jobs table is another program's: refused, not
        given hashbed's tables."""
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        if tables and "jobs" not in tables:
            raise HashbedError(
                f"cannot use results database {self.path}: it is an SQLite database of another program (its tables: "
                f"{', '.join(tables)}), not a hashbed store; it is left as it is (pass another --db)"
            )

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def check_writable(self) -> None:
        """Stop now, before a job's work, if its result could not be stored: the write lock is
        not free within the lock wait, or the file cannot be written."""
        with self._database_errors("write to"):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")  # a real write, not kept
            finally:
                self._db.execute("ROLLBACK")

    def get(self, step: str, inputs: dict[str, Any]) -> JobRecord | None:
        return self.job(job_key(step, inputs))

    def job(self, key: str) -> JobRecord | None:
        """The job stored under ``key`` (a job's key, e.g. from another job's inputs)."""
        with self._database_errors("read"):
            row = self._db.execute(_SELECT + " WHERE key = ?", (key,)).fetchone()
        return JobRecord.from_columns(_columns(row)) if row else None

    def put(
        self,
        step: str,
        inputs: dict[str, Any],
        outputs: dict[str, Any],
        error: str | None = None,
        cost: dict[str, Any] | None = None,
    ) -> JobRecord:
        """Store a job's result, unless the store holds a better one for its key (a finished
        result stays the answer when a rerun fails), and what the run cost (``cost``: wall_s,
        cpu_s, peak_mb, host); returns the record as run."""
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
            finished_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        try:
            with self._write() as db:
                if cost is not None:
                    db.execute(
                        "INSERT INTO costs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            record.key,
                            step,
                            record.core,
                            record.device,
                            record.status,
                            cost["wall_s"],
                            cost["cpu_s"],
                            cost["peak_mb"],
                            cost["host"],
                            record.finished_at,
                        ),
                    )
                row = db.execute(_SELECT + " WHERE key = ?", (record.key,)).fetchone()
                stored = JobRecord.from_columns(_columns(row)) if row else None
                if stored is not None and stored.rank > record.rank:
                    _insert(db, "attempts", record.columns(), f"the stored result of {stored.finished_at} stays the answer")
                    return dataclasses.replace(
                        record, error=f"{record.error} (the stored result of {stored.finished_at} stays in {self.path})"
                    )
                if stored is not None:
                    _insert(db, "attempts", stored.columns(), f"replaced by the run of {record.finished_at}")
                _insert(db, "jobs", record.columns(), replace=True)
        except sqlite3.DatabaseError as exc:
            self._rescue(record, exc)
        return record

    def _rescue(self, record: JobRecord, exc: sqlite3.DatabaseError) -> None:
        """A result that cannot be stored goes, as an export line, to the first of these files that
        takes it whole: beside the store, in hashbed's cache, in the temporary folder (the store's
        disk may be full); failing all, to stderr. The error says where, and how to import it."""
        line = export_line(record.columns())
        lost = f"cannot store the result of {record.step} {record.core} in {self.path} ({exc})"
        failed: list[str] = []
        for unsaved in unsaved_paths(self.path):
            try:
                _append_whole(unsaved, line)
            except OSError as write_error:
                failed.append(f"{unsaved}: {write_error.strerror}")
                continue
            nor = f" (it could not go to {'; '.join(failed)})" if failed else ""
            raise HashbedError(
                f"{lost}; it is saved in {unsaved}{nor}: run 'hashbed results --db {self.path} --import {unsaved}' "
                "once the store can be written"
            ) from None
        sys.stderr.write(line)
        sys.stderr.flush()
        raise HashbedError(
            f"{lost}, nor in a file ({'; '.join(failed)}); it is the JSON line above: save that line in a file "
            f"such as result{EXPORT_SUFFIX} and run 'hashbed results --db {self.path} --import result{EXPORT_SUFFIX}'"
        ) from None

    def costs(self, step: str | None = None) -> list[dict[str, Any]]:
        """What each run cost (oldest first): key, step, core, device, status, wall_s, cpu_s, peak_mb, host, finished_at."""
        query = f"SELECT {', '.join(COST_COLUMNS)} FROM costs" + (" WHERE step = ?" if step else "") + " ORDER BY rowid"
        with self._database_errors("read"):
            return [dict(zip(COST_COLUMNS, row)) for row in self._db.execute(query, (step,) if step else ())]

    def export_costs(self, path: Path, overwrite: bool = False) -> int:
        """Add the store's job costs to the JSON-lines file ``path`` (what it holds stays), one run per
        line in a fixed order; returns the number of runs it holds. A file there that is not a costs
        file is refused, or replaced when ``overwrite``."""
        check_costs_target(path, self.path, overwrite)
        runs = {json.dumps(cost, sort_keys=True) for cost in self.costs()}
        with contextlib.suppress(ValueError, HashbedError):  # a file that is not a costs file: replaced (overwrite)
            runs |= set(read_costs(path)) if path.is_file() else set()
        write_whole(path, "".join(f"{line}\n" for line in sorted(runs)), "cannot export the job costs to")
        return len(runs)

    # --- claims: the jobs a driver runs now -------------------------------------------------------

    def claim(self, key: str) -> bool:
        """Mark job ``key`` as run by this process; False when a live driver (another process on
        this host, or one on another host that renewed its claim lately) runs it now."""
        host, pid, started = _me()
        with self._database_errors("write to"), self._write() as db:
            row = db.execute("SELECT host, pid, started, renewed FROM claims WHERE key = ?", (key,)).fetchone()
            if row is not None and tuple(row[:3]) != (host, pid, started) and _alive(*row):
                return False
            db.execute("INSERT OR REPLACE INTO claims VALUES (?, ?, ?, ?, ?)", (key, host, pid, started, time.time()))
        return True

    def claimed_by(self, key: str) -> str | None:
        """Who runs job ``key`` now (host:pid), None when no live driver does."""
        with self._database_errors("read"):
            row = self._db.execute("SELECT host, pid, started, renewed FROM claims WHERE key = ?", (key,)).fetchone()
        return f"{row[0]}:{row[1]}" if row is not None and _alive(*row) else None

    def release(self, key: str) -> None:
        host, pid, _ = _me()
        with self._database_errors("write to"), self._write() as db:
            db.execute("DELETE FROM claims WHERE key = ? AND host = ? AND pid = ?", (key, host, pid))

    def release_all(self) -> None:
        host, pid, _ = _me()
        with contextlib.suppress(HashbedError), self._database_errors("write to"), self._write() as db:
            db.execute("DELETE FROM claims WHERE host = ? AND pid = ?", (host, pid))

    def renew_claims(self) -> None:
        host, pid, _ = _me()
        with self._database_errors("write to"), self._write() as db:
            db.execute("UPDATE claims SET renewed = ? WHERE host = ? AND pid = ?", (time.time(), host, pid))

    def jobs(self, step: str | None = None, core: str | None = None, device: str | None = None) -> list[JobRecord]:
        query = _SELECT + " WHERE 1 = 1"
        args: list[str] = []
        for column, value in (("step", step), ("core", core), ("device", device)):
            if value is not None:
                query += f" AND {column} = ?"
                args.append(value)
        with self._database_errors("read"):
            rows = self._db.execute(query + " ORDER BY finished_at, rowid", args).fetchall()
        return [JobRecord.from_columns(_columns(row)) for row in rows]

    def keys(self, ok: bool = False) -> frozenset[str]:
        """The keys of the stored jobs (``ok``: of the finished ones only), without reading the jobs."""
        with self._database_errors("read"):
            rows = self._db.execute("SELECT key FROM jobs" + (" WHERE status = 'ok'" if ok else "")).fetchall()
        return frozenset(row[0] for row in rows)

    def attempts(self, key: str) -> list[dict[str, Any]]:
        """The records of ``key`` that are not, or no longer, its answer (oldest first), with a note each."""
        with self._database_errors("read"):
            rows = self._db.execute(f"SELECT {', '.join(JOB_COLUMNS)}, note FROM attempts WHERE key = ? ORDER BY rowid", (key,))
            return [{**_columns(row[:-1]), "note": row[-1]} for row in rows]

    def import_from(self, other: Path) -> ImportCount:
        """Copy the final jobs (JobRecord.final) of another store or of a ``.jsonl`` export into
        this one, each checked (hashbed.results.exchange) and upgraded to this schema; one bad
        job refuses the whole import. A key already here keeps the better of the two results
        (JobRecord.rank; this store's when equal), so importing twice adds nothing and an import
        never takes a finished job away. Failed jobs are not copied: they run again where needed."""
        is_database = _import_kind(other, self.path)
        numbered = read_database(other, SCHEMA_VERSION) if is_database else read_export(other)
        where = {job["key"]: place for place, job in numbered}
        jobs = [job for _, job in numbered if JobRecord.from_columns(job).final]
        with self._database_errors("import into"), self._write() as db:
            here = [_columns(row) for row in db.execute(_SELECT)]
            result = upgrade(jobs, known=here)
            if result.left:
                job, reason = result.left[0]
                raise HashbedError(
                    f"cannot import {other}: {where[job['key']]}: cannot be upgraded to schema {SCHEMA_VERSION}: {reason}"
                )
            where.update({new: where[old] for old, new in result.renamed.items()})
            _check_all(result.jobs, here, f"cannot import {other}", where)
            stored = {job["key"]: JobRecord.from_columns(job) for job in here}
            added = 0
            for job in result.jobs:
                new, old = JobRecord.from_columns(job), stored.get(job["key"])
                if old is not None and old.rank >= new.rank:
                    continue
                if old is not None:
                    _insert(db, "attempts", old.columns(), "replaced by an imported result")
                _insert(db, "jobs", job, replace=True)
                added += 1
            if is_database:  # and what the other store's runs cost
                known = set(db.execute("SELECT key, finished_at, host FROM costs"))
                runs = [run for run in read_database_costs(other) if (run[0], run[9], run[8]) not in known]
                db.executemany(f"INSERT INTO costs VALUES ({', '.join('?' * len(COST_COLUMNS))})", runs)
        return ImportCount(added, len(jobs) - added, len(result.renamed))

    def export_to(self, path: Path, overwrite: bool = False) -> int:
        """Write the final jobs (JobRecord.final) as JSON lines, one job per line in key order, so
        that the same jobs always give the same file: a text copy of the store to publish beside
        the report it makes, and to import elsewhere. Every job is checked first, and a file that
        is there already is only replaced by a superset of its jobs (import it first); a file that is
        not an export is refused, or replaced when ``overwrite``. Returns the number of jobs written."""
        check_export_target(path, self.path, overwrite)
        with self._database_errors("export"):
            here = [_columns(row) for row in self._db.execute(_SELECT + " ORDER BY key")]
        final = [job for job in here if JobRecord.from_columns(job).final]
        _check_all(final, here, f"cannot export {self.path}", {job["key"]: f"job {job['key'][:16]}..." for job in final})
        if path.is_file() and _is_export(path):
            published = [job for _, job in read_export(path)]
            renamed = upgrade(published, known=here).renamed
            dropped = sorted({renamed.get(job["key"], job["key"]) for job in published} - {job["key"] for job in final})
            if dropped:
                raise HashbedError(
                    f"cannot export to {path}: it holds {len(dropped)} final jobs that {self.path} does not "
                    f"(e.g. {dropped[0][:16]}...); import it first: hashbed results --import {path} --export {path}"
                )
        write_export(path, final)
        return len(final)


def check_export_target(path: Path, store: Path, overwrite: bool) -> None:
    """``--export PATH``: a .jsonl that is not the store, nor a file other than an export (unless ``overwrite``)."""
    if path.suffix != EXPORT_SUFFIX:
        raise HashbedError(f"cannot export to {path}: the file name must end in {EXPORT_SUFFIX}")
    check_target(path, store, "cannot export to", "a hashbed export", None if overwrite else read_export)


def check_costs_target(path: Path, store: Path, overwrite: bool) -> None:
    """``--export-costs PATH``: a .jsonl that is not the store, nor a file other than a costs file (unless ``overwrite``)."""
    if path.suffix != EXPORT_SUFFIX:
        raise HashbedError(f"cannot export the job costs to {path}: the file name must end in {EXPORT_SUFFIX}")
    check_target(path, store, "cannot export the job costs to", "a hashbed job costs file", None if overwrite else read_costs)


def _is_export(path: Path) -> bool:
    try:
        read_export(path)
    except HashbedError:
        return False
    return True


def _import_kind(other: Path, store: Path) -> bool:
    """Whether ``other``, a file to import into ``store``, is a database (else an export to read)."""
    fix = "pass the path of another hashbed.db or a .jsonl export"
    try:
        if not other.exists():
            raise HashbedError(f"cannot import {other}: no such file ({fix})")
        if not other.is_file():
            raise HashbedError(f"cannot import {other}: it is not a regular file, such as a folder, a device or a FIFO ({fix})")
        if store.exists() and other.samefile(store):
            raise HashbedError(f"cannot import {other}: it is the results database it would be imported into ({fix})")
        return is_sqlite(other)
    except OSError as exc:
        raise HashbedError(f"cannot import {other}: {exc.strerror} ({fix})") from None


def unsaved_paths(store: Path) -> list[Path]:
    """Where a result that cannot be stored in ``store`` goes, in order: beside the store, then,
    under a name of the store's own, hashbed's cache and the temporary folder."""
    try:
        name = f"{store.name[:100]}-{fingerprint(str(store.resolve()), digits=12)}.unsaved{EXPORT_SUFFIX}"
    except OSError:
        name = f"{store.name[:100]}.unsaved{EXPORT_SUFFIX}"
    return [
        store.with_name(store.name + ".unsaved" + EXPORT_SUFFIX),
        cache_root() / "unsaved" / name,
        Path(tempfile.gettempdir()) / name,
    ]


def _append_whole(path: Path, line: str) -> None:
    """``line`` added to the end of ``path`` whole, or the file left as it was (a full disk leaves
    no half line that would make the file's import fail)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        start = os.lseek(handle, 0, os.SEEK_END)
        data = line.encode()
        try:
            while data:
                data = data[os.write(handle, data) :]
            os.fsync(handle)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(handle, start)
            raise
    finally:
        os.close(handle)


def _me() -> tuple[str, int, int | None]:
    """This process as a claim names it: host, pid and the pid's start time."""
    return socket.gethostname(), os.getpid(), start_time(os.getpid())


def _alive(host: str, pid: int, started: int | None, renewed: float) -> bool:
    """Whether the driver of a claim still runs: on this host, its process; elsewhere, its renewals."""
    if host == socket.gethostname():
        return started is not None and start_time(pid) == started
    return time.time() - renewed < CLAIM_STALE_S


def _columns(row: tuple[Any, ...]) -> dict[str, Any]:
    job = dict(zip(JOB_COLUMNS, row))
    job["inputs"], job["outputs"] = json.loads(job["inputs"]), json.loads(job["outputs"])
    return job


def _insert(db: sqlite3.Connection, table: str, job: dict[str, Any], note: str | None = None, replace: bool = False) -> None:
    values = [json.dumps(job[c], sort_keys=True) if c in ("inputs", "outputs") else job[c] for c in JOB_COLUMNS]
    columns = [*JOB_COLUMNS, "note"] if note is not None else list(JOB_COLUMNS)
    verb = "INSERT OR REPLACE" if replace else "INSERT"
    db.execute(
        f"{verb} INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        [*values, note] if note is not None else values,
    )


def _check_all(jobs: list[dict[str, Any]], here: list[dict[str, Any]], doing: str, where: dict[str, str]) -> None:
    """Every job on its own and against the jobs it names (among ``jobs`` and ``here``);
    ``where`` names each job's place (a line of a file, a key) for the error."""
    by_key = {job["key"]: job for job in [*here, *jobs]}
    for job in jobs:
        try:
            check_job(job)
            named = {field: job["inputs"][field] for field in REFERENCES if field in job["inputs"]}
            missing = [f"{field} {key[:16]}..." for field, key in named.items() if key not in by_key]
            if missing:
                raise ValueError(f"it names {', '.join(missing)}, which is neither here nor in the store")
            check_references(job, {field: by_key[key]["outputs"] for field, key in named.items()})
        except ValueError as exc:
            raise HashbedError(f"{doing}: {where[job['key']]} (the {job['step']} job of {job['core']}): {exc}") from None
