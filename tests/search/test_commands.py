"""The click commands, run with CliRunner on the command objects."""

import json

import pytest
from click.testing import CliRunner

from judge_app.search.commands import commands, eval_search, index, search

from .conftest import DEV_SET


@pytest.fixture
def run(index_dir, svc):
    runner = CliRunner()

    def _run(cmd, args, input=None):
        return runner.invoke(cmd, [*args, "--index-dir", str(index_dir)], input=input, catch_exceptions=False)

    return _run


def test_commands_list():
    assert [c.name for c in commands] == ["search", "index", "eval-search", "semantic-model"]


def test_search_json(run):
    r = run(search, ["7.1.5", "--game", "bss", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["query"] == "7.1.5" and d["game"] == "bss"
    assert d["hits"][0]["id"] == "7-1-5" and d["redirect"]["id"] == "7-1-5"
    assert {"game", "version", "id", "title", "snippet", "score"} <= set(d["hits"][0])
    assert "interpreted_as" in d and "did_you_mean" in d


def test_search_words_unquoted_and_limit(run):
    r = run(search, ["can", "I", "block", "--game", "bss", "--limit", "3", "--json"])
    d = json.loads(r.output)
    assert d["query"] == "can I block" and len(d["hits"]) == 3


def test_search_text(run):
    r = run(search, ["mulligun"])
    assert r.exit_code == 0
    assert "did you mean: mulligan" in r.output
    assert "interpreted as:" in r.output


def test_batch(run):
    lines = [{"query": "mulligun", "game": None}, {"query": "rule 9-2"}, {"query": "11.5", "game": "monster"},
             {"query": "", "game": "bss"}, {"query": "x", "game": "nope"}]
    inp = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n"
    r = run(search, ["--batch", "--json"], input=inp)
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert len(out) == 6
    assert out[0]["did_you_mean"] == "mulligan"
    assert out[2]["hits"][0]["id"] == "11.5"
    assert out[3]["error"]["error"] == "bad_query"
    assert out[4]["error"]["error"] == "unknown_game"
    assert out[5]["error"]["error"] == "bad_query"


def test_index_command(run):
    r = run(index, [])
    assert r.exit_code == 0 and "up to date" in r.output


@pytest.mark.skipif(not DEV_SET.is_file(), reason="development set not present")
def test_eval_command(run):
    r = run(eval_search, [str(DEV_SET)])
    assert r.exit_code == 0, r.output
    assert "MRR" in r.output and "nDCG" in r.output and "BM25 baseline" in r.output
    for kind in ("typo", "synonym", "rule-id", "overall"):
        assert kind in r.output
    r = run(eval_search, [str(DEV_SET), "--json", "--no-baseline"])
    d = json.loads(r.output)
    assert "baseline" not in d and d["search"]["overall"]["n"] == 30
