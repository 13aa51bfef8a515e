"""``hashbed results --best``, its recipe (``--export-settings``) and ``hashbed bench --settings``:
the best stored run per core and device by a criterion, and running cores again with its settings
(hashbed.explore.best, hashbed.explore.recipe)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.catalogue.options import describe
from hashbed.console.options import OLD_SPELLINGS_GO, option_with_old_spelling
from hashbed.console.printing import emit_json, err, out, print_table
from hashbed.errors import HashbedError
from hashbed.explore.best import Best, best_run, best_runs
from hashbed.explore.criteria import CRITERIA
from hashbed.explore.recipe import read_recipe, recipe_settings, write_recipe
from hashbed.flow.impl.implement import ImplSettings
from hashbed.results import ResultStore
from hashbed.results.exchange import check_target

DEFAULT_CRITERION = "throughput"
_CRITERIA_HELP = "; ".join(f"{name}: {text}" for name, text in CRITERIA.items())


# --- hashbed results --best -----------------------------------------------------------------------


def add_results_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--best",
        nargs="?",
        const="",
        metavar="",
        help="instead of rows, the best finished implement run of each core's present sources per device by "
        "--rank-by, with its settings and their Fmax median and range over seeds ('--best CRITERION', the old "
        "spelling, works for one release)",
    )
    p.add_argument(
        "--export-settings",
        type=Path,
        metavar="FILE",
        help="with --best: also write the best runs' settings to FILE (JSON), for 'hashbed bench --settings FILE'; "
        "a file there that is not such a settings file is refused (--overwrite replaces it)",
    )


def check_results_options(args: argparse.Namespace) -> None:
    """The options of --best, checked; ``args.best`` becomes its criterion (--rank-by's)."""
    if args.best:  # the old spelling, --best CRITERION
        if args.best not in CRITERIA:
            raise HashbedError(f"--best {args.best}: not a criterion (one of: {', '.join(CRITERIA)}); give it as --rank-by")
        new = f"--best --rank-by {args.best}"
        err.print(f"hashbed: --best {args.best} is now {new} (the old spelling goes in hashbed {OLD_SPELLINGS_GO})")
        args.rank_by = args.best
    if args.best is not None:
        args.best = args.rank_by
    if args.export_settings is not None and args.best is None:
        raise HashbedError("--export-settings writes the settings of the best runs: pass --best CRITERION as well")
    if args.best is not None and (args.csv or args.markdown):
        raise HashbedError("--best prints a table or --json, not --csv or --markdown")
    if args.export_settings is not None:
        check_target(
            args.export_settings,
            args.db,
            "cannot export settings to",
            "a hashbed settings file",
            None if args.overwrite else read_recipe,
        )


def print_best(store: ResultStore, args: argparse.Namespace, filters: Mapping[str, str]) -> int:
    """``hashbed results --best --rank-by CRITERION``: one row per core and device (--core, --device and the
    catalogue filters apply), and the recipe with --export-settings."""
    bests = [
        best
        for best in best_runs(store, args.best, args.core, args.device)
        if all(best.core.summary()[field] == value for field, value in filters.items())
    ]
    if args.export_settings is not None:
        count = write_recipe(args.export_settings, bests)
        err.print(f"wrote the settings of {count} best runs by {args.best} to {args.export_settings}")
    if args.json:
        emit_json([best.as_dict() for best in bests])
        return 0
    title = f"hashbed results ({args.db}): the best run per core and device by {args.best}"
    if not bests:
        out.print(f"{title}: no finished implement runs of the cores' present sources (run 'hashbed bench' or 'hashbed explore')")
        return 0
    print_table(title, _best_cells(bests))
    out.print(
        f"runs: the finished implement runs of the core's present sources; best by {CRITERIA[args.best]}; throughput and "
        "latency from the manifest's cycle formula; Fmax median and range: the latest run per seed of the best run's "
        "requested MHz and options"
    )
    return 0


def _best_cells(bests: list[Best]) -> tuple[list[str], list[list[str]]]:
    headers = [
        "core",
        "device",
        "runs",
        "best Fmax MHz",
        "LUTs",
        "Mbit/s",
        "Mbit/s/LUT",
        "latency ns",
        "settings",
        "Fmax median",
        "Fmax range (seeds)",
    ]
    cells = []
    for best in bests:
        f, s = best.figures, best.spread
        cells.append(
            [
                best.core.name,
                best.device,
                str(best.runs),
                f"{f['fmax_mhz']:.2f}",
                f"{f['luts']:.0f}",
                f"{f['throughput_mbps']:.1f}",
                f"{f['tpa_mbps_per_lut']:.4f}",
                f"{f['latency_ns']:.1f}",
                f"seed {best.seed}, {best.freq_mhz:g} MHz requested, {describe(best.choice)}",
                f"{s.median_mhz:.2f}",
                f"{s.low_mhz:.2f}-{s.high_mhz:.2f} ({s.seeds})",
            ]
        )
    return headers, cells


# --- hashbed bench --settings ---------------------------------------------------------------------


def add_bench_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--settings",
        metavar="best|FILE",
        help="implement each core with the settings of its best stored run on the device (best, by --rank-by), "
        "or of its entry for the device in FILE ('hashbed results --best --rank-by C --export-settings FILE'); "
        "a core without one keeps --placer-seed and --freq",
    )
    option_with_old_spelling(
        p,
        "--rank-by",
        "--criterion",
        dest="criterion",
        choices=list(CRITERIA),
        help=f"with --settings best: what makes a run the best ({_CRITERIA_HELP}; default: {DEFAULT_CRITERION})",
    )


