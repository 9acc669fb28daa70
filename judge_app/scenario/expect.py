"""`expect` lines: reading them, and the expectations every game shares.

An `expect` line holds comma-separated phrases. A phrase starting with a quoted card name is about
that card, one starting with a player word about that player; later phrases inherit the subject until
a phrase about the game starts (`expect "Wolf" destroyed, in trash, winner A`). The expectations every
game shares live here, once: the verdict (`winner A`, `draw`, `no winner` (the game goes on: ongoing, nothing left open), `not over` (no win, no draw; a
choice may be open), `verdict …`, `needs
choice`, `undetermined`, `ongoing`, `A wins`), rejections (`rejected`, `accepted`, `rejections N`,
`no rejections`), `resolution order "X", "Y"`, `cited ID, …`, the turn (`turn 3`, `turn A`, `A`) and
the step (`main step`). A game's dialect adds its own through `Expectations`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

from judge_app.engine.core import RuleIdFormat, VerdictKind
from judge_app.errors import ScenarioError
from judge_app.scenario.model import Context, ExpectItem
from judge_app.scenario.syntax import Phrase, Statement, Tok

Check = Callable[[Context], tuple[bool, str]]
Parsed = tuple[Check, bool]  # (check, judged on the final answer)

GENERIC = ("winner A", "draw", "no winner", "not over", "verdict ongoing|needs_choice|undetermined|win|draw",
           "needs choice | undetermined | ongoing", "A wins", "rejected | accepted | no rejections | rejections N",
           'resolution order "Card", "Card", …', "cited RULE-ID, …", "turn A | turn N", "main step (any step)",
           'misprint "oppponent\'s" read as "opponent\'s"')
_GENERIC_HEADS = frozenset({"winner", "draw", "cited", "turn", "verdict", "rejected", "accepted", "rejections",
                            "undetermined", "ongoing", "resolution", "misprint"})
_GENERIC_PHRASES = frozenset({"no winner", "no rejections", "needs choice", "a draw", "game goes on", "not over",
                              "game not over"})


@dataclass(frozen=True)
class Expectations:
    """What a game's dialect adds to `expect` lines (each hook returns None for a phrase it does not know)."""

    players: tuple[str, ...]
    rule_ids: RuleIdFormat
    turn: Callable[[Hashable], tuple[int | None, str, str]]  # state -> (turn number, turn player, step word)
    steps: frozenset[str]  # step words, as in `expect main step`
    card: Callable[[Phrase, str, tuple[str, ...], tuple[Tok, ...]], Parsed | None]
    player: Callable[[Phrase, str, tuple[str, ...], tuple[Tok, ...]], Parsed | None]
    game: Callable[[Phrase, tuple[str, ...], tuple[Tok, ...]], Parsed | None]
    heads: frozenset[str] = frozenset()  # first words of the game's own phrases about the game
    phrases: frozenset[str] = frozenset()  # whole game phrases (e.g. "not blocked")
    player_items: frozenset[str] = frozenset()  # words continuing a player subject (`expect A life 3, reserve 2`)
    lists: frozenset[str] = frozenset()  # heads taking a list of quoted cards across commas (`targets "X", "Y"`)
    examples: tuple[str, ...] = field(default=())  # the game's own expectations, for error hints

    def all_examples(self) -> tuple[str, ...]:
        return GENERIC + self.examples


def error(where: Tok | Phrase | Statement, msg: str, hint: str | None = None) -> ScenarioError:
    if isinstance(where, Statement):
        return ScenarioError(msg, line=where.line, column=where.column, text=where.source, hint=hint)
    if isinstance(where, Phrase):
        return ScenarioError(msg, line=where.line, column=where.column, text=where.text(), hint=hint)
    return ScenarioError(msg, line=where.line, column=where.column, text=where.value, hint=hint)


def _about_game(w: tuple[str, ...], ex: Expectations) -> bool:
    """Phrases about the game, which end an inherited card subject (`expect "Wolf" destroyed, draw`)."""
    j = " ".join(w)
    return (w[0] in _GENERIC_HEADS or w[0] in ex.heads or j in _GENERIC_PHRASES or j in ex.phrases
            or (w[0] in ex.steps and w[1:] in ((), ("step",))))


