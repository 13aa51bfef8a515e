"""The ``hashbed`` command line."""

from __future__ import annotations

import argparse
import csv
import difflib
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hashbed import __version__
from hashbed.catalogue.algorithms.kat import MAX_MESSAGE_BYTES, check_vector_path
from hashbed.catalogue.cores import ARCHITECTURES, CORES_ENV, Core, all_cores, catalogue, core_names, load_core
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.devices import DEVICES, get_device
from hashbed.catalogue.interfaces.lwc_words import MAX_SEGMENT_BYTES
from hashbed.catalogue.manifest import ManifestError, rtl_root
from hashbed.catalogue.throughput import throughput_at_blocks_mbps
from hashbed.cli import best as best_commands
from hashbed.cli import workers as workers_commands
from hashbed.console.options import CORES_HELP, SharedOptions, option_with_old_spelling
from hashbed.console.printing import emit_json, err, out, print_table, print_wide, show_step
from hashbed.console.running import executor_options, run_jobs
from hashbed.console.types import SEED_RANGE, int_range, positive_int, probability, seed
from hashbed.errors import HashbedError
from hashbed.flow import steps
from hashbed.flow.folders import check_folder
from hashbed.flow.impl.implement import ImplSettings
from hashbed.flow.impl.progress import duration, unfinished_runs
from hashbed.flow.sim.lint import lint
from hashbed.flow.sim.measure import DEFAULT_MAX_BLOCKS, MAX_BLOCKS
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, MAX_IDLE_LIMIT, Stalls
from hashbed.flow.sim.verify import VERIFY_STALLS
from hashbed.jobs.runner import Jobs, bench_records
from hashbed.report.build import check_targets as check_report_targets
from hashbed.report.build import write_report
from hashbed.report.markdown import markdown_table
from hashbed.report.sections import has_rows, left_out_line, sections
from hashbed.results import JobRecord, ResultStore, default_db_path
from hashbed.results.published import published_jobs_file, reading_view
from hashbed.results.schema import ROW_FIELDS
from hashbed.results.store import check_costs_target, check_export_target
from hashbed.studies.document import PUBLISHED_MARK, Note
from hashbed.studies.document import Table as ReportTable
from hashbed.studies.findings import FINDINGS_COLUMNS, findings_cells, verdict_counts
from hashbed.studies.narrowing import Narrow, narrow
from hashbed.studies.ranking import (
    RANK_HELP,
    RANK_KEYS,
    REFERENCE_CORE,
    RESULT_KEY_COLUMNS,
    latest_rows,
    metrics_records,
    ranked,
    reference_tpa,
    result_cells,
)
from hashbed.studies.registry import STUDIES, studies_named
from hashbed.studies.side_by_side import RULES_NOTE, counts_text, study_findings, summary, write_summary

#: The studies whose claims ``hashbed findings`` judges.
FINDINGS_STUDIES = tuple(study.name for study in STUDIES if study.findings is not None)

DEFAULT_BENCH_DEVICE = "ecp5-25k"


@contextmanager
def _jobs(args: argparse.Namespace) -> Iterator[Jobs]:
    with ResultStore(args.db) as store:  # closed after the command: its write-ahead log is folded in
        yield Jobs(store, args.build_dir, args.force)


def _note_reuse(record: JobRecord) -> None:
    if record.reused:
        err.print(f"({record.step} {record.core}: stored result of {record.finished_at}; --force runs it again)")


def _fail(record: JobRecord) -> int:
    err.print(f"hashbed: {record.step} {record.core} failed: {record.error}")
    return 1


# --- commands -----------------------------------------------------------------------------


def cmd_cores(args: argparse.Namespace) -> int:
    entries = catalogue()
    cores = [
        core
        for _, core in entries
        if isinstance(core, Core) and args.interface in (None, core.interface) and args.architecture in (None, core.architecture)
    ]
    broken = [(name, error) for name, error in entries if isinstance(error, ManifestError)]
    if args.names:
        out.print("\n".join(core.name for core in cores))
        return 0
    if args.json:
        emit_json([core.summary() for core in cores] + [{"name": name, "error": str(error)} for name, error in broken])
        return 0
    builtin = rtl_root()
    rows = [
        [
            core.name,
            core.algorithm_name,
            core.version,
            core.interface,
            core.architecture,
            str(core.bus_width),
            str(core.cycles),
            "built-in" if core.manifest.is_relative_to(builtin) else str(core.manifest.parent.parent),
        ]
        for core in cores
    ]
    columns = ["core", "algorithm", "version", "interface", "architecture", "bus", "cycles", "from"]
    print_table("hashbed cores", (columns, rows), keep=("architecture", "cycles"))
    for name, error in broken:
        err.print(f"hashbed: core {name} is broken: {error}")
    return 0


