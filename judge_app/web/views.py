"""The pages. Each view builds one context dict; `_respond` answers it as HTML or as JSON.

URL scheme (canonical):
  /                                  home                      (/index.json)
  /search?q=…&game=…&v=…             search                    (/search.json)
  /<game>                            browse the current document  (/<game>.json)
  /<game>@<version>                  browse an older document
  /<game>/glossary                   glossary                  (/<game>/glossary.json)
  /<game>/<rule-id>                  rule in the current document (/<game>/<rule-id>.json)
  /<game>@<version>/<rule-id>        rule pinned to a version (stays valid when a newer one appears)
Other spellings redirect (301) to these: `?v=<version>`, any notation (`/bss/7.1.5`, `/bss/CR 7-1-5`),
and examples/notes (`/bss-standard/1-4-2-1-ex1` -> `/bs-standard/1-4-2-1#1-4-2-1-ex1`).
"""

from __future__ import annotations

import difflib
import hashlib
import re
import unicodedata
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, redirect, render_template, request
from werkzeug.wrappers import Response as WerkzeugResponse

from judge_app.errors import BadQuery, JudgeError, ServiceUnavailable, TooLarge, UnknownGame, UnknownRule
from judge_app.rules import Document, Library, Rule, nearest
from judge_app.rules.notation import RuleNumber, parse_rule_number
from judge_app.rules.parsing import ids as idmod
from judge_app.web import compression, payload, urls
from judge_app.web.negotiate import strip_json, wants_json
from judge_app.web.openapi import bp as openapi_bp
from judge_app.web.payload import short
from judge_app.web.render import sanitise_snippet
from judge_app.web.security import HEADERS as SECURITY_HEADERS
from judge_app.web.state import WebState, is_derived, term_slug
from judge_app.web.urls import game_url as gv_path
from judge_app.web.urls import rule_url

bp = Blueprint("pages", __name__)
bp.register_blueprint(openapi_bp)  # /api/openapi.json


@bp.record_once
def _url_helpers(state) -> None:
    # templates build links with the same functions as the views (judge_app/web/urls.py)
    state.app.jinja_env.globals.update(url_rule=urls.rule_url, url_game=urls.game_url, url_diff=urls.diff_url,
                                       url_glossary=urls.glossary_url, url_json=urls.json_url)


# ---------------------------------------------------------------- helpers

def st() -> WebState:
    return current_app.extensions["judge"]


def lib() -> Library:
    return st().library


def base_url() -> str:
    # the configured base, never the Host header: these pages are cached and publicly cacheable
    return current_app.config.get("JUDGE_BASE_URL") or ""


def pin_for(game: str, version: str | None) -> str | None:
    """Links to the current document stay unpinned; links to older ones carry the version."""
    return urls.pin_for(lib(), game, version)


_CTRL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_text(text: str, what: str) -> str:
    limit = current_app.config["JUDGE_MAX_QUERY"]
    if len(text) > limit:
        raise TooLarge(f"{what} is {len(text)} characters long; at most {limit} are accepted")
    if _CTRL.search(text):
        raise BadQuery(f"{what} contains control characters")
    return unicodedata.normalize("NFC", text)


def split_gv(gv: str) -> tuple[str, str | None]:
    """`bss` -> (bss, None); `bss@1.7.0` -> (bss, 1.7.0). Raises UnknownGame with suggestions."""
    check_text(gv, "the game")
    game, _, version = gv.partition("@")
    if game not in lib().games:
        raise unknown_game(game)
    if version:
        lib().document(game, version)  # UnknownVersion
    return game, (version or None)


