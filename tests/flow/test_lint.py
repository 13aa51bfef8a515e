"""Every core in the catalogue lints clean with Verilator -Wall."""

import pytest

from hashbed.catalogue.cores import core_names, load_core
from hashbed.flow.sim.lint import lint


@pytest.mark.parametrize("name", core_names(None))
def test_core_lints_clean(name: str) -> None:
    assert lint(load_core(name)) == []
