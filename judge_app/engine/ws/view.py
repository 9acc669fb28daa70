"""Computed information: power and soul with continuous effects applied (8.9), levels, colours."""

from __future__ import annotations

from contextvars import ContextVar

from judge_app.engine.core import UNKNOWN, Unsupported
from judge_app.engine.ws import conditions
from judge_app.engine.ws.effects import (
    NAME_PART,
    PER_NAMED,
    Ability,
    Cond,
    Select,
    abilities_within,
    has_name,
    has_trait,
)
from judge_app.engine.ws.state import (
    BACK,
    CENTER,
    FACING,
    IN_FRONT,
    Catalog,
    Kind,
    OnStage,
    Orient,
    Side,
    State,
    other,
)

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_KIND_CLIMAX = Kind.CLIMAX
_ORIENT_REST = Orient.REST
_ORIENT_REVERSE = Orient.REVERSE


def level(state: State, p: str) -> int:
    """A player's level is the number of cards in their level zone (8.6.2.1.2)."""
    return len(state.side(p).level)


def cond_holds(state: State, p: str, uid: str, c: Cond) -> bool:
    s = state.side(p)
    if c.kind == "climax":
        return any(state.card(x).name.lower() == str(c.value).lower() for x in s.climax)
    if c.kind == "memory":
        return len(s.memory) >= int(str(c.value))
    if c.kind == "level":
        if UNKNOWN in s.level:
            raise Unsupported(f"the total level of {p}'s level zone is needed, but some of its cards are not named",
                              hint=f"describe them on `{p} level:` lines")
        return sum(state.card(x).level for x in s.level if isinstance(x, str)) >= int(str(c.value))
    if c.kind == "clock-top":
        return bool(s.clock) and s.clock[-1] == uid
    if c.kind == "have-trait":
        return any(has_trait(str(c.value), traits_of(state, o.uid)) for _pos, o in s.characters())
    if c.kind == "your-turn":
        return state.player == p
    if c.kind == "attacker":
        return state.attack is not None and state.attack.attacker == uid
    if c.kind == "resting":
        on = state.on_stage(uid)
        return on is not None and on[2].orient is _ORIENT_REST
    more = _CONDS.get(c.kind)
    return more(state, p, uid, c) if more is not None else False


def card_level(state: State, uid: str) -> int:
    """A card's level (2.6): its printed level, changed on the stage by effects until they end ("gets +1 level") and
    by its own continuous abilities while their conditions hold ("【CONT】 This card gets -2 level", 2.6)."""
    on = state.on_stage(uid)
    if on is None:
        return state.card(uid).level
    return state.card(uid).level + on[2].levels + _own_levels(state, on[0], uid, False)


def hand_level(state: State, p: str, uid: str) -> int:
    """The level of p's card `uid` in the hand, as playing it looks at it (8.6.2.1): printed, changed by its own
    continuous abilities valid in the hand ("this card gets -1 level while in your hand", 2.12.2)."""
    return state.card(uid).level + _own_levels(state, p, uid, True)


def play_banned(state: State, p: str, uid: str) -> Ability | None:
    """The card's own continuous ability forbidding it to be played from the hand, if one's conditions hold."""
    return next((a for a in state.card(uid).abilities if a.restrict == "play" and _active(state, p, uid, a)), None)


def backup_banned(state: State, who: str, what: str = "backup") -> Ability | None:
    """s12 heads: a 【CONT】 ability forbidding `who` to play Backup ("your opponent cannot play "Backup" from hand", "all
    players cannot …"; 10.5.1, 1.3.4), of a character on either stage, its conditions holding now. s13 zones: `what`
    "event", events ("… cannot play event cards and "Backup" from hand"), and "you" (`self`): the card's own master."""
    for pl, kinds, last, said in state.bans:  # s15 heads: a restriction for a time (effects.LastingBan; 8.2.1.2)
        if pl == who and last >= state.turn and what in kinds.split("+"):
            return said
    for p in (who, other(who)):
        scopes = ("all", "self") if p == who else ("all", "opp")
        for pos, o in state.side(p).characters():
            # printed, or given by an effect for a time (8.2.1.2); s16 quote: or by a continuous ability (8.9.1)
            for a in (*state.card(o.uid).abilities, *o.gained, *given16(state, p, pos, o.uid)):
                kinds, _, scope = getattr(a, "restrict", "").partition(":")
                if scope in scopes and what in kinds.split("+") and _active(state, p, o.uid, a):
                    return a
    return None


def damage_banned(state: State, who: str, n: int) -> Ability | None:
    """s15 heads: a 【CONT】 ability forbidding `who` to take damage from the 【AUTO】 effects of the opponent's characters ("you
    cannot take damage from …", kind "auto-damage"), or that much damage or less ("you cannot receive 1 or less damage by
    …", "auto-damageN"), of a character on either stage, its conditions holding now (1.3.4; `backup_banned`)."""
    return backup_banned(state, who, "auto-damage") or next(
        (ban for k in range(max(n, 1), 4) if (ban := backup_banned(state, who, f"auto-damage{k}")) is not None), None)


def colour_waived(state: State, p: str, uid: str) -> Ability | None:
    """s9-wshead2: the card's own continuous ability letting it be played without the colour requirement (8.6.2.1.1,
    1.3.1), if its conditions hold."""
    return next((a for a in state.card(uid).abilities if a.permit == "colour" and _active(state, p, uid, a)), None)


