"""hashbed: an open testbed for benchmarking cryptographic hash cores in hardware."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("hashbed")
except PackageNotFoundError:  # running from a source tree without installation
    __version__ = "0.0.0"
