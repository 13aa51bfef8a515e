"""The known-answer files the tests carry (tests/data/kat/README.md), made again from the full files
and checked against them.

    .venv/bin/python scripts/carried_kat.py make ../shared/kat     # write full.tar.xz, full.sha256 and the samples
    .venv/bin/python scripts/carried_kat.py check ../shared/kat    # the carried files are what the folder gives, byte for byte
    .venv/bin/python scripts/carried_kat.py unpack build/kat       # the full files, each checked against full.sha256

The folder is the project's full set (46 files: the ``*_ShortMsgKAT.txt`` and ``*_LongMsgKAT.txt`` of
every algorithm version, the four Ascon ``*_LWC_*_KAT.txt``). ``full.tar.xz`` holds every one of them
unchanged, in one solid xz stream: the SHA-3 competition files share one message set, so after the
first file of a set the others cost about their digests. ``full.sha256`` lists each file's SHA-256
(``sha256sum -c full.sha256`` in the folder checks it too). The samples are whole records of the
full files, chosen by the rules of :func:`sample_lengths` and :func:`lwc_sample_lengths`.

tests/conftest.py unpacks the archive with :func:`unpack` once per test session; every error here is
one line (:class:`CarriedKatError`).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import lzma
import re
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CARRIED = ROOT / "tests" / "data" / "kat"
ARCHIVE = CARRIED / "full.tar.xz"
SUMS = CARRIED / "full.sha256"
#: A name of the full set: a SHA-3 competition message set, or an Ascon LWC file.
FULL_NAME = re.compile(r"^[a-z0-9-]+_[a-z0-9-]+_((Short|Long)MsgKAT|LWC_[A-Z]+_KAT)\.txt$")
#: xz at its strongest: a 64 MiB window spans the whole of a message set (17 Long files of 2.4 MB).
PRESET = 9 | lzma.PRESET_EXTREME
#: Byte lengths of the Ascon samples: AEAD128 every pair of PT and AD lengths, CXOF128 every pair of
#: message and customization lengths, Hash256 and XOF128 the messages.
AEAD_BYTES = (0, 1, 15, 16, 17, 32)
CXOF_BYTES = (0, 1, 8, 9, 32)
HASH_BYTES = (0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1024)


class CarriedKatError(Exception):
    """A carried file that is missing, damaged or not what the full files give; one line."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def archive_order(name: str) -> tuple[int, str]:
    """Short files, then Long ones, then Ascon's: files that share messages lie side by side."""
    kind = 0 if name.endswith("_ShortMsgKAT.txt") else 1 if name.endswith("_LongMsgKAT.txt") else 2
    return kind, name


def full_names(folder: Path) -> list[str]:
    """The full set's file names in ``folder``, in archive order."""
    if not folder.is_dir():
        raise CarriedKatError(f"{folder} is not a folder: give the folder of the full KAT files (../shared/kat)")
    names = sorted((path.name for path in folder.iterdir() if FULL_NAME.match(path.name)), key=archive_order)
    if not names:
        raise CarriedKatError(f"{folder} holds no KAT files (*_ShortMsgKAT.txt, *_LongMsgKAT.txt, *_LWC_*_KAT.txt)")
    return names


def read_sums(path: Path = SUMS) -> dict[str, str]:
    """File name to SHA-256, from a file in ``sha256sum`` format."""
    try:
        lines = path.read_text(encoding="ascii").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CarriedKatError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    sums = {}
    for number, line in enumerate(lines, start=1):
        match = re.fullmatch(r"([0-9a-f]{64})  (\S+)", line)
        if not match:
            raise CarriedKatError(f"{path}:{number}: expected '<sha256>  <file name>', found {line!r}")
        sums[match[2]] = match[1]
    return sums


