"""No run of more than 20 lines is repeated in the package's code (``src/hashbed``: Python, C, C++,
Verilog, Tcl) or in the RTL (``rtl/``: Verilog, VHDL) unless it is explained beside it.

Lines are compared as code, with what a copy may change without changing the code taken out:
comments (``#`` in Python; ``//`` and ``/* */`` in Verilog, C and C++; ``--`` in VHDL; a line
starting with ``#`` in Tcl; a comment marker inside a string is not one), then indentation,
trailing spaces and the width of the spaces inside a line (a run of them counts as one). Lines left
empty (blank lines, comment-only lines) are skipped, so a comment added to one copy does not hide
it. A docstring is code: it stays. A repeat is a run of more than 20 such lines, in a row, that
occurs at two places, in one file or in two; its places are given in the files' own line numbers.

A repeat is explained when each copy carries a comment ``near-copy of <path of the other copy>:
<measured reason>`` (``# ...`` in Python and Tcl, ``// ...`` in Verilog, C and C++, ``-- ...`` in
VHDL), in its lines or in the comments just above its first line. In the RTL the same line may
stand in the README.md of the copy's folder instead: a comment in a published core's Verilog is
part of its source, so it would move the keys of every job run on that core (docs/architecture.md,
"Jobs and the store"), while the folder's README.md is in no key. An unexplained repeat in the package is
shared instead: one helper, in the layer both copies may import (tests/test_architecture.py).
KNOWN lists the repeats being worked on; it can only shrink.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
#: The shortest run that counts: more than 20 lines.
RUN = 21
#: The files scanned: by suffix, in the package (without src/hashbed/rtl, the link to rtl/) and in rtl/.
PACKAGE_SUFFIXES = (".py", ".cpp", ".c", ".h", ".v", ".tcl")
RTL_SUFFIXES = (".v", ".vhd")

_STRING = r'"(?:\\.|[^"\\\n])*"'
_C_COMMENT = r"(?P<comment>//[^\n]*|/\*.*?\*/)"
#: The strings and comments of each language; the strings are matched so that a comment marker
#: inside one is left alone (Verilog has no character literal: 8'hE0 is a number).
COMMENTS = {
    ".py": re.compile(
        rf"'''(?:\\.|[^\\])*?'''|\"\"\"(?:\\.|[^\\])*?\"\"\"|'(?:\\.|[^'\\\n])*'|{_STRING}|(?P<comment>#[^\n]*)", re.S
    ),
    ".c": re.compile(rf"{_STRING}|'(?:\\.|[^'\\\n])*'|{_C_COMMENT}", re.S),
    ".v": re.compile(rf"{_STRING}|{_C_COMMENT}", re.S),
    ".vhd": re.compile(r'"[^"\n]*"|(?P<comment>--[^\n]*)'),
    ".tcl": re.compile(r"(?P<comment>^[ \t]*#[^\n]*)", re.M),
}
COMMENTS[".cpp"] = COMMENTS[".h"] = COMMENTS[".c"]
#: The comment that explains a repeat, naming the other copy.
MARKER = re.compile(r"near-copy of (?P<path>[^\s:]+): +\w")


class Known(NamedTuple):
    """A repeat being worked on, under its issue: its two files and its length in compared lines."""

    issue: int
    first: str
    second: str
    size: int


#: The repeats being worked on. Each is left in the code until its issue shares or explains it, and
#: then removed here (the test fails on an entry that no longer matches): the list only shrinks.
KNOWN: tuple[Known, ...] = ()


@dataclass(frozen=True)
class Source:
    """A file as this test compares it: its lines, and its code lines (number, normalised text)."""

    path: str
    lines: list[str]
    code: list[tuple[int, str]]


@dataclass(frozen=True)
class Place:
    """One copy of a repeat: its first and last line, and where the comments just above it begin."""

    path: str
    start: int
    end: int
    above: int

    def __str__(self) -> str:
        return f"{self.path}:{self.start}-{self.end}"


@dataclass(frozen=True)
class Repeat:
    """A run of ``size`` code lines at two places."""

    first: Place
    second: Place
    size: int


def sources(root: Path) -> list[str]:
    """The files scanned under ``root``, as paths relative to it."""
    package = root / "src" / "hashbed"
    found = [
        path for path in package.rglob("*") if path.suffix in PACKAGE_SUFFIXES and path.relative_to(package).parts[0] != "rtl"
    ]
    found += [path for path in (root / "rtl").rglob("*") if path.suffix in RTL_SUFFIXES]
    return sorted(path.relative_to(root).as_posix() for path in found if path.is_file())


def read(root: Path, path: str) -> Source:
    """The file ``path`` under ``root`` with its code lines: comments out (a block comment leaves its
    line breaks), spaces normalised, empty lines skipped."""
    text = (root / path).read_text()
    pattern = COMMENTS[Path(path).suffix]
    code = pattern.sub(lambda m: m.group() if m.group("comment") is None else "\n" * m.group().count("\n"), text)
    normalised = [(number, " ".join(line.split())) for number, line in enumerate(code.splitlines(), 1)]
    return Source(path, text.splitlines(), [(number, line) for number, line in normalised if line])


def repeats(files: list[Source]) -> list[Repeat]:
    """Every run of RUN or more code lines that occurs at two places in ``files``, at its full length:
    each window of RUN lines is hashed, and the windows two places share one after the other make
    one run."""
    places: dict[tuple[str, ...], list[tuple[int, int]]] = defaultdict(list)
    for index, source in enumerate(files):
        texts = [text for _, text in source.code]
        for start in range(len(texts) - RUN + 1):
            places[tuple(texts[start : start + RUN])].append((index, start))
    # the windows two places share, by the two files and the distance between the places
    shared: dict[tuple[int, int, int], set[int]] = defaultdict(set)
    for window in places.values():
        for (one, start), (other, at) in combinations(window, 2):
            shared[one, other, at - start].add(start)
    found = []
    for (one, other, distance), starts in shared.items():
        for start in starts:
            if start - 1 in starts:
                continue
            end = start
            while end + 1 in starts:
                end += 1
            size = end - start + RUN
            found.append(Repeat(place(files[one], start, size), place(files[other], start + distance, size), size))
    return sorted(found, key=lambda repeat: (repeat.first.path, repeat.first.start, repeat.second.path))


def place(source: Source, start: int, size: int) -> Place:
    """The copy of ``size`` code lines from ``source``'s code line ``start`` (counted from 0)."""
    above = source.code[start - 1][0] + 1 if start else 1
    return Place(source.path, source.code[start][0], source.code[start + size - 1][0], above)


