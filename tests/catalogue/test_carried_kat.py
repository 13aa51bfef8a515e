"""The KAT files the tests carry (tests/data/kat/README.md): the full files in one archive, checked
file by file against full.sha256 as they are unpacked, one-line errors for a damaged archive, and a
file nobody carries failing the test that asks for it."""

from __future__ import annotations

import hashlib
import io
import lzma
import tarfile
from pathlib import Path

import pytest

from conftest import CARRIED_KAT_DIR, KatFile, carried_kat
from hashbed.catalogue.algorithms import ALGORITHMS
from hashbed.catalogue.algorithms.lwc import get_lwc_suite


def archive(path: Path, files: dict[str, bytes]) -> Path:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    path.write_bytes(lzma.compress(buffer.getvalue(), format=lzma.FORMAT_XZ))
    return path


def sums(path: Path, files: dict[str, bytes]) -> Path:
    path.write_text("".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in files.items()))
    return path


FILES = {"a_v1_ShortMsgKAT.txt": b"Len = 0\nMsg = 00\nMD = 00\n", "a_v1_LongMsgKAT.txt": b"Len = 8\nMsg = CC\nMD = 01\n"}


def unpack_error(tmp_path: Path, archive_path: Path, sums_path: Path) -> str:
    with pytest.raises(carried_kat.CarriedKatError) as caught:
        carried_kat.unpack(tmp_path / "out", archive_path, sums_path)
    message = str(caught.value)
    assert len(message.splitlines()) == 1, message
    return message


def test_every_algorithm_version_and_the_ascon_suite_have_their_full_files(full_kat_dir: Path) -> None:
    names = {path.name for path in full_kat_dir.iterdir()}
    expected = {f"{a.name}_{a.version}_{kind}MsgKAT.txt" for a in ALGORITHMS.values() for kind in ("Short", "Long")}
    expected |= set(get_lwc_suite("ascon", "sp800-232").kat_names().values())
    assert names == expected == set(carried_kat.read_sums(CARRIED_KAT_DIR / "full.sha256"))
    # the full set, not a sample: every bit length of the Short files, every record of the Long ones
    short = (full_kat_dir / "blake-256_round2_ShortMsgKAT.txt").read_text()
    long = (full_kat_dir / "blake-256_round2_LongMsgKAT.txt").read_text()
    assert short.count("Len = ") == 2048 and long.count("Len = ") == 513


def test_a_file_nobody_carries_fails_the_test(kat_file: KatFile) -> None:
    assert kat_file("sha-1_fips_ShortMsgKAT.txt").is_file()
    with pytest.raises(pytest.fail.Exception, match="sha-512_fips_ShortMsgKAT.txt is not among the carried KAT files"):
        kat_file("sha-512_fips_ShortMsgKAT.txt")


def test_unpack_writes_the_listed_files(tmp_path: Path) -> None:
    written = carried_kat.unpack(tmp_path / "out", archive(tmp_path / "k.tar.xz", FILES), sums(tmp_path / "k.sha256", FILES))
    assert {path.name: path.read_bytes() for path in written} == FILES


def test_a_truncated_or_damaged_archive_is_one_line(tmp_path: Path) -> None:
    good = archive(tmp_path / "k.tar.xz", FILES).read_bytes()
    listed = sums(tmp_path / "k.sha256", FILES)
    truncated = tmp_path / "truncated.tar.xz"
    truncated.write_bytes(good[: len(good) // 2])
    assert "truncated.tar.xz is damaged or truncated" in unpack_error(tmp_path, truncated, listed)
    flipped = bytearray(good)
    flipped[len(flipped) // 2] ^= 0x40  # the xz checksum catches it
    (tmp_path / "flipped.tar.xz").write_bytes(bytes(flipped))
    assert "flipped.tar.xz is damaged or truncated" in unpack_error(tmp_path, tmp_path / "flipped.tar.xz", listed)
    (tmp_path / "text.tar.xz").write_text("version https://git-lfs.github.com/spec/v1\n")
    assert "text.tar.xz is damaged or truncated" in unpack_error(tmp_path, tmp_path / "text.tar.xz", listed)
    assert "cannot read" in unpack_error(tmp_path, tmp_path / "absent.tar.xz", listed)


def test_a_file_that_is_not_as_listed_is_named(tmp_path: Path) -> None:
    listed = sums(tmp_path / "k.sha256", FILES)
    changed = archive(tmp_path / "changed.tar.xz", {**FILES, "a_v1_LongMsgKAT.txt": b"Len = 8\nMsg = CC\nMD = 02\n"})
    assert "a_v1_LongMsgKAT.txt has SHA-256" in unpack_error(tmp_path, changed, listed)
    extra = archive(tmp_path / "extra.tar.xz", {**FILES, "b_v1_ShortMsgKAT.txt": b""})
    assert "holds b_v1_ShortMsgKAT.txt, which k.sha256 does not list" in unpack_error(tmp_path, extra, listed)
    short = archive(tmp_path / "short.tar.xz", {"a_v1_ShortMsgKAT.txt": FILES["a_v1_ShortMsgKAT.txt"]})
    assert "lacks a_v1_LongMsgKAT.txt" in unpack_error(tmp_path, short, listed)
    (tmp_path / "bad.sha256").write_text("not a sum\n")
    assert "bad.sha256:1: expected" in unpack_error(tmp_path, changed, tmp_path / "bad.sha256")


def test_the_script_says_what_it_unpacked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert carried_kat.main(["unpack", str(tmp_path / "kat")]) == 0
    assert capsys.readouterr().out == f"44 KAT files in {tmp_path / 'kat'}, each as full.sha256 lists it\n"
