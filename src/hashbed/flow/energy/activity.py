"""Switching activity of a synthesized core: its netlist (``hashbed.flow.energy.netlist``) hashes a
message in Icarus behind the timing testbench (zero delays, hashbed's ECP5 cell models), a
VCD of every net is written, and each net's toggles (0 <-> 1) are counted, with the time that
the block-RAM and distributed-RAM enables are high."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import Core
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.energy.netlist import ActivityNetlist
from hashbed.flow.sim.icarus import CORE_TESTBENCH, compile_simulation, run_simulation, written_words

CELL_MODELS = Path(__file__).with_name("ecp5_zero_delay_cells.v")
PERIOD_PS = 10_000
_VAR = re.compile(r"^\$var \S+ 1 (\S+) n(\d+) \$end$")
#: Added to the netlist (the testbench has one root, tb, and the core under its hash interface's
#: branch): every net of the core into the VCD.
_DUMP = """    initial begin
        $dumpfile("{vcd}");
        $dumpvars(1, tb.hash.dut);
    end
endmodule
"""


@dataclass(frozen=True)
class Activity:
    #: Clock cycles simulated, from the end of reset to the last digest word.
    cycles: int
    #: JSON bit number -> toggles.
    toggles: dict[int, int]
    #: JSON bit number -> clock cycles with the net at 1 (for enables), for the nets asked for.
    high_cycles: dict[int, float]


def simulate_activity(core: Core, netlist: ActivityNetlist, message: Message, high_nets: set[int]) -> Activity:
    """Hash ``message`` in the netlist; a wrong digest or a hung core is a CoreFailure."""
    width, interface = core.bus_width, core.hash_interface
    words = interface.message_words(message, core.algorithm)
    outputs = interface.digest_words(core.algorithm.digest_bits)
    with tempfile.TemporaryDirectory(prefix="hashbed-energy-") as work:
        folder = Path(work)
        verilog = netlist.verilog.removesuffix("endmodule\n") + _DUMP.format(vcd=folder / "activity.vcd")
        (folder / "netlist.v").write_text(verilog)
        (folder / "words.hex").write_text("".join(f"{word:0{width // 4}x}\n" for word in words))
        executable = compile_simulation(
            folder / "sim", [CELL_MODELS, folder / "netlist.v", CORE_TESTBENCH], "tb", interface.testbench_parameters()
        )
        limit = 4 * core.cycles.cycles(-(-len(words) * width // core.algorithm.block_bits)) + 1000
        output = run_simulation(
            executable,
            {
                "words": str(folder / "words.hex"),
                "count": len(words),
                "outputs": outputs,
                "period": PERIOD_PS,
                "input_delay": PERIOD_PS // 4,
                "max_cycles": limit,
            },
            timeout_s=3600,
        )
        if "done" not in output.split():
            raise CoreFailure(
                f"core {core.name}: the synthesized netlist did not finish a {message.bits}-bit message "
                f"in {limit} cycles ({output.strip()[-120:] or 'no output'})"
            )
        written = written_words(output)
        if written is None:
            raise CoreFailure(
                f"core {core.name}: the synthesized netlist wrote a word with unknown (x) bits for a {message.bits}-bit message"
            )
        digest = interface.digest(written, core.algorithm.digest_bits)
        if digest != core.algorithm.digest(message):
            raise CoreFailure(
                f"core {core.name}: the synthesized netlist gave a wrong digest for a {message.bits}-bit "
                "message (a cell model or the synthesis is wrong)"
            )
        return _count(folder / "activity.vcd", high_nets)


def _count(vcd: Path, high_nets: set[int]) -> Activity:
    """Toggles per net after reset (the testbench holds reset for its first 400 ns)."""
    reset_end = 400_000
    ids: dict[str, int] = {}
    values: dict[str, str] = {}
    toggles: dict[int, int] = {}
    high_since: dict[str, int] = {}
    high: dict[int, float] = {}
    time = 0
    with vcd.open() as lines:
        for line in lines:
            if line.startswith("$var"):
                match = _VAR.match(line.strip())
                if match:
                    ids[match[1]] = int(match[2])
                continue
            if line.startswith("#"):
                time = int(line[1:])
                continue
            if not line or line[0] not in "01xz":
                continue
            value, code = line[0], line[1:].strip()
            bit = ids.get(code)
            if bit is None:
                continue
            old = values.get(code)
            values[code] = value
            if time > reset_end and old in ("0", "1") and value in ("0", "1") and old != value:
                toggles[bit] = toggles.get(bit, 0) + 1
            if bit in high_nets:
                if value == "1" and code not in high_since:
                    high_since[code] = max(time, reset_end)
                elif value != "1" and code in high_since:
                    start = high_since.pop(code)
                    high[bit] = high.get(bit, 0.0) + max(0, time - start) / PERIOD_PS
    if not ids:
        raise HashbedError(f"{vcd}: no nets in the activity dump")
    for code, start in high_since.items():
        high[ids[code]] = high.get(ids[code], 0.0) + max(0, time - start) / PERIOD_PS
    return Activity(max(0, time - reset_end) // PERIOD_PS, toggles, high)
