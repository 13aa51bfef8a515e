"""The LWC KAT reader (catalogue/algorithms/lwc_kat.py) on bad records: every field of every kind
that an algorithm or the core's interface cannot take is a one-line error at its line, before a
model or a simulation sees it, through the reader and through ``hashbed verify``; and the reader,
with what ``kat_cases`` makes of its records, under fuzzing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import CARRIED_KAT_DIR
from hashbed.catalogue.algorithms.kat import MAX_MESSAGE_BYTES, KatFormatError
from hashbed.catalogue.algorithms.lwc import get_lwc_suite
from hashbed.catalogue.algorithms.lwc_kat import read_aead_kat, read_hash_kat
from hashbed.catalogue.cores import load_core
from hashbed.catalogue.interfaces.lwc import kat_cases
from hashbed.cli.main import main
from support.fuzz import FUZZ, mutations, result_or_one_line_error, write_text

SUITE = get_lwc_suite("ascon", "sp800-232")
NAMES = SUITE.kat_names()
KINDS = {"aead": "AEAD", "hash": "HASH", "xof": "HASH", "cxof": "CXOF"}


def records(member: str, count: int = 2) -> str:
    """The first ``count`` records of the carried KAT file of ``member``, as a file's text."""
    text = (CARRIED_KAT_DIR / NAMES[member]).read_text()
    return "\n\n".join(text.strip().split("\n\n")[:count]) + "\n"


def with_field(text: str, key: str, value: str) -> str:
    """``text`` with the first record's ``key`` set to ``value``."""
    return re.sub(rf"^{key} = .*$", f"{key} = {value}", text, count=1, flags=re.MULTILINE)


def read(member: str, path: Path) -> object:
    sizes = SUITE.kat_sizes(member)
    return read_aead_kat(path, sizes) if member == "aead" else read_hash_kat(path, KINDS[member], sizes)


def verify(capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path) -> str:
    """``hashbed verify ascon --kat path``: its one-line error (it must fail before any simulation)."""
    code = main(["verify", "ascon", "--kat", str(path), "--db", str(tmp_path / "db"), "--build-dir", str(tmp_path / "build")])
    err = capsys.readouterr().err
    assert code == 1 and len(err.strip().splitlines()) == 1, err
    assert err.startswith("hashbed: error: ")
    return err.strip()


# --- the lengths an algorithm takes: every field of every kind (issue 40, case 16) -----------------

