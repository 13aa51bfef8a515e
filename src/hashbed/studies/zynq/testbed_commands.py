"""``hashbed testbed ...``: the Zynq study's experiments on the simulated board."""

from __future__ import annotations

import argparse
from typing import Any

from hashbed.catalogue.cores import Core, load_core
from hashbed.console.options import option_with_old_spelling
from hashbed.console.printing import emit_json, err, out, print_rows
from hashbed.console.running import executor_options, run_jobs
from hashbed.console.types import SEED_RANGE, comma_list, float_range, int_range, or_word, positive_float, probability, seed
from hashbed.errors import HashbedError
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord, ResultStore
from hashbed.studies.zynq.dma_fit import fitted_latency
from hashbed.studies.zynq.experiments import (
    FALLBACK_CORE_MHZ,
    SIZE_KB_RANGE,
    TestbedSettings,
    arm_speedup,
    overhead_row,
    speedup_row,
    stored_fmax,
    transfer_nodes,
)
from hashbed.studies.zynq.published_cycles import ZYNQ_ARM, ZYNQ_ARM_MHZ
from hashbed.studies.zynq.study_set import STUDY_DEVICES, study_device
from hashbed.studies.zynq.timing_tables import experimental_fmax
from hashbed.studies.zynq.workloads import KB, HashWorkload, LwcWorkload, workload
from hashbed.testbed.controller import Controller, search_max_frequency
from hashbed.testbed.simulated import DEFAULT_IDLE_LIMIT, SYS_MHZ_RANGE, DmaModel, SimulatedBoard
from hashbed.testbed.software import call_overhead_s

#: ``--dma-latency fitted``: the latency hashbed.studies.zynq.dma_fit fits to the study's overhead.
FITTED = "fitted"


#: ``--core-mhz experimental``: the experimental Fmax the timing study found for the core.
EXPERIMENTAL = "experimental"


def chosen_core_mhz(args: argparse.Namespace, store: ResultStore, core: Core) -> float:
    """The core clock ``--core-mhz`` asks for (on a simulated or a real board), saying which it is."""
    device = study_device(core)
    if args.core_mhz == EXPERIMENTAL:
        core_mhz = experimental_fmax(store, core)
        if core_mhz is None:
            raise HashbedError(
                f"{core.name} has no experimental Fmax on {device} stored: run 'hashbed time {core.name} --device {device}' first"
            )
        err.print(f"({core.name}: core clock {core_mhz:g} MHz, the experimental Fmax on {device} with worst-case data)")
        return core_mhz
    if args.core_mhz is not None:
        return float(args.core_mhz)
    core_mhz = stored_fmax(store, core)
    if core_mhz is None:
        err.print(
            f"({core.name}: no implementation on {device} stored; core clock {FALLBACK_CORE_MHZ:g} MHz, "
            f"set it with --core-mhz or run 'hashbed bench --device {device} {core.name}')"
        )
        return FALLBACK_CORE_MHZ
    err.print(f"({core.name}: core clock {core_mhz:g} MHz, the static-timing Fmax on {device})")
    return core_mhz


def _settings(args: argparse.Namespace, store: ResultStore, core: Core) -> TestbedSettings:
    core_mhz = chosen_core_mhz(args, store, core)
    latency = args.dma_latency
    if latency == FITTED:
        fit = fitted_latency(store)
        err.print(f"({fit.describe()})")
        latency = fit.latency
    dma = DmaModel(args.dma_gap, args.dma_burst, args.dma_burst_gap, args.sink_pause, latency, args.seed)
    return TestbedSettings(args.sys_mhz, core_mhz, dma, args.start_delay, args.seed)


def _run(args: argparse.Namespace, core: Core) -> tuple[TestbedSettings, list[JobRecord]]:
    sizes = args.sizes if args.sizes is not None else list(workload(core).default_sizes_kb)
    with ResultStore(args.db) as store:
        settings = _settings(args, store, core)
        jobs = Jobs(store, args.build_dir, args.force)
        goals = transfer_nodes(core, sizes, settings)
        done = run_jobs(jobs, goals, args, f"testbed {core.name}")
        assert done is not None  # no --dry-run here
        records = [done[goal.key] for goal in goals]
    reused = [f"{record.inputs['size_bytes'] / KB:g}" for record in records if record.reused]
    if reused:
        err.print(f"(stored results for {', '.join(reused)} kB; --force runs them again)")
    return settings, records


def _finish(records: list[JobRecord]) -> int:
    failures = [r for r in records if not r.ok]
    for failure in failures:
        err.print(f"hashbed: testbed {failure.core} {failure.inputs['size_bytes'] / KB:g} kB failed: {failure.error}")
    return 1 if failures else 0


