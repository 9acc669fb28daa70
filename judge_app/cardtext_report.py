"""Grade a card-text corpus (tests/cardtext/<game>.jsonl) by behaviour and write docs/card-text.md.

Each corpus line holds `text` and either `ast` (the summary the text must read as) or `refused` (words the
refusal must contain); some hold a `scenario` whose expect lines must all hold when the text is executed.
Figures come from running the engine's reader and the scenario checker, never from the code's text.
"""

from __future__ import annotations

import json
import re
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_app.engine.core.registry import CardTextReader

ROOT = Path(__file__).resolve().parents[1]
CORPUS_DIR = ROOT / "tests" / "cardtext"


def reader(game: str) -> CardTextReader:
    """The game's card-text reader, from its registration (a game plugs in by setting `card_text`)."""
    from judge_app.engine.games import get_spec
    from judge_app.errors import JudgeError

    spec = get_spec(game)
    if spec is None or spec.card_text is None:
        raise JudgeError(f"no card-text reader for game {game!r}",
                         hint="games with a reader: " + ", ".join(readers()))
    return spec.card_text


def readers() -> list[str]:
    """The games whose registration has a card-text reader."""
    from judge_app.engine.games import all_specs

    return [k for k, spec in all_specs().items() if spec.card_text is not None]


@dataclass(frozen=True, slots=True)
class LineResult:
    n: int
    text: str
    accepted: bool
    correct: bool  # read as its `ast`, or refused with its `refused` words
    executed: bool | None  # None: the line has no scenario
    detail: str = ""


@dataclass(frozen=True, slots=True)
class GameReport:
    game: str
    lines: tuple[LineResult, ...]
    refusals: tuple[tuple[str, int], ...] = field(default=())
    note: str = ""  # how the corpus was made

    @property
    def total(self) -> int:
        return len(self.lines)

    @property
    def accepted(self) -> int:
        return sum(r.accepted for r in self.lines)

    @property
    def correct(self) -> int:
        return sum(r.correct for r in self.lines)

    @property
    def with_scenario(self) -> int:
        return sum(r.executed is not None for r in self.lines)

    @property
    def executed(self) -> int:
        return sum(bool(r.executed) for r in self.lines)

    def failures(self) -> list[LineResult]:
        return [r for r in self.lines if not r.correct or r.executed is False]


def _construction(message: str) -> str:
    m = re.search(r"the engine reads (.+?) in \"", message)
    if m:
        return m.group(1)
    # the word is quoted in the message and may itself begin with a quote (a card name, a quoted ability): read up to
    # the column that follows it, not up to the word's own first quote (which left "unknown wording at """)
    m = re.search(r'understanding stopped at "(.*?)" \(column \d+\)', message) \
        or re.search(r'understanding stopped at "([^"]*)"', message)
    return f'unknown wording at "{m.group(1)}"' if m else message[:80]


def grade(game: str, path: Path | None = None) -> GameReport:
    from judge_app.errors import ScenarioError
    from judge_app.scenario import check_text

    card_text = reader(game)
    read, summary = card_text.read, card_text.summary
    path = path or CORPUS_DIR / f"{game}.jsonl"
    results: list[LineResult] = []
    refused: Counter[str] = Counter()
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip():
            continue
        row = json.loads(raw)
        text = row["text"]
        try:
            got = summary(read(text))
            accepted, message = True, ""
        except card_text.refusal as e:
            got, accepted, message = None, False, getattr(e, "message", str(e))
            refused[_construction(message)] += 1
        if "ast" in row:
            correct = accepted and got == row["ast"]
            detail = "" if correct else f"read as {got!r}, expected {row['ast']!r}" if accepted else message
        else:
            correct = not accepted and row["refused"] in message
            detail = "" if correct else f"expected a refusal naming {row['refused']!r}, got {got or message!r}"
        executed = None
        if "scenario" in row:
            try:
                res = check_text(row["scenario"])
                bad = [e for e in res.expectations if not e.ok]
                # a rejected action counts only where the scenario expects the rejection
                expects_rejection = any(e.text.split()[-1:] == ["rejected"] or e.text.startswith("rejected") for e in res.expectations)
                executed = (bool(res.expectations) and not bad and res.needs_choice is None
                            and (not res.rejected or expects_rejection))
                if not executed:
                    detail += "; scenario: " + ("; ".join(f"{e.text} -> {e.actual}" for e in bad) or
                                                 "rejected or waiting for a choice")
            except ScenarioError as e:
                executed, detail = False, detail + f"; scenario error: {e.message}"
        results.append(LineResult(n, text, accepted, correct, executed, detail))
    return GameReport(game, tuple(results), tuple(refused.most_common()), card_text.note)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "n/a"


