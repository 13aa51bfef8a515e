"""Synthesis with Yosys and place-and-route with nextpnr, both called directly.

Each run works in its own directory (named by the core, device, seed and a hash of
all inputs) that keeps the scripts, logs, netlist and nextpnr's JSON report. Synthesis
does not depend on the device within a family (``synth_ecp5`` and ``synth_ice40`` are not
told the part; Gowin's and MachXO2's are told the series, as part of the command), so it runs
once per core and synthesis command in ``build/synth/`` and its files are linked into every run
directory that places the netlist on a device of that family. What differs from family to
family is in ``families.py``; the pins of the families whose nextpnr does not place I/O itself
in ``pins.py``.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.catalogue.devices import Device, package_pins
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.options import OPTIONS, Choice, tool_args
from hashbed.flow import processes
from hashbed.flow.hdl import verilog_view
from hashbed.flow.impl import families
from hashbed.flow.impl.pins import needs_pins, write_constraints
from hashbed.flow.steps import step
from hashbed.flow.tools import NEXTPNR, YOSYS
from hashbed.flow.vhdl import VERSION as VHDL_CONVERSION
from hashbed.flow.vhdl import ghdl_version, latch_source

DEFAULT_FREQ_MHZ = 100.0
DEFAULT_SEED = 1
#: Seeds are below this: the results store keeps a job's seed as an SQLite INTEGER (signed 64 bits).
SEED_LIMIT = 2**63
DEFAULT_TIMEOUT_S = 3600

_FINISH = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+): ERROR: ?System task `\$finish' executed")
_DISPLAY = re.compile(r'\$display\(\s*"(?P<text>[^"]*)"(?P<args>[^;]*)\)\s*;')
_FORMAT = re.compile(r"%0?[dhxbs]")


@dataclass(frozen=True)
class ImplSettings:
    device: Device
    seed: int = DEFAULT_SEED
    freq_mhz: float = DEFAULT_FREQ_MHZ
    timeout_s: int = DEFAULT_TIMEOUT_S
    #: The options of hashbed.catalogue.options set to a level that is not the default (checked
    #: by check_choice): none for the common flow.
    options: Choice = ()

    def inputs(self, core: Core) -> dict[str, Any]:
        """Everything that determines the result: the job's identity in the store."""
        inputs: dict[str, Any] = {
            "core": core.name,
            "core_fingerprint": core.fingerprint(),
            "top": core.top,
            "parameters": core.parameters,
            "device": self.device.name,
            "part": self.device.part,
            "seed": self.seed,
            "freq_mhz": self.freq_mhz,
            "synth": families.synth_command(self.device),
            "nextpnr_args": list(self.device.nextpnr_args),
            "tools": {"yosys": YOSYS.version(), "nextpnr": NEXTPNR[self.device.family].version()},
        }
        if core.is_vhdl:  # only then: GHDL and the conversion made the netlist the other tools take
            inputs["tools"]["ghdl"] = f"{ghdl_version()}, hashbed conversion {VHDL_CONVERSION}"
        if self.device.family in families.POST_SYNTH:  # only there, likewise
            inputs["synth_post"] = families.POST_SYNTH[self.device.family]
        if needs_pins(self.device):  # only there: the port bits go on these pins (flow/impl/pins.py)
            inputs["package_pins"] = fingerprint(" ".join(pin.name for pin in package_pins(self.device.part)), digits=10)
        # only then: the other cores' stored jobs keep their keys. A placer the family's nextpnr
        # lacks (the static placer on Nexus and MachXO2) is left to its default.
        if core.placer and core.placer in OPTIONS["placer"].levels[self.device.family]:
            inputs["nextpnr_args"] += ["--placer", core.placer]
        if self.options:  # only then, likewise: the runs of the common flow keep their keys
            inputs["options"] = dict(self.options)
            inputs["synth"] = " ".join([inputs["synth"], *tool_args(self.options, "yosys")])
            inputs["nextpnr_args"] += tool_args(self.options, "nextpnr")
        inputs["nextpnr_args"] += families.nextpnr_defaults(self.device.family, inputs["nextpnr_args"])
        return inputs


