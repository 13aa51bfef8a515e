"""The fast timing engine: an event-driven simulator of the routed cell netlist with its delays
(``engine.cpp``), in place of Icarus Verilog for the post-route timing simulation.

It simulates what Icarus simulates: the cells of nextpnr's ``routed.json`` (bit-level nets),
each with the delay parameters that ``hashbed.flow.timing.netlist.cell_delays`` computes for the
timed Verilog netlist, with the semantics of the cell models (``ice40_cells.v``) and of the
testbenches (``core_tb.v``, ``calibration_tb.v``) under Icarus (docs/methodology.md, "The fast
timing engine"). I/O cells are ideal: their pins become one net. g++ compiles the engine once,
into ``$HASHBED_CACHE/engine`` under the hash of its source; one engine process loads a design
once and runs every simulation of a search.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from hashbed.catalogue.code_version import CodeVersion
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.flow import native, processes
from hashbed.flow.sim.build import cache_root
from hashbed.flow.timing.netlist import IO_CELLS, Scale, cell_delays, cell_settings
from hashbed.flow.timing.sdf import read_sdf

ENGINE_SOURCE = Path(__file__).with_name("engine.cpp")
#: The engine's code in the keys of the timing jobs it runs (hashbed.catalogue.code_version).
ENGINE_CODE = CodeVersion(
    "engine",
    1,
    modules=("hashbed.flow.timing.engine",),
    files=(ENGINE_SOURCE,),
    changes={1: "the first numbered version; the keys before it hashed the text of engine.cpp and engine.py"},
)
_CXXFLAGS = ("-O3", "-std=c++17")
#: Net numbers of the constants in an engine design.
_CONSTANTS = {"0": 0, "1": 1, "x": 2}
#: The cell types the engine models (the I/O cells become nets).
ENGINE_CELLS = ("ICESTORM_LC", "SB_GB", "TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW", "DP16KD", "DCCA")
#: The design file's format (engine.cpp reads this version only).
_FORMAT = "hashbed-engine 2"
#: Numbers the engine reads as 64-bit integers; wider ones (a block RAM's INITVAL_xx) go as hex.
_WIDE = 1 << 63
#: The iCE40 I/O cell's PIN_TYPE[5:2] of an output and of an input (ice40_cells.v models these two).
_SB_IO_OUTPUT, _SB_IO_INPUT = 0b0110, 0b0000


def engine_fingerprint() -> str:
    """The engine's identity: its source and how it is compiled."""
    return fingerprint(" ".join(_CXXFLAGS), [ENGINE_SOURCE])


def _compiler() -> str:
    return native.find_compiler("g++", "the fast timing engine", "; or use --engine icarus")


def compiler_version() -> str:
    return native.compiler_version(_compiler())


def engine_executable() -> Path:
    """The compiled engine (compiled now if its source changed)."""
    target = cache_root() / "engine" / f"engine-{engine_fingerprint()}"
    return native.build_once(target, _compiler, lambda out: [*_CXXFLAGS, "-o", out, str(ENGINE_SOURCE)], "the timing engine")


@dataclass(frozen=True)
class EngineDesign:
    path: Path
    #: The latest arrival of the clock edge at a flip-flop (as ``TimedNetlist.clock_arrival_ps``).
    clock_arrival_ps: int


def _number(value: Any) -> int | None:
    """A cell parameter as routed.json writes it (a binary string or a number), or None for text."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value and set(value) <= {"0", "1"}:
        return int(value, 2)
    return None


def _text(value: Any) -> str:
    """A text parameter of routed.json: Yosys adds a space to a text of only 0, 1, x and z
    (which would read as bits), e.g. ``SD: "1 "`` for the text "1"."""
    text = str(value)
    return text[:-1] if text.endswith(" ") and set(text[:-1]) <= set("01xz") else text


def _values(parameters: dict[str, Any]) -> dict[str, str]:
    """A cell's parameters as ``cell_settings`` takes them (as from the Verilog netlist): a
    text as itself, a number in decimal."""
    return {name: str(number) if (number := _number(value)) is not None else _text(value) for name, value in parameters.items()}


def _top(routed: dict[str, Any], path: Path) -> dict[str, Any]:
    modules = routed.get("modules", {})
    if "top" in modules:
        return dict(modules["top"])
    if len(modules) == 1:
        return dict(next(iter(modules.values())))
    raise HashbedError(f"{path}: no top module")


def _connected(cell: dict[str, Any]) -> set[str]:
    """The pins of a cell that the Verilog netlist connects (Yosys leaves out empty ones)."""
    return {pin for pin, bits in cell["connections"].items() if bits}


def _io_join(name: str, cell: dict[str, Any]) -> tuple[str, str]:
    """The pins an ideal I/O cell joins: its pad and the core's side."""
    if cell["type"] == "TRELLIS_IO":
        return "B", "I" if _text(cell["parameters"].get("DIR", "INPUT")) == "OUTPUT" else "O"
    pin_type = _number(cell["parameters"].get("PIN_TYPE", "000001")) or 0
    if pin_type & 0b11 != 0b01 or pin_type >> 2 not in (_SB_IO_OUTPUT, _SB_IO_INPUT):
        raise HashbedError(f"{cell['type']} {name}: only plain inputs and outputs are modelled, got PIN_TYPE {pin_type:06b}")
    return "PACKAGE_PIN", "D_OUT_0" if pin_type >> 2 == _SB_IO_OUTPUT else "D_IN_0"


