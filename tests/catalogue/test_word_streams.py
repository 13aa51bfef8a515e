"""GMU's SHA-3 datain/dataout word streams (catalogue/interfaces/word_streams.py), on small
synthetic files in GMU's format; the round trip's digests come from hashlib, not hashbed."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.algorithms.kat import MAX_MESSAGE_BYTES, KatFormatError
from hashbed.catalogue.algorithms.sha import Sha256
from hashbed.catalogue.interfaces.hash_words import message_words
from hashbed.catalogue.interfaces.word_streams import dataout_for, is_word_stream, read_word_streams
from hashbed.errors import HashbedError
from support.fuzz import FUZZ, mutations, result_or_one_line_error, write_text

DATAIN = "RANDOM_SPLIT_NOPAD_Toy_datain_h256_w64.txt"
# message 1: 8 bits in one segment; message 2: 64 + 72 bits in two; message 3: the empty message
NOPAD_IN = """#BEGIN
# toy vectors
### MESSAGE NUMBER = 1
Len = 8000000000000008
Msg = A500000000000000
### MESSAGE NUMBER = 2
Len = 0000000000000040
Msg = 0123456789ABCDEF
Len = 8000000000000048
Msg = FEDCBA98765432101100000000000000
### MESSAGE NUMBER = 3
Len = 8000000000000000
#EOF#
"""
NOPAD_OUT = """#BEGIN
# toy vectors
### MESSAGE NUMBER = 1
MD = 00112233
### MESSAGE NUMBER = 2
MD = 44556677
### MESSAGE NUMBER = 3
MD = 8899AABB
#EOF#
"""


def _pair(folder: Path, datain: str, text_in: str, text_out: str, newline: str = "\n") -> Path:
    path = folder / datain
    path.write_bytes(text_in.replace("\n", newline).encode())
    dataout_for(path).write_bytes(text_out.replace("\n", newline).encode())
    return path


def test_a_nopad_pair_is_read_word_for_word(tmp_path: Path) -> None:
    streams = read_word_streams(_pair(tmp_path, DATAIN, NOPAD_IN, NOPAD_OUT, "\r\n"))
    assert streams.width == 64 and streams.core_pads is True
    assert streams.dataout == tmp_path / "RANDOM_SPLIT_NOPAD_Toy_dataout_h256_w64.txt"
    one, two, three = streams.vectors
    assert (one.number, one.line, one.words, one.digest, one.message_bits) == (
        1, 4, (0x8000000000000008, 0xA500000000000000), bytes.fromhex("00112233"), 8,
    )  # fmt: skip
    assert two.words == (0x40, 0x0123456789ABCDEF, 0x8000000000000048, 0xFEDCBA9876543210, 0x1100000000000000)
    assert (two.line, two.message_bits) == (7, 136)
    assert (three.words, three.message_bits) == ((1 << 63,), 0)


def test_names_and_shape(tmp_path: Path) -> None:
    path = _pair(tmp_path, DATAIN, NOPAD_IN, NOPAD_OUT)
    assert is_word_stream(path) and not is_word_stream(dataout_for(path))
    other = tmp_path / "notes_datain.txt"
    other.write_text("Len = 8\nMsg = 00\nMD = 00\n")  # NIST records, not GMU's
    assert not is_word_stream(other) and not is_word_stream(tmp_path / "missing_datain.txt")
    assert (
        dataout_for(Path("/x/random_split_pad_fugue_datain_h256_w32.txt")).name == "random_split_pad_fugue_dataout_h256_w32.txt"
    )
    assert dataout_for(Path("KECCAK_DATAIN.TXT")).name == "KECCAK_DATAOUT.TXT"
    assert dataout_for(Path("k_DataIn.txt")).name == "k_DataOut.txt"
    plain = _pair(tmp_path, "toy_datain.txt", NOPAD_IN, NOPAD_OUT)
    assert read_word_streams(plain).core_pads is None


def test_gmus_host_padded_headers(tmp_path: Path) -> None:
    """GMU's PAD files: the padded segment length with bit 0 as LAST, then the message bits of the
    last segment (or, for some cores, of the whole message) in a second word."""
    text = """#BEGIN
