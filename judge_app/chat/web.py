"""Chat endpoints: the citation linker (page and API), Discord interactions, Slack commands."""

from __future__ import annotations

import hashlib
import hmac
import time
from urllib.parse import parse_qs, urlsplit

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from judge_app.chat.format import cite, platform, quote_rule, split_message
from judge_app.errors import BadQuery, JudgeError, NotFound, TooLarge, Unauthorized
from judge_app.rules.library import Library
from judge_app.web.negotiate import json_object, parse_json, read_body
from judge_app.web.urls import rule_url

bp = Blueprint("chat", __name__)

MAX_BODY = 64 * 1024
STALE_AFTER = 300  # seconds: Slack's rule, applied to Discord's timestamp too
DISCORD_LIMIT_EMBED = 4096


class EndpointOff(NotFound):
    code = "endpoint_off"


def _state():
    return current_app.extensions["judge"]


def _lib() -> Library:
    return _state().library


def _base() -> str:
    # chat messages need absolute links; these answers are never cached, so the Host header is
    # only a fallback when no JUDGE_BASE_URL is configured
    return (current_app.config.get("JUDGE_BASE_URL") or request.host_url).rstrip("/")


def _secret(name: str) -> str | None:
    return current_app.config.get(name) or None  # from the environment too (judge_app/config.py)


def _body() -> bytes:
    return read_body(MAX_BODY)


# -- citation linker ---------------------------------------------------------------------------

INLINE_CITE = 2_000  # characters; longer texts (up to 20,000, ~1 s of parsing) go to the bounded pool


def _cite(text, game, fmt) -> dict:
    """A chat message's worth inline; a long text in the bounded pool of heavy work (503 when
    full), so that a flood of long texts cannot take the threads that serve pages (issue 19)."""
    if isinstance(text, str) and len(text) > INLINE_CITE and isinstance(game, str | None) and isinstance(fmt, str):
        from judge_app.web.checkpool import app_pool, cite_in_child

        if len(text) > 20_000:
            raise TooLarge("text over 20,000 characters")
        return app_pool().call(cite_in_child, text, game, fmt, _base(), current_app.config.get("JUDGE_RULES_DIR"))
    return cite(text, _lib(), game, fmt, _base())


@bp.post("/api/cite")
def api_cite():
    data = json_object(_body(), "text",
                       'send a JSON object {"text": "...", "game": optional, "format": "discord" | "slack" | "plain"}')
    game = data.get("game") or None
    if game is not None and not isinstance(game, str):
        raise BadQuery("'game' must be a string")
    fmt = data.get("format") or "plain"
    if not isinstance(fmt, str):
        raise BadQuery("'format' must be a string")
    return jsonify(_cite(data["text"], game, fmt))


@bp.route("/cite", methods=["GET", "POST"])
def cite_page():
    text = request.values.get("text", "")
    game = request.values.get("game") or None
    fmt = request.values.get("format") or "plain"
    as_json = request.accept_mimetypes.best == "application/json" or request.path.endswith(".json")
    games = [(g.key, g.title) for g in _lib().games.values()]
    if len(text) > 20_000:
        if as_json:
            raise TooLarge("text over 20,000 characters")
        # the page again, the text intact (nothing is cut by the browser either)
        return render_template("cite.html", text=text, game=game, fmt=fmt, result=None, games=games, segments=[],
                               error=f"The message is {len(text):,} characters long; at most 20,000 are read. "
                                     "Shorten it and link again."), 413
    result = _cite(text, game, fmt) if text.strip() else None
    if as_json:
        return jsonify(result or {"text": "", "citations": [], "quotes": []})
    segments = _segments(text, result["citations"]) if result else []
    return render_template("cite.html", text=text, game=game, fmt=fmt, result=result, games=games,
                           segments=segments)


def _segments(text: str, citations: list[dict]) -> list[dict]:
    """The message as pieces for real HTML: plain text, and each citation (linked when resolved,
    flagged with its nearest rules when not). The template escapes every piece."""
    out: list[dict] = []
    pos = 0
    by_span: dict[tuple[int, int], list[dict]] = {}
    for c in citations:
        by_span.setdefault((c["start"], c["end"]), []).append(c)
    for (start, end), cs in sorted(by_span.items()):
        if start < pos:
            continue
        if start > pos:
            out.append({"text": text[pos:start]})
        first = cs[0]
        url = first.get("url")
        seg = {"text": text[start:end], "status": first["status"], "url": url,
               "path": urlsplit(url).path if url else None,  # previews fetch from this host (CSP)
               "title": ", ".join(f"{c['game']} {c['id']}" for c in cs if c.get("id") and c.get("game")),
               "candidates": first.get("candidates") or [], "reason": first.get("reason")}
        out.append(seg)
        pos = end
    if pos < len(text):
        out.append({"text": text[pos:]})
    return out


