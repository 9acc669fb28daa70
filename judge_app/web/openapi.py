"""The OpenAPI description of the JSON API, served at /api/openapi.json and rendered in docs/api.md.

The schemas are JSON Schema 2020-12 (OpenAPI 3.1): tests validate real answers against them, and
a test keeps docs/api.md equal to `render_markdown()` (regenerate: `python -m judge_app.web.openapi`).
"""

from __future__ import annotations

import json
import sys

from flask import Blueprint, jsonify

bp = Blueprint("openapi", __name__)

_S = {"type": "string"}
_S0 = {"type": ["string", "null"]}
_I = {"type": "integer"}
_B = {"type": "boolean"}
_SL = {"type": "array", "items": _S}


def _obj(required: dict, optional: dict | None = None, *, description: str = "") -> dict:
    out: dict = {"type": "object", "properties": {**required, **(optional or {})}, "required": list(required)}
    if description:
        out["description"] = description
    return out


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _list(item: dict) -> dict:
    return {"type": "array", "items": item}


def _null(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}


SCHEMAS: dict[str, dict] = {
    "Error": _obj({"status": _I, "error": _S, "message": _S},
                  {"hint": _S0, "line": {"type": ["integer", "null"]}, "column": {"type": ["integer", "null"]},
                   "nearest": _SL, "suggestions": _list(_obj({"url": _S, "label": _S}, {"game": _S0, "id": _S0})),
                   "games": _SL, "versions": _SL},
                  description="Every 4xx/5xx answer. `error` is a stable code (unknown_rule, bad_query, "
                              "too_large, scenario_error, …); `message` says what is wrong; the rest depends on it."),
    "Document": _obj({"game": _S, "game_title": _S, "title": _S, "version": _S, "label": _S, "notation": _S,
                      "effective_date": _S0, "current": _B, "pinned": _B, "url": _S, "glossary_url": _S},
                     description="A rules document (one version of one game)."),
    "RuleLite": _obj({"id": _S, "title": _S0, "label": _S, "url": _S}),
    "RuleItem": _obj({"id": _S, "kind": _S, "title": _S0, "text": _S, "html": _S, "url": _S,
                      "children": _list(_ref("RuleItem"))}),
    "Version": _obj({"version": _S, "label": _S, "current": _B, "url": _S},
                    {"effective_date": _S0, "has_rule": _B}),
    "Home": _obj({"games": _list(_obj({"key": _S, "title": _S, "url": _S, "glossary_url": _S,
                                       "current": _obj({"version": _S, "label": _S, "title": _S,
                                                        "effective_date": _S0, "rules": _I}),
                                       "versions": _list(_ref("Version"))})),
                  "search": _obj({"available": _B, "reason": _S0})}),
    "Rule": _obj({
        "game": _obj({"key": _S, "title": _S}),
        "document": _ref("Document"),
        "rule": _obj({"id": _S, "kind": _S, "title": _S0, "text": _S, "html": _S, "url": _S,
                      "printed_id": _S0, "line": _I}, {"parent": _S0}),
        "heading": _S0, "description": _S, "canonical": _S, "pinned_url": _S,
        "breadcrumb": _list({"allOf": [_ref("RuleLite"), _obj({"crumb": _S})]}),
        "children": _list(_ref("RuleItem")), "examples": _list(_ref("RuleItem")),
        "refs": _list(_obj({"raw": _S, "printed": _S, "status": {"enum": ["ok", "stale", "broken"]},
                            "target": _null(_ref("RuleLite")), "proposed": _null(_ref("RuleLite")),
                            "evidence": _S0})),
        "cited_by": _list(_ref("RuleLite")),
        "terms_used": _list(_obj({"term": _S, "rule": _null(_ref("RuleLite"))})),
        "terms_defined": _list(_obj({"term": _S, "anchor": _S, "url": _S})),
        "prev": _null(_ref("RuleLite")), "next": _null(_ref("RuleLite")),
        "versions": _list(_ref("Version")),
        "history": _list(_obj({"version": _S, "label": _S, "status": _S, "text": _S0, "url": _S0})),
        "newer": _null(_obj({"version": _S, "label": _S, "status": _S, "url": _S, "text": _S0, "diff": _list({})},
                            description="On an older version's page: how the rule reads in the current one.")),
        "diff_url": _S0,
        "citation": _obj({"plain": _S, "markdown": _S}),
        "version_label": _S,
    }, {"since": _obj({"version": _S, "label": _S, "status": _S, "url": _S0, "old_text": _S0, "diff": _list({})}),
        "version": _S},
        description="One rule with its context. `text` is raw (escape it); `html` is sanitised markup. "
                    "`judge rule GAME ID --json` gives the same object plus `version`."),
    "BrowseNode": _obj({"id": _S, "kind": _S, "title": _S0, "text": _S, "url": _S,
                        "children": _list(_ref("BrowseNode"))}),
    "Browse": _obj({"document": _ref("Document"), "toc": _list(_obj({"id": _S, "title": _S0})),
                    "tree": _list(_ref("BrowseNode"))}),
    "Glossary": _obj({"document": _ref("Document"), "game_title": _S, "canonical": _S,
                      "terms": _list(_obj({
                          "term": _S, "anchor": _S, "letter": _S,
                          "rule": _obj({"id": _S, "text": _S, "url": _S, "html": _S}),
                          "used_by": _list(_obj({"id": _S, "url": _S})),
                          "definitions": _list(_obj({"term": _S, "anchor": _S, "rule": _obj({"id": _S, "url": _S})})),
                          "aliases": _SL}))},
                     description="Terms merged by name (a keyword and its full form are one entry with two definitions)."),
    "Diff": _obj({"game": _S, "old": _S, "new": _S, "counts": {"type": "object", "additionalProperties": _I},
                  "changes": _list(_obj({"id": _S, "status": {"enum": ["changed", "added", "removed", "moved", "editorial"]},
                                         "kind": _S, "old_text": _S0, "new_text": _S0, "url": _S, "label": _S},
                                        {"old_id": _S, "similarity": {"type": "number"}, "diff": _list({})})),
                  "changelog": _list(_obj({"text": _S, "confirmed": _B, "evidence": _S})),
                  "unlogged": _SL}),
    "SearchResult": _obj({"query": _S, "hits": _list(_obj({"game": _S, "id": _S, "url": _S},
                                                          {"version": _S0, "title": _S0, "snippet": _S, "snippet_html": _S,
                                                           "score": {"type": "number"}, "kind": _S}))},
                         {"game": _S0, "interpreted_as": _S0, "redirect": _null(_obj({"game": _S, "id": _S})),
                          "redirect_url": _S, "nearest": _null(_list({"type": "object"}))},
                         description="A rule number in any notation answers with `redirect` and `redirect_url` "
                                     "(the page itself redirects)."),
    "Step": _obj({"n": _I, "kind": _S, "text": _S, "rules": _SL, "line": {"type": ["integer", "null"]}}),
    "CheckResult": _obj({
        "game": _S, "rules_version": _S,
        "verdict": _obj({"kind": {"enum": ["win", "draw", "ongoing", "needs_choice", "undetermined"]},
                         "winner": _S0, "reason": _S}),
        "headline": _obj({"title": _S, "points": _SL, "detail": _S},
                         description="The answer first: who won, what a player must choose, what was destroyed."),
        "steps": _list(_ref("Step")),
        "rejected": _list(_obj({"line": {"type": ["integer", "null"]}, "reason": _S, "rules": _SL})),
        "needs_choice": _null(_obj({"player": _S, "question": _S, "options": _SL, "rule": _S})),
        "state": {"type": "object", "description": "The final state; its shape is documented per game "
                                                   "(docs/scenario-language.md)."},
        "cited": _SL, "board": _S,
        "notes": _SL,  # s17 misprint: what the answer says beside its steps (a misprint repaired in a card text)
        "share": _S0,
        "card_texts": _list(_ref("CardTextReading")),
    }, {"expectations": _list({"type": "object"})},
        description="`share` is a /check link that reproduces the answer, or null when the scenario is too "
                    "long for an address. `card_texts`: the scenario's card effect texts as the engine read "
                    "them (also in a refused scenario's error answer)."),
    "CardTextReading": _obj({"text": _S, "status": {"enum": ["read", "not executable", "not understood"]},
                             "understood": _S, "word": _S, "rest": _S, "message": _S, "nearest": _S,
                             "repairs": _list(_obj({"at": _I, "printed": _S, "read": _S, "note": _S}))},
                            description="Which words of one card text the engine understood: `understood`, then "
                                        "`word` where understanding stopped, then `rest`; `nearest` is the "
                                        "nearest supported wording (empty when the text was read); `repairs`: the "
                                        "misprints repaired to read it (printed word, word read, note)."),
    "CheckGuide": _obj({"examples": _list(_obj({"name": _S, "title": _S, "game": _S})),
                        "supported": _obj({"games": _list(_obj({"game": _S, "title": _S, "rules_version": _S,
                                                                "template": _S, "cheatsheet": _list({"type": "object"})})),
                                           "others": _list(_obj({"key": _S, "title": _S}))})}),
    "Template": _obj({"game": _S, "template": _S}),
    "CiteResult": _obj({"text": _S, "format": {"enum": ["plain", "discord", "slack"]},
                        "citations": _list(_obj({"raw": _S, "status": {"enum": ["resolved", "ambiguous", "unknown"]},
                                                 "game": _S0, "id": _S0, "url": _S0, "start": _I, "end": _I,
                                                 "candidates": _list({"type": "object"})}, {"reason": _S})),
                        "quotes": _list(_obj({"game": _S, "id": _S, "url": _S, "messages": _SL, "split": _B})),
                        "omitted_quotes": _I}),
    "Health": _obj({"ok": _B, "games": _SL, "library": _S,
                    "search": {"oneOf": [_B, _obj({"ok": _B}, {"serving": _S0, "build": _S0, "verified": _B,
                                                              "problem": _S0})]}}),
}

