"""The auto strategy against an exhaustive search of the same option space, side by side in one run.

    .venv/bin/python scripts/bench_explore.py [CORE ...] [--device D] [--budget N] [--jobs N]

Runs ``hashbed explore --strategy exhaustive`` on every option set of a space cut to the options
in FREE (the others pinned to their defaults, as ``--option NAME=LEVEL``: router2, which gave a
lower Fmax than router1 on most sets of sha1 and sha256 on iCE40 and, with some HeAP settings,
did not converge within an hour (two wires left overused); timing-driven rip-up, which changed 3
of 17 router1 runs by 2 % at most; and the
switches that remove carry logic or abc), then ``--strategy auto
--budget N`` on the same space, and prints for each core the best Fmax each found and their
ratio (the issue's aim: auto with a budget of 20 within 2 % of exhaustive). Every run is a stored
implement job: auto's runs at the base seed that exhaustive made already are reused, its seeds
are new. A benchmark, never a test: it places and routes every set.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.options import OPTIONS, parse_levels
from hashbed.explore.strategies import space_of

#: The options left free (their every level); the rest are pinned to the default.
FREE = ("placer", "placer-heap-timingweight", "placer-heap-critexp", "dff", "nodffe", "nowidelut")


def explore(cores: list[str], device: str, strategy: str, budget: int, pins: list[str], jobs: int) -> list[dict[str, Any]]:
    command = [
        str(Path(sys.executable).with_name("hashbed")),
        "explore",
        *cores,
        "--device",
        device,
        "--strategy",
        strategy,
        "--budget",
        str(budget),
    ]
    command += [f"--option={pin}" for pin in pins] + ["--jobs", str(jobs), "--json"]
    print("$", " ".join(command), file=sys.stderr, flush=True)
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True)
    rows: list[dict[str, Any]] = json.loads(done.stdout)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cores", nargs="*", default=["sha1", "sha256", "blake256_lw-logic"])
    parser.add_argument("--device", default="ice40-hx8k")
    parser.add_argument("--budget", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    family = get_device(args.device).family
    pins = [
        f"{name}={option.default(family)}" for name, option in OPTIONS.items() if family in option.levels and name not in FREE
    ]
    sets = max(len(space_of(load_core(core), family, parse_levels(pins)).all()) for core in args.cores)
    every = explore(args.cores, args.device, "exhaustive", sets, pins, args.jobs)
    auto = explore(args.cores, args.device, "auto", args.budget, pins, args.jobs)
    print(f"auto (budget {args.budget}) against exhaustive ({sets} option sets, seed 1) on {args.device}")
    print("free options: " + ", ".join(name for name in FREE if family in OPTIONS[name].levels))
    print(f"{'core':20} {'LUTs':>6} {'exhaustive MHz':>15} {'auto MHz':>9} {'auto/exh.':>9}  auto's best settings")
    for whole, quick in zip(every, auto, strict=True):
        best, found = whole["best"], quick["best"]
        settings = f"seed {found['seed']} " + " ".join(f"{k}={v}" for k, v in found["options"].items())
        print(
            f"{whole['core']:20} {best['luts']:>6} {best['fmax_mhz']:>15.2f} {found['fmax_mhz']:>9.2f} "
            f"{found['fmax_mhz'] / best['fmax_mhz']:>9.3f}  {settings}"
        )


if __name__ == "__main__":
    main()
