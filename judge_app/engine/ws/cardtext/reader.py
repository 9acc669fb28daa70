"""The reader: the grammar loaded once per process, `parse_ability`, `understand`, `summary`, refusals and
the nearest wording suggested.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from judge_app.engine.core.lalr import Reader, Unparsed
from judge_app.engine.core.misprint import Misprints, Repaired
from judge_app.engine.core.reading import Reading
from judge_app.engine.core.tree import VisitError
from judge_app.engine.ws.cardtext.common import _Refused
from judge_app.engine.ws.cardtext.normalise import normalise
from judge_app.engine.ws.cardtext.transformer import _Build
from judge_app.engine.ws.effects import (
    Ability,
    Cost,
    EffectError,
    Select,
)

if TYPE_CHECKING:
    from lark import Lark, UnexpectedInput
    from lark import Token as LarkToken
    from lark.lexer import BasicLexer, LexerState


# Printed wordings the grammar reads; the nearest one is shown when a text is refused.
EXAMPLES = (
    "【AUTO】 When this card attacks, this card gets +1000 power until end of turn.",
    "【AUTO】 【CXCOMBO】 When this card attacks, if \"Climax\" is in your climax area, draw 1 card.",
    "【AUTO】 [(1)] When this card is placed on stage from your hand, you may pay the cost. If you do, draw 1 card.",
    "【AUTO】 When this card becomes reversed, put the top card of your deck into your stock.",
    "【AUTO】 At the beginning of your climax phase, choose 1 of your characters, and it gets +500 power until end of turn.",
    "【CONT】 During your turn, all of your other characters get +500 power.",
    "【CONT】 Assist All of your characters in front of this card get +500 power.",
    "【ACT】 [(1) Rest this card] Choose 1 character in your waiting room, and return it to your hand.",
    "【AUTO】 Encore [(3)]",
    "【ACT】 Backup 2500, Level 1 [(1) Put this card from your hand into your waiting room]",
    "【AUTO】 Bond/\"Name\" [(1)]",
    "Draw 2 cards.",
    "Deal 1 damage to your opponent.",
    "If this card would be put from the stage into your waiting room, put it into your memory instead.",
)


_HINT = "see docs/scenario-language.md, 'Weiss Schwarz card text', for the texts understood"


class _KeepWords:
    """A post-lexer that passes tokens through; `always_accept` keeps WORD in the lexer though no rule names
    it, so an unknown word is a token the parser refuses where it stands."""

    always_accept = ("WORD",)

    def process(self, stream: Iterator[LarkToken]) -> Iterator[LarkToken]:
        return stream


class _Words:
    """lark's basic lexer for this grammar, made cheaper per word (the lexer was over half of a card text's
    reading): the same compiled terminal patterns tried in the same order at each position, but the keyword a
    word turns out to be (lark's `UnlessCallback`, a second regular expression per word) is looked up once per
    distinct word, and tokens are built in one call. Texts with a line break, and positions where no terminal
    matches, are left to lark's own lexer, which raises its own error there."""

    def __init__(self, basic: BasicLexer, postlex: _KeepWords):
        from lark.lexer import UnlessCallback

        self.basic, self.postlex = basic, postlex
        self.patterns = basic.scanner._mres  # the scanner builds `basic.callback` too
        self.keywords = {name: cb for name, cb in basic.callback.items() if isinstance(cb, UnlessCallback)}
        self.other_callbacks = {name: cb for name, cb in basic.callback.items() if name not in self.keywords}
        self.ignore = basic.ignore_types
        self.seen: dict[tuple[str, str], str] = {}  # (terminal, word) -> the keyword terminal it is, or itself

    def lex(self, state: LexerState, parser_state: object) -> Iterator[LarkToken]:
        return self.postlex.process(self._tokens(state, parser_state))

    def _tokens(self, state: LexerState, parser_state: object) -> Iterator[LarkToken]:
        text, pos, end = state.text.text, state.line_ctr.char_pos, state.text.end
        if "\n" in text or self.other_callbacks or pos:
            yield from self.basic.lex(state, parser_state)
            return
        from lark import Token as LarkToken

        patterns, keywords, ignore, seen, new = self.patterns, self.keywords, self.ignore, self.seen, LarkToken
        while pos < end:
            for pattern in patterns:
                m = pattern.match(text, pos, end)
                if m:
                    break
            else:  # lark's lexer raises UnexpectedCharacters here, with its expected terminals
                state.line_ctr.feed(text[:pos], test_newline=False)
                yield from self.basic.lex(state, parser_state)
                return
            kind, value, stop = m.lastgroup, m.group(), m.end()
            if kind in keywords:
                got = seen.get((kind, value))
                if got is None:
                    got = keywords[kind].scanner.fullmatch(value) or kind
                    if len(seen) < 4096:
                        seen[kind, value] = got
                kind = got
            if kind not in ignore:
                token = new(kind, value, pos, 1, pos + 1, 1, stop + 1, stop)
                state.last_token = token
                yield token
            pos = stop
        state.line_ctr.feed(text[:pos], test_newline=False)


class _StartPos:
    """lark's `propagate_positions` for what this reader uses of it: a node's start position (`meta.start_pos`,
    where a refusal points), taken as lark takes it (from the first child, words the tree leaves out included),
    without the end positions, lines and columns lark also computes for every node."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[list], object]):
        self.build = build

    def __call__(self, children: list) -> object:
        from lark import Token as LarkToken
        from lark import Tree as LarkTree

        res = self.build(children)
        if type(res) is not LarkTree:
            return res
        first: int | None
        for c in children:
            if isinstance(c, LarkToken):
                first = c.start_pos
                break
            if isinstance(c, LarkTree) and not c.meta.empty:
                m = c.meta
                first = getattr(m, "container_start_pos", m.start_pos)
                break
        else:
            return res
        meta = res.meta
        if meta.empty:  # else the rule was inlined (`?rule`) and its child's position stands
            meta.start_pos, meta.empty = first, False  # type: ignore[assignment]
        meta.container_start_pos = first  # type: ignore[attr-defined]
        return res


def _lighter(lark: Lark) -> None:
    """Serve the compiled parser's basic lexer by `_Words` and its position propagation by `_StartPos`: the same
    tokens and start positions for less work. Left as lark built it if its layout is not the one expected."""
    from lark.lexer import BasicLexer
    from lark.parse_tree_builder import PropagatePositions
    from lark.parser_frontends import PostLexConnector

    frontend = lark.parser
    if isinstance(frontend.lexer, PostLexConnector) and isinstance(frontend.lexer.lexer, BasicLexer):
        frontend.lexer = _Words(frontend.lexer.lexer, frontend.lexer.postlexer)
    callbacks = getattr(getattr(getattr(frontend, "parser", None), "parser", None), "callbacks", None)
    if isinstance(callbacks, dict) and all(type(f) is PropagatePositions and f.node_filter is None
                                           for f in callbacks.values()):
        for rule, f in callbacks.items():
            callbacks[rule] = _StartPos(f.node_builder)


# The grammar's parser: lark's tables, read without lark from the per-user cache (core.lalr).
_READER = Reader("ws_effects.lark", lexer="basic", propagate_positions=True, postlex=_KeepWords)


@cache
def _parser() -> Lark:
    """lark's parser for the grammar (imported and built when a refusal is explained: its expected terminals),
    made lighter by `_lighter` (same trees, same positions)."""
    lark = _READER.lark()
    _lighter(lark)
    return lark


_WORD_AT = re.compile(r"\(\d\)|[①-⑨]|[^\s.,;()\[\]&]+|\S")


_HEAD = re.compile(r"^(?:\[\s*(?:auto|cont|act)\s*\]|(?:auto|cont|act)\b)?\s*(?:\[\s*cxcombo\s*\]|cxcombo\b)?\s*", re.I)


def _clause(t: str, pos: int) -> str:
    """The words the engine did not understand: the clause (between commas, semicolons and sentence ends) in
    which understanding stopped, as the dialect's refusal names them."""
    start = _HEAD.match(t).end()  # type: ignore[union-attr]
    pos = max(pos, start)
    bounds = [start] + [m.end() for m in re.finditer(r"[,.;]\s+", t) if start < m.end() <= pos]
    begin = bounds[-1]
    end = next((m.end() for m in re.finditer(r"[,.;](?=\s)|$", t) if m.end() > pos), len(t))
    return t[begin:end].rstrip(",; ") or t[start:].rstrip(",; ") or t


def _expected(e: UnexpectedInput) -> list[str]:
    """The words the grammar would have read where it stopped (string terminals only)."""
    names = getattr(e, "expected", None) or getattr(e, "allowed", None) or ()
    by_name = {t.name: t for t in _parser().terminals}
    return sorted({by_name[n].pattern.value for n in names if n in by_name and by_name[n].pattern.type == "str"})


def _suggestion(t: str, pos: int, word: str, e: UnexpectedInput) -> str | None:
    """The text with each misspelt word (up to 3) replaced by the nearest word the grammar reads there."""
    for _ in range(3):
        near = difflib.get_close_matches(word.lower(), _expected(e), n=1, cutoff=0.6)
        if not near:
            return None
        t = t[:pos] + near[0] + t[pos + len(word):]
        from lark import UnexpectedInput

        try:
            _parser().parse(t)
            return t
        except UnexpectedInput as again:
            e, at = again, getattr(again, "pos_in_stream", None)
            m = _WORD_AT.match(t, at) if at is not None else None
            if m is None or at is None:
                return None
            pos, word = at, m.group()
    return None


_EXAMPLE_WORDS = [set(re.findall(r"\w+", e.lower())) for e in EXAMPLES]


def _nearest_example(t: str) -> str:
    """The supported wording sharing the most words with `t` (linear in the text: difflib on whole texts is
    quadratic)."""
    words = set(re.findall(r"\w+", t.lower()))
    scores = [len(words & w) / len(words | w) for w in _EXAMPLE_WORDS]
    return EXAMPLES[scores.index(max(scores))]


def _refusal(raw: str, t: str, pos: int, reason: str, near: str | None = None) -> EffectError:
    m = _WORD_AT.match(t, pos)
    word = m.group() if m else "(end of text)"
    nearest = near or _nearest_example(t)
    stopped = f'understanding stopped at "{word}" (column {pos + 1}) in "{t}"' + (f"; {reason}" if reason else "")
    return EffectError(raw, _clause(t, pos), f"{stopped}; nearest supported wording: {nearest}; {_HINT}",
                       stopped=stopped, at=pos)


@lru_cache(maxsize=4096)
def parse_ability(text: str) -> Ability:
    """One ability's printed text -> its Ability, or EffectError naming the words not understood."""
    t = normalise(text)
    # s7b-wsreal: a trigger icon newer than the rules 2.03 (the pattern is compiled only for a text that has the word)
    # (s12 heads: the CHOICE icon, newer than the rules 2.03, is read; its action is the engine's decision,
    # `abilities._choice_trigger`, and the answer says so)
    try:
        tree = _READER.parse(t)
    except Unparsed as u:
        e = u.error
        pos = getattr(e, "pos_in_stream", None)
        pos = len(t) if pos is None else pos
        m = _WORD_AT.match(t, pos)
        expected = _expected(e)
        reason = ("there the engine reads " + ", ".join(f'"{w}"' for w in expected[:12])) if expected else ""
        repaired = _read_repaired(text, _MISPRINTS.repair(t, e))  # s17 misprint: reported by `understand`
        if repaired is not None:
            return repaired
        near = _suggestion(t, pos, m.group(), e) if m else None
        raise _refusal(text, t, pos, reason, near) from None
    try:
        # no terminal has a method in _Build: visiting tokens would only look each one up and fail
        make, category = _Build(visit_tokens=False).transform(tree)
        return make(text, category)
    except VisitError as e:
        if isinstance(e.orig_exc, _Refused):
            raise _refusal(text, t, e.orig_exc.at, e.orig_exc.reason) from None
        raise
    except _Refused as e:  # refused by the form's category, cost or keyword (`_form`)
        raise _refusal(text, t, e.at, e.reason) from None


# s17 misprint: misprinted words repaired when safe (core.misprint), reported by `understand`
_MISPRINTS = Misprints(_READER, "ws", _WORD_AT)


def _read_repaired(text: str, fixed: Repaired | None) -> Ability | None:
    """The ability of a text read with its misprints repaired, if the repaired text reads completely."""
    if fixed is None:
        return None
    try:
        make, category = _Build(visit_tokens=False).transform(_READER.parse(fixed.text))
        return make(text, category)
    except (Unparsed, VisitError, _Refused, EffectError):
        return None


@lru_cache(maxsize=1024)
def understand(text: str) -> Reading:
    """What the engine understood of `text`: all of it (with the misprints repaired to read it), or up to the word
    where understanding stopped."""
    t = normalise(text)
    try:
        parse_ability(text)
        return Reading(t, "read", len(t), repairs=_MISPRINTS.repairs_of(t))
    except EffectError as e:
        stop = len(t) if e.at is None else e.at
        m = _WORD_AT.match(t, stop)
        near = e.hint.split("nearest supported wording: ", 1)[-1].rsplit("; see docs/", 1)[0] if e.hint else ""
        return Reading(t, "not understood", stop, m.group() if m else "", e.message, near)


def summary(ability: Ability) -> str:
    """A short, stable AST summary (the corpus records it): category, keyword, timing, cost, conditions, effects."""
    head = ability.category + (f" {ability.keyword}" if ability.keyword else "") + (f" {ability.when}" if ability.when
                                                                                     else "")
    parts = [head]
    if ability.cost != Cost():
        parts.append("cost " + ability.cost.text())
    if ability.conds:
        parts.append("if " + ", ".join(c.kind + (f"={c.value}" if c.value is not None else "") for c in ability.conds))
    if ability.scope or ability.power or ability.soul:
        parts.append(f"{ability.scope or 'gets'}{f' 《{ability.trait}》' if ability.trait else ''} "
                     f"{ability.power:+d} power {ability.soul:+d} soul")
    for f, v in (("per", ability.per), ("level", ability.level), ("name", ability.name),
                 ("optional", ability.optional), ("limit", ability.limit), ("at", ability.where),
                 ("min-level", ability.min_level), ("only", ability.select.text() if ability.select else ""),
                 ("levels", ability.levels), ("in-hand", ability.in_hand),
                 ("cannot", ability.restrict), ("may", ability.permit), ("gives", " ".join(f"<{summary(g)}>" for g in ability.gives)),
                 ("traits", " ".join(f"《{t}》" for t in ability.gains))):  # s20 head2
        if v:
            parts.append(f"{f} {v}" if v is not True else f)
    if ability.effects:
        parts.append("do " + "; ".join(_effect(e) for e in ability.effects))
    return " | ".join(parts)


_QUIET = {"trait": "", "per": "", "may": False, "other": False, "level": "", "at_most": False, "to": "hand",
          "reveal": False, "from_zone": "waiting_room", "color": "", "area": "", "icon": "",
          "until": "", "levels": 0, "many": 0, "name": "", "alts": (),
          "x": None, "whose": "own", "cond": None,
          "select": None, "facing": False, "cost": "", "dest": "waiting_room", "rest": False}  # field: the value not shown


_QUIET["gain_until"] = ""  # s15 quote: `Grant.gain_until`


_QUIET["more"] = ()  # s15 quote: `Grant.more`


_QUIET["heal_n"] = 1  # s17 zone: `Heal.heal_n`


_QUIET["plus"] = 0  # s9-wsbody2: XCount.plus


_QUIET.update({"face": "", "orient": "", "gain": None, "grant": None})  # s10 bodies


_QUIET.update({"times": 1, "x_times": False, "before_shuffle": (), "rest_to": ""})  # s11 bodies: Damage, Search


_QUIET.update({"same": False})  # s12 bodies: Damage


_QUIET.update({"to_self": False})  # Damage dealt to yourself


_QUIET.update({"must": False, "pos": ""})  # s13 bodies: IfDone, MoveSelf


_QUIET.update({"bound": None})  # s14 bodies: Grant


_QUIET.update({"bottom": False})  # s14b bodies: OppTopTo


_QUIET.update({"negate": False})  # s15 body: RevealTop


_QUIET.update({"otherwise": ()})  # s15b bodyquote: RevealTop


_QUIET.update({"look": False, "unshuffled": False, "compare": True})  # s15 zone: DeckTopMarker, WaitingToDeck, MillCompare15


_QUIET["all"] = False  # s16 zone: `MarkerTo.all`


_QUIET.update({"bare": False, "once": False, "counted": Select("climax")})  # s16 body: Pump, Brainstorm


_QUIET.update({"that": False, "within": ""})  # s18 zone: `SelfStage17.that`, `SelfStage17.within`


_QUIET.update({"faced": False})  # s19 body: `MoveSelf.faced`


_QUIET.update({"chosen": None, "theirs": False})  # s20 body2: `OppWaitingToDeck.chosen`, `Shuffle15.theirs`


_QUIET.update({"ask_each": False})  # s21 grant: `Repeat.ask_each`


def _effect(e: object) -> str:
    # a field added later is shown only when set, so that the summaries of older texts stay as recorded
    values = ((f, getattr(e, f)) for f in getattr(e, "__slots__", ())
              if not (f in _QUIET and getattr(e, f) == _QUIET[f]) and f not in ("texts", "text"))  # options as printed
    fields = ", ".join(f"{f}={_shown(v)}" for f, v in values)
    return f"{type(e).__name__}({fields})"


def _shown(v: object) -> str:
    if isinstance(v, Cost):  # s9-wsreala: a cost paid inside the effect (PayThen), as the head shows a cost
        return repr(v.text())
    if isinstance(v, Ability):  # a granted ability (Grant): its own summary
        return "<" + summary(v) + ">"
    if isinstance(v, tuple) and v and all(isinstance(x, Ability) for x in v):  # s15 quote: more granted (Grant.more)
        return "(" + ", ".join(map(_shown, v)) + ")"
    if isinstance(v, tuple) and v and all(isinstance(x, tuple) for x in v):  # a modal's options (Modal)
        return "[" + " | ".join(map(_shown, v)) + "]"
    if isinstance(v, tuple) and v and all(hasattr(x, "__slots__") for x in v):  # effects done in turn (a reveal's)
        return "(" + ", ".join(map(_effect, v)) + ")"
    return _effect(v) if hasattr(v, "__slots__") else repr(v)
