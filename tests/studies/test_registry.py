"""The registry of the studies (hashbed.studies.registry) is what the report, the command line and
the docs index read: every study package has one entry, with its page, its sections, its tables
and its commands in its own package, and neither the report's assembly nor the parser names a
study's module."""

from __future__ import annotations

import argparse
import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hashbed.cli.main import build_parser
from hashbed.console.options import SharedOptions
from hashbed.errors import HashbedError
from hashbed.studies.registry import STUDIES, Study, studies_named

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "hashbed"
PACKAGES = sorted(path.parent.name for path in (SRC / "studies").glob("*/__init__.py"))


def _package(study: Study) -> str:
    """The study package its sections come from."""
    return study.sections.__module__.split(".")[2]


def _commands(add: Callable[[Any, SharedOptions], None]) -> set[str]:
    """The commands that a study's add_commands adds to a parser."""
    sub = argparse.ArgumentParser().add_subparsers()
    add(sub, SharedOptions.make())
    return set(sub.choices)


def _parser_commands() -> set[str]:
    (group,) = [action for action in build_parser()._actions if isinstance(action, argparse._SubParsersAction)]
    return set(group.choices)


def test_every_study_package_has_one_entry() -> None:
    assert sorted(_package(study) for study in STUDIES) == PACKAGES
    assert len({study.name for study in STUDIES}) == len(STUDIES)


@pytest.mark.parametrize("study", STUDIES, ids=[study.name for study in STUDIES])
def test_a_study_s_parts_are_in_its_package(study: Study) -> None:
    package = f"hashbed.studies.{_package(study)}."
    parts = [study.sections, study.print_report, study.report_json]
    parts += [study.add_commands] if study.add_commands is not None else []
    assert [part.__module__ for part in parts if not part.__module__.startswith(package)] == []


@pytest.mark.parametrize("study", STUDIES, ids=[study.name for study in STUDIES])
def test_a_study_s_page_exists_with_its_title_and_the_docs_index_links_it(study: Study) -> None:
    page = ROOT / study.docs
    assert page.is_file()
    assert page.read_text().splitlines()[0] == f"# {study.title}"
    index = (ROOT / "README.md").read_text().split("\n## Documentation\n")[1]
    assert f"]({study.docs})" in index


def test_the_parser_has_every_study_s_commands_and_the_report_takes_every_study() -> None:
    for study in STUDIES:
        if study.add_commands is not None:
            assert _commands(study.add_commands) <= _parser_commands(), study.name
        assert studies_named(study.name) == (study,)
    assert studies_named("all") == STUDIES
    with pytest.raises(HashbedError, match="unknown study 'nope'"):
        studies_named("nope")


def _imported(path: Path) -> list[str]:
    """The modules ``path`` imports, and for ``from a import b`` both a and a.b (b may be a module)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            found += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return found


def test_the_report_and_the_parser_name_no_study_module() -> None:
    study_module = re.compile(rf"^hashbed\.studies\.({'|'.join(PACKAGES)})(\.|$)")
    for path in (SRC / "report" / "sections.py", SRC / "cli" / "main.py"):
        assert [module for module in _imported(path) if study_module.match(module)] == [], path.name
