"""The package's layers and the one way imports run along them (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "hashbed"
DOC = SRC.parents[1] / "docs" / "architecture.md"
LAYERS = ("catalogue", "flow", "testbed", "results", "jobs", "explore", "console", "studies", "report", "cli")
#: The studies: the packages in studies/ (tests/studies/test_registry.py checks the registry names each).
STUDIES = tuple(sorted(path.parent.name for path in (SRC / "studies").glob("*/__init__.py")))


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


def diagram(text: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The nodes of the Mermaid flowchart in ``text`` (a page of Markdown), in order, and its edges;
    every line of it is a node (``name[...]`` or ``name[(...)]``) or an edge with its label
    (``a -->|"..."| b``, dotted ``-.->``)."""
    (block,) = re.findall(r"^```mermaid\nflowchart TD\n(.*?)^```$", text, re.M | re.S)
    nodes, edges = [], []
    for line in block.splitlines():
        node = re.fullmatch(r' {4}(\w+)\[\(?"[^"]*"\)?\]', line)
        edge = re.fullmatch(r' {4}(\w+) (?:-->|-\.->)\|"[^"]*"\| (\w+)', line)
        assert node or edge, f"not a node or an edge of the diagram: {line!r}"
        if node:
            nodes.append(node[1])
        elif edge:
            edges.append((edge[1], edge[2]))
    return nodes, edges


def test_the_architecture_page_names_the_layers() -> None:
    """docs/architecture.md: the chain of the layers is LAYERS in order, and the diagram of the data
    flow has a node for each layer and no other, every edge between two of them."""
    text = DOC.read_text()
    (chain,) = re.findall(r"^catalogue +->.*$", text, re.M)
    assert tuple(chain.split("  ->  ")) == LAYERS
    nodes, edges = diagram(text)
    assert nodes == list(LAYERS)
    assert {end for edge in edges for end in edge} == set(LAYERS)


def folder_of(module: str, root: Path) -> tuple[str, ...] | None:
    """The folder under ``root`` (the package's parts) that holds the hashbed module ``module``."""
    parts = tuple(module.split(".")[1:])
    for end in range(len(parts), 0, -1):
        if (root.joinpath(*parts[:end]) / "__init__.py").is_file():
            return parts[:end]
        if root.joinpath(*parts[:end]).with_suffix(".py").is_file():
            return parts[: end - 1]
    return () if not parts else None


def folder_cycles(root: Path) -> list[str]:
    """The pairs of sibling folders under ``root`` (at any depth) that import each other: a module
    anywhere under one imports a module anywhere under the other, both ways."""
    edges: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for path in root.rglob("*.py"):
        source = path.parent.relative_to(root).parts
        for module in imports(path):
            target = folder_of(module, root)
            if target is None:
                continue
            common = 0
            while common < min(len(source), len(target)) and source[common] == target[common]:
                common += 1
            if common < len(source) and common < len(target):  # siblings under source[:common]
                edges.add((source[: common + 1], target[: common + 1]))
    return sorted(f"{'/'.join(a)} <-> {'/'.join(b)}" for a, b in edges if (b, a) in edges and a < b)


def test_no_two_folders_import_each_other() -> None:
    assert folder_cycles(SRC) == []


def test_the_checker_sees_two_folders_that_import_each_other(tmp_path: Path) -> None:
    """left and right/deep import each other (a cycle of sibling folders); top's own modules and
    its folders import each other too, which is a parent and its child, not a cycle."""
    root = tmp_path / "hashbed"
    modules = {
        "top/left/m.py": "from hashbed.top.right.clock import Clock\n",
        "top/right/deep/m.py": "import hashbed.top.left.m\n",
        "top/other/m.py": "from hashbed.top import shared\n",
        "top/shared.py": "from hashbed.top.other.m import x\n",
    }
    for name, text in modules.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    for package in ("top", "top/left", "top/right", "top/right/deep", "top/other"):
        (root / package / "__init__.py").write_text("")
    assert folder_cycles(root) == ["top/left <-> top/right"]


def test_the_checker_sees_a_wrong_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from hashbed.cli.main import main\nimport hashbed.report.build\n")
    assert imports(module) == ["hashbed.cli.main", "hashbed.report.build"]
