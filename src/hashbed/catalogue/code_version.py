"""The version of the code that decides a kind of result: a number in the job keys, not the code's text.

A job key holds everything that decides a result (docs/architecture.md). Of the code among it, the
core's Verilog is hashed (it is the hardware), while the programs that run and judge the hardware
(the timing search and its board, the timed netlist, the testbenches and cell models, the fast
engine, the energy simulation) enter as a ``CodeVersion`` number: a docstring, a comment or a
refactor keeps every key, and a change that can move a result bumps the number on purpose, with a
line in ``changes`` saying what changed (the jobs stored under the number before are kept and run
again where needed).

What makes the number honest is the code's behaviour fingerprint (``behaviour``: the Python
modules' syntax trees without docstrings, the other files without comments and with their white
space collapsed), pinned for each number in tests/catalogue/test_code_versions.py: the test fails when the
fingerprint is not the one pinned for the number, so no change of behaviour goes by unseen. Bump
the number when the change can move a result; pin the new fingerprint under the same number when
it cannot (a refactor, with the tests that show it).
"""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.fingerprint import fingerprint

#: Comments of Verilog, C and C++, and runs of white space.
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class CodeVersion:
    #: What the code decides, for messages (e.g. "timing").
    name: str
    #: The number in the job keys.
    number: int
    #: The Python modules (dotted names) and other source files (Verilog, C++) of the code.
    modules: tuple[str, ...]
    files: tuple[Path, ...]
    #: What changed at each number.
    changes: Mapping[int, str]

    def __post_init__(self) -> None:
        if self.number not in self.changes:
            raise ValueError(f"code version {self.name} {self.number}: say in 'changes' what changed at {self.number}")

    def behaviour(self) -> str:
        """The fingerprint of what the code does now (``behaviour_fingerprint``)."""
        return behaviour_fingerprint([module_path(name) for name in self.modules], self.files)

    def key(self) -> dict[str, int]:
        """What a job key holds of this code."""
        return {self.name: self.number}


def module_path(name: str) -> Path:
    """The source file of the Python module ``name``, found without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ValueError(f"no module {name}")
    return Path(spec.origin)


def behaviour_fingerprint(modules: list[Path], files: tuple[Path, ...] = ()) -> str:
    """The hash of Python modules' syntax trees without their docstrings, and of other source
    files without their comments and with white space collapsed, each under its file name: a
    docstring, a comment or a reformat keeps it, a changed statement or constant does not."""
    texts = [f"{path.name}\0{_python_behaviour(path.read_text())}" for path in modules]
    texts += [f"{path.name}\0{_SPACE.sub(' ', _COMMENT.sub(' ', path.read_text())).strip()}" for path in files]
    return fingerprint("\0".join(texts))


def _python_behaviour(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)
