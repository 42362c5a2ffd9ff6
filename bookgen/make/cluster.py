"""Work on a Dask distributed cluster: the same `pmap` as improve.worker_pool, run remotely.

Glossary:
  address   'tcp://HOST:PORT' of a running `dask scheduler` (workers join it with
            `dask worker ADDRESS`), or 'local:N' for a cluster of N local processes
  pmap      pmap(func, tasks): func over tasks on the cluster's workers, results in task
            order; tasks are pure (a task's result depends on the task alone), so a task
            of a lost worker is simply run again elsewhere by the scheduler, and the caller,
            which alone writes results, never sees it twice

Dask is an optional extra (`pip install 'bookgen[cluster]'`); every worker needs bookgen
installed at the same version.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..core.errors import InputError
from .improve import PoolMap

CONNECT_SECONDS = 20
"""How long to wait for a scheduler before giving up."""


def _local_workers(address: str) -> int:
    count = address.removeprefix("local:")
    if not count.isdigit() or int(count) < 1:
        raise InputError(f"--cluster {address}: expected local:N with N a positive number "
                         f"of worker processes, or a scheduler address tcp://HOST:PORT")
    return int(count)


@contextmanager
def cluster_pool(address: str) -> Iterator[PoolMap]:
    """A pmap over the Dask cluster at `address` (see the glossary); closed on leaving."""
    local = _local_workers(address) if address.startswith("local:") else None
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError(f"--cluster {address}: Dask is not installed; install it with "
                         f"pip install 'bookgen[cluster]'") from None
    cluster: Any = None
    try:
        if local is not None:
            # silence_logs: Dask's shutdown warnings are not the user's business
            cluster = LocalCluster(n_workers=local, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address=None,
                                   silence_logs=logging.ERROR)
            client = Client(cluster)
        else:
            client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as e:
        if cluster is not None:
            cluster.close()
        raise InputError(f"--cluster {address}: cannot reach the scheduler ({e})") from None

    def pmap(func: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
        futures = client.map(func, list(tasks), pure=False)
        try:
            for future in futures:
                yield future.result()
        finally:
            client.cancel(futures)

    try:
        yield pmap
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
