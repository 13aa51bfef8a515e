"""GMU LWC development package test vectors (pdi.txt, sdi.txt, do.txt): the reader on small
synthetic folders, and the replay through the simulated Ascon cores of folders written from the
carried SP 800-232 known answers (tests/data/kat)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import CARRIED_KAT_DIR
from hashbed.catalogue.algorithms.kat import KatFormatError
from hashbed.catalogue.cores import load_core
from hashbed.catalogue.interfaces import Case
from hashbed.catalogue.interfaces.lwc import kat_cases, kat_files_in
from hashbed.catalogue.interfaces.lwc_vectors import read_lwc_vectors
from hashbed.catalogue.interfaces.lwc_words import FIELD_BITS, Opcode
from hashbed.errors import HashbedError
from hashbed.flow.sim.run import Stalls
from hashbed.flow.sim.verify import verify
from support.fuzz import FUZZ, mutations, result_or_one_line_error, write_text


def _hex(words: list[int], width: int) -> str:
    return "".join(f"{word:0{width // 4}X}" for word in words)


def _segments(words: tuple[int, ...], index: int, end: int, width: int) -> list[str]:
    """HDR and DAT lines of the segments in ``words[index:end]`` (a header is 32 / width words)."""
    lines = []
    per_header = FIELD_BITS // width
    while index < end:
        header_words = list(words[index : index + per_header])
        header = int(_hex(header_words, width), 16)
        count = -(-(header & 0xFFFF) // (width // 8))
        lines.append(f"HDR = {_hex(header_words, width)}")
        data = list(words[index + per_header : index + per_header + count])
        lines += [f"DAT = {_hex(data[i : i + 4], width)}" for i in range(0, len(data), 4)]  # several words a line
        index += per_header + count
    return lines


def _instruction(words: tuple[int, ...], index: int, width: int) -> tuple[str, int]:
    size = FIELD_BITS // width if words[index] >> (width - 4) == Opcode.XOF else 1
    return f"INS = {_hex(list(words[index : index + size]), width)}", index + size


def write_lwc_folder(folder: Path, cases: list[Case], width: int) -> None:
    """cryptotvgen's three files for ``cases`` (a test writer: comments, INS/HDR/DAT/STT, ###EOF)."""
    pdi, sdi, do = ["# pdi.txt (test)", ""], ["# sdi.txt (test)", ""], ["# do.txt (test)", ""]
    for number, case in enumerate(cases, start=1):
        pdi.append(f"#### MsgID={number}")
        index = 0
        if case.sdi:
            line, index = _instruction(case.words, 0, width)  # ACTKEY
            pdi.append(line)
            key_line, key_end = _instruction(case.sdi, 0, width)
            sdi += [f"#### MsgID={number}", key_line, *_segments(case.sdi, key_end, len(case.sdi), width), ""]
        line, index = _instruction(case.words, index, width)
        pdi += [line, *_segments(case.words, index, len(case.words), width), ""]
        do += [f"#### MsgID={number}", f"# TB :{number:05X}"]
        do += [*_segments(case.expected, 0, len(case.expected) - 1, width), f"STT = {_hex([case.expected[-1]], width)}", ""]
    folder.mkdir(parents=True, exist_ok=True)
    for name, lines in (("pdi", pdi), ("sdi", sdi), ("do", do)):
        (folder / f"{name}.txt").write_text("\n".join([*lines, "###EOF", ""]))


def _carried_cases(name: str) -> tuple[int, list[Case]]:
    core = load_core(name)
    cases = [case for path in kat_files_in(core.suite, CARRIED_KAT_DIR) for case in kat_cases(core, path)]
    return core.bus_width, cases


# -- the reader, on synthetic folders ---------------------------------------------------------------

PDI = """# pdi
#### MsgID=1
INS = 70000000
INS = 20000000
HDR = D600000C
DAT = 0102030405060708090A0B0C
HDR = 12000000
HDR = 47000005
DAT = AABBCCDDEE000000

#### MsgID=2
INS = 80000000
HDR = 77000003
DAT = 11223300
###EOF
ignored after the marker
"""
SDI = """# sdi
INS = 40000000
HDR = C7000010
DAT = 000102030405060708090A0B0C0D0E0F
###EOF
"""
DO = """# do
# TB :20101
HDR = 53000005
DAT = 1020304050000000
HDR = 83000002
DAT = 99880000
STT = E0000000
# TB :80002
HDR = 93000004
DAT = 01020304
STT = E0000000
###EOF
"""


