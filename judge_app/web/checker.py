"""The "What happens if?" page and POST /api/check: the scenario checker on the web."""

from __future__ import annotations

import base64
import binascii
import zlib

from flask import Blueprint, current_app, jsonify, render_template, request

from judge_app.errors import BadQuery, JudgeError, ScenarioError, TooLarge
from judge_app.web.checkpool import app_pool
from judge_app.web.negotiate import json_object, read_body, wants_json

bp = Blueprint("checker", __name__)

MAX_SCENARIO = 64_000  # bytes of scenario text (the parser's limit, judge_app/scenario/syntax.py)
MAX_SHARE = 4_000  # characters of a share parameter (addresses stop at 4,096; ~15 KB of scenario)
MAX_STEPS = 5_000
TIME_BUDGET = 10.0  # wall-clock safety net per check: past it the answer is 503 "busy", never a verdict


def encode_share(text: str) -> str:
    """Scenario -> URL-safe compressed token (no server storage)."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def decode_share(token: str) -> str:
    if len(token) > MAX_SHARE:
        raise TooLarge(f"share link over {MAX_SHARE} characters")
    try:
        raw = base64.b64decode(token + "=" * (-len(token) % 4), altchars=b"-_", validate=True)
        d = zlib.decompressobj()
        out = d.decompress(raw, MAX_SCENARIO + 1)
        if len(out) > MAX_SCENARIO or d.unconsumed_tail:
            raise TooLarge("the shared scenario is too large")
        if not d.eof or not out:
            raise ValueError("truncated")
        return out.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as e:
        raise BadQuery("this share link is damaged: it does not decode to a scenario") from e


def _examples() -> list[dict]:
    from judge_app.scenario.examples import examples

    return examples()


def _run(text: str) -> dict:
    """{"data": the result as JSON, "board": …, "expectations": […]}, from the bounded pool."""
    if len(text.encode("utf-8")) > MAX_SCENARIO:
        raise TooLarge(f"scenario over {MAX_SCENARIO // 1000} KB")
    if not text.strip():
        raise BadQuery("the scenario is empty", hint="start with `game bss`, or load an example")
    return app_pool().run(text, MAX_STEPS, TIME_BUDGET)


def _rule_links(game: str, ids) -> list[dict]:
    lib = current_app.extensions["judge"].library
    doc = lib.document(game) if game in lib.games else None
    out = []
    for rid in ids:
        r = doc.get(rid) if doc else None
        out.append({"id": rid, "url": f"/{game}/{rid}", "exists": r is not None,
                    "label": (r.title or r.text[:90]) if r else ""})
    return out


@bp.post("/api/check")
def api_check():
    raw = read_body(MAX_SCENARIO + 1000)
    ctype = (request.mimetype or "").lower()
    if ctype == "application/json":
        text = json_object(raw, "scenario", 'send {"scenario": "game bss\\n..."} or the scenario as text/plain')["scenario"]
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadQuery("the scenario is not UTF-8 text") from e
    result = _run(text)
    out = result["data"]
    out["board"] = result["board"]
    out["expectations"] = result["expectations"]
    out["share"] = "/check?s=" + encode_share(text)
    return jsonify(out)


@bp.route("/check", methods=["GET", "POST"])
@bp.route("/check.json", methods=["GET", "POST"])
def check_page():
    text = request.values.get("scenario")
    example = request.args.get("example")
    share = request.args.get("s")
    examples = _examples()
    if text is None and share:
        text = decode_share(share)
    if text is None and example:
        found = next((e for e in examples if e["name"] == example), None)
        if found is None:
            raise BadQuery(f"no example {example!r}", hint="examples: " + ", ".join(e["name"] for e in examples))
        text = found["text"]
    ctx: dict = {"examples": examples, "scenario": text or "", "result": None, "error": None, "share": None}
    if text:
        ctx["share"] = "/check?s=" + encode_share(text)
        try:
            result = _run(text)
        except ScenarioError as e:
            if wants_json():
                raise
            ctx["error"] = {"message": e.message, "line": e.line, "column": e.column, "hint": e.hint,
                            "text": e.text}
            ctx["lines"] = text.splitlines()
            return render_template("check.html", **ctx), 400
        except JudgeError:
            raise
        data = result["data"]
        if wants_json():
            data["board"] = result["board"]
            data["share"] = ctx["share"]
            return jsonify(data)
        game = data["game"]
        for step in data["steps"]:
            step["links"] = _rule_links(game, step.get("rules", []))
        for rej in data["rejected"]:
            rej["links"] = _rule_links(game, rej.get("rules", []))
        if data.get("needs_choice"):
            nc = data["needs_choice"]
            nc["links"] = _rule_links(game, [nc["rule"]] if nc.get("rule") else nc.get("rules", []))
        ctx["result"] = data
        ctx["board"] = result["board"]
        ctx["expectations"] = result["expectations"]
        ctx["cited"] = _rule_links(game, data["cited"])
    elif wants_json():
        return jsonify({"examples": [{k: e[k] for k in ("name", "title", "game")} for e in examples]})
    return render_template("check.html", **ctx)