def _token(name: str, value: str) -> str:
    """A text as one word of the design file."""
    if any(character.isspace() for character in value):
        raise HashbedError(f"the fast timing engine cannot take the parameter {name} {value!r}; use --engine icarus")
    return value


def engine_design_text(routed: dict[str, Any], cell_types_check: Sequence[str], delays_of: dict[str, dict[str, int]]) -> str:
    """The engine's design file for the top module of ``routed`` with the delays ``delays_of``.
    Every cell's parameters and connections are checked, and its derived settings made, by
    ``cell_settings``, as for the Verilog netlist."""
    top = _top(routed, Path("routed.json"))
    cells: dict[str, Any] = top["cells"]
    parent: dict[int, int] = {}

    def find(bit: int) -> int:
        while parent.get(bit, bit) != bit:
            bit = parent[bit]
        return bit

    settings: dict[str, dict[str, str]] = {}
    for name, cell in cells.items():
        cell_type = cell["type"]
        if cell_type not in IO_CELLS and cell_type not in cell_types_check:
            raise HashbedError(
                f"the fast timing engine has no model for cell type {cell_type} (instance {name}); use --engine icarus"
            )
        settings[name] = cell_settings(cell_type, name, _values(cell["parameters"]), _connected(cell))
        # the ideal I/O cells join their pin to the core's net
        if cell_type in IO_CELLS:
            pad_pin, inner_pin = _io_join(name, cell)
            pad, inner = cell["connections"].get(pad_pin, []), cell["connections"].get(inner_pin, [])
            if len(pad) == 1 and len(inner) == 1 and isinstance(pad[0], int) and isinstance(inner[0], int):
                parent[find(pad[0])] = find(inner[0])

    numbers: dict[int, int] = {}

    def net(bit: int | str) -> int:
        if isinstance(bit, str):
            return _CONSTANTS.get(bit, -1)
        root = find(bit)
        if root not in numbers:
            numbers[root] = len(_CONSTANTS) + len(numbers)
        return numbers[root]

    driven = {
        find(bit)
        for port in top["ports"].values()
        if port["direction"] == "input"
        for bit in port["bits"]
        if isinstance(bit, int)
    }
    for cell in cells.values():
        if cell["type"] in IO_CELLS:
            continue
        for pin, bits in cell["connections"].items():
            if cell["port_directions"].get(pin) == "output":
                driven.update(find(bit) for bit in bits if isinstance(bit, int))

    lines = []
    for name, port in top["ports"].items():
        lines.append(f"port {name} {len(port['bits'])} " + " ".join(str(net(bit)) for bit in port["bits"]))
    for name, cell in cells.items():
        cell_type = cell["type"]
        if cell_type in IO_CELLS:
            continue
        lines.append(f"cell {cell_type} {name.replace(' ', '_') or '-'}")
        for parameter, value in sorted(cell["parameters"].items()):
            number = _number(value)
            if number is None:
                lines.append(f"text {parameter} ={_token(parameter, _text(value))}")
            elif number < _WIDE:
                lines.append(f"param {parameter} {number}")
            else:
                lines.append(f"hex {parameter} {number:x}")
        lines += [f"text {parameter} ={_token(parameter, value)}" for parameter, value in sorted(settings[name].items())]
        lines += [f"param {parameter} {value}" for parameter, value in sorted(delays_of.get(name, {}).items())]
        for pin, bits in sorted(cell["connections"].items()):
            if len(bits) != 1:
                continue
            bit = bits[0]
            output = cell["port_directions"].get(pin) == "output"
            number = net(bit) if output or isinstance(bit, str) or find(bit) in driven else -1
            lines.append(f"pin {pin} {number}")
        lines.append("end")
    return f"{_FORMAT}\nnets {len(_CONSTANTS) + len(numbers)}\n" + "\n".join(lines) + "\n"


def write_engine_design(run_dir: Path, scale: Scale | None = None, name: str = "timed.engine") -> EngineDesign:
    """``name`` in ``run_dir``: the routed design with its delays, for the engine (the delays
    scaled by ``scale`` per cell, as ``write_timed_netlist`` does)."""
    for required in ("routed.json", "routed.sdf"):
        if not (run_dir / required).is_file():
            raise HashbedError(f"{run_dir / required} is missing; implement the design again (hashbed implement --force)")
    routed = json.loads((run_dir / "routed.json").read_text())
    top = _top(routed, run_dir / "routed.json")
    cell_types = {name: str(cell["type"]) for name, cell in top["cells"].items()}
    delays = cell_delays(cell_types, read_sdf(run_dir / "routed.sdf"), scale)
    path = run_dir / name
    path.write_text(engine_design_text(routed, ENGINE_CELLS, delays.parameters))
    return EngineDesign(path, delays.clock_arrival_ps)


