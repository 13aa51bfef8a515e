"""The report's section of every core's results, which no one study owns and the Zynq study
shows: throughput against area per device (over the placer seeds), the results of each seed
ranked by throughput per LUT, and the catalogue's cores without a row there."""

from __future__ import annotations

from typing import Any

from hashbed.catalogue.cores import all_cores
from hashbed.flow.impl.implement import DEFAULT_SEED
from hashbed.results import ResultStore
from hashbed.studies.document import (
    PUBLISHED_MARK,
    Figure,
    Item,
    Missing,
    Note,
    Plot,
    Section,
    Table,
    area_axis,
    over_seeds,
    source,
    tpa_unit,
)
from hashbed.studies.narrowing import Narrow, fill
from hashbed.studies.ranking import latest_rows, metrics_records, ranked, reference_tpa, result_cells


def cores_section(store: ResultStore, narrow: Narrow, published: frozenset[str] = frozenset()) -> Section:
    """The section of the rows ``narrow`` keeps; ``published``: the keys of the store's jobs that
    are published results not run here (their rows marked, PUBLISHED_MARK)."""
    section = Section("All cores: throughput against area", "cores", _fill)
    rows = ranked(narrow.rows(latest_rows(metrics_records(store), published=published)), reference_tpa(store))
    if not rows:
        section.items.append(Missing("the throughput-against-area results of the cores", "hashbed bench --device ecp5-85k"))
        return section
    for device in sorted({row["device"] for row in rows}):
        section.items.append(_figure([row for row in rows if row["device"] == device], device, narrow))
        for seed in sorted({row["seed"] for row in rows if row["device"] == device}):
            flow = [row for row in rows if (row["device"], row["seed"]) == (device, seed)]
            name = f"{device}, seed {seed}"
            marked = f"; {PUBLISHED_MARK}" if any(row.get("published") for row in flow) else ""
            section.items.append(
                Table(f"Results on {name}, ranked by throughput per LUT", result_cells(flow), source(flow) + marked)
            )
            if seed == DEFAULT_SEED:
                section.items += _cores_without_rows(store, flow, device, narrow)
    return section


def _figure(rows: list[dict[str, Any]], device: str, narrow: Narrow) -> Figure:
    """Each core's throughput against its area on ``device``: the median over the placer seeds it
    was run with, and their range."""
    seeds = sorted({row["seed"] for row in rows})
    over = f"median and range over seeds {', '.join(map(str, seeds))}" if len(seeds) > 1 else f"seed {seeds[0]}"
    points = over_seeds("cores", rows, "luts", "throughput_mbps", lambda row: row["core"], named=True)
    plot = Plot(
        f"each point a core (its latest run, {over}); dashed: equal throughput per area",
        area_axis(device),
        "throughput (Mbit/s)",
        [points],
        scatter=True,
        log_x=True,
        log_y=True,
        ratio_lines=tpa_unit(device),
    )
    cores = "the chosen cores" if narrow.active else "every core"
    return Figure(f"throughput-vs-area-{device}", f"Throughput against area of {cores} on {device}", [plot], source(rows))


def _fill(narrow: Narrow) -> str:
    return fill(f"hashbed bench {{}} --device {narrow.device or 'DEVICE'}", narrow.names(narrow.kept()))


def _cores_without_rows(store: ResultStore, flow: list[dict[str, Any]], device: str, narrow: Narrow) -> list[Item]:
    """The catalogue's cores (those ``narrow`` keeps) of the architectures in ``flow`` that have
    no row in it: why, for those whose implementation found they do not fit, and the command, for
    those not run yet."""
    shown = {row["core"] for row in flow}
    hash_cores = narrow.catalogue(all_cores())
    names = {core.name for core in hash_cores}
    # the architectures of the hash cores' rows: a device with LWC cores alone lists no hash core
    architectures = {row["architecture"] for row in flow if row["core"] in names}
    items: list[Item] = []
    for core in hash_cores:
        if core.architecture not in architectures or core.name in shown:
            continue
        failed = [record for record in store.jobs("implement", core.name, device) if not record.ok]
        if failed and (failed[-1].error or "").startswith("does not fit"):
            items.append(Note(f"Not in the table: {core.name}, {failed[-1].error}"))
        else:
            items.append(Missing(f"{core.name} on {device}", f"hashbed bench {core.name} --device {device}"))
    return items
