"""The core catalogue: one folder per design under ``rtl/cores``, one manifest per core.

A folder's ``core.toml`` is the core named after the folder; any other ``<variant>.toml``
there is the core ``<folder>-<variant>`` (e.g. ``blake256/round2.toml`` is ``blake256-round2``),
so the versions of one design share its Verilog. See docs/adding-a-core.md for the fields.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import PlainValidator, field_validator

from hashbed.catalogue.algorithms import HashAlgorithm, get_algorithm
from hashbed.catalogue.budget import Budget
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.interface import BUS_WIDTHS
from hashbed.catalogue.manifest import DesignManifest, ManifestError, Table, read_manifest, rtl_root
from hashbed.catalogue.options import OPTIONS
from hashbed.errors import HashbedError

MANIFEST = "core.toml"
#: Device and seed on which the throughput-per-area targets of the manifests are defined.
TARGET_DEVICE = "ecp5-85k"
TARGET_SEED = 1


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
    #: nextpnr's placer for this core (None: nextpnr's default, heap); see Implementation.
    placer: str | None = None
    #: The levels an exploration may give each option it names (hashbed.catalogue.options);
    #: one level pins the option. Options not named keep all their levels.
    explore: dict[str, tuple[str, ...]] = field(default_factory=dict)

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
            "explore": {name: list(levels) for name, levels in self.explore.items()},
            "description": self.description,
        }


def _formula(value: object) -> CycleFormula:
    if not isinstance(value, str):
        raise ValueError(f"must be a formula in a string, such as '3 + 17 + 24*N + 4', got {value!r}")
    return CycleFormula.parse(value)


def _positive(value: object) -> float:
    """A positive number as the manifest writes it: an integer stays one."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ValueError(f"must be a positive number, got {value!r}")
    return value


Formula = Annotated[CycleFormula, PlainValidator(_formula)]


class Target(Table):
    """What the core must reach: a throughput per LUT4 on TARGET_DEVICE, and the study's formula
    (its cycles per block no worse)."""

    kbps_per_lut4: Annotated[float, PlainValidator(_positive)] | None = None
    cycles: Formula | None = None


class Implementation(Table):
    """A deviation from the common flow: nextpnr's placer (None: its default, heap); and the
    levels of the tool options an exploration may try (``hashbed explore``)."""

    placer: Literal["heap", "sa", "static"] | None = None
    explore: dict[str, list[str]] = {}

    @field_validator("explore")
    @classmethod
    def _explore(cls, explore: dict[str, list[str]]) -> dict[str, list[str]]:
        for name, levels in explore.items():
            option = OPTIONS.get(name)
            if option is None:
                raise ValueError(f"unknown option {name!r} (one of: {', '.join(OPTIONS)})")
            known = {level for family_levels in option.levels.values() for level in family_levels}
            unknown = [level for level in levels if level not in known]
            if not levels or unknown:
                raise ValueError(f"option {name}: give one or more of its levels ({', '.join(sorted(known))}), got {levels!r}")
        return explore


class CoreManifest(DesignManifest):
    """A ``core.toml`` (docs/adding-a-core.md)."""

    architecture: Literal["basic-iterative", "lightweight-logic", "lightweight-bram", "pipelined-base", "pipelined-opt"]
    bus_width: int
    cycles: Formula
    parameters: dict[str, int] = {}
    byte_aligned_only: bool = False
    target: Target = Target()
    budget: Budget | None = None
    implementation: Implementation = Implementation()

    @field_validator("bus_width")
    @classmethod
    def _bus_width(cls, width: int) -> int:
        if width not in BUS_WIDTHS:
            raise ValueError(f"must be one of {', '.join(map(str, BUS_WIDTHS))}, got {width}")
        return width


def load_manifest(path: Path) -> Core:
    """Read and check one ``core.toml``; every problem names the file, the field and the fix."""
    manifest = read_manifest(CoreManifest, path)
    return Core(
        name=core_name(path),
        manifest=path,
        top=manifest.top,
        sources=manifest.sources(path),
        algorithm_name=manifest.algorithm,
        version=manifest.version,
        architecture=manifest.architecture,
        bus_width=manifest.bus_width,
        cycles=manifest.cycles,
        parameters=dict(manifest.parameters),
        description=manifest.description,
        byte_aligned_only=manifest.byte_aligned_only,
        target_kbps_per_lut4=manifest.target.kbps_per_lut4,
        target_cycles=manifest.target.cycles,
        budget=manifest.budget,
        placer=manifest.implementation.placer,
        explore={name: tuple(levels) for name, levels in manifest.implementation.explore.items()},
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
            raise ManifestError(
                f"{manifests[name]} and {path} both declare core {name!r}: "
                "rename one (a core is named after its folder, plus '-<file>' for a <file>.toml other than core.toml)"
            )
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