def attack_bans(state: State, p: str, uid: str) -> dict[str, Ability]:
    """s8-wsrealb: the attack types ("frontal" | "side") the character's own conditional continuous abilities forbid
    while their conditions hold ("If the character facing this card is a higher level than this card, this card cannot
    frontal attack"), with the ability that forbids each. Its unconditional, gained or granted ones: `banned`."""
    return {a.restrict[3:-7]: a for a in state.card(uid).abilities
            if a.conds and a.restrict in ("no-frontal-attack", "no-side-attack") and _active(state, p, uid, a)}


def banned(state: State, uid: str, what: str) -> Ability | None:
    """s8-wsreala: the restriction `what` on the character `uid` ("unchoosable" by its opponent's effects,
    "no-side-attack", "no-frontal-attack", "no-move"), if one is in force: its own printed 【CONT】 while its conditions
    hold, or one an effect gave it (`OnStage.gained`, until it ends)."""
    on = state.on_stage(uid)
    if on is None:
        return None
    own = next((a for a in state.card(uid).abilities if a.restrict == what and a.scope != "facing"
                and _active(state, on[0], uid, a)), None)
    # s16 quote: one an effect gave it holds while its own conditions hold too (its text, read on the character)
    return own or next((a for a in on[2].gained if a.restrict == what and a.scope != "facing"
                        and _active(state, on[0], uid, a)), None) \
        or _granted(state, on[0], on[1], uid, what) or _facing_banned(state, on[0], on[1], what)


def ban_whose(ban: Ability) -> str:
    """s15 heads: whose text a restriction `banned` found is, as an answer says it."""
    return "the character facing it has" if ban.scope == "facing" else "its text says"


def _facing_banned(state: State, p: str, pos: str, what: str) -> Ability | None:
    """s15 heads: "【CONT】 The character facing this card cannot move …": the restriction of the opponent's character facing
    p's character on `pos` (3.6.5: the center stage position across), printed while its conditions hold or given to it
    for a time (8.2.1.2)."""
    across = state.side(other(p)).at(FACING[pos]) if pos in FACING else None
    if across is None:
        return None
    return next((a for a in state.card(across.uid).abilities if a.scope == "facing" and a.restrict == what
                 and _active(state, other(p), across.uid, a)), None) \
        or next((a for a in across.gained if a.scope == "facing" and a.restrict == what), None) \
        or _granted(state, other(p), FACING[pos], across.uid, what, True)


def ban_rules(state: State, uid: str, ban: Ability) -> tuple[str, ...]:
    """Where a restriction `banned` found comes from: the card's own text (none more), an effect that gave it until it
    ends (8.2.1.2), or a continuous ability that gives it while it applies (8.9.1)."""
    on = state.on_stage(uid)
    if ban.scope == "facing":  # s15 heads: the character facing it restricts it (3.6.5)
        return ("3.6.5",)
    if on is None or ban in state.card(uid).abilities:
        return ()
    return ("8.2.1.2",) if ban in on[2].gained else ("8.9.1",)


def _granted(state: State, p: str, pos: str, uid: str, what: str, facing: bool = False) -> Ability | None:
    """The restriction `what` a continuous ability of p's gives `uid` ("All of your other characters get the following
    ability. "【CONT】 This card cannot side attack."", Assist's), while it applies to it (8.9.1). s15 heads: `facing`, the
    restriction it gives on the character facing `uid` instead ("… "【CONT】 The character facing this card cannot …"")."""
    for src, a, where in _sources(state, p):
        for g in a.gives:  # s15 quote: each ability the gain gives; s15 heads: `facing` or not
            if g.restrict == what and (g.scope == "facing") == facing and _applies(a.scope, where, src, pos, uid) \
                    and _active(state, p, src, a) and _has_trait(state, a, uid, pos) \
                    and (facing or _active(state, p, uid, g)):  # s16 quote: its own conditions, on the character
                return g
    return None


def granted_autos(state: State, p: str, pos: str, uid: str, when: str) -> tuple[tuple[str, Ability, Ability], ...]:
    """s11 bodies: the 【AUTO】 abilities whose activation condition is `when` that p's continuous abilities give the
    character `uid` on p's `pos` while they apply to it ("【CONT】 If …, this card gets the following ability. "【AUTO】 When
    …""; 8.9.1: a continuous effect applies while its ability's conditions hold): the giving card, its ability and the
    ability it gives."""
    own = tuple((src, a, g) for src, a, where in _sources(state, p) for g in a.gives
                if g.category == "auto" and when in g.whens
                and _applies(a.scope, where, src, pos, uid) and _active(state, p, src, a) and _has_trait(state, a, uid, pos))
    return own + _opp_granted_autos(state, p, pos, when) if state.catalog.cont else own


def _opp_granted_autos(state: State, p: str, pos: str, when: str) -> tuple[tuple[str, Ability, Ability], ...]:
    """s15 quote: the 【AUTO】 abilities (Encore, 10.2.2) the opponent's continuous abilities give p's character on `pos`
    while they apply (8.9.1): "The character facing this card gets "【AUTO】 Encore [(2)]"" (the opponent's character
    on the center stage position facing it, 3.6.5) and "All of your opponent's characters get …"."""
    q = other(p)
    facing = [(src, a) for src, a, _w in _facing_sources(state, p, pos)]
    opp = [(src, a) for src, a, _w in _sources(state, q) if a.scope == "opp" and _active(state, q, src, a)]
    return tuple((src, a, g) for src, a in facing + opp for g in a.gives if g.category == "auto" and when in g.whens)


