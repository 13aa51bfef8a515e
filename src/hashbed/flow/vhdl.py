"""A VHDL core as one Verilog netlist, made by GHDL (``ghdl synth --out=verilog``).

GHDL 2.0 (Debian's, mcode) analyses the files in the manifest's order (VHDL-2008, Synopsys
packages allowed) in a work directory of its own, elaborates the top with the manifest's
``[parameters]`` as generics and writes the design as Verilog. That Verilog needs fixes before
Yosys, Verilator and Icarus take it (``fix_netlist``), each found on GMU's cores:

- VHDL names that are Verilog or SystemVerilog keywords (GMU's ``regn`` has ports ``input`` and
  ``output``) come out as they are: they are renamed (``input`` -> ``input_v``, a free name);
- the ``case`` of a selection (GHDL's one-hot ``pmux``) comes out without its ``default``: a
  latch in Verilog, and the ``others`` value lost. The selector is *not* always one-hot: it is
  all zeros when no choice matches, and then the ``others`` value is the result (GMU's Keccak
  pads a last byte with ``x"81"`` that way). GHDL's VHDL netlist of the same design keeps that
  value (``... when others;``), so the default is taken from there;
- a constant wider than 64 bits comes out as a string of binary digits (``"0101..."``, which
  Verilog reads as ASCII): it becomes a sized binary literal;
- every module but the top is renamed ``<top>__<module>``, so that no entity of a user's core
  clashes with a module of hashbed's testbeds.

Netlists are cached per content (files, top, generics, GHDL's version, ``VERSION``).
"""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from hashbed.catalogue.fingerprint import fingerprint
from hashbed.errors import HashbedError
from hashbed.flow import processes
from hashbed.flow.cache import cache_root, write_atomically  # hashbed.flow.sim.build's cache_root (it imports this module)
from hashbed.flow.steps import step

#: Bumped when the conversion's output changes (part of the cache key).
VERSION = 2
GHDL = "ghdl"
_FLAGS = ("--std=08", "-fsynopsys")

#: Verilog-2005 and SystemVerilog (IEEE 1800-2017) keywords: Verilator reads .v files with SystemVerilog's.
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
#: The keywords of GHDL's output that a declared name follows (past a range): declarations and ``assign``.
_DECLARE = frozenset({"module", "input", "output", "inout", "wire", "reg", "integer", "localparam", "parameter", "assign"})
#: Verilog's tokens: a literal, an escaped name, a name, a system function, a number, an operator.
_TOKEN = re.compile(
    r"\d*'[sS]?[bodhBODH][0-9a-fA-FxzXZ_?]+|\\\S+|[A-Za-z_][A-Za-z0-9_$]*|\$[A-Za-z_]\w*|\d+|<=|>=|==|!=|&&|\|\||\S"
)
_COMMENT = re.compile(r"//.*$|/\*.*?\*/")
_PLACED = re.compile(r"^\S.*?:\d+:\d+:")  # GHDL's message with a place: file:line:col:


@functools.cache
def ghdl_version() -> str:
    """The first line of ``ghdl --version``; a missing GHDL is a one-line error."""
    if shutil.which(GHDL) is None:
        raise HashbedError("GHDL is not installed: VHDL cores need it (apt-get install ghdl)")
    result = processes.run([GHDL, "--version"])
    return (result.stdout.strip().splitlines() or ["ghdl (unknown version)"])[0]


def vhdl_netlist(files: Sequence[Path], top: str, generics: Mapping[str, int | str]) -> Path:
    """The cached Verilog netlist of entity ``top`` of ``files`` with ``generics`` (made now if not cached)."""
    text = repr((VERSION, ghdl_version(), top, sorted((name, str(value)) for name, value in generics.items())))
    path = cache_root() / "vhdl" / f"{top}-{fingerprint(text, files)}.v"
    if path.is_file():
        return path
    with step(f"{top}: GHDL synthesis of the VHDL"):
        verilog, vhdl = _synthesize([file.absolute() for file in files], top, generics)
    write_atomically(path, fix_netlist(verilog, top.lower(), pmux_defaults(vhdl)))
    return path


