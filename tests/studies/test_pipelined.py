"""Pipelined compression cores: the host-side scheduler and the designs in simulation
(docs/pipelined.md). CI runs a few depths; 'make pipelines' runs every depth."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import statistics
import subprocess
from pathlib import Path

import pytest

from conftest import REFERENCES, KatFile
from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.algorithms.kat import read_kat
from hashbed.catalogue.cores import ManifestError
from hashbed.catalogue.pipelines import design_names, load_design, load_pipeline
from hashbed.cli.main import main
from hashbed.console.running import running_runs
from hashbed.errors import CoreFailure
from hashbed.flow.sim.lint import lint_sources
from hashbed.flow.sim.run import Stalls
from hashbed.jobs.graph import Node
from hashbed.results import ResultStore
from hashbed.studies.pipelined import commands as pipelined_commands
from hashbed.studies.pipelined.run import build_point, check_point, padded_blocks, run_schedule
from hashbed.studies.pipelined.scheduler import schedule
from hashbed.studies.pipelined.sweep import CHECK_STEP, METRICS_STEP, SweepPoint
from hashbed.studies.pipelined.tables import claims, point_rows, seed_spread

#: Points that CI simulates: iterative and a middle depth ('make pipelines': every depth;
#: SHA-1's depth 5 has 16-round stages that span two of the four 20-round function ranges).
CI_POINTS = [
    ("sha256_base", 1),
    ("sha256_base", 4),
    ("sha256_opt", 1),
    ("sha256_opt", 4),
    ("sha1_base", 1),
    ("sha1_base", 5),
    ("sha1_opt", 1),
    ("sha1_opt", 5),
]


def blocks_of(count: int, message: int) -> list[bytes]:
    return [bytes([message, block]) * 32 for block in range(count)]


def test_each_message_keeps_its_slot_so_its_blocks_are_a_ring_apart() -> None:
    rng = random.Random(3)
    messages = [blocks_of(rng.randrange(1, 6), m) for m in range(23)]
    ring = 5
    plan = schedule(messages, ring)
    positions: dict[bytes, int] = {issue.block: n for n, issue in enumerate(plan.issues) if not issue.bubble}
    for m, blocks in enumerate(messages):
        issued = [positions[block] for block in blocks]
        assert [b - a for a, b in zip(issued, issued[1:])] == [ring] * (len(blocks) - 1)
        first, *_ = [plan.issues[p] for p in issued]
        assert first.first and plan.issues[issued[-1]].last and first.tag == m
    assert all(issue.bubble for issue in plan.issues[-ring:])
    assert not any(issue.bubble for issue in plan.issues[: plan.saturated])
    # digests leave in the order of the last blocks' issues
    lasts = sorted((positions[blocks[-1]], m) for m, blocks in enumerate(messages))
    assert plan.digest_order == [m for _, m in lasts]


def test_a_ring_without_slots_is_refused() -> None:
    with pytest.raises(ValueError, match="a ring needs at least one slot, got 0"):
        schedule([blocks_of(2, 0)], 0)


def test_the_harness_refuses_stalls_under_which_nothing_could_move() -> None:
    simulator = build_point(load_pipeline("sha1_base"), 1)
    plan = schedule([blocks_of(1, 0)], 2)
    with pytest.raises(CoreFailure, match="IN_STALL and OUT_STALL must be probabilities from 0 up to but not including 1"):
        run_schedule(simulator, plan, Stalls(src=1.0))
    with pytest.raises(CoreFailure, match="IDLE_LIMIT must be from 1 to 100000000"):
        run_schedule(simulator, plan, idle_limit=0)


def test_design_manifests_load() -> None:
    for name in design_names():
        design = load_pipeline(name)
        assert all(design.iterations % depth == 0 for depth in design.depths)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (
            lambda m: m.replace("depths = [1, 2, 4, 8, 16, 32, 64]", "depths = [1, 3]"),
            r"depths: must be divisors of iterations \(64\), got \[1, 3\]",
        ),
        (lambda m: m + "colour = 1\n", "unknown field 'colour'"),
        (
            lambda m: m.replace('"sha256_pipe_stage.v"', '"missing.v"'),
            "files: '.*missing.v' does not exist: add the file, or fix the name",
        ),
        (
            lambda m: m.replace("pipelined-base", "unrolled"),
            "architecture: must be 'pipelined-base' or 'pipelined-opt', got 'unrolled'",
        ),
        (
            lambda m: m.replace('algorithm = "sha-256"\nversion = "fips"', 'algorithm = "keccak-256"\nversion = "round3"'),
            "the block-pipeline interface takes 512-bit blocks .*not those of 'keccak-256' \\(fix 'algorithm'\\)",
        ),
    ],
)
def test_malformed_pipeline_manifest_names_file_and_problem(tmp_path: Path, edit, words: str) -> None:
    original = load_pipeline("sha256_base")
    folder = tmp_path / "sha256_base"
    folder.mkdir()
    for source in original.sources:
        (folder / source.name).write_text(source.read_text())
    manifest = folder / "pipeline.toml"
    manifest.write_text(edit(original.manifest.read_text()))
    with pytest.raises(ManifestError, match=rf"^{manifest}: .*{words}"):
        load_design(manifest)


@pytest.mark.parametrize("name", design_names())
def test_design_lints_clean_at_every_depth(name: str) -> None:
    design = load_pipeline(name)
    for stages in design.depths:
        assert lint_sources(design.top, design.sources, {"STAGES": stages}) == [], f"{design.point(stages)}"


@pytest.mark.parametrize(("name", "stages"), CI_POINTS)
def test_mixed_messages_hashed_together_under_stalls(name: str, stages: int) -> None:
    design = load_pipeline(name)
    reference = REFERENCES[design.algorithm.key]
    rng = random.Random(stages)
    messages = [Message.from_bytes(rng.randbytes(rng.choice([0, 55, 56, 64, 119, 300, 1000]))) for _ in range(3 * stages + 20)]
    quiet = check_point(design, stages, messages)
    assert quiet.intervals == [design.interval(stages)] and quiet.occupancy == 1.0
    assert quiet.latency >= design.ring(stages) * design.interval(stages)
    stalled = check_point(design, stages, messages, Stalls(src=0.4, dst=0.4, seed=7))
    assert min(stalled.intervals) == design.interval(stages)
    # check_point compared every digest with the model; the model agrees with the reference
    assert all(design.algorithm.digest(m) == reference(m.data) for m in messages)


@pytest.mark.parametrize(("name", "stages"), CI_POINTS)
def test_kat_files_through_the_pipeline(kat_file: KatFile, name: str, stages: int) -> None:
    design = load_pipeline(name)
    for kind in ("Short", "Long"):
        vectors = read_kat(kat_file(f"{design.algorithm_name}_{design.version}_{kind}MsgKAT.txt"))
        assert all(design.algorithm.digest(v.message) == v.digest for v in vectors)
        check_point(design, stages, [v.message for v in vectors], Stalls(src=0.2, dst=0.2, seed=stages))


@pytest.mark.parametrize(
    ("name", "stages", "message"),
    [
        ("sha256_base", 3, "sha256_pipe_base: STAGES must divide 64, got 3"),
        ("sha256_opt", 3, "sha256_pipe_opt: STAGES must divide 32, got 3"),
        ("sha256_opt", 12, "sha256_pipe_opt: STAGES must divide 32, got 12"),
        ("sha1_opt", 16, "sha1_pipe_opt: STAGES must divide 40, got 16"),
    ],
)
def test_a_depth_that_does_not_divide_the_rounds_is_refused(name: str, stages: int, message: str) -> None:
    with pytest.raises(CoreFailure, match=f"parameter check failed: {message}"):
        check_point(load_pipeline(name), stages, [Message.from_bytes(b"abc")])


@pytest.mark.parametrize("name", ["sha256_base", "sha256_opt"])
def test_a_block_issued_off_its_ring_position_gets_another_chaining_value(name: str) -> None:
    """The ring rule matters: scheduled on a ring one slot too long, a two-block message's
    second block chains from the wrong slot and its digest is wrong."""
    design = load_pipeline(name)
    message = Message.from_bytes(bytes(100))
    blocks = padded_blocks(design, message)
    simulator = build_point(design, 1)
    right = run_schedule(simulator, schedule([blocks], design.ring(1)))
    wrong = run_schedule(simulator, schedule([blocks], design.ring(1) + 1))
    assert right.digests[0][2] == hashlib.sha256(bytes(100)).digest()
    assert wrong.digests[0][2] != hashlib.sha256(bytes(100)).digest()


@pytest.fixture(scope="module")
def swept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One real sweep: SHA-256 base at depths 1 and 2 on ECP5-25k, two worker processes."""
    work = tmp_path_factory.mktemp("sweep")
    db = work / "results.db"
    argv = [
        "sweep",
        "pipeline",
        "sha256_base",
        "--depths",
        "1,2",
        "--device",
        "ecp5-25k",
        "--jobs",
        "2",
        "--db",
        str(db),
        "--build-dir",
        str(work / "build"),
    ]
    assert main(argv) == 0
    return db


