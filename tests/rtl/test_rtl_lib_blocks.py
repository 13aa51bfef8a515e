"""Synchronous blocks of rtl/lib in Icarus, cycle by cycle against Python models: lut_ram,
onehot_reg_mux, block_pipe_ring and sync_2ff (random inputs, random back-pressure where the
module has a handshake, several parameter sets each)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from support.rtl_lib_sim import run_cycles

MASK32 = (1 << 32) - 1


@pytest.mark.parametrize(("aw", "width"), [(1, 1), (2, 8), (4, 12), (5, 36)])
def test_lut_ram_reads_what_was_written(tmp_path: Path, aw: int, width: int) -> None:
    """Synchronous write, asynchronous read: rdata shows mem[raddr] with every write of an
    earlier cycle, not the one of the same cycle; a word never written reads unknown."""
    rng = random.Random(aw * 100 + width)
    stimulus = [
        {
            "we": int(rng.random() < 0.5),
            "waddr": rng.randrange(1 << aw),
            "wdata": rng.getrandbits(width),
            "raddr": rng.randrange(1 << aw),
        }
        for _ in range(300)
    ]
    outs = run_cycles(
        tmp_path,
        "lut_ram",
        ["lut_ram"],
        {"AW": aw, "WIDTH": width},
        [("we", 1), ("waddr", aw), ("wdata", width), ("raddr", aw)],
        [("rdata", width)],
        stimulus,
    )
    mem: dict[int, int] = {}
    for cycle, out in zip(stimulus, outs):
        assert out["rdata"] == mem.get(cycle["raddr"])
        if cycle["we"]:
            mem[cycle["waddr"]] = cycle["wdata"]
    assert len(mem) == 1 << aw


@pytest.mark.parametrize(("words", "width"), [(2, 1), (5, 16), (8, 32)])
def test_onehot_reg_mux_shows_the_selected_words_copy(tmp_path: Path, words: int, width: int) -> None:
    rng = random.Random(words * 100 + width)
    stimulus = []
    for n in range(400):
        stimulus.append(
            {
                "start": int(n == 0 or rng.random() < 0.05),
                "next": int(rng.random() < 0.4),
                "load": rng.getrandbits(words) if rng.random() < 0.7 else 0,
                "words": rng.getrandbits(words * width),
            }
        )
    outs = run_cycles(
        tmp_path,
        "onehot_reg_mux",
        ["onehot_reg_mux"],
        {"WORDS": words, "WIDTH": width},
        [("start", 1), ("next", 1), ("load", words), ("words", words * width)],
        [("dout", width)],
        stimulus,
    )
    # Model: the selection (one word index), each word's copy (None: unknown) zero unless selected
    sel: int | None = None
    copies: list[int | None] = [None] * words
    checked = 0
    for cycle, out in zip(stimulus, outs):
        if all(c is not None for c in copies):
            dout = 0
            for c in copies:
                dout |= c  # type: ignore[operator]
            assert out["dout"] == dout
            checked += 1
        if cycle["start"]:
            sel = 0
        elif cycle["next"] and sel is not None:
            sel = (sel + 1) % words
        for i in range(words):
            word = (cycle["words"] >> (width * (words - 1 - i))) & ((1 << width) - 1)  # word 0 on top
            if cycle["load"] >> i & 1:
                copies[i] = word
            if sel is not None and sel != i:
                copies[i] = 0
    assert checked > 300


@pytest.mark.parametrize("width", [1, 5])
def test_sync_2ff_delays_by_two_cycles_and_resets_to_zero(tmp_path: Path, width: int) -> None:
    rng = random.Random(width)
    stimulus = [{"rst": int(n < 1 or rng.random() < 0.1), "d": rng.getrandbits(width)} for n in range(300)]
    outs = run_cycles(tmp_path, "sync_2ff", ["sync_2ff"], {"WIDTH": width}, [("rst", 1), ("d", width)], [("q", width)], stimulus)
    meta: int | None = None
    sync: int | None = None
    for n, (cycle, out) in enumerate(zip(stimulus, outs)):
        assert out["q"] == sync, n
        meta, sync = (0, 0) if cycle["rst"] else (cycle["d"], meta)


class PipeRing:
    """block_pipe_ring's behaviour: an iteration counter, the final-addition slot behind the
    last stage and the output register (docs/pipelined.md). None is an unknown value."""

    def __init__(self, iterations: int, words: int, iv: int) -> None:
        self.iterations, self.words, self.iv = iterations, words, iv
        self.t = 0
        self.fa_state: int | None = None
        self.fa_h: int | None = None
        self.fa_meta: int | None = None
        self.out_valid: int | None = None
        self.out_digest: int | None = None
        self.out_tag: int | None = None

    def h_out(self) -> int | None:
        if self.fa_state is None or self.fa_h is None:
            return None
        return sum(((self.fa_h >> 32 * i) + (self.fa_state >> 32 * i) & MASK32) << 32 * i for i in range(self.words))

    def outputs(self, cycle: dict[str, int]) -> dict[str, int | None]:
        last_iteration = self.iterations == 1 or self.t == self.iterations - 1
        leaves = None if self.fa_meta is None else int(self.fa_meta >> 8 == 3)
        room = None if leaves is None or self.out_valid is None else int(not leaves or not self.out_valid or cycle["out_ready"])
        handover = None if room is None else int(last_iteration and cycle["in_valid"] and room)
        return {
            "in_ready": None if room is None else int(last_iteration and room),
            "t": self.t,
            "run": None if handover is None else int(not last_iteration or handover),
            "handover": handover,
            "h_new": self.iv if cycle["in_first"] else self.h_out(),
            "out_valid": self.out_valid,
            "out_digest": self.out_digest,
            "out_tag": self.out_tag,
        }

    def clock(self, cycle: dict[str, int], out: dict[str, int | None]) -> None:
        last_iteration = self.iterations == 1 or self.t == self.iterations - 1
        handover, leaves, h_out = out["handover"], self.fa_meta is not None and self.fa_meta >> 8 == 3, self.h_out()
        if out["run"]:
            self.t = 0 if last_iteration else self.t + 1
        if handover and leaves:
            self.out_digest, self.out_tag = h_out, self.fa_meta & 0xFF  # type: ignore[operator]
        if handover:
            self.fa_state, self.fa_h = cycle["last_state"], cycle["last_h"]
        if cycle["rst"]:
            self.t, self.fa_meta, self.out_valid = 0, 0, 0
        else:
            if handover:
                self.fa_meta = cycle["last_meta"]
            if handover and leaves:
                self.out_valid = 1
            elif cycle["out_ready"]:
                self.out_valid = 0


@pytest.mark.parametrize(("iterations", "t_bits", "words"), [(1, 1, 5), (3, 2, 8), (4, 2, 1), (20, 5, 5)])
def test_block_pipe_ring_hands_over_and_adds_like_its_model(tmp_path: Path, iterations: int, t_bits: int, words: int) -> None:
    rng = random.Random(iterations * 10 + words)
    iv = rng.getrandbits(32 * words)
    stimulus = []
    for n in range(500):
        stimulus.append(
            {
                "rst": int(n < 2 or rng.random() < 0.01),
                "in_valid": int(rng.random() < 0.7),
                "in_first": int(rng.random() < 0.3),
                "last_state": rng.getrandbits(32 * words),
                "last_h": rng.getrandbits(32 * words),
                "last_meta": (int(rng.random() < 0.8) << 9) | (int(rng.random() < 0.5) << 8) | rng.getrandbits(8),
                "out_ready": int(rng.random() < 0.6),
            }
        )
    bits = 32 * words
    outputs = [
        ("in_ready", 1),
        ("t", t_bits),
        ("run", 1),
        ("handover", 1),
        ("h_new", bits),
        ("out_valid", 1),
        ("out_digest", bits),
        ("out_tag", 8),
    ]
    outs = run_cycles(
        tmp_path,
        "block_pipe_ring",
        ["block_pipe_ring"],
        {"ITERATIONS": iterations, "T_BITS": t_bits, "WORDS": words, "IV": f"{bits}'h{iv:x}"},
        [
            ("rst", 1),
            ("in_valid", 1),
            ("in_first", 1),
            ("last_state", bits),
            ("last_h", bits),
            ("last_meta", 10),
            ("out_ready", 1),
        ],
        outputs,
        stimulus,
    )
    model = PipeRing(iterations, words, iv)
    digests = 0
    for n, (cycle, out) in enumerate(zip(stimulus, outs)):
        expect = model.outputs(cycle)
        if n >= 2:  # after the reset
            for name, value in expect.items():
                if value is not None:
                    assert out[name] == value, (n, name)
            digests += bool(out["out_valid"] and cycle["out_ready"])
        model.clock(cycle, expect)
    assert digests > 5
