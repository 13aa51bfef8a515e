"""What the store guarantees: a finished result is never lost or replaced by a failed one, the
store is checked before the work, imports validate every line and exports only add, and schema-1
jobs are upgraded to keys that hold everything that decides their result. The jobs used here are
real ones: lines of the published results (published/jobs.jsonl)."""

from __future__ import annotations

import copy
import dataclasses
import json
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hashbed.catalogue.cores import core_names, load_core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.devices import get_device
from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import ImplSettings
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore, job_key
from hashbed.results import store as store_module
from hashbed.results.exchange import export_line
from hashbed.results.migrate import POINT_FIELDS, ROW_FIELDS
from hashbed.results.records import JOB_COLUMNS
from hashbed.results.store import SCHEMA_VERSION
from support.stored_jobs import PUBLISHED, one_line_error, pick, published, row_with_sources, write_jobs

# --- a finished result stays the answer ---------------------------------------------------------


def test_a_failed_rerun_never_replaces_a_finished_implementation(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hashbed implement sha1 --device ecp5-25k --force --timeout 1`: Yosys cannot finish in a
    second, and the finished implementation stays, in the store and in what it exports."""
    core, settings = load_core("sha1"), ImplSettings(get_device("ecp5-25k"))
    finished = pick("implement", core="sha1", device="ecp5-25k", status="ok")["outputs"]
    with ResultStore(db) as store:
        done = store.put("implement", settings.inputs(core), finished)
    build = tmp_path / "build"
    code = main(
        ["implement", "sha1", "--device", "ecp5-25k", "--force", "--timeout", "1", "--db", str(db), "--build-dir", str(build)]
    )
    err = capsys.readouterr().err
    assert code == 1 and "did not finish within 1 s" in err and f"the stored result of {done.finished_at} stays" in err
    with ResultStore(db) as store:
        assert store.get("implement", settings.inputs(core)) == done
        [attempt] = store.attempts(done.key)
        assert attempt["status"] == "failed" and "stays the answer" in attempt["note"]
        store.export_to(tmp_path / "out.jsonl")
    assert json.loads((tmp_path / "out.jsonl").read_text())["outputs"] == finished


def test_results_of_a_key_rank_finished_then_does_not_fit_then_failed(db: Path) -> None:
    inputs = {"core": "x", "device": "ecp5-25k", "seed": 1}
    with ResultStore(db) as store:
        too_big = store.put("implement", inputs, {"fits": False}, error="does not fit: 30000 LUT4s")
        store.put("implement", inputs, {}, error="nextpnr: killed")
        assert store.get("implement", inputs) == too_big  # a final result outranks a failure
        done = store.put("implement", inputs, {"luts": 10})
        assert store.get("implement", inputs) == done  # a finished one outranks "does not fit"
        again = store.put("implement", inputs, {"luts": 11})
        assert store.get("implement", inputs) == again  # among equals the latest is the answer
        notes = [a["note"] for a in store.attempts(done.key)]
        assert len(notes) == 3 and notes[0].startswith("the stored result of") and notes[2].startswith("replaced by the run of")


# --- the store is checked before the work -------------------------------------------------------


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` made unwritable: immutable for root (who ignores file modes), read-only otherwise."""
    if shutil.which("chattr") and subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode == 0:
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        return
    path.chmod(0o444)
    try:
        with open(path, "r+b"):
            pytest.skip("this user can write to read-only files and chattr is not available")
    except PermissionError:
        pass
    try:
        yield
    finally:
        path.chmod(0o644)


def test_an_unwritable_store_stops_the_job_before_its_work(db: Path, tmp_path: Path) -> None:
    ran = []
    with ResultStore(db) as store:
        store.put("verify", {"core": "x"}, {"cycles": 1})
        store.close()
    with read_only(db), ResultStore(db) as store:
        assert [job.core for job in store.jobs()] == ["x"]  # reading still works
        with pytest.raises(
            HashbedError, match=r"cannot write to results database .*readonly.*\(make the file and its folder writable"
        ):
            Jobs(store, tmp_path).run_job("verify", {"core": "y"}, lambda: (ran.append(1), ({}, None))[1])
    assert ran == []


def test_a_write_lock_held_too_long_stops_the_job_before_its_work(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "LOCK_WAIT_S", 0.2)
    ran = []
    with ResultStore(db) as store:
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        with pytest.raises(HashbedError, match="holds its write lock for more than 0.2 s: let it finish, or pass another --db"):
            Jobs(store, tmp_path).run_job("verify", {"core": "y"}, lambda: (ran.append(1), ({}, None))[1])
        holder.execute("ROLLBACK")
        holder.close()
    assert ran == []


def test_a_result_that_cannot_be_stored_is_saved_beside_the_store(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(store_module, "LOCK_WAIT_S", 0.2)
    job = pick("implement", status="ok")
    holder = sqlite3.connect(db, isolation_level=None)

    def work() -> tuple[dict[str, Any], str | None]:  # another process takes the lock while the job runs
        holder.execute("BEGIN IMMEDIATE")
        return job["outputs"], None

    with ResultStore(db) as store:
        with pytest.raises(
            HashbedError, match=r"cannot store the result of implement .* it is saved in .*results.db.unsaved.jsonl: run"
        ):
            Jobs(store, tmp_path).run_job("implement", job["inputs"], work)
    holder.execute("ROLLBACK")
    holder.close()
    unsaved = db.with_name("results.db.unsaved.jsonl")
    assert main(["results", "--db", str(db), "--import", str(unsaved), "--json"]) == 0
    with ResultStore(db) as store:
        stored = store.job(job["key"])
        assert stored is not None and stored.ok and stored.outputs == job["outputs"]


def test_a_damaged_store_or_export_folder_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damaged = tmp_path / "damaged.db"
    with ResultStore(damaged) as store:
        for number in range(300):
            store.put("verify", {"core": f"core{number}", "padding": "x" * 400}, {"cycles": number})
    data = bytearray(damaged.read_bytes())
    data[8192:] = b"\xff" * (len(data) - 8192)  # garbage pages after the schema's
    damaged.write_bytes(data)
    assert main(["results", "--db", str(damaged)]) == 1
    assert "damaged.db: database disk image is malformed (it is damaged: restore it from a copy" in one_line_error(capsys)
    assert main(["results", "--db", str(tmp_path / "ok.db"), "--export", str(tmp_path / "no" / "such" / "out.jsonl")]) == 1
    assert "cannot export to" in one_line_error(capsys)
    assert main(["results", "--db", str(tmp_path)]) == 1
    assert "is a folder" in one_line_error(capsys)


# --- imports check every line -------------------------------------------------------------------


def _drop_checksum_and(edit: Any) -> Any:
    def change(line: dict[str, Any]) -> None:
        line.pop("checksum")
        edit(line)

    return change


EDITS = [
    ("fmax edited", lambda line: line["outputs"].update(fmax_mhz=999.0), "line 2: its checksum does not match its fields"),
    (
        "fmax edited, checksum gone",
        _drop_checksum_and(lambda line: line["outputs"].update(fmax_mhz=999.0)),
        "line 3 \\(the metrics job of sha1\\): outputs.fmax_mhz 143.76 is not its implementation's 999.0",
    ),
    (
        "core column changed",
        _drop_checksum_and(lambda line: line.update(core="sha256")),
        "line 2: its core column is 'sha256' but its inputs say 'sha1'",
    ),
    (
        "status not a status",
        _drop_checksum_and(lambda line: line.update(status="done")),
        "line 2: status: Input should be 'ok' or 'failed'",
    ),
    (
        "negative LUTs",
        _drop_checksum_and(lambda line: line["outputs"].update(luts=-5)),
        "line 2: outputs.luts: Input should be greater than or equal to 0",
    ),
    (
        "LUTs as text",
        _drop_checksum_and(lambda line: line["outputs"].update(luts="763")),
        "line 2: outputs.luts: Input should be a valid integer",
    ),
    (
        "an unknown output",
        _drop_checksum_and(lambda line: line["outputs"].update(bonus=1)),
        "line 2: outputs.bonus: Extra inputs are not permitted",
    ),
    (
        "finished with an error",
        _drop_checksum_and(lambda line: line.update(error="boom")),
        "line 2: status 'ok' with error 'boom'",
    ),
    (
        "key edited",
        _drop_checksum_and(lambda line: line.update(key="0" * 64)),
        "line 2: its key is not the hash of its step and inputs",
    ),
    (
        "an unknown step",
        _drop_checksum_and(lambda line: line.update(step="bench", key=job_key("bench", line["inputs"]))),
        "line 2: step: Input should be 'verify'",
    ),
]


@pytest.mark.parametrize(("what", "edit", "problem"), EDITS, ids=[e[0] for e in EDITS])
def test_an_edited_line_refuses_the_import_naming_it(tmp_path: Path, what: str, edit: Any, problem: str) -> None:
    measure, implement, metrics = row_with_sources()
    lines = [export_line(job) for job in (measure, implement, metrics)]
    line = json.loads(lines[1])
    edit(line)
    lines[1] = json.dumps(line) + "\n"
    export = tmp_path / "edited.jsonl"
    export.write_text("".join(lines))
    with ResultStore(tmp_path / "new.db") as store:
        with pytest.raises(HashbedError, match=f"cannot import {export}: {problem}"):
            store.import_from(export)
        assert store.jobs() == []  # nothing of a refused file


def test_a_broken_file_refuses_the_import_naming_the_line(tmp_path: Path) -> None:
    measure, implement, metrics = row_with_sources()
    cases = {
        "not json": (export_line(measure) + "{not json\n", "line 2: Expecting property name"),
        "twice": (export_line(measure) * 2, "line 2 repeats the job of line 1"),
        "an orphan row": (
            export_line(metrics),
            "line 1 \\(the metrics job of sha1\\): it names measure_job .*, implement_job .*, which is neither",
        ),
        "utf-16": (None, "not UTF-8 text"),
    }
    for name, (text, problem) in cases.items():
        export = tmp_path / f"{name}.jsonl"
        export.write_bytes(export_line(measure).encode("utf-16") if text is None else text.encode())
        with (
            ResultStore(tmp_path / f"{name}.db") as store,
            pytest.raises(HashbedError, match=f"cannot import {export}: {problem}"),
        ):
            store.import_from(export)


def test_an_import_never_takes_a_finished_job_away(db: Path, tmp_path: Path) -> None:
    measure, implement, metrics = row_with_sources()
    export = write_jobs(tmp_path / "three.jsonl", [measure, implement, metrics])
    with ResultStore(db) as store:
        store.put("implement", implement["inputs"], {}, error="nextpnr: killed")  # a failure under the same key
        count = store.import_from(export)
        assert (count.added, count.present) == (3, 0)
        stored = store.job(implement["key"])
        assert stored is not None and stored.ok and stored.outputs == implement["outputs"]
        assert [a["error"] for a in store.attempts(implement["key"])] == ["nextpnr: killed"]
        rerun = store.put("implement", implement["inputs"], implement["outputs"])  # a later finished run
        assert store.import_from(export).present == 3  # the store's own finished result stays
        assert store.job(implement["key"]) == rerun


def test_an_export_only_adds_to_the_file_it_replaces(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    measure, implement, metrics = row_with_sources()
    export = write_jobs(tmp_path / "published.jsonl", [measure, implement, metrics])
    before = export.read_text()
    with ResultStore(db) as store:
        store.import_from(write_jobs(tmp_path / "part.jsonl", [measure]))
    assert main(["results", "--db", str(db), "--export", str(export)]) == 1
    assert f"it holds 2 final jobs that {db} does not" in one_line_error(capsys)
    assert export.read_text() == before
    assert main(["results", "--db", str(db), "--import", str(export), "--export", str(export)]) == 0  # what `make publish` runs
    assert export.read_text() == before


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_lines_import_or_fail_with_a_one_line_error(tmp_path: Path, data: st.DataObject) -> None:
    """Any edit of a real export line (a value replaced, a field removed or added, the text cut
    or spliced) either imports or is a one-line HashbedError, never another exception."""
    jobs = row_with_sources()
    index = data.draw(st.integers(0, 2))
    line: Any = json.loads(export_line(jobs[index]))
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=6,
    )
    for _ in range(data.draw(st.integers(1, 3))):
        target = line
        path = data.draw(st.sampled_from([[], ["inputs"], ["outputs"]]))
        for part in path:
            target = target[part] if isinstance(target, dict) and isinstance(target.get(part), dict) else target
        if not isinstance(target, dict) or not target:
            continue
        field = data.draw(st.sampled_from(sorted(target)))
        action = data.draw(st.sampled_from(["replace", "remove", "add"]))
        if action == "replace":
            target[field] = data.draw(json_values)
        elif action == "remove":
            del target[field]
        else:
            target[data.draw(st.text(min_size=1, max_size=6))] = data.draw(json_values)
    text = "".join(export_line(job) for i, job in enumerate(jobs) if i != index) + json.dumps(line) + "\n"
    if data.draw(st.booleans()):
        cut = data.draw(st.integers(0, len(text)))
        text = text[:cut] + data.draw(st.text(max_size=10)) + text[cut:]
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    export = folder / "fuzzed.jsonl"
    export.write_text(text)
    with ResultStore(folder / "fuzzed.db") as store:
        try:
            store.import_from(export)
        except HashbedError as exc:
            assert "\n" not in str(exc)


# --- schema 1 to schema 2 -----------------------------------------------------------------------


def downgrade(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The jobs as hashbed wrote them before schema 2: without the inputs that decide their
    result and were left out of their keys then, named by their schema-1 keys."""
    old = [copy.deepcopy(job) for job in jobs]
    renamed = {}
    for step in ("measure", "pipe_check", "metrics", "pipe_metrics", "energy", "time", "testbed", "implement", "verify"):
        for job in (j for j in old if j["step"] == step):
            inputs = job["inputs"]
            for name in {
                "measure": ("cycles",),
                "energy": ("cycles",),
                "time": ("cycles",),
                "testbed": ("cycles", "software"),
                "pipe_check": ("interval",),
                "metrics": ROW_FIELDS,
                "pipe_metrics": POINT_FIELDS,
            }.get(step, ()):
                del inputs[name]
            for reference in ("measure_job", "check_job"):
                if reference in inputs:
                    inputs[reference] = renamed[inputs[reference]]
            renamed[job["key"]] = job["key"] = job_key(step, inputs)
    return old


def test_schema_1_exports_and_stores_upgrade_to_the_published_keys(tmp_path: Path) -> None:
    everything = published()
    # Two published jobs that differ only in an input schema 1 did not have (a testbed job of
    # before and after schema 5 named its software) were one job then: the first of them stands.
    seen: set[str] = set()
    jobs, old = [], []
    for job, before in zip(everything, downgrade(everything)):
        if before["key"] not in seen:
            seen.add(before["key"])
            jobs.append(job)
            old.append(before)
    kept = {job["key"] for job in jobs}
    expected = "".join(line for line in PUBLISHED.read_text().splitlines(keepends=True) if json.loads(line)["key"] in kept)
    unchanged = sum(j["step"] in ("implement", "verify", "lwc_bench") for j in jobs)
    assert len({job["key"] for job in old} & kept) == unchanged
    # an export of hashbed before schema 2: lines without a checksum
    export = tmp_path / "old.jsonl"
    export.write_text("".join(json.dumps(job, sort_keys=True) + "\n" for job in old))
    with ResultStore(tmp_path / "new.db") as store:
        assert store.import_from(export).upgraded == len(jobs) - unchanged
        store.export_to(tmp_path / "again.jsonl")
    assert (tmp_path / "again.jsonl").read_text() == expected
    # a store of schema 1, opened by this hashbed
    with ResultStore(tmp_path / "old.db") as store:
        store.close()
    with sqlite3.connect(tmp_path / "old.db") as raw:
        raw.execute("DROP TABLE attempts")
        raw.execute("PRAGMA user_version = 1")
        raw.executemany(
            "INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                tuple(json.dumps(job[c], sort_keys=True) if c in ("inputs", "outputs") else job[c] for c in JOB_COLUMNS)
                for job in old
            ],
        )
    raw.close()
    with ResultStore(tmp_path / "old.db") as store:
        assert store.schema_version == SCHEMA_VERSION
        store.export_to(tmp_path / "migrated.jsonl")
    assert (tmp_path / "migrated.jsonl").read_text() == expected