# -- Discord ------------------------------------------------------------------------------------

def _verify_discord(body: bytes) -> None:
    key = _secret("JUDGE_DISCORD_PUBLIC_KEY")
    if not key:
        raise EndpointOff("Discord interactions are off: no JUDGE_DISCORD_PUBLIC_KEY is configured")
    sig = request.headers.get("X-Signature-Ed25519", "")
    ts = request.headers.get("X-Signature-Timestamp", "")
    if not sig or not ts:
        raise Unauthorized("missing Discord signature headers")
    try:
        from nacl.exceptions import BadSignatureError
        from nacl.signing import VerifyKey

        VerifyKey(bytes.fromhex(key)).verify(ts.encode() + body, bytes.fromhex(sig))
    except (ValueError, TypeError) as e:
        raise Unauthorized("malformed Discord signature") from e
    except BadSignatureError as e:
        raise Unauthorized("invalid Discord signature") from e
    try:
        age = abs(time.time() - int(ts))
    except ValueError as e:
        raise Unauthorized("malformed Discord timestamp") from e
    if age > STALE_AFTER:
        raise Unauthorized("stale Discord request")


_SCALAR = (str, int, float, bool, type(None))


def _options(data: dict) -> dict:
    """A command's options as {name: value}; BadQuery for any other shape than Discord's."""
    opts = data.get("options") or []
    if not isinstance(opts, list):
        raise BadQuery("Discord command options must be a list of {name, value} objects")
    out = {}
    for o in opts:
        if not isinstance(o, dict) or not isinstance(o.get("name"), str) or not isinstance(o.get("value"), _SCALAR):
            raise BadQuery("each Discord command option must be an object with a string name and a plain value")
        out[o["name"]] = o.get("value")
        if o.get("focused"):
            out["__focused__"] = o["name"]
    return out


def _opt_str(opts: dict, name: str) -> str | None:
    v = opts.get(name)
    return None if v is None or v == "" else str(v)


def _rule_embed(game: str, rule_id: str, subrules: bool) -> dict:
    lib = _lib()
    r = lib.rule(game, rule_id)
    doc = lib.document(game)
    url = _base() + rule_url(game, r.id)
    text = r.text or ""
    if subrules:
        for c in r.children:
            child = doc.rules[c]
            text += f"\n**{c}** {child.label}"
    parts = split_message(text, DISCORD_LIMIT_EMBED) if text else [""]
    title = f"{doc.info.game_title} {r.id}" + (f" {r.title}" if r.title else "")
    embeds = [{"title": title[:256], "url": url, "description": parts[0],
               "footer": {"text": f"{doc.info.title} {doc.info.label or doc.version}"[:2048]}}]
    for p in parts[1:9]:
        embeds.append({"description": p})
    return {"type": 4, "data": {"embeds": embeds}}


def _discord_search(query: str, game: str | None) -> dict:
    svc = _state().search
    if svc is None:
        return {"type": 4, "data": {"content": "Search is not available right now.", "flags": 64}}
    res = svc.search(query, game=game, limit=5).to_dict()
    lines = []
    for h in res["hits"]:
        url = _base() + rule_url(h['game'], h['id'])
        lines.append(f"[{h['game']} {h['id']}]({url}) {h.get('title') or ''} — {h['snippet'][:150]}")
    desc = "\n".join(lines) or "No rule matches."
    if res.get("did_you_mean"):
        desc = f"Did you mean *{res['did_you_mean']}*?\n" + desc
    return {"type": 4, "data": {"embeds": [{"title": f"Search: {query}"[:256], "description": desc[:4096]}]}}


def _autocomplete(name: str, data: dict) -> dict:
    opts = _options(data)
    focused = opts.get("__focused__")
    value = str(opts.get(focused) or "") if isinstance(focused, str) else ""
    svc = _state().search
    choices: list[dict] = []
    if name == "rule" and focused == "id":
        game = _opt_str(opts, "game") or "bss"
        if game in _lib().games:
            if svc is not None:
                hits = svc.suggest_ids(value, game, limit=25)
                choices = [{"name": f"{h['id']} {h.get('title') or h.get('text', '')}"[:100], "value": h["id"]}
                           for h in hits]
            else:
                doc = _lib().document(game)
                choices = [{"name": f"{rid} {r.label}"[:100], "value": rid}
                           for rid, r in doc.rules.items() if rid.startswith(value)][:25]
    elif name == "rule" and focused == "game":
        choices = [{"name": g.title[:100], "value": g.key} for g in _lib().games.values()
                   if value.lower() in g.key or value.lower() in g.title.lower()]
    elif name == "search" and focused == "query" and svc is not None:
        game = _opt_str(opts, "game") or "bss"
        if game in _lib().games:
            choices = [{"name": t["term"][:100], "value": t["term"][:100]}
                       for t in svc.suggest_terms(value, game, limit=25)]
    return {"type": 8, "data": {"choices": choices[:25]}}


