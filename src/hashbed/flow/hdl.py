"""The core as the Verilog tools take it: its "Verilog view".

Every tool of the flow (Verilator, Yosys and nextpnr, Icarus, the testbed and board wrappers)
takes a core as Verilog with the interface's own conventions. ``verilog_view`` turns any core
into that, in one place, so the tools stay language- and convention-blind:

- a VHDL core becomes the one Verilog netlist GHDL makes of it (hashbed.flow.vhdl), its
  generics (the manifest's ``[parameters]``) applied, its top's ports checked against the
  interface's;
- a core whose interface options are not the interface's own conventions gets the adapter its
  interface generates (hashbed.catalogue.interfaces): a core with GMU's active-low flags
  (``ready = "active-low"``: ``src_ready`` and ``dst_ready`` are the FIFOs' empty and full flags)
  gets a wrapper that inverts the two flags, so that the harness, the testbeds and the board see
  the interface's active-high ones.

A Verilog core with the interface's own flags is its own view (every built-in core): its files,
top and parameters go to the tools as they are. The view keeps the core's name and manifest; job
keys come from the core itself (``Core.fingerprint``), never from its view.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hashbed.catalogue.cores import Core
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.flow.cache import cache_root, write_atomically
from hashbed.flow.vhdl import top_ports, vhdl_netlist

#: The generated wrapper's module name: the core's top and this.
ADAPTER_SUFFIX = "_hashbed_active_high"


def verilog_view(core: Core) -> Core:
    """``core`` as Verilog with the interface's own conventions (itself when it is that already)."""
    top, sources, parameters, io = core.top, core.sources, dict(core.parameters), core.io
    if core.is_vhdl:
        netlist = vhdl_netlist(core.sources, core.top, core.parameters)
        check_ports(core, top_ports(netlist.read_text(), core.top))
        sources, parameters = (netlist,), {}
    adapter = io.adapter(f"{top}{ADAPTER_SUFFIX}", top, parameters, f"core {core.name} ({core.manifest})")
    if adapter is None and not core.is_vhdl:
        return core
    if adapter is not None:
        text, io = adapter
        top, sources, parameters = f"{top}{ADAPTER_SUFFIX}", (*sources, _write_adapter(top, text)), {}
    return dataclasses.replace(core, top=top, sources=sources, parameters=parameters, io=io)


def check_ports(core: Core, ports: dict[str, tuple[str, int]]) -> None:
    """Refuse a top whose ports are not the interface's, in one line naming what differs."""
    expected = core.io.ports()
    if ports == expected:
        return
    missing = [name for name in expected if name not in ports]
    extra = [name for name in ports if name not in expected]
    wrong = [
        f"{name} is {ports[name][0]} [{ports[name][1]}], not {kind} [{width}]"
        for name, (kind, width) in expected.items()
        if name in ports and ports[name] != (kind, width)
    ]
    problems = [
        *([f"missing {', '.join(missing)}"] if missing else []),
        *([f"unknown {', '.join(extra)}"] if extra else []),
        *wrong,
    ]
    want = ", ".join(f"{name}[{width}]" if width > 1 else name for name, (_, width) in expected.items())
    raise HashbedError(
        f"core {core.name}: the ports of {core.top} are not the {core.interface} interface's ({'; '.join(problems)}); "
        f"it needs {want} (docs/interface.md)"
    )


def _write_adapter(top: str, text: str) -> Path:
    """The adapter of ``top`` (its interface's Verilog, ``text``), written once per content into the cache."""
    path = cache_root() / "adapters" / f"{top}{ADAPTER_SUFFIX}-{fingerprint(text, digits=12)}.v"
    if not path.is_file():
        write_atomically(path, text)
    return path
