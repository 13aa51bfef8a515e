"""What the report holds, study by study: tables, figures (as data to draw) and, where the store
has no data yet, what is missing and the command that makes it. Every table and figure states the
devices, the tool versions and the hashbed versions of the rows it came from."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hashbed.catalogue.cores import Core, all_cores, load_core
from hashbed.catalogue.devices import DEVICES, get_device
from hashbed.console.cells import Cells
from hashbed.errors import HashbedError
from hashbed.flow.impl.implement import DEFAULT_SEED
from hashbed.results import ResultStore
from hashbed.studies.exploration import study as exploration_study
from hashbed.studies.exploration import tables as exploration_tables
from hashbed.studies.lightweight import families as lightweight_families
from hashbed.studies.lightweight.tables import (
    ARCHITECTURES,
    LIGHTWEIGHT_NOTE,
    LIGHTWEIGHT_TITLE,
    lightweight_cells,
    lightweight_rows,
)
from hashbed.studies.lwc import tables as lwc_tables
from hashbed.studies.pipelined import tables as pipeline_tables
from hashbed.studies.ranking import latest_rows, metrics_records, ranked, reference_tpa, result_cells
from hashbed.studies.zynq import testbed_tables, timing_tables
from hashbed.studies.zynq.formulas import TABLE_2_TITLE, formula_cells, formula_rows

STUDIES = ("zynq", "lightweight", "pipeline", "exploration", "lwc")


@dataclass(frozen=True)
class Series:
    label: str
    x: list[float]
    y: list[float]
    #: A label per point (e.g. the core's name), or none.
    point_labels: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Plot:
    """One set of axes."""

    title: str
    xlabel: str
    ylabel: str
    series: list[Series]
    scatter: bool = False
    log_x: bool = False
    log_y: bool = False


@dataclass(frozen=True)
class Figure:
    #: File name without extension: letters, digits, '-' and '_'.
    name: str
    caption: str
    plots: list[Plot]
    source: str


@dataclass(frozen=True)
class Table:
    title: str
    cells: Cells
    source: str


@dataclass(frozen=True)
class Missing:
    what: str
    command: str

    def __str__(self) -> str:
        return f"missing: {self.what} (run {self.command})"


@dataclass(frozen=True)
class Note:
    text: str


Item = Table | Figure | Missing | Note


@dataclass
class Section:
    study: str
    title: str
    anchor: str
    items: list[Item] = field(default_factory=list)


@dataclass(frozen=True)
class Narrow:
    """What ``hashbed report --core/--device`` keeps: the rows of ``cores`` (None: of every core)
    on ``devices`` (None: on every device). ``named`` are the cores asked for (``cores`` adds the
    catalogue's cores of their algorithms). A row of no catalogue device (cycle counts from RTL
    simulation, the testbed's simulated or real board) is not narrowed by device."""

    cores: frozenset[str] | None = None
    devices: frozenset[str] | None = None
    named: tuple[str, ...] = ()

    @property
    def active(self) -> bool:
        return self.cores is not None or self.devices is not None

    def keeps(self, core: str | None = None, device: str | None = None) -> bool:
        by_core = self.cores is None or core is None or core in self.cores
        by_device = self.devices is None or device not in DEVICES or device in self.devices
        return by_core and by_device

    def rows(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows (each with a "core" and a "device") kept."""
        return [row for row in rows if self.keeps(row["core"], row.get("device"))]

    def catalogue(self, cores: list[Core]) -> list[Core]:
        return [core for core in cores if self.keeps(core.name)]


#: No narrowing: the whole report.
EVERYTHING = Narrow()


def narrow(cores: Sequence[str] = (), devices: Sequence[str] = ()) -> Narrow:
    """The narrowing to ``cores`` and the catalogue's cores of the same algorithms, on ``devices``
    (either empty: no narrowing by it); an unknown core or device is an error."""
    for device in devices:
        get_device(device)
    named = [load_core(name) for name in dict.fromkeys(cores)]
    algorithms = {core.algorithm_name for core in named}
    kept = {core.name for core in named} | {core.name for core in all_cores(None) if core.algorithm_name in algorithms}
    return Narrow(frozenset(kept) if named else None, frozenset(devices) if devices else None, tuple(core.name for core in named))


def has_rows(section: Section) -> bool:
    return any(isinstance(item, (Table, Figure)) for item in section.items)


def left_out_line(left_out: list[Section], narrow: Narrow) -> str | None:
    """The one line that names the sections left out of a narrowed report and the command that
    would fill each."""
    if not left_out:
        return None
    parts = [f"{section.title} ({_fill_command(section.anchor, narrow)})" for section in left_out]
    return f"Left out, without rows of {_narrow_text(narrow)}: " + "; ".join(parts)


def _narrow_text(narrow: Narrow) -> str:
    cores = f"the cores {', '.join(sorted(narrow.cores))}" if narrow.cores is not None else "any core"
    devices = f" on {', '.join(sorted(narrow.devices))}" if narrow.devices is not None else ""
    return cores + devices


def _fill_command(anchor: str, narrow: Narrow) -> str:
    """The command that stores the rows of the section ``anchor`` for ``narrow``'s cores (named
    first, then the others of their algorithms that the section takes) and devices."""
    catalogue = {core.name: core for core in all_cores(None)}
    order = [*narrow.named, *sorted((narrow.cores or set()) - set(narrow.named))]
    kept = [catalogue[name] for name in order if name in catalogue]
    hash_cores = [core for core in kept if core.interface == "hash"]
    lightweight = [core for core in hash_cores if core.architecture in ARCHITECTURES]
    lwc = [core for core in kept if core.interface == "lwc"]
    one_device = sorted(narrow.devices)[0] if narrow.devices is not None and len(narrow.devices) == 1 else None
    device = one_device or "DEVICE"

    def names(cores: list[Core], what: str = "CORE") -> str | None:
        """The cores for the command: the named ones among ``cores`` or else all of them; None if
        the narrowing keeps cores but none of these."""
        if narrow.cores is None:
            return what
        named = [core.name for core in cores if core.name in narrow.named]
        return " ".join(named or [core.name for core in cores]) or None

    def one(cores: list[Core]) -> str | None:
        found = names(cores)
        return found if found is None or " " not in found else "CORE"

    if anchor == "exploration" and narrow.devices is not None and exploration_study.DEVICE not in narrow.devices:
        return f"the study explores on {exploration_study.DEVICE} alone"
    if anchor == "pipeline":
        sweep = f"hashbed sweep pipeline --device {one_device or 'ecp5-85k'}"
        return sweep if narrow.cores is None else f"its rows are pipeline designs, not cores: {sweep}"
    commands = {
        "timing": (names(kept), f"hashbed time {{}} --device {device}"),
        "cycles": (names(hash_cores), "hashbed measure {}"),
        # an LWC core has no software to speed up: its overhead alone
        "testbed": (one(hash_cores), "hashbed testbed speedup {}")
        if hash_cores or not lwc
        else (one(lwc), "hashbed testbed overhead {}"),
        "cores": (names(kept), f"hashbed bench {{}} --device {device}"),
        "lightweight": (names(lightweight, "LIGHTWEIGHT-CORE"), f"hashbed bench {{}} --device {one_device or 'ecp5-25k'}"),
        "exploration": (
            names(hash_cores),
            f"hashbed explore {{}} --device {exploration_study.DEVICE} --budget {exploration_study.BUDGET}",
        ),
        "lwc": (names(lwc, "LWC-CORE"), f"hashbed lwc-bench {{0}}, and hashbed bench {{0}} --device {device}"),
    }
    cores, command = commands[anchor]
    if cores is None:
        return f"only { ({'lightweight': 'lightweight', 'lwc': 'LWC'}.get(anchor, 'hash')) } cores have rows here"
    return command.format(cores)


def source(rows: list[dict[str, Any]], devices: str | None = None) -> str:
    """Where rows came from: their devices (or ``devices``), the tool versions and hashbed versions they record."""
    found = sorted({str(row["device"]) for row in rows if row.get("device")})
    tools = sorted({_tool_text(v) for row in rows for v in (row.get("tools") or {}).values()})
    versions = sorted({part for row in rows if row.get("hashbed_version") for part in str(row["hashbed_version"]).split(", ")})
    return (
        f"device: {devices or ', '.join(found)}; tools: {', '.join(tools) or 'none recorded'}; "
        f"hashbed {', '.join(versions) or 'version not recorded'}"
    )


def _tool_text(value: Any) -> str:
    """A tool's version as text; one given by parts (the fast timing engine: name, source, compiler) as its parts."""
    if isinstance(value, dict):
        return f"{value.get('name', '')} timing engine {value.get('source', '')} ({value.get('compiler', '')})"
    return str(value)


def check_study(study: str) -> str:
    if study not in (*STUDIES, "all"):
        raise HashbedError(f"unknown study {study!r} (one of: {', '.join(STUDIES)}, all)")
    return study


def sections(
    store: ResultStore, study: str, narrow: Narrow = EVERYTHING, published: frozenset[str] = frozenset()
) -> list[Section]:
    """The report's sections for ``study`` (one of STUDIES, or 'all'), of the rows ``narrow``
    keeps. A narrowed report names nothing missing: its sections may have no rows (has_rows).
    ``published``: the keys of the store's jobs that are published results not run here (a
    results table marks their rows, PUBLISHED_MARK)."""
    check_study(study)
    builders: dict[str, Callable[[ResultStore, Narrow], list[Section]]] = {
        "zynq": functools.partial(_zynq, published=published),
        "lightweight": _lightweight,
        "pipeline": _pipeline,
        "exploration": _exploration,
        "lwc": _lwc,
    }
    chosen = STUDIES if study == "all" else (study,)
    found = [section for name in chosen for section in builders[name](store, narrow)]
    if narrow.active:
        for section in found:
            section.items = [item for item in section.items if not isinstance(item, Missing)]
    return found


# --- the Zynq study and the catalogue's results --------------------------------------------------


def _zynq(store: ResultStore, narrow: Narrow, published: frozenset[str] = frozenset()) -> list[Section]:
    timing = Section("zynq", "Zynq study: Fmax, static timing against experiment (Tables I and III)", "timing")
    rows = narrow.rows(timing_tables.fmax_rows(store))
    timing.items.append(
        Table(timing_tables.TABLE_1_TITLE, timing_tables.fmax_cells(rows), source(rows))
        if rows
        else Missing("Table I, static-timing vs experimental Fmax", "make timing, or hashbed time sha1 --device ice40-hx8k")
    )
    if rows:  # the cores of the study's set not searched yet
        timing.items += [Missing(f"Table I: {what}", command) for what, command in timing_tables.missing_searches(rows)]
    boards = narrow.rows(timing_tables.board_rows(store))
    timing.items.append(
        Table(timing_tables.TABLE_3_TITLE, timing_tables.board_cells(boards), source(boards))
        if boards
        else Missing(
            "Table III, experimental Fmax on several boards",
            "make timing, or hashbed time sha1 --device ice40-hx8k --data random --boards 3",
        )
    )
    if rows:
        timing.items.append(_ratio_figure(rows, boards))

    cycles = Section("zynq", "Zynq study: cycle formulas (Table II)", "cycles")
    formulas = formula_rows(narrow.catalogue(all_cores()), store)
    measured = [row for row in formulas if row["measured"]]
    if narrow.active:  # no 'not measured' rows
        formulas = measured
    if formulas:
        cycles.items.append(
            Table(TABLE_2_TITLE, formula_cells(formulas), source(measured, "none (cycle counts from RTL simulation)"))
        )
    if len(measured) < len(formulas):
        cycles.items.append(
            Note(
                f"{len(formulas) - len(measured)} cores not measured on their current sources "
                "('not measured': run hashbed measure CORE, or hashbed bench)"
            )
        )

    testbed = Section("zynq", "Zynq study: speed-up and communication overhead against message size (Table IV)", "testbed")
    series = narrow.rows(testbed_tables.testbed_series(store))
    if series:
        testbed.items.append(Table(testbed_tables.TABLE_4_TITLE, testbed_tables.speedup_cells(series), source(series)))
        testbed.items.append(Note(testbed_tables.software_note(series)))
        arm = testbed_tables.arm_speedup_cells(series)
        if arm is not None:
            cells, figures = arm
            testbed.items.append(Table(testbed_tables.TABLE_4_ARM_TITLE, cells, source(series)))
            testbed.items.append(
                Note(
                    "published software on the Cortex-A9 (the fastest figure of each algorithm): "
                    + "; ".join(f"{f.implementation}, {f.cycles_per_byte:g} cycles/byte ({f.source}; {f.url})" for f in figures)
                )
            )
        testbed.items.append(_overhead_figure(series))
        testbed.items.append(Table(testbed_tables.OVERHEAD_TITLE, testbed_tables.overhead_cells(series), source(series)))
    else:
        for what in ("Table IV, hardware/software speed-up against message size", "the overhead-against-size figure"):
            testbed.items.append(Missing(what, "make testbed, or hashbed testbed speedup CORE"))
    return [timing, cycles, testbed, _catalogue(store, narrow, published)]


def _ratio_figure(rows: list[dict[str, Any]], boards: list[dict[str, Any]]) -> Figure:
    """Per device, each core's experimental/STA ratio against its STA Fmax, per data mode, with the
    virtual boards' ratios beside them."""
    plots = []
    for device in sorted({row["device"] for row in rows}):
        series = [
            Series(
                f"{data} data",
                [r["sta_fmax_mhz"] for r in group],
                [r["ratio"] for r in group],
                [r["core"] for r in group],
            )
            for data in ("worst", "random")
            if (group := [r for r in rows if (r["device"], r["data"]) == (device, data)])
        ]
        spread = [
            (r["sta_fmax_mhz"], f / r["sta_fmax_mhz"]) for r in boards if r["device"] == device for f in r["boards"].values()
        ]
        if spread:
            series.append(Series("virtual boards", [x for x, _ in spread], [y for _, y in spread]))
        plots.append(
            Plot(f"{device}: each point a core", "static-timing Fmax (MHz)", "experimental / static Fmax", series, scatter=True)
        )
    return Figure(
        "fmax-ratio",
        "Experimental against static-timing Fmax per core (Table I), and the virtual boards' spread (Table III)",
        plots,
        source(rows + boards),
    )


def _overhead_figure(series: list[dict[str, Any]]) -> Figure:
    lines = [
        Series(testbed_tables.series_label(s), [r["size_kb"] for r in s["overhead"]], [r["ratio"] for r in s["overhead"]])
        for s in series
    ]
    plot = Plot("measured / formula time", "message size (kB)", "overhead ratio", lines, log_x=True)
    return Figure(
        "overhead-vs-size", "Communication overhead against message size on the simulated board", [plot], source(series)
    )


#: What marks a published result's row, not run in the user's store (docs/store.md).
PUBLISHED_MARK = "*: a published result, not run here"


def _catalogue(store: ResultStore, narrow: Narrow, published: frozenset[str] = frozenset()) -> Section:
    section = Section("zynq", "All cores: throughput against area", "cores")
    rows = ranked(narrow.rows(latest_rows(metrics_records(store), published=published)), reference_tpa(store))
    if not rows:
        section.items.append(Missing("the throughput-against-area results of the cores", "hashbed bench --device ecp5-85k"))
        return section
    for device in sorted({row["device"] for row in rows}):
        for seed in sorted({row["seed"] for row in rows if row["device"] == device}):
            flow = [row for row in rows if (row["device"], row["seed"]) == (device, seed)]
            name = f"{device}, seed {seed}"
            points = Series("cores", [r["luts"] for r in flow], [r["throughput_mbps"] for r in flow], [r["core"] for r in flow])
            plot = Plot(
                "each point a core (its latest run); area on a logarithmic scale",
                "area (LUTs)",
                "throughput (Mbit/s)",
                [points],
                scatter=True,
                log_x=True,
            )
            section.items.append(
                Figure(
                    f"throughput-vs-area-{device}-s{seed}",
                    f"Throughput against area of {'the chosen cores' if narrow.active else 'every core'} on {name}",
                    [plot],
                    source(flow),
                )
            )
            marked = f"; {PUBLISHED_MARK}" if any(row.get("published") for row in flow) else ""
            section.items.append(
                Table(f"Results on {name}, ranked by throughput per LUT", result_cells(flow), source(flow) + marked)
            )
            if seed == DEFAULT_SEED:
                section.items += _cores_without_rows(store, flow, device, narrow)
    return section


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


# --- the lightweight study ---------------------------------------------------------------------


def _lightweight(store: ResultStore, narrow: Narrow) -> list[Section]:
    section = Section("lightweight", "Lightweight study: throughput, TP/A and energy per bit relative to SHA-256", "lightweight")
    rows = narrow.rows(lightweight_rows(store, {core.name: core for core in all_cores()}))
    if not rows:
        section.items.append(Missing("the lightweight study's results", "hashbed bench --device ecp5-25k on the *_lw cores"))
        return [section]
    cells = lightweight_families.family_cells(rows, store)
    shown = [cell.row for cell in cells.values() if cell.row is not None]
    section.items.append(Table(lightweight_families.TITLE, lightweight_families.table3_cells(cells), source(shown)))
    section.items += [Note(lightweight_families.verdict_text(v)) for v in lightweight_families.verdicts(cells)]
    if failed := lightweight_families.failure_notes(cells):
        section.items.append(Note("Failed implementations in Table 3 across families: " + "; ".join(failed)))
    for device in sorted({row["device"] for row in rows}):
        flow = [row for row in rows if row["device"] == device]
        series = [
            Series(architecture, [r["luts"] for r in group], [r["throughput_mbps"] for r in group], [r["core"] for r in group])
            for architecture in ARCHITECTURES
            if (group := [r for r in flow if r["architecture"] == architecture])
        ]
        plot = Plot("each point a lightweight core", "area (LUTs)", "throughput, long messages (Mbit/s)", series, scatter=True)
        section.items.append(
            Figure(f"lightweight-{device}", f"Lightweight cores on {device}: throughput against area", [plot], source(flow))
        )
        section.items.append(Table(f"{LIGHTWEIGHT_TITLE} on {device}", lightweight_cells(flow), source(flow)))
    section.items.append(Note(LIGHTWEIGHT_NOTE))
    return [section]


# --- the pipeline study ------------------------------------------------------------------------


def _pipeline(store: ResultStore, narrow: Narrow) -> list[Section]:
    section = Section("pipeline", "Pipeline study: throughput per area and improvement against depth", "pipeline")
    # its rows are of pipeline designs, not of cores: narrowing to cores keeps none
    rows = [r for r in pipeline_tables.point_rows(store) if narrow.cores is None and narrow.keeps(device=r["device"])]
    if not rows:
        section.items.append(
            Missing("the pipeline study's depth tables and curves", "make sweep, or hashbed sweep pipeline --device ecp5-85k")
        )
        return [section]
    tables = pipeline_tables.depth_tables(rows)
    for key in sorted({(t["algorithm"], t["device"], t["seed"]) for t in tables}):
        group = [t for t in tables if (t["algorithm"], t["device"], t["seed"]) == key]
        section.items.append(_depth_figure(group))
        for table in group:
            fitting = [p for p in table["points"] if p["fits"]]
            section.items.append(
                Table(pipeline_tables.depth_title(table), pipeline_tables.depth_cells(table), source(fitting or table["points"]))
            )
            if missing := pipeline_tables.missing_points(table):
                section.items.append(Missing(*missing))
    ratios = pipeline_tables.opt_vs_base(rows)
    if ratios:
        section.items.append(
            Table(pipeline_tables.RATIO_TITLE, pipeline_tables.ratio_cells(ratios), source([r for r in rows if r["fits"]]))
        )
    spread = pipeline_tables.seed_spread(rows)
    if spread:
        spread_points = {(r["design"], r["device"], r["stages"]) for r in spread}
        section.items.append(
            Table(
                pipeline_tables.SPREAD_TITLE,
                pipeline_tables.spread_cells(spread),
                source([r for r in rows if r["fits"] and (r["design"], r["device"], r["stages"]) in spread_points]),
            )
        )
    section.items += [Note(text) for text in [*pipeline_tables.claims(rows), pipeline_tables.SHELL_NOTE]]
    return [section]


def _depth_figure(group: list[dict[str, Any]]) -> Figure:
    algorithm, device, seed = group[0]["algorithm"], group[0]["device"], group[0]["seed"]
    curves: dict[str, list[Series]] = {"tpa_mbps_per_lut": [], "improvement": []}
    points = []
    for table in group:
        fitting = [p for p in table["points"] if p["fits"]]
        points += fitting
        for key, values in curves.items():
            shown = [p for p in fitting if p[key] is not None]
            values.append(Series(table["architecture"], [p["stages"] for p in shown], [p[key] for p in shown]))
    plots = [
        Plot("throughput per area", "pipeline stages", "TP/A (Mbit/s per LUT)", curves["tpa_mbps_per_lut"], log_x=True),
        Plot("improvement over one stage", "pipeline stages", "I = (T_k/A_k) / (T_1/A_1)", curves["improvement"], log_x=True),
    ]
    name = f"pipeline-{algorithm}-{device}-s{seed}"
    return Figure(
        name, f"{algorithm} pipelines on {device}, seed {seed}: TP/A and improvement I against depth", plots, source(points)
    )


# --- the exploration study ---------------------------------------------------------------------


def _exploration(store: ResultStore, narrow: Narrow) -> list[Section]:
    section = Section("exploration", "Exploration: the default run against the best of a tool-option search", "exploration")
    cores = exploration_study.study_cores() if narrow.cores is None else narrow.catalogue(all_cores())
    rows = narrow.rows(exploration_tables.study_rows(store, cores))
    command = f"hashbed explore CORE --device {exploration_study.DEVICE} --budget {exploration_study.BUDGET}"
    if not rows:
        section.items.append(Missing("the exploration study's results", f"make explore, or {command}"))
        return [section]
    explored = {row["core"] for row in rows}
    section.items += [
        Missing(f"the exploration of {core.name} on {exploration_study.DEVICE}", f"make explore, or {command}")
        for core in cores
        if core.name not in explored
    ]
    section.items.append(Table(exploration_tables.TITLE, exploration_tables.study_cells(rows), source(rows)))
    for by in exploration_tables.RANKED_BY:
        cells, rho = exploration_tables.ranking_cells(rows, by)
        correlation = f"Spearman's rank correlation of the two rankings: {rho:.3f}" if rho is not None else "too few cores"
        section.items.append(Table(f"Ranking by {by}, default run against best run ({correlation})", cells, source(rows)))
    default = Series("default run", [r["default_luts"] for r in rows], [r["default_throughput_mbps"] for r in rows])
    best = Series(
        "best run", [r["best_luts"] for r in rows], [r["best_throughput_mbps"] for r in rows], [r["core"] for r in rows]
    )
    plot = Plot("each point a core", "area (LUTs)", "throughput, long messages (Mbit/s)", [default, best], scatter=True)
    section.items.append(
        Figure("exploration-gain", f"Default and best run of each core on {exploration_study.DEVICE}", [plot], source(rows))
    )
    return [section]


# --- the LWC benchmarks ------------------------------------------------------------------------


def _lwc(store: ResultStore, narrow: Narrow) -> list[Section]:
    section = Section("lwc", "LWC benchmarks: the Ascon cores in the LWC manner, beside the hash cores", "lwc")
    cores = narrow.catalogue(all_cores("lwc"))
    found = lwc_tables.lwc_rows(store, cores)
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
        record = lwc_tables.bench_record(store, core)
        simulated = [{"tools": record.inputs.get("tools", {}), "hashbed_version": record.hashbed_version}] if record else []
        section.items.append(
            Table(
                f"{core.name}: {lwc_tables.CYCLES_TITLE}",
                lwc_tables.cycles_cells(benchmark),
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
                section.items.append(Table(title, lwc_tables.throughput_cells(benchmark, impl["fmax_mhz"]), source([impl])))
            elif row["note"] == lwc_tables.NO_IMPLEMENTATION:
                section.items.append(
                    Missing(f"{core.name} on {row['device']}", f"hashbed bench {core.name} --device {row['device']}")
                )
    if not cores:
        section.items.append(Note("no LWC core in the catalogue (docs/interface.md, the LWC interface)"))
        return [section]
    if any(row["benchmark"] or row["implementation"] for row in rows):
        section.items.append(Table(lwc_tables.SUMMARY_TITLE, lwc_tables.summary_cells(rows), source(rows)))
    section.items += [_lwc_figure(store, rows, device, narrow) for device in _lwc_devices(rows)]
    section.items.append(Note(lwc_tables.NOTE))
    return [section]


def _lwc_devices(rows: list[dict[str, Any]]) -> list[str]:
    """The devices with an implemented and benchmarked LWC core, in the rows' order."""
    return list(dict.fromkeys(row["device"] for row in rows if row["implementation"] and row["benchmark"]))


def _lwc_figure(store: ResultStore, rows: list[dict[str, Any]], device: str, narrow: Narrow) -> Figure:
    """Long-message throughput against LUTs on ``device``: the hash cores (those ``narrow``
    keeps), and each LWC core's encryption, decryption and hashing."""
    hashes = lwc_tables.hash_core_rows(store, device, {core.name for core in narrow.catalogue(all_cores())})
    series = [
        Series("hash cores", [r["luts"] for r in hashes], [r["throughput_mbps"] for r in hashes], [r["core"] for r in hashes])
    ]
    shown = [row for row in rows if row["device"] == device and row["implementation"] and row["benchmark"]]
    for name in lwc_tables.SUMMARY_ROWS:
        points = [row for row in shown if row["long_mbps"][name] is not None]
        series.append(
            Series(
                f"LWC {name}",
                [row["implementation"]["luts"] for row in points],
                [row["long_mbps"][name] for row in points],
                [row["core"] for row in points],
            )
        )
    title = "each point a core (long messages); area on a logarithmic scale"
    if not hashes:
        title = f"no hash core has a row on {device} yet (hashbed bench --device {device}); area on a logarithmic scale"
    plot = Plot(
        title,
        "area (LUTs)",
        "throughput, long messages (Mbit/s)",
        series,
        scatter=True,
        log_x=True,
    )
    return Figure(
        f"lwc-throughput-vs-area-{device}",
        f"LWC cores beside the hash cores on {device}: long-message throughput against area",
        [plot],
        source([*hashes, *[row["implementation"] for row in shown]]),
    )
