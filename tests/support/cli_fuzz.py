"""A fuzzer of the command line (test_cli_fuzz.py): every command of ``hashbed``, with boundary and
random values for each of its options, run in a forked child with a deadline.

Each case is the command's smallest valid command line (``BASE``) with one option, or a few,
given a drawn value. A case passes when the child ends before its deadline, prints no traceback,
and either succeeds, stops with one error line (``... error: ...``), or reaches work: the child
stops at the first external tool it would start (``hashbed.flow.processes``) or the first job it
would hand to an executor, since what the fuzzer checks is the command's handling of its input
before any work. A child still running at its deadline is a hang.

Run as a script (``python tests/support/cli_fuzz.py --tmp DIR --budget 1800``) for a longer search than the test's;
it prints each failing command line and exits 1 when there is one.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from hashbed.cli.main import build_parser, main
from hashbed.flow import processes
from hashbed.jobs import executors

#: A child's exit status when it reached work (see the module's docstring).
REACHED_WORK = 99
#: A child's exit status when main() raised (its traceback is in its output).
RAISED = 98

#: The smallest valid command line of each command, after its name; "{tmp}" is the run's folder.
BASE: dict[str, list[str]] = {
    "verify": ["sha1"],
    "lint": ["sha1"],
    "measure": ["sha1"],
    "implement": ["sha1", "--device", "ice40-hx8k"],
    "energy": ["sha1"],
    "bench": ["sha1", "--device", "ice40-hx8k"],
    "explore": ["sha1", "--device", "ice40-hx8k", "--budget", "sha1=2", "--dry-run"],
    "lwc-bench": ["ascon"],
    "testbed overhead": ["sha1"],
    "testbed speedup": ["sha1"],
    "testbed fmax": ["sha1", "--low", "50", "--high", "60"],
    "board build": ["sha1", "--out", "{tmp}/board"],
    "board run": ["sha1"],
    "time": ["sha1", "--device", "ice40-hx8k", "--dry-run"],
    "pipeline check": ["sha1_base"],
    "sweep pipeline": ["sha1_base", "--dry-run"],
    "report": ["--out", "{tmp}/report"],
}

#: Values every option is tried with: numbers at and past every bound a user may hit, paths
#: that are no folder or no file, names that are not hashbed's.
BOUNDARY = [
    "0", "-1", "1", "2", "0.5", "-0.0", "1e309", "nan", "inf", "-inf",
    str(2**31 - 1), str(2**31), str(2**63 - 1), str(2**63), str(2**64 - 1), str(2**64), "1" + "0" * 20,
    "", " ", "x", "nosuch", "sha1=3", "=3", "nosuch=3", "sha1=0", "a" * 300,
    "../x", "/proc/nope", "/dev/zero", "{tmp}/afile", "{tmp}/afile/sub", "{tmp}", "{tmp}/fresh",
    "tcp://", "tcp://127.0.0.1:notaport", "garbage", "http://[::1",
]  # fmt: skip
_RANDOM_PIECES = ["1", "0", "9", "-", ".", "e", "=", ",", ":", "/", "x", "é", "٣", "²", " ", "sha1", "\u2028"]


@dataclass(frozen=True)
class Case:
    argv: list[str]


@dataclass
class Outcome:
    argv: list[str]
    status: int | None  # None: killed at the deadline
    seconds: float
    output: str

    @property
    def problem(self) -> str | None:
        """What is wrong with this outcome, None when nothing is."""
        if self.status is None:
            return "hang: still running at the deadline"
        if "Traceback (most recent call last)" in self.output or self.status == RAISED:
            return "traceback"
        if self.status in (0, REACHED_WORK):
            return None
        errors = [line for line in self.output.splitlines() if "error:" in line]
        if len(errors) != 1:
            return f"exit status {self.status} with {len(errors)} error lines, not one"
        return None


def commands() -> dict[str, list[argparse.Action]]:
    """Every leaf command (``"testbed fmax"``) with its options and positionals."""
    found: dict[str, list[argparse.Action]] = {}

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        subs = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
        if not subs:
            found[" ".join(path)] = [action for action in parser._actions if not isinstance(action, argparse._HelpAction)]
            return
        for name, child in subs[0].choices.items():
            walk(child, [*path, name])

    walk(build_parser(), [])
    return found


def _random_value(rng: random.Random) -> str:
    return "".join(rng.choice(_RANDOM_PIECES) for _ in range(rng.randint(1, 8)))


def _values(action: argparse.Action, rng: random.Random) -> list[str]:
    values = list(BOUNDARY) + [_random_value(rng) for _ in range(3)]
    if action.choices is not None:
        values += [str(rng.choice(list(action.choices)))]
    return values


def _option_args(action: argparse.Action, value: str) -> list[str]:
    if action.nargs == 0:
        return [action.option_strings[0]]
    if not action.option_strings:
        return [value]
    return [action.option_strings[0], value]


def cases(tmp: Path, seed: int) -> list[Case]:
    """Every option of every command with every boundary value and a few random ones, then random
    pairs of options, drawn with ``seed``; in rounds, each of which gives every option of every
    command one value (in a random order), so that any prefix of the list covers the options
    evenly."""
    rng = random.Random(seed)
    rounds: list[list[Case]] = []
    for command, actions in commands().items():
        base = [part.format(tmp=tmp) for part in BASE.get(command, [])]
        options = [action for action in actions if action.option_strings]
        for action in options:
            values = _values(action, rng)
            rng.shuffle(values)
            for index, value in enumerate(values):
                if index == len(rounds):
                    rounds.append([])
                rounds[index].append(Case([*command.split(), *base, *_option_args(action, value.format(tmp=tmp))]))
        for index in range(10):
            chosen = rng.sample(options, k=min(2, len(options)))
            extra = [arg for action in chosen for arg in _option_args(action, rng.choice(_values(action, rng)).format(tmp=tmp))]
            rounds[index].append(Case([*command.split(), *base, *extra]))
    for cases_of_round in rounds:
        rng.shuffle(cases_of_round)
    return [case for cases_of_round in rounds for case in cases_of_round]


class _WorkStarted(BaseException):
    """Raised in a child where it would start a tool or hand out a job (a BaseException, so that
    no ``except Exception`` of hashbed's takes it for a failure of the work)."""


def _stop(*_args: object, **_kwargs: object) -> None:
    raise _WorkStarted


def _child(case: Case, output: Path) -> None:
    """Run one case in this (forked) process and exit with its status."""
    descriptor = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(descriptor, 1)
    os.dup2(descriptor, 2)
    sys.stdout = open(1, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
    processes.start = _stop  # type: ignore[assignment]
    processes.run = _stop  # type: ignore[assignment]
    executors.LocalExecutor.submit = _stop  # type: ignore[method-assign]
    executors.DaskExecutor.submit = _stop  # type: ignore[method-assign]
    status = 0
    try:
        status = main(case.argv)
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    except _WorkStarted:
        status = REACHED_WORK
    except BaseException:
        traceback.print_exc()
        status = RAISED
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(status)


def _start(case: Case, output: Path) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()  # a group of its own: a hang is killed with whatever it started
            _child(case, output)
        finally:
            os._exit(RAISED)
    return pid


def run(all_cases: list[Case], work: Path, deadline_s: float, parallel: int, budget_s: float) -> Iterator[Outcome]:
    """Run the cases ``parallel`` at a time, each in a child forked from this process, starting
    none after ``budget_s`` seconds."""
    pending = list(enumerate(all_cases))
    running: dict[int, tuple[int, Case, float]] = {}
    stop_at = time.monotonic() + budget_s
    while pending or running:
        if time.monotonic() > stop_at:
            pending.clear()
        while pending and len(running) < parallel:
            index, case = pending.pop(0)
            running[_start(case, work / f"{index}.out")] = (index, case, time.monotonic())
        time.sleep(0.005)
        for pid, (index, case, started) in list(running.items()):
            done, wait_status = os.waitpid(pid, os.WNOHANG)
            elapsed = time.monotonic() - started
            if done == 0 and elapsed < deadline_s:
                continue
            status: int | None
            if done == 0:
                os.killpg(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                status = None
            else:
                status = os.waitstatus_to_exitcode(wait_status)
            del running[pid]
            text = (work / f"{index}.out").read_text(errors="replace")
            yield Outcome(case.argv, status, elapsed, text)


def _warm() -> None:
    """Import in this process what commands import when they run (Dask), so that no child pays for it."""
    with contextlib.suppress(ImportError):
        import distributed  # noqa: F401


def fuzz(tmp: Path, seed: int, deadline_s: float, parallel: int, budget_s: float) -> list[Outcome]:
    """The outcomes of the cases that start within ``budget_s`` seconds, run in ``tmp`` (the
    children's working folder and home)."""
    work = tmp / "outputs"
    work.mkdir(parents=True, exist_ok=True)
    (tmp / "afile").write_text("a file, not a folder\n")
    home = tmp / "home"
    home.mkdir(exist_ok=True)
    os.environ.update({"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"), "HASHBED_CACHE": str(home / "cache")})
    os.environ.pop("HASHBED_CORES", None)
    os.environ["HASHBED_PUBLISHED"] = "none"  # a report of the published results takes longer than a case may
    cwd = tmp / "cwd"
    cwd.mkdir(exist_ok=True)
    os.chdir(cwd)
    _warm()
    return list(run(cases(tmp, seed), work, deadline_s, parallel, budget_s))


def _main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tmp", type=Path, required=True, help="a folder of the run's own")
    parser.add_argument("--budget", type=float, default=600.0, help="seconds after which no case starts")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deadline", type=float, default=20.0, help="seconds a case may take")
    parser.add_argument("--parallel", type=int, default=2)
    parser.add_argument("--report", type=Path, help="write every outcome as JSON lines here")
    args = parser.parse_args()
    outcomes = fuzz(args.tmp.resolve(), args.seed, args.deadline, args.parallel, args.budget)
    bad = [outcome for outcome in outcomes if outcome.problem]
    if args.report:
        args.report.write_text("".join(json.dumps({**asdict(o), "problem": o.problem}) + "\n" for o in outcomes))
    for outcome in bad:
        print(f"{outcome.problem}: hashbed {' '.join(outcome.argv)}\n    {outcome.output.strip()[-400:]}")
    print(f"{len(outcomes)} cases, {len(bad)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(_main())
