"""The LWC benchmarks (docs/lwc.md): every case simulated in the core's RTL and checked against
the designer's cycle formulas, the job in the store, the tables built from stored rows, and the
command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from hashbed.catalogue.cores import core_names, load_core
from hashbed.catalogue.devices import get_device
from hashbed.cli.main import main
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.sim.lwc_bench import LONG_BLOCKS, SIZES, BenchRow, bench_rows, benchmark_lwc, block_bytes
from hashbed.jobs.runner import LWC_BENCH_STEP, Jobs
from hashbed.results import ResultStore
from hashbed.results.schema import check_job
from hashbed.studies.lwc import tables
from support import fixture_store

LWC_CORES = core_names("lwc")


@pytest.fixture(scope="module")
def ascon_bench() -> dict[str, Any]:
    """The basic core's benchmark, simulated once for the tests below (under a second)."""
    return benchmark_lwc(load_core("ascon")).as_dict()


def _cycles(outputs: dict[str, Any], row: BenchRow, size: int) -> int | None:
    case = row.case(size)
    return next(
        c["cycles"]
        for c in outputs["cases"]
        if (c["operation"], c["inputs"], c["new_key"], c["ad_bytes"], c["msg_bytes"])
        == (case.operation, case.inputs, case.new_key, case.ad_bytes, case.msg_bytes)
    )


def test_every_case_of_the_basic_core_runs_in_its_rtl(ascon_bench: dict[str, Any]) -> None:
    """Each case's answer was checked word by word against the model while it ran (else the
    benchmark raises); its cycles are stored for every case, none over the 2048-byte buffer."""
    assert ascon_bench["sizes"] == [16, 64, 1536] and ascon_bench["long_blocks"] == 4
    assert ascon_bench["block_bytes"] == {"aead": 16, "hash": 8}
    # 12 AEAD rows of 3 sizes and 4 and 5 blocks (64 bytes is 4 blocks), and the hash's 5 sizes
    assert len(ascon_bench["cases"]) == 12 * 4 + 5
    assert all(case["cycles"] for case in ascon_bench["cases"])
    cells = tables.cycles_cells(ascon_bench)
    assert cells[0] == ["operation", "16 B cycles", "64 B cycles", "1536 B cycles", "long cycles"]
    assert [row[0] for row in cells[1]][:3] == [
        "encryption, AD only, new key",
        "encryption, PT only, new key",
        "encryption, AD and PT, new key",
    ]
    assert cells[1][-1][0] == "hash" and len(cells[1]) == 13


def _formula_rows() -> dict[str, BenchRow]:
    """The benchmark rows that one of the manifest's cycle formulas describes (docs/interface.md:
    a plaintext of N padded blocks and no AD, AD alone with the key in use, a hash message)."""
    return {
        "encrypt": BenchRow("encrypt", "pt", False),
        "encrypt_new_key": BenchRow("encrypt", "pt", True),
        "encrypt_ad": BenchRow("encrypt", "ad", False),
        "decrypt": BenchRow("decrypt", "pt", False),
        "decrypt_new_key": BenchRow("decrypt", "pt", True),
        "hash": BenchRow("hash", "msg", False),
    }


@pytest.mark.parametrize("name", LWC_CORES)
def test_the_simulated_cycles_agree_with_the_manifests_formulas(name: str, ascon_bench: dict[str, Any]) -> None:
    """An independent check of the designer's formulas by the RTL: one block more costs the
    formula's l+p; a message of whole blocks (N padded blocks, the last one empty) takes no more
    than the formula's N blocks of 16N - 1 bytes and no fewer than its N - 1; a new key costs
    what the formulas say it adds, whatever the data."""
    core = load_core(name)
    outputs = ascon_bench if name == "ascon" else benchmark_lwc(core).as_dict()
    formulas = core.operation_cycles()
    blocks = block_bytes(core)
    for operation, row in _formula_rows().items():
        formula = formulas[operation]
        block = blocks["hash" if row.operation == "hash" else "aead"]
        longer, shorter = _cycles(outputs, row, (LONG_BLOCKS + 1) * block), _cycles(outputs, row, LONG_BLOCKS * block)
        if longer is not None and shorter is not None:
            assert longer - shorter == formula.lp, (operation, longer, shorter, str(formula))
        for size in SIZES:
            cycles = _cycles(outputs, row, size)
            if cycles is None:  # over the buffer
                continue
            padded = size // block + 1
            assert formula.cycles(padded - 1) <= cycles <= formula.cycles(padded), (operation, size, cycles, str(formula))
    for operation in ("encrypt", "decrypt"):
        added = formulas[f"{operation}_new_key"].cycles(1) - formulas[operation].cycles(1)
        for inputs in ("ad", "pt", "both"):
            for size in (*SIZES, LONG_BLOCKS * blocks["aead"]):
                new = _cycles(outputs, BenchRow(operation, inputs, True), size)
                reused = _cycles(outputs, BenchRow(operation, inputs, False), size)
                if new is not None and reused is not None:
                    assert new - reused == added, (operation, inputs, size)


