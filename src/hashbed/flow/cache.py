"""Where hashbed keeps what it builds once and reuses: ``$HASHBED_CACHE``, by default
``~/.cache/hashbed`` (simulators, the timing engine, GHDL's netlists, generated wrappers)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_root() -> Path:
    return Path(os.environ.get("HASHBED_CACHE", Path.home() / ".cache" / "hashbed"))


def write_atomically(path: Path, text: str) -> None:
    """``text`` into ``path`` through a temporary file beside it: of two processes that write one
    file at once, one wins whole, and a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as output:
            output.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
