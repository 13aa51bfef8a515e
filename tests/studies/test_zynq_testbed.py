"""The Zynq study's testbed quantities beside the study's: the DMA latency fitted to its overhead,
Table I's throughput on a 1000 kB message at the experimental Fmax, and each core at its own clock."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import get_device
from hashbed.cli.main import main
from hashbed.flow.impl.implement import ImplSettings
from hashbed.results import ResultStore
from hashbed.studies.zynq.dma_fit import Point, fit_latency, study_fit
from hashbed.studies.zynq.experiments import KB, LONG_MESSAGE_KB, STEP, stored_fmax
from hashbed.studies.zynq.study_set import candidates, study_device
from hashbed.studies.zynq.timing_tables import fmax_rows, missing_long_messages
from support import fixture_store


def test_of_the_latencies_that_put_every_point_in_range_the_fit_takes_the_least() -> None:
    # At 100 MHz a latency of L cycles adds 2L/100 µs: 1 + L/5000 for a 100 µs formula time,
    # 1 + L/2500 for 50 µs; both lie in 1.2..1.5 for L from 1000 to 1250.
    fit = fit_latency([Point("a", 100.0, 100.0), Point("b", 50.0, 50.0)], 100.0, 10, 1.2, 1.5)
    assert fit.latency == 1000
    assert fit.predicted == pytest.approx({"a": 1.2, "b": 1.4})
    assert fit.inside == ["a", "b"]


def test_where_no_latency_fits_every_point_the_fit_is_the_least_squares_compromise() -> None:
    # 10 µs and 100 µs: the first is in range up to L = 250, the second from L = 1000 on.
    points = [Point("fast", 10.0, 10.0), Point("slow", 100.0, 100.0)]
    fit = fit_latency(points, 100.0, 10, 1.2, 1.5)

    def squares(latency: float) -> float:  # in the range's own terms, on a fine grid of real latencies
        fast, slow = 1 + latency / 500, 1 + latency / 5000
        return math.log(fast / 1.5) ** 2 * (fast > 1.5) + math.log(1.2 / slow) ** 2 * (slow < 1.2)

    best = min((step / 4 for step in range(4 * 2000)), key=squares)
    assert 250 < fit.latency < 1000
    assert abs(fit.latency - best) <= 1
    assert fit.inside == []


def test_a_fit_without_points_or_with_a_range_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="needs points"):
        fit_latency([], 100.0, 10, 1.2, 1.5)
    with pytest.raises(ValueError, match="1 <= low <= high"):
        fit_latency([Point("a", 1.0, 1.0)], 100.0, 10, 0.5, 1.5)


def test_the_latency_adds_its_cycles_at_both_ends_of_a_transfer(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The fit's model, on the simulated board: L cycles of latency add exactly 2L system cycles."""
    measured = {}
    for latency in (0, 300):
        args = ["testbed", "overhead", "sha1", "--db", str(db), "--json", "--sizes", "1", "--core-mhz", "100"]
        assert main([*args, "--dma-latency", str(latency)]) == 0
        measured[latency] = json.loads(capsys.readouterr().out)[0]["measured_us"]
    assert measured[300] - measured[0] == pytest.approx(2 * 300 / 100.0, abs=0.002)


def test_the_fitted_latency_comes_from_the_candidates_runs_and_is_what_runs(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["testbed", "overhead", "sha1", "--db", str(db), "--json", "--sizes", "1", "--core-mhz", "100"]
    assert main([*args, "--dma-latency", "fitted"]) == 1
    assert "no fitted DMA latency" in capsys.readouterr().err
    with ResultStore(db) as store:
        for core in candidates():  # 1.0002 at 10 kB with an ideal DMA: a latency must do the rest
            fixture_store.put_testbed(store, core.name, 100.0, 10.0)
        fit = study_fit(store)
    assert fit is not None and fit.latency > 0 and len(fit.predicted) == 12
    assert main([*args, "--dma-latency", "fitted"]) == 0
    assert f"{fit.latency} system cycles" in capsys.readouterr().err
    with ResultStore(db) as store:
        (record,) = [r for r in store.jobs(STEP) if r.core == "sha1"]
    assert record.inputs["dma"]["latency"] == fit.latency


def test_a_lightweight_core_runs_at_its_own_fmax_on_its_study_device(db: Path) -> None:
    core = load_core("sha256_lw-logic")
    assert study_device(core) == "ecp5-25k"
    with ResultStore(db) as store:
        store.put("implement", ImplSettings(get_device("ecp5-85k")).inputs(core), {"fmax_mhz": 120.0})
        assert stored_fmax(store, core) is None
        store.put("implement", ImplSettings(get_device("ecp5-25k")).inputs(core), {"fmax_mhz": 80.0})
        assert stored_fmax(store, core) == 80.0


def test_the_experimental_clock_needs_a_search_first(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["testbed", "overhead", "sha1", "--db", str(db), "--sizes", "1", "--core-mhz", "experimental"]) == 1
    err = capsys.readouterr().err
    assert "no experimental Fmax on ecp5-85k" in err and "hashbed time sha1 --device ecp5-85k" in err


def test_table_1_shows_the_throughput_of_a_long_message_at_the_experimental_fmax(db: Path) -> None:
    fixture_store.fill(db)  # sha1 searched on ice40-hx8k: 105 MHz on its own delays
    with ResultStore(db) as store:
        (row,) = [r for r in fmax_rows(store) if r["core"] == "sha1"]
        assert row["throughput_long_mbps"] is None
        fixture_store.put_testbed(store, "sha1", 105.0, 14.0)
        (row,) = [r for r in fmax_rows(store) if r["core"] == "sha1"]
        (long,) = [r for r in store.jobs(STEP) if r.inputs["core_mhz"] == 105.0 and r.inputs["size_bytes"] == 1000 * KB]
    timer_s = long.outputs["timer_cycles"] / (long.outputs["sys_mhz"] * 1e6)
    assert row["throughput_long_mbps"] == pytest.approx(8 * LONG_MESSAGE_KB * KB / timer_s / 1e6)
    # the row is not on sha1's study device (ecp5-85k): nothing to ask for there
    assert missing_long_messages([{**row, "throughput_long_mbps": None, "data": "worst"}]) == []
    asked = missing_long_messages([{**row, "throughput_long_mbps": None, "data": "worst", "device": "ecp5-85k"}])
    assert asked == [
        (
            f"sha1: measured throughput on 1000 kB at {row['exp_fmax_mhz']:g} MHz",
            "hashbed testbed overhead sha1 --sizes 1000 --core-mhz experimental",
        )
    ]
