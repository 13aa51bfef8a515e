"""Running a command's jobs: the executor options, the plan and its ETA before it starts, and
its progress (a bar on a terminal; one line per finished job in a log or CI)."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from hashbed.console.printing import err, out, print_table
from hashbed.console.types import MAX_WORKERS, positive_float, worker_count
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import run_dir_name
from hashbed.flow.impl.progress import RunProgress, duration, unfinished_runs
from hashbed.jobs.estimate import estimates, makespan
from hashbed.jobs.executors import CONNECT_TIMEOUT_S, NO_WORKERS_TIMEOUT_S, SCHEDULER_ENV, ClusterLost, make_executor
from hashbed.jobs.graph import Event, Node, graph_of, stored, will_not_run
from hashbed.jobs.runner import Jobs
from hashbed.results import JobRecord

#: How long a command waits for a job to finish before it says how far its running place-and-route runs have got, s.
STATUS_INTERVAL_S = 600.0


def executor_options(dry_run: bool = True) -> argparse.ArgumentParser:
    """--jobs, --scheduler (and --dry-run): where a command's jobs run."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument(
        "--jobs",
        type=worker_count,
        metavar="N",
        help=f"jobs at once in a local process pool, 1 to {MAX_WORKERS}; never more workers than jobs to run "
        "(default: this machine's cores)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"run the jobs on the Dask cluster of this scheduler, e.g. tcp://host:8786 (default: ${SCHEDULER_ENV}); "
        f"an address nothing answers at, or not a Dask scheduler's, stops the command within {CONNECT_TIMEOUT_S} s, "
        "and so does the scheduler lost in the middle of a run (finished jobs are kept: run the command again)",
    )
    parser.add_argument(
        "--no-workers-timeout",
        type=positive_float,
        default=NO_WORKERS_TIMEOUT_S,
        metavar="SECONDS",
        help="with --scheduler: when every worker of the cluster is gone, how long to wait for one to come back before "
        "stopping (finished jobs are kept: run the command again) (default: %(default)g)",
    )
    if dry_run:
        parser.add_argument(
            "--dry-run", action="store_true", help="print the jobs that would run and their estimated time, run nothing"
        )
    return parser