def render(reports: list[GameReport], real: list[RealReport] | None = None) -> str:
    """The whole document: the composed corpora's table, then the real card texts' (graded here unless given)."""
    return _render_composed(reports) + render_real(grade_real_all() if real is None else real)


def _render_composed(reports: list[GameReport]) -> str:
    out = ["# Card text: what the engines read", "",
           "Generated by `judge cardtext-report` from the corpora in `tests/cardtext/` (do not edit by hand).",
           "Accepted: the engine's reader accepts the text. Read as written: accepted texts read as the",
           "corpus line's expected summary, and refused texts refused naming the expected words.",
           "Executed and checked: of the accepted texts, those whose scenario ran with every expect line holding.",
           "", "| game | texts | accepted | read as written | with a scenario | executed and checked |",
           "|---|---:|---:|---:|---:|---:|"]
    for r in reports:
        out.append(f"| {r.game} | {r.total} | {r.accepted} ({_pct(r.accepted, r.total)}) | "
                   f"{r.correct} ({_pct(r.correct, r.total)}) | {r.with_scenario} ({_pct(r.with_scenario, r.accepted)} "
                   f"of accepted) | {r.executed} ({_pct(r.executed, r.accepted)} of accepted) |")
    for r in reports:
        if r.note:
            out += ["", r.note]
        out += ["", f"## {r.game}: constructions not yet supported", "",
                "Refused texts of the corpus, by the construction named in the refusal:", ""]
        out += [f"- {name}: {n} text{'s' if n != 1 else ''}" for name, n in r.refusals] or ["- none"]
        fails = r.failures()
        if fails:
            out += ["", f"### {r.game}: lines that do not hold", ""]
            out += [f"- line {f.n}: `{f.text}` — {f.detail}" for f in fails[:50]]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# Real card texts (tests/cardtext/real/<game>.jsonl): copied from public card databases, never composed by us.
# Each line holds `text` exactly as the source writes it, its `source` (repo, path, commit) and the `card`.
# A source that keeps the printed layout in separate fields (bss: levels, timing condition, steps) has them
# under `layout`; `printed` puts them back in front of the sentence in the printed order, without rewording.

REAL_DIR = CORPUS_DIR / "real"


def half(text: str) -> str:
    """A real line's half, fixed by a hash of the source's own text: "tuning" may be looked at while the reader
    is extended, "test" is only counted (a split the reader's authors never choose line by line)."""
    return "tuning" if zlib.crc32(text.encode("utf-8")) % 2 == 0 else "test"


@dataclass(frozen=True, slots=True)
class RealLine:
    n: int
    card: str
    text: str  # as given to the reader (with the layout header, where the source keeps it apart)
    abilities: int  # the abilities the checker reads the text as (a line break separates two)
    abilities_accepted: int
    construction: str = ""  # the first refused ability's construction, as the composed corpora name them
    stopped: tuple[str, ...] = ()  # where understanding stopped in each refused ability: the word and the next
    half: str = ""  # "tuning" or "test" (`half`, from the source's text)

    @property
    def accepted(self) -> bool:
        return self.abilities_accepted == self.abilities


@dataclass(frozen=True, slots=True)
class RealReport:
    game: str
    source: str  # repositories the texts come from
    lines: tuple[RealLine, ...]
    label: str = ""  # the table's name for a proxy set (another game's texts read by this game's reader)
    note: str = ""  # why the proxy is one, and where its rules differ

    @property
    def name(self) -> str:
        return self.label or self.game

    @property
    def total(self) -> int:
        return len(self.lines)

    @property
    def accepted(self) -> int:
        return sum(r.accepted for r in self.lines)

    @property
    def abilities(self) -> int:
        return sum(r.abilities for r in self.lines)

    @property
    def abilities_accepted(self) -> int:
        return sum(r.abilities_accepted for r in self.lines)

    def tuning(self) -> tuple[RealLine, ...]:
        """The lines a reader's author may read; the test half is only counted (`halves`), never listed."""
        return tuple(r for r in self.lines if r.half == "tuning")

    def refusals(self) -> list[tuple[str, int]]:
        """Refused tuning-half texts, by construction."""
        return Counter(r.construction for r in self.tuning() if not r.accepted).most_common()

    def halves(self) -> str:
        """Accepted texts in each half of the split (`half`): tuning, then test."""
        def part(name: str) -> str:
            rows = [r for r in self.lines if r.half == name]
            ok = sum(r.accepted for r in rows)
            return f"{ok}/{len(rows)} ({_pct(ok, len(rows))})"
        return f"{part('tuning')} | {part('test')}"

    def stops(self) -> list[tuple[str, int]]:
        """Where understanding stopped, over every refused tuning-half ability (a text may count more than once)."""
        return Counter(s for r in self.tuning() for s in r.stopped if s).most_common()