@dataclass
class ImplResult:
    device: str
    seed: int
    freq_mhz: float
    ok: bool
    error: str | None = None
    luts: int | None = None
    ffs: int | None = None
    brams: int | None = None
    dsps: int | None = None
    fmax_mhz: float | None = None
    #: True once placed and routed, False when the design cannot fit the device (a result,
    #: as in the studies' figures), None when a tool failed for another reason.
    fits: bool | None = None
    tools: dict[str, str] = field(default_factory=dict)
    utilization: dict[str, int] = field(default_factory=dict)
    run_dir: str = ""
    #: What ``luts`` counts: "LUT4", or "CPE" on GateMate (the device's area unit).
    area_unit: str = "LUT4"
    #: What the Fmax leaves out, where the family's nextpnr does not time every path the design
    #: uses (hashbed.flow.impl.families.timing_note); None when every path is timed.
    timing_note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The result as stored; the area unit and timing note only when they say something (a
        LUT4 count with complete timing has the outputs it always had)."""
        out = asdict(self)
        if self.area_unit == "LUT4":
            del out["area_unit"]
        if self.timing_note is None:
            del out["timing_note"]
        return out


class ToolFailure(Exception):
    """A tool failed; the message is the one-line reason recorded with the job."""


class DoesNotFit(ToolFailure):
    """The design needs more of some resource than the device has."""


#: nextpnr's words for a design with more cells of one kind than the device has sites: the
#: placer has none left, HeAP cannot grow a region to hold them even as the whole chip, or
#: its legaliser finds no place for every cell at the utilisation limit
_NO_BELS = re.compile(r"no bels remaining|failed to expand region|unable to find legal placement", re.IGNORECASE)


def _run(command: list[str], log: Path, cwd: Path, timeout: int, what: str, parameters: dict[str, int]) -> None:
    """Run a tool with its output going to ``log`` as it comes, so that a long run can be
    followed there and one that times out leaves how far it got; while it runs, ``cwd``
    names the hashbed process that started it (``hashbed progress`` reads that)."""
    try:
        with log.open("w") as output, step(f"{cwd.name}: {what}"):
            proc = processes.run(command, cwd=cwd, timeout=timeout, log=output, record_in=cwd)
    except subprocess.TimeoutExpired:
        lines = log.read_text(errors="replace").splitlines()
        last = next((line.strip() for line in reversed(lines) if line.strip()), "nothing")
        raise ToolFailure(f"{what} did not finish within {timeout} s (last in {log}: {last}; raise --timeout)") from None
    except OSError as exc:
        raise ToolFailure(f"{what} could not start: {exc.strerror}") from None
    if proc.returncode != 0:
        reason = _failure_reason(what, log.read_text(errors="replace"), proc.returncode, cwd, parameters)
        if _NO_BELS.search(reason):
            raise DoesNotFit(f"does not fit: {reason} (choose a device with more logic)")
        raise ToolFailure(reason)


def _display_text(display: re.Match[str], parameters: dict[str, int]) -> str:
    """The text a ``$display`` would print: arguments that are known parameters get their value."""
    values = iter(str(parameters.get(arg.strip(), arg.strip())) for arg in display["args"].split(",")[1:])
    return _FORMAT.sub(lambda _: next(values, "?"), display["text"])


def _failure_reason(what: str, output: str, returncode: int, cwd: Path, parameters: dict[str, int]) -> str:
    lines = output.splitlines()
    for line in lines:
        match = _FINISH.match(line.strip())
        if match:  # a parameter check: report the $display message above the $finish
            source = cwd / match["file"]
            if source.is_file():
                above = source.read_text(errors="replace").splitlines()[: int(match["line"])]
                for text in reversed(above):
                    display = _DISPLAY.search(text)
                    if display:
                        return f"{what}: parameter check failed: {_display_text(display, parameters)}"
            return f"{what}: parameter check failed at {match['file']}:{match['line']}"
    errors = [line.strip() for line in lines if "ERROR" in line]
    if errors:
        return f"{what}: {errors[0]}"
    trap = next((line.strip().partition("wasm trap:")[1:] for line in lines if "wasm trap:" in line), None)
    if trap:  # the WebAssembly build ran out of its fixed stack or memory (docs/families.md)
        return f"{what} crashed ({''.join(trap)}); a native build of it may not (docs/families.md)"
    last = next((line.strip() for line in reversed(lines) if line.strip()), "empty")
    return f"{what} exited with status {returncode} (log: {last})"


def check_fit(core: Core, device: Device, stat: dict[str, Any]) -> None:
    """Raise DoesNotFit when the synthesized design needs more pins, logic cells (LUT4s, CPEs) or
    flip-flops than ``device`` has: those are lower bounds on what place and route would need,
    so the hours nextpnr would spend discovering it are saved."""
    # The top module's ports: the design total also counts the ports of every instance
    # of a submodule kept as a hierarchy (keep_hierarchy)
    port_bits = stat["modules"].get(f"\\{verilog_view(core).top}", stat["design"])["num_port_bits"]
    cells = stat["design"]["num_cells_by_type"]
    luts = families.synthesized_area(device.family, cells)
    ffs = families.synthesized_ffs(device.family, cells)
    for what, needed, available, fix in (
        ("port bits", port_bits, device.io_pins, "I/O"),
        (f"{device.area_unit}s", luts, device.luts, "logic"),
        ("flip-flops", ffs, device.ffs, "logic"),
    ):
        if needed > available:
            raise DoesNotFit(
                f"does not fit: core {core.name} needs {needed} {what} after synthesis, "
                f"{device.name} has {available} (choose a device with more {fix})"
            )


def _key(inputs: dict[str, Any]) -> str:
    return fingerprint(json.dumps(inputs, sort_keys=True), digits=10)


def synth_dir_name(core_name: str, family: str, key: str) -> str:
    """The folder under ``build/synth`` of a core's netlist for a family (``key``: "*" in a glob)."""
    return f"{core_name}-{family}-{key}"


