"""What the ws effect executors share: enum members looked up once, orientation (`set_orient`), power/soul/level
gains and their durations (`pump`, 8.2.1.2), selections and the stage positions a card may be put on."""

from __future__ import annotations

from judge_app.engine.core import EventLog
from judge_app.engine.ws import conditions, view
from judge_app.engine.ws.effects import (
    ABOVE_OPP_LEVEL,
    USED_KEYWORDS16B,
    Ability,
    Cond,
    Cost,
    Select,
    has_trait,
)
from judge_app.engine.ws.state import (
    BACK,
    CENTER,
    GAME_LONG,
    POSITIONS,
    Kind,
    Orient,
    State,
    Trigger,
    other,
    replace,
)

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_KIND_CHARACTER = Kind.CHARACTER
_IN_MEMORY = Cond("this-in", "memory")  # s11-wshead: a Memory ability's own condition (10.9.1)
_KIND_CLIMAX = Kind.CLIMAX
_ORIENT_REST = Orient.REST
_ORIENT_REVERSE = Orient.REVERSE
_ORIENT_STAND = Orient.STAND
_TRIGGER_COMEBACK = Trigger.COMEBACK
_TRIGGER_DRAW = Trigger.DRAW
_TRIGGER_GATE = Trigger.GATE
_TRIGGER_POOL = Trigger.POOL
_TRIGGER_RETURN = Trigger.RETURN
_TRIGGER_SHOT = Trigger.SHOT
_TRIGGER_SOUL = Trigger.SOUL
_TRIGGER_STANDBY = Trigger.STANDBY
_TRIGGER_TREASURE = Trigger.TREASURE
_TRIGGER_CHOICE = Trigger.CHOICE

ENCORE_DEFAULT = Ability("auto", "encore", "to-waiting", cost=Cost(stock=3), optional=True, text="Encore [③]")