def printed(row: dict[str, Any]) -> str:
    """The text as the card prints it: the source's own words, with its separate layout fields put back in front."""
    layout = row.get("layout")
    if not layout:
        return str(row["text"])
    head = "".join(f"[LV{n}]" for n in layout.get("levels", ()))
    # a Burst is printed as its keyword before its condition: "[Burst] (When You Lose Life) …"
    head += "".join("[Burst]" for k in layout.get("keywords", ()) if k.get("keyword_name") == "Burst")
    condition = layout.get("condition", "")
    if condition and condition != "N/A":
        head += f" ({condition})"
    head += "".join(f"[{step}]" for step in layout.get("steps", ()))
    return f"{head.strip()} {row['text']}".strip()


def _stopped(message: str) -> str:
    """The word where understanding stopped and the word after it, from the refusal's own excerpt."""
    # the stopped word may itself hold quotes ('""Keep"', a quoted granted ability): match lazily up to the column
    m = re.search(r'understanding stopped at ".*?" \(column (\d+)\) in "(.*)"', message)
    if not m:
        return ""
    return " ".join(m.group(2)[int(m.group(1)) - 1:].split()[:2])


def _read_real(card_text: CardTextReader, text: str) -> RealLine:
    """Read a text the way the checker reads a pasted card: each ability on its own (syntax.abilities)."""
    from judge_app.scenario.syntax import abilities

    parts = (card_text.split or abilities)(text)
    ok, messages = 0, []
    for part in parts:
        try:
            card_text.read(part)
            ok += 1
        except card_text.refusal as e:
            messages.append(getattr(e, "message", str(e)))
    construction = _construction(messages[0]) if messages else ""
    stops = [_stopped(m) for m in messages]
    if card_text.understand is not None and messages and not any(stops):
        # a reader whose refusal does not quote the text (bs-standard): the stop from its own `understand`
        words = (_stop_word(card_text.understand(p)) for p in parts)
        stops = [s for s in words if s is not None]
    return RealLine(0, "", text, len(parts), ok, construction, tuple(stops))


def _stop_word(reading: Any) -> str | None:
    """The word where a refused reading stopped and the word after it (None for a text read whole)."""
    if reading.status == "read":
        return None
    return " ".join(reading.text[reading.stop:].split()[:2]) if reading.status == "not understood" else ""


# Real texts of another game read by a reader whose game prints its effects in the same words: the reader's game,
# the file's stem, the table's label and why it is a proxy. Standard has no public English card list; Saga is
# Battle Spirits too, and the Standard rules' own examples use Saga's wording.
PROXIES: tuple[tuple[str, str, str, str], ...] = (
    ("bs-standard", "bss", "Saga cards read by the Standard reader",
     "No public list of Battle Spirits Standard cards was found, so the Standard reader is also graded on the real "
     "Saga effects above (same file, same printed layout, same halves): both games are Battle Spirits and print "
     "their effects in the same English wording, as the Standard rules' own examples show. It is a proxy, not the "
     "Standard card pool. Where the rules differ, Standard's govern: Saga's Burst, Link and Awaken have no "
     "Standard rule and are refused by name; common effects (Standard 12-2: 《Super Unleash》, 《Soul Magic》, "
     "《Succession》), restriction effects (12-3) and rule ids are Standard's own, and a Saga text the Standard "
     "reader accepts is executed under the Standard rules (bs-standard-1.0). Read by Standard's rules where the wording "
     "is shared: a replacement effect with a cost ('you may <cost> to <event> / to keep it on the field instead', 9-1-8-1) "
     "pays its cost first and in full, or the event is not replaced (as 9-1-6-2 treats an activated effect's cost; the "
     "rules do not define '… to … instead'); 'one of your SPIRITS is destroyed by your opponent' means what Standard's "
     "'When Destroyed by Opponent' says (their effect, or a BP comparison with their Spirit, 12-2-1-12-1); 'This card "
     "costs N in your hand if …' is the cost confirmed when it is Summoned, Deployed or used from the Hand (2-2-2, "
     "11-1-1-2, 11-2-1-2, 11-3-1-2). Not read (refused), the Standard meaning differing: tokens (Standard has none); "
     "'destroyed by this effect' counted after cores are removed (a Spirit left without enough cores is Depleted, not "
     "Destroyed, 5-11, 5-10-2); a 'When destroyed' effect returning 'that spirit card from your trash' (the card is in the "
     "Pending State until such effects have resolved, 10-2-2-5)."),
)