def parse_expect(st: Statement, names: Callable[[Tok], str], ex: Expectations) -> list[ExpectItem]:
    out: list[ExpectItem] = []
    subject: Tok | None = None
    who: str | None = None
    phrases = list(st.phrases)
    if not phrases:
        raise error(st, "expect what?", "e.g. " + "; ".join(ex.all_examples()[:6]))
    k = 0
    uid = ""
    while k < len(phrases):
        ph = phrases[k]
        t, w = ph.toks, ph.words
        text = f"expect {ph.text()}"
        if t[0].quoted:
            subject, who = t[0], None
            uid = names(t[0])
            rest, rtoks = w[1:], t[1:]
        elif t[0].value in ex.players and len(t) > 1:
            who, subject = t[0].value, None
            rest, rtoks = w[1:], t[1:]
        elif subject is not None and not _about_game(w, ex):
            uid = names(subject)
            rest, rtoks = w, t
            text = f'expect "{subject.value}" {ph.text()}'
        elif who is not None and w[0] in ex.player_items:
            rest, rtoks = w, t
            text = f"expect {who} {ph.text()}"
        else:
            subject = who = None
            rest, rtoks = w, t
        if subject is not None:
            item = ex.card(ph, uid, rest, rtoks)
            if item is None:
                raise error(ph, f"unknown expectation about \"{uid}\": {' '.join(x.value for x in t)!r}",
                            "e.g. " + "; ".join(e for e in ex.all_examples() if e.startswith('"')))
        elif who is not None:
            item = _player_expect(who, rest, rtoks) or ex.player(ph, who, rest, rtoks)
            if item is None:
                raise error(ph, f"unknown expectation about {who}: {' '.join(x.value for x in t)!r}",
                            "e.g. " + "; ".join(e for e in ex.all_examples() if e.startswith("A ")))
        elif rest[0] == "cited":
            item, text, k = _cited_item(ph, rtoks, phrases, k, ex)
        else:
            if rest[0] == "resolution" or rest[0] in ex.lists:  # a list of cards: `targets "Wolf", "Bear"`
                while k + 1 < len(phrases) and all(x.quoted for x in phrases[k + 1].toks):
                    k += 1
                    rtoks = tuple(rtoks) + phrases[k].toks
                text = "expect " + " ".join(f'"{x.value}"' if x.quoted else x.value for x in rtoks)
            item = _game_expect(rest, rtoks, ex) or ex.game(ph, rest, rtoks)
            if item is None:
                raise error(ph, f"unknown expectation {ph.text()!r}", "expectations: " + "; ".join(ex.all_examples()))
        check, at_end = item
        out.append(ExpectItem(st.line, text, check, at_end))
        k += 1
    return out


def _cited_item(ph: Phrase, rtoks: tuple[Tok, ...], phrases: list[Phrase], k: int,
                ex: Expectations) -> tuple[Parsed, str, int]:
    """`expect cited 7-1-5, 9-2-3`: the ids may run on over the following comma-separated phrases
    (-> the check, the line's text, the index of the last phrase read)."""
    ids = [x.value for x in rtoks[1:]]
    while k + 1 < len(phrases) and all(ex.rule_ids.normalise(x.value) for x in phrases[k + 1].toks):
        k += 1
        ids += [x.value for x in phrases[k].toks]
    if not ids:
        raise error(ph, "expect cited needs rule ids", "e.g. expect cited 7-1-5-3-1, 9-2-3")
    return (_cited(tuple(ex.rule_ids.normalise(i) or i for i in ids)), False), "expect cited " + ", ".join(ids), k


_RULES = attrgetter("rules")


def _cited(ids: tuple[str, ...]) -> Check:
    def chk(ctx: Context) -> tuple[bool, str]:
        have = set(chain.from_iterable(map(_RULES, ctx.events)))  # C loops: every step's ids, then the rejections'
        have.update(chain.from_iterable(map(_RULES, ctx.rejected)))
        missing = [i for i in ids if i not in have]
        return not missing, "missing " + ", ".join(missing) if missing else "all cited"
    return chk


def verdict_check(kind: VerdictKind | None, winner: str | None = None, not_over: bool = False) -> Check:
    """The verdict is `kind` (and `winner`); `not_over`: the game goes on (no winner, no draw, and
    nothing left open: a needed choice or an undetermined answer does not say the game goes on)."""
    def chk(ctx: Context) -> tuple[bool, str]:
        v = ctx.verdict
        if v is None:  # judged between actions: the game is still going
            return not_over or kind is VerdictKind.ONGOING, "ongoing (no verdict yet)"
        actual = f"{v.kind}" + (f" {v.winner}" if v.winner else "")
        if not_over:
            return v.kind is VerdictKind.ONGOING, actual
        return v.kind == kind and (winner is None or v.winner == winner), actual
    return chk


def _player_expect(who: str, w: tuple[str, ...], t: tuple[Tok, ...]) -> Parsed | None:
    if w == ("wins",):
        return verdict_check(VerdictKind.WIN, who), True
    return None


def _game_expect(w: tuple[str, ...], t: tuple[Tok, ...], ex: Expectations) -> Parsed | None:
    """The expectations every game shares: about the verdict, the declared actions, the turn."""
    joined = " ".join(w)  # once for the phrase, not once per reader
    return (_verdict_expect(w, t, ex, joined) or _actions_expect(w, t, joined) or _turn_expect(w, t, ex)
            or _misprint_expect(w, t))