def set_orient(state: State, uid: str, orient: Orient) -> State:
    on = state.on_stage(uid)
    if not on:
        return state
    p, pos, o = on
    s = state.side(p)
    here = tuple(replace(x, orient=orient) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    return state.with_side(p, s.with_pos(pos, here))


def pump(state: State, uid: str, power: int, soul: int, last: int = 0, ability: Ability | None = None,
         levels: int = 0) -> State:
    """+power/+soul (and an ability, `Grant`) until end of turn on a character, or to the end of turn `last`
    (`OnStage.lasting`); lost when it leaves the stage (3.1.4)."""
    on = state.on_stage(uid)
    if not on:
        return state
    p, pos, o = on
    s = state.side(p)
    lasting = o.lasting + ((last, power, soul, ability, levels),) if last else o.lasting
    gained = o.gained + (ability,) if ability is not None else o.gained
    here = tuple(replace(x, power=x.power + power, soul=x.soul + soul, levels=x.levels + levels, gained=gained,
                         lasting=lasting) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    return state.with_side(p, s.with_pos(pos, here))


def _last(state: State, p: str, until: str) -> int:
    """The turn at whose end a gain of `p`'s effect ends: 0 for "until end of turn" (6.8.1.4); "until the end of your
    opponent's next turn": the next turn whose turn player is `p`'s opponent (turns alternate, 6.8.1.5), the next
    one during `p`'s turn, the one after during the opponent's own turn (the rules do not define the words: the
    engine reads "next" as after this one)."""
    if not until:
        return 0
    if until == "game":  # s16 body: no duration written (8.2.1.2: "during this game")
        return GAME_LONG
    return state.turn + (1 if state.player == p else 2)


def _until_text(state: State, p: str, until: str) -> str:
    if until == "game":  # s16 body
        return ("for the rest of the game (no duration is written: 8.2.1.2 makes it last during this game; it ends if the "
                "character leaves the stage, 3.1.4)")
    last = _last(state, p, until)
    return f"until the end of {other(p)}'s next turn (turn {last})" if last else "until end of turn"


# --- one-shot effects (8.8) ----------------------------------------------------------------------

def _gain_text(power: int, soul: int, levels: int = 0) -> str:
    return " and ".join(x for x in (f"{levels:+} level" if levels else "", f"{power:+} power" if power else "",
                                    f"{soul:+} soul" if soul else "") if x)


def _still_on_stage(state: State, log: EventLog, source: str) -> bool:
    """Whether the ability's card is still on the stage to get what "this card gets" gives (else it gets nothing)."""
    if state.on_stage(source):
        return True
    log.add("nothing", f"{source!r} is no longer on the stage: it gets nothing.", ("8.11.1", "1.3.3"))
    return False


_OWN_USED = tuple(f"own-used-{k}" for k in sorted(USED_KEYWORDS16B))


# one selection matcher for effects and conditions (conditions.selects: kind, trait, name, level bound, alternatives)
_selects = conditions.selects


# --- s8-wsrealb: names and traits in selections, conditions and timings ---------------------------------------------

def _name_rules(sel: Select) -> tuple[str, ...]:
    """2.1.2 when a selection names a card name (itself or one of its alternatives: ""A" or 《T》 character")."""
    return ("2.1.2",) if sel.name or any(a.name for a in sel.alts) else ()


def _within(state: State, uid: str, bound: Select) -> bool:
    """A character within "level N or lower/higher" (its level now, 2.6 and the effects that change it) and "cost N or
    lower/higher" (its printed cost, 2.7)."""
    if bound.level == ABOVE_OPP_LEVEL:  # "with level higher than your opponent's level": its owner's level (3.9.1)
        on = state.on_stage(uid)
        return on is not None and view.card_level(state, uid) > len(state.side(on[0]).level)
    if bound.trait and not has_trait(bound.trait, view.traits_of(state, uid)):  # s13 bodies: "level 0 or lower 《T》 characters"
        return False
    return conditions.bound_fits(view.card_level(state, uid), bound.level) \
        and conditions.bound_fits(state.card(uid).cost, bound.cost)


def _bound_rules(bound: Select | None) -> tuple[str, ...]:
    if bound is None:
        return ()
    return (("2.5.3",) if bound.trait else ()) + (("2.6",) if bound.level else ()) \
        + (("3.9.1",) if bound.level == ABOVE_OPP_LEVEL else ()) + (("2.7",) if bound.cost else ())  # s13: the trait


# --- s9-wsrealb: a card chosen in the waiting room or the clock put on the stage ------------------------------------------

def _stage_spots(state: State, p: str, to: str) -> tuple[str, ...]:
    """The stage positions a card put "on any position of your stage" may go to (every position: a character already there
    goes to the waiting room by the rule action 9.6.1), or "an open position" (the empty ones, 3.6.2); s16: only those of
    one area ("stage@back": "any position of your back stage", 3.6.3) or the one position named ("stage@CL": "the left
    position of your center stage"). `to` is the effect's destination (Salvage.to, Search.to, RevealedTo.zone)."""
    s = state.side(p)
    how, _, spot = to.partition("@")
    spots = _SPOT_AREAS.get(spot, (spot,)) if spot else POSITIONS
    return spots if how == "stage" else tuple(pos for pos in spots if s.at(pos) is None)


_SPOT_AREAS = {"center": CENTER, "back": BACK}  # s16 body: the areas of the stage (3.6.3)


def _spot_words(to: str) -> str:
    """s16 body: the stage positions a destination names, in words ("position of the back stage", "CL")."""
    spot = to.partition("@")[2]
    return f"position of the {spot} stage" if spot in _SPOT_AREAS else spot or "stage position"


# --- s10 bodies: your own characters by a general selection; cards put underneath this card as markers ---------------
_OWN_ZONE = {"hand": ("hand", "3.3.1"), "stock": ("stock", "3.10.1"), "waiting_room": ("waiting", "3.4.1"),
             "memory": ("memory", "3.12.1"), "clock": ("clock", "3.8.1")}
