"""The word streams of the LWC core interface (docs/interface.md, "The LWC interface").

An LWC core (authenticated encryption and hashing, after the GMU LWC hardware API) has three
word ports: ``pdi`` (public data in: instructions, nonce, associated data, plaintext or
ciphertext, tag, hash message), ``sdi`` (secret data in: the key) and ``do`` (data out), all
``width`` bits wide (the manifest's ``bus_width``: 32, or 8 or 16 for a narrow core). The host
sends an instruction, then segments, each a header and its data words; the core answers with
segments and ends every operation with a status.

Fields, given here as the API's 32-bit values:

* instruction: bits 31..28 the opcode (ACTKEY, ENC, DEC, HASH; LDKEY on sdi), the other bits
  zero; it is one bus word, the value's top ``width`` bits (``70`` for ACTKEY at width 8).
  hashbed's XOF extension carries its output length in bytes in bits 15..0, so it is sent whole
  at every width, as a header is;
* segment header: bits 31..28 the segment type, bit 27 Partial, bit 26 EOI (end of input: no
  later segment of the operation carries input data), bit 25 EOT (end of type: the last segment
  of its type), bit 24 Last (the last segment of the operation), bits 15..0 its length in
  bytes; the other bits zero; sent as 32 / ``width`` words, most significant first;
* data words: the segment's bytes in order, ``width`` / 8 to a word, the first in the word's top
  byte (big-endian packing); the last word's unused low bytes are zero;
* status: SUCCESS (opcode 1110) or FAILURE (1111) in bits 31..28, the other bits zero; one bus
  word, as an instruction.

A decryption whose tag is wrong answers FAILURE alone: no plaintext leaves the core.
"""

from __future__ import annotations

from enum import IntEnum

from hashbed.catalogue.algorithms.ascon import AsconAead128, AsconHash256, AsconXof128
from hashbed.catalogue.interfaces.base import Case
from hashbed.errors import HashbedError

#: The bus width of the LWC ports, in bits, unless a core says otherwise.
LWC_WIDTH = 32
#: The widths the LWC API defines (W = SW; a core's ``bus_width``).
LWC_WIDTHS = (8, 16, 32)
#: The bits of an instruction, header or status value; a header is sent as 32 / width words.
FIELD_BITS = 32
#: The longest segment a header can give, in bytes.
MAX_SEGMENT_BYTES = 0xFFFF
#: Segments that are not their type's last hold whole blocks of this many bytes (a multiple of
#: the AEAD's 16-byte and the hash's 8-byte block), so a core never meets a block that spans two.
SEGMENT_BLOCK_BYTES = 16

PARTIAL = 1 << 27
EOI = 1 << 26
EOT = 1 << 25
LAST = 1 << 24


class Opcode(IntEnum):
    """Instructions (bits 31..28 of an instruction word) and status words."""

    ENC = 0b0010
    DEC = 0b0011
    LDKEY = 0b0100
    ACTKEY = 0b0111
    HASH = 0b1000
    #: hashbed's extension: an XOF; bits 15..0 of the instruction give the output length in bytes.
    XOF = 0b1001
    SUCCESS = 0b1110
    FAILURE = 0b1111


class Segment(IntEnum):
    """Segment types (bits 31..28 of a segment header)."""

    AD = 0b0001
    PT = 0b0100
    CT = 0b0101
    HASH_MSG = 0b0111
    TAG = 0b1000
    DIGEST = 0b1001
    KEY = 0b1100
    NPUB = 0b1101


def instruction(opcode: Opcode, low: int = 0) -> int:
    if not 0 <= low <= MAX_SEGMENT_BYTES:
        raise HashbedError(f"an instruction carries 0 to {MAX_SEGMENT_BYTES} in its low bits, got {low}")
    return (opcode << 28) | low


def status_word(success: bool) -> int:
    return instruction(Opcode.SUCCESS if success else Opcode.FAILURE)


def _check_width(width: int) -> int:
    if width not in LWC_WIDTHS:
        raise HashbedError(f"an LWC bus is one of {', '.join(map(str, LWC_WIDTHS))} bits wide, got {width}")
    return width


def field_words(value: int, width: int = LWC_WIDTH) -> list[int]:
    """A 32-bit header (or XOF instruction) as bus words, the most significant first."""
    _check_width(width)
    mask = (1 << width) - 1
    return [(value >> shift) & mask for shift in range(FIELD_BITS - width, -1, -width)]


def instruction_words(opcode: Opcode, low: int = 0, width: int = LWC_WIDTH) -> list[int]:
    """An instruction on the bus: one word, the top ``width`` bits of the value; XOF (whose low
    bits are its output length) whole, as a header."""
    value = instruction(opcode, low)
    return field_words(value, width) if opcode == Opcode.XOF else [value >> (FIELD_BITS - _check_width(width))]


