"""Tables that fit the terminal (hashbed.console.printing): no cell cut at any width, the columns of
least weight left out first and named, records when nothing fits, every column with --wide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hashbed.cli.main import main
from hashbed.console import printing
from hashbed.flow import steps
from support import fixture_store


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    db = tmp_path / "results.db"
    fixture_store.fill(db, testbed=False, pipeline=False, lightweight=False)
    return db


def _results(db: Path, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    assert main(["results", "--db", str(db), *options]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("columns", [80, 100, 140])
def test_the_results_table_fits_and_cuts_no_number(
    filled: Path, columns: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = json.loads(_results(filled, capsys, "--json"))
    monkeypatch.setenv("COLUMNS", str(columns))
    text = _results(filled, capsys)
    table = [line for line in text.splitlines() if line.startswith(("│", "┃", "┏", "└"))]
    assert table and all(len(line) <= columns for line in table)
    assert "…" not in text
    for row in rows:  # the key columns are there whole: LUTs, Fmax, throughput, throughput per LUT
        line = next(line for line in table if f" {row['core']} " in line and f" {row['device']} " in line)
        for number in (
            str(row["luts"]),
            f"{row['fmax_mhz']:.2f}",
            f"{row['throughput_mbps']:.1f}",
            f"{row['tpa_mbps_per_lut']:.3f}",
        ):
            assert f" {number} " in line
    if columns < 140:
        assert "left out to fit" in text and "vs target" in text.split("left out to fit")[1]


def test_wide_prints_every_column_and_a_tiny_width_prints_records(
    filled: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    wide = _results(filled, capsys, "--wide")
    assert "vs target" in wide and "left out" not in wide
    monkeypatch.setenv("COLUMNS", "30")
    records = _results(filled, capsys)
    assert "┃" not in records and "  TP/A Mbit/s/LUT" in records and "…" not in records


def test_a_step_of_the_flow_shows_as_a_line_in_a_log_when_it_takes_over_a_second(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = iter([0.0, 2.4, 10.0, 10.5])
    monkeypatch.setattr(printing.time, "monotonic", lambda: next(clock))
    steps.listen(printing.show_step)
    try:
        with steps.step("sha1: Verilator build of the simulator"):
            pass
        with steps.step("sha1: a short one"):
            pass
    finally:
        steps.listen(None)
    with steps.step("nobody listens"):
        pass
    assert capsys.readouterr().err == "sha1: Verilator build of the simulator: 2 s\n"
