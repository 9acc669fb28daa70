"""The OpenAPI description: served, current in docs/api.md, and true of real answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from judge_app.scenario.examples import examples
from judge_app.web.openapi import render_markdown, spec

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def validator(name: str) -> Draft202012Validator:
    d = spec()
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": d["components"]})


def check(name: str, data) -> None:
    errors = sorted(validator(name).iter_errors(data), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message[:200]}" for e in errors[:10])


def example(name: str) -> str:
    return next(e["text"] for e in examples() if e["name"] == name)


def test_served_and_well_formed(client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200 and r.get_json() == spec()
    Draft202012Validator.check_schema({"components": spec()["components"]})
    for schema in spec()["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)
    # every $ref names a schema that exists
    import json
    import re

    text = json.dumps(spec())
    for ref in set(re.findall(r'"#/components/schemas/([^"]+)"', text)):
        assert ref in spec()["components"]["schemas"], ref


def test_docs_api_md_is_current():
    assert DOCS.read_text(encoding="utf-8") == render_markdown(), \
        "docs/api.md is stale: run `python -m judge_app.web.openapi > docs/api.md`"


@pytest.mark.parametrize("url,name", [
    ("/index.json", "Home"),
    ("/bss.json", "Browse"),
    ("/ws.json", "Browse"),
    ("/bss/glossary.json", "Glossary"),
    ("/ws/glossary.json", "Glossary"),
    ("/bss/7-1-5-2-1.json", "Rule"),
    ("/bss/7-1-5.json", "Rule"),
    ("/bss@pre-2023-11-21/11-3-1.json", "Rule"),
    ("/bss/11-3-1.json?since=pre-2023-11-21", "Rule"),
    ("/monster/1.2.3.json", "Rule"),
    ("/bs-standard/1-4-2-1.json", "Rule"),
    ("/bss/diff/pre-2023-11-21/1.7.0.json", "Diff"),
    ("/healthz", "Health"),
    ("/check.json", "CheckGuide"),
    ("/check.json?example=08-needs-choice", "CheckResult"),
    ("/check.json?template=bss", "Template"),
    ("/bss/7-1-99.json", "Error"),
    ("/chess/1.json", "Error"),
    ("/search.json?q=", "Error"),
])
def test_get_answers_match(client, url, name):
    r = client.get(url)
    assert r.is_json
    check(name, r.get_json())
    assert (r.status_code >= 400) == (name == "Error")


def test_search_answers_match(fake_client):
    for q in ("block", "7-1-5", "blok", "evil"):
        check("SearchResult", fake_client.get("/search.json", query_string={"q": q}).get_json())


@pytest.mark.parametrize("name", [e["name"] for e in examples()])
def test_check_answers_match(client, name):
    r = client.post("/api/check", json={"scenario": example(name)})
    check("CheckResult", r.get_json())


def test_check_errors_and_cite_match(client):
    r = client.post("/api/check", json={"scenario": "game bss\nturn 5, A, attack step\nA: life 5, reserv 2\n"})
    assert r.status_code == 400
    check("Error", r.get_json())
    assert r.get_json()["line"] == 3
    for text in ("per CR 7-1-5 and ws:9.2, also CR 7-1-99", "7.1.5 in bss", "nothing here"):
        for fmt in ("plain", "discord", "slack"):
            check("CiteResult", client.post("/api/cite", json={"text": text, "format": fmt}).get_json())
    check("Error", client.post("/api/cite", json={"text": 3}).get_json())


def test_a_wrong_answer_is_caught():
    """The schemas are strict enough to fail: a rule answer missing a key, or of the wrong type."""
    bad = {"game": {"key": "bss"}, "rule": {"id": 3}}
    assert list(validator("Rule").iter_errors(bad))
    assert list(validator("CheckResult").iter_errors({"verdict": {"kind": "maybe"}}))
