"""The package's layers and the one way imports run along them (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "hashbed"
LAYERS = ("catalogue", "flow", "results", "jobs", "studies", "report", "cli")
STUDIES = ("zynq", "lightweight", "pipelined", "exploration", "lwc")


def imports(path: Path) -> list[str]:
    """The hashbed modules ``path`` imports."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hashbed"):
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.startswith("hashbed")]
    return found


def test_the_package_is_its_layers() -> None:
    top = sorted(p.name for p in SRC.iterdir() if p.name != "__pycache__")
    assert top == sorted([*LAYERS, "__init__.py", "errors.py", "py.typed", "rtl"])
    # rtl: the built-in RTL as package data, the checkout's rtl/ itself (a wheel carries a copy);
    # py.typed: the package's types are for its users too (PEP 561)
    assert (SRC / "rtl").resolve() == SRC.parents[1] / "rtl"


def test_imports_run_one_way_and_no_study_imports_another() -> None:
    wrong = []
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).parts
        if parts[0] not in LAYERS:
            continue
        layer = LAYERS.index(parts[0])
        for module in imports(path):
            target = module.split(".")
            if len(target) < 2 or target[1] not in LAYERS:
                continue
            if LAYERS.index(target[1]) > layer:
                wrong.append(f"{path.relative_to(SRC)} imports {module}, a later layer")
            if parts[0] == target[1] == "studies" and len(parts) > 2 and len(target) > 2:
                if target[2] in STUDIES and parts[1] in STUDIES and target[2] != parts[1]:
                    wrong.append(f"{path.relative_to(SRC)} imports {module}, another study")
    assert wrong == []


def test_the_checker_sees_a_wrong_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from hashbed.cli.console import out\nimport hashbed.report.build\n")
    assert imports(module) == ["hashbed.cli.console", "hashbed.report.build"]