def test_sweep_points_are_tabulated_with_the_improvement_over_one_stage(swept: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "pipeline", "--json", "--db", str(swept)]) == 0
    report = json.loads(capsys.readouterr().out)
    [table] = report["tables"]
    one, two = table["points"]
    assert (table["design"], table["device"], one["stages"], two["stages"]) == ("sha256_base", "ecp5-25k", 1, 2)
    for point in (one, two):
        assert point["fits"] and point["luts"] > 1000 and point["fmax_mhz"] > 10
        assert point["throughput_mbps"] == pytest.approx(512 * point["fmax_mhz"] / point["interval"], rel=1e-3)
        assert point["lut_percent"] == pytest.approx(100 * point["luts"] / 24288, abs=0.1)
        assert point["ff_percent"] == pytest.approx(100 * point["ffs"] / 24288, abs=0.1)
    assert (one["interval"], two["interval"], one["improvement"]) == (64, 32, 1.0)
    assert two["improvement"] == pytest.approx(two["tpa_mbps_per_lut"] / one["tpa_mbps_per_lut"], rel=1e-2)
    assert [p["stages"] for p in table["points"] if p["best"]] == [table["best_stages"]]
    assert any("not checked" in claim for claim in report["claims"])


def test_an_interrupted_sweep_resumes_from_the_store(swept: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "sweep",
        "pipeline",
        "sha256_base",
        "--depths",
        "1,2",
        "--device",
        "ecp5-25k",
        "--jobs",
        "2",
        "--db",
        str(swept),
        "--build-dir",
        str(tmp_path / "build"),
    ]
    assert main(argv) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("sweep: sha256_base")]
    assert len(lines) == 2 and all(line.endswith("(stored)") for line in lines)


