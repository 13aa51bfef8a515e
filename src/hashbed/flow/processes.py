"""Every external tool hashbed runs starts here, and dies with hashbed however hashbed ends.

Three layers, each for a way hashbed can end:

- A tool starts in a session and process group of its own (``start_new_session``), so its
  children (make and g++ under Verilator) are in its group. When hashbed stops waiting for
  it (a timeout, an exception, Ctrl-C), ``stop`` kills the whole group, not only the tool.
  Its own group also keeps the terminal's Ctrl-C from reaching it: hashbed decides.
- For an end that runs no Python code (SIGKILL, an out-of-memory kill), the first tool a
  process starts also starts a reaper: a small process (this module run as a script) in a
  session of its own that reads a pipe whose only write end hashbed holds (it is
  close-on-exec, so no tool inherits it). EOF on the pipe means hashbed is gone; the
  reaper then kills every process that carries hashbed's mark, with its process group. The
  mark is an environment variable (``HASHBED_OWNER``) set in every tool's environment:
  the tool's children inherit it, /proc shows it, and a tool is marked from the instant it
  exists, so there is no window between starting a tool and telling the reaper about it
  (as there would be with a list of process groups sent over the pipe).
- The workers of a process pool (``hashbed sweep pipeline``) are forked: they hold the
  pipe's write end too when the driver started a reaper before them, and otherwise start
  their own. ``die_with_parent``, the pools' initializer, has the kernel kill a worker when
  its parent dies (PR_SET_PDEATHSIG), so that the pipe closes and the workers' tools die
  with the driver.

What survives a kill of hashbed is what it wrote: the finished jobs in the store and the run
directories. ``run`` records in a tool's working directory which hashbed started it
(``OWNER_FILE``, removed when the tool has ended), so that ``hashbed progress`` can tell a
run whose hashbed is gone from a live one (``hashbed.flow.impl.progress``). Linux: the reaper and
the owner records read /proc.
"""

from __future__ import annotations

import ctypes
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

#: The environment variable that marks a tool, and its children, as started by one hashbed.
MARK = "HASHBED_OWNER"
#: The file in a tool's working directory that names the hashbed that started the tool.
OWNER_FILE = "owner.json"
PROC = Path("/proc")
#: How long the reaper goes on killing marked processes (a fork in progress makes another).
REAP_S = 10.0

_PR_SET_PDEATHSIG = 1

Stream = int | IO[Any] | None

#: This process's mark, the write end of its reaper's pipe and the reaper, once it runs (a forked
#: child inherits them: its tools carry its parent's mark, which the pipe end it holds covers).
_reaper: tuple[str, int, subprocess.Popen[bytes]] | None = None


