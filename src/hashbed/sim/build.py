"""Compile a core and the harness into one simulator executable with Verilator.

Builds are cached under ``$HASHBED_CACHE`` (default ``~/.cache/hashbed``), keyed by
the hash of everything that goes into them, so a core is compiled once per change.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hashbed.cores import Core
from hashbed.errors import CoreFailure
from hashbed.tools import verilator_command, verilator_version

HARNESS = Path(__file__).with_name("harness.cpp")
EXECUTABLE = "harness"
_CXXFLAGS = "-O2 -std=c++20 -DVL_TIME_CONTEXT"


def cache_root() -> Path:
    return Path(os.environ.get("HASHBED_CACHE", Path.home() / ".cache" / "hashbed"))


def simulator_fingerprint(core: Core) -> str:
    """Hash of the core, the harness and the Verilator build: the simulator's identity."""
    return hashlib.sha256(
        "\0".join((core.fingerprint(), verilator_version(), _CXXFLAGS)).encode() + HARNESS.read_bytes()
    ).hexdigest()[:16]


def build_simulator(core: Core) -> Path:
    """Path of the harness executable for ``core`` (built now if not cached)."""
    target = cache_root() / "sim" / f"{core.name}-{simulator_fingerprint(core)}"
    executable = target / EXECUTABLE
    if executable.is_file():
        return executable
    target.parent.mkdir(parents=True, exist_ok=True)
    command, env = verilator_command()
    work = tempfile.mkdtemp(dir=target.parent, prefix=f".{core.name}-")
    try:
        args = [
            *command, "--cc", "--exe", "--build", "-O3",
            "--x-assign", "fast", "--x-initial", "fast", "--noassert",
            "-Wno-fatal", "-Wno-lint", "-Wno-style",
            "--prefix", "Vcore", "--top-module", core.top,
            "--Mdir", work, "-o", EXECUTABLE, "-j", str(os.cpu_count() or 1),
            "-CFLAGS", _CXXFLAGS,
            *(f"-G{name}={value}" for name, value in core.parameters.items()),
            *(str(source) for source in core.sources), str(HARNESS),
        ]  # fmt: skip
        result = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
        if result.returncode != 0:
            output = (result.stderr + result.stdout).splitlines()
            errors = [line.strip() for line in output if "%Error" in line or "error:" in line]
            raise CoreFailure(f"verilator could not build core {core.name}: {(errors or output or ['no output'])[0]}")
        try:
            os.replace(work, target)  # atomic: of two concurrent builds of one key, one wins whole
        except OSError:
            if not executable.is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return executable
