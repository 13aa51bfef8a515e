"""Native code that hashbed compiles once into ``$HASHBED_CACHE``: the compiler, found or named
in a one-line error, and a build written beside its target and moved into place, so that two
processes building at once never see half a file. The fast timing engine
(``flow/timing/engine.py``) and the software side of the Zynq study
(``testbed/software.py``) build with it."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from hashbed.errors import HashbedError
from hashbed.flow import processes
from hashbed.flow.steps import step


def find_compiler(name: str, needed_by: str, otherwise: str = "") -> str:
    """The path of compiler ``name``; without it, an error naming ``needed_by``, the Debian
    package and ``otherwise`` (a way round, starting with '; ')."""
    compiler = shutil.which(name)
    if compiler is None:
        raise HashbedError(f"{needed_by} needs {name} (Debian: apt-get install {name}){otherwise}")
    return compiler


def compiler_version(compiler: str) -> str:
    """The first line of ``compiler --version``."""
    proc = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False)
    lines = proc.stdout.strip().splitlines()
    return lines[0] if lines else "unknown"


def build_once(target: Path, compiler: Callable[[], str], arguments: Callable[[str], list[str]], what: str) -> Path:
    """``target``, built now unless it exists by ``compiler()`` (which looks the compiler up, or
    raises) with ``arguments(output path)``; a failed build raises an error with the
    compiler's first error line."""
    if target.is_file():
        return target
    command = compiler()
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}-")
    os.close(handle)
    try:
        with step(f"compiling {what}"):
            proc = processes.run([command, *arguments(temporary)])
            if proc.returncode != 0:
                errors = (
                    [line for line in proc.stderr.splitlines() if "error" in line] or proc.stderr.splitlines() or ["no output"]
                )
                raise HashbedError(f"{Path(command).name} could not compile {what}: {errors[0].strip()}")
        os.replace(temporary, target)
    finally:
        Path(temporary).unlink(missing_ok=True)
    return target
