""""Explore every choice" on the "What happens if?" page and `"explore": true` on POST /api/check.

The exploration runs inside the checker's budgets (the whole tree shares its time budget); this module
only turns the explorer's answer into the page's tree and the API's JSON.
"""

from __future__ import annotations

from collections.abc import Callable

from judge_app.errors import BadQuery


def wants_explore(value: object) -> bool:
    """The `explore` flag of a form, a query string or a JSON body."""
    if value is None or value is False:
        return False
    if value is True:
        return True
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.lower() in ("", "0", "false", "no", "off"):
        return False
    raise BadQuery('"explore" must be true or false', hint='send {"scenario": "…", "explore": true}')


def run_explore(text: str, *, max_steps: int, time_budget: float) -> dict:
    """The exploration as plain data, run in the checker's bounded pool (like every check)."""
    from judge_app.web.checkpool import app_pool

    return app_pool().explore(text, max_steps, time_budget)


def page_context(ex: dict, rule_links: Callable[[str, list[str]], list[dict]]) -> dict:
    """What templates/_explore.html shows: the nested choices, and per outcome its verdict, changes and
    the steps after the ones every outcome shares, each with its rule links. `ex`: `run_explore`'s data."""
    game = ex["game"]
    data = ex["data"]
    shared = ex["shared"]
    for k, b in enumerate(data["branches"], 1):
        b["number"] = k
        b["new_steps"] = b["steps"][shared:]
        for s in b["new_steps"]:
            s["links"] = rule_links(game, s["rules"])
        for r in b["rejected"]:
            r["links"] = rule_links(game, r["rules"])
        if b["needs_choice"]:
            b["needs_choice"]["links"] = rule_links(game, [b["needs_choice"]["rule"]])
        b["also_words"] = ["; ".join(ln for a in p for ln in a["lines"]) for p in b["also"]]
    common = data["branches"][0]["steps"][:shared] if data["branches"] else []
    for s in common:
        s["links"] = rule_links(game, s["rules"])
    return {"data": data, "tree": ex["tree"], "common": common, "game": game}
