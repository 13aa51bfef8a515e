"""A VHDL core as one Verilog netlist, made by GHDL (``ghdl synth --out=verilog``).

GHDL 2.0 (Debian's) analyses the files in the manifest's order (VHDL-2008, Synopsys packages
allowed), elaborates the top with the manifest's ``[parameters]`` as generics and writes the
design as Verilog. That Verilog needs four fixes before Yosys, Verilator and Icarus take it
(``fix_netlist``), each found on GMU's cores:

- VHDL names that are Verilog or SystemVerilog keywords (GMU's ``regn`` has ports ``input`` and
  ``output``) come out as they are: they are renamed (``input`` -> ``input_v``);
- a ``case`` of a selection (``with ... select``, ``case ... when others``) comes out without its
  ``default``: a latch, and the ``others`` value lost. GHDL's VHDL netlist of the same run keeps
  it (``... when others;``), so the default is taken from there;
- a constant wider than 64 bits comes out as a string of binary digits (``"0101..."``, which
  Verilog reads as ASCII): it becomes a sized binary literal;
- every module but the top is renamed ``<top>__<module>``, so that no entity of a user's core
  clashes with a module of hashbed's testbeds.

Netlists are cached per content (files, top, generics, GHDL's version, ``VERSION``).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.flow import processes
from hashbed.flow.cache import cache_root

#: Bumped when the conversion's output changes (part of the cache key).
VERSION = 1
GHDL = os.environ.get("GHDL", "ghdl")
_FLAGS = ("--std=08", "-fsynopsys")

#: Verilog-2005 and SystemVerilog keywords (Verilator reads .v files with SystemVerilog's).
KEYWORDS = frozenset(
    """accept_on alias always always_comb always_ff always_latch and assert assign assume automatic before begin bind
    bins binsof bit break buf bufif0 bufif1 byte case casex casez cell chandle checker class clocking cmos config const
    constraint context continue cover covergroup coverpoint cross deassign default defparam design disable dist do edge
    else end endcase endchecker endclass endclocking endconfig endfunction endgenerate endgroup endinterface endmodule
    endpackage endprimitive endprogram endproperty endsequence endspecify endtable endtask enum event eventually expect
    export extends extern final first_match for force foreach forever fork forkjoin function generate genvar global
    highz0 highz1 if iff ifnone ignore_bins illegal_bins implements implies import incdir include initial inout input
    inside instance int integer interconnect interface intersect join join_any join_none large let liblist library local
    localparam logic longint macromodule matches medium modport module nand negedge nettype new nexttime nmos nor
    noshowcancelled not notif0 notif1 null or output package packed parameter pmos posedge primitive priority program
    property protected pull0 pull1 pulldown pullup pulsestyle_ondetect pulsestyle_onevent pure rand randc randcase
    randsequence rcmos real realtime ref reg reject_on release repeat restrict return rnmos rpmos rtran rtranif0
    rtranif1 s_always s_eventually s_nexttime s_until s_until_with scalared sequence shortint shortreal showcancelled
    signed small soft solve specify specparam static string strong strong0 strong1 struct super supply0 supply1
    sync_accept_on sync_reject_on table tagged task this throughout time timeprecision timeunit tran tranif0 tranif1 tri
    tri0 tri1 triand trior trireg type typedef union unique unique0 unsigned until until_with untyped use uwire var
    vectored virtual void wait wait_order wand weak weak0 weak1 while wildcard wire with within wor xnor xor""".split()
)
#: Keywords that a name follows (past a range): a declaration's, and ``assign``'s target.
_NAME_FOLLOWS = frozenset({"input", "output", "inout", "wire", "reg", "localparam", "parameter", "integer", "module", "assign"})
_TOKEN = re.compile(r"\s*(\d*'[sS]?[bodhBODH][0-9a-fA-FxzXZ_?]+|\\\S+|[A-Za-z_][A-Za-z0-9_$]*|\$[A-Za-z_]\w*|\d+|<=|>=|==|!=|\S)")
_ERROR = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+):\s*(?P<text>.*)$")


@functools.cache
def ghdl_version() -> str:
    """The first line of ``ghdl --version``; a missing GHDL is a one-line error."""
    if shutil.which(GHDL) is None:
        raise HashbedError("GHDL is not installed: VHDL cores need it (apt-get install ghdl, or set GHDL to its path)")
    result = processes.run([GHDL, "--version"])
    return (result.stdout.strip().splitlines() or ["ghdl (unknown version)"])[0]


def vhdl_netlist(files: Sequence[Path], top: str, generics: Mapping[str, int | str]) -> Path:
    """The Verilog netlist of entity ``top`` of ``files`` with ``generics`` (made now if not cached)."""
    text = "\0".join((str(VERSION), ghdl_version(), top, repr(sorted(generics.items()))))
    path = cache_root() / "vhdl" / f"{top}-{fingerprint(text, files)}.v"
    if path.is_file():
        return path
    verilog, vhdl = _synthesize(files, top, generics)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{top}-")
    with os.fdopen(handle, "w") as output:
        output.write(fix_netlist(verilog, top, pmux_defaults(vhdl)))
    os.replace(temporary, path)  # atomic: two processes may convert one core at once
    return path


def _synthesize(files: Sequence[Path], top: str, generics: Mapping[str, int | str]) -> tuple[str, str]:
    """GHDL's Verilog and VHDL netlists of ``top`` (one analysis, two writers)."""
    with tempfile.TemporaryDirectory(prefix="hashbed-ghdl-") as work:
        workdir = f"--workdir={work}"
        analysed = processes.run([GHDL, "-a", *_FLAGS, workdir, *(str(path) for path in files)], cwd=Path(work))
        if analysed.returncode != 0:
            raise HashbedError(f"{_first_error(analysed.stderr + analysed.stdout)} (GHDL could not analyse the VHDL: fix it)")
        options = [*_FLAGS, workdir, *(f"-g{name}={value}" for name, value in generics.items())]
        outputs = []
        for writer in ("verilog", "vhdl"):
            synth = processes.run([GHDL, "synth", *options, f"--out={writer}", top], cwd=Path(work))
            if synth.returncode != 0:
                message = synth.stderr + synth.stdout
                if "cannot find entity or configuration" in message:
                    entities = ", ".join(_entities(files)) or "none"
                    raise HashbedError(
                        f"top '{top}' is not an entity of the VHDL files (entities: {entities}): fix 'top' in the manifest"
                    )
                raise HashbedError(f"{_first_error(message)} (GHDL 2.0 could not synthesize the core)")
            outputs.append(synth.stdout)
    return outputs[0], outputs[1]


