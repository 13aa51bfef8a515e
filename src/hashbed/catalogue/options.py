"""The option space of the open flow: the Yosys and nextpnr options an exploration may set, and
their levels per FPGA family, declared here and nowhere else.

Each option has its levels per family, the first of them the flow's default (what a run without
the option does); a choice of options keeps only the levels that are not the default, so a run
with default options has the key it always had (hashbed.flow.impl.implement.ImplSettings).

Only switches that change something in the pinned tools are levels (Yosys 0.70, nextpnr 0.11):
``synth_ecp5`` and ``synth_ice40`` there run abc9 by default and accept ``-abc9``, ``-noabc9``
and ``-retime`` as no-ops (the same passes run), so those are not options; ``-dff`` (abc9 with
sequential optimisation, the old ``-retime``) is. The other families, each checked on SHA-1's
netlist: ``synth_nexus`` and ``synth_lattice`` (MachXO2) take ``-dff``, ``-nodffe``, ``-noccu2``
and, against their defaults, ``-nowidelut`` (Nexus) and ``-widelut`` (MachXO2, where PFU muxes
are off by default); ``synth_gowin`` has no ``-dff`` but ``-nowidelut``, ``-nodffe`` and
``-noalu``; ``synth_gatemate`` maps LUT trees with abc, not abc9, so its ``-dff`` changes
nothing, and ``-noaddf`` is its carry switch. nextpnr-nexus and nextpnr-machxo2 have no static
placer; the default router is router2 on GateMate, router1 elsewhere (on Nexus the flow's:
nextpnr-nexus defaults to router2, hashbed.flow.impl.families.NEXTPNR_DEFAULTS).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from hashbed.catalogue.devices import FAMILIES
from hashbed.errors import HashbedError

#: Where an option goes: the Yosys synthesis command or nextpnr's command line.
Tool = Literal["yosys", "nextpnr"]
#: A choice of options: (name, level) pairs, sorted, without default levels.
Choice = tuple[tuple[str, str], ...]

OFF_ON = ("off", "on")
#: The families whose placers and routers differ from the rest.
_NO_STATIC_PLACER = ("nexus", "machxo2")
_ROUTER2_FIRST = ("gatemate",)


@dataclass(frozen=True)
class Option:
    name: str
    tool: Tool
    #: The levels on each family that has the option, the default first.
    levels: Mapping[str, tuple[str, ...]]
    help: str
    #: The command-line argument of an on/off switch; for other options "--<name> <level>".
    switch: str = ""
    #: The (option, level) a level other than the default needs, e.g. the placer it tunes.
    requires: tuple[str, str] | None = None

    def default(self, family: str) -> str:
        return self.levels[family][0]

    def args(self, level: str) -> list[str]:
        """The arguments that set ``level`` (a level that is not the default)."""
        if self.switch:
            return [self.switch] if level == "on" else []
        if self.tool == "yosys":
            return [f"-{self.name}", level]
        return [f"--{self.name}", level]


def _switch(name: str, tool: Tool, families: Iterable[str], help: str) -> Option:
    flag = f"-{name}" if tool == "yosys" else f"--{name}"
    return Option(name, tool, {family: OFF_ON for family in families}, help, switch=flag)


#: The option space, in the order a strategy that tries one option at a time with a small budget
#: tries them (and a choice is applied in): the placer and the synthesis switches first; router2
#: and timing-driven rip-up late, as they took the longest and gave lower Fmax on the cores measured
#: (docs/exploration.md); the switches that remove carry logic or abc last.
OPTIONS: dict[str, Option] = {
    option.name: option
    for option in (
        Option(
            "placer",
            "nextpnr",
            {family: ("heap", "sa") if family in _NO_STATIC_PLACER else ("heap", "sa", "static") for family in FAMILIES},
            "nextpnr's placer",
        ),
        _switch(
            "dff",
            "yosys",
            ("ecp5", "ice40", "nexus", "machxo2"),
            "run abc9 with -dff (sequential optimisation across flip-flops)",
        ),
        _switch("nowidelut", "yosys", ("ecp5", "nexus", "gowin"), "no wide-function muxes for LUTs wider than LUT4"),
        _switch("widelut", "yosys", ("machxo2",), "PFU muxes for LUTs wider than LUT4 (off by default on MachXO2)"),
        _switch("nodffe", "yosys", ("ecp5", "ice40", "nexus", "machxo2", "gowin"), "no flip-flops with clock enable"),
        Option(
            "placer-heap-timingweight",
            "nextpnr",
            {family: ("10", "20", "40") for family in FAMILIES},
            "HeAP's weight of timing against wire length",
            requires=("placer", "heap"),
        ),
        Option(
            "placer-heap-critexp",
            "nextpnr",
            {family: ("2", "4") for family in FAMILIES},
            "HeAP's criticality exponent (higher: only the most critical paths weigh)",
            requires=("placer", "heap"),
        ),
        Option(
            "router",
            "nextpnr",
            {family: ("router2", "router1") if family in _ROUTER2_FIRST else ("router1", "router2") for family in FAMILIES},
            "nextpnr's router",
        ),
        _switch("tmg-ripup", "nextpnr", FAMILIES, "timing-driven rip-up in the router"),
        _switch("noccu2", "yosys", ("ecp5", "nexus", "machxo2"), "no CCU2 carry cells"),
        _switch("noalu", "yosys", ("gowin",), "no ALU carry cells"),
        _switch("noaddf", "yosys", ("gatemate",), "no CC_ADDF full-adder cells"),
        _switch("nocarry", "yosys", ("ice40",), "no SB_CARRY cells"),
        _switch("noabc", "yosys", ("ice40",), "Yosys's own LUT mapping instead of abc9"),
        Option(
            "dffe_min_ce_use",
            "yosys",
            {"ice40": ("off", "2", "4", "8")},
            "no SB_DFFE where the enable would drive fewer flip-flops than this",
        ),
    )
}


def option_names(family: str) -> list[str]:
    return [name for name, option in OPTIONS.items() if family in option.levels]


def check_choice(levels: Mapping[str, str], family: str, pinned_placer: str | None = None) -> Choice:
    """The choice of ``levels`` (name -> level) on ``family``, checked, without default levels and
    without a placer the core's manifest pins anyway; a one-line error names the option and its levels."""
    chosen: dict[str, str] = {}
    for name, level in levels.items():
        option = OPTIONS.get(name)
        if option is None or family not in option.levels:
            raise HashbedError(f"unknown option {name!r} on {family} (one of: {', '.join(option_names(family))})")
        if level not in option.levels[family]:
            raise HashbedError(f"option {name}: unknown level {level!r} on {family} (one of: {', '.join(option.levels[family])})")
        if name == "placer" and pinned_placer is not None:
            if level != pinned_placer:
                raise HashbedError(f"option placer: the core's manifest pins placer {pinned_placer!r}, not {level!r}")
            continue
        if level != option.default(family):
            chosen[name] = level
    for name in chosen:
        needed = OPTIONS[name].requires
        if needed is not None:
            have = chosen.get(
                needed[0], pinned_placer if needed[0] == "placer" and pinned_placer else OPTIONS[needed[0]].default(family)
            )
            if have != needed[1]:
                raise HashbedError(f"option {name} needs {needed[0]}={needed[1]}, not {have}")
    return tuple(sorted(chosen.items()))


def parse_levels(texts: Iterable[str]) -> dict[str, str]:
    """``NAME=LEVEL`` texts (``--option``) as a mapping; a one-line error for one without ``=``
    or an option given twice."""
    levels: dict[str, str] = {}
    for text in texts:
        name, sep, level = text.partition("=")
        if not sep or not name.strip() or not level.strip():
            raise HashbedError(f"--option {text!r}: must be NAME=LEVEL, e.g. placer=sa")
        if name.strip() in levels:
            raise HashbedError(f"--option {name.strip()} is given twice")
        levels[name.strip()] = level.strip()
    return levels


def tool_args(choice: Choice, tool: Tool) -> list[str]:
    """The arguments of ``choice`` for ``tool``, in the order of OPTIONS."""
    chosen = dict(choice)
    return [
        arg for name, option in OPTIONS.items() if option.tool == tool and name in chosen for arg in option.args(chosen[name])
    ]


def describe(choice: Choice) -> str:
    """The choice as text, e.g. "dff=on placer=sa" ("default options" for none)."""
    return " ".join(f"{name}={level}" for name, level in choice) or "default options"
