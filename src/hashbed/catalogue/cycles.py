"""Cycle formulas ``st + (l+p)*N + end`` as the studies write them.

A formula is a sum of integer terms with exactly one term in N, e.g.
``3 + 17 + 24*N + 4`` (``·`` also works as the product sign). The terms before the
N-term add up to ``st``, those after it to ``end``. The N-term may also read
``b*(N - k)``, as in Hamsi's ``3 + 1 + 3·(N − 1) + 6 + 8``: it is ``b*N`` with ``b*k``
taken from ``st``; its factor may be a sum in parentheses, as in the lightweight study's
``2 + (32+258)·N + 17`` (load and process); a constant term may be a product, as in Shabal's
``64·3``. Measured formulas use the same
split: ``end`` is the output phase seen at the interface (first digest word written
to the last, inclusive), ``st`` everything else that does not grow with N.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PRODUCT = re.compile(r"^(\d+)\s*[*·]\s*(\d+)$")
_N_TERM = re.compile(r"^(\d+|\(\s*\d+(?:\s*\+\s*\d+)*\s*\))\s*[*·]\s*(?:N|\(\s*N\s*[-−]\s*(\d+)\s*\))$")


def _terms(text: str) -> list[str]:
    """The formula's terms: split at the ``+`` signs outside parentheses."""
    terms, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "+" and depth == 0:
            terms.append(text[start:index])
            start = index + 1
    return [*terms, text[start:]]


@dataclass(frozen=True)
class CycleFormula:
    st: int
    lp: int
    end: int
    #: The formula as written (terms kept), for display.
    text: str = ""

    @classmethod
    def parse(cls, text: str) -> CycleFormula:
        st = end = 0
        lp: int | None = None
        for raw in _terms(text):
            term = raw.strip()
            match = _N_TERM.match(term)
            if match:
                if lp is not None:
                    raise ValueError(f"cycle formula {text!r} has more than one term in N")
                lp = sum(int(part) for part in match[1].strip("() ").split("+"))
                st -= lp * int(match[2] or 0)
            elif term.isdigit() or _PRODUCT.match(term):
                product = _PRODUCT.match(term)
                value = int(product[1]) * int(product[2]) if product else int(term)
                if lp is None:
                    st += value
                else:
                    end += value
            else:
                raise ValueError(f"cycle formula {text!r}: cannot read term {term!r} (write e.g. '3 + 17 + 24*N + 4')")
        if lp is None:
            raise ValueError(f"cycle formula {text!r} has no term in N (write e.g. '3 + 17 + 24*N + 4')")
        return cls(st, lp, end, text)

    def cycles(self, blocks: int) -> int:
        return self.st + self.lp * blocks + self.end

    def counts(self) -> dict[str, int]:
        """The formula as a job input: its counts (what decides a result), not its text."""
        return {"st": self.st, "lp": self.lp, "end": self.end}

    def same_counts(self, other: CycleFormula) -> bool:
        return (self.st, self.lp, self.end) == (other.st, other.lp, other.end)

    def __str__(self) -> str:
        if self.text:
            return self.text.replace("*", "·").replace(" · ", "·")
        return f"{self.st} + {self.lp}·N + {self.end}"
