"""The Battle Spirits Saga dialect: statements -> board, actions and expectations; board -> text."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from judge_app.engine.bss import deck as bss_deck
from judge_app.engine.bss.actions import (
    Action,
    Activate,
    Attack,
    Awaken,
    Block,
    Choose,
    Concede,
    EndStep,
    MoveCores,
    NoBlock,
    Pass,
    ProceedTo,
    SetBurst,
    Summon,
    UseMagic,
)
from judge_app.engine.bss.cardnodes import GainSymbol
from judge_app.engine.bss.resolve import applied_value
from judge_app.engine.bss.rules import Source
from judge_app.engine.bss.serialize import PlayerCounts
from judge_app.engine.bss.state import (
    COLORS,
    PLAYERS,
    Applied,
    AppliedKind,
    Battle,
    Card,
    CardType,
    DelayedEffect,
    Level,
    Player,
    Stage,
    State,
    Step,
)
from judge_app.engine.bss.state import other as other_player
from judge_app.engine.bss.vocab import HIGHEST, Allow, Forbid, Gain, ModBP, Sel, SetBP, SetLevel
from judge_app.engine.core import RuleIdFormat
from judge_app.engine.core.evolve import evolve
from judge_app.errors import ScenarioError
from judge_app.scenario.expect import Expectations, parse_expect
from judge_app.scenario.model import ActionItem, Context, Scenario
from judge_app.scenario.syntax import Phrase, Statement, Tok, abilities

GAME = "bss"
RULES_VERSION = "1.7.0"
MAX_CARDS = 2000

STEP_WORDS = {s.value: s for s in Step}
RESERVED_NAMES = frozenset({"reserve", "trash", "life", "void"})  # places a core can be
PLAYER_KEYS = ("life N", "reserve N", "trash cores N", "deck N", "hand N", "trash N",
               "soul core in reserve|trash|life|void")
CARD_PHRASES = ('spirit|nexus|magic|token spirit "Name" colors', "cost N", "reduction COLORS",
                "LVn N cores [N BP]", "symbol(s) COLORS | no symbols", "N cores", "soul core",
                "exhausted | refreshed", 'effect "text"', 'family "Type" …',
                'token "<Name> Token (Token spirit/…)"')
VERBS = {
    "attacks": 'A attacks with "Card"', "blocks": 'B blocks with "Card"', "does": "B does not block",
    "passes": "A passes", "summons": 'A summons "Card" paying 2 from reserve, placing 1 from reserve',
    "places": 'A places "Nexus" paying 1 from reserve', "moves": 'A moves 2 cores from "Card" to reserve',
    "ends": "A ends the main step", "uses": 'A uses "Magic" paying 1 from reserve',
    "chooses": 'A chooses "Card"', "concedes": "B concedes", "sets": 'A sets "Card" as burst',
    "activates": 'A activates "Card"', "awakens": 'A awakens "Card" moving 1 from "Other"',
}
# The expectations bss adds to the generic ones (judge_app.scenario.expect.GENERIC).
EXPECTS = ("A life|reserve|trash cores|deck|hand|trash N", "A soul core in reserve|trash|…",
           '"Card" destroyed|self-destroyed|not destroyed', '"Card" on field|in hand|in trash|removed',
           '"Card" exhausted|refreshed', '"Card" LV N', '"Card" BP N', '"Card" symbols N', '"Card" cores N',
           "summoning cost N", "blocked | not blocked",
           '"Card" triggered|not triggered|resolved|not resolved',
           'targets "Card", … | targets none', "effect order chosen by A", "substitution chosen by A",
           "loop ended by A", "milled N")


def _err(where: Tok | Phrase | Statement, msg: str, hint: str | None = None,
         text: str | None = None) -> ScenarioError:
    if isinstance(where, Statement):
        return ScenarioError(msg, line=where.line, column=where.column, text=text or where.source, hint=hint)
    if isinstance(where, Phrase):
        return ScenarioError(msg, line=where.line, column=where.column, text=text or where.text(), hint=hint)
    return ScenarioError(msg, line=where.line, column=where.column, text=text or where.value, hint=hint)


def _near(word: str, options: Sequence[str], what: str) -> str:
    close = difflib.get_close_matches(word, list(options), n=3, cutoff=0.5)
    if close:
        return "did you mean " + " or ".join(f'"{c}"' for c in close) + "?"
    return f"{what}: " + ", ".join(options)


def _int(t: Tok | None, where: Phrase, what: str) -> int:
    if t is None or not t.is_number:
        raise _err(t or where, f"{what} needs a whole number", f"e.g. {what} 3")
    return int(t.value)


def _color(t: Tok) -> str:
    w = t.word
    if w not in COLORS:  # else one color, the usual case: `red/blue` is read part by part
        for p in w.split("/"):
            if p not in COLORS:
                raise _err(t, f"unknown color {p!r}", _near(p, COLORS, "colors"))
    return w


def totals(who: str, counts: dict[str, tuple[int, Phrase]], hand: int, trash: int) -> tuple[int, int]:
    """A player's hand and trash sizes: `hand N` / `trash N` when given (the listed cards among them), else the
    cards listed."""
    hand_total = counts["hand"][0] if "hand" in counts else hand
    trash_total = counts["trash"][0] if "trash" in counts else trash
    if hand_total < hand:
        raise _err(counts["hand"][1], f"{who}'s hand is {hand_total}, but {hand} hand cards are listed",
                   "hand N counts every card in hand, the listed ones included")
    if trash_total < trash:
        raise _err(counts["trash"][1], f"{who}'s trash is {trash_total}, but {trash} trash cards are listed",
                   "trash N counts every card in the trash, the listed ones included")
    return hand_total, trash_total


def card_namer(known: list[str], also: Callable[[str], bool] = lambda _name: False) -> Callable[[Tok], str]:
    """A quoted card name -> the card's id: exact, the one card of that name (`"Wolf"` for `"Wolf#1"`), or a
    name `also` admits as it is (a token an effect can summon)."""
    ids = set(known)

    def names(t: Tok) -> str:
        if t.value in ids:
            return t.value
        same = [u for u in known if u.split("#", 1)[0] == t.value]
        if len(same) == 1:
            return same[0]
        if len(same) > 1:
            raise _err(t, f'"{t.value}" is ambiguous', "write one of " + ", ".join(f'"{u}"' for u in same))
        if also(t.value.split("#", 1)[0]):
            return t.value
        raise _err(t, f'unknown card "{t.value}"',
                   _near(t.value, known, "cards in this scenario") if known else "no card is described")
    return names


# ---------------------------------------------------------------------------------------------
# Reading


@dataclass
class _CardDraft:
    card: Card
    soul: bool
    line: int


@dataclass
class _Reader:
    turn: Statement | None = None
    state: State = field(default_factory=State)
    first_turn: bool = False
    counts: dict = field(default_factory=dict)  # (player, key) -> (value, tok)
    cards: dict = field(default_factory=dict)  # (player, area) -> [_CardDraft]
    souls: dict = field(default_factory=dict)  # player -> (where, phrase)
    card_lines: dict = field(default_factory=dict)  # uid -> line
    card_cols: dict = field(default_factory=dict)  # uid -> column of its first effect (else its name)
    battle: Statement | None = None
    raid: list = field(default_factory=list)  # (name token, uses)
    once: list = field(default_factory=list)  # s12 bssonce: (name token, effect text token or None)
    attacked: list = field(default_factory=list)  # s17 bss: `attacked "Spirit"`: the attacks declared this turn, in order
    active: list = field(default_factory=list)  # `A active:` statements
    delayed: list = field(default_factory=list)  # `A delayed:` statements
    assumptions: set = field(default_factory=set)
    count_rule: str = "1-3-5"  # what a count's hint cites: a family member reading player lines gives its own

    # -- turn line ------------------------------------------------------------------------
    def read_turn(self, st: Statement) -> None:
        if self.turn is not None:
            raise _err(st, "the turn is already given", f"see line {self.turn.line}")
        self.turn = st
        toks: list[Tok] = []
        for ph in st.phrases:
            if not self._turn_use(ph):
                toks += ph.toks
        player, step, turn, burst_set = None, None, None, False
        i = 0
        while i < len(toks):
            t = toks[i]
            w = t.word
            if t.is_number:
                turn = int(t.value)
                if turn < 1:
                    raise _err(t, "the turn number starts at 1")
            elif t.value in PLAYERS:
                player = t.value
            elif w in STEP_WORDS:
                step = STEP_WORDS[w]
                if i + 1 < len(toks) and toks[i + 1].word == "step":
                    i += 1
            elif w == "first" and i + 1 < len(toks) and toks[i + 1].word == "turn":
                self.first_turn = True
                i += 1
            elif w == "burst" and i + 1 < len(toks) and toks[i + 1].word == "set":
                burst_set = True
                i += 1
            else:
                raise _err(t, f"unknown word {t.value!r} on the turn line",
                           "write e.g. `turn 3, A, main step` (steps: " + ", ".join(STEP_WORDS) + ")")
            i += 1
        if player is None or step is None:
            raise _err(st, "the turn line needs the player taking their turn and the step",
                       "e.g. `turn 3, A, main step`")
        self.state = evolve(self.state, player=player, step=step, turn=turn,
                             first_turn=self.first_turn or turn == 1, burst_set=burst_set)

    # -- player line ------------------------------------------------------------------------
    def read_player(self, st: Statement) -> None:
        who = st.head
        for ph in st.phrases:
            w = ph.words
            if w[:2] == ("trash", "cores") and len(w) == 3:
                self._count(who, "trash_cores", ph, ph.toks[2])
            elif w[:2] == ("soul", "core"):
                if len(w) != 4 or w[2] != "in" or w[3] not in ("reserve", "trash", "life", "void"):
                    raise _err(ph, "write where the soul core is: `soul core in reserve` (or trash, life, void)")
                self.souls[who] = (w[3], ph)
            elif len(w) == 2 and w[0] in ("life", "reserve", "deck", "hand", "trash"):
                self._count(who, w[0], ph, ph.toks[1])
            else:
                raise _err(ph, f"unknown player item {ph.text()!r}", _near(w[0], [k.split()[0] for k in PLAYER_KEYS],
                                                                         "player items") +
                           " (items: " + "; ".join(PLAYER_KEYS) + ")")

    def _count(self, who: str, key: str, ph: Phrase, t: Tok) -> None:
        n = _int(t, ph, key.replace("_", " "))
        if n < 0:
            raise _err(t, f"{key.replace('_', ' ')} cannot be negative", f"counts are whole numbers, 0 or more ({self.count_rule})")
        if (who, key) in self.counts:
            raise _err(ph, f"{who}'s {key.replace('_', ' ')} is given twice")
        self.counts[(who, key)] = (n, ph)

    # -- card lines ---------------------------------------------------------------------------
    def read_card(self, st: Statement) -> None:
        assert st.area is not None  # the reader hands card lines only (`A field: …`)
        area, phrases = bss_deck.position(st.area, st.phrases)
        if not phrases:
            raise _err(st, "a card line needs a card", 'e.g. `A field: spirit "Wolf" green, LV1 1 core 2000 BP, 1 core`')
        draft = parse_card(phrases, st.area)
        uid = draft.card.uid
        if uid in self.card_lines:
            raise _err(st.phrases[0], f'the card name "{uid}" is used twice (first on line {self.card_lines[uid]})',
                       f'give each copy its own id, e.g. "{uid}#1" and "{uid}#2"')
        self.card_lines[uid] = st.line
        eff = next((ph for ph in st.phrases[1:] if ph.words[0] in ("effect", "effects")), st.phrases[0])
        self.card_cols[uid] = eff.column
        if len(self.card_lines) > MAX_CARDS:
            raise _err(st, f"too many cards: more than {MAX_CARDS}")
        self.cards.setdefault((st.head, area), []).append(draft)

    # -- continuous effects already active -----------------------------------------------------
    def _active(self, st: Statement, state: State) -> Applied:
        """`A active: "gets +3000 BP during this turn", on "Ryuman", from "Flame Blast"`."""

        who = st.head
        if not st.phrases or not st.phrases[0].toks[0].quoted or len(st.phrases[0].toks) != 1:
            raise _err(st, "an active effect line starts with the effect text in double quotes",
                       'e.g. A active: "gets +3000 BP during this turn", on "Ryuman", from "Flame Blast"')
        text_tok = st.phrases[0].toks[0]
        on: list[str] = []
        source = None
        for ph in st.phrases[1:]:
            w = ph.words
            if w[0] == "on" and all(t.quoted for t in ph.toks[1:]) and len(ph.toks) > 1:
                on += [self._name(t) for t in ph.toks[1:]]
            elif w[0] == "from" and len(ph.toks) == 2 and ph.toks[1].quoted:
                source = self._name(ph.toks[1])
            elif all(t.quoted for t in ph.toks) and on:
                on += [self._name(t) for t in ph.toks]
            else:
                raise _err(ph, f"unknown item {ph.text()!r} of an active effect", 'items: on "Card", …; from "Card"')
        d = _active_symbol(text_tok.value) or _active_directive(text_tok)
        if not on:
            if d.sel.ref == "this" and source:
                on = [source]
            elif d.sel.ref is None and not d.sel.selects:
                from judge_app.engine.bss.view import views
                vs = views(state)
                on = [u for u, v in vs.items() if vocab_match(d.sel, v, who, source)]
            else:
                raise _err(st, "say which cards the effect applies to", 'add `on "Card"`')
        for u in on:
            loc = state.locate(u)
            if loc is None or loc[1] != "field":
                raise _err(st, f'"{u}" is not on the field: an active effect applies to cards on the field')
        kind, value = (AppliedKind.SYMBOL, ",".join(d.symbols)) if isinstance(d, GainSymbol) else applied_value(d)
        if d.duration == "battle" and self.battle is None:
            raise _err(st, "an effect active during this battle needs a battle line")
        return Applied(kind, value, tuple(on), d.duration or "field", who, source)

    # -- delayed directives set up earlier this turn ---------------------------------------------
    def _delayed(self, st: Statement, state: State) -> DelayedEffect:
        """`A delayed: "At the end of this turn, draw a card.", from "Wind"`: a directive an effect of A's "Wind" set up
        this turn, waiting for the end step (6-8-1-1; engine/bss/delayed.py). The source is a card of the board, or a
        token the board's effects can summon (one that has ceased to exist). `on "Foe"`: the cards its "it" means,
        selected when it was set up (8-5-3)."""
        from judge_app.engine.bss import delayed, vocab

        example = 'e.g. A delayed: "At the end of this turn, draw a card.", from "Wind"'
        if not st.phrases or len(st.phrases[0].toks) != 1 or not st.phrases[0].toks[0].quoted:
            raise _err(st, "a delayed directive line starts with the directive in double quotes", example)
        text_tok = st.phrases[0].toks[0]
        source = None
        on: list[str] = []
        for ph in st.phrases[1:]:
            if ph.words[0] == "on" and len(ph.toks) > 1 and all(t.quoted for t in ph.toks[1:]) and not on:
                on = [self._name(t) for t in ph.toks[1:]]
            elif ph.words[0] == "from" and len(ph.toks) == 2 and ph.toks[1].quoted and source is None:
                t = ph.toks[1]
                tokens = _token_names([c.effects for c in _board_cards(state) if c.effects])
                source = t.value if t.value not in self.card_lines and t.value in tokens else self._name(t)
            else:
                raise _err(ph, f"unknown item {ph.text()!r} of a delayed directive",
                           'items: from "Card"; on "Card" … (the cards its "it" means), each once')
        if source is None:
            raise _err(st, "say which card's effect set the directive up", 'add `from "Card"`; ' + example)
        try:
            effect, at = delayed.read_when(text_tok.value, on=bool(on))
        except vocab.EffectSyntaxError as e:
            hint = ('its "it" names cards selected before it: add `on "Card"`' if not on and "not selected right before"
                    in e.message else 'it names no selected card: leave out `on`' if on else e.hint)
            raise _err(text_tok, e.message, hint) from None
        if at == "battle" and self.battle is None:  # s16 bss: "When this battle ends, …" waits for a battle's end
            raise _err(st, '"When this battle ends, …" waiting needs a battle line')
        return DelayedEffect(st.head, source, effect, tuple(on), at)

    def _turn_use(self, ph: Phrase) -> bool:
        """A turn line's record of this turn's uses, read: `raid used …`, `once used …`, `attacked …`."""
        if ph.words[0] == "raid":  # `raid used "Raider Wolf" 1`: 【Raid】 uses this turn (11-12-1)
            used = [x for x in ph.toks[1:] if x.word != "used"]
            if len(used) != 2 or not used[0].quoted or not used[1].is_number:
                raise _err(ph, 'write 【Raid】 uses this turn as `raid used "Spirit" N`')
            self.raid.append((used[0], int(used[1].value)))
            return True
        if ph.words[0] == "once":  # s12 bssonce: `once used "Card" ["<effect text>"]` (engine/bss/once.py)
            self._read_once(ph)
            return True
        if ph.words[0] == "attacked":  # s17 bss: `attacked "Spirit"`: an attack declared this turn (7-1-1-1)
            self._read_attacked(ph)
            return True
        return False

    def _read_attacked(self, ph: Phrase) -> None:
        if len(ph.toks) != 2 or not ph.toks[1].quoted:
            raise _err(ph, 'write a spirit that attacked this turn as `attacked "Spirit"` (in the order of the attacks)')
        self.attacked.append(ph.toks[1])

    def _read_once(self, ph: Phrase) -> None:
        used = [x for x in ph.toks[1:] if x.word != "used"]
        if not 1 <= len(used) <= 2 or not all(x.quoted for x in used):
            raise _err(ph, 'write a per-turn limited effect used this turn as `once used "Card"` (or `once used '
                           '"Card" "<effect text>"` when the card has several)')
        self.once.append((used[0], used[1] if len(used) == 2 else None))

    def _once(self, t: Tok, text: Tok | None, state: State) -> tuple[str, str]:
        """s12 bssonce: `once used "Card" ["<text>"]` -> (card, effect text): a per-turn limited effect of a card on the
        field, already used this turn (once.py; a card that left the field is a new card, 3-1-4)."""
        from judge_app.engine.bss.view import card_effects

        uid = self._name(t)
        card = next((c for w in PLAYERS for c in state.p(w).field if c.uid == uid), None)
        if card is None:
            raise _err(t, f'"{uid}" is not on the field: only a card on the field has used an effect this turn (a card '
                          'that left the field is a new card, 3-1-4)')
        limited = sorted({e.text for e in card_effects(card) if e.once})
        if text is not None:
            if text.value not in limited:
                raise _err(text, f'"{uid}" has no per-turn limited effect with this text',
                           "its limited effects: " + ("; ".join(_q(x) for x in limited) or "none"))
            return uid, text.value
        if len(limited) != 1:
            raise _err(t, f'"{uid}" has {len(limited)} per-turn limited effects', 'name the effect: `once used '
                          '"Card" "<effect text>"`' if limited else "only a \"once per turn\" effect can be used up")
        return uid, limited[0]

    def _name(self, t: Tok) -> str:
        if t.value in self.card_lines:
            return t.value
        same = [u for u in self.card_lines if u.split("#", 1)[0] == t.value]
        if len(same) == 1:
            return same[0]
        raise _err(t, f'unknown card "{t.value}"', _near(t.value, list(self.card_lines), "cards in this scenario"))

    # -- building the board ------------------------------------------------------------------
    def board(self, first: Statement) -> State:
        if self.turn is None:
            raise _err(first, "the scenario needs a turn line before the actions", "e.g. `turn 3, A, main step`")
        state = self.state
        for who in PLAYERS:
            c = {k: v for (p, k), v in self.counts.items() if p == who}
            drafts = {a: self.cards.get((who, a), []) for a in ("field", "hand", "trash", "burst", "removed")}
            if len(drafts["burst"]) > 1:
                raise _err(first, f"{who} has {len(drafts['burst'])} burst cards; at most one can be set (3-8-3)")
            souls = [d for d in drafts["field"] if d.soul]
            if len(souls) + (who in self.souls) > 1:
                raise _err(first, f"{who} has only one soul core (4-11-3), but it is placed twice")
            hand = tuple(d.card for d in drafts["hand"])
            trash = tuple(d.card for d in drafts["trash"])
            hand_total, trash_total = totals(who, c, len(hand), len(trash))
            soul = souls[0].card.uid if souls else (self.souls[who][0] if who in self.souls else None)
            pl = Player(life=c["life"][0] if "life" in c else 5, reserve=c.get("reserve", (0,))[0],
                        trash_cores=c.get("trash_cores", (0,))[0], deck=c["deck"][0] if "deck" in c else None,
                        hand=hand, hand_unknown=hand_total - len(hand), trash=trash,
                        trash_unknown=trash_total - len(trash), field=tuple(d.card for d in drafts["field"]),
                        burst=tuple(d.card for d in drafts["burst"]),
                        removed=tuple(d.card for d in drafts["removed"]), soul=soul)
            pl = self._deck(who, pl, c.get("deck"), first)
            if soul == "reserve" and pl.reserve < 1:
                raise _err(self.souls[who][1], f"{who}'s reserve holds the soul core, so it counts at least 1 core")
            if soul == "trash" and pl.trash_cores < 1:
                raise _err(self.souls[who][1], f"{who}'s trash holds the soul core, so trash cores is at least 1")
            state = state.with_p(who, pl)
        if self.battle is not None:
            state = evolve(state, battle=self._battle(self.battle, state))
        if self.raid:
            used = {}
            for t, n in self.raid:
                uid = self._name(t)
                if n < 0:
                    raise _err(t, "a number of uses is 0 or more")
                used[uid] = n
            state = evolve(state, raid_used=tuple(sorted(used.items())))
        if self.attacked:  # s17 bss: a spirit that has left the field since is still the one that attacked
            state = evolve(state, attacked=tuple(self._name(t) for t in self.attacked))
        if self.once:
            state = evolve(state, once_used=tuple(sorted({self._once(t, x, state) for t, x in self.once})))
        if self.active:
            state = evolve(state, continuous=tuple(self._active(st, state) for st in self.active))
        if self.delayed:
            state = evolve(state, delayed=tuple(self._delayed(st, state) for st in self.delayed))
        return state

    def _deck(self, who: str, pl: Player, count: tuple[int, Phrase] | None, first: Statement) -> Player:
        """The `A deck: …` / `A deck bottom: …` / `A deck anywhere: …` cards with the `deck N` count (3-2)."""
        listed = [tuple(d.card for d in self.cards.get((who, a), [])) for a in bss_deck.DECK_AREAS]
        built = bss_deck.build(count[0] if count else None, *listed)
        if isinstance(built, str):
            raise _err(count[1] if count else first, f"{who}: {built}",
                       "deck N counts every card in the deck, the listed ones included")
        return evolve(pl, deck=built[0], pile=built[1])

    def _battle(self, st: Statement, state: State) -> Battle:
        attacker = blocker = None
        words: list[str] = []
        links: list[tuple[str, str]] = []
        magic: list[str] = []
        ends: str | None = None
        to_act = None
        for ph in st.phrases:
            w = ph.words
            quoted = [t for t in ph.toks if t.quoted]
            if w[0] == "magic" and "used" in w:  # `magic used "Gust"`
                magic += [self._name(t) for t in quoted]
            elif w[0] == "attack" and "ends" in w and len(quoted) == 1:  # `attack step ends by "Ice Wall"` (s15 bss)
                ends = self._name(quoted[0])
            elif "linked" in w and len(quoted) == 2:  # `"Linker" linked to "Attacker"`
                links.append((self._name(quoted[0]), self._name(quoted[1])))
            elif quoted and "blocking" in w:
                blocker = quoted[0].value
            elif quoted and attacker is None:
                attacker = quoted[0].value
            elif quoted and blocker is None:
                blocker = quoted[0].value
            else:
                for t in ph.toks:
                    if t.value in PLAYERS and to_act is None:
                        to_act = t.value
                words += list(w)
        words_s = " ".join(words)
        loc = state.locate(attacker) if attacker else None
        if attacker is None or loc is None or loc[0] != state.player:
            # The attacker may already have left the field (7-1-5-2-1), but it is the turn player's card.
            raise _err(st, "the battle line first names the turn player's attacking spirit",
                       'e.g. `battle "Ryuman" attacking, flash before block, B to act, 0 passes`')
        if blocker is not None and (state.locate(blocker) or ("",))[0] != other_player(state.player):
            raise _err(st, "the blocking spirit must be the other player's card")
        stage = Stage.FLASH_AFTER_BLOCK if blocker else (
            Stage.BLOCK if "block declaration" in words_s else Stage.FLASH_BEFORE_BLOCK)
        to_act = to_act or ("B" if state.player == "A" else "A")
        m = re.search(r"(\d+) pass", words_s)
        return Battle(attacker=attacker, stage=stage, blocker=blocker, to_act=to_act,
                      passes=int(m.group(1)) if m else 0, links=tuple(links), magic=tuple(magic), ends_step=ends)


def vocab_match(sel, v, controller: str, source: str | None) -> bool:
    from judge_app.engine.bss.view import match_info
    return match_info(sel, v.card, v.owner, controller, source, bp=v.bp, keywords={k.name for k in v.keywords})


_COLOR = r"(?:red|purple|white|yellow|green|blue)(?:/(?:red|purple|white|yellow|green|blue))?"
_ACTIVE_SYMBOL = re.compile(rf"(?:it )?gains? (one {_COLOR} symbol(?: and one {_COLOR} symbol)*)"
                            r"(?: during this (turn|battle))?", re.I)


def _active_symbol(text: str) -> GainSymbol | None:
    """s19 bss: `A active: "gains one green symbol during this battle", on "Card"` (the words write_active gives a symbol
    gained by a resolved effect, 2-8); None for any other directive."""
    m = _ACTIVE_SYMBOL.fullmatch(text.strip().rstrip("."))
    if m is None:
        return None
    cols = tuple(c.lower() for c in re.findall(rf"one ({_COLOR}) symbol", m.group(1), re.I))
    return GainSymbol(Sel(ref="it"), cols, m.group(2).lower() if m.group(2) else None)


def _active_directive(text_tok: Tok) -> ModBP | SetBP | SetLevel | Gain | Forbid | Allow:
    """The continuous directive an active effect line quotes (its subject may be left out: "gets +3000 BP")."""
    from judge_app.engine.bss import vocab

    text = text_tok.value
    d = None
    for prefix in ("", "it ", "its "):
        try:
            d = vocab.parse_directive(prefix + text)
            break
        except vocab.EffectSyntaxError as e:
            err = e
    if d is None:
        raise _err(text_tok, err.message, err.hint)
    if not isinstance(d, vocab.CONTINUOUS):
        raise _err(text_tok, "an active effect is a continuous directive (BP, level, keyword, cannot block/attack)",
                   "e.g. gets +3000 BP during this turn")
    return d


def parse_card(phrases: Sequence[Phrase], area: str) -> _CardDraft:
    head = phrases[0]
    token, ctype, uid, colors = _card_head(head)
    kw: dict[str, Any] = {"colors": colors, "token": token}
    levels: list[Level] = []
    effects: list[str] = []
    tokens: list[tuple[str, str]] = []
    soul = False
    seen: dict[str, Phrase] = {}
    for ph in phrases[1:]:
        w, t = ph.words, ph.toks
        key = w[0]
        if key[:2] == "lv" and key[2:].isdecimal():  # `LV2 3 cores 5000 BP` (lv\d+: `\d` is `str.isdecimal`)
            levels.append(_level(ph, int(key[2:]), levels))
            continue
        if key == "effect" or key == "effects":
            if len(t) < 2 or not all(x.quoted for x in t[1:]):
                raise _err(ph, "effect text goes in double quotes", 'e.g. effect "【Crush: +1】"')
            effects += [a for x in t[1:] for a in abilities(x.value)]  # text pasted with its lines
            continue
        if key == "token":  # s13 bssmech, 4-12-2: the card information of a token the card's text names without it
            tokens.append(_token_info(ph))
            continue
        if key in seen:
            raise _err(ph, f"{key!r} is given twice for \"{uid}\"")
        seen[key] = ph
        soul = _card_item(ph, kw) or soul
    _check_card(head, ctype, area, uid, levels, kw, soul, seen)
    levels.sort(key=lambda x: x.lv)
    effects = [_with_tokens(e, tokens) for e in effects]
    card = Card(uid=uid, type=ctype, levels=tuple(levels), effects=tuple(effects), **kw)
    return _CardDraft(card, soul, head.line)


_TOKEN_ITEM = re.compile(r'^\s*"?([^"(]*?\bTokens?)"?\s*(\(\s*token spirit\s*/[^)]*\))\s*$', re.I)


def _token_info(ph: Phrase) -> tuple[str, str]:
    """s13 bssmech, 4-12-2: `token "Mecha Leaf Kindred Token (Token spirit/Green/0 Cost/…)"`: the card information of a
    token the card's text summons without printing it (card databases leave the token's annotation out): (name, annotation)."""
    m = _TOKEN_ITEM.match(ph.toks[1].value) if len(ph.toks) == 2 and ph.toks[1].quoted else None
    if m is None:
        raise _err(ph, "a token's card information goes in double quotes: its name, then its annotation",
                   'e.g. token "Antman Token (Token spirit/Green/0 Cost/Carapite•Token/LV1①/BP1000/1 Green Symbol)"')
    return m.group(1).removesuffix("s").strip(), m.group(2)


def _with_tokens(text: str, tokens: Sequence[tuple[str, str]]) -> str:
    """The token's name in the card's text, not followed by its annotation, gets the annotation the card line gives
    (4-12-2: as if printed there); the board then shows the text with it."""
    for name, annot in tokens:
        text = re.sub(re.escape(name) + r"(s?)\b(?!\s*\()", r"\g<0> " + annot.replace("\\", r"\\"), text)
    # s15 bss, 11-17-1: "Activate Feast": the Small / Medium / Large tokens the card line gives are the ones it summons
    sizes = [(n, a.strip()[1:-1].strip()) for n, a in tokens if n.split()[0].lower() in ("small", "medium", "large")]
    if sizes:
        specs = "(" + "; ".join(f"{n}: {a}" for n, a in sizes) + ")"
        text = re.sub(r"\bactivate (?:【|\[)?feast(?:】|\])?(?!\s*\()", lambda m: f"{m.group(0)} {specs}", text, flags=re.I)
    return text


_CARD_TYPES = {t.value: t for t in CardType}


def _card_head(head: Phrase) -> tuple[bool, CardType, str, tuple[str, ...]]:
    """`[token] TYPE "Name" COLORS`: (token, type, name, colors)."""
    toks = list(head.toks)
    token = False
    if toks and toks[0].word == "token":
        token = True
        toks.pop(0)
    kinds = _CARD_TYPES
    if not toks or toks[0].word not in kinds:
        got = toks[0].value if toks else ""
        raise _err(toks[0] if toks else head, f"unknown card type {got!r}",
                   _near(got.lower(), list(kinds), "card types"))
    ctype = kinds[toks.pop(0).word]
    if token and ctype is not CardType.SPIRIT:
        raise _err(head, "only token spirits exist (4-12)")
    if not toks or not toks[0].quoted:
        raise _err(toks[0] if toks else head, "the card name comes after the type, in double quotes",
                   'e.g. spirit "Ryuman" red')
    name_tok = toks.pop(0)
    uid = name_tok.value
    if not uid.strip():
        raise _err(head, "the card name is empty")
    if uid.lower() in RESERVED_NAMES:
        raise _err(name_tok, f'"{uid}" cannot be a card name: it names a place for cores',
                   f'add an id, e.g. "{uid}#1"')
    return token, ctype, uid, tuple(_color(t) for t in toks)


def _level(ph: Phrase, lv: int, levels: list[Level]) -> Level:
    """`LVn N cores [N BP]`."""
    w, t = ph.words, ph.toks
    if len(t) < 3 or not t[1].is_number or w[2] not in ("core", "cores"):
        raise _err(ph, f"write a level as `{t[0].value} N cores [N BP]`", "e.g. LV2 3 cores 5000 BP")
    bp = None
    if len(t) == 5 and t[3].is_number and w[4] == "bp":
        bp = int(t[3].value)
    elif len(t) != 3:
        raise _err(ph, f"write a level as `{t[0].value} N cores [N BP]`", "e.g. LV2 3 cores 5000 BP")
    if any(x.lv == lv for x in levels):
        raise _err(ph, f"LV{lv} is given twice")
    if int(t[1].value) < 0 or (bp is not None and bp < 0) or lv < 1:
        raise _err(ph, "levels, core counts and printed BP are whole numbers, 0 or more")
    return Level(lv, int(t[1].value), bp)


def _card_item(ph: Phrase, kw: dict[str, Any]) -> bool:
    """One item of a card line, into `kw` (the Card's fields); True for the soul core."""
    w, t = ph.words, ph.toks
    key = w[0]
    if key == "cost":
        if len(t) != 2:
            raise _err(ph, "write the cost as `cost N`")
        kw["cost"] = _int(t[1], ph, "cost")
        if kw["cost"] < 0:
            raise _err(ph, "a printed cost is 0 or more")
    elif key in ("reduction", "reduce", "reductions"):
        kw["reduction"] = tuple(_color(x) for x in t[1:])
    elif key in ("symbol", "symbols"):
        kw["symbols"] = tuple(_color(x) for x in t[1:])
    elif w == ("no", "symbols") or w == ("no", "symbol"):
        kw["symbols"] = ()
    elif t[0].is_number and len(t) == 2 and w[1] in ("core", "cores"):
        kw["cores"] = int(t[0].value)
        if kw["cores"] < 0:
            raise _err(ph, "a card cannot hold a negative number of cores")
    elif w == ("soul", "core"):
        return True
    elif w == ("exhausted",) or w == ("refreshed",):
        kw["exhausted"] = w[0] == "exhausted"
    elif key in ("family", "families"):
        kw["family"] = _family(ph)
    else:
        raise _err(ph, f"unknown card item {ph.text()!r}",
                   _near(key, ["cost", "reduction", "LV1", "symbol", "symbols", "cores", "soul",
                               "exhausted", "refreshed", "effect", "family"], "card items")
                   + " (items: " + "; ".join(CARD_PHRASES) + ")")
    return False


def _family(ph: Phrase) -> tuple[str, ...]:
    """2-5: `family "Terrasaur" "Shadow"`, the card's spirit types as printed (2-5-3: one or more), each quoted."""
    names = tuple(x.value.strip() for x in ph.toks[1:])
    if not names or not all(x.quoted for x in ph.toks[1:]) or not all(names):
        raise _err(ph, "spirit types go in double quotes after `family`", 'e.g. family "Terrasaur" "Shadow"')
    return names


def _check_card(head: Phrase, ctype: CardType, area: str, uid: str, levels: list[Level], kw: dict[str, Any],
                soul: bool, seen: dict[str, Phrase]) -> None:
    """What a card of its type may have where it is."""
    if any(lv.bp is not None for lv in levels) and ctype is CardType.NEXUS:
        raise _err(head, "a nexus has no BP")
    if ctype is CardType.SPIRIT and any(lv.bp is None for lv in levels):
        raise _err(head, f'each level of the spirit "{uid}" needs its BP', "e.g. LV1 1 core 3000 BP")
    if ctype is CardType.MAGIC and levels:
        raise _err(head, "a magic card has no levels")
    if area in ("field",) and ctype is CardType.MAGIC:
        raise _err(head, "magic cards are not placed on the field (3-5-1)")
    if area == "field" and not levels:
        raise _err(head, f'"{uid}" on the field needs its levels', "e.g. LV1 1 core 3000 BP")
    if area != "field" and ("cores" in kw or soul or "exhausted" in kw):
        raise _err(head, "cores and refreshed/exhausted apply only to cards on the field")
    if kw["token"] and area not in ("field", "removed"):
        raise _err(head, "a token exists only on the field (4-12-3)")
    if soul and kw.get("cores", 0) < 1:
        raise _err(seen["soul"], "the soul core is one of the card's cores: give at least 1 core")


# -- actions ------------------------------------------------------------------------------------


class _Cursor:
    """Tokens of a statement (phrases flattened: commas only separate) with helpful errors."""

    def _at(self, t: Tok | None) -> Tok:
        """The token to blame, or a pseudo-token just past the end of the line."""
        if t is not None:
            return t
        return Tok("", False, self.st.line, len(self.st.source.rstrip()) + 1)

    def __init__(self, st: Statement, names: Callable[[Tok], str]):
        self.st = st
        self.toks = [t for ph in st.phrases for t in ph.toks]
        self.words = [w for ph in st.phrases for w in ph.words]  # `toks[i].word`, made once by the phrases
        self.i = 0
        self.names = names

    def peek(self, k: int = 0) -> Tok | None:
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def word(self, *options: str, optional: bool = False) -> str | None:
        i = self.i
        t = self.toks[i] if i < len(self.toks) else None
        if t is not None and (w := self.words[i]) in options:
            self.i = i + 1
            return w
        if optional:
            return None
        raise _err(self._at(t), f"expected {' or '.join(repr(o) for o in options)}"
                   + (f", not {t.value!r}" if t else " at the end of the line"), text=self.st.source)

    def card(self) -> str:
        t = self.peek()
        if t is None or not t.quoted:
            raise _err(self._at(t), "expected a card name in double quotes", text=self.st.source)
        self.i += 1
        return self.names(t)

    def number(self) -> int:
        t = self.peek()
        if t is None or not t.is_number:
            raise _err(self._at(t), "expected a number", text=self.st.source)
        self.i += 1
        return int(t.value)

    def done(self) -> None:
        t = self.peek()
        if t is not None:
            raise _err(t, f"unexpected {t.value!r} at the end of the statement", text=self.st.source)

    def place(self) -> str:
        t = self.peek()
        if t is not None and t.word == "reserve":
            self.i += 1
            return "reserve"
        if t is not None and t.word == "the" and (n := self.peek(1)) is not None and n.word == "reserve":
            self.i += 2
            return "reserve"
        return self.card()

    def sources(self) -> tuple[Source, ...]:
        """`2 from reserve and 1 from "Ryuman"`, `the soul core from reserve`, `nothing`."""
        if self.word("nothing", optional=True):
            return ()
        out = []
        while True:
            self.word("the", optional=True)
            if self.word("soul", optional=True):
                self.word("core")
                self.word("from")
                out.append(Source(self.place(), 0, True))
            else:
                n = self.number()
                self.word("core", "cores", optional=True)
                self.word("from")
                out.append(Source(self.place(), n))
            if not self.word("and", optional=True):
                return tuple(out)


def _step_word(cur: _Cursor) -> Step:
    t = cur.peek()
    if t is None or t.word not in STEP_WORDS:
        raise _err(cur._at(t), "expected a step name", "steps: " + ", ".join(STEP_WORDS), text=cur.st.source)
    cur.i += 1
    cur.word("step", optional=True)
    return STEP_WORDS[t.word]


def parse_action(st: Statement, names: Callable[[Tok], str], choice_value: Callable[[Tok], str] | None = None) -> Action:
    who = st.head
    cur = _Cursor(st, names)
    verb_tok = cur.peek()
    verb = verb_tok.word if verb_tok else ""
    cur.i += 1
    reader = _ACTION_READERS.get(verb)
    if reader is None or (verb in ("does", "declares") and cur.peek() is None):
        raise _err(verb_tok or st, f"unknown action {verb_tok.value if verb_tok else ''!r}",
                   _near(verb, list(VERBS), "actions") + " (e.g. " + "; ".join(VERBS.values()) + ")",
                   text=st.source)
    act = reader(who, cur, choice_value or names)
    cur.done()
    return act


# Each reader reads the rest of an action line after its verb; the last argument names a quoted choice.
_ActionReader = Callable[[str, "_Cursor", Callable[[Tok], str]], Action]


def _attack(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    cur.word("with")
    return Attack(who, cur.card())


def _block(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    cur.word("with")
    return Block(who, cur.card())


def _no_block(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    cur.word("not", "no")
    cur.word("block")
    return NoBlock(who)


def _summon(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    card = cur.card()
    pay = place = None
    ascend = None
    while cur.peek() is not None:
        w = cur.word("paying", "placing", "ascending")
        if w == "paying":
            pay = cur.sources()
        elif w == "placing":
            place = cur.sources()
        else:
            cur.word("from", optional=True)
            ascend = cur.card()
    return Summon(who, card, pay, place, ascend)


def _move(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    if cur.word("the", optional=True) or ((nxt := cur.peek()) is not None and nxt.word == "soul"):
        cur.word("soul")
        cur.word("core")
        cur.word("from")
        src = Source(cur.place(), 0, True)
    else:
        n = cur.number()
        cur.word("core", "cores")
        cur.word("from")
        src = Source(cur.place(), n)
    cur.word("to", "onto")
    return MoveCores(who, src, cur.place())


def _end(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    cur.word("the", optional=True)
    if cur.word("step", optional=True):
        return EndStep(who, None)
    return EndStep(who, _step_word(cur))


def _use(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    card = cur.card()
    pay = which = None
    while cur.peek() is not None:
        w = cur.word("paying", "effect")
        if w == "paying":
            pay = cur.sources()
        else:
            which = cur.number()
    return UseMagic(who, card, pay, which)


def _activate(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    card = cur.card()
    which = None
    if cur.word("effect", optional=True):
        which = cur.number()
    return Activate(who, card, which)


def _awaken(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    card = cur.card()
    cur.word("moving", "taking")
    return Awaken(who, card, cur.sources())


def _set_burst(who: str, cur: _Cursor, _values: Callable[[Tok], str]) -> Action:
    card = cur.card()
    if cur.word("as", optional=True):
        cur.word("burst", "a")
        cur.word("burst", optional=True)
    return SetBurst(who, card)


def _choose(who: str, cur: _Cursor, values: Callable[[Tok], str]) -> Action:
    t = cur.peek()
    if t is not None and t.word in ("paying", "placing"):
        pay = place = None
        while cur.peek() is not None:
            w = cur.word("paying", "placing")
            if w == "paying":
                pay = cur.sources()
            else:
                place = cur.sources()
        return Choose(who, ("yes",), pay if pay is not None else (), place)
    vals = []
    for t in cur.toks[cur.i:]:
        if t.quoted:
            vals.append(values(t))
        elif t.word != "and":
            vals.append(t.value)
    if not vals:
        raise _err(cur._at(None), "choose what?", 'e.g. A chooses "Wolf"; A chooses no; A chooses 2',
                   text=cur.st.source)
    if all(not t.quoted for t in cur.toks[cur.i:]) and len(vals) > 1:
        vals = [" ".join(vals)]  # `A chooses soul core`
    cur.i = len(cur.toks)
    return Choose(who, tuple(vals))


_ACTION_READERS: dict[str, _ActionReader] = {
    **dict.fromkeys(("attacks", "attack"), _attack), **dict.fromkeys(("blocks", "block"), _block),
    **dict.fromkeys(("does", "declares"), _no_block),
    **dict.fromkeys(("passes", "pass"), lambda who, cur, _v: Pass(who)),
    **dict.fromkeys(("summons", "summon", "places", "place"), _summon), **dict.fromkeys(("moves", "move"), _move),
    **dict.fromkeys(("ends", "end"), _end), **dict.fromkeys(("uses", "use"), _use),
    **dict.fromkeys(("activates", "activate"), _activate), **dict.fromkeys(("awakens", "awaken"), _awaken),
    **dict.fromkeys(("sets", "set"), _set_burst),
    **dict.fromkeys(("concedes", "concede"), lambda who, cur, _v: Concede(who)),
    **dict.fromkeys(("chooses", "choose"), _choose),
}


def proceed_player(st: Statement) -> tuple[_Cursor, str]:
    """`proceed to B …`: the player, and the cursor at the step's name (each family member reads its steps)."""
    cur = _Cursor(st, lambda t: t.value)
    cur.word("to")
    t = cur.peek()
    if t is None or t.value not in PLAYERS:
        raise _err(t or st, "write `proceed to B main step`: the player, then the step", text=st.source)
    cur.i += 1
    return cur, t.value


def parse_proceed(st: Statement) -> ProceedTo:
    cur, who = proceed_player(st)
    step = _step_word(cur)
    cur.done()
    return ProceedTo(who, step)


# -- expectations -------------------------------------------------------------------------------


def _zone(state: State, uid: str) -> str:
    loc = state.locate(uid)
    return loc[1] if loc else "nowhere"


def _state(ctx: Context) -> State:
    # bss's state, or bs-standard's, whose expectations reuse these: the same shape for what they read.
    return cast(State, ctx.state)


def _card_fact(ctx: Context, uid: str, prop: str) -> object:
    loc = _state(ctx).locate(uid)
    if loc is None:
        return None
    who, area, card = loc
    if prop == "state":
        return ("exhausted" if card.exhausted else "refreshed") if area == "field" else f"in {area}"
    if area == "field" and prop in ("level", "bp", "symbols"):
        from judge_app.engine.bss.view import view
        v = view(_state(ctx), uid)  # effective values (8-8)
        assert v is not None  # on the field
        return {"level": v.level, "bp": v.bp, "symbols": len(v.symbols)}[prop]
    if prop == "level":
        return card.level if area == "field" else None
    if prop == "bp":
        return card.bp if area == "field" else None
    if prop == "symbols":
        return len(card.symbols)
    if prop == "cores":
        return card.cores if area == "field" else 0
    raise AssertionError(prop)  # pragma: no cover


def _card_expect(ph: Phrase, uid: str, w: tuple[str, ...], t: tuple[Tok, ...]):
    def event_kinds(ctx: Context) -> set[str]:
        return {ev.kind for ev in ctx.events if ev.subject == uid and ev.kind in ("destroy", "self-destroy")}

    joined = " ".join(w)
    if joined in ("triggered", "not triggered", "resolved", "not resolved", "activated", "not activated"):
        kind = "trigger" if "resolved" not in joined else "resolve"
        want = not joined.startswith("not")

        def chk_t(ctx: Context) -> tuple[bool, str]:
            hit = any(ev.kind == kind and ev.subject == uid for ev in ctx.events)
            word = "triggered" if kind == "trigger" else "resolved"
            return hit == want, word if hit else f"not {word}"
        return chk_t, False
    if joined in ("destroyed", "self-destroyed", "not destroyed"):
        def chk(ctx: Context) -> tuple[bool, str]:
            kinds = event_kinds(ctx)
            actual = ("self-destroyed" if "self-destroy" in kinds else "destroyed" if "destroy" in kinds
                      else "not destroyed")
            if joined == "not destroyed":
                return not kinds, actual
            return actual == joined, actual
        return chk, False
    zones = {"on field": "field", "on the field": "field", "in hand": "hand", "in trash": "trash",
             "in the trash": "trash", "removed": "removed", "survives": "field", "zone field": "field",
             "zone hand": "hand", "zone trash": "trash", "zone removed": "removed", "in burst": "burst",
             "in the burst area": "burst", "zone burst": "burst", "in deck": "deck", "in the deck": "deck"}
    if joined in zones:
        zone = zones[joined]
        return (lambda ctx: (_zone(_state(ctx), uid) == zone, _zone(_state(ctx), uid))), False
    if joined in ("exhausted", "refreshed"):
        return (lambda ctx: (_card_fact(ctx, uid, "state") == joined, str(_card_fact(ctx, uid, "state")))), False
    return _value_expect(joined, uid, _card_fact)


def _value_expect(joined: str, uid: str, fact: Callable[[Context, str, str], object]):
    """`LV N`, `BP N`, `symbols N`, `cores N` of a card, as `fact` reads them (each family member's values)."""
    m = re.fullmatch(r"(?:lv ?|level )(\d+)", joined)
    if m:
        n = int(m.group(1))
        return (lambda ctx: (fact(ctx, uid, "level") == n, f"LV{fact(ctx, uid, 'level')}")), False
    m = re.fullmatch(r"(?:bp (-?\d+)|(-?\d+) bp)", joined)
    if m:
        n = int(m.group(1) or m.group(2))
        return (lambda ctx: (fact(ctx, uid, "bp") == n, f"{fact(ctx, uid, 'bp')} BP")), False
    m = re.fullmatch(r"(symbols|cores) (\d+)|(\d+) (symbols?|cores?)", joined)
    if m:
        prop = (m.group(1) or m.group(4)).rstrip("s") + "s"
        n = int(m.group(2) or m.group(3))
        return (lambda ctx: (fact(ctx, uid, prop) == n, f"{fact(ctx, uid, prop)} {prop}")), False
    return None


def _player_expect(ph: Phrase, who: str, w: tuple[str, ...], t: tuple[Tok, ...]):
    keys = {"life": "life", "reserve": "reserve", "deck": "deck", "hand": "hand_count", "trash": "trash_count",
            "trash cores": "trash_cores"}
    if w[:2] == ("soul", "core") and len(w) == 4 and w[2] == "in":
        where = w[3]

        def chk(ctx: Context) -> tuple[bool, str]:
            s = _state(ctx).p(who).soul
            return s == where or (s or "").lower() == where, f"soul core in {s}"
        return chk, False
    if len(w) >= 2 and " ".join(w[:-1]) in keys and t[-1].is_number:
        attr, n = keys[" ".join(w[:-1])], int(t[-1].value)
        return (lambda ctx: (getattr(_state(ctx).p(who), attr) == n, str(getattr(_state(ctx).p(who), attr)))), False
    return None


def _targets_expect(w: tuple[str, ...], t: tuple[Tok, ...]) -> Callable[[Context], tuple[bool, str]]:
    """`expect targets "X", "Y"` (or `none`): the cards the last selection could choose from."""
    want_t = set() if w[1:] in (("none",), ("nothing",)) else {x.value for x in t[1:]}

    def chk_tg(ctx: Context) -> tuple[bool, str]:
        got = None
        if ctx.choice is not None and ctx.choice.rule.startswith(("8-5-3", "11-10")):
            got = {o for o in ctx.choice.options if o != "none"}
        else:
            for ev in ctx.events:
                if ev.kind == "targets":
                    got = set(cast("tuple[str, ...]", dict(ev.facts).get("eligible", ())))
        if got is None:
            return False, "no target was chosen"
        return got == want_t, ", ".join(f'"{x}"' for x in sorted(got)) or "none"
    return chk_tg


def _chosen_by(key: str, rules: tuple[str, ...], p: str) -> Callable[[Context], tuple[bool, str]]:
    """`expect effect order chosen by A` and the like: the last event recording `key`, or the pending choice."""
    def chk_c(ctx: Context) -> tuple[bool, str]:
        got = [str(dict(ev.facts)[key]) for ev in ctx.events if key in dict(ev.facts)]
        if ctx.choice is not None and ctx.choice.rule in rules:
            got.append(ctx.choice.player)
        return bool(got) and got[-1] == p, got[-1] if got else "nobody made that decision"
    return chk_c


def _game_expect(ph: Phrase, w: tuple[str, ...], t: tuple[Tok, ...]):
    joined = " ".join(w)
    m = re.fullmatch(r"(summoning|placing|placement) cost (\d+)", joined)
    if m:
        n = int(m.group(2))

        def chk(ctx: Context) -> tuple[bool, str]:
            costs = [dict(ev.facts).get("cost") for ev in ctx.events if ev.kind == "cost"]
            return bool(costs) and costs[-1] == n, str(costs[-1]) if costs else "no cost was paid"
        return chk, False
    if joined in ("blocked", "not blocked"):
        def chk(ctx: Context) -> tuple[bool, str]:
            last = [ev.kind for ev in ctx.events if ev.kind in ("block", "no-block")]
            actual = "no block declaration yet" if not last else ("blocked" if last[-1] == "block" else "not blocked")
            return actual == joined, actual
        return chk, False
    if w[0] == "targets" and len(t) > 1:
        return _targets_expect(w, t), False
    m = re.fullmatch(r"(effect order|substitution|loop) (?:chosen|ended|declared) by ([ab])", joined)
    if m:
        key = {"effect order": "effect_order_chooser", "substitution": "substitution_chooser", "loop": "loop_ender"}[
            m.group(1)]
        rules = {"effect_order_chooser": ("8-5-2-4",), "substitution_chooser": ("8-9-2-1", "8-9-1", "8-9-2"),
                 "loop_ender": ("12-1-1-2", "12-1-1-3")}[key]
        return _chosen_by(key, rules, m.group(2).upper()), False
    if w[0] == "milled" and len(t) == 2 and t[1].is_number:
        n = int(t[1].value)

        def chk_m(ctx: Context) -> tuple[bool, str]:
            total = sum(cast(int, dict(ev.facts).get("milled", 0)) for ev in ctx.events)
            return total == n, str(total)
        return chk_m, False
    return None


def _turn(state: Hashable) -> tuple[int | None, str, str]:
    s = cast(State, state)  # bss's or bs-standard's (see `_state`)
    return s.turn, s.player, str(s.step)


EXPECTATIONS = Expectations(
    players=PLAYERS, rule_ids=RuleIdFormat.DASHED,
    turn=lambda state: _turn(state), steps=frozenset(STEP_WORDS),
    card=_card_expect, player=_player_expect, game=_game_expect,
    heads=frozenset({"blocked", "summoning", "placing", "targets", "effect", "substitution", "loop", "milled",
                     "use"}),
    phrases=frozenset({"not blocked"}), player_items=frozenset({"life", "reserve", "deck", "hand", "trash", "soul"}),
    lists=frozenset({"targets"}), examples=EXPECTS)


# ---------------------------------------------------------------------------------------------
# The whole file


def _read_board_line(reader: _Reader, st: Statement) -> None:
    """A turn, battle, player, active-effect or card line."""
    if st.kind == "keyword" and st.head == "turn":
        reader.read_turn(st)
    elif st.kind == "keyword":
        if reader.battle is not None:
            raise _err(st, "the battle is already given")
        reader.battle = st
    elif st.area is None:
        reader.read_player(st)
    elif st.area == "active":
        reader.active.append(st)
    elif st.area == "delayed":
        reader.delayed.append(st)
    else:
        reader.read_card(st)


def _namers(reader: _Reader, board_done: State) -> tuple[Callable[[Tok], str], Callable[[Tok], str]]:
    """How the action and expectation lines name cards: (a card, a quoted answer to a choice)."""
    texts = [c.effects for c in _board_cards(board_done) if c.effects]  # most boards: a few cards, no text
    tokens = _token_names(texts)  # tokens the effects on the board can summon
    names = card_namer(list(reader.card_lines), tokens.__contains__)

    effect_texts = {e for effects in texts for e in effects}

    def choice_value(t: Tok) -> str:
        """A quoted answer: a card, or an effect's text (`A chooses "When destroyed: draw 1 card."`)."""
        if t.value in effect_texts or t.value.split(": ", 1)[-1].strip('"') in effect_texts:
            return t.value
        if t.value == bss_deck.UNDESCRIBED:  # a card of the hand or the deck the scenario does not name
            return t.value
        return names(t)

    return names, choice_value


def _bind(pending: list[tuple[Statement, str]], names: Callable[[Tok], str],
          choice_value: Callable[[Tok], str]) -> list[Any]:
    """The action and expectation lines, once every card name is known."""
    items: list[Any] = []
    for st, kind in pending:
        if kind == "action":
            items.append(ActionItem(st.line, st.source.strip(), parse_action(st, names, choice_value)))
        elif st.head == "proceed":
            items.append(ActionItem(st.line, st.source.strip(), parse_proceed(st)))
        elif st.head == "expect":
            items.extend(parse_expect(st, names, EXPECTATIONS))
        else:  # pragma: no cover - the grammar admits no other line
            raise _err(st, f"unexpected {st.head!r} line")
    return items


def read(statements: Sequence[Statement], rules_version: str) -> Scenario:
    reader = _Reader()
    board_done: State | None = None
    first_action: Statement | None = None
    pending: list[tuple[Statement, str]] = []  # statements to bind once all card names are known
    for st in statements:
        if st.kind == "keyword" and st.head in ("game", "rules"):
            continue  # read by the driver
        if st.kind == "keyword" and st.head == "assume":
            reader.assumptions.add(read_assume(st))
            continue
        is_board = st.kind == "player" or (st.kind == "keyword" and st.head in ("turn", "battle"))
        if is_board:
            if first_action is not None:
                raise _err(st, "board lines come before the actions and expectations",
                           f"move it above line {first_action.line}")
            _read_board_line(reader, st)
            continue
        if first_action is None:
            first_action = st
        pending.append((st, st.kind))
    anchor = first_action or (statements[-1] if statements else None)
    if anchor is None:
        raise ScenarioError("the scenario is empty", line=1, column=1, hint="start with `game bss`")
    board_done = reader.board(anchor)
    names, choice_value = _namers(reader, board_done)
    items = _bind(pending, names, choice_value)
    return Scenario(GAME, rules_version, board_done, tuple(items),
                    tuple((u, ln, reader.card_cols[u]) for u, ln in reader.card_lines.items()),
                    frozenset(reader.assumptions))


ASSUMPTIONS = {"unmentioned options are declined": "declined", "unmentioned options declined": "declined",
               "optional effects are declined": "declined", "options declined": "declined"}


def read_assume(st: Statement) -> str:
    """`assume unmentioned options are declined`: an optional decision ("may") the scenario does not answer
    is declined instead of answered with needs_choice."""
    text = " ".join(w for ph in st.phrases for w in ph.words)
    if text not in ASSUMPTIONS:
        raise _err(st, f"unknown assumption {text!r}", "write `assume unmentioned options are declined`")
    return ASSUMPTIONS[text]


def _board_cards(state: State) -> tuple[Card, ...]:
    """Every named card of the board, each once (card names are unique in a scenario: `read_card`), A's then B's."""
    a, b = state.a, state.b  # state.p(PLAYERS[0]), state.p(PLAYERS[1]); joined in C
    return (a.field + a.hand + a.trash + a.burst + a.removed + a.deck_known
            + b.field + b.hand + b.trash + b.burst + b.removed + b.deck_known)


def _token_names(texts: list[tuple[str, ...]]) -> set[str]:
    """The tokens the card texts `texts` (each card's effects) can summon."""
    names: set[str] = set()
    if not texts:
        return names
    from judge_app.engine.bss import vocab
    from judge_app.engine.bss.cardast import ForEach
    from judge_app.engine.bss.view import read_effects

    for effects in texts:
        for text in effects:
            try:
                effs = read_effects(text)
            except vocab.EffectSyntaxError:
                continue
            for e in effs:
                for d in e.body + e.cost + (e.chain[1] if e.chain else ()):
                    d = d.inner if isinstance(d, ForEach) else d  # s17 bss: "Activate Feast once for each …"
                    if isinstance(d, vocab.SummonToken):
                        names.add(d.spec.name)
                    elif isinstance(d, vocab.Feast):
                        names |= {s.name for s in d.specs}
    return names


# ---------------------------------------------------------------------------------------------
# Writing


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_card(card: Card, area: str, soul: bool = False) -> str:
    head = ("token " if card.token else "") + f"{card.type} {_q(card.uid)}"
    if card.colors:
        head += " " + " ".join(card.colors)
    parts = [head]
    if card.cost:
        parts.append(f"cost {card.cost}")
    if card.reduction:
        parts.append("reduction " + " ".join(card.reduction))
    for lv in card.levels:
        cores = f"{lv.cores} core{'s' * (lv.cores != 1)}"
        parts.append(f"LV{lv.lv} {cores}" + (f" {lv.bp} BP" if lv.bp is not None else ""))
    if card.symbols:
        parts.append(("symbols " if len(card.symbols) > 1 else "symbol ") + " ".join(card.symbols))
    if card.family:
        parts.append("family " + " ".join(_q(f) for f in card.family))
    if area == "field":
        parts.append(f"{card.cores} core{'s' * (card.cores != 1)}")
        if soul:
            parts.append("soul core")
        if card.exhausted:
            parts.append("exhausted")
    parts += [f"effect {_q(e)}" for e in card.effects]
    return ", ".join(parts)


def player_line(who: str, pl: PlayerCounts) -> str:
    items = [f"life {pl.life}", f"reserve {pl.reserve}", f"trash cores {pl.trash_cores}"]
    if pl.deck is not None:
        items.append(f"deck {pl.deck}")
    items += [f"hand {pl.hand_count}", f"trash {pl.trash_count}"]
    if pl.soul in ("reserve", "trash", "life", "void"):
        items.append(f"soul core in {pl.soul}")
    return f"{who}: " + ", ".join(items)


def _once_used(state: State, uid: str, text: str) -> str:
    """s12 bssonce: the turn line's `once used "Card"`, with the effect's text when the card has several limited ones."""
    from judge_app.engine.bss.view import card_effects

    loc = state.locate(uid)
    several = loc is None or len({e.text for e in card_effects(loc[2]) if e.once}) != 1
    return f"once used {_q(uid)}" + (f" {_q(text)}" if several else "")


def write_board(state: State) -> str:
    lines = ["game bss", f"rules {RULES_VERSION}"]
    turn = [str(state.turn)] if state.turn is not None else []
    turn += [state.player, f"{state.step} step"]
    if state.first_turn and state.turn != 1:
        turn.append("first turn")
    if state.burst_set:
        turn.append("burst set")
    turn += [f"raid used {_q(u)} {n}" for u, n in state.raid_used]
    turn += [_once_used(state, u, text) for u, text in state.once_used]  # s12 bssonce
    turn += [f"attacked {_q(u)}" for u in state.attacks_read()]  # s17 bss
    lines.append("turn " + ", ".join(turn))
    if state.pending:  # pragma: no cover - every declared action resolves what it activates
        raise ValueError("effects are waiting to be resolved; the board cannot be written now")
    for who in PLAYERS:
        pl = state.p(who)
        lines.append(player_line(who, pl))
        for area, cards in (("field", pl.field), ("hand", pl.hand), ("trash", pl.trash), ("burst", pl.burst),
                            ("removed", pl.removed)):
            for c in cards:
                lines.append(f"{who} {area}: " + write_card(c, area, pl.soul == c.uid))
        lines += bss_deck.write_lines(who, pl, write_card)
    b = state.battle
    if b is not None:
        parts = [f"{_q(b.attacker)} attacking"]
        if b.blocker:
            parts.append(f"{_q(b.blocker)} blocking")
        parts.append(str(b.stage))
        if b.stage is not Stage.BLOCK:
            parts += [f"{b.to_act} to act", f"{b.passes} pass" + "es" * (b.passes != 1)]
        parts += [f"{_q(x)} linked to {_q(y)}" for x, y in b.links]
        if b.magic:
            parts.append("magic used " + " ".join(_q(m) for m in b.magic))
        if b.ends_step:
            parts.append(f"attack step ends by {_q(b.ends_step)}")
        lines.append("battle " + ", ".join(parts))
    for a in state.continuous:
        lines.append(f"{a.controller} active: " + write_active(a))
    for d in state.delayed:
        lines.append(f"{d.controller} delayed: {_q(d.effect.text)}, from {_q(d.source)}"
                     + (", on " + " ".join(_q(u) for u in d.on) if d.on else ""))
    return "\n".join(lines) + "\n"


# How a board line words an active continuous directive (read back by `_active`).
_ACTIVE_TEXT: dict[AppliedKind, Callable[[Any], str]] = {
    AppliedKind.BP_PLUS: lambda n: f"gets {n:+d} BP", AppliedKind.BP_SET: lambda n: f"BP becomes {n}",
    AppliedKind.LEVEL_SET: lambda n: "is treated as its highest level" if n == HIGHEST else f"is treated as LV{n}",
    AppliedKind.GAIN: lambda kw: f"gains {kw}",
    AppliedKind.FORBID: lambda what: f"cannot {what}",
    AppliedKind.ALLOW: lambda what: f"can {what}",  # s21 bss
    AppliedKind.SYMBOL: lambda cols: "gains " + " and ".join(f"one {c} symbol" for c in str(cols).split(","))}  # s19


def write_active(a: Applied) -> str:
    text = _ACTIVE_TEXT[a.kind](a.value)
    text += {"turn": " during this turn", "battle": " during this battle", "field": "",
             "next refresh": " during its controller's next refresh step",
             "opponent next turn": " until the end of your opponent's next turn"}[a.duration]  # s16 bss
    out = [_q(text), "on " + " ".join(_q(t) for t in a.targets)]
    if a.source:
        out.append(f"from {_q(a.source)}")
    return ", ".join(out)
