"""A job's work as it travels to a worker, and what comes back.

The work of a job is a picklable callable (a module-level function with its arguments bound by
``functools.partial``) that returns the job's (outputs, error). ``execute`` runs it on whatever
process it lands on (the driver, a local pool worker, a Dask worker) and returns an ``Outcome``:
the outputs, the error, and the job's cost on that machine (wall time, CPU time of the process
and its tools, the largest resident set of a tool). Only the driver writes the store.

A core's Verilog travels with the work: a worker on another machine, without the project's
``rtl/`` tree, gets the sources as bytes and writes them to its own cache (``localize``); a
worker that sees the same files (the same machine, or a shared file system) uses them as they
are.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import resource
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.errors import CoreFailure
from hashbed.flow import processes
from hashbed.flow.cache import cache_root

#: A job's work: () -> (outputs, error).
Work = Callable[[], tuple[dict[str, Any], str | None]]


@dataclass(frozen=True)
class Cost:
    """What a job took where it ran."""

    wall_s: float
    cpu_s: float
    peak_mb: float
    host: str

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Outcome:
    outputs: dict[str, Any]
    error: str | None
    cost: Cost | None = None


def _cpu_s() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def execute(work: Work) -> Outcome:
    """Run ``work`` here and measure it. A core that misbehaves is the job's failure, with its
    one-line reason; any other error (a tool missing here, a file that cannot be read) is raised,
    to the command (a job run here) or to the driver (hashbed.jobs.executors.result_of)."""
    started, cpu = time.monotonic(), _cpu_s()
    processes.reset_peak()
    try:
        outputs, error = work()
    except CoreFailure as failure:
        outputs, error = {}, str(failure)
    own_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cost = Cost(
        round(time.monotonic() - started, 2),
        round(_cpu_s() - cpu, 2),
        round(max(processes.peak_kb(), own_kb) / 1024, 1),
        socket.gethostname(),
    )
    return Outcome(outputs, error, cost)


@dataclass(frozen=True)
class Sources:
    """A core's Verilog as bytes, to rebuild the core where its files are not."""

    core: Core
    contents: tuple[bytes, ...] = field(repr=False)

    @classmethod
    def of(cls, core: Core) -> Sources:
        return cls(core, tuple(path.read_bytes() for path in core.sources))


def localize(sources: Sources) -> Core:
    """The core with sources this process can read: its own paths when they hold the same Verilog,
    else copies written from the bytes that came with the work (one folder per core fingerprint)."""
    core = sources.core
    try:
        if all(path.read_bytes() == content for path, content in zip(core.sources, sources.contents)):
            return core
    except OSError:
        pass
    digest = hashlib.sha256(b"".join(hashlib.sha256(content).digest() for content in sources.contents)).hexdigest()[:16]
    folder = cache_root() / "sources" / f"{core.name}-{digest}"
    copies = []
    for index, (path, content) in enumerate(zip(core.sources, sources.contents)):
        copy = folder / str(index) / path.name  # one folder per file: names stay as the fingerprint hashes them
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(content)
        copies.append(copy)
    return dataclasses.replace(core, sources=tuple(copies))


def writable_build_dir(build_dir: Path) -> Path:
    """``build_dir`` where this process can write it (a shared file system), else its own: a
    worker on another machine. The command has checked that it can write ``build_dir`` itself
    (``Jobs``), so a worker on its machine never falls back."""
    try:
        build_dir.mkdir(parents=True, exist_ok=True)
        probe = build_dir / f".probe-{os.getpid()}"
        probe.touch()
        probe.unlink()
        return build_dir
    except OSError:
        return cache_root() / "build"
