"""The best stored run per core and device (hashbed.explore.best), its recipe (hashbed.explore.recipe),
``hashbed results --best`` and ``hashbed bench --settings``. Implement jobs are put into a store
in tmp_path with the inputs ImplSettings gives, so no place and route runs."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hashbed.catalogue.cores import Core, load_core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.options import Choice
from hashbed.cli.main import main
from hashbed.explore.best import best_run, best_runs, fmax_over_seeds
from hashbed.explore.criteria import figures
from hashbed.explore.recipe import read_recipe
from hashbed.flow.impl.implement import ImplSettings
from hashbed.jobs.graph import Node, graph_of
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from support.stored_jobs import DEVICE, put_run

DFF: Choice = (("dff", "on"),)
ROUTER2: Choice = (("router", "router2"),)


@pytest.fixture
def sha1() -> Core:
    return load_core("sha1")


@pytest.fixture
def store(db: Path, sha1: Core) -> Iterator[ResultStore]:
    """Four runs of sha1 that each criterion ranks differently, and runs that must not count."""
    with ResultStore(db) as store:
        put_run(store, sha1, 200.0, 1000, seed=1)  # fastest, but D is as fast with fewer LUTs
        put_run(store, sha1, 150.0, 500, seed=2, options=DFF)  # B: best throughput per LUT
        put_run(store, sha1, 100.0, 400, seed=3, freq=80.0)  # C: fewest LUTs
        put_run(store, sha1, 200.0, 900, seed=4, options=ROUTER2)  # D: fastest and smaller than A
        # not counted: another version of the sources, a failed run, a run that does not fit, another device
        put_run(store, sha1, 999.0, 10, seed=5, core_fingerprint="0" * 16)
        failed = ImplSettings(get_device(DEVICE), 6).inputs(sha1)
        store.put("implement", failed, {}, "nextpnr: ERROR: something")
        too_big = ImplSettings(get_device(DEVICE), 7).inputs(sha1)
        store.put("implement", too_big, {"fits": False}, "does not fit: no bels remaining")
        put_run(store, sha1, 50.0, 2000, device="ecp5-25k")
        yield store


@pytest.mark.parametrize(("criterion", "seed"), [("throughput", 4), ("latency", 4), ("area", 3), ("tpa", 2), ("latency-area", 2)])
def test_each_criterion_picks_its_run(store: ResultStore, sha1: Core, criterion: str, seed: int) -> None:
    best = best_run(store, sha1, DEVICE, criterion)
    assert best is not None and best.seed == seed and best.runs == 4 and best.criterion == criterion
    assert best.figures == figures(sha1, best.record.outputs)


def test_the_best_runs_settings_are_those_it_ran_with(store: ResultStore, sha1: Core) -> None:
    best = best_run(store, sha1, DEVICE, "tpa")
    assert best is not None and (best.seed, best.freq_mhz, best.options, best.choice) == (2, 100.0, {"dff": "on"}, DFF)
    assert best.settings(timeout_s=5) == ImplSettings(get_device(DEVICE), 2, 100.0, 5, DFF)
    area = best_run(store, sha1, DEVICE, "area")
    assert area is not None and (area.freq_mhz, area.options) == (80.0, {})


def test_stale_and_unfinished_runs_and_other_devices_are_left_out(store: ResultStore, sha1: Core, tmp_path: Path) -> None:
    assert [(best.core.name, best.device, best.runs) for best in best_runs(store, "throughput")] == [
        ("sha1", "ecp5-25k", 1),
        ("sha1", DEVICE, 4),
    ]
    assert best_runs(store, "throughput", device="ecp5-85k") == []
    with ResultStore(tmp_path / "empty.db") as empty:
        assert best_run(empty, sha1, DEVICE, "area") is None


def test_fmax_median_and_range_over_the_seeds_of_one_setting(db: Path, sha1: Core) -> None:
    with ResultStore(db) as store:
        for seed, fmax in ((1, 90.0), (2, 110.0), (3, 100.0), (4, 104.0)):
            put_run(store, sha1, fmax, 500, seed=seed, options=DFF)
        put_run(store, sha1, 300.0, 500, seed=1)  # another setting: default options
        put_run(store, sha1, 310.0, 500, seed=1, freq=120.0, options=DFF)  # another requested frequency
        # seed 4 again with other tool versions: the latest run of a seed counts
        put_run(store, sha1, 120.0, 500, seed=4, options=DFF, tools={"yosys": "0.71", "nextpnr": "0.12"})
        spread = fmax_over_seeds(store, sha1, DEVICE, 100.0, {"dff": "on"})
        assert spread is not None and (spread.median_mhz, spread.low_mhz, spread.high_mhz, spread.seeds) == (
            105.0,
            90.0,
            120.0,
            4,
        )
        assert fmax_over_seeds(store, sha1, DEVICE, 100.0, DFF) == spread
        default = fmax_over_seeds(store, sha1, DEVICE, 100.0)
        assert default is not None and (default.median_mhz, default.seeds) == (300.0, 1)
        assert fmax_over_seeds(store, sha1, DEVICE, 100.0, ROUTER2) is None
        best = best_run(store, sha1, DEVICE, "throughput")
        assert best is not None and (best.freq_mhz, best.options, best.runs) == (120.0, {"dff": "on"}, 7)
        assert (best.spread.median_mhz, best.spread.low_mhz, best.spread.high_mhz, best.spread.seeds) == (310.0, 310.0, 310.0, 1)
        slowest = best_run(store, sha1, DEVICE, "latency-area")  # all 500 LUTs: the fastest of the fewest LUTs
        assert slowest is not None and slowest.seed == 1 and slowest.freq_mhz == 120.0


def test_results_best_prints_a_row_per_core_and_device(store: ResultStore, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["results", "--db", str(store.path), "--best", "--rank-by", "tpa", "--device", DEVICE, "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["core"], row["device"], row["runs"], row["seed"], row["options"]) == ("sha1", DEVICE, 4, 2, {"dff": "on"})
    assert row["fmax_mhz"] == 150.0 and row["luts"] == 500 and row["fmax_range_mhz"] == [150.0, 150.0] and row["seeds"] == 1
    assert main(["results", "--db", str(store.path), "--best", "--rank-by", "area", "--core", "sha1"]) == 0
    printed = capsys.readouterr().out
    assert "seed 3, 80 MHz requested, default options" in printed and "ecp5-25k" in printed
    assert main(["results", "--db", str(store.path), "--best", "--rank-by", "area", "--core", "sha256"]) == 0
    assert "no finished implement runs" in capsys.readouterr().out


def _export(store: ResultStore, tmp_path: Path, criterion: str = "tpa") -> Path:
    recipe = tmp_path / "best.json"
    assert (
        main(["results", "--db", str(store.path), "--best", "--rank-by", criterion, "--export-settings", str(recipe), "--json"])
        == 0
    )
    return recipe


def test_the_recipe_round_trips(store: ResultStore, sha1: Core, tmp_path: Path) -> None:
    entries = read_recipe(_export(store, tmp_path))
    assert [(entry.core, entry.device) for entry in entries] == [("sha1", "ecp5-25k"), ("sha1", DEVICE)]
    entry = entries[1]
    best = best_run(store, sha1, DEVICE, "tpa")
    assert best is not None
    assert (entry.seed, entry.freq_mhz, entry.options, entry.key, entry.criterion) == (
        2,
        100.0,
        {"dff": "on"},
        best.record.key,
        "tpa",
    )
    assert entry.core_fingerprint == sha1.fingerprint() and entry.tools == best.record.inputs["tools"]
    assert entry.figures == best.figures


def _planned(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> dict[str, dict[str, Any]]:
    """The implement jobs ``hashbed bench ...`` would run (its goals caught before they run), by core."""
    caught: list[Node] = []

    def catch(jobs: Jobs, goals: list[Node], args: object, what: str) -> None:
        caught.extend(goals)

    monkeypatch.setattr(sys.modules["hashbed.cli.main"], "run_jobs", catch)  # hashbed.cli.main is also a function
    assert main(["bench", *argv]) == 0
    return {node.core: node.inputs for node in graph_of(caught) if node.step == "implement"}


def test_bench_with_a_recipe_plans_its_settings(
    store: ResultStore, sha1: Core, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    recipe = _export(store, tmp_path)
    capsys.readouterr()
    argv = ["sha1", "sha256", "--device", DEVICE, "--placer-seed", "9", "--db", str(store.path), "--settings", str(recipe)]
    planned = _planned(monkeypatch, argv)
    device = get_device(DEVICE)
    assert planned["sha1"] == ImplSettings(device, 2, 100.0, options=DFF).inputs(sha1)
    assert planned["sha256"] == ImplSettings(device, 9).inputs(load_core("sha256"))  # no entry: the command's settings
    noted = capsys.readouterr().err
    assert f"sha256: no entry for {DEVICE} in {recipe}: the command's settings (seed 9, 100 MHz requested" in noted
    assert "sha1: the settings of its entry" in noted and "dff=on" in noted
    # a real dry run: sha1's implement job is its stored best run (the same key), so only sha256's runs
    monkeypatch.undo()
    assert main(["bench", *argv, "--dry-run", "--jobs", "2"]) == 0
    plan = capsys.readouterr().out
    assert "sha256 implement ice40-hx8k" in plan and "sha1 implement" not in plan and "7 jobs, about" in plan
    with ResultStore(store.path) as after:
        assert len(after.jobs()) == 8  # nothing ran


def test_bench_with_the_best_settings(
    store: ResultStore, sha1: Core, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["sha1", "sha256", "--device", DEVICE, "--db", str(store.path), "--settings", "best"]
    device = get_device(DEVICE)
    assert _planned(monkeypatch, base)["sha1"] == ImplSettings(device, 4, options=ROUTER2).inputs(sha1)  # by throughput
    assert "sha256: no finished implement run of its present sources" in capsys.readouterr().err
    planned = _planned(monkeypatch, [*base, "--rank-by", "area"])
    assert planned["sha1"] == ImplSettings(device, 3, 80.0).inputs(sha1)
    assert planned["sha256"] == ImplSettings(device).inputs(load_core("sha256"))


def test_the_default_bench_keeps_its_keys(store: ResultStore, sha1: Core, tmp_path: Path) -> None:
    jobs, settings = Jobs(store, tmp_path), ImplSettings(get_device(DEVICE))
    plain = [node.key for _, goals in jobs.bench_nodes([sha1], settings) for node in graph_of(goals)]
    assert plain == [node.key for _, goals in jobs.bench_nodes([sha1], settings, {}) for node in graph_of(goals)]
    implement = [node for _, goals in jobs.bench_nodes([sha1], settings) for node in graph_of(goals) if node.step == "implement"]
    assert implement[0].inputs == settings.inputs(sha1) and "options" not in implement[0].inputs


def test_a_recipe_of_other_sources_warns_and_is_used(
    store: ResultStore, sha1: Core, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    recipe = _export(store, tmp_path)
    entries = json.loads(recipe.read_text())
    entries[1]["core_fingerprint"] = "f" * 16
    recipe.write_text(json.dumps(entries))
    capsys.readouterr()
    planned = _planned(monkeypatch, ["sha1", "--device", DEVICE, "--db", str(store.path), "--settings", str(recipe)])
    assert planned["sha1"] == ImplSettings(get_device(DEVICE), 2, 100.0, options=DFF).inputs(sha1)
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("hashbed: warning:")]
    assert len(warnings) == 1 and "sha1 on ice40-hx8k was made from other sources (fingerprint ffff" in warnings[0]


def _entry(**changed: Any) -> dict[str, Any]:
    entry = {
        "core": "sha1",
        "device": DEVICE,
        "seed": 2,
        "freq_mhz": 100.0,
        "options": {"dff": "on"},
        "tools": {"yosys": "y", "nextpnr": "n"},
        "core_fingerprint": "0" * 16,
        "key": "a" * 64,
        "criterion": "tpa",
        "figures": {"fmax_mhz": 150.0},
    }
    return {**entry, **changed}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "cannot read settings file {file}: no such file (write one with 'hashbed results --best"),
        ("[{", "cannot read settings file {file}: not JSON (Expecting property name enclosed in double quotes at line 1"),
        ("{}", "cannot read settings file {file}: the file must be a JSON list of entries (got {{}})"),
        ("[]", "cannot read settings file {file}: it holds no entries"),
        (
            json.dumps([{k: v for k, v in _entry().items() if k != "seed"}]),
            "cannot read settings file {file}: entry 1: seed: Field required",
        ),
        (
            json.dumps([_entry(), _entry(freq_mhz="100")]),
            "cannot read settings file {file}: entry 2: freq_mhz: Input should be a valid number",
        ),
        (json.dumps([_entry(freq_mhz=0)]), "entry 1: freq_mhz: Input should be greater than 0"),
        (json.dumps([_entry(seed=2**64 - 1)]), "entry 1: seed: Input should be less than 9223372036854775808"),
        (json.dumps([_entry(colour="red")]), "entry 1: colour: Extra inputs are not permitted"),
        (json.dumps([_entry(criterion="speed")]), "entry 1: criterion: Value error, unknown criterion (one of: throughput"),
        (
            json.dumps([_entry(options={"dff": "maybe"})]),
            "settings file {file}: entry 1 (sha1 on ice40-hx8k): option dff: unknown level 'maybe' on ice40",
        ),
        (json.dumps([_entry(options={"noccu2": "on"})]), "entry 1 (sha1 on ice40-hx8k): unknown option 'noccu2' on ice40"),
        (json.dumps([_entry(core="sha7")]), "settings file {file}: entry 1 (sha7 on ice40-hx8k): unknown core 'sha7'"),
        (json.dumps([_entry(device="xc7")]), "entry 1 (sha1 on xc7): unknown device 'xc7'"),
        (
            json.dumps([_entry(), _entry(seed=3)]),
            "entry 2 (sha1 on ice40-hx8k) repeats entry 1: keep one entry per core and device",
        ),
        (
            json.dumps([_entry(core="skein512-round3", options={"placer": "sa"})]),
            "entry 1 (skein512-round3 on ice40-hx8k): option placer: the core's manifest pins placer 'static', not 'sa'",
        ),
    ],
)
def test_a_bad_recipe_is_a_one_line_error(
    text: str | None, message: str, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recipe = tmp_path / "recipe.json"
    if text is not None:
        recipe.write_text(text)
    assert main(["bench", "sha1", "--device", DEVICE, "--db", str(db), "--settings", str(recipe), "--dry-run"]) == 1
    printed = capsys.readouterr()
    assert printed.err.startswith("hashbed: error: ") and printed.err.count("\n") == 1 and "Traceback" not in printed.err
    assert message.format(file=recipe) in printed.err, printed.err
    assert printed.out == ""  # nothing planned


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["results", "--export-settings", "x.json"], "--export-settings writes the settings of the best runs: pass --best"),
        (["results", "--best", "--rank-by", "tpa", "--csv"], "--best prints a table or --json, not --csv or --markdown"),
        (["bench", "sha1", "--rank-by", "area"], "--rank-by chooses the best stored run: pass --settings best as well"),
    ],
)
def test_options_that_need_another_are_one_line_errors(
    argv: list[str], message: str, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--db", str(db)]) == 1
    printed = capsys.readouterr().err
    assert printed.startswith(f"hashbed: error: {message}") and printed.count("\n") == 1


def test_exporting_no_runs_is_an_error(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ResultStore(db).close()
    assert main(["results", "--db", str(db), "--best", "--rank-by", "area", "--export-settings", str(tmp_path / "r.json")]) == 1
    assert "no core has a finished implement run of its present sources" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


def test_best_with_a_criterion_is_the_old_spelling_of_best_rank_by(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ResultStore(db).close()
    assert main(["results", "--db", str(db), "--best", "area", "--json"]) == 0
    assert "hashbed: --best area is now --best --rank-by area" in capsys.readouterr().err
    assert main(["results", "--db", str(db), "--best", "fastest"]) == 1
    assert "--best fastest: not a criterion (one of: throughput, tpa, area, latency, latency-area)" in capsys.readouterr().err