def grade_real(game: str, path: Path | None = None, *, stem: str | None = None, label: str = "",
               note: str = "") -> RealReport:
    """Run the game's registered reader over its real card texts (or another game's, `stem`), ability by ability
    as the checker reads them."""
    card_text = reader(game)
    path = path or REAL_DIR / f"{stem or game}.jsonl"
    results: list[RealLine] = []
    repos: list[str] = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip():
            continue
        row = json.loads(raw)
        if row["source"]["repo"] not in repos:
            repos.append(row["source"]["repo"])
        line = _read_real(card_text, printed(row))
        results.append(RealLine(n, str(row["card"]), line.text, line.abilities, line.abilities_accepted,
                                line.construction, line.stopped, half(row["text"])))
    return RealReport(game, ", ".join(repos), tuple(results), label, note)


def real_games() -> list[str]:
    """The games with a real-text file and a registered reader."""
    have = readers()
    return sorted(p.stem for p in REAL_DIR.glob("*.jsonl") if p.stem in have)


def grade_real_all(games: list[str] | None = None) -> list[RealReport]:
    """Each game's own real texts, then the proxy sets (`PROXIES`), for `games` (default: all)."""
    own = [grade_real(g) for g in real_games() if games is None or g in games]
    have = set(readers())
    return own + [grade_real(g, stem=stem, label=label, note=note) for g, stem, label, note in PROXIES
                  if g in have and (REAL_DIR / f"{stem}.jsonl").exists() and (games is None or g in games)]


def _counted(items: list[tuple[str, int]], one: str = "text", many: str = "texts", limit: int = 25) -> list[str]:
    def count(n: int) -> str:
        return f"{n} {one if n == 1 else many}"

    out = [f"- {name}: {count(n)}" for name, n in items[:limit]] or ["- none"]
    rest = items[limit:]
    if rest:
        out.append(f"- {len(rest)} others: {count(sum(n for _, n in rest))}")
    return out


def render_real(reports: list[RealReport]) -> str:
    out = ["", "# Real card texts", "",
           "Texts copied from public card databases (`tests/cardtext/real/`, provenance on every line and in its README),",
           "read by each game's registered reader with nothing edited, the way the checker reads a pasted card: each",
           "ability on its own (a line break separates two). A text is accepted when every one of its abilities is.",
           "ws lines are whole card texts; bss lines are single effects, with the source's separate level, timing and",
           "step fields put back in front of the sentence in the printed order (`printed` in `judge_app/cardtext_report.py`).",
           "Each line is in the tuning or the test half by a fixed hash of the source's text (`half`: crc32 mod 2);",
           "only tuning lines are looked at while a reader is extended.",
           "", "| game | source | texts | accepted | tuning half | test half | abilities | abilities accepted |",
           "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in reports:
        out.append(f"| {r.name} | {r.source} | {r.total} | {r.accepted} ({_pct(r.accepted, r.total)}) | {r.halves()} | "
                   f"{r.abilities} | {r.abilities_accepted} ({_pct(r.abilities_accepted, r.abilities)}) |")
    for r in reports:
        out += ["", f"## {r.name}: what the real texts need", ""]
        out += [r.note, ""] if r.note else []
        out += ["Only the tuning half is listed below: the test half is counted in the table above, never listed,",
                "so that nobody extending a reader reads it.", "",
                "Refused tuning-half texts, by the construction named in the first refusal (most frequent first):", ""]
        out += _counted(r.refusals())
        out += ["", "Where understanding stopped in each refused tuning-half ability (the word and the next one):", ""]
        out += _counted(r.stops(), "ability", "abilities")
        accepted = [x for x in r.tuning() if x.accepted]
        out += ["", f"Accepted {r.name} texts of the tuning half:", ""]
        out += [f"- {x.card}: `{x.text}`" for x in accepted] or ["- none"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# `judge cardtext-report`

import click  # noqa: E402  (the command sits with the report it writes)


@click.command("cardtext-report")
@click.option("--game", "games", multiple=True, help="Game word (default: every corpus in tests/cardtext).")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), default=ROOT / "docs" / "card-text.md",
              show_default=True, help="Markdown file to write ('-' for standard output).")
def cardtext_report(games: tuple[str, ...], output: Path) -> None:
    """Grade the card-text corpora by running the engines, and write docs/card-text.md."""
    have = readers()
    names = list(games) or sorted(p.stem for p in CORPUS_DIR.glob("*.jsonl") if p.stem in have)
    for g in names:
        reader(g)  # an unknown game, or one without a reader, is refused before any grading
    text = render([grade(g) for g in names], grade_real_all(names))
    if str(output) == "-":
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}")


commands = [cardtext_report]
