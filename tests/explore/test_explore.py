"""Design-space exploration: the option space, the keys of its runs, and ``hashbed explore``
with real tools on a small core (sha1 on ice40-hx8k, budgets of two runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import FAMILIES, get_device
from hashbed.catalogue.options import OPTIONS, check_choice, parse_levels, tool_args
from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.explore.strategies import FREQUENCY_STEPS
from hashbed.flow.impl.implement import ImplSettings
from hashbed.results import ResultStore

EXPLORE = ["explore", "sha1", "--device", "ice40-hx8k", "--jobs", "2"]


def test_every_option_has_levels_per_family_the_default_first() -> None:
    for option in OPTIONS.values():
        for family, levels in option.levels.items():
            assert family in FAMILIES and len(levels) >= 2 and len(set(levels)) == len(levels), option.name
            assert option.args(levels[0]) == [] or not option.switch


def test_a_choice_drops_default_levels_and_a_placer_the_manifest_pins() -> None:
    assert check_choice({"placer": "heap", "router": "router1", "dff": "off"}, "ecp5") == ()
    assert check_choice({"router": "router2", "dff": "on"}, "ecp5") == (("dff", "on"), ("router", "router2"))
    assert check_choice({"placer": "static"}, "ecp5", pinned_placer="static") == ()
    choice = check_choice({"dffe_min_ce_use": "4", "tmg-ripup": "on", "nocarry": "on"}, "ice40")
    assert tool_args(choice, "yosys") == ["-nocarry", "-dffe_min_ce_use", "4"]
    assert tool_args(choice, "nextpnr") == ["--tmg-ripup"]


@pytest.mark.parametrize(
    ("levels", "family", "pinned", "message"),
    [
        ({"retime": "on"}, "ecp5", None, "unknown option 'retime' on ecp5 (one of: placer, dff, nowidelut, "),
        ({"nowidelut": "on"}, "ice40", None, "unknown option 'nowidelut' on ice40 (one of: "),
        ({"placer": "fast"}, "ecp5", None, "option placer: unknown level 'fast' on ecp5 (one of: heap, sa, static)"),
        ({"placer": "sa"}, "ecp5", "static", "option placer: the core's manifest pins placer 'static', not 'sa'"),
    ],
)
def test_a_bad_choice_is_a_one_line_error(levels: dict[str, str], family: str, pinned: str | None, message: str) -> None:
    with pytest.raises(HashbedError) as error:
        check_choice(levels, family, pinned)
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


def test_option_texts_are_name_equals_level() -> None:
    assert parse_levels(["placer=sa", " dff = on"]) == {"placer": "sa", "dff": "on"}
    for bad in (["placer"], ["=sa"], ["placer=sa", "placer=heap"]):
        with pytest.raises(HashbedError):
            parse_levels(bad)


def test_default_options_keep_the_keys_and_others_reach_the_tools() -> None:
    core, device = load_core("sha1"), get_device("ecp5-25k")
    plain = ImplSettings(device).inputs(core)
    assert "options" not in plain and plain["synth"] == "synth_ecp5"
    assert ImplSettings(device, options=check_choice({"placer": "heap"}, "ecp5")).inputs(core) == plain
    chosen = ImplSettings(device, options=check_choice({"dff": "on", "router": "router2"}, "ecp5")).inputs(core)
    assert chosen["synth"] == "synth_ecp5 -dff" and chosen["options"] == {"dff": "on", "router": "router2"}
    assert chosen["nextpnr_args"] == [*device.nextpnr_args, "--router", "router2"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--strategy", "seeds", "--budget", "2", "--option", "placer=fast"], "option placer: unknown level 'fast'"),
        (["--strategy", "seeds", "--budget", "2", "--option", "noccu2=on"], "unknown option 'noccu2' on ice40"),
        (["--strategy", "seeds", "--budget", "1"], "--budget 1 is below one batch of the seeds strategy (2 runs per core)"),
        (["--strategy", "frequency", "--budget", "1"], "--budget 1 is below one batch of the frequency strategy"),
        (["--strategy", "seeds", "--budget", "3", "--budget", "sha1=1"], "--budget sha1=1 is below one batch of the seeds"),
        (["--budget", "nosuch=3"], "--budget nosuch=N: unknown core 'nosuch'"),
        (["--budget", "3", "--budget", "4"], "--budget N given 2 times (3, 4): give every core's budget once"),
        (["--budget", "3", "--budget", "sha256=4"], "--budget sha256=N: sha256 is not among the cores explored"),
        (
            ["--strategy", "exhaustive", "--budget", "5", "--option", "router=router1"],
            "--budget 5 is below one batch of the exhaustive strategy: core sha1 has",
        ),
        (
            ["--budget", "4", "--option", "placer=sa", "--option", "placer-heap-critexp=4"],
            "option placer-heap-critexp needs placer=heap, not sa",
        ),
    ],
)
def test_bad_exploration_input_is_a_one_line_error(
    argv: list[str], message: str, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*EXPLORE, *argv, "--db", str(db)]) == 1
    printed = capsys.readouterr().err.strip()
    assert printed.startswith(f"hashbed: error: {message}") and "\n" not in printed
    assert not db.exists() or ResultStore(db).jobs() == []


def _explore(argv: list[str], db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    assert main([*EXPLORE, *argv, "--db", str(db), "--build-dir", str(tmp_path / "build"), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 1
    row: dict[str, object] = rows[0]
    return row


def test_the_seeds_strategy_stores_its_runs_and_reuses_them(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row = _explore(["--strategy", "seeds", "--budget", "2"], db, tmp_path, capsys)
    runs = row["all_runs"]
    assert isinstance(runs, list) and [run["seed"] for run in runs] == [1, 2]
    assert row["finished"] == 2 and not any(run["reused"] for run in runs)
    with ResultStore(db) as store:
        stored = store.jobs("implement", "sha1")
    assert sorted(job.key for job in stored) == sorted(run["key"] for run in runs)  # two distinct runs
    low, high = row["fmax_range_mhz"]  # type: ignore[misc]
    assert low <= row["fmax_median_mhz"] <= high  # type: ignore[operator]
    assert row["best"]["fmax_mhz"] == high  # type: ignore[index]
    again = _explore(["--strategy", "seeds", "--budget", "5", "--budget", "sha1=2"], db, tmp_path, capsys)
    assert all(run["reused"] for run in again["all_runs"])  # type: ignore[attr-defined]
    assert len(again["all_runs"]) == 2  # type: ignore[arg-type]  # the core's own budget
    assert again["best"] == row["best"]


def test_the_frequency_strategy_raises_the_request_over_the_best_fmax(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    row = _explore(["--strategy", "frequency", "--budget", "2", "--freq", "20"], db, tmp_path, capsys)
    first, second = row["all_runs"]  # type: ignore[misc]
    assert first["freq_mhz"] == 20 and first["fmax_mhz"] > 20
    assert second["freq_mhz"] == round((1 + FREQUENCY_STEPS[0]) * first["fmax_mhz"], 2)


#: Every option pinned to its default but the router: a space of two option sets, so that each
#: strategy's runs are few and shared through one store (a run one strategy made, the next reuses).
ROUTER_ONLY = [
    f"--option={name}={option.levels['ice40'][0]}"
    for name, option in OPTIONS.items()
    if "ice40" in option.levels and name != "router"
]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("explore")


@pytest.mark.parametrize(
    ("strategy", "budget", "routers", "seeds"),
    [
        ("exhaustive", 2, ["router1", "router2"], [1, 1]),
        ("options", 2, ["router1", "router2"], [1, 1]),
        ("elimination", 2, ["router2", "router1"], [1, 1]),
        ("auto", 3, ["router1", "router2", None], [1, 1, 2]),
    ],
)
def test_every_strategy_runs_on_a_small_core(
    strategy: str,
    budget: int,
    routers: list[str | None],
    seeds: list[int],
    shared: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--strategy", strategy, "--budget", str(budget), *ROUTER_ONLY]
    row = _explore(argv, shared / "db", shared, capsys)
    runs = row["all_runs"]
    assert isinstance(runs, list) and [run["seed"] for run in runs] == seeds
    for run, router in zip(runs, routers, strict=True):
        if router is not None:
            assert run["options"].get("router", "router1") == router
    if strategy == "auto":  # its seed goes to the better router
        better = max(runs[:2], key=lambda run: (run["fmax_mhz"], -run["seed"]))
        assert runs[2]["options"] == better["options"]
    assert row["best"]["fmax_mhz"] == max(run["fmax_mhz"] for run in runs)  # type: ignore[index]
    with ResultStore(shared / "db") as store:
        keys = {job.key for job in store.jobs("implement", "sha1")}
    assert {run["key"] for run in runs} <= keys


def test_runs_that_fail_are_stored_as_failed_and_named(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*EXPLORE, "--strategy", "seeds", "--budget", "2", "--timeout", "1", "--db", str(db)]
    assert main([*argv, "--build-dir", str(tmp_path / "build")]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("hashbed:")]
    assert len(lines) == 1 and lines[0].startswith("hashbed: explore sha1: no run finished (") and "within 1 s" in lines[0]
    with ResultStore(db) as store:
        assert [job.ok for job in store.jobs("implement", "sha1")] == [False, False]