def granted_acts(state: State, p: str, pos: str, uid: str) -> tuple[tuple[str, Ability, Ability], ...]:
    """s15 quote: the 【ACT】 abilities p's continuous abilities give the character `uid` on p's `pos` while they apply
    to it ("【CONT】 If your level is 2 or higher, this card gets the following ability. "【ACT】 …""; 8.9.1): the giving
    card, its ability and the ability it gives, as `granted_autos` finds the automatic ones."""
    return tuple((src, a, g) for src, a, where in _sources(state, p) for g in a.gives
                 if g.category == "act"
                 and _applies(a.scope, where, src, pos, uid) and _active(state, p, src, a) and _has_trait(state, a, uid, pos))


def stays_rested(state: State, p: str) -> dict[str, Ability]:
    """p's characters whose own continuous ability keeps them from standing in the stand phase ("this card does not
    【STAND】 during your stand phase"), its conditions holding now, or an effect's restriction given to it for a time
    (s16 head), with that ability."""
    out: dict[str, Ability] = {}
    for _pos, o in state.side(p).characters():
        for a in state.card(o.uid).abilities:
            if a.restrict == "stand" and _active(state, p, o.uid, a):
                out[o.uid] = a
        # s16 head: or an effect's restriction for a time ("… cannot 【STAND】 during your opponent's next stand phase",
        # 8.2.1.2), given to it until the end of that turn (`OnStage.gained`)
        gained = next((a for a in o.gained if a.restrict == "stand"), None)
        if gained is not None and o.uid not in out:
            out[o.uid] = gained
    return out


def _own_levels(state: State, p: str, uid: str, in_hand: bool) -> int:
    card = state.card(uid)
    if not card.abilities:
        return 0
    # s15 body: a gain "for each marker underneath this card" counts them now (`_times`, 8.9.1)
    return sum(a.levels * (_times(state, p, uid, a, uid) if a.per == "markers" else 1) for a in card.abilities
               if a.category == "cont" and a.levels and a.in_hand is in_hand and _active(state, p, uid, a))


def _facing_level(state: State, p: str, uid: str, c: Cond) -> bool:
    """"If the character facing this card is level N (or higher / or lower)": the opponent's character on the
    center stage position facing this card's (3.6.5); none there, or this card not on the center stage: false."""
    on = state.on_stage(uid)
    facing = state.side(other(p)).at(FACING[on[1]]) if on is not None and on[1] in FACING else None
    if facing is None:
        return False
    if c.kind == "facing-cost":  # s10-wshead: its cost (2.7)
        return _compares(state.card(facing.uid).cost, str(c.value))
    return _compares(card_level(state, facing.uid), str(c.value))


def _standing(state: State, uid: str) -> bool:
    """s10-wshead: "if this card is 【STAND】": on the stage in the stand state (4.6.1.1)."""
    on = state.on_stage(uid)
    return on is not None and on[2].orient is Orient.STAND


def in_battle(state: State) -> tuple[str, ...]:
    """The characters "in battle": a frontal attack's attacking and defending characters (7.2.1.5.1); a side or direct
    attack puts none in battle."""
    att = state.attack
    if att is None or att.kind != "frontal" or att.defender is None:
        return ()
    return (att.attacker, att.defender)


def battle_opponent(state: State, uid: str) -> str | None:
    """The character `uid` is in battle with (7.2.1.5.1: the attacking and the defending character), if any."""
    pair = in_battle(state)
    return pair[1] if pair and uid == pair[0] else pair[0] if pair and uid == pair[1] else None


def _compares(have: int, want: str) -> bool:
    """`want` as the conditions record it: "3" (equal), "3+" (or higher), "3-" (or lower)."""
    n = int(want.rstrip("+-"))
    return have >= n if want.endswith("+") else have <= n if want.endswith("-") else have == n


def _battle_opp(state: State, p: str, uid: str, c: Cond) -> bool:
    """"If this card's battle opponent is level | cost N (or higher / or lower)"; no battle opponent: false."""
    opp = battle_opponent(state, uid)
    if opp is None:
        return False
    card = state.card(opp)
    return _compares(card_level(state, opp) if c.kind == "battle-opp-level" else card.cost, str(c.value))


def _opp_above_level(state: State, p: str, uid: str, c: Cond) -> bool:
    """"If the level of this card's battle opponent is higher than your opponent's level" (8.6.2.1.2: a player's
    level is the number of cards in his or her level zone)."""
    opp = battle_opponent(state, uid)
    return opp is not None and card_level(state, opp) > level(state, other(p))


def _have_at_most(state: State, p: str, uid: str, c: Cond) -> bool:
    """"If the number of (other) [《T》] characters you have is N or less", "If you do not have a 《T》 character" (N = 0):
    p's characters on the stage (2.3.2.1.2)."""
    return not _have_at_least(state, p, uid, Cond("have-at-least", f"{int(str(c.value).split()[0]) + 1} "
                                                                    f"{str(c.value).partition(' ')[2]}"))


def _have_at_least(state: State, p: str, uid: str, c: Cond) -> bool:
    """"If you have N or more (other) [《T》] characters": p's characters on the stage (2.3.2.1.2)."""
    n, _, what = str(c.value).partition(" ")
    scope, _, trait = what.partition(":")
    return sum(1 for _pos, o in state.side(p).characters()
               if (scope != "others" or o.uid != uid) and has_trait(trait, traits_of(state, o.uid))) >= int(n)


def _level_colours(state: State, p: str, uid: str, c: Cond) -> bool:
    """"If your level has a yellow card, a red card, and a blue card": each colour among p's level cards (3.9.1)."""
    s = state.side(p)
    have = {state.card(x).color.lower() for x in s.level if isinstance(x, str)}
    want = set(str(c.value).split(","))
    if not want <= have and UNKNOWN in s.level:
        raise Unsupported(f"the colours of {p}'s level cards are needed, but some of its cards are not named",
                          hint=f"describe them on `{p} level:` lines")
    return want <= have


