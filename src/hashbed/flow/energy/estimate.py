"""The energy estimate of one implemented core (``hashbed energy``): two long messages that
differ by ``EXTRA_BLOCKS`` blocks hashed by the synthesized netlist, their dynamic energies
under the model of ``hashbed.flow.energy.model``, and the static energy at the core's Fmax."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.code_version import CodeVersion
from hashbed.catalogue.cores import Core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.throughput import throughput_mbps
from hashbed.errors import CoreFailure, HashbedError
from hashbed.flow.energy.activity import CELL_MODELS, simulate_activity
from hashbed.flow.energy.model import EnergyModel, dynamic_energy_pj
from hashbed.flow.energy.netlist import activity_netlist
from hashbed.flow.hdl import verilog_view
from hashbed.flow.sim.icarus import CORE_TESTBENCH, icarus_version

ENERGY_STEP = "energy"
MODEL = EnergyModel()
#: The two messages: one block of data, and this many blocks more.
EXTRA_BLOCKS = 4
#: The code of the estimate in its jobs' keys (hashbed.catalogue.code_version); the model's
#: constants are in the keys themselves (``MODEL.as_dict()``).
ENERGY_CODE = CodeVersion(
    "energy",
    1,
    modules=tuple(f"hashbed.flow.energy.{name}" for name in ("estimate", "activity", "netlist", "model")),
    files=(CELL_MODELS, CORE_TESTBENCH),
    changes={
        1: "the first numbered version; the keys before it hashed the text of the cell models and the testbench "
        "(hashbed.results.migrate gives those jobs this version: they were made by this code)"
    },
)


def energy_inputs(core: Core, implement_key: str, device: str, seed: int) -> dict[str, Any]:
    """What identifies an estimate: the implementation, the model, the code of the simulation."""
    return {
        "core": core.name,
        "device": device,
        "seed": seed,
        "implement_job": implement_key,
        "model": MODEL.as_dict(),
        "extra_blocks": EXTRA_BLOCKS,
        "simulation": ENERGY_CODE.key(),
        "cycles": core.cycles.counts(),
        "tools": {"icarus": icarus_version()},
    }


def estimate(core: Core, implemented: dict[str, Any]) -> dict[str, Any]:
    """Energy per bit for long messages (dynamic, static, total), pJ, and the powers at Fmax."""
    device = get_device(implemented["device"])
    if device.family != "ecp5":
        raise HashbedError(
            f"energy estimates exist for ECP5 devices only (the cell models and the capacitance model), not {device.name}"
        )
    static_mw = MODEL.static_power_mw(device.name)
    netlist = activity_netlist(Path(implemented["run_dir"]) / "synth.json", verilog_view(core).top)
    enables = {bit for bits in netlist.enables.values() for bit in bits if isinstance(bit, int)}
    block_bytes = core.algorithm.block_bits // 8
    rng = random.Random(1)
    first = rng.randbytes(block_bytes)
    short, long = Message.from_bytes(first), Message.from_bytes(first + rng.randbytes(EXTRA_BLOCKS * block_bytes))
    one, more = (simulate_activity(core, netlist, message, enables) for message in (short, long))
    lp = core.cycles.lp
    if more.cycles - one.cycles != EXTRA_BLOCKS * lp:
        raise CoreFailure(
            f"core {core.name}: the synthesized netlist took {more.cycles - one.cycles} cycles for "
            f"{EXTRA_BLOCKS} more blocks, the manifest says {EXTRA_BLOCKS * lp}"
        )
    bits = EXTRA_BLOCKS * core.algorithm.block_bits
    dynamic = (dynamic_energy_pj(MODEL, netlist, more) - dynamic_energy_pj(MODEL, netlist, one)) / bits
    fmax = implemented["fmax_mhz"]
    throughput = throughput_mbps(core.algorithm.block_bits, lp, fmax)
    static = static_mw * 1e3 / throughput if static_mw is not None else None  # mW / (Mbit/s) = nJ/bit
    toggles = sum(more.toggles.values()) - sum(one.toggles.values())
    return {
        "device": device.name,
        "fmax_mhz": fmax,
        "throughput_mbps": round(throughput, 2),
        "dynamic_pj_per_bit": round(dynamic, 3),
        "static_pj_per_bit": round(static, 3) if static is not None else None,
        "energy_pj_per_bit": round(dynamic + static, 3) if static is not None else None,
        "dynamic_mw_at_fmax": round(dynamic * throughput * 1e-3, 3),
        "static_mw": static_mw,
        "toggles_per_cycle": round(toggles / (EXTRA_BLOCKS * lp), 1),
    }
