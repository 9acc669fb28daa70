"""The Battle Spirits Standard dialect: statements -> board, actions and expectations; board -> text.

The language is Saga's (docs/scenario-language.md) with Standard's differences: the `second_main`
step, `heavy exhausted` cards, `super unleash` on a card line, `deploys` for a Nexus, and the
expectations `depleted` and `heavy exhausted`. Saga's small reading helpers are shared.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

from judge_app.engine.bs_standard import boardfx
from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.actions import (
    Activate,
    Attack,
    Block,
    Choose,
    Concede,
    EndStep,
    NoBlock,
    Pass,
    ProceedTo,
    Source,
    Summon,
    UseMagic,
)
from judge_app.engine.bs_standard.state import (
    COLORS,
    PLAYERS,
    Battle,
    Card,
    CardType,
    Level,
    Player,
    Pose,
    Stage,
    State,
    Step,
    other,
)
from judge_app.engine.bss import deck as bss_deck
from judge_app.engine.bss.dialect import _attack as saga_attack
from judge_app.engine.bss.dialect import _block as saga_block
from judge_app.engine.bss.dialect import _card_expect as saga_card_expect
from judge_app.engine.bss.dialect import (
    _chosen_by,
    _color,
    _Cursor,
    _err,
    _int,
    _near,
    _player_expect,  # the same player counters in both games
    _q,
    _value_expect,
    _zone,
    card_namer,
    player_line,
    proceed_player,
    read_assume,
    totals,
)
from judge_app.engine.bss.dialect import _game_expect as saga_game_expect
from judge_app.engine.bss.dialect import _level as saga_level
from judge_app.engine.bss.dialect import _move as saga_move
from judge_app.engine.bss.dialect import _no_block as saga_no_block
from judge_app.engine.bss.dialect import _Reader as SagaReader
from judge_app.engine.bss.dialect import _state as saga_state  # a board read through the family's shape
from judge_app.engine.bss.state import State as SagaState
from judge_app.engine.core import RuleIdFormat
from judge_app.engine.core.evolve import evolve
from judge_app.errors import ScenarioError
from judge_app.scenario.expect import Expectations, parse_expect
from judge_app.scenario.model import ActionItem, Context, Scenario
from judge_app.scenario.syntax import Phrase, Statement, Tok, abilities

GAME = "bs-standard"
RULES_VERSION = "1.0"
MAX_CARDS = 2000
STEP_WORDS = {s.value: s for s in Step} | {"second": Step.SECOND_MAIN, "second-main": Step.SECOND_MAIN}
RESERVED = frozenset({"reserve", "trash", "life", "void"})
VERBS = {"attacks": 'A attacks with "Card"', "blocks": 'B blocks with "Card"', "does": "B does not block",
         "passes": "A passes", "summons": 'A summons "Spirit" paying 2 from reserve, placing 1 from reserve',
         "deploys": 'A deploys "Nexus" paying 1 from reserve', "uses": 'A uses "Magic" paying 1 from reserve',
         "moves": 'A moves 2 cores from "Card" to reserve', "ends": "A ends the main step",
         "chooses": 'A chooses "Card"', "concedes": "B concedes", "activates": 'A activates "Card"'}
EXPECTS = ("A life|reserve|trash cores|deck|hand|trash N", '"Card" destroyed|depleted|not destroyed|not depleted',
           '"Card" on field|in hand|in trash|in deck|removed', '"Card" refreshed|exhausted|heavy exhausted',
           '"Card" LV N', '"Card" BP N', '"Card" cores|symbols N', '"Card" triggered|not triggered|resolved|not resolved',
           "summoning cost N", "blocked | not blocked", 'targets "Card", … | targets none',
           "effect order chosen by A", "substitution chosen by A")


@cache
def _empty() -> tuple[State, SagaState]:
    """The empty boards a reader starts from (frozen: one of each serves every scenario; building them is a
    tenth of a small scenario's reading)."""
    return State(), SagaState()


@dataclass
class _Reader:
    turn: Statement | None = None
    state: State = field(default_factory=lambda: _empty()[0])
    # Player lines are written and checked as in Saga: its reader reads them (counts, soul core); its board is
    # not used.
    players: SagaReader = field(default_factory=lambda: SagaReader(count_rule="1-4-5", state=_empty()[1]))
    cards: dict = field(default_factory=dict)  # (player, area) -> [Card]
    souls: dict = field(default_factory=dict)  # player -> [Field cards written with the soul core]
    card_lines: dict = field(default_factory=dict)
    card_cols: dict = field(default_factory=dict)
    battle: Statement | None = None
    assumptions: set = field(default_factory=set)
    active: list = field(default_factory=list)  # `A active:` statements (boardfx)

    def read_turn(self, st: Statement) -> None:
        if self.turn is not None:
            raise _err(st, "the turn is already given", f"see line {self.turn.line}")
        self.turn = st
        toks = [t for ph in st.phrases for t in ph.toks]
        player = step = turn = None
        first = False
        i = 0
        while i < len(toks):
            t, w = toks[i], toks[i].word
            if t.is_number:
                turn = int(t.value)
                if turn < 1:
                    raise _err(t, "the turn number starts at 1")
            elif t.value in PLAYERS:
                player = t.value
            elif w in STEP_WORDS:
                step = STEP_WORDS[w]
                if w == "second" and i + 1 < len(toks) and toks[i + 1].word == "main":
                    i += 1
                if i + 1 < len(toks) and toks[i + 1].word == "step":
                    i += 1
            elif w == "first" and i + 1 < len(toks) and toks[i + 1].word == "turn":
                first = True
                i += 1
            else:
                raise _err(t, f"unknown word {t.value!r} on the turn line",
                           "write e.g. `turn 3, A, second_main step` (steps: " + ", ".join(s.value for s in Step) + ")")
            i += 1
        if player is None or step is None:
            raise _err(st, "the turn line needs the turn player and the step", "e.g. `turn 3, A, main step`")
        self.state = evolve(self.state, player=player, step=step, turn=turn, first_turn=first or turn == 1)

    def read_board_line(self, st: Statement) -> None:
        """A turn, battle, player or card line."""
        if st.kind == "keyword" and st.head == "turn":
            self.read_turn(st)
        elif st.kind == "keyword":
            if self.battle is not None:
                raise _err(st, "the battle is already given")
            self.battle = st
        elif st.area is None:
            self.players.read_player(st)
        else:
            self.read_card(st)

    def read_card(self, st: Statement) -> None:
        if st.area == "active":  # what resolved effects left (boardfx), read once the cards are known
            self.active.append(st)
            return
        if not st.phrases:
            raise _err(st, "a card line needs a card", 'e.g. `A field: spirit "Wolf" green, LV1 1 core 2000 BP, 1 core`')
        area, phrases = bss_deck.position(st.area, st.phrases)  # `A deck: …, at the bottom` (Saga's words)
        if area == "deck anywhere":
            raise _err(st, "a Standard Deck card is named at its top or its bottom, in order",
                       'e.g. `A deck: spirit "Pup" red, …` (the top) or `A deck: …, at the bottom`')
        card, soul = parse_card(phrases, st.area or "")
        if card.uid in self.card_lines:
            raise _err(st.phrases[0], f'the card name "{card.uid}" is used twice (first on line {self.card_lines[card.uid]})',
                       f'give each copy its own id, e.g. "{card.uid}#1" and "{card.uid}#2"')
        self.card_lines[card.uid] = st.line
        col = st.phrases[0].column  # the card's first effect, else its name
        for ph in st.phrases[1:]:
            if ph.words[0] in ("effect", "effects"):
                col = ph.column
                break
        self.card_cols[card.uid] = col
        if len(self.card_lines) > MAX_CARDS:
            raise _err(st, f"too many cards: more than {MAX_CARDS}")
        self.cards.setdefault((st.head, area), []).append(card)
        if soul:  # (only a Field card holds cores: `_check_card`)
            self.souls.setdefault(st.head, []).append(card)

    def board(self, first: Statement) -> State:
        if self.turn is None:
            raise _err(first, "the scenario needs a turn line before the actions", "e.g. `turn 3, A, main step`")
        state = self.state
        for who in PLAYERS:
            c = {k: v for (p, k), v in self.players.counts.items() if p == who}
            cards = self.cards
            souls = self.souls.get(who, ())
            if len(souls) + (who in self.players.souls) > 1:
                raise _err(first, f"{who} has only one soul core (5-7-3), but it is placed twice")
            hand = tuple(cards.get((who, "hand"), ()))
            trash = tuple(cards.get((who, "trash"), ()))
            hand_total, trash_total = totals(who, c, len(hand), len(trash))
            soul = souls[0].uid if souls else (self.players.souls[who][0] if who in self.players.souls else None)
            deck_cards = self._deck_top(who, c, first)
            pl = Player(life=c["life"][0] if "life" in c else 5, reserve=c.get("reserve", (0,))[0],
                        trash_cores=c.get("trash_cores", (0,))[0], deck=c["deck"][0] if "deck" in c else None,
                        hand=hand, hand_unknown=hand_total - len(hand), trash=trash,
                        trash_unknown=trash_total - len(trash), field=tuple(cards.get((who, "field"), ())),
                        removed=tuple(cards.get((who, "removed"), ())), soul=soul,
                        deck_top=deck_cards[0], deck_bottom=deck_cards[1])
            if soul == "reserve" and pl.reserve < 1:
                raise _err(self.players.souls[who][1], f"{who}'s reserve holds the soul core, so it counts at least 1 core")
            state = state.with_p(who, pl)
        if self.battle is not None:
            state = evolve(state, battle=self._battle(self.battle, state))
        for st in self.active:
            state = boardfx.read_line(st, state, lambda t: t.value, self.battle is not None)
        return state

    def _deck_top(self, who: str, counts: dict, first: Statement) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """`A deck: …` lines: the Deck's top cards in order, the first line the top card (ending in `, at the bottom`:
        its bottom cards, the last line the bottom card); `deck N` counts them with the rest (an effect that reveals
        the top of the Deck needs them, a draw takes them first)."""
        top = tuple(self.cards.get((who, "deck"), ()))
        bottom = tuple(self.cards.get((who, "deck bottom"), ()))
        listed = len(top) + len(bottom)
        if listed and ("deck" not in counts or counts["deck"][0] < listed):
            at = counts["deck"][1] if "deck" in counts else first
            raise _err(at, f"{who}'s deck lists {listed} cards: give its size on the player line, at least "
                           f"{listed}", "deck N counts every card in the deck, the listed ones included")
        return top, bottom

    def _battle(self, st: Statement, state: State) -> Battle:
        quoted = [t for ph in st.phrases for t in ph.toks if t.quoted]
        words = " ".join(w for ph in st.phrases for w in ph.words)
        if not quoted or (state.on_field(quoted[0].value) or ("",))[0] != state.player:
            raise _err(st, "the battle line first names the turn player's attacking Spirit",
                       'e.g. `battle "Ryuman" attacking, flash before block, B to act, 0 passes`')
        blocker = quoted[1].value if len(quoted) > 1 else None
        if blocker is not None and (state.on_field(blocker) or ("",))[0] != other(state.player):
            raise _err(st, "the blocking Spirit must be the defending player's")
        stage = Stage.FLASH_AFTER_BLOCK if blocker else (Stage.BLOCK if "block declaration" in words
                                                        else Stage.FLASH_BEFORE_BLOCK)
        m = re.search(r"\b([ab]) to act", words)
        to_act = m.group(1).upper() if m else other(state.player)
        m = re.search(r"(\d+) pass", words)
        return Battle(quoted[0].value, stage, blocker, to_act, int(m.group(1)) if m else 0)


def parse_card(phrases: Sequence[Phrase], area: str) -> tuple[Card, bool]:
    """A card line's phrases, read in one pass: each item after the name by a table of its words (given once,
    except levels and effects); (the card, whether it holds the soul core)."""
    head = phrases[0]
    ctype, uid, colors = _card_head(head)
    kw: dict[str, Any] = {"colors": colors}  # the Card's fields
    levels: list[Level] = []
    effects: list[str] = []
    soul = False
    seen: set[str] = set()
    for ph in phrases[1:]:
        w = ph.words
        key = w[0]
        if key[:2] == "lv" and key[2:].isdigit():  # `LV2 3 cores 5000 BP` (a Nexus has no BP), as in Saga
            levels.append(saga_level(ph, int(key[2:]), levels))
            continue
        if key == "effect" or key == "effects":
            effects += _effect_texts(ph)
            continue
        if key in ("family", "families") and key not in seen:
            seen.add(key)
            kw["families"] = _families(ph)
            continue
        if key in seen:
            raise _err(ph, f"{key!r} is given twice for \"{uid}\"")
        seen.add(key)
        fixed = _FIXED.get(w)
        if fixed is None:
            if not _VALUES.get(key, _cores)(ph, kw):
                raise _err(ph, f"unknown card item {ph.text()!r}", _near(key, _ITEM_WORDS, "card items"))
        elif fixed[0]:
            kw[fixed[0]] = fixed[1]
        else:
            soul = True
    _check_card(head, ctype, uid, area, levels, kw, soul)
    if len(levels) > 1:
        levels.sort(key=_lv_number)
    return Card(uid=uid, type=ctype, levels=tuple(levels), effects=tuple(effects), **kw), soul


def _lv_number(lv: Level) -> int:
    return lv.lv


_CARD_TYPES = {t.value: t for t in CardType}


def _card_head(head: Phrase) -> tuple[CardType, str, tuple[str, ...]]:
    """`spirit "Ryuman" red`: the type, the name (its id) and the colours."""
    toks, words = head.toks, head.words  # (the phrase's lower-cased words, made once)
    kinds = _CARD_TYPES
    if not toks or words[0] not in kinds:
        got = toks[0].value if toks else ""
        raise _err(toks[0] if toks else head, f"unknown card type {got!r}", _near(got.lower(), list(kinds), "card types"))
    ctype = kinds[words[0]]
    if len(toks) < 2 or not toks[1].quoted:
        raise _err(toks[1] if len(toks) > 1 else head, "the card name comes after the type, in double quotes",
                   'e.g. spirit "Ryuman" red')
    name_tok = toks[1]
    uid = name_tok.value
    if not uid.strip():
        raise _err(head, "the card name is empty")
    if uid.lower() in RESERVED:
        raise _err(name_tok, f'"{uid}" cannot be a card name: it names a place for cores', f'add an id, e.g. "{uid}#1"')
    # a plain colour is its word; others (`red/blue`, a misspelling) go through the family's colour reader
    plain = words[2:]
    if _COLOR_WORDS.issuperset(plain):
        return ctype, uid, plain
    return ctype, uid, tuple(w if w in _COLOR_WORDS else _color(t) for w, t in zip(plain, toks[2:], strict=True))


_COLOR_WORDS = frozenset(COLORS)


def _effect_texts(ph: Phrase) -> list[str]:
    """`effect "…" "…"`: each text read now, so a scenario never holds an effect the engine cannot execute."""
    t = ph.toks
    if len(t) < 2 or not all(x.quoted for x in t[1:]):
        raise _err(ph, "effect text goes in double quotes", 'e.g. effect "[Main] Draw 1 card."')
    out: list[str] = []
    for x in t[1:]:
        for text in abilities(x.value):  # text pasted with its lines: one ability a line
            try:
                E.C.parse_effect(text)
            except E.C.EffectSyntaxError as e:
                raise ScenarioError(e.message, line=x.line, column=x.column, text=text, hint=e.hint) from None
            out.append(text)
    return out


def _families(ph: Phrase) -> tuple[str, ...]:
    """2-6: `family "Terrasaur" "Shadow"`, the card's Families as printed (2-6-3: a card may have several), quoted."""
    names = tuple(x.value.strip() for x in ph.toks[1:])
    if not names or not all(x.quoted for x in ph.toks[1:]) or not all(names):
        raise _err(ph, "Families go in double quotes after `family`", 'e.g. family "Terrasaur" "Shadow"')
    return names


_POSES = {("exhausted",): Pose.EXHAUSTED, ("refreshed",): Pose.REFRESHED, ("heavy", "exhausted"): Pose.HEAVY,
          ("heavy_exhausted",): Pose.HEAVY}
_FLAGS = {("super", "unleash"): "super_unleash", ("ex", "symbol"): "ex", ("ex",): "ex"}
# The items written as fixed words: the Card field each sets and its value ("" for the soul core, not a field).
_FIXED: dict[tuple[str, ...], tuple[str, Any]] = {**{w: ("pose", p) for w, p in _POSES.items()},
                                                  **{w: (f, True) for w, f in _FLAGS.items()},
                                                  ("soul", "core"): ("", True)}
_ITEM_WORDS = ["cost", "reduction", "LV1", "symbol", "cores", "soul", "exhausted", "heavy", "refreshed", "super",
               "effect", "family"]


# Each reads one item into the Card's fields (`kw`); False when the words do not make that item.
def _cost(ph: Phrase, kw: dict[str, Any]) -> bool:
    if len(ph.toks) != 2:
        return False
    kw["cost"] = _int(ph.toks[1], ph, "cost")
    return True


def _reduction(ph: Phrase, kw: dict[str, Any]) -> bool:
    kw["reduction"] = tuple(_color(x) for x in ph.toks[1:])
    return True


def _symbols(ph: Phrase, kw: dict[str, Any]) -> bool:
    kw["symbols"] = tuple(_color(x) for x in ph.toks[1:])
    return True


def _no(ph: Phrase, kw: dict[str, Any]) -> bool:
    if ph.words not in (("no", "symbols"), ("no", "symbol")):
        return False
    kw["symbols"] = ()
    return True


def _cores(ph: Phrase, kw: dict[str, Any]) -> bool:
    """`N cores` (any first word the table does not name)."""
    w, t = ph.words, ph.toks
    if not (t[0].is_number and len(t) == 2 and w[1] in ("core", "cores")):
        return False
    kw["cores"] = int(t[0].value)
    if kw["cores"] < 0:
        raise _err(ph, "a card cannot hold a negative number of cores")
    return True


# The items read by their first word (any other is `N cores` or unknown).
_VALUES: dict[str, Callable[[Phrase, dict[str, Any]], bool]] = {
    "cost": _cost, "reduction": _reduction, "reductions": _reduction, "symbol": _symbols, "symbols": _symbols,
    "no": _no}


def _check_card(head: Phrase, ctype: CardType, uid: str, area: str, levels: list[Level], kw: dict[str, Any],
                soul: bool) -> None:
    """What a card of its type in its area must (not) have."""
    if ctype is CardType.NEXUS and any(lv.bp is not None for lv in levels):
        raise _err(head, "a Nexus has no BP")
    if ctype is CardType.SPIRIT and any(lv.bp is None for lv in levels):
        raise _err(head, f'each Lv of the Spirit "{uid}" needs its BP', "e.g. LV1 1 core 3000 BP")
    if ctype is CardType.MAGIC and levels:
        raise _err(head, "a Magic card has no Lv")
    if area == "field" and ctype is CardType.MAGIC:
        raise _err(head, "Magic cards are not placed on the Field (4-5-1)")
    if area == "field" and not levels:
        raise _err(head, f'"{uid}" on the Field needs its levels', "e.g. LV1 1 core 3000 BP")
    if area != "field" and ("cores" in kw or soul or "pose" in kw):
        raise _err(head, "cores and card states apply only to cards on the Field")
    if soul and kw.get("cores", 0) < 1:
        raise _err(head, "the soul core is one of the card's cores: give at least 1 core")


def _step(cur: _Cursor) -> Step:
    t = cur.peek()
    if t is None or t.word not in STEP_WORDS:
        raise _err(cur._at(t), "expected a step name", "steps: " + ", ".join(s.value for s in Step), text=cur.st.source)
    cur.i += 1
    if t.word == "second":
        cur.word("main")
    cur.word("step", optional=True)
    return STEP_WORDS[t.word]


# The battle's most frequent lines, written in one phrase: their whole words, each the action its reader below
# makes of them (`_no_block`, Saga's `_attack`/`_block`, `Pass`); '' stands for the card's quoted name.
_PLAIN_ACTIONS: dict[tuple[str, ...], Callable[[str, tuple[Tok, ...], Callable[[Tok], str]], object]] = {
    **dict.fromkeys((("passes",), ("pass",)), lambda who, toks, names: Pass(who)),
    **dict.fromkeys(((v, n, "block") for v in ("does", "declares") for n in ("not", "no")),
                    lambda who, toks, names: NoBlock(who)),
    **dict.fromkeys((("attacks", "with", ""), ("attack", "with", "")), lambda who, toks, names: Attack(who, names(toks[2]))),
    **dict.fromkeys((("blocks", "with", ""), ("block", "with", "")), lambda who, toks, names: Block(who, names(toks[2]))),
}


def parse_action(st: Statement, names: Callable[[Tok], str],
                 choice_value: Callable[[Tok], str] | None = None) -> object:
    if len(st.phrases) == 1:  # `A passes`, `B blocks with "Bear"`: read without the cursor
        ph = st.phrases[0]
        plain = _PLAIN_ACTIONS.get(ph.words)
        if plain is not None:
            return plain(st.head, ph.toks, names)
    cur = _Cursor(st, names)
    verb_tok = cur.peek()
    verb = verb_tok.word if verb_tok else ""
    cur.i += 1
    read = _ACTIONS.get(verb)
    act = read(st.head, cur, verb, choice_value or names) if read is not None else None
    if act is None:
        raise _err(verb_tok or st, f"unknown action {verb_tok.value if verb_tok else ''!r}",
                   _near(verb, list(VERBS), "actions") + " (e.g. " + "; ".join(VERBS.values()) + ")", text=st.source)
    cur.done()
    return act


# Each reads the words after the verb; None when they do not make that action (the verb is then unknown).
_ActionReader = Callable[[str, _Cursor, str, Callable[[Tok], str]], object | None]


def _saga(read: Callable[[str, _Cursor, Callable[[Tok], str]], object]) -> _ActionReader:
    """An action declared as in Saga (the same words, the same value): Saga's reader of it."""
    return lambda who, cur, verb, value: read(who, cur, value)


def _no_block(who: str, cur: _Cursor, verb: str, value: Callable[[Tok], str]) -> object | None:
    return None if cur.peek() is None else saga_no_block(who, cur, value)  # a bare `does` is no action


def _summon(who: str, cur: _Cursor, verb: str, value: Callable[[Tok], str]) -> object | None:
    card = cur.card()
    pay: tuple[Source, ...] = ()
    place: tuple[Source, ...] = ()
    succ: tuple[str, ...] = ()
    while cur.peek() is not None:
        w = cur.word("paying", "placing", "succession")
        if w == "paying":
            pay = cur.sources()
        elif w == "placing":
            place = cur.sources()
        else:
            succ = _succession_names(cur)
    return Summon(who, card, pay, place, deploy=verb.startswith(("deploy", "place")), succession=succ)


def _end(who: str, cur: _Cursor, verb: str, value: Callable[[Tok], str]) -> object | None:
    cur.word("the", optional=True)
    return EndStep(who, None) if cur.word("step", optional=True) else EndStep(who, _step(cur))


def _use(who: str, cur: _Cursor, verb: str, value: Callable[[Tok], str]) -> object | None:
    card = cur.card()
    pay: tuple[Source, ...] = ()
    succ: tuple[str, ...] = ()
    while cur.peek() is not None:
        if cur.word("paying", "succession") == "paying":
            pay = cur.sources()
        else:
            succ = _succession_names(cur)
    return UseMagic(who, card, pay, succ)


def _activate(who: str, cur: _Cursor, verb: str, value: Callable[[Tok], str]) -> object | None:
    return Activate(who, cur.card())


def _choose(who: str, cur: _Cursor, verb: str, value: Callable[[Tok], str]) -> object | None:
    vals = [value(t) if t.quoted else t.value for t in cur.toks[cur.i:] if t.quoted or t.word != "and"]
    if not vals:
        raise _err(cur._at(None), "choose what?", 'e.g. A chooses "Wolf"; A chooses yes', text=cur.st.source)
    cur.i = len(cur.toks)
    return Choose(who, tuple(vals))


_ACTIONS: dict[str, _ActionReader] = {
    **dict.fromkeys(("attacks", "attack"), _saga(saga_attack)), **dict.fromkeys(("blocks", "block"), _saga(saga_block)),
    "does": _no_block, "declares": _no_block, **dict.fromkeys(("passes", "pass"), _saga(lambda who, cur, v: Pass(who))),
    **dict.fromkeys(("summons", "summon", "deploys", "deploy", "places", "place"), _summon),
    **dict.fromkeys(("moves", "move"), _saga(saga_move)), "ends": _end, "end": _end, "uses": _use, "use": _use,
    "activates": _activate, "activate": _activate,
    **dict.fromkeys(("concedes", "concede"), _saga(lambda who, cur, v: Concede(who))),
    "chooses": _choose, "choose": _choose,
}


def _succession_names(cur: _Cursor) -> tuple[str, ...]:
    """`succession "Old Dragon" and "Old Knight"`: the EX-symbol cards removed from the Trash (12-2-1-3)."""
    out = [cur.card()]
    while cur.word("and", optional=True):
        out.append(cur.card())
    return tuple(out)


def parse_proceed(st: Statement) -> ProceedTo:
    cur, who = proceed_player(st)
    step = _step(cur)  # Standard's steps, `second main` among them
    cur.done()
    return ProceedTo(who, step)


# -- expectations -------------------------------------------------------------------------------


def _state(ctx: Context) -> State:
    """The board an expectation reads (the core carries any game's state)."""
    return cast(State, ctx.state)


def _fact(ctx: Context, uid: str, prop: str) -> object:
    state = _state(ctx)
    loc = state.locate(uid)
    if loc is None or loc[1] != "field":
        return f"in {loc[1]}" if loc and prop == "state" else None
    who, _area, card = loc
    return _FACTS[prop](state, who, card)


# What an expectation about a card on the Field reads: only the asked value is computed (a BP runs through the
# continuous effects). Symbols are printed ones: no card text the Standard engine executes changes a symbol.
_FACTS: dict[str, Callable[[State, str, Card], object]] = {
    "state": lambda state, who, card: str(card.pose), "level": E.level,
    "bp": lambda state, who, card: E.bp(state, card.uid), "cores": lambda state, who, card: card.cores,
    "symbols": lambda state, who, card: len(card.symbols)}


def _card_expect(ph: Phrase, uid: str, w: tuple[str, ...], t: tuple[Tok, ...]):
    joined = " ".join(w)
    if joined in ("triggered", "not triggered", "resolved", "not resolved"):
        return saga_card_expect(ph, uid, w, t)  # the same trigger and resolve events in both games
    if joined in ("destroyed", "not destroyed", "depleted", "not depleted"):
        kind = "destroy" if "destroyed" in joined else "deplete"
        want = not joined.startswith("not")

        def chk(ctx: Context) -> tuple[bool, str]:
            kinds = {ev.kind for ev in ctx.events if ev.subject == uid}
            actual = "destroyed" if "destroy" in kinds else "depleted" if "deplete" in kinds else "neither destroyed nor depleted"
            return (kind in kinds) == want, actual
        return chk, False
    zones = {"on field": "field", "on the field": "field", "survives": "field", "in hand": "hand", "in trash": "trash",
             "in the trash": "trash", "removed": "removed", "in the removed area": "removed", "in deck": "deck",
             "in the deck": "deck"}
    if joined in zones:
        want_z = zones[joined]
        return (lambda ctx: (_zone(saga_state(ctx), uid) == want_z, _zone(saga_state(ctx), uid))), False
    if joined in ("exhausted", "refreshed", "heavy exhausted", "heavy_exhausted"):
        want_s = joined.replace("_", " ")
        return (lambda ctx: (_fact(ctx, uid, "state") == want_s, str(_fact(ctx, uid, "state")))), False
    return _value_expect(joined, uid, _fact)


def _game_expect(ph: Phrase, w: tuple[str, ...], t: tuple[Tok, ...]):
    joined = " ".join(w)
    if joined in ("blocked", "not blocked") or re.fullmatch(r"summoning cost \d+", joined):
        return saga_game_expect(ph, w, t)  # the same events in both games
    m = re.fullmatch(r"(?:summon|deployment|use) cost (\d+)", joined)
    if m:
        return saga_game_expect(ph, ("summoning", "cost", m.group(1)), t)
    if w[0] == "targets" and len(t) > 1:
        want_t = set() if w[1:] in (("none",), ("nothing",)) else {x.value for x in t[1:]}

        def chk_tg(ctx: Context) -> tuple[bool, str]:
            got: set[str] | None = None
            if ctx.choice is not None and ctx.choice.rule in ("9-3-2-1", "1-4-5-1"):
                got = {o for o in ctx.choice.options if o != "none"}
            for ev in ctx.events:
                if ev.kind == "targets":
                    got = {str(u) for u in cast(tuple, dict(ev.facts).get("eligible", ()))}
            if got is None:
                return False, "nothing was selected"
            return got == want_t, ", ".join(f'"{x}"' for x in sorted(got)) or "none"
        return chk_tg, False
    m = re.fullmatch(r"(effect order|substitution|replacement) chosen by ([ab])", joined)
    if m:
        key = "effect_order_chooser" if m.group(1) == "effect order" else "substitution_chooser"
        rules = ("9-1-5-7", "9-1-5-8") if key == "effect_order_chooser" else ("9-1-8-1-3",)
        return _chosen_by(key, rules, m.group(2).upper()), False
    return None


EXPECTATIONS = Expectations(
    players=PLAYERS, rule_ids=RuleIdFormat.DASHED,
    turn=lambda state: (cast(State, state).turn, cast(State, state).player, str(cast(State, state).step)),
    steps=frozenset(s.value for s in Step) | {"second"},
    card=_card_expect, player=_player_expect, game=_game_expect,
    heads=frozenset({"blocked", "summoning", "summon", "deployment", "use", "targets", "effect", "substitution",
                     "replacement"}),
    phrases=frozenset({"not blocked"}), player_items=frozenset({"life", "reserve", "deck", "hand", "trash"}),
    lists=frozenset({"targets"}), examples=EXPECTS)


def _board_lines(statements: Sequence[Statement], reader: _Reader) -> tuple[list[Statement], Statement | None]:
    """Read the board lines into `reader`; the action and expectation lines after them, and the first of those."""
    first_action: Statement | None = None
    pending: list[Statement] = []
    for st in statements:
        if st.kind == "keyword" and st.head in ("game", "rules"):
            continue
        if st.kind == "keyword" and st.head == "assume":
            reader.assumptions.add(read_assume(st))
        elif st.kind == "player" or (st.kind == "keyword" and st.head in ("turn", "battle")):
            if first_action is not None:
                raise _err(st, "board lines come before the actions and expectations",
                           f"move it above line {first_action.line}")
            reader.read_board_line(st)
        else:
            first_action = first_action or st
            pending.append(st)
    return pending, first_action


def _areas(pl: Player) -> tuple[tuple[Card, ...], ...]:
    return pl.field, pl.hand, pl.trash, pl.removed, pl.deck_top, pl.deck_bottom


def read(statements: Sequence[Statement], rules_version: str) -> Scenario:
    reader = _Reader()
    pending, first_action = _board_lines(statements, reader)
    anchor = first_action or (statements[-1] if statements else None)
    if anchor is None:
        raise ScenarioError("the scenario is empty", line=1, column=1, hint="start with `game bs-standard`")
    board = reader.board(anchor)
    names = card_namer(list(reader.card_lines))
    effect_texts = {e for who in PLAYERS for cards in _areas(board.p(who)) for c in cards for e in c.effects}

    def choice_value(t: Tok) -> str:
        """A quoted answer: a card, or an effect's text (`A chooses "『When Attacking』 Refresh this Spirit."`)."""
        return t.value if t.value in effect_texts or t.value == E.UNNAMED else names(t)

    items: list[Any] = []
    for st in pending:
        if st.kind == "action":
            items.append(ActionItem(st.line, st.source.strip(), parse_action(st, names, choice_value)))
        elif st.head == "proceed":
            items.append(ActionItem(st.line, st.source.strip(), parse_proceed(st)))
        elif st.head == "expect":
            items.extend(parse_expect(st, names, EXPECTATIONS))
        else:  # pragma: no cover
            raise _err(st, f"unexpected {st.head!r} line")
    return Scenario(GAME, rules_version, board, tuple(items),
                    tuple((u, ln, reader.card_cols[u]) for u, ln in reader.card_lines.items()),
                    frozenset(reader.assumptions))


# -- writing ------------------------------------------------------------------------------------


def write_card(card: Card, area: str, soul: bool = False) -> str:
    head = f"{card.type} {_q(card.uid)}"
    parts = [head + " " + " ".join(card.colors) if card.colors else head]
    if card.cost:
        parts.append(f"cost {card.cost}")
    if card.reduction:
        parts.append("reduction " + " ".join(card.reduction))
    for lv in card.levels:
        parts.append(f"LV{lv.lv} {lv.cores} core" if lv.cores == 1 else f"LV{lv.lv} {lv.cores} cores")
        if lv.bp is not None:
            parts[-1] += f" {lv.bp} BP"
    if card.super_unleash:
        parts.append("super unleash")
    if card.ex:
        parts.append("ex symbol")
    if card.symbols:
        parts.append(("symbols " if len(card.symbols) > 1 else "symbol ") + " ".join(card.symbols))
    if card.families:
        parts.append("family " + " ".join(_q(f) for f in card.families))
    if area == "field":
        parts.append("1 core" if card.cores == 1 else f"{card.cores} cores")
        if soul:
            parts.append("soul core")
        if card.pose is not Pose.REFRESHED:
            parts.append(card.pose)
    if card.effects:
        parts += [f"effect {_q(e)}" for e in card.effects]
    return ", ".join(parts)


def write_board(state: State) -> str:
    lines = [f"game {GAME}", f"rules {RULES_VERSION}"]
    turn = ([str(state.turn)] if state.turn is not None else []) + [state.player, f"{state.step} step"]
    if state.first_turn and state.turn != 1:
        turn.append("first turn")
    lines.append("turn " + ", ".join(turn))
    for who in PLAYERS:
        pl = state.p(who)
        lines.append(player_line(who, pl))
        for area, cards in (("field", pl.field), ("hand", pl.hand), ("trash", pl.trash), ("removed", pl.removed),
                            ("deck", pl.deck_top)):
            if cards:
                lines += [f"{who} {area}: " + write_card(c, area, pl.soul == c.uid) for c in cards]
        lines += [f"{who} deck: " + write_card(c, "deck") + ", at the bottom" for c in pl.deck_bottom]
    b = state.battle
    if b is not None:
        parts = [f"{_q(b.attacker)} attacking"] + ([f"{_q(b.blocker)} blocking"] if b.blocker else []) + [str(b.stage)]
        if b.stage is not Stage.BLOCK:
            parts += [f"{b.to_act} to act", f"{b.passes} pass" + "es" * (b.passes != 1)]
        lines.append("battle " + ", ".join(parts))
    lines += boardfx.write_lines(state)
    return "\n".join(lines) + "\n"