def unknown_game(name: str) -> UnknownGame:
    games = lib().games
    suggestions = []
    for key in difflib.get_close_matches(name.lower(), list(games), n=3, cutoff=0.5):
        suggestions.append({"game": key, "id": None, "label": games[key].title, "url": gv_path(key)})
    # a bare rule number in place of a game (`/7-1-5`): offer that rule in every game that has it
    for key, g in games.items():
        rid = resolve_number(name, key, None)
        if rid:
            doc = lib().document(key)
            suggestions.append({"game": key, "id": rid, "label": f"{g.title} {rid}: {short(doc.get(rid))}",
                                "url": rule_url(key, rid)})
    for key, g in games.items():
        if not any(s["game"] == key and s["id"] is None for s in suggestions):
            suggestions.append({"game": key, "id": None, "label": g.title, "url": gv_path(key)})
    return UnknownGame(f"there is no game {name!r}", hint="games: " + ", ".join(games),
                       details={"games": list(games), "suggestions": suggestions})


# ------------------------------------------------- rule numbers in any notation

def _path_number(text: str, game: str, version: str | None) -> RuleNumber | None:
    """`text` of a URL path read as a rule number of `game` (rules/notation.py, loosely)."""
    try:
        return parse_rule_number(text, lib(), game=game, version=version, loose=True)
    except JudgeError:
        return None


def resolve_number(text: str, game: str, version: str | None) -> str | None:
    """The id of an existing rule of `game` that `text` names in any notation, or None."""
    doc = lib().document(game, version)
    if text in doc.rules:
        return text
    rn = _path_number(text, game, version)
    if rn is not None and rn.exists and rn.ids and rn.game in (None, game) and rn.ids[0] in doc.rules:
        return rn.ids[0]
    return None


def unknown_rule(doc: Document, text: str, pin: str | None) -> UnknownRule:
    rn = _path_number(text, doc.game, doc.version)
    near = list(dict.fromkeys(rid for rid in (rn.nearest if rn is not None else ()) if rid in doc.rules))
    if not near:
        near = nearest(doc, rn.ids[0] if rn is not None and rn.ids else text)
    label = doc.info.label or doc.version
    suggestions = [{"game": doc.game, "id": rid, "label": f"{rid}: {short(doc.get(rid))}",
                    "url": rule_url(doc.game, rid, pin)} for rid in near]
    return UnknownRule(f"{doc.info.game_title} {label} has no rule {text!r}",
                       hint="nearest: " + ", ".join(near) if near else "try the search or browse the document",
                       details={"game": doc.game, "version": doc.version, "nearest": near,
                                "suggestions": suggestions, "query": text})


# ---------------------------------------------------------------- answering

def _respond(template: str, ctx: dict, json_body: dict | None = None, *, cache_key=None, max_age: int = 300):
    as_json = wants_json()
    if as_json:
        resp = jsonify(json_body if json_body is not None else ctx)
    else:
        resp = Response(render_template(template, **ctx), mimetype="text/html")
    resp.headers["Vary"] = "Accept"
    if cache_key is None:
        return resp
    body = resp.get_data()
    etag = hashlib.blake2b(body, digest_size=10).hexdigest()
    headers = [("Content-Type", resp.headers["Content-Type"]), ("Vary", "Accept"), ("ETag", f'"{etag}"'),
               ("Cache-Control", f"public, max-age={max_age}"), *SECURITY_HEADERS.items()]
    st().responses.put((cache_key, as_json), (body, headers))
    return _answer_cached(body, headers)


def _answer_cached(body: bytes, headers: list) -> WerkzeugResponse:
    body, headers = compression.compressed(body, headers, request)
    resp = Response(body, headers=headers)
    if "If-None-Match" in request.headers or "If-Modified-Since" in request.headers:
        return resp.make_conditional(request)
    return resp


def _cached(cache_key):
    """A kept answer for this key (and format), or None. Cheap: this is the hot path."""
    hit = st().responses.get((cache_key, wants_json()))
    if hit is None:
        return None
    return _answer_cached(*hit)


def _cache_key(game: str | None = None) -> tuple:
    """The canonical request: the path, and `since` as the version it names (validated, so an
    unknown one is a 404 before anything is cached). Never the Host header or other parameters."""
    since = request.args.get("since")
    if since and game is not None:
        return (request.path, lib().document(game, check_text(since, "the version")).version)
    return (request.path, "")


def _doc_info(doc: Document, pin: str | None) -> dict:
    return payload.doc_info(doc, pin)