def test_a_changed_cycle_formula_is_measured_again(db: Path, tmp_path: Path) -> None:
    core = load_core("sha1")
    with ResultStore(db) as store:
        assert Jobs(store, tmp_path).measure(core).ok
        wrong = dataclasses.replace(core, cycles=CycleFormula.parse("17 + 80*N + 5"))
        record = Jobs(store, tmp_path).measure(wrong)
        assert not record.reused and not record.ok
        assert record.error is not None and "differs from the manifest's 17 + 80·N + 5" in record.error
        assert Jobs(store, tmp_path).measure(core).reused  # the manifest's own formula: its stored job


def test_the_published_results_import_whole_and_export_as_committed(tmp_path: Path) -> None:
    lines = PUBLISHED.read_text().splitlines()
    with ResultStore(tmp_path / "store.db") as store:
        count = store.import_from(PUBLISHED)
        assert (count.added, count.present, count.upgraded) == (len(lines), 0, 0)  # every line a final job of schema 2
        assert store.import_from(PUBLISHED).present == len(lines)  # importing twice adds nothing
        store.export_to(tmp_path / "again.jsonl")
    assert (tmp_path / "again.jsonl").read_text() == PUBLISHED.read_text()  # as `make publish` writes it


def test_an_export_holds_the_final_jobs_only(db: Path, tmp_path: Path) -> None:
    measure, implement, metrics = row_with_sources()
    too_big = pick("implement", status="failed")
    with ResultStore(db) as store:
        store.import_from(write_jobs(tmp_path / "in.jsonl", [measure, implement, metrics, too_big]))
        store.put("verify", {"core": "y"}, {}, error="the core never answered")
        assert store.export_to(tmp_path / "out.jsonl") == 4  # "does not fit" is a result; a failed run stays home
        with pytest.raises(HashbedError, match="file name must end in .jsonl"):
            store.export_to(tmp_path / "out.json")
    assert (tmp_path / "out.jsonl").read_text() == (tmp_path / "in.jsonl").read_text()


def test_the_published_implementations_keep_their_keys() -> None:
    """Job keys are a public contract: a published implementation of a core whose Verilog has not
    changed since is found under the key the code computes now, so it is never run again."""
    current = kept = 0
    names = set(core_names())
    for job in published():
        if job["step"] != "implement" or job["core"] not in names:
            continue
        core, inputs = load_core(job["core"]), job["inputs"]
        options = tuple(sorted(inputs.get("options", {}).items()))  # an exploration's runs
        now = ImplSettings(get_device(inputs["device"]), inputs["seed"], inputs["freq_mhz"], options=options).inputs(core)
        if inputs["core_fingerprint"] == now["core_fingerprint"]:
            assert now == inputs and job_key("implement", now) == job["key"], (job["core"], inputs["device"])
            current += 1
        else:  # made from an older version of the core's Verilog
            assert {k: v for k, v in now.items() if k != "core_fingerprint"} == {
                k: v for k, v in inputs.items() if k != "core_fingerprint"
            }
            kept += 1
    assert current >= 60, (current, kept)  # the cores whose Verilog is unchanged since their rows were published
