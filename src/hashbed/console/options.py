"""The options that several commands share, each given only to the commands that use it
(tests/cli/test_cli_options.py checks that over the whole parser), and the old spellings of renamed
options, which keep working for one release with a line saying the new one.

The rule of the shared options: ``--json`` where a command prints something, ``--wide`` where it
prints a table, ``--db`` where it reads or writes the store, ``--build-dir`` and ``--force`` where
it runs jobs, ``--cores DIR`` where it takes core names. A seed names what it seeds:
``--placer-seed`` (nextpnr), ``--stall-seed`` (the simulation's stalls and generated messages),
``--message-seed`` (the testbed's messages and DMA pattern). ``--device`` defaults to ecp5-25k, the
main job's device, where a command places cores (``implement``, ``energy``, ``bench``); a study's
command takes its study's (``sweep pipeline``: ecp5-85k) or asks for one where the device decides
its set of cores (``explore``, ``time``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hashbed.catalogue.cores import CORES_ENV
from hashbed.console.printing import err
from hashbed.console.types import SEED_RANGE, positive_float, positive_int, seed
from hashbed.flow.impl.implement import DEFAULT_FREQ_MHZ, DEFAULT_SEED, DEFAULT_TIMEOUT_S
from hashbed.results import default_db_path

CORES_HELP = f"a folder of your own cores (<name>/core.toml), beside the built-in ones (repeatable; also ${CORES_ENV})"
#: The release in which the old spellings of renamed options go.
OLD_SPELLINGS_GO = "0.3"


def _parent() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(add_help=False)


@dataclass(frozen=True)
class SharedOptions:
    """One parent parser per shared option (the implementation's three in one), to give each
    command the ones it uses."""

    json: argparse.ArgumentParser
    wide: argparse.ArgumentParser
    db: argparse.ArgumentParser
    build_dir: argparse.ArgumentParser
    force: argparse.ArgumentParser
    library: argparse.ArgumentParser
    #: Where a command places cores: --placer-seed, --freq and --timeout.
    impl: argparse.ArgumentParser

    @classmethod
    def make(cls) -> SharedOptions:
        json, wide, db, build_dir, force, library, impl = (_parent() for _ in range(7))
        json.add_argument("--json", action="store_true", help="print machine-readable JSON")
        wide.add_argument(
            "--wide", action="store_true", help="print tables at full width, every column (default: fit the terminal or $COLUMNS)"
        )
        db.add_argument("--db", type=Path, default=default_db_path(), help="results database (default: %(default)s)")
        build_dir.add_argument("--build-dir", type=Path, default=Path("build"), help="run directories (default: %(default)s)")
        force.add_argument("--force", action="store_true", help="run jobs again even when a stored result exists")
        library.add_argument(
            "--cores", type=Path, action="append", metavar="DIR", dest="libraries_here", default=[], help=CORES_HELP
        )
        option_with_old_spelling(
            impl,
            "--placer-seed",
            "--seed",
            dest="seed",
            type=seed,
            default=DEFAULT_SEED,
            help=f"nextpnr's placement seed, {SEED_RANGE} (default: %(default)s)",
        )
        impl.add_argument(
            "--freq", type=positive_float, default=DEFAULT_FREQ_MHZ, help="target clock, MHz (default: %(default)s)"
        )
        impl.add_argument(
            "--timeout", type=positive_int, default=DEFAULT_TIMEOUT_S, help="seconds per tool run (default: %(default)s)"
        )
        return cls(json, wide, db, build_dir, force, library, impl)

    def jobs(self) -> list[argparse.ArgumentParser]:
        """What a command that runs jobs of cores takes: every one but ``impl``."""
        return [self.json, self.wide, self.db, self.build_dir, self.force, self.library]


class _OldSpelling(argparse.Action):
    """An option's old spelling: does what the new one does, and says the new name on stderr."""

    def __init__(self, option_strings: Sequence[str], dest: str, new: str = "", append: bool = False, **kwargs: Any) -> None:
        self.new, self.append = new, append
        super().__init__(option_strings, dest, **kwargs)

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        err.print(f"hashbed: {option} is now {self.new} (the old spelling goes in hashbed {OLD_SPELLINGS_GO})")
        if self.append:
            values = [*(getattr(namespace, self.dest) or []), values]
        setattr(namespace, self.dest, values)


def option_with_old_spelling(parser: argparse.ArgumentParser, new: str, old: str, **kwargs: Any) -> None:
    """The option ``new`` (``kwargs`` as for add_argument, with its dest), and ``old``, its spelling
    before, kept for one release and hidden from --help."""
    parser.add_argument(new, **kwargs)
    same = {name: kwargs[name] for name in ("type", "nargs", "metavar", "choices") if name in kwargs}
    parser.add_argument(
        old,
        action=_OldSpelling,
        dest=kwargs["dest"],
        new=new,
        append=kwargs.get("action") == "append",
        help=argparse.SUPPRESS,
        **same,
    )
