"""The exploration study's setting: the Zynq study's 12 Round-2 candidates and SHA-256, as basic
iterative cores on ECP5-85k (the device of the manifests' targets), each explored by the auto
strategy for the best throughput within a stated budget (``make explore``)."""

from __future__ import annotations

from hashbed.catalogue.cores import Core, all_cores

DEVICE = "ecp5-85k"
STRATEGY = "auto"
CRITERION = "throughput"
#: Runs per core (the default run among them).
BUDGET = 10


def study_cores() -> list[Core]:
    """The basic iterative cores of the Round-2 versions, and SHA-256."""
    return [
        core
        for core in all_cores()
        if core.architecture == "basic-iterative" and (core.version == "round2" or core.name == "sha256")
    ]
