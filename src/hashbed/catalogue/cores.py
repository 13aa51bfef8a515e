"""The core catalogue: core libraries of one folder per design, one manifest per core.

The built-in library is ``rtl/cores`` (package data: an installed wheel has it); a user adds
libraries of the same layout from anywhere with ``hashbed --cores DIR`` or ``$HASHBED_CORES``
(a path list). A folder's ``core.toml`` is the core named after the folder; any other
``<variant>.toml`` there is the core ``<folder>-<variant>`` (e.g. ``blake256/round2.toml`` is
``blake256-round2``), so the versions of one design share its sources. A broken manifest breaks
only its own core. See docs/adding-a-core.md for the fields.
"""

from __future__ import annotations

import functools
import importlib.util
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Self, TypeVar, cast, get_args

from pydantic import PlainValidator, ValidationInfo, field_validator, model_validator

from hashbed.catalogue.algorithms import ALGORITHMS, HashAlgorithm, get_algorithm
from hashbed.catalogue.algorithms.lwc import LwcSuite, get_lwc_suite
from hashbed.catalogue.budget import Budget
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.interfaces import INTERFACES, HashInterface, Interface, LwcInterface
from hashbed.catalogue.interfaces.lwc import Lwc
from hashbed.catalogue.manifest import DesignManifest, Formula, ManifestError, Table, read_manifest, read_toml, rtl_root
from hashbed.catalogue.options import OPTIONS
from hashbed.errors import HashbedError

MANIFEST = "core.toml"
#: The environment variable of the core libraries beside the built-in one (a path list).
CORES_ENV = "HASHBED_CORES"
#: The suffixes of VHDL sources (turned into Verilog by GHDL before any tool sees them).
VHDL_SUFFIXES = (".vhd", ".vhdl")
#: Device and seed on which the throughput-per-area targets of the manifests are defined.
TARGET_DEVICE = "ecp5-85k"
TARGET_SEED = 1

K = TypeVar("K", bound=Interface)


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
    #: Its interface, with the options its manifest gives (hashbed.catalogue.interfaces).
    io: Interface
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
    #: A Python model of the core's algorithm beside the manifest (``model``), for an algorithm
    #: hashbed has none of.
    model_file: Path | None = None
    #: Known-answer files beside the manifest (``vectors``), checked by ``hashbed verify``.
    vectors: tuple[Path, ...] = ()

    @property
    def interface(self) -> str:
        """The manifest's ``interface``: "hash" (docs/interface.md) or "lwc" (its LWC section)."""
        return self.io.name

    @property
    def algorithm(self) -> HashAlgorithm:
        if not isinstance(self.io, HashInterface):
            raise HashbedError(
                f"core {self.name} has the {self.interface} interface and computes the {self.algorithm_name} suite, "
                "not one hash: use its suite (Core.suite)"
            )
        if self.model_file is not None:
            return user_model(self.model_file, self.algorithm_name, self.version)
        try:
            return get_algorithm(self.algorithm_name, self.version)
        except HashbedError:
            raise HashbedError(
                f"core {self.name}: hashbed has no model of {self.algorithm_name} {self.version}; verify it against "
                f"vector files (its manifest's 'vectors', or --kat FILE), or give it a model ('model = \"file.py\"' "
                "in its manifest, docs/adding-a-core.md)"
            ) from None

    @property
    def has_model(self) -> bool:
        """Whether hashbed can hash for this core: a built-in model, or the manifest's ``model``."""
        if not isinstance(self.io, HashInterface):
            return True  # an LWC core's suite is hashbed's (Core.suite)
        return self.model_file is not None or f"{self.algorithm_name}/{self.version}" in ALGORITHMS

    @property
    def is_vhdl(self) -> bool:
        """The core's own sources are VHDL (GHDL turns them into one Verilog netlist)."""
        return any(source.suffix.lower() in VHDL_SUFFIXES for source in self.sources)

    def _io_of(self, kind: type[K], what: str) -> K:
        """The core's interface, which must be of ``kind`` (else an error saying ``what`` the core lacks)."""
        if not isinstance(self.io, kind):
            raise HashbedError(f"core {self.name} has the {self.interface} interface: it has no {what}")
        return self.io

    @property
    def hash_interface(self) -> HashInterface:
        """The core's hash interface, with its conventions."""
        return self._io_of(HashInterface, "hash interface (Core.io)")

    @property
    def lwc_interface(self) -> LwcInterface:
        """The core's LWC interface, with its sdi width, longest decryption and formulas."""
        return self._io_of(LwcInterface, "LWC interface (Core.io)")

    @property
    def suite(self) -> LwcSuite:
        """The algorithms of an LWC core."""
        self._io_of(LwcInterface, "LWC suite (Core.algorithm)")
        return get_lwc_suite(self.algorithm_name, self.version)

    @property
    def sdi_bus_width(self) -> int:
        """The width of an LWC core's sdi port: the manifest's ``[lwc] sdi_width``, else its bus width."""
        return self._io_of(LwcInterface, "sdi port").sdi_width

    def operation_cycles(self) -> dict[str, CycleFormula]:
        """Each operation's formula: ``cycles`` under its operation's name, then the others."""
        return self.io.operation_cycles(self.cycles)

    def fingerprint(self) -> str:
        """Hash of everything that defines the hardware: top, parameters, the options of its
        interface that are part of it (the flags' polarity when it is not the interface's own; only
        then: the other cores keep their keys), source contents."""
        options = self.io.hardware_options()
        try:
            return fingerprint(f"{self.top}\0{sorted(self.parameters.items())!r}\0{options}", self.sources)
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
            "interface": self.interface,
            **self.io.summary(),
            "language": "vhdl" if self.is_vhdl else "verilog",
            "model": str(self.model_file) if self.model_file else ("built-in" if self.has_model else None),
            "vectors": [str(path) for path in self.vectors],
            "manifest": str(self.manifest),
        }


