"""What the commands share, the studies' and the ``hashbed`` command's alike: where they print,
the shared options and the checked option types, and how a command runs its jobs."""
