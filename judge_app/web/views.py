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
from urllib.parse import quote, urlencode

from flask import Blueprint, Response, current_app, jsonify, redirect, render_template, request

from judge_app.errors import BadQuery, JudgeError, ServiceUnavailable, TooLarge, UnknownGame, UnknownRule
from judge_app.rules import Document, Library, Rule, nearest
from judge_app.rules.parsing import ids as idmod
from judge_app.web.negotiate import strip_json, wants_json
from judge_app.web.render import rule_html, sanitise_snippet
from judge_app.web.security import HEADERS as SECURITY_HEADERS
from judge_app.web.state import WebState, is_derived, term_slug

bp = Blueprint("pages", __name__)


# ---------------------------------------------------------------- helpers

def st() -> WebState:
    return current_app.extensions["judge"]


def lib() -> Library:
    return st().library


def base_url() -> str:
    # the configured base, never the Host header: these pages are cached and publicly cacheable
    return current_app.config.get("JUDGE_BASE_URL") or ""


def gv_path(game: str, pin: str | None) -> str:
    return f"/{game}@{quote(pin, safe='.-_')}" if pin else f"/{game}"


def rule_url(game: str, rule_id: str, pin: str | None = None) -> str:
    return f"{gv_path(game, pin)}/{quote(rule_id, safe='.-_')}"


def pin_for(game: str, version: str | None) -> str | None:
    """Links to the current document stay unpinned; links to older ones carry the version."""
    if version is None or version == lib().games[game].current:
        return None
    return version


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
        suggestions.append({"game": key, "id": None, "label": games[key].title, "url": f"/{key}"})
    # a bare rule number in place of a game (`/7-1-5`): offer that rule in every game that has it
    for key, g in games.items():
        rid = resolve_number(name, key, None)
        if rid:
            doc = lib().document(key)
            suggestions.append({"game": key, "id": rid, "label": f"{g.title} {rid}: {short(doc.get(rid))}",
                                "url": rule_url(key, rid)})
    for key, g in games.items():
        if not any(s["game"] == key and s["id"] is None for s in suggestions):
            suggestions.append({"game": key, "id": None, "label": g.title, "url": f"/{key}"})
    return UnknownGame(f"there is no game {name!r}", hint="games: " + ", ".join(games),
                       details={"games": list(games), "suggestions": suggestions})


def short(rule: Rule | None, n: int = 90) -> str:
    if rule is None:
        return ""
    text = rule.title or rule.text.replace("\n", " ")
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


# ------------------------------------------------- rule numbers in any notation

_PREFIX = re.compile(r"^\s*(?:(?:cr|comprehensive\s+rules?)\s*|rules?\s+|clause\s+|section\s+|§\s*|r\s*)", re.I)
_NUMBERISH = re.compile(r"\d{1,3}(?:\s*[-.\s_/,]\s*\d{1,3})*")
_notation_fn = None


def _parse_rule_number():
    global _notation_fn
    if _notation_fn is None:
        try:
            from judge_app.rules.notation import parse_rule_number
        except ImportError:
            parse_rule_number = False
        _notation_fn = parse_rule_number
    return _notation_fn or None


def _fallback_number(text: str, doc: Document) -> str | None:
    t = _PREFIX.sub("", text.strip()).strip().rstrip("/").rstrip(".:").strip()
    if not _NUMBERISH.fullmatch(t):
        return None
    return idmod.join(tuple(int(n) for n in re.findall(r"\d+", t)), doc.info.notation)


def resolve_number(text: str, game: str, version: str | None) -> str | None:
    """The id of an existing rule of `game` that `text` names in any notation, or None."""
    doc = lib().document(game, version)
    if text in doc.rules:
        return text
    fn = _parse_rule_number()
    if fn is not None:
        try:
            rn = fn(text, lib(), game=game, version=version)
        except JudgeError:
            rn = None
        if rn is not None and getattr(rn, "exists", False) and rn.ids and (rn.game in (None, game)):
            rid = rn.ids[0]
            if rid in doc.rules:
                return rid
    rid = _fallback_number(text, doc)
    return rid if rid in doc.rules else None


def unknown_rule(doc: Document, text: str, pin: str | None) -> UnknownRule:
    near: list[str] = []
    fn = _parse_rule_number()
    if fn is not None:
        try:
            rn = fn(text, lib(), game=doc.game, version=doc.version)
        except JudgeError:
            rn = None
        if rn is not None:
            for n in getattr(rn, "nearest", None) or []:
                rid = n.get("id") if isinstance(n, dict) else str(n)
                if rid in doc.rules and rid not in near:
                    near.append(rid)
    if not near:
        cand = _fallback_number(text, doc) or text
        near = nearest(doc, cand)
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


def _answer_cached(body: bytes, headers: list) -> Response:
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
    d = doc.info.to_dict()
    d.pop("file", None)
    d["pinned"] = pin is not None
    d["url"] = gv_path(doc.game, pin)
    d["glossary_url"] = gv_path(doc.game, pin) + "/glossary"
    return d


