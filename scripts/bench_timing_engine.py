"""Simulated clock cycles per second of the fast timing engine against Icarus, on the same timed
netlist of one core (default: SHA-256 on ice40-hx8k, seed 1), side by side in one run.

    .venv/bin/python scripts/bench_timing_engine.py [CORE] [DEVICE] [--build-dir DIR] [--run-dir DIR]
        [--other-engine EXECUTABLE] [--repeat N]

Implements the core (or takes the routed run directory ``--run-dir``, e.g. a copy of one in
build/impl, its static Fmax from its results.json), writes the timed
netlist for Icarus and the design for the engine, and sends the same transfers through both
at 0.9x the static Fmax: a 1-block and an 8-block message. The marginal rate (the difference of
the two transfers' cycles over the difference of their times) leaves out each simulator's
fixed cost per transfer (Icarus: loading the netlist; the engine: almost nothing), which the
raw rate includes. ``--other-engine`` also runs another build of the engine (e.g. an older
version, compiled by hand) on the same design in the same run, ``--repeat`` sends each transfer
N times through each simulator and keeps the fastest (a machine shared with other jobs). A
benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import get_device
from hashbed.flow.impl.implement import ImplSettings, implement
from hashbed.flow.sim.icarus import CORE_TESTBENCH, compile_simulation
from hashbed.flow.timing import engine as engine_module
from hashbed.flow.timing.engine import TimingEngine, engine_executable, write_engine_design
from hashbed.flow.timing.simulate import CELL_MODELS, write_timed_netlist
from hashbed.studies.zynq.timing import HOLD_MARGIN_PS
from hashbed.testbed.controller import Controller
from hashbed.testbed.timed_board import PostRouteBoard

#: core_tb.v's reset: four cycles of 100 ns before the core's clock starts.
RESET_CYCLES = 4


class CountingBoard(PostRouteBoard):
    """The post-route board that also keeps the testbench's last clock cycle of a transfer."""

    last_cycle = 0

    def _simulate(self, words: list[int], outputs: int, period: int, max_cycles: int) -> str:
        text = super()._simulate(words, outputs, period, max_cycles)
        self.last_cycle = int(re.findall(r"^last (\d+)$", text, re.MULTILINE)[-1])
        return text


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("core", nargs="?", default="sha256")
    parser.add_argument("device", nargs="?", default="ice40-hx8k")
    parser.add_argument("--build-dir", type=Path, default=Path("build-bench"))
    parser.add_argument("--run-dir", type=Path, help="a routed run directory of CORE on DEVICE to take as it is")
    parser.add_argument("--other-engine", type=Path, help="another engine executable to run side by side")
    parser.add_argument("--repeat", type=int, default=1, help="send each transfer N times, keep the fastest")
    args = parser.parse_args()
    core = load_core(args.core)
    family = get_device(args.device).family
    if args.run_dir:
        run_dir, fmax_mhz = args.run_dir, float(json.loads((args.run_dir / "results.json").read_text())["fmax_mhz"])
    else:
        result = implement(core, ImplSettings(get_device(args.device), seed=1), args.build_dir)
        assert result.ok and result.fmax_mhz, result.error
        run_dir, fmax_mhz = Path(result.run_dir), result.fmax_mhz
    timed = write_timed_netlist(run_dir, family)
    executable = compile_simulation(
        run_dir / "bench.vvp", [CORE_TESTBENCH, run_dir / "timed.v", CELL_MODELS[family]], "tb", {"W": core.bus_width}
    )
    design = write_engine_design(run_dir, name="bench.engine")
    mhz = round(0.9 * fmax_mhz, 1)
    block = core.algorithm.block_bits // 8
    messages = {blocks: Message.from_bytes((bytes(range(256)) * 8)[: blocks * block - 9]) for blocks in (1, 8)}
    print(f"{core.name} on {args.device}: STA Fmax {fmax_mhz} MHz, simulated at {mhz} MHz")
    timings: dict[str, dict[int, tuple[int, float]]] = {}
    simulations: list[tuple[str, Path | TimingEngine]] = [("icarus", executable)]
    engines: list[TimingEngine] = []
    if args.other_engine:
        this = engine_executable()
        engine_module.engine_executable = lambda: args.other_engine
        try:
            engines.append(TimingEngine(design.path))
        finally:
            engine_module.engine_executable = lambda: this
        simulations.append(("other", engines[-1]))
    engines.append(TimingEngine(design.path))
    simulations.append(("fast", engines[-1]))
    print(f"engine: {engines[-1].ready.splitlines()[0]}")
    try:
        for label, simulation in simulations:
            timings[label] = {}
            with CountingBoard(core, simulation, timed.clock_arrival_ps + HOLD_MARGIN_PS) as board:
                controller = Controller(board, core)
                controller.configure_output()
                controller.set_core_clock(mhz)
                for blocks, message in messages.items():
                    for _ in range(args.repeat):
                        started = time.perf_counter()
                        transfer = controller.hash(message)
                        seconds = time.perf_counter() - started
                        assert transfer.correct, (label, blocks)
                        cycles = RESET_CYCLES + board.last_cycle
                        if blocks not in timings[label] or seconds < timings[label][blocks][1]:
                            timings[label][blocks] = (cycles, seconds)
                    cycles, seconds = timings[label][blocks]
                    print(f"{label:>6} {blocks} block(s): {cycles} cycles in {seconds:.3f} s = {cycles / seconds:.0f} cycles/s")
    finally:
        for engine in engines:
            engine.close()
    rates = {}
    for label, runs in timings.items():
        (c1, t1), (c8, t8) = runs[1], runs[8]
        rates[label] = ((c8 - c1) / (t8 - t1), c8 / t8)
        print(f"{label:>6}: marginal {rates[label][0]:.0f} cycles/s, raw (8 blocks) {rates[label][1]:.0f} cycles/s")
    print(f"speed-up: marginal {rates['fast'][0] / rates['icarus'][0]:.0f}x, raw {rates['fast'][1] / rates['icarus'][1]:.0f}x")
    if "other" in rates:
        other, fast, icarus = rates["other"], rates["fast"], rates["icarus"]
        print(f"other engine: marginal {other[0] / icarus[0]:.0f}x, raw {other[1] / icarus[1]:.0f}x")
        print(f"fast over other: marginal {fast[0] / other[0]:.2f}x, raw {fast[1] / other[1]:.2f}x")


if __name__ == "__main__":
    main()
