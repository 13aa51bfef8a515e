"""The word streams of the LWC core interface (docs/interface.md, "The LWC interface").

An LWC core (authenticated encryption and hashing, after the GMU LWC hardware API) has three
word ports: ``pdi`` (public data in: instructions, nonce, associated data, plaintext or
ciphertext, tag, hash message), ``sdi`` (secret data in: the key) and ``do`` (data out). Every
word is 32 bits. The host sends an instruction word, then segments, each a header word and its
data words; the core answers with segments and ends every operation with a status word.

* instruction: bits 31..28 the opcode (ACTKEY, ENC, DEC, HASH; LDKEY on sdi; XOF, hashbed's
  extension, carries its output length in bytes in bits 15..0), the other bits zero;
* segment header: bits 31..28 the segment type, bit 27 Partial, bit 26 EOI (end of input: no
  later segment of the operation carries input data), bit 25 EOT (end of type: the last segment
  of its type), bit 24 Last (the last segment of the operation), bits 15..0 its length in
  bytes; the other bits zero;
* data words: the segment's bytes in order, the first in bits 31..24 (big-endian packing);
  the last word's unused low bytes are zero;
* status: SUCCESS (opcode 1110) or FAILURE (1111) in bits 31..28, the other bits zero.

A decryption whose tag is wrong answers FAILURE alone: no plaintext leaves the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from hashbed.catalogue.algorithms.ascon import AsconAead128, AsconHash256, AsconXof128
from hashbed.errors import HashbedError

#: The bus width of every LWC port, in bits.
LWC_WIDTH = 32
WORD_BYTES = LWC_WIDTH // 8
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


def segment_header(kind: Segment, length: int, *, eoi: bool = False, eot: bool = True, last: bool = False) -> int:
    if not 0 <= length <= MAX_SEGMENT_BYTES:
        raise HashbedError(f"a segment holds 0 to {MAX_SEGMENT_BYTES} bytes, got {length}: split it into segments")
    return (kind << 28) | (EOI if eoi else 0) | (EOT if eot else 0) | (LAST if last else 0) | length


def data_words(data: bytes) -> list[int]:
    """Bytes packed big-endian into 32-bit words, the last word's unused bytes zero."""
    padded = data + bytes(-len(data) % WORD_BYTES)
    return [int.from_bytes(padded[i : i + WORD_BYTES], "big") for i in range(0, len(padded), WORD_BYTES)]


def words_to_bytes(words: list[int], length: int) -> bytes:
    return b"".join(word.to_bytes(WORD_BYTES, "big") for word in words)[:length]


