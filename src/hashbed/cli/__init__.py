"""The ``hashbed`` command line: the parser, with the commands of every study from the study's
package (hashbed.studies.registry), and the commands that are no study's."""

from hashbed.cli.main import main

__all__ = ["main"]
