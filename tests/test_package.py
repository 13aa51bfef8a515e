"""The installed package: a wheel built from this checkout, installed with its dependencies into a
fresh virtual environment, works from an empty folder outside the checkout: it lists every
built-in core, verifies and benches one, and takes a user's core library beside them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from hashbed.catalogue.cores import CORES_ENV, core_names, rtl_root

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh environment with the wheel of this checkout installed."""
    work = tmp_path_factory.mktemp("package")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(work / "dist"), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = (work / "dist").glob("hashbed-*.whl")
    venv.create(work / "venv", with_pip=True)
    bin_dir = work / "venv" / "bin"
    clean = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = subprocess.run(  # nothing of the checkout on its path: pip would take it for an installed hashbed
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
        env=clean,
    )
    assert install.returncode == 0, install.stderr
    return bin_dir


def hashbed(bin_dir: Path, folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """The installed command, run in ``folder``, with nothing of the checkout in its environment."""
    env = {key: value for key, value in os.environ.items() if key not in (CORES_ENV, "PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join([str(bin_dir), "/usr/bin", "/bin"])
    env["HASHBED_CACHE"] = str(folder / "cache")
    return subprocess.run([str(bin_dir / "hashbed"), *argv], cwd=folder, env=env, capture_output=True, text=True, check=False)


def test_the_wheel_carries_every_built_in_core(installed: Path, tmp_path: Path) -> None:
    result = hashbed(installed, tmp_path, "cores", "--names")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == core_names(None) and len(result.stdout.split()) >= 35
    where = hashbed(installed, tmp_path, "cores", "--json")
    assert all(str(REPO) not in entry["manifest"] for entry in json.loads(where.stdout))  # the wheel's own copy


def test_the_installed_package_verifies_and_benches(installed: Path, tmp_path: Path) -> None:
    """sha1, and a copy of it under another name in a library outside every tree, through the
    whole bench on iCE40 (verify, measure, implement with Yosys and nextpnr, the results table)."""
    library = tmp_path / "my-cores" / "mysha1"
    library.mkdir(parents=True)
    for name in ("core.toml", "sha1_core.v", "sha1_datapath.v"):
        shutil.copy(rtl_root() / "cores" / "sha1" / name, library / name)
    result = hashbed(installed, tmp_path, "verify", "sha1")
    assert result.returncode == 0, result.stderr
    assert re.match(r"sha1: (\d+)/\1 digests match", result.stdout), result.stdout
    cores = str(tmp_path / "my-cores")
    result = hashbed(installed, tmp_path, "--cores", cores, "bench", "sha1", "mysha1", "--device", "ice40-hx8k", "--jobs", "2")
    assert result.returncode == 0, result.stderr + result.stdout
    rows = [line for line in result.stdout.splitlines() if "sha1" in line]
    assert any("mysha1" in row for row in rows) and any("mysha1" not in row for row in rows)
    assert (tmp_path / "hashbed.db").is_file() and (tmp_path / "build").is_dir()
