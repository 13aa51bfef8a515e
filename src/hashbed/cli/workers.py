"""``hashbed workers slurm``: Dask workers for hashbed's jobs as Slurm jobs (docs/cluster.md)."""

from __future__ import annotations

import argparse
import time
from typing import Any

from hashbed.cli.console import err, out
from hashbed.cli.types import positive_int
from hashbed.jobs.slurm import slurm_cluster


def cmd_slurm(args: argparse.Namespace) -> int:
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
    q.add_argument("--workers", type=positive_int, default=4, help="Slurm jobs, one worker each (default: %(default)s)")
    q.add_argument("--memory", type=positive_int, default=8, metavar="GB", help="memory of each worker (default: %(default)s)")
    q.add_argument("--walltime", default="12:00:00", help="Slurm time limit of each worker (default: %(default)s)")
    q.add_argument("--queue", help="Slurm partition")
    q.add_argument("--host", help="the address the workers reach the scheduler at (default: this machine's)")
    q.add_argument("--print-script", action="store_true", help="print a worker's batch script and submit nothing")
    q.set_defaults(func=cmd_slurm)
