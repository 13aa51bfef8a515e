"""Cycles per byte of every native implementation of every algorithm version on this host,
beside published figures for the same functions.

    .venv/bin/python scripts/bench_software.py [--runs N] [--long-bytes N] [--json] [KEY ...]

The software side of the speed-up experiment (src/hashbed/testbed/software.py): hashbed's C
(gcc -O3, compiled into $HASHBED_CACHE/software at first use) and the packages (hashlib/OpenSSL,
pycryptodome). For each implementation:

- long messages: one call per message of --long-bytes (1 MB), timed from Python; the median of
  --runs runs (and the fastest, in the JSON). The call from Python costs well under a microsecond (measured and printed), which
  is nothing beside a millisecond of hashing;
- 64-byte messages: hashbed's C hashes the same message many times in a C loop (hb_repeat), so
  that no Python call is in the figure; the median of --runs runs. A package can only be called
  from Python: its 64-byte figure includes the call (marked *).

Cycles are time times the clock, and the clock is measured, not assumed: a chain of dependent
64-bit additions (hb_add_chain, one cycle each on every processor of the last twenty years) is
timed before and after the runs, and the faster of the two gives the core clock the processor
ran at (it may turbo above the nominal clock that /proc/cpuinfo shows, which is printed beside
it). Every time is the thread's CPU time (time.thread_time), not wall-clock time, so that on a
machine shared with other processes the time the thread waits for the processor is not counted,
in the chain as in the hashes; what sharing leaves (caches, a slower turbo) shows as the spread
between runs.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from hashbed.catalogue.algorithms import ALGORITHMS
from hashbed.studies.zynq.published_cycles import figures_for
from hashbed.testbed import software

SHORT_BYTES = 64


def proc_cpuinfo_mhz() -> float | None:
    """The first 'cpu MHz' of /proc/cpuinfo (the nominal or the current clock, by kernel and host)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("cpu MHz"):
                return float(line.split(":")[1])
    except OSError:
        pass
    return None


def calibrated_mhz(seconds: float = 0.3, tries: int = 5) -> float:
    """The core clock from the chain of dependent additions: the fastest of ``tries`` runs."""
    lib = software.library()
    count = 1_000_000
    while True:  # a chain of about ``seconds``
        start = time.thread_time()
        lib.hb_add_chain(count, 1)
        elapsed = time.thread_time() - start
        if elapsed > seconds / 4:
            break
        count *= 4
    count = int(count * seconds / elapsed)
    best = float("inf")
    for _ in range(tries):
        start = time.thread_time()
        lib.hb_add_chain(count, 1)
        best = min(best, time.thread_time() - start)
    return 8 * count / best / 1e6


def time_long(function: software.NativeHash, data: bytes, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.thread_time()
        function(data)
        times.append(time.thread_time() - start)
    return statistics.median(times)


def time_short_c(symbol: str, data: bytes, runs: int, target_s: float = 0.05) -> float:
    """Seconds per hash of ``data`` in a C loop (no Python call in the figure)."""
    lib = software.library()
    function = ctypes.cast(getattr(lib, symbol), ctypes.c_void_p)
    out = ctypes.create_string_buffer(software.DIGEST_BYTES)
    count = 1000
    while True:
        start = time.thread_time()
        lib.hb_repeat(function, data, len(data), out, count)
        elapsed = time.thread_time() - start
        if elapsed > target_s / 4:
            break
        count *= 4
    count = max(1, int(count * target_s / elapsed))
    times = []
    for _ in range(runs):
        start = time.thread_time()
        lib.hb_repeat(function, data, len(data), out, count)
        times.append((time.thread_time() - start) / count)
    return statistics.median(times)


def time_short_python(function: software.NativeHash, data: bytes, runs: int, calls: int = 20_000) -> float:
    """Seconds per hash of ``data``, one call from Python each (the call included)."""
    times = []
    for _ in range(runs):
        start = time.thread_time()
        for _ in range(calls):
            function(data)
        times.append((time.thread_time() - start) / calls)
    return statistics.median(times)


def published_text(key: str) -> str:
    return "; ".join(f"{f.cycles_per_byte:g} on {f.processor} ({f.implementation})" for f in figures_for(key)) or "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", help="algorithm versions, e.g. blake-256/round2 (default: all)")
    parser.add_argument("--runs", type=int, default=9, help="runs per figure; the median is reported (default: 9)")
    parser.add_argument("--long-bytes", type=int, default=1_000_000, help="long message size (default: 1000000)")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a Markdown table")
    args = parser.parse_args()
    keys = args.keys or sorted(ALGORITHMS)
    unknown = [key for key in keys if key not in ALGORITHMS]
    if unknown:
        sys.exit(f"bench_software: unknown algorithm version {unknown[0]!r} (one of: {', '.join(sorted(ALGORITHMS))})")

    rng = random.Random(1)
    long_data, short_data = rng.randbytes(args.long_bytes), rng.randbytes(SHORT_BYTES)
    nominal = proc_cpuinfo_mhz()
    before = calibrated_mhz()
    overhead = software.call_overhead_s()
    rows: list[dict[str, Any]] = []
    for key in keys:
        for name, function in software.implementations(ALGORITHMS[key]):
            print(f"  {key}: {name}", file=sys.stderr, flush=True)
            long_s = time_long(function, long_data, args.runs)
            symbol = software.C_FUNCTIONS.get(key) if name.startswith("hashbed C") else None
            short_s = (
                time_short_c(symbol, short_data, args.runs) if symbol else time_short_python(function, short_data, args.runs)
            )
            rows.append(
                {"algorithm": key, "implementation": name, "long_s": long_s, "short_s": short_s, "short_in_c": bool(symbol)}
            )
    after = calibrated_mhz()
    mhz = max(before, after)
    for row in rows:
        row["long_cpb"] = round(row["long_s"] * mhz * 1e6 / args.long_bytes, 2)
        row["short_cpb"] = round(row["short_s"] * mhz * 1e6 / SHORT_BYTES, 1)
        row["published"] = published_text(row["algorithm"])
    host = {
        "cpu": software.host_cpu(),
        "calibrated_mhz": [round(before), round(after)],
        "proc_cpuinfo_mhz": nominal,
        "call_overhead_us": round(overhead * 1e6, 3),
        "compiler": software.compiled.compiler_version(software.COMPILER),
        "cflags": " ".join(software.CFLAGS),
    }
    if args.json:
        print(json.dumps({"host": host, "rows": rows}, indent=2))
        return
    print(
        f"{host['cpu']}: clock {mhz:.0f} MHz (the addition chain before and after the runs: {round(before)} and "
        f"{round(after)} MHz; /proc/cpuinfo says {nominal} MHz); {host['compiler']}, {host['cflags']}; "
        f"a call from Python costs {host['call_overhead_us']} µs; medians of {args.runs} runs\n"
    )
    print(f"| algorithm | implementation | {args.long_bytes:,} B, c/B | 64 B, c/B | published c/B (long messages) |")
    print("|---|---|---:|---:|---|")
    for row in rows:
        short = f"{row['short_cpb']}" + ("" if row["short_in_c"] else " *")
        print(f"| {row['algorithm']} | {row['implementation']} | {row['long_cpb']} | {short} | {row['published']} |")
    print("\n\\* a call from Python each (a package cannot be looped in C), the call included")


if __name__ == "__main__":
    main()
