"""hashbed's energy estimate of a core on ECP5 (docs/lightweight.md, "Energy"): switching
activity from the simulation of the synthesized netlist, weighted by a per-resource
capacitance model, plus static power. An ESTIMATE: the capacitances and static powers below
are hashbed's assumptions of the right order for a 40 nm FPGA at 1.1 V, not vendor data, and
the nets' routing is estimated from their fanout, not taken from the placed design.

Dynamic energy of a message: each toggle of a net costs C·V²/2 with C = the driving pin's
capacitance + a routing-and-input capacitance per fanout (carry nets use the dedicated carry
chain); the clock costs C_clk·V² per flip-flop and cycle; a block-RAM port costs E_bram per
cycle with its clock enable high, a distributed-RAM write E_lutram_write per cycle with its
write enable high. Energy per bit for long messages is the difference between two messages
that differ by whole blocks, divided by the bits of those blocks, so the start and end of a
message cancel. Static energy per bit is the device's static power times the time a bit takes
at the core's Fmax.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from hashbed.flow.energy.activity import Activity
from hashbed.flow.energy.netlist import ActivityNetlist


@dataclass(frozen=True)
class EnergyModel:
    volts: float = 1.1
    #: Driving pin capacitance per cell output, fF ("other" for any output not listed).
    pin_ff: tuple[tuple[str, float], ...] = (
        ("LUT4.Z", 15.0),
        ("PFUMX.Z", 10.0),
        ("L6MUX21.Z", 10.0),
        ("CCU2C.S0", 15.0),
        ("CCU2C.S1", 15.0),
        ("CCU2C.COUT", 3.0),
        ("TRELLIS_FF.Q", 15.0),
        ("TRELLIS_DPR16X4.DO", 15.0),
        ("DP16KD", 30.0),
        ("other", 15.0),
    )
    #: Routing and input pin per fanout of a general net, and of a carry-chain net, fF.
    fanout_ff: float = 40.0
    carry_fanout_ff: float = 3.0
    #: Clock pin and local clock routing per flip-flop, fF (charged and discharged every cycle).
    clock_ff: float = 10.0
    #: One access of a block-RAM port, pJ; one write of a 16x4 distributed RAM, pJ.
    bram_access_pj: float = 10.0
    lutram_write_pj: float = 0.3
    #: Static (quiescent) power per device, mW, the same for every design on the device: hashbed's
    #: assumptions, not vendor figures (no public figure for the LFE5U-25F could be read from here:
    #: docs/lightweight.md, "Power and energy", names the data sheet table and the calculator to take).
    static_mw: tuple[tuple[str, float], ...] = (("ecp5-25k", 30.0), ("ecp5-45k", 50.0), ("ecp5-85k", 85.0))

    def pin_capacitance(self, driver: str, pin: str) -> float:
        table = dict(self.pin_ff)
        return table.get(f"{driver}.{pin}", table.get(driver, table["other"]))

    def static_power_mw(self, device: str) -> float | None:
        return dict(self.static_mw).get(device)

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def dynamic_energy_pj(model: EnergyModel, netlist: ActivityNetlist, activity: Activity) -> float:
    """The dynamic energy of one simulated message, pJ."""
    half_v2 = model.volts**2 / 2
    energy_ff_v2 = 0.0  # fF·V², so 1e-3 pJ
    for bit, toggles in activity.toggles.items():
        net = netlist.nets[bit]
        if net.driver in ("port", "undriven"):  # driven from outside the core: the source pays
            continue
        per_fanout = model.carry_fanout_ff if net.pin == "COUT" else model.fanout_ff
        energy_ff_v2 += toggles * half_v2 * (model.pin_capacitance(net.driver, net.pin) + per_fanout * net.fanout)
    flip_flops = netlist.cells.get("TRELLIS_FF", 0)
    energy_ff_v2 += activity.cycles * flip_flops * model.clock_ff * model.volts**2
    energy_pj = energy_ff_v2 * 1e-3
    for kind, cost in (("DP16KD", model.bram_access_pj), ("TRELLIS_DPR16X4", model.lutram_write_pj)):
        for enable in netlist.enables.get(kind, []):
            high = activity.cycles if enable == "1" else 0 if not isinstance(enable, int) else activity.high_cycles.get(enable, 0)
            energy_pj += high * cost
    return energy_pj