def cmd_devices(args: argparse.Namespace) -> int:
    if args.json:
        emit_json(
            [
                {
                    "name": d.name,
                    "family": d.family,
                    "part": d.part,
                    "package": d.package,
                    "speed": d.speed,
                    "io_pins": d.io_pins,
                    "area_unit": d.area_unit,
                    "luts": d.luts,
                    "ffs": d.ffs,
                    "brams": d.brams,
                    "dsps": d.dsps,
                    "description": d.description,
                }
                for d in DEVICES.values()
            ]
        )
        return 0
    rows = [
        [
            d.name,
            d.family,
            d.part,
            str(d.io_pins),
            f"{d.luts} {d.area_unit}",
            str(d.ffs),
            str(d.brams),
            str(d.dsps),
            d.description,
        ]
        for d in DEVICES.values()
    ]
    columns = ["device", "family", "part", "I/O", "logic", "FFs", "BRAMs", "DSPs", "description"]
    print_table("hashbed devices", (columns, rows), keep=("family", "logic"))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    return _each_core(args, _verify)


def _each_core(args: argparse.Namespace, one: Callable[[argparse.Namespace, Core], tuple[int, Any]]) -> int:
    """A command of one core run for each core named, in turn (every core is checked first):
    --json gives one object for one core and a list for several; the exit code is the worst."""
    cores = [load_core(name) for name in args.core]
    codes, data = [], []
    for core in cores:
        code, payload = one(args, core)
        codes.append(code)
        data.append(payload)
    if args.json:
        emit_json(data[0] if len(data) == 1 else data)
    return max(codes)


def _verify(args: argparse.Namespace, core: Core) -> tuple[int, Any]:
    if args.segment_bits is not None:
        core.io.check_segment_bits(core, args.segment_bits)  # before anything runs
    stalls = Stalls(args.src_stall, args.dst_stall, args.seed)
    kat_files = list(args.kat or [])
    for path in kat_files:  # before any work: a job's key hashes the file (an LWC core's may be a folder)
        check_vector_path(path, folder=core.io.vector_folders)
    if args.kat_dir:
        kat_files += core.io.vector_files_in(core, args.kat_dir)
    with _jobs(args) as jobs:
        record = jobs.verify(core, kat_files or None, stalls, args.segment_bits, args.idle_limit)
    _note_reuse(record)
    if record.outputs and not args.json:
        o = record.outputs
        source = ", ".join(Path(s).name for s in o["sources"])
        out.print(
            f"{core.name}: {o['passed']}/{o['messages']} {core.io.answers_right}, {o['skipped']} skipped ({source}); "
            f"stalls src {o['src_stall']:g} dst {o['dst_stall']:g} seed {o['seed']}; "
            f"{o['cycles']} cycles at {o['cycles_per_second'] / 1e6:.1f} M cycles/s"
        )
    return _outcome(record)


def _outcome(record: JobRecord) -> tuple[int, Any]:
    """A one-core command's exit code (its failure said) and its JSON."""
    return 0 if record.ok else _fail(record), {**record.outputs, "error": record.error}


def cmd_lint(args: argparse.Namespace) -> int:
    return _each_core(args, _lint)


def _lint(args: argparse.Namespace, core: Core) -> tuple[int, Any]:
    findings = lint(core)
    if not args.json:
        for finding in findings:
            out.print(finding)
        out.print(f"{core.name}: {len(findings)} lint findings (verilator -Wall)")
    return 1 if findings else 0, {"core": core.name, "findings": findings}


def cmd_measure(args: argparse.Namespace) -> int:
    return _each_core(args, _measure)


def _measure(args: argparse.Namespace, core: Core) -> tuple[int, Any]:
    with _jobs(args) as jobs:
        record = jobs.measure(core, args.blocks)
    _note_reuse(record)
    if record.outputs and not args.json:
        o = record.outputs
        measured = CycleFormula(o["st"], o["lp"], o["end"])
        for name, op in (o.get("operations") or {"": o}).items():
            counts = ", ".join(f"N={n}: {c}" for n, c in op["cycles_by_blocks"].items())
            formula = CycleFormula(op["st"], op["lp"], op["end"]) if name else measured
            expected = core.operation_cycles()[name] if name else core.cycles
            label = f"{core.name} {name}" if name else core.name
            out.print(f"{label}: measured {formula}   manifest {expected}   ({counts} cycles)")
    return _outcome(record)


def _impl_settings(args: argparse.Namespace, device: str) -> ImplSettings:
    return ImplSettings(get_device(device), args.seed, args.freq, args.timeout)


def cmd_implement(args: argparse.Namespace) -> int:
    return _each_core(args, _implement)


