"""Chapter 11: the keyword effects that trigger and resolve.

Constant keywords are read where the rules look at them: 【Confront】 at the block declaration and
【Astral】 when a block is declared (rules.py), 【Armor】 when targets are selected and 【A.T. Field】
when a destruction is confirmed (resolve.py / rules.destroy_all), 【Curse】 in battle resolution,
【Awaken】, 【Swift】 and 【Ascend】 with the actions that use them. The triggered ones activate in
resolve.collect (only the largest 【Crush】/【Gale】/【Raid】, one 【Blessed】/【Curse】) and resolve here.
"""

from __future__ import annotations

from judge_app.engine.bss import rules as R
from judge_app.engine.bss.resolve import (
    Ev,
    by_assumption,
    choose_cards,
    ctx,
    emit,
    find_field,
    may,
    mill,
    q,
    set_orientation,
    summon_token,
    unaffected,
    view_or_lki,
)
from judge_app.engine.bss.state import Activation, CardType, State, other
from judge_app.engine.bss.view import views
from judge_app.engine.bss.vocab import Feast, Keyword
from judge_app.engine.core import Answer, Choice, EventLog, NeedsChoice
from judge_app.engine.core.evolve import evolve


def resolve(state: State, log: EventLog, act: Activation) -> State:
    kw = act.effect.keyword
    assert kw is not None  # a keyword activation carries its keyword
    fn = {"Crush": _crush, "Raid": _raid, "Gale": _gale, "Blessed": _blessed, "Luster": _luster, "Link": _link,
          "Immortal": _immortal, "Agile": _agile}[kw.name]
    return fn(state, log, act, kw)


def _count(state: State, log: EventLog, uid: str, name: str) -> int:
    v = view_or_lki(state, log, uid)
    return len(v.all_kw(name)) if v is not None else 1


