"""GMU's SHA-3 word-stream known answers: a ``..._datain_...`` file and its ``..._dataout_...`` twin.

GMU (George Mason University) ships, with its SHA-3 cores, the exact words its testbench sends
and the digests it expects, e.g. ``RANDOM_SPLIT_NOPAD_Keccak_datain_h256_w64.txt`` with
``RANDOM_SPLIT_NOPAD_Keccak_dataout_h256_w64.txt`` (or ``..._IN.txt`` with ``..._OUT.txt``).

The datain file: ``#BEGIN``, comment lines (``# ...``), then per message ``### MESSAGE NUMBER = n``
(a label may follow the number: ``= 2 SHA3-256``) and its segments: ``Len = <hex word>`` header
lines, each followed by ``Msg = <hex>``, the segment's data words written one after the other on
one line (no ``Msg`` line when a segment has no data); ``#EOF#`` ends the file. The dataout file: ``### MESSAGE NUMBER = n`` then
``MD = <hex digest>`` per message. Lines may end in CRLF. The word width is four bits per hex
digit of a header word (16 digits: 64 bits); every header has it, and so does the ``_wNN`` of the
file name when there is one.

The headers come in three encodings; the first two are told apart by their content:

* the core pads (``NOPAD`` files), and hashbed's own interface: bit ``w-1`` of the header is LAST
  (the message's last segment), bits ``w-2..0`` the message bits in the segment; the data is
  ``ceil(bits / w)`` words, or more on the last segment when the host pads (hashbed's
  interface: the padding follows the message in the last segment);
* the host pads (GMU's ``PAD`` files): the header holds the padded segment's length in bits, its
  bit 0 set on the last segment (LAST; lengths are whole words, so bit 0 is free); the last
  segment's header is followed by a second word, a length before padding, which the cores read
  differently: the message bits in the last segment (BLAKE), or in the whole message (SHAvite-3,
  whose words exceed the segment); ``message_bits`` takes it as the first when it fits the
  segment. The data is the padded segment, ``length / w`` words.

A file in which some header has bit ``w-1`` set is read in the first encoding, any other in the
second (its headers never set the top bit). The third is GMU's SHA-3 core's (GMUCERG/SHAKE), read
for a core with ``header = "gmu-sha3"``: one command word per message, bits 63..60 the mode,
59..32 the output bits (its MD holds them in whole words; MDs may differ in length), 31..0 the message
bits, then ``ceil(bits / 64)`` message words.

A message holds at most ``kat.MAX_MESSAGE_BYTES`` (1 MiB) over all its segments, as a record of a
KAT file does; a longer line is refused before its hex is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from hashbed.catalogue.algorithms.kat import MAX_MESSAGE_BYTES, KatFormatError, read_vector_text, too_long
from hashbed.errors import HashbedError

_NUMBER = re.compile(r"^###\s*MESSAGE\s+NUMBER\s*=\s*(?P<number>\S*)(?:\s.*)?$", re.IGNORECASE)
_FIELD = re.compile(r"^(?P<key>Len|Msg|MD)\s*=\s*(?P<value>\S*)\s*$")
#: ``datain`` anywhere in a name, or ``IN`` as a whole word of it (``..._IN.txt``); its twin has ``dataout`` or ``OUT``.
_DATAIN = re.compile(r"datain|(?<![A-Za-z0-9])in(?![A-Za-z0-9])", re.IGNORECASE)
_NAME_WIDTH = re.compile(r"_w(?P<width>[0-9]+)(?=[._]|$)", re.IGNORECASE)
#: How much of a file :func:`is_word_stream` looks at.
_SNIFF_BYTES = 1 << 16


@dataclass(frozen=True)
class WordStreamVector:
    #: The ``MESSAGE NUMBER``.
    number: int
    #: Line of its first ``Len`` in the datain file.
    line: int
    #: The exact words to send: header, data, header, data, ...
    words: tuple[int, ...]
    #: The ``MD`` of the dataout file.
    digest: bytes
    #: The message's length in bits: the sum of its segments' message bits.
    message_bits: int


@dataclass(frozen=True)
class WordStreams:
    datain: Path
    dataout: Path
    #: Bits per word.
    width: int
    #: True for ``NOPAD`` files (the core pads), False for ``PAD`` (the host pads), None when the
    #: name says neither.
    core_pads: bool | None
    vectors: list[WordStreamVector]


def is_word_stream(path: Path) -> bool:
    """A name with ``datain`` in it (any case) and a body in GMU's shape (message numbers and
    ``Len`` lines)."""
    if not _DATAIN.search(path.name):
        return False
    try:
        with path.open("rb") as stream:
            head = stream.read(_SNIFF_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return False
    lines = [line.strip() for line in head.splitlines()]
    return any(_NUMBER.match(line) for line in lines) and any(line.startswith("Len") and "=" in line for line in lines)


def dataout_for(datain: Path) -> Path:
    """The file beside ``datain`` with its last ``datain`` (or word ``IN``) turned to ``dataout``
    (``OUT``), the case kept."""
    matches = list(_DATAIN.finditer(datain.name))
    if not matches:
        raise HashbedError(
            f"{datain}: the name has no 'datain' (nor a word 'IN') in it; GMU names its input files like ..._datain_h256_w64.txt"
        )
    start, end = matches[-1].span()
    tail = datain.name[end - 2 : end]  # "in"
    out = "OUT" if tail.isupper() else "out" if tail.islower() else "Out"
    return datain.with_name(datain.name[: end - 2] + out + datain.name[end:])


def _core_pads(path: Path) -> bool | None:
    tokens = {token.upper() for token in re.split(r"[^A-Za-z0-9]+", path.name)}
    if "NOPAD" in tokens:
        return True
    if "PAD" in tokens:
        return False
    return None


def _read_lines(path: Path, what: str) -> list[str]:
    text = read_vector_text(path, f"{what} file", "put it beside its twin, named alike")
    return text.splitlines()


def _hex(path: Path, line: int, key: str, value: str) -> None:
    """Refuse a value that is not an even number of hex digits."""
    if not value or not re.fullmatch(r"[0-9A-Fa-f]+", value):
        raise KatFormatError(f"{path}:{line}: {key} holds characters other than hex digits: {value!r}; write it in hex")
    if len(value) % 2:
        raise KatFormatError(f"{path}:{line}: {key} has an odd number of hex digits ({len(value)}); write whole bytes")


def _message_number(path: Path, line: int, value: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", value):
        raise KatFormatError(f"{path}:{line}: MESSAGE NUMBER must be a non-negative integer, found {value!r}")
    return int(value)


def _records(path: Path, lines: list[str], keys: tuple[str, ...]) -> list[tuple[int, int, list[tuple[int, str, str]]]]:
    """Each message as (number, its number's line, its fields (line, key, value)), up to ``#EOF#``."""
    records: list[tuple[int, int, list[tuple[int, str, str]]]] = []
    for index, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line.upper().startswith("#EOF"):
            break
        number = _NUMBER.match(line)
        if number:
            records.append((_message_number(path, index, number["number"]), index, []))
            continue
        if not line or line.startswith("#"):
            continue
        field = _FIELD.match(line)
        if not field or field["key"] not in keys:
            raise KatFormatError(f"{path}:{index}: expected {' or '.join(f'{k} = <hex>' for k in keys)}, found {raw.strip()!r}")
        if not records:
            raise KatFormatError(
                f"{path}:{index}: {field['key']} before any '### MESSAGE NUMBER = n' line; start each message with one"
            )
        if len(field["value"]) > 2 * MAX_MESSAGE_BYTES:
            raise too_long(path, index, field["key"], len(field["value"]) // 2)
        _hex(path, index, field["key"], field["value"])
        records[-1][2].append((index, field["key"], field["value"]))
    return records


def _digests(path: Path, one_length: bool) -> dict[int, list[tuple[int, bytes]]]:
    """The dataout file: message number -> (line, digest) of each of its records, in order (GMU's
    files may repeat a number: the same message split anew); ``one_length``: every MD as long."""
    digests: dict[int, list[tuple[int, bytes]]] = {}
    length = 0
    for number, number_line, fields in _records(path, _read_lines(path, "dataout"), ("MD",)):
        if len(fields) != 1:
            raise KatFormatError(f"{path}:{number_line}: message {number} needs exactly one MD line, has {len(fields)}")
        line, _, value = fields[0]
        digest = bytes.fromhex(value)
        if one_length and length and len(digest) != length:
            raise KatFormatError(
                f"{path}:{line}: MD has {len(digest)} bytes, the first MD has {length}; use one digest length in a file"
            )
        length = len(digest)
        digests.setdefault(number, []).append((line, digest))
    return digests


def _width(path: Path, records: list[tuple[int, int, list[tuple[int, str, str]]]]) -> int:
    """The bits per word, from the headers (and the ``_wNN`` of the name)."""
    width = 0
    first_line = 0
    for _, _, fields in records:
        for line, key, value in fields:
            if key != "Len":
                continue
            if not width:
                width, first_line = 4 * len(value), line
            elif 4 * len(value) != width:
                raise KatFormatError(
                    f"{path}:{line}: a {4 * len(value)}-bit header word, but the header at line {first_line} is {width} bits; "
                    "write every header as one word of the bus width"
                )
    if not width:
        raise KatFormatError(f"{path}: holds no 'Len = <hex>' header words; is it a GMU datain file?")
    named = _NAME_WIDTH.search(path.name)
    if named and int(named["width"]) != width:
        raise KatFormatError(
            f"{path}: the name says {named['width']}-bit words (_w{named['width']}), the headers are {width} bits; "
            "rename the file or fix the headers"
        )
    return width


def _words(path: Path, line: int, key: str, value: str, width: int) -> list[int]:
    digits = width // 4
    if len(value) % digits:
        raise KatFormatError(
            f"{path}:{line}: {key} has {len(value)} hex digits, not a whole number of {width}-bit words ({digits} digits each)"
        )
    return [int(value[i : i + digits], 16) for i in range(0, len(value), digits)]


def _vector(
    path: Path,
    number: int,
    number_line: int,
    fields: list[tuple[int, str, str]],
    width: int,
    encoding: str,
    core_pads: bool | None,
) -> tuple[int, list[int], int]:
    """(line of the first Len, the words, the message bits) of one message."""
    if not fields:
        raise KatFormatError(f"{path}:{number_line}: message {number} has no segments; give it at least one 'Len = ...' line")
    if fields[0][1] != "Len":
        raise KatFormatError(f"{path}:{fields[0][0]}: message {number} starts with Msg; a segment starts with its 'Len' header")
    words: list[int] = []
    message_bits = 0
    index = 0
    last_seen = 0  # the line of a segment header with LAST set
    while index < len(fields):
        line, _, value = fields[index]
        if last_seen:
            raise KatFormatError(
                f"{path}:{line}: message {number} has a segment after the one at line {last_seen}, which has LAST set; "
                "set LAST on the last segment only"
            )
        header = int(value, 16)
        words.append(header)
        index += 1
        if encoding == "command":  # GMU's SHA-3 core: mode, output bits, message bits
            last, bits = True, header & 0xFFFFFFFF
            least = -(-bits // width)
        elif encoding == "top":
            last, bits = bool(header >> (width - 1)), header & ((1 << (width - 1)) - 1)
            least = -(-bits // width)
        else:
            last, bits = bool(header & 1), header & ~1
            if bits % width:
                raise KatFormatError(f"{path}:{line}: a segment of {bits} bits is not a whole number of {width}-bit words")
            least = bits // width
            if last:  # the message bits in the (padded) last segment
                if index >= len(fields) or fields[index][1] != "Len":
                    raise KatFormatError(
                        f"{path}:{line}: the last segment's header (bit 0 set) must be followed by a 'Len' word "
                        "holding its message bits"
                    )
                count = int(fields[index][2], 16)
                words.append(count)
                # the message bits of the last segment (BLAKE), or of the whole message (SHAvite-3)
                if count <= bits:
                    bits = count
                elif count >= message_bits:
                    bits = count - message_bits
                else:
                    raise KatFormatError(
                        f"{path}:{fields[index][0]}: the length word says {count} message bits, neither the last segment's "
                        f"(at most its {bits}) nor the whole message's (the earlier segments hold {message_bits}); fix it"
                    )
                index += 1
        data: list[int] = []
        while index < len(fields) and fields[index][1] == "Msg":
            data += _words(path, fields[index][0], "Msg", fields[index][2], width)
            index += 1
        exact = not last or encoding != "top" or core_pads is True
        if len(data) < least or (exact and len(data) != least):
            raise KatFormatError(
                f"{path}:{line}: the segment of {bits} bits needs {'' if exact else 'at least '}{least} data words, "
                f"its Msg holds {len(data)}"
            )
        words += data
        message_bits += bits
        if message_bits > 8 * MAX_MESSAGE_BYTES:
            raise too_long(path, line, f"message {number}", (message_bits + 7) // 8)
        if last:
            last_seen = line
    if not last_seen:
        raise KatFormatError(f"{path}:{fields[0][0]}: message {number} ends without a segment with LAST set; set it on the last")
    return fields[0][0], words, message_bits


def _check_output(datain: Path, line: int, dataout: Path, command: int, width: int, digest: bytes) -> None:
    """Refuse an MD that is not the output a command word asks for, in whole words."""
    output_bits = (command >> 32) & 0xFFFFFFF
    if -(-output_bits // width) * width != 8 * len(digest):
        raise KatFormatError(
            f"{datain}:{line}: the command asks for {output_bits} output bits, "
            f"its MD in {dataout.name} has {8 * len(digest)} (the output in whole {width}-bit words); fix one of them"
        )


def read_word_streams(datain: Path, header: str = "hashbed") -> WordStreams:
    """The messages of a GMU datain file with the digests of its dataout twin, checked; the headers
    in the encoding their content says, or GMU's SHA-3 command words for ``header="gmu-sha3"``
    (hashbed.catalogue.interfaces.hash_words.HEADERS)."""
    dataout = dataout_for(datain)
    if not dataout.is_file():
        raise HashbedError(f"{datain}: its dataout file {dataout} is missing; put GMU's dataout file beside it")
    records = _records(datain, _read_lines(datain, "datain"), ("Len", "Msg"))
    if not records:
        raise KatFormatError(f"{datain}: holds no '### MESSAGE NUMBER = n' messages")
    width = _width(datain, records)
    digests = _digests(dataout, one_length=header != "gmu-sha3")  # a command word gives its output's length
    core_pads = _core_pads(datain)
    if header == "gmu-sha3":
        encoding = "command"
    elif any(int(v, 16) >> (width - 1) for _, _, fields in records for _, key, v in fields if key == "Len"):
        encoding = "top"
    else:
        encoding = "round2"
    vectors: list[WordStreamVector] = []
    for number, number_line, fields in records:  # the n-th record of a number pairs with its n-th MD
        if not digests.get(number):
            raise KatFormatError(f"{datain}:{number_line}: message {number} has no MD in {dataout}; add it there or drop it here")
        digest = digests[number].pop(0)[1]
        line, words, bits = _vector(datain, number, number_line, fields, width, encoding, core_pads)
        if encoding == "command":
            _check_output(datain, line, dataout, words[0], width, digest)
        vectors.append(WordStreamVector(number, line, tuple(words), digest, bits))
    extra = min((entries[0][0], number) for number, entries in digests.items() if entries) if any(digests.values()) else None
    if extra:
        raise KatFormatError(
            f"{dataout}:{extra[0]}: MD of message {extra[1]}, which {datain.name} does not have; drop it or add the message"
        )
    return WordStreams(datain, dataout, width, core_pads, vectors)
