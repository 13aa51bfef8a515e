"""The pipeline catalogue: one folder per design under ``rtl/pipelines`` with a
``pipeline.toml``. A design is parameterised by ``STAGES``; a *point* is a design at one
depth."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms import HashAlgorithm, get_algorithm
from hashbed.catalogue.cores import ManifestError, manifest_sources, read_toml, rtl_root
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError

MANIFEST = "pipeline.toml"
ARCHITECTURES = ("pipelined-base", "pipelined-opt")
#: Block and digest ports of the interface (docs/pipelined.md).
BLOCK_BITS = 512
DIGEST_PORT_BITS = 256


@dataclass(frozen=True)
class PipelineDesign:
    name: str
    manifest: Path
    top: str
    sources: tuple[Path, ...]
    algorithm_name: str
    version: str
    architecture: str
    #: Clock cycles a block takes with one stage; with STAGES stages one block enters
    #: every iterations / STAGES cycles.
    iterations: int
    depths: tuple[int, ...]
    description: str = ""

    @property
    def algorithm(self) -> HashAlgorithm:
        return get_algorithm(self.algorithm_name, self.version)

    def interval(self, stages: int) -> int:
        """Cycles between successive blocks in steady state at this depth."""
        return self.iterations // stages

    def ring(self, stages: int) -> int:
        """Issues between two blocks of one message: the stages and the final addition."""
        return stages + 1

    def point(self, stages: int) -> str:
        return f"{self.name}-s{stages}"

    def fingerprint(self) -> str:
        return fingerprint(self.top, self.sources)


_FIELDS = {
    "top": str, "files": list, "lib": list, "algorithm": str, "version": str,
    "architecture": str, "iterations": int, "depths": list, "description": str,
}  # fmt: skip
_REQUIRED = ("top", "files", "algorithm", "version", "architecture", "iterations", "depths")


def load_design(path: Path) -> PipelineDesign:
    """Read and check one ``pipeline.toml``; every problem names the file and the fix."""
    where = str(path)
    data = read_toml(path)
    for key, value in data.items():
        if key not in _FIELDS:
            raise ManifestError(f"{where}: unknown field {key!r} (fields: {', '.join(_FIELDS)})")
        if not isinstance(value, _FIELDS[key]):
            raise ManifestError(f"{where}: field {key!r} must be a {_FIELDS[key].__name__}, got {value!r}")
    for key in _REQUIRED:
        if key not in data:
            raise ManifestError(f"{where}: missing field {key!r}")
    if data["architecture"] not in ARCHITECTURES:
        raise ManifestError(f"{where}: architecture {data['architecture']!r} is not one of {', '.join(ARCHITECTURES)}")
    depths = data["depths"]
    if not depths or any(not isinstance(d, int) or d < 1 or data["iterations"] % d for d in depths):
        raise ManifestError(f"{where}: depths must be divisors of iterations ({data['iterations']}), got {depths}")
    sources = manifest_sources(path, data)
    try:
        algorithm = get_algorithm(data["algorithm"], data["version"])
    except HashbedError as exc:
        raise ManifestError(f"{where}: {exc}") from None
    if algorithm.block_bits != BLOCK_BITS or algorithm.digest_bits > DIGEST_PORT_BITS:
        raise ManifestError(f"{where}: the block-pipeline interface takes 512-bit blocks and up to 256-bit digests")
    return PipelineDesign(
        name=path.parent.name, manifest=path, top=data["top"], sources=tuple(sources),
        algorithm_name=data["algorithm"], version=data["version"], architecture=data["architecture"],
        iterations=data["iterations"], depths=tuple(depths), description=data.get("description", ""),
    )  # fmt: skip


def design_names() -> list[str]:
    return sorted(path.parent.name for path in (rtl_root() / "pipelines").glob(f"*/{MANIFEST}"))


def load_pipeline(name: str) -> PipelineDesign:
    path = rtl_root() / "pipelines" / name / MANIFEST
    if not path.is_file():
        known = ", ".join(design_names()) or "none"
        raise ManifestError(f"unknown pipeline design {name!r}; known designs: {known} (see 'hashbed pipeline list')")
    return load_design(path)