def segment_limit(segment_bytes: int | None) -> int:
    """The most bytes a segment that is not its type's last holds: whole 16-byte blocks."""
    limit = MAX_SEGMENT_BYTES // SEGMENT_BLOCK_BYTES * SEGMENT_BLOCK_BYTES
    if segment_bytes is not None:
        limit = min(limit, segment_bytes // SEGMENT_BLOCK_BYTES * SEGMENT_BLOCK_BYTES)
    if limit <= 0:
        raise HashbedError(f"segments must hold at least one {SEGMENT_BLOCK_BYTES}-byte block; give --segment-bytes 16 or more")
    return limit


def segments(kind: Segment, data: bytes, *, eoi: bool, last: bool, segment_bytes: int | None = None) -> list[int]:
    """``data`` as one or more segments of ``kind`` (an empty one when ``data`` is empty): EOT on
    the type's last segment, EOI and Last on it as given, each segment capped at ``segment_bytes``
    (whole blocks)."""
    limit = segment_limit(segment_bytes)
    words: list[int] = []
    sent = 0
    while len(data) - sent > limit:
        words.append(segment_header(kind, limit, eot=False))
        words.extend(data_words(data[sent : sent + limit]))
        sent += limit
    words.append(segment_header(kind, len(data) - sent, eoi=eoi, eot=True, last=last))
    words.extend(data_words(data[sent:]))
    return words


@dataclass(frozen=True)
class LwcCase:
    """One operation: what the host sends on pdi and sdi, and the words ``do`` must answer,
    the status word last. ``kind`` is encrypt, decrypt, hash or xof; ``source``/``line`` say
    where its known answer comes from (a KAT file and record, or generated vectors)."""

    kind: str
    pdi: tuple[int, ...]
    sdi: tuple[int, ...]
    expected: tuple[int, ...]
    source: str = "generated"
    line: int = 0
    #: The length of the message (plaintext, ciphertext without tag, hash message) in bytes.
    length: int = 0


def _key_words(key: bytes) -> tuple[list[int], list[int]]:
    """ACTKEY on pdi, and LDKEY with the key segment on sdi."""
    return [instruction(Opcode.ACTKEY)], [
        instruction(Opcode.LDKEY),
        segment_header(Segment.KEY, len(key), eot=True, last=True),
        *data_words(key),
    ]


def _aead_inputs(nonce: bytes, ad: bytes, message: bytes, kind: Segment, segment_bytes: int | None) -> list[int]:
    """NPUB, AD and the plaintext or ciphertext segments (EOI where no later input follows)."""
    return [
        segment_header(Segment.NPUB, len(nonce), eoi=not ad and not message, eot=True),
        *data_words(nonce),
        *segments(Segment.AD, ad, eoi=not message, last=False, segment_bytes=segment_bytes),
        *segments(kind, message, eoi=True, last=kind == Segment.PT, segment_bytes=segment_bytes),
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
) -> LwcCase:
    """ENC (after ACTKEY and the key on sdi when ``new_key``): the core answers the ciphertext in
    segments as long as the plaintext's, the tag, SUCCESS."""
    result = aead.encrypt(key, nonce, ad, plaintext)
    ciphertext, tag = result[: len(plaintext)], result[len(plaintext) :]
    pdi, sdi = _key_words(key) if new_key else ([], [])
    pdi += [instruction(Opcode.ENC), *_aead_inputs(nonce, ad, plaintext, Segment.PT, segment_bytes)]
    expected = [
        *segments(Segment.CT, ciphertext, eoi=False, last=False, segment_bytes=segment_bytes),
        segment_header(Segment.TAG, len(tag), eot=True, last=True),
        *data_words(tag),
        status_word(True),
    ]
    return LwcCase("encrypt", tuple(pdi), tuple(sdi), tuple(expected), source, line, len(plaintext))


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
) -> LwcCase:
    """DEC of ciphertext-and-tag: the core answers the plaintext as one segment and SUCCESS, or,
    when the tag is wrong, FAILURE alone."""
    body, tag = ciphertext[: -aead.tag_bytes], ciphertext[-aead.tag_bytes :]
    pdi, sdi = _key_words(key) if new_key else ([], [])
    pdi += [
        instruction(Opcode.DEC),
        *_aead_inputs(nonce, ad, body, Segment.CT, segment_bytes),
        segment_header(Segment.TAG, len(tag), eot=True, last=True),
        *data_words(tag),
    ]
    plaintext = aead.decrypt(key, nonce, ad, ciphertext)
    if plaintext is None:
        expected = [status_word(False)]
    else:
        expected = [segment_header(Segment.PT, len(plaintext), eot=True, last=True), *data_words(plaintext), status_word(True)]
    return LwcCase("decrypt", tuple(pdi), tuple(sdi), tuple(expected), source, line, len(body))


def _hash_case(
    kind: str, first: int, message: bytes, digest: bytes, segment_bytes: int | None, source: str, line: int
) -> LwcCase:
    pdi = [first, *segments(Segment.HASH_MSG, message, eoi=True, last=True, segment_bytes=segment_bytes)]
    expected = [segment_header(Segment.DIGEST, len(digest), eot=True, last=True), *data_words(digest), status_word(True)]
    return LwcCase(kind, tuple(pdi), (), tuple(expected), source, line, len(message))


def hash_case(
    hash256: AsconHash256, message: bytes, *, segment_bytes: int | None = None, source: str = "generated", line: int = 0
) -> LwcCase:
    """HASH: the core answers the digest segment and SUCCESS."""
    return _hash_case("hash", instruction(Opcode.HASH), message, hash256.digest(message), segment_bytes, source, line)


def xof_case(
    xof: AsconXof128,
    message: bytes,
    out_bytes: int,
    *,
    segment_bytes: int | None = None,
    source: str = "generated",
    line: int = 0,
) -> LwcCase:
    """XOF with ``out_bytes`` of output (hashbed's extension of the API): as HASH."""
    first = instruction(Opcode.XOF, out_bytes)
    return _hash_case("xof", first, message, xof.digest(message, out_bytes), segment_bytes, source, line)


def describe(word: int) -> str:
    """A word of an LWC stream as a header or status would read (for messages)."""
    top = word >> 28
    if word & 0x0FFFFFFF == 0 and top in (Opcode.SUCCESS, Opcode.FAILURE):
        return f"{word:08X} (status {Opcode(top).name})"
    if top in Segment._value2member_map_ and not word & 0x00FF0000:
        flags = [name for name, bit in (("EOI", EOI), ("EOT", EOT), ("Last", LAST)) if word & bit]
        return f"{word:08X} (if a header: {Segment(top).name}, {word & 0xFFFF} bytes{', ' + ', '.join(flags) if flags else ''})"
    return f"{word:08X}"


def first_difference(expected: tuple[int, ...], actual: list[int]) -> str | None:
    """Where the core's answer departs from the expected one, in one line; None when equal."""
    if list(expected) == actual:
        return None
    for index, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            return f"do word {index + 1}: expected {describe(want)}, core wrote {describe(got)}"
    return f"the core wrote {len(actual)} words, expected {len(expected)}"
