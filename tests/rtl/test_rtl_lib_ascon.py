"""rtl/lib's Ascon pieces (ascon_sbox, ascon_linear), shared by the basic and lightweight Ascon cores,
simulated with Icarus against the S-box table of SP 800-232 (test_ascon.py checks the model's
bitsliced form against it) and the linear layer's rotations."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hashbed.catalogue.algorithms.ascon import MASK64, ROTATIONS, SBOX
from hashbed.flow.sim.lint import lint_sources
from support.rtl_lib_sim import LIB, compile_tb, run_tb


def test_the_ascon_pieces_lint_clean() -> None:
    for cols in (16, 64):
        assert lint_sources("ascon_sbox", [LIB / "ascon_sbox.v"], {"COLS": cols}) == []
        assert lint_sources("ascon_linear", [LIB / "ascon_linear.v"], {"COLS": cols}) == []


def test_the_sbox_on_every_column_is_the_table(tmp_path: Path) -> None:
    """32 columns at once: each of the 32 input values in one column (S0's bit the most significant)."""
    words = [sum(((value >> (4 - i)) & 1) << value for value in range(32)) for i in range(5)]
    testbench = f"""`default_nettype none
module sbox_tb;
    wire [31:0] y0, y1, y2, y3, y4;
    ascon_sbox #(.COLS(32)) u (.x0(32'h{words[0]:08x}), .x1(32'h{words[1]:08x}), .x2(32'h{words[2]:08x}),
        .x3(32'h{words[3]:08x}), .x4(32'h{words[4]:08x}), .y0(y0), .y1(y1), .y2(y2), .y3(y3), .y4(y4));
    initial begin
        #1 $display("%h %h %h %h %h", y0, y1, y2, y3, y4);
    end
endmodule
"""
    out = [int(word, 16) for word in run_tb(compile_tb(tmp_path, "sbox_tb", testbench, ["ascon_sbox"]))[0].split()]
    assert [sum(((out[i] >> value) & 1) << (4 - i) for i in range(5)) for value in range(32)] == list(SBOX)


def _rotr(value: int, amount: int) -> int:
    return ((value >> amount) | (value << (64 - amount))) & MASK64


@pytest.mark.parametrize("cols", [16, 64])
def test_the_linear_layer_gives_the_low_bits_of_each_word(tmp_path: Path, cols: int) -> None:
    rng = random.Random(cols)
    cases = [[rng.getrandbits(64) for _ in range(5)] for _ in range(4)]
    lines = ["`default_nettype none", "module linear_tb;", f"    wire [{5 * cols - 1}:0] on[0:3], off[0:3];"]
    for n, words in enumerate(cases):
        state = "".join(f"{w:016x}" for w in reversed(words))
        lines.append(f"    ascon_linear #(.COLS({cols})) u{n} (.s_in(320'h{state}), .en(1'b1), .s_out(on[{n}]));")
        lines.append(f"    ascon_linear #(.COLS({cols})) v{n} (.s_in(320'h{state}), .en(1'b0), .s_out(off[{n}]));")
    lines += ["    integer n;", "    initial begin", "        #1;"]
    lines += ['        for (n = 0; n < 4; n = n + 1) $display("%h %h", on[n], off[n]);', "    end", "endmodule", ""]
    out = run_tb(compile_tb(tmp_path, "linear_tb", "\n".join(lines), ["ascon_linear"]))
    mask = (1 << cols) - 1
    for line, words in zip(out, cases):
        on, off = (int(text, 16) for text in line.split())
        layer = [w ^ _rotr(w, a) ^ _rotr(w, b) for w, (a, b) in zip(words, ROTATIONS)]
        assert on == sum((w & mask) << (cols * i) for i, w in enumerate(layer))
        assert off == sum((w & mask) << (cols * i) for i, w in enumerate(words))
