"""Every number of the command line has a bound that --help states, and a value past it is a
one-line usage error before any work (issue 40: seeds, workers, budgets, boards, sigmas)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hashbed.cli.main import build_parser, main
from hashbed.console.types import MAX_BOARDS, MAX_BUDGET, MAX_SIGMA, MAX_WORKERS
from hashbed.flow.impl.implement import SEED_LIMIT
from hashbed.results import JobRecord, ResultStore
from hashbed.studies.zynq import timing_commands
from hashbed.testbed.controller import search_max_frequency

HX8K = ["--device", "ice40-hx8k"]
#: A hang or a run of place and route shows as this timeout; the usage errors take a second or two.
HANG_S = 120


def _usage_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The error line of argparse's usage error for ``argv`` (exit status 2)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err
    return err.strip().splitlines()[-1]


def _hashbed(*argv: str) -> subprocess.CompletedProcess[str]:
    """The command line in a process of its own: a hang ends in TimeoutExpired, not a stuck test."""
    script = "import sys; from hashbed.cli.main import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True, timeout=HANG_S, check=False)


def _help_text(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    return " ".join(capsys.readouterr().out.split())


# --- case 4, 5, 11: budgets, boards and --jobs that a run cannot hold -------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["explore", "sha1", *HX8K, "--strategy", "seeds", "--budget", "100000", "--dry-run"], "--budget: must be"),
        (["explore", "sha1", *HX8K, "--budget", f"sha1={10**20}", "--dry-run"], "--budget: must be"),
        (["time", "sha1", *HX8K, "--boards", "99999999", "--dry-run"], "--boards: must be"),
        (["bench", "sha1", *HX8K, "--jobs", "100000", "--dry-run"], "--jobs: must be"),
        (["bench", "sha1", *HX8K, "--jobs", "2147483647"], "--jobs: must be"),
    ],
)
def test_a_number_past_what_a_run_can_hold_is_refused_at_once(argv: list[str], message: str, tmp_path: Path) -> None:
    done = _hashbed(*argv, "--db", str(tmp_path / "h.db"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"error: argument {message} a whole number from " in done.stderr.splitlines()[-1]
    assert not (tmp_path / "h.db").exists()  # nothing ran, nothing stored


def test_the_bounds_are_in_the_help_and_the_bounds_themselves_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert f"1 to {MAX_BUDGET}" in _help_text(capsys, "explore")
    assert f"0 to {MAX_BOARDS}" in _help_text(capsys, "time")
    assert f"1 to {MAX_WORKERS}; never more workers than jobs" in _help_text(capsys, "bench")
    parser = build_parser()
    assert parser.parse_args(["explore", *HX8K, "--budget", str(MAX_BUDGET)]).budget == [(None, MAX_BUDGET)]
    assert parser.parse_args(["time", *HX8K, "--boards", str(MAX_BOARDS)]).boards == MAX_BOARDS
    assert parser.parse_args(["bench", "--jobs", str(MAX_WORKERS)]).jobs == MAX_WORKERS
    for argv in (
        ["explore", *HX8K, "--budget", str(MAX_BUDGET + 1)],
        ["time", *HX8K, "--boards", str(MAX_BOARDS + 1)],
        ["bench", "--jobs", str(MAX_WORKERS + 1)],
    ):
        assert "must be a whole number from" in _usage_error(capsys, argv)


# --- case 6: workers capped at the jobs to run ------------------------------------------------


def test_the_local_pool_has_no_more_workers_than_jobs(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # sha1's bench: verify, measure, implement on workers, the metrics row on the driver
    assert main(["bench", "sha1", *HX8K, "--jobs", str(MAX_WORKERS), "--dry-run", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "4 jobs, about" in out and "on 3 local workers" in out
    asked: list[int | None] = []

    class Stop(Exception):
        pass

    def executor(workers: int | None, scheduler: str | None, *rest: object) -> Any:
        asked.append(workers)
        raise Stop  # no process started, nothing run

    monkeypatch.setattr("hashbed.console.running.make_executor", executor)
    with pytest.raises(Stop):
        main(["bench", "sha1", *HX8K, "--jobs", str(MAX_WORKERS), "--db", str(db)])
    assert asked == [3]
    with pytest.raises(Stop):  # an exploration: no more than its runs
        main(["explore", "sha1", *HX8K, "--strategy", "seeds", "--budget", "5", "--jobs", "64", "--db", str(db)])
    assert asked == [3, 5]
    with ResultStore(db) as store:
        assert store.jobs() == []


def test_a_dry_run_plans_on_as_many_workers_as_jobs(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["explore", "sha1", *HX8K, "--strategy", "seeds", "--budget", "2", "--jobs", "64", "--dry-run", "--db", str(db)])
        == 0
    )
    out = capsys.readouterr().out
    assert "2 jobs, about" in out and "on 2 local workers" in out


# --- case 10: seeds in the store's range wherever they enter ----------------------------------


@pytest.mark.parametrize("value", [str(2**64 - 1), str(SEED_LIMIT)])
@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["implement", "sha1", *HX8K], "--placer-seed"),
        (["bench", "sha1", *HX8K, "--dry-run"], "--placer-seed"),
        (["explore", "sha1", *HX8K, "--budget", "2", "--dry-run"], "--placer-seed"),
        (["time", "sha1", *HX8K, "--dry-run"], "--placer-seed"),
        (["sweep", "pipeline", "--dry-run"], "--placer-seed"),
        (["verify", "sha1"], "--stall-seed"),
    ],
)
def test_a_seed_past_the_store_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], command: list[str], option: str, value: str
) -> None:
    line = _usage_error(capsys, [*command, option, value])
    assert line.endswith(f"error: argument {option}: must be a whole number from 0 to {SEED_LIMIT - 1}, got '{value}'")


# (a seed past the store in a --settings file: tests/explore/test_best.py, test_a_bad_recipe_is_a_one_line_error)


def test_the_largest_seed_is_stored(db: Path) -> None:
    assert build_parser().parse_args(["implement", "sha1", *HX8K, "--placer-seed", str(SEED_LIMIT - 1)]).seed == SEED_LIMIT - 1
    with ResultStore(db) as store:  # what the seed type lets through, the store holds
        store.put("implement", {"core": "sha1", "device": "ice40-hx8k", "seed": SEED_LIMIT - 1}, {})
        assert store.jobs()[0].seed == SEED_LIMIT - 1


def test_the_seed_range_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["implement"], ["explore"], ["time"], ["verify"], ["sweep", "pipeline"]):
        assert "0 to 2^63-1" in _help_text(capsys, *command)


def test_explore_seeds_that_would_pass_the_store_are_refused_first(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = SEED_LIMIT - 3
    argv = ["explore", "sha1", *HX8K, "--strategy", "seeds", "--placer-seed", str(start), "--dry-run", "--db", str(db)]
    assert main([*argv, "--budget", "4"]) == 1
    err = capsys.readouterr().err
    assert (
        err
        == f"hashbed: error: --placer-seed {start} with --budget 4: the placement seeds would pass the store's largest, "
        + (f"2^63-1; give --placer-seed {SEED_LIMIT - 4} or less\n")
    )
    assert main([*argv, "--budget", "3"]) == 0  # seeds up to 2^63-1 exactly
    assert "3 jobs, about" in capsys.readouterr().out


# --- case 19: explore --budget, each mistake its own message -----------------------------------


@pytest.mark.parametrize(
    ("budgets", "cores", "message"),
    [
        (["nosuch=3"], ["sha1"], "hashbed: error: --budget nosuch=N: unknown core 'nosuch'; known cores: "),
        (["sha1=2", "sha1=5"], ["sha1"], "hashbed: error: --budget sha1=N given twice (sha1=2, sha1=5): give it once\n"),
        (["3", "5"], ["sha1"], "hashbed: error: --budget N given 2 times (3, 5): give every core's budget once\n"),
        (
            ["sha1=3"],
            ["sha1", "sha256"],
            "hashbed: error: --budget: core sha256 has no budget; give --budget N for every core "
            "(and --budget CORE=N for one that gets another)\n",
        ),
        (
            [str(MAX_BUDGET // 2), "sha256=3"],
            ["sha1", "sha256", "hamsi256"],
            f"hashbed: error: --budget: {MAX_BUDGET + 3} runs for 3 cores, more than the {MAX_BUDGET} one exploration holds; "
            "lower --budget, or explore fewer cores at once\n",
        ),
        (
            ["3", "sha256=4"],
            ["sha1"],
            "hashbed: error: --budget sha256=N: sha256 is not among the cores explored (name it, or drop its budget)\n",
        ),
    ],
)
def test_a_budget_mistake_gets_its_own_line(
    db: Path, capsys: pytest.CaptureFixture[str], budgets: list[str], cores: list[str], message: str
) -> None:
    argv = ["explore", *cores, *HX8K, "--dry-run", "--db", str(db)]
    assert main([*argv, *(f"--budget={budget}" for budget in budgets)]) == 1
    printed = capsys.readouterr()
    assert printed.err.startswith(message) and printed.err.count("\n") == 1 and printed.out == ""


def test_a_budget_without_a_core_before_the_equals_sign_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    line = _usage_error(capsys, ["explore", "sha1", *HX8K, "--budget", "=3", "--dry-run"])
    assert line.endswith("error: argument --budget: give N or CORE=N, got '=3' (no core before '=')")


def test_every_core_with_its_own_budget_needs_no_other(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["explore", "sha1", *HX8K, "--strategy", "seeds", "--budget", "sha1=3", "--dry-run", "--db", str(db)]
    assert main(argv) == 0
    assert "3 jobs, about" in capsys.readouterr().out


# --- case 20: the variation model's sigmas, and the failure a timing search names -------------


@pytest.mark.parametrize("option", ["--die-sigma", "--spatial-sigma", "--local-sigma"])
@pytest.mark.parametrize("value", ["5", "0.9", str(MAX_SIGMA * 1.01), "-0.01", "inf"])
def test_a_sigma_past_the_model_is_a_usage_error(capsys: pytest.CaptureFixture[str], option: str, value: str) -> None:
    line = _usage_error(capsys, ["time", "sha1", *HX8K, "--boards", "3", option, value, "--dry-run"])
    assert f"error: argument {option}: " in line and ("must be a number from 0 to 0.1" in line or "not a finite" in line)


def test_the_sigma_range_is_in_the_help_and_its_top_passes(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help_text(capsys, "time")
    assert text.count(f"a fraction of each delay from 0 to {MAX_SIGMA:g}") == 3
    assert build_parser().parse_args(["time", *HX8K, "--die-sigma", str(MAX_SIGMA)]).die_sigma == MAX_SIGMA


def _failed_search(board: int) -> JobRecord:
    try:
        search_max_frequency(lambda mhz: False, 50.3, 250.0)
    except Exception as exc:  # the controller's own error, as a timing job stores it
        error = str(exc)
    return JobRecord(
        "k", "time", "sha1", "ice40-hx8k", 1, "failed", error, {"board": board}, {}, "0", "2026-01-01T00:00:00+00:00"
    )


def test_a_search_whose_bottom_fails_names_an_option_time_has(capsys: pytest.CaptureFixture[str]) -> None:
    board = timing_commands.failure(_failed_search(3))
    assert board.startswith("digests are wrong already at 50.3 MHz, the bottom of the search range (0.5 x the static")
    assert board.endswith("on virtual board 3; lower --die-sigma, --spatial-sigma or --local-sigma")
    nominal = timing_commands.failure(_failed_search(0))
    assert "lower it" not in board + nominal and "--placer-seed" in nominal and "--engine icarus" in nominal
    on_icarus = _failed_search(0)
    on_icarus.inputs["tools"] = {"icarus": "Icarus Verilog version 12.0"}
    assert "--placer-seed" in timing_commands.failure(on_icarus) and "--engine" not in timing_commands.failure(on_icarus)
    named = {word.strip(",") for word in (board + " " + nominal).split() if word.startswith("--")}
    usage = _help_text(capsys, "time")
    assert named and all(f"[{option} " in usage for option in named)


# --- case 21: verify names --segment-bits --------------------------------------------------------


def test_an_lwc_segment_below_a_block_names_segment_bits(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "ascon", "--segment-bits", "100", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err == "hashbed: error: segments must hold at least one 16-byte block; give --segment-bits 128 or more\n"
    with ResultStore(db) as store:
        assert store.jobs() == []  # refused before any work
