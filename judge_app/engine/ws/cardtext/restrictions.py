"""Reading bans: 'cannot …', 'cannot be chosen', play and encore bans: the Transformer's mixin `_Restrictions`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _NUMBERS,
    SELF_BANS,
    SIDE_SOUL_KEPT20,
    _num,
    _one_dot,
    _opt,
    _refuse,
    _Rules,
    _tokens,
    _until,
    _Word,
)
from judge_app.engine.ws.cardtext.forms import _play_ban_then14b
from judge_app.engine.ws.cardtext.parts import _ban_until17, _Both, _dur_apart
from judge_app.engine.ws.effects import (
    Ability,
    Cond,
    Cost,
    EncoreBan15b,
    Grant,
    LastingBan,
    NoStand,
    Select,
)

# s18 head: the words a restriction given for a time is shown with (as "【CONT】 This card cannot …", `_ban_for`)
_BAN_WORDS = {"unchoosable": "be chosen by your opponent's effects", "no-side-attack": "side attack",
              "no-frontal-attack": "frontal attack", "no-move": "move to another position of the stage",
              "no-reverse": "become 【REVERSE】", "no-attack": "attack"}


def _ban_for(who: str, parts: tuple) -> Grant:
    """s18 head: a character's own restriction for a time: the character gets it as a 【CONT】 ability it holds until the
    duration ends (8.2.1.2; as "… gets the following ability. "【CONT】 This card cannot side attack.""), `Grant`."""
    ban = next(str(p) for p in parts if isinstance(p, str) and p in SELF_BANS)
    if ban == SIDE_SOUL_KEPT20:  # s20 head
        return Grant(who, Ability("cont", restrict=ban, text="【CONT】 This card's soul does not decrease by side attacking."),
                     until=_until(tuple(_tokens(parts, "NEXT_TURN"))))
    if ban not in _BAN_WORDS:
        raise _refuse(0, "a restriction for a time on attacking, moving, being chosen or becoming 【REVERSE】")
    ability = Ability("cont", restrict=ban, text=f"【CONT】 This card cannot {_BAN_WORDS[ban]}.")
    return Grant(who, ability, until=_until(tuple(_tokens(parts, "NEXT_TURN"))))


class _Restrictions(_Rules):
    """The Transformer's methods for bans: 'cannot …', 'cannot be chosen', play and encore bans.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def stand_ban(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("stand-ban", conds)

    def play_ban(self, conds: tuple, *parts: object) -> tuple:
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("play-ban", conds)

    def self_ban(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("self-ban", conds, next(str(p) for p in parts if isinstance(p, str) and p in SELF_BANS))

    def backup_ban(self, *parts: object) -> tuple:
        # "your opponent / all players cannot play "Backup" from hand": Backup (10.5.1) is not among the counter step's
        # options of the players named while the conditions hold (1.3.4; `attack.counter_options`)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        name = _tokens(parts, "QNAME")[0]
        if str(name).strip('"').lower() != "backup":
            raise _refuse(name, "a player restriction is read for \"Backup\" (10.5.1)")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        who = next(p for p in parts if p in ("opp", "all"))
        return ("self-ban", conds, f"backup:{who}")

    def facing_ban15(self, *parts: object) -> tuple:
        # "The character facing this card cannot move to another position of the stage" (3.6.5, 6.5.1.2.4)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        ban = next(p for p in parts if isinstance(p, _Word) and p in SELF_BANS)
        if ban != "no-move":
            raise _refuse(ban.at, "the character facing this card is read restricted from moving only ('cannot move to "
                          "another position of the stage', 6.5.1.2.4)")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("facing-ban15", conds, str(ban))

    def damage_ban15(self, *parts: object) -> tuple:
        # "you cannot take (N or less) damage from your opponent character's 【AUTO】 effects": the ability's master (1.3.4,
        # 4.10; `zones.deal_damage` through `view.damage_banned`)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        upto = next((p for p in parts if isinstance(p, int) and not isinstance(p, bool)), 0)
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("self-ban", conds, f"auto-damage{upto or ''}:self")

    def lasting_ban15(self, *parts: object) -> LastingBan:
        # "until end of turn, your opponent / all players cannot play event cards (and "Backup") from hand" (8.2.1.2)
        names = _tokens(parts, "QNAME")
        if names and str(names[0]).strip('"').lower() != "backup":
            raise _refuse(names[0], "a player restriction is read for event cards and \"Backup\" (10.5.1)")
        who = next(p for p in parts if p in ("opp", "all"))
        return LastingBan(who, "backup+event" if names else "event", _ban_until17(parts, str(who)))

    def no_stand_opp16(self, *parts: object) -> NoStand:
        # "choose [up to] N of your opponent's [level 0 or lower] characters. Those characters cannot 【STAND】 …"
        up_to = "up to" in parts
        n = _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a", "2", "two", "3", "three"), "choose … of your opponent's "
                 "characters")
        if n > 1 and not up_to:
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "'choose N of your opponent's characters' is read with 'up to'")
        return NoStand("choose-opp", n, up_to, _opt(parts, Select))

    def no_stand_self16(self) -> NoStand:
        return NoStand("self")

    def no_stand_area22(self, n: Token, *parts: object) -> NoStand:
        # s22-ws2: one character of the opponent's on an area of their stage and/or above their level (3.6.3, 2.6)
        _num(n, ("1", "one", "a"), "choose … character on your opponent's stage")
        kind = next((p for p in parts if isinstance(p, _Word) and p not in ("center", "back")), None)
        if kind is not None and kind != "character":
            raise _refuse(kind.at, "a character is kept from standing (6.2.1.2)")
        area = next((str(p) for p in parts if isinstance(p, _Word) and p in ("center", "back")), "")
        return NoStand("choose-opp", 1, False, _opt(parts, Select), area)

    def play_ban_then14b(self, conds: tuple, *parts: object) -> tuple:
        # an event's restriction on being played, then its effect: the conditions are the restriction's (2.12.2, 8.3.3)
        sentences = next(p for p in parts if isinstance(p, tuple) and p[:1] == ("sentences",))
        return ("play-ban-then", conds, sentences)

    @v_args(inline=True, meta=True)
    def counter_ban14b(self, meta: Meta, form: tuple) -> Callable[..., Ability]:
        # the counter icon (2.8.2) on such an event: its card gets the icon (`Ability.keyword` "counter", dialect.py)
        at = getattr(meta, "start_pos", 0)

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(at, "the counter icon heads an event's text, or a Backup (10.5)")
            return _play_ban_then14b(text, "", "counter", Cost(), form, at)
        return make

    def encore_ban15b(self, *parts: object) -> EncoreBan15b:
        # "you / your opponent cannot use "【AUTO】 Encore" until end of turn" (8.2.1.2, 1.3.4; 10.2): only Encore is read
        name = _tokens(parts, "QNAME")[0]
        if " ".join(str(name).strip('"').split()).lower() != "auto encore":
            raise _refuse(name, '"【AUTO】 Encore" (10.2)')
        who = next(p for p in parts if p in ("self", "opp", "all"))
        return EncoreBan15b(str(who), _ban_until17(parts, str(who)))

    def event_ban(self, *parts: object) -> tuple:
        # "your opponent / you / all players cannot play event cards (and "Backup") from hand": events (and Backup) are
        # not among the plays of the players named while the conditions hold (1.3.4; `view.play_bans`)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        names = _tokens(parts, "QNAME")
        if names and str(names[0]).strip('"').lower() != "backup":
            raise _refuse(names[0], "a player restriction is read for event cards and \"Backup\" (10.5.1)")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        who = next(p for p in parts if p in ("opp", "all", "self"))
        return ("self-ban", conds, f"{'backup+event' if names else 'event'}:{who}")

    # --- s18 head: a player restriction on "Backup" alone or with events, one duration with a gain (block "# s18 head")
    def lasting_ban_backup(self, *parts: object) -> LastingBan:
        # "your opponent cannot play "Backup" (or event cards) from hand until end of turn" (8.2.1.2; 10.5.1)
        name = _tokens(parts, "QNAME")[0]
        if str(name).strip('"').lower() != "backup":
            raise _refuse(name, "a player restriction is read for event cards and \"Backup\" (10.5.1)")
        who = next(p for p in parts if p in ("opp", "all"))
        return LastingBan(str(who), "backup+event" if "event" in parts else "backup", _ban_until17(parts, str(who)))

    def ban_events(self, *_parts: object) -> str:
        return "event"  # "… or event cards": events too (2.3.2)

    def pump_ban(self, *parts: object) -> _Both:
        # "until end of turn, this card gets +4000 power and your opponent cannot play event cards from hand": the duration
        # written first is both effects' (8.2.1.2)
        ban = parts[-1]
        rest, dur = _dur_apart(tuple(p for p in parts[:-1] if not (isinstance(p, Token) and p.type == "AND_BAN")))
        pump = self.pump(rest[0], rest[1], *rest[2:], *dur)  # _StageActions' (the same Transformer)
        if not isinstance(ban, LastingBan | EncoreBan15b):  # pragma: no cover - the grammar's restrictions
            raise _refuse(0, "a player restriction")
        return _Both((pump, replace(ban, until="opp-next" if dur else "turn")))

    # --- s18 head: a character's own restriction for a time, without "the following ability" (block "# s18 head")
    def ban_choose_opp(self, n: Token, *parts: object) -> Grant:
        # "choose 1 of your opponent's characters, and that character cannot side attack until end of turn" (8.2.1.2)
        _num(n, ("1", "one", "a"), "choose")
        return _ban_for("choose-opp", parts)

    def ban_self_for(self, *parts: object) -> Grant:
        return _ban_for("self", parts)  # "this card cannot … until end of turn" (8.2.1.2)

    # --- s20 head (grammar block "# s20 head") ---
    def self_ban_soul20(self, *parts: object) -> tuple:
        # "this card's soul does not decrease by side attacking": the side attack's soul change (7.2.1.4.2) does not apply
        # to it while the conditions hold (1.3.4; `attack.declare` asks `view.banned` for "side-soul-kept")
        return self.self_ban(*parts, SIDE_SOUL_KEPT20)

    def ban_soul_for20(self, *parts: object) -> Grant:
        # the same for a time (8.2.1.2), as "this card cannot side attack until end of turn" (`_ban_for`)
        return _ban_for("self", (*parts, SIDE_SOUL_KEPT20))