def _describe(settings: ImplSettings) -> str:
    return f"seed {settings.seed}, {settings.freq_mhz:g} MHz requested, {describe(settings.options)}"


def bench_settings(
    args: argparse.Namespace, store: ResultStore, cores: list[Core], base: ImplSettings
) -> dict[str, ImplSettings] | None:
    """The settings per core of ``--settings`` (None without it: every core takes ``base``), each
    core's said on stderr."""
    if args.criterion is not None and args.settings != "best":
        raise HashbedError("--rank-by chooses the best stored run: pass --settings best as well")
    if args.settings is None:
        return None
    device = base.device.name
    if args.settings == "best":
        criterion = args.criterion or DEFAULT_CRITERION
        chosen: dict[str, ImplSettings] = {}
        for core in cores:
            best = best_run(store, core, device, criterion)
            if best is None:
                err.print(
                    f"{core.name}: no finished implement run of its present sources on {device} in {args.db}: "
                    f"the command's settings ({_describe(base)})"
                )
                continue
            chosen[core.name] = best.settings(base.timeout_s)
            err.print(
                f"{core.name}: the settings of its best run on {device} by {criterion} (of {best.runs}, "
                f"{best.record.key[:12]}...): {_describe(chosen[core.name])}"
            )
        return chosen
    path = Path(args.settings)
    recipe = recipe_settings(path, read_recipe(path), cores, base)
    for warning in recipe.warnings:
        err.print(f"hashbed: warning: {warning}")
    for core in cores:
        settings = recipe.settings.get(core.name)
        if settings is None:
            err.print(f"{core.name}: no entry for {device} in {path}: the command's settings ({_describe(base)})")
        else:
            err.print(f"{core.name}: the settings of its entry for {device} in {path}: {_describe(settings)}")
    return recipe.settings


def bench_title(args: argparse.Namespace, base: ImplSettings) -> str:
    if args.settings is None:
        return f"hashbed bench on {base.device.name} (seed {base.seed})"
    source = f"best by {args.criterion or DEFAULT_CRITERION}" if args.settings == "best" else str(args.settings)
    return f"hashbed bench on {base.device.name} (settings: {source})"


def settings_json(
    args: argparse.Namespace, cores: list[Core], base: ImplSettings, per_core: Mapping[str, ImplSettings]
) -> list[dict[str, Any]]:
    """Each core's settings of a bench with --settings, for --json: ``from`` is ``best``, the
    recipe file, or ``command`` (the core had none there)."""
    return [
        {
            "core": core.name,
            "seed": chosen.seed,
            "freq_mhz": chosen.freq_mhz,
            "options": dict(chosen.options),
            "from": str(args.settings) if core.name in per_core else "command",
        }
        for core in cores
        for chosen in (per_core.get(core.name, base),)
    ]
