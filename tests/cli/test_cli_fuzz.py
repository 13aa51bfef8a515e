"""The command line under fuzzing (tests/support/cli_fuzz.py): every command with boundary and random values
for each option, two minutes of cases, no traceback and no hang."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support.cli_fuzz import commands

FUZZER = Path(__file__).resolve().parents[1] / "support" / "cli_fuzz.py"
#: Seconds after which the fuzzer starts no case, and the seconds a case may take.
BUDGET_S = 120
DEADLINE_S = 20


def test_no_option_value_gives_a_traceback_or_a_hang(tmp_path: Path) -> None:
    command = [sys.executable, str(FUZZER), "--tmp", str(tmp_path), "--budget", str(BUDGET_S), "--deadline", str(DEADLINE_S)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=BUDGET_S + 2 * DEADLINE_S + 60, check=False)
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    options = sum(1 for actions in commands().values() for action in actions if action.option_strings)
    ran = int(summary.split()[0])
    assert ran >= options, f"{ran} cases ran in {BUDGET_S} s, fewer than the {options} options: {summary}"  # each one once
