"""The pipeline study's tables from the store: per function, architecture and device, every
depth's area, Fmax, throughput, throughput per area and its improvement over one stage (the
study's Figs. 8-11 and 12-18), the optimized/base ratio per depth, and the study's two claims
checked against these numbers."""

from __future__ import annotations

from statistics import median
from typing import Any

from hashbed.catalogue.pipelines import design_names, load_pipeline
from hashbed.console.cells import Cells
from hashbed.flow.impl.implement import DEFAULT_SEED
from hashbed.results import ResultStore
from hashbed.studies.pipelined.sweep import METRICS_STEP

SHELL_NOTE = "Areas include the implementation shell (docs/pipelined.md), the same at every depth."
RATIO_TITLE = "optimized / base at each depth"
SPREAD_TITLE = "over placer seeds: median (lowest..highest)"


def point_rows(store: ResultStore) -> list[dict[str, Any]]:
    """The latest row of every (design, depth, device, seed), in that order, with the hashbed
    version that made it. A row checked on other sources of its design (the Verilog has changed
    since) is left out; rows of designs no longer in the catalogue are kept."""
    fingerprints = {name: load_pipeline(name).fingerprint() for name in design_names()}
    latest: dict[tuple[str, int, str, int], dict[str, Any]] = {}
    for record in store.jobs(METRICS_STEP):
        checked = store.job(record.inputs.get("check_job", ""))
        made_from = checked.inputs.get("design_fingerprint") if checked else None
        current = fingerprints.get(record.outputs.get("design", ""))
        if record.ok and (made_from is None or current is None or made_from == current):
            out = record.outputs
            latest[(out["design"], out["stages"], out["device"], out["seed"])] = {
                **out,
                "hashbed_version": record.hashbed_version,
            }
    return [latest[key] for key in sorted(latest)]


