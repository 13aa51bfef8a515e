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
#: The cores that get fewer: a run of ECHO-256 (54k LUT4s, HeAP) takes 20 to 60 minutes and one of
#: Skein-512 (its pinned static placer) 10 to 25, so ten runs would take about 6 and 3 hours of a worker;
#: three runs are the default run, the first option of their space (``dff``: both pin the placer)
#: and a second placement seed of the better of the two.
BUDGETS = {"echo256": 3, "skein512-round2": 3}


def budget_text() -> str:
    """The budgets as ``hashbed explore --budget`` takes them."""
    return " ".join([f"--budget {BUDGET}", *(f"--budget {core}={runs}" for core, runs in BUDGETS.items())])


def study_cores() -> list[Core]:
    """The basic iterative cores of the Round-2 versions, and SHA-256."""
    return [
        core
        for core in all_cores()
        if core.architecture == "basic-iterative" and (core.version == "round2" or core.name == "sha256")
    ]