def _implement(args: argparse.Namespace, core: Core) -> tuple[int, Any]:
    with _jobs(args) as jobs:
        record = jobs.implement(core, _impl_settings(args, args.device))
    _note_reuse(record)
    if record.ok and not args.json:
        o = record.outputs
        area = "LUTs" if o.get("area_unit", "LUT4") == "LUT4" else f"{o['area_unit']}s"
        out.print(
            f"{core.name} on {o['device']} (seed {o['seed']}): {o['luts']} {area}, {o['ffs']} FFs, "
            f"{o['brams']} BRAMs, {o['dsps']} DSPs, Fmax {o['fmax_mhz']} MHz "
            f"[{o['tools']['yosys']}, {o['tools']['nextpnr']}]"
        )
        if o.get("timing_note"):
            out.print(f"  timing incomplete: {o['timing_note']} (docs/families.md)")
    return _outcome(record)


def cmd_energy(args: argparse.Namespace) -> int:
    return _each_core(args, _energy)


def _energy(args: argparse.Namespace, core: Core) -> tuple[int, Any]:
    with _jobs(args) as jobs:
        implemented = jobs.implement(core, _impl_settings(args, args.device))
        if not implemented.ok:
            return _outcome(implemented)
        record = jobs.energy(core, implemented)
    _note_reuse(record)
    if record.ok and not args.json:
        o = record.outputs
        static = f"{o['static_pj_per_bit']:.1f}" if o["static_pj_per_bit"] is not None else "unknown"
        out.print(
            f"{core.name} on {o['device']} at {o['fmax_mhz']} MHz (estimate, docs/lightweight.md): "
            f"{o['dynamic_pj_per_bit']:.2f} pJ/bit dynamic + {static} pJ/bit static; "
            f"{o['dynamic_mw_at_fmax']:.2f} mW dynamic at Fmax, {o['toggles_per_cycle']} toggles per cycle"
        )
    return _outcome(record)


def cmd_bench(args: argparse.Namespace) -> int:
    cores = [load_core(name) for name in args.cores] if args.cores else all_cores()
    settings = _impl_settings(args, args.device)
    with _jobs(args) as jobs:
        per_core = best_commands.bench_settings(args, jobs.store, cores, settings)
        plans = jobs.bench_nodes(cores, settings, per_core)
        done = run_jobs(jobs, [goal for _, goals in plans for goal in goals], args, "bench")
        if done is None:
            return 0
        records = bench_records(plans, done)
        rows = ranked([r.outputs for r in records if r.ok], reference_tpa(jobs.store))
    too_big = [r for r in records if not r.ok and r.outputs.get("fits") is False]
    failures = [r for r in records if not r.ok and r not in too_big]
    if args.json:
        data: dict[str, Any] = {
            "rows": rows,
            "does_not_fit": [{"core": r.core, "error": r.error} for r in too_big],
            "failures": [{"core": f.core, "step": f.step, "error": f.error} for f in failures],
        }
        if per_core is not None:
            data["settings"] = best_commands.settings_json(args, cores, settings, per_core)
        emit_json(data)
    else:
        _print_rows(rows, best_commands.bench_title(args, settings))
        for record in too_big:  # a result, as in the studies' figures, not a failure
            out.print(f"{record.core}: {record.error}")
        for core in cores:
            if core.io.benchmarked and not any(f.core == core.name for f in failures):
                out.print(
                    f"{core.name}: LWC benchmarks stored ('hashbed lwc-bench {core.name}' or 'hashbed report lwc' prints them)"
                )
        for failure in failures:
            err.print(f"hashbed: {failure.step} {failure.core} failed: {failure.error}")
    return 1 if failures else 0


def _filters(args: argparse.Namespace) -> dict[str, str]:
    """The row filters given (algorithm, architecture, core version), each checked against the catalogue."""
    filters = {"algorithm": args.algorithm, "architecture": args.architecture, "version": args.core_version}
    given = {field: value for field, value in filters.items() if value is not None}
    if given:
        known = {field: sorted({core.summary()[field] for core in all_cores()}) for field in given}
        for field, value in given.items():
            if value not in known[field]:
                raise HashbedError(f"no core has {_option(field)} {value!r} (one of: {', '.join(known[field])})")
    return given


def cmd_progress(args: argparse.Namespace) -> int:
    check_folder(args.build_dir, "--build-dir", "the run directories")
    runs = unfinished_runs(args.build_dir)
    if args.json:
        emit_json([run.as_dict() for run in runs])
        return 0
    if not runs:
        out.print(f"no unfinished synthesis or place-and-route runs in {args.build_dir / 'impl'}")
        return 0
    rows = [
        [run.run_dir.name, run.state, run.phase, f"{duration(run.elapsed_s)} ago", f"{duration(run.idle_s)} ago"] for run in runs
    ]
    print_table(f"unfinished runs in {args.build_dir / 'impl'}", (["run", "state", "phase", "started", "log written"], rows))
    for run in runs:
        if run.orphan:
            out.print(
                f"{run.run_dir.name}: {run.orphan.tool} (pid {run.orphan.tool_pid}) still works on it, but the hashbed "
                f"that started it (pid {run.orphan.hashbed_pid}) is gone, so its result will not be stored; "
                f"stop it with: kill -- -{run.orphan.tool_pid}"
            )
    if any(run.state == "interrupted" for run in runs):
        out.print("An interrupted run starts again when its job runs next (the sweep or bench that made it).")
    return 0