def _climax_count(state: State, p: str, value: str, at_most: bool = False) -> bool:
    """"If the number of climax in your (opponent's) waiting room is N or more", "If your waiting room has N or less
    climax" (`at_most`) (the waiting room, 3.4.1)."""
    whose, n = value.split()
    pile = state.side(other(p) if whose == "opponent" else p).waiting
    if UNKNOWN in pile:
        raise Unsupported("the number of climax in a waiting room is needed, but some of its cards are not named",
                          hint="describe them on `A waiting_room:` / `B waiting_room:` lines")
    count = sum(1 for x in pile if isinstance(x, str) and state.card(x).kind is _KIND_CLIMAX)
    return count <= int(n) if at_most else count >= int(n)


def _this_orient17(state: State, uid: str, c: Cond) -> bool:
    """s17 head: "if this card is (not) 【REVERSE】 / 【STAND】 / 【REST】": each character on the stage has one of the three
    states (4.6.1). A card off the stage has none, and the rules do not say whether "is not 【REVERSE】" holds for it: the
    engine does not decide it (unsupported, by name)."""
    on = state.on_stage(uid)
    if on is None:
        raise Unsupported("this card's orientation is asked while it is not on the stage; only characters on the stage "
                          "have one (4.6.1), and the rules do not say how the condition reads there")
    want = str(c.value)
    is_it = on[2].orient is _ORIENT_OF17[want.lstrip("!")]
    return not is_it if want.startswith("!") else is_it


_ORIENT_OF17 = {"stand": Orient.STAND, "rest": Orient.REST, "reverse": Orient.REVERSE}


# Conditions real cards print, each read by its own function (the older ones are in `cond_holds`).
_CONDS = {
    "this-orient17": lambda state, p, uid, c: _this_orient17(state, uid, c),  # s17 head
    "facing-level": _facing_level,
    "facing-cost": _facing_level,  # s10-wshead
    "standing": lambda state, p, uid, c: _standing(state, uid),  # s10-wshead
    "have-at-least": _have_at_least,
    "have-at-most": _have_at_most,
    "level-colours": _level_colours,
    "battle-opp-level": _battle_opp,
    "battle-opp-cost": _battle_opp,
    "battle-opp-above-level": _opp_above_level,
    "climax-in-waiting": lambda state, p, uid, c: _climax_count(state, p, str(c.value)),
    "climax-in-waiting-at-most": lambda state, p, uid, c: _climax_count(state, p, str(c.value), True),
    "have-named": lambda state, p, uid, c: _have_named(state, p, uid, c),
    "have-named-count": lambda state, p, uid, c: _have_named_count(state, p, uid, c),  # s8-wsrealb
    "facing-higher": lambda state, p, uid, c: _facing_higher(state, p, uid),  # s8-wsrealb
    "deck-at-most": lambda state, p, uid, c: len(state.side(p).deck) <= int(str(c.value)),  # s8-wsrealb (3.2)
    "have-another-named": lambda state, p, uid, c: _have_named(state, p, uid, c),  # s8-wsrealb
    "opp-turn": lambda state, p, uid, c: state.player != p,
    "hand-at-most": lambda state, p, uid, c: len(state.side(p).hand) <= int(str(c.value)),
    "all-trait": lambda state, p, uid, c: all(has_trait(str(c.value), traits_of(state, o.uid))
                                              for _pos, o in state.side(p).characters()),
    # s15b headzone: "if all of your characters have "X" in their card names" (2.1.2.2, 2.3.2.1.2)
    "all-named": lambda state, p, uid, c: all(has_name(str(c.value), state.card(o.uid).name)
                                              for _pos, o in state.side(p).characters()),
    "count": conditions.count_holds,  # s9-wsreala
    "this-in": conditions.this_in,  # s9-wsreala
    "all-colour": conditions.all_colour,  # s15 heads
    "all-are": conditions.all_are,  # s16 head
    "not-first-turn": lambda state, p, uid, c: not state.first_turn,  # s11-wshead (7.2.1.3.1)
    "during-phase": conditions.during_phase,  # s19 head
    "facing-colour": conditions.facing_colour,  # s19 head
    "facing-there": conditions.facing_there,  # s20 head
    # s11-wshead: "During this card's battle" (7.2.1.5.1: a frontal attack's attacking and defending character)
    "in-battle": lambda state, p, uid, c: uid in in_battle(state),
}


def _facing_higher(state: State, p: str, uid: str) -> bool:
    """"If the character facing this card is a higher level than this card" (3.6.5, 2.6); none facing: false."""
    on = state.on_stage(uid)
    facing = state.side(other(p)).at(FACING[on[1]]) if on is not None and on[1] in FACING else None
    return facing is not None and card_level(state, facing.uid) > card_level(state, uid)


def _have_named(state: State, p: str, uid: str, c: Cond) -> bool:
    """"if you have another card named "X"": another of p's characters on the stage with that name (2.1.2)."""
    return any(o.uid != uid and has_name(str(c.value), state.card(o.uid).name) for _pos, o in state.side(p).characters())


def _have_named_count(state: State, p: str, uid: str, c: Cond) -> bool:
    """s8-wsrealb: "if the number of (other) [《T》] characters you have with "X" in its card name is N or more / less":
    p's characters on the stage (2.3.2.1.2) whose English card name holds that portion (2.1.2.2)."""
    value: tuple[str, str, str, str] = c.value  # type: ignore[assignment]
    bound, scope, trait, names = value
    have = sum(1 for _pos, o in state.side(p).characters() if (scope != "others" or o.uid != uid)
               and has_trait(trait, traits_of(state, o.uid)) and has_name(names, state.card(o.uid).name))
    return _compares(have, bound)