def _synthesize(files: Sequence[Path], top: str, generics: Mapping[str, int | str]) -> tuple[str, str]:
    """GHDL's Verilog and VHDL netlists of ``top`` (one analysis, two writers), in a work directory of their own."""
    with tempfile.TemporaryDirectory(prefix="hashbed-ghdl-") as work:
        workdir = f"--workdir={work}"
        analysed = processes.run([GHDL, "-a", *_FLAGS, workdir, *(str(path) for path in files)], cwd=Path(work))
        if analysed.returncode != 0:
            raise HashbedError(
                f"{_first_error(analysed.stderr + analysed.stdout)} (GHDL could not analyse the core's VHDL: fix it)"
            )
        options = [*_FLAGS, workdir, *(f"-g{name}={value}" for name, value in generics.items())]
        return _synth(options, "verilog", top, files, work), _synth(options, "vhdl", top, files, work)


def _synth(options: list[str], writer: str, top: str, files: Sequence[Path], work: str) -> str:
    """The netlist ``ghdl synth --out=<writer>`` writes of ``top``; its failure as a one-line error."""
    synth = processes.run([GHDL, "synth", *options, f"--out={writer}", top], cwd=Path(work))
    if synth.returncode == 0:
        return synth.stdout
    message = synth.stderr + synth.stdout
    if "cannot find entity or configuration" in message:
        entities = ", ".join(_entities(files)) or "none"
        raise HashbedError(f"top '{top}' is not an entity of the VHDL files (entities: {entities}): fix 'top' in the manifest")
    raise HashbedError(f"{_first_error(message)} (GHDL 2.0 could not synthesize the core)")


def _first_error(output: str) -> str:
    """GHDL's first error with its place (file:line:col), else its first line."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    placed = [line for line in lines if _PLACED.match(line) and not re.search(r":\d+:(warning|note):", line)]
    return (placed or lines or ["GHDL failed without a message"])[0]


def _entities(files: Sequence[Path]) -> list[str]:
    """The entities the files declare (``entity X is``), in order, each once."""
    names: dict[str, None] = {}
    for path in files:
        text = path.read_text(encoding="latin-1")
        names.update(dict.fromkeys(re.findall(r"^\s*entity\s+(\w+)\s+is\b", text, re.IGNORECASE | re.MULTILINE)))
    return list(names)


# --- the fixes -----------------------------------------------------------------------------


def fix_netlist(text: str, top: str, defaults: Mapping[tuple[str, str], str] | None = None) -> str:
    """GHDL 2.0's Verilog made acceptable to Yosys, Verilator and Icarus (the module docstring):
    wide constants as literals, a default in every case (``defaults``: (module, net) -> Verilog
    value, from ``pmux_defaults``), modules but the top prefixed, keywords renamed."""
    text = re.sub(r'"([01xzXZ]+)"', lambda m: f"{len(m[1])}'b{m[1].lower()}", text)
    _refuse_duplicate_modules(text)
    text = _add_case_defaults(text, defaults or {})
    text = _prefix_modules(text, top)
    return _rename_keywords(text)


def pmux_defaults(vhdl: str) -> dict[tuple[str, str], str]:
    """The ``when others`` value of every selection in GHDL's VHDL netlist, as Verilog, by
    (entity, target net); an entity's selections are in its architecture."""
    defaults: dict[tuple[str, str], str] = {}
    entity = ""
    target: str | None = None
    for line in vhdl.splitlines():
        if head := re.match(r"\s*architecture\s+\S+\s+of\s+(\S+)\s+is", line):
            entity = head[1]
        if select := re.match(r"\s*with\s+\S+\s+select\s+(\S+)\s*<=", line):
            target = select[1]
        if (others := re.match(r"\s*(.+?)\s+when others;", line)) and target is not None:
            defaults[(entity, target)] = _verilog_value(others[1])
            target = None
    return defaults


_VHDL_BITS = {"0": "0", "1": "1", "L": "0", "H": "1", "Z": "z"}  # U, X, W, - : x


def _verilog_value(value: str) -> str:
    """A value of GHDL's VHDL netlist as Verilog: a bit string, a bit, ``(H downto L => 'c')``,
    or a net (GHDL's ``wrap_`` names are the ports)."""
    value = value.strip()
    if bits := re.fullmatch(r'"([01XZUWLH-]+)"', value):
        return f"{len(bits[1])}'b{_bits(bits[1])}"
    if bit := re.fullmatch(r"'([01XZUWLH-])'", value):
        return f"1'b{_bits(bit[1])}"
    if fill := re.fullmatch(r"\((\d+) downto (\d+) => '([01XZUWLH-])'\)", value):
        width = int(fill[1]) - int(fill[2]) + 1
        return f"{width}'b{_bits(fill[3] * width)}"
    if re.fullmatch(r"[A-Za-z_]\w*", value):
        return value.removeprefix("wrap_")
    raise HashbedError(f"GHDL's netlist has a case default hashbed cannot read ({value!r}): please report it")


