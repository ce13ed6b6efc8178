"""Solving deals for ``patience odds --scheduler`` on an existing Dask cluster
(the optional extra ``patience-cli[dask]``), never waiting in silence.

Before any work is sent, each step has a deadline and says what it waits for:

1. the scheduler must answer Dask's handshake within the connect timeout
   (Dask's own ``distributed.comm.timeouts.connect``, 30 s unless configured):
   an address where something else listens, or nothing, is one line;
2. at least one worker must be there within :data:`WORKERS_WAIT` seconds
   (a line says it is waiting, and for how long);
3. every worker must import ``patience_cli`` of this very version: a worker
   without it, or with another, is named, with what to install.

While the deals are solved, a cluster left with no worker for
:data:`WORKERS_WAIT` seconds ends the run in one line (the answers that came
are kept by the caller).  Security (``tls://``, certificates) is Dask's own
configuration: :class:`distributed.Security` reads it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence

from .odds_results import Budget, DealAnswer
from .odds_run import SchedulerError, packets, solve_packet

#: How long a run waits for a worker, at the start or when all have gone (s).
WORKERS_WAIT = 60.0
#: How often the waiting is said again on a terminal, and the cluster looked at (s).
POLL = 2.0
#: What each worker is asked: its patience_cli's version (an expression, so
#: that the question needs nothing of patience_cli to reach the worker).
_VERSION_PROBE = "__import__('patience_cli').__version__"


def run_on_dask(game: str, variant: str | None, seeds: Sequence[int], budget: Budget,
                scheduler: str, memory: int | None = None,
                notice: Callable[[str], None] = lambda line: None) -> Iterator[DealAnswer]:
    """Solve *seeds* on the Dask cluster whose scheduler is at *scheduler*
    (``tls://HOST:8786``, or ``tcp://`` on a closed network): packets of seeds
    are its tasks.  Its workers need patience-cli installed, the same version;
    one thread a worker process is best (the solver is plain Python, and each
    search watches its process's memory, which may grow by *memory* bytes).
    *notice* is given a line whenever the run waits on the cluster."""
    try:
        from dask.distributed import Client, wait
        from distributed import Security
    except ImportError:
        raise SchedulerError("--scheduler needs Dask: pip install 'patience-cli[dask]'") \
            from None
    security = Security()
    if scheduler.startswith("tls://") and \
            security.get_connection_args("client").get("ssl_context") is None:
        raise SchedulerError("a tls:// scheduler needs this machine's certificate: set Dask's "
                             "TLS configuration (DASK_DISTRIBUTED__COMM__TLS__CA_FILE, "
                             "..._TLS__CLIENT__CERT and ..._TLS__CLIENT__KEY, or its config "
                             "file; README, 'Odds on a cluster')")
    timeout = _connect_timeout()
    _handshake(scheduler, timeout, security)
    try:
        client = Client(scheduler, timeout=timeout, security=security)
    except (OSError, ValueError, TypeError) as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    with client:
        _wait_for_workers(client, notice)
        _check_workers(client)
        workers = max(1, sum(client.nthreads().values()))
        tasks = [(game, variant, p, budget.positions, budget.seconds, memory)
                 for p in packets(seeds, workers)]
        pending = set(client.map(solve_packet, tasks, pure=False))
        idle_since: float | None = None
        while pending:
            try:
                done, pending = wait(pending, timeout=POLL, return_when="FIRST_COMPLETED")
            except TimeoutError:
                done = set()
            if not done:
                idle_since = _still_served(client, idle_since, notice)
                continue
            idle_since = None
            for future in done:
                try:
                    answers = future.result()
                except Exception as exc:  # raised on a worker: said in one line
                    raise SchedulerError(f"a Dask worker failed ({exc.__class__.__name__}: "
                                         f"{exc})") from None
                future.release()
                yield from answers


def _connect_timeout() -> float:
    """Dask's configured connect timeout, in seconds."""
    import dask.config
    from dask.utils import parse_timedelta

    return float(parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), "s"))


