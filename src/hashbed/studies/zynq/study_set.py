"""The Zynq study's set in hashbed: its 12 Round-2 candidates, its claims, and where its
experiments run: every basic iterative core on ECP5-85k (``make timing``), the lightweight cores
on ECP5-25k, the lightweight study's device. A core's static-timing and experimental Fmax, and so
the clock of its testbed experiments, are those of its study device."""

from __future__ import annotations

from pathlib import Path

from hashbed.catalogue.cores import TARGET_DEVICE, Core, all_cores

#: The study's claims as transcribed (hashbed.studies.findings).
CLAIMS = Path(__file__).with_name("claims.toml")

STUDY_DEVICES = {"basic-iterative": TARGET_DEVICE, "lightweight-logic": "ecp5-25k", "lightweight-bram": "ecp5-25k"}


def study_device(core: Core) -> str:
    """The device on which the study's experiments take ``core``'s Fmax (the target device for an
    architecture the study does not name)."""
    return STUDY_DEVICES.get(core.architecture, TARGET_DEVICE)


def candidates() -> list[Core]:
    """The study's 12 Round-2 candidates: the basic iterative cores of the Round-2 versions."""
    return [core for core in all_cores() if core.architecture == "basic-iterative" and core.version == "round2"]