def _clocks(settings: TestbedSettings, records: list[JobRecord]) -> str:
    core_mhz = next((r.outputs["core_mhz"] for r in records if r.ok), settings.core_mhz)
    return f"core clock {core_mhz:.3f} MHz, system clock {settings.sys_mhz:g} MHz, {settings.dma.describe()}"


def cmd_overhead(args: argparse.Namespace) -> int:
    core = load_core(args.core)
    settings, records = _run(args, core)
    rows = [overhead_row(r) for r in records if r.ok]
    if args.json:
        emit_json(rows)
    else:
        print_rows(
            f"communication overhead of {core.name} on the simulated board ({_clocks(settings, records)})",
            rows,
            {
                "size_kb": "size kB",
                "blocks": "blocks",
                "formula_us": "formula µs",
                "dma_us": "DMA µs",
                "measured_us": "measured µs",
                "ratio": "measured / formula",
            },
        )
        out.print(
            "formula: the core's cycle formula at the core clock; DMA: the beats sent (headers and padding included), "
            "one per system clock cycle; "
            "measured: the timer, from before the DMA starts to after the digest is in memory"
        )
        if isinstance(work := workload(core), LwcWorkload):
            out.print(
                f"{core.name} (LWC): each size is one {work.operation} (the key loaded before, untimed, through the sdi "
                "FIFO); formula: the manifest's cycles; the answer (ciphertext, tag, status) is checked against the "
                "model, and is in memory when the timer stops"
            )
    return _finish(records)


def cmd_speedup(args: argparse.Namespace) -> int:
    core = load_core(args.core)
    if not workload(core).speedup:
        raise HashbedError(
            f"core {core.name} has the {core.interface} interface: hashbed has no native software of "
            f"{core.algorithm_name} to compare with; run 'hashbed testbed overhead'"
        )
    settings, records = _run(args, core)
    rows = [speedup_row(r) for r in records if r.ok]
    figures = set()
    for row in rows:  # against the Zynq's processor, where its cycles per byte are published
        arm = arm_speedup(core.algorithm.key, row)
        row["arm_speedup"] = round(arm[0], 4) if arm else None
        figures |= {f"{arm[1].implementation}, {arm[1].cycles_per_byte:g} cycles/byte ({arm[1].url})"} if arm else set()
    if args.json:
        emit_json(rows)
    else:
        columns = {"size_kb": "size kB", "hardware_us": "hardware µs", "software_us": "software µs", "speedup": "speed-up"}
        if figures:
            columns["arm_speedup"] = f"speed-up over {ZYNQ_ARM} {ZYNQ_ARM_MHZ:g} MHz"
        print_rows(f"hardware / software speed-up of {core.name} ({_clocks(settings, records)})", rows, columns)
        for figure in sorted(figures):
            out.print(f"{ZYNQ_ARM}: published figure of {figure}")
        measured = next((row for row in rows if row["software"]), None)
        if measured:
            cpu = measured["software_cpu"] or "the host that ran the job"
            out.print(
                f"software: {measured['software']} on {cpu}, the best CPU time of 5 runs; "
                f"a call from Python costs {call_overhead_s() * 1e6:.2f} µs here (an empty C function through ctypes)"
            )
        else:
            out.print(f"no native software implementation of {core.algorithm.key}: no speed-up to report")
    return _finish(records)


def cmd_fmax(args: argparse.Namespace) -> int:
    if args.low >= args.high:
        raise HashbedError(f"--low {args.low:g} MHz must be below --high {args.high:g} MHz: pass a search range")
    core = load_core(args.core)
    dma = DmaModel(seed=args.seed)
    with SimulatedBoard(core, args.sys_mhz, dma) as board:
        controller = Controller(board, core)
        controller.configure_output()
        cases = workload(core).search_cases(controller, [round(size * KB) for size in args.sizes], args.seed)
        result = search_max_frequency(lambda mhz: controller.all_correct_at(mhz, cases), args.low, args.high)
    row = {"core": core.name, "max_mhz": result.max_mhz, "limit_above_range": result.limit_above_range, "trials": result.trials}
    if args.json:
        emit_json(row)
        return 0
    answer = workload(core).answer
    for mhz, passed in result.trials:
        out.print(f"  {mhz:7.1f} MHz  {'pass' if passed else 'FAIL'}")
    if result.limit_above_range:
        out.print(
            f"{core.name}: every {answer} right up to {result.max_mhz:.1f} MHz, the top of the range "
            "(RTL simulation has no delays: use the timing simulation for a real limit)"
        )
    else:
        out.print(f"{core.name}: highest frequency with every {answer} right: {result.max_mhz:.1f} MHz")
    return 0


