"""The command-line reference of docs/usage.md, written from the parser itself so that it cannot
drift from it: every command, its arguments and options with their help, in Markdown.

``python -m hashbed.cli.reference docs/usage.md`` writes it between the two marker lines of the
page; tests/cli/test_cli_options.py checks that the page holds what the parser gives.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from hashbed.cli.main import build_parser
from hashbed.results.store import DB_ENV

BEGIN = "<!-- the command-line reference: written by 'python -m hashbed.cli.reference docs/usage.md' -->"
END = "<!-- end of the command-line reference -->"


def _commands(parser: argparse.ArgumentParser, words: list[str]) -> Iterator[tuple[list[str], argparse.ArgumentParser, str]]:
    """Each command that runs something (not a group), with its words and its one-line help."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                if any(isinstance(inner, argparse._SubParsersAction) for inner in sub._actions):
                    yield from _commands(sub, [*words, name])
                else:
                    yield [*words, name], sub, helps.get(name, "")


def _name(action: argparse.Action) -> str:
    """How an argument is written: ``--option METAVAR`` or ``NAME``."""
    formatter = argparse.HelpFormatter("hashbed")
    if not action.option_strings:
        return formatter._metavar_formatter(action, action.dest.upper())(1)[0]
    if action.nargs == 0:
        return action.option_strings[0]
    return f"{action.option_strings[0]} {formatter._format_args(action, action.dest.upper())}"


def _help(action: argparse.Action) -> str:
    text = argparse.HelpFormatter("hashbed")._expand_help(action) if action.help else ""
    return " ".join(text.split()).replace("|", "\\|").replace("<", "&lt;")


def reference() -> str:
    """The Markdown reference of every command (its lines between BEGIN and END), with the defaults
    of no environment (the store's default is hashbed.db, not $HASHBED_DB)."""
    saved = os.environ.pop(DB_ENV, None)
    try:
        parser = build_parser()
    finally:
        if saved is not None:
            os.environ[DB_ENV] = saved
    lines = [BEGIN, ""]
    top = [a for a in parser._actions if a.option_strings and a.help != argparse.SUPPRESS and a.dest != "help"]
    lines += ["Before any command: " + "; ".join(f"`{_name(a)}`: {_help(a)}" for a in top) + ".", ""]
    for words, sub, summary in _commands(parser, []):
        lines += [f"### hashbed {' '.join(words)}", "", summary[:1].upper() + summary[1:] + ".", ""]
        arguments = [a for a in sub._actions if not isinstance(a, argparse._HelpAction) and a.help != argparse.SUPPRESS]
        if arguments:
            lines += ["| argument | what it is |", "|---|---|"]
            lines += [
                f"| `{_name(a)}`{' (required)' if a.required and a.option_strings else ''} | {_help(a)} |" for a in arguments
            ]
            lines.append("")
    return "\n".join([*lines, END])


def write(page: Path) -> None:
    """Replace the reference in ``page`` (between BEGIN and END) with the parser's."""
    text = page.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    page.write_text(text[:start] + reference() + text[end:])


if __name__ == "__main__":
    write(Path(sys.argv[1]))
