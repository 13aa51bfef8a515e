"""The store and the files ``hashbed results`` reads and writes, against the cases of issue 40: no
command writes over a file it did not make (the store above all) unless told with --overwrite, a
command that only reads makes no store, a finished result survives a full disk, and a wrong
file or name is a one-line error that names it and the way out. Real files, real SQLite."""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.cli.main import main
from hashbed.explore.recipe import read_recipe
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from hashbed.results import store as store_module
from hashbed.results.store import SCHEMA_VERSION
from support.stored_jobs import one_line_error, pick, put_run, row_with_sources, write_jobs


def store_with_runs(path: Path) -> Path:
    """A store with finished implement runs of sha1's present sources, so that --best finds a best run."""
    with ResultStore(path) as store:
        put_run(store, load_core("sha1"), 150.0, 500, seed=1)
        put_run(store, load_core("sha1"), 120.0, 400, seed=2)
    return path


def keys(path: Path) -> set[str]:
    with sqlite3.connect(path) as raw:
        found = {row[0] for row in raw.execute("SELECT key FROM jobs")}
    raw.close()
    return found


# --- case 1 and the "done when": no file written over unless told -----------------------------------


def test_export_settings_never_writes_over_the_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    victim = store_with_runs(tmp_path / "victim.db")
    before = keys(victim)
    argv = ["results", "--best", "--rank-by", "tpa", "--db", str(victim), "--export-settings", str(victim)]
    assert main(argv) == 1
    assert f"cannot export settings to {victim}: it is the results database {victim} itself" in one_line_error(capsys)
    assert main([*argv, "--overwrite"]) == 1  # not even when told
    assert "itself" in one_line_error(capsys)
    assert keys(victim) == before and main(["results", "--best", "--rank-by", "tpa", "--db", str(victim), "--json"]) == 0


def test_export_settings_replaces_a_settings_file_but_not_another_file_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = store_with_runs(tmp_path / "r.db")
    notes = tmp_path / "notes.json"
    notes.write_text("my notes\n")
    argv = ["results", "--best", "--rank-by", "tpa", "--db", str(db), "--json", "--export-settings", str(notes)]
    assert main(argv) == 1
    error = one_line_error(capsys)
    assert f"cannot export settings to {notes}: the file there is not a hashbed settings file" in error
    assert "--overwrite to replace it" in error and notes.read_text() == "my notes\n"
    assert main([*argv, "--overwrite"]) == 0
    assert [entry.core for entry in read_recipe(notes)] == ["sha1"]
    assert main(argv) == 0  # a settings file hashbed wrote is replaced without being told
    capsys.readouterr()


def test_export_and_export_costs_keep_a_file_that_is_not_theirs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = store_with_runs(tmp_path / "r.db")
    other = tmp_path / "other.jsonl"
    other.write_text('{"someone": "else"}\n')
    for option in ("--export", "--export-costs"):
        assert main(["results", "--db", str(db), option, str(other)]) == 1
        assert "the file there is not a hashbed" in one_line_error(capsys)
        assert other.read_text() == '{"someone": "else"}\n'
    assert main(["results", "--db", str(db), "--export", str(other), "--overwrite"]) == 0
    assert len(other.read_text().splitlines()) == 2
    capsys.readouterr()
    assert main(["results", "--db", str(db), "--export-costs", str(other)]) == 1  # an export is not a costs file
    assert "not a hashbed job costs file" in one_line_error(capsys)
    same = tmp_path / "same.jsonl"
    assert main(["results", "--db", str(db), "--export", str(same), "--export-costs", str(same)]) == 1
    assert "pass a FILE of its own to each" in one_line_error(capsys) and not same.exists()


# --- case 2: a finished result survives a full disk ---------------------------------------------------


def fill_up(store: ResultStore) -> None:
    """The store's disk is full from now on: SQLite may not grow the file by a page (SQLITE_FULL),
    and the pages it has are full."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with contextlib.suppress(sqlite3.OperationalError):
        for number in itertools.count():
            store._db.execute(
                "INSERT INTO jobs VALUES (?, 'verify', 'padding', NULL, NULL, 'ok', NULL, '{}', '{}', '0', '0')",
                (f"padding {number:08d}",),
            )
    with pytest.raises(sqlite3.OperationalError, match="database or disk is full"):
        store._db.execute("INSERT INTO jobs VALUES ('one more', 'verify', 'x', NULL, NULL, 'ok', NULL, '{}', '{}', '0', '0')")


def full_beside_the_store(db: Path, monkeypatch: pytest.MonkeyPatch, also: Callable[[Path], bool] = lambda path: False) -> None:
    """Writing the file beside the store (and those ``also`` names) fails as on a full disk."""
    append = store_module._append_whole

    def on_full_disk(path: Path, line: str) -> None:
        if path.parent == db.parent or also(path):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        append(path, line)

    monkeypatch.setattr(store_module, "_append_whole", on_full_disk)


def run_on_full_disk(db: Path, tmp_path: Path, job: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``job`` into the store at ``db``, its disk filling up while the job works; the one-line error."""
    with ResultStore(db) as store:

        def work() -> tuple[dict[str, Any], str | None]:
            fill_up(store)
            return job["outputs"], None

        assert main(["results", "--db", str(db)]) == 0  # the store opens and reads
        capsys.readouterr()
        try:
            Jobs(store, tmp_path / "build").run_job("implement", job["inputs"], work)
        except store_module.HashbedError as exc:
            return str(exc)
    raise AssertionError("the job's result was stored on a full disk")


