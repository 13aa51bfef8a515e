"""Cycle formulas as the studies write them."""

import pytest

from hashbed.catalogue.cycles import CycleFormula


def test_terms_before_and_after_n_make_st_and_end() -> None:
    formula = CycleFormula.parse("3 + 17 + 24*N + 4")
    assert (formula.st, formula.lp, formula.end) == (20, 24, 4)
    assert formula.cycles(2) == 72
    assert str(formula) == "3 + 17 + 24·N + 4"
    assert CycleFormula.parse("21·N + 4").same_counts(CycleFormula(0, 21, 4))
    assert str(CycleFormula(17, 65, 8)) == "17 + 65·N + 8"


def test_a_term_in_n_minus_k_moves_its_constant_into_st() -> None:
    hamsi = CycleFormula.parse("3 + 1 + 3·(N − 1) + 6 + 8")
    assert (hamsi.st, hamsi.lp, hamsi.end) == (1, 3, 14)
    assert [hamsi.cycles(n) for n in (1, 2)] == [3 + 1 + 0 + 6 + 8, 3 + 1 + 3 + 6 + 8]
    assert CycleFormula.parse("2*(N - 3)").same_counts(CycleFormula(-6, 2, 0))


def test_a_constant_term_may_be_a_product() -> None:
    assert CycleFormula.parse("2 + 64·N + 64·3 + 16").same_counts(CycleFormula(2, 64, 208))


def test_the_factor_of_n_may_be_load_plus_process() -> None:
    blake = CycleFormula.parse("2 + (32+258)·N + 17")
    assert (blake.st, blake.lp, blake.end) == (2, 290, 17) and str(blake) == "2 + (32+258)·N + 17"


@pytest.mark.parametrize(
    "text", ["(32 + 258*N", "3 + (2*3)*N", "3 + 17 + 4", "3 + 2*N + 3*N", "3 + x + 24*N", "24*M + 1", "3*(N + 1)", "3*(N - x)"]
)
def test_bad_formulas_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="cycle formula"):
        CycleFormula.parse(text)
