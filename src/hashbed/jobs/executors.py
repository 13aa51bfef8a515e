"""Where jobs run: a local process pool, or a Dask ``distributed`` cluster.

Both take a job's work (hashbed.jobs.work) and return a handle whose ``result()`` is its
``Outcome``; the driver waits for the first handles to finish and submits more as their jobs
become ready (hashbed.jobs.graph). Neither schedules anything itself: the local pool is the
standard library's ``ProcessPoolExecutor`` (its workers die with the driver, and a pool that
loses a worker is started again and its jobs submitted again), the cluster is Dask's (it runs a
job that a lost worker held on another one).

A job may name the memory it needs (MB, estimated from earlier runs): the local pool admits it
only while the jobs running fit the machine's memory; on a cluster it becomes a Dask worker
resource (``memory``) when the workers declare one (``dask worker --resources memory=16000``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol

from hashbed.errors import HashbedError
from hashbed.flow import processes
from hashbed.jobs.work import Outcome, Work, execute

#: The environment variable that names a Dask scheduler when --scheduler is not given.
SCHEDULER_ENV = "HASHBED_SCHEDULER"
#: How long a Dask scheduler has to answer before its address is reported unreachable, s.
CONNECT_TIMEOUT_S = 10


class Handle(Protocol):
    def result(self) -> Outcome: ...


@dataclass(eq=False)
class _Submitted:
    """A job in the local pool, kept so that it can be submitted again to a new pool."""

    work: Work
    future: Future[Outcome] = field(default_factory=Future)
    tries: int = 0


class LocalExecutor:
    """A process pool of ``workers`` on this machine."""

    #: How often a job goes to a pool: a pool that loses a worker breaks with every job in it.
    TRIES = 3

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.memory_mb = _memory_mb()
        self._pool = self._new_pool()
        self._submitted: dict[int, _Submitted] = {}

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, initializer=processes.die_with_parent, initargs=(os.getpid(),))

    def describe(self) -> str:
        return f"{self.workers} local worker{'s' * (self.workers != 1)}"

    def submit(self, work: Work, memory_mb: float = 0) -> _Submitted:
        handle = _Submitted(work)
        self._submitted[id(handle)] = handle
        self._send(handle)
        return handle

    def _send(self, handle: _Submitted) -> None:
        if handle.tries >= self.TRIES:
            handle.future = Future()
            handle.future.set_exception(BrokenProcessPool(f"the worker died {self.TRIES} times"))
            return
        handle.tries += 1
        try:
            handle.future = self._pool.submit(execute, handle.work)
        except BrokenProcessPool:  # a worker died since the last job was sent
            self._restart()

    def wait(self, handles: Iterable[Any], timeout: float | None) -> set[Any]:
        """The handles among ``handles`` that are finished (at least one unless ``timeout`` passes,
        or the pool lost a worker and its jobs went to a new one)."""
        pending = {handle.future: handle for handle in handles}
        done, _ = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
        broken = [pending[f] for f in done if isinstance(f.exception(), BrokenProcessPool) and pending[f].tries < self.TRIES]
        if broken:
            self._restart()
            return set()
        for future in done:
            self._submitted.pop(id(pending[future]), None)
        return {pending[future] for future in done}

    def _restart(self) -> None:
        """A worker died (killed, out of memory), which breaks every job of the pool: a new pool,
        and every unfinished job sent to it (a job sent TRIES times fails)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._new_pool()
        for handle in list(self._submitted.values()):
            future = handle.future
            if not future.done() or isinstance(future.exception(), BrokenProcessPool):
                self._send(handle)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def result_of(handle: Any) -> Outcome:
    """The outcome of a finished handle; a worker that could not run the job is its failure."""
    try:
        outcome: Outcome = handle.future.result() if isinstance(handle, _Submitted) else handle.result()
    except BrokenProcessPool:
        return Outcome({}, f"the worker running the job died {LocalExecutor.TRIES} times (out of memory?)")
    except HashbedError as exc:  # on the worker: a tool missing there, a file it cannot read
        return Outcome({}, str(exc))
    except Exception as exc:  # a Dask worker lost too often (KilledWorker), or an error in hashbed itself
        return Outcome({}, f"the job could not run on a worker: {type(exc).__name__}: {' '.join(str(exc).split())}")
    return outcome


@dataclass
class DaskExecutor:
    """The workers of a Dask ``distributed`` cluster at ``address``."""

    address: str
    client: Any = field(init=False)

    def __post_init__(self) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise HashbedError("--scheduler needs the distributed package (pip install distributed)") from None
        try:
            self.client = Client(self.address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError) as exc:
            raise HashbedError(
                f"cannot reach the Dask scheduler at {self.address} ({type(exc).__name__}); "
                f"start one (dask scheduler) or fix --scheduler / ${SCHEDULER_ENV}"
            ) from None
        info = self.client.scheduler_info()["workers"].values()
        self.workers = max(1, sum(worker.get("nthreads", 1) for worker in info))
        self._memory = all("memory" in worker.get("resources", {}) for worker in info) and bool(info)

    def describe(self) -> str:
        return f"the Dask cluster at {self.address} ({self.workers} worker threads)"

    @property
    def memory_mb(self) -> float | None:
        return None  # the cluster's workers admit jobs by their declared resources

    def submit(self, work: Work, memory_mb: float = 0) -> Any:
        resources = {"memory": memory_mb} if self._memory and memory_mb else None
        return self.client.submit(execute, work, pure=False, resources=resources)

    def wait(self, handles: Iterable[Any], timeout: float | None) -> set[Any]:
        from distributed import wait as dask_wait

        try:
            with self.client.as_current():
                done, _ = dask_wait(list(handles), timeout=timeout, return_when="FIRST_COMPLETED")  # type: ignore[no-untyped-call]
        except TimeoutError:
            return set()
        return set(done)

    def close(self) -> None:
        self.client.close()


Executor = LocalExecutor | DaskExecutor


def make_executor(workers: int | None, scheduler: str | None) -> Executor:
    """The executor of ``--jobs`` and ``--scheduler`` (or $HASHBED_SCHEDULER)."""
    address = scheduler or os.environ.get(SCHEDULER_ENV)
    if address:
        return DaskExecutor(address)
    return LocalExecutor(workers or os.cpu_count() or 1)


def _memory_mb() -> float | None:
    """This machine's memory, MB (None where /proc/meminfo cannot tell)."""
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None
