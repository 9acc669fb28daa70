"""Reading 'Then', 'if you do', 'if so', 'instead', choices between options: the Transformer's mixin `_Sequencing`."""

from __future__ import annotations

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _Among,
    _among_those,
    _AmongIf,
    _Else15b,
    _IfDo,
    _IfNot19,
    _It,
    _levels,
    _Note,
    _num,
    _opt,
    _refuse,
    _Rules,
    _tokens,
)
from judge_app.engine.ws.cardtext.parts import (
    _MILLED_TO17,
    _dur,
    _IfHand13,
    _IfOppDoes20,
    _memory_back_joined,
    _option,
    _own_select,
    _XPending,
)
from judge_app.engine.ws.effects import (
    AnyOrder21,
    ChooseMove,
    ChosenAndSelf,
    Modal,
    OwnPick,
    Perform,
    Pump,
    Repeat,
    RevealedTo,
    Select,
    Shuffle15,
)


class _Sequencing(_Rules):
    """The Transformer's methods for 'Then', 'if you do', 'if so', 'instead', choices between options.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    @v_args(inline=True, meta=True)
    def if_do(self, meta: Meta, *parts: object) -> _IfDo:
        for e in parts:
            if isinstance(e, _It) and e.said == "it":
                raise _refuse(e.at, "'put it into …' is read after 'reveal the top card of your deck. If that card is …'")
        return _IfDo(_memory_back_joined(_among_those(tuple(p for p in parts if not isinstance(p, Token)))), meta.start_pos)

    @v_args(inline=True, meta=True)
    def if_opp_does20(self, meta: Meta, *parts: object) -> _IfOppDoes20:
        # s20 body: "If your opponent does, …" (`_if_done` joins it to the opponent's optional effect before it)
        return _IfOppDoes20(self.if_do(meta, *parts).effects, meta.start_pos)

    @v_args(inline=True, meta=True)
    def if_not_do19(self, meta: Meta, *parts: object) -> _IfNot19:
        return _IfNot19(tuple(p for p in parts if not isinstance(p, Token)), meta.start_pos)

    def modal(self, n: Token, *parts: object) -> Modal:
        _num(n, ("1", "one"), "choose … of the following effects")
        options = [_option(tok) for tok in _tokens(parts, "OPTION")]
        return Modal(tuple(o[0] for o in options), tuple(o[1] for o in options))

    def choose_move(self, n: Token, *parts: object) -> ChooseMove:
        _num(n, ("1", "one", "a"), "choose … of your characters")
        trait = _tokens(parts, "TRAIT")
        return ChooseMove(next(str(p) for p in parts if p in ("center", "back")),
                          str(trait[0])[1:-1].strip() if trait else "", "other" in parts)

    def repeat(self, n: Token, _stop: Token, option: Token) -> Repeat:
        times = _num(n, _TIMES21, "perform the following action … times")  # s21 grant: up to 10 times
        effects, text = _option(option)
        return Repeat(times, effects, text)

    def perform15(self, _stop: Token, option: Token) -> Perform:
        effects, text = _option(option)  # the quoted sentences read as an event's one-shot effects
        return Perform(effects, text)

    @v_args(inline=True, meta=True)
    def mill_that_if(self, meta: Meta, *parts: object) -> _AmongIf:
        select = _opt(parts, Select)
        assert select is not None
        # s17 body: "put it / that character into your hand | on … your stage": the one card the mill put into the waiting
        # room (`abilities._milled_to17`); a marker or the waiting room itself is not a place it goes from there
        for p in parts:
            if isinstance(p, _It) and not (isinstance(p.effect, RevealedTo) and p.effect.zone.startswith(_MILLED_TO17)):
                raise _refuse(p.at, "'put it (that character) …' after a card put into your waiting room goes into your "
                              "hand or stock, or on your stage")
        parts = tuple(p.effect if isinstance(p, _It) else p for p in parts)
        effects = _memory_back_joined(tuple(p.pump if isinstance(p, _Among) else p for p in parts
                                            if not isinstance(p, Token | str | Select)))  # s17 body: "that character gets"
        return _AmongIf(select, effects, meta.start_pos, one=True)

    @v_args(inline=True, meta=True)
    def if_do_shuffle15(self, meta: Meta, *parts: object) -> _IfDo:
        # "If you do, shuffle your deck, and …": the shuffle (3.2.4) first, then the rest in the order written (8.8.1);
        # read only after the waiting room returned to the deck (`_if_done`)
        effects = tuple(p for p in parts if not isinstance(p, Token))
        for e in effects:
            if isinstance(e, _It):
                raise _refuse(e.at, "'it' after 'If you do, shuffle your deck' names no card")
        return _IfDo((Shuffle15(),) + _memory_back_joined(_among_those(effects)), meta.start_pos)

    @v_args(inline=True, meta=True)
    def if_do_opp_shuffle20(self, meta: Meta, *parts: object) -> _IfDo:
        # s20 body2: "If you do, shuffle your opponent's deck, and …": read only after one card of the opponent's
        # waiting room returned to their deck (`owd_one20`, `_if_done`)
        made = self.if_do_shuffle15(meta, *parts)
        return _IfDo((Shuffle15(theirs=True),) + made.effects[1:], made.at)

    def modal17(self, *parts: object) -> Modal:
        # `modal`'s options; "you may": the player may perform none (8.6.3)
        made = self.modal(*(p for p in parts if p != "may"))  # type: ignore[arg-type]
        return evolve(made, may="may" in parts)

    @v_args(inline=True, meta=True)
    def if_put_hand13(self, meta: Meta, _if: Token, *parts: object) -> _IfHand13:
        return _IfHand13(tuple(p.effect if isinstance(p, _It) else p for p in parts if not isinstance(p, Token | str)),
                         meta.start_pos)

    def chosen_self15(self, n: Token, *parts: object) -> ChosenAndSelf:
        _num(n, ("1", "one", "a"), "choose … of your other characters and this card")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        pick = OwnPick("gain", 1, False, _own_select(parts), True,
                       gain=Pump("chosen", gain[0], gain[1], until=until, levels=_levels(parts)))
        return ChosenAndSelf(pick)

    @v_args(inline=True, meta=True)
    def reveal_else15b(self, meta: Meta, *parts: object) -> _Else15b:
        if any(isinstance(p, _XPending | _Note) for p in parts):
            raise _refuse(getattr(meta, "start_pos", 0), "'If it is not, …' takes effects without an X")
        return _Else15b(tuple(p.effect if isinstance(p, _It) else p for p in parts if not isinstance(p, Token | str)),
                        getattr(meta, "start_pos", 0))

    # --- s21 grant: "perform the following action up to N times", "… effects 1 time in any order" ----------------------
    def repeat_up_to21(self, n: Token, stop: Token, option: Token) -> Repeat:
        return evolve(self.repeat(n, stop, option), ask_each=True)

    def any_order21(self, n: Token, _stop: Token, *options: Token) -> AnyOrder21:
        _num(n, ("1",), "perform the following effects … time in any order")
        read = [_option(tok) for tok in options]  # each option's sentences read as an event's one-shot effects
        return AnyOrder21(tuple(o[0] for o in read), tuple(o[1] for o in read))


_TIMES21 = tuple(str(i) for i in range(2, 11))  # "perform the following action N times": the numbers cards print
