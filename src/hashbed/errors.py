"""The one exception type the CLI turns into a one-line error message."""


class HashbedError(Exception):
    """A user-facing error: its message names the thing that is wrong and the fix."""


class CoreFailure(HashbedError):
    """The core itself misbehaved: it does not build, breaks the protocol, hangs or fails a check."""
