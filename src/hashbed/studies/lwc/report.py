"""The LWC benchmarks' section of the report: per LWC core its cycles and its throughput on each
device with a stored implementation, the summary of every LWC core, and per device their
long-message throughput against area beside the hash cores."""

from __future__ import annotations

from typing import Any

from hashbed.catalogue.cores import all_cores
from hashbed.results import ResultStore
from hashbed.studies.document import Figure, Missing, Note, Plot, Section, Series, Table, area_axis, source, tpa_unit
from hashbed.studies.lwc import tables
from hashbed.studies.narrowing import Narrow, fill


def sections(store: ResultStore, narrow: Narrow, published: frozenset[str]) -> list[Section]:
    """The study's section of the rows ``narrow`` keeps."""
    section = Section("LWC benchmarks: the Ascon cores in the LWC manner, beside the hash cores", "lwc", _fill)
    cores = narrow.catalogue(all_cores("lwc"))
    found = tables.lwc_rows(store, cores)
    benchmarks = {row["core"]: row["benchmark"] for row in found}  # of no device
    rows = narrow.rows(found)
    if narrow.active:  # no rows of implementations not stored
        rows = [row for row in rows if row["implementation"]]
    for core in cores:
        mine = [row for row in rows if row["core"] == core.name]
        benchmark = benchmarks.get(core.name)
        if benchmark is None:
            section.items.append(Missing(f"the LWC benchmarks of {core.name}", f"hashbed lwc-bench {core.name}"))
            continue
        record = tables.bench_record(store, core)
        simulated = [{"tools": record.inputs.get("tools", {}), "hashbed_version": record.hashbed_version}] if record else []
        section.items.append(
            Table(
                f"{core.name}: {tables.CYCLES_TITLE}",
                tables.cycles_cells(benchmark),
                source(simulated, "none (cycle counts from RTL simulation)"),
            )
        )
        for row in mine:
            impl = row["implementation"]
            if impl is not None:
                title = (
                    f"{core.name} on {row['device']} ({impl['luts']} LUTs, {impl['brams']} BRAMs, "
                    f"Fmax {impl['fmax_mhz']:.2f} MHz): LWC benchmarks, throughput in Mbit/s"
                )
                section.items.append(Table(title, tables.throughput_cells(benchmark, impl["fmax_mhz"]), source([impl])))
            elif row["note"] == tables.NO_IMPLEMENTATION:
                section.items.append(
                    Missing(f"{core.name} on {row['device']}", f"hashbed bench {core.name} --device {row['device']}")
                )
    if not cores:
        section.items.append(Note("no LWC core in the catalogue (docs/interface.md, the LWC interface)"))
        return [section]
    if any(row["benchmark"] or row["implementation"] for row in rows):
        section.items.append(Table(tables.SUMMARY_TITLE, tables.summary_cells(rows), source(rows)))
    section.items += [_lwc_figure(store, rows, device, narrow) for device in _lwc_devices(rows)]
    section.items.append(Note(tables.NOTE))
    return [section]


def _fill(narrow: Narrow) -> str:
    command = f"hashbed lwc-bench {{0}}, and hashbed bench {{0}} --device {narrow.device or 'DEVICE'}"
    return fill(command, narrow.names(narrow.kept("lwc"), "LWC-CORE"), "LWC")


def _lwc_devices(rows: list[dict[str, Any]]) -> list[str]:
    """The devices with an implemented and benchmarked LWC core, in the rows' order."""
    return list(dict.fromkeys(row["device"] for row in rows if row["implementation"] and row["benchmark"]))


def _lwc_figure(store: ResultStore, rows: list[dict[str, Any]], device: str, narrow: Narrow) -> Figure:
    """Long-message throughput against LUTs on ``device``: the hash cores (those ``narrow``
    keeps), and each LWC core's encryption, decryption and hashing."""
    hashes = tables.hash_core_rows(store, device, {core.name for core in narrow.catalogue(all_cores())})
    series = [
        Series("hash cores", [r["luts"] for r in hashes], [r["throughput_mbps"] for r in hashes], [r["core"] for r in hashes])
    ]
    shown = [row for row in rows if row["device"] == device and row["implementation"] and row["benchmark"]]
    for name in tables.SUMMARY_ROWS:
        points = [row for row in shown if row["long_mbps"][name] is not None]
        series.append(
            Series(
                f"LWC {name}",
                [row["implementation"]["luts"] for row in points],
                [row["long_mbps"][name] for row in points],
                [row["core"] for row in points],
            )
        )
    title = "each point a core (long messages); dashed: equal throughput per area"
    if not hashes:
        title = f"no hash core has a row on {device} yet (hashbed bench --device {device})"
    plot = Plot(
        title,
        area_axis(device),
        "throughput, long messages (Mbit/s)",
        series,
        scatter=True,
        log_x=True,
        log_y=True,
        ratio_lines=tpa_unit(device),
    )
    return Figure(
        f"lwc-throughput-vs-area-{device}",
        f"LWC cores beside the hash cores on {device}: long-message throughput against area",
        [plot],
        source([*hashes, *[row["implementation"] for row in shown]]),
    )
