"""The lightweight study's tables: ratios to SHA-256 per architecture and device, the budget verdict."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hashbed.catalogue.budget import Budget
from hashbed.catalogue.cores import load_core
from hashbed.cli.main import main
from hashbed.results import ResultStore
from hashbed.studies.lightweight import families
from hashbed.studies.lightweight.tables import lightweight_rows, power_cells, power_rows


def put_row(store: ResultStore, core: str, algorithm: str, architecture: str, device: str, **area: float | str) -> None:
    row = {
        "core": core,
        "algorithm": algorithm,
        "version": "fips" if algorithm == "sha-256" else "round3",
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
    store.put("metrics", {"core": core, "device": device, "seed": row["seed"]}, row)


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
        for core, energy, dynamic_mw in (("ref-logic", 40.0, 8.0), ("x-logic", 30.0, 12.0)):
            store.put(
                "energy",
                {"core": core, "device": "ecp5-25k", "seed": 1},
                {
                    "energy_pj_per_bit": energy,
                    "dynamic_pj_per_bit": energy / 4,
                    "static_mw": 30.0,
                    "dynamic_mw_at_fmax": dynamic_mw,
                },
            )
        rows = {(r["core"], r["device"]): r for r in lightweight_rows(store, cores)}
    assert set(rows) == {("ref-logic", "ecp5-25k"), ("x-logic", "ecp5-25k"), ("x-bram", "ecp5-25k"), ("x-logic", "ice40-up5k")}
    x = rows[("x-logic", "ecp5-25k")]
    assert (x["tp_vs_sha256"], x["tpa_vs_sha256"]) == (1.5, 0.75)
    assert x["short_blocks"] == 1 and x["short_mbps"] == pytest.approx(512 * 150.0 / (2 + 32 + 17), abs=0.01)
    assert x["short_tpa_mbps_per_lut"] == pytest.approx(512 * 150.0 / (2 + 32 + 17) / 2000, abs=1e-4)
    assert (x["short_vs_sha256"], x["short_tpa_vs_sha256"]) == (1.5, 0.75)
    assert x["budget"] == "misses: 464 LUT4s over (2000 > 1536); 64 flip-flops over (1600 > 1536)"
    assert (x["energy_pj_per_bit"], x["energy_vs_sha256"], x["dynamic_vs_sha256"]) == (30.0, 0.75, 0.75)
    assert (x["static_mw"], x["static_vs_sha256"], x["dynamic_mw"], x["dynamic_mw_vs_sha256"]) == (30.0, 1.0, 12.0, 1.5)
    assert rows[("ref-logic", "ecp5-25k")]["budget"] == "fits"
    assert rows[("x-bram", "ecp5-25k")]["energy_pj_per_bit"] is None
    assert rows[("x-bram", "ecp5-25k")]["tp_vs_sha256"] is None  # no SHA-256 with block RAM stored
    assert rows[("x-bram", "ecp5-25k")]["budget"] == "no budget"
    assert rows[("x-logic", "ice40-up5k")]["budget"] == "budget is in ECP5 resources"
    assert [r["core"] for r in power_rows(list(rows.values()))] == ["ref-logic", "x-logic"]
    columns, table = power_cells([x])
    power = dict(zip(columns[4:], table[0][4:], strict=True))
    assert (power["static mW"], power["dynamic mW"], power["energy pJ/bit"]) == ("30.0", "12.00", "30.0")


def test_short_message_of_jh_takes_two_blocks_and_its_throughput_one_block_s_bits(db: Path) -> None:
    """TP S: one block's bits over the cycles of the short message, which JH's padding makes two
    blocks long (its padding is at least 512 bits); the measured st holds the start and the
    output transformations, end the digest."""
    cores = {core: load_core(core) for core in ("jh256_lw-logic", "sha256_lw-logic")}
    with ResultStore(db) as store:
        put_row(store, "sha256_lw-logic", "sha-256", "lightweight-logic", "ecp5-25k", luts=1000, ffs=900, fmax_mhz=100.0)
        put_row(store, "jh256_lw-logic", "jh-256", "lightweight-logic", "ecp5-25k", luts=1000, ffs=900, fmax_mhz=100.0)
        rows = {r["core"]: r for r in lightweight_rows(store, cores)}
    jh, sha = rows["jh256_lw-logic"], rows["sha256_lw-logic"]
    assert (jh["short_blocks"], sha["short_blocks"]) == (2, 1)
    assert jh["short_mbps"] == pytest.approx(512 * 100.0 / (2 + 2 * 32 + 17), abs=0.01)
    assert jh["throughput_mbps"] == sha["throughput_mbps"] and jh["short_vs_sha256"] == round((2 + 32 + 17) / (2 + 64 + 17), 2)


def test_report_lightweight_without_results_says_how_to_get_them(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ResultStore(db).close()
    assert main(["report", "lightweight", "--db", str(db)]) == 0
    assert "no results yet" in capsys.readouterr().out


def test_table_3_takes_each_family_s_smallest_fitting_device_and_judges_the_ranking(db: Path) -> None:
    """Across families: a core that does not fit the family's smallest device is taken from the
    next; the ratios rank the functions per family; the correlation follows the rankings."""
    cores = {name: dataclasses.replace(load_core("sha256"), name=name) for name in ("s-logic", "a-logic", "b-logic", "c-logic")}
    luts = {"s-logic": 1000, "a-logic": 800, "b-logic": 2000, "c-logic": 4000}  # ECP5's ranking: a > s > b > c
    with ResultStore(db) as store:
        for core, algorithm in (
            ("s-logic", "sha-256"),
            ("a-logic", "blake-256"),
            ("b-logic", "jh-256"),
            ("c-logic", "skein-512-256"),
        ):
            put_row(store, core, algorithm, "lightweight-logic", "ecp5-25k", luts=luts[core], ffs=900, fmax_mhz=100.0)
            put_row(store, core, algorithm, "lightweight-logic", "ecp5-85k", luts=1, ffs=900, fmax_mhz=100.0)  # larger: not taken
            # Gowin ranks them the other way round: c > b > s > a (a is SHA-256's better only on ECP5)
            put_row(store, core, algorithm, "lightweight-logic", "gowin-gw1n9", luts=10**7 // luts[core], ffs=900, fmax_mhz=100.0)
            put_row(
                store,
                core,
                algorithm,
                "lightweight-logic",
                "gatemate-a1",
                luts=1000,
                ffs=900,
                fmax_mhz=100.0,
                timing_note="bridges",
            )
        for core, algorithm in (("s-logic", "sha-256"), ("a-logic", "blake-256"), ("b-logic", "jh-256")):
            put_row(store, core, algorithm, "lightweight-logic", "ice40-hx8k", luts=luts[core], ffs=900, fmax_mhz=100.0)
        for core, algorithm in (("s-logic", "sha-256"), ("a-logic", "blake-256")):
            put_row(store, core, algorithm, "lightweight-logic", "ice40-up5k", luts=luts[core], ffs=900, fmax_mhz=50.0)
        for device in ("ice40-up5k", "ice40-hx8k"):
            store.put(
                "implement", {"core": "c-logic", "device": device, "seed": 1}, {}, error="does not fit: c-logic needs more LUTs"
            )
        store.put("implement", {"core": "b-logic", "device": "nexus-17k", "seed": 1}, {}, error="nextpnr crashed")
        rows = lightweight_rows(store, cores)
        cells = families.family_cells(rows, store)
        verdicts = {v.architecture: v for v in families.verdicts(cells)}
    assert families.families_shown(cells) == ["ecp5", "ice40", "gowin", "gatemate"]
    assert cells[("lightweight-logic", "blake-256", "ice40")].row["device"] == "ice40-up5k"
    assert cells[("lightweight-logic", "jh-256", "ice40")].row["device"] == "ice40-hx8k"  # not on the UP5K
    skein = cells[("lightweight-logic", "skein-512-256", "ice40")]
    assert skein == families.Cell(None, ("ice40-hx8k", "does not fit: c-logic needs more LUTs")) and skein.does_not_fit
    columns, table = families.table3_cells(cells)
    assert columns == ["architecture", "function", "ecp5", "ice40", "gowin", "gatemate (CPE)"]
    blake = ["lightweight-logic", "blake-256", "1.25 (ecp5-25k)", "1.25 (ice40-up5k)", "0.80 (gowin-gw1n9)"]
    assert table[0] == [*blake, "1.00 (gatemate-a1, timing incomplete)"]
    assert ["lightweight-logic", "skein-512-256", "0.25 (ecp5-25k)", "does not fit (ice40-hx8k)", "4.00 (gowin-gw1n9)"] == table[
        2
    ][:5]
    assert families.failure_notes(cells) == ["lightweight-logic jh-256 on nexus-17k: nextpnr crashed"]
    logic = verdicts["lightweight-logic"]
    assert logic.always_better == []  # blake-256 beats SHA-256 on ECP5 and iCE40, not on Gowin
    assert logic.versus_base["gowin"] == pytest.approx(-1.0) and logic.versus_base["ice40"] == pytest.approx(1.0)
    assert logic.rankings["ecp5"] == ["blake-256", "sha-256", "jh-256", "skein-512-256"]


def test_table_3_takes_another_seed_where_the_tool_failed_at_the_default_one(db: Path) -> None:
    cores = {name: dataclasses.replace(load_core("sha256"), name=name) for name in ("s-logic", "b-logic")}
    with ResultStore(db) as store:
        put_row(store, "s-logic", "sha-256", "lightweight-logic", "machxo3-7k", luts=1000, ffs=900, fmax_mhz=100.0)
        store.put(
            "implement", {"core": "b-logic", "device": "machxo3-7k", "seed": 1}, {}, error="nextpnr: ERROR: Failed to route"
        )
        for core, algorithm, luts in (("s-logic", "sha-256", 1000), ("b-logic", "jh-256", 4000)):
            put_row(store, core, algorithm, "lightweight-logic", "machxo3-7k", luts=luts, ffs=900, fmax_mhz=100.0, seed=2)
        put_row(store, "b-logic", "jh-256", "lightweight-logic", "gowin-gw1n9", luts=900, ffs=900, fmax_mhz=100.0)
        cells = families.family_cells(lightweight_rows(store, cores), store)
    _, table = families.table3_cells(cells)
    assert table == [
        ["lightweight-logic", "jh-256", "0.25 (machxo3-7k, seed 2)", "no SHA-256 row (gowin-gw1n9)"],
        ["lightweight-logic", "sha-256", "1.00 (machxo3-7k)", "-"],
    ]
