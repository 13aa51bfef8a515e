"""The results store: one SQLite file, one row per job with its full inputs and outputs."""

from hashbed.results.records import JobRecord, job_key
from hashbed.results.store import ResultStore, default_db_path

__all__ = ["JobRecord", "ResultStore", "default_db_path", "job_key"]
