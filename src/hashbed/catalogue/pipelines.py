"""The pipeline catalogue: one folder per design under ``rtl/pipelines`` with a
``pipeline.toml``. A design is parameterised by ``STAGES``; a *point* is a design at one
depth."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import Field, ValidationInfo, field_validator, model_validator

from hashbed.catalogue.algorithms import HashAlgorithm, get_algorithm
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.manifest import DesignManifest, ManifestError, read_manifest, rtl_root
from hashbed.errors import HashbedError

MANIFEST = "pipeline.toml"
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


class PipelineManifest(DesignManifest):
    """A ``pipeline.toml`` (docs/pipelined.md)."""

    architecture: Literal["pipelined-base", "pipelined-opt"]

    @model_validator(mode="after")
    def _algorithm_is_known(self) -> Self:
        try:
            get_algorithm(self.algorithm, self.version)
        except HashbedError as exc:
            raise ValueError(str(exc)) from None
        return self

    iterations: Annotated[int, Field(gt=0)]
    depths: list[int]

    @field_validator("depths")
    @classmethod
    def _divide_iterations(cls, depths: list[int], info: ValidationInfo) -> list[int]:
        iterations = info.data.get("iterations")
        if iterations is not None and (not depths or any(depth < 1 or iterations % depth for depth in depths)):
            raise ValueError(f"must be divisors of iterations ({iterations}), got {depths}")
        return depths

    @model_validator(mode="after")
    def _fits_the_interface(self) -> Self:
        algorithm = get_algorithm(self.algorithm, self.version)  # known: DesignManifest checked it
        if algorithm.block_bits != BLOCK_BITS or algorithm.digest_bits > DIGEST_PORT_BITS:
            raise ValueError(
                f"the block-pipeline interface takes {BLOCK_BITS}-bit blocks and digests of up to "
                f"{DIGEST_PORT_BITS} bits, not those of {self.algorithm!r} (fix 'algorithm')"
            )
        return self


def load_design(path: Path) -> PipelineDesign:
    """Read and check one ``pipeline.toml``; every problem names the file, the field and the fix."""
    manifest = read_manifest(PipelineManifest, path)
    return PipelineDesign(
        name=path.parent.name,
        manifest=path,
        top=manifest.top,
        sources=manifest.sources(path),
        algorithm_name=manifest.algorithm,
        version=manifest.version,
        architecture=manifest.architecture,
        iterations=manifest.iterations,
        depths=tuple(manifest.depths),
        description=manifest.description,
    )


def design_names() -> list[str]:
    return sorted(path.parent.name for path in (rtl_root() / "pipelines").glob(f"*/{MANIFEST}"))


def load_pipeline(name: str) -> PipelineDesign:
    path = rtl_root() / "pipelines" / name / MANIFEST
    if not path.is_file():
        known = ", ".join(design_names()) or "none"
        raise ManifestError(f"unknown pipeline design {name!r}; known designs: {known} (see 'hashbed pipeline list')")
    return load_design(path)
