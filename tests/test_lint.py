"""Every core in the catalogue lints clean with Verilator -Wall."""

import pytest

from hashbed.cores import core_names, load_core
from hashbed.sim.lint import lint


@pytest.mark.parametrize("name", core_names())
def test_core_lints_clean(name: str) -> None:
    assert lint(load_core(name)) == []
