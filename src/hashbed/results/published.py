"""The project's published results: the finished jobs behind its report and what their runs cost,
in the checkout's ``published/`` folder (``make publish`` writes them; a wheel carries none); and
the reading view that shows them beside the user's own results without an import."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.manifest import rtl_root
from hashbed.errors import HashbedError
from hashbed.flow.cache import cache_root
from hashbed.results.store import ResultStore


def published_folder() -> Path:
    """``published/`` beside the built-in ``rtl/`` of a checkout."""
    return rtl_root().parent / "published"


def published_jobs_file() -> Path:
    """The published jobs, one JSON job per line (an export of the store, docs/store.md)."""
    return published_folder() / "jobs.jsonl"


def published_costs_file() -> Path:
    """What each published job's runs took (wall and CPU time, memory), one JSON line per run."""
    return published_folder() / "costs.jsonl"


@dataclass(frozen=True)
class ReadingView:
    """A store to read from: the user's store with the published jobs it lacks, and the keys of
    those (the rows a table marks as published, not run here)."""

    path: Path
    published_only: frozenset[str]


def reading_view(db: Path, published: Path) -> ReadingView:
    """The jobs of ``db`` (when it is there) and of the export ``published``, in one store kept in
    hashbed's cache and made again when either changes: a copy of ``db`` into which ``published``
    is imported, so that a key in both is the user's result (an import keeps the better result,
    the store's when equal). Never writes ``db`` nor ``published``."""
    try:
        status = published.stat()
    except OSError as exc:
        raise HashbedError(f"cannot read the published results {published}: {exc.strerror} (pass --published none)") from None
    stamp: list[object] = [status.st_mtime_ns, status.st_size]
    own: frozenset[str] = frozenset()
    if db.is_file():
        stamp += [_stat(path) for path in (db, db.with_name(db.name + "-wal"))]
        with ResultStore(db, create=False) as store:
            own = store.keys(ok=True)
    # one view per store and export: a new one replaces the last, so the cache keeps no stale copies
    pair = fingerprint(repr((db.resolve(), published.resolve())))
    view = cache_root() / "views" / f"{pair}-{fingerprint(repr(stamp))}.db"
    if not view.is_file():
        view.parent.mkdir(parents=True, exist_ok=True)
        partial = view.with_name(f".{view.name}.{os.getpid()}")
        if db.is_file():  # a copy of the store as it is (SQLite's backup: consistent while others write)
            with contextlib.closing(sqlite3.connect(db)) as source, contextlib.closing(sqlite3.connect(partial)) as copy:
                source.backup(copy)
        with ResultStore(partial) as store:
            store.import_from(published)
        os.replace(partial, view)
        for old in view.parent.glob(f"{pair}-*.db*"):
            if old.name != view.name:
                old.unlink(missing_ok=True)
    with ResultStore(view, create=False) as store:
        return ReadingView(view, store.keys() - own)


def _stat(path: Path) -> tuple[int, int]:
    try:
        status = path.stat()
    except FileNotFoundError:
        return (0, 0)
    return (status.st_mtime_ns, status.st_size)
