"""'patience odds --scheduler' never waits in silence (patience_cli/odds_dask.py):
an address that does not speak Dask, a cluster with no worker and a worker
without patience-cli (or with another version) are each one line and a
non-zero exit within the deadlines, tested against real Dask schedulers and
workers on this machine; a plain tcp:// scheduler on another machine is
warned of."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

from patience_cli import odds_dask  # noqa: E402


@pytest.fixture
def quick(monkeypatch):
    """Deadlines of seconds, not a minute: the same code paths, sooner."""
    monkeypatch.setattr(odds_dask, "WORKERS_WAIT", 1.5)
    monkeypatch.setattr(odds_dask, "POLL", 0.5)
    with dask.config.set({"distributed.comm.timeouts.connect": "1.5s"}):
        yield


@pytest.fixture
def silent_port():
    """A port that takes connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held = []

    def serve():
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return
    threading.Thread(target=serve, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for conn in held:
        conn.close()


def scheduler_only():
    """A real Dask scheduler on 127.0.0.1 (tcp) with no worker."""
    return distributed.LocalCluster(n_workers=0, processes=True, host="127.0.0.1",
                                    dashboard_address=":0")


def odds_on(run, address: str, *more: str):
    start = time.monotonic()
    result = run("odds", "fours", "--deals", "2", "--no-results", "--scheduler", address, *more)
    return result, time.monotonic() - start


def test_an_address_that_does_not_speak_dask_is_one_line(run, quick, silent_port):
    result, took = odds_on(run, f"tcp://127.0.0.1:{silent_port}")
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert "does not speak Dask" in result.err and took < 20


def test_a_cluster_with_no_worker_is_one_line_after_waiting(run, quick):
    with scheduler_only() as c:
        result, took = odds_on(run, c.scheduler_address)
    assert result.code == 1 and "has no worker (waited 1.5 s)" in result.err, result.err
    assert f"dask worker {c.scheduler_address}" in result.err
    assert "Traceback" not in result.err and 1.2 < took < 30


def _worker(address: str, shadow: Path) -> subprocess.Popen:
    """A Dask worker whose patience_cli is *shadow*'s, not the installed one."""
    env = dict(os.environ, PYTHONPATH=str(shadow))
    return subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                             "--nthreads", "1", "--no-nanny", "--no-dashboard"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.heavy
@pytest.mark.parametrize("package, words", [
    ("raise ImportError('not installed here')\n", "cannot import patience_cli"),
    ("__version__ = '0.0.9'\n", "has patience-cli 0.0.9"),
])
def test_a_worker_without_this_patience_cli_is_named(run, quick, tmp_path, package, words):
    from patience_cli import __version__

    shadow = tmp_path / "shadow"
    (shadow / "patience_cli").mkdir(parents=True)
    (shadow / "patience_cli" / "__init__.py").write_text(package)
    with scheduler_only() as c:
        worker = _worker(c.scheduler_address, shadow)
        try:
            with distributed.Client(c.scheduler_address) as client:
                client.wait_for_workers(1, timeout=60)
            result, _ = odds_on(run, c.scheduler_address)
        finally:
            worker.terminate()
            worker.wait(30)
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert words in result.err and f"install patience-cli {__version__}" in result.err


def test_without_dask_the_error_is_clear_and_no_empty_file_is_left(run, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)   # as if not installed
    path = tmp_path / "fours.jsonl"
    result = run("odds", "fours", "--deals", "2", "--scheduler", "tcp://127.0.0.1:1",
                 "--results", str(path))
    assert result.code == 1 and "pip install 'patience-cli[dask]'" in result.err
    assert not path.exists()


def test_a_plain_tcp_scheduler_on_another_machine_is_warned_of(run, quick, monkeypatch):
    assert not odds_dask.plain_and_remote("tcp://127.0.0.1:8786")
    assert not odds_dask.plain_and_remote("localhost:8786")
    assert not odds_dask.plain_and_remote("tls://10.0.0.5:8786")
    assert odds_dask.plain_and_remote("tcp://10.0.0.5:8786")
    assert odds_dask.plain_and_remote("10.0.0.5:8786")          # no protocol: tcp
    assert odds_dask.plain_and_remote("tcp://[2001:db8::1]:8786")
    result, _ = odds_on(run, "tcp://198.51.100.1:8786")           # TEST-NET-2: never answers
    lines = result.err.splitlines()
    assert result.code == 1 and len(lines) == 2
    assert "unencrypted and unauthenticated" in lines[0] and "tls://" in lines[0]
    local = run("odds", "fours", "--deals", "1", "--no-results", "--scheduler",
                "tcp://127.0.0.1:1")
    assert "unencrypted" not in local.err
