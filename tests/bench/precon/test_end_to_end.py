"""The precon benchmark from nothing, offline: `grimoire precon build` against local servers that serve real-shaped
EDHREC pages (the index, a partner pair, a Universes Beyond deck; as page JSON from the JSON host's /pages/*.json
and as __NEXT_DATA__ HTML) and MTGJSON files with their .sha256, then run, score, judge, probe and report through
the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

import grimoire
from grimoire.bench.precon.build import build_dataset
from grimoire.bench.precon.dataset import load_dataset
from grimoire.bench.precon.mtgjson_files import MtgjsonFiles
from tests.bench.precon.fixtures_data import (
    BUILD_ID,
    CUTOFF,
    SNAPSHOT,
    FixtureServer,
    edhrec_server,
    make_fetcher,
    mtgjson_routes,
    write_mtgjson,
)


def grimoire_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grimoire", "precon", *args], capture_output=True, text=True,
                          timeout=300, env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def dataset_folder(tmp_path_factory):
    """A build from empty folders, every file fetched from the two local servers (polite waits on a fake clock); the
    EDHREC pages from the JSON host's paths, as json.edhrec.com/pages serves them."""
    tmp = tmp_path_factory.mktemp("e2e")
    db = grimoire.open()
    published = write_mtgjson(tmp / "published", db)
    with FixtureServer(mtgjson_routes(published)) as mtgjson, edhrec_server() as edhrec:
        with make_fetcher(tmp / "edhrec", edhrec.url + "/pages") as fetcher, \
                MtgjsonFiles(tmp / "mtgjson", base_url=mtgjson.url, sleep=lambda _: None) as files:
            build_dataset(tmp / "data", snapshot=SNAPSHOT, mtgjson=files, db=db, fetcher=fetcher, cutoff=CUTOFF)
    return tmp / "data"


def test_run_score_judge_probe_and_report_follow_the_build(dataset_folder, tmp_path, home):
    data = str(dataset_folder)
    dataset = load_dataset(dataset_folder)
    logs = tmp_path / "runs"
    for system in ("role_balance", "random_legal"):
        result = grimoire_cli("run", "--data", data, "--model", system, "--log-dir", str(logs))
        assert result.returncode == 0, result.stderr
    runs = [str(logs / f"{system}.episodes.jsonl") for system in ("role_balance", "random_legal")]

    grades = tmp_path / "grades.json"
    grades.write_text(json.dumps({"default": 1, "grades": {"Sol Ring": 0}}))
    judged = grimoire_cli("judge", "--data", data, "--run", runs[0], "--run", runs[1],
                          "--model", f"scripted-grades/{grades}", "--out", str(tmp_path / "judge"))
    assert judged.returncode == 0, judged.stderr
    assert "Deck-fit on the judged (scored dev and test) decks" in judged.stdout
    graded = set(pq.read_table(tmp_path / "judge" / "deck_fit.parquet").column("precon_id").to_pylist())
    dev_test = {row.precon_id for row in dataset.split_rows(scored=True) if row.split in ("dev", "test")}
    assert graded and graded <= dev_test  # train decks (the partner pair, the Universes Beyond deck) are not judged

    replies = tmp_path / "probe.jsonl"
    replies.write_text("".join(json.dumps({"text": "It is Grave Alpha."}) + "\n" for _ in dataset.precon_ids))
    probed = grimoire_cli("probe", "--data", data, "--model", f"scripted/{replies}",
                          "--out", str(tmp_path / "probe" / "answers.jsonl"))
    assert probed.returncode == 0, probed.stderr
    assert "| dev | 1 | 1 | 100% |" in probed.stdout and "| train |" in probed.stdout

    reported = grimoire_cli("report", "--data", data, "--run", runs[0], "--run", runs[1],
                            "--deck-fit", str(tmp_path / "judge"), "--out", str(tmp_path / "report"))
    assert reported.returncode == 0, reported.stderr
    report = (tmp_path / "report" / "report.md").read_text()
    assert "deck-fit" in report and "## Paired differences" in report and "random_legal − role_balance" in report
    assert "is_secret_lair=False" in report
    assert (tmp_path / "report" / "report.png").read_bytes()[:4] == b"\x89PNG"
    bad = grimoire_cli("report", "--data", data, "--run", runs[0], "--deck-fit", str(tmp_path / "nowhere"))
    assert bad.returncode == 1 and "deck_fit.parquet" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.slow
def test_precon_build_command_against_local_servers(tmp_path, home):
    """The CLI itself, from empty cache folders (real 5 s spacing between EDHREC requests: about 40 s), reading the
    pages as HTML."""
    published = write_mtgjson(tmp_path / "published", grimoire.open())
    with FixtureServer(mtgjson_routes(published)) as mtgjson, edhrec_server() as edhrec:
        env = {"GRIMOIRE_MTGJSON_API": mtgjson.url, "GRIMOIRE_EDHREC_BASE": edhrec.url}
        built = grimoire_cli("build", "--snapshot", SNAPSHOT, "--out", str(tmp_path / "data"),
                             "--cache", str(tmp_path / "cache"), env=env)
        assert built.returncode == 0, built.stderr
        assert len(load_dataset(tmp_path / "data")) == 6
        manifest = json.loads((tmp_path / "data" / "manifest.json").read_text())
        assert manifest["snapshot"]["edhrec_build_id"] == BUILD_ID
        assert "decks/NecronDynasties_40K.json" in manifest["mtgjson"]["downloaded"]
        again = grimoire_cli("build", "--snapshot", SNAPSHOT, "--out", str(tmp_path / "again"),
                             "--cache", str(tmp_path / "cache"), env=env)
        assert again.returncode == 0, again.stderr
        assert json.loads((tmp_path / "again" / "manifest.json").read_text())["mtgjson"]["downloaded"] == []