# ---------------------------------------------------------------- home

@bp.get("/")
@bp.get("/index.json")
def home():
    games = []
    for key, g in lib().games.items():
        doc = lib().document(key)
        games.append({
            "key": key, "title": g.title, "url": gv_path(key), "glossary_url": urls.glossary_url(key),
            "current": {"version": doc.version, "label": doc.info.label or doc.version,
                        "title": doc.info.title, "effective_date": doc.info.effective_date,
                        "rules": len(doc)},
            "versions": [{"version": v, "label": lib().document(key, v).info.label or v,
                          "url": gv_path(key, pin_for(key, v)), "current": v == g.current}
                         for v in g.versions],
        })
    search_state = {"available": st().search is not None, "reason": st().search_error}
    ctx = {"games_list": games, "search": search_state}
    return _respond("home.html", ctx, {"games": games, "search": search_state})


# ---------------------------------------------------------------- search

def _int_arg(name: str, default: int, lo: int, hi: int) -> int:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        n = int(raw)
    except ValueError:
        raise BadQuery(f"{name} must be a whole number, not {raw[:20]!r}") from None
    if not lo <= n <= hi:
        raise BadQuery(f"{name} must be between {lo} and {hi}")
    return n


@bp.get("/search")
@bp.get("/search.json")
def search():
    q = check_text(request.args.get("q", ""), "the query").strip()
    game = request.args.get("game") or None
    version = request.args.get("v") or None
    limit = _int_arg("limit", 20, 1, 100)
    _check_scope(q, game, version)
    if not q:
        raise BadQuery("type a rule number (7-1-5, 5.15.1) or some words to search for",
                       details={"query": ""})
    svc = st().search
    if svc is None:
        # without the index, rule numbers still jump to their rule
        for key in ([game] if game else list(lib().games)):
            rid = resolve_number(q, key, version if key == game else None)
            if rid:
                return _search_redirect(q, game, {"game": key, "version": version if key == game else None, "id": rid})
        raise ServiceUnavailable(st().search_error or "search is not available",
                                 hint="open a rule by its number, e.g. /bss/7-1-5", details={"query": q})
    # answers depend only on the query and the (immutable) library: kept per worker
    ckey = ("search", q, game, version, limit)
    hit = _cached(ckey) if current_app.config["JUDGE_SEARCH_CACHE"] else None
    if hit is not None:
        return hit
    result = svc.search(q, game=game, version=version, limit=limit).to_dict()
    if result.get("redirect"):
        return _search_redirect(q, game, result["redirect"], result)
    games = lib().games
    hits = result["hits"] = _linked_hits(result.get("hits", []))
    groups: list[dict] = []
    by_key: dict = {}
    for h in hits:
        sec = h.get("section") or {}
        key = (h["game"], h.get("version"), sec.get("id"))
        if key not in by_key:
            by_key[key] = {"game": h["game"], "game_title": games[h["game"]].title,
                           "section": sec or None, "hits": []}
            groups.append(by_key[key])
        by_key[key]["hits"].append(h)
    dym = result.get("did_you_mean")
    if isinstance(dym, str):
        dym = [dym] if dym else []
    dym_links = [{"text": d, "url": urls.search_url(d, game)}
                 for d in (dym or []) if isinstance(d, str)]
    result["nearest"] = _linked_nearest(result.get("nearest") or [], game)
    # unscoped: the section groups under one heading per game, the game of the best hit first
    by_game: dict[str, dict] = {}  # (insertion order: the game of the best hit first)
    for grp in groups:
        g = by_game.setdefault(grp["game"], {"game": grp["game"], "game_title": grp["game_title"],
                                             "groups": [], "count": 0})
        g["groups"].append(grp)
        g["count"] += len(grp["hits"])
    elsewhere = [{**e, "url": urls.search_url(q, e["game"])}
                 for e in (result.get("elsewhere") or []) if isinstance(e, dict) and e.get("game") in games]
    rn = result.get("rule_number") or {}
    ctx = {"q": q, "game": game, "version": version, "result": result, "groups": groups,
           "did_you_mean": dym_links, "by_game": list(by_game.values()), "elsewhere": elsewhere,
           "no_such_rule": bool(rn) and not rn.get("exists", True),
           "all_games_url": urls.search_url(q)}
    return _respond("search.html", ctx, result,
                    cache_key=ckey if current_app.config["JUDGE_SEARCH_CACHE"] else None, max_age=60)


