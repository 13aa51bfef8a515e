"""The ``hashbed`` command line: one module per command group."""

from hashbed.cli.main import main

__all__ = ["main"]