def test_rows_checked_on_older_sources_of_their_design_are_left_out(swept: Path, tmp_path: Path) -> None:
    db = tmp_path / "results.db"
    shutil.copy(swept, db)
    with ResultStore(db) as store:
        current = point_rows(store)
        stale_check = store.put(CHECK_STEP, {"core": "sha256_base-s4", "design_fingerprint": "0" * 16}, {"latency": 70})
        for stages in (1, 4):  # a newer row for a stored depth and a row for a new one, both from old Verilog
            row = {**current[0], "stages": stages, "luts": 1}
            store.put(METRICS_STEP, {"core": f"sha256_base-s{stages}", "check_job": stale_check.key}, row)
        assert point_rows(store) == current and [row["stages"] for row in current] == [1, 2]


def _point(architecture: str, stages: int, tpa: float, seed: int = 1) -> dict[str, object]:
    return {
        "algorithm": "sha-1",
        "architecture": architecture,
        "device": "ecp5-85k",
        "seed": seed,
        "stages": stages,
        "fits": True,
        "tpa_mbps_per_lut": tpa,
        "throughput_mbps": 1000 * tpa,
        "design": f"sha1_{architecture[10:]}",
        "fmax_mhz": 100 * tpa,
    }


@pytest.mark.parametrize(
    ("opt_tpa", "verdict"),
    [((0.9, 1.0), "agrees with"), ((0.5, 0.6), "partly agrees"), ((0.5, 0.39), "disagrees with")],
)
def test_the_study_claims_are_judged_from_the_numbers(opt_tpa: tuple[float, float], verdict: str) -> None:
    # base TP/A 0.45 at 4 stages and 0.40 at 8: more stages lose here, against the study
    rows = [_point("pipelined-base", 4, 0.45), _point("pipelined-base", 8, 0.40)]
    rows += [_point("pipelined-opt", 4, opt_tpa[0]), _point("pipelined-opt", 8, opt_tpa[1])]
    eight_vs_four, opt_vs_base = claims(rows)
    assert "disagrees with '8 stages beat 4'" in eight_vs_four
    assert opt_vs_base.startswith("sha-1 on ecp5-85k: optimized/base TP/A over 2 depths")  # judged per device
    assert opt_vs_base.split("): ", 1)[1].startswith(verdict)


