"""The folders and files commands write outside the store (``board build --out``, ``report --out``
and ``--page``, ``--build-dir``): a path that cannot be used is a one-line error naming it and the
fix before any work, and nothing hashbed did not write is written over (issue 40, cases 3, 14, 18).

A read-only folder is made with chmod, which does not stop root: as root those variants are
skipped, and a path under /proc or under a regular file gives a real OS error instead."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from hashbed.cli.main import main
from hashbed.errors import HashbedError
from hashbed.jobs.runner import Jobs
from hashbed.results import ResultStore
from hashbed.testbed.tcl import MARKER as BOARD_MARKER

LONG = "n" * 300  # longer than any file system's NAME_MAX
AS_ROOT = os.geteuid() == 0
ROOT_SKIP = pytest.mark.skipif(AS_ROOT, reason="chmod does not stop root from writing; /proc and a file stand in")


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("hashbed: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` with its bytes (None: a folder)."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A working folder holding a regular file ``afile``; the cache is its own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path / "cache"))
    (tmp_path / "afile").write_text("the user's file\n")
    yield tmp_path


@pytest.fixture
def read_only(here: Path) -> Iterator[Path]:
    folder = here / "locked"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    yield folder
    folder.chmod(stat.S_IRWXU)


#: Paths that cannot be a folder, and the words of their error (after "OPTION PATH").
BAD_FOLDERS = [
    ("/proc/nope", "cannot be written (its folder /proc): "),
    ("afile", " is a file: pass a folder for "),
    ("afile/sub", ": {here}/afile is a file, not a folder: pass another "),
    (LONG, ": File name too long: pass a shorter "),
    (f"new/{LONG}", " is longer than the 255 bytes a file name may have in {here}: pass a shorter "),
]


# --- case 14: board build --out a path that cannot be a folder -----------------------------------


@pytest.mark.parametrize(("out", "words"), BAD_FOLDERS)
def test_board_build_into_a_path_that_cannot_be_a_folder_is_a_one_line_error(
    here: Path, capsys: pytest.CaptureFixture[str], out: str, words: str
) -> None:
    before = tree(here)
    assert main(["board", "build", "sha1", "--out", out]) == 1
    err = one_line_error(capsys)
    assert err.startswith(f"hashbed: error: --out {out}") and words.format(here=here) in err
    assert tree(here) == before


@ROOT_SKIP
def test_board_build_into_a_read_only_folder_is_a_one_line_error(read_only: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "build", "sha1", "--out", str(read_only / "p")]) == 1
    assert "cannot be written" in one_line_error(capsys) and not any(read_only.iterdir())


# --- case 3: board build writes only into its own folder, and replaces another project only with --force


def test_board_build_refuses_a_folder_it_did_not_make_and_leaves_it_untouched(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = here / "bo"
    folder.mkdir()
    (folder / "build.tcl").write_text("# my own script\n")
    for force in ([], ["--force"]):  # --force replaces only a project this command made
        assert main(["board", "build", "sha1", "--out", "bo", *force]) == 1
        assert one_line_error(capsys) == (
            f"hashbed: error: --out bo holds files that 'hashbed board build' did not write (it has no {BOARD_MARKER}): "
            "pass a new or empty folder\n"
        )
        assert tree(folder) == {"build.tcl": b"# my own script\n"}


def test_another_cores_project_is_refused_then_replaced_whole_with_force(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "build", "sha1", "--out", "bo"]) == 0
    (here / "bo" / "vivado").mkdir()  # what Vivado leaves
    (here / "bo" / "hashbed_sha1.bit").write_bytes(b"bit")
    sha1_project = tree(here / "bo")
    capsys.readouterr()
    for argv in (["sha256"], ["sha1", "--board", "zedboard"]):
        assert main(["board", "build", *argv, "--out", "bo"]) == 1
        assert one_line_error(capsys) == (
            "hashbed: error: --out bo holds the project of sha1 on the pynq-z2 ('hashbed board build' wrote it): "
            "pass another --out, or --force to replace that project\n"
        )
        assert tree(here / "bo") == sha1_project
    assert main(["board", "build", "sha256", "--out", "bo", "--force", "--json"]) == 0
    fresh = here / "fresh"
    assert main(["board", "build", "sha256", "--out", str(fresh)]) == 0
    assert tree(here / "bo") == tree(fresh)  # nothing of sha1's project is left
    assert "sha1_core.v" not in os.listdir(here / "bo" / "hdl")


def test_the_same_project_is_written_again_without_stale_hdl_and_keeps_what_vivado_made(here: Path) -> None:
    assert main(["board", "build", "sha1", "--out", "bo"]) == 0
    (here / "bo" / "hdl" / "renamed_since.v").write_text("module gone; endmodule\n")
    (here / "bo" / "hashbed_sha1.bit").write_bytes(b"bit")
    assert main(["board", "build", "sha1", "--out", "bo"]) == 0
    assert not (here / "bo" / "hdl" / "renamed_since.v").exists()
    assert (here / "bo" / "hashbed_sha1.bit").read_bytes() == b"bit"


def test_board_build_help_states_force(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["board", "build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--force replace the project of another core or board in --out whole" in text


# --- report --out and --page -------------------------------------------------------------------


@pytest.mark.parametrize(("out", "words"), BAD_FOLDERS)
def test_report_into_a_path_that_cannot_be_a_folder_is_a_one_line_error(
    here: Path, capsys: pytest.CaptureFixture[str], out: str, words: str
) -> None:
    before = tree(here)
    assert main(["report", "zynq", "--db", "r.db", "--out", out]) == 1
    err = one_line_error(capsys)
    assert err.startswith(f"hashbed: error: --out {out}") and words.format(here=here) in err
    assert {name for name in tree(here) if name != "r.db"} == set(before)


@pytest.mark.parametrize(
    ("page", "words"),
    [
        ("/proc/page.md", "--page /proc/page.md cannot be written (its folder /proc): "),
        ("afile/page.md", "--page afile/page.md: its folder afile does not exist"),
        (f"{LONG}.md", ": File name too long: pass a shorter --page"),
        ("report", "--page report is a folder: pass the Markdown file to write"),
    ],
)
def test_a_page_that_cannot_be_written_is_a_one_line_error_before_the_report(
    here: Path, capsys: pytest.CaptureFixture[str], page: str, words: str
) -> None:
    (here / "report").mkdir()
    assert main(["report", "zynq", "--db", "r.db", "--out", "report", "--page", page]) == 1
    assert words in one_line_error(capsys) and not any((here / "report").iterdir())


@ROOT_SKIP
def test_report_into_a_read_only_folder_is_a_one_line_error(read_only: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "zynq", "--db", "r.db", "--out", str(read_only / "report")]) == 1
    assert "cannot be written" in one_line_error(capsys) and not any(read_only.iterdir())


# --- case 18: --build-dir ------------------------------------------------------------------------

#: Every command that runs jobs (each writes, or may write, run directories into --build-dir).
JOB_COMMANDS = [
    ["verify", "sha1"],
    ["measure", "sha1"],
    ["implement", "sha1", "--device", "ice40-hx8k"],
    ["energy", "sha1"],
    ["bench", "sha1", "--device", "ice40-hx8k"],
    ["explore", "sha1", "--device", "ice40-hx8k", "--budget", "4"],
    ["lwc-bench", "ascon"],
    ["testbed", "overhead", "sha1", "--core-mhz", "100"],
    ["time", "sha1", "--device", "ecp5-85k"],
    ["sweep", "pipeline", "sha1_base", "--depths", "1"],
]


@pytest.mark.parametrize("command", JOB_COMMANDS, ids=lambda argv: " ".join(argv[:2]))
@pytest.mark.parametrize(("build_dir", "words"), BAD_FOLDERS, ids=["proc", "file", "under-file", "long", "long-new"])
def test_an_unusable_build_dir_is_a_one_line_error_not_a_fallback(
    here: Path, capsys: pytest.CaptureFixture[str], command: list[str], build_dir: str, words: str
) -> None:
    assert main([*command, "--db", "r.db", "--build-dir", build_dir]) == 1
    err = one_line_error(capsys)
    assert err.startswith(f"hashbed: error: --build-dir {build_dir}") and words.format(here=here) in err
    assert not (here / "cache" / "build").exists()  # the old silent fallback
    with ResultStore(here / "r.db") as store:
        assert store.jobs() == []


@ROOT_SKIP
def test_a_read_only_build_dir_is_a_one_line_error(read_only: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "sha1", "--db", "r.db", "--build-dir", str(read_only / "build")]) == 1
    assert "cannot be written" in one_line_error(capsys)


def test_jobs_check_their_build_dir(here: Path) -> None:
    with ResultStore(here / "r.db") as store:
        with pytest.raises(HashbedError, match="--build-dir afile is a file"):
            Jobs(store, Path("afile"))
        assert Jobs(store, here / "new" / "build").build_dir == here / "new" / "build"
    assert not (here / "new").exists()  # checked, not made


@pytest.mark.parametrize("build_dir", ["afile", "afile/sub", LONG])
def test_progress_names_a_build_dir_that_cannot_be_a_folder(
    here: Path, capsys: pytest.CaptureFixture[str], build_dir: str
) -> None:
    assert main(["progress", "--build-dir", build_dir]) == 1
    assert one_line_error(capsys).startswith(f"hashbed: error: --build-dir {build_dir}")
