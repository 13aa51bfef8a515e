"""Argparse types for numeric options: each checks the value's range, so that a bad value
is a usage error naming the option instead of a job run (and stored) with it."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

from hashbed.flow.impl.implement import SEED_LIMIT

T = TypeVar("T")

#: How a seed's range reads in --help: the store's (nextpnr and the harnesses take more).
SEED_RANGE = "0 to 2^63-1"
#: The most local worker processes of --jobs (and never more than the jobs to run).
MAX_WORKERS = 256
#: The most runs of ``explore --budget``, per core and for all cores together: an exhaustive
#: search of iCE40's whole option space (2048 sets) and seeds on its best; each run is a place
#: and route of a minute or more (4096 of them: days on a small machine).
MAX_BUDGET = 4096
#: The most virtual boards of ``time --boards``: a timing search each, seconds to minutes; a
#: hundred give the model's spread well (the study had two boards).
MAX_BOARDS = 100
#: The largest sigma of the variation model (``time --die-sigma`` ...), a fraction of each delay:
#: published FPGA variation studies report a few percent die to die and within a die.
MAX_SIGMA = 0.1


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def int_range(low: int, high: int | None = None) -> Callable[[str], int]:
    """Whole numbers from ``low`` to ``high`` (no upper bound when None)."""

    def parse(text: str) -> int:
        value = _int(text)
        if value < low or (high is not None and value > high):
            wanted = f"from {low} to {high}" if high is not None else f">= {low}"
            raise argparse.ArgumentTypeError(f"must be a whole number {wanted}, got {text!r}")
        return value

    return parse


positive_int = int_range(1)
non_negative_int = int_range(0)
seed = int_range(0, SEED_LIMIT - 1)
worker_count = int_range(1, MAX_WORKERS)
budget_runs = int_range(1, MAX_BUDGET)
boards = int_range(0, MAX_BOARDS)


def positive_float(text: str) -> float:
    value = _float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number > 0, got {text!r}")
    return value


def non_negative_float(text: str) -> float:
    value = _float(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a number >= 0, got {text!r}")
    return value


def float_range(low: float, high: float) -> Callable[[str], float]:
    """Numbers from ``low`` to ``high``."""

    def parse(text: str) -> float:
        value = _float(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a number from {low:g} to {high:g}, got {text!r}")
        return value

    return parse


sigma = float_range(0, MAX_SIGMA)


def probability(text: str) -> float:
    """A probability per cycle, 0 <= p < 1 (at 1 nothing would ever move)."""
    value = _float(text)
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"must be a probability from 0 up to but not including 1, got {text!r}")
    return value


def or_word(word: str, value: Callable[[str], T]) -> Callable[[str], T | str]:
    """A value of ``value``'s type, or ``word`` itself (e.g. a clock, or 'experimental')."""

    def parse(text: str) -> T | str:
        return word if text == word else value(text)

    return parse


def comma_list(item: Callable[[str], T]) -> Callable[[str], list[T]]:
    """A comma-separated list of values of ``item``'s type, e.g. 1,2.5,10."""

    def parse(text: str) -> list[T]:
        parts = [part.strip() for part in text.split(",")]
        if not text.strip() or not all(parts):
            raise argparse.ArgumentTypeError(f"must be values separated by commas, e.g. 1,2,4, got {text!r}")
        return [item(part) for part in parts]

    return parse


positive_ints = comma_list(positive_int)