_GAME = {"name": "game", "in": "path", "required": True, "schema": _S,
         "description": "A game key (`bss`, `bs-standard`, `monster`, `ws`), or `game@version` for an older version."}


def _q(name: str, description: str, schema: dict | None = None, required: bool = False) -> dict:
    return {"name": name, "in": "query", "required": required, "schema": schema or _S, "description": description}


def _json(name: str, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": _ref(name)}}}


_ERR = {"4XX": _json("Error", "Bad input (400), unknown game/version/rule (404), too large (413), address too long (414).")}

PATHS: dict[str, dict] = {
    "/index.json": {"get": {"summary": "The games, their current documents and versions",
                            "responses": {"200": _json("Home", "The games.")}}},
    "/search.json": {"get": {
        "summary": "Search the rules (words, or a rule number in any notation)",
        "parameters": [_q("q", "The query: words, or `7-1-5`, `CR 7.1.5`, `ws:7.5.1.3` …", required=True),
                       _q("game", "Only this game"), _q("v", "Only this version of `game`"),
                       _q("limit", "Hits, 1–100 (20)", {"type": "integer", "minimum": 1, "maximum": 100})],
        "responses": {"200": _json("SearchResult", "Hits, or where a rule number leads."), **_ERR}}},
    "/{game}.json": {"get": {"summary": "A whole document as a tree", "parameters": [_GAME],
                             "responses": {"200": _json("Browse", "The document."), **_ERR}}},
    "/{game}/glossary.json": {"get": {"summary": "The defined terms of a document", "parameters": [_GAME],
                                      "responses": {"200": _json("Glossary", "The glossary."), **_ERR}}},
    "/{game}/{rule}.json": {"get": {
        "summary": "One rule with its context",
        "description": "Any notation of the number redirects (301) to the canonical id; `?since=VERSION` adds "
                       "`since` (what changed since that version).",
        "parameters": [_GAME, {"name": "rule", "in": "path", "required": True, "schema": _S,
                               "description": "The rule id (`7-1-5-2-1`, `5.15.1`)."},
                       _q("since", "A version to compare with")],
        "responses": {"200": _json("Rule", "The rule."), "301": {"description": "To the canonical address."}, **_ERR}}},
    "/{game}/diff/{old}/{new}.json": {"get": {
        "summary": "What changed between two versions, checked against the changelog",
        "parameters": [{**_GAME, "description": "A game key."},
                       {"name": "old", "in": "path", "required": True, "schema": _S},
                       {"name": "new", "in": "path", "required": True, "schema": _S}],
        "responses": {"200": _json("Diff", "The changes."), **_ERR}}},
    "/api/check": {"post": {
        "summary": "Replay a scenario (\"what happens if\") and answer step by step",
        "requestBody": {"required": True, "content": {
            "application/json": {"schema": _obj({"scenario": _S})},
            "text/plain": {"schema": _S}}},
        "responses": {"200": _json("CheckResult", "The answer."),
                      "4XX": _json("Error", "A scenario that cannot be run (400, with `line` and `column`), "
                                            "too large (413).")}}},
    "/check.json": {"get": {
        "summary": "The checker's guide, or the answer for a share link or an example",
        "parameters": [_q("s", "A share token (from `share`)"), _q("example", "An example's name"),
                       _q("template", "A game key: that game's template")],
        "responses": {"200": {"description": "`CheckGuide` without parameters, `Template` for `template`, "
                                             "else `CheckResult`.",
                              "content": {"application/json": {"schema": {"oneOf": [
                                  _ref("CheckGuide"), _ref("Template"), _ref("CheckResult")]}}}},
                      **_ERR}}},
    "/api/cite": {"post": {
        "summary": "Find, link and quote the rule citations in a chat message",
        "requestBody": {"required": True, "content": {"application/json": {"schema": _obj(
            {"text": _S}, {"game": _S0, "format": {"enum": ["plain", "discord", "slack"]}})}}},
        "responses": {"200": _json("CiteResult", "The message linked, the citations, the quoted rules."), **_ERR}}},
    "/healthz": {"get": {"summary": "Liveness: games, search, library fingerprint",
                         "responses": {"200": _json("Health", "Up.")}}},
    "/api/openapi.json": {"get": {"summary": "This description",
                                  "responses": {"200": {"description": "OpenAPI 3.1",
                                                        "content": {"application/json": {}}}}}},
}


def spec() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "judge", "version": "1",
                 "description": "Comprehensive rules of trading card games as JSON: rules, search, versions, "
                                "the scenario checker and the citation linker. Every page also answers as JSON "
                                "(a `.json` twin or `Accept: application/json`)."},
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": PATHS,
        "components": {"schemas": SCHEMAS},
    }


