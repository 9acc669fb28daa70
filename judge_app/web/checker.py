"""The "What happens if?" page and POST /api/check: the scenario checker on the web."""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from functools import cache

from flask import Blueprint, current_app, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from judge_app.errors import BadQuery, JudgeError, ScenarioError, TooLarge
from judge_app.web import urls
from judge_app.web.checkpool import app_pool
from judge_app.web.explorer import page_context, run_explore, wants_explore
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
    _precheck(text)
    return app_pool().run(text, MAX_STEPS, TIME_BUDGET)


def _precheck(text: str) -> None:
    size = len(text.encode("utf-8"))
    if size > MAX_SCENARIO:
        raise TooLarge(f"the scenario is {size:,} bytes long; at most {MAX_SCENARIO:,} are accepted",
                       hint="remove board lines the question does not need, or split it into several scenarios")
    if not text.strip():
        raise BadQuery("the scenario is empty",
                       hint="start from the template of your game below, or load an example")


def _rule_links(game: str, ids) -> list[dict]:
    lib = current_app.extensions["judge"].library
    doc = lib.document(game) if game in lib.games else None
    out = []
    for rid in ids:
        r = doc.get(rid) if doc else None
        out.append({"id": rid, "url": urls.rule_url(game, rid), "exists": r is not None,
                    "label": (r.title or r.text[:90]) if r else ""})
    return out


# Step kinds that change the outcome of a board (game-independent tags of the event log):
# a headline names them before "the game goes on".
_GONE = {"destroy": "destroyed", "self-destroy": "destroyed", "removed": "removed from the game"}
_QUOTED = re.compile(r'"([^"]+)"')


def headline(data: dict) -> dict:
    """The answer to the question, first: who won, what a player must choose, what was destroyed.

    -> {"title": short sentence (also the page title), "points": [sentences], "detail": str}
    """
    v = data["verdict"]
    kind = v["kind"]
    gone: dict[str, list[str]] = {}
    damage = []
    for step in data["steps"]:
        what = _GONE.get(step["kind"])
        if what:
            names = _QUOTED.findall(step["text"])[:1]
            for n in names:
                if n not in gone.setdefault(what, []):
                    gone[what].append(n)
        elif step["kind"] == "damage":
            damage.append(step["text"])
    points = [f"{_names(ns)} {'is' if len(ns) == 1 else 'are'} {what}." for what, ns in gone.items()]
    # a damage step ends with its result ("…; B's life 4 → 3."): that result is the point
    points += [_last_clause(t) for t in damage[:3]]
    points += [f"Rejected (line {r['line']}): {r['reason']}" if r.get("line") else f"Rejected: {r['reason']}"
               for r in data.get("rejected") or []][:3]
    if kind == "win":
        title = f"{v['winner']} wins" + (f": {v['reason']}" if v.get("reason") else "")
    elif kind == "draw":
        title = "The game is a draw"
    elif kind == "needs_choice":
        nc = data.get("needs_choice") or {}
        options = list(dict.fromkeys(nc.get("options") or []))
        title = f"{nc.get('player') or 'A player'} must choose"
        if 1 < len(options) <= 3:
            title += ": " + " or ".join(options)
        elif nc.get("question"):
            q = nc["question"]
            title += ": " + (q if len(q) <= 100 else q[:99].rstrip() + "…")
    elif kind == "undetermined":
        title = "No answer: the engine will not guess"
    elif points:
        title = points[0].rstrip(".")
    else:
        title = "Nothing decisive happens"
    detail = "" if kind in ("win", "needs_choice") else v.get("reason") or ""
    return {"title": title, "points": points, "detail": detail}


def _last_clause(text: str) -> str:
    tail = text.rstrip(".").rsplit("; ", 1)[-1]
    return tail[:1].upper() + tail[1:] + "."


def _names(names: list[str]) -> str:
    q = [f"\u201c{n}\u201d" for n in names]
    return q[0] if len(q) == 1 else ", ".join(q[:-1]) + " and " + q[-1]


def _choice(nc: dict | None) -> dict | None:
    """A needed choice with every legal option once, in words."""
    if not nc:
        return None
    return {**nc, "options": list(dict.fromkeys(o for o in nc.get("options") or [] if o))}


def _supported() -> dict:
    from judge_app.scenario.guide import guides

    lib = current_app.extensions["judge"].library
    gs = guides()
    keys = {g.game for g in gs}
    return {"games": [g.to_dict() for g in gs],
            "others": [{"key": k, "title": g.title} for k, g in lib.games.items() if k not in keys]}


