"""Every command offers only the options it uses, each with help, and the old spellings of renamed
options still work for a release, saying the new name (hashbed.console.options).

"Uses" is read from the code: the attributes of ``args`` that the command's function reads, and
the functions of the command layers (console, studies, cli) it calls with them, transitively.
Besides: ``--wide`` is used where the command prints a table (print_table), and ``--cores DIR``
where it takes a core's name or reads the catalogue (main adds the library before the command runs)."""

from __future__ import annotations

import argparse
import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import hashbed
from hashbed.cli import reference
from hashbed.cli.main import build_parser, main

SRC = Path(hashbed.__file__).parent
#: Where the commands' functions are, and the functions they call with ``args``.
COMMAND_LAYERS = ("console", "studies", "cli")
#: Functions that read the catalogue of cores, by name.
CATALOGUE_READERS = {"catalogue", "all_cores", "load_core", "core_names"}

Function = tuple[str, str]


def _module(path: Path) -> str:
    """The name of the hashbed module at ``path``."""
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(("hashbed", *(parts[:-1] if parts[-1] == "__init__" else parts)))


def _functions() -> tuple[dict[Function, ast.FunctionDef], dict[str, dict[str, tuple[str, object]]]]:
    """Every module-level function of COMMAND_LAYERS, and each module's names of other modules and
    functions of those layers."""
    functions: dict[Function, ast.FunctionDef] = {}
    names: dict[str, dict[str, tuple[str, object]]] = {}
    paths = [path for layer in COMMAND_LAYERS for path in (SRC / layer).rglob("*.py")]
    modules = {_module(path) for path in paths}
    for path in paths:
        module = _module(path)
        names[module] = {}
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef):
                functions[(module, node.name)] = node
            elif isinstance(node, ast.ImportFrom) and node.module in modules:
                for alias in node.names:
                    if f"{node.module}.{alias.name}" in modules:
                        names[module][alias.asname or alias.name] = ("module", f"{node.module}.{alias.name}")
                    else:
                        names[module][alias.asname or alias.name] = ("function", (node.module, alias.name))
    return functions, names


FUNCTIONS, NAMES = _functions()


def reads(function: Function, seen: set[Function] | None = None) -> set[str]:
    """The attributes of ``args`` that ``function`` reads, with "+table" when it prints a table and
    "+catalogue" when it reads the catalogue, through the functions of COMMAND_LAYERS it calls."""
    seen = set() if seen is None else seen
    if function in seen or function not in FUNCTIONS:
        return set()
    seen.add(function)
    module = function[0]
    found: set[str] = set()
    for node in ast.walk(FUNCTIONS[function]):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "args":
            found.add(node.attr)
        if not isinstance(node, ast.Call):
            continue
        called, target = node.func, None
        if isinstance(called, ast.Name):
            if called.id == "getattr" and isinstance(node.args[0], ast.Name) and node.args[0].id == "args":
                found.add(str(getattr(node.args[1], "value", "")))
            found |= {"+table"} if called.id == "print_table" else set()
            found |= {"+catalogue"} if called.id in CATALOGUE_READERS else set()
            kind, where = NAMES[module].get(called.id, ("", None))
            target = (module, called.id) if (module, called.id) in FUNCTIONS else where if kind == "function" else None
        elif isinstance(called, ast.Attribute) and isinstance(called.value, ast.Name):
            kind, where = NAMES[module].get(called.value.id, ("", None))
            target = (str(where), called.attr) if kind == "module" else None
        if isinstance(target, tuple):
            found |= reads((str(target[0]), str(target[1])), seen)
        for argument in node.args:  # a function passed on (e.g. the one a command runs for each core)
            if isinstance(argument, ast.Name) and (module, argument.id) in FUNCTIONS:
                found |= reads((module, argument.id), seen)
    return found


def commands() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    def walk(parser: argparse.ArgumentParser, words: list[str]) -> Iterator[tuple[str, argparse.ArgumentParser]]:
        groups = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
        if not groups:
            yield " ".join(words), parser
        for group in groups:
            for name, sub in group.choices.items():
                yield from walk(sub, [*words, name])

    yield from walk(build_parser(), [])


COMMANDS = dict(commands())


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [action for action in parser._actions if not isinstance(action, argparse._HelpAction)]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_offers_only_the_options_it_uses_each_with_help(name: str) -> None:
    parser = COMMANDS[name]
    function = parser.get_default("func")
    used = reads((function.__module__, function.__name__))
    assert used, f"{name}: its function {function.__name__} was not found in {', '.join(COMMAND_LAYERS)}"
    takes_cores = bool(used & {"core", "cores", "+catalogue"})
    unused = [
        action.option_strings[0] if action.option_strings else action.dest
        for action in _options(parser)
        if action.dest not in used
        and not (action.dest == "wide" and "+table" in used)
        and not (action.dest == "libraries_here" and takes_cores)
    ]
    assert unused == [], f"hashbed {name} offers options it does not use"
    without_help = [action.dest for action in _options(parser) if not action.help]
    assert without_help == [], f"hashbed {name}: arguments without help"


def test_the_checker_sees_an_option_a_command_does_not_read() -> None:
    assert "force" not in reads(("hashbed.cli.main", "cmd_results"))
    assert {"force", "build_dir"} <= reads(("hashbed.cli.main", "cmd_bench"))
    assert "+table" in reads(("hashbed.cli.main", "cmd_devices"))


@pytest.mark.parametrize(
    ("argv", "old", "new", "dest", "value"),
    [
        (["implement", "sha1", "--device", "ecp5-25k", "--seed", "3"], "--seed", "--placer-seed", "seed", 3),
        (["verify", "sha1", "--seed", "4"], "--seed", "--stall-seed", "seed", 4),
        (["testbed", "overhead", "sha1", "--seed", "5"], "--seed", "--message-seed", "seed", 5),
        (["sweep", "pipeline", "--seed", "1", "--seed", "2"], "--seed", "--placer-seed", "seed", [1, 2]),
        (["board", "build", "sha1", "--jobs", "4"], "--jobs", "--vivado-jobs", "jobs", 4),
        (["results", "--version", "round3"], "--version", "--algorithm-version", "core_version", "round3"),
        (
            ["explore", "--device", "ecp5-25k", "--budget", "2", "--criterion", "tpa"],
            "--criterion",
            "--rank-by",
            "criterion",
            "tpa",
        ),
    ],
)
def test_an_old_spelling_works_and_says_the_new_one(
    argv: list[str], old: str, new: str, dest: str, value: object, capsys: pytest.CaptureFixture[str]
) -> None:
    args = build_parser().parse_args(argv)
    assert getattr(args, dest) == value
    assert f"hashbed: {old} is now {new} (the old spelling goes in hashbed" in capsys.readouterr().err
    renamed = [new if word == old else word for word in argv]
    assert getattr(build_parser().parse_args(renamed), dest) == value
    assert capsys.readouterr().err == ""
    assert (
        old not in (COMMANDS[" ".join(argv[:2])] if argv[0] in ("testbed", "sweep", "board") else COMMANDS[argv[0]]).format_help()
    )


def test_a_command_that_runs_nothing_refuses_force(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["results", "--force"])
    assert "unrecognized arguments: --force" in capsys.readouterr().err


def test_the_reference_in_docs_usage_is_the_parser_s() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "usage.md").read_text()
    written = page[page.index(reference.BEGIN) : page.index(reference.END) + len(reference.END)]
    assert written == reference.reference(), (
        "docs/usage.md differs from the parser: python -m hashbed.cli.reference docs/usage.md"
    )
    for name in COMMANDS:
        assert f"### hashbed {name}\n" in written
