"""Cycle formulas as the studies write them."""

import pytest

from hashbed.cycles import CycleFormula


def test_terms_before_and_after_n_make_st_and_end() -> None:
    formula = CycleFormula.parse("3 + 17 + 24*N + 4")
    assert (formula.st, formula.lp, formula.end) == (20, 24, 4)
    assert formula.cycles(2) == 72
    assert str(formula) == "3 + 17 + 24·N + 4"
    assert CycleFormula.parse("21·N + 4").same_counts(CycleFormula(0, 21, 4))
    assert str(CycleFormula(17, 65, 8)) == "17 + 65·N + 8"


@pytest.mark.parametrize("text", ["3 + 17 + 4", "3 + 2*N + 3*N", "3 + x + 24*N", "24*M + 1"])
def test_bad_formulas_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="cycle formula"):
        CycleFormula.parse(text)
