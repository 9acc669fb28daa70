"""The checks run after a text is built (`_…_checked`): a construction read but not executable as written is
refused at its word.
"""

from __future__ import annotations

from judge_app.engine.ws.cardtext.common import (
    _ON_STAGE,
    _REVEALING14,
    _effects_of,
    _memory_auto,
    _MemoryBack,
    _OppBack17,
    _Placed,
    _placing14,
    _refuse,
    _sequences14,
    _vacated,
)
from judge_app.engine.ws.effects import (
    Ability,
    Cond,
    CondThen,
    Damage,
    EndOfTurn,
    LevelCompare,
    PayThen,
    ReturnPrevious,
    Salvage,
    SelfTo,
    ThatTo,
    TriggerChecks,
    abilities_within,
    flat_conds,
)

# --- s13 heads: the ability's head, sixth round (the grammar's block "s13 heads") ------------------------------------------
# the conditions that look at the ability's own card (where it is, its state, its battle): an event has none of these (it is
# resolved, not on the stage, 8.6.2.4.2), so under an event's text they are refused rather than answered about nothing
_OWN_CARD_CONDS = frozenset(("this-in", "resting", "standing", "attacker", "clock-top", "facing-level", "facing-cost",
                             "facing-higher", "battle-opp-level", "battle-opp-cost", "battle-opp-above-level",
                             "in-battle", "placed-from-hand", "facing-gone", "facing-there"))


def _cond_checked(a: Ability, at: int) -> Ability:
    """s13 heads: an event's text looks at no card of its own (8.6.2.4.2): a condition on "this card" is refused there."""
    if a.category == "effect" and any(c.kind in _OWN_CARD_CONDS or (c.kind == "count" and getattr(c.value, "zone", "")
                                                                    == "markers") or _own_level(c)
                                      for e in a.effects if isinstance(e, CondThen) for c in flat_conds(e.conds)):
        raise _refuse(at, "a condition on this card is read in a character's 【ACT】 ability, not in an event's text")
    return a


def _own_level(c: Cond) -> bool:
    """s18 head: a comparison of this card's level, its battle opponent's or the one facing it (the card's own)."""
    return isinstance(c.value, LevelCompare) and bool({c.value.left, c.value.right} - {"own", "opp"})


def _head14_checked(a: Ability, at: int) -> Ability:
    """s14 heads: "if that card's trigger icon is …" names the climax a trigger check revealed: read only in an automatic
    ability whose timing is that revealing (7.3.1.2), never under a condition inside the text."""
    inner = any(c.kind == "revealed-icon" for e in a.effects if isinstance(e, CondThen) for c in e.conds)
    if inner or (any(c.kind == "revealed-icon" for c in a.conds)
                 and not (a.category == "auto" and a.whens and all(w.partition(":")[0] in _REVEALING14 for w in a.whens))):
        raise _refuse(at, "'if that card's trigger icon is …' follows 'When your character's (this card's) trigger check "
                      "reveals a climax'")
    return a


# --- s11 bodies: selections by a portion of the card name (the grammar's block of the same name) ---------------------
def _previous_checked(a: Ability, at: int) -> Ability:
    """"return this card to its previous stage position" names the position the card left: read in an ability that
    waits for this card to be put into the waiting room from the stage (8.7.4.1.2), refused by name elsewhere."""
    if a.whens != ("to-waiting",) and any(isinstance(e, ReturnPrevious) for e in _effects_of(a)):
        raise _refuse(at, "'return this card to its previous stage position' is read in an ability whose timing is 'When "
                      "this card is put into your waiting room from the stage'")
    return a


# s12 bodies: the timings that watch another character where "that character" is read, by where it is then
_THAT_WHENS = {"hand": ("other-frontal-attacked", "other-attacks", "other-placed"), "previous": ("other-to-waiting",),
               # s21 body2: the watched character still on the stage, as the timing saw it (7.2.1.6, 4.6.1.3)
               "marker": ("other-reversed", "other-frontal-attacked", "other-attacks", "other-placed")}