def _folder(tmp_path: Path, pdi: str = PDI, sdi: str = SDI, do: str = DO, newline: str = "\n") -> Path:
    for name, text in (("pdi", pdi), ("sdi", sdi), ("do", do)):
        (tmp_path / f"{name}.txt").write_bytes(text.replace("\n", newline).encode())
    return tmp_path


def test_a_folder_is_read_one_case_per_operation(tmp_path: Path) -> None:
    width, (enc, digest) = read_lwc_vectors(_folder(tmp_path, newline="\r\n"))
    assert width == 32
    assert enc.kind == "encrypt" and enc.line == 4 and enc.bits == 40
    assert enc.words == (0x70000000, 0x20000000, 0xD600000C, 0x01020304, 0x05060708, 0x090A0B0C, 0x12000000, 0x47000005,
                       0xAABBCCDD, 0xEE000000)  # fmt: skip
    assert enc.sdi == (0x40000000, 0xC7000010, 0x00010203, 0x04050607, 0x08090A0B, 0x0C0D0E0F)
    assert enc.expected == (0x53000005, 0x10203040, 0x50000000, 0x83000002, 0x99880000, 0xE0000000)
    assert (digest.kind, digest.line, digest.bits, digest.sdi) == ("hash", 12, 24, ())
    assert digest.words == (0x80000000, 0x77000003, 0x11223300) and digest.expected[-1] == 0xE0000000