def _crush(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-11: discard from the top of the opponent's deck the spirit's level plus the modifier."""
    v = view_or_lki(state, log, act.source)
    level = v.level if v is not None else 0
    n = level + kw.number
    many = _count(state, log, act.source, "Crush") > 1
    rules = ("11-11-1", "11-11-2") + (("11-11-3",) if not kw.arg else ()) + (("11-11-4",) if many else ())
    if find_field(state, act.source) is None:
        rules += ("8-10-1",)
    log.add("resolve", f'{kw.text()} of {q(act.source)} resolves: LV{level} {kw.number:+d} = {max(n, 0)} card'
                       f'{"s" * (n != 1)} from the top of {other(act.controller)}\'s deck'
                       + (" (only the largest 【Crush】 activates)" if many else "") + ".", rules, subject=act.source)
    if n <= 0:
        log.add("nothing", "Discarding zero cards is not performed.", ("1-3-2-3",))
        return state
    return mill(state, log, other(act.controller), n, f"{kw.text()} of {q(act.source)}")


def _raid(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-12: the owner may exhaust one of their nexuses to refresh the attacking spirit, N times a turn."""
    who, uid = act.controller, act.source
    used = dict(state.raid_used).get(uid, 0)
    many = _count(state, log, uid, "Raid") > 1
    rules = ("11-12-1", "11-12-2") + (("11-12-3",) if many else ())
    log.add("resolve", f'{kw.text()} of {q(uid)} resolves (used {used} of {kw.number} time{"s" * (kw.number != 1)} '
                       "this turn).", rules, subject=uid)
    if find_field(state, uid) is None:
        log.add("nothing", f"{q(uid)} has left the field: nothing to refresh.", ("1-3-2",))
        return state
    nexuses = [c.uid for c in state.p(who).field if c.type is CardType.NEXUS and not c.exhausted]
    if not nexuses:
        log.add("nothing", f"{who} has no refreshed nexus to exhaust, so 【Raid】 cannot refresh {q(uid)}.",
                ("11-12-1", "8-4-2-3"))
        return state
    vals = may(state, log, who, f'【Raid】: does {who} exhaust one of their nexuses to refresh {q(uid)}, and which?',
               "11-12-1", ("raid", uid), options=tuple(nexuses) + ("no",))
    if vals[0] == "no":
        log.add("decline", f"{who} does not use 【Raid】{by_assumption(log)}.", ("11-12-1", "8-1-8"), subject=uid)
        return state
    nexus = vals[0]
    log.add("accept", f"{who} uses 【Raid】 of {q(uid)}: they exhaust {q(nexus)} to refresh it.", ("11-12-1", "8-1-8"),
            subject=uid)
    state = set_orientation(state, log, (nexus,), exhausted=True, why=f"【Raid】 of {q(uid)}", by=who)
    counts = dict(state.raid_used)
    counts[uid] = used + 1
    state = evolve(state, raid_used=tuple(sorted(counts.items())))
    return set_orientation(state, log, (uid,), exhausted=False, why=f"【Raid】 (exhausting {q(nexus)})", by=who)


def _gale(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-10: the blocking player exhausts the specified number of their refreshed spirits."""
    blocker_p = other(act.controller)
    n = kw.number
    many = _count(state, log, act.source, "Gale") > 1
    ready = [c.uid for c in state.p(blocker_p).field if c.type is CardType.SPIRIT and not c.exhausted]
    log.add("resolve", f'{kw.text()} of {q(act.source)} resolves: {blocker_p} exhausts {n} refreshed spirit'
                       f'{"s" * (n != 1)} they control' + (" (only the largest 【Gale】 activates)" if many else "")
                       + ".", ("11-10-1", "11-10-2") + (("11-10-3",) if many else ()), subject=act.source)
    shielded = unaffected(state, log, act, ready)  # an effect of the attacker's spirit: 1-3-3
    ready = [u for u in ready if u not in shielded]
    if not ready:
        log.add("nothing", f"{blocker_p} has no refreshed spirit to exhaust.", ("8-5-3-4", "1-3-2"))
        return state
    if len(ready) <= n:
        chosen = tuple(ready)
        if len(ready) < n:
            log.add("targets", f"Only {len(ready)} can be chosen: all of them.", ("8-5-3-1", "8-5-3-3"),
                    facts=(("eligible", tuple(ready)),))
    else:
        chosen = choose_cards(state, log, blocker_p, f"【Gale: {n}】: which {n} refreshed spirit{'s' * (n != 1)} does "
                                                     f"{blocker_p} exhaust?", ready, n, False, "11-10-1")
        log.add("targets", f"{blocker_p} chooses {', '.join(q(u) for u in chosen)}.", ("11-10-1", "8-5-3-1"),
                facts=(("eligible", tuple(ready)), ("chosen", chosen)))
    return set_orientation(state, log, chosen, exhausted=True, why=f"【Gale】 of {q(act.source)}",
                           by=act.controller)


def _blessed(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-7: one core from the void into its controller's life; one 【Blessed】 per spirit activates."""
    who = act.controller
    many = _count(state, log, act.source, "Blessed") > 1
    pl = state.p(who)
    state = state.with_p(who, evolve(pl, life=pl.life + 1))
    log.add("blessed", f'【Blessed】 of {q(act.source)} resolves: 1 core from the void goes into {who}\'s life '
                       f'({pl.life} → {pl.life + 1})' + (f" (it has {_count(state, log, act.source, 'Blessed')} 【Blessed】 "
                                                           "effects; only one activates)" if many else "") + ".",
            ("11-7-1",) + (("11-7-2",) if many else ()), subject=act.source, facts=(("void", 1),))
    return state


def _luster(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-6: the magic cards its owner used during that battle return from the trash to the hand."""
    who = act.controller
    b = state.battle
    used = b.magic if b is not None else ()
    pl = state.p(who)
    back = [c for c in pl.trash if c.uid in used]
    missing = [u for u in used if u not in {c.uid for c in back} and (loc := state.locate(u)) is not None and loc[0] == who]
    log.add("resolve", f'【Luster】 of {q(act.source)} resolves at the end of the battle.', ("11-6-1",), subject=act.source)
    if not back:
        log.add("nothing", f"{who} used no magic card during the battle that is still in the trash.", ("11-6-1", "11-6-2"))
        return state
    pl = evolve(pl, trash=tuple(c for c in pl.trash if c not in back), hand=pl.hand + tuple(back))
    log.add("return", f"{', '.join(q(c.uid) for c in back)} return{'s' * (len(back) == 1)} from {who}'s trash to their "
                      "hand" + (f" ({', '.join(q(u) for u in missing)} left the trash and stays where it is)" if missing
                                else "") + ".", ("11-6-1",) + (("11-6-2",) if missing else ()))
    return state.with_p(who, pl)


def _link(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-18: exhaust the spirit with 【Link】 to link it to the attacking spirit during that battle."""
    who, linker = act.controller, act.source
    target = act.that[0] if act.that else None
    b = state.battle
    log.add("resolve", f'{kw.text()} of {q(linker)} resolves for the attack of {q(target)}.', ("11-18-1", "11-18-2"),
            subject=linker)
    if b is None or b.attacker != target or find_field(state, target) is None:
        log.add("nothing", f"{q(target)} is no longer attacking: no link.", ("11-18-4",))
        return state
    if any(linked == target for _, linked in b.links):
        log.add("nothing", f"{q(target)} is already linked, so {q(linker)} cannot link to it.", ("11-18-3",))
        return state
    loc = find_field(state, linker)
    if loc is None or loc[1].exhausted:
        log.add("nothing", f"{q(linker)} is not a refreshed spirit on the field, so it cannot be exhausted to link.",
                ("11-18-1", "8-4-2-3"))
        return state
    vals = may(state, log, who, f'【Link】: does {who} exhaust {q(linker)} to link it to {q(target)}?', "11-18-1",
               ("link", linker, target), options=("yes", "no", linker))
    if vals[0] == "no":
        log.add("decline", f"{who} does not link {q(linker)}{by_assumption(log)}.", ("11-18-1", "8-1-8"), subject=linker)
        return state
    state = set_orientation(state, log, (linker,), exhausted=True, why=f"【Link】 of {q(linker)}", by=who)
    b = state.battle
    assert b is not None
    state = evolve(state, battle=evolve(b, links=b.links + ((linker, target),)))
    v = views(state)[target]
    log.add("link", f'{q(linker)} is linked to {q(target)}: while linked {q(target)} gains its BP and symbols '
                    f'({v.bp} BP, {len(v.symbols)} symbol{"s" * (len(v.symbols) != 1)}).', ("11-18-1",), subject=target)
    # s11 bss: "When this spirit is linked" (8-1-5-1): the attacking spirit a spirit with 【Link】 was just linked to
    # s20 bss: "(When This Spirit Links)": the spirit with 【Link】 that has just linked, in the same moment (8-1-5-1)
    return emit(state, log, [Ev("linked", (target,), state.player), Ev("links", (linker,), state.player)])


def _summon_answer(state: State, log: EventLog, who: str, question: str, rule: str):
    """yes/no with an optional payment: `A chooses paying 2 from reserve, placing 1 from reserve` or `no`."""
    answers = log.answers
    choice = Choice(who, question, ("paying … , placing …", "no"), rule, log.line)

    def valid(a: Answer) -> str | None:
        if a.extra is not None:
            return None
        if len(a.values) == 1 and a.values[0].lower() in ("yes", "no"):
            return None
        return "answer `no`, or `paying … , placing …`"
    if answers is not None:
        a = answers.take(choice, valid)
        if a is not None:
            ctx(log).optional.append((who, ("summon", question), a.values))
            if isinstance(a.extra, tuple):  # (paying, placing)
                return True, a.extra[0], a.extra[1]
            return a.values[0].lower() == "yes", None, None
        if answers.decline_optional:
            answers.taken.append((choice, None))
            return False, None, None
    raise NeedsChoice(choice)


def _effect_summon(state: State, log: EventLog, who: str, uid: str, area: str, pay, place, why: str) -> State:
    pl = state.p(who)
    card = next((c for c in getattr(pl, area) if c.uid == uid), None)
    if card is None:
        log.add("nothing", f"{q(uid)} is no longer in {who}'s {area}.", ("1-3-2",))
        return state
    state = R.pay_cost(state, log, who, card, pay, "10-6", "summoning")
    state = R.put_on_field(state, log, who, card, area, place, "10-6")
    changed = frozenset(s.place for s in (pay or ()) + (place or ()) if s.place != "reserve")
    state = R.manage(state, log, self_by=who, changed=changed)
    if find_field(state, uid) is not None:
        from judge_app.engine.bss.resolve import Ev
        state = emit(state, log, [Ev("summoned", (uid,), who)])
    return state


def _immortal(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-4: summon the spirit from the trash (paying its cost) when another of the player's spirits that
    fulfils the condition is destroyed."""
    who, uid = act.controller, act.source
    log.add("resolve", f'{kw.text()} of {q(uid)} (in the trash) resolves: {", ".join(q(x) for x in act.that)} was '
                       "destroyed.", ("11-4-1", "11-4-2"), subject=uid)
    if not any(c.uid == uid for c in state.p(who).trash):
        log.add("nothing", f"{q(uid)} is no longer in the trash.", ("1-3-2",))
        return state
    yes, pay, place = _summon_answer(state, log, who, f'【Immortal】: does {who} summon {q(uid)} from the trash, and '
                                                      "with which cores?", "11-4-1")
    if not yes:
        log.add("decline", f"{who} does not summon {q(uid)} with 【Immortal】{by_assumption(log)}.", ("11-4-1", "8-1-8"), subject=uid)
        return state
    return _effect_summon(state, log, who, uid, "trash", pay, place, f"【Immortal】 of {q(uid)}")


def _agile(state: State, log: EventLog, act: Activation, kw: Keyword) -> State:
    """11-16: at the end of a battle of a cheaper spirit of yours, return it to the hand, then summon the
    【Agile】 card from the hand, paying its cost as usual."""
    who, uid = act.controller, act.source
    spirit = act.that[0] if act.that else None
    log.add("resolve", f'{kw.text()} of {q(uid)} (in the hand) resolves for the battle of {q(spirit)}.', ("11-16-1",),
            subject=uid)
    if spirit is None or find_field(state, spirit) is None or not any(c.uid == uid for c in state.p(who).hand):
        log.add("nothing", "The spirit or the 【Agile】 card has moved: nothing happens.", ("1-3-2",))
        return state
    yes, pay, place = _summon_answer(state, log, who, f'【Agile】: does {who} return {q(spirit)} to the hand and summon '
                                                      f"{q(uid)}, and with which cores?", "11-16-1")
    if not yes:
        log.add("decline", f"{who} does not use 【Agile】{by_assumption(log)}.", ("11-16-1", "8-1-8"), subject=uid)
        return state
    state = R.leave_field(state, log, spirit, "hand", f"【Agile】 of {q(uid)}")
    return _effect_summon(state, log, who, uid, "hand", pay, place, f"【Agile】 of {q(uid)}")


def feast(state: State, log: EventLog, act: Activation, d: Feast) -> State:
    """11-17: summon a Small Supsprite Token, or grow one Small into a Medium or one Medium into a Large."""
    who = act.controller
    specs = {s.name.split()[0].lower(): s for s in d.specs}
    if not {"small", "medium", "large"} <= set(specs):
        from judge_app.engine.core import Unsupported
        # s17 bss, 4-12-2: "Activate Feast" as card databases print it: the card line gives the three tokens'
        # information (dialect._with_tokens); without it the engine asks for it rather than invent it
        raise Unsupported("【Feast】 summons Supsprite Tokens, and the scenario does not give their card information (4-12-2: "
                          "the effect that creates a token gives it; card databases print it apart from the card's text)",
                          subject=act.source,
                          hint='add the three sizes to the card line: token "Small Supsprite Token (Token spirit/Green/0 '
                               'Cost/LV1①/BP1000/1 Green Symbol)", and the Medium and Large Supsprite Tokens, or write '
                               '【Feast】 (Small Supsprite Token: Token spirit/…; Medium …; Large …)')
    mine = [(c.uid, size) for c in state.p(who).field if c.token
            for size in ("small", "medium") if c.name == specs[size].name]
    log.add("resolve", f"【Feast】 of {q(act.source)} resolves.", ("11-17-1",), subject=act.source)
    if not mine:
        state, _ = summon_token(state, log, who, specs["small"], False, "【Feast】")
        return state
    if len(mine) == 1:
        grow, size = mine[0]
    else:
        pick = choose_cards(state, log, who, "【Feast】: which Supsprite Token does " + who + " grow?",
                            [u for u, _ in mine], 1, False, "11-17-1")
        grow, size = next(x for x in mine if x[0] == pick[0])
    c = state.p(who).find(grow)
    pl = state.p(who)
    soul = pl.soul == grow
    assert c is not None
    pl = evolve(pl, reserve=pl.reserve + c.cores, soul="reserve" if soul else pl.soul,
                 field=tuple(evolve(x, cores=0) if x.uid == grow else x for x in pl.field))
    state = state.with_p(who, pl)
    log.add("cost", f"【Feast】: {who} puts the {c.cores} core{'s' * (c.cores != 1)} of {q(grow)} into the reserve as "
                    "the effect's cost.", ("11-17-1", "8-4-2"), subject=grow)
    state = R.manage(state, log, self_by=who, changed=frozenset({grow}))
    state, _ = summon_token(state, log, who, specs["medium" if size == "small" else "large"], False, "【Feast】")
    return state


__all__ = ["feast", "resolve"]