def add_sizes_and_core_clock(parser: argparse.ArgumentParser, lwc: bool = False) -> None:
    """--sizes and --core-mhz of the overhead and speed-up experiments (on any board). With
    ``lwc``, --sizes defaults to None: the sizes of the core's workload."""
    default_sizes = ",".join(f"{size:g}" for size in HashWorkload.default_sizes_kb)
    if lwc:
        default_sizes += "; an LWC core's plaintexts: " + ",".join(f"{size:g}" for size in LwcWorkload.default_sizes_kb)
    low, high = SIZE_KB_RANGE
    devices = " or ".join(sorted(set(STUDY_DEVICES.values())))
    parser.add_argument(
        "--sizes",
        type=comma_list(float_range(low, high)),
        default=None if lwc else list(HashWorkload.default_sizes_kb),
        help=f"message sizes in kB, comma separated, each {low:g} to {high:g} (default: {default_sizes})",
    )
    parser.add_argument(
        "--core-mhz",
        type=or_word(EXPERIMENTAL, positive_float),
        help=f"core clock, MHz, or '{EXPERIMENTAL}': the experimental Fmax 'hashbed time' stored (worst-case data) "
        f"(default: the static-timing Fmax stored for the core's study device, {devices}, "
        f"else {FALLBACK_CORE_MHZ:g})",
    )


def add_parser(sub: Any, jobs: list[argparse.ArgumentParser]) -> None:
    testbed = sub.add_parser("testbed", help="the Zynq testbed experiments on the simulated board")
    commands = testbed.add_subparsers(dest="experiment", required=True, metavar="EXPERIMENT")

    sizes = comma_list(float_range(*SIZE_KB_RANGE))
    size_range = f"{SIZE_KB_RANGE[0]:g} to {SIZE_KB_RANGE[1]:g}"
    board = argparse.ArgumentParser(add_help=False)
    board.add_argument("core", help="a core's name ('hashbed cores' lists them)")
    board.add_argument(
        "--sys-mhz",
        type=float_range(*SYS_MHZ_RANGE),
        default=100.0,
        help=f"system clock, {SYS_MHZ_RANGE[0]:g} to {SYS_MHZ_RANGE[1]:g} MHz (default: %(default)s)",
    )
    option_with_old_spelling(
        board,
        "--message-seed",
        "--seed",
        dest="seed",
        type=seed,
        default=1,
        help=f"seed of the messages and the DMA pattern, {SEED_RANGE} (default: %(default)s)",
    )

    transfer = argparse.ArgumentParser(add_help=False)
    # a longer pause reads as a core that never answers; a longer burst is no burst limit
    cycles = int_range(0, DEFAULT_IDLE_LIMIT - 1)
    add_sizes_and_core_clock(transfer, lwc=True)
    transfer.add_argument("--dma-gap", type=probability, default=0.0, help="MM2S: probability of an idle cycle between beats")
    transfer.add_argument(
        "--dma-burst", type=cycles, default=0, help=f"MM2S: beats per burst, below {DEFAULT_IDLE_LIMIT} (default: 0, unlimited)"
    )
    transfer.add_argument(
        "--dma-burst-gap", type=cycles, default=0, help=f"MM2S: idle cycles between bursts (below {DEFAULT_IDLE_LIMIT})"
    )
    transfer.add_argument(
        "--dma-latency",
        type=or_word(FITTED, cycles),
        default=0,
        help=f"system cycles the processor takes to start a transfer and to see it done (below {DEFAULT_IDLE_LIMIT}), "
        f"or '{FITTED}': the latency fitted to the study's overhead at 10 kB (docs/testbed.md)",
    )
    transfer.add_argument("--sink-pause", type=probability, default=0.0, help="S2MM: probability of TREADY low in a cycle")
    transfer.add_argument(
        "--start-delay", type=cycles, default=0, help=f"output FIFO start delay, system cycles (below {DEFAULT_IDLE_LIMIT})"
    )

    p = commands.add_parser(
        "overhead",
        parents=[*jobs, board, transfer, executor_options(dry_run=False)],
        help="measured time over cycle-formula time, per message size",
    )
    p.set_defaults(func=cmd_overhead)
    p = commands.add_parser(
        "speedup",
        parents=[*jobs, board, transfer, executor_options(dry_run=False)],
        help="native software time over hardware time, per message size",
    )
    p.set_defaults(func=cmd_speedup)
    p = commands.add_parser("fmax", parents=[board], help="binary search (0.1 MHz) for the highest core clock with right digests")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument("--low", type=positive_float, required=True, help="bottom of the search range, MHz (must pass)")
    p.add_argument("--high", type=positive_float, required=True, help="top of the search range, MHz")
    p.add_argument(
        "--sizes", type=sizes, default=[0.1, 1.0, 10.0], help=f"message sizes in kB, each {size_range} (default: 0.1,1,10)"
    )
    p.set_defaults(func=cmd_fmax)
