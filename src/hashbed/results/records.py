"""A stored job: its key, its columns, and which of two results for one key is the answer."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hashbed.catalogue.fingerprint import fingerprint

#: The columns of a job, in the order of the store's table and of an export line.
JOB_COLUMNS = ("key", "step", "core", "device", "seed", "status", "error", "inputs", "outputs", "hashbed_version", "finished_at")


def job_key(step: str, inputs: dict[str, Any]) -> str:
    """A job's identity: the hash of its step and of everything that decides its result."""
    return fingerprint(f"{step}\0{json.dumps(inputs, sort_keys=True)}", digits=None)


@dataclass(frozen=True)
class JobRecord:
    key: str
    step: str
    core: str
    device: str | None
    seed: int | None
    status: str
    error: str | None
    inputs: dict[str, Any]
    outputs: dict[str, Any]
    hashbed_version: str
    finished_at: str
    #: Set when a pipeline returned this stored record instead of running the job.
    reused: bool = field(default=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def final(self) -> bool:
        """A result that is not run again: the job succeeded, or it found that the core does
        not fit the device (a failed job, but as much a result as a finished one)."""
        return self.ok or self.outputs.get("fits") is False

    @property
    def rank(self) -> int:
        """How much of an answer the record is: 2 finished, 1 another final result ("does
        not fit"), 0 a failure. A record never replaces a stored one of higher rank."""
        return 2 if self.ok else 1 if self.final else 0

    def columns(self) -> dict[str, Any]:
        """The job as its columns (an export line without its checksum)."""
        return {column: getattr(self, column) for column in JOB_COLUMNS}

    @classmethod
    def from_columns(cls, job: dict[str, Any]) -> JobRecord:
        return cls(**{column: job[column] for column in JOB_COLUMNS})
