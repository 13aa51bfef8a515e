"""``hashbed workers slurm``: Dask workers for hashbed's jobs as Slurm jobs (docs/cluster.md)."""

from __future__ import annotations

import argparse
import re
import shutil
import time
from typing import Any

from hashbed.console.printing import err, out
from hashbed.console.types import int_range
from hashbed.errors import HashbedError
from hashbed.jobs.slurm import slurm_cluster

#: The most workers and GB of memory a worker one command asks for (a cluster's partition holds
#: fewer; the bounds keep a typo from submitting a flood of jobs).
MAX_WORKERS = 10_000
MAX_MEMORY_GB = 4096
#: Slurm's time formats: minutes, minutes:seconds, hours:minutes:seconds, days-hours,
#: days-hours:minutes, days-hours:minutes:seconds.
_WALLTIME = re.compile(r"\d{1,6}(:\d{1,2}){0,2}|\d{1,4}-\d{1,2}(:\d{1,2}){0,2}")


def walltime(text: str) -> str:
    if not _WALLTIME.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"must be a Slurm time limit: minutes, hours:minutes:seconds or days-hours:minutes:seconds, got {text!r}"
        )
    return text


def cmd_slurm(args: argparse.Namespace) -> int:
    if not args.print_script and shutil.which("sbatch") is None:
        raise HashbedError(
            "hashbed workers slurm submits Slurm jobs, and sbatch is not on PATH: run it on the cluster's login node "
            "(--print-script shows a worker's batch script anywhere)"
        )
    cluster = slurm_cluster(args.memory, args.walltime, args.queue, args.host)
    try:
        if args.print_script:
            out.print(cluster.job_script())
            return 0
        cluster.scale(jobs=args.workers)
        out.print(cluster.scheduler_address)
        err.print(
            f"{args.workers} Slurm jobs submitted as Dask workers; run: hashbed bench --scheduler {cluster.scheduler_address}; "
            "Ctrl-C stops the scheduler and cancels the jobs"
        )
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        return 0
    finally:
        cluster.close()


def add_parser(sub: Any) -> None:
    p = sub.add_parser("workers", help="start Dask workers for hashbed's jobs on a cluster")
    inner = p.add_subparsers(dest="workers_command", required=True, metavar="SYSTEM")
    q = inner.add_parser("slurm", help="a Dask scheduler here and its workers as Slurm jobs (needs hashbed[cluster])")
    q.add_argument(
        "--workers",
        type=int_range(1, MAX_WORKERS),
        default=4,
        help=f"Slurm jobs, one worker each, 1 to {MAX_WORKERS} (default: %(default)s)",
    )
    q.add_argument(
        "--memory",
        type=int_range(1, MAX_MEMORY_GB),
        default=8,
        metavar="GB",
        help=f"memory of each worker, 1 to {MAX_MEMORY_GB} (default: %(default)s)",
    )
    q.add_argument(
        "--walltime",
        type=walltime,
        default="12:00:00",
        help="Slurm time limit of each worker, as Slurm writes it (default: %(default)s)",
    )
    q.add_argument("--queue", help="Slurm partition")
    q.add_argument("--host", help="the address the workers reach the scheduler at (default: this machine's)")
    q.add_argument("--print-script", action="store_true", help="print a worker's batch script and submit nothing")
    q.set_defaults(func=cmd_slurm)
