"""The word streams of the hash core interface (docs/interface.md).

The host pads the message and sends it as one or more segments. Each segment is a
header word followed by data words:

* header, bit ``w-1``: LAST, set on the segment that ends the message;
* header, bits ``w-2..0``: the number of message bits in the segment (padding excluded).

A segment that is not the last carries a whole number of blocks of message. The last
segment carries the rest of the message and all of the padding. Data words hold the
padded message bytes in order, the first byte in the most significant bits of a word.
The core answers with ``ceil(digest_bits / w)`` words, most significant first; bits
past the digest in the last word are zero.

A core may follow GMU's conventions instead (the options of hashbed.catalogue.interfaces.hash):
the padding done in the core, when the data words carry the message alone (``unpadded_words``);
the headers of GMU's round-2 packages (``round2_words``); or the command word of GMU's SHA-3 core
(``command_words``).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

from hashbed.catalogue.algorithms import HashAlgorithm, Message
from hashbed.errors import HashbedError

BUS_WIDTHS = (16, 32, 64)
#: The header conventions: the interface's, GMU's round-2 packages', GMU's SHA-3 core's command word.
HEADERS = ("hashbed", "gmu-round2", "gmu-sha3")
#: The mode nibble of GMU's SHA-3 core's command word for each algorithm it computes.
GMU_SHA3_MODES = {"sha3-256": 0x8, "sha3-512": 0xA, "shake128": 0xC, "shake256": 0xE}
_WORD_FORMAT = {16: "H", 32: "I", 64: "Q"}


def check_width(width: int) -> None:
    if width not in BUS_WIDTHS:
        raise ValueError(f"bus width must be one of {BUS_WIDTHS}, got {width}")


def header_word(segment_bits: int, last: bool, width: int) -> int:
    check_width(width)
    if not 0 <= segment_bits < 1 << (width - 1):
        raise ValueError(f"a {width}-bit header holds segment lengths below 2**{width - 1} bits, got {segment_bits}")
    return (int(last) << (width - 1)) | segment_bits


def max_segment_bits(algorithm: HashAlgorithm, width: int) -> int:
    """The longest segment that is a whole number of blocks and fits a header."""
    return segment_limit(width, algorithm.block_bits)


def segment_limit(width: int, block_bits: int, segment_bits: int | None = None) -> int:
    """The most bits a segment that is not the last carries: whole blocks that fit a header,
    at most ``segment_bits`` (rounded down to whole blocks)."""
    limit = (1 << (width - 1)) - 1 if segment_bits is None else min((1 << (width - 1)) - 1, segment_bits)
    limit = limit // block_bits * block_bits
    if limit <= 0:
        raise ValueError(f"segments must hold at least one {block_bits}-bit block")
    return limit


def _segments(total_bits: int, limit: int) -> Iterator[tuple[int, int, bool]]:
    """(first bit, bits, last) of each segment of ``total_bits`` bits in segments of ``limit``
    bits but the last, which takes the rest (one segment, empty, for no bits)."""
    sent = 0
    while total_bits - sent > limit:
        yield sent, limit, False
        sent += limit
    yield sent, total_bits - sent, True


def to_words(data: bytes, width: int) -> list[int]:
    count = 8 * len(data) // width
    return list(struct.unpack(f">{count}{_WORD_FORMAT[width]}", data))


def message_words(algorithm: HashAlgorithm, message: Message, width: int, segment_bits: int | None = None) -> list[int]:
    """The input word stream for one message.

    ``segment_bits`` caps the message bits per segment (rounded down to whole blocks);
    by default segments are as long as the header allows.
    """
    check_width(width)
    limit = segment_limit(width, algorithm.block_bits, segment_bits)
    padded = algorithm.pad(message)
    if 8 * len(padded) % width:
        raise ValueError(f"{algorithm.key} pads to {8 * len(padded)} bits, not a multiple of the {width}-bit bus")
    words: list[int] = []
    for first, bits, last in _segments(message.bits, limit):
        words.append(header_word(bits, last, width))
        words.extend(to_words(padded[first // 8 :] if last else padded[first // 8 : (first + bits) // 8], width))
    return words


def to_memory(words: list[int], width: int) -> bytes:
    """Words as the host lays them out for the DMA: little-endian ``width``-bit integers, in order."""
    check_width(width)
    return struct.pack(f"<{len(words)}{_WORD_FORMAT[width]}", *words)


def from_memory(data: bytes, width: int) -> list[int]:
    """The words of a buffer laid out by :func:`to_memory`."""
    check_width(width)
    return list(struct.unpack(f"<{8 * len(data) // width}{_WORD_FORMAT[width]}", data))


def digest_word_count(digest_bits: int, width: int) -> int:
    return -(-digest_bits // width)


def digest_words(digest: bytes, width: int) -> list[int]:
    """The output words that carry ``digest``, the bits past it in the last word zero."""
    check_width(width)
    return to_words(digest + bytes(-len(digest) % (width // 8)), width)


def digest_from_words(words: list[int], digest_bits: int, width: int) -> bytes:
    """The digest carried by the core's output words."""
    check_width(width)
    if len(words) != digest_word_count(digest_bits, width):
        raise ValueError(f"a {digest_bits}-bit digest takes {digest_word_count(digest_bits, width)} words, got {len(words)}")
    raw = b"".join(word.to_bytes(width // 8, "big") for word in words)
    return raw[: digest_bits // 8]


def unpadded_words(message: Message, width: int, block_bits: int | None, segment_bits: int | None = None) -> list[int]:
    """The input word stream of a core that pads itself: segments of header and message words,
    the last word of the message zero-filled; a segment that is not the last holds whole blocks
    of ``block_bits`` (at most ``segment_bits``, by default as many as the header allows), so
    splitting needs the block size: without it the message is one segment."""
    check_width(width)
    if block_bits is None and segment_bits is not None:
        raise HashbedError("splitting a message into segments needs the algorithm's block size: give the core a model")
    limit = message.bits if block_bits is None else segment_limit(width, block_bits, segment_bits)  # None: one segment
    data = message.data + bytes(-len(message.data) % (width // 8))
    words: list[int] = []
    for first, bits, last in _segments(message.bits, limit):
        words.append(header_word(bits, last, width))  # refuses a last segment too long for a header
        words.extend(to_words(data[first // 8 : first // 8 + -(-bits // width) * width // 8], width))
    return words


def round2_words(algorithm: HashAlgorithm, message: Message, width: int, segment_bits: int | None = None) -> list[int]:
    """The input word stream of GMU's round-2 packages: the host pads, and the padded message
    goes in segments of whole blocks; a header holds its segment's padded length in bits, LAST
    in bit 0 (lengths are whole words, so the bit is free), and the last segment's header is
    followed by a word with the message bits in that segment."""
    check_width(width)
    limit = segment_limit(width, algorithm.block_bits, segment_bits)
    padded = algorithm.pad(message)
    words: list[int] = []
    for first, bits, last in _segments(8 * len(padded), limit):
        words += [bits | 1, max(0, message.bits - first)] if last else [bits]
        words.extend(to_words(padded[first // 8 : (first + bits) // 8], width))
    return words


def command_words(algorithm: HashAlgorithm, message: Message, width: int) -> list[int]:
    """The input word stream of GMU's SHA-3 core (GMUCERG/SHAKE), which pads: one command word,
    bits 63..60 the mode (``GMU_SHA3_MODES``), 59..32 the output bits, 31..0 the message bits,
    then the message words, the last zero-filled; a message is never split."""
    if width != 64:
        raise HashbedError(f"GMU's SHA-3 command word is 64 bits, the bus is {width}")
    mode = GMU_SHA3_MODES.get(algorithm.name)
    if mode is None:
        raise HashbedError(f"GMU's SHA-3 command word has no mode for {algorithm.name}; it has {', '.join(GMU_SHA3_MODES)}")
    if message.bits >= 1 << 32:
        raise HashbedError(f"GMU's SHA-3 command word holds messages below 2**32 bits, this one has {message.bits}")
    data = message.data + bytes(-len(message.data) % 8)
    return [mode << 60 | algorithm.digest_bits << 32 | message.bits, *to_words(data, width)]