def _active(state: State, p: str, uid: str, a: Ability) -> bool:
    return all(cond_holds(state, p, uid, c) for c in a.conds)


# The last few sides asked about, with their catalogue and answer. The sources depend only on one side's stage,
# climax area and clock and on the catalogue, and a side is a value shared by every state that did not change it:
# a rule-action pass, the battle and the answer ask about the same sides many times.
_last: list[tuple[Side, Catalog, tuple[tuple[str, Ability, str], ...]]] = []
_KEEP = 4


def _sources(state: State, p: str) -> tuple[tuple[str, Ability, str], ...]:
    """(card id, ability, where) of every continuous ability that can apply to p's characters."""
    s = state.side(p)
    catalog = state.catalog
    for side, cat, got in _last:
        if side is s and cat is catalog:
            return got
    cont, out = catalog.cont, []
    if cont:
        out += [(o.uid, a, pos) for pos, o in s.characters() for a in cont.get(o.uid, ())]
        # a climax's text is valid in the climax area (2.12.2.2)
        out += [(x, a, "climax") for x in s.climax for a in cont.get(x, ())]
        # s10-wsfix2: "【CONT】 Memory If this card is in your memory, …": valid in the memory (10.9.1, 2.12.2)
        out += [(x, a, "memory") for x in dict.fromkeys(s.memory) if isinstance(x, str)
                for a in cont.get(x, ()) if any(c.kind == "this-in" and c.value == "memory" for c in a.conds)]
    top = s.clock[-1] if s.clock else None
    if isinstance(top, str):  # Alarm: valid while the top card of the clock (10.1)
        out += [(top, a, "clock") for a in catalog.alarm.get(top, ())]
    got = tuple(out)
    _last[:] = [*_last[-(_KEEP - 1):], (s, catalog, got)]
    return got


def _applies(scope: str, where: str, src: str, pos: str, uid: str) -> bool:
    if scope == "self":
        return src == uid and where == pos
    if scope == "all":
        return where != "clock" or True
    if scope == "others":
        return src != uid
    if scope == "front":  # Assist (10.3): only from the back stage, to the characters in front
        return where in IN_FRONT and pos in IN_FRONT[where]
    return False


def _times(state: State, p: str, src: str, a: Ability, uid: str = "") -> int:
    """How many times a counted gain applies (8.9.1: counted whenever the value is looked at): the number of p's
    (other) characters on the stage, with the trait if one is named; "that character's level": the level of the
    character `uid` that gets it."""
    if not a.per:
        return 1
    if a.per == "level":
        return card_level(state, uid)
    return count_per(state, p, src, a.per)


def count_per(state: State, p: str, src: str, per: str) -> int:
    """The number a count spec names (`Ability.per`, `Pump.per`): p's (other) characters on the stage, of a trait, a name,
    an area, a state or a level bound, the opponent's ("opp"), those with a keyword, the markers under `src`."""
    if per.startswith("kw:"):  # s14 bodies: your characters that have that keyword ability (2.12.2, chapter 10)
        return sum(1 for _pos, o in state.side(p).characters()
                   if any(x.keyword == per[3:] for x in state.card(o.uid).abilities))
    if per == "markers":  # s13 zones: "for each marker underneath this card" (3.7.1), on its stage position now
        on = state.on_stage(src)
        return len(on[2].markers) if on is not None else 0
    scope, _, trait = per.partition(":")
    scope, _, bound = scope.partition("@")  # s14 bodies: "others@<=0": only characters of level 0 or lower now (2.6)
    scope, _, area = scope.partition("-")  # "others-back": only on the back stage (3.6.3)
    scope, _, orient = scope.partition("~")  # s16 body: "others~rest": only characters in that state now (4.6.1)
    # s10 bodies: "opp-back": the opponent's characters of that area (2.3.2.1.2, 3.6.3)
    if trait[:1] == PER_NAMED:  # s11 bodies: "for each of your other cards named "X"" (2.1.2)
        return sum(1 for pos, o in state.side(p).characters()  # s14 bodies: on one area too (3.6.3)
                   if (scope != "others" or o.uid != src) and has_name(trait[1:], state.card(o.uid).name)
                   and (not area or pos in _AREAS[area]))
    return sum(1 for pos, o in state.side(other(p) if scope == "opp" else p).characters()
               if (scope != "others" or o.uid != src) and has_trait(trait, traits_of(state, o.uid))
               and (not area or pos in _AREAS[area]) and (not bound or conditions.bound_fits(card_level(state, o.uid), bound))
               and (not orient or o.orient == orient))


_AREAS = {"back": BACK, "center": CENTER}


def _has_trait(state: State, a: Ability, uid: str, pos: str = "") -> bool:
    """A gain to "your 《Trait》 characters" reaches only characters with that trait (2.5.3), one to "your cards named
    "X"" only cards with that name (2.1), one to "your character in the middle position of the center stage" only
    that position's (3.6.3), one to "your level 3 or higher characters" only those."""
    card = state.card(uid)
    # s13b bodies: a name spec (`has_name`): one name, alternatives, or a portion "with "X" in its card name" (2.1.2.2)
    return (has_trait(a.trait, traits_of(state, uid)) and (not a.name or has_name(a.name, card.name)) and (not a.where or pos == a.where)
            and card_level(state, uid) >= a.min_level and (a.select is None or _described(state, a.select, uid)))


