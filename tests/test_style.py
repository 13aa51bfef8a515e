"""The code's style is the formatter's and the linter's (ruff, configured in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_code_is_formatted_and_lints_clean() -> None:
    ruff = [sys.executable, "-m", "ruff"]
    formatted = subprocess.run(
        [*ruff, "format", "--check", "src", "tests"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
    linted = subprocess.run([*ruff, "check", "src", "tests"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert linted.returncode == 0, linted.stdout + linted.stderr
