"""Resolving an ability (8.8): its conditions, cost and effects (`resolve_ability`), and the pending automatic
abilities, one at a time (`resolve_pending`)."""

from __future__ import annotations

from judge_app.engine.core import EventLog, Unsupported
from judge_app.engine.ws import conditions, view
from judge_app.engine.ws.abilities.choices import yes_no
from judge_app.engine.ws.abilities.common import ENCORE_DEFAULT
from judge_app.engine.ws.abilities.costs import can_pay, pay
from judge_app.engine.ws.abilities.dispatch import execute
from judge_app.engine.ws.abilities.keywords import _encore, _shift
from judge_app.engine.ws.effects import (
    NAME_OR,
    NAME_PART,
    USED_KEYWORDS16B,
    Ability,
    Cond,
    Cost,
    Select,
    flat_conds,
    name_part_english,
)
from judge_app.engine.ws.state import Pending, State, other
from judge_app.engine.ws.zones import deal_damage, happened

# The rules a condition of the real cards' frame looks at (the older conditions cite only 8.3.3, as recorded):
# the character facing this card (3.6.5), your characters on the stage (2.3.2.1.2) and their traits (2.5.3), the
# turn player (6.1.1: "your turn" is the turn of which you are the turn player), the hand (3.3).
_COND_RULES = {"facing-level": ("3.6.5",), "facing-cost": ("3.6.5", "2.7"), "standing": ("4.6.1.1",), "your-turn": ("6.1.1",), "opp-turn": ("6.1.1",),
               "level-colours": ("3.9.1",), "have-named": ("2.3.2.1.2",), "have-at-least": ("2.3.2.1.2", "2.5.3"),
               "have-at-most": ("2.3.2.1.2", "2.5.3"),
               "all-trait": ("2.5.3",), "hand-at-most": ("3.3.1",),
               "climax-in-waiting": ("3.4.1",), "climax-in-waiting-at-most": ("3.4.1",), "battle-opp-level": ("7.2.1.5.1",), "battle-opp-cost": ("7.2.1.5.1",),
               "battle-opp-above-level": ("7.2.1.5.1", "8.6.2.1.2"),
               "have-named-count": ("2.1.2.2", "2.3.2.1.2"), "have-another-named": ("2.1.2", "2.3.2.1.2"),
               "facing-higher": ("3.6.5",), "deck-at-most": ("3.2.1",), "not-first-turn": ("7.2.1.3.1",),
               "in-battle": ("7.2.1.5.1",), "all-named": ("2.1.2.2", "2.3.2.1.2")}


def _cond_rules(a: Ability) -> tuple[str, ...]:
    conds = flat_conds(a.conds)  # s18 head: each side of "or" (`AnyOf`) is looked at
    return tuple(r for c in conds if c.kind in _COND_RULES for r in _COND_RULES[c.kind]) \
        + tuple(r for c in conds for r in conditions.rules_of(c)) \
        + (("2.1.2.1",) if _japanese_parts(a) else ())


def _japanese_parts(a: Ability) -> str:
    """s8-wsrealb: the note a condition on "with "○○○ (▲▲▲)" in its card name" needs (2.1.2.1: an English and a
    Japanese portion): the scenario's card names are English only, so only the English portion is compared."""
    parts = [alt[1:] for c in a.conds if c.kind == "have-named-count" and isinstance(c.value, tuple)
             for alt in str(c.value[3]).split(NAME_OR)
             if name_part_english(alt[1:]) != alt[1:]]
    parts += [alt[1:] for c in a.conds if c.kind == "all-named" for alt in str(c.value).split(NAME_OR)  # s15b headzone
              if alt[:1] == NAME_PART and name_part_english(alt[1:]) != alt[1:]]
    # s16 head: a portion of the name in a condition's selection (a count's, an "all of … are"'s), or in its alternatives
    parts += [alt[1:] for c in a.conds if c.kind in ("count", "all-are") for sel in _selects_in(c.value)
              for alt in sel.name.split(NAME_OR) if alt[:1] == NAME_PART and name_part_english(alt[1:]) != alt[1:]]
    return (f" The Japanese portion of {', '.join(map(repr, parts))} is not compared: the scenario names its cards in "
            "English only (2.1.2.1), so only the English portion is (2.1.2.2).") if parts else ""