def _first_error(output: str) -> str:
    """GHDL's first message with a place (file:line:col), else its first line."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    placed = [line for line in lines if _ERROR.match(line) and ":warning:" not in line and ":note:" not in line]
    return (placed or lines or ["GHDL failed without a message"])[0]


def _entities(files: Sequence[Path]) -> list[str]:
    names: list[str] = []
    for path in files:
        text = path.read_text(encoding="latin-1")
        names += re.findall(r"^\s*entity\s+(\w+)\s+is\b", text, re.IGNORECASE | re.MULTILINE)
    return names


# --- the fixes -----------------------------------------------------------------------------


def fix_netlist(verilog: str, top: str, defaults: Mapping[tuple[str, str], str] | None = None) -> str:
    """GHDL 2.0's Verilog made acceptable to Yosys, Verilator and Icarus (the module docstring):
    wide constants as literals, case defaults (``defaults``: (module, net) -> Verilog value),
    keywords renamed, modules but the top prefixed."""
    text = re.sub(r'"([01xzXZ]+)"', lambda m: f"{len(m[1])}'b{m[1].lower()}", verilog)
    text = _add_case_defaults(text, defaults or {})
    text = _rename_keywords(text)
    return _prefix_modules(text, top)


def pmux_defaults(vhdl: str) -> dict[tuple[str, str], str]:
    """The ``when others`` value of every selection in GHDL's VHDL netlist, as Verilog, by
    (entity, target net); an entity's selections are in its architecture."""
    defaults: dict[tuple[str, str], str] = {}
    entity = ""
    target: str | None = None
    for line in vhdl.splitlines():
        head = re.match(r"\s*architecture\s+\S+\s+of\s+(\S+)\s+is", line)
        if head:
            entity = head[1]
        select = re.match(r"\s*with\s+\S+\s+select\s+(\S+)\s*<=", line)
        if select:
            target = select[1]
        others = re.match(r"\s*(.+?)\s+when others;", line)
        if others and target is not None:
            defaults[(entity, target)] = _verilog_value(others[1])
            target = None
    return defaults


def _verilog_value(value: str) -> str:
    """A VHDL netlist's value as Verilog: a bit string, a bit, ``(H downto L => 'c')``, or a net
    (GHDL's ``wrap_`` names are the ports)."""
    value = value.strip()
    bits = re.fullmatch(r'"([01XZUWLH-]+)"', value)
    if bits:
        return f"{len(bits[1])}'b{_bits(bits[1])}"
    bit = re.fullmatch(r"'([01XZUWLH-])'", value)
    if bit:
        return f"1'b{_bits(bit[1])}"
    fill = re.fullmatch(r"\((\d+) downto (\d+) => '([01XZUWLH-])'\)", value)
    if fill:
        return f"{int(fill[1]) - int(fill[2]) + 1}'b{_bits(fill[3]) * (int(fill[1]) - int(fill[2]) + 1)}"
    if re.fullmatch(r"[A-Za-z_]\w*", value):
        return value.removeprefix("wrap_")
    raise HashbedError(f"GHDL's netlist has a case default hashbed cannot read ({value!r}): please report it")


def _bits(vhdl_bits: str) -> str:
    return "".join("01xzxx0x1"["01XZUWLH-".index(c)] if c in "01XZUWLH-" else c for c in vhdl_bits).replace("-", "x")


