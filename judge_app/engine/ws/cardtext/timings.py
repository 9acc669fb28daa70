"""Reading auto-ability timings and triggers (`w_…` rules: 'When …', 'At the beginning of …'): the Transformer's mixin `_Timings`."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _THIS_CARD_WHENS,
    _WORD_NUMBERS,
    _Limit,
    _Names,
    _num,
    _refuse,
    _Rules,
    _tokens,
    _What,
    _Word,
)
from judge_app.engine.ws.cardtext.parts import (
    _ICON_RULES,
    _ICON_WORDS_SAID,
    _TOP_KEYWORDS,
    ICON_ACTIONS,
    _used_keyword16b,
    _used_keyword20,
    _Watched17,
    _WatchedOther,
)
from judge_app.engine.ws.effects import (
    NAME_OR,
    Ability,
    Cond,
    Select,
    TopIs,
)


class _Timings(_Rules):
    """The Transformer's methods for auto-ability timings and triggers (`w_…` rules: 'When …', 'At the beginning of …').

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def w_begin(self, phase: str, _word: str) -> tuple[str, str]:
        return ("when", f"begin:{phase}")

    def w_backup_used(self, name: Token) -> tuple[str, str]:
        # "When you use this card's "Backup"": the card's own Backup keyword (10.5) played from the hand
        if str(name)[1:-1].strip().lower() != "backup":  # s16b ws: this card's own Brainstorm, Accelerate
            return ("when", f"own-used-{_used_keyword16b(name)}")
        return ("when", "backup-used")

    def w_your_climax(self) -> tuple[str, str]:
        return ("when", "your-climax-placed")

    def w_other_attacks(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-attacks" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def w_other_reversed(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-reversed" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def per_turn(self, n: Token, *_words: Token) -> _Limit:
        # s9-wsreala: the number also as a word ("up to one time per turn")
        return _Limit(_WORD_NUMBERS.get(str(n).lower()) or int(n), n.start_pos or 0)

    def w_act_used(self) -> tuple[str, str]:
        return ("when", "act-used")

    def w_other_opp_reversed(self) -> tuple[str, str]:
        return ("when", "other-opp-reversed")

    def w_frontal_attacked(self) -> tuple[str, str]:
        return ("when", "frontal-attacked")

    def w_other_placed(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-placed" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def w_your_climax_icon(self, icon: tuple[str, str]) -> tuple[str, str]:
        return ("when", f"your-climax-placed:[{icon[1]}]")  # the watched climax's trigger icon (abilities._watchers)

    def icon_reminder(self, icon: Token, *parts: object) -> Callable[..., Ability]:
        name = str(icon).strip("[] ").lower()
        effects = tuple(p for p in parts if not isinstance(p, Token))
        said, rule = ICON_ACTIONS.get(name, ((), ""))
        if effects != said:
            raise _refuse(icon, f"this reminder does not say what the [{name.upper()}] icon does" +
                          (f" ({rule}: {_ICON_WORDS_SAID[name]})" if rule else " (4.12.2: the engine reads the "
                           "reminders of " + ", ".join(f"[{k.upper()}]" for k in ICON_ACTIONS) + ")"))

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(icon, f"a trigger icon's reminder text is not 【{category.upper()}】 (2.12.3)")
            return Ability("reminder", name, text=text)
        return make

    def w_named_climax(self, name: Token) -> tuple[str, str]:
        return ("when", f"your-climax-placed:{str(name)}")  # the watched climax's name, in quotes (_watched_fits)

    def w_begin_opp(self, phase: str, _word: str) -> tuple[str, str]:
        return ("when", f"begin:opp-{phase}")

    def w_level_up(self) -> tuple[str, str]:
        return ("when", "level-up")

    def w_other_named_attacks(self, name: Token) -> tuple[str, str]:
        return ("when", f"other-attacks:{name}")  # the watched character's name, in quotes (_watched_fits)

    def w_frontal_attacks(self) -> tuple[str, str]:
        return ("when", "frontal-attacks")

    def w_other_frontal_attacked(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-frontal-attacked" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    @v_args(inline=True, meta=True)
    def w_or(self, meta: Meta, first: tuple[str, str], also: tuple[str, str]) -> tuple[str, str]:
        # the alternative is written without its subject, so the first timing must be this card's own too
        if first[1] not in _THIS_CARD_WHENS or also[1] in first[1].split("|"):
            raise _refuse(getattr(meta, "start_pos", 0), "two timings joined by 'or' are this card's own, each once: "
                          "'When this card is placed on the stage from your hand or becomes 【REVERSE】 in battle'")
        return ("when", f"{first[1]}|{also[1]}")

    def w_damage_canceled(self, *parts: object) -> tuple[str, str]:
        # damage this card deals is cancelled by a climax (4.10.1.2) or not (4.10.1.3)
        return ("when", "damage-not-canceled" if _tokens(parts, "NOT") else "damage-canceled")

    def w_begin_any(self, phase: str, _word: str) -> tuple[str, str]:
        # "the" phase: that phase of either player's turn (6.1.1: each turn is the turn player's)
        return ("when", f"begin-any:{phase}")

    def w_kind_attacks(self, kind: str) -> tuple[str, str]:
        return ("when", f"{kind}-attacks")  # the attack's kind, chosen as it is declared (7.2.1.4)

    def w_opp_climax(self, *_parts: object) -> tuple[str, str]:
        return ("when", "opp-climax-placed")  # a climax placed on the opponent's climax area (3.11.1)

    def w_any_climax(self, *_parts: object) -> tuple[str, str]:
        return ("when", "your-climax-placed|opp-climax-placed")  # either climax area: either happening (8.7.2)

    def ak_direct(self) -> str:
        return "direct"

    def ak_side(self) -> str:
        return "side"

    def w_other_to_waiting(self, *parts: object) -> tuple[str, str]:
        # the watched character's trait, if named (2.5.3), as the other watching timings keep it (abilities._watchers)
        return ("when", "other-to-waiting" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def w_opp_of_other_reversed(self, *parts: object) -> tuple[str, str]:
        # "the battle opponent of your other character" (7.2.1.5.1); the watched character's trait or name, if written, as
        # the other watching timings keep it (`abilities._watchers`: 2.5.3, 2.1.2)
        named = [f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")] + [f":{t}" for t in _tokens(parts, "QNAME")]
        return ("when", "other-opp-reversed" + "".join(named))

    def w_trigger_reveals(self, *parts: object) -> tuple[str, str]:
        # the climax the trigger check reveals, with the icon if one is named (7.3.1.2, 2.11.1; `abilities._trigger_watchers`)
        icon = next((f":[{p[1]}]" for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        return ("when", "trigger-reveals" + icon)

    def w_self_trigger_reveals(self, *parts: object) -> tuple[str, str]:
        return ("when", "self-" + self.w_trigger_reveals(*parts)[1])  # this card's own trigger check (it attacks)

    def auto_not_first(self, *parts: object) -> tuple:
        # "This ability does not activate if it is the starting player's first turn.": kept as the ability's first
        # condition; `abilities._first_turn_kept` keeps it from activating then (8.7.2), and it holds otherwise
        form = self.auto(*(p for p in parts if p != "not-first-turn"))
        return form[:2] + ((Cond("not-first-turn"), *form[2]),) + form[3:]

    def not_first_turn(self, *_words: Token) -> str:
        return "not-first-turn"

    def w_end_turn(self) -> tuple[str, str]:
        return ("when", "begin:end")  # 6.8.1.1: "at the end of turn" activates as the end phase begins

    def w_end_turn_any(self) -> tuple[str, str]:
        return ("when", "begin-any:end")  # either player's turn (6.1.1), as "At the beginning of the end phase"

    def w_end_turn_opp(self) -> tuple[str, str]:
        return ("when", "begin:opp-end")

    def w_other_part_attacks(self, *parts: object) -> tuple[str, str]:
        # the watched character by a portion of its card name (2.1.2.2; `abilities._watched_fits` compares with has_name)
        names = next(p for p in parts if isinstance(p, _Names))
        return ("when", f'other-attacks:"{names}"')

    def w_other_part_placed(self, *parts: object) -> tuple[str, str]:
        names = next(p for p in parts if isinstance(p, _Names))
        return ("when", f'other-placed:"{names}"')

    def w_any_attacks(self) -> tuple[str, str]:
        return ("when", "attacks|other-attacks")  # this card's attack or another of yours (7.2.1.6), either (8.7.2)

    def w_any_opp_reversed(self) -> tuple[str, str]:
        return ("when", "opp-reversed|other-opp-reversed")  # 7.2.1.5.1

    def w_any_reversed(self, *_parts: object) -> tuple[str, str]:
        # in battle (7.2.1.6): this card's own part waits for a reversal in battle only (`abilities._IN_BATTLE` reads it)
        return ("when", "reversed|other-reversed")

    def icon_reminder_rule(self, icon: Token, said: str, *_dots: Token) -> Callable[..., Ability]:
        # a trigger icon's reminder (2.12.3) that restates the icon's rule in words that are not a one-shot sentence:
        # read only beside the icon whose rule it states, so that the trigger step performs the action once (4.12.2)
        name = str(icon).strip("[] ").lower()
        if name != said:
            raise _refuse(icon, f"this reminder does not say what the [{name.upper()}] icon does (it says what "
                          f"[{said.upper()}] does, {_ICON_RULES[said]})")

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(icon, f"a trigger icon's reminder text is not 【{category.upper()}】 (2.12.3)")
            return Ability("reminder", name, text=text)
        return make

    def irw_shot(self, *parts: object) -> str:
        n = next(p for p in parts if isinstance(p, Token))
        _num(n, ("1", "one"), "the shot icon's damage (4.12.2.7)")
        return "shot"

    def irw_choice(self, _words: Token) -> str:
        return "choice"

    def w_end_own_attack(self) -> tuple[str, str, Cond]:
        # "At the end of this card's attack": the timing "at the end of the attack" (7.5.1.4, 7.6.1.5) of an attack whose
        # attacking character is this card (7.2.1.5), as Sunder's (`sunder`): the condition `attacker`
        return ("when", "begin:end-of-attack", Cond("attacker"))

    def w_opp_stat_reversed(self, stat: str, n: Token, *more: str) -> tuple[str, str, Cond]:
        # "When this card's level 2 or higher battle opponent becomes 【REVERSE】": the battle opponent reversed (7.2.1.5.1,
        # 8.7.2) with `c_battle_opp`'s condition on its level or cost
        return ("when", "opp-reversed", self.c_battle_opp(stat, n, *more))

    def w_received_canceled(self, *parts: object) -> tuple[str, str]:
        # damage this card's master receives, cancelled (4.10.1.2) or not (4.10.1.3): `abilities._received`
        return ("when", "received-not-canceled" if _tokens(parts, "NOT") else "received-canceled")

    def w_placed_or_by(self, *parts: object) -> tuple[str, str]:
        # played from the hand (8.6.2.4.1), or put on the stage by an effect of the named card's ability of that kind
        # (`abilities._placed_by`): two happenings, either makes it wait (8.7.2)
        kind = next(p for p in parts if p in ("auto", "act", "cxcombo"))
        name = str(_tokens(parts, "QNAME")[0])[1:-1].strip()
        return ("when", f"placed|placed-by:{kind}:{name}")

    def bk_auto(self) -> str:
        return "auto"

    def bk_act(self) -> str:
        return "act"

    def bk_cxcombo(self) -> str:
        return "cxcombo"

    def w_opp_act_used(self) -> tuple[str, str]:
        # the opponent plays an 【ACT】 ability (8.6.2; Backup, 10.5.2): `abilities._act_watchers` of the other side
        return ("when", "opp-act-used")

    def tw_what(self, what: _What) -> TopIs:
        if what.other:
            raise _refuse(None, "'another' describes a character on the stage, not a zone's top card")
        return TopIs("", what.select)

    def tw_keyword(self, name: Token) -> TopIs:
        keyword = str(name).split('"')[1].strip().lower()  # CARD_WITH_KEYWORD: 'card with "Alarm"'
        if keyword not in _TOP_KEYWORDS:
            raise _refuse(name, f"a card with a keyword ability (10): {', '.join(sorted(_TOP_KEYWORDS))}")
        return TopIs("", Select(), keyword)

    def w_climax_triggers15(self) -> tuple[str, str]:
        # your climax revealed by the trigger check (7.3.1.2), as "When your climax with [X] in its trigger icon triggers"
        # reads it without naming an icon (`abilities._trigger_watchers`)
        return ("when", "trigger-reveals")

    def w_reveals_colour15(self, _a: Token, colour: _Word) -> tuple[str, str]:
        # a climax of that colour the trigger check reveals (7.3.1.2, 2.4)
        return ("when", f"trigger-reveals:{str(colour)[4:]}")

    def w_any_kind_attacks15(self, kind: str) -> tuple[str, str]:
        # this card's attack of that kind or another of yours (7.2.1.4.1, 7.2.1.6), either (8.7.2)
        return ("when", f"{kind}-attacks|other-{kind}-attacks")

    def w_other_kind_attacks15(self, *parts: object) -> tuple[str, str]:
        # another of your (《T》) characters attacking with that kind of attack (7.2.1.4.1, 7.2.1.6; its trait, 2.5.3)
        kind = next(p for p in parts if p in ("direct", "frontal", "side"))
        return ("when", f"other-{kind}-attacks" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def ak_direct15(self) -> str:
        return "direct"

    def ak_frontal15(self) -> str:
        return "frontal"

    def ak_side15(self) -> str:
        return "side"

    def w_placed_by15(self, *parts: object) -> tuple[str, str]:
        # put on the stage by an effect of that card's ability of the kind written, of any kind if none is (8.7.2, 2.1.2)
        kind = next((p for p in parts if p in ("auto", "act", "cxcombo")), "any")
        names = next(p for p in parts if isinstance(p, _Names))
        if NAME_OR in names:
            raise _refuse(names.tok, "the effect of one card named")
        return ("when", f"placed-by:{kind}:{names}")

    def w_placed_or_any15(self, *parts: object) -> tuple[str, str]:
        # played from the hand (8.6.2.4.1), or put on the stage by an effect of the named card (either, 8.7.2)
        return ("when", "placed|" + self.w_placed_by15(*parts)[1])

    def aw_opp16(self) -> str:
        return "opponent"

    def aw_other16(self) -> str:
        return "other"

    def all_where16(self, area: _Word) -> str:
        return str(area)  # "center" | "back" (3.6.3)

    def w_climax_icon14(self, _a: Token, icon: tuple[str, str]) -> tuple[str, str]:
        # "When a climax with [X] in its trigger icon is placed on your climax area": your climax (8.7.2; 2.11.1)
        return self.w_your_climax_icon(icon)

    def w_other_named_placed14(self, names: _Names) -> tuple[str, str]:
        # "When your other "X" is placed on the stage from your hand": the watched character's name, in quotes, as
        # "When another of your "X" attacks" (`_watched_fits`, 2.1.2)
        return ("when", f'other-placed:"{names}"')

    def w_opp_level_up14(self) -> tuple[str, str]:
        # the opponent levels up (9.3; `abilities._SIDE_NOTES`: the other side's abilities wait for it, 8.7.2)
        return ("when", "opp-level-up")

    def w_one_attacks14(self, _one: Token) -> tuple[str, str]:
        return self.w_any_attacks()

    def w_placed_or_by_named14(self, *parts: object) -> tuple[str, str]:
        # played from the hand, or put on the stage by an effect of that kind of a card of that name (8.7.2; 2.1.2)
        kind = next(p for p in parts if p in ("auto", "act", "cxcombo"))
        names = next(p for p in parts if isinstance(p, _Names))
        if NAME_OR in names:
            raise _refuse(names.tok, "the effect of one card named")
        return ("when", f"placed|placed-by:{kind}:{names}")

    def w_placed_or_keyword14(self, _or_by: Token, name: Token) -> tuple[str, str]:
        # "… or by a "Change" effect": put on the stage by the effect of any card's Change (10.8.1; `_placed_by`)
        if str(name)[1:-1].strip().lower() != "change":
            raise _refuse(name, "a keyword ability's effect: \"Change\" (10.8)")
        return ("when", "placed|placed-by:change:")

    def per_turn_once14b(self, *words: Token) -> _Limit:
        # "This ability activates up to once per turn.": the limit one, as "up to one time per turn" (`per_turn`)
        return _Limit(1, (words[0].start_pos or 0) if words else 0)

    def w_other_named17(self, *parts: object) -> tuple[str, str]:
        # the watched character by its name or a portion of it, as `_watched_fits` matches a quoted name (2.1.2, 2.1.2.2)
        names = next(p for p in parts if isinstance(p, _Names))
        event = next(p for p in parts if isinstance(p, _Watched17))
        return ("when", f'{event}:"{names}"')

    def w_other_named_attacks17(self, *parts: object) -> tuple[str, str]:
        return self.w_other_named17(*parts, _Watched17("other-attacks"))  # 7.2.1

    def we_frontal17(self) -> _Watched17:
        return _Watched17("other-frontal-attacked")  # the defending character of a frontal attack, 7.2.1.5.1

    def we_reversed17(self) -> _Watched17:
        return _Watched17("other-reversed")  # as `w_other_reversed`, with or without "in battle"

    def we_to_waiting17(self) -> _Watched17:
        return _Watched17("other-to-waiting")  # 3.4.1, from the stage

    @v_args(inline=True, meta=True)
    def plain_limited17(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        # "【ACT】 [cost] This ability activates up to N time(s) per turn. …": the 【ACT】 ability's own limit (its text; the
        # rules set none), counted by `play.activate`; in any other category the words are refused by name
        used = _tokens(parts, "USED_LIMIT17")  # "This ability can be used up to N times per turn."
        word = str(used[0]).split()[7].lower() if used else ""  # "this ability can be used up to N …"
        limit = next((p for p in parts if isinstance(p, _Limit)), None) or _Limit(
            _WORD_NUMBERS.get(word) or int(word), used[0].start_pos or 0)
        make = self.plain(meta, *(p for p in parts if not isinstance(p, _Limit) and p not in used))

        def made(text: str, category: str) -> Ability:
            if category != "act":
                raise _refuse(limit.at, "'This ability … up to N times per turn' before sentences limits an 【ACT】 ability")
            return evolve(make(text, category), limit=limit.n)
        return made

    def w_event_played(self, *_a: object) -> tuple[str, str]:
        return ("when", "event-played")

    def w_placed_or_from14(self, *parts: object) -> tuple[str, str]:
        # played from the hand (8.6.2.4.1) or put on the stage from that zone: two happenings, either makes it wait (8.7.2)
        return ("when", f"placed|placed-from:{parts[-1]}")

    def w_placed_from14(self, *parts: object) -> tuple[str, str]:
        # put on the stage by an effect from that zone (3.6.1; `abilities._placed_from`), 8.7.2
        return ("when", f"placed-from:{parts[-1]}")

    def w_kw_used16b(self, name: Token) -> tuple[str, str]:
        # "When you use "Accelerate"": any of your abilities with that keyword used (10.7.4, 10.12.3); s20 head: "Change",
        # a card of yours placed on the stage by a Change effect (10.8.5; `abilities.triggers._placed_by`)
        return ("when", f"used-{_used_keyword20(name)}")

    def w_opp_kw_used20(self, name: Token) -> tuple[str, str]:
        # s20 head: "When your opponent uses "Brainstorm"": the same happening of the other player (10.7.4, 10.12.3, 10.8.5)
        return ("when", f"opp-used-{_used_keyword20(name)}")

    # --- s18 head: this card or another of yours watched; a climax's pair of trigger icons (grammar block "# s18 head")
    def wd_other(self, *parts: object) -> _WatchedOther:
        # the other character watched, of a trait if written (2.5.3, `abilities.triggers._watched_fits`)
        return _WatchedOther("".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def wd_named(self, names: _Names) -> _WatchedOther:
        return _WatchedOther(f':"{names}"')  # of a name, in quotes (2.1.2, `_watched_fits`)

    def we_attacks(self) -> tuple[str, str]:
        return ("attacks", "other-attacks")  # 7.2.1.5.3: this card's own attack, another of yours

    def we_placed(self) -> tuple[str, str]:
        return ("placed", "other-placed")  # 8.6.2.4.1: played from the hand

    def we_reversed(self, *_parts: object) -> tuple[str, str]:
        return ("reversed", "other-reversed")  # 4.6.1.3, in battle (7.2.1.6)

    def we_to_waiting(self) -> tuple[str, str]:
        return ("to-waiting", "other-to-waiting")  # from the stage (3.4.1)

    def we_frontal(self) -> tuple[str, str]:
        return ("frontal-attacked", "other-frontal-attacked")  # 7.2.1.5.1

    def w_this_or_other(self, *parts: object) -> tuple[str, str]:
        # "When this card or your other 《T》 character attacks": this card's own happening or the watched one's, either
        # (8.7.2), as "When your character attacks" reads "attacks|other-attacks"
        watched = next(p for p in parts if isinstance(p, _WatchedOther))
        own, other = next(p for p in parts if isinstance(p, tuple))
        return ("when", f"{own}|{other}{watched}")

    def with_icons(self, first: Token, second: Token) -> tuple[str, str]:
        return ("icon", "+".join(str(i).strip("[] ").lower() for i in (first, second)))  # both icons (2.11.1)

    def w_climax_icons(self, *parts: object) -> tuple[str, str]:
        # your climax with both trigger icons placed on your climax area (8.7.2; `_watched_fits`: each icon counted)
        icon = next(p for p in parts if isinstance(p, tuple))
        return ("when", f"your-climax-placed:[{icon[1]}]")

    # --- s19 head: another of your characters watched by its name, or written "character" (grammar block "# s19 head")
    def w_another_named19(self, names: _Names, event: tuple[str, str]) -> tuple[str, str]:
        # another of your characters with that name (2.1.2), its happening watched (8.7.2), as `w_other_named17` reads it
        return ("when", f'{event[1]}:"{names}"')

    def w_another_one19(self, *parts: object) -> tuple[str, str]:
        # "another of your (《T》) character": the same watching as "another of your (《T》) characters" (2.5.3)
        event = next(p for p in parts if isinstance(p, tuple))
        return ("when", event[1] + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    # --- s21 head ------------------------------------------------------------------------------------------------
    def w_reveals_card21(self, *parts: object) -> tuple[str, str]:
        # a card of any kind with that trigger icon the trigger check reveals (7.3.1.2, 2.11.1; `abilities._reveal_fits`)
        icon = next(p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",))
        return ("when", f"trigger-reveals:card[{icon}]")

    def w_self_reveals_card21(self, *parts: object) -> tuple[str, str]:
        return ("when", "self-" + self.w_reveals_card21(*parts)[1])  # this card's own trigger check (it attacks)
