"""Strict lint with Verilator (``-Wall``): every warning is a finding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from hashbed.catalogue.cores import Core
from hashbed.flow import processes
from hashbed.flow.hdl import verilog_view
from hashbed.flow.tools import verilator_command


def lint_sources(top: str, sources: Sequence[Path], parameters: Mapping[str, int | str]) -> list[str]:
    """Verilator's warnings and errors for ``top``, one line each; empty when clean."""
    command, env = verilator_command()
    args = [
        *command,
        "--lint-only",
        "-Wall",
        "--top-module",
        top,
        *(f"-G{name}={value}" for name, value in parameters.items()),
        *(str(source) for source in sources),
    ]
    proc = processes.run(args, env=env)
    return [
        line.strip()
        for line in proc.stderr.splitlines()
        if line.startswith(("%Warning", "%Error:")) and "Exiting due to" not in line
    ]


def lint(core: Core) -> list[str]:
    """Findings for ``core`` alone (its Verilog view: a VHDL core's netlist is GHDL's, and lints as such)."""
    view = verilog_view(core)
    return lint_sources(view.top, view.sources, view.parameters)