def _attack_checked(a: Ability, at: int) -> Ability:
    """s12 bodies: "during that attack, perform a trigger check 2 times" names the attack of "When this card attacks";
    "return that character …" the character a timing of another character watched: each read in such an ability
    (printed or given), refused by name elsewhere."""
    for b in abilities_within(a):
        if not (b.category == "auto" and b.whens == ("attacks",)) \
                and any(isinstance(e, TriggerChecks) for e in _effects_of(b)):
            raise _refuse(at, "'during that attack, perform a trigger check N times' is read in an ability whose timing "
                          "is 'When this card attacks'")
        if any(isinstance(e, Damage) and e.same for e in _effects_of(b)) \
                and not (b.category == "auto" and b.whens == ("damage-canceled",)):
            raise _refuse(at, "'deal the same damage' is read in an ability whose timing is 'When damage dealt by this "
                          "card is canceled'")
        for e in _effects_of(b):
            if isinstance(e, ThatTo) and not (b.category == "auto" and len(b.whens) == 1
                                              and b.whens[0].partition(":")[0] in _THAT_WHENS[e.dest]):
                raise _refuse(at, ("'put that character …'" if e.dest == "marker" else "'return that character …'")
                              + " is read in an ability whose timing watches your other "
                              "character: " + ("'is frontal attacked', 'attacks', 'is placed on the stage'"
                                               if e.dest == "hand" else "'is put into your waiting room from the stage'"
                                               if e.dest == "previous" else "'becomes 【REVERSE】 (in battle)', 'is "
                                               "frontal attacked', 'attacks', 'is placed on the stage'"))
    return a


def _zone13_checked(a: Ability, at: int) -> Ability:
    """s13 zones: "put it on the stage position that this card was on" names the position the ability's cost took this
    card from ("[Put this card into your waiting room]", "… at the bottom of your deck", "… into your clock", "[Return this
    card to your hand]", 8.4.2); "that character" of `_MemoryBack` the card put into the memory just before: each read
    only so, and refused by name elsewhere (never accepted and left undone)."""
    for b in abilities_within(a):
        effects = tuple(_effects_of(b))
        if any(isinstance(e, _OppBack17) for e in effects):  # s17 body: not joined to a look at the opponent's deck
            raise _refuse(at, "'put it on the top or at the bottom of their deck' follows 'look at the top card of your "
                          "opponent's deck'")
        if any(isinstance(e, _MemoryBack | _Placed) for e in effects):
            raise _refuse(at, "'your opponent puts that character from their memory …' follows 'choose (up to) 1 of your "
                          "opponent's characters, put it into their memory'")
        if any(isinstance(e, SelfTo) and e.zone == "deck_bottom" for e in effects) \
                and (b.category not in ("auto", "act") or b.keyword in ("alarm", "memory")):
            raise _refuse(at, "'put this card at the bottom of your deck' is read in an ability of a card on the stage")
        if any(isinstance(e, Salvage) and e.to == e.from_zone == "clock" for e in effects):
            raise _refuse(at, "'put it into your clock' reads a card chosen outside your clock")
        if any(_vacated(e) for e in effects) and not (b.cost.self_to_waiting or b.cost.self_to_zone):
            raise _refuse(at, "'the stage position that this card was on' is read in an ability whose cost takes this "
                          "card from the stage ('[Put this card into your waiting room]', 8.4.2)")
    return a


def _player_ban_checked(restrict: str, category: str, at: int) -> None:
    """s13 zones: a player restriction ("your opponent cannot play event cards …", "backup:opp") is looked for on the
    characters of the stage (`view.backup_banned`): read as a 【CONT】 ability, never as an event's text it would not be."""
    if ":" in restrict and category != "cont":
        raise _refuse(at, "a player restriction ('your opponent cannot play …') is read as a 【CONT】 ability of a "
                      "character (while it is on the stage, 8.9.1)")


