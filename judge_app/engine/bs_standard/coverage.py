"""Standard rules that describe physical play or card anatomy: "n/a" in the coverage table, with why."""

NOT_APPLICABLE: dict[str, str] = {
    "1-1": "formats and card pools, not play", "1-2": "the number of players", "2-1": "card anatomy",
    "2-2": "card anatomy", "2-3-1": "card anatomy", "2-3-2": "card anatomy", "2-4": "the illustration",
    "2-5": "card anatomy", "2-6": "card anatomy (families are not used by any rule of play)", "2-7": "card anatomy",
    "2-9": "card anatomy", "2-10": "card anatomy", "2-11": "card anatomy", "2-12": "card numbers",
    "2-13": "icons with no meaning in the game", "2-14": "icons with no meaning in the game",
    "2-15": "flavor text", "2-16": "frame text", "3-1": "card anatomy", "3-2-2": "deck construction",
    "3-3-2": "deck construction", "3-4-2": "deck construction", "4-3-2": "physical handling of the hand",
    "4-4-2": "physical handling of the trash", "4-5-2": "physical handling", "4-5-5": "physical handling",
    "4-6-2": "physical handling", "4-7-2": "physical handling", "4-8-2": "substitute cores",
    "4-9-2": "physical handling", "5-1": "a definition", "5-3-1": "a definition", "5-4": "a definition",
    "5-5-1-1": "how a card is turned", "5-5-1-2": "how a card is turned", "5-5-1-3": "how a card is turned",
    "6-1": "deck construction", "6-2": "the pre-game procedure, before any scenario starts",
}


def rows() -> list[tuple[str, str, str]]:
    """(rule id, status, text) for every rule of the Standard document, from behaviour: "executed" when a
    bs-standard golden scenario replays a step citing it, "n/a" with the reason, else "not yet"."""
    import re
    from pathlib import Path

    from judge_app.scenario import check_text

    root = Path(__file__).resolve().parents[3]
    cited: set[str] = set()
    for path in sorted((root / "tests" / "scenarios" / "bs-standard").glob("*.scn")):
        r = check_text(path.read_text(encoding="utf-8"))
        cited |= {rid for s in r.steps for rid in s.rules} | {rid for x in r.rejected for rid in x.rules}
    text = (root / "rules_text" / "bs-standard-1.0.txt").read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"^(\d+(?:-\d+)+):?\s+(.*)$", text, re.M):
        rid, body = m.group(1), m.group(2)
        na = next((why for pre, why in NOT_APPLICABLE.items() if rid == pre or rid.startswith(pre + "-")), None)
        status = "executed" if rid in cited else f"n/a ({na})" if na else "not yet"
        out.append((rid, status, body[:90] + ("…" if len(body) > 90 else "")))
    return out


def render() -> str:
    rs = rows()
    counts: dict[str, int] = {}
    for _r, s, _t in rs:
        counts[s.split(" ")[0]] = counts.get(s.split(" ")[0], 0) + 1
    lines = ["# Rules coverage: Battle Spirits Standard (Official Rules Ver.1.0)", "",
             "Generated from behaviour by `python -m judge_app.engine.bs_standard.coverage`: a rule is *executed* only "
             "when a golden scenario in tests/scenarios/bs-standard replays a step that cites it; *n/a* rules describe "
             "physical play, card anatomy or deck construction; every other rule is *not yet*.", "",
             "| status | rules |", "|---|---|"] + [f"| {k} | {v} |" for k, v in sorted(counts.items())] + [
             "", "| rule | status | text |", "|---|---|---|"]
    lines += [f"| {r} | {s} | {t.replace('|', '/')} |" for r, s, t in rs]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