TAG8 = "CCCB674FE18A09A2"  # the first record's CT holds the tag alone: keep 8 of its 16 bytes
WRONG = [
    ("aead", "Key", "0001", 2, "Key has 2 bytes, ascon-aead128 takes 16; fix the record"),
    ("aead", "Nonce", "00" * 15, 3, "Nonce has 15 bytes, ascon-aead128 takes 16; fix the record"),
    ("aead", "CT", TAG8, 6, "CT has 8 bytes and PT 0, so a tag of 8 bytes; ascon-aead128's tag has 16; fix the record"),
    ("hash", "MD", "00" * 31, 3, "MD has 31 bytes, ascon-hash256 gives 32; fix the record"),
    ("xof", "MD", "00" * (MAX_MESSAGE_BYTES // 8), 3, f"MD has {MAX_MESSAGE_BYTES // 8} bytes, but an LWC core's XOF"),
    ("cxof", "Z", "00" * 257, 3, "Z has 257 bytes, ascon-cxof128 takes a customization string of 256 bytes at most; fix"),
]


@pytest.mark.parametrize(("member", "key", "value", "line", "words"), WRONG, ids=[f"{w[0]}-{w[1]}" for w in WRONG])
def test_a_field_of_a_length_the_algorithm_does_not_take_is_named_at_its_line(
    tmp_path: Path, member: str, key: str, value: str, line: int, words: str
) -> None:
    path = tmp_path / NAMES[member]
    path.write_text(with_field(records(member), key, value))
    with pytest.raises(KatFormatError, match=rf"^{re.escape(f'{path}:{line}: {words}')}"):
        read(member, path)


@pytest.mark.parametrize(("member", "key", "value", "line", "words"), WRONG[:5], ids=[f"{w[0]}-{w[1]}" for w in WRONG[:5]])
def test_verify_names_the_record_of_a_wrong_length_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, member: str, key: str, value: str, line: int, words: str
) -> None:
    """Case 16: ``Key = 0001`` was a ValueError from the model with a traceback, no file nor line."""
    path = tmp_path / NAMES[member]
    path.write_text(with_field(records(member), key, value))
    assert f"{path}:{line}: {words}" in verify(capsys, tmp_path, path)


def test_verify_refuses_an_xof_output_the_instruction_cannot_carry(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Case 22: a 1,000,000-byte MD said "an instruction carries 0 to 65535 in its low bits", after
    seconds of the model, with no file nor line."""
    path = tmp_path / NAMES["xof"]
    path.write_text(f"Count = 1\nMsg = \nMD = {'00' * 1_000_000}\n")
    err = verify(capsys, tmp_path, path)
    assert err == (
        f"hashbed: error: {path}:3: MD has 1000000 bytes, but an LWC core's XOF instruction asks for 65535 bytes at most "
        "(its 16-bit length); keep the first 65535 bytes of MD (a shorter ascon-xof128 output is their prefix)"
    )


def test_the_longest_xof_output_the_instruction_carries_is_taken(tmp_path: Path) -> None:
    path = tmp_path / NAMES["xof"]
    path.write_text(with_field(records("xof", 1), "MD", "00" * 65535))
    (vector,) = read_hash_kat(path, sizes=SUITE.kat_sizes("xof"))
    assert len(vector.digest) == 65535


# --- a record's message over the bound (case 9) ---------------------------------------------------


@pytest.mark.parametrize(("member", "key", "line"), [("hash", "Msg", 2), ("aead", "PT", 4), ("aead", "AD", 5)])
def test_verify_refuses_a_message_over_the_bound_before_the_model_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, member: str, key: str, line: int
) -> None:
    """Case 9: a 50 MiB message took the Ascon model minutes (2 MiB in 22.6 s) without a word; one
    byte over the bound is refused at once, at its line, with the bound and the fix."""
    path = tmp_path / NAMES[member]
    path.write_text(with_field(records(member, 1), key, "00" * (MAX_MESSAGE_BYTES + 1)))
    err = verify(capsys, tmp_path, path)
    assert f"{path}:{line}: {key} holds {MAX_MESSAGE_BYTES + 1} bytes, over the {MAX_MESSAGE_BYTES} bytes (1 MiB)" in err
    assert "shorten the record" in err


# --- Count, hex -----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", ["0", "²", "٣", "1" * 10, "-1", "0x1"])
def test_a_count_that_is_not_a_positive_decimal_is_refused(tmp_path: Path, count: str) -> None:
    path = tmp_path / NAMES["hash"]
    path.write_text(with_field(records("hash"), "Count", count))
    with pytest.raises(KatFormatError, match=rf"^{re.escape(str(path))}:1: Count must be a positive integer"):
        read_hash_kat(path)


def test_odd_hex_is_named_at_its_own_line(tmp_path: Path) -> None:
    path = tmp_path / NAMES["aead"]
    path.write_text(with_field(records("aead"), "AD", "303"))
    with pytest.raises(KatFormatError, match=rf"^{re.escape(str(path))}:5: AD has an odd number of hex digits \(3\)"):
        read_aead_kat(path)


# --- fuzzing: the reader, and the operations kat_cases makes of what it reads -----------------------

CORE = load_core("ascon")


@FUZZ
@given(data=st.data())
def test_fuzz_mutated_lwc_kat_files_give_operations_or_a_one_line_error(tmp_path: Path, data: st.DataObject) -> None:
    member = data.draw(st.sampled_from(["aead", "hash", "xof"]))
    path = write_text(tmp_path / NAMES[member], data.draw(mutations(records(member))))
    result_or_one_line_error(lambda: kat_cases(CORE, path))


@FUZZ
@given(text=mutations(records("cxof")))
def test_fuzz_mutated_cxof_files_give_digests_or_a_one_line_error(tmp_path: Path, text: str) -> None:
    path = write_text(tmp_path / NAMES["cxof"], text)
    vectors = result_or_one_line_error(lambda: read_hash_kat(path, "CXOF", SUITE.kat_sizes("cxof")))
    for vector in vectors or []:  # every record the reader takes, the model takes
        assert len(SUITE.cxof.digest(vector.message, vector.customization, len(vector.digest))) == len(vector.digest)


@FUZZ
@given(text=st.text(max_size=2000))
def test_fuzz_any_text_gives_records_or_a_one_line_error(tmp_path: Path, text: str) -> None:
    path = write_text(tmp_path / NAMES["aead"], text)
    result_or_one_line_error(lambda: read("aead", path))


def test_a_plaintext_of_the_bound_takes_its_ciphertext_with_the_tag(tmp_path: Path) -> None:
    """CT is PT and the tag: PT at the bound is read; a CT longer than that by more than the bound is not."""
    path = tmp_path / NAMES["aead"]
    text = with_field(with_field(records("aead", 1), "PT", "00" * MAX_MESSAGE_BYTES), "CT", "11" * (MAX_MESSAGE_BYTES + 16))
    path.write_text(text)
    (vector,) = read_aead_kat(path, SUITE.kat_sizes("aead"))
    assert len(vector.ciphertext) == MAX_MESSAGE_BYTES + 16
    path.write_text(with_field(with_field(records("aead", 1), "PT", "0000"), "CT", "11" * (MAX_MESSAGE_BYTES + 3)))
    with pytest.raises(KatFormatError, match=rf":6: CT beyond its 2 bytes of PT holds {MAX_MESSAGE_BYTES + 1} bytes, over the"):
        read_aead_kat(path)
