"""Where hashbed keeps what it builds once and reuses: ``$HASHBED_CACHE``, by default
``~/.cache/hashbed`` (simulators, the timing engine, GHDL's netlists, generated wrappers)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    return Path(os.environ.get("HASHBED_CACHE", Path.home() / ".cache" / "hashbed"))