def explained(repeat: Repeat, files: dict[str, Source], root: Path) -> bool:
    """Whether each copy of ``repeat`` names the other in a ``near-copy of`` comment, beside it or,
    in the RTL, in its folder's README.md."""
    for copy, other in ((repeat.first, repeat.second), (repeat.second, repeat.first)):
        text = "\n".join(files[copy.path].lines[copy.above - 1 : copy.end])
        readme = (root / copy.path).parent / "README.md" if copy.path.startswith("rtl/") else None
        if readme is not None and readme.is_file():
            text += "\n" + readme.read_text()
        if other.path not in {marker.group("path") for marker in MARKER.finditer(text)}:
            return False
    return True


def unexplained(root: Path) -> list[Repeat]:
    """The repeats under ``root`` that no ``near-copy of`` line explains."""
    files = {path: read(root, path) for path in sources(root)}
    return [repeat for repeat in repeats(list(files.values())) if not explained(repeat, files, root)]


def key(repeat: Repeat | Known) -> tuple[str, str, int]:
    """What a repeat is known by: its two files, in order, and its length."""
    if isinstance(repeat, Repeat):
        first, second = sorted((repeat.first.path, repeat.second.path))
    else:
        first, second = sorted((repeat.first, repeat.second))
    return first, second, repeat.size


def test_no_repeat_of_more_than_20_lines_is_left_unexplained() -> None:
    found = unexplained(ROOT)
    new = Counter(map(key, found)) - Counter(map(key, KNOWN))
    gone = Counter(map(key, KNOWN)) - Counter(map(key, found))
    problems = [
        f"{repeat.size} code lines repeated: {repeat.first} and {repeat.second}. Share them (one helper in the layer "
        f"both copies may import, tests/test_architecture.py; in Verilog a module in rtl/lib), or, where the copy is "
        f"deliberate, say why beside both: a comment 'near-copy of <the other copy's path>: <measured reason>' in "
        f"the run or just above it, or in rtl/ in the copy's folder's README.md (tests/test_repeats.py)"
        for repeat in found
        if key(repeat) in new
    ]
    problems += [
        f"KNOWN lists a repeat of {size} lines between {first} and {second} that is not found: remove the entry "
        f"(or, if the run is now shorter, give its new length)"
        for first, second, size in gone
    ]
    assert problems == [], "\n".join(problems)


