"""The shared RTL blocks of rtl/lib, simulated with Icarus against independent references."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

from Crypto.Cipher import AES

from hashbed.catalogue.algorithms.aes_field import AES_SBOX
from hashbed.catalogue.cores import rtl_root
from hashbed.flow.sim.icarus import icarus
from hashbed.flow.sim.lint import lint_sources

LIB = rtl_root() / "lib"


def aes128_round_keys(key: bytes, sbox: tuple[int, ...]) -> list[bytes]:
    words = [key[i : i + 4] for i in range(0, 16, 4)]
    rcon = 1
    for i in range(4, 44):
        temp = words[i - 1]
        if i % 4 == 0:
            temp = bytes(sbox[b] for b in temp[1:] + temp[:1])
            temp = bytes([temp[0] ^ rcon]) + temp[1:]
            rcon = ((rcon << 1) ^ 0x11B) if rcon & 0x80 else rcon << 1
        words.append(bytes(a ^ b for a, b in zip(words[i - 4], temp)))
    return [b"".join(words[i : i + 4]) for i in range(0, 44, 4)]


def test_aes_round_lints_clean() -> None:
    assert lint_sources("aes_round", [LIB / "aes_round.v", LIB / "aes_sbox.v"], {}) == []


def test_nine_aes_rounds_and_a_final_round_give_pycryptodome_aes128(tmp_path: Path) -> None:
    """Rounds 1..9 of AES-128 by aes_round in simulation, the last round (no MixColumns) in Python."""
    rng = random.Random(5)
    sbox = AES_SBOX  # the models' S-box; pycryptodome's AES-128 below checks it too
    cases = [(rng.randbytes(16), rng.randbytes(16)) for _ in range(8)]
    lines = ["`default_nettype none", "module aes_round_tb;"]
    for case, (key, block) in enumerate(cases):
        keys = aes128_round_keys(key, sbox)
        start = bytes(a ^ b for a, b in zip(block, keys[0]))
        lines.append(f"    wire [127:0] s{case}_0 = 128'h{start.hex()};")
        for r in range(1, 10):
            lines.append(
                f"    wire [127:0] s{case}_{r};\n"
                f"    aes_round u{case}_{r} (.state(s{case}_{r - 1}), .round_key(128'h{keys[r].hex()}), .result(s{case}_{r}));"
            )
    lines.append("    initial begin")
    lines.append("        #1;")
    lines.extend(f'        $display("%032h", s{case}_9);' for case in range(len(cases)))
    lines.append("    end")
    lines.append("endmodule")
    testbench = tmp_path / "aes_round_tb.v"
    testbench.write_text("\n".join(lines) + "\n")
    compiler, runtime = icarus()
    binary = tmp_path / "aes_round_tb.vvp"
    subprocess.run(
        [compiler, "-g2005", "-o", str(binary), str(testbench), str(LIB / "aes_round.v"), str(LIB / "aes_sbox.v")],
        check=True,
        capture_output=True,
        text=True,
    )
    out = subprocess.run([runtime, "-n", str(binary)], check=True, capture_output=True, text=True).stdout.split()
    assert len(out) == len(cases)
    for (key, block), state_hex in zip(cases, out):
        state = bytes.fromhex(state_hex)
        last_key = aes128_round_keys(key, sbox)[10]
        shifted = bytes(sbox[state[4 * ((n // 4 + n % 4) % 4) + n % 4]] for n in range(16))
        assert bytes(a ^ b for a, b in zip(shifted, last_key)) == AES.new(key, AES.MODE_ECB).encrypt(block)
