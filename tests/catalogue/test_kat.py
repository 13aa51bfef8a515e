"""The KAT reader: records, and a clear error with the line for every malformed file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hashbed.catalogue.algorithms import Message
from hashbed.catalogue.algorithms.kat import MAX_MESSAGE_BYTES, KatFormatError, KatVector, kat_identity, read_kat, write_kat
from hashbed.cli.main import main
from support.fuzz import FUZZ, mutations, result_or_one_line_error

GOOD = """# a comment
[L = 20]

Len = 0
Msg = 00
MD = AABBCCDD

Len = 12
Msg = ABCF
MD = 00112233
"""


def write(tmp_path: Path, text: str, name: str = "x_KAT.txt") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_reads_records_and_masks_partial_bytes(tmp_path: Path) -> None:
    vectors = read_kat(write(tmp_path, GOOD))
    assert [v.message.bits for v in vectors] == [0, 12]
    assert vectors[0].message.data == b""
    assert vectors[1].message.data == b"\xab\xc0"
    assert vectors[1].digest == bytes.fromhex("00112233")
    assert vectors[1].line == 8


def test_write_then_read_round_trips(tmp_path: Path) -> None:
    vectors = [KatVector(Message.from_bytes(b"\x01\x02"), b"\xaa" * 4), KatVector(Message.from_bytes(b""), b"\xbb" * 4)]
    path = tmp_path / "rt.txt"
    write_kat(path, vectors, "round trip")
    assert [(v.message, v.digest) for v in read_kat(path)] == [(v.message, v.digest) for v in vectors]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("Len = 8\nMsg = ZZ\nMD = 00\n", 2, "not a hex string"),
        ("Len = 16\nMsg = AB\nMD = 00\n", 2, "needs 2"),
        ("Len = 8\nMD = 00\n", 2, "expected field Msg"),
        ("Len = eight\nMsg = AB\nMD = 00\n", 1, "non-negative integer"),
        ("Len = 8\nMsg = AB\nMD = 0011\nLen = 8\nMsg = AB\nMD = 00\n", 6, "earlier records have 2"),
        ("Len = 8\nMsg = AB\nDigest = 00\n", 3, "expected field MD"),
        ("Len = 8\nMsg AB\n", 2, "expected '<field> = <value>'"),
    ],
)
def test_malformed_files_name_the_line(tmp_path: Path, text: str, line: int, words: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(KatFormatError, match=rf"^{path}:{line}: .*{words}"):
        read_kat(path)


def test_truncated_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(KatFormatError, match="ends inside the record that starts at line 1"):
        read_kat(write(tmp_path, "Len = 8\nMsg = AB\n"))
    with pytest.raises(KatFormatError, match="holds no Len/Msg/MD records"):
        read_kat(write(tmp_path, "# nothing\n"))


def test_kat_identity_from_file_name() -> None:
    assert kat_identity(Path("sha-256_fips_LongMsgKAT.txt")) == ("sha-256", "fips")
    assert kat_identity(Path("skein-512-256_round3_ShortMsgKAT.txt")) == ("skein-512-256", "round3")
    assert kat_identity(Path("random.txt")) is None


# --- files that are not KAT text ------------------------------------------------------------------


def test_a_file_that_is_not_utf8_text_is_named(tmp_path: Path) -> None:
    path = tmp_path / "utf16.txt"
    path.write_bytes(GOOD.encode("utf-16"))
    with pytest.raises(KatFormatError, match=rf"^{path}: not a text file in UTF-8 or ASCII \(byte 0\); save it as plain text$"):
        read_kat(path)


def test_a_length_in_other_digits_is_refused(tmp_path: Path) -> None:
    for length in ("²", "٣", "1" * 19):
        with pytest.raises(KatFormatError, match="1: Len must be a non-negative integer of at most 18 digits"):
            read_kat(write(tmp_path, f"Len = {length}\nMsg = 00\nMD = 00\n"))


@FUZZ
@given(data=st.binary(max_size=3000))
def test_fuzz_any_bytes_give_vectors_or_a_one_line_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_bytes(data)
    result_or_one_line_error(lambda: read_kat(path))


@FUZZ
@given(text=st.text(max_size=2000))
def test_fuzz_any_text_gives_vectors_or_a_one_line_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_text(text, encoding="utf-8")
    result_or_one_line_error(lambda: read_kat(path))


@FUZZ
@given(text=mutations(GOOD))
def test_fuzz_mutated_kat_files_give_vectors_or_a_one_line_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_text(text, encoding="utf-8")
    vectors = result_or_one_line_error(lambda: read_kat(path))
    assert vectors is None or all(len(v.message.data) == (v.message.bits + 7) // 8 for v in vectors)


# --- a record over the bound, odd hex, an empty MD ---------------------------------------------------


def test_a_message_over_the_bound_is_refused_from_its_len_before_its_msg_is_read(tmp_path: Path) -> None:
    bits = 8 * MAX_MESSAGE_BYTES + 1
    path = write(tmp_path, f"Len = {bits}\nMsg = not read\nMD = 00\n")
    with pytest.raises(
        KatFormatError, match=rf"^{path}:1: the message of Len = {bits} holds {MAX_MESSAGE_BYTES + 1} bytes, over"
    ):
        read_kat(path)
    path = write(tmp_path, f"Len = {8 * MAX_MESSAGE_BYTES}\nMsg = {'AB' * MAX_MESSAGE_BYTES}\nMD = 00\n")
    assert len(read_kat(path)[0].message.data) == MAX_MESSAGE_BYTES  # the bound itself is taken


def test_verify_refuses_a_record_over_the_bound_before_simulating(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 40, case 9: a 50 MiB message ran for minutes without a word; one byte over the bound is
    refused at once, naming the record's line, its size, the bound and the fix."""
    path = tmp_path / "sha-256_fips_LongMsgKAT.txt"
    size = MAX_MESSAGE_BYTES + 1
    path.write_text(f"Len = {8 * size}\nMsg = {'00' * size}\nMD = {'00' * 32}\n")
    argv = ["verify", "sha256", "--kat", str(path), "--db", str(tmp_path / "db"), "--build-dir", str(tmp_path / "build")]
    assert main(argv) == 1
    err = capsys.readouterr().err.strip()
    assert err == (
        f"hashbed: error: {path}:1: the message of Len = {8 * size} holds {size} bytes, over the {MAX_MESSAGE_BYTES} bytes "
        "(1 MiB) a known-answer record may hold; shorten the record (known answers check what a core computes; "
        "hashbed measure and lwc-bench time long messages)"
    )


def test_odd_hex_and_an_empty_digest_are_named(tmp_path: Path) -> None:
    path = write(tmp_path, "Len = 8\nMsg = ABC\nMD = 00\n")
    with pytest.raises(KatFormatError, match=rf"^{path}:2: Msg has an odd number of hex digits \(3\); write whole bytes$"):
        read_kat(path)
    path = write(tmp_path, "Len = 8\nMsg = AB\nMD =\n")
    with pytest.raises(KatFormatError, match=rf"^{path}:3: MD is empty"):
        read_kat(path)