class TimingEngine:
    """One engine process with one design loaded; each ``run_*`` simulates from time 0."""

    def __init__(self, design: Path, timeout_s: float = 600) -> None:
        self.timeout_s = timeout_s
        self._process = processes.start(
            [str(engine_executable()), str(design)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self._pending = b""
        self.ready = self._answer()

    def __enter__(self) -> TimingEngine:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        processes.stop(self._process)

    def _answer(self) -> str:
        """The engine's lines up to its "end" line."""
        stdout = self._process.stdout
        assert stdout is not None
        deadline = time.monotonic() + self.timeout_s
        while b"\nend\n" not in b"\n" + self._pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([stdout.fileno()], [], [], left)[0]:
                self.close()
                raise HashbedError(f"the timing engine did not answer within {self.timeout_s:g} s")
            chunk = os.read(stdout.fileno(), 1 << 16)
            if not chunk:
                self.close()
                raise HashbedError(
                    f"the timing engine stopped: {self._pending.decode(errors='replace').strip()[-200:] or 'no output'}"
                )
            self._pending += chunk
        text, _, self._pending = (b"\n" + self._pending).partition(b"\nend\n")
        answer = text.decode().lstrip("\n")
        error = next((line for line in answer.splitlines() if line.startswith("fatal: ")), None)
        if error is not None:
            self.close()
            raise HashbedError(f"the timing engine: {error.removeprefix('fatal: ')}")
        return answer + "\n"

    def _command(self, line: str) -> str:
        stdin = self._process.stdin
        if stdin is None or self._process.poll() is not None:
            raise HashbedError("the timing engine is not running")
        stdin.write(line + "\n")
        stdin.flush()
        return self._answer()

    def run_core(
        self,
        words: Sequence[int],
        width: int,
        outputs: int,
        period_ps: int,
        input_delay_ps: int,
        max_cycles: int,
        sdi: Sequence[int] | None = None,
        sdi_width: int = 32,
    ) -> str:
        """What ``core_tb.v`` prints for these plusargs ("out <hex>" lines, "first", "last", "done" or
        "timeout"); with ``sdi`` (a list, possibly empty), what its LWC branch prints for an LWC core
        fed ``words`` on pdi and ``sdi`` on sdi."""

        def hex_words(values: Sequence[int], bits: int) -> list[str]:
            digits = max(1, -(-bits // 4))
            return [f"{value:0{digits}x}" for value in values]

        head = f"{period_ps} {input_delay_ps} {max_cycles} {outputs} {len(words)}"
        if sdi is None:
            return self._command(f"core {head} {' '.join(hex_words(words, width))}")
        text = " ".join([*hex_words(words, width), *hex_words(sdi, sdi_width)])
        return self._command(f"lwc {head} {len(sdi)} {text}")

    def run_calibration(self, period_ps: int, cycles: int, mode: int) -> list[str]:
        """The calibration design's sum where ``calibration_tb.v`` compares it (hex)."""
        answer = self._command(f"calibration {period_ps} {cycles} {mode}")
        return [line.split()[1] for line in answer.splitlines() if line.startswith("sample ")]


def carry_adder_sums(mode: int, count: int) -> list[int]:
    """The sum of rtl/calibration/carry_adder.v after 1, 2, ... ``count`` clock edges out of reset."""
    x = y = total = toggle = 0
    lfsr = 1
    sums = []
    for _ in range(count):
        x, y, total = (
            lfsr if mode else 0xFFFFFFFE | toggle,
            ((lfsr & 0xFFFF) << 16 | lfsr >> 16) if mode else toggle,
            (x + y) & 0xFFFFFFFF,
        )
        feedback = (lfsr >> 31 ^ lfsr >> 21 ^ lfsr >> 1 ^ lfsr) & 1
        lfsr = (lfsr << 1 & 0xFFFFFFFF) | feedback
        toggle ^= 1
        sums.append(total)
    return sums


def calibration_errors(engine: TimingEngine, period_ps: int, cycles: int, mode: int) -> int:
    """What ``calibration_tb.v`` counts: the samples where the routed adder's sum differs from the RTL's."""
    samples = engine.run_calibration(period_ps, cycles, mode)
    # calibration_tb.v compares after 4 edges out of reset and after every cycle
    expected = carry_adder_sums(mode, 4 + cycles)[3:]
    if len(samples) != len(expected):
        raise HashbedError(f"the timing engine gave {len(samples)} samples of the calibration, not {len(expected)}")
    return sum(1 for sample, value in zip(samples, expected) if sample != f"{value:08x}")