def _check_exports(args: argparse.Namespace) -> None:
    """The files ``results`` writes, before any work: distinct, and none written over unless it is
    one hashbed wrote of that kind or --overwrite says so (never the store itself)."""
    targets = [path.absolute() for path in (args.export, args.export_costs, args.export_settings) if path is not None]
    if len(set(targets)) < len(targets):
        raise HashbedError("--export, --export-costs and --export-settings write different files: pass a FILE of its own to each")
    if args.overwrite and not targets:
        raise HashbedError("--overwrite lets --export, --export-costs or --export-settings replace a file: pass one of them")
    if args.export is not None:
        check_export_target(args.export, args.db, args.overwrite)
    if args.export_costs is not None:
        check_costs_target(args.export_costs, args.db, args.overwrite)


def _check_row_names(store: ResultStore, args: argparse.Namespace) -> None:
    """--core and --device name a core and a device of the catalogue, or ones with jobs in the store."""
    if args.core is not None and args.core not in core_names(None) and not store.jobs(core=args.core):
        load_core(args.core)  # the error that names the known cores
    if args.device is not None and args.device not in DEVICES and not store.jobs(device=args.device):
        get_device(args.device)


def cmd_results(args: argparse.Namespace) -> int:
    best_commands.check_results_options(args)
    _check_exports(args)
    filters = _filters(args)
    published = _published(args)
    if args.import_db or args.export or args.export_costs:
        with ResultStore(args.db, create=bool(args.import_db)) as store:  # only an import makes a store
            for other in args.import_db or []:
                count = store.import_from(other)
                upgraded = f" ({count.upgraded} upgraded to the present schema)" if count.upgraded else ""
                err.print(f"imported {other}: {count.added} jobs added, {count.present} already in {args.db}{upgraded}")
            if args.export_costs:
                err.print(f"{args.export_costs} holds {store.export_costs(args.export_costs, args.overwrite)} job runs' costs")
            if args.export:
                err.print(f"exported {store.export_to(args.export, args.overwrite)} finished jobs of {args.db} to {args.export}")
            if args.export or args.export_costs:
                return 0
    view = reading_view(args.db, published) if published else None
    with ResultStore(view.path if view else args.db, create=False) as store:
        _check_row_names(store, args)
        if args.costs:
            return _print_costs(store, args)
        if args.best:
            return best_commands.print_best(store, args, filters)
        records = metrics_records(store, args.core, args.device, args.all)
        marked = view.published_only if view else None
        rows = [row for row in latest_rows(records, args.all, marked) if all(row[f] == v for f, v in filters.items())]
        if not rows and (filters or args.core or args.device):
            return _nothing_matches(store, args, filters)
        rows = ranked(rows, reference_tpa(store), args.rank_by)
    if args.blocks:
        for row in rows:
            formula = CycleFormula(row["st"], row["lp"], row["end"])
            row[f"throughput_n{args.blocks}_mbps"] = round(
                throughput_at_blocks_mbps(formula, row["block_bits"], row["fmax_mhz"], args.blocks), 2
            )
    if args.json:
        emit_json(rows)
    elif args.csv:
        sys.stdout.write(_csv(rows))
    elif args.markdown:
        sys.stdout.write(markdown_table(result_cells(rows, args.blocks, args.rank_by)))
    else:
        source = f"{args.db} and {published}" if published else str(args.db)
        _print_rows(rows, f"hashbed results ({source})", args.blocks, args.rank_by)
    if not (args.json or args.csv) and any(row.get("published") for row in rows):
        out.print(f"*: a published result ({published}), not run here; --published none shows {args.db} alone")
    return 0


def add_published_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--published",
        type=Path,
        metavar="FILE.jsonl|none",
        help="read the jobs of this export beside the store's (results marks them * in its table; default: the "
        "project's published/jobs.jsonl when the store is the default one; none: the store alone); nothing is imported",
    )


#: The environment variable that gives --published its default (e.g. none: the store alone).
PUBLISHED_ENV = "HASHBED_PUBLISHED"


