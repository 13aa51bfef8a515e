"""The project's published results: the finished jobs behind its report and what their runs cost,
in the checkout's ``published/`` folder (``make publish`` writes them; a wheel carries none)."""

from __future__ import annotations

from pathlib import Path

from hashbed.catalogue.manifest import rtl_root


def published_folder() -> Path:
    """``published/`` beside the built-in ``rtl/`` of a checkout."""
    return rtl_root().parent / "published"


def published_jobs_file() -> Path:
    """The published jobs, one JSON job per line (an export of the store, docs/store.md)."""
    return published_folder() / "jobs.jsonl"


def published_costs_file() -> Path:
    """What each published job's runs took (wall and CPU time, memory), one JSON line per run."""
    return published_folder() / "costs.jsonl"