### MESSAGE NUMBER = 1
Len = 00000040
Msg = 0102030405060708
Len = 00000041
Len = 00000010
Msg = 0A0B800000000000
### MESSAGE NUMBER = 2
Len = 00000041
Len = 00000048
Msg = 0102030405060708
#EOF#
"""
    out = "### MESSAGE NUMBER = 1\nMD = 0011\n### MESSAGE NUMBER = 2\nMD = 2233\n"
    streams = read_word_streams(_pair(tmp_path, "random_split_pad_toy_datain_h256_w32.txt", text, out))
    assert streams.width == 32 and streams.core_pads is False
    one, two = streams.vectors
    assert one.words == (0x40, 0x01020304, 0x05060708, 0x41, 0x10, 0x0A0B8000, 0)
    assert one.message_bits == 80 and two.message_bits == 72


def test_repeated_message_numbers_pair_in_order(tmp_path: Path) -> None:
    text = NOPAD_IN.replace("### MESSAGE NUMBER = 3", "### MESSAGE NUMBER = 1")
    out = NOPAD_OUT.replace("### MESSAGE NUMBER = 3", "### MESSAGE NUMBER = 1")
    streams = read_word_streams(_pair(tmp_path, DATAIN, text, out))
    assert [(v.number, v.digest.hex()) for v in streams.vectors] == [(1, "00112233"), (2, "44556677"), (1, "8899aabb")]


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (("Msg = A500000000000000", "Msg = A50000000000000"), "datain_h256_w64.txt:5", "odd number of hex digits"),
        (("Msg = A500000000000000", "Msg = A5000000"), "datain_h256_w64.txt:5", "not a whole number of 64-bit words"),
        (("Msg = A500000000000000", "Msg = A5000000000000G0"), "datain_h256_w64.txt:5", "other than hex digits"),
        (
            ("Len = 0000000000000040", "Len = 00000040"),
            "datain_h256_w64.txt:7",
            "32-bit header word, but the header at line 4 is 64",
        ),
        (
            ("Len = 0000000000000040", "Len = 8000000000000040"),
            "datain_h256_w64.txt:9",
            "after the one at line 7, which has LAST set",
        ),
        (("Len = 8000000000000048", "Len = 0000000000000048"), "datain_h256_w64.txt:7", "ends without a segment with LAST set"),
        (("Msg = 0123456789ABCDEF\n", ""), "datain_h256_w64.txt:7", "needs 1 data words, its Msg holds 0"),
        (("### MESSAGE NUMBER = 3", "### MESSAGE NUMBER = 4"), "datain_h256_w64.txt:11", "message 4 has no MD"),
        (("<junk>", ""), "datain_h256_w64.txt:", ""),
    ],
)
def test_datain_errors(tmp_path: Path, change: tuple[str, str], where: str, message: str) -> None:
    if change[0] == "<junk>":
        text = NOPAD_IN.replace("# toy vectors", "<<<<<<< merge")
        where, message = "datain_h256_w64.txt:2", "expected Len = <hex> or Msg = <hex>"
    else:
        assert change[0] in NOPAD_IN
        text = NOPAD_IN.replace(change[0], change[1], 1)
    with pytest.raises(KatFormatError, match=message) as error:
        read_word_streams(_pair(tmp_path, DATAIN, text, NOPAD_OUT))
    assert where in str(error.value) and "\n" not in str(error.value)


def test_dataout_errors_and_a_missing_dataout(tmp_path: Path) -> None:
    cases = [
        (NOPAD_OUT.replace("MD = 8899AABB", "MD = 8899AA"), "dataout_h256_w64.txt:8: MD has 3 bytes, the first MD has 4"),
        (NOPAD_OUT.replace("#EOF#", "### MESSAGE NUMBER = 9\nMD = 01020304\n#EOF#"), "dataout_h256_w64.txt:10: MD of message 9"),
        (NOPAD_OUT.replace("MD = 44556677", "MD = 4455667Z"), "dataout_h256_w64.txt:6: MD holds characters other than hex"),
        (NOPAD_OUT.replace("### MESSAGE NUMBER = 3\nMD = 8899AABB\n", ""), "datain_h256_w64.txt:11: message 3 has no MD"),
        (NOPAD_OUT.replace("### MESSAGE NUMBER = 1\n", "", 1), "dataout_h256_w64.txt:3: MD before any"),
    ]
    for text, message in cases:
        with pytest.raises(KatFormatError, match=message):
            read_word_streams(_pair(tmp_path, DATAIN, NOPAD_IN, text))
    renamed = _pair(tmp_path, DATAIN.replace("w64", "w32"), NOPAD_IN, NOPAD_OUT)
    with pytest.raises(KatFormatError, match="the name says 32-bit words"):
        read_word_streams(renamed)
    lone = tmp_path / "lone_datain_h256_w64.txt"
    lone.write_text(NOPAD_IN)
    with pytest.raises(HashbedError, match=f"its dataout file {tmp_path / 'lone_dataout_h256_w64.txt'} is missing"):
        read_word_streams(lone)


def _write_pair(folder: Path, width: int, streams: list[tuple[list[int], bytes]]) -> Path:
    """A datain/dataout pair in GMU's text format (a test writer: one Len per header, the
    segment's data on one Msg line)."""
    digits = width // 4
    lines_in, lines_out = ["#BEGIN", "# round trip"], ["#BEGIN", "# round trip"]
    for number, (words, digest) in enumerate(streams, start=1):
        lines_in.append(f"### MESSAGE NUMBER = {number}")
        lines_out += [f"### MESSAGE NUMBER = {number}", f"MD = {digest.hex().upper()}"]
        index = 0
        while index < len(words):
            header = words[index]
            last, bits = header >> (width - 1), header & ((1 << (width - 1)) - 1)
            count = len(words) - index - 1 if last else bits // width
            lines_in.append(f"Len = {header:0{digits}X}")
            if count:
                lines_in.append("Msg = " + "".join(f"{w:0{digits}X}" for w in words[index + 1 : index + 1 + count]))
            index += 1 + count
    path = folder / f"roundtrip_sha256_datain_h256_w{width}.txt"
    path.write_text("\n".join([*lines_in, "#EOF#", ""]))
    dataout_for(path).write_text("\n".join([*lines_out, "#EOF#", ""]))
    return path