def write(root: Path, files: dict[str, str]) -> None:
    """``files`` (path: text) under ``root``."""
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


def lines(count: int, indent: str = "", comment: str = "") -> str:
    """``count`` different statements, one a line."""
    return "".join(f"{indent}x{n} = f({n}, 'a # b'){comment}\n" for n in range(count))


def test_the_runs_found(tmp_path: Path) -> None:
    """A copy is a repeat at its full length, in the files' own line numbers, whatever comments, blank
    lines and spacing one copy adds; d.v and e.vhd share 20 code lines, which is not a repeat, and
    src/hashbed/rtl (the link to rtl/ in the checkout) is not scanned."""
    copy = lines(30, "        ", "  # changed").replace("x3 =", "# a comment\n\nx3  =")
    write(
        tmp_path,
        {
            "src/hashbed/a.py": "def g():\n" + lines(30),
            "src/hashbed/b/c.py": "y = 1\n" + copy,
            "rtl/d.v": lines(20).replace("#", "//"),
            "rtl/e.vhd": "-- twenty\n" + lines(20).replace("#", "--"),
            "src/hashbed/rtl/f.v": lines(30),
        },
    )
    found = unexplained(tmp_path)
    assert [(str(r.first), str(r.second), r.size) for r in found] == [("src/hashbed/a.py:2-31", "src/hashbed/b/c.py:2-33", 30)]


def test_a_comment_beside_both_copies_explains_a_repeat(tmp_path: Path) -> None:
    one, other = "rtl/a.v", "rtl/b/b.v"
    reason = "the 8-bit bus, measured 40 LUTs smaller"
    files = {one: lines(22).replace("#", "//"), other: "module m;\n" + lines(22).replace("#", "//")}
    write(tmp_path, files)
    assert len(unexplained(tmp_path)) == 1
    write(tmp_path, {one: f"// near-copy of {other}: {reason}\n" + files[one]})
    assert len(unexplained(tmp_path)) == 1  # the other copy says nothing
    write(tmp_path, {other: files[other].replace("x5 ", f"/* near-copy of {one}: */\nx5 ")})
    assert len(unexplained(tmp_path)) == 1  # a marker without its reason
    write(tmp_path, {other: files[other].replace("x5 ", f"// near-copy of {one}: {reason}\nx5 ")})
    assert unexplained(tmp_path) == []
    write(tmp_path, {other: f"// near-copy of {one}: {reason}\nmodule m;\n\n" + lines(22).replace("#", "//")})
    assert len(unexplained(tmp_path)) == 1  # a comment above the line before the run is not beside it
    write(tmp_path, {"rtl/b/README.md": f"near-copy of {one}: {reason}\n"})
    assert unexplained(tmp_path) == []  # the RTL copy's folder README says it
    write(tmp_path, {"rtl/b/README.md": f"near-copy of {one}:\n"})
    assert len(unexplained(tmp_path)) == 1  # without its reason


def test_comments_in_each_language_are_taken_out_and_strings_kept(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "a.py": "x = '#1'  # one\n# two\ny = '''\n# three'''\n",
            "a.v": 'x = 8\'hE0; // one\n/* two\n*/ y = "//"; /* three */ z;\n',
            "a.c": 'c = \'"\'; // one\nd = "/*"; /* two */\n',
            "a.vhd": 'x <= "--"; -- one\n',
            "a.tcl": "# one\nset x {a b}\n",
        },
    )
    assert {path: read(tmp_path, path).code for path in ("a.py", "a.v", "a.c", "a.vhd", "a.tcl")} == {
        "a.py": [(1, "x = '#1'"), (3, "y = '''"), (4, "# three'''")],
        "a.v": [(1, "x = 8'hE0;"), (3, 'y = "//"; z;')],
        "a.c": [(1, "c = '\"';"), (2, 'd = "/*";')],
        "a.vhd": [(1, 'x <= "--";')],
        "a.tcl": [(2, "set x {a b}")],
    }