def _described(state: State, sel: Select, uid: str) -> bool:
    """s14 bodies: whether a character is one a continuous gain's selection describes: its level now (2.6: changed by
    effects, `card_level`) within the bound, its colour (2.4) and its trait (2.5.3)."""
    card = state.card(uid)
    return conditions.bound_fits(card_level(state, uid), sel.level) and has_trait(sel.trait, traits_of(state, uid)) \
        and (not sel.color or card.color.lower() == sel.color)


def _facing_sources(state: State, p: str, pos: str) -> list[tuple[str, Ability, str]]:
    """s12 bodies: the continuous abilities "The character facing this card gets …" that reach p's character on `pos`:
    those of the opponent's character on the center stage position facing it (3.6.5), printed or given to it by an
    effect for a time (8.2.1.2), while they apply."""
    if pos not in FACING:
        return []
    q = other(p)
    f = state.side(q).at(FACING[pos])
    if f is None:
        return []
    printed = state.catalog.cont.get(f.uid, ()) if state.catalog.cont else ()
    return [(f.uid, a, FACING[pos]) for a in (*printed, *f.gained)
            if a.category == "cont" and a.scope == "facing" and _active(state, q, f.uid, a)]


def stats(state: State, p: str, pos: str, o: OnStage) -> tuple[int, int]:
    """(power, soul) of the character `o` on p's `pos`: printed value, continuous effects, then until-end-of-turn
    changes (8.9.1)."""
    card = state.card(o.uid)
    power, soul = card.power + o.power, card.soul + o.soul
    for src, a, where in _sources(state, p):
        if _applies(a.scope, where, src, pos, o.uid) and _active(state, p, src, a) and _has_trait(state, a, o.uid, pos):
            k = _times(state, p, src, a, o.uid)
            power += a.power * k
            soul += a.soul * k
    for _src, a, _where in _facing_sources(state, p, pos):
        power, soul = power + a.power, soul + a.soul
    for src, a, where, _rule in held_sources16(state, p):  # s16 quote: gains its characters were given
        if _applies(a.scope, where, src, pos, o.uid) and _has_trait(state, a, o.uid, pos):
            k = _times(state, p, src, a, o.uid)
            power, soul = power + a.power * k, soul + a.soul * k
    return power, soul


KEYWORD_RULES = {"assist": ("10.3.1", "10.3.2"), "alarm": ("10.1.1", "10.1.2"), "memory": ("10.9.1", "10.9.2"),
                 "experience": ("10.10.1", "10.10.2")}


def contributions(state: State, p: str, pos: str, o: OnStage) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The continuous abilities changing this character's power or soul: (source, description, rule ids)."""
    out = []
    for src, a, where in _sources(state, p):
        if a.grants is not None and not (a.power or a.soul):  # s8-wsreala: gives a restriction only, no power or soul
            continue
        if _applies(a.scope, where, src, pos, o.uid) and _active(state, p, src, a) and _has_trait(state, a, o.uid, pos):
            k = _times(state, p, src, a, o.uid)
            gain = " and ".join(x for x in (f"{a.power * k:+} power" if a.power else "", f"{a.soul * k:+} soul"
                                            if a.soul else "") if x) + (f" ({k} × {a.power or a.soul:+})" if a.per else "")
            rules = KEYWORD_RULES.get(a.keyword, ()) + (("2.12.2.2",) if where == "climax" else ("2.12.2.1",)
                                                        if where in IN_FRONT or where in ("CL", "CM", "CR") else
                                                        ("10.9.1",) if where == "memory" else ()) \
                + ((("2.1.2.1",) if "(" in a.name else ("2.1.2.2",)) if a.name[:1] == NAME_PART else ())  # s13b bodies
            out.append((src, f"{a.keyword.title() + ' of ' if a.keyword else ''}{src!r} {gain}", ("8.9.1", "8.9.1.3")
                        + rules))
    for src, a, where in _facing_sources(state, p, pos):  # s12 bodies
        gain = " and ".join(x for x in (f"{a.power:+} power" if a.power else "", f"{a.soul:+} soul" if a.soul else "")
                            if x)
        out.append((src, f"{src!r}, facing it from {other(p)}'s {where}, {gain}", ("8.9.1", "3.6.5", "2.12.2.1")))
    for src, a, where, rule in held_sources16(state, p):  # s16 quote
        if not (_applies(a.scope, where, src, pos, o.uid) and _has_trait(state, a, o.uid, pos)):
            continue
        k = _times(state, p, src, a, o.uid)
        gain = " and ".join(x for x in (f"{a.power * k:+} power" if a.power else "", f"{a.soul * k:+} soul"
                                        if a.soul else "") if x)
        how = "an effect gave it" if rule == "8.2.1.2" else "a continuous ability gives it"
        out.append((src, f"{src!r}'s ability \"{a.text}\" ({how}) {gain}", (rule, "8.9.1", "8.9.1.3")
                    + KEYWORD_RULES.get(a.keyword, ())))
    return tuple(out)


def power(state: State, p: str, pos: str) -> int:
    o = state.side(p).at(pos)
    return stats(state, p, pos, o)[0] if o else 0


def great_performer(state: State, p: str) -> str | None:
    """p's character with Great Performance on the middle position, not reversed (10.6.2)."""
    o = state.side(p).at("CM")
    # s16 quote: printed, or given by an effect (8.2.1.2) or a continuous ability (8.9.1)
    if o and o.orient is not _ORIENT_REVERSE and any(a.keyword == "great performance" for a in (
            *state.card(o.uid).abilities, *o.gained, *given16(state, p, "CM", o.uid))):
        return o.uid
    return None


