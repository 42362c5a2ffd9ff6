"""Work on a Dask distributed cluster: the same `pmap` as improve.worker_pool, run remotely.

Glossary:
  address   'tcp://HOST:PORT' of a running `dask scheduler` (workers join it with
            `dask worker ADDRESS`), or 'local:N' for a cluster of N local processes
  pmap      pmap(func, tasks): func over tasks on the cluster's workers, results in task
            order; tasks are pure (a task's result depends on the task alone), so a task
            of a lost worker is simply run again elsewhere by the scheduler, and the caller,
            which alone writes results, never sees it twice

  lost      the scheduler gone mid-run (stopped, crashed, its machine gone): the tasks in
            flight are cancelled, and the caller gets an InputError saying so; what the
            caller stored before is kept
  quiet     a local cluster's processes start with SIGINT ignored: Ctrl-C (sent to the
            whole process group) is this process's to handle, which closes the cluster;
            a worker of its own would print Dask's traceback of the interrupt
  probe     before a client is made, the address is asked who it is (Dask's `identity`
            call), all within CONNECT_SECONDS: a port where nothing listens, a server that
            is not Dask's (whose bytes Dask would read as a frame of any length) or a
            silent one gets a clear error in bounded time instead of a hang or a traceback

Dask is an optional extra (`pip install 'bookgen[cluster]'`); every worker needs bookgen
installed at the same version.
"""

from __future__ import annotations

import logging
import signal
import socket
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..core.errors import InputError
from .improve import PoolMap

CONNECT_SECONDS = 10
"""How long to wait for a scheduler's answer before giving up."""


def check_address(address: str) -> None:
    """InputError unless `address` reads as local:N or a scheduler's [tcp://]HOST[:PORT]
    (read only: the scheduler is asked nothing yet)."""
    if address.startswith("local:"):
        _local_workers(address)
        return
    location = address.split("://", 1)[-1]
    host, colon, port = location.rpartition(":")
    if not colon:
        host, port = location, ""
    if not host.strip() or "/" in location or (
            colon and not (port.isascii() and port.isdigit() and 0 < int(port) < 65536)):
        raise InputError(f"--cluster {address!r}: expected local:N, or a scheduler address "
                         f"tcp://HOST:PORT with a port from 1 to 65535")


def _local_workers(address: str) -> int:
    count = address.removeprefix("local:")
    if not count.isdigit() or int(count) < 1:
        raise InputError(f"--cluster {address}: expected local:N with N a positive number "
                         f"of worker processes, or a scheduler address tcp://HOST:PORT")
    return int(count)


async def _identity(address: str) -> object:
    """What the server at `address` says it is (a scheduler answers a dict whose type is
    'Scheduler')."""
    from distributed.comm import connect

    comm = await connect(address, timeout=CONNECT_SECONDS)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


def _check_scheduler(address: str) -> None:
    """InputError unless a Dask scheduler answers at `address` within CONNECT_SECONDS."""
    import asyncio  # here, not at the top: most commands never meet a cluster

    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location) if scheme == "tcp" else ("", None)
    except ValueError as e:
        raise InputError(f"--cluster {address}: expected local:N, or a scheduler address "
                         f"tcp://HOST:PORT ({e})") from None
    if port is not None:
        # a refused connection is certain at once; Dask would retry it until its timeout
        try:
            socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
        except ConnectionRefusedError:
            raise InputError(f"--cluster {address}: cannot reach the scheduler (connection "
                             f"refused: nothing listens there; start one with `dask "
                             f"scheduler`)") from None
        except OSError as e:
            raise InputError(f"--cluster {address}: cannot reach the scheduler "
                             f"({e.strerror or e})") from None
    try:
        reply = asyncio.run(asyncio.wait_for(_identity(address), CONNECT_SECONDS))
    except (TimeoutError, asyncio.TimeoutError):  # one class from Python 3.11 on
        why = f"no answer within {CONNECT_SECONDS} s"
    # Whatever a foreign server sends fails somewhere in Dask's reading of it (a length
    # no memory can hold, bytes msgpack cannot unpack, a closed stream): all of it means
    # the same thing here.
    except Exception as e:
        from distributed.comm.core import CommClosedError

        why = ("it closed the connection without an answer" if isinstance(e, CommClosedError)
               else "its answer is not Dask's protocol")
    else:
        kind = reply.get("type") if isinstance(reply, dict) else None
        if kind == "Scheduler":
            return
        why = f"it says it is a {kind}" if isinstance(kind, str) else "it answers as something else"
    raise InputError(f"--cluster {address}: not a Dask scheduler ({why}); give the address "
                     f"`dask scheduler` prints")


def _quiet_dask_logs() -> None:
    """Every Dask logger of this process at CRITICAL: what goes wrong reaches the user as
    bookgen's own error. The client logs a lost scheduler (its batched comm with a
    traceback) before pmap says so, and a local cluster's scheduler, here, logs its comms
    closing under a signal; LocalCluster's silence_logs lasts only while the cluster is
    open, and a comm may close after it. Dask's config gives some loggers levels of their
    own, so each one is set, not only their parent."""
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL)


@contextmanager
def cluster_pool(address: str) -> Iterator[PoolMap]:
    """A pmap over the Dask cluster at `address` (see the glossary); closed on leaving."""
    check_address(address)
    local = _local_workers(address) if address.startswith("local:") else None
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError(f"--cluster {address}: Dask is not installed; install it with "
                         f"pip install 'bookgen[cluster]'") from None
    _quiet_dask_logs()
    cluster: Any = None
    try:
        if local is not None:
            # SIGINT ignored while the workers start: they inherit it (see the glossary:
            # quiet); a Ctrl-C in these seconds is lost, a traceback of each worker's
            # otherwise
            before = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                # silence_logs: Dask's shutdown warnings and errors are not the user's
                # business (a fill stopped by a signal leaves the scheduler keys it cannot
                # gather); what went wrong reaches the user as bookgen's own error
                cluster = LocalCluster(n_workers=local, threads_per_worker=1,
                                       processes=True, host="127.0.0.1",
                                       # any free port: 8787 may be another cluster's
                                       dashboard_address="127.0.0.1:0",
                                       silence_logs=logging.CRITICAL)
            finally:
                signal.signal(signal.SIGINT, before)
            client = Client(cluster)
        else:
            _check_scheduler(address)
            client = Client(address, timeout=CONNECT_SECONDS)
    except BaseException as e:
        if cluster is not None:
            cluster.close()
        if isinstance(e, OSError | TimeoutError | ValueError):
            raise InputError(f"--cluster {address}: cannot reach the scheduler ({e})") from None
        raise

    from distributed.client import FutureCancelledError

    def pmap(func: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
        futures = client.map(func, list(tasks), pure=False)
        try:
            for future in futures:
                try:
                    result = future.result()
                except (FutureCancelledError, OSError):
                    # a task is only cancelled here when its scheduler is gone
                    raise InputError(
                        f"--cluster {address}: lost the connection to the scheduler mid-run; "
                        f"what was finished before is kept: run the same command again "
                        f"once the scheduler is back") from None
                yield result
        finally:
            client.cancel(futures)

    try:
        yield pmap
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
