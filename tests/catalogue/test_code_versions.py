"""The code versions in the job keys (hashbed.catalogue.code_version): each number pins its code's
behaviour, a docstring keeps every key, a constant of the search does not.

When test_each_code_version_pins_its_behaviour fails, the code of that version changed in what it
does: bump its number (and say in its ``changes`` what changed) if the change can move a result, or
pin the new fingerprint under the same number if it cannot (a refactor, shown by its tests).
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hashbed.catalogue.code_version import CodeVersion, behaviour_fingerprint, module_path
from hashbed.flow.energy.estimate import ENERGY_CODE
from hashbed.flow.timing.engine import ENGINE_CODE
from hashbed.studies.zynq.timing import TIMING_CODE

SRC = Path(__file__).resolve().parents[2] / "src"
#: Every code version in the keys, and its behaviour fingerprint at each number.
VERSIONS = (TIMING_CODE, ENGINE_CODE, ENERGY_CODE)
PINS = {
    # pinned again 2026-11-29 for one controller, one testbench (core_tb.v for both interfaces) and the
    # Zynq study's workloads: the timing jobs of sha1 on ice40-hx8k (worst; random with board 1),
    # sha256_lw-logic and ascon on ecp5-25k (worst) ran again to the same outputs as before
    ("timing", 1): "81fcad730949e35d",
    ("engine", 1): "045cfb192c709904",
    # pinned again 2026-11-29 for core_tb.v of both interfaces: sha256_lw-logic's energy job on
    # ecp5-25k ran again to the same outputs
    ("energy", 1): "ad5271520594239f",
}


@pytest.mark.parametrize("code", VERSIONS, ids=lambda code: code.name)
def test_each_code_version_pins_its_behaviour(code: CodeVersion) -> None:
    pin = PINS.get((code.name, code.number))
    assert pin is not None, f"{code.name} {code.number} has no pin here: its fingerprint is {code.behaviour()}"
    assert code.behaviour() == pin, (
        f"the {code.name} code changed what it does: bump its number (with a line in 'changes') if a result can "
        f"move, or pin {code.behaviour()} for {code.name} {code.number} if none can"
    )


def test_every_code_version_of_the_package_is_pinned_here() -> None:
    declared = sorted(
        node.args[0].value
        for path in (SRC / "hashbed").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "CodeVersion"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    )
    assert declared == sorted(code.name for code in VERSIONS)


def _docstrings_and_comments_changed(source: str) -> str:
    """``source`` with a sentence added to every docstring and a comment after every def."""
    lines = source.splitlines()
    starts = [
        (node.body[0].lineno - 1, node.body[0].col_offset)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    ]
    for line, column in starts:
        quotes = 3 if lines[line][column : column + 3] in ('"""', "'''") else 1
        lines[line] = lines[line][: column + quotes] + "An added sentence. " + lines[line][column + quotes :]
    changed = "\n".join(lines) + "\n"
    return re.sub(r"^(\s*)(def [^#\n]*:)$", r"\1\2  # an added comment", changed, flags=re.MULTILINE)


@pytest.mark.parametrize("code", VERSIONS, ids=lambda code: code.name)
def test_the_fingerprint_keeps_docstrings_comments_and_layout_out(code: CodeVersion, tmp_path: Path) -> None:
    modules, files = [], []
    for name in code.modules:
        copy = tmp_path / module_path(name).name
        copy.write_text(_docstrings_and_comments_changed(module_path(name).read_text()))
        assert copy.read_text() != module_path(name).read_text()
        modules.append(copy)
    for path in code.files:
        copy = tmp_path / path.name
        copy.write_text("// an added comment\n" + path.read_text().replace("\n", "\n\n", 3) + "\n/* and another */\n")
        files.append(copy)
    assert behaviour_fingerprint(modules, tuple(files)) == code.behaviour()
    # and a changed statement is seen, in a module as in a file
    if modules:
        modules[0].write_text(modules[0].read_text() + "\nADDED = 1\n")
    else:
        files[0].write_text(files[0].read_text() + " wire added;")
    assert behaviour_fingerprint(modules, tuple(files)) != code.behaviour()


def test_a_number_without_its_change_is_refused() -> None:
    with pytest.raises(ValueError, match="say in 'changes' what changed at 2"):
        CodeVersion("timing", 2, (), (), changes={1: "first"})


_TIMING_KEY = """
import sys
from pathlib import Path
from hashbed.catalogue.cores import load_core
from hashbed.jobs.runner import Jobs
from hashbed.results.store import ResultStore
from hashbed.studies.zynq.timing import TimingSettings, time_node
folder = Path(sys.argv[1])
with ResultStore(folder / "keys.db") as store:
    jobs = Jobs(store, folder / "build")
    print(" ".join(time_node(jobs, load_core(name), TimingSettings(device, data=data, engine=engine)).key
                   for name, device, data, engine in (("sha1", "ecp5-85k", "worst", "fast"),
                                                      ("ascon", "ecp5-25k", "random", "fast"),
                                                      ("sha256", "ice40-hx8k", "random", "icarus"))))
"""


def _timing_keys(src: Path, folder: Path) -> str:
    folder.mkdir()
    env = {**os.environ, "PYTHONPATH": str(src), "HASHBED_CACHE": str(folder / "cache")}
    run = subprocess.run([sys.executable, "-c", _TIMING_KEY, str(folder)], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_a_docstring_keeps_the_timing_keys_and_a_constant_of_the_search_moves_them(tmp_path: Path) -> None:
    """The keys of three timing jobs (both engines, both interfaces) from the package as it is and
    from a copy of it whose timing and engine modules have new docstrings and comments, then a
    copy whose hold margin is another."""
    copy = tmp_path / "src"
    shutil.copytree(SRC / "hashbed", copy / "hashbed", ignore=shutil.ignore_patterns("__pycache__", "rtl"))
    (copy / "hashbed" / "rtl").symlink_to((SRC / "hashbed" / "rtl").resolve())
    here = _timing_keys(SRC, tmp_path / "here")
    for name in {*TIMING_CODE.modules, *ENGINE_CODE.modules}:
        path = copy / module_path(name).relative_to(SRC)
        path.write_text(_docstrings_and_comments_changed(path.read_text()))
    assert _timing_keys(copy, tmp_path / "docstrings") == here
    timing = copy / module_path("hashbed.studies.zynq.timing").relative_to(SRC)
    timing.write_text(timing.read_text().replace("HOLD_MARGIN_PS = 10", "HOLD_MARGIN_PS = 11"))
    moved = _timing_keys(copy, tmp_path / "margin").split()
    assert all(new != old for new, old in zip(moved, here.split(), strict=True))
