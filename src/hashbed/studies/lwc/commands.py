"""``hashbed lwc-bench``: the LWC benchmarks of the LWC cores (docs/lwc.md), and the LWC part of
``hashbed report``."""

from __future__ import annotations

import argparse
from typing import Any

from hashbed.catalogue.cores import Core, all_cores, load_core
from hashbed.console.options import SharedOptions
from hashbed.console.printing import emit_json, err, out, print_table
from hashbed.errors import HashbedError
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from hashbed.studies.lwc import tables


def _cores(names: list[str]) -> list[Core]:
    if not names:
        return all_cores("lwc")
    cores = [load_core(name) for name in dict.fromkeys(names)]
    hash_cores = [core.name for core in cores if not core.io.benchmarked]
    if hash_cores:
        known = ", ".join(core.name for core in all_cores("lwc")) or "none"
        raise HashbedError(
            f"{', '.join(hash_cores)}: the LWC benchmarks are for LWC cores (hashbed cores --interface lwc: {known}); "
            "a hash core's are 'hashbed measure' and 'hashbed bench'"
        )
    return cores


def print_core(store: ResultStore, core: Core) -> bool:
    """The core's benchmark tables: its cycles, and its throughput on each device with a stored
    implementation; False when its benchmark is not stored."""
    record = tables.bench_record(store, core)
    if record is None:
        out.print(f"{core.name}: no LWC benchmarks of its present sources yet (run 'hashbed lwc-bench {core.name}')")
        return False
    print_table(f"{core.name}: {tables.CYCLES_TITLE}", tables.cycles_cells(record.outputs))
    for found in tables.implementations(store, core):
        impl = found["row"]
        if impl is None:
            hint = (
                f" (run 'hashbed bench {core.name} --device {found['device']}')"
                if found["note"] == tables.NO_IMPLEMENTATION
                else ""
            )
            out.print(f"{core.name} on {found['device']}: {found['note']}{hint}")
            continue
        title = f"{core.name} on {found['device']} ({impl['luts']} LUTs, Fmax {impl['fmax_mhz']:.2f} MHz): throughput, Mbit/s"
        print_table(title, tables.throughput_cells(record.outputs, impl["fmax_mhz"]))
    return True


def print_report(store: ResultStore) -> None:
    cores = all_cores("lwc")
    if not cores:
        out.print("LWC benchmarks: no LWC core in the catalogue")
        return
    for core in cores:
        print_core(store, core)
    print_table(tables.SUMMARY_TITLE, tables.summary_cells(tables.lwc_rows(store, cores)))
    out.print(tables.NOTE)


def report_json(store: ResultStore) -> dict[str, Any]:
    return {"rows": tables.lwc_rows(store, all_cores("lwc"))}


def cmd_lwc_bench(args: argparse.Namespace) -> int:
    cores = _cores(args.cores)
    with ResultStore(args.db) as store:
        jobs = Jobs(store, args.build_dir, args.force)
        records = [jobs.lwc_bench(core) for core in cores]
        for record in records:
            if record.reused and not args.json:
                err.print(f"({record.step} {record.core}: stored result of {record.finished_at}; --force runs it again)")
        if args.json:
            emit_json([{**record.outputs, "error": record.error} for record in records])
        else:
            for core, record in zip(cores, records):
                if record.ok:
                    print_core(store, core)
            out.print(tables.NOTE)
    failed = [record for record in records if not record.ok]
    for record in failed:
        err.print(f"hashbed: {record.step} {record.core} failed: {record.error}")
    return 1 if failed else 0


def add_commands(sub: Any, shared: SharedOptions) -> None:
    p = sub.add_parser(
        "lwc-bench",
        parents=shared.jobs(),
        help="the LWC benchmarks of LWC cores: cycles per case in the RTL, throughput at each stored Fmax (docs/lwc.md)",
    )
    p.add_argument("cores", nargs="*", help="LWC cores (default: every LWC core; 'hashbed cores --interface lwc')")
    p.set_defaults(func=cmd_lwc_bench)
