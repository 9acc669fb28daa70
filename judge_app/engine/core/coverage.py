"""Rendering a game's rules coverage table as markdown (each game computes its own rows).

A row is (rule id, kind, status, where / why, text); rows come in document order, and a new
section starts at each chapter (the id's first part, split on `sep`).
"""

from __future__ import annotations

STATUSES = ("executed", "followed", "n/a", "not yet")


def render_table(intro: list[str], rows: list[tuple[str, str, str, str, str]], sep: str) -> str:
    counts = {s: sum(1 for r in rows if r[2] == s) for s in STATUSES}
    lines = list(intro) + ["", "| status | rules |", "|---|---|"]
    lines += [f"| {s} | {counts[s]} |" for s in STATUSES] + [f"| total | {len(rows)} |"]
    chapter = None
    for rid, kind, status, note, text in rows:
        top = rid.split(sep)[0]
        if top != chapter:
            chapter = top
            lines += ["", f"## {rid} {text}" if kind == "chapter" else f"## {top}", "",
                      "| rule | status | where / why | text |", "|---|---|---|---|"]
        short = text if len(text) <= 90 else text[:87].rstrip() + "…"
        lines.append(f"| {rid} | {status} | {note} | {short.replace('|', chr(92) + '|')} |")
    return "\n".join(lines) + "\n"