def test_an_8_bit_folder(tmp_path: Path) -> None:
    pdi = "INS = 70\nINS = 80\nHDR = 77000002\nDAT = A1B2\n"
    sdi = "INS = 40\nHDR = C7000001\nDAT = 5A\n"
    do = "HDR = 93000001\nDAT = 77\nSTT = F0\n"
    width, [case] = read_lwc_vectors(_folder(tmp_path, pdi, sdi, do))
    assert width == 8 and case.words == (0x70, 0x80, 0x77, 0, 0, 2, 0xA1, 0xB2) and case.sdi == (0x40, 0xC7, 0, 0, 1, 0x5A)
    assert case.expected == (0x93, 0, 0, 1, 0x77, 0xF0)


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("do", "STT = E0000000\n# TB :80002", "# TB :80002", "2 operations, but .*do.txt has 1 status words"),
        ("pdi", "INS = 70000000\n", "", "0 ACTKEY instructions, but .*sdi.txt has 1 key loads"),
        ("sdi", "INS = 40000000\nHDR = C7000010\nDAT = 000102030405060708090A0B0C0D0E0F\n", "", "1 ACTKEY .* has 0 key loads"),
        ("pdi", "INS = 80000000", "INS = 8000", "pdi.txt:12: a 16-bit INS word, but the others are 32 bits"),
        ("do", "STT = E0000000\n###", "STT = E000\n###", "do.txt:11: a 16-bit STT word, but the others are 32"),
        ("pdi", "DAT = 11223300", "DAT = 112233", "pdi.txt:14: DAT has 6 hex digits, not a whole number of 32-bit words"),
        ("pdi", "HDR = 77000003", "HDR = 7700", "pdi.txt:13: HDR has 4 hex digits, not a whole number of 32-bit headers"),
        ("pdi", "DAT = 11223300", "DAT = 11223X00", "pdi.txt:14: DAT holds characters other than hex digits"),
        ("pdi", "HDR = 12000000", "HDR=12000000", "pdi.txt:7: expected INS = <hex>, HDR = <hex>, DAT = <hex>"),
        ("do", "STT = E0000000\n###", "HDR = 00000000\n###", "do.txt:9: the last operation's output has no STT"),
        ("pdi", "# pdi\n", "HDR = 12000000\n", "pdi.txt:1: HDR before any instruction"),
        ("sdi", "INS = 40000000", "INS = 20000000", "sdi.txt:2: an instruction other than LDKEY"),
    ],
)
def test_reader_errors(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    texts = {"pdi": PDI, "sdi": SDI, "do": DO}
    assert old in texts[file]
    texts[file] = texts[file].replace(old, new, 1)
    with pytest.raises(KatFormatError, match=message) as error:
        read_lwc_vectors(_folder(tmp_path, **texts))
    assert "\n" not in str(error.value)


def test_a_missing_file(tmp_path: Path) -> None:
    _folder(tmp_path)
    (tmp_path / "sdi.txt").unlink()
    with pytest.raises(
        HashbedError, match=f"{tmp_path / 'sdi.txt'}: No such file or directory; an LWC test vector folder holds pdi.txt"
    ):
        read_lwc_vectors(tmp_path)


def test_the_writer_round_trips_the_carried_cases(tmp_path: Path) -> None:
    for name in ("ascon", "ascon_lw-logic"):
        width, cases = _carried_cases(name)
        write_lwc_folder(tmp_path / name, cases, width)
        read_width, read = read_lwc_vectors(tmp_path / name)
        assert read_width == width and len(read) == len(cases)
        for mine, theirs in zip(read, cases):
            assert (mine.kind, mine.words, mine.sdi, mine.expected, mine.bits) == (
                theirs.kind, theirs.words, theirs.sdi, theirs.expected, theirs.bits,
            )  # fmt: skip


# -- the replay through the simulated cores ----------------------------------------------------------


@pytest.mark.parametrize("name", ["ascon", "ascon_lw-logic"])
def test_package_vectors_pass_on_the_core(tmp_path: Path, name: str) -> None:
    width, cases = _carried_cases(name)
    write_lwc_folder(tmp_path, cases, width)
    report = verify(load_core(name), [tmp_path], Stalls(src=0.3, dst=0.3, seed=11))
    assert report.ok, report.mismatch
    assert report.passed == report.messages == len(cases) and report.sources == [str(tmp_path / "pdi.txt")]


def _flip_in_do(folder: Path, prefix: str, occurrence: int) -> None:
    lines = (folder / "do.txt").read_text().splitlines()
    hits = [i for i, line in enumerate(lines) if line.startswith(prefix)]
    index = hits[occurrence]
    value = lines[index][6:]
    lines[index] = lines[index][:6] + value[:-1] + f"{int(value[-1], 16) ^ 1:X}"
    (folder / "do.txt").write_text("\n".join(lines) + "\n")


def test_a_flipped_expected_word_names_the_operation(tmp_path: Path) -> None:
    core = load_core("ascon")
    width, cases = _carried_cases("ascon")
    cases = cases[:12]
    write_lwc_folder(tmp_path, cases, width)
    _, read = read_lwc_vectors(tmp_path)
    _flip_in_do(tmp_path, "DAT = ", 1)  # a DAT word of the second encryption
    report = verify(core, [tmp_path])
    assert report.mismatch is not None and not report.ok
    failing = next(i for i, case in enumerate(read_lwc_vectors(tmp_path)[1]) if case.expected != read[i].expected)
    assert report.mismatch.source == str(tmp_path / "pdi.txt") and report.mismatch.line == read[failing].line
    assert "do word" in report.mismatch.detail and report.passed == failing
    write_lwc_folder(tmp_path, cases, width)
    _flip_in_do(tmp_path, "STT = ", 5)  # the status of the sixth operation
    report = verify(core, [tmp_path])
    assert report.mismatch is not None and report.mismatch.line == read[5].line and report.passed == 5
    assert f"do word {len(read[5].expected)}" in report.mismatch.detail


def test_counts_and_widths_are_checked_before_simulating(tmp_path: Path) -> None:
    width, cases = _carried_cases("ascon")
    write_lwc_folder(tmp_path / "short", cases[:3], width)
    write_lwc_folder(tmp_path, cases[:4], width)
    (tmp_path / "do.txt").write_text((tmp_path / "short" / "do.txt").read_text())  # one output fewer
    with pytest.raises(KatFormatError, match="4 operations, but .* has 3 status words"):
        verify(load_core("ascon"), [tmp_path])
    keyed = next(case for case in cases if case.sdi)
    write_lwc_folder(tmp_path, [keyed], width)
    (tmp_path / "sdi.txt").write_text("# no key loads\n###EOF\n")
    with pytest.raises(KatFormatError, match="1 ACTKEY instructions, but .* has 0 key loads"):
        verify(load_core("ascon"), [tmp_path])
    write_lwc_folder(tmp_path, cases[:4], width)
    with pytest.raises(HashbedError, match="the test vectors have 32-bit words, ascon_lw-logic's bus is 8 bits"):
        verify(load_core("ascon_lw-logic"), [tmp_path])


# -- fuzzing: a mutated pdi.txt, sdi.txt or do.txt gives cases or a one-line error ---------------------


@FUZZ
@given(data=st.data())
def test_fuzz_mutated_vector_folders_give_cases_or_a_one_line_error(tmp_path: Path, data: st.DataObject) -> None:
    texts = {"pdi": PDI, "sdi": SDI, "do": DO}
    name = data.draw(st.sampled_from(sorted(texts)))
    texts[name] = data.draw(mutations(texts[name]))
    for file, text in texts.items():
        write_text(tmp_path / f"{file}.txt", text)
    result_or_one_line_error(lambda: read_lwc_vectors(tmp_path))
