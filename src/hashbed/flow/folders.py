"""The folders hashbed writes outside its results store (``--build-dir``, ``report --out``,
``board build --out``), checked before any work: a path that is a file, lies under a file, has a
name too long for its file system or cannot be written is a one-line error naming it and the fix,
and a folder that holds files of its own is written into only when it carries the marker file of
the command that made it (``check_own_folder``). Nothing is created by a check but a probe file,
removed at once."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from pathlib import Path

from hashbed.errors import HashbedError

#: The length of one file name where the file system does not say (Linux's NAME_MAX).
NAME_MAX = 255


def _exists(candidate: Path, path: Path, option: str) -> bool:
    """Whether ``candidate`` (``path`` or a folder above it) exists, following links; an error
    other than "no such file" is the user's."""
    try:
        candidate.stat()
    except (FileNotFoundError, NotADirectoryError):
        if candidate.is_symlink():
            raise HashbedError(f"{option} {path}: {candidate} is a link to nothing: pass another {option}") from None
        return False
    except OSError as exc:
        fix = f"a shorter {option}" if exc.errno == errno.ENAMETOOLONG else f"another {option}"
        raise HashbedError(f"{option} {path}: {exc.strerror}: pass {fix}") from None
    return True


def _nearest(path: Path, option: str) -> Path:
    """``path`` if it exists, else its nearest existing parent folder (after checking the names
    of the folders still to be made against the file system's limit)."""
    absolute = path.absolute()
    existing = next(candidate for candidate in (absolute, *absolute.parents) if _exists(candidate, path, option))
    if existing.is_dir():
        try:
            limit = os.pathconf(existing, "PC_NAME_MAX")
        except (OSError, ValueError):
            limit = NAME_MAX
        for name in absolute.relative_to(existing).parts:
            if len(os.fsencode(name)) > limit:
                raise HashbedError(
                    f"{option} {path}: the name {name[:16]}... is longer than the {limit} bytes a file name may have "
                    f"in {existing}: pass a shorter {option}"
                )
    return existing


def _probe(folder: Path, path: Path, option: str) -> None:
    """Create and remove a file in ``folder``, where ``path`` is to be written."""
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=".hashbed-probe-")
    except OSError as exc:
        where = "" if folder == path.absolute() else f" (its folder {folder})"
        raise HashbedError(f"{option} {path} cannot be written{where}: {exc.strerror}: pass another {option}") from None
    os.close(handle)
    os.unlink(name)


def _locate(path: Path, option: str, what: str) -> Path:
    """The nearest existing folder at or above ``path``; an error if ``path`` or a parent is a file."""
    existing = _nearest(path, option)
    if existing.is_dir():
        return existing
    if existing == path.absolute():
        raise HashbedError(f"{option} {path} is a file: pass a folder for {what} (it is created if missing)")
    raise HashbedError(f"{option} {path}: {existing} is a file, not a folder: pass another {option}")


def check_folder(path: Path, option: str, what: str) -> None:
    """Raise if ``path`` could not be a folder: it is a file, lies under one, or has a name too
    long (it need not exist: for a folder that is only read)."""
    _locate(path, option, what)


def check_writable(path: Path, option: str, what: str) -> None:
    """Raise unless ``path`` is a folder this process can write, or one it can make.
    ``option`` names the command-line option that gave the path, ``what`` what the folder is for."""
    _probe(_locate(path, option, what), path, option)


def check_own_folder(folder: Path, option: str, what: str, marker: str, writer: str) -> str | None:
    """Check that ``writer`` (the command, e.g. ``hashbed report``) may write into ``folder``:
    a new folder, an empty one, or one holding ``marker``, the file that ``mark_folder`` left
    there. Returns the marker's text (None: there is none yet); raises unless the folder can be
    written."""
    existing = _locate(folder, option, what)
    text = None
    if existing == folder.absolute():
        mark = folder / marker
        try:
            text = mark.read_text(errors="replace") if mark.is_file() else None
            foreign = text is None and any(folder.iterdir())
        except OSError as exc:
            raise HashbedError(f"cannot read {option} {folder}: {exc.strerror}: pass another {option}") from None
        if foreign:
            raise HashbedError(
                f"{option} {folder} holds files that '{writer}' did not write (it has no {marker}): pass a new or empty folder"
            )
    _probe(existing, folder, option)
    return text


def mark_folder(folder: Path, marker: str, text: str) -> None:
    """Create ``folder`` (checked by ``check_own_folder``) and leave ``marker`` in it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / marker).write_text(text)


def clear_folder(folder: Path, marker: str) -> None:
    """Remove everything in ``folder`` but its marker: only a folder that carries ``marker``."""
    if not (folder / marker).is_file():
        raise HashbedError(f"{folder} has no {marker}: hashbed empties only folders it made")
    for entry in folder.iterdir():
        if entry.name == marker:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def check_writable_file(path: Path, option: str, what: str) -> None:
    """Raise unless the file ``path`` can be written (or made) in a folder that exists;
    ``what`` says which file to pass instead of a folder."""
    folder = path.absolute().parent
    if not (_exists(folder, path, option) and folder.is_dir()):
        raise HashbedError(f"{option} {path}: its folder {path.parent} does not exist (create it, or pass another {option})")
    present = _exists(path, path, option)
    if present and path.is_dir():
        raise HashbedError(f"{option} {path} is a folder: pass {what}")
    if present and not path.is_file():
        raise HashbedError(f"{option} {path} is a device, pipe or socket, not a file: pass {what}")
    _nearest(path, option)  # the name's length
    _probe(folder, path, option)
    if present:
        try:
            path.open("ab").close()
        except OSError as exc:
            raise HashbedError(f"{option} {path} cannot be written: {exc.strerror}: pass another {option}") from None
