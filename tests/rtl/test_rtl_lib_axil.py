"""rtl/lib/axil_slave in Icarus, in lock-step with a Python model: an AXI4-Lite master with
random stalls on every channel (write address and write data valid in either order and at
different times, random BREADY and RREADY, reads delayed) and a register block behind the
slave. Every cycle's outputs must be the model's; every transaction must complete once, in
order, with the right response and read data."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from support.rtl_lib_sim import compile_tb, run_cycles, run_tb

OKAY, SLVERR = 0, 2


@dataclass
class Slave:
    """The slave's registers (None: unknown, the response registers have no reset);
    outputs() is combinational, clock() the rising edge."""

    bvalid: int | None = None
    bresp: int | None = None
    rvalid: int | None = None
    rresp: int | None = None
    rdata: int | None = None

    def outputs(self, i: dict[str, int]) -> dict[str, int | None]:
        write = int(i["awvalid"] and i["wvalid"] and not self.bvalid)
        read = int(i["arvalid"] and not self.rvalid)
        return {
            "awready": write,
            "wready": write,
            "bresp": self.bresp,
            "bvalid": self.bvalid,
            "arready": read,
            "rdata": self.rdata,
            "rresp": self.rresp,
            "rvalid": self.rvalid,
            "reg_wr": int(write and i["wstrb"] == 0xF and not i["reg_werr"]),
            "reg_waddr": i["awaddr"],
            "reg_wdata": i["wdata"],
            "reg_raddr": i["araddr"],
        }

    def clock(self, i: dict[str, int], o: dict[str, int | None]) -> None:
        if o["awready"]:
            self.bvalid, self.bresp = 1, SLVERR if i["reg_werr"] or i["wstrb"] != 0xF else OKAY
        elif i["bready"]:
            self.bvalid = 0
        if o["arready"]:
            self.rvalid, self.rresp = 1, SLVERR if i["reg_rerr"] else OKAY
            self.rdata = 0 if i["reg_rerr"] else i["reg_rdata"]
        elif i["rready"]:
            self.rvalid = 0
        if i["rst"]:
            self.bvalid = self.rvalid = 0


@dataclass
class Channel:
    """One master channel: the transactions still to send and the cycles to wait before VALID."""

    pending: list[tuple[int, ...]]
    wait: int = 0
    valid: bool = False
    sent: list[tuple[int, ...]] = field(default_factory=list)


def test_axil_slave_model_and_master(tmp_path: Path) -> None:
    for addr_w in (2, 4, 8):
        run_master(tmp_path, addr_w, random.Random(addr_w))


def run_master(tmp_path: Path, addr_w: int, rng: random.Random) -> None:
    werr_addr, rerr_addr = (1 << addr_w) - 1, (1 << addr_w) - 2
    writes = [
        (rng.randrange(1 << addr_w), rng.getrandbits(32), 0xF if rng.random() < 0.85 else rng.getrandbits(4)) for _ in range(80)
    ]
    reads = [(rng.randrange(1 << addr_w),) for _ in range(80)]
    aw, w = Channel([(a,) for a, _, _ in writes]), Channel([(d, s) for _, d, s in writes])
    ar = Channel(list(reads))
    for ch in (aw, w, ar):
        ch.wait = rng.randrange(4)
    regs: dict[int, int] = {}
    slave = Slave()
    stimulus, expected = [], []
    responses_b: list[int] = []
    responses_r: list[tuple[int, int]] = []
    expect_b: list[int] = []
    expect_r: list[tuple[int, int]] = []
    strobes: list[tuple[int, int]] = []
    n = 0
    while (aw.pending or w.pending or ar.pending or slave.bvalid or slave.rvalid) and n < 5000:
        for ch in (aw, w, ar):  # VALID after the wait, then held until the handshake
            if ch.pending and not ch.valid:
                if ch.wait:
                    ch.wait -= 1
                else:
                    ch.valid = True
        i = {
            "rst": int(n < 2),
            "awaddr": aw.pending[0][0] if aw.valid else rng.randrange(1 << addr_w),
            "awvalid": int(aw.valid and n >= 2),
            "wdata": w.pending[0][0] if w.valid else rng.getrandbits(32),
            "wstrb": w.pending[0][1] if w.valid else rng.getrandbits(4),
            "wvalid": int(w.valid and n >= 2),
            "bready": int(rng.random() < 0.5),
            "araddr": ar.pending[0][0] if ar.valid else rng.randrange(1 << addr_w),
            "arvalid": int(ar.valid and n >= 2),
            "rready": int(rng.random() < 0.5),
        }
        i["reg_werr"] = int(i["awaddr"] == werr_addr)
        i["reg_rerr"] = int(i["araddr"] == rerr_addr)
        i["reg_rdata"] = regs.get(i["araddr"], 0)
        o = slave.outputs(i)
        if o["bvalid"] and i["bready"]:
            responses_b.append(o["bresp"])
        if o["rvalid"] and i["rready"]:
            responses_r.append((o["rresp"], o["rdata"]))
        if o["awready"]:  # the write: address and data together
            addr, (data, strb) = aw.pending.pop(0)[0], w.pending.pop(0)
            ok = strb == 0xF and addr != werr_addr
            expect_b.append(OKAY if ok else SLVERR)
            if ok:
                strobes.append((addr, data))
            for ch in (aw, w):
                ch.valid, ch.wait = False, rng.randrange(5)
        if o["arready"]:  # the read sees the registers before this cycle's write
            addr = ar.pending.pop(0)[0]
            expect_r.append((SLVERR, 0) if addr == rerr_addr else (OKAY, regs.get(addr, 0)))
            ar.valid, ar.wait = False, rng.randrange(5)
        if o["reg_wr"]:
            regs[i["awaddr"]] = i["wdata"]
        stimulus.append(i)
        expected.append(o)
        slave.clock(i, o)
        n += 1
    assert not (aw.pending or w.pending or ar.pending), "the master did not finish"
    assert responses_b == expect_b and responses_r == expect_r  # the model answers every transaction

    inputs = [
        ("rst", 1),
        ("awaddr", addr_w),
        ("awvalid", 1),
        ("wdata", 32),
        ("wstrb", 4),
        ("wvalid", 1),
        ("bready", 1),
        ("araddr", addr_w),
        ("arvalid", 1),
        ("rready", 1),
        ("reg_werr", 1),
        ("reg_rdata", 32),
        ("reg_rerr", 1),
    ]
    outputs = [
        ("awready", 1),
        ("wready", 1),
        ("bresp", 2),
        ("bvalid", 1),
        ("arready", 1),
        ("rdata", 32),
        ("rresp", 2),
        ("rvalid", 1),
        ("reg_wr", 1),
        ("reg_waddr", addr_w),
        ("reg_wdata", 32),
        ("reg_raddr", addr_w),
    ]
    ports = [(f"s_axil_{name}" if not name.startswith(("reg_", "rst")) else name, width) for name, width in inputs]
    outs = [(f"s_axil_{name}" if not name.startswith("reg_") else name, width) for name, width in outputs]
    rows = [{port: cycle[name] for (port, _), (name, _) in zip(ports, inputs)} for cycle in stimulus]
    got = run_cycles(tmp_path, "axil_slave", ["axil_slave"], {"ADDR_W": addr_w}, ports, outs, rows)
    for n, (exp, out) in enumerate(zip(expected, got)):
        for (port, _), (name, _) in zip(outs, outputs):
            if exp[name] is not None:
                assert out[port] == exp[name], (addr_w, n, name)
    # both orders of write address and data happened, and stalls on the responses
    aw_first = sum(1 for a, b in zip(stimulus, stimulus[1:]) if a["awvalid"] and not a["wvalid"] and b["wvalid"])
    w_first = sum(1 for a, b in zip(stimulus, stimulus[1:]) if a["wvalid"] and not a["awvalid"] and b["awvalid"])
    assert aw_first > 3 and w_first > 3
    assert len(strobes) == sum(1 for e in expected if e["reg_wr"])


@pytest.mark.parametrize("addr_w", [1, 33])
def test_axil_slave_rejects_bad_address_widths(tmp_path: Path, addr_w: int) -> None:
    testbench = f"""`default_nettype none
module axil_tb;
    wire [{addr_w - 1}:0] a;
    wire [31:0] d;
    wire x;
    wire [1:0] r;
    axil_slave #(.ADDR_W({addr_w})) dut (.clk(1'b0), .rst(1'b0), .s_axil_awaddr(a), .s_axil_awvalid(1'b0),
        .s_axil_awready(x), .s_axil_wdata(d), .s_axil_wstrb(4'h0), .s_axil_wvalid(1'b0), .s_axil_wready(x),
        .s_axil_bresp(r), .s_axil_bvalid(x), .s_axil_bready(1'b0), .s_axil_araddr(a), .s_axil_arvalid(1'b0),
        .s_axil_arready(x), .s_axil_rdata(d), .s_axil_rresp(r), .s_axil_rvalid(x), .s_axil_rready(1'b0),
        .reg_wr(x), .reg_waddr(a), .reg_wdata(d), .reg_werr(1'b0), .reg_raddr(a), .reg_rdata(d), .reg_rerr(1'b0));
endmodule
"""
    lines = run_tb(compile_tb(tmp_path, "axil_tb", testbench, ["axil_slave"]))
    assert any(line.startswith("axil_slave: ADDR_W must be 2..32") for line in lines)