def _game_names() -> dict[str, tuple[str, ...]]:
    from judge_app.rules.notation import GAME_ALIASES

    lib = current_app.extensions["judge"].library
    return {k: tuple({k, g.title.casefold(), *GAME_ALIASES.get(k, ())}) for k, g in lib.games.items()}


def _prose_help(text: str) -> dict:
    from judge_app.scenario.guide import read_question

    got = read_question(text, _game_names())
    lib = current_app.extensions["judge"].library
    if got["unsupported_game"]:
        got["unsupported_title"] = lib.games[got["unsupported_game"]].title
    got["search_url"] = urls.search_url(" ".join(text.split())[:200])
    return got


@bp.post("/api/check")
def api_check():
    raw = read_body(MAX_SCENARIO + 1000)
    ctype = (request.mimetype or "").lower()
    explore = wants_explore(request.args.get("explore"))
    if ctype == "application/json":
        body = json_object(raw, "scenario", 'send {"scenario": "game bss\\n..."} or the scenario as text/plain')
        text = body["scenario"]
        explore = explore or wants_explore(body.get("explore"))
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadQuery("the scenario is not UTF-8 text") from e
    _precheck(text)
    readings = _card_texts(text)
    try:
        if explore:  # every answer to the open choices (judge_app/web/explorer.py)
            out = run_explore(text, max_steps=MAX_STEPS, time_budget=TIME_BUDGET)["data"]
            out["share"] = _share(text, explore=True)
            out["card_texts"] = readings
            return jsonify(out)
        result = _run(text)
    except JudgeError as e:
        if readings:  # which words of each card were understood, as the page shows beside the error
            e.details.setdefault("card_texts", readings)
        raise
    out = result["data"]
    out["headline"] = headline(out)
    out["board"] = result["board"]
    out["expectations"] = result["expectations"]
    out["share"] = _share(text)
    out["card_texts"] = readings
    return jsonify(out)


def _base() -> str:
    return (current_app.config.get("JUDGE_PUBLIC_URL") or request.host_url).rstrip("/")


@bp.get("/check/language")
def language_page():
    """docs/scenario-language.md, rendered: the full reference of the scenario language."""
    title, body = _language_html()
    return render_template("language.html", title=title, body=Markup(body), supported=_supported())


@cache
def _language_html() -> tuple[str, str]:
    import markdown
    import nh3

    from judge_app.paths import docs_dir
    from judge_app.web.render import ALLOWED_ATTRS, ALLOWED_TAGS

    src = (docs_dir() / "scenario-language.md").read_text(encoding="utf-8")
    title = next((ln[2:].strip() for ln in src.splitlines() if ln.startswith("# ")), "The scenario language")
    src = "\n".join(ln for ln in src.splitlines() if not ln.startswith("# "))  # the page has its own h1
    html = markdown.Markdown(extensions=["fenced_code", "tables", "toc"], output_format="html").convert(src)
    tags = set(ALLOWED_TAGS) | {"h2", "h3", "h4"}
    attrs = {**{k: set(v) for k, v in ALLOWED_ATTRS.items()}, **{h: {"id"} for h in ("h2", "h3", "h4")}}
    return title, nh3.clean(html, tags=tags, attributes=attrs, url_schemes={"http", "https", "mailto"},
                            link_rel="noopener noreferrer nofollow")


def _share(text: str, explore: bool = False) -> str | None:
    """A link that reproduces the answer, or None when the scenario is too long for an address."""
    token = encode_share(text)
    if len(token) > MAX_SHARE:
        return None
    return urls.check_url(token, explore=explore)


@bp.route("/check", methods=["GET", "POST"])
@bp.route("/check.json", methods=["GET", "POST"])
def check_page() -> ResponseReturnValue:
    text = request.values.get("scenario")
    examples = _examples()
    ctx: dict = {"examples": examples, "scenario": text or "", "result": None, "error": None, "share": None,
                 "supported": _supported(), "submitted": text is not None, "max_bytes": MAX_SCENARIO}
    try:
        explore = wants_explore(request.values.get("explore"))
        if text is None:
            text = _requested_text(examples)
        if text is None and request.args.get("template"):
            return _template_page(ctx, request.args["template"])
        ctx["scenario"] = text or ""
        ctx["card_texts"] = _card_texts(text)
        if text is not None and request.method == "POST" and not wants_json():
            done = _post_redirect(ctx, text, explore)
            if done is not None:
                return done
        if text is None:
            return _landing_page(ctx, examples)
        ctx["share"] = _share(text, explore=explore)
        if ctx["share"]:
            ctx["share_abs"] = _base() + ctx["share"]
        if explore:  # "Explore every choice": templates/_explore.html
            return _explore_page(ctx, text)
        result = _run(text)
    except JudgeError as e:
        if wants_json():
            if ctx.get("card_texts"):  # the error answer says which words of each card were understood
                e.details.setdefault("card_texts", ctx["card_texts"])
            raise
        return _error_page(ctx, e)
    return _result_page(ctx, result)