@pytest.mark.parametrize("width", [16, 32, 64])
def test_round_trip_against_hashlib(tmp_path: Path, width: int) -> None:
    """Messages as hashbed's host-padded words (its model padding), digests from hashlib: read back,
    the words and digests are the ones written, message_bits the message's."""
    sha = Sha256()
    messages = [b""] + [bytes((7 * i + n) % 256 for i in range(n)) for n in (1, 55, 56, 64, 200)]
    streams = [(message_words(sha, Message.from_bytes(m), width, segment_bits=512), hashlib.sha256(m).digest()) for m in messages]
    read = read_word_streams(_write_pair(tmp_path, width, streams))
    assert read.width == width and read.core_pads is None
    assert [list(v.words) for v in read.vectors] == [words for words, _ in streams]
    assert [v.digest for v in read.vectors] == [hashlib.sha256(m).digest() for m in messages]
    assert [v.message_bits for v in read.vectors] == [8 * len(m) for m in messages]


def _command_pair(folder: Path, messages: list[tuple[str, int, bytes, bytes]]) -> Path:
    """GMU's SHA-3 core's files (GMUCERG/SHAKE's ..._IN.txt, ..._OUT.txt): a labelled number, a
    command word (mode, output bits, message bits), the message words; the MD in whole words."""
    lines_in, lines_out = ["#BEGIN"], ["#BEGIN"]
    for number, (label, mode, message, output) in enumerate(messages, start=1):
        words = message + bytes(-len(message) % 8)
        lines_in += [
            f"### MESSAGE NUMBER = {number} {label}",
            f"Len = {mode << 60 | 8 * len(output) << 32 | 8 * len(message):016X}",
        ]
        lines_in += [f"Msg = {words.hex()}"] if words else []
        lines_out += [f"### MESSAGE NUMBER = {number} {label}", f"MD = {(output + bytes(-len(output) % 8)).hex()}"]
    path = folder / "ALL_VERSIONS_IN.txt"
    path.write_text("\n".join([*lines_in, "#EOF#", ""]))
    dataout_for(path).write_text("\n".join([*lines_out, "#EOF#", ""]))
    return path


def test_gmus_sha3_command_words_with_labels_and_outputs_of_any_length(tmp_path: Path) -> None:
    abc, long = b"abc", bytes(range(200))
    path = _command_pair(
        tmp_path,
        [
            ("SHA3-256", 0x8, abc, hashlib.sha3_256(abc).digest()),
            ("SHAKE-128", 0xC, long, hashlib.shake_128(long).digest(98)),  # 784 bits: 13 words, the last in part
            ("SHA3-512", 0xA, b"", hashlib.sha3_512(b"").digest()),
        ],
    )
    assert is_word_stream(path) and dataout_for(path).name == "ALL_VERSIONS_OUT.txt"
    sha3, shake, empty = read_word_streams(path, "gmu-sha3").vectors
    assert sha3.words == (0x8000010000000018, 0x6162630000000000) and sha3.digest == hashlib.sha3_256(abc).digest()
    assert len(shake.words) == 1 + 25 and shake.message_bits == 1600 and len(shake.digest) == 104
    assert empty.words == (0xA000020000000000,) and empty.message_bits == 0
    with pytest.raises(KatFormatError, match="use one digest length in a file"):
        read_word_streams(path)  # as the interface's headers, which give no output length