def _selects_in(value: object) -> tuple[Select, ...]:
    """s16 head: the selection of a `Count` or `AllAre` condition, with each of its alternatives."""
    what = getattr(value, "what", None)
    return (what, *what.alts) if isinstance(what, Select) else ()


_USED_RULES = {"brainstorm": "10.7.4", "accelerate": "10.12.3"}


def used_keyword16b(state: State, log: EventLog, p: str, source: str, a: Ability) -> None:
    """s16b ws: an ability with the keyword Brainstorm or Accelerate has been used once its effect is executed
    (10.7.4: its effect resolved; 10.12.3: its cost paid and its effect executed afterward): "When you use
    "Accelerate"" of p's characters and "When you use this card's "Accelerate"" of its own card wait for it."""
    climaxes = log.scratch.pop("brainstorm_climaxes", 0)  # s20 head: counted by `deck._brainstorm` for this ability only
    if a.keyword not in USED_KEYWORDS16B:
        return
    heads = {f"used-{a.keyword}", f"own-used-{a.keyword}", f"opp-used-{a.keyword}"}  # s20 head: the opponent's too
    if heads & state.catalog.auto_heads:  # said only when an ability waits
        log.add("effect", f"{p} has used {source!r}'s \"{a.keyword.title()}\" (its effect executed).",
                (_USED_RULES[a.keyword],), subject=source)
    # s20 head: the climaxes its Brainstorm put into the waiting room ("if a climax is put into the waiting room by that
    # effect", 10.7.1, 10.7.3), counted by `deck._brainstorm`
    more = (climaxes,) if a.keyword == "brainstorm" else ()
    happened(log, f"used-{a.keyword}", p, source, *more)
    happened(log, f"own-used-{a.keyword}", p, source, *more)


def resolve_ability(state: State, log: EventLog, p: str, source: str, a: Ability, info: dict) -> State:
    """Play and resolve one automatic or activated ability (8.6.2, 8.7.3)."""
    if a.keyword == "encore":
        return _encore(state, log, p, source, a, info)
    if a.conds and not _conds_hold(state, p, source, a.conds, info):
        log.add("effect", f"{source}: its condition does not hold; nothing happens.{_japanese_parts(a)}", ("8.3.3",)
                + _cond_rules(a), subject=source)
        return state
    if _cond_rules(a):
        log.add("effect", f"{source}: its condition holds.{_japanese_parts(a)}", ("8.3.3",) + _cond_rules(a),
                subject=source)
    if a.cost != Cost() and a.category == "auto":
        if not can_pay(state, p, source, a.cost):
            log.add("effect", f"{source}: {p} cannot pay {a.cost.text()}: the ability is not played.", ("8.7.3.2.1",),
                    subject=source)
            return state
        if not yes_no(log, p, f"Pay {a.cost.text()} for {source!r}'s {a.keyword or 'ability'}?", "8.7.3.1.1",
                      "pay", "decline"):
            log.add("effect", f"{p} does not pay: {source}'s ability is not played.", ("8.7.3.1.1", "8.7.3.2.1"),
                    subject=source)
            return state
        state = pay(state, log, p, source, a.cost, f"{source!r}'s {a.keyword or 'ability'}")
    log.add("effect", f"{source}'s {a.keyword or 'ability'} resolves: {a.text}", ("8.6.2.4.4",),
            subject=source)
    if "from" in info:  # s11 bodies: the position the card left, for "its previous stage position" (`ReturnPrevious`)
        log.scratch["left_from"] = (source, info["from"])
    if "watched" in info:  # s12 bodies: the character the timing watched, for "that character" (`ThatTo`)
        log.scratch["watched"] = (info["watched"], info.get("watched_from", ""))
    if "cancelled" in info:  # s12 bodies: the damage whose cancel the timing saw, for "the same damage" (`Damage.same`)
        log.scratch["cancelled"] = info["cancelled"]
    log.scratch["resolving"] = ability_kinds(a)  # s13 heads: "by the 【AUTO】 effect of "X"" (`_placing`)
    log.scratch["resolving_master"] = p  # s15 heads: whose ability it is ("your opponent character's 【AUTO】 effects")
    for eff in a.effects:
        state = execute(state, log, p, source, eff)
    used_keyword16b(state, log, p, source, a)
    log.scratch.pop("resolving", None)
    log.scratch.pop("resolving_master", None)
    log.scratch.pop("left_from", None)
    log.scratch.pop("watched", None)
    log.scratch.pop("cancelled", None)
    return state


