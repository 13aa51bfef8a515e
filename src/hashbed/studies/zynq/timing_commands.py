"""``hashbed time``: experimental Fmax by post-route timing simulation, and the
timing part of ``hashbed report`` (the study's Tables I and III)."""

from __future__ import annotations

import argparse
from typing import Any

from hashbed.catalogue.cores import Core, all_cores, load_core
from hashbed.console.options import option_with_old_spelling
from hashbed.console.printing import emit_json, err, out, print_table
from hashbed.console.running import executor_options, run_jobs
from hashbed.console.types import MAX_BOARDS, MAX_SIGMA, SEED_RANGE, boards, positive_float, positive_int, seed, sigma
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import DEFAULT_TIMEOUT_S
from hashbed.flow.timing.variation import VariationModel
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord, ResultStore
from hashbed.studies.zynq.study_set import STUDY_DEVICES
from hashbed.studies.zynq.timing import DATA_MODES, ENGINES, LOW_FACTOR, TimingSettings, time_node
from hashbed.studies.zynq.timing_tables import (
    MODEL_NOTE,
    TABLE_1_TITLE,
    TABLE_3_TITLE,
    board_cells,
    board_rows,
    board_statistics,
    fmax_cells,
    fmax_rows,
)
from hashbed.testbed.controller import BOTTOM_OF_RANGE


def _cores(args: argparse.Namespace) -> list[Core]:
    """The cores named, else the study's set on ``--device`` (``STUDY_DEVICES``)."""
    if args.cores:
        return [load_core(name) for name in dict.fromkeys(args.cores)]
    chosen = [core for core in all_cores() if STUDY_DEVICES.get(core.architecture) == args.device]
    if not chosen:
        places = ", ".join(f"{architecture} cores on {device}" for architecture, device in STUDY_DEVICES.items())
        raise HashbedError(f"name the cores to time on {args.device} (without names: the study's set, {places})")
    return chosen


def cmd_time(args: argparse.Namespace) -> int:
    cores = _cores(args)
    modes = DATA_MODES if args.data == "both" else (args.data,)
    variation = VariationModel(args.die_sigma, args.spatial_sigma, args.local_sigma, args.correlation_tiles)
    with ResultStore(args.db) as store:
        jobs = Jobs(store, args.build_dir, args.force)
        searches = {
            (core.name, data): [
                time_node(jobs, core, TimingSettings(args.device, args.seed, data, board, variation, args.engine, args.timeout))
                for board in range(args.boards + 1)
            ]
            for core in cores
            for data in modes
        }
        done = run_jobs(jobs, [goal for goals in searches.values() for goal in goals], args, "time")
        if done is None:
            return 0
    results: list[tuple[dict[str, Any], list[JobRecord]]] = []
    failed = 0
    for (core_name, data), goals in searches.items():
        records = [done[goal.key] for goal in goals]
        if bad := next((r for r in records if not r.ok), None):
            err.print(f"hashbed: time {core_name} ({bad.step}, {data} data) failed: {failure(bad)}")
            failed += 1
            continue
        results.append((_summary(core_name, data, args, variation, records), records))
    if args.json:
        summaries = [result for result, _ in results]
        emit_json(summaries[0] if len(summaries) == 1 and not failed else summaries)
    else:
        for result, records in results:
            _print_summary(result, records)
    return 1 if failed else 0


def failure(record: JobRecord) -> str:
    """The error of a failed job; a search whose bottom failed gets a fix that ``time`` has (its
    range comes from static timing, not from an option)."""
    error = record.error or "failed"
    if record.step != "time" or BOTTOM_OF_RANGE not in error:
        return error
    reason = error.split(";")[0]
    board = record.inputs.get("board") or 0
    icarus = "icarus" in (record.inputs.get("tools") or {})
    if board:
        return (
            f"{reason} ({LOW_FACTOR:g} x the static-timing Fmax) on virtual board {board}; "
            "lower --die-sigma, --spatial-sigma or --local-sigma"
        )
    return (
        f"{reason} ({LOW_FACTOR:g} x the static-timing Fmax) with the design's own delays; "
        "try another --placer-seed (a new placement)" + ("" if icarus else ", or --engine icarus to check the fast engine")
    )


def _summary(
    core_name: str, data: str, args: argparse.Namespace, variation: VariationModel, records: list[JobRecord]
) -> dict[str, Any]:
    nominal, boards = records[0].outputs, [r.outputs["exp_fmax_mhz"] for r in records[1:]]
    result: dict[str, Any] = {
        "core": core_name,
        "device": args.device,
        "seed": args.seed,
        "data": data,
        **{
            key: nominal[key]
            for key in (
                "sta_fmax_mhz",
                "exp_fmax_mhz",
                "ratio",
                "limit_above_range",
                "throughput_formula_mbps",
                "throughput_measured_mbps",
                "seconds",
            )
        },
    }
    if boards:
        result["boards"] = boards
        stats = board_statistics(boards)
        result["boards_mean_mhz"], result["boards_std_mhz"] = stats["mean_mhz"], stats["std_mhz"]
        result["variation"] = variation.as_dict()
    return result


