"""The core catalogue: one folder per design under ``rtl/cores``, one manifest per core.

A folder's ``core.toml`` is the core named after the folder; any other ``<variant>.toml``
there is the core ``<folder>-<variant>`` (e.g. ``blake256/round2.toml`` is ``blake256-round2``),
so the versions of one design share its Verilog. See docs/adding-a-core.md for the fields.
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hashbed.catalogue.algorithms import HashAlgorithm, get_algorithm
from hashbed.catalogue.budget import Budget
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.catalogue.interface import BUS_WIDTHS

ARCHITECTURES = (
    "basic-iterative",
    "lightweight-logic",
    "lightweight-bram",
    "pipelined-base",
    "pipelined-opt",
)
MANIFEST = "core.toml"
#: Device and seed on which the throughput-per-area targets of the manifests are defined.
TARGET_DEVICE = "ecp5-85k"
TARGET_SEED = 1


def rtl_root() -> Path:
    """The ``rtl`` folder: ``$HASHBED_RTL``, else the one of this source tree."""
    override = os.environ.get("HASHBED_RTL")
    return Path(override) if override else Path(__file__).resolve().parents[3] / "rtl"


class ManifestError(HashbedError):
    """A core manifest that is missing a field or has a wrong one."""


@dataclass(frozen=True)
class Core:
    name: str
    #: The core.toml (or <variant>.toml) it was read from.
    manifest: Path
    top: str
    #: Verilog sources, absolute paths, in compile order.
    sources: tuple[Path, ...]
    algorithm_name: str
    version: str
    architecture: str
    bus_width: int
    cycles: CycleFormula
    parameters: dict[str, int] = field(default_factory=dict)
    description: str = ""
    #: The core takes whole bytes only: verification skips messages of other bit lengths.
    byte_aligned_only: bool = False
    #: Throughput-per-area goal on ecp5-85k, kbit/s per LUT4 (None when the core has none).
    target_kbps_per_lut4: float | None = None
    #: The cycle formula of the study's design that this core must match or beat (None: none).
    target_cycles: CycleFormula | None = None
    #: The area budget of a lightweight core on ECP5 (None: none).
    budget: Budget | None = None
    #: nextpnr's placer for this core (None: nextpnr's default, heap); see PLACERS.
    placer: str | None = None

    @property
    def algorithm(self) -> HashAlgorithm:
        return get_algorithm(self.algorithm_name, self.version)

    def fingerprint(self) -> str:
        """Hash of everything that defines the hardware: top, parameters, source contents."""
        try:
            return fingerprint(f"{self.top}\0{sorted(self.parameters.items())!r}\0", self.sources)
        except OSError as exc:
            raise HashbedError(
                f"core {self.name}: cannot read its source {exc.filename} ({exc.strerror}); restore it, or fix the manifest"
            ) from exc

    def summary(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "algorithm": self.algorithm_name,
            "version": self.version,
            "architecture": self.architecture,
            "bus_width": self.bus_width,
            "top": self.top,
            "cycles": str(self.cycles),
            "parameters": self.parameters,
            "byte_aligned_only": self.byte_aligned_only,
            "target_kbps_per_lut4": self.target_kbps_per_lut4,
            "target_cycles": str(self.target_cycles) if self.target_cycles else None,
            "budget": self.budget.as_dict() if self.budget else None,
            "placer": self.placer,
            "description": self.description,
        }


_REQUIRED = {
    "top": str,
    "files": list,
    "algorithm": str,
    "version": str,
    "architecture": str,
    "bus_width": int,
    "cycles": str,
}
_OPTIONAL = {
    "lib": list, "parameters": dict, "description": str, "byte_aligned_only": bool, "target": dict, "budget": dict,
    "implementation": dict,
}  # fmt: skip
#: nextpnr's placers, for a manifest's [implementation] placer.
PLACERS = ("heap", "sa", "static")


def read_toml(path: Path) -> dict[str, Any]:
    """A manifest's TOML; a file that cannot be read or parsed is a ManifestError naming it."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ManifestError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise ManifestError(f"{path}: not UTF-8 text (byte {exc.start}), as TOML must be; save it in UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise ManifestError(f"{path}: not valid TOML: {exc}") from None


def manifest_sources(path: Path, data: dict[str, Any]) -> list[Path]:
    """The Verilog of a manifest: its ``files`` (in its folder), then its ``lib`` files (rtl/lib)."""
    sources = []
    for field_name, folder in (("files", path.parent), ("lib", rtl_root() / "lib")):
        for name in data.get(field_name, []):
            if not isinstance(name, str):
                raise ManifestError(f"{path}: '{field_name}' must list file names, got {name!r}")
            if not (folder / name).is_file():
                raise ManifestError(f"{path}: source file {str(folder / name)!r} does not exist (fix '{field_name}')")
            sources.append(folder / name)
    return sources