def test_the_measured_basic_core(ascon_bench: dict[str, Any]) -> None:
    """The figures of docs/lwc.md and docs/cores/ascon.md."""
    cells = {row[0]: row[1:] for row in tables.cycles_cells(ascon_bench)[1]}
    assert cells["encryption, PT only, reused key"] == ["53", "89", "1193", "12"]
    assert cells["decryption, CT only, reused key"] == ["58", "106", "1578", "16"]
    assert cells["hash"] == ["101", "185", "2761", "14"]
    mbps = {row[0]: row[1:] for row in tables.throughput_cells(ascon_bench, 92.11)[1]}
    assert mbps["encryption, AD and PT, reused key"][-1] == "982.5"  # 256 bits per 24 clocks
    assert mbps["hash"][-1] == "421.1"


def test_a_decryption_over_the_buffer_is_not_run_and_says_so() -> None:
    """A core that releases at most 1024 bytes (the basic core with a smaller declared buffer):
    its 1536-byte decryptions are not simulated, and the tables say "over the buffer"."""
    ascon = load_core("ascon")
    core = dataclasses.replace(ascon, io=dataclasses.replace(ascon.lwc_interface, max_decrypt_bytes=1024))
    outputs = benchmark_lwc(core).as_dict()
    over = [c for c in outputs["cases"] if c["cycles"] is None]
    assert over and all(c["operation"] == "decrypt" and c["msg_bytes"] == 1536 for c in over)
    assert len(over) == 4  # CT only and AD and CT, new and reused key
    rows = {row[0]: row[1:] for row in tables.throughput_cells(outputs, 90.0)[1]}
    assert rows["decryption, CT only, new key"][2] == tables.OVER_BUFFER
    assert rows["decryption, AD only, new key"][2] != tables.OVER_BUFFER  # no plaintext to hold
    assert rows["encryption, PT only, new key"][2] != tables.OVER_BUFFER


def test_the_step_is_a_stored_job_that_is_reused_and_exports(db: Path, tmp_path: Path) -> None:
    core = load_core("ascon")
    with ResultStore(db) as store:
        jobs = Jobs(store, tmp_path / "build")
        first = jobs.lwc_bench(core)
        assert first.ok and not first.reused and first.step == LWC_BENCH_STEP
        assert first.inputs["core_fingerprint"] == core.fingerprint() and first.inputs["simulator"]
        assert first.inputs["max_decrypt_bytes"] == core.lwc_interface.max_decrypt_bytes
        again = jobs.lwc_bench(core)
        assert again.reused and again.key == first.key
        assert store.export_to(tmp_path / "out.jsonl") == 1
    with ResultStore(tmp_path / "other.db") as other:  # an import checks every job
        assert other.import_from(tmp_path / "out.jsonl").added == 1
    line = json.loads((tmp_path / "out.jsonl").read_text())
    del line["checksum"]
    check_job(line)
    line["outputs"]["cases"][0]["cycles"] = None  # a case not over the buffer without cycles
    with pytest.raises(ValueError, match="over the core's buffer"):
        check_job(line)


def test_the_bench_of_an_lwc_core_runs_the_benchmarks(tmp_path: Path) -> None:
    core = load_core("ascon")
    with ResultStore(tmp_path / "plan.db") as store:
        plans = Jobs(store, tmp_path / "build").bench_nodes([core, load_core("sha1")], ImplSettings(get_device("ecp5-25k"), 1))
    steps = {plan[0].name: [goal.step for goal in plan[1]] for plan in plans}
    assert steps == {"ascon": ["metrics", LWC_BENCH_STEP], "sha1": ["metrics"]}


