"""The LWC cores in simulation (docs/interface.md, the LWC interface): known answers under stalls on
pdi, sdi and do, tampered decryptions answered with FAILURE alone, the measured cycle formulas,
and misbehaving cores stopped with one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CARRIED_KAT_DIR
from hashbed.catalogue.cores import Core, core_names, load_core, load_manifest
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.interfaces.lwc import generated_cases, kat_cases, kat_files_in
from hashbed.catalogue.interfaces.lwc_words import status_words
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.measure import measure
from hashbed.flow.sim.run import Stalls, run_stream
from hashbed.flow.sim.verify import verify
from hashbed.jobs.graph import graph_of
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore

LWC_CORES = core_names("lwc")


def test_the_catalogue_has_the_ascon_core() -> None:
    assert "ascon" in LWC_CORES and "ascon" not in core_names() and "ascon" in core_names(None)
    core = load_core("ascon")
    assert core.suite.key == "ascon/sp800-232" and core.interface == "lwc"
    # the buffer the manifest declares is the one the Verilog has
    assert core.lwc_interface.max_decrypt_bytes == 4 * 2 ** core.parameters["BUF_AW"]
    with pytest.raises(HashbedError, match="has the lwc interface"):
        _ = core.algorithm


def test_the_lightweight_ascon_cores_have_an_8_bit_bus() -> None:
    for name, brams in (("ascon_lw-logic", 0), ("ascon_lw-bram", 1)):
        core = load_core(name)
        assert name in LWC_CORES and core.bus_width == 8 and core.parameters["W"] == 8
        assert core.architecture == f"lightweight-{'logic' if brams == 0 else 'bram'}"
        assert core.budget is not None and core.budget.brams == brams == core.parameters["BUF_BRAM"]
        # the buffer the manifest declares is the one the Verilog has (bytes)
        assert core.lwc_interface.max_decrypt_bytes == 2 ** core.parameters["BUF_AW"]
    # the one-BRAM version decrypts every LWC benchmark size (1536 bytes)
    assert load_core("ascon_lw-bram").lwc_interface.max_decrypt_bytes >= 1536


def test_a_stream_of_another_width_is_refused() -> None:
    core, ascon = load_core("ascon_lw-logic"), load_core("ascon")
    case = generated_cases(ascon)[0]  # 32-bit words
    with pytest.raises(CoreFailure, match="the stream has 32-bit words, the core's pdi, sdi and do are 8 bits wide"):
        run_stream(build_simulator(core), ascon.io, [case], core_name=core.name)
    with pytest.raises(CoreFailure, match="does not fit the 8-bit bus"):
        run_stream(build_simulator(core), core.io, [case], core_name=core.name)


@pytest.mark.parametrize("name", LWC_CORES)
def test_carried_known_answers_pass_with_tampering(name: str) -> None:
    """The carried sample (tests/data/kat): every record encrypted, decrypted, and decrypted with a
    flipped tag bit and a flipped ciphertext bit (FAILURE alone); hashes and XOFs."""
    core = load_core(name)
    files = kat_files_in(core.suite, CARRIED_KAT_DIR)
    assert len(files) == 3
    report = verify(core, files, Stalls(src=0.3, dst=0.3, seed=7))
    assert report.ok, report.mismatch
    assert report.messages == 4 * 36 + 12 + 12
    failures = [case for path in files for case in kat_cases(core, path) if case.expected == status_words(False, core.bus_width)]
    assert len(failures) == 2 * 36


@pytest.mark.parametrize("name", LWC_CORES)
def test_every_eighth_record_of_the_full_kat_files_passes(full_kat_dir: Path, name: str) -> None:
    """Every eighth record of the full KAT files (its four AEAD operations, or its hash or XOF), under
    stalls; test_full_kat_files_pass (slow) and make kat run them all."""
    core = load_core(name)
    sample = []
    for path in kat_files_in(core.suite, full_kat_dir):
        cases = kat_cases(core, path)
        per_record = 4 if cases[0].kind == "encrypt" else 1
        sample += [case for index, case in enumerate(cases) if index // per_record % 8 == 0]
    assert len(sample) == 4 * 137 + 129 + 129
    run = run_stream(build_simulator(core), core.io, sample, Stalls(src=0.4, dst=0.4, seed=3), core_name=name)
    for case, result in zip(sample, run.cases):
        assert core.io.mismatch(case, result.outputs) is None, (case.source, case.line, case.kind)


@pytest.mark.slow
@pytest.mark.parametrize("name", LWC_CORES)
def test_full_kat_files_pass(full_kat_dir: Path, name: str) -> None:
    core = load_core(name)
    report = verify(core, kat_files_in(core.suite, full_kat_dir), Stalls(src=0.4, dst=0.4, seed=3))
    assert report.ok, report.mismatch
    assert report.passed == report.messages == 4 * 1089 + 1025 + 1025


@pytest.mark.parametrize("name", LWC_CORES)
def test_generated_operations_in_segments_and_heavy_stalls(name: str) -> None:
    """Random keys and reused ones, lengths across blocks, XOF lengths, a decryption longer than the
    buffer (FAILURE), data split into 16- and 32-byte segments, stalls on every port."""
    core = load_core(name)
    for segment_bits, stall in ((None, 0.3), (128, 0.8), (256, 0.5)):
        report = verify(core, stalls=Stalls(src=stall, dst=stall, seed=5), segment_bits=segment_bits)
        assert report.ok, (segment_bits, report.mismatch)
    cases = generated_cases(core)
    assert cases[-1].expected == status_words(False, core.bus_width)
    assert cases[-1].bits > 8 * core.lwc_interface.max_decrypt_bytes


@pytest.mark.parametrize("name", LWC_CORES)
def test_measured_formulas_equal_the_manifest(name: str) -> None:
    core = load_core(name)
    measured = measure(core)
    assert [op.operation for op in measured.operations] == list(core.operation_cycles())
    for op in measured.operations:
        assert op.matches, f"{op.operation}: measured {op.measured}, manifest {op.expected}"
    assert measured.as_dict()["matches"] is True


def test_a_kat_file_of_another_algorithm_is_refused() -> None:
    core = load_core("ascon")
    with pytest.raises(HashbedError, match="is not one of ascon's"):
        kat_cases(core, CARRIED_KAT_DIR / "ascon-cxof128_sp800-232_LWC_CXOF_KAT.txt")
    with pytest.raises(HashbedError, match="--kat-dir /nonexistent does not exist: give a folder of KAT files"):
        kat_files_in(core.suite, Path("/nonexistent"))
    with pytest.raises(HashbedError, match="no KAT files of ascon/sp800-232"):
        kat_files_in(core.suite, CARRIED_KAT_DIR.parent)


SILENT = """`default_nettype none
module broken (input wire clk, input wire rst,
               input wire [31:0] pdi_data, input wire pdi_valid, output wire pdi_ready,
               input wire [31:0] sdi_data, input wire sdi_valid, output wire sdi_ready,
               output wire [31:0] do_data, input wire do_ready, output wire do_valid, output wire do_last);
    assign pdi_ready = pdi_valid;  // swallows every word and never answers
    assign sdi_ready = 1'b0;
    assign do_data = 32'd0;
    assign do_valid = 1'b0;
    assign do_last = 1'b0;
endmodule
"""

MANIFEST = """top = "broken"
files = ["broken.v"]
algorithm = "ascon"
version = "sp800-232"
interface = "lwc"
architecture = "basic-iterative"
bus_width = 32
cycles = "14 + 12*N + 19"

[lwc]
max_decrypt_bytes = 2048

[lwc.cycles]
encrypt_new_key = "21 + 12*N + 19"
encrypt_ad = "22 + 12*N + 19"
decrypt = "32 + 16*N + 2"
decrypt_new_key = "39 + 16*N + 2"
hash = "2 + 14*N + 59"
"""


def broken_lwc_core(tmp_path: Path, verilog: str) -> Core:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "broken.v").write_text(verilog)
    (folder / "core.toml").write_text(MANIFEST)
    return load_manifest(folder / "core.toml")


def test_a_core_that_never_answers_is_stopped(tmp_path: Path) -> None:
    core = broken_lwc_core(tmp_path, SILENT)
    with pytest.raises(CoreFailure, match="no word read or written for 1000 cycles.*never answered"):
        verify(core, idle_limit=1000)


def test_a_core_that_breaks_the_protocol_is_stopped(tmp_path: Path) -> None:
    core = broken_lwc_core(tmp_path, SILENT.replace("assign do_valid = 1'b0;", "assign do_valid = 1'b1;"))
    with pytest.raises(CoreFailure, match="protocol: do_valid asserted while do_ready is low"):
        verify(core)


def test_an_lwc_manifest_needs_its_table(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "broken.v").write_text(SILENT)
    (folder / "core.toml").write_text(MANIFEST[: MANIFEST.index("[lwc]")])
    with pytest.raises(HashbedError, match=r"an LWC core \(interface = \"lwc\"\) has an \[lwc\] table"):
        load_manifest(folder / "core.toml")
    # a suite hashbed has no model of loads (its pdi/sdi/do vectors verify it); its suite is asked for by name
    (folder / "core.toml").write_text(MANIFEST.replace('algorithm = "ascon"', 'algorithm = "sha-256"'))
    with pytest.raises(HashbedError, match="unknown LWC algorithm 'sha-256'"):
        load_manifest(folder / "core.toml").suite  # noqa: B018


def test_an_lwc_manifest_takes_the_api_widths(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "broken.v").write_text(SILENT)
    (folder / "core.toml").write_text(MANIFEST.replace("bus_width = 32", "bus_width = 64"))
    with pytest.raises(HashbedError, match=r"bus_width: must be one of 8, 16, 32 \(the LWC API\), got 64"):
        load_manifest(folder / "core.toml")
    (folder / "core.toml").write_text(MANIFEST.replace("bus_width = 32", "bus_width = 8"))
    assert load_manifest(folder / "core.toml").bus_width == 8


def test_a_lightweight_lwc_core_is_benched_without_the_hash_energy_estimate(tmp_path: Path) -> None:
    """The energy estimate drives the hash interface: a lightweight LWC core's bench on ECP5 is
    verify, measure, implement and metrics, a lightweight hash core's has the estimate too."""
    settings = ImplSettings(get_device("ecp5-25k"))
    with ResultStore(tmp_path / "results.db") as store:
        jobs = Jobs(store, tmp_path)
        for name, energy in (("ascon_lw-logic", False), ("sha256_lw-logic", True)):
            steps = {node.step for _, goals in jobs.bench_nodes([load_core(name)], settings) for node in graph_of(goals)}
            assert ("energy" in steps) == energy and {"verify", "measure", "implement", "metrics"} <= steps, name
