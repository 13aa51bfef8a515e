"""rtl/lib/async_fifo in Icarus: two free-running clocks at several ratios, random
back-pressure on both sides, a reset of both domains in the middle of the traffic. The
testbench logs every clock edge of both domains; the test replays the log through a model of
the FIFO's pointers and synchronisers: no word lost, duplicated or reordered, no overflow, and
the full and empty flags exactly as the two-flop synchronised pointers make them."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from pathlib import Path

import pytest

from support.rtl_lib_sim import compile_tb, run_tb

TESTBENCH = """`timescale 1ns/1ps
`default_nettype none
module async_fifo_tb;
    parameter WIDTH = 16;
    parameter ADDR_W = 2;
    integer wr_ps, rd_ps, rd_phase_ps, seed, words, reset_at, hold_ps;
    reg wr_clk = 1'b0, rd_clk = 1'b0;
    reg wr_rst = 1'b1, rd_rst = 1'b1, rst_req = 1'b1, rst_trig = 1'b0;
    reg wr_en = 1'b0, rd_en = 1'b0;
    reg [WIDTH-1:0] wr_data = {WIDTH{1'b0}};
    wire wr_full, rd_empty;
    wire [WIDTH-1:0] rd_data;
    integer pushed = 0, wr_p = 128, rd_p = 128, wr_cyc = 0, rd_cyc = 0, r;
    reg reset_done = 1'b0, writer_done = 1'b0;

    async_fifo #(.WIDTH(WIDTH), .ADDR_W(ADDR_W)) dut (
        .wr_clk(wr_clk), .wr_rst(wr_rst), .wr_en(wr_en), .wr_data(wr_data), .wr_full(wr_full),
        .rd_clk(rd_clk), .rd_rst(rd_rst), .rd_en(rd_en), .rd_data(rd_data), .rd_empty(rd_empty)
    );

    function integer ps_now(input integer unused);
        ps_now = $rtoi($realtime * 1000.0 + 0.5);
    endfunction

    initial begin
        if (!$value$plusargs("wr_ps=%d", wr_ps) || !$value$plusargs("rd_ps=%d", rd_ps)
            || !$value$plusargs("rd_phase_ps=%d", rd_phase_ps) || !$value$plusargs("seed=%d", seed)
            || !$value$plusargs("words=%d", words) || !$value$plusargs("reset_at=%d", reset_at)
            || !$value$plusargs("hold_ps=%d", hold_ps)) begin
            $display("missing plusargs");
            $finish;
        end
        #(hold_ps / 1000.0) rst_req = 1'b0;
    end
    initial begin
        #0.001;
        forever #(wr_ps / 2000.0) wr_clk = ~wr_clk;
    end
    initial begin
        #(0.001 + rd_phase_ps / 1000.0);
        forever #(rd_ps / 2000.0) rd_clk = ~rd_clk;
    end
    // the reset of both domains in the middle of the traffic, held hold_ps
    always @(posedge rst_trig) begin
        rst_req = 1'b1;
        #(hold_ps / 1000.0) rst_req = 1'b0;
    end

    // write side: log the edge (values before it), then drive the next cycle
    always @(posedge wr_clk) begin
        $display("W %0d %b %b %b %h", ps_now(0), wr_rst, wr_en, wr_full, wr_data);
        if (wr_en && !wr_full && !wr_rst) pushed = pushed + 1;
        wr_rst <= rst_req;
        // the write probability (of 256) changes every 48 cycles: fill, drain, mixed phases
        wr_cyc = wr_cyc + 1;
        if (wr_cyc % 48 == 0) begin
            r = $random(seed) & 3;
            wr_p = r == 0 ? 240 : r == 1 ? 24 : 128;
        end
        if (pushed == reset_at && !reset_done) begin
            reset_done = 1'b1;
            rst_trig <= 1'b1;
        end
        if (pushed >= words) writer_done = 1'b1;
        wr_en <= !writer_done && (($random(seed) & 255) < wr_p);
        wr_data <= {$random(seed), $random(seed)} ^ pushed;
    end

    always @(posedge rd_clk) begin
        $display("R %0d %b %b %b %h", ps_now(0), rd_rst, rd_en, rd_empty, rd_data);
        rd_rst <= rst_req;
        rd_cyc = rd_cyc + 1;
        if (rd_cyc % 40 == 0) begin
            r = $random(seed) & 3;
            rd_p = r == 0 ? 240 : r == 1 ? 24 : 128;
        end
        if (writer_done) rd_p = 256;  // drain
        rd_en <= ($random(seed) & 255) < rd_p;
    end

    initial begin
        wait (writer_done);
        #((hold_ps + 40 * (wr_ps + rd_ps)) / 1000.0);
        $finish;
    end
endmodule
"""


@dataclass
class Edge:
    time: int
    rst: bool
    en: bool
    flag: bool  # full (write side) or empty (read side), before the edge
    data: int


def parse(lines: list[str]) -> tuple[list[Edge], list[Edge]]:
    sides: dict[str, list[Edge]] = {"W": [], "R": []}
    for line in lines:
        side, time, rst, en, flag, data = line.split()
        assert "x" not in flag.lower() or rst == "1", line  # unknown only before the first reset edge
        sides[side].append(
            Edge(int(time), rst == "1", en == "1", flag == "1", int(data, 16) if side == "W" and rst == "0" else -1)
        )
        if side == "R" and en == "1" and flag == "0" and rst == "0":
            assert "x" not in data.lower(), line
            sides[side][-1].data = int(data, 16)
    return sides["W"], sides["R"]


def epochs(edges: list[Edge]) -> list[int]:
    """The reset epoch of each edge: it goes up at the first edge of each reset."""
    out, epoch, before = [], 0, False
    for edge in edges:
        if edge.rst and not before:
            epoch += 1
        before = edge.rst
        out.append(epoch)
    return out


def check(lines: list[str], depth: int, words: int) -> dict[str, int]:
    wr, rd = parse(lines)
    assert not {e.time for e in wr} & {e.time for e in rd}, "a write and a read edge at the same time: ambiguous order"
    wr_epoch, rd_epoch = epochs(wr), epochs(rd)
    assert wr_epoch[-1] == rd_epoch[-1] == 2, "the initial reset and one in the middle of the traffic"

    # Words: what each epoch read is a prefix of what it wrote, the last one all of it
    pushes = [(e.time, wr_epoch[i], e.data) for i, e in enumerate(wr) if e.en and not e.flag and not e.rst]
    pops = [(e.time, rd_epoch[i], e.data) for i, e in enumerate(rd) if e.en and not e.flag and not e.rst]
    for epoch in (1, 2):
        written = [d for _, ep, d in pushes if ep == epoch]
        read = [d for _, ep, d in pops if ep == epoch]
        assert read == written[: len(read)], f"epoch {epoch}: words lost, duplicated or reordered"
        if epoch == 2:
            assert read == written, "words left in the FIFO at the end"
    assert len(pushes) == words

    # The flags, edge by edge, from the pointers: full at write edge k is
    # pushes(edges < k) - pops(read edges < write edge k-3) == depth; empty at read edge k is
    # pushes(write edges < read edge k-3) - pops(edges < k) == 0. Checked where neither
    # domain has been in reset since before the edges the synchronisers look back to.
    push_t = {ep: [t for t, e, _ in pushes if e == ep] for ep in (1, 2)}
    pop_t = {ep: [t for t, e, _ in pops if e == ep] for ep in (1, 2)}
    resets = sorted([e.time for e in wr if e.rst] + [e.time for e in rd if e.rst])

    seen = {"full": 0, "empty": 0, "checked": 0}
    for side, edges, ep_of in (("W", wr, wr_epoch), ("R", rd, rd_epoch)):
        for k in range(4, len(edges)):
            window = edges[k - 4 : k + 1]
            if any(e.rst for e in window):
                continue
            ep = ep_of[k]
            # the last reset edge of either domain lies before the edges looked back to
            i = bisect.bisect_left(resets, edges[k].time)
            if i and resets[i - 1] >= edges[k - 4].time:
                continue
            if side == "W":
                p = bisect.bisect_left(push_t[ep], edges[k].time)
                q = bisect.bisect_left(pop_t[ep], edges[k - 3].time)
                assert edges[k].flag == (p - q == depth), f"wr_full at {edges[k].time} ps"
                assert p - bisect.bisect_left(pop_t[ep], edges[k].time) <= depth, "overflow"
                seen["full"] += edges[k].flag
            else:
                p = bisect.bisect_left(push_t[ep], edges[k - 3].time)
                q = bisect.bisect_left(pop_t[ep], edges[k].time)
                assert edges[k].flag == (p - q == 0), f"rd_empty at {edges[k].time} ps"
                seen["empty"] += edges[k].flag
            seen["checked"] += 1
    return seen


# (write period, read period, read clock phase) in ps: frequency ratios write:read 1:1, 3:1,
# 1:3, 7:5 and two non-integer ones
CLOCKS = [
    (10000, 10000, 3100),
    (10000, 30000, 1234),
    (30000, 10000, 2345),
    (10000, 14000, 3333),
    (10000, 13700, 4321),
    (9300, 4100, 777),
]


@pytest.mark.parametrize(("width", "addr_w"), [(16, 2), (40, 4)])
def test_async_fifo_keeps_every_word_and_its_flags_at_every_clock_ratio(tmp_path: Path, width: int, addr_w: int) -> None:
    binary = compile_tb(tmp_path, "async_fifo_tb", TESTBENCH, ["async_fifo", "sync_2ff"], {"WIDTH": width, "ADDR_W": addr_w})
    words = 300
    for n, (wr_ps, rd_ps, phase) in enumerate(CLOCKS):
        hold = 6 * max(wr_ps, rd_ps)
        lines = run_tb(
            binary,
            {
                "wr_ps": wr_ps,
                "rd_ps": rd_ps,
                "rd_phase_ps": phase,
                "seed": 11 + n,
                "words": words,
                "reset_at": words // 3,
                "hold_ps": hold,
            },
        )
        seen = check(lines, 1 << addr_w, words)
        assert seen["full"] > 0 and seen["empty"] > 0, (wr_ps, rd_ps, seen)
        assert seen["checked"] > 400
