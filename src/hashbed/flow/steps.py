"""The steps of the flow that take a while (a Verilator build, GHDL, synthesis, place and route,
a compiler), told to whoever listens: the command line shows a spinner on a terminal and a line in
a log (hashbed.console.printing.show_step). Nothing listens in a worker process: there the progress of
its jobs is what the command shows."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

Listener = Callable[[str], AbstractContextManager[None]]
_listener: Listener | None = None


def listen(listener: Listener | None) -> None:
    """Show each step with ``listener`` (a context manager around the step), or nothing with None."""
    global _listener
    _listener = listener


@contextmanager
def step(what: str) -> Iterator[None]:
    """A step of the flow, ``what`` in words (e.g. "sha1: Verilator build")."""
    if _listener is None:
        yield
        return
    with _listener(what):
        yield