def color_ok(state: State, p: str, uid: str) -> bool | None:
    """8.6.2.1.1: the card's colour is among p's level and clock cards; None when unnamed cards leave it open."""
    s = state.side(p)
    want = state.card(uid).color
    pile = s.level + s.clock
    if any(isinstance(x, str) and state.card(x).color == want for x in pile):
        return True
    return None if UNKNOWN in pile else False


__all__ = ["ban_whose", "color_ok", "damage_banned", "great_performer", "hand_level", "play_banned", "level", "stays_rested", "other", "power", "stats"]


# --- s13 heads (issue 13, thirteenth session) -------------------------------------------------------------------------
def _placed_from_hand(state: State, p: str, uid: str, c: Cond) -> bool:
    """"During the turn that this card is placed on the stage from your hand": this card, on the stage, was played from
    the hand this turn (8.6.2.4.1; `OnStage.from_hand`; a card that left the stage since is a new card, 3.1.4)."""
    on = state.on_stage(uid)
    return on is not None and on[2].from_hand


_CONDS["placed-from-hand"] = _placed_from_hand
_CONDS["top-is"] = conditions.top_is  # s13b heads


# --- s14 heads (issue 13, fourteenth session) -------------------------------------------------------------------------
def _facing_gone(state: State, p: str, uid: str, c: Cond) -> bool:
    """"there is no character facing this card or the character facing this card is 【REVERSE】": this card on the stage,
    and on the opponent's center stage position facing its own (3.6.5) no character, or a reversed one (4.6.1.3). A card
    on the back stage faces no character (3.6.5 names the center stage's positions only): the first part holds."""
    on = state.on_stage(uid)
    if on is None:
        return False
    facing = state.side(other(p)).at(FACING[on[1]]) if on[1] in FACING else None
    return facing is None or facing.orient is _ORIENT_REVERSE


_CONDS["facing-gone"] = _facing_gone


def _colours(state: State, p: str, uid: str, c: Cond) -> bool:
    """"If the number of colors of your characters on stage is four or more": the different colours (2.4) among p's
    characters on the stage (2.3.2.1.2)."""
    bound = str(c.value)
    n = len({state.card(o.uid).color.lower() for _pos, o in state.side(p).characters() if state.card(o.uid).color})
    return conditions.compares(n, bound)  # s18 head: "N=" too


_CONDS["colours"] = _colours


# --- s16 quote (issue 13, sixteenth session): 【CONT】 abilities a character holds beyond its printed text -----------------
def given16(state: State, p: str, pos: str, uid: str) -> tuple[Ability, ...]:
    """The 【CONT】 abilities p's continuous abilities give p's character `uid` on `pos` while they apply to it (8.9.1: "this
    card gets the following ability. "【CONT】 …""), whose own conditions hold now, read on that character (its text now)."""
    if not state.catalog.cont:
        return ()
    return tuple(g for src, a, where in _sources(state, p) if a.grants is not None for g in a.gives
                 if g.category == "cont" and g.scope != "facing" and _applies(a.scope, where, src, pos, uid)
                 and _active(state, p, src, a) and _has_trait(state, a, uid, pos) and _active(state, p, uid, g))


def held_sources16(state: State, p: str) -> list[tuple[str, Ability, str, str]]:
    """The gains of power or soul p's characters hold as their own text that their cards do not print, their conditions
    holding now (each read on the character that has it): given by an effect until it ends (8.2.1.2, `OnStage.gained`)
    or by a continuous ability while it applies (8.9.1): to itself ("【CONT】 During your turn, this card gets +3000
    power."), to p's (other) characters, or to those in front of it (Assist, 10.3.1). Each as (the character that has it,
    the ability, its position, the rule), as `_sources` gives the printed ones."""
    out = []
    for pos, o in state.side(p).characters():
        out += [(o.uid, a, pos, "8.2.1.2") for a in o.gained if a.category == "cont" and a.scope in _HELD_SCOPES
                and (a.power or a.soul) and _active(state, p, o.uid, a)]
        if state.catalog.cont:
            out += [(o.uid, g, pos, "8.9.1") for g in given16(state, p, pos, o.uid)
                    if g.scope in _HELD_SCOPES and (g.power or g.soul)]
    return out


_HELD_SCOPES = ("self", "all", "others", "front")


def gained_whens16(state: State, p: str, pos: str, o: OnStage) -> tuple[str, ...]:
    """s16 quote: the timings of the 【AUTO】 abilities p's character `o` on `pos` has that its card does not print: given
    by an effect until it ends (8.2.1.2) or by p's continuous abilities while they apply to it (8.9.1)."""
    whens = [w for a in o.gained if a.category == "auto" for w in a.whens]
    if state.catalog.cont:
        whens += [w for src, a, where in _sources(state, p) for g in a.gives if g.category == "auto"
                  and _applies(a.scope, where, src, pos, o.uid) and _active(state, p, src, a)
                  and _has_trait(state, a, o.uid, pos) for w in g.whens]
    return tuple(dict.fromkeys(whens))


def _any_holds(state: State, p: str, uid: str, c: Cond) -> bool:
    """s18 head: conditions joined by "or": fulfilled when the conditions of any one side all hold (8.3.3)."""
    return any(all(cond_holds(state, p, uid, x) for x in group) for group in c.value.groups)  # type: ignore[attr-defined]


_CONDS["any"] = _any_holds


_LEVEL_RELS = {">": int.__gt__, "<": int.__lt__, ">=": int.__ge__, "<=": int.__le__, "==": int.__eq__}