@bp.post("/discord/interactions")
def discord_interactions():
    body = _body()
    _verify_discord(body)
    data = parse_json(body)
    if not isinstance(data, dict):
        raise BadQuery("interaction body must be an object")
    kind = data.get("type")
    if kind == 1:
        return jsonify({"type": 1})
    cmd = data.get("data") if isinstance(data.get("data"), dict) else {}
    name = cmd.get("name")
    if kind == 4:
        return jsonify(_autocomplete(name, cmd))
    if kind != 2:
        raise BadQuery(f"unsupported interaction type {kind!r}")
    opts = _options(cmd)
    try:
        if name == "rule":
            return jsonify(_rule_embed(str(opts.get("game") or ""), str(opts.get("id") or ""),
                                       bool(opts.get("subrules"))))
        if name == "search":
            return jsonify(_discord_search(str(opts.get("query") or ""), _opt_str(opts, "game")))
    except JudgeError as e:  # the user sees why, privately; Discord wants a 200 for a handled command
        msg = e.message + (f" ({e.hint})" if e.hint else "")
        return jsonify({"type": 4, "data": {"content": msg[:2000], "flags": 64}})
    raise BadQuery(f"unknown command {name!r}", hint="commands: /rule, /search")


# -- Slack --------------------------------------------------------------------------------------

def _verify_slack(body: bytes) -> None:
    secret = _secret("JUDGE_SLACK_SIGNING_SECRET")
    if not secret:
        raise EndpointOff("Slack commands are off: no JUDGE_SLACK_SIGNING_SECRET is configured")
    ts = request.headers.get("X-Slack-Request-Timestamp", "")
    sig = request.headers.get("X-Slack-Signature", "")
    if not ts or not sig:
        raise Unauthorized("missing Slack signature headers")
    try:
        age = abs(time.time() - int(ts))
    except ValueError as e:
        raise Unauthorized("malformed Slack timestamp") from e
    if age > STALE_AFTER:
        raise Unauthorized("stale Slack request (older than five minutes)")
    base = b"v0:" + ts.encode() + b":" + body
    expected = "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()
    # bytes, not str: compare_digest refuses non-ASCII strings (a 500 before this was mended)
    if not hmac.compare_digest(expected.encode(), sig.encode("utf-8", "replace")):
        raise Unauthorized("invalid Slack signature")


def _slack(text: str, public: bool = True) -> Response:
    pf = platform("slack")
    parts = split_message(text, pf.limit)
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": p}} for p in parts[:40]]
    return jsonify({"response_type": "in_channel" if public else "ephemeral", "text": parts[0][:3000],
                    "blocks": blocks})


@bp.post("/slack/commands")
def slack_commands():
    body = _body()
    _verify_slack(body)
    try:
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8"), strict_parsing=False).items()}
    except UnicodeDecodeError as e:
        raise BadQuery("body is not UTF-8 form data") from e
    command = (form.get("command") or "").lstrip("/")
    args = (form.get("text") or "").strip()
    pf = platform("slack")
    lib = _lib()
    try:
        if command == "rule":
            words = args.split()
            if len(words) < 2:
                return _slack("Usage: `/rule <game> <id> [subrules]`, e.g. `/rule bss 7-1-5`", public=False)
            game, rid = words[0], words[1]
            subrules = len(words) > 2 and words[2].lower() in ("subrules", "all", "+")
            r = lib.rule(game, rid)
            url = _base() + rule_url(game, r.id)
            text = quote_rule(lib, pf, game, r, url)
            if subrules:
                doc = lib.document(game)
                text += "\n" + "\n".join(f"*{c}* {pf.escape(doc.rules[c].label)}" for c in r.children)
            return _slack(text)
        if command == "search":
            svc = _state().search
            if svc is None:
                return _slack("Search is not available right now.", public=False)
            res = svc.search(args, limit=5).to_dict()
            lines = [f"<{_base()}/{h['game']}/{h['id']}|{h['game']} {h['id']}> {pf.escape(h['snippet'][:150])}"
                     for h in res["hits"]]
            if res.get("did_you_mean"):
                lines.insert(0, f"Did you mean _{pf.escape(res['did_you_mean'])}_?")
            return _slack("\n".join(lines) or "No rule matches.")
        if command == "cite":
            res = cite(args, lib, None, "slack", _base())
            return _slack("\n\n".join([res["text"]] + [m for q in res["quotes"] for m in q["messages"]]))
    except JudgeError as e:
        return _slack(e.message + (f" ({e.hint})" if e.hint else ""), public=False)
    return _slack(f"Unknown command `/{pf.escape(command)}`. Commands: /rule, /search, /cite", public=False)