def members(archive: Path = ARCHIVE) -> Iterable[tuple[str, bytes]]:
    """Each file of ``archive`` with its bytes, in the archive's order; one line for an archive
    that is missing, truncated or not a tar.xz, or that holds anything but plain files."""
    try:
        with tarfile.open(archive, "r:xz") as tar:
            for member in tar:
                if not member.isfile() or "/" in member.name:
                    raise CarriedKatError(f"{archive}: {member.name!r} is not a file at the top of the archive")
                stream = tar.extractfile(member)
                assert stream is not None  # a regular file
                yield member.name, stream.read()
    except FileNotFoundError:
        raise CarriedKatError(f"cannot read {archive}: No such file or directory; restore it with git") from None
    except (tarfile.TarError, lzma.LZMAError, EOFError, OSError) as exc:
        raise CarriedKatError(
            f"{archive} is damaged or truncated ({exc}); restore it with git or make it again (scripts/carried_kat.py make DIR)"
        ) from None


def unpack(dest: Path, archive: Path = ARCHIVE, sums: Path = SUMS) -> list[Path]:
    """Write the archive's files into ``dest`` once each is checked against ``sums``: none missing,
    none extra, none changed (a damaged archive writes nothing)."""
    expected = read_sums(sums)
    files = {}
    for name, data in members(archive):
        if name not in expected:
            raise CarriedKatError(f"{archive}: holds {name}, which {sums.name} does not list")
        if sha256(data) != expected[name]:
            raise CarriedKatError(
                f"{archive}: {name} has SHA-256 {sha256(data)}, {sums.name} says {expected[name]}; "
                "restore both with git or make them again (scripts/carried_kat.py make DIR)"
            )
        files[name] = data
    missing = sorted(set(expected) - set(files))
    if missing:
        raise CarriedKatError(f"{archive}: lacks {', '.join(missing)}, which {sums.name} lists")
    dest.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (dest / name).write_bytes(data)
    return [dest / name for name in files]


def records(text: str) -> list[list[str]]:
    """The records of a KAT file: its runs of non-blank lines that are not comments, each unchanged."""
    found: list[list[str]] = []
    current: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.strip():
            if not line.startswith(("#", "[")):
                current.append(line)
        elif current:
            found.append(current)
            current = []
    return found


def field(record: list[str], key: str) -> str:
    for line in record:
        name, _, value = line.partition("=")
        if name.strip() == key:
            return value.strip()
    raise CarriedKatError(f"a record without {key}: {record[0]!r}")


def sample_lengths(block_bits: int, byte_aligned: bool) -> list[int]:
    """The Short lengths of a sample: 0, 1, 7, 8, 9 and 2047 bits and those within a byte of one, two
    and three block lengths (of the byte-aligned FIPS files, the byte lengths among them)."""
    lengths = {0, 1, 7, 8, 9, 2047}
    lengths |= {n * block_bits + d for n in (1, 2, 3) for d in (-8, -1, 0, 1, 8)}
    return sorted(n for n in lengths if n < 2048 and (n % 8 == 0 or not byte_aligned))


def hash_sample(folder: Path, name: str, version: str, block_bits: int) -> str:
    """The sample of an algorithm version: its Short records of :func:`sample_lengths`, then the
    first and the last Long record."""
    short = records((folder / f"{name}_{version}_ShortMsgKAT.txt").read_text(encoding="ascii"))
    long = records((folder / f"{name}_{version}_LongMsgKAT.txt").read_text(encoding="ascii"))
    byte_aligned = all(int(field(record, "Len")) % 8 == 0 for record in short)
    wanted = set(sample_lengths(block_bits, byte_aligned))
    chosen = [record for record in short if int(field(record, "Len")) in wanted]
    if len(chosen) != len(wanted):
        raise CarriedKatError(f"{name}_{version}_ShortMsgKAT.txt lacks some of the lengths {sorted(wanted)}")
    header = [
        f"# {name} {version}: a sample of the shared KAT files ../shared/kat/{name}_{version}_{{Short,Long}}MsgKAT.txt",
        "# (records copied as they are; tests/data/kat/README.md)",
    ]
    return "\n\n".join(["\n".join(header), *("\n".join(record) for record in [*chosen, long[0], long[-1]])]) + "\n"


