"""``hashbed report --core NAME --device NAME``: the report of some cores (with the catalogue's
cores of their algorithms) and devices, from the fixture store (fixture_store.py): sections
without rows are left out and named in one line, with the command that fills each."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hashbed.catalogue.cores import all_cores
from hashbed.cli.main import main
from hashbed.report.sections import sections
from hashbed.results import ResultStore
from hashbed.studies.document import Table
from hashbed.studies.exploration import study as exploration
from hashbed.studies.narrowing import narrow
from support import fixture_store

#: sha256 and the catalogue's other SHA-256 cores.
SHA256 = {"sha256", "sha256_lw-bram", "sha256_lw-logic"}
LEFT_OUT = "Left out, without rows of "
SECTIONS = ("timing", "cycles", "testbed", "cores", "lightweight", "pipeline", "exploration", "lwc")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture store: sha1, sha256, keccak256-round3 and blake256-round3 on ecp5-85k, sha1
    and sha256 on ecp5-25k with sha256_lw-logic and blake256_lw-logic; sha1 timed on ice40-hx8k;
    the testbed of sha1 and sha256; two pipeline designs; ascon's LWC benchmarks on ecp5-25k. No
    exploration."""
    return fixture_store.fill(tmp_path_factory.mktemp("narrow") / "results.db")


def _table_lines(markdown: str) -> list[str]:
    """The rows of the Markdown's tables (not their headings, which name e.g. "TP/A vs sha256")."""
    lines = markdown.splitlines()
    return [line for line, after in zip(lines, [*lines[1:], ""]) if line.startswith("| ") and not after.startswith("|--")]


def _names(text: str, names: set[str]) -> set[str]:
    """The core names of ``names`` that occur in ``text`` as whole names (sha256 not in sha256_lw-logic)."""
    return {name for name in names if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)}


def _anchors(markdown: str) -> list[str]:
    return re.findall(r'^<a id="([^"]+)"></a>$', markdown, re.M)


def _core_cells(table: Table) -> set[str]:
    """The cores a table's rows are of: its "core" column, or the core before the setting."""
    columns, rows = table.cells
    for column in ("core", "core and setting"):
        if column in columns:
            return {row[columns.index(column)].split(",")[0] for row in rows}
    return set()