def depth_tables(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One table per (design, device, seed): its depths with the improvement
    I = (T_k/A_k)/(T_1/A_1), the depth of the best throughput per area marked, and the design's
    depths not stored yet."""
    groups: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["design"], row["device"], row["seed"]), []).append(row)
    tables = []
    for (design, device, seed), points in groups.items():
        points = sorted(points, key=lambda r: r["stages"])
        one = next((p for p in points if p["stages"] == 1 and p["fits"]), None)
        fitting = [p for p in points if p["fits"]]
        best = max(fitting, key=lambda p: p["tpa_mbps_per_lut"])["stages"] if fitting else None
        table = []
        for p in points:
            improvement = round(p["tpa_mbps_per_lut"] / one["tpa_mbps_per_lut"], 3) if one and p["fits"] else None
            table.append({**p, "improvement": improvement, "best": p["stages"] == best})
        tables.append(
            {
                "design": design,
                "algorithm": points[0]["algorithm"],
                "architecture": points[0]["architecture"],
                "device": device,
                "seed": seed,
                "best_stages": best,
                "points": table,
                "missing_depths": _missing_depths(design, seed, {p["stages"] for p in points}),
            }
        )
    return tables


def _missing_depths(design: str, seed: int, stored: set[int]) -> list[int]:
    """The design's depths with no stored point (placed or found not to fit). Only the default
    seed is checked: other seeds sample a few depths."""
    if seed != DEFAULT_SEED or design not in design_names():
        return []
    return [stages for stages in load_pipeline(design).depths if stages not in stored]


def missing_points(table: dict[str, Any]) -> tuple[str, str] | None:
    """What of a ``depth_tables`` table is not stored yet, and the command that makes it."""
    if not table["missing_depths"]:
        return None
    depths = ",".join(map(str, table["missing_depths"]))
    what = f"{table['design']} on {table['device']} at {depths} stages"
    return what, f"hashbed sweep pipeline {table['design']} --device {table['device']} --depths {depths}"


def opt_vs_base(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per function, device and depth where both fit: optimized TP/A over base TP/A."""
    by_key = {(r["algorithm"], r["architecture"], r["device"], r["seed"], r["stages"]): r for r in rows if r["fits"]}
    ratios = []
    for (algorithm, architecture, device, seed, stages), opt in sorted(by_key.items()):
        base = by_key.get((algorithm, "pipelined-base", device, seed, stages))
        if architecture == "pipelined-opt" and base:
            ratios.append(
                {
                    "algorithm": algorithm,
                    "device": device,
                    "seed": seed,
                    "stages": stages,
                    "tpa_ratio": round(opt["tpa_mbps_per_lut"] / base["tpa_mbps_per_lut"], 3),
                    "throughput_ratio": round(opt["throughput_mbps"] / base["throughput_mbps"], 3),
                }
            )
    return ratios


#: The mean optimized/base throughput-per-area ratio that counts as the study's "about 2x".
ABOUT_2X = (1.5, 2.5)


def claims(rows: list[dict[str, Any]]) -> list[str]:
    """The study's conclusions, each stated as these results show it (or why they cannot)."""
    out = [_eight_vs_four(rows, device) for device in sorted({r["device"] for r in rows})]
    ratios = opt_vs_base(rows)
    for algorithm, device in sorted({(r["algorithm"], r["device"]) for r in ratios}):
        values = [r["tpa_ratio"] for r in ratios if (r["algorithm"], r["device"]) == (algorithm, device)]
        mean = sum(values) / len(values)
        if min(values) <= 1:
            verdict = "disagrees"
        elif ABOUT_2X[0] <= mean <= ABOUT_2X[1]:
            verdict = "agrees"
        else:
            verdict = f"partly agrees (it beats base at every depth, but the mean is not in {ABOUT_2X[0]}..{ABOUT_2X[1]})"
        depths = f"{len(values)} depths" if len(values) > 1 else "1 depth"
        out.append(
            f"{algorithm} on {device}: optimized/base TP/A over {depths}: {min(values):.2f} to {max(values):.2f} "
            f"(mean {mean:.2f}): {verdict} with 'optimized beats base at every depth (about 2x)'"
        )
    if not ratios:
        out.append("no depth has both a base and an optimized result: 'optimized beats base' not checked")
    return out


def _eight_vs_four(rows: list[dict[str, Any]], device: str) -> str:
    """The study's 'for SHA-1, 8 stages beat 4' on one device: over every seed placed at both depths,
    by the medians, and with the seeds' ranges, which settle it only when they do not overlap."""
    tpa: dict[int, dict[int, float]] = {4: {}, 8: {}}
    for r in rows:
        if (
            (r["algorithm"], r["architecture"], r["device"]) == ("sha-1", "pipelined-base", device)
            and r["fits"]
            and r["stages"] in tpa
        ):
            tpa[r["stages"]][r["seed"]] = r["tpa_mbps_per_lut"]
    seeds = sorted(tpa[4].keys() & tpa[8].keys())
    if not seeds:
        return f"SHA-1 base on {device}: 4 and 8 stages not both implemented: '8 stages beat 4' not checked"
    four, eight = ([tpa[stages][seed] for seed in seeds] for stages in (4, 8))
    verdict = "agrees" if median(eight) > median(four) else "disagrees"
    if len(seeds) == 1:
        return (
            f"SHA-1 base on {device}: 8 stages {eight[0]:.3f} vs 4 stages {four[0]:.3f} Mbit/s per LUT: "
            f"{verdict} with '8 stages beat 4'"
        )
    settled = max(four) < min(eight) or max(eight) < min(four)
    return (
        f"SHA-1 base on {device}, seeds {', '.join(map(str, seeds))}: 8 stages {_stats_text(_stats(eight))} vs 4 stages "
        f"{_stats_text(_stats(four))} Mbit/s per LUT (median, lowest..highest): {verdict} with '8 stages beat 4'"
        + ("" if settled else "; the seeds' ranges overlap, so the seeds do not settle it")
    )


def _stats(values: list[float]) -> dict[str, float]:
    return {"median": median(values), "lowest": min(values), "highest": max(values)}


def _stats_text(stats: dict[str, float], digits: int = 3) -> str:
    return f"{stats['median']:.{digits}f} ({stats['lowest']:.{digits}f}..{stats['highest']:.{digits}f})"


def seed_spread(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per design, device and depth placed with two or more seeds: the seeds, and the median,
    lowest and highest Fmax and throughput per area. One placement's Fmax is a sample."""
    groups: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for row in rows:
        if row["fits"]:
            groups.setdefault((row["design"], row["device"], row["stages"]), []).append(row)
    spread = []
    for (design, device, stages), points in sorted(groups.items()):
        if len(points) > 1:
            spread.append(
                {
                    "design": design,
                    "device": device,
                    "stages": stages,
                    "seeds": sorted(p["seed"] for p in points),
                    "fmax_mhz": _stats([p["fmax_mhz"] for p in points]),
                    "tpa_mbps_per_lut": _stats([p["tpa_mbps_per_lut"] for p in points]),
                }
            )
    return spread


def depth_title(table: dict[str, Any]) -> str:
    return f"{table['design']} ({table['algorithm']}, {table['architecture']}) on {table['device']}, seed {table['seed']}"


def depth_cells(table: dict[str, Any]) -> Cells:
    """One table of ``depth_tables`` as text."""
    columns = [
        "stages",
        "LUTs",
        "FFs",
        "LUT %",
        "FF %",
        "Fmax MHz",
        "cycles/block",
        "TP Mbit/s",
        "TP/A Mbit/s/LUT",
        "I = TP/A vs 1 stage",
        "",
    ]
    cells = []
    for p in table["points"]:
        if p["fits"]:
            improvement = f"{p['improvement']:.2f}" if p["improvement"] is not None else "-"
            cells.append(
                [
                    str(p["stages"]),
                    str(p["luts"]),
                    str(p["ffs"]),
                    f"{p['lut_percent']:.1f}",
                    f"{p['ff_percent']:.1f}",
                    f"{p['fmax_mhz']:.2f}",
                    str(p["interval"]),
                    f"{p['throughput_mbps']:.0f}",
                    f"{p['tpa_mbps_per_lut']:.3f}",
                    improvement,
                    "best TP/A" if p["best"] else "",
                ]
            )
        else:
            cells.append([str(p["stages"]), "-", "-", "-", "-", "-", str(p["interval"]), "-", "-", "-", "does not fit"])
    return columns, cells


def ratio_cells(ratios: list[dict[str, Any]]) -> Cells:
    """The rows of ``opt_vs_base`` as text."""
    columns = ["function", "device", "stages", "TP/A ratio", "TP ratio"]
    return columns, [
        [r["algorithm"], r["device"], str(r["stages"]), f"{r['tpa_ratio']:.2f}", f"{r['throughput_ratio']:.2f}"] for r in ratios
    ]


def spread_cells(spread: list[dict[str, Any]]) -> Cells:
    """The rows of ``seed_spread`` as text."""
    columns = ["design", "device", "stages", "seeds", "Fmax MHz", "TP/A Mbit/s/LUT"]
    cells = []
    for r in spread:
        cells.append(
            [
                r["design"],
                r["device"],
                str(r["stages"]),
                ", ".join(map(str, r["seeds"])),
                _stats_text(r["fmax_mhz"], 2),
                _stats_text(r["tpa_mbps_per_lut"]),
            ]
        )
    return columns, cells
