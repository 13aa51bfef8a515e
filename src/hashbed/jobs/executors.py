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

import asyncio
import logging
import os
import socket
import time
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

from hashbed.errors import HashbedError
from hashbed.flow import processes
from hashbed.jobs.work import Outcome, Work, execute

#: The environment variable that names a Dask scheduler when --scheduler is not given.
SCHEDULER_ENV = "HASHBED_SCHEDULER"
#: How long a Dask scheduler has to answer before its address is reported unreachable, s.
CONNECT_TIMEOUT_S = 10
#: How long a run on a Dask cluster waits, once its last worker has left, for one to come back, s
#: (--no-workers-timeout).
NO_WORKERS_TIMEOUT_S = 60.0
#: The address schemes of Dask's own transports (tcp when an address has none).
SCHEMES = ("tcp", "tls", "ws", "wss")


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


class ClusterLost(HashbedError):
    """The Dask scheduler, or every worker of the cluster, went away in the middle of a run."""


@dataclass
class DaskExecutor:
    """The workers of a Dask ``distributed`` cluster at ``address`` (checked by scheduler_address)."""

    address: str
    #: How long the run waits, once the last worker has left, for one to come back, s.
    no_workers_timeout_s: float = NO_WORKERS_TIMEOUT_S
    client: Any = field(init=False)

    def __post_init__(self) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise HashbedError("--scheduler needs the distributed package (pip install distributed)") from None
        self._quiet = _Quiet()
        try:
            _check_scheduler(self.address, CONNECT_TIMEOUT_S)
            self.client = Client(self.address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)  # type: ignore[no-untyped-call]
            info = self.client.scheduler_info()["workers"].values()
        except HashbedError:
            self._quiet.end()
            raise
        except Exception as exc:  # the scheduler went away between the check and the client
            self._quiet.end()
            raise HashbedError(f"cannot reach the Dask scheduler at {self.address} ({type(exc).__name__}); {_FIX}") from None
        self.threads = sum(worker.get("nthreads", 1) for worker in info)
        self.workers = max(1, self.threads)
        self._memory = all("memory" in worker.get("resources", {}) for worker in info) and bool(info)
        #: Whether the run has seen a worker; since when it has seen none (monotonic s).
        self._had_workers = bool(info)
        self._none_since: float | None = None

    def describe(self) -> str:
        if not self.threads:
            return f"the Dask cluster at {self.address} (no worker yet: the jobs wait for the first to join)"
        return f"the Dask cluster at {self.address} ({self.threads} worker threads)"

    @property
    def memory_mb(self) -> float | None:
        return None  # the cluster's workers admit jobs by their declared resources

    def submit(self, work: Work, memory_mb: float = 0) -> Any:
        resources = {"memory": memory_mb} if self._memory and memory_mb else None
        return self.client.submit(execute, work, pure=False, resources=resources)

    def wait(self, handles: Iterable[Any], timeout: float | None) -> set[Any]:
        """The finished handles among ``handles``; ClusterLost when the scheduler is gone (Dask
        then cancels every job) or every worker has been gone for ``no_workers_timeout_s``."""
        from distributed import wait as dask_wait

        try:
            with self.client.as_current():
                done, _ = dask_wait(list(handles), timeout=timeout, return_when="FIRST_COMPLETED")  # type: ignore[no-untyped-call]
        except TimeoutError:
            self._check_workers()
            return set()
        except (CancelledError, OSError) as exc:  # FuturesCancelledError: "scheduler-connection-lost"
            raise self._scheduler_lost(exc) from None
        if self.client.status != "running" or any(future.status == "cancelled" for future in done):
            raise self._scheduler_lost(None)
        return set(done)

    def _check_workers(self) -> None:
        if self.client.status != "running":
            raise self._scheduler_lost(None)
        try:
            threads = sum(self.client.nthreads().values())
        except (CancelledError, OSError, TimeoutError) as exc:
            raise self._scheduler_lost(exc) from None
        if threads or not self._had_workers:
            self._had_workers = self._had_workers or bool(threads)
            self._none_since = None
            return
        now = time.monotonic()
        self._none_since = self._none_since or now
        if now - self._none_since >= self.no_workers_timeout_s:
            raise ClusterLost(
                f"every worker of the Dask cluster at {self.address} is gone and none came back within "
                f"{self.no_workers_timeout_s:g} s (--no-workers-timeout); start workers (dask worker {self.address})"
            )

    def _scheduler_lost(self, exc: BaseException | None) -> ClusterLost:
        cause = f" ({type(exc).__name__})" if exc is not None and not isinstance(exc, CancelledError) else ""
        return ClusterLost(f"lost the Dask scheduler at {self.address}{cause}; start it and its workers again")

    def close(self) -> None:
        try:
            self.client.close(timeout=CONNECT_TIMEOUT_S)
        except Exception:  # a scheduler that is gone: nothing to say goodbye to
            pass
        finally:
            self._quiet.end()


