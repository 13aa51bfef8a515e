"""Published software speeds (``published_cycles.toml``): cycles per byte of long messages of the
catalogue's algorithm versions on named processors, each with its source. The software
benchmark sets them beside this host's figures; Table IV turns the ARM Cortex-A9 ones into the
speed-up against the Zynq's processor, as the study measured it on the board."""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import field_validator

from hashbed.catalogue.algorithms import ALGORITHMS
from hashbed.catalogue.manifest import Table, read_manifest

FIGURES = Path(__file__).with_name("published_cycles.toml")
#: The Zynq-7000's processor and its clock on the ZedBoard and the PYNQ-Z2.
ZYNQ_ARM = "ARM Cortex-A9"
ZYNQ_ARM_MHZ = 667.0


class Figure(Table):
    algorithms: list[str]
    processor: str
    cycles_per_byte: float
    implementation: str
    source: str
    url: str

    @field_validator("algorithms")
    @classmethod
    def _known(cls, keys: list[str]) -> list[str]:
        for key in keys:
            if key not in ALGORITHMS:
                raise ValueError(f"{key!r} is not an algorithm version of the catalogue (one of: {', '.join(ALGORITHMS)})")
        return keys

    @field_validator("cycles_per_byte")
    @classmethod
    def _positive(cls, value: float) -> float:
        if not value > 0:
            raise ValueError(f"must be a positive number of cycles per byte, got {value}")
        return value


class Figures(Table):
    figure: list[Figure]


@functools.cache
def published(path: Path = FIGURES) -> tuple[Figure, ...]:
    """Every figure of ``path``; a wrong field is a one-line error naming the file and the field."""
    return tuple(read_manifest(Figures, path).figure)


def figures_for(key: str, processor: str | None = None) -> list[Figure]:
    """The figures of algorithm version ``key`` (on ``processor`` only, if given), fastest first."""
    found = [f for f in published() if key in f.algorithms and (processor is None or f.processor == processor)]
    return sorted(found, key=lambda f: f.cycles_per_byte)


def zynq_arm_seconds(key: str, message_bytes: int) -> tuple[float, Figure] | None:
    """The time the fastest published software for ``key`` takes on the Zynq's Cortex-A9 at
    667 MHz for ``message_bytes`` (its long-message cycles per byte, so a lower bound for short
    messages), with the figure it comes from; None where no figure is published."""
    found = figures_for(key, ZYNQ_ARM)
    if not found:
        return None
    return found[0].cycles_per_byte * message_bytes / (ZYNQ_ARM_MHZ * 1e6), found[0]
