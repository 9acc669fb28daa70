"""/api/cite, /cite, and the Discord and Slack endpoints with real signatures."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from urllib.parse import urlencode

import pytest
from nacl.signing import SigningKey

from judge_app.web import create_app

SLACK_SECRET = "8f742231b10e8888abcd99yyyzzz85a5"


@pytest.fixture(scope="module")
def signing_key():
    return SigningKey.generate()


@pytest.fixture(scope="module")
def app(lib, signing_key, tmp_path_factory):
    from judge_app.search import SearchService

    svc = SearchService.open(lib, index_dir=tmp_path_factory.mktemp("index"))
    app = create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": svc, "TESTING": True,
                      "JUDGE_PUBLIC_URL": "https://judge.test",
                      "JUDGE_DISCORD_PUBLIC_KEY": signing_key.verify_key.encode().hex(),
                      "JUDGE_SLACK_SIGNING_SECRET": SLACK_SECRET})
    return app


@pytest.fixture(scope="module")
def off_app(lib):
    return create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True,
                       "JUDGE_DISCORD_PUBLIC_KEY": None, "JUDGE_SLACK_SIGNING_SECRET": None})


@pytest.fixture()
def client(app):
    return app.test_client()


# -- citation API and page ----------------------------------------------------------------------

def test_api_cite(client):
    r = client.post("/api/cite", json={"text": "per 7-1-5-2-1 both die, and CR 9-2 decides the game",
                                       "format": "discord"})
    assert r.status_code == 200
    data = r.get_json()
    assert data["text"].startswith("per [7-1-5-2-1](https://judge.test/bss/7-1-5-2-1)")
    assert {"raw", "game", "id", "url", "status", "candidates"} <= set(data["citations"][0])
    assert [q["id"] for q in data["quotes"]] == ["7-1-5-2-1", "9-2"]


@pytest.mark.parametrize("body,fragment", [
    (b"not json", "not JSON"),
    (b"[]", "send a JSON object"),
    (json.dumps({"text": 5}).encode(), "send a JSON object"),
    (json.dumps({"text": "x", "format": "fax"}).encode(), "unknown format"),
    (json.dumps({"text": "x", "game": "chess"}).encode(), "unknown game"),
])
def test_api_cite_bad_input(client, body, fragment):
    r = client.post("/api/cite", data=body, content_type="application/json")
    assert 400 <= r.status_code < 500
    assert fragment in r.get_data(as_text=True)


def test_api_cite_too_large(client):
    r = client.post("/api/cite", data=b'{"text": "' + b"a" * 70000 + b'"}', content_type="application/json")
    assert r.status_code == 413


def test_cite_page(client):
    r = client.post("/cite", data={"text": "per 7-1-5-2-1 both die, and CR 9-2 decides the game"})
    html = r.get_data(as_text=True)
    assert r.status_code == 200
    assert 'href="https://judge.test/bss/7-1-5-2-1"' in html and "Quoted rules" in html
    assert client.get("/cite").status_code == 200
    evil = client.post("/cite", data={"text": "<script>alert(1)</script> 7-1-5-2-1"}).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in evil


# -- Discord --------------------------------------------------------------------------------------

def discord(client, key, payload, *, ts=None, tamper=False, sig=None, headers=None):
    body = json.dumps(payload).encode()
    ts = str(int(time.time()) if ts is None else ts)
    signature = key.sign(ts.encode() + body).signature.hex()
    if tamper:
        body = body.replace(b"7-1-5", b"7-1-6")
    h = {"X-Signature-Ed25519": sig if sig is not None else signature, "X-Signature-Timestamp": ts}
    if headers is not None:
        h = headers
    return client.post("/discord/interactions", data=body, headers=h, content_type="application/json")


def test_discord_ping(client, signing_key):
    r = discord(client, signing_key, {"type": 1})
    assert r.status_code == 200 and r.get_json() == {"type": 1}


def test_discord_rule_command(client, signing_key):
    payload = {"type": 2, "data": {"name": "rule", "options": [{"name": "game", "value": "bss"},
                                                               {"name": "id", "value": "7-1-5"},
                                                               {"name": "subrules", "value": True}]}}
    r = discord(client, signing_key, payload)
    data = r.get_json()
    embed = data["data"]["embeds"][0]
    assert data["type"] == 4 and embed["url"] == "https://judge.test/bss/7-1-5"
    assert "7-1-5-2" in embed["description"]
    missing = {"type": 2, "data": {"name": "rule", "options": [{"name": "game", "value": "bss"},
                                                               {"name": "id", "value": "7-1-99"}]}}
    r = discord(client, signing_key, missing)
    assert r.status_code == 200 and "has no rule 7-1-99" in r.get_json()["data"]["content"]


def test_discord_search_and_autocomplete(client, signing_key):
    r = discord(client, signing_key, {"type": 2, "data": {"name": "search", "options": [
        {"name": "query", "value": "infinite loop"}]}})
    assert "12-1-1" in r.get_json()["data"]["embeds"][0]["description"]
    r = discord(client, signing_key, {"type": 4, "data": {"name": "rule", "options": [
        {"name": "game", "value": "bss"}, {"name": "id", "value": "7-1-5", "focused": True}]}})
    choices = r.get_json()["data"]["choices"]
    assert r.get_json()["type"] == 8 and choices and all(c["value"].startswith("7-1-5") for c in choices)


@pytest.mark.parametrize("case", ["unsigned", "forged", "tampered", "stale", "future", "malformed-hex", "bad-ts"])
def test_discord_rejects(client, signing_key, case):
    payload = {"type": 1}
    if case == "unsigned":
        r = discord(client, signing_key, payload, headers={})
    elif case == "forged":
        r = discord(client, SigningKey.generate(), payload)
    elif case == "tampered":
        r = discord(client, signing_key, {"type": 2, "data": {"name": "rule", "options": [
            {"name": "game", "value": "bss"}, {"name": "id", "value": "7-1-5"}]}}, tamper=True)
    elif case == "stale":
        r = discord(client, signing_key, payload, ts=int(time.time()) - 600)
    elif case == "future":
        r = discord(client, signing_key, payload, ts=int(time.time()) + 600)
    elif case == "malformed-hex":
        r = discord(client, signing_key, payload, sig="zz" * 64)
    else:
        r = discord(client, signing_key, payload, ts="yesterday")
    assert r.status_code == 401


def test_discord_replay_of_old_request_rejected(client, signing_key):
    old_ts = int(time.time()) - 301
    assert discord(client, signing_key, {"type": 1}, ts=old_ts).status_code == 401


# -- Slack ---------------------------------------------------------------------------------------

def slack(client, form, *, secret=SLACK_SECRET, ts=None, sig=None):
    body = urlencode(form).encode()
    ts = str(int(time.time()) if ts is None else ts)
    mac = "v0=" + hmac.new(secret.encode(), b"v0:" + ts.encode() + b":" + body, hashlib.sha256).hexdigest()
    return client.post("/slack/commands", data=body, content_type="application/x-www-form-urlencoded",
                       headers={"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": sig or mac})


def test_slack_rule_and_search(client):
    r = slack(client, {"command": "/rule", "text": "bss 7-1-5-2-1"})
    data = r.get_json()
    assert r.status_code == 200 and data["response_type"] == "in_channel"
    assert "*Battle Spirits Saga 7-1-5-2-1*" in data["blocks"][0]["text"]["text"]
    r = slack(client, {"command": "/search", "text": "infinite loop"})
    assert "12-1-1" in r.get_json()["text"]
    r = slack(client, {"command": "/rule", "text": "bss 7-1-99"})
    assert r.get_json()["response_type"] == "ephemeral" and "7-1-99" in r.get_json()["text"]
    r = slack(client, {"command": "/cite", "text": "per 7-1-5-2-1"})
    assert "<https://judge.test/bss/7-1-5-2-1|7-1-5-2-1>" in r.get_json()["text"]


@pytest.mark.parametrize("case", ["forged", "stale", "no-headers", "bad-ts"])
def test_slack_rejects(client, case):
    form = {"command": "/rule", "text": "bss 7-1-5"}
    if case == "forged":
        r = slack(client, form, secret="not-the-secret")
    elif case == "stale":
        r = slack(client, form, ts=int(time.time()) - 301)
    elif case == "no-headers":
        r = client.post("/slack/commands", data=urlencode(form), content_type="application/x-www-form-urlencoded")
    else:
        r = slack(client, form, ts="noon")
    assert r.status_code == 401


def test_endpoints_off_without_secrets(off_app, monkeypatch):
    monkeypatch.delenv("JUDGE_DISCORD_PUBLIC_KEY", raising=False)
    monkeypatch.delenv("JUDGE_SLACK_SIGNING_SECRET", raising=False)
    c = off_app.test_client()
    r = c.post("/discord/interactions", json={"type": 1}, headers={"Accept": "application/json"})
    assert r.status_code == 404 and "JUDGE_DISCORD_PUBLIC_KEY" in r.get_data(as_text=True)
    r = c.post("/slack/commands", data="command=/rule", headers={"Accept": "application/json"})
    assert r.status_code == 404 and "JUDGE_SLACK_SIGNING_SECRET" in r.get_data(as_text=True)