def _handshake(scheduler: str, timeout: float, security) -> None:
    """Connect to *scheduler* and complete Dask's handshake within *timeout*
    seconds, or raise SchedulerError (Dask's own Client waits for ever on an
    address where something else listens)."""
    import asyncio

    from distributed.comm import connect

    async def probe() -> None:
        comm = await asyncio.wait_for(
            connect(scheduler, timeout=timeout, **security.get_connection_args("client")),
            timeout)
        await comm.close()

    try:
        asyncio.run(probe())
    except TimeoutError:
        raise SchedulerError(
            f"no Dask scheduler answered at {scheduler} within {timeout:g} s: something "
            "there takes connections but does not speak Dask (a tls:// scheduler asked "
            "with tcp://, or another program)") from None
    except (OSError, ValueError, TypeError) as exc:
        from distributed.comm.core import CommClosedError

        if isinstance(exc, CommClosedError) and not scheduler.startswith("tls://"):
            raise SchedulerError(f"the Dask scheduler at {scheduler} closed the connection at "
                                 "once: is it a tls:// scheduler? (ask it with tls:// and "
                                 "Dask's TLS configuration)") from None
        raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler}: "
                             f"{_first_line(exc)}") from None


def _wait_for_workers(client, notice: Callable[[str], None]) -> None:
    """Wait for a worker, at most WORKERS_WAIT seconds, saying so."""
    start = time.monotonic()
    while not client.nthreads():
        waited = time.monotonic() - start
        if waited >= WORKERS_WAIT:
            raise SchedulerError(f"the Dask cluster at {client.scheduler.address} has no "
                                 f"worker (waited {WORKERS_WAIT:g} s): start one with "
                                 f"'dask worker {client.scheduler.address}'")
        notice(f"waiting for a Dask worker to join ({waited:.0f} s of {WORKERS_WAIT:g})")
        try:
            client.wait_for_workers(1, timeout=min(POLL, WORKERS_WAIT - waited))
        except TimeoutError:
            pass


def _check_workers(client) -> None:
    """Every worker imports patience_cli of this version, or SchedulerError
    naming those that do not."""
    from . import __version__

    answers = client.run(eval, _VERSION_PROBE, on_error="return")
    wrong = {}
    for worker, answer in sorted(answers.items()):
        if isinstance(answer, BaseException):
            wrong[worker] = f"cannot import patience_cli ({_first_line(answer)})"
        elif answer != __version__:
            wrong[worker] = f"has patience-cli {answer}"
    if wrong:
        first, why = next(iter(wrong.items()))
        more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
        raise SchedulerError(f"the Dask worker {first}{more} {why}: install patience-cli "
                             f"{__version__} on every worker (pip install "
                             f"'patience-cli[dask]=={__version__}')")


def _still_served(client, idle_since: float | None,
                  notice: Callable[[str], None]) -> float | None:
    """While no answer comes: None where the cluster has workers, else since
    when it has had none (SchedulerError past WORKERS_WAIT)."""
    if client.nthreads():
        return None
    now = time.monotonic()
    since = now if idle_since is None else idle_since
    if now - since >= WORKERS_WAIT:
        raise SchedulerError(f"the Dask cluster at {client.scheduler.address} has had no "
                             f"worker for {WORKERS_WAIT:g} s; the answers so far are kept")
    notice(f"the Dask cluster has no worker: waiting ({now - since:.0f} s of "
           f"{WORKERS_WAIT:g})")
    return since


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{exc.__class__.__name__}: {text[0]}" if text else exc.__class__.__name__


def plain_and_remote(scheduler: str) -> bool:
    """Whether *scheduler* is a plain ``tcp://`` address (or one with no
    protocol, which Dask reads as tcp) of another machine than this one."""
    import ipaddress
    import socket
    from urllib.parse import urlsplit

    protocol, _, rest = scheduler.rpartition("://")
    if protocol not in ("", "tcp"):
        return False
    try:
        host = urlsplit(f"tcp://{rest}").hostname
    except ValueError:
        return False
    if not host or host == "localhost":
        return False
    mine = {socket.gethostname(), socket.getfqdn()}
    if host in mine:
        return False
    try:
        addresses = {str(info[4][0]) for info in socket.getaddrinfo(host, None)}
    except (OSError, UnicodeError):
        return False  # no such host: the connection fails, and says so
    own: set[str] = set()
    for name in mine:
        try:
            own |= {str(info[4][0]) for info in socket.getaddrinfo(name, None)}
        except (OSError, UnicodeError):
            pass
    return not all(ipaddress.ip_address(a.split("%")[0]).is_loopback or a in own
                   for a in addresses)
