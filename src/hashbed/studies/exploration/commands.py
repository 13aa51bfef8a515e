"""``hashbed explore``: design-space exploration of cores on the open flow (hashbed.explore.explore),
and the exploration study's table as ``hashbed report exploration`` prints it."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import DEVICES, get_device
from hashbed.catalogue.options import OPTIONS, describe, parse_levels
from hashbed.console.options import SharedOptions, option_with_old_spelling
from hashbed.console.printing import emit_json, err, out, print_table
from hashbed.console.running import executor_options, run_jobs
from hashbed.console.types import MAX_BUDGET, budget_runs
from hashbed.errors import HashbedError
from hashbed.explore.criteria import CRITERIA
from hashbed.explore.explore import Budget, Exploration, Run, check_exploration, explore
from hashbed.explore.strategies import STRATEGIES, STRATEGY_HELP
from hashbed.flow.impl.implement import ImplSettings
from hashbed.jobs.graph import Event, Node
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord, ResultStore
from hashbed.studies.exploration.study import study_cores
from hashbed.studies.exploration.tables import TITLE, study_cells, study_rows


def cmd_explore(args: argparse.Namespace) -> int:
    cores = [load_core(name) for name in args.cores] if args.cores else study_cores()
    budget = _budget(args.budget, [core.name for core in cores])
    check_exploration(args.strategy, args.criterion, budget)
    base = ImplSettings(get_device(args.device), args.seed, args.freq, args.timeout)
    levels = parse_levels(args.option or [])
    most = sum(budget.of(name) for name in {core.name for core in cores})  # runs, and so jobs at once, at most
    with ResultStore(args.db) as store:
        jobs = Jobs(store, args.build_dir, args.force)

        def run(nodes: list[Node], more: Callable[[Event], list[Node]]) -> dict[str, JobRecord] | None:
            return run_jobs(jobs, nodes, args, f"explore ({args.strategy})", more, most)

        explored = explore(jobs, cores, base, levels, args.strategy, args.criterion, budget, run)
    if explored is None:
        return 0
    rows = [_summary(exploration, args.criterion) for exploration in explored]
    if args.json:
        emit_json(rows)
    else:
        _print(rows, args, budget)
    failed = [row for row in rows if row["best"] is None]
    for row in failed:
        err.print(f"hashbed: explore {row['core']}: no run finished ({row['errors'][0] if row['errors'] else 'no run'})")
    return 1 if failed else 0


def _budget_value(text: str) -> tuple[str | None, int]:
    """``N`` (every core's budget) or ``CORE=N`` (one core's)."""
    core, equals, runs = text.rpartition("=")
    if equals and not core:
        raise argparse.ArgumentTypeError(f"give N or CORE=N, got {text!r} (no core before '=')")
    return (core or None), budget_runs(runs)


def _budget(values: list[tuple[str | None, int]], cores: list[str]) -> Budget:
    """The budget of ``--budget`` values for the explored ``cores``: N for every core once, and
    CORE=N once for a core explored; N may be left out when every core has its own."""
    every = [runs for core, runs in values if core is None]
    if len(every) > 1:
        raise HashbedError(f"--budget N given {len(every)} times ({', '.join(map(str, every))}): give every core's budget once")
    per_core: dict[str, int] = {}
    for core, runs in values:
        if core is None:
            continue
        if core in per_core:
            raise HashbedError(f"--budget {core}=N given twice ({core}={per_core[core]}, {core}={runs}): give it once")
        if core not in cores:
            try:
                load_core(core)
            except HashbedError as exc:  # not in the catalogue: "unknown core"
                raise HashbedError(f"--budget {core}=N: {exc}") from None
            raise HashbedError(f"--budget {core}=N: {core} is not among the cores explored (name it, or drop its budget)")
        per_core[core] = runs
    missing = [core for core in dict.fromkeys(cores) if core not in per_core]
    if not every and missing:
        raise HashbedError(
            f"--budget: core {missing[0]} has no budget; "
            "give --budget N for every core (and --budget CORE=N for one that gets another)"
        )
    budget = Budget(every[0] if every else None, per_core)
    total = sum(budget.of(core) for core in dict.fromkeys(cores))
    if total > MAX_BUDGET:
        raise HashbedError(
            f"--budget: {total} runs for {len(dict.fromkeys(cores))} cores, more than the {MAX_BUDGET} one exploration "
            "holds; lower --budget, or explore fewer cores at once"
        )
    return budget


def _run_summary(exploration: Exploration, run: Run) -> dict[str, Any]:
    f = exploration.figures(run)
    return {
        "key": run.record.key,
        "seed": run.settings.seed,
        "freq_mhz": run.settings.freq_mhz,
        "options": dict(run.settings.options),
        "fmax_mhz": run.fmax_mhz,
        "luts": run.record.outputs["luts"],
        "ffs": run.record.outputs["ffs"],
        "throughput_mbps": round(f["throughput_mbps"], 2),
        "tpa_mbps_per_lut": round(f["tpa_mbps_per_lut"], 4),
        "latency_ns": round(f["latency_ns"], 1),
    }


def _summary(exploration: Exploration, criterion: str) -> dict[str, Any]:
    best = exploration.best(criterion)
    stats = exploration.fmax_stats()
    return {
        "core": exploration.core.name,
        "criterion": criterion,
        "runs": len(exploration.runs),
        "finished": len(exploration.finished),
        "best": _run_summary(exploration, best) if best else None,
        "fmax_median_mhz": round(stats[0], 2) if stats else None,
        "fmax_range_mhz": [stats[1], stats[2]] if stats else None,
        "errors": [run.record.error for run in exploration.runs if run.fmax_mhz is None],
        "all_runs": [
            {
                "key": run.record.key,
                "seed": run.settings.seed,
                "freq_mhz": run.settings.freq_mhz,
                "options": dict(run.settings.options),
                "fmax_mhz": run.fmax_mhz,
                "reused": run.record.reused,
                "error": run.record.error,
            }
            for run in exploration.runs
        ],
    }


def _print(rows: list[dict[str, Any]], args: argparse.Namespace, budget: Budget) -> None:
    cells = []
    for row in rows:
        best = row["best"]
        if best is None:
            cells.append([row["core"], f"0/{row['runs']}", *["-"] * 8])
            continue
        low, high = row["fmax_range_mhz"]
        settings = f"seed {best['seed']}, {best['freq_mhz']:g} MHz requested, {describe(tuple(best['options'].items()))}"
        cells.append(
            [
                row["core"],
                f"{row['finished']}/{row['runs']}",
                f"{best['fmax_mhz']:.2f}",
                str(best["luts"]),
                f"{best['throughput_mbps']:.1f}",
                f"{best['tpa_mbps_per_lut']:.4f}",
                f"{best['latency_ns']:.1f}",
                settings,
                f"{row['fmax_median_mhz']:.2f}",
                f"{low:.2f}-{high:.2f}",
            ]
        )
    headers = [
        "core",
        "runs",
        "best Fmax MHz",
        "LUTs",
        "Mbit/s",
        "Mbit/s/LUT",
        "latency ns",
        "best settings",
        "Fmax median",
        "Fmax range",
    ]
    print_table(
        f"hashbed explore on {args.device}: {args.strategy}, budget {' '.join(given for given, _ in budget.items())} "
        f"per core, best by {args.criterion}",
        (headers, cells),
    )
    out.print(
        "throughput from the manifest's cycle formula (checked by 'hashbed measure'); "
        "Fmax median and range over the finished runs"
    )


def _levels(levels: Mapping[str, tuple[str, ...]]) -> str:
    return ", ".join(family + ": " + "/".join(names) for family, names in levels.items())


def print_report(store: ResultStore) -> None:
    """The study's table, as ``hashbed report exploration`` prints it."""
    rows = study_rows(store, study_cores())
    if not rows:
        out.print("exploration study: no results yet (run 'make explore')")
        return
    print_table(TITLE, study_cells(rows))