def start_time(pid: int, proc: Path = PROC) -> int | None:
    """When process ``pid`` started (clock ticks since boot), None when it is gone or a zombie:
    with its pid, what tells a process from a later one that got the same pid."""
    try:
        fields = (proc / str(pid) / "stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return None if fields[0] in ("Z", "X") else int(fields[19])


@dataclass(frozen=True)
class Owner:
    """What OWNER_FILE says: the hashbed process that started a tool, and the tool."""

    hashbed_pid: int
    hashbed_started: int | None
    tool: str
    #: The tool's process, also its process group: ``kill -- -<tool_pid>`` stops the tool and its children.
    tool_pid: int
    tool_started: int | None

    @staticmethod
    def read(directory: Path) -> Owner | None:
        try:
            return Owner(**json.loads((directory / OWNER_FILE).read_text()))
        except (OSError, ValueError, TypeError):  # absent, or not a record
            return None

    def write(self, directory: Path) -> None:
        (directory / OWNER_FILE).write_text(json.dumps(asdict(self)))

    def hashbed_alive(self, proc: Path = PROC) -> bool:
        return self.hashbed_started is not None and start_time(self.hashbed_pid, proc) == self.hashbed_started

    def tool_alive(self, proc: Path = PROC) -> bool:
        return self.tool_started is not None and start_time(self.tool_pid, proc) == self.tool_started


def _mark() -> str:
    """This process's mark, starting its reaper the first time."""
    global _reaper
    if _reaper is None:
        mark = secrets.token_hex(8)
        read_end, write_end = os.pipe()  # both close-on-exec
        env = {name: value for name, value in os.environ.items() if name != MARK}  # an outer hashbed's reaper spares it
        reaper = subprocess.Popen(
            [sys.executable, "-m", "hashbed.flow.processes", mark],
            stdin=read_end,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )
        os.close(read_end)
        _reaper = mark, write_end, reaper
    return _reaper[0]


def start(
    command: Sequence[str],
    *,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: Stream = None,
    stdout: Stream = None,
    stderr: Stream = None,
) -> subprocess.Popen[str]:
    """Start a tool (text streams) in a process group of its own, marked for the reaper; ``stop`` ends it."""
    environment = dict(os.environ if env is None else env)
    environment[MARK] = _mark()
    return subprocess.Popen(
        list(command), cwd=cwd, env=environment, stdin=stdin, stdout=stdout, stderr=stderr, text=True, start_new_session=True
    )


def stop(process: subprocess.Popen[str]) -> None:
    """Kill the process group of a tool that has not been waited for, wait for it and close its pipes.
    (A tool that has been waited for no longer holds its group's number, which another could have taken.)"""
    if process.returncode is None:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def run(
    command: Sequence[str],
    *,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    log: IO[str] | None = None,
    record_in: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run a tool to its end, its output captured or, with ``log``, written there as it comes
    (stderr too). Past ``timeout`` seconds, or on any exception, its process group is killed
    (subprocess.TimeoutExpired is raised past the timeout). While the tool runs, OWNER_FILE in
    the directory ``record_in`` names this process and the tool."""
    stdout: Stream = subprocess.PIPE if log is None else log
    stderr: Stream = subprocess.PIPE if log is None else subprocess.STDOUT
    process = start(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr)
    watch = _PeakWatch(process.pid)
    try:
        if record_in is not None:
            Owner(os.getpid(), start_time(os.getpid()), Path(command[0]).name, process.pid, start_time(process.pid)).write(
                record_in
            )
        output, errors = process.communicate(timeout=timeout)
    finally:
        watch.stop()
        stop(process)
        if record_in is not None:
            (record_in / OWNER_FILE).unlink(missing_ok=True)
    return subprocess.CompletedProcess(list(command), process.returncode, output or "", errors or "")


#: The largest resident set of a tool run by this process since ``reset_peak`` (kB).
_peak_kb = 0


def reset_peak() -> None:
    global _peak_kb
    _peak_kb = 0


def peak_kb() -> int:
    """The largest resident set (kB) a tool run by this process reached since ``reset_peak``:
    what a job's tools need of a machine's memory."""
    return _peak_kb


class _PeakWatch:
    """Samples a running tool's high-water resident set (VmHWM in /proc) twice a second."""

    def __init__(self, pid: int) -> None:
        self._status = PROC / str(pid) / "status"
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        global _peak_kb
        with suppress(OSError, ValueError):
            for line in self._status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    _peak_kb = max(_peak_kb, int(line.split()[1]))

    def _watch(self) -> None:
        while not self._done.wait(0.5):
            self._sample()

    def stop(self) -> None:
        self._sample()  # the last reading before the tool is reaped
        self._done.set()
        self._thread.join()


def die_with_parent(parent: int) -> None:
    """A process pool's initializer: the worker gets SIGKILL when its parent ``parent`` ends
    (Linux; more exactly, when the parent's thread that forked it ends)."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before the request
        os._exit(1)


def _marked(mark: str) -> list[int]:
    """The live processes whose environment carries ``mark``."""
    entry = f"{MARK}={mark}".encode()
    pids = []
    for process in PROC.iterdir():
        if process.name.isdigit():
            try:
                if entry in (process / "environ").read_bytes().split(b"\0"):
                    pids.append(int(process.name))
            except OSError:  # gone, or another user's
                continue
    return pids


def reap(mark: str) -> None:
    """The reaper: wait for EOF on stdin, then kill the processes marked ``mark`` and their groups."""
    sys.stdin.buffer.read()
    deadline = time.monotonic() + REAP_S
    while (pids := _marked(mark)) and time.monotonic() < deadline:
        for pid in pids:
            with suppress(OSError):  # ended meanwhile
                group = os.getpgid(pid)
                if group != os.getpgrp():
                    os.killpg(group, signal.SIGKILL)
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.05)


if __name__ == "__main__":
    reap(sys.argv[1])
