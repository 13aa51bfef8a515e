"""Shared fixtures: where the KAT files are, isolated caches and databases."""

from __future__ import annotations

from pathlib import Path

import pytest

KAT_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "kat"


def kat_file(name: str) -> Path:
    """A file of ../shared/kat; the test is skipped where that folder is absent."""
    path = KAT_DIR / name
    if not path.is_file():
        pytest.skip(f"{path} not present")
    return path


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "results.db"