def run_jobs(
    jobs: Jobs,
    goals: Sequence[Node],
    args: argparse.Namespace,
    what: str,
    more: Callable[[Event], Sequence[Node]] | None = None,
    most: int | None = None,
) -> dict[str, JobRecord] | None:
    """Run ``goals`` on the executor of ``args``, saying first how many jobs will run and how long
    they will take; None for --dry-run (the plan printed instead). ``more`` may add jobs as each
    job gets its record (hashbed.jobs.graph.run_graph): the plan then is its first jobs, and
    ``most`` the most jobs that can run at once (the local workers are no more)."""
    guesses = estimates(jobs.store)
    plan = [
        node
        for node in graph_of(goals)
        if jobs.force or (stored(jobs.store, node) is None and not will_not_run(jobs.store, node))
    ]
    seconds = {node.key: guesses.seconds(node) for node in plan}
    if most is None:  # without ``more`` the plan is every job; with it, the caller knows
        most = sum(node.compute is None for node in plan) if more is None else MAX_WORKERS
    workers = local_workers(args.jobs, most)
    if getattr(args, "dry_run", False) and not plan:
        out.print(f"{what}: nothing to run, every job is stored (--force runs them again)")
        return None
    if getattr(args, "dry_run", False):
        rows = [[node.label or f"{node.core} {node.step}", duration(seconds[node.key])] for node in plan]
        print_table(f"{what}: the {'first ' * bool(more)}jobs that would run", (["job", "estimated time"], rows))
        took = duration(makespan(plan, seconds, workers))
        out.print(f"{len(plan)} jobs, about {took} on {workers} local worker{'s' * (workers != 1)}")
        if more:
            out.print("later jobs depend on what these achieve")
        return None
    executor = make_executor(workers, args.scheduler, args.no_workers_timeout)
    stored_count = len(graph_of(goals)) - len(plan)
    err.print(
        f"{what}: {len(plan)} {'first ' * bool(more)}jobs to run ({stored_count} stored), about "
        f"{duration(makespan(plan, seconds, executor.workers))} on {executor.describe()}"
    )
    planned = len(plan)
    left = dict(seconds)
    started = time.monotonic()
    with Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} jobs"),
        TimeElapsedColumn(),
        TextColumn("{task.fields[eta]}", markup=False),
        console=err,
        transient=True,
        disable=not err.is_terminal or getattr(args, "json", False),
    ) as progress:
        task = progress.add_task(what, total=len(plan), eta="")

        def extend(event: Event) -> Sequence[Node]:
            """The jobs ``more`` adds; those to run count in the progress."""
            nonlocal planned
            added = more(event) if more else []
            for node in graph_of(added):
                if node.key not in left and (jobs.force or stored(jobs.store, node) is None):
                    left[node.key] = guesses.seconds(node)
                    planned += 1
            progress.update(task, total=planned)
            return added

        def on_event(event: Event) -> None:
            if event.node.key not in left:
                return
            left.pop(event.node.key)
            eta = f"about {duration(sum(left.values()) / executor.workers)} left" if left else ""
            progress.update(task, completed=planned - len(left), eta=eta)
            if not err.is_terminal:
                status = "not run, a job it needs failed" if event.blocked else event.record.status
                took = f" in {duration(event.cost['wall_s'])}" if event.cost else ""
                err.print(
                    f"{what}: {event.node.label or event.node.step}: {status}{took} "
                    f"({planned - len(left)}/{planned}, {duration(time.monotonic() - started)} so far"
                    f"{', ' + eta if eta else ''})"
                )

        def on_tick(running: list[tuple[Node, float]]) -> None:
            """The bar names the running jobs, and its time left counts what they have done."""
            now = time.monotonic()
            busy = {node.key: max(left.get(node.key, 0.0) - (now - since), 1.0) for node, since in running}
            waiting = sum(seconds for key, seconds in left.items() if key not in busy)
            eta = max(max(busy.values(), default=0.0), (waiting + sum(busy.values())) / executor.workers)
            names = [node.label or node.step for node, _ in running]
            shown = ", ".join(names[:2]) + (f" and {len(names) - 2} more" if len(names) > 2 else "")
            progress.update(task, description=shown or what, eta=f"about {duration(eta)} left" if left else "")

        def on_idle(running: list[Node]) -> None:
            for run in running_runs(running, jobs.build_dir):
                err.print(f"{what}: {run.run_dir.name}: {run.phase}, started {duration(run.elapsed_s)} ago")

        try:
            return jobs.run_all(goals, executor, on_event, guesses, on_idle, STATUS_INTERVAL_S, extend, on_tick)
        except ClusterLost as exc:
            raise HashbedError(
                f"{exc}; the finished jobs are kept in {jobs.store.path}: run the command again to resume"
            ) from None
        finally:
            executor.close()


def running_runs(nodes: Sequence[Node], build_dir: Path) -> list[RunProgress]:
    """The synthesis and place-and-route runs of the implement jobs among ``nodes`` that a process works on now."""
    prefixes = tuple(run_dir_name(n.core, n.inputs["device"], n.inputs["seed"], "") for n in nodes if n.step == "implement")
    return [
        run for run in unfinished_runs(build_dir) if run.state == "running" and prefixes and run.run_dir.name.startswith(prefixes)
    ]


def local_workers(jobs: int | None, most: int) -> int:
    """The local pool's workers: ``--jobs`` (default: this machine's cores), but no more than
    ``most`` jobs that can run at once and ``MAX_WORKERS``: each worker is a process, started
    whether a job comes for it or not."""
    return max(1, min(jobs or os.cpu_count() or 1, most, MAX_WORKERS))
