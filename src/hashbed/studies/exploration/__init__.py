"""The exploration study: how much ATHENa-style exploration gains over the default run (docs/exploration.md)."""