def _bits(vhdl_bits: str) -> str:
    """VHDL's std_logic digits as Verilog's (U, X, W and - are x)."""
    return "".join(_VHDL_BITS.get(digit, "x") for digit in vhdl_bits)


def _add_case_defaults(text: str, defaults: Mapping[tuple[str, str], str]) -> str:
    """A ``default`` for every target of every ``case`` without one: the VHDL netlist's ``others`` value."""
    out: list[str] = []
    module = ""
    items: dict[str, str] | None = None  # in a case without a default so far: its targets' first values
    for line in text.splitlines():
        if head := re.match(r"module\s+(\S+)", line):
            module = head[1]
        if re.match(r"\s*case\s*\(", line):
            items = {}
        elif items is not None and re.match(r"\s*default\s*:", line):
            items = None
        elif items is not None and re.match(r"\s*endcase\b", line):
            indent = line[: len(line) - len(line.lstrip())]
            out += [
                f"{indent}  default: {target} <= {_default(defaults, module, target, first)};" for target, first in items.items()
            ]
            items = None
        elif items is not None and (item := re.match(r"[^:]+:\s*([A-Za-z_]\w*)\s*<?=\s*(.*?);", line)):
            items.setdefault(item[1], item[2])
        out.append(line)
    return "\n".join(out) + "\n"


def _default(defaults: Mapping[tuple[str, str], str], module: str, target: str, first: str) -> str:
    """The default of ``target`` in ``module``'s case. A don't-care (all x) becomes ``first``, the
    case's first value of it: Yosys takes an x default of a case that feeds back (GMU's FSMs) as a
    latch. No default at all is GHDL output hashbed does not know."""
    value = defaults.get((module, target))
    if value is None:
        raise HashbedError(
            f"GHDL's Verilog of module {module} has a case without a default for {target}, and its VHDL netlist "
            "no 'others' value: please report it"
        )
    return first if re.fullmatch(r"\d+'bx+", value) else value


def _refuse_duplicate_modules(text: str) -> None:
    """GHDL 2.0 names a module after its entity and generics, not its architecture: two
    architectures of one entity (GMU's ``aes_mul(aes_mulx02)`` and ``(aes_mulx03)``) become two
    different modules of one name, and no instance says which it means. Such a netlist is refused."""
    seen: set[str] = set()
    for name in re.findall(r"^module\s+(\S+)", text, re.MULTILINE):
        if name in seen:
            raise HashbedError(
                f"GHDL 2.0 wrote two different modules named {name} (two architectures of one entity with the same "
                "generics?): give each architecture an entity of its own"
            )
        seen.add(name)


def _prefix_modules(text: str, top: str) -> str:
    """Every module but ``top`` renamed ``<top>__<module>``, at its declaration and its instances
    (GHDL writes an instance's head alone on its line: ``  <module> <label> (``)."""
    modules = {name for name in re.findall(r"^module\s+(\S+)", text, re.MULTILINE) if name != top}
    if not modules:
        return text
    text = re.sub(r"^module\s+(\S+)", lambda m: f"module {top}__{m[1]}" if m[1] in modules else m[0], text, flags=re.MULTILINE)
    instance = re.compile(r"^(\s+)(\S+)(\s+\S+\s*\(\s*)$", re.MULTILINE)
    return instance.sub(lambda m: f"{m[1]}{top}__{m[2]}{m[3]}" if m[2] in modules else m[0], text)


def _rename_keywords(text: str) -> str:
    """Every keyword used as a name renamed everywhere (``input`` -> ``input_v``, a name the text does not use)."""
    taken = set(re.findall(r"\\\S+|[A-Za-z_][A-Za-z0-9_$]*", text))
    renames: dict[str, str] = {}
    out = []
    for line in text.splitlines():
        pieces, last = [], 0
        for start, end in _code_spans(line):
            tokens = [(m.start(), m.end(), m[0]) for m in _TOKEN.finditer(line, start, end)]
            words = [token for _, _, token in tokens]
            for index, (begin, finish, token) in enumerate(tokens):
                if token in KEYWORDS and _is_name(words, index):
                    if token not in renames:
                        renames[token] = _free_name(f"{token}_v", taken)
                    pieces += [line[last:begin], renames[token]]
                    last = finish
        out.append("".join(pieces) + line[last:])
    return "\n".join(out) + "\n"


