"""``hashbed board ...``: the Zynq testbed on a real board (ZedBoard, PYNQ-Z2): the Vivado project
that builds it, and the study's experiments on it through PYNQ (docs/board.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import load_core
from hashbed.console.options import SharedOptions, option_with_old_spelling
from hashbed.console.printing import emit_json, err, out, print_rows
from hashbed.console.types import MAX_WORKERS, SEED_RANGE, comma_list, float_range, int_range, positive_float, seed
from hashbed.errors import HashbedError
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from hashbed.studies.zynq.board.experiments import BoardSettings, fmax_node, run_here, transfer_nodes
from hashbed.studies.zynq.experiments import (
    SIZE_KB_RANGE,
    overhead_row,
    speedup_row,
)
from hashbed.studies.zynq.testbed_commands import add_sizes_and_core_clock, chosen_core_mhz
from hashbed.studies.zynq.workloads import KB
from hashbed.testbed.address_map import BOARDS, get_board
from hashbed.testbed.pynq_board import PynqBoard, check_bitfile
from hashbed.testbed.simulated import DEFAULT_IDLE_LIMIT
from hashbed.testbed.tcl import project_name, write_project

DEFAULT_BOARD = "pynq-z2"


def default_folder(core: str, board: str) -> Path:
    return Path("build") / "board" / board / core


def cmd_build(args: argparse.Namespace) -> int:
    board = get_board(args.board)
    core = load_core(args.core)
    folder = args.out or default_folder(core.name, board.name)
    project = write_project(core, board, folder, args.jobs, args.force)
    if args.json:
        emit_json({"script": str(project.script), "bitfile": str(project.bitfile), "hwh": str(project.hwh)})
        return 0
    out.print(f"wrote {project.script}, {project.constraints} and {len(project.hdl)} HDL files in {project.folder / 'hdl'}")
    out.print(f"build it where Vivado is: cd {project.folder} && vivado -mode batch -source build.tcl")
    out.print(
        f"then copy {project.bitfile.name} and {project.hwh.name} to the {board.name} and run: "
        f"hashbed board run {core.name} --board {board.name} --bitfile {project.bitfile.name}"
    )
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    if args.low >= args.high:
        raise HashbedError(f"--low {args.low:g} MHz must be below --high {args.high:g} MHz: pass a search range")
    board_kind = get_board(args.board)
    core = load_core(args.core)
    bitfile = args.bitfile or default_folder(core.name, board_kind.name) / f"{project_name(core)}.bit"
    check_bitfile(bitfile)
    with ResultStore(args.db) as store:
        core_mhz = chosen_core_mhz(args, store, core)
        jobs = Jobs(store, args.build_dir, args.force)
        board = PynqBoard(core, bitfile, board_kind)
        with board:
            if board.fallbacks:
                err.print(f"(the .hwh names no {', '.join(board.fallbacks)}: the address map's addresses are used)")
            settings = BoardSettings(core_mhz, args.start_delay, args.seed)
            records = run_here(jobs, transfer_nodes(board, core, args.sizes, settings))
            (search,) = run_here(jobs, [fmax_node(board, core, args.fmax_sizes, args.seed, args.low, args.high)])
    failures = [r for r in [*records, search] if not r.ok]
    done = [r for r in records if r.ok]
    overhead, speedup = [overhead_row(r) for r in done], [speedup_row(r) for r in done]
    fmax = {key: search.outputs[key] for key in ("max_mhz", "limit_above_range", "trials")} if search.ok else None
    if args.json:
        emit_json({"board": board_kind.name, "overhead": overhead, "speedup": speedup, "fmax": fmax})
    else:
        where = f"on the {board_kind.name} ({bitfile.name})"
        print_rows(
            f"communication overhead of {core.name} {where}",
            overhead,
            {
                "size_kb": "size kB",
                "core_mhz": "core MHz",
                "measured_us": "measured µs",
                "formula_us": "formula µs",
                "ratio": "ratio",
            },
        )
        print_rows(
            f"hardware / software speed-up of {core.name} {where}",
            speedup,
            {"size_kb": "size kB", "hardware_us": "hardware µs", "software_us": "software µs", "speedup": "speed-up"},
        )
        if speedup and speedup[0]["software"]:
            out.print(f"software: {speedup[0]['software']} on {speedup[0]['software_cpu']}, the best CPU time of 5 runs")
        if fmax:
            above = " (the top of the range: raise --high)" if fmax["limit_above_range"] else ""
            out.print(f"{core.name}: highest core clock with every digest right {where}: {fmax['max_mhz']:.1f} MHz{above}")
    for failure in failures:
        size = failure.inputs.get("size_bytes")
        what = f"{size / KB:g} kB" if size is not None else "clock search"
        err.print(f"hashbed: board {failure.core} {what} failed: {failure.error}")
    return 1 if failures else 0


def add_parser(sub: Any, shared: SharedOptions) -> None:
    """The board commands (``board build`` has a --force of its own)."""
    group = sub.add_parser("board", help="the Zynq testbed on a real board: the Vivado project, the experiments through PYNQ")
    commands = group.add_subparsers(dest="board_command", required=True, metavar="COMMAND")
    board = argparse.ArgumentParser(add_help=False)
    board.add_argument("core", help="a core's name ('hashbed cores' lists them)")
    board.add_argument("--board", default=DEFAULT_BOARD, help=f"one of: {', '.join(BOARDS)} (default: %(default)s)")

    p = commands.add_parser(
        "build", parents=[shared.json, shared.library, board], help="write the Vivado Tcl project of the testbed around a core"
    )
    p.add_argument(
        "--out",
        type=Path,
        help="the project's folder (default: build/board/BOARD/CORE): a new or empty folder, or one this command made",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="replace the project of another core or board in --out whole (a folder this command did not make is never written)",
    )
    option_with_old_spelling(
        p,
        "--vivado-jobs",
        "--jobs",
        dest="jobs",
        type=int_range(1, MAX_WORKERS),
        default=2,
        help=f"Vivado's parallel jobs, 1 to {MAX_WORKERS} (default: %(default)s)",
    )
    p.set_defaults(func=cmd_build)

    sizes = comma_list(float_range(*SIZE_KB_RANGE))
    size_range = f"{SIZE_KB_RANGE[0]:g} to {SIZE_KB_RANGE[1]:g}"
    p = commands.add_parser(
        "run", parents=[*shared.jobs(), board], help="overhead, speed-up and the clock search on the board (needs pynq)"
    )
    p.add_argument("--bitfile", type=Path, help="the bitstream, its .hwh beside it (default: the build folder's)")
    add_sizes_and_core_clock(p)
    p.add_argument(
        "--start-delay",
        type=int_range(0, DEFAULT_IDLE_LIMIT - 1),
        default=0,
        help="output FIFO start delay, system cycles (default: 0)",
    )
    option_with_old_spelling(
        p,
        "--message-seed",
        "--seed",
        dest="seed",
        type=seed,
        default=1,
        help=f"seed of the messages, {SEED_RANGE} (default: %(default)s)",
    )
    p.add_argument("--low", type=positive_float, default=10.0, help="bottom of the clock search, MHz (must pass; default: 10)")
    p.add_argument("--high", type=positive_float, default=400.0, help="top of the clock search, MHz (default: 400)")
    p.add_argument(
        "--fmax-sizes",
        type=sizes,
        default=[0.1, 1.0, 10.0],
        help=f"message sizes of the clock search in kB, each {size_range} (default: 0.1,1,10)",
    )
    p.set_defaults(func=cmd_run)
