"""Workers on a Slurm cluster, through dask-jobqueue (``pip install hashbed[cluster]``).

``hashbed workers slurm`` starts a Dask scheduler on the login node and submits one Slurm job per
worker; each worker runs one hashbed job at a time and declares its memory as the Dask resource
``memory`` (MB), so that the driver (``hashbed bench --scheduler ADDRESS``) never packs jobs
onto a worker beyond its memory. The workers need hashbed installed (its tools come from PyPI)
and, for the run directories, the file system the login node shares with the compute nodes.
"""

from __future__ import annotations

import warnings
from typing import Any

from hashbed.errors import HashbedError


def slurm_cluster(memory_gb: int, walltime: str, queue: str | None = None, host: str | None = None) -> Any:
    """A dask-jobqueue SLURMCluster whose workers each take one job at a time with ``memory_gb`` GB."""
    try:
        from dask_jobqueue.slurm import SLURMCluster
    except ImportError:
        raise HashbedError("hashbed workers slurm needs dask-jobqueue: pip install 'hashbed[cluster]'") from None
    try:
        with warnings.catch_warnings():  # Dask warns of the port it did not get, then fails: the failure says it
            warnings.simplefilter("ignore")
            return SLURMCluster(
                cores=1,
                processes=1,
                memory=f"{memory_gb}GiB",
                walltime=walltime,
                queue=queue,
                worker_extra_args=["--resources", f"memory={memory_gb * 1024}"],
                scheduler_options={"host": host} if host else {},
            )
    except (OSError, RuntimeError, ValueError) as exc:  # Dask's scheduler did not start (the host, mostly)
        cause: BaseException = exc
        while cause.__cause__ or cause.__context__:  # the first failure: a name not found, an address not ours
            cause = cause.__cause__ or cause.__context__  # type: ignore[assignment]
        where = f"on host {host!r}" if host else "on this machine"
        raise HashbedError(
            f"the Dask scheduler could not start {where} ({cause}): give --host a name or address of this machine"
        ) from None
