"""Strict lint of a core with Verilator (``-Wall``): every warning is a finding."""

from __future__ import annotations

import subprocess

from hashbed.cores import Core
from hashbed.tools import verilator_command


def lint(core: Core) -> list[str]:
    """Verilator's warnings and errors for ``core``, one line each; empty when clean."""
    command, env = verilator_command()
    args = [
        *command, "--lint-only", "-Wall", "--top-module", core.top,
        *(f"-G{name}={value}" for name, value in core.parameters.items()),
        *(str(source) for source in core.sources),
    ]  # fmt: skip
    proc = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    return [line.strip() for line in proc.stderr.splitlines() if line.startswith(("%Warning", "%Error:")) and "Exiting due to" not in line]