def run_dir_name(core_name: str, device: str, seed: int, key: str) -> str:
    """The folder under ``build/impl`` of one place-and-route run (``key``: "" for its prefix)."""
    return f"{core_name}-{device}-s{seed}-{key}"


def run_dir_for(core: Core, settings: ImplSettings, build_dir: Path) -> Path:
    return build_dir / "impl" / run_dir_name(core.name, settings.device.name, settings.seed, _key(settings.inputs(core)))


#: What synthesis writes; a run directory gets a link to each.
_SYNTH_FILES = ("synth.ys", "yosys.log", "synth.json", "synth_stat.json")


def synthesize(core: Core, settings: ImplSettings, build_dir: Path, run_dir: Path) -> None:
    """Synthesize ``core`` for the family of the device, or reuse the netlist an earlier run
    made from the same inputs, and link the files into ``run_dir``. A lock lets parallel
    runs for several devices wait for one synthesis instead of each running their own."""
    inputs = settings.inputs(core)
    names: tuple[str, ...] = ("core", "core_fingerprint", "top", "parameters", "synth", "synth_post")
    synth_inputs = {name: inputs[name] for name in names if name in inputs}
    synth_inputs["yosys"] = inputs["tools"]["yosys"]
    synth_dir = build_dir / "synth" / synth_dir_name(core.name, settings.device.family, _key(synth_inputs))
    synth_dir.mkdir(parents=True, exist_ok=True)
    finished = synth_dir / "synth.done"
    view = verilog_view(core)  # the Verilog the tools take (the inputs, the job's identity, are the core's)
    with open(synth_dir / "synth.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not finished.is_file():
                # Sources by relative path: YoWASP tools see the file system through WASI
                # preopens, and their own /tmp hides the host's, while relative paths reach
                # every directory.
                sources = " ".join(os.path.relpath(source, synth_dir) for source in view.sources)
                chparams = "".join(f"chparam -set {name} {value} {view.top}\n" for name, value in view.parameters.items())
                (synth_dir / "synth.ys").write_text(
                    f"read_verilog -sv {sources}\n"
                    + chparams
                    + (
                        f"{inputs['synth']} -top {view.top}\n{inputs['synth_post']}\nwrite_json synth.json\n"
                        if "synth_post" in inputs
                        else f"{inputs['synth']} -top {view.top} -json synth.json\n"
                    )
                    + "tee -o synth_stat.json stat -json\n"
                )
                try:
                    _run(
                        [YOSYS.command(), "-q", "synth.ys"],
                        synth_dir / "yosys.log",
                        synth_dir,
                        settings.timeout_s,
                        "yosys",
                        view.parameters,
                    )
                except ToolFailure as failure:  # a latch in a VHDL core: say where in the VHDL
                    in_vhdl = latch_source(view.sources[0], str(failure)) if core.is_vhdl else None
                    if in_vhdl is None:
                        raise
                    raise ToolFailure(f"yosys: {in_vhdl}") from None
                families.fix_netlist(settings.device.family, synth_dir / "synth.json")
                finished.touch()
        finally:
            for name in _SYNTH_FILES:
                _link(synth_dir / name, run_dir / name)


def _link(source: Path, target: Path) -> None:
    target.unlink(missing_ok=True)
    if not source.is_file():
        return
    try:
        os.link(source, target)
    except OSError:  # another file system, or one without hard links
        shutil.copy2(source, target)


def implement(core: Core, settings: ImplSettings, build_dir: Path) -> ImplResult:
    """Synthesize, place and route ``core``; a tool failure is returned, not raised."""
    device = settings.device
    run_dir = run_dir_for(core, settings, build_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    inputs = settings.inputs(core)
    (run_dir / "settings.json").write_text(json.dumps(inputs, indent=2))
    result = ImplResult(device.name, settings.seed, settings.freq_mhz, ok=False, tools=inputs["tools"], run_dir=str(run_dir))
    try:
        synthesize(core, settings, build_dir, run_dir)
        check_fit(core, device, json.loads((run_dir / "synth_stat.json").read_text()))
        pins = write_constraints(device, run_dir / "synth.json", verilog_view(core).top, run_dir)
        _run(
            [
                NEXTPNR[device.family].command(),
                *inputs["nextpnr_args"],
                *pins,
                "--json",
                "synth.json",
                "--report",
                "report.json",
                "--write",
                "routed.json",
                "--sdf",
                "routed.sdf",
                "--freq",
                f"{settings.freq_mhz:g}",
                "--seed",
                str(settings.seed),
                "--timing-allow-fail",
            ],
            run_dir / "nextpnr.log",
            run_dir,
            settings.timeout_s,
            "nextpnr",
            core.parameters,
        )
    except ToolFailure as failure:
        result.error = str(failure)
        result.fits = False if isinstance(failure, DoesNotFit) else None
        return result

    report = json.loads((run_dir / "report.json").read_text())
    used = {name: entry["used"] for name, entry in report.get("utilization", {}).items() if entry["used"]}
    fmax = [clock["achieved"] for clock in report.get("fmax", {}).values()]
    result.utilization = used
    result.fmax_mhz = round(min(fmax), 2) if fmax else None
    counts = families.usage(device.family, used, run_dir)
    result.luts, result.ffs, result.brams, result.dsps = counts.luts, counts.ffs, counts.brams, counts.dsps
    result.area_unit = device.area_unit
    result.timing_note = families.timing_note(device.family, used)
    result.ok = result.fits = True
    (run_dir / "results.json").write_text(json.dumps(result.as_dict(), indent=2))
    return result
