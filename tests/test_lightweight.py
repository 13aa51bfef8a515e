"""The lightweight study's tables: ratios to SHA-256 per architecture and device, the budget verdict."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hashbed.catalogue.budget import Budget
from hashbed.catalogue.cores import load_core
from hashbed.cli.main import main
from hashbed.results import ResultStore
from hashbed.studies.lightweight.tables import lightweight_rows


def put_row(store: ResultStore, core: str, algorithm: str, architecture: str, device: str, **area: float) -> None:
    row = {
        "core": core,
        "algorithm": algorithm,
        "architecture": architecture,
        "device": device,
        "seed": 1,
        "block_bits": 512,
        "st": 2,
        "lp": 32,
        "end": 17,
        "brams": 0,
        "dsps": 0,
        **area,
    }
    row["throughput_mbps"] = 512 * row["fmax_mhz"] / 32
    row["tpa_mbps_per_lut"] = row["throughput_mbps"] / row["luts"]
    store.put("metrics", {"core": core, "device": device, "seed": 1}, row)


def test_rows_are_relative_to_sha256_of_the_same_architecture_and_device(db: Path) -> None:
    budget = Budget(luts=1536, ffs=1536, brams=0)
    cores = {name: dataclasses.replace(load_core("sha256"), name=name, budget=budget) for name in ("ref-logic", "x-logic")}
    with ResultStore(db) as store:
        put_row(store, "ref-logic", "sha-256", "lightweight-logic", "ecp5-25k", luts=1000, ffs=900, fmax_mhz=100.0)
        put_row(store, "x-logic", "blake-256", "lightweight-logic", "ecp5-25k", luts=2000, ffs=1600, fmax_mhz=150.0)
        put_row(store, "x-bram", "blake-256", "lightweight-bram", "ecp5-25k", luts=1000, ffs=900, fmax_mhz=100.0)
        put_row(store, "x-logic", "blake-256", "lightweight-logic", "ice40-up5k", luts=2000, ffs=900, fmax_mhz=50.0)
        put_row(store, "sha256", "sha-256", "basic-iterative", "ecp5-25k", luts=1000, ffs=900, fmax_mhz=100.0)
        # a lightweight LWC core (Ascon) is not one of the study's hashes
        put_row(store, "ascon_lw-logic", "ascon", "lightweight-logic", "ecp5-25k", luts=1400, ffs=800, fmax_mhz=130.0)
        for core, energy in (("ref-logic", 40.0), ("x-logic", 30.0)):
            store.put(
                "energy",
                {"core": core, "device": "ecp5-25k", "seed": 1},
                {"energy_pj_per_bit": energy, "dynamic_pj_per_bit": energy / 4},
            )
        rows = {(r["core"], r["device"]): r for r in lightweight_rows(store, cores)}
    assert set(rows) == {("ref-logic", "ecp5-25k"), ("x-logic", "ecp5-25k"), ("x-bram", "ecp5-25k"), ("x-logic", "ice40-up5k")}
    x = rows[("x-logic", "ecp5-25k")]
    assert (x["tp_vs_sha256"], x["tpa_vs_sha256"]) == (1.5, 0.75)
    assert x["short_mbps"] == pytest.approx(512 * 150.0 / (2 + 32 + 17), abs=0.01) and x["short_vs_sha256"] == 1.5
    assert x["budget"] == "misses: 464 LUT4s over (2000 > 1536); 64 flip-flops over (1600 > 1536)"
    assert (x["energy_pj_per_bit"], x["energy_vs_sha256"], x["dynamic_vs_sha256"]) == (30.0, 0.75, 0.75)
    assert rows[("ref-logic", "ecp5-25k")]["budget"] == "fits"
    assert rows[("x-bram", "ecp5-25k")]["energy_pj_per_bit"] is None
    assert rows[("x-bram", "ecp5-25k")]["tp_vs_sha256"] is None  # no SHA-256 with block RAM stored
    assert rows[("x-bram", "ecp5-25k")]["budget"] == "no budget"
    assert rows[("x-logic", "ice40-up5k")]["budget"] == "budget is in ECP5 resources"


def test_report_lightweight_without_results_says_how_to_get_them(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "lightweight", "--db", str(db)]) == 0
    assert "no results yet" in capsys.readouterr().out
