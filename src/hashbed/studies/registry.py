"""The studies hashbed reproduces, each one package of ``hashbed.studies`` and one entry here: the
report shows their sections, the command line adds their commands and prints their tables
(``hashbed report STUDY``), and the docs index links their pages. A new study is a new package and
its entry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hashbed.console.options import SharedOptions
from hashbed.errors import HashbedError
from hashbed.results import ResultStore
from hashbed.studies.document import Section
from hashbed.studies.exploration import commands as exploration_commands
from hashbed.studies.exploration import report as exploration_report
from hashbed.studies.findings import Finding
from hashbed.studies.lightweight import commands as lightweight_commands
from hashbed.studies.lightweight import findings as lightweight_findings
from hashbed.studies.lightweight import report as lightweight_report
from hashbed.studies.lwc import commands as lwc_commands
from hashbed.studies.lwc import report as lwc_report
from hashbed.studies.narrowing import Narrow
from hashbed.studies.pipelined import commands as pipelined_commands
from hashbed.studies.pipelined import findings as pipelined_findings
from hashbed.studies.pipelined import report as pipelined_report
from hashbed.studies.zynq import commands as zynq_commands
from hashbed.studies.zynq import findings as zynq_findings
from hashbed.studies.zynq import report as zynq_report


@dataclass(frozen=True)
class Study:
    """A study: its name and page, and the functions of its package that the report and the
    command line call."""

    #: What ``hashbed report`` takes.
    name: str
    #: The title of its page.
    title: str
    #: Its page, from the checkout's root.
    docs: str
    #: Its sections of the report, of the rows a narrowing keeps; the third argument: the keys of
    #: the published results not run here, whose rows a results table marks.
    sections: Callable[[ResultStore, Narrow, frozenset[str]], list[Section]]
    #: Its tables as ``hashbed report NAME`` prints them, and as its ``--json`` gives them.
    print_report: Callable[[ResultStore], None]
    report_json: Callable[[ResultStore], dict[str, Any]]
    #: What adds its commands to the ``hashbed`` parser (its subparsers, the shared options); None:
    #: it has no command of its own.
    add_commands: Callable[[Any, SharedOptions], None] | None
    #: Its claims beside hashbed's numbers, each with a verdict (hashbed.studies.findings); None:
    #: it is not one of the studies hashbed reproduces.
    findings: Callable[[ResultStore], list[Finding]] | None = None


#: In the order of the report and of the command list.
STUDIES = (
    Study(
        "zynq",
        "The testbed",
        "docs/testbed.md",
        zynq_report.sections,
        zynq_commands.print_report,
        zynq_commands.report_json,
        zynq_commands.add_commands,
        zynq_findings.study_findings,
    ),
    Study(
        "lightweight",
        "Lightweight cores: the finalists under an area budget",
        "docs/lightweight.md",
        lightweight_report.sections,
        lightweight_commands.print_report,
        lightweight_commands.report_json,
        None,
        lightweight_findings.study_findings,
    ),
    Study(
        "pipeline",
        "Pipelined compression cores (the third study)",
        "docs/pipelined.md",
        pipelined_report.sections,
        pipelined_commands.print_report,
        pipelined_commands.report_json,
        pipelined_commands.add_commands,
        pipelined_findings.study_findings,
    ),
    Study(
        "exploration",
        "Design-space exploration on open tools",
        "docs/exploration.md",
        exploration_report.sections,
        exploration_commands.print_report,
        exploration_commands.report_json,
        exploration_commands.add_commands,
    ),
    Study(
        "lwc",
        "LWC benchmarks",
        "docs/lwc.md",
        lwc_report.sections,
        lwc_commands.print_report,
        lwc_commands.report_json,
        lwc_commands.add_commands,
    ),
)


def studies_named(name: str) -> tuple[Study, ...]:
    """The study ``name``, or every study for "all"."""
    if name == "all":
        return STUDIES
    found = tuple(study for study in STUDIES if study.name == name)
    if not found:
        raise HashbedError(f"unknown study {name!r} (one of: {', '.join(study.name for study in STUDIES)}, all)")
    return found