def _code_spans(line: str) -> list[tuple[int, int]]:
    """The parts of a line that are not comments (``// ...``, ``/* ... */``), as (start, end)."""
    spans, last = [], 0
    for comment in _COMMENT.finditer(line):
        spans.append((last, comment.start()))
        last = comment.end()
    return [*spans, (last, len(line))]


def _is_name(words: list[str], index: int) -> bool:
    """Whether the keyword ``words[index]`` of one line of GHDL's output is a name there.

    GHDL writes its own keywords at fixed places: first on a line (``input``, ``wire``,
    ``assign``, ``always``, ``if``, ``case``, ``default:``, ``endmodule``...), after another of
    its keywords (``initial``, ``else``), and in an ``always`` line's event control. Everywhere
    else a word is a name: in an expression, after ``.`` (a port of an instance), after a
    range or a declaration's keyword (the declared name). A name can be first on its line too,
    as the target of a statement (``logic = n25_q;``, ``mem[a] <= d;``)."""
    word_before = words[index - 1] if index else ""
    if index == 0 or word_before == ")":
        return _is_target(words, index)
    if words[:2] == ["always", "@"]:  # always @(posedge clk or negedge rst): the signals only
        return word_before in ("posedge", "negedge")
    if word_before in KEYWORDS:
        return word_before in _DECLARE
    return not (index == 1 and word_before == "(")  # a port list's first direction: "(input  clk,"


def _is_target(words: list[str], index: int) -> bool:
    """Whether the word at ``index`` is assigned to: ``=`` or ``<=`` follows it, or its one index."""
    after = index + 1
    if after < len(words) and words[after] == "[":
        depth = 0
        while after < len(words):
            depth += {"[": 1, "]": -1}.get(words[after], 0)
            after += 1
            if depth == 0:
                break
    return after < len(words) and words[after] in ("=", "<=")


def _free_name(name: str, taken: set[str]) -> str:
    """``name``, or ``name2``, ``name3``... the first that is not ``taken`` (which it joins)."""
    candidate, number = name, 1
    while candidate in taken:
        number += 1
        candidate = f"{name}{number}"
    taken.add(candidate)
    return candidate


def top_ports(netlist: str, top: str) -> dict[str, tuple[str, int]]:
    """The ports of module ``top`` in a netlist of GHDL's: name -> (direction, width in bits)."""
    header = re.search(rf"^module\s+{re.escape(top)}\s*\((.*?)\);", netlist, re.MULTILINE | re.DOTALL | re.IGNORECASE)
    if header is None:
        raise HashbedError(f"module {top} is not in GHDL's netlist: fix 'top' in the manifest")
    ports: dict[str, tuple[str, int]] = {}
    for declaration in header[1].split(","):
        if match := re.fullmatch(r"\s*(input|output|inout)\s*(?:\[(\d+):(\d+)\])?\s*(\S+)\s*", declaration):
            width = abs(int(match[2]) - int(match[3])) + 1 if match[2] else 1
            ports[match[4]] = (match[1], width)
    return ports


#: Yosys refusing a latch: the net and the netlist line of the process (``$proc$<file>:<line>$``).
_LATCH = re.compile(
    r"Latch inferred for signal `\\?[^.`']+\.\\?(?P<net>[^`']+)' from process `[^`']*\$proc\$[^`']*?:(?P<line>\d+)\$"
)
_PLACE = re.compile(r"/\*\s*(?P<place>\S+:\d+):\d+\s*\*/")


def latch_source(netlist: Path, message: str) -> str | None:
    """Yosys's refusal of a latch in GHDL's netlist, told in the VHDL: the process (file and line,
    from GHDL's comment above the ``always``) and the signal it leaves unassigned on some path;
    None when ``message`` is not such a refusal or the netlist does not say."""
    match = _LATCH.search(message)
    if match is None:
        return None
    try:
        lines = netlist.read_text().splitlines()
    except OSError:
        return None
    above = lines[: int(match["line"])]
    place = next((found["place"] for line in reversed(above) if (found := _PLACE.search(line))), None)
    if place is None:
        return None
    net = re.escape(match["net"])
    signal = next((found[1] for line in lines if (found := re.match(rf"\s*assign\s+(\S+)\s*=\s*{net}\s*;", line))), match["net"])
    return (
        f"{place}: {signal} keeps its value on some path of this process, a latch (Yosys refuses latches): "
        "assign it on every path, e.g. a default value before the case"
    )