def test_a_command_asking_for_other_output_than_its_md_is_refused(tmp_path: Path) -> None:
    path = _command_pair(tmp_path, [("SHA3-256", 0x8, b"abc", hashlib.sha3_256(b"abc").digest())])
    out = dataout_for(path)
    out.write_text(out.read_text().replace(hashlib.sha3_256(b"abc").hexdigest(), hashlib.sha3_512(b"abc").hexdigest()))
    with pytest.raises(KatFormatError, match=r"ALL_VERSIONS_IN.txt:3: the command asks for 256 output bits, its MD .* has 512"):
        read_word_streams(path, "gmu-sha3")


# --- fuzzing: a mutated datain or dataout gives vectors or a one-line error -------------------------

PAD_DATAIN = "random_split_pad_toy_datain_h256_w32.txt"
PAD_IN = """#BEGIN
### MESSAGE NUMBER = 1
Len = 00000040
Msg = 0102030405060708
Len = 00000041
Len = 00000050
Msg = 0A0B800000000000
### MESSAGE NUMBER = 2
Len = 00000041
Len = 00000048
Msg = 0102030405060708
#EOF#
"""
PAD_OUT = "### MESSAGE NUMBER = 1\nMD = 0011\n### MESSAGE NUMBER = 2\nMD = 2233\n"
PAIRS = {"nopad": (DATAIN, NOPAD_IN, NOPAD_OUT), "pad": (PAD_DATAIN, PAD_IN, PAD_OUT)}


@FUZZ
@given(data=st.data())
def test_fuzz_mutated_word_streams_give_vectors_or_a_one_line_error(tmp_path: Path, data: st.DataObject) -> None:
    name, text_in, text_out = PAIRS[data.draw(st.sampled_from(sorted(PAIRS)))]
    if data.draw(st.booleans()):
        text_in = data.draw(mutations(text_in))
    else:
        text_out = data.draw(mutations(text_out))
    path = write_text(tmp_path / name, text_in)
    write_text(dataout_for(path), text_out)
    for header in ("hashbed", "gmu-sha3"):
        streams = result_or_one_line_error(functools.partial(read_word_streams, path, header))
        assert streams is None or all(0 <= v.message_bits <= 8 * MAX_MESSAGE_BYTES for v in streams.vectors)


def test_a_length_word_that_fits_neither_reading_is_refused(tmp_path: Path) -> None:
    """A last segment's length word more than its padded bits and less than the bits before it."""
    text = PAD_IN.replace(
        "Len = 00000041\nLen = 00000050\nMsg = 0A0B800000000000", "Len = 00000021\nLen = 00000030\nMsg = 0A0B8000"
    )
    with pytest.raises(KatFormatError, match=r"datain_h256_w32.txt:6: the length word says 48 message bits, .* hold 64\)"):
        read_word_streams(_pair(tmp_path, PAD_DATAIN, text, PAD_OUT))


def test_a_message_over_the_bound_is_refused_at_its_segment(tmp_path: Path) -> None:
    """Segments each under the bound, together over it."""
    first = 8 * MAX_MESSAGE_BYTES
    segments = f"Len = {first:016X}\nMsg = {'00' * (first // 8)}\nLen = {(1 << 63) | 64:016X}\nMsg = {'00' * 8}\n"
    text = f"### MESSAGE NUMBER = 1\n{segments}"
    path = _pair(tmp_path, DATAIN, text, "### MESSAGE NUMBER = 1\nMD = 00\n")
    with pytest.raises(KatFormatError, match=rf"datain_h256_w64.txt:4: message 1 holds {MAX_MESSAGE_BYTES + 8} bytes, over the"):
        read_word_streams(path)


@pytest.mark.parametrize("number", ["²", "٣", "1" * 10, "-1"])
def test_a_message_number_that_is_not_decimal_is_refused(tmp_path: Path, number: str) -> None:
    text = NOPAD_IN.replace("### MESSAGE NUMBER = 2", f"### MESSAGE NUMBER = {number}")
    with pytest.raises(KatFormatError, match=r"datain_h256_w64.txt:6: MESSAGE NUMBER must be a non-negative integer"):
        read_word_streams(_pair(tmp_path, DATAIN, text, NOPAD_OUT))