def _end_turn14_checked(a: Ability, at: int) -> Ability:
    """s14 bodies: "at the end of the turn, put that character …" follows the placement of one character; "… put this card
    …" is read in an ability of a character on the stage (the card the created ability moves then)."""
    for b in abilities_within(a):
        for seq in _sequences14(b.effects):
            for i, e in enumerate(seq):
                if not isinstance(e, EndOfTurn):
                    continue
                if e.who == "placed" and not (i and _placing14(seq[i - 1])):
                    raise _refuse(at, "'at the end of the turn, put that character …' follows 'put it on … your stage' "
                                  "or a gain to one of your characters you choose")
                if e.who == "self" and (b.category not in ("auto", "act") or b.keyword):
                    raise _refuse(at, "'at the end of the turn, put this card …' is read in an 【AUTO】 or 【ACT】 ability "
                                  "of a character, without a keyword")
    return a


def _checked(a: Ability, at: int) -> Ability:
    """A plain ability through every whole-ability check, in the order they were written (each refuses by name or
    returns the ability, maybe completed): a new check is one more entry, not one more nesting."""
    for check in (_cond_checked, _zone_checked, _attack_checked, _zone13_checked, _head14_checked, _end_turn14_checked,
                  _pay_inside15_checked, _hand_cost21_checked):
        a = check(a, at)
    return a


def _pay_inside15_checked(a: Ability, at: int) -> Ability:
    """s15 body: "you may pay the cost. If you do, …" inside the effect pays the ability's own [cost] there (8.4.2): read in
    an 【AUTO】 ability with a [cost] and no "you may pay the cost" before its effect (`_with_cost` fills it in); a cost
    left unfilled (no [cost], an 【ACT】 ability's cost paid as it is played, a second payment) is refused by name."""
    for b in abilities_within(a):
        if any(isinstance(e, PayThen) and e.cost is None for seq in _sequences14(b.effects) for e in seq):
            raise _refuse(at, "'you may pay the cost. If you do, …' inside the effect pays the [cost] of an 【AUTO】 ability "
                          "that names no payment before its effect")
    return a


def _zone_checked(a: Ability, at: int) -> Ability:
    """s10-wsfix2: an ability that works only where the engine never looks for it is refused, naming the words: never
    accepted and then left unexecuted."""
    zones = {str(c.value) for c in a.conds if c.kind == "this-in"} - _ON_STAGE
    if zones == {"memory"} and a.category == "cont" and a.scope in ("all", "others") \
            and not (a.grants or a.restrict or a.levels):
        return a  # applied from the memory to your characters (`view._sources`)
    if zones == {"memory"} and _memory_auto(a):
        return a  # s11-wshead: played from the memory at the beginning of a phase (`abilities._from_memory`)
    if zones:
        where = " or ".join(sorted(z.replace("_", " ") for z in zones))
        raise _refuse(at, f"'if this card is in your {where}': the engine applies this kind of ability only where "
                      "the card's text is valid by default (2.12.2: the stage; 10.9.1: a Memory 【CONT】 power or soul "
                      "gain of your characters, and a Memory 【AUTO】 ability at the beginning of a phase or when you level "
                      "up, from the memory)")
    if Cond("clock-top") in a.conds and a.keyword != "alarm":
        raise _refuse(at, "'if this card is the top card of your clock' heads an Alarm ability (10.1.1): without "
                      "Alarm the engine does not look for it in the clock")
    if a.keyword == "alarm" and a.category == "auto" \
            and not all(w.startswith(("begin:", "begin-any:")) for w in a.whens):
        raise _refuse(at, "an Alarm 【AUTO】 ability other than 'At the beginning of …' (10.1.1): the engine looks for "
                      "Alarm abilities on the top card of the clock only at the beginning of a phase")
    if a.keyword == "alarm" and a.category not in ("auto", "cont"):
        raise _refuse(at, "Alarm heads an 【AUTO】 or 【CONT】 ability working from the top of the clock (10.1.1)")
    return a


def _hand_cost21_checked(a: Ability, at: int) -> Ability:
    """s21 head: "Reveal this card in your hand & Put it at the bottom of your deck" is Backup's cost, paid as the card is
    played from the hand (10.5.1, 10.5.2); any other ability's cost that takes this card from the hand is refused by name
    (it would never be payable where the engine plays that ability)."""
    if a.cost is not None and a.cost.hand_self_to:
        raise _refuse(at, "'Reveal this card in your hand & Put it at the bottom of your deck' is the cost of Backup (10.5.2)")
    return a
