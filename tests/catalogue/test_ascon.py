"""The Ascon models (NIST SP 800-232) against the designers' known answers: every record of the
full LWC KAT files and the sample of them, both carried (tests/data/kat)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import CARRIED_KAT_DIR
from hashbed.catalogue.algorithms.ascon import (
    SBOX,
    AsconAead128,
    AsconCxof128,
    AsconHash256,
    AsconXof128,
    permute,
    substitute,
)
from hashbed.catalogue.algorithms.kat import KatFormatError
from hashbed.catalogue.algorithms.lwc import get_lwc_suite
from hashbed.catalogue.algorithms.lwc_kat import lwc_kat_identity, read_aead_kat, read_hash_kat
from hashbed.errors import HashbedError

SUITE = get_lwc_suite("ascon", "sp800-232")


@pytest.fixture(params=["sample", "full"])
def folder(request: pytest.FixtureRequest) -> Path:
    """The carried sample (tests/data/kat) or the full files (unpacked from tests/data/kat/full.tar.xz)."""
    return CARRIED_KAT_DIR if request.param == "sample" else Path(request.getfixturevalue("full_kat_dir"))


def kat(folder: Path, member: str) -> Path:
    path = folder / SUITE.kat_names()[member]
    assert path.is_file(), f"{path} is not carried"
    return path


def test_bitsliced_sbox_is_the_table() -> None:
    for value in range(32):
        columns = substitute(*((value >> (4 - i)) & 1 for i in range(5)))
        assert sum((word & 1) << (4 - i) for i, word in enumerate(columns)) == SBOX[value]


def test_permutation_rejects_round_counts() -> None:
    with pytest.raises(ValueError, match="1 to 12"):
        permute((0, 0, 0, 0, 0), 13)


def test_aead_encrypts_decrypts_and_rejects_tampering(folder: Path) -> None:
    aead = AsconAead128()
    vectors = read_aead_kat(kat(folder, "aead"))
    assert len(vectors) in (36, 1089)
    rng = random.Random(5)
    for v in vectors:
        assert aead.encrypt(v.key, v.nonce, v.ad, v.plaintext) == v.ciphertext, f"Count = {v.count}"
        assert aead.decrypt(v.key, v.nonce, v.ad, v.ciphertext) == v.plaintext, f"Count = {v.count}"
        tampered = bytearray(v.ciphertext)
        tampered[rng.randrange(len(tampered))] ^= 1 << rng.randrange(8)
        assert aead.decrypt(v.key, v.nonce, v.ad, bytes(tampered)) is None, f"Count = {v.count}"


def test_hash256_and_xof128(folder: Path) -> None:
    for member, digest in (("hash", AsconHash256().digest), ("xof", lambda m: AsconXof128().digest(m, 64))):
        vectors = read_hash_kat(kat(folder, member))
        assert len(vectors) in (12, 1025)
        for v in vectors:
            assert digest(v.message) == v.digest, f"{member} Count = {v.count}"


def test_cxof128(folder: Path) -> None:
    cxof = AsconCxof128()
    vectors = read_hash_kat(kat(folder, "cxof"), "CXOF")
    assert len(vectors) in (25, 1089)
    for v in vectors:
        assert cxof.digest(v.message, v.customization, 64) == v.digest, f"Count = {v.count}"


def test_xof_outputs_are_prefixes_and_cxof_limits_its_string() -> None:
    xof = AsconXof128()
    assert xof.digest(b"abc", 100)[:37] == xof.digest(b"abc", 37)
    assert xof.digest(b"abc", 0) == b""
    with pytest.raises(ValueError, match="at most 256 bytes"):
        AsconCxof128().digest(b"", bytes(257), 32)


def test_aead_refuses_wrong_key_length_and_short_ciphertext() -> None:
    with pytest.raises(ValueError, match="16-byte key"):
        AsconAead128().encrypt(bytes(15), bytes(16), b"", b"")
    assert AsconAead128().decrypt(bytes(16), bytes(16), b"", bytes(15)) is None


def test_kat_names_and_errors(tmp_path: Path) -> None:
    name = lwc_kat_identity(Path(SUITE.kat_names()["aead"]))
    assert name is not None and (name.algorithm, name.version, name.kind) == ("ascon-aead128", "sp800-232", "AEAD")
    assert lwc_kat_identity(Path("sha-256_fips_ShortMsgKAT.txt")) is None
    bad = tmp_path / "x_LWC_HASH_KAT.txt"
    bad.write_text("Count = 1\nMsg = 00\n\n")
    with pytest.raises(KatFormatError, match=r":1: record ends after Count, Msg"):
        read_hash_kat(bad)
    bad.write_text("Count = 1\nMD = 00\nMsg = 00\n\n")
    with pytest.raises(KatFormatError, match=":2: expected Msg, found field MD"):
        read_hash_kat(bad)
    bad.write_text("Count = 1\nMsg = 0G\nMD = 00\n\n")
    with pytest.raises(KatFormatError, match="Msg is not a hex string"):
        read_hash_kat(bad)
    with pytest.raises(HashbedError, match="unknown LWC algorithm 'gift'"):
        get_lwc_suite("gift", "round3")
