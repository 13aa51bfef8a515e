"""`make report` writes no tracked file: the report of the user's store and the published results
goes to build/report (the recipe's commands, run here on a store of the test's own), its page
under 1.5 MB."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hashbed.cli.main import main
from hashbed.results.published import published_jobs_file

ROOT = Path(__file__).resolve().parents[2]
#: The largest the published report's self-contained page may be (issue 43: it was 3.9 MB).
PAGE_BYTES = 1_500_000


def _status() -> str:
    return subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout and git")
def test_the_report_of_a_store_and_the_published_results_leaves_the_checkout_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recipe = (ROOT / "Makefile").read_text().split("\nreport:")[1].split("\n\n")[0]
    assert "--out build/report" in recipe and "docs/" not in recipe  # the target writes under build/ only
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    before = _status()
    out = tmp_path / "build" / "report"
    db = tmp_path / "hashbed.db"
    assert main(["report", "all", "--db", str(db), "--published", str(published_jobs_file()), "--out", str(out)]) == 0
    assert (out / "index.html").is_file() and not db.exists()
    assert _status() == before
    # the page of every published result, its figures inlined: small enough to open anywhere
    assert (out / "index.html").stat().st_size < PAGE_BYTES