def import_and_check(db: Path, unsaved: Path, job: dict[str, Any]) -> None:
    assert main(["results", "--db", str(db), "--import", str(unsaved)]) == 0
    with ResultStore(db) as store:
        stored = store.job(job["key"])
        assert stored is not None and stored.ok and stored.outputs == job["outputs"]


def test_a_result_goes_to_the_cache_when_the_disk_of_the_store_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "data" / "f.db"
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    full_beside_the_store(db, monkeypatch)
    job = pick("implement", status="ok")
    message = run_on_full_disk(db, tmp_path, job, capsys)
    [unsaved] = (tmp_path / "cache" / "unsaved").iterdir()
    assert f"it is saved in {unsaved} (it could not go to {db}.unsaved.jsonl: No space left on device)" in message
    assert f"run 'hashbed results --db {db} --import {unsaved}' once the store can be written" in message
    assert not db.with_name("f.db.unsaved.jsonl").exists()
    import_and_check(db, unsaved, job)


def test_a_result_is_printed_when_no_file_can_take_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "f.db"
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    full_beside_the_store(db, monkeypatch, also=lambda path: True)
    job = pick("implement", status="ok")
    message = run_on_full_disk(db, tmp_path, job, capsys)
    assert "nor in a file" in message and "it is the JSON line above: save that line in a file" in message
    assert f"'hashbed results --db {db} --import result.jsonl'" in message
    [line] = capsys.readouterr().err.splitlines()
    saved = tmp_path / "result.jsonl"
    saved.write_text(line + "\n")
    import_and_check(db, saved, job)


def test_a_write_that_fills_the_disk_leaves_no_half_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    unsaved = write_jobs(tmp_path / "f.db.unsaved.jsonl", [pick("verify", status="ok")])
    before = unsaved.read_bytes()
    write = os.write

    def half_then_full(handle: int, data: bytes) -> int:
        if len(data) < 100:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(handle, data[: len(data) // 2])

    monkeypatch.setattr(store_module.os, "write", half_then_full)
    with pytest.raises(OSError, match="No space left"):
        store_module._append_whole(unsaved, json.dumps(pick("implement", status="ok")) + "\n")
    monkeypatch.undo()
    assert unsaved.read_bytes() == before


# --- case 15: a file name too long ---------------------------------------------------------------------


def test_a_file_name_too_long_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = tmp_path / ("a" * 300 + ".db")
    assert main(["results", "--db", str(long)]) == 1
    assert f"cannot use results database {long}: File name too long (pass another --db)" in one_line_error(capsys)
    db = store_with_runs(tmp_path / "r.db")
    assert main(["results", "--db", str(db), "--import", str(long)]) == 1
    assert "File name too long" in one_line_error(capsys)
    assert main(["results", "--db", str(db), "--export", str(long.with_suffix(".jsonl"))]) == 1
    assert "File name too long" in one_line_error(capsys)


# --- case 17: names that are not there -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [("--device", "nosuch", "unknown device 'nosuch'; known devices: ecp5-25k"), ("--core", "../x", "unknown core '../x'")],
)
def test_an_unknown_core_or_device_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, value: str, words: str
) -> None:
    db = store_with_runs(tmp_path / "r.db")
    for more in ([], ["--costs"], ["--best", "--rank-by", "tpa"]):
        assert main(["results", "--db", str(db), option, value, *more]) == 1
        assert words in one_line_error(capsys)


def test_a_core_that_left_the_catalogue_is_still_found_in_the_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.db"
    with ResultStore(db) as store:
        cost = {"wall_s": 1.0, "cpu_s": 1.0, "peak_mb": 1.0, "host": "h"}
        store.put("implement", {"core": "gone", "device": "ecp5-25k", "seed": 1}, {}, "failed", cost)
    assert main(["results", "--db", str(db), "--costs", "--core", "gone", "--json"]) == 0
    assert [cost["core"] for cost in json.loads(capsys.readouterr().out)] == ["gone"]