_FIX = f"start one (dask scheduler) or fix --scheduler / ${SCHEDULER_ENV}"


class _Quiet:
    """Dask's own log lines (its failed reconnections, with their tracebacks) kept off the
    terminal while a client runs: hashbed says in one line what went wrong."""

    def __init__(self) -> None:
        names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] in ("distributed", "tornado")]
        self.handlers = {handler for name in names for handler in logging.getLogger(name).handlers}
        for handler in self.handlers:
            handler.addFilter(_drop)

    def end(self) -> None:
        for handler in self.handlers:
            handler.removeFilter(_drop)


def _drop(record: logging.LogRecord) -> bool:
    return False


def scheduler_address(text: str, source: str = "--scheduler") -> str:
    """The Dask scheduler address ``text`` (``HOST:PORT`` means ``tcp://HOST:PORT``), or a
    HashbedError naming ``source`` when it has no known scheme, no host or no port."""
    full = text.strip() if "://" in text else f"tcp://{text.strip()}"
    try:
        parts = urlsplit(full)
        port = parts.port
    except ValueError:  # a bracket not closed; a port not a number, or above 65535
        parts, port = urlsplit(""), None
    if parts.scheme not in SCHEMES or not parts.hostname or not port or parts.path or parts.query or parts.fragment:
        raise HashbedError(
            f"{source} {text!r} is not a Dask scheduler address: give SCHEME://HOST:PORT with SCHEME one of "
            f"{', '.join(SCHEMES)} (tcp when left out), e.g. tcp://10.0.0.5:8786"
        )
    return full


def _check_scheduler(address: str, timeout_s: float) -> None:
    """A HashbedError unless a Dask scheduler answers at ``address`` within ``timeout_s``: Dask's
    client waits without end for the handshake of a service that accepts the connection and
    never answers, and reads whatever else answers as a message (an HTTP server's reply as a
    length of exbibytes)."""
    parts = urlsplit(address)
    deadline = time.monotonic() + timeout_s
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=timeout_s).close()
    except OSError as exc:
        raise HashbedError(f"cannot reach the Dask scheduler at {address} ({type(exc).__name__}); {_FIX}") from None
    try:
        identity = asyncio.run(asyncio.wait_for(_identity(address), max(0.1, deadline - time.monotonic())))
    except TimeoutError:
        raise HashbedError(
            f"the service at {address} is not a Dask scheduler: it did not answer Dask's handshake within {timeout_s:g} s; "
            f"fix --scheduler / ${SCHEDULER_ENV}"
        ) from None
    except Exception as exc:  # MemoryError, CommClosedError, a garbled message: it speaks another protocol
        raise HashbedError(
            f"the service at {address} is not a Dask scheduler: it answered Dask's handshake with something else "
            f"({type(exc).__name__}); fix --scheduler / ${SCHEDULER_ENV}"
        ) from None
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind != "Scheduler":
        raise HashbedError(
            f"the service at {address} is not a Dask scheduler (it says it is a {kind or 'something else'}); "
            f"give the scheduler's address to --scheduler / ${SCHEDULER_ENV}"
        )


async def _identity(address: str) -> Any:
    """What the Dask service at ``address`` says it is (a scheduler says {"type": "Scheduler", ...})."""
    from distributed.comm.core import connect
    from distributed.security import Security

    comm = await connect(address, **Security().get_connection_args("client"))  # type: ignore[no-untyped-call]
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


Executor = LocalExecutor | DaskExecutor


def make_executor(workers: int | None, scheduler: str | None, no_workers_timeout_s: float = NO_WORKERS_TIMEOUT_S) -> Executor:
    """The executor of ``--jobs`` and ``--scheduler`` (or $HASHBED_SCHEDULER)."""
    if scheduler:
        return DaskExecutor(scheduler_address(scheduler), no_workers_timeout_s)
    if os.environ.get(SCHEDULER_ENV):
        return DaskExecutor(scheduler_address(os.environ[SCHEDULER_ENV], f"${SCHEDULER_ENV}"), no_workers_timeout_s)
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
