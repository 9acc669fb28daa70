"""Rule actions (chapter 11): reshuffle lives with drawing (terms.draw); here the crush and destroy
process (interrupt type, 11.3), illegal cards (11.4) and overloaded cards (11.5), which wait for a
check timing (11.1.2.2) and are performed simultaneously (11.1.3)."""

from __future__ import annotations

from judge_app.engine.core import Answers, EventLog, GameOver, Verdict, VerdictKind
from judge_app.engine.monster.state import Kind, Player, State, but, quoted
from judge_app.engine.monster.terms import destroy_battle


def _crushed(s: State) -> list[tuple[str, int, str]]:
    """(master, zone, card) of each battle card in the zone of its master's invading monster (11.3.2)."""
    return [(who, z, card.uid) for who in (s.player, s.opponent) for z, card in s.p(who).battle_tops()
            if z == s.p(who).zone]


def _loop_key(s: State) -> State:
    """The game state without what only grows while a crushed card's replacement keeps it in place: rage and
    lasting modifiers (neither moves a card or an invading monster, nor decides whether a destruction is
    replaced), so a round that changed nothing else will come back for ever."""
    return but(s, a=but(s.a, rage=0), b=but(s.b, rage=0), modifiers=tuple(sorted(set(s.modifiers), key=repr)))


def interrupts(s: State, log: EventLog) -> State:
    """Interrupt type rule actions, performed as soon as their condition holds (11.1.2.1): the turn
    player's first, then the non-turn player's (11.1.2.1.1). A crushed card whose destruction a
    replacement effect keeps in place still meets the condition: the process is performed again
    (10.4.3.1), and a round that comes back unchanged with no player's choice in between is an infinite
    loop neither player can stop (13.1.1.3)."""
    if all(z != pl.zone for pl in (s.a, s.b) for z, _cards in pl.field):
        return s  # no battle card shares its master's invading monster's zone
    seen: set[tuple[State, int]] = set()
    while crushed := _crushed(s):
        answers = log.answers if isinstance(log.answers, Answers) else None
        key = (_loop_key(s), len(answers.taken) if answers is not None else 0)
        if key in seen:
            names = quoted(uid for _w, _z, uid in crushed)
            log.add("loop", f"{names} would be crushed and destroyed again, and the game state has come back unchanged "
                    "(apart from rage and lasting modifiers, which cannot stop it) with no player's choice since: the "
                    "crush and destroy process repeats without end and neither player can stop it. The game ends "
                    "in a draw.", ("13.1.1", "13.1.1.3", "11.1.2.1", "11.3.2"), subject=crushed[0][2])
            raise GameOver(Verdict(VerdictKind.DRAW, None, "an infinite loop neither player can stop (13.1.1.3)"), s)
        seen.add(key)
        for who, z, uid in crushed:
            log.add("crush", f"\"{uid}\" is in {who}'s zone {z}, the zone of their invading monster: "
                    "the crush and destroy process destroys it.", ("11.3.1", "11.3.2", "11.3.3", "11.1.2.1"),
                    subject=uid)
            s = destroy_battle(s, log, who, uid, ())
    return s


# The two players last found settled. Their conditions read nothing but the players (zone, field, strategy),
# and players are immutable: a check timing whose players are these very objects has nothing to check again
# (a phase runs several check timings in a row, most with no card moved since the last). The objects are
# kept, so `is` never matches a new player at a reused address; one tuple, replaced whole (thread-safe).
_LAST_SETTLED: tuple[object, object] = (None, None)


def _settled(s: State) -> bool:
    """No rule action's condition holds (the usual case: checked first, cheaply)."""
    global _LAST_SETTLED
    a, b = s.a, s.b
    last = _LAST_SETTLED
    if last[0] is a and last[1] is b:
        return True
    if _unsettled(a) or _unsettled(b):
        return False
    _LAST_SETTLED = (a, b)
    return True


def _unsettled(pl: Player) -> bool:
    """A rule action's condition holds for this player's cards."""
    battle, strategy = Kind.BATTLE, Kind.STRATEGY
    taken = {pl.zone}  # a battle card there is crushed (11.3); two in one zone overload it (11.5)
    for z, cards in pl.field:
        if z in taken or cards[-1].kind is not battle:
            return True
        taken.add(z)
    return any(c.kind is not strategy for c, _t in pl.strategy) if pl.strategy else False


def check_rule_actions(s: State, log: EventLog) -> State:
    """The rule actions a check timing performs (10.4.3.1), all at once (11.1.3)."""
    if _settled(s):
        return s
    s = interrupts(s, log)
    for who in (s.player, s.opponent):
        pl = s.p(who)
        # 11.4.1: strategy or monster cards alone in a zone, non-strategy cards in a strategy zone
        bad_field = [(i, cards) for i, (_z, cards) in enumerate(pl.field) if cards[-1].kind is not Kind.BATTLE]
        bad_strat = [c for c, _t in pl.strategy if c.kind is not Kind.STRATEGY]
        if bad_field or bad_strat:
            names = [c.uid for _i, cs in bad_field for c in cs] + [c.uid for c in bad_strat]
            keep_field = tuple(e for i, e in enumerate(pl.field) if i not in {j for j, _ in bad_field})
            pl = but(pl, field=keep_field, strategy=tuple(x for x in pl.strategy if x[0].kind is Kind.STRATEGY),
                         discard=pl.discard + tuple(c for _i, cs in bad_field for c in cs) + tuple(bad_strat))
            s = s.with_p(who, pl)
            log.add("illegal", f"Illegal cards: {quoted(names)} cannot stay where they are and "
                    f"go to {who}'s discard pile.", ("11.4.1", "10.4.1.1", "10.4.3.1"))
        # 11.5.1: several battle cards in one zone: the one placed last stays, the others are destroyed
        zones = [z for z, _c in pl.field]
        for z in sorted({z for z in zones if zones.count(z) > 1}):
            stacks = [cards for zz, cards in s.p(who).field if zz == z]
            keep = stacks[-1][-1].uid
            log.add("overload", f"{who}'s zone {z} holds {len(stacks)} battle cards: \"{keep}\", placed last, stays; "
                    "the others are destroyed.", ("11.5.1", "10.4.1.1", "10.4.3.1"), subject=keep)
            for cards in stacks[:-1]:
                s = destroy_battle(s, log, who, cards[-1].uid, ("11.5.1",), duplicate=True)
    return s
