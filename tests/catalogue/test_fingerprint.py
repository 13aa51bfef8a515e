"""The fingerprints that go into job keys keep their recipes (hashbed.catalogue.fingerprint).

Job keys are a public contract (docs/architecture.md). The values below are those the code gave
for real items before the recipes were gathered into one helper. If one changes and the files it
covers did not, a recipe changed and every stored job of that step is keyed anew: put the recipe
back. If the files changed (the sha1 Verilog, a harness), the new value is expected: update it
here. The code that runs and judges the hardware enters the keys as a version number instead
(tests/catalogue/test_code_versions.py).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from conftest import CARRIED_KAT_DIR
from hashbed.catalogue.cores import load_core
from hashbed.catalogue.devices import get_device
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.catalogue.pipelines import load_pipeline
from hashbed.flow.impl.implement import ImplSettings, run_dir_for
from hashbed.flow.sim.build import simulator_fingerprint
from hashbed.jobs.runner import _file_hash
from hashbed.results.records import job_key
from hashbed.studies.pipelined.sweep import check_inputs
from hashbed.testbed.simulated import board_design
from hashbed.testbed.wrapper import write_wrapper


def test_the_helper_hashes_the_text_then_each_file_as_asked(tmp_path: Path) -> None:
    source = tmp_path / "a.v"
    source.write_bytes(b"module a;")
    assert fingerprint("top", [source], digits=None) == hashlib.sha256(b"top" + b"a.v\0module a;\0").hexdigest()
    assert fingerprint("top", [source], closed=False) == hashlib.sha256(b"top" + b"a.v\0module a;").hexdigest()[:16]
    assert fingerprint(files=[source, source], named=False, closed=False) == hashlib.sha256(b"module a;" * 2).hexdigest()[:16]
    assert fingerprint("{}", digits=10) == hashlib.sha256(b"{}").hexdigest()[:10]


def test_the_fingerprints_of_real_items_keep_their_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HASHBED_CACHE", str(tmp_path))
    sha1, design = load_core("sha1"), load_pipeline("sha1_base")
    implement = ImplSettings(get_device("ecp5-25k")).inputs(sha1)
    kat = CARRIED_KAT_DIR / "sha-1_fips_SampleMsgKAT.txt"
    assert {
        "core": sha1.fingerprint(),
        "simulator": simulator_fingerprint(sha1),
        "board": board_design(sha1).fingerprint(),
        "wrapper folder": write_wrapper(sha1, tmp_path).parent.name,
        "pipeline design": design.fingerprint(),
        "pipeline harness": check_inputs(design, 1)["harness"],
        "pipeline check key": job_key("pipe_check", check_inputs(design, 1)),
        "implement run folder": run_dir_for(sha1, ImplSettings(get_device("ecp5-25k")), tmp_path).name,
        "implement key": job_key("implement", implement),
        "kat file": _file_hash(kat, (kat,)),
    } == {
        "core": "e2253e7b1e0603c4",
        "simulator": "2cf0af4e543b2552",
        "board": "15af8de2fdcfd98e",  # one testbed top for both interfaces (2026-11-29)
        "wrapper folder": "sha1-e2ddc44cf5eb",
        "pipeline design": "4945f6d4c1b47d6e",
        "pipeline harness": "44d8a452ff814830",
        "pipeline check key": "0e6285495c2d66db85f083e8a44df9760fe647cc110aa03ae8be7c786c7a33cc",
        "implement run folder": "sha1-ecp5-25k-s1-41f5b33353",
        "implement key": "da044ff43c6a0dc2ef1e1223100fc97dbbcd6897aa797b9460f89de889f66058",
        "kat file": "4595cb92ee5d4ef414bece68bb5ce9f0c7178f2f498ede16e7553d60ddca09cd",
    }