def _print_summary(result: dict[str, Any], records: list[JobRecord]) -> None:
    nominal = records[0].outputs
    above = " (limit above the search range)" if nominal["limit_above_range"] else ""
    out.print(
        f"{result['core']} on {result['device']} (seed {result['seed']}, {result['data']} data): static timing "
        f"{nominal['sta_fmax_mhz']:.2f} MHz, experimental {nominal['exp_fmax_mhz']:.1f} MHz{above}, ratio {nominal['ratio']:.3f}"
    )
    out.print(
        f"throughput at the experimental Fmax: {nominal['throughput_formula_mbps']:.1f} Mbit/s from the formula, "
        f"{nominal['throughput_measured_mbps']:.1f} Mbit/s measured ({nominal['measured_blocks']} blocks)"
    )
    if boards := result.get("boards"):
        std = result["boards_std_mhz"]
        out.print(
            f"{len(boards)} virtual boards: {', '.join(f'{f:.1f}' for f in boards)} MHz; mean {result['boards_mean_mhz']:.2f}"
            + (f", standard deviation {std:.2f} MHz" if std is not None else "")
            + f" ({MODEL_NOTE})"
        )
    reused = sum(r.reused for r in records)
    out.print(
        f"simulation time: {sum(r.outputs['seconds'] for r in records if not r.reused):.0f} s"
        + (f" ({reused} stored result(s) reused; --force runs them again)" if reused else "")
    )


def print_timing_tables(store: ResultStore) -> None:
    """Tables I and III of the Zynq study from the stored timing jobs."""
    rows = fmax_rows(store)
    if rows:
        print_table(TABLE_1_TITLE, fmax_cells(rows))
    else:
        out.print("Table I: no timing results stored (run 'hashbed time CORE --device ice40-hx8k')")
    boards = board_rows(store)
    if boards:
        print_table(TABLE_3_TITLE, board_cells(boards))
    else:
        out.print("Table III: no virtual-board results stored (run 'hashbed time CORE --device ice40-hx8k --boards 5')")


def add_parser(sub: Any, jobs: list[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "time",
        parents=[*jobs, executor_options()],
        help="experimental Fmax: 0.1 MHz clock search on the post-route timing simulation",
    )
    p.add_argument(
        "cores",
        nargs="*",
        help="cores to time (default: the study's set on --device: the basic iterative cores on ecp5-85k, "
        "the lightweight ones on ecp5-25k)",
    )
    p.add_argument("--device", required=True, help="device to implement on (timing models: iCE40, ECP5)")
    option_with_old_spelling(
        p,
        "--placer-seed",
        "--seed",
        dest="seed",
        type=seed,
        default=1,
        help=f"nextpnr's placement seed of the implementation, {SEED_RANGE} (default: %(default)s)",
    )
    p.add_argument(
        "--data",
        choices=(*DATA_MODES, "both"),
        default="worst",
        help="worst: sizes x byte patterns and random bytes, the lowest passing clock; "
        "random: random bytes; both: a search in each (default: %(default)s)",
    )
    p.add_argument(
        "--timeout",
        type=positive_int,
        default=DEFAULT_TIMEOUT_S,
        help="seconds per tool run where a core is placed and routed again for its delays (a worker that cannot see "
        "the stored run; echo256 on ecp5-85k takes about an hour) (default: %(default)s)",
    )
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default="fast",
        help="simulator of the timed netlist: hashbed's fast timing engine, or Icarus Verilog, the reference "
        "(the same pass/fail at every step; default: %(default)s)",
    )
    p.add_argument(
        "--boards",
        type=boards,
        default=0,
        help=f"virtual boards of the variation model to search as well, 0 to {MAX_BOARDS} (Table III; default: %(default)s)",
    )
    defaults = VariationModel()
    p.add_argument(
        "--die-sigma",
        type=sigma,
        default=defaults.die_sigma,
        help=f"variation model: whole-die delay sigma, a fraction of each delay from 0 to {MAX_SIGMA:g} (default: %(default)s)",
    )
    p.add_argument(
        "--spatial-sigma",
        type=sigma,
        default=defaults.spatial_sigma,
        help=f"variation model: within-die field sigma, a fraction of each delay from 0 to {MAX_SIGMA:g} (default: %(default)s)",
    )
    p.add_argument(
        "--local-sigma",
        type=sigma,
        default=defaults.local_sigma,
        help=f"variation model: per-cell sigma, a fraction of each delay from 0 to {MAX_SIGMA:g} (default: %(default)s)",
    )
    p.add_argument(
        "--correlation-tiles",
        type=positive_float,
        default=defaults.correlation_tiles,
        help="variation model: correlation length of the field in tiles (default: %(default)s)",
    )
    p.set_defaults(func=cmd_time)