def _published(args: argparse.Namespace) -> Path | None:
    """The published results to read beside the store: --published FILE (or $HASHBED_PUBLISHED), none
    with --published none, and by default the checkout's when the store is the default one."""
    given = args.published if args.published is not None else os.environ.get(PUBLISHED_ENV)
    if given is not None:
        return None if str(given) == "none" else Path(given)
    default = published_jobs_file()
    return default if args.db == default_db_path() and default.is_file() else None


def _nothing_matches(store: ResultStore, args: argparse.Namespace, filters: dict[str, str]) -> int:
    """A filter that matches no row: say so, and for each filter given, the values the rows that
    match the others have (exit 1)."""
    given = {**({"core": args.core} if args.core else {}), **({"device": args.device} if args.device else {}), **filters}
    rows = latest_rows(metrics_records(store, None, None, args.all), args.all)
    hints = []
    for field, value in given.items():
        others = [row for row in rows if all(row[f] == v for f, v in given.items() if f != field)]
        values = sorted({str(row[field]) for row in others})
        close = difflib.get_close_matches(str(value), values, n=3, cutoff=0.5) or values[:6]
        if close:
            more = f", ... ({len(values)} in all)" if len(values) > len(close) else ""
            hints.append(f"{_option(field)} {', '.join(close)}{more}")
    asked = " ".join(f"{_option(field)} {value}" for field, value in given.items())
    where = f"; the stored rows that match the other filters have {'; '.join(hints)}" if hints else ""
    err.print(f"hashbed: no results in {args.db} match {asked}{where}")
    return 1


def _option(field: str) -> str:
    return "--algorithm-version" if field == "version" else f"--{field}"


def _print_costs(store: ResultStore, args: argparse.Namespace) -> int:
    """What each job's runs cost, the latest run per job, filtered by --core and --device."""
    latest: dict[str, dict[str, Any]] = {}
    for cost in store.costs():
        if (args.core is None or cost["core"] == args.core) and (args.device is None or cost["device"] == args.device):
            latest[cost["key"]] = cost
    rows = sorted(latest.values(), key=lambda cost: (cost["step"], cost["core"], str(cost["device"])))
    if args.json:
        emit_json(rows)
        return 0
    if not rows:
        out.print(f"no job costs in {args.db} yet (each job run by this hashbed records its wall time, CPU time and memory)")
        return 0
    cells = [
        [
            c["step"],
            c["core"],
            c["device"] or "-",
            c["status"],
            f"{c['wall_s']:.1f}",
            f"{c['cpu_s']:.1f}",
            f"{c['peak_mb']:.0f}",
            c["host"],
        ]
        for c in rows
    ]
    print_table(
        f"job costs ({args.db}), the latest run of each job",
        (["step", "core", "device", "status", "wall s", "CPU s", "peak MB", "host"], cells),
    )
    return 0