# ---------------------------------------------------------------- home

@bp.get("/")
@bp.get("/index.json")
def home():
    games = []
    for key, g in lib().games.items():
        doc = lib().document(key)
        games.append({
            "key": key, "title": g.title, "url": f"/{key}", "glossary_url": f"/{key}/glossary",
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
    if game is not None and game not in lib().games:
        raise BadQuery(f"there is no game {game[:40]!r} to search in", details={"games": list(lib().games), "query": q})
    if version is not None:
        if game is None:
            raise BadQuery("a version (v) needs a game", details={"query": q})
        try:
            lib().document(game, version)
        except JudgeError as e:
            raise BadQuery(e.message, details={**e.details, "query": q}) from None
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
    hits = []
    for h in result.get("hits", []):
        if h.get("game") not in lib().games:  # an index older than the library: skip, never fail
            continue
        h = dict(h)
        pin = pin_for(h["game"], h.get("version"))
        h["url"] = rule_url(h["game"], h["id"], pin)
        h["snippet_html"] = str(sanitise_snippet(h.get("snippet_html") or ""))
        sec = h.get("section") or None
        if sec and sec.get("id"):
            sec = {**sec, "url": rule_url(h["game"], sec["id"], pin)}
        h["section"] = sec
        hits.append(h)
    result["hits"] = hits
    groups: list[dict] = []
    by_key: dict = {}
    for h in hits:
        sec = h.get("section") or {}
        key = (h["game"], h.get("version"), sec.get("id"))
        if key not in by_key:
            by_key[key] = {"game": h["game"], "game_title": lib().games[h["game"]].title,
                           "section": sec or None, "hits": []}
            groups.append(by_key[key])
        by_key[key]["hits"].append(h)
    dym = result.get("did_you_mean")
    if isinstance(dym, str):
        dym = [dym] if dym else []
    dym_links = [{"text": d, "url": "/search?" + urlencode({k: v for k, v in (("q", d), ("game", game)) if v})}
                 for d in (dym or []) if isinstance(d, str)]
    near = []
    for n in result.get("nearest") or []:
        if isinstance(n, dict) and n.get("id"):
            ngame = n.get("game") or game
        elif isinstance(n, str) and game:
            ngame, n = game, {"id": n}
        else:
            continue
        if ngame in lib().games:
            near.append({**n, "game": ngame, "url": rule_url(ngame, n["id"], pin_for(ngame, n.get("version")))})
    result["nearest"] = near
    ctx = {"q": q, "game": game, "version": version, "result": result, "groups": groups,
           "did_you_mean": dym_links}
    return _respond("search.html", ctx, result,
                    cache_key=ckey if current_app.config["JUDGE_SEARCH_CACHE"] else None, max_age=60)


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
    terms = []
    for t in doc.terms:
        r = doc.get(t.rule)
        terms.append({
            "term": t.term, "anchor": term_slug(t.term),
            "rule": {"id": t.rule, "text": short(r, 240), "url": rule_url(game, t.rule, pin)},
            "used_by": [{"id": u, "url": rule_url(game, u, pin)} for u in t.used_by],
        })
    ctx = {"document": _doc_info(doc, pin), "game_title": doc.info.game_title, "terms": terms,
           "canonical": base_url() + gv_path(game, pin) + "/glossary"}
    return _respond("glossary.html", ctx, cache_key=key)


# ---------------------------------------------------------------- rule

def _html_for(doc: Document, pin: str | None):
    state = st()
    index = state.index(doc)
    game = doc.game

    def title_for(rid: str) -> str:
        return f"{rid}: {short(doc.get(rid), 120)}"

    def url_for_id(rid: str) -> str:
        return rule_url(game, idmod.base_of(rid) if rid in doc.rules and is_derived(doc.rules[rid]) else rid, pin)

    def url_for_term(t) -> str:
        return rule_url(game, t.rule, pin)

    def html_for(rid: str):
        key = (game, doc.version, pin is not None, rid)
        out = state.html.get(key)
        if out is None:
            r = doc.rules[rid]
            terms = [t for t in index.terms_used.get(rid, ()) if t.rule != rid]
            out = rule_html(r, url_for_id=url_for_id, title_for_id=title_for, terms=terms,
                            url_for_term=url_for_term)
            state.html.put(key, out)
        return out

    return html_for


def _versions(game: str, rule_id: str | None) -> list[dict]:
    g = lib().games[game]
    out = []
    for v in g.versions:
        d = lib().document(game, v)
        pin = pin_for(game, v)
        has = rule_id is None or rule_id in d.rules
        out.append({"version": v, "label": d.info.label or v, "current": v == g.current,
                    "effective_date": d.info.effective_date, "has_rule": has,
                    "url": rule_url(game, rule_id, pin) if rule_id and has else gv_path(game, pin)})
    return out


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


def _history(game: str, rule_id: str) -> list[dict]:
    from judge_app.versions.diff import rule_history

    return [{**h.to_dict(), "url": rule_url(game, rule_id, pin_for(game, h.version)) if h.text is not None else None}
            for h in rule_history(lib(), game, rule_id)]


def rule_context(doc: Document, r: Rule, pin: str | None) -> dict:
    game = doc.game
    index = st().index(doc)
    html_for = _html_for(doc, pin)
    url = rule_url(game, r.id, pin)
    canonical = base_url() + url
    heading = index.section_title(r)

    def lite(rid: str | None) -> dict | None:
        if rid is None or rid not in doc.rules:
            return None
        x = doc.rules[rid]
        return {"id": rid, "title": x.title, "label": short(x), "url": rule_url(game, rid, pin)}

    def item(x: Rule) -> dict:
        return {"id": x.id, "kind": str(x.kind), "title": x.title, "text": x.text, "html": html_for(x.id),
                "url": rule_url(game, x.id, pin), "children": [item(doc.rules[c]) for c in x.children],
                "cite": citation(doc, x, base_url() + rule_url(game, x.id, pin), index.section_title(x))}

    children = [item(doc.rules[c]) for c in r.children if not is_derived(doc.rules[c])]
    examples = [item(doc.rules[c]) for c in r.children if is_derived(doc.rules[c])]
    refs = []
    seen_refs = set()
    for ref in r.refs:
        k = (ref.printed, ref.target, ref.proposed)
        if k in seen_refs:
            continue
        seen_refs.add(k)
        refs.append({"raw": ref.raw, "printed": ref.printed, "status": str(ref.status),
                     "target": lite(ref.target), "proposed": lite(ref.proposed), "evidence": ref.evidence})
    # references made by this rule's examples and notes are shown with it too
    prev_r, next_r = doc.neighbours(r.id)
    terms_used = [{"term": t.term, "rule": lite(t.rule)} for t in index.terms_used.get(r.id, ()) if t.rule != r.id]
    terms_defined = [{"term": t, "anchor": term_slug(t),
                      "url": gv_path(game, pin) + "/glossary#" + term_slug(t)} for t in r.defines]
    label = doc.info.label or doc.version
    return {
        "game": {"key": game, "title": doc.info.game_title},
        "document": _doc_info(doc, pin),
        "rule": {"id": r.id, "kind": str(r.kind), "title": r.title, "text": r.text, "html": html_for(r.id),
                 "url": url, "printed_id": r.printed_id, "line": r.line},
        "heading": heading,
        "page_title": f"{doc.info.game_title} {r.id}" + (f" — {heading}" if heading else ""),
        "description": (r.text or heading or "").replace("\n", " ")[:300],
        "canonical": canonical,
        "breadcrumb": [dict(lite(a.id), crumb=short(a, 40)) for a in doc.ancestors(r.id)],
        "children": children,
        "examples": examples,
        "refs": refs,
        "cited_by": [lite(c) for c in r.cited_by if c in doc.rules],
        "terms_used": terms_used,
        "terms_defined": terms_defined,
        "prev": lite(prev_r.id if prev_r else None),
        "next": lite(next_r.id if next_r else None),
        "versions": _versions(game, r.id),
        "history": _history(game, r.id) if len(lib().games[game].versions) > 1 else [],
        "citation": citation(doc, r, canonical, heading),
        "version_label": label,
    }


def citation(doc: Document, r: Rule, url: str, heading: str | None) -> dict:
    label = doc.info.label or doc.version
    name = f"{doc.info.game_title} {r.id}"
    head = f" {r.title}" if r.title else (f" ({heading})" if heading else "")
    text = r.text.strip()
    plain = f"{name}{head}, {label}\n" + (f"{text}\n" if text else "") + url
    quoted = "\n".join("> " + line if line else ">" for line in text.splitlines())
    md = f"**[{name}]({url})**{head} · {label}" + (f"\n{quoted}" if text else "")
    return {"plain": plain, "markdown": md}


def _strip_html(node):
    if isinstance(node, dict):
        return {k: _strip_html(v) for k, v in node.items() if k not in ("cite",)}
    if isinstance(node, list):
        return [_strip_html(x) for x in node]
    if hasattr(node, "__html__"):
        return str(node)
    return node


def _rule_json(ctx: dict) -> dict:
    out = _strip_html({k: v for k, v in ctx.items() if k not in ("page_title",)})
    return out


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
    for c in data["changes"]:
        c["url"] = rule_url(game, c["id"], pin_for(game, new if c["status"] != "removed" else old))
    ctx = {"diff": data, "game": {"key": game, "title": lib().games[game].title},
           "old_label": lib().document(game, old).info.label or old,
           "new_label": lib().document(game, new).info.label or new}
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
