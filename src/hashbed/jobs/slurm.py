"""Workers on a Slurm cluster, through dask-jobqueue (``pip install hashbed[cluster]``).

``hashbed workers slurm`` starts a Dask scheduler on the login node and submits one Slurm job per
worker; each worker runs one hashbed job at a time and declares its memory as the Dask resource
``memory`` (MB), so that the driver (``hashbed bench --scheduler ADDRESS``) never packs jobs
onto a worker beyond its memory. The workers need hashbed installed (its tools come from PyPI)
and, for the run directories, the file system the login node shares with the compute nodes.
"""

from __future__ import annotations

from typing import Any

from hashbed.errors import HashbedError


def slurm_cluster(memory_gb: int, walltime: str, queue: str | None = None, host: str | None = None) -> Any:
    """A dask-jobqueue SLURMCluster whose workers each take one job at a time with ``memory_gb`` GB."""
    try:
        from dask_jobqueue.slurm import SLURMCluster
    except ImportError:
        raise HashbedError("hashbed workers slurm needs dask-jobqueue: pip install 'hashbed[cluster]'") from None
    return SLURMCluster(
        cores=1,
        processes=1,
        memory=f"{memory_gb}GiB",
        walltime=walltime,
        queue=queue,
        worker_extra_args=["--resources", f"memory={memory_gb * 1024}"],
        scheduler_options={"host": host} if host else {},
    )