def _csv(rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    first = rows[0] if rows else {}
    columns = [c for c in ROW_FIELDS if c != "tools"] + ["yosys", "nextpnr"]
    columns += [c for c in first if c not in columns and c != "tools"]
    writer = csv.DictWriter(buffer, columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({**row, **row.get("tools", {})})
    return buffer.getvalue()


def _rows_note(rank_by: str) -> str:
    return (
        f"rank: by {RANK_HELP[rank_by]} per device and seed; TP/A vs {REFERENCE_CORE}: against its stored row of the "
        "same device and seed; targets are defined on ecp5-85k, seed 1 ('vs target' is shown for those rows only)"
    )


def _print_rows(rows: list[dict[str, Any]], title: str, blocks: int | None = None, rank_by: str = "tpa") -> None:
    if not rows:
        out.print(f"{title}: no results yet (run 'hashbed bench')")
        return
    print_table(title, result_cells(rows, blocks, rank_by), keep=RESULT_KEY_COLUMNS)
    out.print(_rows_note(rank_by))


def cmd_report(args: argparse.Namespace) -> int:
    study = args.study or ("all" if args.out else "zynq")
    chosen = studies_named(study)  # an unknown study: before anything else
    if args.page and not args.out:
        raise HashbedError("--page writes the Markdown of a report folder: pass --out DIR as well")
    narrowing = narrow(args.core or [], args.device or [])  # an unknown core or device: before anything is written
    if args.out:
        check_report_targets(args.out, args.page)  # before the store: a folder or page that cannot be, at once
    published = _published(args)
    view = reading_view(args.db, published) if published else None
    source = f"the results store {args.db.name} and the published results {published}" if published else None
    with ResultStore(view.path if view else args.db, create=False) as store:
        if args.out:
            command = f"hashbed report {study} --db {args.db} --out {args.out}" + (f" --page {args.page}" if args.page else "")
            command += f" --published {published}" if published else ""
            command += "".join(f" --core {name}" for name in args.core or [])
            command += "".join(f" --device {name}" for name in args.device or [])
            marked = view.published_only if view else frozenset()
            written = write_report(store, study, args.out, command, args.page, narrowing, source, marked)
            if args.json:
                data: dict[str, Any] = {
                    "folder": str(written.folder),
                    "tables": written.tables,
                    "figures": written.figures,
                    "missing": written.missing,
                }
                if narrowing.active:
                    data["left_out"] = written.left_out
                emit_json(data)
            else:
                for line in written.missing:
                    err.print(line)
                if written.left_out:
                    err.print(written.left_out)
                markdown = args.page or written.folder / "README.md"
                out.print(
                    f"report: {written.tables} tables, {written.figures} figures, {len(written.missing)} missing: "
                    f"{markdown}, {written.folder / 'index.html'}"
                )
            return 0
        if narrowing.active:
            _print_narrowed(store, study, narrowing, args.json, view.published_only if view else frozenset())
            return 0
        if args.json:
            emit_json({one.name: one.report_json(store) for one in chosen} if study == "all" else chosen[0].report_json(store))
            return 0
        for one in chosen:
            one.print_report(store)
    return 0


def cmd_findings(args: argparse.Namespace) -> int:
    chosen = studies_named(args.study)
    published = _published(args)
    view = reading_view(args.db, published) if published else None
    with ResultStore(view.path if view else args.db, create=False) as store:
        by_study = study_findings(store, chosen)
    found = [finding for findings in by_study.values() for finding in findings]
    if args.into is not None:
        write_summary(args.into, summary(by_study))
        err.print(f"(the summary of {len(found)} claims written into {args.into})")
        return 0
    if args.summary:
        out.print(summary(by_study), end="")
        return 0
    if args.json:
        emit_json({"claims": [finding.as_json() for finding in found], "verdicts": verdict_counts(found)})
        return 0
    for name, findings in by_study.items():
        print_table(f"{name}: {counts_text(findings)}", findings_cells(findings), keep=FINDINGS_COLUMNS[2:7])
    out.print(RULES_NOTE)
    return 0


def _print_narrowed(store: ResultStore, study: str, narrowing: Narrow, as_json: bool, published: frozenset[str]) -> None:
    """The tables and notes of the report's sections with rows of the narrowed cores and devices
    (a published result's row marked); the line naming those left out on stderr."""
    found = sections(store, study, narrowing, published)
    shown = [section for section in found if has_rows(section)]
    left_out = left_out_line([section for section in found if not has_rows(section)], narrowing)
    if as_json:
        tables = [
            {
                "section": section.title,
                "tables": [
                    {"title": item.title, "source": item.source, "columns": item.cells[0], "rows": item.cells[1]}
                    for item in section.items
                    if isinstance(item, ReportTable)
                ],
            }
            for section in shown
        ]
        emit_json({"sections": tables, "left_out": left_out})
    else:
        for section in shown:
            for item in section.items:
                if isinstance(item, ReportTable):
                    print_table(item.title, item.cells)
                    if item.source.endswith(PUBLISHED_MARK):
                        out.print(PUBLISHED_MARK)
                elif isinstance(item, Note):
                    out.print(item.text)
    if left_out:
        err.print(left_out)


# --- parser -------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    shared = SharedOptions.make()

    parser = argparse.ArgumentParser(prog="hashbed", description="Benchmark hash cores on open FPGA tools.")
    parser.add_argument("--version", action="version", version=f"hashbed {__version__}")
    parser.add_argument("--cores", type=Path, action="append", metavar="DIR", dest="libraries", default=[], help=CORES_HELP)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    jobs = shared.jobs()
    named_cores = argparse.ArgumentParser(add_help=False)
    named_cores.add_argument(
        "core", nargs="+", metavar="CORE", help="cores' names, one after the other ('hashbed cores' lists them)"
    )

    p = sub.add_parser("cores", parents=[shared.json, shared.wide, shared.library], help="list the cores")
    p.add_argument("--names", action="store_true", help="only the names, one per line (for scripts)")
    p.add_argument(
        "--interface",
        choices=("hash", "lwc"),
        help="only the cores of this interface (default: every core; docs/interface.md)",
    )
    p.add_argument(
        "--architecture",
        choices=ARCHITECTURES,
        help="only the cores of this architecture (default: every one)",
    )
    p.set_defaults(func=cmd_cores)
    p = sub.add_parser("devices", parents=[shared.json, shared.wide], help="list the devices")
    p.set_defaults(func=cmd_devices)

    p = sub.add_parser(
        "verify",
        parents=[shared.json, shared.db, shared.build_dir, shared.force, shared.library, named_cores],
        help="check a core against known answers in simulation",
    )
    p.add_argument(
        "--kat",
        type=Path,
        action="append",
        metavar="FILE",
        help=f"KAT file (repeatable; a record's message holds at most {MAX_MESSAGE_BYTES} bytes, 1 MiB, and an LWC core's "
        f"XOF output at most {MAX_SEGMENT_BYTES}); default: generated vectors",
    )
    p.add_argument("--kat-dir", type=Path, metavar="DIR", help="every KAT file of the core's algorithm and version in DIR")
    p.add_argument(
        "--src-stall", type=probability, default=VERIFY_STALLS.src, help="input not-ready probability (default: %(default)s)"
    )
    p.add_argument(
        "--dst-stall", type=probability, default=VERIFY_STALLS.dst, help="output not-ready probability (default: %(default)s)"
    )
    option_with_old_spelling(
        p,
        "--stall-seed",
        "--seed",
        dest="seed",
        type=seed,
        default=VERIFY_STALLS.seed,
        help=f"seed of the stall pattern and the generated messages, {SEED_RANGE} (default: %(default)s)",
    )
    p.add_argument(
        "--segment-bits",
        type=positive_int,
        help="split messages into segments of at most this many bits, cut to whole blocks (LWC cores: whole "
        "128-bit blocks, so 128 or more)",
    )
    p.add_argument(
        "--idle-limit",
        type=int_range(1, MAX_IDLE_LIMIT),
        default=DEFAULT_IDLE_LIMIT,
        help="cycles without a transfer before the core counts as hung (default: %(default)s)",
    )
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("lint", parents=[shared.json, shared.library, named_cores], help="lint a core with verilator -Wall")
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser(
        "measure",
        parents=[shared.json, shared.db, shared.build_dir, shared.force, shared.library, named_cores],
        help="measure the cycle formula st + (l+p)*N + end",
    )
    p.add_argument(
        "--blocks",
        type=int_range(2, MAX_BLOCKS),
        default=DEFAULT_MAX_BLOCKS,
        help="messages of 1..K blocks (default: %(default)s)",
    )
    p.set_defaults(func=cmd_measure)

    p = sub.add_parser(
        "implement",
        parents=[shared.json, shared.db, shared.build_dir, shared.force, shared.library, shared.impl, named_cores],
        help="synthesize, place and route a core",
    )
    p.add_argument(
        "--device", default=DEFAULT_BENCH_DEVICE, help=f"one of: {', '.join(DEVICES)} (default: %(default)s, the main job's)"
    )
    p.set_defaults(func=cmd_implement)

    p = sub.add_parser(
        "energy",
        parents=[shared.json, shared.db, shared.build_dir, shared.force, shared.library, shared.impl, named_cores],
        help="estimate a core's energy per bit from its switching activity",
    )
    p.add_argument("--device", default="ecp5-25k", help="an ECP5 device (default: %(default)s)")
    p.set_defaults(func=cmd_energy)

    p = sub.add_parser(
        "bench", parents=[*jobs, shared.impl, executor_options()], help="verify, measure, implement and tabulate cores"
    )
    p.add_argument("cores", nargs="*", help="cores to run (default: all)")
    p.add_argument("--device", default=DEFAULT_BENCH_DEVICE, help=f"one of: {', '.join(DEVICES)} (default: %(default)s)")
    best_commands.add_bench_options(p)
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser(
        "progress",
        parents=[shared.json, shared.wide, shared.build_dir],
        help="how far the unfinished synthesis and place-and-route runs in the build directory have got",
    )
    p.set_defaults(func=cmd_progress)

    p = sub.add_parser(
        "results", parents=[shared.json, shared.wide, shared.db, shared.library], help="print or export the stored results"
    )
    p.add_argument("--csv", action="store_true", help="print CSV")
    p.add_argument("--markdown", action="store_true", help="print a Markdown table (as in README.md)")
    p.add_argument("--core", help="only this core")
    p.add_argument("--device", help="only this device")
    p.add_argument("--algorithm", help="only cores of this algorithm, e.g. sha-256, keccak-256 (see 'hashbed cores')")
    p.add_argument("--architecture", help="only cores of this architecture, e.g. basic-iterative")
    option_with_old_spelling(
        p,
        "--algorithm-version",
        "--version",
        dest="core_version",
        metavar="VERSION",
        help="only cores of this algorithm version, e.g. round2, round3, fips",
    )
    p.add_argument(
        "--rank-by",
        choices=list(RANK_KEYS),
        default="tpa",
        help="rank within each device and seed (and choose --best) by: "
        + "; ".join(f"{k}: {v}" for k, v in RANK_HELP.items())
        + " (default: %(default)s)",
    )
    p.add_argument(
        "--all",
        action="store_true",
        help="every stored row, also of older versions of a core, not only the latest of its present sources per device and seed",
    )
    p.add_argument("--blocks", type=positive_int, help="add the throughput for messages of this many blocks")
    p.add_argument(
        "--import",
        dest="import_db",
        type=Path,
        action="append",
        metavar="DB",
        help="first copy the finished jobs of another store, a hashbed.db or a .jsonl export "
        "(repeatable; jobs already here are kept)",
    )
    p.add_argument(
        "--costs",
        action="store_true",
        help="print what each job's latest run cost (wall time, CPU time, peak memory, host) instead of rows",
    )
    add_published_option(p)
    best_commands.add_results_options(p)
    p.add_argument(
        "--export-costs",
        type=Path,
        metavar="FILE.jsonl",
        help="add the store's job costs to FILE.jsonl (what it holds stays), e.g. published/costs.jsonl; "
        "a file there that is not a costs file is refused (--overwrite replaces it)",
    )
    p.add_argument(
        "--export",
        type=Path,
        metavar="FILE.jsonl",
        help="write the store's finished jobs to FILE.jsonl, one JSON job per line in key order, "
        "instead of printing rows (after any --import); an export there is only replaced by a superset of its jobs",
    )
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="let --export, --export-costs and --export-settings replace a FILE that is not one hashbed wrote of that kind "
        "(without it such a file is refused and left as it is; the results database itself is never replaced)",
    )
    p.set_defaults(func=cmd_results)

    for study in STUDIES:
        if study.add_commands is not None:
            study.add_commands(sub, shared)
    workers_commands.add_parser(sub)

    p = sub.add_parser(
        "findings",
        parents=[shared.json, shared.wide, shared.db],
        help="every claim of the studies beside hashbed's number on the same quantity, with a computed verdict",
    )
    p.add_argument("--study", default="all", choices=[*FINDINGS_STUDIES, "all"], help="the study (default: all)")
    p.add_argument(
        "--summary",
        action="store_true",
        help="per study, in markdown: what was reproduced, what was refuted and what cannot be judged, with hashbed's values",
    )
    p.add_argument(
        "--into",
        type=Path,
        metavar="FILE",
        help="write the --summary into FILE's summary block (make publish: docs/findings.md)",
    )
    add_published_option(p)
    p.set_defaults(func=cmd_findings)

    p = sub.add_parser(
        "report",
        parents=[shared.json, shared.wide, shared.db, shared.library],
        help="print the studies' tables, or write the report folder (--out)",
    )
    p.add_argument(
        "study",
        nargs="?",
        help=f"one of: {', '.join(study.name for study in STUDIES)}, all (default: zynq when printing, all with --out)",
    )
    p.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write the report folder: README.md (tables), one PNG per figure and a self-contained index.html "
        "(a new or empty folder, or one a report was written into)",
    )
    p.add_argument(
        "--page", type=Path, metavar="FILE", help="with --out: also write the Markdown to FILE, figures linked into DIR"
    )
    p.add_argument(
        "--core",
        action="append",
        metavar="NAME",
        help="only the rows of this core and of the catalogue's cores of its algorithm (repeatable); "
        "sections without rows are left out, named in one line with the command that fills each",
    )
    p.add_argument("--device", action="append", metavar="NAME", help="only the rows of this device (repeatable)")
    add_published_option(p)
    p.set_defaults(func=cmd_report)
    return parser