@pytest.mark.parametrize(
    ("eight_tpa", "verdict"),
    [
        ((0.50, 0.56, 0.70), "agrees with '8 stages beat 4'; the seeds' ranges overlap, so the seeds do not settle it"),
        ((0.40, 0.44, 0.45), "disagrees with '8 stages beat 4'"),
    ],
)
def test_eight_against_four_stages_is_judged_over_the_seeds(eight_tpa: tuple[float, ...], verdict: str) -> None:
    four_tpa = (0.46, 0.52, 0.55)
    rows = [_point("pipelined-base", 4, tpa, seed) for seed, tpa in enumerate(four_tpa, 1)]
    rows += [_point("pipelined-base", 8, tpa, seed) for seed, tpa in enumerate(eight_tpa, 1)]
    rows.append(_point("pipelined-base", 8, 0.99, seed=4))  # a seed placed at one depth only does not count
    eight_vs_four = claims(rows)[0]
    spread = f"({min(eight_tpa):.3f}..{max(eight_tpa):.3f})"
    expected = f"seeds 1, 2, 3: 8 stages {statistics.median(eight_tpa):.3f} {spread} vs 4 stages 0.520 (0.460..0.550)"
    assert expected in eight_vs_four and eight_vs_four.endswith(verdict)


def test_points_placed_with_several_seeds_get_their_median_and_range() -> None:
    rows = [_point("pipelined-base", 4, tpa, seed) for seed, tpa in ((1, 0.5), (2, 0.3), (3, 0.4))]
    rows += [_point("pipelined-base", 8, 0.6), {**_point("pipelined-base", 2, 0.2, 2), "fits": False}]
    [spread] = seed_spread(rows)  # 8 and 2 stages: one placed seed each
    assert (spread["design"], spread["stages"], spread["seeds"]) == ("sha1_base", 4, [1, 2, 3])
    assert spread["tpa_mbps_per_lut"] == {"median": 0.4, "lowest": 0.3, "highest": 0.5}
    assert spread["fmax_mhz"] == pytest.approx({"median": 40.0, "lowest": 30.0, "highest": 50.0})


def test_a_sweep_with_several_seeds_places_every_point_with_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    swept_points: list[SweepPoint] = []

    def record(jobs: object, point: SweepPoint) -> SweepPoint:
        swept_points.append(point)
        return point

    monkeypatch.setattr(pipelined_commands, "point_node", record)
    monkeypatch.setattr(pipelined_commands, "run_jobs", lambda *_: None)
    main(
        [
            "sweep",
            "pipeline",
            "sha1_base",
            "--depths",
            "4,8",
            "--placer-seed",
            "3",
            "--placer-seed",
            "1",
            "--placer-seed",
            "3",
            "--db",
            str(tmp_path / "results.db"),
        ]
    )
    assert sorted((p.stages, p.seed) for p in swept_points) == [(4, 1), (4, 3), (8, 1), (8, 3)]


def test_the_running_implementations_are_the_runs_a_process_works_on(tmp_path: Path) -> None:
    run_dir = tmp_path / "build" / "impl" / "sha1_base-s8-ecp5-85k-s1-0123456789"
    run_dir.mkdir(parents=True)
    (run_dir / "settings.json").write_text(json.dumps({"core": "sha1_base-s8", "device": "ecp5-85k"}))
    (run_dir / "nextpnr.log").write_text("Info: Packing IOs..\n")

    def implementing(stages: int, device: str, seed: int = 1) -> Node:
        return Node("implement", {"core": f"sha1_base-s{stages}", "device": device, "seed": seed})

    point = implementing(8, "ecp5-85k")
    others = [implementing(4, "ecp5-85k"), implementing(8, "ecp5-45k"), implementing(8, "ecp5-85k", seed=2)]
    assert running_runs([point], tmp_path / "build") == []  # interrupted: no process works there
    tool = subprocess.Popen(["sleep", "60"], cwd=run_dir)
    try:
        [run] = running_runs([point], tmp_path / "build")
        assert (run.run_dir, run.phase) == (run_dir, "packing")
        assert running_runs(others, tmp_path / "build") == []
    finally:
        tool.kill()
        tool.wait()
