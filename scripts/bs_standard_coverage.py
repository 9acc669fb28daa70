"""Generate docs/rules-coverage-bs-standard.md from behaviour (Battle Spirits Standard).

    .venv/bin/python scripts/bs_standard_coverage.py > docs/rules-coverage-bs-standard.md

A rule is "executed" only when a golden scenario of tests/scenarios/bs-standard replays a step citing it.
"""

from __future__ import annotations

import re
from pathlib import Path

from judge_app.engine.bs_standard.coverage import NOT_APPLICABLE
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text

ROOT = Path(__file__).resolve().parents[1]


def rows() -> list[tuple[str, str, str]]:
    """(rule id, status, text) for every rule of the Standard document, from behaviour: "executed" when a
    bs-standard golden scenario replays a step citing it, "n/a" with the reason, else "not yet"."""
    root = ROOT
    cited: set[str] = set()
    for path in sorted((root / "tests" / "scenarios" / "bs-standard").glob("*.scn")):
        try:
            r = check_text(path.read_text(encoding="utf-8"))
        except ScenarioError:  # a refused scenario executes nothing
            continue
        cited |= {rid for s in r.steps for rid in s.rules} | {rid for x in r.rejected for rid in x.rules}
    text = (root / "rules_text" / "bs-standard-1.0.txt").read_text(encoding="utf-8")
    out = []
    found = [(m.group(1), m.group(2)) for m in re.finditer(r"^(\d+(?:-\d+)+):?\s+(.*)$", text, re.M)]
    ids = {rid for rid, _b in found}
    for rid, body in found:
        na = next((why for pre, why in NOT_APPLICABLE.items() if rid == pre or rid.startswith(pre + "-")), None)
        # A section heading (a title with rules below it) is not a rule of play: its rules carry the status.
        heading = "." not in body and any(i.startswith(rid + "-") for i in ids) and rid not in cited
        status = ("executed" if rid in cited else f"n/a ({na})" if na else "section" if heading else "not yet")
        out.append((rid, status, body[:90] + ("…" if len(body) > 90 else "")))
    return out


def render() -> str:
    rs = rows()
    counts: dict[str, int] = {}
    for _r, s, _t in rs:
        key = "not yet" if s == "not yet" else s.split(" ")[0]
        counts[key] = counts.get(key, 0) + 1
    lines = ["# Rules coverage: Battle Spirits Standard (Official Rules Ver.1.0)", "",
             "Generated from behaviour by `scripts/bs_standard_coverage.py`: a rule is *executed* only "
             "when a golden scenario in tests/scenarios/bs-standard replays a step that cites it; *n/a* rules describe "
             "physical play, card anatomy or deck construction; *section* rows are headings whose rules below carry "
             "the status; every other rule is *not yet*.", "",
             "| status | rules |", "|---|---|"] + [f"| {k} | {v} |" for k, v in sorted(counts.items())] + [
             "", "| rule | status | text |", "|---|---|---|"]
    lines += [f"| {r} | {s} | {t.replace('|', '/')} |" for r, s, t in rs]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