def add_core_libraries(folders: Sequence[Path]) -> None:
    """Put ``folders`` (``--cores``) on the core search path, before those of ``$HASHBED_CORES``;
    the environment carries them to every process the command starts (its workers too)."""
    paths = []
    for given in folders:
        try:
            path = given.expanduser().resolve()
            found = path.is_dir()
        except (OSError, RuntimeError) as exc:  # a name too long, a symlink loop
            raise HashbedError(
                f"--cores {given}: cannot read it ({getattr(exc, 'strerror', None) or exc}); give a folder of core folders"
            ) from None
        if not found:
            raise HashbedError(f"--cores {given}: no such folder; give a folder of core folders (<name>/core.toml)")
        paths.append(str(path))
    os.environ[CORES_ENV] = os.pathsep.join([*paths, *filter(None, os.environ.get(CORES_ENV, "").split(os.pathsep))])


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command: Callable[[argparse.Namespace], int] = args.func
    libraries = os.environ.get(CORES_ENV)
    print_wide(getattr(args, "wide", False))
    if not getattr(args, "json", False):
        steps.listen(show_step)
    try:
        add_core_libraries([*args.libraries, *getattr(args, "libraries_here", [])])
        return command(args)
    except HashbedError as exc:
        err.print(f"hashbed: error: {exc}")
        return 1
    except KeyboardInterrupt:
        err.print(f"hashbed: interrupted; finished jobs are kept in {args.db}")
        return 130
    finally:  # the command's libraries and display are its own (main may run again in this process)
        steps.listen(None)
        if libraries is None:
            os.environ.pop(CORES_ENV, None)
        else:
            os.environ[CORES_ENV] = libraries


if __name__ == "__main__":
    sys.exit(main())
