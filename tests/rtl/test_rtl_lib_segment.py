"""The segment reader of rtl/lib: seg_header (header decode) and block_counter (the segment's
last block), in Icarus against a Python model of the interface's segments (docs/interface.md)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms import ALGORITHMS
from hashbed.flow.sim.lint import lint_sources
from support.rtl_lib_sim import LIB, compile_tb, hex_or_none, run_tb, write_hex


@pytest.mark.parametrize(("w", "log2", "pad_min"), [(64, 9, 65), (32, 9, 1), (16, 9, 0), (64, 8, 512), (32, 5, 64)])
def test_seg_header_and_block_counter_lint_clean(w: int, log2: int, pad_min: int) -> None:
    parameters = {"W": w, "BLOCK_LOG2": log2, "PAD_MIN": pad_min}
    assert lint_sources("seg_header", [LIB / "seg_header.v"], parameters) == []
    if pad_min <= 1 << log2:
        sources = [LIB / "block_counter.v", LIB / "seg_header.v"]
        assert lint_sources("block_counter", sources, parameters) == []


@dataclass(frozen=True)
class Segment:
    """A header word decoded as the interface defines it."""

    last: bool
    whole: int
    tail: int
    blocks: int

    @property
    def extra(self) -> int:
        return self.blocks - self.whole


def decode(header: int, w: int, log2: int, pad_min: int) -> Segment:
    """A segment that is not the last carries its whole blocks; the last one carries
    ceil((SEGMENT_BITS + PAD_MIN) / block) blocks, at least one."""
    last = bool(header >> (w - 1))
    bits = header & ((1 << (w - 1)) - 1)
    whole, tail = divmod(bits, 1 << log2)
    blocks = max(1, -(-(bits + pad_min) >> log2)) if last else whole
    return Segment(last, whole, tail, blocks)


#: The padding rules the cores give seg_header: algorithm -> (BLOCK_LOG2, PAD_MIN)
CORE_RULES = {
    "sha-1/fips": (9, 65),
    "sha-256/fips": (9, 65),
    "blake-256/round2": (9, 66),
    "blake-256/round3": (9, 66),
    "groestl-256/round2": (9, 65),
    "groestl-256/round3": (9, 65),
    "jh-256/round2": (9, 512),
    "jh-256/round3": (9, 512),
    "shabal-256/round2": (9, 1),
    "shavite3-256/round2": (9, 81),
    "skein-512-256/round2": (9, 0),
    "skein-512-256/round3": (9, 0),
    "cubehash-256/round2": (8, 1),
    "luffa-256/round2": (8, 1),
    "hamsi-256/round2": (5, 65),
    "fugue-256/round2": (5, 64),
}


@pytest.mark.parametrize("key", sorted(CORE_RULES))
def test_the_model_counts_the_blocks_of_the_algorithms_padding(key: str) -> None:
    """For every rule a core uses, the last segment's blocks are the padded message's (the
    host's padding, hashbed.catalogue.algorithms), so the model below stands for the algorithms."""
    algorithm = ALGORITHMS[key]
    log2, pad_min = CORE_RULES[key]
    assert algorithm.block_bits == 1 << log2
    for bits in [*range(0, 3 * algorithm.block_bits + 2), 12345, 100003]:
        assert decode((1 << 63) | bits, 64, log2, pad_min).blocks == algorithm.padded_bits(bits) // algorithm.block_bits


def headers(rng: random.Random, w: int, log2: int, pad_min: int, count: int) -> list[int]:
    """Edge values of whole and tail around the spill threshold, then random ones."""
    whole_max = (1 << (w - 1 - log2)) - 1
    block = 1 << log2
    over = (block - pad_min % block) % block
    wholes = [0, 1, 2, whole_max - 1, whole_max]
    tails = sorted({t for t in (0, 1, over - 1, over, over + 1, block - 1) if 0 <= t < block})
    out = [(last << (w - 1)) | (whole << log2) | tail for last in (0, 1) for whole in wholes for tail in tails]
    while len(out) < count:
        out.append(rng.getrandbits(w))
    return out


SEG_HEADER_TB = """`default_nettype none
module seg_header_tb;
    parameter W = 64;
    parameter BLOCK_LOG2 = 9;
    parameter PAD_MIN = 65;
    parameter COUNT = 1;
    reg [W-1:0] mem [0:COUNT-1];
    reg [W-1:0] hdr;
    wire last, empty;
    wire [W-2-BLOCK_LOG2:0] whole;
    wire [BLOCK_LOG2-1:0] tail;
    wire [1:0] extra;
    wire [W-1-BLOCK_LOG2:0] blocks;
    seg_header #(.W(W), .BLOCK_LOG2(BLOCK_LOG2), .PAD_MIN(PAD_MIN)) dut (
        .hdr(hdr), .last(last), .whole(whole), .tail(tail), .extra(extra), .blocks(blocks), .empty(empty)
    );
    reg [8*512:1] path;
    integer i;
    initial begin
        if (!$value$plusargs("hex=%s", path)) $finish;
        $readmemh(path, mem);
        for (i = 0; i < COUNT; i = i + 1) begin
            hdr = mem[i];
            #1 $display("%h %h %h %h %h %h %h", hdr, last, whole, tail, extra, blocks, empty);
        end
    end
endmodule
"""

SEG_HEADER_PARAMS = [
    (16, 9, 65),
    (16, 9, 0),
    (16, 9, 1),
    (16, 9, 512),
    (16, 5, 65),
    (16, 5, 64),
    (16, 6, 2),
    (16, 6, 64),
    (32, 9, 66),
    (32, 5, 65),
    (32, 8, 1),
    (64, 9, 81),
    (64, 9, 0),
    (64, 8, 1),
    (64, 6, 25),
    (64, 2, 9),
]


@pytest.mark.parametrize(("w", "log2", "pad_min"), SEG_HEADER_PARAMS)
def test_seg_header_decodes_like_the_model(tmp_path: Path, w: int, log2: int, pad_min: int) -> None:
    rng = random.Random(w * 1000 + log2 * 10 + pad_min)
    values = headers(rng, w, log2, pad_min, 200)
    hexfile = write_hex(tmp_path / "headers.hex", values, w)
    binary = compile_tb(
        tmp_path,
        "seg_header_tb",
        SEG_HEADER_TB,
        ["seg_header"],
        {"W": w, "BLOCK_LOG2": log2, "PAD_MIN": pad_min, "COUNT": len(values)},
    )
    lines = run_tb(binary, {"hex": hexfile})
    assert len(lines) == len(values)
    for value, line in zip(values, lines):
        hdr, last, whole, tail, extra, blocks, empty = (int(f, 16) for f in line.split())
        seg = decode(value, w, log2, pad_min)
        assert hdr == value
        assert (last, whole, tail) == (seg.last, seg.whole, seg.tail), hex(value)
        assert (extra, blocks, empty) == (seg.extra, seg.blocks, seg.blocks == 0), hex(value)


@pytest.mark.parametrize(("w", "log2", "pad_min"), [(16, 9, 1026), (16, 9, -1), (24, 9, 65)])
def test_seg_header_rejects_bad_parameters(tmp_path: Path, w: int, log2: int, pad_min: int) -> None:
    hexfile = write_hex(tmp_path / "headers.hex", [0], w)
    binary = compile_tb(
        tmp_path, "seg_header_tb", SEG_HEADER_TB, ["seg_header"], {"W": w, "BLOCK_LOG2": log2, "PAD_MIN": pad_min, "COUNT": 1}
    )
    assert any(line.startswith("seg_header: ") and "must be" in line for line in run_tb(binary, {"hex": hexfile}))


BLOCK_COUNTER_TB = """`default_nettype none
module block_counter_tb;
    parameter W = 64;
    parameter BLOCK_LOG2 = 9;
    parameter PAD_MIN = 65;
    parameter COUNT = 1;
    reg [W+1:0] mem [0:COUNT-1];  // {load, step, din}
    reg clk = 1'b0;
    reg [W-1:0] din;
    reg load, step;
    wire hdr_last, hdr_empty, seg_last, last_block;
    block_counter #(.W(W), .BLOCK_LOG2(BLOCK_LOG2), .PAD_MIN(PAD_MIN)) dut (
        .clk(clk), .din(din), .load(load), .step(step),
        .hdr_last(hdr_last), .hdr_empty(hdr_empty), .seg_last(seg_last), .last_block(last_block)
    );
    reg [8*512:1] path;
    integer i;
    initial begin
        if (!$value$plusargs("hex=%s", path)) $finish;
        $readmemh(path, mem);
        for (i = 0; i < COUNT; i = i + 1) begin
            {load, step, din} = mem[i];
            #1 $display("%0d %b %b %b %b", i, hdr_last, hdr_empty, seg_last, last_block);
            #1 clk = 1'b1;
            #1 clk = 1'b0;
        end
    end
endmodule
"""


@dataclass
class Expect:
    """What block_counter must show in one cycle (None: not defined then)."""

    hdr_last: bool
    hdr_empty: bool
    seg_last: bool | None = None
    last_block: bool | None = None


def counter_stimulus(rng: random.Random, w: int, log2: int, pad_min: int) -> tuple[list[int], list[Expect]]:
    """Cycles of loads and block steps: segments of random headers, each block three to six
    cycles long (the module's minimum is three), idle gaps, and segments abandoned early
    (a new header before their last block), with the expected outputs of every cycle."""
    whole_max = (1 << (w - 1 - log2)) - 1
    cycles: list[tuple[int, int, int]] = []
    expect: list[Expect] = []
    seg: Segment | None = None
    block = 0  # index of the current block in seg
    since = 0  # cycles since the load or step that started it

    def cycle(load: int, step: int, din: int) -> None:
        nonlocal since, block
        now = decode(din, w, log2, pad_min)
        e = Expect(hdr_last=now.last, hdr_empty=now.blocks == 0)
        if seg is not None:
            e.seg_last = seg.last
            if since >= 3 and block < seg.blocks:
                e.last_block = block == seg.blocks - 1
        cycles.append((load, step, din))
        expect.append(e)
        since += 1

    for _ in range(40):
        for _ in range(rng.randrange(3)):
            cycle(0, 0, rng.getrandbits(w))
        last = rng.random() < 0.5
        kind = rng.random()
        whole = (
            rng.randrange(4) if kind < 0.7 else (whole_max - rng.randrange(2) if kind < 0.85 else rng.randrange(whole_max + 1))
        )
        tail = rng.randrange(1 << log2) if last else 0
        header = (int(last) << (w - 1)) | (whole << log2) | tail
        cycle(1, 0, header)
        seg, block, since = decode(header, w, log2, pad_min), 0, 1
        steps = seg.blocks if seg.blocks <= 70 else rng.randrange(1, 6)  # abandon long segments
        if rng.random() < 0.1:
            steps = min(steps, rng.randrange(seg.blocks + 1))
        for _ in range(steps):
            for _ in range(rng.randrange(2, 6)):
                cycle(0, 0, rng.getrandbits(w))
            cycle(0, 1, rng.getrandbits(w))
            block, since = block + 1, 1
    for _ in range(4):
        cycle(0, 0, 0)
    return [(load << (w + 1)) | (step << w) | din for load, step, din in cycles], expect


BLOCK_COUNTER_PARAMS = [
    (16, 9, 65),
    (16, 9, 66),
    (16, 9, 0),
    (16, 9, 1),
    (16, 9, 512),
    (16, 8, 1),
    (16, 5, 32),
    (16, 5, 1),
    (32, 9, 65),
    (64, 9, 512),
    (64, 9, 81),
    (64, 8, 1),
]


@pytest.mark.parametrize(("w", "log2", "pad_min"), BLOCK_COUNTER_PARAMS)
def test_block_counter_finds_every_segments_last_block(tmp_path: Path, w: int, log2: int, pad_min: int) -> None:
    rng = random.Random(7 * w + 3 * log2 + pad_min)
    words, expect = counter_stimulus(rng, w, log2, pad_min)
    hexfile = write_hex(tmp_path / "cycles.hex", words, w + 2)
    binary = compile_tb(
        tmp_path,
        "block_counter_tb",
        BLOCK_COUNTER_TB,
        ["block_counter", "seg_header"],
        {"W": w, "BLOCK_LOG2": log2, "PAD_MIN": pad_min, "COUNT": len(words)},
    )
    lines = run_tb(binary, {"hex": hexfile})
    assert len(lines) == len(expect)
    checked = 0
    for line, e in zip(lines, expect):
        index, hdr_last, hdr_empty, seg_last, last_block = line.split()
        got = [hex_or_none(v) for v in (hdr_last, hdr_empty, seg_last, last_block)]
        assert got[:2] == [e.hdr_last, e.hdr_empty], f"cycle {index}"
        if e.seg_last is not None:
            assert got[2] == e.seg_last, f"cycle {index}"
        if e.last_block is not None:
            assert got[3] == e.last_block, f"cycle {index}"
            checked += 1
    assert checked > len(expect) // 3


def test_block_counter_rejects_three_blocks_of_padding(tmp_path: Path) -> None:
    hexfile = write_hex(tmp_path / "cycles.hex", [0], 18)
    binary = compile_tb(
        tmp_path,
        "block_counter_tb",
        BLOCK_COUNTER_TB,
        ["block_counter", "seg_header"],
        {"W": 16, "BLOCK_LOG2": 5, "PAD_MIN": 33, "COUNT": 1},
    )
    assert any(line.startswith("block_counter: PAD_MIN must be") for line in run_tb(binary, {"hex": hexfile}))