def _requested_text(examples: list[dict]) -> str | None:
    """The scenario a GET names: a share link (`s`) or an example (`example`)."""
    share = request.args.get("s")
    if share:
        return decode_share(share)
    example = request.args.get("example")
    if example:
        found = next((e for e in examples if e["name"] == example), None)
        if found is None:
            raise BadQuery(f"no example {example!r}", hint="examples: " + ", ".join(e["name"] for e in examples))
        return str(found["text"])
    return None


def _template_page(ctx: dict, template: str) -> ResponseReturnValue:
    from judge_app.scenario.guide import guide

    g = guide(template)
    if g is None:
        raise BadQuery(f"no template for {template[:40]!r}",
                       hint="the checker supports: " + ", ".join(x["game"] for x in ctx["supported"]["games"]))
    if wants_json():
        return jsonify({"game": g.game, "template": g.template})
    ctx["scenario"] = g.template
    return render_template("check.html", **ctx)


def _post_redirect(ctx: dict, text: str, explore: bool) -> ResponseReturnValue | None:
    """Post/Redirect/Get: the address bar then holds a link that reproduces the answer."""
    _precheck(text)
    from judge_app.scenario.check import parse

    parse(text)  # cheap (no replay): a scenario that cannot be read is answered here, text intact
    link = _share(text, explore=explore)
    if link is not None:
        return redirect(link, code=303)
    ctx["share_refused"] = (f"This scenario is too long for a share link (an address holds at most "
                            f"{MAX_SHARE:,} characters of it, about 15 KB of text): "
                            "save it as a file to share it, or shorten it.")
    return None


def _landing_page(ctx: dict, examples: list[dict]) -> ResponseReturnValue:
    if wants_json():
        return jsonify({"examples": [{k: e[k] for k in ("name", "title", "game")} for e in examples],
                        "supported": ctx["supported"]})
    return render_template("check.html", **ctx)


def _explore_page(ctx: dict, text: str) -> ResponseReturnValue:
    _precheck(text)
    ex = run_explore(text, max_steps=MAX_STEPS, time_budget=TIME_BUDGET)
    if wants_json():
        return jsonify(ex["data"] | {"share": ctx["share"], "card_texts": ctx["card_texts"]})
    ctx["explore"] = page_context(ex, _rule_links)
    return render_template("check.html", **ctx)


def _result_page(ctx: dict, result: dict) -> ResponseReturnValue:
    data = result["data"]
    data["headline"] = headline(data)
    if wants_json():
        data["board"] = result["board"]
        data["share"] = ctx["share"]
        data["card_texts"] = ctx["card_texts"]
        return jsonify(data)
    game = data["game"]
    for step in data["steps"]:
        step["links"] = _rule_links(game, step.get("rules", []))
    for rej in data["rejected"]:
        rej["links"] = _rule_links(game, rej.get("rules", []))
    nc = _choice(data.get("needs_choice"))
    if nc is not None:
        data["needs_choice"] = nc
        nc["links"] = _rule_links(game, [nc["rule"]] if nc.get("rule") else nc.get("rules", []))
    ctx["result"] = data
    ctx["board"] = result["board"]
    ctx["expectations"] = result["expectations"]
    ctx["cited"] = _rule_links(game, data["cited"])
    return render_template("check.html", **ctx)


def _card_texts(text: str | None) -> list[dict]:
    """Each card effect text of the scenario, with the words the engine understood (issue 13): the page
    shows them, and every JSON answer of the checker carries the same list as `card_texts`."""
    from judge_app.scenario.readings import card_texts

    return card_texts(text)


def _error_page(ctx: dict, e: JudgeError):
    """The page again, the text intact, the error at its line (or help for a question in prose)."""
    text = ctx["scenario"]
    ctx["error"] = {"message": e.message, "hint": e.hint, "line": getattr(e, "line", None),
                    "column": getattr(e, "column", None), "text": getattr(e, "text", None)}
    ctx["lines"] = text.splitlines()
    if isinstance(e, ScenarioError):
        from judge_app.scenario.guide import looks_like_prose

        if looks_like_prose(text):
            ctx["prose"] = _prose_help(text)
    return render_template("check.html", **ctx), e.status
