"""The studies hashbed reproduces, each one package of ``hashbed.studies`` and one entry here:
``hashbed report`` takes their names and shows their sections, and the docs index links their
pages. A new study is a new package and its entry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hashbed.errors import HashbedError
from hashbed.results import ResultStore
from hashbed.studies.document import Section
from hashbed.studies.exploration import report as exploration_report
from hashbed.studies.lightweight import report as lightweight_report
from hashbed.studies.lwc import report as lwc_report
from hashbed.studies.narrowing import Narrow
from hashbed.studies.pipelined import report as pipelined_report
from hashbed.studies.zynq import report as zynq_report


@dataclass(frozen=True)
class Study:
    #: What ``hashbed report`` takes.
    name: str
    #: The title of its page.
    title: str
    #: Its page, from the checkout's root.
    docs: str
    #: Its sections of the report, of the rows a narrowing keeps; the third argument: the keys of
    #: the published results not run here, whose rows a results table marks.
    sections: Callable[[ResultStore, Narrow, frozenset[str]], list[Section]]


#: In the order of the report.
STUDIES = (
    Study("zynq", "The testbed", "docs/testbed.md", zynq_report.sections),
    Study(
        "lightweight", "Lightweight cores: the finalists under an area budget", "docs/lightweight.md", lightweight_report.sections
    ),
    Study("pipeline", "Pipelined compression cores (the third study)", "docs/pipelined.md", pipelined_report.sections),
    Study("exploration", "Design-space exploration on open tools", "docs/exploration.md", exploration_report.sections),
    Study("lwc", "LWC benchmarks", "docs/lwc.md", lwc_report.sections),
)


def studies_named(name: str) -> tuple[Study, ...]:
    """The study ``name``, or every study for "all"."""
    if name == "all":
        return STUDIES
    found = tuple(study for study in STUDIES if study.name == name)
    if not found:
        raise HashbedError(f"unknown study {name!r} (one of: {', '.join(study.name for study in STUDIES)}, all)")
    return found