def test_a_core_keeps_its_rows_and_those_of_the_cores_of_its_algorithm_and_nothing_else(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", "--db", str(db), "--out", str(tmp_path / "r"), "--core", "sha256"]) == 0
    markdown = (tmp_path / "r" / "README.md").read_text()
    tables = "\n".join(_table_lines(markdown))
    everything = {core.name for core in all_cores(None)}
    assert _names(tables, everything) == {"sha256", "sha256_lw-logic"}  # the fixture has no row of sha256_lw-bram
    assert "blake256_lw-logic" not in markdown and "keccak" not in tables and "sha-1" not in tables
    # side by side: sha256 and its lightweight core in the ecp5-25k ranking, ranked among themselves
    ranking = [line for line in _table_lines(markdown) if re.match(r"\| \d+ \| ", line) and "| ecp5-25k |" in line]
    assert [line.split("|")[1:3] for line in ranking] == [[" 1 ", " sha256 "], [" 2 ", " sha256_lw-logic "]]
    with ResultStore(db) as store:
        found = sections(store, "all", narrow(["sha256"]))
    shown = [item for section in found for item in section.items if isinstance(item, Table)]
    assert set().union(*map(_core_cells, shown)) == {"sha256", "sha256_lw-logic"}
    assert {section.anchor for section in found if any(isinstance(item, Table) for item in section.items)} == {
        "cycles",
        "testbed",
        "cores",
        "lightweight",
    }
    capsys.readouterr()


def test_sections_without_rows_are_left_out_and_named_in_one_line_with_the_command_that_fills_each(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "r"
    assert main(["report", "--db", str(db), "--out", str(folder), "--core", "sha256"]) == 0
    printed = capsys.readouterr()
    markdown = (folder / "README.md").read_text()
    assert _anchors(markdown) == ["cycles", "testbed", "cores", "lightweight"]  # sha1 alone is timed; no exploration
    [line] = [line for line in printed.err.splitlines() if line.startswith(LEFT_OUT)]
    assert printed.err == line + "\n" and "0 missing" in printed.out
    assert line == (
        "Left out, without rows of the cores sha256, sha256_lw-bram, sha256_lw-logic: "
        "Zynq study: Fmax, static timing against experiment (Tables I and III) (hashbed time sha256 --device DEVICE); "
        "Pipeline study: throughput per area and improvement against depth "
        "(its rows are pipeline designs, not cores: hashbed sweep pipeline --device ecp5-85k); "
        "Exploration: the default run against the best of a tool-option search "
        f"(hashbed explore sha256 --device {exploration.DEVICE} --budget {exploration.BUDGET}); "
        "LWC benchmarks: the Ascon cores in the LWC manner, beside the hash cores (only LWC cores have rows here)"
    )
    assert markdown.splitlines()[2] == line  # at the top, under the title
    assert "missing" not in markdown.lower() and "not measured" not in markdown  # no placeholders
    page = (folder / "index.html").read_text()
    assert 'class="missing"' not in page and line.replace("'", "&#x27;") in page
    assert "--core sha256" in markdown.splitlines()[4]  # the command that made it
    # Table II holds the measured cores alone
    [table_2] = [line for line in _table_lines(markdown) if line.startswith("| sha256") and "512·f/65" in line]
    assert table_2.startswith("| sha256 | 32 | 512 |")


def test_a_device_keeps_the_rows_of_that_device_and_those_of_no_device(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["report", "--db", str(db), "--out", str(tmp_path / "r"), "--device", "ice40-hx8k", "--json"]
    assert main(argv) == 0
    written = json.loads(capsys.readouterr().out)
    markdown = (tmp_path / "r" / "README.md").read_text()
    assert "ecp5" not in "\n".join(_table_lines(markdown))
    # Table I of sha1 on ice40-hx8k; cycle counts, the simulated board and ascon's cycles have no device
    assert _anchors(markdown) == ["timing", "cycles", "testbed", "lwc"]
    assert "| sha1 | ice40-hx8k |" in markdown and written["missing"] == []
    assert written["left_out"].startswith(LEFT_OUT + "any core on ice40-hx8k: All cores: throughput against area ")
    assert "(hashbed bench CORE --device ice40-hx8k)" in written["left_out"]
    assert f"(the study explores on {exploration.DEVICE} alone)" in written["left_out"]
    assert sorted(p.name for p in (tmp_path / "r").glob("*.png")) == ["fmax-ratio.png", "overhead-vs-size.png"]


def test_core_and_device_together_and_with_a_study(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["report", "zynq", "--db", str(db), "--out", str(tmp_path / "r"), "--core", "sha1", "--device", "ecp5-85k"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    markdown = (tmp_path / "r" / "README.md").read_text()
    assert _anchors(markdown) == ["cycles", "testbed", "cores"]  # the zynq study only; sha1 is timed on iCE40 alone
    assert err == (
        "Left out, without rows of the cores sha1 on ecp5-85k: Zynq study: Fmax, static timing against experiment "
        "(Tables I and III) (hashbed time sha1 --device ecp5-85k)\n"
    )
    tables = "\n".join(_table_lines(markdown))
    assert _names(tables, {core.name for core in all_cores(None)}) == {"sha1"}
    assert "ecp5-25k" not in tables and "| 1 | sha1 | ecp5-85k | 700 |" in tables


def test_printing_is_narrowed_too(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "all", "--db", str(db), "--core", "ascon", "--json"]) == 0
    printed = capsys.readouterr()
    data = json.loads(printed.out)
    assert [section["section"] for section in data["sections"]] == [  # ascon's metrics row is in the ranking too
        "All cores: throughput against area",
        "LWC benchmarks: the Ascon cores in the LWC manner, beside the hash cores",
    ]
    cores = set().union(
        *(_core_cells(Table(t["title"], (t["columns"], t["rows"]), "")) for s in data["sections"] for t in s["tables"])
    )
    assert cores == {"ascon"}
    assert printed.err == data["left_out"] + "\n"
    for fill in (
        "(Tables I and III) (hashbed time ascon --device DEVICE)",
        "(Table II) (only hash cores have rows here)",  # LWC cores: their cycles in the LWC section
        "(Table IV) (hashbed testbed overhead ascon)",  # no software to speed up
        "relative to SHA-256 (only lightweight cores have rows here)",  # Ascon's are not the study's
    ):
        assert fill in printed.err


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--core", "sha256_gmu"], "unknown core 'sha256_gmu'; known cores: "),
        (["--core", "sha256", "--device", "ecp5-1k"], "unknown device 'ecp5-1k'; known devices: "),
    ],
)
def test_an_unknown_core_or_device_is_a_one_line_error_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str], words: str
) -> None:
    db, folder = tmp_path / "results.db", tmp_path / "r"
    assert main(["report", "--db", str(db), "--out", str(folder), *flags]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"hashbed: error: {words}") and err.count("\n") == 1
    assert not folder.exists() and not db.exists()


def test_without_the_flags_the_report_is_as_before(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--db", str(db), "--out", str(tmp_path / "r"), "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert sorted(written) == ["figures", "folder", "missing", "tables"] and written["missing"]
    markdown = (tmp_path / "r" / "README.md").read_text()
    assert _anchors(markdown) == ["findings", *SECTIONS] and LEFT_OUT not in markdown  # the claims first, not narrowed
    assert markdown.splitlines()[4].startswith("Each table and figure names the devices")
    with ResultStore(db) as store:
        assert sections(store, "all", narrow()) == sections(store, "all")