def report_json(store: ResultStore) -> dict[str, Any]:
    return {"rows": study_rows(store, study_cores())}


def add_commands(sub: Any, shared: SharedOptions) -> None:
    p = sub.add_parser(
        "explore",
        parents=[*shared.jobs(), shared.impl, executor_options()],
        help="search tool options, placement seeds or the requested frequency for the best run of each core",
    )
    p.add_argument(
        "cores",
        nargs="*",
        metavar="CORE",
        help="cores to explore (default: the study's, the 12 Round-2 candidates and SHA-256; docs/exploration.md)",
    )
    p.add_argument("--device", required=True, help=f"one of: {', '.join(DEVICES)}")
    p.add_argument(
        "--strategy",
        default="auto",
        choices=list(STRATEGIES),
        help="; ".join(f"{name}: {text}" for name, text in STRATEGY_HELP.items()).replace("%", "%%") + " (default: %(default)s)",
    )
    option_with_old_spelling(
        p,
        "--rank-by",
        "--criterion",
        dest="criterion",
        default="throughput",
        choices=list(CRITERIA),
        help="; ".join(f"{name}: {text}" for name, text in CRITERIA.items()) + " (default: %(default)s)",
    )
    p.add_argument(
        "--budget",
        type=_budget_value,
        action="append",
        required=True,
        metavar="N|CORE=N",
        help=f"runs per core at most, 1 to {MAX_BUDGET} (and {MAX_BUDGET} for all cores together); CORE=N gives one "
        "core another budget (N may be left out when every core has one); each once; the seeds run stay below 2^63 "
        "(--placer-seed + N - 1)",
    )
    p.add_argument(
        "--option",
        action="append",
        metavar="NAME=LEVEL",
        help="pin a tool option to one level for every run (repeatable); options: "
        + "; ".join(f"{name} ({_levels(option.levels)})" for name, option in OPTIONS.items()),
    )
    p.set_defaults(func=cmd_explore)
