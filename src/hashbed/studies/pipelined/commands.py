"""``hashbed pipeline list|check``, ``hashbed sweep pipeline`` and the pipeline part of
``hashbed report``."""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.algorithms.kat import read_kat
from hashbed.catalogue.devices import DEVICES, get_device
from hashbed.catalogue.interfaces.hash import kat_files_in
from hashbed.catalogue.pipelines import design_names, load_pipeline
from hashbed.console.options import SharedOptions, option_with_old_spelling
from hashbed.console.printing import emit_json, err, out, print_table
from hashbed.console.running import executor_options, run_jobs
from hashbed.console.types import SEED_RANGE, positive_int, positive_ints, probability, seed
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import DEFAULT_SEED, DEFAULT_TIMEOUT_S
from hashbed.flow.sim.run import Stalls
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from hashbed.studies.document import Missing
from hashbed.studies.pipelined.run import check_point
from hashbed.studies.pipelined.sweep import METRICS_STEP, SweepPoint, check_messages, point_node
from hashbed.studies.pipelined.tables import (
    RATIO_TITLE,
    SHELL_NOTE,
    SPREAD_TITLE,
    claims,
    depth_cells,
    depth_tables,
    depth_title,
    missing_points,
    opt_vs_base,
    point_rows,
    ratio_cells,
    seed_spread,
    spread_cells,
)


def cmd_list(args: argparse.Namespace) -> int:
    designs = [load_pipeline(name) for name in design_names()]
    if args.names:
        out.print("\n".join(d.name for d in designs))
        return 0
    if args.json:
        emit_json(
            [
                {
                    "name": d.name,
                    "algorithm": d.algorithm_name,
                    "architecture": d.architecture,
                    "iterations": d.iterations,
                    "depths": list(d.depths),
                    "top": d.top,
                }
                for d in designs
            ]
        )
        return 0
    columns = ["design", "algorithm", "architecture", "cycles per block at 1 stage", "depths"]
    rows = [[d.name, d.algorithm_name, d.architecture, str(d.iterations), ", ".join(map(str, d.depths))] for d in designs]
    print_table("pipeline designs (rtl/pipelines)", (columns, rows))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    design = load_pipeline(args.design)
    if args.stages is not None and design.iterations % args.stages:
        raise HashbedError(
            f"--stages {args.stages}: {design.name} takes a depth that divides its {design.iterations} iterations "
            f"(its depths: {', '.join(map(str, design.depths))})"
        )
    results = []
    for stages in [args.stages] if args.stages else list(design.depths):
        if args.kat_dir:
            files = kat_files_in(design.algorithm, args.kat_dir)
            messages = [vector.message for path in files for vector in read_kat(path)]
            source = ", ".join(path.name for path in files)
        else:
            rng = random.Random(args.seed)
            messages = check_messages(design, stages) + [
                Message.from_bytes(rng.randbytes(rng.randrange(2000))) for _ in range(20)
            ]
            source = "generated messages"
        result = check_point(design, stages, messages, Stalls(args.src_stall, args.dst_stall, args.seed))
        results.append({**result.as_dict(), "source": source})
        if not args.json:
            out.print(
                f"{result.point}: {result.messages}/{result.messages} digests match ({source}); "
                f"intervals {result.intervals} (design: {design.interval(stages)}), occupancy {result.occupancy}, "
                f"latency {result.latency} cycles; stalls in {args.src_stall} out {args.dst_stall}"
            )
    if args.json:
        emit_json(results)
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    names = args.designs or design_names()
    devices = args.device or ["ecp5-85k"]
    for device in devices:
        get_device(device)
    seeds = sorted(set(args.seed or [DEFAULT_SEED]))
    points = []
    for name in names:
        design = load_pipeline(name)
        depths = [d for d in design.depths if args.depths is None or d in args.depths]
        points += [SweepPoint(name, d, device, seed, args.timeout) for seed in seeds for device in devices for d in depths]
    points.sort(key=lambda p: p.stages)  # area grows with depth: the small points first
    with ResultStore(args.db) as store:
        jobs = Jobs(store, args.build_dir, args.force)
        goals = [point_node(jobs, point) for point in points]
        records = run_jobs(jobs, goals, args, "sweep")
        if records is None:
            return 0
    done = [records[goal.key] for goal in goals]
    for point, record in zip(points, done):
        what = f"{point.design}-s{point.stages} on {point.device}" + (f", seed {point.seed}" if len(seeds) > 1 else "")
        if record.step != METRICS_STEP:
            err.print(f"sweep: {what}: {record.step} failed: {record.error}")
        else:
            row = record.outputs
            fit = f"{row['luts']} LUTs, {row['fmax_mhz']} MHz" if row["fits"] else row["error"]
            err.print(f"sweep: {what}: {fit}{' (stored)' if record.reused else ''}")
    if args.json:
        emit_json([r.outputs for r in done if r.ok])
    return 0 if all(r.ok for r in done) else 1