def status_words(success: bool, width: int = LWC_WIDTH) -> tuple[int, ...]:
    """The status on the bus: one word, as an instruction."""
    return (status_word(success) >> (FIELD_BITS - _check_width(width)),)


def segment_header(kind: Segment, length: int, *, eoi: bool = False, eot: bool = True, last: bool = False) -> int:
    if not 0 <= length <= MAX_SEGMENT_BYTES:
        raise HashbedError(f"a segment holds 0 to {MAX_SEGMENT_BYTES} bytes, got {length}: split it into segments")
    return (kind << 28) | (EOI if eoi else 0) | (EOT if eot else 0) | (LAST if last else 0) | length


def data_words(data: bytes, width: int = LWC_WIDTH) -> list[int]:
    """Bytes packed big-endian into ``width``-bit words, the last word's unused bytes zero."""
    size = _check_width(width) // 8
    padded = data + bytes(-len(data) % size)
    return [int.from_bytes(padded[i : i + size], "big") for i in range(0, len(padded), size)]


def words_to_bytes(words: list[int], length: int, width: int = LWC_WIDTH) -> bytes:
    return b"".join(word.to_bytes(_check_width(width) // 8, "big") for word in words)[:length]


def segment_limit(segment_bytes: int | None) -> int:
    """The most bytes a segment that is not its type's last holds: whole 16-byte blocks."""
    limit = MAX_SEGMENT_BYTES // SEGMENT_BLOCK_BYTES * SEGMENT_BLOCK_BYTES
    if segment_bytes is not None:
        limit = min(limit, segment_bytes // SEGMENT_BLOCK_BYTES * SEGMENT_BLOCK_BYTES)
    if limit <= 0:
        raise HashbedError(
            f"segments must hold at least one {SEGMENT_BLOCK_BYTES}-byte block; "
            f"give --segment-bits {8 * SEGMENT_BLOCK_BYTES} or more"
        )
    return limit


def segments(
    kind: Segment, data: bytes, *, eoi: bool, last: bool, segment_bytes: int | None = None, width: int = LWC_WIDTH
) -> list[int]:
    """``data`` as one or more segments of ``kind`` (an empty one when ``data`` is empty), in
    ``width``-bit words: EOT on the type's last segment, EOI and Last on it as given, each segment
    capped at ``segment_bytes`` (whole blocks)."""
    limit = segment_limit(segment_bytes)
    words: list[int] = []
    sent = 0
    while len(data) - sent > limit:
        words += field_words(segment_header(kind, limit, eot=False), width)
        words += data_words(data[sent : sent + limit], width)
        sent += limit
    words += field_words(segment_header(kind, len(data) - sent, eoi=eoi, eot=True, last=last), width)
    words += data_words(data[sent:], width)
    return words


def _segment(kind: Segment, data: bytes, width: int, *, eoi: bool = False, last: bool = False) -> list[int]:
    """One segment of ``data`` (EOT), header and data words."""
    return field_words(segment_header(kind, len(data), eoi=eoi, eot=True, last=last), width) + data_words(data, width)


def _key_words(key: bytes, width: int) -> tuple[list[int], list[int]]:
    """ACTKEY on pdi, and LDKEY with the key segment on sdi."""
    return instruction_words(Opcode.ACTKEY, width=width), [
        *instruction_words(Opcode.LDKEY, width=width),
        *_segment(Segment.KEY, key, width, last=True),
    ]


def _aead_inputs(nonce: bytes, ad: bytes, message: bytes, kind: Segment, segment_bytes: int | None, width: int) -> list[int]:
    """NPUB, AD and the plaintext or ciphertext segments (EOI where no later input follows)."""
    return [
        *_segment(Segment.NPUB, nonce, width, eoi=not ad and not message),
        *segments(Segment.AD, ad, eoi=not message, last=False, segment_bytes=segment_bytes, width=width),
        *segments(kind, message, eoi=True, last=kind == Segment.PT, segment_bytes=segment_bytes, width=width),
    ]


def encrypt_case(
    aead: AsconAead128,
    key: bytes,
    nonce: bytes,
    ad: bytes,
    plaintext: bytes,
    *,
    new_key: bool = True,
    segment_bytes: int | None = None,
    source: str = "generated",
    line: int = 0,
    width: int = LWC_WIDTH,
) -> Case:
    """ENC (after ACTKEY and the key on sdi when ``new_key``): the core answers the ciphertext in
    segments as long as the plaintext's, the tag, SUCCESS; every word ``width`` bits."""
    result = aead.encrypt(key, nonce, ad, plaintext)
    ciphertext, tag = result[: len(plaintext)], result[len(plaintext) :]
    pdi, sdi = _key_words(key, width) if new_key else ([], [])
    pdi += [*instruction_words(Opcode.ENC, width=width), *_aead_inputs(nonce, ad, plaintext, Segment.PT, segment_bytes, width)]
    expected = [
        *segments(Segment.CT, ciphertext, eoi=False, last=False, segment_bytes=segment_bytes, width=width),
        *_segment(Segment.TAG, tag, width, last=True),
        *status_words(True, width),
    ]
    return Case("encrypt", tuple(pdi), tuple(sdi), tuple(expected), source, line, 8 * len(plaintext))


def decrypt_case(
    aead: AsconAead128,
    key: bytes,
    nonce: bytes,
    ad: bytes,
    ciphertext: bytes,
    *,
    new_key: bool = True,
    segment_bytes: int | None = None,
    source: str = "generated",
    line: int = 0,
    width: int = LWC_WIDTH,
) -> Case:
    """DEC of ciphertext-and-tag: the core answers the plaintext as one segment and SUCCESS, or,
    when the tag is wrong, FAILURE alone."""
    body, tag = ciphertext[: -aead.tag_bytes], ciphertext[-aead.tag_bytes :]
    pdi, sdi = _key_words(key, width) if new_key else ([], [])
    pdi += [
        *instruction_words(Opcode.DEC, width=width),
        *_aead_inputs(nonce, ad, body, Segment.CT, segment_bytes, width),
        *_segment(Segment.TAG, tag, width, last=True),
    ]
    plaintext = aead.decrypt(key, nonce, ad, ciphertext)
    if plaintext is None:
        expected = list(status_words(False, width))
    else:
        expected = [*_segment(Segment.PT, plaintext, width, last=True), *status_words(True, width)]
    return Case("decrypt", tuple(pdi), tuple(sdi), tuple(expected), source, line, 8 * len(body))


def _hash_case(
    kind: str, first: list[int], message: bytes, digest: bytes, segment_bytes: int | None, source: str, line: int, width: int
) -> Case:
    pdi = [*first, *segments(Segment.HASH_MSG, message, eoi=True, last=True, segment_bytes=segment_bytes, width=width)]
    expected = [*_segment(Segment.DIGEST, digest, width, last=True), *status_words(True, width)]
    return Case(kind, tuple(pdi), (), tuple(expected), source, line, 8 * len(message))


def hash_case(
    hash256: AsconHash256,
    message: bytes,
    *,
    segment_bytes: int | None = None,
    source: str = "generated",
    line: int = 0,
    width: int = LWC_WIDTH,
    digest: bytes | None = None,
) -> Case:
    """HASH: the core answers the digest segment and SUCCESS; ``digest``: the model's, when it is
    computed already (a long message takes the model seconds)."""
    first = instruction_words(Opcode.HASH, width=width)
    digest = hash256.digest(message) if digest is None else digest
    return _hash_case("hash", first, message, digest, segment_bytes, source, line, width)


def xof_case(
    xof: AsconXof128,
    message: bytes,
    out_bytes: int,
    *,
    segment_bytes: int | None = None,
    source: str = "generated",
    line: int = 0,
    width: int = LWC_WIDTH,
    digest: bytes | None = None,
) -> Case:
    """XOF with ``out_bytes`` of output (hashbed's extension of the API): as HASH."""
    first = instruction_words(Opcode.XOF, out_bytes, width)
    digest = xof.digest(message, out_bytes) if digest is None else digest
    return _hash_case("xof", first, message, digest, segment_bytes, source, line, width)


def describe(word: int) -> str:
    """A word of an LWC stream as a header or status would read (for messages)."""
    top = word >> 28
    if word & 0x0FFFFFFF == 0 and top in (Opcode.SUCCESS, Opcode.FAILURE):
        return f"{word:08X} (status {Opcode(top).name})"
    if top in Segment._value2member_map_ and not word & 0x00FF0000:
        flags = [name for name, bit in (("EOI", EOI), ("EOT", EOT), ("Last", LAST)) if word & bit]
        return f"{word:08X} (if a header: {Segment(top).name}, {word & 0xFFFF} bytes{', ' + ', '.join(flags) if flags else ''})"
    return f"{word:08X}"


def first_difference(expected: tuple[int, ...], actual: list[int], width: int = LWC_WIDTH) -> str | None:
    """Where the core's answer departs from the expected one, in one line; None when equal (words
    of a narrower bus are shown in hex: a header spans several)."""
    if list(expected) == actual:
        return None
    show = describe if width == FIELD_BITS else (lambda word: f"{word:0{width // 4}X}")
    for index, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            return f"do word {index + 1}: expected {show(want)}, core wrote {show(got)}"
    return f"the core wrote {len(actual)} words, expected {len(expected)}"
