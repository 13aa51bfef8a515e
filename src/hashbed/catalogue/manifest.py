"""What the manifests share, the built-in ones under ``rtl/`` and a user's anywhere: reading their
TOML, the strict models of their fields, and the one-line error that names the file, the field
and the fix.

A manifest is read as a model of its kind (``CoreManifest`` in hashbed.catalogue.cores,
``PipelineManifest`` in hashbed.catalogue.pipelines): every field as TOML types it (a number
written as a string is refused, not converted), no field the model does not know.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, TypeVar, cast, get_args

from pydantic import BaseModel, ConfigDict, PlainValidator, ValidationError, ValidationInfo, field_validator
from pydantic_core import ErrorDetails

from hashbed.catalogue.cycles import CycleFormula
from hashbed.errors import HashbedError


def rtl_root() -> Path:
    """The built-in ``rtl`` folder: package data of hashbed (``src/hashbed/rtl`` links to the
    checkout's ``rtl/``; a wheel carries a copy), wherever hashbed is installed."""
    return (Path(__file__).resolve().parents[1] / "rtl").resolve()


class ManifestError(HashbedError):
    """A manifest that is missing a field or has a wrong one."""


class Table(BaseModel):
    """A manifest or a table of one: typed as TOML writes it, no unknown field."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def _formula(value: object) -> CycleFormula:
    if not isinstance(value, str):
        raise ValueError(f"must be a formula in a string, such as '3 + 17 + 24*N + 4', got {value!r}")
    return CycleFormula.parse(value)


#: A cycle formula as a manifest writes it, in a string.
Formula = Annotated[CycleFormula, PlainValidator(_formula)]


class DesignManifest(Table):
    """The fields of every design: its top module, its Verilog and the algorithm it computes."""

    top: str
    files: list[str]
    lib: list[str] = []
    algorithm: str
    version: str
    description: str = ""

    @field_validator("files", "lib")
    @classmethod
    def _sources_exist(cls, names: list[str], info: ValidationInfo) -> list[str]:
        for path in _sources(str(info.field_name), names, cast(Path, info.context)):  # read_manifest's path
            if not path.is_file():
                raise ValueError(f"{str(path)!r} does not exist: add the file, or fix the name")
        return names

    def sources(self, manifest: Path) -> tuple[Path, ...]:
        """The sources in compile order: ``files``, then ``lib``."""
        return (*_sources("files", self.files, manifest), *_sources("lib", self.lib, manifest))


def _sources(field: str, names: list[str], manifest: Path) -> list[Path]:
    """``files`` are in the manifest's folder; a ``lib`` file is the one beside the manifest when
    there is one, else the built-in ``rtl/lib``'s."""
    if field == "files":
        return [manifest.parent / name for name in names]
    return [manifest.parent / name if (manifest.parent / name).is_file() else rtl_root() / "lib" / name for name in names]


def read_toml(path: Path) -> dict[str, object]:
    """A manifest's TOML; a file that cannot be read or parsed is a ManifestError naming it."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ManifestError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise ManifestError(f"{path}: not UTF-8 text (byte {exc.start}), as TOML must be; save it in UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise ManifestError(f"{path}: not valid TOML: {exc}") from None


M = TypeVar("M", bound=Table)


def read_manifest(model: type[M], path: Path) -> M:
    """The manifest at ``path`` as ``model``; its first problem is a ManifestError of one line
    that names the file, the field and what the field must be."""
    data = read_toml(path)
    try:
        return model.model_validate(data, context=path)
    except ValidationError as exc:
        raise ManifestError(f"{path}: {_problem(model, exc.errors(include_url=False)[0])}") from None


def _problem(model: type[Table], error: ErrorDetails) -> str:
    loc = error["loc"]
    if error["type"] in ("missing", "extra_forbidden"):
        *tables, key = loc
        where = f" in [{_table_name(tables)}]" if tables else ""
        if error["type"] == "missing":
            return f"missing field {key!r}{where}"
        return f"unknown field {key!r}{where} (fields: {', '.join(_fields(model, tables))})"
    if error["type"] == "value_error":  # a check of ours, whose message says what is wrong
        problem = str(error["ctx"]["error"])
    else:
        kind = "a table" if error["type"] in ("model_type", "dict_type") else error["msg"].removeprefix("Input should be ")
        problem = f"must be {kind}, got {error['input']!r}"
    return f"{_place(loc)}: {problem}" if loc else problem


def _place(loc: Sequence[int | str]) -> str:
    """A field as the manifest writes it: ``bus_width``, ``[target] cycles``, ``files item 2``."""
    words = []
    for index, part in enumerate(loc):
        if isinstance(part, int):
            words.append(f"item {part + 1}")
        elif index + 1 < len(loc) and isinstance(loc[index + 1], str):
            words.append(f"[{part}]")
        else:
            words.append(part)
    return " ".join(words)


def _table_name(tables: Sequence[int | str]) -> str:
    """A table as TOML names it, an array's table by its place: ``target``, ``figure item 2``."""
    return "".join(f" item {part + 1}" if isinstance(part, int) else f"{'.' if i else ''}{part}" for i, part in enumerate(tables))


def _fields(model: type[BaseModel], tables: Sequence[int | str]) -> list[str]:
    """The fields of the table at ``tables`` in ``model`` (an array's item: its table's)."""
    for name in tables:
        if isinstance(name, int):
            continue
        annotation = model.model_fields[str(name)].annotation
        model = next(
            kind for kind in (annotation, *get_args(annotation)) if isinstance(kind, type) and issubclass(kind, BaseModel)
        )
    return list(model.model_fields)
