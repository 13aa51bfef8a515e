"""Test vectors of GMU's LWC hardware API development package: ``pdi.txt``, ``sdi.txt``, ``do.txt``.

GMU's generator (cryptotvgen) writes, for a bus of ``W`` bits (8, 16 or 32), three files its
testbench (LWC_TB) streams through a core. A line starts with one of ``INS = `` (an
instruction), ``HDR = `` (a segment header), ``DAT = `` (segment data), ``STT = `` (a status,
do.txt only), each followed by hex: one or more ``W``-bit words one after the other (a 32-bit
header is ``32 / W`` words on one line; a ``DAT`` line several words); ``###EOF`` ends a file;
any other line (``#`` comments, ``# TB :`` in do.txt, blank lines) carries no words.

* pdi.txt: an operation starts with its instruction (ENC, DEC, HASH), preceded by ``INS`` ACTKEY
  when it uses a new key; its segments follow;
* sdi.txt: a key load per ACTKEY on pdi, in the same order: ``INS`` LDKEY, the key's ``HDR``
  and ``DAT``;
* do.txt: per operation, its output segments and its status (``STT``), the last word.

An instruction and a status are one word (the opcode in the top four bits), except hashbed's XOF
instruction, which is a whole 32-bit field; the words of every file have one width.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from hashbed.catalogue.algorithms.kat import KatFormatError, read_vector_text
from hashbed.catalogue.interfaces.base import Case
from hashbed.catalogue.interfaces.lwc_words import FIELD_BITS, LWC_WIDTHS, Opcode, Segment

#: The files of one set of vectors, in a folder of their own.
LWC_VECTOR_FILES = ("pdi.txt", "sdi.txt", "do.txt")
_LINE = re.compile(r"^(?P<key>INS|HDR|DAT|STT) = (?P<value>\S*)\s*$")
_EOF = "###EOF"
_KINDS: dict[int, str] = {Opcode.ENC: "encrypt", Opcode.DEC: "decrypt", Opcode.HASH: "hash", Opcode.XOF: "xof"}
#: The segment type that carries an operation's message (its ``length``).
_MESSAGE: dict[int, int] = {
    Opcode.ENC: Segment.PT,
    Opcode.DEC: Segment.CT,
    Opcode.HASH: Segment.HASH_MSG,
    Opcode.XOF: Segment.HASH_MSG,
}


@dataclass
class _Block:
    """Words from an instruction up to the next one (pdi, sdi) or up to a status (do)."""

    line: int
    opcode: int
    words: list[int] = field(default_factory=list)
    #: The message bytes (PT, CT or hash message segments).
    length: int = 0


@dataclass(frozen=True)
class _Line:
    number: int
    key: str
    value: str


def _lines(path: Path, keys: tuple[str, ...]) -> list[_Line]:
    text = read_vector_text(
        path, "LWC vector file", "an LWC test vector folder holds pdi.txt, sdi.txt and do.txt (cryptotvgen writes them)"
    )
    out: list[_Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith(_EOF):
            break
        if not line or line.startswith("#"):
            continue
        match = _LINE.match(line)
        if not match or match["key"] not in keys:
            raise KatFormatError(
                f"{path}:{number}: expected {', '.join(f'{k} = <hex>' for k in keys)} or a # comment, found {line!r}"
            )
        value = match["value"]
        if not re.fullmatch(r"[0-9A-Fa-f]+", value):
            raise KatFormatError(
                f"{path}:{number}: {match['key']} holds characters other than hex digits: {value!r}; write it in hex"
            )
        out.append(_Line(number, match["key"], value))
    return out


def _single_word_width(line: _Line) -> int | None:
    """The width an instruction or status line shows (it is one word), None for other lines."""
    if line.key == "STT" or (line.key == "INS" and int(line.value[0], 16) != Opcode.XOF):
        return 4 * len(line.value)
    return None


def _words(path: Path, line: _Line, width: int) -> list[int]:
    digits = width // 4
    if line.key in ("INS", "STT") and _single_word_width(line) not in (None, width):
        raise KatFormatError(
            f"{path}:{line.number}: a {4 * len(line.value)}-bit {line.key} word, but the others are {width} bits; "
            "write every file for one bus width"
        )
    if len(line.value) % digits or (line.key == "HDR" and len(line.value) % (FIELD_BITS // 4)):
        unit = f"{FIELD_BITS}-bit headers" if line.key == "HDR" else f"{width}-bit words"
        raise KatFormatError(
            f"{path}:{line.number}: {line.key} has {len(line.value)} hex digits, not a whole number of {unit}; "
            "write every file for one bus width"
        )
    return [int(line.value[i : i + digits], 16) for i in range(0, len(line.value), digits)]


def _blocks(path: Path, lines: list[_Line], width: int, *, by_status: bool) -> list[_Block]:
    """pdi/sdi split at instructions (an ACTKEY becomes its own block), do at statuses."""
    blocks: list[_Block] = []
    current: _Block | None = None
    for line in lines:
        words = _words(path, line, width)
        if not by_status and line.key == "INS":
            current = _Block(line.number, words[0] >> (width - 4))
            blocks.append(current)
        elif current is None:
            if not by_status:
                raise KatFormatError(f"{path}:{line.number}: {line.key} before any instruction; start every operation with INS")
            current = _Block(line.number, -1)
            blocks.append(current)
        current.words += words
        if line.key == "HDR":
            for header in (int(line.value[i : i + 8], 16) for i in range(0, len(line.value), 8)):
                if header >> 28 == _MESSAGE.get(current.opcode):
                    current.length += header & 0xFFFF
        if by_status and line.key == "STT":
            current = None
    if by_status and current is not None:
        raise KatFormatError(
            f"{path}:{current.line}: the last operation's output has no STT status; end every operation with one"
        )
    return blocks


def _width(lines: dict[Path, list[_Line]]) -> int:
    for path, entries in lines.items():
        for line in entries:
            width = _single_word_width(line)
            if width is not None:
                if width not in LWC_WIDTHS:
                    raise KatFormatError(
                        f"{path}:{line.number}: a {width}-bit {line.key} word; an LWC bus is one of "
                        f"{', '.join(map(str, LWC_WIDTHS))} bits wide"
                    )
                return width
    raise KatFormatError(f"{next(iter(lines))}: holds no INS instruction; is it cryptotvgen's pdi.txt?")


def read_lwc_vectors(folder: Path) -> tuple[int, list[Case]]:
    """The bus width and the operations of a pdi.txt / sdi.txt / do.txt folder, one case per
    operation: its pdi words (after an ACTKEY), the key load on sdi the ACTKEY pairs with, and
    the do words, the status last. ``line`` is the pdi.txt line of the operation's instruction."""
    pdi_path, sdi_path, do_path = (folder / name for name in LWC_VECTOR_FILES)
    lines = {pdi_path: _lines(pdi_path, ("INS", "HDR", "DAT"))}
    lines[sdi_path] = _lines(sdi_path, ("INS", "HDR", "DAT"))
    lines[do_path] = _lines(do_path, ("HDR", "DAT", "STT"))
    width = _width(lines)
    pdi = _blocks(pdi_path, lines[pdi_path], width, by_status=False)
    keys = _blocks(sdi_path, lines[sdi_path], width, by_status=False)
    outputs = _blocks(do_path, lines[do_path], width, by_status=True)
    for key in keys:
        if key.opcode != Opcode.LDKEY:
            raise KatFormatError(f"{sdi_path}:{key.line}: an instruction other than LDKEY on sdi; sdi carries key loads only")
    actkeys = [block for block in pdi if block.opcode == Opcode.ACTKEY]
    if len(actkeys) != len(keys):
        raise KatFormatError(
            f"{pdi_path}: {len(actkeys)} ACTKEY instructions, but {sdi_path} has {len(keys)} key loads; "
            "give one LDKEY on sdi per ACTKEY on pdi"
        )
    operations = [block for block in pdi if block.opcode != Opcode.ACTKEY]
    if len(operations) != len(outputs):
        raise KatFormatError(
            f"{pdi_path}: {len(operations)} operations, but {do_path} has {len(outputs)} status words; "
            "give do.txt one output (ending in STT) per operation"
        )
    cases: list[Case] = []
    pending: _Block | None = None
    key_loads = iter(keys)
    operation_outputs = iter(outputs)
    for block in pdi:
        if block.opcode == Opcode.ACTKEY:
            if pending is not None:
                raise KatFormatError(f"{pdi_path}:{block.line}: ACTKEY after ACTKEY; an operation's instruction must follow it")
            pending = block
            continue
        if block.opcode not in _KINDS:
            raise KatFormatError(
                f"{pdi_path}:{block.line}: instruction opcode {block.opcode:04b} is none of ENC, DEC, HASH (or XOF), ACTKEY"
            )
        sdi: list[int] = next(key_loads).words if pending is not None else []
        pdi_words = (pending.words if pending is not None else []) + block.words
        expected = next(operation_outputs).words
        kind = _KINDS[block.opcode]
        cases.append(Case(kind, tuple(pdi_words), tuple(sdi), tuple(expected), str(pdi_path), block.line, 8 * block.length))
        pending = None
    if pending is not None:
        raise KatFormatError(f"{pdi_path}:{pending.line}: ACTKEY at the end of the file; an operation must follow it")
    return width, cases