def _level_of(state: State, p: str, uid: str, side: str) -> int | None:
    """s18 head: a level a comparison names: a player's (3.9.1), this card's (2.6), its battle opponent's (7.2.1.5.1) or the
    character facing it (3.6.5); None where there is no such character."""
    if side in ("own", "opp"):
        return level(state, p if side == "own" else other(p))
    if side == "facing":
        on = state.on_stage(uid)
        o = state.side(other(p)).at(FACING[on[1]]) if on is not None and on[1] in FACING else None
        card = o.uid if o is not None else None
    else:
        card = uid if side == "this" else battle_opponent(state, uid)
    return card_level(state, card) if card is not None else None


def _levels_compare(state: State, p: str, uid: str, c: Cond) -> bool:
    """s18 head: "if the level of this card's battle opponent is lower than your level" (8.3.3): both levels as the ability
    resolves; with no battle opponent (or no character facing this card) the condition does not hold."""
    v = c.value
    left, right = _level_of(state, p, uid, v.left), _level_of(state, p, uid, v.right)  # type: ignore[attr-defined]
    return left is not None and right is not None and _LEVEL_RELS[v.rel](left, right)  # type: ignore[attr-defined]


_CONDS["compare-levels"] = _levels_compare


# --- s20 head2 (issue 13, twentieth session): traits gained (2.5, 8.9.1.4) ---------------------------------------------
# While the gains are being found, the traits found so far (a check inside a gain's condition or selection reads these)
_TRAITS20: ContextVar[dict[str, tuple[str, ...]] | None] = ContextVar("ws_traits20", default=None)
_gives20: list[tuple[Catalog, bool]] = []
# the last few states' traits, by identity: a gain's condition may read anything of the state (the turn, the phase,
# the battle), so only the same state object is the same answer
_traits20: list[tuple[State, dict[str, tuple[str, ...]]]] = []
# gains that only add reach a fixed point within one pass per trait gained per character; a loop of gains that take
# each other away (a condition "no 《T》") would not: after this many passes the scenario is refused (the rules are silent)
_ROUNDS20 = 32


def traits_of(state: State, uid: str) -> tuple[str, ...]:
    """A card's traits now: the printed ones (2.5) and, on the stage, those continuous abilities give it (8.9.1.1-3: the
    printed information, then the effects): a trait gained is a trait every check sees. An effect that selects by
    trait depends on a trait gain (8.9.1.4, its example: "get 《Corps》" before "your 《Corps》 characters … get"), so
    the gains are found first. A gain whose own condition or selection reads traits sees the gains found so far, found
    again until nothing changes. Where gains depend on each other in a loop that never settles the rules are silent:
    after `_ROUNDS20` passes the scenario is refused, saying so, rather than the engine picking one pass."""
    printed = state.card(uid).traits
    if not _gives_traits(state):
        return printed
    so_far = _TRAITS20.get()
    if so_far is not None:
        return so_far.get(uid, printed)
    return _all_traits20(state).get(uid, printed)


def _gives_traits(state: State) -> bool:
    """Whether any ability of the scenario, printed or given, or any effect on the stage, can give a trait."""
    cat = state.catalog
    held = any(a.gains for s in (state.a, state.b) for _pos, o in s.characters() for a in o.gained)
    for c, got in _gives20:
        if c is cat:
            return got or held
    got = any(x.gains for card in cat.cards for a in card.abilities for x in abilities_within(a))
    _gives20[:] = [*_gives20[-3:], (cat, got)]
    return got or held


def _all_traits20(state: State) -> dict[str, tuple[str, ...]]:
    for seen, got in _traits20:
        if seen is state:
            return got
    cur = {o.uid: state.card(o.uid).traits for s in (state.a, state.b) for _pos, o in s.characters()}
    for _ in range(_ROUNDS20):
        token = _TRAITS20.set(cur)
        try:  # the sources too (a gain given by a continuous ability may go to 《T》 characters only)
            sources = [(p, src, a, where) for p in ("A", "B") for src, a, where in _trait_sources20(state, p)]
            new = {uid: state.card(uid).traits for uid in cur}
            for p, src, a, where in sources:
                if not _active(state, p, src, a):
                    continue
                for pos, o in state.side(p).characters():
                    if _applies(a.scope, where, src, pos, o.uid) and _has_trait(state, a, o.uid, pos):
                        new[o.uid] = new[o.uid] + tuple(t for t in a.gains if t not in new[o.uid])
        finally:
            _TRAITS20.reset(token)
        if new == cur:
            break
        cur = new
    else:  # never settles: the rules do not say which gains apply, so the engine does not choose
        raise Unsupported(f"the trait gains on the stage depend on each other and never settle ({_ROUNDS20} passes): "
                          "the rules (8.9.1.4) do not say which apply, so this scenario cannot be answered")
    _traits20[:] = [*_traits20[-3:], (state, cur)]
    return cur


def _trait_sources20(state: State, p: str) -> list[tuple[str, Ability, str]]:
    """(holder, ability, where) of every continuous trait gain on p's side: printed (`_sources`), given by an effect for
    a time (8.2.1.2, `OnStage.gained`) or by a continuous ability while it applies (8.9.1, `given16`)."""
    out = [(src, a, where) for src, a, where in _sources(state, p) if a.gains]
    for pos, o in state.side(p).characters():
        out += [(o.uid, a, pos) for a in o.gained if a.category == "cont" and a.gains]
        if state.catalog.cont:
            out += [(o.uid, g, pos) for g in given16(state, p, pos, o.uid) if g.gains]
    return out