def report_json(store: ResultStore) -> dict[str, Any]:
    rows = point_rows(store)
    return {
        "tables": depth_tables(rows),
        "opt_vs_base": opt_vs_base(rows),
        "seed_spread": seed_spread(rows),
        "claims": claims(rows),
    }


def print_report(store: ResultStore) -> None:
    report = report_json(store)
    if not report["tables"]:
        out.print("pipeline study: no results stored (run 'hashbed sweep pipeline')")
        return
    for table in report["tables"]:
        print_table(depth_title(table), depth_cells(table))
        if missing := missing_points(table):
            out.print(str(Missing(*missing)))
    if report["opt_vs_base"]:
        print_table(RATIO_TITLE, ratio_cells(report["opt_vs_base"]))
    if report["seed_spread"]:
        print_table(SPREAD_TITLE, spread_cells(report["seed_spread"]))
    for line in report["claims"]:
        out.print(line)
    out.print(SHELL_NOTE)


def add_commands(sub: Any, shared: SharedOptions) -> None:
    p = sub.add_parser("pipeline", help="pipelined compression designs (docs/pipelined.md)")
    inner = p.add_subparsers(dest="pipeline_command", required=True, metavar="COMMAND")
    q = inner.add_parser("list", parents=[shared.json, shared.wide], help="the pipeline designs")
    q.add_argument("--names", action="store_true", help="only the names, one per line (for scripts)")
    q.set_defaults(func=cmd_list)
    q = inner.add_parser("check", parents=[shared.json], help="hash messages together through one depth in simulation")
    q.add_argument("design", help="a pipeline design's name ('hashbed pipeline list' lists them)")
    q.add_argument("--stages", type=positive_int, help="pipeline depth (default: every depth of the design)")
    q.add_argument("--kat-dir", type=Path, metavar="DIR", help="every KAT file of the design's algorithm in DIR")
    q.add_argument(
        "--src-stall", type=probability, default=0.3, help="probability of no issue offered in a cycle (default: %(default)s)"
    )
    q.add_argument(
        "--dst-stall", type=probability, default=0.3, help="probability of digest back-pressure (default: %(default)s)"
    )
    option_with_old_spelling(
        q,
        "--stall-seed",
        "--seed",
        dest="seed",
        type=seed,
        default=1,
        help=f"seed of the stall pattern and the generated messages, {SEED_RANGE} (default: %(default)s)",
    )
    q.set_defaults(func=cmd_check)

    p = sub.add_parser("sweep", help="sweep a study's parameter space into the store")
    inner = p.add_subparsers(dest="sweep_command", required=True, metavar="STUDY")
    q = inner.add_parser(
        "pipeline",
        parents=[shared.json, shared.wide, shared.db, shared.build_dir, shared.force, executor_options()],
        help="every depth of every pipeline design: check, implement, metrics",
    )
    q.add_argument("designs", nargs="*", help="designs (default: all)")
    q.add_argument("--device", action="append", help=f"device (repeatable; default ecp5-85k): {', '.join(DEVICES)}")
    q.add_argument("--depths", type=positive_ints, help="only these depths, e.g. 1,4,8")
    option_with_old_spelling(
        q,
        "--placer-seed",
        "--seed",
        dest="seed",
        type=seed,
        action="append",
        help=f"nextpnr's placement seed, {SEED_RANGE} (repeatable, e.g. --placer-seed 1 --placer-seed 2; default "
        f"{DEFAULT_SEED}): with several, 'hashbed report pipeline' adds each point's median and range over the seeds",
    )
    q.add_argument("--timeout", type=positive_int, default=DEFAULT_TIMEOUT_S, help="seconds per tool run (default: %(default)s)")
    q.set_defaults(func=cmd_sweep)