def _misprint_expect(w: tuple[str, ...], t: tuple[Tok, ...]) -> Parsed | None:
    """s17 misprint: `expect misprint "oppponent's" read as "opponent's"`: the answer notes that repair of a card
    text (core.misprint, or s22 bssC an icon a normaliser restored: `"a on" read as "a Soul Core on"`); `expect
    misprint none`: it notes none."""
    if w == ("misprint", "none"):
        return (lambda ctx: (not ctx.notes, "; ".join(ctx.notes) or "none")), True
    if not (w[0] == "misprint" and len(t) == 5 and t[1].quoted and w[2:4] == ("read", "as") and t[4].quoted):
        return None
    said = f'read "{t[1].value}" as "{t[4].value}", '

    def chk(ctx: Context) -> tuple[bool, str]:
        return any(said in n for n in ctx.notes), "; ".join(ctx.notes) or "no misprint repaired"
    return chk, True


def _verdict_expect(w: tuple[str, ...], t: tuple[Tok, ...], ex: Expectations, joined: str) -> Parsed | None:
    if w[0] == "winner" and len(t) == 2 and t[1].value in ex.players:
        return verdict_check(VerdictKind.WIN, t[1].value), True
    if joined in ("draw", "a draw", "winner draw"):
        return verdict_check(VerdictKind.DRAW), True
    if joined in ("no winner", "winner none", "game goes on"):
        return verdict_check(None, not_over=True), True
    if joined in ("not over", "game not over"):
        # Nobody has won and it is no draw (the game may still wait for a player's decision).
        def chk_n(ctx: Context) -> tuple[bool, str]:
            v = ctx.verdict
            if v is None:
                return True, "ongoing (no verdict yet)"
            return v.kind in (VerdictKind.ONGOING, VerdictKind.NEEDS_CHOICE), str(v.kind)
        return chk_n, True
    if w[0] == "verdict" and len(w) == 2:
        kinds = {k.value: k for k in VerdictKind}
        key = w[1].replace("-", "_")
        if key not in kinds:
            raise error(t[1], f"unknown verdict {t[1].value!r}", "verdicts: " + ", ".join(kinds))
        return verdict_check(kinds[key]), True
    if joined in ("needs choice", "needs_choice", "undetermined", "ongoing"):
        return verdict_check(VerdictKind(joined.replace(" ", "_"))), True
    return None


def _actions_expect(w: tuple[str, ...], t: tuple[Tok, ...], joined: str) -> Parsed | None:
    if joined in ("rejected", "accepted"):
        def chk(ctx: Context) -> tuple[bool, str]:
            r = ctx.last_action_rejected
            actual = "no action yet" if r is None else ("rejected" if r else "accepted")
            return actual == joined, actual
        return chk, False
    if w[0] == "rejections" and len(t) == 2 and t[1].is_number:
        n = int(t[1].value)
        return (lambda ctx: (len(ctx.rejected) == n, f"{len(ctx.rejected)} rejected")), False
    if joined == "no rejections":
        return (lambda ctx: (not ctx.rejected, f"{len(ctx.rejected)} rejected")), False
    if w[:2] == ("resolution", "order") and all(x.quoted for x in t[2:]) and len(t) > 2:
        want = [x.value for x in t[2:]]

        def chk_o(ctx: Context) -> tuple[bool, str]:
            seen: list[str] = []
            for ev in ctx.events:
                if ev.kind == "resolve" and ev.subject in want and ev.subject not in seen:
                    seen.append(ev.subject)
            return seen == want, ", ".join(f'"{x}"' for x in seen) or "nothing resolved"
        return chk_o, False
    return None


def _turn_expect(w: tuple[str, ...], t: tuple[Tok, ...], ex: Expectations) -> Parsed | None:
    turn = ex.turn
    if len(t) == 1 and t[0].value in ex.players:  # as on the turn line: `expect turn 7, A, main step`
        p = t[0].value
        return (lambda ctx: (turn(ctx.state)[1] == p, turn(ctx.state)[1])), False
    if w[0] == "turn" and len(t) == 2:
        if t[1].value in ex.players:
            p = t[1].value
            return (lambda ctx: (turn(ctx.state)[1] == p, turn(ctx.state)[1])), False
        if t[1].is_number:
            n = int(t[1].value)
            return (lambda ctx: (turn(ctx.state)[0] == n, str(turn(ctx.state)[0]))), False
    if len(w) in (1, 2) and w[0] in ex.steps and w[1:] in ((), ("step",)):
        step = w[0]
        return (lambda ctx: (turn(ctx.state)[2] == step, f"{turn(ctx.state)[2]} step")), False
    return None