def _check_scope(q: str, game: str | None, version: str | None) -> None:
    """A search's game and version exist (BadQuery, with the query, otherwise)."""
    if game is not None and game not in lib().games:
        raise BadQuery(f"there is no game {game[:40]!r} to search in", details={"games": list(lib().games), "query": q})
    if version is not None:
        if game is None:
            raise BadQuery("a version (v) needs a game", details={"query": q})
        try:
            lib().document(game, version)
        except JudgeError as e:
            raise BadQuery(e.message, details={**e.details, "query": q}) from None


def _linked_hits(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The service's hits with their links and a sanitised snippet."""
    games = lib().games  # (looked up once: this loop runs for every hit of every search)
    pins: dict[tuple[str, str | None], str | None] = {}
    hits = []
    for h in raw:
        hgame = h.get("game")
        if hgame not in games:  # an index older than the library: skip, never fail
            continue
        h = dict(h)
        pk = (hgame, h.get("version"))
        pin = pins[pk] if pk in pins else pins.setdefault(pk, pin_for(*pk))
        h["url"] = rule_url(hgame, h["id"], pin)
        h["snippet_html"] = str(sanitise_snippet(h.get("snippet_html") or ""))
        sec = h.get("section") or None
        if sec and sec.get("id"):
            sec = {**sec, "url": rule_url(hgame, sec["id"], pin)}
        h["section"] = sec
        hits.append(h)
    return hits


def _linked_nearest(raw: list[Any], game: str | None) -> list[dict[str, Any]]:
    """The nearest existing rules of a number that is no rule, with their links."""
    games = lib().games
    near = []
    for n in raw:
        if isinstance(n, dict) and n.get("id"):
            ngame = n.get("game") or game
        elif isinstance(n, str) and game:
            ngame, n = game, {"id": n}
        else:
            continue
        if ngame in games:
            near.append({**n, "game": ngame, "url": rule_url(ngame, n["id"], pin_for(ngame, n.get("version")))})
    return near


def _search_redirect(q, game, target: dict, result: dict | None = None):
    tgame = target["game"]
    url = rule_url(tgame, target["id"], pin_for(tgame, target.get("version")))
    if wants_json():
        body = dict(result or {"query": q, "game": game, "interpreted_as": None, "did_you_mean": None,
                               "hits": [], "redirect": target, "nearest": []})
        body["redirect_url"] = url
        return jsonify(body)
    return redirect(url, code=302)


# ---------------------------------------------------------------- browse

@bp.get("/<gv>")
def browse(gv: str):
    if not request.query_string:
        hit = _cached(_cache_key())
        if hit is not None:
            return hit
    gv = strip_json(gv)
    game, pin = split_gv(gv)
    if request.args.get("v"):
        game_v = request.args["v"]
        lib().document(game, game_v)
        return redirect(gv_path(game, pin_for(game, game_v)) + (".json" if wants_json() else ""), code=301)
    key = _cache_key()
    hit = _cached(key)
    if hit is not None:
        return hit
    doc = lib().document(game, pin)
    pin = pin_for(game, pin)
    html_for = _html_for(doc, pin)

    def node(r: Rule) -> dict:
        return {"id": r.id, "kind": str(r.kind), "title": r.title, "text": r.text,
                "url": rule_url(game, r.id, pin), "children": [node(doc.rules[c]) for c in r.children]}

    tree = [node(r) for r in doc.roots()]
    ctx = {"document": _doc_info(doc, pin), "game_title": doc.info.game_title, "tree": tree,
           "html_for": html_for, "versions": _versions(game, None),
           "canonical": base_url() + gv_path(game, pin)}
    json_body = {"document": ctx["document"], "toc": [{"id": t.id, "title": t.title} for t in doc.toc],
                 "tree": tree}
    return _respond("browse.html", ctx, json_body, cache_key=key)


@bp.get("/<gv>/")
def browse_slash(gv: str):
    game, pin = split_gv(gv)
    return redirect(gv_path(game, pin), code=301)


# ---------------------------------------------------------------- glossary

@bp.get("/<gv>/glossary")
@bp.get("/<gv>/glossary.json")
def glossary(gv: str):
    if not request.query_string:
        hit = _cached(_cache_key())
        if hit is not None:
            return hit
    game, pin = split_gv(gv)
    key = _cache_key()
    hit = _cached(key)
    if hit is not None:
        return hit
    doc = lib().document(game, pin)
    pin = pin_for(game, pin)
    html_for = _html_for(doc, pin)
    terms: list[dict] = []
    by_key: dict[str, dict] = {}
    for t in doc.terms:
        r = doc.get(t.rule)
        d = {"term": t.term, "anchor": term_slug(t.term),
             "rule": {"id": t.rule, "text": r.text if r else "", "url": rule_url(game, t.rule, pin),
                      "html": html_for(t.rule) if r else ""}}
        used = [{"id": u, "url": rule_url(game, u, pin)} for u in t.used_by]
        entry = by_key.get(_term_key(t.term))
        if entry is None:
            entry = {**d, "used_by": used, "definitions": [d], "aliases": []}
            by_key[_term_key(t.term)] = entry
            terms.append(entry)
            continue
        # the same term defined again (a keyword and its full form, "Burst" and "【Burst (rank)】")
        entry["definitions"].append(d)
        entry["aliases"].append(d["anchor"])
        entry["used_by"] += [u for u in used if u not in entry["used_by"]]
    for e in terms:  # shown under its plainest spelling ("Enter", not "[Enter] (effect)")
        k = _term_key(e["term"])
        e["term"] = min((x["term"] for x in e["definitions"]), key=lambda x: (x.casefold() != k, len(x)))
    terms.sort(key=lambda e: _term_key(e["term"]))
    letters: dict[str, str] = {}
    for e in terms:
        e["letter"] = _letter(e["term"])
        letters.setdefault(e["letter"], e["anchor"])
    ctx = {"document": _doc_info(doc, pin), "game_title": doc.info.game_title, "terms": terms, "letters": letters,
           "canonical": base_url() + urls.glossary_url(game, pin)}
    return _respond("glossary.html", ctx, cache_key=key)


_TERM_HEAD = re.compile(r"^[\W_]*(.+?)\s*(?:[(\[【,]|$)")


def _term_key(term: str) -> str:
    """What a glossary entry is filed under: brackets, parameters and a plural s set aside."""
    t = term.replace("【", "").replace("】", "").strip()
    m = _TERM_HEAD.match(t)
    key = (m.group(1) if m else t).casefold().strip(" ]")
    return key


def _letter(term: str) -> str:
    ch = next((c for c in unicodedata.normalize("NFKD", term) if c.isalnum()), "#")
    return ch.upper() if ch.isalpha() and ch.isascii() else "#"


# ---------------------------------------------------------------- rule

def _html_for(doc: Document, pin: str | None):
    return payload.html_renderer(doc, pin, st().index(doc), st().html)


def _versions(game: str, rule_id: str | None) -> list[dict]:
    return payload.versions_of(lib(), game, rule_id)


@bp.get("/<gv>/<path:ref>")
def rule(gv: str, ref: str):
    if not request.query_string:
        hit = _cached(_cache_key())
        if hit is not None:
            return hit
    ref = check_text(strip_json(ref), "the rule reference")
    game, pin = split_gv(gv)
    suffix = ".json" if wants_json() and request.path.endswith(".json") else ""
    v = request.args.get("v")
    if v:
        check_text(v, "the version")
        lib().document(game, v)  # UnknownVersion
        return redirect(rule_url(game, ref, pin_for(game, v)) + suffix, code=301)
    key = _cache_key(game)
    hit = _cached(key)
    if hit is not None:
        return hit
    doc = lib().document(game, pin)
    url_pin = pin
    pin = pin_for(game, pin)
    r = doc.get(ref)
    if r is None:
        rid = resolve_number(ref, game, doc.version)
        if rid is None:
            raise unknown_rule(doc, ref, pin)
        return redirect(rule_url(game, rid, url_pin) + suffix, code=301)
    if is_derived(r):
        parent = idmod.base_of(r.id) if idmod.base_of(r.id) in doc.rules else r.parent
        assert parent is not None  # an example or note always stands under a rule
        return redirect(rule_url(game, parent, url_pin) + suffix + ("" if suffix else f"#{r.id}"), code=301)
    ctx = rule_context(doc, r, pin)
    since = request.args.get("since")
    if since:
        ctx["since"] = _since(game, r.id, check_text(since, "the version"), doc.version)
    return _respond("rule.html", ctx, _rule_json(ctx), cache_key=key)


def _since(game: str, rule_id: str, since: str, version: str) -> dict:
    """For a citation made against an older version: has this rule changed since?"""
    from judge_app.versions.diff import changed_since

    old = lib().document(game, since)  # UnknownVersion -> 404 naming the versions
    change = changed_since(lib(), game, rule_id, since, version)
    label = old.info.label or since
    return {"version": since, "label": label, "url": rule_url(game, rule_id, pin_for(game, since))
            if rule_id in old.rules else None,
            "status": str(change.status) if change else "same",
            "old_text": change.old_text if change else None,
            "diff": list(change.diff) if change else []}


def rule_context(doc: Document, r: Rule, pin: str | None) -> dict:
    return payload.rule_payload(lib(), doc, r, pin=pin, base=base_url(), index=st().index(doc),
                                html_for=_html_for(doc, pin))


def _rule_json(ctx: dict) -> dict:
    return payload.rule_json(ctx)


@bp.get("/<game>/diff/<old>/<new>")
@bp.get("/<game>/diff/<old>/<new>.json")
def diff_page(game: str, old: str, new: str):
    from judge_app.versions.diff import diff_versions

    for part in (game, old, new):
        check_text(part, "the diff address")
    new = strip_json(new)
    if game not in lib().games:
        raise unknown_game(game)
    d = diff_versions(lib(), game, old, new)
    data = d.to_dict()
    docs = {old: lib().document(game, old), new: lib().document(game, new)}
    for c in data["changes"]:
        v = new if c["status"] != "removed" else old
        c["url"] = rule_url(game, c["id"], pin_for(game, v))
        c["label"] = short(docs[v].get(c["id"]), 80)
    statuses = [s for s in ("changed", "added", "removed", "moved", "editorial")
                if any(c["status"] == s for c in data["changes"])]
    ctx = {"diff": data, "game": {"key": game, "title": lib().games[game].title},
           "old_label": docs[old].info.label or old, "new_label": docs[new].info.label or new,
           "statuses": statuses, "game_url": gv_path(game, pin_for(game, new)),
           "unlogged": [{"id": rid, "url": rule_url(game, rid, pin_for(game, new)),
                         "label": short(docs[new].get(rid) or docs[old].get(rid), 80)} for rid in data["unlogged"]]}
    return _respond("diff.html", ctx, data)


# ---------------------------------------------------------------- small files

@bp.get("/favicon.ico")
def favicon():
    return redirect("/static/favicon.svg", code=301)


@bp.get("/robots.txt")
def robots():
    return Response("User-agent: *\nAllow: /\n", mimetype="text/plain")


@bp.get("/healthz")
def healthz():
    """Readiness, truthfully: 503 when search is down or its index does not verify (issue 19)."""
    svc = st().search
    search = {"ok": False, "error": st().search_error or "search is not available"}
    if svc is not None:
        index = svc.store.status()
        search = {"ok": index["verified"], "serving": svc.reader.path.name, **index}
    body = {"ok": search["ok"], "games": list(lib().games), "search": search, "library": lib().fingerprint}
    return jsonify(body), 200 if body["ok"] else 503
