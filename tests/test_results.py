"""The results store and the pipeline's reuse of finished jobs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hashbed.cli import main
from hashbed.cores import load_core
from hashbed.errors import HashbedError
from hashbed.pipeline import Pipeline
from hashbed.results import ResultStore


def test_put_get_and_upsert(db: Path) -> None:
    with ResultStore(db) as store:
        inputs = {"core": "x", "device": "ecp5-25k", "seed": 1, "n": 1}
        first = store.put("implement", inputs, {"luts": 10})
        assert store.get("implement", inputs) == first
        assert store.get("implement", {**inputs, "n": 2}) is None
        store.put("implement", inputs, {}, error="nextpnr: no route")
        [only] = store.jobs("implement")
        assert only.status == "failed" and only.error == "nextpnr: no route" and only.device == "ecp5-25k"
    with sqlite3.connect(db) as raw:  # the inputs are stored whole, as JSON
        assert '"n": 1' in raw.execute("SELECT inputs FROM jobs").fetchone()[0]


def test_unusable_database_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "not.db"
    bad.write_text("this is not a database" * 100)
    with pytest.raises(HashbedError, match=f"cannot use results database {bad}"):
        ResultStore(bad)


def test_finished_jobs_are_reused_unless_forced(db: Path, tmp_path: Path) -> None:
    core = load_core("sha1")
    with ResultStore(db) as store:
        first = Pipeline(store, tmp_path).measure(core)
        assert first.ok and first.outputs["lp"] == core.cycles.lp
        again = Pipeline(store, tmp_path).measure(core)
        assert again.finished_at == first.finished_at and again.outputs == first.outputs
        forced = Pipeline(store, tmp_path, force=True).measure(core)
        assert forced.outputs == first.outputs
        assert len(store.jobs("measure")) == 1  # same inputs: one row, replaced


def test_import_copies_finished_jobs_once(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.db"
    with ResultStore(other) as store:
        store.put("implement", {"core": "x", "device": "ecp5-85k", "seed": 1}, {"luts": 10})
        store.put("implement", {"core": "y", "device": "ecp5-85k", "seed": 1}, {}, error="nextpnr: no route")
    with ResultStore(db) as store:
        mine = store.put("implement", {"core": "x", "device": "ecp5-85k", "seed": 1}, {"luts": 11})
        assert store.import_from(other) == (0, 1)  # same key: this store's row stays
        assert store.jobs("implement") == [mine]
    assert main(["results", "--db", str(tmp_path / "new.db"), "--import", str(other), "--json"]) == 0
    assert "1 jobs copied, 0 already" in capsys.readouterr().err
    with ResultStore(tmp_path / "new.db") as store:
        [copied] = store.jobs("implement")
        assert copied.outputs == {"luts": 10} and copied.ok
        assert store.import_from(other) == (0, 1)
    with pytest.raises(HashbedError, match="cannot import .*missing.db: no such file"):
        ResultStore(db).import_from(tmp_path / "missing.db")
