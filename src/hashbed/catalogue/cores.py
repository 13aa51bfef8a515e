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
from typing import Annotated, Any, Literal, Self, cast, get_args

from pydantic import PlainValidator, ValidationInfo, field_validator, model_validator

from hashbed.catalogue.algorithms import ALGORITHMS, HashAlgorithm, get_algorithm
from hashbed.catalogue.algorithms.lwc import LwcSuite, get_lwc_suite
from hashbed.catalogue.budget import Budget
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.interface import BUS_WIDTHS, GMU_SHA3_MODES, HashInterface
from hashbed.catalogue.lwc_interface import LWC_WIDTHS
from hashbed.catalogue.manifest import DesignManifest, ManifestError, Table, read_manifest, read_toml, rtl_root
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
    #: The core interface: "hash" (docs/interface.md) or "lwc" (its LWC section).
    interface: str = "hash"
    #: An LWC core's cycle formula of each operation beside ``cycles`` (encryption, reused key).
    lwc_cycles: dict[str, CycleFormula] = field(default_factory=dict)
    #: An LWC core's longest decryption (its plaintext buffer), in bytes.
    max_decrypt_bytes: int | None = None
    #: An LWC core's sdi port width when the manifest gives one (``[lwc] sdi_width``); see ``sdi_bus_width``.
    lwc_sdi_width: int | None = None
    #: GMU's convention: ``src_ready`` and ``dst_ready`` are the FIFOs' empty and full flags.
    ready_active_low: bool = False
    #: The core pads the message itself: the host sends message words only (docs/interface.md).
    core_pads: bool = False
    #: The headers of its word stream (hashbed.catalogue.interface.HEADERS): "hashbed", GMU's
    #: round-2 packages' ("gmu-round2") or GMU's SHA-3 core's command word ("gmu-sha3").
    header: str = "hashbed"
    #: A Python model of the core's algorithm beside the manifest (``model``), for an algorithm
    #: hashbed has none of.
    model_file: Path | None = None
    #: Known-answer files beside the manifest (``vectors``), checked by ``hashbed verify``.
    vectors: tuple[Path, ...] = ()

    @property
    def algorithm(self) -> HashAlgorithm:
        if self.interface != "hash":
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
        if self.interface != "hash":
            return True
        return self.model_file is not None or f"{self.algorithm_name}/{self.version}" in ALGORITHMS

    @property
    def is_vhdl(self) -> bool:
        """The core's own sources are VHDL (GHDL turns them into one Verilog netlist)."""
        return any(source.suffix.lower() in VHDL_SUFFIXES for source in self.sources)

    @property
    def hash_interface(self) -> HashInterface:
        """The word streams of the core's hash interface, with its conventions."""
        return HashInterface(self.bus_width, self.ready_active_low, self.core_pads, self.header)

    @property
    def suite(self) -> LwcSuite:
        """The algorithms of an LWC core."""
        if self.interface != "lwc":
            raise HashbedError(f"core {self.name} has the hash interface: it has no LWC suite (Core.algorithm)")
        return get_lwc_suite(self.algorithm_name, self.version)

    @property
    def sdi_bus_width(self) -> int:
        """The width of an LWC core's sdi port: the manifest's ``[lwc] sdi_width``, else its bus width."""
        if self.interface != "lwc":
            raise HashbedError(f"core {self.name} has the hash interface: it has no sdi port")
        return self.lwc_sdi_width if self.lwc_sdi_width is not None else self.bus_width

    def operation_cycles(self) -> dict[str, CycleFormula]:
        """Each operation's formula: ``cycles`` under its operation's name, then the others."""
        first = "encrypt" if self.interface == "lwc" else "hash"
        return {first: self.cycles, **self.lwc_cycles}

    def fingerprint(self) -> str:
        """Hash of everything that defines the hardware: top, parameters, the flags' polarity
        when it is not the interface's own (only then: the other cores keep their keys), source
        contents."""
        polarity = "ready active-low\0" if self.ready_active_low else ""
        try:
            return fingerprint(f"{self.top}\0{sorted(self.parameters.items())!r}\0{polarity}", self.sources)
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
            "lwc_cycles": {name: str(formula) for name, formula in self.lwc_cycles.items()},
            "max_decrypt_bytes": self.max_decrypt_bytes,
            "ready": "active-low" if self.ready_active_low else "active-high",
            "padding": "core" if self.core_pads else "host",
            "header": self.header,
            "language": "vhdl" if self.is_vhdl else "verilog",
            "model": str(self.model_file) if self.model_file else ("built-in" if self.has_model else None),
            "vectors": [str(path) for path in self.vectors],
            "manifest": str(self.manifest),
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


