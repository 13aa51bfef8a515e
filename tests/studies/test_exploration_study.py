"""The exploration study's tables: default against best run, the gain, the ranking and its rank
correlation, from implement records put in a store (no tools: the tables' logic on known numbers)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.options import check_choice
from hashbed.flow.impl.implement import ImplSettings
from hashbed.report.sections import sections
from hashbed.results import ResultStore
from hashbed.studies.document import Missing, Table
from hashbed.studies.exploration import study
from hashbed.studies.exploration.tables import TITLE, ranking_cells, study_rows
from hashbed.studies.ranking import ranks, spearman

DEVICE = get_device(study.DEVICE)


def test_ranks_share_ties_and_spearman_matches_the_textbook_formula() -> None:
    assert ranks([5.0, 9.0, 5.0, 1.0]) == [2.5, 1.0, 2.5, 4.0]
    first, second = [3.0, 1.0, 4.0, 1.5, 9.0, 2.6], [2.0, 7.0, 1.0, 8.0, 2.8, 1.8]
    n = len(first)
    d2 = sum((a - b) ** 2 for a, b in zip(ranks(first), ranks(second), strict=True))
    assert spearman(first, second) == pytest.approx(1 - 6 * d2 / (n * (n * n - 1)))  # no ties: the closed form
    assert spearman(first, first) == pytest.approx(1.0)


def _put(store: ResultStore, core_name: str, fmax: float, luts: int, seed: int = 1, **levels: str) -> None:
    core = load_core(core_name)
    settings = ImplSettings(DEVICE, seed, options=check_choice(levels, DEVICE.family, core.placer))
    store.put("implement", settings.inputs(core), {"fmax_mhz": fmax, "luts": luts, "ffs": 100, "tools": {"nextpnr": "x"}})


def test_default_and_best_rows_their_gain_and_the_ranking(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "db") as store:
        _put(store, "sha256", 90.0, 1000)  # the default run
        _put(store, "sha256", 99.0, 1100, placer="sa")
        _put(store, "sha256", 97.0, 1100, seed=2, placer="sa")
        _put(store, "sha256", 95.0, 1100, seed=3, placer="sa")
        _put(store, "cubehash256", 100.0, 2000)
        _put(store, "cubehash256", 100.0, 1900, seed=2)
        _put(store, "hamsi256", 50.0, 3000)  # no run besides the default: not explored
        cores = [load_core(name) for name in ("sha256", "cubehash256", "hamsi256")]
        rows = study_rows(store, cores)
        assert [row["core"] for row in rows] == ["sha256", "cubehash256"]
        sha = rows[0]
        assert sha["runs"] == 4 and sha["best_fmax_mhz"] == 99.0 and sha["throughput_gain"] == pytest.approx(99 / 90)
        assert sha["tpa_gain"] == pytest.approx((99 / 1100) / (90 / 1000))
        assert sha["settings"] == "seed 1, placer=sa" and sha["seeds"] == 3
        assert sha["fmax_median_mhz"] == 97.0 and sha["fmax_range_mhz"] == (95.0, 99.0)
        cube = rows[1]  # same Fmax, fewer LUTs: the tie goes to the smaller run
        assert cube["best_luts"] == 1900 and cube["throughput_gain"] == 1.0 and cube["tpa_gain"] == pytest.approx(2000 / 1900)
        (columns, cells), rho = ranking_cells(rows, "throughput")
        assert rho is None and [row[1] for row in cells] == sorted((r["core"] for r in rows), key=lambda n: n != "cubehash256")

        items = [item for section in sections(store, "exploration") for item in section.items]
        missing = [str(item) for item in items if isinstance(item, Missing)]
        assert any("hamsi256" in text and "make explore" in text for text in missing)
        assert not any("sha256 " in text for text in missing)
        assert any(isinstance(item, Table) and item.title == TITLE for item in items)


def _row(core: str, fmax: tuple[float, float], mbps_per_mhz: float, luts: int) -> dict[str, object]:
    low, high = fmax
    return {
        "core": core,
        "seeds": 3,
        "fmax_range_mhz": fmax,
        "best_fmax_mhz": high,
        "best_throughput_mbps": high * mbps_per_mhz,
        "best_tpa": high * mbps_per_mhz / luts,
        "default_throughput_mbps": low * mbps_per_mhz,
        "default_tpa": low * mbps_per_mhz / luts,
    }


def test_ranges_overlap_in_the_figure_ranked_by() -> None:
    # a and b: the same throughput over seeds (overlapping); b has ten times the LUTs, so not in TP/A
    rows = [_row("a", (90.0, 100.0), 10.0, 1000), _row("b", (95.0, 105.0), 10.0, 10000), _row("c", (10.0, 11.0), 10.0, 100)]
    (columns, cells), _ = ranking_cells(rows, "throughput")
    assert columns[3] == "throughput over seeds overlaps with"
    assert {row[1]: row[3] for row in cells} == {"a": "b", "b": "a", "c": "-"}
    (columns, cells), _ = ranking_cells(rows, "TP/A")
    assert columns[3] == "TP/A over seeds overlaps with"
    assert {row[1]: row[3] for row in cells} == {"a": "c", "b": "-", "c": "a"}  # c: 1.0..1.1 per LUT, a: 0.9..1.0


def test_a_run_of_older_sources_is_not_the_best(tmp_path: Path) -> None:
    core = load_core("sha256")
    stale = dataclasses.replace(core, parameters={**core.parameters, "X": 1})  # another fingerprint
    with ResultStore(tmp_path / "db") as store:
        _put(store, "sha256", 90.0, 1000)
        _put(store, "sha256", 91.0, 1000, seed=2)
        inputs = ImplSettings(DEVICE, 3).inputs(stale)
        store.put("implement", inputs, {"fmax_mhz": 200.0, "luts": 10, "ffs": 1})
        (row,) = study_rows(store, [core])
    assert row["best_fmax_mhz"] == 91.0 and row["runs"] == 2


def test_the_study_set_is_the_twelve_round2_candidates_and_sha256() -> None:
    algorithms = {core.algorithm_name for core in study.study_cores() if core.name != "sha256"}
    assert algorithms == {  # the Zynq study's candidates
        *("blake-256", "cubehash-256", "echo-256", "fugue-256", "groestl-256", "hamsi-256"),
        *("jh-256", "keccak-256", "luffa-256", "shabal-256", "shavite3-256", "skein-512-256"),
    }
    assert all(core.version == "round2" for core in study.study_cores() if core.name != "sha256")
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert f"hashbed explore --device {study.DEVICE} {study.budget_text()}" in makefile
