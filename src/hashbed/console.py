"""Where the command line prints: tables on stdout, notes and errors on stderr."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console

# Tables keep their full width when the output goes to a file or a CI log.
_WIDTH = None if sys.stdout.isatty() else 200
out = Console(highlight=False, soft_wrap=True, width=_WIDTH)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def emit_json(data: Any) -> None:
    print(json.dumps(data, indent=2))
