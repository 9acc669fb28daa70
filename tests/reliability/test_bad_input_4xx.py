"""Issue 19, finding 7: inputs that gave 500s are 4xx with a clear message (401 for a signature)."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from urllib.parse import urlencode

import pytest
from nacl.signing import SigningKey

from judge_app.web import create_app

SLACK_SECRET = "s3cret-for-tests"
KEY = SigningKey.generate()


@pytest.fixture(scope="module")
def client(lib):
    app = create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True,
                      "JUDGE_DISCORD_PUBLIC_KEY": KEY.verify_key.encode().hex(),
                      "JUDGE_SLACK_SIGNING_SECRET": SLACK_SECRET})
    return app.test_client()


def _no_500(r, status: int | tuple = (400, 499)) -> dict:
    lo, hi = (status, status) if isinstance(status, int) else status
    assert lo <= r.status_code <= hi, r.get_data(as_text=True)[:300]
    body = r.get_json()
    assert body["message"] and "Traceback" not in json.dumps(body)
    return body


DEEP = b'{"text": ' + b"[" * 1000 + b"]" * 1000 + b"}"
SURROGATE = b'{"text": "rule \\ud800 7-1-5"}'


@pytest.mark.parametrize("path,key", [("/api/cite", "text"), ("/api/check", "scenario")])
def test_deep_json_is_400(client, path, key):
    body = _no_500(client.post(path, data=DEEP.replace(b'"text"', f'"{key}"'.encode()),
                               content_type="application/json"), 400)
    assert "nested" in body["message"]


@pytest.mark.parametrize("path,key", [("/api/cite", "text"), ("/api/check", "scenario")])
def test_lone_surrogate_is_400(client, path, key):
    body = _no_500(client.post(path, data=SURROGATE.replace(b'"text"', f'"{key}"'.encode()),
                               content_type="application/json"), 400)
    assert "surrogate" in body["message"]


def test_deep_json_in_a_signed_discord_interaction_is_400(client):
    body = b'{"type": 2, "data": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    ts = str(int(time.time()))
    sig = KEY.sign(ts.encode() + body).signature.hex()
    _no_500(client.post("/discord/interactions", data=body, content_type="application/json",
                        headers={"X-Signature-Ed25519": sig, "X-Signature-Timestamp": ts}), 400)


def test_non_ascii_slack_signature_is_401(client):
    body = urlencode({"command": "/rule", "text": "bss 7-1-5"}).encode()
    r = client.post("/slack/commands", data=body, content_type="application/x-www-form-urlencoded",
                    headers={"X-Slack-Request-Timestamp": str(int(time.time())),
                             "X-Slack-Signature": "v0=\u00e9\u00e9\u00e9"})
    _no_500(r, 401)
    # and a correct signature still passes
    ts = str(int(time.time()))
    mac = "v0=" + hmac.new(SLACK_SECRET.encode(), b"v0:" + ts.encode() + b":" + body, hashlib.sha256).hexdigest()
    r = client.post("/slack/commands", data=body, content_type="application/x-www-form-urlencoded",
                    headers={"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": mac})
    assert r.status_code == 200


@pytest.mark.parametrize("options", [
    "bss 7-1-5", {"name": "game"}, [{"name": ["game"], "value": "bss"}], [{"name": "game", "value": {"x": 1}}],
    [{"name": "game", "value": ["bss"]}], [["game", "bss"]], 7,
])
@pytest.mark.parametrize("kind,name", [(2, "rule"), (2, "search"), (4, "rule"), (4, "search")])
def test_discord_options_of_the_wrong_shape_are_400(client, options, kind, name):
    body = json.dumps({"type": kind, "data": {"name": name, "options": options}}).encode()
    ts = str(int(time.time()))
    sig = KEY.sign(ts.encode() + body).signature.hex()
    r = client.post("/discord/interactions", data=body, content_type="application/json",
                    headers={"X-Signature-Ed25519": sig, "X-Signature-Timestamp": ts})
    _no_500(r, 400)


def test_discord_game_option_of_another_type_is_answered(client):
    body = json.dumps({"type": 4, "data": {"name": "rule", "options": [
        {"name": "game", "value": 5}, {"name": "id", "value": "7-1", "focused": True}]}}).encode()
    ts = str(int(time.time()))
    sig = KEY.sign(ts.encode() + body).signature.hex()
    r = client.post("/discord/interactions", data=body, content_type="application/json",
                    headers={"X-Signature-Ed25519": sig, "X-Signature-Timestamp": ts})
    assert r.status_code == 200 and r.get_json()["data"]["choices"] == []
