"""Odds on a cluster without opening it to the network (README, "Odds on a
cluster"): certificates made by the README's own openssl recipe, a TLS-only
scheduler and two workers on 127.0.0.1, and 'patience odds' over tls://
configured through Dask's environment variables give the counts of --jobs;
a plain tcp:// client to that scheduler gets one clear line, not a wait."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

README = Path(__file__).resolve().parent.parent / "README.md"
DASK = [sys.executable, "-m"]


def recipe_blocks() -> list[list[str]]:
    """The sh blocks of the README's cluster section, as commands (lines
    joined where they end in a backslash, comments taken off)."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("#### Odds on a cluster"):]
    section = section[:section.index("\n### ")]
    blocks = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        joined = re.sub(r"\\\n\s*", " ", block)
        blocks.append([re.sub(r"\s+#.*$", "", line).strip() for line in joined.splitlines()
                       if line.strip()])
    return blocks


@pytest.fixture(scope="module")
def certificates(tmp_path_factory) -> Path:
    if not any(Path(d, "openssl").exists() for d in os.environ["PATH"].split(os.pathsep)):
        pytest.skip("needs openssl")
    folder = tmp_path_factory.mktemp("certificates")
    make = recipe_blocks()[0]
    assert make[0].startswith("openssl req -x509") and len(make) == 4
    for command in make:
        subprocess.run(["bash", "-c", command], cwd=folder, check=True, capture_output=True)
    return folder


def _started(command: list[str], folder: Path) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def _cluster_commands() -> tuple[list[str], list[str], dict[str, str]]:
    """The scheduler's and the worker's commands and the client's settings,
    as the README gives them."""
    commands = recipe_blocks()[1]
    scheduler = next(c for c in commands if c.startswith("dask scheduler")).split()
    worker = next(c for c in commands if c.startswith("dask worker")).split()
    settings = dict(c[len("export "):].split("=", 1) for c in commands
                    if c.startswith("export "))
    return scheduler, worker, settings


@pytest.mark.heavy
def test_odds_over_tls_as_the_readme_says_are_those_of_jobs(run, certificates, tmp_path):
    scheduler, worker, settings = _cluster_commands()
    assert "--protocol" in scheduler and scheduler[scheduler.index("--protocol") + 1] == "tls"
    assert set(settings) == {"DASK_DISTRIBUTED__COMM__TLS__CA_FILE",
                             "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT",
                             "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY"}
    info = tmp_path / "scheduler.json"
    # the README's commands, on loopback, with a free port written to a file
    boss = _started(DASK + ["distributed.cli.dask_scheduler", *scheduler[2:], "--host",
                            "127.0.0.1", "--port", "0", "--no-dashboard",
                            "--scheduler-file", str(info)], certificates)
    hands = None
    try:
        for _ in range(300):
            if info.exists() and info.stat().st_size:
                break
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        assert address.startswith("tls://127.0.0.1:")
        worker_args = [address if w == "tls://HOST:8786" else w for w in worker[2:]]
        hands = _started(DASK + ["distributed.cli.dask_worker", *worker_args,
                                 "--no-dashboard"], certificates)
        env = dict(os.environ, **{k: str(certificates / v) for k, v in settings.items()},
                   PATIENCE_HOME=str(tmp_path / "home"))
        there = subprocess.run(["patience", "odds", "sympathy", "--deals", "20",
                                "--no-results", "--json", "--scheduler", address],
                               env=env, capture_output=True, text=True, timeout=240)
        assert there.returncode == 0, there.stderr
        plain = address.replace("tls://", "tcp://")
        refused = subprocess.run(["patience", "odds", "sympathy", "--deals", "2",
                                  "--no-results", "--scheduler", plain],
                                 env=dict(os.environ, PATIENCE_HOME=str(tmp_path / "home"),
                                          DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="20s"),
                                 capture_output=True, text=True, timeout=60)
        bare = subprocess.run(["patience", "odds", "sympathy", "--deals", "2",
                               "--no-results", "--scheduler", address],
                              env=dict(os.environ, PATIENCE_HOME=str(tmp_path / "home")),
                              capture_output=True, text=True, timeout=60)
    finally:
        for process in (hands, boss):
            if process is not None:
                process.terminate()
                process.wait(30)
    here = json.loads(run("odds", "sympathy", "--deals", "20", "--jobs", "2",
                          "--no-results", "--json").out)
    assert json.loads(there.stdout) == here
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1
    assert "is it a tls:// scheduler?" in refused.stderr
    assert bare.returncode == 1 and "needs this machine's certificate" in bare.stderr