def _positive(value: object) -> float:
    """A positive number as the manifest writes it: an integer stays one."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ValueError(f"must be a positive number, got {value!r}")
    return value


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


#: A core's architecture (docs/adding-a-core.md).
Architecture = Literal["basic-iterative", "lightweight-logic", "lightweight-bram", "pipelined-base", "pipelined-opt"]
ARCHITECTURES: tuple[str, ...] = get_args(Architecture)


class CoreManifest(DesignManifest):
    """A ``core.toml`` (docs/adding-a-core.md)."""

    interface: Literal["hash", "lwc"] = "hash"
    #: GMU's flags: ``active-low`` src_ready/dst_ready (the FIFOs' empty and full flags).
    ready: Literal["active-high", "active-low"] = "active-high"
    #: Who pads the message: the host (the hashbed default) or the core (GMU's round-3 cores).
    padding: Literal["host", "core"] = "host"
    #: The segment headers: the interface's (bit w-1 LAST, message bits), GMU's round-2
    #: packages' (padded bits, bit 0 LAST, then the message bits of the last segment), or the
    #: command word of GMU's SHA-3 core (mode, output bits, message bits; one per message).
    header: Literal["hashbed", "gmu-round2", "gmu-sha3"] = "hashbed"
    #: A Python file beside the manifest with the model of the core's algorithm (``MODEL``).
    model: str | None = None
    #: Known-answer files beside the manifest: NIST KAT or GMU datain files.
    vectors: list[str] = []
    lwc: Lwc | None = None
    architecture: Architecture
    bus_width: int
    cycles: Formula
    parameters: dict[str, int] = {}
    byte_aligned_only: bool = False
    target: Target = Target()
    budget: Budget | None = None
    implementation: Implementation = Implementation()

    @field_validator("bus_width")
    @classmethod
    def _bus_width(cls, width: int, info: ValidationInfo) -> int:
        INTERFACES[info.data.get("interface", "hash")].check_width(width)  # validated before: declared above
        return width

    @field_validator("model", "vectors")
    @classmethod
    def _beside_manifest(cls, value: str | list[str] | None, info: ValidationInfo) -> str | list[str] | None:
        folder = cast(Path, info.context).parent  # read_manifest's path
        for name in [value] if isinstance(value, str) else value or []:
            if not (folder / name).is_file():
                raise ValueError(f"{str(folder / name)!r} does not exist: add the file, or fix the name")
        return value

    @model_validator(mode="after")
    def _interface_fields(self) -> Self:
        INTERFACES[self.interface].check_manifest(self)
        return self

    @model_validator(mode="after")
    def _one_language(self) -> Self:
        vhdl = [name for name in self.files if Path(name).suffix.lower() in VHDL_SUFFIXES]
        if vhdl and (len(vhdl) != len(self.files) or self.lib):
            raise ValueError(
                "files: a core is all VHDL or all Verilog (GHDL turns VHDL into one netlist): "
                "keep one language, and no 'lib' beside VHDL"
            )
        return self


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
        io=INTERFACES[manifest.interface].from_manifest(manifest),
        parameters=dict(manifest.parameters),
        description=manifest.description,
        byte_aligned_only=manifest.byte_aligned_only,
        target_kbps_per_lut4=manifest.target.kbps_per_lut4,
        target_cycles=manifest.target.cycles,
        budget=manifest.budget,
        placer=manifest.implementation.placer,
        explore={name: tuple(levels) for name, levels in manifest.implementation.explore.items()},
        model_file=path.parent / manifest.model if manifest.model else None,
        vectors=tuple(path.parent / name for name in manifest.vectors),
    )


def core_name(manifest: Path) -> str:
    """``<folder>`` for a ``core.toml``, ``<folder>-<variant>`` for a ``<variant>.toml``."""
    folder = manifest.parent.name
    return folder if manifest.name == MANIFEST else f"{folder}-{manifest.stem}"


def core_libraries() -> list[Path]:
    """The core libraries: the built-in one, then every folder of ``$HASHBED_CORES`` (which
    ``hashbed --cores DIR`` extends); a folder that is not there is an error naming it."""
    libraries = [rtl_root() / "cores"]
    for entry in os.environ.get(CORES_ENV, "").split(os.pathsep):
        if not entry:
            continue
        folder = Path(entry).expanduser().resolve()
        if not folder.is_dir():
            raise HashbedError(
                f"core library {entry} is not a folder: give --cores (or {CORES_ENV}) a folder of core folders (<name>/core.toml)"
            )
        if folder not in libraries:
            libraries.append(folder)
    return libraries


def _manifests() -> dict[str, Path]:
    """Each core's manifest by core name, over every library; two manifests that give one name
    are refused, naming both."""
    manifests: dict[str, Path] = {}
    for library in core_libraries():
        for path in sorted(library.glob("*/*.toml")):
            name = core_name(path)
            if name in manifests:
                raise ManifestError(
                    f"{manifests[name]} and {path} both declare core {name!r}: rename one (a core is named after its "
                    "folder, plus '-<file>' for a <file>.toml other than core.toml)"
                )
            manifests[name] = path
    return manifests


def core_names(interface: str | None = "hash") -> list[str]:
    """The cores of ``interface`` ("hash": the studies' cores; None: every core, a broken one too)."""
    if interface is None:
        return sorted(_manifests())
    return [name for name, path in sorted(_manifests().items()) if _interface(path) == interface]


def _interface(manifest: Path) -> str | None:
    """A manifest's interface, read without checking the rest (load_core checks it); None for a
    manifest that is not readable TOML."""
    try:
        value = read_toml(manifest).get("interface", "hash")
    except ManifestError:
        return None
    return value if isinstance(value, str) else "hash"


def load_core(name: str) -> Core:
    manifests = _manifests()
    if name not in manifests:
        known = ", ".join(sorted(manifests)) or "none"
        raise HashbedError(
            f"unknown core {name!r}; known cores: {known} (see 'hashbed cores'; add a folder of cores with --cores)"
        )
    return load_manifest(manifests[name])


def catalogue() -> list[tuple[str, Core | ManifestError]]:
    """Every core by name with its manifest read, or the error that breaks it (that core alone);
    a catalogue without a single manifest is an error that says where it looked."""
    manifests = _manifests()
    if not manifests:
        where = ", ".join(str(library) for library in core_libraries())
        raise HashbedError(f"no core manifests (<name>/core.toml) in {where}: reinstall hashbed, or fix --cores")
    entries: list[tuple[str, Core | ManifestError]] = []
    for name, path in sorted(manifests.items()):
        try:
            entries.append((name, load_manifest(path)))
        except ManifestError as error:
            entries.append((name, error))
    return entries


def all_cores(interface: str | None = "hash") -> list[Core]:
    """Every core of ``interface`` ("hash": the studies' cores; None: every core) whose manifest
    reads (``catalogue`` lists the broken ones with their errors)."""
    cores = []
    for name in core_names(interface):
        try:
            cores.append(load_core(name))
        except ManifestError:
            continue
    return cores


@functools.cache
def user_model(path: Path, name: str, version: str) -> HashAlgorithm:
    """The ``MODEL`` of a user's model file: a HashAlgorithm of ``name`` and ``version``."""
    spec = importlib.util.spec_from_file_location(f"hashbed_model_{abs(hash(path))}", path)
    if spec is None or spec.loader is None:
        raise HashbedError(f"{path}: not a Python file: a core's model is a .py file that defines MODEL")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the user's code: any error it raises is theirs to fix
        raise HashbedError(f"{path}: the model does not load ({type(exc).__name__}: {exc}); fix the file") from None
    model = getattr(module, "MODEL", None)
    if not isinstance(model, HashAlgorithm):
        raise HashbedError(f"{path}: defines no MODEL (an instance of hashbed.catalogue.algorithms.HashAlgorithm); add it")
    if (model.name, model.version) != (name, version):
        raise HashbedError(f"{path}: MODEL is {model.name} {model.version}, the manifest says {name} {version}: make them agree")
    return model