@bp.get("/api/openapi.json")
def openapi_json():
    resp = jsonify(spec())
    resp.headers["Cache-Control"] = "public, max-age=3600"
    return resp


# ------------------------------------------------------------------ docs/api.md

def _type(s: dict) -> str:
    if "$ref" in s:
        name = s["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in s:
        return " or ".join(_type(x) for x in s["anyOf"])
    if "oneOf" in s:
        return " or ".join(_type(x) for x in s["oneOf"])
    if "allOf" in s:
        return " + ".join(_type(x) for x in s["allOf"])
    if "enum" in s:
        return " \\| ".join(f"`{e}`" for e in s["enum"])
    t = s.get("type")
    if t == "array":
        return "array of " + _type(s.get("items") or {})
    if t == "object" and "properties" in s:
        return "object {" + ", ".join(s["properties"]) + "}"
    if isinstance(t, list):
        return " or ".join(t)
    return t or "any"


def render_markdown(d: dict | None = None) -> str:
    d = d or spec()
    out = ["# The JSON API", "",
           "<!-- generated by `python -m judge_app.web.openapi > docs/api.md`; tests/web/test_openapi.py keeps it current -->",
           "", d["info"]["description"], "",
           "The machine-readable description is served at `/api/openapi.json` (OpenAPI 3.1; the schemas are "
           "JSON Schema 2020-12, and the tests validate real answers against them).", "", "## Endpoints", ""]
    for path, ops in d["paths"].items():
        for method, op in ops.items():
            out += [f"### `{method.upper()} {path}`", "", op["summary"] + ".", ""]
            if op.get("description"):
                out += [op["description"], ""]
            params = op.get("parameters") or []
            if params:
                out += ["| parameter | in | required | type | meaning |", "|---|---|---|---|---|"]
                out += [f"| `{p['name']}` | {p['in']} | {'yes' if p.get('required') else 'no'} | "
                        f"{_type(p.get('schema') or {})} | {p.get('description', '')} |" for p in params]
                out.append("")
            body = op.get("requestBody")
            if body:
                kinds = ", ".join(f"`{k}`: {_type(v.get('schema') or {})}" for k, v in body["content"].items())
                out += [f"Body: {kinds}.", ""]
            for code, r in op["responses"].items():
                media = list(r.get("content", {}).values())
                schema = media[0].get("schema") if media else None
                out.append(f"- **{code}** {r['description']}" + (f" → {_type(schema)}" if schema else ""))
            out.append("")
    out += ["## Schemas", ""]
    for name, s in d["components"]["schemas"].items():
        out += [f"### {name}", ""]
        if s.get("description"):
            out += [s["description"], ""]
        out += ["| field | type | always |", "|---|---|---|"]
        req = set(s.get("required", ()))
        out += [f"| `{k}` | {_type(v)} | {'yes' if k in req else 'no'} |" for k, v in s.get("properties", {}).items()]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--json"]:
        print(json.dumps(spec(), indent=2))
    else:
        sys.stdout.write(render_markdown())