def load_manifest(path: Path) -> Core:
    """Read and check one ``core.toml``; every problem names the file and the fix."""
    where = str(path)
    data = read_toml(path)

    for key in data:
        if key not in _REQUIRED and key not in _OPTIONAL:
            known = ", ".join([*_REQUIRED, *_OPTIONAL])
            raise ManifestError(f"{where}: unknown field {key!r} (fields: {known})")
    for key, kind in {**_REQUIRED, **_OPTIONAL}.items():
        if key in data and not isinstance(data[key], kind):
            raise ManifestError(f"{where}: field {key!r} must be a {kind.__name__}, got {data[key]!r}")
    for key in _REQUIRED:
        if key not in data:
            raise ManifestError(f"{where}: missing field {key!r}")

    sources = manifest_sources(path, data)
    if data["architecture"] not in ARCHITECTURES:
        raise ManifestError(
            f"{where}: architecture {data['architecture']!r} is not one of {', '.join(ARCHITECTURES)}"
        )
    if data["bus_width"] not in BUS_WIDTHS:
        raise ManifestError(f"{where}: bus_width must be one of {BUS_WIDTHS}, got {data['bus_width']}")
    try:
        cycles = CycleFormula.parse(data["cycles"])
    except ValueError as exc:
        raise ManifestError(f"{where}: {exc}") from None
    parameters = data.get("parameters", {})
    for name, value in parameters.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise ManifestError(f"{where}: parameter {name!r} must be an integer, got {value!r}")
    target = data.get("target", {})
    unknown_target = set(target) - {"kbps_per_lut4", "cycles"}
    if unknown_target:
        raise ManifestError(
            f"{where}: unknown field(s) in [target]: {', '.join(map(repr, sorted(unknown_target)))} (known: kbps_per_lut4, cycles)"
        )
    kbps = target.get("kbps_per_lut4")
    if kbps is not None and (not isinstance(kbps, (int, float)) or isinstance(kbps, bool) or not 0 < kbps < math.inf):
        raise ManifestError(f"{where}: [target] kbps_per_lut4 must be a positive number, got {kbps!r}")
    target_cycles = None
    if "cycles" in target:
        try:
            target_cycles = CycleFormula.parse(str(target["cycles"]))
        except ValueError as exc:
            raise ManifestError(f"{where}: [target] {exc}") from None
    try:
        budget = Budget.parse(data["budget"], where) if "budget" in data else None
    except ValueError as exc:
        raise ManifestError(str(exc)) from None
    implementation = data.get("implementation", {})
    unknown_implementation = set(implementation) - {"placer"}
    if unknown_implementation:
        raise ManifestError(f"{where}: unknown field(s) in [implementation]: "
                            f"{', '.join(map(repr, sorted(unknown_implementation)))} (known: placer)")  # fmt: skip
    placer = implementation.get("placer")
    if placer is not None and placer not in PLACERS:
        raise ManifestError(f"{where}: [implementation] placer must be one of {', '.join(PLACERS)}, got {placer!r}")
    try:
        get_algorithm(data["algorithm"], data["version"])
    except HashbedError as exc:
        raise ManifestError(f"{where}: {exc}") from None

    return Core(
        name=core_name(path),
        manifest=path,
        top=data["top"],
        sources=tuple(sources),
        algorithm_name=data["algorithm"],
        version=data["version"],
        architecture=data["architecture"],
        bus_width=data["bus_width"],
        cycles=cycles,
        parameters=dict(parameters),
        description=data.get("description", ""),
        byte_aligned_only=data.get("byte_aligned_only", False),
        target_kbps_per_lut4=kbps,
        target_cycles=target_cycles,
        budget=budget,
        placer=placer,
    )


def core_name(manifest: Path) -> str:
    """``<folder>`` for a ``core.toml``, ``<folder>-<variant>`` for a ``<variant>.toml``."""
    folder = manifest.parent.name
    return folder if manifest.name == MANIFEST else f"{folder}-{manifest.stem}"


def _manifests() -> dict[str, Path]:
    """Each core's manifest by core name; two manifests that give one name are refused."""
    manifests: dict[str, Path] = {}
    for path in sorted((rtl_root() / "cores").glob("*/*.toml")):
        name = core_name(path)
        if name in manifests:
            raise ManifestError(f"{manifests[name]} and {path} both declare core {name!r}: "
                                "rename one (a core is named after its folder, plus '-<file>' for a <file>.toml other than core.toml)")  # fmt: skip
        manifests[name] = path
    return manifests


def core_names() -> list[str]:
    return sorted(_manifests())


def load_core(name: str) -> Core:
    manifests = _manifests()
    if name not in manifests:
        raise HashbedError(f"unknown core {name!r}; known cores: {', '.join(sorted(manifests)) or 'none'} (see 'hashbed cores')")
    return load_manifest(manifests[name])


def all_cores() -> list[Core]:
    return [load_core(name) for name in core_names()]
