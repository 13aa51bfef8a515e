"""The LWC benchmark tables (docs/lwc.md): per LWC core, the cycles of each benchmark case in its
RTL (the stored ``lwc_bench`` job of its present sources) and, per device with a stored
implementation of the core, the throughput at its Fmax; a summary of every LWC core's area, Fmax
and long-message throughput per device; and the points of the throughput-against-area figure,
the LWC cores beside the hash cores of the same device."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hashbed.catalogue.cores import Core
from hashbed.console.cells import Cells
from hashbed.flow.impl.implement import DEFAULT_SEED
from hashbed.flow.sim.lwc_bench import LONG, BenchRow, bench_rows
from hashbed.jobs.runner import LWC_BENCH_STEP
from hashbed.results import JobRecord, ResultStore
from hashbed.studies.ranking import latest_rows, metrics_records

#: The devices of the LWC benchmarks: ECP5 and iCE40 (others where a core has a stored row).
LWC_DEVICES = ("ecp5-25k", "ice40-hx8k", "ice40-up5k")
OVER_BUFFER = "over the buffer"
NO_IMPLEMENTATION = "no implementation"
#: The cases of the summary and the figure: the long-message throughput of each operation.
SUMMARY_ROWS = {
    "encryption": BenchRow("encrypt", "pt", False),
    "decryption": BenchRow("decrypt", "pt", False),
    "hash": BenchRow("hash", "msg", False),
}
CYCLES_TITLE = "LWC benchmarks: clock cycles per operation in the RTL (long: the cycles of one block more)"
SUMMARY_TITLE = "LWC cores: area, Fmax and long-message throughput per device"
NOTE = (
    "As GMU's LWC development package benchmarks in its timing mode: each case one operation in the core's RTL "
    "without stalls, from the first pdi word read to the status word written; AD and PT of equal sizes in 'AD and PT', "
    "the size each; long: the difference between N + 1 and N blocks (N = 4) of the same case; throughput: the bits of "
    f"AD and PT (or of the message) times Fmax over the cycles; '{OVER_BUFFER}': a decryption whose plaintext the core "
    "cannot hold until its tag is checked ([lwc] max_decrypt_bytes). docs/lwc.md"
)


@dataclass(frozen=True)
class Cell:
    """One benchmark figure: the bits of a case (or of the long message's extra blocks) and its
    cycles, None when the case is over the core's buffer."""

    bits: int
    cycles: int | None

    def mbps(self, fmax_mhz: float) -> float | None:
        return self.bits * fmax_mhz / self.cycles if self.cycles else None


def bench_record(store: ResultStore, core: Core) -> JobRecord | None:
    """The latest finished LWC benchmark of the core's present sources, or None."""
    fingerprint = core.fingerprint()
    found = None
    for record in store.jobs(LWC_BENCH_STEP, core.name):  # oldest first
        if record.ok and record.inputs.get("core_fingerprint") == fingerprint:
            found = record
    return found


def columns(outputs: dict[str, Any]) -> list[str]:
    return [*(str(size) for size in outputs["sizes"]), LONG]


def bench_table(outputs: dict[str, Any]) -> list[tuple[BenchRow, list[Cell]]]:
    """Per row (operation, inputs, key), its cells by column: the sizes, then the long message."""
    cases = {(c["operation"], c["inputs"], c["new_key"], c["ad_bytes"], c["msg_bytes"]): c["cycles"] for c in outputs["cases"]}
    blocks, n = outputs["block_bytes"], outputs["long_blocks"]
    table = []
    for row in bench_rows():

        def cell(size: int, row: BenchRow = row) -> Cell:
            case = row.case(size)
            key = (case.operation, case.inputs, case.new_key, case.ad_bytes, case.msg_bytes)
            return Cell(case.data_bits, cases[key])

        cells = [cell(size) for size in outputs["sizes"]]
        block = blocks["hash" if row.operation == "hash" else "aead"]
        shorter, longer = cell(n * block), cell((n + 1) * block)
        if shorter.cycles is None or longer.cycles is None:
            cells.append(Cell(longer.bits - shorter.bits, None))
        else:
            cells.append(Cell(longer.bits - shorter.bits, longer.cycles - shorter.cycles))
        table.append((row, cells))
    return table


def _headings(outputs: dict[str, Any], unit: str) -> list[str]:
    return ["operation", *(f"{size} B {unit}" for size in outputs["sizes"]), f"long {unit}"]


def cycles_cells(outputs: dict[str, Any]) -> Cells:
    """The cycles of every case (long: the cycles of one block more)."""
    rows = [
        [row.label, *(str(cell.cycles) if cell.cycles is not None else OVER_BUFFER for cell in cells)]
        for row, cells in bench_table(outputs)
    ]
    return _headings(outputs, "cycles"), rows


def throughput_cells(outputs: dict[str, Any], fmax_mhz: float) -> Cells:
    """The throughput of every case at ``fmax_mhz``, in Mbit/s."""
    rows = []
    for row, cells in bench_table(outputs):
        values = [cell.mbps(fmax_mhz) for cell in cells]
        rows.append([row.label, *(f"{value:.1f}" if value is not None else OVER_BUFFER for value in values)])
    return _headings(outputs, "Mbit/s"), rows


def long_mbps(outputs: dict[str, Any], fmax_mhz: float) -> dict[str, float | None]:
    """The long-message throughput of encryption, decryption and hashing at ``fmax_mhz``."""
    table = dict(bench_table(outputs))
    return {name: table[row][-1].mbps(fmax_mhz) for name, row in SUMMARY_ROWS.items()}


def _implementation_note(store: ResultStore, core: Core, device: str) -> str:
    """Why a core has no row on a device: its implementation does not fit, or none is stored."""
    failed = [record for record in store.jobs("implement", core.name, device) if not record.ok]
    fingerprint = core.fingerprint()
    failed = [record for record in failed if record.inputs.get("core_fingerprint") == fingerprint]
    if failed and (failed[-1].error or "").startswith("does not fit"):
        return str(failed[-1].error)
    return NO_IMPLEMENTATION


def implementations(store: ResultStore, core: Core) -> list[dict[str, Any]]:
    """Per device (LWC_DEVICES, then any other with a row of the core): the core's latest metrics
    row of its present sources (seed 1 where stored), or None with the reason in ``note``."""
    rows = latest_rows(metrics_records(store, core.name))
    devices = [*LWC_DEVICES, *sorted({row["device"] for row in rows} - set(LWC_DEVICES))]
    found = []
    for device in devices:
        on_device = sorted((row for row in rows if row["device"] == device), key=lambda row: row["seed"] != DEFAULT_SEED)
        row = on_device[0] if on_device else None
        found.append({"device": device, "row": row, "note": None if row else _implementation_note(store, core, device)})
    return found


def lwc_rows(store: ResultStore, cores: list[Core]) -> list[dict[str, Any]]:
    """Per LWC core and device: its benchmark (None when not run on its present sources), its
    implementation row (or the note why none) and its long-message throughputs."""
    result = []
    for core in cores:
        record = bench_record(store, core)
        for found in implementations(store, core):
            row = found["row"]
            outputs = record.outputs if record else None
            tp = long_mbps(outputs, row["fmax_mhz"]) if outputs and row else {name: None for name in SUMMARY_ROWS}
            result.append(
                {
                    "core": core.name,
                    "architecture": core.architecture,
                    "device": found["device"],
                    "benchmark": outputs,
                    "implementation": row,
                    "note": found["note"],
                    "long_mbps": {name: round(value, 2) if value is not None else None for name, value in tp.items()},
                    "tools": row["tools"] if row else (record.inputs.get("tools", {}) if record else {}),
                    "hashbed_version": ", ".join(
                        sorted({v for v in (record.hashbed_version if record else None, row and row["hashbed_version"]) if v})
                    ),
                }
            )
    return result


def summary_cells(rows: list[dict[str, Any]]) -> Cells:
    """Every LWC core on every device: area, Fmax, long-message throughput of each operation and
    encryption's throughput per LUT; the reason where there is no implementation."""
    headings = [
        "core",
        "device",
        "LUTs",
        "FFs",
        "BRAMs",
        "Fmax MHz",
        *(f"{name} long Mbit/s" for name in SUMMARY_ROWS),
        "encryption TP/A Mbit/s/LUT",
    ]
    cells = []
    for r in rows:
        impl = r["implementation"]
        if impl is None:
            cells.append([r["core"], r["device"], r["note"], *(["-"] * (len(headings) - 3))])
            continue
        tp = r["long_mbps"]
        values = [f"{tp[name]:.1f}" if tp[name] is not None else "not benchmarked" for name in SUMMARY_ROWS]
        tpa = f"{tp['encryption'] / impl['luts']:.3f}" if tp["encryption"] is not None else "-"
        cells.append(
            [r["core"], r["device"], str(impl["luts"]), str(impl["ffs"]), str(impl["brams"]), f"{impl['fmax_mhz']:.2f}"]
            + values
            + [tpa]
        )
    return headings, cells


def hash_core_rows(store: ResultStore, device: str, hash_cores: set[str]) -> list[dict[str, Any]]:
    """The hash cores' latest rows on ``device`` (seed 1), for the figure beside the LWC cores."""
    rows = latest_rows(metrics_records(store, device=device))
    return [row for row in rows if row["core"] in hash_cores and row["seed"] == DEFAULT_SEED]