def lwc_sample(text: str, keys: tuple[str, ...], lengths: tuple[int, ...]) -> str:
    """The records of an Ascon LWC file whose fields ``keys`` all have byte lengths among ``lengths``."""
    chosen = [record for record in records(text) if all(len(field(record, key)) // 2 in lengths for key in keys)]
    return "".join("\n".join(record) + "\n\n" for record in chosen)


def samples(folder: Path) -> dict[str, str]:
    """Every sample file of tests/data/kat, made from the full files in ``folder``."""
    from hashbed.catalogue.algorithms import ALGORITHMS  # only here: the other commands need no hashbed

    made = {
        f"{a.name}_{a.version}_SampleMsgKAT.txt": hash_sample(folder, a.name, a.version, a.block_bits)
        for a in ALGORITHMS.values()
    }
    lwc = {
        "ascon-aead128_sp800-232_LWC_AEAD_KAT.txt": (("PT", "AD"), AEAD_BYTES),
        "ascon-cxof128_sp800-232_LWC_CXOF_KAT.txt": (("Msg", "Z"), CXOF_BYTES),
        "ascon-hash256_sp800-232_LWC_HASH_KAT.txt": (("Msg",), HASH_BYTES),
        "ascon-xof128_sp800-232_LWC_HASH_KAT.txt": (("Msg",), HASH_BYTES),
    }
    for name, (keys, lengths) in lwc.items():
        made[name] = lwc_sample((folder / name).read_text(encoding="ascii"), keys, lengths)
    return made


def folder_sums(folder: Path) -> dict[str, str]:
    return {name: sha256((folder / name).read_bytes()) for name in full_names(folder)}


def make(folder: Path) -> None:
    """Write full.sha256, full.tar.xz and the samples from ``folder``, then read them back."""
    sums = folder_sums(folder)
    SUMS.write_text("".join(f"{digest}  {name}\n" for name, digest in sums.items()), encoding="ascii")
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name in sums:
            data = (folder / name).read_bytes()
            info = tarfile.TarInfo(name)  # no time, owner or group: the same files give the same tar
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    ARCHIVE.write_bytes(lzma.compress(buffer.getvalue(), format=lzma.FORMAT_XZ, preset=PRESET))
    for name, text in samples(folder).items():
        (CARRIED / name).write_text(text, encoding="ascii")
    check(folder)


def check(folder: Path) -> None:
    """The archive holds exactly the folder's full files, full.sha256 names their hashes, and each
    sample is what :func:`samples` makes of them."""
    sums, listed = folder_sums(folder), read_sums()
    differ = sorted(name for name in {*sums, *listed} if sums.get(name) != listed.get(name))
    if differ:
        raise CarriedKatError(f"{SUMS} differs from the files of {folder}: {', '.join(differ)}")
    carried = {name: sha256(data) for name, data in members()}
    if carried != sums:
        raise CarriedKatError(f"{ARCHIVE} does not hold exactly the files of {folder}: make it again")
    made = samples(folder)
    for name, text in made.items():
        path = CARRIED / name
        if not path.is_file() or path.read_bytes() != text.encode("ascii"):
            raise CarriedKatError(f"{path} is not the sample {folder} gives: make it again")
    size = ARCHIVE.stat().st_size
    print(f"{len(sums)} full files in {ARCHIVE.name} ({size} bytes) and {len(made)} samples, as {folder} gives them")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("make", help="write the carried files from a folder of the full files").add_argument("folder", type=Path)
    commands.add_parser("check", help="check the carried files against a folder of the full files").add_argument(
        "folder", type=Path
    )
    commands.add_parser("unpack", help="write the carried full files into a folder").add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "make":
            make(args.folder)
        elif args.command == "check":
            check(args.folder)
        else:
            print(f"{len(unpack(args.folder))} KAT files in {args.folder}, each as full.sha256 lists it")
    except CarriedKatError as exc:
        print(f"carried_kat: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