@pytest.mark.parametrize("name", ["typo.db", "nodir/x/y.db"])
def test_a_command_that_only_reads_makes_no_store(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    missing = tmp_path / name
    for more in ([], ["--best", "--rank-by", "tpa"], ["--costs"], ["--export", str(tmp_path / "e.jsonl")]):
        assert main(["results", "--db", str(missing), *more]) == 1
        assert f"there is no results database at {missing} (pass the --db of an existing one" in one_line_error(capsys)
    assert sorted(path.name for path in tmp_path.iterdir()) == []
    export = write_jobs(tmp_path / "in.jsonl", row_with_sources())
    assert main(["results", "--db", str(missing), "--import", str(export), "--json"]) == 0  # an import makes one
    assert len(keys(missing)) == 3


# --- case 23: files that are not what they are passed as -------------------------------------------------


def test_an_export_passed_as_the_store_is_told_to_be_imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    export = write_jobs(tmp_path / "export.jsonl", row_with_sources())
    text = export.read_text()
    assert main(["results", "--db", str(export)]) == 1
    error = one_line_error(capsys)
    assert f"{export}: it is a JSON-lines export, not a database" in error
    assert f"'hashbed results --db hashbed.db --import {export}'" in error and export.read_text() == text
    assert main(["results", "--db", str(tmp_path / "new.jsonl"), "--import", str(export)]) == 1
    assert "a .jsonl file is an export, not a database" in one_line_error(capsys)
    assert not (tmp_path / "new.jsonl").exists()


def test_a_device_or_a_fifo_is_not_imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = store_with_runs(tmp_path / "r.db")
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for other in (Path("/dev/zero"), fifo):
        assert main(["results", "--db", str(db), "--import", str(other)]) == 1
        assert f"cannot import {other}: it is not a regular file" in one_line_error(capsys)
    assert main(["results", "--db", str(db), "--import", str(tmp_path / "none.jsonl")]) == 1
    assert "none.jsonl: no such file" in one_line_error(capsys)


def test_an_export_line_with_a_field_too_many_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    export = write_jobs(tmp_path / "export.jsonl", row_with_sources())
    lines = export.read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), "comment": "mine"})
    export.write_text("\n".join(lines) + "\n")
    db = store_with_runs(tmp_path / "r.db")
    assert main(["results", "--db", str(db), "--import", str(export)]) == 1
    assert f"cannot import {export}: line 2: unknown field 'comment' (a job is a JSON object" in one_line_error(capsys)
    del lines[1]
    lines[0] = json.dumps({key: value for key, value in json.loads(lines[0]).items() if key != "outputs"})
    export.write_text("\n".join(lines) + "\n")
    assert main(["results", "--db", str(db), "--import", str(export)]) == 1
    assert "line 1: no field 'outputs'" in one_line_error(capsys)


def test_a_store_of_a_newer_schema_is_not_imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    newer = tmp_path / "newer.db"
    with ResultStore(newer) as store:
        for job in row_with_sources():
            store_module._insert(store._db, "jobs", job, replace=True)
    with sqlite3.connect(newer) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    db = store_with_runs(tmp_path / "r.db")
    before = keys(db)
    assert main(["results", "--db", str(db), "--import", str(newer)]) == 1
    error = one_line_error(capsys)
    assert f"cannot import {newer}: it has schema version {SCHEMA_VERSION + 1}, newer than this hashbed's" in error
    assert keys(db) == before


def test_another_programs_database_is_left_as_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "app.db"
    with sqlite3.connect(other) as raw:
        raw.execute("CREATE TABLE contacts (name TEXT)")
    raw.close()
    assert main(["results", "--db", str(other)]) == 1
    error = one_line_error(capsys)
    assert f"cannot use results database {other}: it is an SQLite database of another program (its tables: contacts)" in error
    with sqlite3.connect(other) as raw:
        assert [row[0] for row in raw.execute("SELECT name FROM sqlite_master")] == ["contacts"]
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 0
    raw.close()
    db = store_with_runs(tmp_path / "r.db")
    assert main(["results", "--db", str(db), "--import", str(other)]) == 1
    assert "without hashbed's jobs table, not a hashbed results database" in one_line_error(capsys)


def test_export_costs_keeps_a_file_that_is_not_a_costs_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.db"
    with ResultStore(db) as store:
        cost = {"wall_s": 1.0, "cpu_s": 1.0, "peak_mb": 1.0, "host": "h"}
        store.put("implement", {"core": "sha1", "device": "ecp5-25k", "seed": 1}, {}, "failed", cost)
    victim = store_with_runs(tmp_path / "victim.db")
    before = victim.read_bytes()
    assert main(["results", "--db", str(db), "--export-costs", str(victim)]) == 1
    assert f"cannot export the job costs to {victim}: the file name must end in .jsonl" in one_line_error(capsys)
    assert victim.read_bytes() == before
    costs = tmp_path / "costs.jsonl"
    costs.write_bytes(b"\xff\xfe not text\n")
    assert main(["results", "--db", str(db), "--export-costs", str(costs)]) == 1
    assert "not a hashbed job costs file, and is left as it is" in one_line_error(capsys)
    assert main(["results", "--db", str(db), "--export-costs", str(costs), "--overwrite"]) == 0
    assert main(["results", "--db", str(db), "--export-costs", str(costs)]) == 0  # a costs file: its runs stay
    assert [json.loads(line)["core"] for line in costs.read_text().splitlines()] == ["sha1"]