def resolve_pending(state: State, log: EventLog, pend: Pending) -> State:
    info = dict(pend.info)
    if pend.ability == -1:
        return _encore(state, log, pend.master, pend.source, ENCORE_DEFAULT, info)
    if pend.ability == -2:  # the shot trigger's ability (4.12.2.7)
        log.add("effect", f"{pend.source}'s damage was cancelled: the shot trigger's ability deals 1 damage.",
                ("4.12.2.7",), subject=pend.source)
        state, _ = deal_damage(state, log, other(pend.master), 1, pend.source, "4.12.2.7")
        return state
    if pend.ability == -3:  # an ability an effect gave the card (Grant): the card has it as its own (8.2.1.2)
        gained = info["gained"]
        assert isinstance(gained, Ability)
        return resolve_ability(state, log, pend.master, pend.source, gained, info)
    a = state.card(pend.source).abilities[pend.ability]
    if a.keyword == "shift":
        return _shift(state, log, pend.master, pend.source, a)
    return resolve_ability(state, log, pend.master, pend.source, a, info)


_COND_RULES["placed-from-hand"] = ("8.6.2.4.1", "3.1.4")  # played from the hand this turn, the same card since
_COND_RULES["facing-gone"] = ("3.6.5", "4.6.1.3")  # s14 heads: no character facing this card, or a reversed one
_COND_RULES["this-orient17"] = ("4.6.1",)  # s17 head: this card's orientation on the stage
_COND_RULES["revealed-icon"] = ("7.3.1.2", "2.11.1")  # s14 heads: the revealed climax's trigger icon
_COND_RULES["during-phase"] = ("6.1.1", "7.7.1")  # s19 head: a phase of a player's turn (the encore step in the attack phase)
_COND_RULES["facing-colour"] = ("3.6.5", "2.4")  # s19 head: the colour of the character facing this card
_COND_RULES["facing-there"] = ("3.6.5",)  # s20 head: whether a character faces this card
_COND_RULES["brainstorm-climax"] = ("10.7.1", "10.7.3")  # s20 head: a climax the used Brainstorm put into the waiting room


def _conds_hold(state: State, p: str, source: str, conds: tuple[Cond, ...], info: dict) -> bool:
    """An ability's conditions as it resolves (8.3.3); s14 heads: "if that card's trigger icon is …" looks at the climax
    the trigger check revealed (the ability's `revealed` info, `_trigger_watchers`; 2.11.1)."""
    revealed = info.get("revealed")
    return all((isinstance(revealed, str) and conditions.has_icons(state.card(revealed).triggers, str(c.value)))
               if c.kind == "revealed-icon" else _brainstorm_climax20(info) if c.kind == "brainstorm-climax"
               else view.cond_holds(state, p, source, c) for c in conds)


def _brainstorm_climax20(info: dict) -> bool:
    """s20 head: "if a climax is put into the waiting room by that effect": the Brainstorm the timing saw used put one
    there (10.7.1, 10.7.3; the count goes with the happening, `used_keyword16b`)."""
    n = info.get("brainstorm-climaxes")
    if not isinstance(n, int):
        raise Unsupported("'a climax put into the waiting room by that effect' is asked of no Brainstorm used")
    return n > 0
_COND_RULES["compare-levels"] = ("2.6", "3.9.1")  # s18 head: two levels compared (a card's, a player's)
_COND_RULES["colours"] = ("2.4", "2.3.2.1.2")  # s14 heads: the colours of your characters on the stage


def ability_kinds(a: Ability) -> tuple[str, ...]:
    """The kinds an ability's effect is "the 【AUTO】 / 【ACT】 / 【CXCOMBO】 effect of" its card in (2.12.1: an ability's category;
    a 【CXCOMBO】 ability is one with that icon, its condition a climax named in the climax area)."""
    return (a.category,) + (("cxcombo",) if a.combo else ()) + (("change",) if a.keyword == "change" else ())  # s14 heads