def test_the_tables_from_stored_rows(tmp_path: Path) -> None:
    """The fixture's invented cycles (fixture_store.lwc_fixture_cycles) at its invented Fmax, 90 MHz."""
    db = fixture_store.fill(tmp_path / "lwc.db", testbed=False, pipeline=False, lightweight=False)
    core = load_core("ascon")
    error = "does not fit: core ascon needs 105 port bits after synthesis, ice40-up5k has 39 (choose a device with more I/O)"
    with ResultStore(db) as store:
        inputs = {"core": "ascon", "core_fingerprint": core.fingerprint(), "device": "ice40-up5k", "seed": 1}
        store.put("implement", inputs, {"fits": False}, error=error)
        rows = tables.lwc_rows(store, [core])
    by_device = {row["device"]: row for row in rows}
    assert list(by_device) == ["ecp5-25k", "ice40-hx8k", "ice40-up5k"]
    assert by_device["ice40-hx8k"]["note"] == tables.NO_IMPLEMENTATION and by_device["ice40-up5k"]["note"] == error
    ecp5 = by_device["ecp5-25k"]
    assert ecp5["implementation"]["luts"] == 3000
    # PT only, reused key: 16 bytes in 40 + 8 cycles; one block more costs 8 cycles
    cells = {row[0]: row[1:] for row in tables.throughput_cells(ecp5["benchmark"], 90.0)[1]}
    assert cells["encryption, PT only, reused key"][0] == f"{128 * 90.0 / 48:.1f}"
    assert cells["encryption, PT only, reused key"][3] == f"{128 * 90.0 / 8:.1f}"
    assert cells["decryption, CT only, reused key"][2] == tables.OVER_BUFFER
    assert ecp5["long_mbps"] == {"encryption": 1440.0, "decryption": 1440.0, "hash": 720.0}
    summary = {(row[0], row[1]): row[2:] for row in tables.summary_cells(rows)[1]}
    assert summary[("ascon", "ecp5-25k")][:4] == ["3000", "600", "1", "90.00"]
    assert summary[("ascon", "ecp5-25k")][-1] == f"{1440.0 / 3000:.3f}"
    assert summary[("ascon", "ice40-hx8k")][0] == tables.NO_IMPLEMENTATION
    assert summary[("ascon", "ice40-up5k")][0] == error


def test_a_benchmark_of_other_sources_is_not_shown(tmp_path: Path) -> None:
    db = fixture_store.fill(tmp_path / "old.db", testbed=False, pipeline=False, lightweight=False, lwc=False)
    core = load_core("ascon")
    with ResultStore(db) as store:
        fixture_store.put_lwc(store)
        assert tables.bench_record(store, core) is not None
        changed = dataclasses.replace(core, parameters={**core.parameters, "BUF_AW": 8})
        assert tables.bench_record(store, changed) is None


def test_the_command_runs_prints_and_refuses_a_hash_core(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "cli.db")
    assert main(["lwc-bench", "ascon", "--db", db]) == 0
    printed = capsys.readouterr().out
    assert "ascon: LWC benchmarks: clock cycles" in printed and "decryption, AD and CT, reused key" in printed
    assert "ascon on ecp5-25k: no implementation (run 'hashbed bench ascon --device ecp5-25k')" in printed
    assert main(["lwc-bench", "ascon", "--db", db, "--json"]) == 0
    (outputs,) = json.loads(capsys.readouterr().out)
    assert outputs["error"] is None and len(outputs["cases"]) == 53
    assert main(["lwc-bench", "sha1", "--db", db]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hashbed: error: sha1: the LWC benchmarks are for LWC cores") and err.count("\n") == 1
    assert main(["report", "lwc", "--db", db]) == 0
    assert "LWC cores: area, Fmax and long-message throughput per device" in capsys.readouterr().out


def test_the_rows_of_the_table_are_the_packages() -> None:
    labels = [row.label for row in bench_rows()]
    assert len(labels) == 13 and labels[6] == "decryption, AD only, new key" and labels[8] == "decryption, AD and CT, new key"