def _add_case_defaults(text: str, defaults: Mapping[tuple[str, str], str]) -> str:
    """A ``default`` for every ``case`` without one: the VHDL netlist's ``others`` value."""
    lines = text.splitlines()
    out: list[str] = []
    module = ""
    items: list[tuple[str, str]] = []
    inside = has_default = False
    for line in lines:
        head = re.match(r"module\s+(\S+)", line)
        if head:
            module = head[1]
        if re.match(r"\s*case\s*\(", line):
            inside, has_default, items = True, False, []
        elif inside and re.match(r"\s*default\s*:", line):
            has_default = True
        elif inside and re.match(r"\s*endcase\b", line):
            inside = False
            if not has_default:
                for target in sorted({target for target, _ in items}):
                    value = defaults.get((module, target))
                    if value is not None and re.fullmatch(r"\d+'bx+", value):  # don't care: a value of the
                        value = next(rhs for name, rhs in items if name == target)  # case's, as Yosys takes no latch
                    if value is None:
                        raise HashbedError(
                            f"GHDL's Verilog of module {module} has a case without a default for {target}, and its VHDL "
                            "netlist no 'others' value: please report it"
                        )
                    out.append(f"      default: {target} <= {value};")
        elif inside:
            assigned = re.match(r"\s*[^:]+:\s*(\w+)\s*<?=\s*(.*?);\s*$", line)
            if assigned:
                items.append((assigned[1], assigned[2]))
        out.append(line)
    return "\n".join(out) + "\n"


def _rename_keywords(text: str) -> str:
    """Every name that is a keyword, renamed (``input`` -> ``input_v``, a free name)."""
    names = set(re.findall(r"[A-Za-z_][A-Za-z0-9_$]*", text))
    renames: dict[str, str] = {}
    out = []
    for line in text.splitlines():
        code, comment = _split_comment(line)
        tokens = [(m.start(1), m.end(1), m[1]) for m in _TOKEN.finditer(code)]
        pieces, last = [], 0
        for index, (start, end, token) in enumerate(tokens):
            if token in KEYWORDS and _is_name(tokens, index):
                if token not in renames:
                    renames[token] = _free_name(f"{token}_v", names)
                pieces += [code[last:start], renames[token]]
                last = end
        out.append("".join(pieces) + code[last:] + comment)
    return "\n".join(out) + "\n"


def _split_comment(line: str) -> tuple[str, str]:
    """A line's code and its comment (``//`` to the end, or a ``/* ... */`` GHDL puts alone)."""
    stripped = line.strip()
    if stripped.startswith("/*") and stripped.endswith("*/"):
        return "", line
    cut = line.find("//")
    return (line, "") if cut < 0 else (line[:cut], line[cut:])


def _is_name(tokens: list[tuple[int, int, str]], index: int) -> bool:
    """Whether the keyword at ``index`` is used as a name in GHDL's regular output: after an
    operator, a bracket, a dot or a comma, or as the name a declaration declares; not when it
    starts a line (``input clk``, ``assign``, ``case``), follows ``@(`` (``posedge``) or another
    keyword that is not a declaration's (``initial begin``)."""
    word = tokens[index][2]
    before = [token for _, _, token in tokens[:index]]
    if not before or before == ["("]:
        return False
    previous = before[-1]
    if previous == "(" and len(before) >= 2 and before[-2] == "@":
        return False
    if word == "or" and "@" in before:
        return False
    if previous == ")":
        return False
    if previous in KEYWORDS:
        return previous in _NAME_FOLLOWS
    return True  # after an operator, a bracket or range, a dot, a comma: a name


def _free_name(name: str, names: set[str]) -> str:
    candidate, number = name, 1
    while candidate in names:
        number += 1
        candidate = f"{name}{number}"
    names.add(candidate)
    return candidate


def _prefix_modules(text: str, top: str) -> str:
    """Every module but ``top`` renamed ``<top>__<module>``, at its declaration and its instances."""
    modules = [name for name in re.findall(r"^module\s+(\S+)", text, re.MULTILINE) if name != top]
    if not modules:
        return text
    pattern = "|".join(re.escape(name) for name in sorted(modules, key=len, reverse=True))
    text = re.sub(rf"^module\s+({pattern})\b", lambda m: f"module {top}__{m[1]}", text, flags=re.MULTILINE)
    return re.sub(rf"^(\s+)({pattern})(\s+\S+\s*\()", lambda m: f"{m[1]}{top}__{m[2]}{m[3]}", text, flags=re.MULTILINE)


def top_ports(netlist: str, top: str) -> dict[str, tuple[str, int]]:
    """The ports of module ``top`` in a netlist of GHDL's: name -> (direction, width)."""
    header = re.search(rf"^module\s+{re.escape(top)}\s*\((.*?)\);", netlist, re.MULTILINE | re.DOTALL)
    if header is None:
        raise HashbedError(f"module {top} is not in GHDL's netlist: fix 'top' in the manifest")
    ports: dict[str, tuple[str, int]] = {}
    for declaration in header[1].split(","):
        match = re.fullmatch(r"\s*(input|output|inout)\s*(?:\[(\d+):(\d+)\])?\s*(\S+)\s*", declaration)
        if match:
            width = abs(int(match[2]) - int(match[3])) + 1 if match[2] else 1
            ports[match[4]] = (match[1], width)
    return ports