#: The widths an LWC core's sdi port may have (one AXI4-Lite register write per word in the testbed).
SDI_WIDTHS = (8, 16, 32)
#: The operations of an LWC core beside encryption with a reused key (the manifest's ``cycles``),
#: each measured for messages of N padded blocks (docs/interface.md, the LWC interface).
LWC_OPERATIONS = ("encrypt_new_key", "encrypt_ad", "decrypt", "decrypt_new_key", "hash")


class LwcCycles(Table):
    """``[lwc.cycles]``: the formula of each LWC operation."""

    encrypt_new_key: Formula
    encrypt_ad: Formula
    decrypt: Formula
    decrypt_new_key: Formula
    hash: Formula


class Lwc(Table):
    """``[lwc]``: what an LWC core adds: its longest decryption and its operations' formulas."""

    max_decrypt_bytes: int
    cycles: LwcCycles
    #: The sdi port's width when it differs from ``bus_width`` (8, 16 or 32 bits).
    sdi_width: int | None = None

    @field_validator("sdi_width")
    @classmethod
    def _sdi_width(cls, value: int | None) -> int | None:
        if value is not None and value not in SDI_WIDTHS:
            raise ValueError(f"must be one of {', '.join(map(str, SDI_WIDTHS))} bits, got {value}")
        return value

    @field_validator("max_decrypt_bytes")
    @classmethod
    def _max_bytes(cls, value: int) -> int:
        if not 16 <= value <= 0xFFFF:
            raise ValueError(f"must be 16 to 65535 bytes (what one plaintext segment returns), got {value}")
        return value


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
        lwc = info.data.get("interface") == "lwc"  # validated before: declared above
        widths = LWC_WIDTHS if lwc else BUS_WIDTHS
        if width not in widths:
            raise ValueError(f"must be one of {', '.join(map(str, widths))}{' (the LWC API)' if lwc else ''}, got {width}")
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
    def _lwc_table(self) -> Self:
        if (self.interface == "lwc") != (self.lwc is not None):
            raise ValueError('an LWC core (interface = "lwc") has an [lwc] table, a hash core none: add or remove it')
        if self.interface == "lwc" and (
            self.ready != "active-high" or self.padding != "host" or self.header != "hashbed" or self.model
        ):
            raise ValueError(
                "'ready', 'padding', 'header' and 'model' are fields of a hash core; an LWC core has the LWC API's handshakes"
            )
        if self.padding == "core" and self.header == "gmu-round2":
            raise ValueError('header: GMU\'s round-2 headers carry host-padded segments: give padding = "host"')
        if self.header == "gmu-sha3":
            if self.padding != "core" or self.bus_width != 64:
                raise ValueError('header: GMU\'s SHA-3 core pads and has a 64-bit bus: give padding = "core", bus_width = 64')
            if self.algorithm not in GMU_SHA3_MODES:
                raise ValueError(
                    f"header: GMU's SHA-3 command word has modes for {', '.join(GMU_SHA3_MODES)}, "
                    f"not {self.algorithm}: name one as the algorithm"
                )
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
        parameters=dict(manifest.parameters),
        description=manifest.description,
        byte_aligned_only=manifest.byte_aligned_only,
        target_kbps_per_lut4=manifest.target.kbps_per_lut4,
        target_cycles=manifest.target.cycles,
        budget=manifest.budget,
        placer=manifest.implementation.placer,
        explore={name: tuple(levels) for name, levels in manifest.implementation.explore.items()},
        interface=manifest.interface,
        lwc_cycles={name: getattr(manifest.lwc.cycles, name) for name in LWC_OPERATIONS} if manifest.lwc else {},
        max_decrypt_bytes=manifest.lwc.max_decrypt_bytes if manifest.lwc else None,
        lwc_sdi_width=manifest.lwc.sdi_width if manifest.lwc else None,
        ready_active_low=manifest.ready == "active-low",
        core_pads=manifest.padding == "core",
        header=manifest.header,
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
