"""Compose tests/cardtext/ws.jsonl: Weiss Schwarz effect texts laid out the way English cards and card databases
print them, each with the AST summary it must read as and, for many, a scenario whose expect lines were written
from the Comprehensive Rules v2.03 before the engine ran them.

The texts are composed (no real card's text is copied): the layouts follow printed English cards ("【AUTO】
[(1)] When this card is placed on stage from your hand, you may pay the cost. If you do, …", "【CONT】 During your
turn, …", "【ACT】 【COUNTER】 Backup …", icons such as 【REST】 and 【REVERSE】 inside sentences) and the card
databases' variants ("[AUTO]", "(1)" for ①, curly quotes, full-width brackets). Each part's meaning (summary)
and each expectation is written here by hand; `python scripts/build_cardtext_ws.py` rewrites the corpus.

Expectations, from the rules: an automatic ability resolves when its condition is met (8.1.1.2, 8.7); a
continuous ability applies while its card is on the stage (8.1.1.3, 8.9); an ACT ability's cost is paid, then
its effect resolves (8.1.1.1, 8.4); "until end of turn" lasts the turn (8.8); damage puts the top card of the
deck into the clock unless it is a climax (4.6, 8.3.1.1 … the deck's cards are named characters here, so no damage
is cancelled); "put the top card of your deck into your stock" moves that card (3.2.3).
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "cardtext" / "ws.jsonl"
PROBES = OUT.with_name("ws-probes.jsonl")  # near misses refused by name, apart from the corpus (`probes`)

# --- one-shot effects: text, summary, expectations by frame --------------------------------------------------
# expectations are a function of the frame's starting counts: A hand, stock, clock, waiting room, B clock
D1 = "Draw(n=1, optional=False)"
EFFECTS: list[tuple[str, str, list[str]]] = [
    ("draw 1 card", D1, ["A hand {h1}"]),
    ("draw a card", D1, ["A hand {h1}"]),
    ("draw 2 cards", "Draw(n=2, optional=False)", ["A hand {h2}"]),
    ("this card gets +1000 power until end of turn", "Pump(who='self', power=1000, soul=0)", ['"Tester" power 4000']),
    ("this card gets +1 soul until end of turn", "Pump(who='self', power=0, soul=1)", ['"Tester" soul 2']),
    ("this card gets +1500 power and +1 soul until end of turn", "Pump(who='self', power=1500, soul=1)",
     ['"Tester" power 4500, "Tester" soul 2']),
    ("choose 1 of your characters, and that character gets +2000 power until end of turn",
     "Pump(who='choose-own', power=2000, soul=0)", ['"Tester" power 5000']),
    ("all of your characters get +500 power until end of turn", "Pump(who='all-own', power=500, soul=0)",
     ['"Tester" power 3500']),
    ("put the top card of your deck into your stock", "TopTo(zone='stock', n=1, optional=False)",
     ['"Top" in stock', "A stock {s1}"]),
    ("put the top card of your deck into your waiting room", "TopTo(zone='waiting_room', n=1, optional=False)",
     ['"Top" in waiting room']),
    ("put the top 2 cards of your deck into your waiting room", "TopTo(zone='waiting_room', n=2, optional=False)",
     ['"Top" in waiting room', "A waiting room {w2}"]),
    ("put the top card of your deck into your clock", "TopTo(zone='clock', n=1, optional=False)",
     ['"Top" in clock', "A clock {c1}"]),
    ("deal 1 damage to your opponent", "Damage(n=1)", ["B clock 1", '"D1" in clock']),
    ("deal 2 damage to your opponent", "Damage(n=2)", ["B clock 2"]),
    ("put the top card of your clock into your waiting room", "Heal()", ['"Wound" in waiting room', "A clock {c_1}"]),
    ("return this card to your hand", "SelfTo(zone='hand')", ['"Tester" in hand']),
    ("put this card into your memory", "SelfTo(zone='memory')", ['"Tester" in memory']),
    ("choose 1 character in your waiting room, and return it to your hand",
     "Salvage(name=None, kind='character', optional=False)", ['"Lost" in hand']),
    ("choose 1 card in your waiting room, and put it into your hand", "Salvage(name=None, kind='card', optional=False)",
     ['"Lost" in hand']),
]
# self-moving effects do not combine with a following "this card" effect; the rest do, in that order
SELF_MOVING = ("return this card", "put this card into your memory")

TIMINGS = [  # text, summary, frame
    ("When this card is placed on stage from your hand", "placed", "placed"),
    ("When this card is placed on the stage from your hand", "placed", "placed"),
    ("When this card is played and placed on stage", "placed", "placed"),
    ("At the beginning of your climax phase", "begin:climax", "climax"),
    ("When this card attacks", "attacks", None),
    ("When this card becomes 【REVERSE】", "reversed", None),
    ("When this card's battle opponent becomes 【REVERSE】", "opp-reversed", None),
    ("At the beginning of your encore step", "begin:encore", None),
    ("When this card is put into your waiting room from the stage", "to-waiting", None),
]
HEADS = ("【AUTO】 ", "[AUTO] ", "【AUTO】", "［AUTO］ ", "[A] ")  # card, database, no space, full width, icon letter


def frame(where: str, text: str, effects: list[str], extra: list[str] = (), head: list[str] = ()) -> str:
    """A scenario that makes `text` (the ability of "Tester") resolve, then checks `effects`."""
    q = text.replace('"', '\\"')
    lines = ["game ws", *head, "turn 4, A, main phase", "A: deck 10, hand 2, stock 2, clock 1, waiting room 1",
             'A clock: character "Wound" red, level 0, cost 0, 1000 power, soul 1',
             'A waiting_room: character "Lost" red, level 0, cost 0, 1000 power, soul 1',
             'A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1',
             'A deck: character "Second" red, level 0, cost 0, 1000 power, soul 1', *extra]
    card = f'character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"'
    if where == "placed":
        lines += [f"A hand: {card}", "B: deck 10", 'B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1',
                  'B deck: character "D2" blue, level 0, cost 0, 1000 power, soul 1', 'A plays "Tester" on CM']
        counts = {"h1": 2, "h2": 3, "s1": 3, "w2": 3, "c1": 2, "c_1": 0}
    else:  # the climax phase begins when A passes the main phase (its ability resolves at once: 6.6.1.1); A
        # plays no climax (6.6.1.2), so the expectations are checked in the attack phase
        lines += [f"A CM: {card}", "B: deck 10", 'B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1',
                  'B deck: character "D2" blue, level 0, cost 0, 1000 power, soul 1', "A passes", "A passes"]
        counts = {"h1": 3, "h2": 4, "s1": 3, "w2": 3, "c1": 2, "c_1": 0}
    return "\n".join(lines + [f"expect {e.format(**counts)}" for e in effects]) + "\n"


def autos() -> list[dict]:
    rows = []
    for t_text, t_sum, where in TIMINGS:
        for k, (e_text, e_sum, e_exp) in enumerate(EFFECTS):
            head = HEADS[k % len(HEADS)]
            text = f"{head}{t_text}, {e_text}."
            row = {"text": text, "ast": f"auto {t_sum} | do {e_sum}"}
            if where:
                row["scenario"] = frame(where, text, e_exp)
            rows.append(row)
    # two sentences, a condition, a cost paid or declined
    for e_text, e_sum, e_exp in EFFECTS:
        text = f"【AUTO】 When this card is placed on stage from your hand, draw 1 card. {e_text[:1].upper()}{e_text[1:]}."
        # the draw takes "Top": only effects that touch neither the hand nor the deck are checked after it
        exp = [*e_exp, "A hand {h1}", '"Top" in hand'] if not any(w in e_text for w in ("hand", "deck", "draw")) else []
        rows.append({"text": text, "ast": f"auto placed | do {D1}; {e_sum}", **({"scenario": frame("placed", text, exp)}
                                                                               if exp else {})})
    for e_text, e_sum, e_exp in EFFECTS:
        text = f"【AUTO】 【CXCOMBO】 When this card is placed on stage from your hand, if “Lucky Day” is in your climax " \
               f"area, {e_text}."
        rows.append({"text": text, "ast": f"auto placed | if climax=lucky day | do {e_sum}",
                     "scenario": frame("placed", text, e_exp, ['A climax: climax "Lucky Day" red'])})
        text = f"【AUTO】 [(1)] When this card is placed on stage from your hand, you may pay the cost. If you do, {e_text}."
        rows.append({"text": text, "ast": f"auto placed | cost 1 stock | do {e_sum}",
                     "scenario": frame("placed", text, [*e_exp] + ([] if "stock" in e_text else ["A stock 1"])).replace(
                         'A plays "Tester" on CM', 'A plays "Tester" on CM\nA chooses pay').replace(
                         "A stock 3", "A stock 2").replace("A waiting room 3", "A waiting room 4")})
    for e_text, e_sum, _ in EFFECTS[:3]:
        # a turn condition before the timing: read since the real card texts showed it (s5-wsreal-a), executed by
        # the golden frame-during-other-opp-reversed.scn
        text = f"【AUTO】 During your turn, when this card attacks, {e_text}."
        rows.append({"text": text, "ast": f"auto attacks | if your-turn | do {e_sum}"})
    for e_text, e_sum, _ in EFFECTS[:10]:
        text = f"[AUTO] [(2) Put the top card of your deck into your clock] At the beginning of your climax phase, you " \
               f"may pay the cost. If you do, {e_text}."
        rows.append({"text": text, "ast": f"auto begin:climax | cost 2 stock, the top 1 card(s) of the deck into the "
                                          f"clock | do {e_sum}"})
    return rows


CONTS = [  # text, summary, scenario expectations (Tester in CM, Buddy in CL, Coach in BL)
    ("【CONT】 This card gets +1000 power.", "cont | self +1000 power +0 soul", ['"Tester" power 4000']),
    ("【CONT】 During your turn, this card gets +1000 power.", "cont | if your-turn | self +1000 power +0 soul",
     ['"Tester" power 4000']),
    ("【CONT】 During your turn, this card gets +1 soul.", "cont | if your-turn | self +0 power +1 soul",
     ['"Tester" soul 2']),
    ("【CONT】 All of your other characters get +500 power.", "cont | others +500 power +0 soul",
     ['"Buddy" power 2500, "Tester" power 3000']),
    ("【CONT】 All of your characters get +500 power.", "cont | all +500 power +0 soul",
     ['"Buddy" power 2500, "Tester" power 3500']),
    ("【CONT】 During your turn, all of your other characters get +1000 power and +1 soul.",
     "cont | if your-turn | others +1000 power +1 soul", ['"Buddy" power 3000, "Buddy" soul 2']),
    ("【CONT】 If \"Lucky Day\" is in your climax area, this card gets +1 soul.", "cont | if climax=lucky day | self +0 "
     "power +1 soul", ['"Tester" soul 2']),
    ("【CONT】 If you have 2 or more cards in your memory, this card gets +1500 power.",
     "cont | if memory=2 | self +1500 power +0 soul", ['"Tester" power 4500']),
    ("【CONT】 Memory If you have 2 or more cards in your memory, this card gets +1500 power.",
     "cont memory | if memory=2 | self +1500 power +0 soul", ['"Tester" power 4500']),
    ("【CONT】 Experience If the total level of cards in your level is 1 or higher, this card gets +500 power.",
     "cont experience | if level=1 | self +500 power +0 soul", ['"Tester" power 3500']),
    ("【CONT】 If this card is 【REST】ed, this card gets +1000 power.", None, None),
    ("[CONT] All of your other characters get +500 power.", "cont | others +500 power +0 soul",
     ['"Buddy" power 2500']),
    ("【CONT】 Assist All of your characters in front of this card get +500 power.", "cont assist | front +500 power "
     "+0 soul", ['"Buddy" power 2500']),
    ("【CONT】 All of your characters in front of this card get +1000 power.", "cont | front +1000 power +0 soul",
     ['"Buddy" power 3000']),
    ("【CONT】 Great Performance", "cont great performance", None),
    # read since the real card texts showed it (s5-wsreal-a): the frame is A's turn, so for A's card it is not the
    # opponent's turn (6.1.1) and the gain does not apply
    ("【CONT】 During your opponent's turn, this card gets +1000 power.", "cont | if opp-turn | self +1000 power +0 soul",
     ['"Tester" power 3000']),
    # a counted gain (8.9.1): Tester counts Buddy
    ("【CONT】 This card gets +X power. X is equal to the number of your other characters ×500.",
     "cont | self +500 power +0 soul | per others", ['"Tester" power 3500, "Buddy" power 2000']),
    # a trait in the subject (2.5.3): only characters with it (here none has a trait; see TRAITS below)
    ("【CONT】 All of your 《Music》 characters get +500 power.", "cont | all 《Music》 +500 power +0 soul",
     ['"Buddy" power 2000, "Tester" power 3000']),
]


def conts() -> list[dict]:
    rows = []
    for text, ast, exp in CONTS:
        if ast is None:
            rows.append({"text": text, "refused": "understanding stopped at"})
            continue
        row: dict = {"text": text, "ast": ast}
        if exp:
            where = "BL" if "front" in ast else "CM"
            q = text.replace('"', '\\"')
            lines = ["game ws", "turn 4, A, main phase", "A: deck 10, memory 2, level 1",
                     'A level: character "L1" red, level 1, cost 0, 1000 power, soul 1',
                     'A climax: climax "Lucky Day" red',
                     f'A {where}: character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"',
                     'A CL: character "Buddy" red, level 0, cost 0, 2000 power, soul 1', "B: deck 10"]
            if where == "BL":
                lines[5] = lines[5].replace("3000 power", "1000 power")
                exp = [*exp, '"Tester" power 1000']
            row["scenario"] = "\n".join(lines + [f"expect {e}" for e in exp]) + "\n"
        rows.append(row)
    return rows


ACTS = [  # text, summary, expectations after A uses "Tester" (A stock 2, hand 1)
    ("【ACT】 [(1)] This card gets +1000 power until end of turn.", "act | cost 1 stock | do Pump(who='self', "
     "power=1000, soul=0)", ['"Tester" power 4000', "A stock 1"]),
    ("【ACT】 [(1) 【REST】 this card] Draw 1 card.", f"act | cost 1 stock, rest this card | do {D1}",
     ['"Tester" rest', "A hand 2, stock 1"]),
    ("【ACT】 [【REST】 this card] Put the top card of your deck into your stock.", "act | cost rest this card | do "
     "TopTo(zone='stock', n=1, optional=False)", ['"Top" in stock', "A stock 3"]),
    ("【ACT】 [(2) Put this card into your waiting room] Choose 1 character in your waiting room, and return it to "
     "your hand.", "act | cost 2 stock, put this card into the waiting room | do Salvage(name=None, kind='character', "
     "optional=False)", ['"Lost" in hand', '"Tester" in waiting room', "A stock 0"], 'A chooses "Lost"'),
    ("[ACT] [(1)] Deal 1 damage to your opponent.", "act | cost 1 stock | do Damage(n=1)", ["B clock 1"]),
    ("【ACT】 [Put the top card of your deck into your clock] This card gets +1 soul until end of turn.",
     "act | cost the top 1 card(s) of the deck into the clock | do Pump(who='self', power=0, soul=1)",
     ['"Top" in clock', '"Tester" soul 2']),
    ("【ACT】 [(1) Put a character from your hand into your waiting room] Draw 2 cards.",
     "act | cost 1 stock, 1 character(s) from hand | do Draw(n=2, optional=False)",
     ['"Spare" in waiting room', "A hand 2, stock 1"]),
    ("【ACT】 [(1)] Choose 1 of your characters, and that character gets +1 soul until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-own', power=0, soul=1)", ['"Tester" soul 2']),
    ("【ACT】 【COUNTER】 Backup 2500, Level 1 [(1) Put this card from your hand into your waiting room]",
     "act backup | cost 1 stock, this card from hand | gets +2500 power +0 soul | level 1", None),
    ("【ACT】 Brainstorm [(1) 【REST】 this card] Flip over the top 4 cards of your deck, put them into your waiting "
     "room. For each climax revealed among those cards, draw 1 card.", "act brainstorm | cost 1 stock, rest this card "
     "| do Brainstorm(n=4, then=Draw(n=1, optional=False))", None),
    ("【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets -1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-opp', power=-1000, soul=0)", ['"D1" in deck', "A stock 1"]),
    # the rest of the looked-at cards has no destination: refused, not half executed
    ("【ACT】 [(1)] Look at up to 4 cards from top of your deck, choose up to 1 card from among them, and put it into "
     "your hand.", None, None),
]


def acts() -> list[dict]:
    rows = []
    for text, ast, exp, *answer in ACTS:
        if ast is None:
            rows.append({"text": text, "refused": "understanding stopped at"})
            continue
        row: dict = {"text": text, "ast": ast}
        if exp:
            q = text.replace('"', '\\"')
            lines = ["game ws", "turn 4, A, main phase", "A: deck 10, stock 2, hand 1, waiting room 1",
                     'A hand: character "Spare" red, level 0, cost 0, 1000 power, soul 1',
                     'A waiting_room: character "Lost" red, level 0, cost 0, 1000 power, soul 1',
                     'A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1',
                     f'A CM: character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"', "B: deck 10",
                     'B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1', 'A uses "Tester"',
                     *answer]
            row["scenario"] = "\n".join(lines + [f"expect {e}" for e in exp]) + "\n"
        rows.append(row)
    return rows


EVENTS = [  # event texts: the effect of an event card, played from hand (A hand 1: the event)
    ("Draw 2 cards.", "effect | do Draw(n=2, optional=False)", ["A hand 2"]),
    ("Put the top card of your deck into your stock. Draw 1 card.",
     f"effect | do TopTo(zone='stock', n=1, optional=False); {D1}", ['"Top" in stock', '"Second" in hand']),
    ("Choose 1 of your characters, and that character gets +3000 power until end of turn.",
     "effect | do Pump(who='choose-own', power=3000, soul=0)", ['"Runner" power 6000']),
    ("Choose 1 character in your waiting room, and return it to your hand. Draw 1 card.",
     f"effect | do Salvage(name=None, kind='character', optional=False); {D1}", ['"Lost" in hand', "A hand 2"]),
    ("Deal 1 damage to your opponent. Put the top card of your clock into your waiting room.",
     "effect | do Damage(n=1); Heal()", ["B clock 1", "A clock 0"]),
    ("All of your characters get +1000 power until end of turn.", "effect | do Pump(who='all-own', power=1000, soul=0)",
     ['"Runner" power 4000']),
    ("Search your deck for up to 1 character, reveal it to your opponent, put it into your hand, and shuffle your deck.",
     "effect | do Search(n=1, select=Select(kind='character'))", ['"Top" in hand', "A hand 1, deck 9"],
     'A chooses "Top"'),
]


def events() -> list[dict]:
    rows = []
    for text, ast, exp, *answer in EVENTS:
        if ast is None:
            rows.append({"text": text, "refused": "understanding stopped at"})
            continue
        q = text.replace('"', '\\"')
        lines = ["game ws", "turn 4, A, main phase", "A: deck 10, hand 1, clock 1, waiting room 1",
                 'A clock: character "Wound" red, level 0, cost 0, 1000 power, soul 1',
                 'A waiting_room: character "Lost" red, level 0, cost 0, 1000 power, soul 1',
                 'A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1',
                 'A deck: character "Second" red, level 0, cost 0, 1000 power, soul 1',
                 'A CM: character "Runner" red, level 0, cost 0, 3000 power, soul 1',
                 f'A hand: event "Boost" red, level 0, cost 0, effect "{q}"', "B: deck 10",
                 'B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1', 'A plays "Boost"', *answer]
        rows.append({"text": text, "ast": ast, "scenario": "\n".join(lines + [f"expect {e}" for e in exp]) + "\n"})
    return rows


KEYWORDS = [  # keyword abilities as cards print them (their scenarios are the keyword-* goldens)
    ("【AUTO】 Encore [(3)]", "auto encore to-waiting | cost 3 stock | optional"),
    ("【AUTO】 Encore [Put a character from your hand into your waiting room]", "auto encore to-waiting | cost 1 "
     "character(s) from hand | optional"),
    ("【AUTO】 Encore [(2) Put a character from your hand into your waiting room]",
     "auto encore to-waiting | cost 2 stock, 1 character(s) from hand | optional"),
    ("【AUTO】 Bond/\"Partner\" [(1)]", "auto bond placed | cost 1 stock | name Partner | optional | do "
     "Salvage(name='Partner', kind='card', optional=False)"),
    ("【AUTO】 Bond/“Old Friend” [(1)]", "auto bond placed | cost 1 stock | name Old Friend | optional | do "
     "Salvage(name='Old Friend', kind='card', optional=False)"),
    ("【ACT】 Backup 3000, Level 2 [(1) Put this card from your hand into your waiting room]",
     "act backup | cost 1 stock, this card from hand | gets +3000 power +0 soul | level 2"),
    ("【CONT】 Great Performance", "cont great performance"),
    ("【AUTO】 Shift, Level 1", "auto shift begin:main | level 1 | optional"),
    ("【AUTO】 Sunder/\"Twin\" [(1)]", "auto sunder begin:end-of-attack | cost 1 stock | if attacker | name Twin | "
     "optional | do SunderInto(name='Twin')"),
    ("If this card would be put from the stage into your waiting room, put it into your memory instead.",
     "replace | name memory"),
    ("【AUTO】 Encore [(3)] (When this card is put into your waiting room from the stage, you may pay the cost. If you "
     "do, draw 1 card)", None),
]
ENCORE = """game ws
turn 5, A, encore phase
A: deck 10, stock 3, hand 1
A hand: character "Spare" red, level 0, cost 0, 1000 power, soul 1
A CL: character "Left" red, level 0, cost 0, 3000 power, soul 1, reverse, effect "{text}"
B: deck 10
A chooses "Left: {text}"
A encores "Left"
expect "Left" on CL, "Left" rest
"""
# Encore as cards print it, with its reminder text (10.2.1): the character returns to its position rested (10.2.2);
# the card's own Encore is chosen over the one every reversed character has in the encore step (7.7, 8.5.1.2)
ENCORES = [
    ("【AUTO】 Encore [(3)] (When this card is put into your waiting room from the stage, you may pay the cost. If you "
     "do, return this card to its previous stage position as 【REST】)", "auto encore to-waiting | cost 3 stock | "
     "optional", ["A stock 0, waiting room 3"]),
    ("【AUTO】 Encore [Put 1 character from your hand into your waiting room] (When this card is put into your waiting "
     "room from the stage, you may pay the cost. If you do, return this card to its previous stage position as "
     "【REST】)", "auto encore to-waiting | cost 1 character(s) from hand | optional",
     ['"Spare" in waiting room', "A hand 0, stock 3"]),
    ("[AUTO] Encore [(3)]", "auto encore to-waiting | cost 3 stock | optional", ["A stock 0"]),
]


BATTLE = """game ws
assume unmentioned options are declined
turn 5, A, attack phase
A: deck 10, hand 1
A CM: character "Knight" red, level 1, cost 0, 4000 power, soul 1{knight}
A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1
A deck: character "Second" red, level 0, cost 0, 1000 power, soul 1
B: deck 10, level 1, stock 1, hand 2
B level: character "Old Lv" yellow, level 0, cost 0, 1000 power, soul 1
B CM: character "Guard" yellow, level 1, cost 0, 3000 power, soul 1{guard}
B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1
B deck: character "D2" blue, level 0, cost 0, 1000 power, soul 1
{helper}A attacks with "Knight", frontal attack
"""


def battles() -> list[dict]:
    """Texts that act in a frontal battle (7.2-7.6): Knight (4000) attacks Guard (3000), which is reversed in the
    battle step (7.5.1.2); the trigger check (7.4) reveals "Top" and the damage (7.?) puts "D1" into B's clock."""
    q = lambda t: t.replace('"', '\\"')  # noqa: E731
    rows = []
    for text, ast, on, exp in (
        ("【AUTO】 When this card's battle opponent becomes 【REVERSE】, draw 1 card.", f"auto opp-reversed | do {D1}",
         "knight", ['"Guard" reversed', "A hand 2"]),  # the trigger check's card goes to the stock (7.3)
        ("[AUTO] When this card's battle opponent becomes 【REVERSE】, put the top card of your deck into your stock.",
         "auto opp-reversed | do TopTo(zone='stock', n=1, optional=False)", "knight", ['"Guard" reversed', "A stock 2"]),
        ("【AUTO】 When this card becomes 【REVERSE】, draw 1 card.", f"auto reversed | do {D1}", "guard",
         ['"Guard" reversed', "B hand 3"]),
        ("【AUTO】 When this card becomes reversed, put the top card of your deck into your stock.",
         "auto reversed | do TopTo(zone='stock', n=1, optional=False)", "guard", ['"Guard" reversed', "B stock 2"]),
        ("【AUTO】 When this card attacks, this card gets +1 soul until end of turn.",
         "auto attacks | do Pump(who='self', power=0, soul=1)", "knight", ['"Knight" soul 2', "B clock 2"]),
        ("【ACT】 【COUNTER】 Backup 2500, Level 1 [(1) Put this card from your hand into your waiting room]",
         "act backup | cost 1 stock, this card from hand | gets +2500 power +0 soul | level 1", "helper",
         ['"Guard" power 5500, "Guard" stand', '"Knight" reversed', '"Helper" in waiting room', "B stock 0, hand 1"]),
        ("【ACT】 【COUNTER】 Backup 2500, Level 1 [(1) Put this card from your hand into your waiting room] (Choose 1 of "
         "your characters that is being frontal attacked, and that character gets +2500 power until end of turn)",
         "act backup | cost 1 stock, this card from hand | gets +2500 power +0 soul | level 1", "helper",
         ['"Guard" power 5500', '"Knight" reversed', "B stock 0"]),
        ("【ACT】【COUNTER】 Backup 2500, Level 1 [(1) Put this card from your hand into your waiting room] Choose 1 of "
         "your defending characters; it gets +2500 power until end of turn.",
         "act backup | cost 1 stock, this card from hand | gets +2500 power +0 soul | level 1", "helper",
         ['"Guard" power 5500', '"Knight" reversed']),
    ):
        effect = f', effect "{q(text)}"'
        helper = (f'B hand: character "Helper" yellow, level 1, cost 1, 1500 power, soul 1{effect}\n'
                  if on == "helper" else "")
        scn = BATTLE.format(knight=effect if on == "knight" else "", guard=effect if on == "guard" else "", helper=helper)
        if on == "helper":
            scn += 'B uses "Helper" backup\n'
        rows.append({"text": text, "ast": ast, "scenario": scn + "".join(f"expect {e}\n" for e in exp)})
    return rows


def keywords() -> list[dict]:
    rows = [{"text": t, "ast": a} if a else {"text": t, "refused": "understanding stopped at \"draw\""}
            for t, a in KEYWORDS]
    for text, ast, exp in ENCORES:
        scn = ENCORE.format(text=text.replace('"', '\\"'))
        rows.append({"text": text, "ast": ast, "scenario": scn + "".join(f"expect {e}\n" for e in exp)})
    return rows


# --- effects on the opponent's characters, looking at and searching the deck (issue 13, fourth session) ---------
# Expectations from the rules: the ability's master chooses (8.6.3) among the opponent's characters on the stage
# (2.3.2.1.2); a power/soul change lasts the turn (8.2.1.2); a character put into a zone leaves the stage (8.8.1).
# "Look at" takes the top cards one at a time (3.2.3, 4.8.1; "up to": the player may stop, 3.2.3.1); "choose up to
# 1" may take none (8.6.3.1.1); the rest goes to the waiting room. A search finds only described cards
# (8.6.3.1.4) and the deck is shuffled (3.2.4). Guard 3000 (CM) and Wing 2000 (CL) are B's; A's deck holds Top
# (trait Music), Second, Third on top.
OPP = "choose 1 of your opponent's characters"
REACH: list[tuple[str, str, list[str], list[str]]] = [  # effect text, summary, answers, expectations
    (f"{OPP}, and that character gets -1000 power until end of turn", "Pump(who='choose-opp', power=-1000, soul=0)",
     ['A chooses "Guard"'], ['"Guard" power 2000', '"Wing" power 2000']),
    (f"{OPP}, and that character gets -1 soul until end of turn", "Pump(who='choose-opp', power=0, soul=-1)",
     ['A chooses "Wing"'], ['"Wing" soul 0', '"Guard" soul 1']),
    (f"{OPP}; it gets -2000 power until end of turn", "Pump(who='choose-opp', power=-2000, soul=0)",
     ['A chooses "Guard"'], ['"Guard" power 1000']),
    (f"{OPP}, and that character gets +1000 power until end of turn", "Pump(who='choose-opp', power=1000, soul=0)",
     ['A chooses "Wing"'], ['"Wing" power 3000']),
    (f"{OPP}, and put it into your opponent's waiting room", "OppTo(zone='waiting_room', n=1)",
     ['A chooses "Guard"'], ['"Guard" in waiting room', '"Wing" on CL', "B waiting room 1"]),
    (f"{OPP}, and return it to your opponent's hand", "OppTo(zone='hand', n=1)", ['A chooses "Wing"'],
     ['"Wing" in hand', "B hand 1"]),
    (f"{OPP}, and return it to its owner's hand", "OppTo(zone='hand', n=1)", ['A chooses "Guard"'],
     ['"Guard" in hand', '"Wing" on CL']),
    (f"{OPP}, and return it to hand", "OppTo(zone='hand', n=1)", ['A chooses "Guard"'], ['"Guard" in hand']),
    (f"{OPP} and put it into your opponent's clock", "OppTo(zone='clock', n=1)", ['A chooses "Wing"'],
     ['"Wing" in clock', "B clock 1"]),
    ("look at up to 3 cards from the top of your deck, choose up to 1 card from among them, put it into your hand, "
     "and put the rest into your waiting room",
     "LookTake(n=3, up_to=True, select=Select(kind='card'), take=1, optional=True)",
     ["A chooses 2", 'A chooses "Second"'], ['"Second" in hand', '"Top" in waiting room', '"Third" in deck']),
    ("look at up to 4 cards from top of your deck, choose up to 1 card from among them, put it into your hand, and "
     "put the rest into your waiting room",
     "LookTake(n=4, up_to=True, select=Select(kind='card'), take=1, optional=True)",
     ["A chooses 1", 'A chooses "Top"'], ['"Top" in hand', '"Second" in deck']),
    ("look at the top 2 cards of your deck, choose up to 1 character from among them, put it into your hand, and "
     "put the rest into your waiting room",
     "LookTake(n=2, up_to=False, select=Select(kind='character'), take=1, optional=True)",
     ['A chooses "Top"'], ['"Top" in hand', '"Second" in waiting room']),
    ("look at the top 3 cards of your deck, choose up to 1 《Music》 character from among them, put it into your "
     "hand, and put the rest into your waiting room",
     "LookTake(n=3, up_to=False, select=Select(kind='character', trait='Music'), take=1, optional=True)",
     ['A chooses "Top"'], ['"Top" in hand', '"Second" in waiting room', '"Third" in waiting room']),
    ("look at the top 2 cards of your deck, choose up to 1 climax from among them, put it into your hand, and put "
     "the rest into your waiting room",
     "LookTake(n=2, up_to=False, select=Select(kind='climax'), take=1, optional=True)",
     [], ['"Top" in waiting room', '"Second" in waiting room']),
    ("look at the top 2 cards of your deck, choose up to 1 《Music》 character from among them, put it into your "
     "hand, and put the rest into your waiting room",
     "LookTake(n=2, up_to=False, select=Select(kind='character', trait='Music'), take=1, optional=True)",
     ["A chooses none"], ['"Top" in waiting room', '"Second" in waiting room']),
    ("search your deck for up to 1 《Music》 character, reveal it to your opponent, put it into your hand, and "
     "shuffle your deck", "Search(n=1, select=Select(kind='character', trait='Music'))", ['A chooses "Top"'],
     ['"Top" in hand', '"Second" in deck']),
    ("search your deck for up to 2 《Music》 characters, reveal them, put them into your hand, and shuffle your deck",
     "Search(n=2, select=Select(kind='character', trait='Music'))", ['A chooses "Top"'], ['"Top" in hand']),
    ("search your deck for up to 1 character, reveal it, put it into your hand, and shuffle your deck",
     "Search(n=1, select=Select(kind='character'))", ['A chooses "Third"'], ['"Third" in hand']),
    ("search your deck for up to 1 climax, reveal it to your opponent, put it into your hand, and shuffle your deck",
     "Search(n=1, select=Select(kind='climax'))", [], ['"Top" in deck', '"Second" in deck']),
]
REACH_FORMS = [  # how a card carries the effect: head, summary head, where the text is (ACT on the stage, event)
    ("【ACT】 [(1)] ", "act | cost 1 stock", "act"),
    ("[ACT] [(1) 【REST】 this card] ", "act | cost 1 stock, rest this card", "act"),
    ("", "effect", "event"),
    ("【AUTO】 When this card is placed on stage from your hand, ", "auto placed", "placed"),
    ("[AUTO] When this card attacks, ", "auto attacks", None),
    ("【AUTO】 【CXCOMBO】 When this card attacks, if \"Encore Stage\" is in your climax area, ", "auto attacks | if "
     "climax=encore stage", None),
]
REACH_FRAME = [
    "game ws", "turn 4, A, main phase", "A: deck 10, stock 2, hand {hand}",
    'A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1, trait "Music"',
    'A deck: character "Second" red, level 0, cost 0, 1000 power, soul 1',
    'A deck: character "Third" red, level 0, cost 0, 1000 power, soul 1',
    "B: deck 10, hand 0",
    'B CM: character "Guard" blue, level 0, cost 0, 3000 power, soul 1',
    'B CL: character "Wing" blue, level 0, cost 0, 2000 power, soul 1',
]


def reach() -> list[dict]:
    rows = []
    for k, (e_text, e_sum, answers, exp) in enumerate(REACH):
        for j, (head, h_sum, where) in enumerate(REACH_FORMS):
            body = e_text if head and not head.endswith("] ") else e_text[:1].upper() + e_text[1:]
            text = f"{head}{body}."
            row: dict = {"text": text, "ast": f"{h_sum} | do {e_sum}"}
            if where and (j + k) % 2 == 0:
                q = text.replace('"', '\\"')
                card = f'character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"'
                lines = [x.format(hand=1 if where != "act" else 0) for x in REACH_FRAME]
                if where == "act":
                    lines += [f"A CR: {card}", 'A uses "Tester"']
                elif where == "event":
                    lines += [f'A hand: event "Spell" red, level 0, cost 0, effect "{q}"', 'A plays "Spell"']
                else:
                    lines += [f"A hand: {card}", 'A plays "Tester" on CR']
                row["scenario"] = "\n".join(lines + answers + [f"expect {e}" for e in exp]) + "\n"
            rows.append(row)
    for text in (  # near misses: what the engine does not execute is refused at the word, never half done
        "【AUTO】 When this card attacks, choose 1 of your opponent's characters, and put it into your waiting room.",
        "【ACT】 [(1)] Choose 2 of your opponent's characters, and that character gets -1000 power until end of turn.",
        # (s11 bodies: "… and put the rest on the bottom of your deck in any order" is read and executed now, 4.8.1:
        # in S11B; a near miss of it stays)
        "Look at the top 3 cards of your deck, choose up to 1 card from among them, put it into your hand, and put "
        "the rest on the side of your deck in any order.",
        "Search your deck for up to 1 《Music》 character, reveal it to your opponent, put it into your hand.",
        # (s9-wsrealb: "… and put it on the bottom of your opponent's deck" is read and executed now, 3.2.1: in S9B)
        # (s18 body: "choose 1 of your opponent's characters in your opponent's center stage, and that character gets …" is
        # read and executed now, 3.6.3: in S18BODY)
    ):
        rows.append({"text": text, "refused": "understanding stopped at"})
    return rows


# Traits in selections (2.5.3): Tester (CM, 3000) and Buddy (CL, 2000) have the trait Music, Plain (CR, 2000) has
# none; a continuous gain applies while its card is on the stage (8.9.1); a choice is among the characters with the
# trait only (8.6.3).
TRAITS: list[tuple[str, str, list[str], list[str]]] = [  # text, summary, answers, expectations
    ("【CONT】 All of your 《Music》 characters get +500 power.", "cont | all 《Music》 +500 power +0 soul", [],
     ['"Tester" power 3500, "Buddy" power 2500, "Plain" power 2000']),
    ("【CONT】 All of your other 《Music》 characters get +1000 power.", "cont | others 《Music》 +1000 power +0 soul", [],
     ['"Tester" power 3000, "Buddy" power 3000, "Plain" power 2000']),
    ("【CONT】 During your turn, all of your other 《Music》 characters get +500 power and +1 soul.",
     "cont | if your-turn | others 《Music》 +500 power +1 soul", [], ['"Buddy" power 2500, "Buddy" soul 2',
                                                                      '"Plain" soul 1']),
    ("[CONT] All of your <<Music>> characters get +1 soul.", "cont | all 《Music》 +0 power +1 soul", [],
     ['"Tester" soul 2, "Buddy" soul 2, "Plain" soul 1']),
    ("【ACT】 [(1)] Choose 1 of your 《Music》 characters, and that character gets +1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, trait='Music')", ['A chooses "Buddy"'],
     ['"Buddy" power 3000, "Plain" power 2000']),
    ("【ACT】 [(1)] Choose 1 of your «Music» characters; it gets +1 soul until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-own', power=0, soul=1, trait='Music')", ['A chooses "Tester"'],
     ['"Tester" soul 2, "Plain" soul 1']),
    ("【ACT】 [(1)] All of your 《Music》 characters get +1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='all-own', power=1000, soul=0, trait='Music')", [],
     ['"Tester" power 4000, "Buddy" power 3000, "Plain" power 2000']),
    # counted gains (8.9.1): Tester counts Buddy (and itself for "your characters"); Plain has no trait
    ("【CONT】 For each of your other 《Music》 characters, this card gets +500 power.",
     "cont | self +500 power +0 soul | per others:Music", [], ['"Tester" power 3500, "Plain" power 2000']),
    ("【CONT】 For each of your other characters, this card gets +1000 power.",
     "cont | self +1000 power +0 soul | per others", [], ['"Tester" power 5000']),
    ("【CONT】 During your turn, for each of your 《Music》 characters, this card gets +1 soul.",
     "cont | if your-turn | self +0 power +1 soul | per all:Music", [], ['"Tester" soul 3']),
    ("【CONT】 This card gets +X power. X is equal to the number of your 《Music》 characters ×1000.",
     "cont | self +1000 power +0 soul | per all:Music", [], ['"Tester" power 5000']),
    ("【CONT】 This card gets +X power. X is equal to the number of your other 《Music》 characters ×500.",
     "cont | self +500 power +0 soul | per others:Music", [], ['"Tester" power 3500']),
    ("[CONT] For each of your other <<Music>> characters, all of your other characters get +500 power.",
     "cont | others +500 power +0 soul | per others:Music", [], ['"Buddy" power 2500, "Plain" power 2500']),
    ("【CONT】 This card gets +X soul. X is equal to the number of your other characters ×1.",
     "cont | self +0 power +1 soul | per others", [], ['"Tester" soul 3']),
    # "+X … until end of turn": X counted once as it resolves (8.8.1)
    ("【ACT】 [(1)] This card gets +X power until end of turn. X is equal to the number of your other characters ×500.",
     "act | cost 1 stock | do Pump(who='self', power=500, soul=0, per='others')", [], ['"Tester" power 4000']),
    ("【ACT】 [(1)] All of your characters get +X power until end of turn. X is equal to the number of your 《Music》 "
     "characters ×1000.", "act | cost 1 stock | do Pump(who='all-own', power=1000, soul=0, per='all:Music')", [],
     ['"Tester" power 5000, "Buddy" power 4000, "Plain" power 4000']),
    ("【ACT】 [(1)] This card gets +X soul until end of turn. X is equal to the number of your other 《Music》 "
     "characters ×1.", "act | cost 1 stock | do Pump(who='self', power=0, soul=1, per='others:Music')", [],
     ['"Tester" soul 2']),
    ("【ACT】 [(1)] Choose 1 of your 《Idol》 characters, and that character gets +1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, trait='Idol')", [],
     ['"Tester" power 3000, "Buddy" power 2000, "Plain" power 2000', "A stock 0"]),
]


def traits() -> list[dict]:
    rows = []
    for text, ast, answers, exp in TRAITS:
        q = text.replace('"', '\\"')
        lines = ["game ws", "turn 4, A, main phase", "A: deck 10, stock 1",
                 f'A CM: character "Tester" red, level 0, cost 0, 3000 power, soul 1, trait "Music", effect "{q}"',
                 'A CL: character "Buddy" red, level 0, cost 0, 2000 power, soul 1, trait Music',
                 'A CR: character "Plain" red, level 0, cost 0, 2000 power, soul 1', "B: deck 10"]
        if "ACT" in text:
            lines.append('A uses "Tester"')
        rows.append({"text": text, "ast": ast, "scenario": "\n".join(lines + answers + [f"expect {e}" for e in exp])
                     + "\n"})
    for text in ("【CONT】 Assist All of your 《Music》 characters get +500 power.",
                 "【ACT】 [(1)] Choose 1 of your defending 《Music》 characters; it gets +1000 power until end of turn.",
                 "【CONT】 All of your 《Music》 characters in front of this card get +500 power.",
                 "【AUTO】 When this card attacks, all of your other characters get +X power until end of turn. X is "
                 "equal to the number of your other characters ×500.",
                 "【CONT】 Memory For each of your other characters, this card gets +500 power.",
                 "【CONT】 This card gets +X power. X is equal to the number of cards in your hand ×500."):
        rows.append({"text": text, "refused": "understanding stopped at"})
    return rows


# costs that put cards of a kind from the hand into the waiting room (8.4.1, 8.4.2; in the order written, 8.4.2.1).
# Frame: A's hand is "Spare" (a character), "Singer" (a 《Music》 character) and "Peak" (a climax); A uses "Tester".
HAND_COSTS = [  # text, summary, answers, expectations
    ("【ACT】 [(1) Put 1 card from your hand into your waiting room] Draw 1 card.",
     "act | cost 1 stock, 1 card(s) from hand | do Draw(n=1, optional=False)", ['A chooses "Peak"'],
     ['"Peak" in waiting room', '"Spare" in hand', '"Singer" in hand', "A hand 3, stock 1"]),
    ("【ACT】 [Put 1 climax from your hand into your waiting room] This card gets +1500 power until end of turn.",
     "act | cost 1 climax(s) from hand | do Pump(who='self', power=1500, soul=0)", [],
     ['"Peak" in waiting room', '"Tester" power 4500', "A hand 2, stock 2"]),
    ("【ACT】 [(1) Put 1 《Music》 character from your hand into your waiting room] Draw 1 card.",
     "act | cost 1 stock, 1 《Music》 character(s) from hand | do Draw(n=1, optional=False)", [],
     ['"Singer" in waiting room', '"Spare" in hand', "A hand 3, stock 1"]),
    ("【ACT】 [Put 1 card from your hand into your waiting room & Put this card into your waiting room] Draw 1 card.",
     "act | cost 1 card(s) from hand, put this card into the waiting room | do Draw(n=1, optional=False)",
     ['A chooses "Spare"'], ['"Spare" in waiting room', '"Tester" in waiting room', "A hand 3"]),
    ("【ACT】 [Put 2 cards from your hand into your waiting room] Draw 2 cards.",
     "act | cost 2 card(s) from hand | do Draw(n=2, optional=False)", ['A chooses "Spare"', 'A chooses "Peak"'],
     ['"Spare" in waiting room', '"Peak" in waiting room', '"Singer" in hand', "A hand 3"]),
]


def hand_costs() -> list[dict]:
    rows = []
    for text, ast, answers, exp in HAND_COSTS:
        q = text.replace('"', '\\"')
        lines = ["game ws", "turn 4, A, main phase", "A: deck 10, stock 2, hand 3",
                 'A hand: character "Spare" red, level 0, cost 0, 1000 power, soul 1',
                 'A hand: character "Singer" red, level 0, cost 0, 1000 power, soul 1, trait Music',
                 'A hand: climax "Peak" red',
                 f'A CM: character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"', "B: deck 10",
                 'A uses "Tester"', *answers]
        rows.append({"text": text, "ast": ast, "scenario": "\n".join(lines + [f"expect {e}" for e in exp]) + "\n"})
    rows.append({"text": "【AUTO】 [(1) Put 1 card from your hand into your waiting room] When this card attacks, you may "
                 "pay the cost. If you do, draw 1 card.",
                 "ast": "auto attacks | cost 1 stock, 1 card(s) from hand | do Draw(n=1, optional=False)"})
    rows.append({"text": "【ACT】 [Put 1 card from your hand into your waiting room & Put 1 climax from your hand into "
                 "your waiting room] Draw 1 card.", "refused": "two kinds of cards from your hand"})
    return rows


# "you may" before a heal or a choice in the waiting room: the player says whether (8.6.3); a trait narrows the
# choice (2.5.3). Frame: A's clock holds "Hurt", A's waiting room "Lost" (no trait) and "Muse" (《Music》).
MAY_CHOICES = [  # text, summary, answers, expectations
    ("【ACT】 [(1)] You may put the top card of your clock into your waiting room.",
     "act | cost 1 stock | do Heal(may=True)", ["A chooses yes"],
     ['"Hurt" in waiting room', "A clock 0, stock 1"]),
    ("【ACT】 [(1)] You may put the top card of your clock into your waiting room.",
     "act | cost 1 stock | do Heal(may=True)", ["A chooses no"], ['"Hurt" in clock', "A clock 1, stock 1"]),
    ("【ACT】 [(1)] You may choose 1 《Music》 character in your waiting room, and return it to your hand.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, trait='Music', may=True)",
     ['A chooses "Muse"'], ['"Muse" in hand', '"Lost" in waiting room', "A hand 1, stock 1"]),
    ("【ACT】 [(1)] You may choose 1 《Music》 character in your waiting room, and return it to your hand.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, trait='Music', may=True)",
     ["A chooses none"], ['"Muse" in waiting room', "A hand 0, stock 1"]),
    ("【ACT】 [(1)] Choose 1 《Music》 character in your waiting room, and return it to your hand.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, trait='Music')", [],
     ['"Muse" in hand', '"Lost" in waiting room', "A hand 1"]),
]


def may_choices() -> list[dict]:
    rows = []
    for text, ast, answers, exp in MAY_CHOICES:
        q = text.replace('"', '\\"')
        lines = ["game ws", "turn 4, A, main phase", "A: deck 10, stock 2, clock 1, waiting room 2",
                 'A clock: character "Hurt" red, level 0, cost 0, 1000 power, soul 1',
                 'A waiting_room: character "Lost" red, level 0, cost 0, 1000 power, soul 1',
                 'A waiting_room: character "Muse" red, level 0, cost 0, 1000 power, soul 1, trait Music',
                 f'A CM: character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"', "B: deck 10",
                 'A uses "Tester"', *answers]
        rows.append({"text": text, "ast": ast, "scenario": "\n".join(lines + [f"expect {e}" for e in exp]) + "\n"})
    rows.append({"text": "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 《Music》 "
                 "character in your waiting room, and return it to your hand.",
                 "ast": "auto placed | do Salvage(name=None, kind='character', optional=False, trait='Music', may=True)"})
    rows.append({"text": "【ACT】 [(1)] Put the top three cards of your deck into your waiting room.",
                 "ast": "act | cost 1 stock | do TopTo(zone='waiting_room', n=3, optional=False)",
                 "scenario": "\n".join(["game ws", "turn 4, A, main phase", "A: deck 10, stock 2",
                                        'A CM: character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect '
                                        '"【ACT】 [(1)] Put the top three cards of your deck into your waiting room."',
                                        *[f'A deck: character "T{i}" red, level 0, cost 0, 1000 power, soul 1'
                                          for i in (1, 2, 3)],
                                        "B: deck 10", 'A uses "Tester"', "expect A deck 7, waiting room 4, stock 1",
                                        'expect "T1" in waiting room, "T2" in waiting room, "T3" in waiting room'])
                 + "\n"})
    rows.append({"text": "【AUTO】 When this card attacks, you may put the top card of your clock into your waiting room.",
                 "ast": "auto attacks | do Heal(may=True)"})
    return rows


# "When you use this card's "Backup"" (8.1.1.2.1, 10.5), "if you have a 《T》 character" (2.3.2.1.2, 2.5.3), "choose 1 of
# your characters in battle" (7.2.1.5.1): executed by the goldens tests/scenarios/ws/backup-used-trigger*.scn, whose
# expect lines were written from the rules first
BACKUP_USED = ("【AUTO】 When you use this card's \"Backup\", if you have a 《Music》 character, choose 1 of your characters "
               "in battle, and that character gets +1000 power until end of turn.")


def backup_used() -> list[dict]:
    scn = OUT.parents[1] / "scenarios" / "ws"
    rows = [{"text": BACKUP_USED, "ast": "auto backup-used | if have-trait=Music | do Pump(who='choose-battle', "
             "power=1000, soul=0)", "scenario": (scn / name).read_text(encoding="utf-8")}
            for name in ("backup-used-trigger.scn", "backup-used-trigger-no-trait.scn")]
    rows.append({"text": "【AUTO】 When you use this card's \"Backup\", this card gets +1 soul until end of turn.",
                 "ast": "auto backup-used | do Pump(who='self', power=0, soul=1)"})
    rows.append({"text": "【AUTO】 When you use this card's \"Assist\", draw 1 card.",
                 "refused": "names the Backup keyword"})
    rows.append({"text": "【ACT】 [(1)] Choose 1 of your defending characters in battle, and that character gets +1000 "
                 "power until end of turn.", "refused": "is always in battle"})
    return rows


# --- s5-wsreal-a: the ability frame as real cards print it -----------------------------------------------------
# Conditions (the character facing this card, 3.6.5; the opponent's turn, 6.1.1; counts of your characters, 2.3.2.1.2;
# "all of your characters are 《T》"; the hand, 3.3.1), trait alternatives "《A》 or 《B》" (2.5.3), timings on your
# other characters and your climax (8.7.2), a counted gain written after it (8.9.1). Each executed by the goldens
# tests/scenarios/ws/frame-*.scn, whose expect lines were written from the rules first.
FACING = ("【AUTO】 When this card attacks, if the character facing this card is level 3 or higher, this card gets +6000 "
          "power until end of turn.")
FOR_EACH_OPP = ("【CONT】 During your opponent's turn, this card gets +1500 power for each of your other 《Avatar》 or "
                "《Net》 characters.")
HAVE_N = "【CONT】 If you have 2 or more other 《Familia》 or 《Guild》 characters, this card gets +2000 power."
ALL_TRAIT = "【CONT】 During your turn, if all of your characters are 《hololive》, this card gets +2000 power."
HAND_AT_MOST = ("【AUTO】 【CXCOMBO】 When this card attacks, if \"Sun\" is in your climax area, and your hand has 1 or "
                "less cards, this card gets +1000 power until end of turn.")
YOUR_CLIMAX = ("【AUTO】 When your climax is placed on your climax area, choose 1 of your characters, and that character "
               "gets +1000 power until end of turn.")
OTHER_ATTACKS = ("【AUTO】 When your other 《Familia》 or 《Guild》 character attacks, this card gets +1000 power until end "
                 "of turn.")
OTHER_REVERSED = ("【AUTO】 When your other 《Magic》 or 《Weapon》 character becomes 【REVERSE】 in battle, choose one of your "
                  "characters, and that character gets +500 power until end of turn.")
FRAME = [  # text, summary, goldens that execute it
    (FACING, "auto attacks | if facing-level=3+ | do Pump(who='self', power=6000, soul=0)",
     ("frame-facing-level.scn", "frame-facing-level-lower.scn")),
    (FOR_EACH_OPP, "cont | if opp-turn | self +1500 power +0 soul | per others:Avatar》 or 《Net",
     ("frame-cont-for-each-opp-turn.scn", "frame-cont-for-each-own-turn.scn")),
    (HAVE_N, "cont | if have-at-least=2 others:Familia》 or 《Guild | self +2000 power +0 soul",
     ("frame-cont-have-at-least.scn",)),
    (ALL_TRAIT, "cont | if your-turn, all-trait=hololive | self +2000 power +0 soul", ("frame-cont-all-trait.scn",)),
    (HAND_AT_MOST, "auto attacks | if climax=sun, hand-at-most=1 | do Pump(who='self', power=1000, soul=0)",
     ("frame-hand-at-most.scn", "frame-hand-at-most-more.scn")),
    (YOUR_CLIMAX, "auto your-climax-placed | do Pump(who='choose-own', power=1000, soul=0)",
     ("frame-your-climax-placed.scn",)),
    (OTHER_ATTACKS, "auto other-attacks:Familia》 or 《Guild | do Pump(who='self', power=1000, soul=0)",
     ("frame-other-attacks.scn",)),
    (OTHER_REVERSED, "auto other-reversed:Magic》 or 《Weapon | do Pump(who='choose-own', power=500, soul=0)",
     ("frame-other-reversed.scn",)),
]
ASSIST_LEVEL = ("【CONT】 Assist All of your characters in front of this card get +X power. X is equal to that "
                "character's level ×500.")
NAMED = "【CONT】 All of your other cards named \"Asuna\" get +2000 power."
PER_TURN = ("【AUTO】 This ability activates up to 1 time per turn. When your other character attacks, this card gets "
            "+1000 power until end of turn.")
ACT_USED = ("【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】, this card gets +X power until "
            "end of turn. X is equal to the number of 《hololive》 characters you have ×500.")
LEVEL_COLOURS = ("【AUTO】 [(1)] When this card attacks, if your level has a yellow card and a blue card, you may pay the "
                 "cost. If you do, deal 1 damage to your opponent. (Damage may be canceled)")
FRAME += [
    (ASSIST_LEVEL, "cont assist | front +500 power +0 soul | per level", ("frame-assist-level.scn",)),
    (NAMED, "cont | others +2000 power +0 soul | name Asuna", ("frame-cont-named.scn",)),
    (PER_TURN, "auto other-attacks | limit 1 | do Pump(who='self', power=1000, soul=0)", ("frame-per-turn-limit.scn",)),
    (ACT_USED, "auto act-used | limit 1 | do Pump(who='self', power=500, soul=0, per='all:hololive')",
     ("frame-act-used.scn",)),
    (LEVEL_COLOURS, "auto attacks | cost 1 stock | if level-colours=yellow,blue | do Damage(n=1)",
     ("frame-level-colours.scn", "frame-level-colours-missing.scn")),
]
BOND_REMINDED = ("【AUTO】 Bond/\"\"Ghost\" Fumi\" [(1)] (When this card is played and placed on the stage, you may pay "
                 "the cost. If you do, choose 1 \"\"Ghost\" Fumi\" in your waiting room, and return it to your hand)")
FRAME += [(BOND_REMINDED, "auto bond placed | cost 1 stock | name \"Ghost\" Fumi | optional | do Salvage(name="
           "'\"Ghost\" Fumi', kind='card', optional=False)", ("frame-bond-reminder.scn",))]
FRAME += [
    ("【AUTO】 During your turn, when your other character's battle opponent becomes 【REVERSE】, this card gets +2000 "
     "power until end of turn.", "auto other-opp-reversed | if your-turn | do Pump(who='self', power=2000, soul=0)",
     ("frame-during-other-opp-reversed.scn",)),
    ("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +X power until end of turn. "
     "X is equal to the number of other 《KAN-SEN》 characters you have ×500.",
     "auto attacks | do Pump(who='choose-own', power=500, soul=0, per='others:KAN-SEN')", ("frame-choose-x.scn",)),
    ("【AUTO】 When a climax is put on your climax area, this card gets +X power until end of turn. X is equal to 500 "
     "multiplied by the number of 《Avatar》 or 《Net》 characters you have.",
     "auto your-climax-placed | do Pump(who='self', power=500, soul=0, per='all:Avatar》 or 《Net')",
     ("frame-x-multiplied.scn",)),
    ("【CONT】 During your opponent's turn, if you have another card named \"Ram\", this card gets +2000 power.",
     "cont | if opp-turn, have-named=Ram | self +2000 power +0 soul", ("frame-have-named.scn",
                                                                      "frame-have-named-missing.scn")),
]
FRAME += [
    ("【CONT】 Your other 《Music》 character in the middle position of the center stage gets +1500 power.",
     "cont | others 《Music》 +1500 power +0 soul | at CM", ("frame-middle-position.scn",)),
    ("【CONT】 This card gets +2000 power for each other 《KAN-SEN》 character in your back stage.",
     "cont | self +2000 power +0 soul | per others-back:KAN-SEN", ("frame-back-stage-count.scn",)),
    ("【CONT】 Assist All of your level 3 or higher characters in front of this card get +2000 power.",
     "cont assist | front +2000 power +0 soul | min-level 3", ("frame-assist-min-level.scn",)),
    ("【AUTO】 When this card is placed on the stage from your hand, if the number of climax in your opponent's waiting "
     "room is three or more, 【REST】 this card.", "auto placed | if climax-in-waiting=opponent 3 | do Rest(who='self')",
     ("frame-climax-count-rest.scn", "frame-climax-count-stand.scn")),
]
FRAME += [
    ("【ACT】 Brainstorm [(1) 【REST】 2 of your characters] Flip over 4 cards from the top of your deck, and put them into "
     "your waiting room. For each climax revealed among those cards, choose up to 1 character in your waiting room, and "
     "return it to your hand.", "act brainstorm | cost 1 stock, rest 2 of your characters | do Brainstorm(n=4, then="
     "Salvage(name=None, kind='character', optional=True))", ("frame-brainstorm-rest-cost.scn",)),
]
FRAME += [
    ("【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle opponent is higher than your "
     "opponent's level, put the top card of your deck into your stock.", "auto reversed | if battle-opp-above-level | "
     "do TopTo(zone='stock', n=1, optional=False)", ("frame-battle-opponent.scn",)),
    ("【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is cost 0 or lower, put the top card of "
     "your deck into your stock.", "auto reversed | if battle-opp-cost=0- | do TopTo(zone='stock', n=1, optional=False)",
     ("frame-battle-opponent-cost.scn",)),
    ("【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level 2 or higher, put the top card of "
     "your deck into your stock.", "auto reversed | if battle-opp-level=2+ | do TopTo(zone='stock', n=1, optional=False)",
     ("frame-battle-opponent-level.scn",)),
    ("【AUTO】 When this card is frontal attacked, this card gets +3000 power until end of turn.",
     "auto frontal-attacked | do Pump(who='self', power=3000, soul=0)",
     ("frame-frontal-attacked.scn", "frame-frontal-attacked-side.scn")),
]
# the same constructions in the other wordings cards print (read as the lines above execute them)
FRAME_WORDINGS = [
    ("【AUTO】 When this card attacks, if the character facing this card is level 2, this card gets +1 soul until end of "
     "turn.", "auto attacks | if facing-level=2 | do Pump(who='self', power=0, soul=1)"),
    ("【AUTO】 When this card attacks, if the character facing this card is level 1 or lower, draw 1 card.",
     "auto attacks | if facing-level=1- | do Draw(n=1, optional=False)"),
    ("【AUTO】 When a climax is placed on your climax area, this card gets +1000 power until end of turn.",
     "auto your-climax-placed | do Pump(who='self', power=1000, soul=0)"),
    ("【AUTO】 When this card becomes 【REVERSE】 in battle, put the top card of your deck into your stock.",
     "auto reversed | do TopTo(zone='stock', n=1, optional=False)"),
    ("【CONT】 This card gets +1000 power for each of your other 《Music》 characters.",
     "cont | self +1000 power +0 soul | per others:Music"),
    ("【CONT】 If you have another 《Quintuplets》 character, this card gets +1000 power.",
     "cont | if have-at-least=1 others:Quintuplets | self +1000 power +0 soul"),
    ("【CONT】 All of your other 《Avatar》 or 《Net》 characters get +500 power.",
     "cont | others 《Avatar》 or 《Net》 +500 power +0 soul"),
    ("【AUTO】 [(1)] When this card attacks, if a card named \"Fairy Dance\" is in your climax area, you may pay the "
     "cost. If you do, draw 1 card.", "auto attacks | cost 1 stock | if climax=fairy dance | do Draw(n=1, optional=False)"),
    ("【CONT】 Experience If the total level of the cards in your level is 6 or higher, this card gets +1500 power.",
     "cont experience | if level=6 | self +1500 power +0 soul"),
    ("【AUTO】 When this card is placed on the stage from your hand, if you have 2 or more other 《Music》 characters, "
     "and your hand has 3 or less cards, draw 1 card.",
     "auto placed | if have-at-least=2 others:Music, hand-at-most=3 | do Draw(n=1, optional=False)"),
    ("【CONT】 Assist All of your characters in front of this card get +X power. X is equal to 500 multiplied by that "
     "character's level.", "cont assist | front +500 power +0 soul | per level"),
    ("【AUTO】 When you use an 【ACT】, this card gets +X power until end of turn. X is equal to the number of other "
     "《hololive》 characters you have ×500.",
     "auto act-used | do Pump(who='self', power=500, soul=0, per='others:hololive')"),
    ("【AUTO】 Bond/\"Cool Character, Kurami\" [Put the top card of your deck into your clock] (When this card is "
     "played and placed on stage, you may pay the cost. If you do, choose 1 \"Cool Character, Kurami\" in your waiting "
     "room, and return it to your hand)", "auto bond placed | cost the top 1 card(s) of the deck into the clock | name "
     "Cool Character, Kurami | optional | do Salvage(name='Cool Character, Kurami', kind='card', optional=False)"),
    # Bond's reminder chooses the Bond's own card (10.4.2)
    ("【AUTO】 Bond/\"Friend\" [(1)] (When this card is played and placed on the stage, you may pay the cost. If you do, "
     "choose 1 \"Other\" in your waiting room, and return it to your hand)", "chooses the Bond's own card"),
    # before the timing only a turn condition is read (the others are looked at after it)
    ("【AUTO】 If you have 2 or more other characters, when this card attacks, draw 1 card.",
     "before the timing the engine reads"),
    ("【ACT】 Brainstorm [(1) 【REST】 this card] Flip over 4 cards from the top of your deck, and put them into your "
     "waiting room. For each climax revealed among those cards, search your deck for up to 1 《hololive》 character, "
     "reveal it to your opponent, put it into your hand, and shuffle your deck.",
     "act brainstorm | cost 1 stock, rest this card | do Brainstorm(n=4, then=Search(n=1, select=Select(kind="
     "'character', trait='hololive')))"),
    # a one-shot gain reaches this card, a chosen character or all of your characters: a level filter is refused
    ("【AUTO】 When this card attacks, all of your level 3 or higher characters in front of this card get +2000 power "
     "until end of turn.", "until end of turn, this card, 1 of your characters or all of your characters"),
    # the damage reminder follows a damage sentence only
    ("【AUTO】 When this card attacks, draw 1 card. (Damage may be canceled)", "follows a sentence that deals damage"),
    # a continuous gain has no duration: "until end of turn" is a one-shot's (8.2.1.2), refused where it stands
    ("【CONT】 During your opponent's turn, this card gets +1500 power until end of turn.", "one-shot sentences are an event's text or an 【ACT】 ability's, not 【CONT】"),
]


# attacks in A's attack phase, executed inline: text, summary, frame lines, answers, expectations
FRAME_ATTACKS = [
    # 8.7.2: "Buddy" (no trait named: any of A's other characters) attacks, Tester gets +500 until end of turn
    ("【AUTO】 When your other character attacks, this card gets +500 power until end of turn.",
     "auto other-attacks | do Pump(who='self', power=500, soul=0)", ["A: deck 10"], ['A attacks with "Buddy"'],
     ['"Tester" power 3500', "cited 8.7.2"]),
    # Memory (10.9): A has 3 cards in memory, pays (1)(1) and deals 1 damage ("D1", no climax) before the trigger
    # step; the direct attack (7.2.1.4.1: +1 soul) deals 2 more (7.5.1.2): B clock 3; the trigger card goes to the
    # stock (7.3.1.2): A stock 2 - 2 + 1
    ("【AUTO】 Memory [(2)] When this card attacks, if your memory has 3 or more cards, you may pay the cost. If you "
     "do, deal 1 damage to your opponent.", "auto memory attacks | cost 2 stock | if memory=3 | do Damage(n=1)",
     ["A: deck 10, memory 3, stock 2"], ['A attacks with "Tester"', "A chooses pay"],
     ["A stock 1", "B clock 3", '"D1" in clock']),
    # 8.7.2: "Hero" (《MARVEL》) attacks: the ability activates, once of its two a turn; Tester 4000
    ("【AUTO】 This ability activates up to 2 times per turn. When your other 《MARVEL》 character attacks, this card "
     "gets +1000 power until end of turn.", "auto other-attacks:MARVEL | limit 2 | do Pump(who='self', power=1000, "
     "soul=0)", ["A: deck 10", 'A CR: character "Hero" red, level 0, cost 0, 1000 power, soul 1, trait MARVEL'],
     ['A attacks with "Hero"'], ['"Tester" power 4000', "cited 8.7.2, 2.5.3"]),
    # Experience (10.10): a yellow, a red and a blue card in A's level (3.9.1); A pays (2) and deals 2 damage before
    # the trigger step, the direct attack 2 more (7.2.1.4.1): B clock 4; A stock 2 - 2 + 1 (the trigger card)
    ("【AUTO】 Experience [(2)] When this card attacks, if your level has a yellow card, a red card, and a blue card, "
     "you may pay the cost. If you do, deal 2 damage to your opponent. (Damage may be canceled)",
     "auto experience attacks | cost 2 stock | if level-colours=yellow,red,blue | do Damage(n=2)",
     ["A: deck 10, stock 2, level 3", *[f'A level: character "L{c}" {c}, level 0, cost 0, 1000 power, soul 1'
                                          for c in ("yellow", "red", "blue")]],
     ['A attacks with "Tester"', "A chooses pay"], ["A stock 1", "B clock 4", "cited 3.9.1"]),
]


def _with_goldens(lines: list[tuple[str, str, str]]) -> list[dict]:
    """Corpus lines from (golden under tests/scenarios/ws that executes the text, or "" for none; text; summary): the
    golden's own text is the line's scenario."""
    scn = OUT.parents[1] / "scenarios" / "ws"
    return [{"text": text, "ast": ast, **({"scenario": (scn / name).read_text(encoding="utf-8")} if name else {})}
            for name, text, ast in lines]


def _frame_attack(text: str, frame: list[str], answers: list[str], exp: list[str]) -> str:
    q = text.replace('"', '\\"')
    lines = ["game ws", "assume unmentioned options are declined", "turn 5, A, attack phase", *frame,
             f'A CM: character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"',
             'A CL: character "Buddy" red, level 0, cost 0, 2000 power, soul 1',
             'A deck: character "T1" red, level 0, cost 0, 1000 power, soul 1', "B: deck 10",
             'B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1',
             *[f'B deck: character "D{i}" blue, level 0, cost 0, 1000 power, soul 1' for i in (2, 3, 4)], *answers]
    return "\n".join(lines + [f"expect {e}" for e in exp]) + "\n"


def frame_real() -> list[dict]:
    scn = OUT.parents[1] / "scenarios" / "ws"
    rows = [{"text": text, "ast": ast, "scenario": (scn / name).read_text(encoding="utf-8")}
            for text, ast, names in FRAME for name in names]
    rows += [{"text": text, "ast": ast, "scenario": _frame_attack(text, frame, answers, exp)}
             for text, ast, frame, answers, exp in FRAME_ATTACKS]
    rows += [{"text": text, "ast": ast} if ast.startswith(("auto ", "cont ", "act ")) else {"text": text, "refused": ast}
             for text, ast in FRAME_WORDINGS]
    return rows
# --- end of the s5-wsreal-a block


# --- effect actions of real card texts (issue 13): selections with "other" and trait alternatives (2.5.3), the
# opponent's "their hand", a climax from the waiting room, effects chained in a sentence (8.8.1), revealing the top
# card (4.9.1) with "If that card is …" and its reminder. Frame: A's deck top "Top" (level 0, 《Idol》), A's waiting
# room "Lost" (no trait), "Muse" (《Music》), "Peak" (a climax); "Tester" on CM, "Buddy" (《Music》) on CL, B's "Foe"
# on CM. Expectations from the rules: a choice that can be made must be (8.6.3.1), the only option is taken.
EFFECT_ACTIONS = [  # text, summary, answers, expectations
    ("【ACT】 [(1)] Choose 1 of your other characters, and that character gets +1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, other=True)", [],
     ['"Buddy" power 3000, "Tester" power 3000']),
    ("【ACT】 [(1)] Choose 1 of your other 《Music》 characters, and that character gets +1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, trait='Music', other=True)", [],
     ['"Buddy" power 3000, "Tester" power 3000']),
    ("【ACT】 [(1)] Choose 1 of your opponent's characters, and return it to their hand.",
     "act | cost 1 stock | do OppTo(zone='hand', n=1)", [], ['"Foe" in hand', "B hand 1"]),
    ("【ACT】 [(1)] Choose 1 climax in your waiting room, and return it to your hand.",
     "act | cost 1 stock | do Salvage(name=None, kind='climax', optional=False)", [],
     ['"Peak" in hand, "Lost" in waiting room', "A hand 1"]),
    ("【ACT】 [(1)] Choose 1 《Idol》 or 《Music》 character in your waiting room, and return it to your hand.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, trait='Idol》 or 《Music')", [],
     ['"Muse" in hand, "Lost" in waiting room', "A hand 1"]),
    ("【ACT】 [(1)] Reveal the top card of your deck. If that card is a level 0 or lower character, put it into your "
     "stock. (Otherwise, return it to its original place)",
     "act | cost 1 stock | do RevealTop(select=Select(kind='character', level='<=0'), then=(RevealedTo(zone='stock')))",
     [], ['"Top" in stock', "A stock 2, deck 9"]),
    ("【ACT】 [(1)] Reveal the top card of your deck. If that card is an 《Idol》 or 《Music》 character, choose 1 of your "
     "characters, and that character gets +2000 power until end of turn. (Return the revealed card to its original "
     "place)", "act | cost 1 stock | do RevealTop(select=Select(kind='character', trait='Idol》 or 《Music'), "
     "then=(Pump(who='choose-own', power=2000, soul=0)))", ['A chooses "Buddy"'],
     ['"Buddy" power 4000, "Tester" power 3000', '"Top" in deck', "A deck 10"]),
    ("【ACT】 [(1)] Reveal the top card of your deck. If that card is level 1 or higher, draw 1 card. (Climax are "
     "regarded as level 0. Return the revealed card to its original place)",
     "act | cost 1 stock | do RevealTop(select=Select(kind='card', level='>=1'), then=(Draw(n=1, optional=False)))",
     [], ['"Top" in deck', "A deck 10, hand 0"]),
    ("【ACT】 [(1)] Put the top card of your deck into your clock, and this card gets +1000 power until end of turn.",
     "act | cost 1 stock | do TopTo(zone='clock', n=1, optional=False); Pump(who='self', power=1000, soul=0)", [],
     ['"Top" in clock', '"Tester" power 4000', "A clock 1"]),
    # "up to one" (8.6.3.1.1), a card chosen by its name, into the stock; the chosen card shown to the opponent
    ("【ACT】 [(1)] Choose up to one 《Music》 character in your waiting room, and put it into your stock.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=True, trait='Music', to='stock')",
     ['A chooses "Muse"'], ['"Muse" in stock, "Lost" in waiting room', "A stock 2, hand 0"]),
    ("【ACT】 [(1)] Choose up to 1 \"Lost\" in your waiting room, return it to your hand, and this card gets +1000 power "
     "until end of turn.",
     "act | cost 1 stock | do Salvage(name='Lost', kind='card', optional=True); Pump(who='self', power=1000, soul=0)",
     ['A chooses "Lost"'], ['"Lost" in hand, "Muse" in waiting room', '"Tester" power 4000']),
    ("【ACT】 [(1)] Look at up to 3 cards from the top of your deck, choose up to 1 《Idol》 character from among them, "
     "reveal it to your opponent, put it into your hand, and put the rest into your waiting room.",
     "act | cost 1 stock | do LookTake(n=3, up_to=True, select=Select(kind='character', trait='Idol'), take=1, "
     "optional=True, reveal=True)", ["A chooses 1", 'A chooses "Top"'], ['"Top" in hand', "A hand 1, deck 9"]),
    # a colour (2.4), the bottom of the deck, 【REST】 as an effect
    ("【ACT】 [(1)] Choose up to one blue card in your waiting room, put it into your stock, and all of your characters "
     "get +1 soul until end of turn.", "act | cost 1 stock | do Salvage(name=None, kind='card', optional=True, "
     "to='stock', color='blue'); Pump(who='all-own', power=0, soul=1)", ['A chooses "Azure"'],
     ['"Azure" in stock, "Lost" in waiting room', '"Tester" soul 2, "Buddy" soul 2', "A stock 2"]),
    ("【ACT】 [(1)] Choose 1 《Idol》 or 《Music》 character in your waiting room, and put it at the bottom of your deck.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, trait='Idol》 or 《Music', "
     "to='deck_bottom')", [], ['"Muse" in deck, "Top" in deck', "A deck 11, hand 0"]),
    # Brainstorm as real cards word it: "Flip over 4 cards from the top of your deck" (10.7); one of them a climax
    ("【ACT】 Brainstorm [(1) 【REST】 this card] Flip over 4 cards from the top of your deck, and put them into your "
     "waiting room. For each climax revealed among those cards, choose up to 1 《Music》 character in your waiting room, "
     "and return it to your hand.", "act brainstorm | cost 1 stock, rest this card | do Brainstorm(n=4, "
     "then=Salvage(name=None, kind='character', optional=True, trait='Music'))",
     ["A reveals unnamed character", "A reveals unnamed climax", "A reveals unnamed character", 'A chooses "Muse"'],
     ['"Muse" in hand, "Top" in waiting room, "Tester" rest', "A deck 6, hand 1"]),
    ("【ACT】 [(1)] Put the top card of your deck into your clock, and 【REST】 this card.",
     "act | cost 1 stock | do TopTo(zone='clock', n=1, optional=False); Rest(who='self')", [],
     ['"Top" in clock', '"Tester" rest, "Buddy" stand']),
]


def effect_actions() -> list[dict]:
    scn = OUT.parents[1] / "scenarios" / "ws"
    rows = []
    for text, ast, answers, exp in EFFECT_ACTIONS:
        q = text.replace('"', '\\"')
        lines = ["game ws", "turn 4, A, main phase", "A: deck 10, stock 2, hand 0, waiting room 4",
                 'A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1, trait Idol',
                 'A waiting_room: character "Lost" red, level 0, cost 0, 1000 power, soul 1',
                 'A waiting_room: character "Muse" red, level 0, cost 0, 1000 power, soul 1, trait Music',
                 'A waiting_room: climax "Peak" red',
                 'A waiting_room: character "Azure" blue, level 0, cost 0, 1000 power, soul 1',
                 f'A CM: character "Tester" red, level 0, cost 0, 3000 power, soul 1, effect "{q}"',
                 'A CL: character "Buddy" red, level 0, cost 0, 2000 power, soul 1, trait Music',
                 "B: deck 10, hand 0", 'B CM: character "Foe" blue, level 0, cost 0, 1000 power, soul 1',
                 'A uses "Tester"', *answers]
        rows.append({"text": text, "ast": ast, "scenario": "\n".join(lines + [f"expect {e}" for e in exp]) + "\n"})
    # the goldens whose expect lines were written from the rules first
    for name, text, ast in (
        ("effect-reveal-top.scn", "【AUTO】 When this card is placed on the stage from your hand, reveal the top card of "
         "your deck. If that card is a 《Music》 character, put it into your hand, choose 1 card in your hand, and put it "
         "into your waiting room. (Otherwise, return it to its original place)",
         "auto placed | do RevealTop(select=Select(kind='character', trait='Music'), then=(RevealedTo(zone='hand'), "
         "HandTo(n=1, select=Select(kind='card'))))"),
        ("effect-draw-up-to-discard.scn", "【AUTO】 When this card is placed on the stage from your hand, draw up to 2 "
         "cards, choose 1 card in your hand, and put it into your waiting room.",
         "auto placed | do Draw(n=2, optional=False, at_most=True); HandTo(n=1, select=Select(kind='card'))"),
        ("effect-look-put-back.scn", "【ACT】 [(1)] Look at up to 2 cards from the top of your deck, and put them on the "
         "top of your deck in any order.", "act | cost 1 stock | do LookPut(n=2, up_to=True, dest='any-order')"),
        ("effect-look-top-or-waiting.scn", "【ACT】 [(1)] Look at the top card of your deck, and put it on the top of your "
         "deck or into your waiting room.", "act | cost 1 stock | do LookPut(n=1, up_to=False, dest='top-or-waiting')"),
        ("effect-look-top-or-bottom.scn", "【ACT】 [(1)] Look at the top card of your deck, and put it on the top or at the "
         "bottom of your deck.", "act | cost 1 stock | do LookPut(n=1, up_to=False, dest='top-or-bottom')"),
        ("effect-clock-to-hand.scn", "【ACT】 [(1)] Choose 1 card in your clock, return it to hand, and put the top card "
         "of your deck into your clock.", "act | cost 1 stock | do Salvage(name=None, kind='card', optional=False, "
         "from_zone='clock'); TopTo(zone='clock', n=1, optional=False)"),
        ("effect-opponent-center-and-rest.scn", "【ACT】 [(1)] Choose 1 character in your opponent's center stage, and that "
         "character gets -1000 power until end of turn.",
         "act | cost 1 stock | do Pump(who='choose-opp', power=-1000, soul=0, area='center')"),
        ("effect-opponent-center-and-rest.scn", "【ACT】 [(1)] Choose 1 of your opponent's characters, and 【REST】 it.",
         "act | cost 1 stock | do Rest(who='choose-opp')"),
        ("effect-battle-opponent-to-clock.scn", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may "
         "put that character into your opponent's clock.", "auto opp-reversed | do BattleOppTo(zone='clock', may=True)"),
        ("effect-reveal-up-to.scn", "【ACT】 [(1)] Reveal up to 3 cards from the top of your deck. If you revealed 1 or "
         "more cards, choose up to 1 card with [SOUL] in its trigger icon from among them, put it into your hand, put the "
         "rest into your waiting room, choose 1 card in your hand, and put it into your waiting room.",
         "act | cost 1 stock | do RevealTake(look=LookTake(n=3, up_to=True, select=Select(kind='card', icon='soul'), "
         "take=1, optional=True), at_least=1, then=(HandTo(n=1, select=Select(kind='card'))))"),
        ("effect-marker-and-opponent-up-to.scn", "【ACT】 [(1)] Choose 1 marker underneath this card, and return it to "
         "your hand.", "act | cost 1 stock | do MarkerTo(zone='hand')"),
        ("effect-marker-and-opponent-up-to.scn", "【ACT】 [(1)] Choose up to 1 of your opponent's characters, return it to "
         "their hand, and this card gets +2000 power until end of turn.",
         "act | cost 1 stock | do OppTo(zone='hand', n=1, at_most=True); Pump(who='self', power=2000, soul=0)"),
        ("effect-trait-alternatives.scn", "Search your deck for up to 1 《Avatar》 or 《Net》 character, reveal it to your "
         "opponent, put it into your hand, and shuffle your deck.",
         "effect | do Search(n=1, select=Select(kind='character', trait='Avatar》 or 《Net'))"),
    ):
        rows.append({"text": text, "ast": ast, "scenario": (scn / name).read_text(encoding="utf-8")})
    rows.append({"text": "【CONT】 All of your other 《Avatar》 or 《Net》 characters get +1500 power.",
                 "ast": "cont | others 《Avatar》 or 《Net》 +1500 power +0 soul",
                 "scenario": (scn / "effect-trait-alternatives.scn").read_text(encoding="utf-8")})
    rows.append({"text": "【AUTO】 When this card attacks, put it into your hand.", "refused": "'put it into …' is read after"})
    rows.append({"text": "【ACT】 Reveal up to 3 cards from the top of your deck. If you revealed 2 or more cards, choose up to "
                 "1 card from among them, put it into your hand, and put the rest into your waiting room.",
                 "refused": "'If you revealed 1 or more cards' is read"})
    rows.append({"text": "【AUTO】 When this card attacks, put that character into your opponent's clock.",
                 "refused": "'that character' is the battle opponent after"})
    rows.append({"text": "【ACT】 Look at the top 2 cards of your deck, and put it on the top or at the bottom of your deck.",
                 "refused": "follows 'look at the top card of your deck'"})
    rows.append({"text": "【ACT】 [(1)] Draw 1 card. (Otherwise, return it to its original place)",
                 "refused": "this reminder follows"})
    return rows


# An ability granted by an effect ("… gets the following ability until end of turn. "【AUTO】 …"", 8.2.1.2): the quoted
# ability is read by the same grammar; executed by the goldens tests/scenarios/ws/effect-grant-ability-*.scn, whose
# expect lines were written from the rules first. What the engine does not execute is refused by name.
GRANTED = [
    ("effect-grant-ability-self.scn", '【ACT】 [(1)] This card gets +1000 power and the following ability until end of turn. '
     '"【AUTO】 When this card attacks, draw 1 card."',
     "act | cost 1 stock | do Grant(who='self', ability=<auto attacks | do Draw(n=1, optional=False)>, power=1000, soul=0)"),
    ("effect-grant-ability-chosen.scn", "【ACT】 [(1)] Choose 1 of your 《Music》 characters, and that character gets the "
     "following ability until end of turn. \"【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that "
     "character into your opponent's clock.\"",
     "act | cost 1 stock | do Grant(who='choose-own', ability=<auto opp-reversed | do BattleOppTo(zone='clock', may=True)>, "
     "power=0, soul=0, trait='Music')"),
    ("effect-grant-ability-ends.scn", '【ACT】 [(1)] This card gets the following ability until end of turn. "【AUTO】 When '
     'this card is frontal attacked, this card gets +1000 power until end of turn."',
     "act | cost 1 stock | do Grant(who='self', ability=<auto frontal-attacked | do Pump(who='self', power=1000, soul=0)>, "
     "power=0, soul=0)"),
    ("", '【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets +1 soul and the '
     'following ability until end of turn. "【AUTO】 At the beginning of your encore step, draw 1 card."',
     "auto attacks | do Grant(who='choose-own', ability=<auto begin:encore | do Draw(n=1, optional=False)>, power=0, "
     "soul=1, other=True)"),
    ("", 'Choose 1 of your characters, and that character gets the following ability until end of turn. "【AUTO】 When this '
     'card becomes 【REVERSE】, put the top card of your deck into your stock."',
     "effect | do Grant(who='choose-own', ability=<auto reversed | do TopTo(zone='stock', n=1, optional=False)>, power=0, "
     "soul=0)"),
    ("", '【AUTO】 [(1)] When this card is frontal attacked, you may pay the cost. If you do, this card gets +1500 power and '
     'the following ability until end of turn. "【AUTO】 When this card is frontal attacked, this card gets +1000 power '
     'until end of turn."',
     "auto frontal-attacked | cost 1 stock | do Grant(who='self', ability=<auto frontal-attacked | do Pump(who='self', "
     "power=1000, soul=0)>, power=1500, soul=0)"),
]
GRANTED_REFUSED = [
    # (s16 quote: "… "【CONT】 This card gets +1000 power."" is executed now, a gain the character holds, and is a line of
    # `S16Q`; a gain to other characters is not)
    ('【ACT】 [(1)] This card gets the following ability until end of turn. "【CONT】 This card gets +1 level."',
     "a granted 【CONT】 ability is not executed yet"),
    # (s11 bodies: "… "【AUTO】 When this card is put into your waiting room from the stage, draw 1 card."" is executed now,
    # 8.7.4.1.2, and is a line of `S11B`)
    ('【ACT】 [(1)] This card gets the following ability until end of turn. "【AUTO】 When this card is placed on the '
     'stage from your hand, draw 1 card."', "a granted ability's timing 'placed' is not watched"),
    # (s18 body: "draw 5 cards" is read now, any count; drawing none is not a draw)
    ('【ACT】 [(1)] This card gets the following ability until end of turn. "【AUTO】 When this card attacks, draw 0 cards."',
     "in the granted ability; draw reads"),
    # s15 quote: "All of your characters get the following ability …" is read now (S15Q); "in front of this card" is not
    ('【ACT】 [(1)] All of your characters in front of this card get the following ability until end of turn. "【AUTO】 When '
     'this card attacks, draw 1 card."', "the following ability goes to this card, to 1 of your characters chosen or to all"),
]


# Costs that move cards (8.4.2): a character from the stage into the waiting room, a card from the hand into the clock,
# this card into the memory; executed by the goldens tests/scenarios/ws/cost-*.scn (expect lines from the rules first).
MOVING_COSTS = [
    ("cost-stage-to-waiting.scn", "【ACT】 [Put 1 other 《Music》 character from your stage into your waiting room] Draw 1 card.",
     "act | cost 1 other 《Music》 character(s) from the stage into the waiting room | do Draw(n=1, optional=False)"),
    ("cost-hand-to-clock-and-memory.scn", "【ACT】 [Put 1 《Magic》 character from your hand into your clock & Put this card "
     "into your memory] Draw 1 card.",
     "act | cost 1 《Magic》 character(s) from hand into the clock, put this card into your memory | do Draw(n=1, "
     "optional=False)"),
    ("", "【AUTO】 [Put 1 card from your hand into your waiting room & Put 1 other character from your stage into your "
     "waiting room] When this card is placed on the stage from your hand, you may pay the cost. If you do, draw 1 card.",
     "auto placed | cost 1 card(s) from hand, 1 other character(s) from the stage into the waiting room | do Draw(n=1, "
     "optional=False)"),
    ("", "【AUTO】 [Put 1 《Adventurer》 or 《Magic》 character from your hand into your clock] When this card attacks, you may "
     "pay the cost. If you do, this card gets +1000 power until end of turn.",
     "auto attacks | cost 1 《Adventurer》 or 《Magic》 character(s) from hand into the clock | do Pump(who='self', "
     "power=1000, soul=0)"),
    ("", "【ACT】 [(2) Put this card into your memory] Draw 1 card.",
     "act | cost 2 stock, put this card into your memory | do Draw(n=1, optional=False)"),
]
MOVING_COSTS_REFUSED = [
    ("【ACT】 [Put 1 climax from your stage into your waiting room] Draw 1 card.",
     "a cost from your stage puts a character into your waiting room"),
    ("【ACT】 [Put 1 character from your stage into your waiting room & Put 1 character from your stage into your waiting "
     "room] Draw 1 card.", "a cost with two parts that move cards from the same zone"),
]


# "you may <effect>. If you do, <effects>" (8.6.3) and the opponent's clock top / stock bottom (3.8.1, 3.10.1); "that
# character" after a condition that names this card's battle opponent. Executed by the goldens
# tests/scenarios/ws/effect-if-you-do-*.scn (expect lines from the rules first).
IF_DO = [
    ("effect-if-you-do-opp-clock.scn", "【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is cost 0 "
     "or lower, you may put the top card of your opponent's clock into their waiting room. If you do, put that character "
     "into your opponent's clock.",
     "auto reversed | if battle-opp-cost=0- | do IfDone(first=OppClockTop(may=True), then=(BattleOppTo(zone='clock')))"),
    ("effect-if-you-do-opp-stock.scn", "【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle "
     "opponent is higher than your opponent's level, you may put that character into your opponent's stock. If you do, "
     "put the bottom card of your opponent's stock into their waiting room.",
     "auto reversed | if battle-opp-above-level | do IfDone(first=BattleOppTo(zone='stock', may=True), "
     "then=(OppStockBottom()))"),
    ("", "【AUTO】 When this card attacks, you may put the top card of your opponent's clock into his or her waiting room. "
     "If you do, draw 1 card.",
     "auto attacks | do IfDone(first=OppClockTop(may=True), then=(Draw(n=1, optional=False)))"),
    ("", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that character into your opponent's "
     "stock. If you do, put the bottom card of your opponent's stock into their waiting room.",
     "auto opp-reversed | do IfDone(first=BattleOppTo(zone='stock', may=True), then=(OppStockBottom()))"),
]
IF_DO_REFUSED = [
    ("【AUTO】 When this card attacks, draw 1 card. If you do, draw 1 card.",
     "'If you do,' follows an effect the text says 'you may' do"),
    ("【AUTO】 When this card attacks, you may put the top cards of your opponent's clock into their waiting room.",
     "the top card of your opponent's clock is one card"),
]


# "When your other [《T》] character is placed on the stage from your hand" (8.7.2) and "you may return this card to your
# hand" (8.6.3): the goldens tests/scenarios/ws/frame-other-placed.scn and effect-may-return-self.scn.
OTHER_PLACED = [
    ("frame-other-placed.scn", "【AUTO】 This ability activates up to 2 times per turn. When your other 《MARVEL》 character "
     "is placed on the stage from your hand, this card gets +1000 power until end of turn.",
     "auto other-placed:MARVEL | limit 2 | do Pump(who='self', power=1000, soul=0)"),
    ("effect-name-alternatives.scn", "【ACT】 [(1) Put this card into your waiting room] Choose 1 \"Tell Me\" or \"Wonder "
     "Christmas!\" in your waiting room, and return it to your hand.",
     "act | cost 1 stock, put this card into the waiting room | do Salvage(name='Tell Me\" or \"Wonder Christmas!', "
     "kind='card', optional=False)"),
    ("effect-may-return-self.scn", "【AUTO】 When this card becomes 【REVERSE】 in battle, reveal the top card of your deck. "
     "If that card is level 2 or higher, you may return this card to your hand. (Climax are regarded as level 0. Return "
     "the revealed card to its original place)",
     "auto reversed | do RevealTop(select=Select(kind='card', level='>=2'), then=(SelfTo(zone='hand', may=True)))"),
]

# "until the end of your opponent's next turn" (8.2.1.2: an effect lasts for its specified duration; 6.8.1.4 ends only
# "until end of turn" effects): gains and granted abilities outlast their own turn; the goldens
# tests/scenarios/ws/effect-until-opp-next-turn.scn and effect-grant-until-opp-next-turn.scn execute them
NEXT_TURN = [
    ("effect-until-opp-next-turn.scn", "【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets "
     "-1000 power until the end of your opponent's next turn.",
     "act | cost 1 stock | do Pump(who='choose-opp', power=-1000, soul=0, until='opp-next')"),
    ("effect-grant-until-opp-next-turn.scn", "【ACT】 [(1)] This card gets the following ability until the end of your "
     "opponent's next turn. \"【AUTO】 When this card is frontal attacked, this card gets +1000 power until end of turn.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<auto frontal-attacked | do Pump(who='self', power=1000, soul=0)>, "
     "power=0, soul=0, until='opp-next')"),
    ("", "【AUTO】 When a climax is placed on your climax area, choose one of your characters, and that character gets "
     "+1000 power until the end of your opponent's next turn.",
     "auto your-climax-placed | do Pump(who='choose-own', power=1000, soul=0, until='opp-next')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, all of your 《Music》 characters get +1 soul until "
     "end of your opponent's next turn.",
     "auto placed | do Pump(who='all-own', power=0, soul=1, trait='Music', until='opp-next')"),
]
# a level gain with the power ("that character gets +1 level and +1000 power until end of turn", 8.2.1.2): the character's
# level on the stage counts it wherever a character's level is read (view.card_level); the golden
# tests/scenarios/ws/effect-level-gain.scn (a side attack's -X soul, 7.2.1.4.2, counts the gained level)
NEXT_TURN += [
    ("effect-level-gain.scn", "【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets +1 level and "
     "+1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-opp', power=1000, soul=0, levels=1)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose one of your 《Hero》 or 《Guild》 characters, "
     "and that character gets +1 level and +1000 power until end of turn.",
     "auto placed | do Pump(who='choose-own', power=1000, soul=0, trait='Hero》 or 《Guild', levels=1)"),
    ("", "【AUTO】 When this card attacks, this card gets +1 level and +1500 power until the end of your opponent's next "
     "turn.", "auto attacks | do Pump(who='self', power=1500, soul=0, until='opp-next', levels=1)"),
]
# "When your climax with [ICON] in its trigger icon is placed on your climax area" (8.7.2; the icon, 2.11.1): the goldens
# tests/scenarios/ws/frame-climax-icon-placed.scn (activates) and frame-climax-icon-other.scn (another icon: does not)
NEXT_TURN += [
    ("frame-climax-icon-placed.scn", "【AUTO】 When your climax with [TREASURE] in its trigger icon is placed on your "
     "climax area, this card gets +1000 power until end of turn.",
     "auto your-climax-placed:[treasure] | do Pump(who='self', power=1000, soul=0)"),
    ("frame-climax-icon-other.scn", "【AUTO】 When your climax with [TREASURE] in its trigger icon is placed on your "
     "climax area, this card gets +1000 power until end of turn.",
     "auto your-climax-placed:[treasure] | do Pump(who='self', power=1000, soul=0)"),
]
# Brainstorm's count in words ("Reveal four cards from the top of your deck", 10.7.1): the golden
# tests/scenarios/ws/frame-brainstorm-number-words.scn
NEXT_TURN += [
    ("frame-brainstorm-number-words.scn", "【ACT】 Brainstorm [(1) 【REST】 two of your characters] Reveal four cards from "
     "the top of your deck, and put them into your waiting room. For each climax revealed among those cards, choose up "
     "to 1 character in your waiting room, and return it to your hand.",
     "act brainstorm | cost 1 stock, rest 2 of your characters | do Brainstorm(n=4, then=Salvage(name=None, "
     "kind='character', optional=True))"),
]
NEXT_TURN_REFUSED = [
    # s8-wsreala: "until the end of your opponent's next turn" with this count is read now (S8A); "your next turn" is not
    ("【AUTO】 When this card attacks, this card gets +X power until the end of your next turn. X is equal to "
     "the number of your other characters ×500.", 'understanding stopped at "your"'),  # s17 head: "until the end of" read
]


def if_do() -> list[dict]:
    rows = _with_goldens(IF_DO) + _with_goldens(OTHER_PLACED + NEXT_TURN)
    return rows + [{"text": text, "refused": why} for text, why in IF_DO_REFUSED + NEXT_TURN_REFUSED]


def moving_costs() -> list[dict]:
    return _with_goldens(MOVING_COSTS) + [{"text": text, "refused": why} for text, why in MOVING_COSTS_REFUSED]


def granted() -> list[dict]:
    return _with_goldens(GRANTED) + [{"text": text, "refused": why} for text, why in GRANTED_REFUSED]


# s7-wsreal: a trigger icon's reminder text (2.12.3), read where its sentence is the icon's own action (4.12.2)
ICON_REMINDERS = [
    ("cardtext-icon-reminder.scn", "( [ICON:COMEBACK] : When this card triggers, you may choose 1 character in your "
     "waiting room, and return it to your hand)", "reminder comeback"),
    ("", "(【COMEBACK】 : When this card triggers, you may choose 1 character in your waiting room, and return it to your "
     "hand)", "reminder comeback"),
    ("", "( [DRAW] : When this card triggers, you may draw 1 card)", "reminder draw"),
    ("", "( [POOL] : When this card triggers, you may put the top card of your deck into your stock)", "reminder pool"),
    ("cardtext-icon-reminder-gate.scn", "( [GATE] : When this card triggers, you may choose 1 climax in your waiting room, and return it to your hand)",
     "reminder gate"),
]
ICON_REMINDERS_REFUSED = [
    ("( [COMEBACK] : When this card triggers, you may draw 1 card)", "does not say what the [COMEBACK] icon does"),
    ("【AUTO】 ( [DRAW] : When this card triggers, you may draw 1 card)", "is not 【AUTO】"),
]


# s7-wsreal: "Choose 1 of the following effects, and perform it." with its quoted options (8.6.3, 8.8.1); a card prints
# each option on a line of its own, kept with the ability by the ws splitter (dialect.card_abilities)
MODAL = [
    ("cardtext-modal-effects.scn", 'Choose 1 of the following effects, and perform it. "Draw 1 card." "Put the top card '
     'of your deck into your stock."', "effect | do Modal(options=[(Draw(n=1, optional=False)) | (TopTo(zone='stock', "
     "n=1, optional=False))])"),
    ("", 'Choose one of the following effects and perform it. "Search your deck for up to one 《Thief》 character, '
     'reveal it to your opponent, put it into your hand, and shuffle your deck." "All of your characters get +1 soul '
     'until end of turn."', "effect | do Modal(options=[(Search(n=1, select=Select(kind='character', trait='Thief'))) "
     "| (Pump(who='all-own', power=0, soul=1))])"),
    ("", '【AUTO】 When this card attacks, choose 1 of the following effects, and perform it. "Put the top card of your '
     'deck into your stock." "Reveal the top card of your deck. If that card is a 《Music》 character, put it into your '
     'hand." (Otherwise, return it to its original place)',
     "auto attacks | do Modal(options=[(TopTo(zone='stock', n=1, optional=False)) | (RevealTop(select=Select("
     "kind='character', trait='Music'), then=(RevealedTo(zone='hand'))))])"),
]
MODAL_REFUSED = [
    ('Choose 2 of the following effects, and perform it. "Draw 1 card." "Deal 1 damage to your opponent."',
     "reads 1 / one here"),
    ('Choose 1 of the following effects, and perform it. "Draw 1 card." "Fly to the moon and back."', "in this option"),
    ('Choose 1 of the following effects, and perform it. "Draw 1 card."', 'understanding stopped at ""Draw"'),
]


# s7-wsreal: continuous level gains (2.6), on the stage (2.12.2.1) or, where the text says so, in the hand (2.12.2)
CONT_LEVELS = [
    ("cont-level-gain.scn", "【CONT】 This card gets -2 level while on the stage.", "cont | self +0 power +0 soul | levels -2"),
    ("", "【CONT】 This card gets +1 level and +1000 power.", "cont | self +1000 power +0 soul | levels 1"),
    ("", "【CONT】 During your turn, this card gets +1 level.", "cont | if your-turn | self +0 power +0 soul | levels 1"),
    ("cont-level-in-hand.scn", "【CONT】 If your waiting room has 2 or less climax, this card gets -1 level while in your "
     "hand.", "cont | if climax-in-waiting-at-most=own 2 | levels -1 | in-hand"),
]
CONT_LEVELS_REFUSED = [
    ("【CONT】 All of your characters get +1 level.", "a continuous level gain goes to this card"),
    ("【CONT】 This card gets +1 level and +1000 power while in your hand.", "no power or soul"),
    ("【CONT】 If the character facing this card is level 2 or higher, this card gets +1 level.",
     "under a condition on a character's level"),
]


# s7-wsreal: the clock icon before Alarm and Shift, Shift's reminder (2.12.3, 10.11.2); a card's own restriction on being
# played (2.12.2, 8.6.2) under conditions counting your characters (2.3.2.1.2)
CLOCK_ICON_AND_BANS = [
    ("keyword-shift-printed.scn", "【AUTO】 【CLOCK】 Shift, Level 0 (At the beginning of your main phase, you may choose 1 "
     "yellow card in your hand and this card in your clock, and exchange them)", "auto shift begin:main | optional"),
    ("", "【CONT】【CLOCK】Alarm If this card is the top card of your clock, all of your characters get +1000 power.",
     "cont alarm | if clock-top | all +1000 power +0 soul"),
    ("cardtext-cannot-be-played.scn", "If you do not have a 《Thief》 character, this card cannot be played from your hand.",
     "cont | if have-at-most=0 all:Thief | cannot play"),
    ("cardtext-cannot-be-played.scn", "If the number of 《Music》 characters you have is two or less, this card cannot be "
     "played from your hand.", "cont | if have-at-most=2 all:Music | cannot play"),
    ("", "【CONT】 If you do not have any other 《Adventurer》 characters, this card cannot be played from your hand.",
     "cont | if have-at-most=0 others:Adventurer | cannot play"),
]
# s7-wsreal: "Then," between sentences, also after a granted ability's closing quote (8.8.1: in the order written)
CLOCK_ICON_AND_BANS += [
    ("cardtext-then-after-grant.scn", '【AUTO】 When this card attacks, this card gets the following ability until end of '
     'turn. "【AUTO】 When this card is frontal attacked, you may return this card to your hand." Then, reveal the top '
     'card of your deck. If that card is a 《Game》 character, put it into your hand. (Otherwise, return it to its '
     'original place)', "auto attacks | do Grant(who='self', ability=<auto frontal-attacked | do SelfTo(zone='hand', "
     "may=True)>, power=0, soul=0); RevealTop(select=Select(kind='character', trait='Game'), then=(RevealedTo("
     "zone='hand')))"),
    ("", "【AUTO】 When this card attacks, draw 1 card. Then, deal 1 damage to your opponent. (Damage may be canceled)",
     "auto attacks | do Draw(n=1, optional=False); Damage(n=1)"),
]
# s7-wsreal: a level bound in a selection (2.6)
CLOCK_ICON_AND_BANS += [
    ("cardtext-select-level.scn", "【AUTO】 When this card attacks, look at up to 2 cards from the top of your deck, choose "
     "up to 1 level 1 or higher card from among them, reveal it to your opponent, put it into your hand, and put the "
     "rest into your waiting room. (Climax are regarded as level 0)", "auto attacks | do LookTake(n=2, up_to=True, "
     "select=Select(kind='card', level='>=1'), take=1, optional=True, reveal=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, search your deck for up to 1 level 0 or lower "
     "《Music》 character, reveal it to your opponent, put it into your hand, and shuffle your deck.",
     "auto placed | do Search(n=1, select=Select(kind='character', trait='Music', level='<=0'))"),
]
# s7-wsreal: "this card does not 【STAND】 during your stand phase" (6.2.1.2) under a condition
CLOCK_ICON_AND_BANS += [
    ("cont-does-not-stand.scn", "【CONT】 If you do not have any other 《Adventurer》 or 《Magic》 characters, this card does "
     "not 【STAND】 during your stand phase.", "cont | if have-at-most=0 others:Adventurer》 or 《Magic | cannot stand"),
    ("", "【CONT】 This card does not 【STAND】 during your stand phase.", "cont | cannot stand"),
]
# s7-wsreal: "choose up to N characters in your opponent's center stage, and those characters get …" (8.6.3.1.1)
CLOCK_ICON_AND_BANS += [
    ("cardtext-choose-up-to-opp-stage.scn", "【ACT】 [(1)] Choose up to 2 characters in your opponent's center stage, and "
     "those characters get -1000 power until end of turn.", "act | cost 1 stock | do Pump(who='choose-opp', "
     "power=-1000, soul=0, area='center', many=2)"),
    ("", "【AUTO】 When your climax with [TREASURE] in its trigger icon is placed on your climax area, choose up to 2 "
     "characters in your opponent's center stage, and those characters get -1000 power until end of turn.",
     "auto your-climax-placed:[treasure] | do Pump(who='choose-opp', power=-1000, soul=0, area='center', many=2)"),
]
# s7-wsreal: an event's "Put this card into your stock" (8.6.2.4.2, 3.10.1)
CLOCK_ICON_AND_BANS += [
    ("cardtext-event-to-stock.scn", "Put this card into your stock, and put the top card of your deck into your stock.",
     "effect | do SelfTo(zone='stock'); TopTo(zone='stock', n=1, optional=False)"),
]
# s7-wsreal: "choose up to N 《T》 characters in your waiting room, and return them to your hand" (8.6.3.1.1)
CLOCK_ICON_AND_BANS += [
    ("cardtext-salvage-up-to-many.scn", "【AUTO】 When this card attacks, choose up to 2 《Music》 characters in your "
     "waiting room, and return them to your hand.", "auto attacks | do Salvage(name=None, kind='character', "
     "optional=True, trait='Music', many=2)"),
]
CLOCK_ICON_AND_BANS_REFUSED = [
    ("【AUTO】 When this card attacks, choose up to 5 characters in your waiting room, and return them to your hand.",
     "reads 2 / 3 / 4 / two / three / four here"),
    # (s13 zones: "Put this card into your stock." is now read in an ability of a card on the stage: session13c)
    ("【ACT】 [(1)] Choose up to 4 characters in your opponent's back stage, and those characters get -1 soul until end of "
     "turn.", "reads 1 / 2 / 3 / one / two / three here"),
    ("【AUTO】 This card does not 【STAND】 during your stand phase.", "is 【CONT】, with no cost"),
    ("【AUTO】 When this card attacks, draw 1 card. (Climax are regarded as level 0)",
     "this reminder follows a choice of a card of a level"),
    ("【AUTO】 Shift, Level 1 (At the beginning of your main phase, you may choose 2 yellow card in your hand and this card "
     "in your clock, and exchange them)", "Shift exchanges reads 1 / one / a here"),
    ("【AUTO】 If you do not have a 《Thief》 character, this card cannot be played from your hand.",
     "is 【CONT】 or printed without an icon"),
]

# s7b-wsreal: a reveal's condition naming alternatives, any of them (4.9.1): "an event" (2.3.2.2), a card name in
# quotes (2.1.2), "… or a 《T》 character"
SEVEN_B = [
    ("cardtext-reveal-alternatives.scn", "【ACT】 [(1)] Reveal the top card of your deck. If that card is an event or a "
     "《Music》 character, put it into your hand. (Otherwise, return it to its original place)",
     "act | cost 1 stock | do RevealTop(select=Select(kind='card', alts=(Select(kind='event'), Select(kind='character', "
     "trait='Music'))), then=(RevealedTo(zone='hand')))"),
    ("cardtext-reveal-alternatives.scn", '【ACT】 [(1)] Reveal the top card of your deck. If that card is "Big" or a '
     "《Music》 character, put it into your stock. (Otherwise, return it to its original place)",
     "act | cost 1 stock | do RevealTop(select=Select(kind='card', alts=(Select(kind='card', name='Big'), "
     "Select(kind='character', trait='Music'))), then=(RevealedTo(zone='stock')))"),
    ("", "【ACT】 [(1)] Reveal the top card of your deck. If that card is an event, draw 1 card. (Return the revealed "
     "card to its original place)", "act | cost 1 stock | do RevealTop(select=Select(kind='event'), then=(Draw(n=1, "
     "optional=False)))"),
    ("", "【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a level 1 or higher "
     "character or an event, put it into your stock. (Otherwise, return it to its original place)",
     "auto attacks | do RevealTop(select=Select(kind='card', alts=(Select(kind='character', level='>=1'), "
     "Select(kind='event'))), then=(RevealedTo(zone='stock')))"),
]
# s7b-wsreal: the card chosen after a look goes back on top of the deck (4.8.1); "choose 1" must choose (8.6.3.1)
SEVEN_B += [
    ("cardtext-look-back-on-top.scn", "【ACT】 [(1)] Look at up to 2 cards from the top of your deck, choose 1 card from "
     "among them, put it on the top of your deck, and put the rest into your waiting room.",
     "act | cost 1 stock | do LookTake(n=2, up_to=True, select=Select(kind='card'), take=1, optional=False, "
     "to='deck_top')"),
    ("", "【AUTO】 When this card attacks, look at the top 3 cards of your deck, choose up to 1 character from among "
     "them, put it on the top of your deck, and put the rest into your waiting room.",
     "auto attacks | do LookTake(n=3, up_to=False, select=Select(kind='character'), take=1, optional=True, "
     "to='deck_top')"),
]
# s7b-wsreal: "(you may) look at the top card of your opponent's deck" and its reminder (4.8.1, 8.6.3)
SEVEN_B += [
    ("cardtext-look-opp-top.scn", "【ACT】 [(1)] You may look at the top card of your opponent's deck. (Return the card "
     "you saw to its original place)", "act | cost 1 stock | do LookOpp(may=True)"),
    ("", "【AUTO】 At the beginning of your climax phase, you may look at the top card of your opponent's deck. (Return "
     "the card you saw to its original place)", "auto begin:climax | do LookOpp(may=True)"),
    ("", "【AUTO】 When this card attacks, look at the top card of your opponent's deck.",
     "auto attacks | do LookOpp()"),
]
SEVEN_B_REFUSED = [
    # (s12 heads: the CHOICE trigger icon, newer than the rules 2.03, is read now: its line is in `session12a`)
    ("【ACT】 [(1)] Draw 1 card. (Return the card you saw to its original place)", "this reminder follows"),
    ("【ACT】 [(1)] Look at up to 2 cards from the top of your deck, choose 1 card from among them, put it on the top of "
     "your clock, and put the rest into your waiting room.", 'understanding stopped at "clock"'),
    ("【ACT】 [(1)] Reveal the top card of your deck. If that card is an event or a 《Music》, put it into your hand.",
     'understanding stopped at ","'),
    ("【ACT】 [(1)] Reveal the top card of your deck. If that card is event or a 《Music》 character, put it into your "
     "hand.", 'understanding stopped at "event"'),
]


def session7() -> list[dict]:
    """s7-wsreal's lines: icon reminders, modal effects, level gains, the clock icon, restrictions, selections."""
    rows = _with_goldens(ICON_REMINDERS + MODAL + CONT_LEVELS + CLOCK_ICON_AND_BANS + SEVEN_B)
    return rows + [{"text": text, "refused": why} for text, why in ICON_REMINDERS_REFUSED + MODAL_REFUSED
                   + CONT_LEVELS_REFUSED + CLOCK_ICON_AND_BANS_REFUSED + SEVEN_B_REFUSED]


# --- s8-wsrealb: names and traits in selections, conditions and timings (2.1.2) --------------------------------------
EIGHT_B = [
    ("cardtext-name-selections.scn", "Search your deck for up to 1 \"Mjölnir\" or 《MARVEL》 character, reveal it to your "
     "opponent, put it into your hand, and shuffle your deck.",
     "effect | do Search(n=1, select=Select(kind='card', alts=(Select(kind='card', name='Mjölnir'), "
     "Select(kind='character', trait='MARVEL'))))"),
    ("", "【AUTO】 [Put 1 《Adventurer》 or 《Magic》 character from your hand into your clock] When this card is placed on "
     "the stage from your hand, you may pay the cost. If you do, search your deck for up to 2 \"\"Extreme "
     "Misunderstanding\" Yunyun\", reveal them to your opponent, put them into your hand, and shuffle your deck.",
     "auto placed | cost 1 《Adventurer》 or 《Magic》 character(s) from hand into the clock | do Search(n=2, "
     "select=Select(kind='card', name='\"Extreme Misunderstanding\" Yunyun'))"),
    ("", "【ACT】 [(1) Put 1 \"Mjölnir\" or 1 《MARVEL》 character from your hand into your waiting room] This card gets "
     "+3000 power until end of turn.",
     "act | cost 1 stock, 1 \"Mjölnir\" or a 《MARVEL》 character(s) from hand | do Pump(who='self', power=3000, "
     "soul=0)"),
    ("", "【AUTO】 When this card attacks, search your deck for up to 1 \"Sword\" or \"Shield\", reveal it to your "
     "opponent, put it into your hand, and shuffle your deck.",
     "auto attacks | do Search(n=1, select=Select(kind='card', name='Sword\" or \"Shield'))"),
    ("cardtext-name-conditions.scn", "【AUTO】 When this card is placed on the stage from your hand, if the number of "
     "other characters you have with \"Ram(ラム)\" or \"Rem(レム)\" in its card name is two or more, draw a card.",
     "auto placed | if have-named-count=('2+', 'others', '', '…Ram(ラム)\" or \"…Rem(レム)') | do Draw(n=1, "
     "optional=False)"),
    ("", "【AUTO】 When this card attacks, if the number of 《Music》 characters you have with \"Kasumi\" in their card "
     "name is 1 or less, this card gets +1000 power until end of turn.",
     "auto attacks | if have-named-count=('1-', 'all', 'Music', '…Kasumi') | do Pump(who='self', power=1000, "
     "soul=0)"),
    ("cardtext-another-named-reveal-damage.scn", "【AUTO】 When this card attacks, if \"Lucky\" is in your climax "
     "area, and you have another \"\"Ghost\" Tamao\", reveal the top card of your deck. If that card is a 《hololive》 "
     "character, deal 2 damage to your opponent. (Damage may be canceled. Return the revealed card to its original "
     "place)",
     "auto attacks | if climax=lucky, have-another-named=\"Ghost\" Tamao | do RevealTop(select=Select(kind='character', "
     "trait='hololive'), then=(Damage(n=2)))"),
    ("", "【AUTO】 When this card attacks, deal 1 damage to your opponent, and this card gets +1000 power until end of "
     "turn. (Damage may be canceled)",
     "auto attacks | do Damage(n=1); Pump(who='self', power=1000, soul=0)"),
    ("cardtext-named-climax-where-was.scn", "【AUTO】 【CXCOMBO】 [(1) Put this card into your waiting room] When a "
     "card named \"Oni's Smile\" is placed on your climax area, you may pay the cost. If you do, choose a card named "
     "\"Demon Rem\" in your waiting room, and put it on the stage position that this card was on.",
     "auto your-climax-placed:\"Oni's Smile\" | cost 1 stock, put this card into the waiting room | do "
     "PutWhereWas(name='Demon Rem')"),
]
EIGHT_B_REFUSED: list[tuple[str, str]] = [
    # the reminder explains damage: read only where a sentence of the ability deals damage
    ("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a 《Music》 character, put it "
     "into your hand. (Damage may be canceled. Return the revealed card to its original place)",
     "follows a sentence that deals damage"),
    ("【AUTO】 When this card attacks, search your deck for up to 1 \"Sword\" or 2 《MARVEL》 character, reveal it to "
     "your opponent, put it into your hand, and shuffle your deck.", "one card, named or with the trait"),
    ("【AUTO】 When this card is placed on the stage from your hand, if the number of other characters you have with "
     "\"Ram\" in its name is two or more, draw a card.", 'understanding stopped at "name"'),
]


# the opponent's waiting room back into the deck; costs from the waiting room; Bond to two names; an attack-type ban
EIGHT_B += [
    ("cardtext-opp-waiting-to-deck.scn", "【ACT】 [(1)] Choose up to 3 cards in your opponent's waiting room, return "
     "them to his or her deck, and your opponent shuffles his or her deck.",
     "act | cost 1 stock | do OppWaitingToDeck(n=3, keep=None)"),
    ("cardtext-opp-waiting-to-deck.scn", "【ACT】 [【REST】 1 of your 【STAND】 characters] Your opponent chooses 1 climax in "
     "their waiting room, returns all cards from their waiting room except that card to their deck, and shuffles "
     "their deck.",
     "act | cost rest 1 of your characters | do OppWaitingToDeck(n=0, keep=Select(kind='climax'))"),
    ("", "【AUTO】 【CXCOMBO】 [(1)] When this card attacks, if \"Homecoming\" is in your climax area, you may pay the "
     "cost. If you do, choose up to 3 cards in your opponent's waiting room, return them to his or her deck, and your "
     "opponent shuffles his or her deck.",
     "auto attacks | cost 1 stock | if climax=homecoming | do OppWaitingToDeck(n=3, keep=None)"),
    ("cardtext-waiting-cost-bond-names.scn", "【AUTO】 [Return 2 《Adventurer》 or 《Magic》 characters from your waiting "
     "room to your deck & Shuffle your deck] When this card is placed on the stage from your hand, you may pay the "
     "cost. If you do, choose 1 of your characters, and that character gets +1 soul until end of turn.",
     "auto placed | cost return 2 《Adventurer》 or 《Magic》 character(s) from the waiting room to the deck, shuffle "
     "your deck | do Pump(who='choose-own', power=0, soul=1)"),
    ("cardtext-waiting-cost-bond-names.scn", "【AUTO】 Bond/\"New Stage, Tamao\" \"\"Benkei\" Tamao\" [(1)] (When "
     "this card is played and placed on the stage, you may pay the cost. If you do, choose 1 \"New Stage, Tamao\" or "
     "\"\"Benkei\" Tamao\" in your waiting room, and return it to your hand)",
     "auto bond placed | cost 1 stock | name New Stage, Tamao\" or \"\"Benkei\" Tamao | optional | do "
     "Salvage(name='New Stage, Tamao\" or \"\"Benkei\" Tamao', kind='card', optional=False)"),
    ("cardtext-cannot-frontal-attack.scn", "【CONT】 If the character facing this card is a higher level than this card, "
     "this card cannot frontal attack.", "cont | if facing-higher | cannot no-frontal-attack"),
    ("", "【CONT】 During your opponent's turn, this card cannot side attack.",
     "cont | if opp-turn | cannot no-side-attack"),
]
EIGHT_B_REFUSED += [
    ("【AUTO】 [Shuffle your deck] When this card attacks, you may pay the cost. If you do, draw 1 card.",
     "'Shuffle your deck' is read in a cost after cards are returned to your deck"),
    ("【AUTO】 Bond/\"A\" \"B\" [(1)] (When this card is played and placed on the stage, you may pay the cost. If you "
     "do, choose 1 \"A\" in your waiting room, and return it to your hand)", "Bond's reminder chooses the Bond's own card"),
    ("【AUTO】 When this card attacks, this card cannot frontal attack.", "understanding stopped at"),
]
# timings (the opponent's phase, a level up), moves on the stage, the deck's count, Brainstorm's quoted action
EIGHT_B += [
    ("cardtext-opp-phase-move-exchange.scn", "【AUTO】At the beginning of your opponent's attack phase, you may move this "
     "card to an open position of your center stage.", "auto begin:opp-attack | do MoveSelf(area='center', may=True)"),
    ("cardtext-opp-phase-move-exchange.scn", "【AUTO】 At the beginning of your opponent's attack phase, you may choose "
     "one of your cards named \"Partner\" and this card, and exchange them as 【STAND】.",
     "auto begin:opp-attack | do ExchangeNamed(name='Partner', may=True, stand=True)"),
    ("", "【AUTO】 At the beginning of your opponent's attack phase, move this card to an open position of your back "
     "stage.", "auto begin:opp-attack | do MoveSelf(area='back')"),
    ("cardtext-level-up-deck-count.scn", "【AUTO】 When you level up, put this card into your waiting room.",
     "auto level-up | do SelfTo(zone='waiting')"),
    ("cardtext-level-up-deck-count.scn", "【CONT】 If the number of cards in your deck is five or less, this card gets -1 "
     "level while in your hand.", "cont | if deck-at-most=5 | levels -1 | in-hand"),
    ("", "【AUTO】 When this card attacks, if \"Dream\" is in your climax area, and the total level of the cards in your "
     "level is 6 or higher, draw 1 card.", "auto attacks | if climax=dream, level=6 | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 Experience When this card attacks, if the total level of cards in your level zone is 4 or higher, this "
     "card gets +1000 power until end of turn.",
     "auto experience attacks | if level=4 | do Pump(who='self', power=1000, soul=0)"),
    ("cardtext-brainstorm-action.scn", "【ACT】 Brainstorm [(1) 【REST】 this card] Reveal four cards from the top of your "
     "deck, and put them into your waiting room. For each climax revealed, perform the following action. \"Choose a "
     "card in your clock, return it to your hand, and put the top card of your deck into your clock.\"",
     "act brainstorm | cost 1 stock, rest this card | do Brainstorm(n=4, then=Perform(effects=(Salvage(name=None, "
     "kind='card', optional=False, from_zone='clock'), TopTo(zone='clock', n=1, optional=False))))"),
    # (the action's `text` is not shown: since s8-wsreala, summaries leave out a quoted text as printed)
]
EIGHT_B_REFUSED += [
    ("【AUTO】 At the beginning of your opponent's attack phase, move this card to an open position of your stage.",
     'understanding stopped at "stage"'),
    ("【ACT】 Brainstorm [(1)] Reveal four cards from the top of your deck, and put them into your waiting room. For each "
     "climax revealed, perform the following action. \"Deal 1 damage to your foe and smile.\"", "in this option"),
]
# a named character's attack as a timing, a cost into the bottom of the clock, a chosen character rested and moved
EIGHT_B += [
    ("cardtext-named-attacks-rest-move.scn", "【AUTO】 [(1) Put 1 《KAN-SEN》 character from your waiting room into the "
     "bottom of your clock] When another of your \"Asuna Elder\" attacks, you may pay the cost. If you do, choose 1 of "
     "your other 《MARVEL》 characters, 【REST】 it, and move it to an open position of your back stage.",
     "auto other-attacks:\"Asuna Elder\" | cost 1 stock, 1 《KAN-SEN》 character(s) from the waiting room to the bottom "
     "of the clock | do ChooseMove(area='back', trait='MARVEL', other=True)"),
    ("", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, choose 1 of your characters, 【REST】 it, and move "
     "it to an open position of your center stage.", "auto opp-reversed | do ChooseMove(area='center')"),
]
EIGHT_B_REFUSED += [
    ("【AUTO】 [(1) Put 1 character from your waiting room into the bottom of your clock & Return 1 character from your "
     "waiting room to your deck] When this card attacks, you may pay the cost. If you do, draw 1 card.",
     "a cost with two parts that move cards from the same zone"),
]
# the opponent's stock replaced; a card chosen by name in the waiting room
EIGHT_B += [
    ("cardtext-opp-stock-swap-named.scn", "【ACT】 [(1)] Your opponent puts all of their stock into their waiting room, and "
     "puts the same number of cards from the top of their deck into their stock.", "act | cost 1 stock | do OppStockSwap()"),
    ("cardtext-opp-stock-swap-named.scn", "【ACT】 [(1)] Choose 1 card named \"Omelet\" in your waiting room, and return "
     "it to your hand.", "act | cost 1 stock | do Salvage(name='Omelet', kind='card', optional=False)"),
    ("", "【AUTO】 When this card attacks, you may choose 1 card named \"A\" or \"B\" in your waiting room, and put it "
     "into your stock.", "auto attacks | do Salvage(name='A\" or \"B', kind='card', optional=False, may=True, "
     "to='stock')"),
]
EIGHT_B_REFUSED += [
    ("【AUTO】 [(1) Put this card into your waiting room] When this card attacks, you may pay the cost. If you do, choose 1 "
     "card named \"A\" or \"B\" in your waiting room, and put it on the stage position that this card was on.",
     "the stage position this card was on takes the card of one name"),
]


def session8b() -> list[dict]:
    """s8-wsrealb's lines: names and traits in selections, conditions and timings."""
    return _with_goldens(EIGHT_B)


# --- s8-wsreala: X quantities (8.8.1: counted once, as the effect resolves) over a public zone's cards (3.4.2, 3.8.2), a
# stage area's characters (3.6.3) or the chosen character's level (2.6) ----------------------------------------------
def _x8a(zone: str, kind: str = "card", whose: str = "") -> str:
    return f"x=XCount(zone='{zone}', select=Select(kind='{kind}'){whose})"


S8A = [
    ("cardtext-x-counted.scn", "【ACT】 [(1)] Choose 1 of your other 《Guild》 or 《Familia》 characters, and that character "
     "gets +X power until end of turn. X is equal to the number of event cards in your waiting room ×1500.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1500, soul=0, trait='Guild》 or 《Familia', other=True, "
     + _x8a("waiting_room", "event") + ")"),
    ("cardtext-x-counted.scn", "【ACT】 [(1)] This card gets +X power until end of turn. X is equal to the number of "
     "characters in your opponent's back stage ×1000.",
     "act | cost 1 stock | do Pump(who='self', power=1000, soul=0, " + _x8a("back", "character", ", whose='opponent'")
     + ")"),
    ("cardtext-x-that-level.scn", "Choose 1 of the following effects, and perform it. \"Choose 1 of your 《Navy》 "
     "characters, and that character gets +1 level and +X power until the end of your opponent's next turn. X is "
     "equal to the level of that character ×1000.\" \"Draw 1 card.\"",
     "effect | do Modal(options=[(Pump(who='choose-own', power=1000, soul=0, trait='Navy', until='opp-next', levels=1, "
     + _x8a("that-level") + ")) | (Draw(n=1, optional=False))])"),
    ("", "【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of climax "
     "in your opponent's waiting room ×1000.",
     "auto attacks | do Pump(who='self', power=1000, soul=0, " + _x8a("waiting_room", "climax", ", whose='opponent'")
     + ")"),
    ("", "【ACT】 [(1)] Choose 1 of your characters, and that character gets +X power until end of turn. X is equal to "
     "that character's level ×500.",
     "act | cost 1 stock | do Pump(who='choose-own', power=500, soul=0, " + _x8a("that-level") + ")"),
    ("", "【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of cards in "
     "your clock ×500.", "auto attacks | do Pump(who='self', power=500, soul=0, " + _x8a("clock") + ")"),
    ("", "【ACT】 [(1)] All of your 《Music》 characters get +X power until end of turn. X is equal to the number of "
     "characters in your center stage ×500.",
     "act | cost 1 stock | do Pump(who='all-own', power=500, soul=0, trait='Music', " + _x8a("center", "character")
     + ")"),
]
S8A += [  # the count read before (`pump_x`), until the end of your opponent's next turn (was refused at "until")
    ("", "【AUTO】 When this card attacks, this card gets +X power until the end of your opponent's next turn. X is equal "
     "to the number of your other characters ×500.",
     "auto attacks | do Pump(who='self', power=500, soul=0, per='others', until='opp-next')"),
]
S8A_REFUSED = [
    ("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of events in "
     "your back stage ×500.", "a stage area holds characters"),
    ("【ACT】 [(1)] This card gets +X power until end of turn. X is equal to the level of that character ×1000.",
     "'that character's level' is read after"),
    ("【ACT】 [(1)] All of your other characters get +X power until end of turn. X is equal to the number of cards in "
     "your clock ×500.", "+X counted as it resolves goes to"),
]

# s8-wsreala: "among those cards": the cards a mill just put into the waiting room (3.2.3, 3.4.2), a condition on them
# (8.3.3) or X counted over them (8.8.1); refused where no mill was written just before
_MILL2 = "Milled(top=TopTo(zone='waiting_room', n=2, optional=False), then="
S8A += [
    ("cardtext-among-those-cards.scn", "【ACT】 [(1)] Put the top two cards of your deck into your waiting room. If there "
     "is a climax revealed among those cards, 【REST】 this card.",
     "act | cost 1 stock | do " + _MILL2 + "(Rest(who='self')), cond=Select(kind='climax'))"),
    ("cardtext-among-those-cards.scn", "【ACT】 [(1)] Put the top 2 cards of your deck into your waiting room, and this "
     "card gets +X power until end of turn. X is equal to the number of 《Music》 characters among those cards ×1000.",
     "act | cost 1 stock | do " + _MILL2 + "(Pump(who='self', power=1000, soul=0, x=XCount(zone='among', "
     "select=Select(kind='character', trait='Music')))))"),
    ("", "【AUTO】 When this card attacks, put the top 3 cards of your deck into your waiting room. If there is a climax "
     "among those cards, draw 1 card.",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=3, optional=False), then=(Draw(n=1, optional=False)), "
     "cond=Select(kind='climax'))"),
    ("", "【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the cost. If you do, put the top "
     "2 cards of your deck into your waiting room. If there is a 《Music》 character among those cards, choose 1 of "
     "your characters, and that character gets +1000 power until end of turn.",
     "auto placed | cost 1 stock | do " + _MILL2 + "(Pump(who='choose-own', power=1000, soul=0)), "
     "cond=Select(kind='character', trait='Music'))"),
]
S8A_REFUSED += [
    ("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of characters "
     "among those cards ×1000.", "'among those cards' follows 'put the top N cards"),
    ("【ACT】 [(1)] Put the top card of your deck into your stock. If there is a climax among those cards, draw 1 card.",
     "'among those cards' follows 'put the top N cards"),
]

# s8-wsreala: a character's own restrictions (1.3.4), printed or granted by an effect (8.2.1.2), also to 1 of your
# opponent's characters chosen (8.6.3): being chosen by the opponent's effects (8.6.3), side / frontal attacking
# (7.2.1.4), moving to another position (6.5.1.2.4)
_UNCHOOSABLE = "\"【CONT】 This card cannot be chosen by your opponent's effects.\""
S8A += [
    ("cardtext-granted-restrictions.scn", "【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets "
     "the following ability until end of turn. " + _UNCHOOSABLE,
     "act | cost 1 stock | do Grant(who='choose-opp', ability=<cont | cannot unchoosable>, power=0, soul=0)"),
    ("cardtext-granted-restrictions.scn", "【CONT】 This card cannot move to another position of the stage.",
     "cont | cannot no-move"),
    ("cardtext-granted-restrictions.scn", "【CONT】 This card cannot side attack.", "cont | cannot no-side-attack"),
    ("", "【ACT】 [(1)] This card gets +1000 power and the following ability until the end of your opponent's next turn. "
     + _UNCHOOSABLE, "act | cost 1 stock | do Grant(who='self', ability=<cont | cannot unchoosable>, power=1000, "
     "soul=0, until='opp-next')"),
    ("", "【CONT】 During your opponent's turn, this card cannot be chosen by your opponent's effects.",
     "cont | if opp-turn | cannot unchoosable"),
    ("", "【CONT】 This card cannot frontal attack.", "cont | cannot no-frontal-attack"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's characters, and that "
     "character gets the following ability until the end of your opponent's next turn. \"【CONT】 This card cannot move "
     "to another position of the stage.\"",
     "auto placed | do Grant(who='choose-opp', ability=<cont | cannot no-move>, power=0, soul=0, until='opp-next')"),
]
S8A_REFUSED += [
    ("【AUTO】 This card cannot frontal attack.", "is 【CONT】, with no keyword and no cost"),
    ("Choose 1 of your opponent's characters, and that character gets the following ability until end of turn. "
     "\"【AUTO】 When this card attacks, draw 1 card.\"", "given to your opponent's character is not executed yet"),
    ("【CONT】 This card cannot be chosen by effects.", 'understanding stopped at "effects"'),
]

S8A += [  # more of the same constructions, composed in the wordings real cards use
    ("", "【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +X power until end of "
     "turn. X is equal to the number of climax in your waiting room ×1000.",
     "auto attacks | do Pump(who='choose-own', power=1000, soul=0, " + _x8a("waiting_room", "climax") + ")"),
    ("", "【CONT】 During your turn, this card cannot be chosen by your opponent's effects.",
     "cont | if your-turn | cannot unchoosable"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, put the top 3 cards of your deck into your "
     "waiting room, choose 1 of your characters, and that character gets +X power until end of turn. X is equal to the "
     "number of climax among those cards ×1000.",
     "auto placed | do Milled(top=TopTo(zone='waiting_room', n=3, optional=False), then=(Pump(who='choose-own', "
     "power=1000, soul=0, x=XCount(zone='among', select=Select(kind='climax')))))"),
    ("", "【AUTO】 When this card attacks, this card gets +X soul until end of turn. X is equal to the number of characters "
     "in your opponent's center stage ×1.",
     "auto attacks | do Pump(who='self', power=0, soul=1, " + _x8a("center", "character", ", whose='opponent'") + ")"),
    ("", "【ACT】 [(2)] This card gets the following ability until end of turn. \"【CONT】 This card cannot side attack.\"",
     "act | cost 2 stock | do Grant(who='self', ability=<cont | cannot no-side-attack>, power=0, soul=0)"),
]

# s8-wsreala: "perform the following action N times. "…"" (8.8.1) and "If that card has [SOUL] in its trigger icon,"
# after putting the top card into the waiting room (2.11.1, 8.3.3)
_SOUL_ACTION = ("\"Put the top card of your deck into your waiting room. If that card has [SOUL] in its trigger icon, "
                "deal 1 damage to your opponent.\" (Damage may be canceled)")
_SOUL_AST = ("Repeat(n=2, effects=(Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Damage(n=1)), "
             "cond=Select(kind='card', icon='soul'))))")
S8A += [
    ("cardtext-repeat-action.scn", "【ACT】 [(1)] Perform the following action 2 times. " + _SOUL_ACTION,
     "act | cost 1 stock | do " + _SOUL_AST),
    ("", "【AUTO】 【CXCOMBO】 [(1)] When this card attacks, if \"Summer Rain\" is in your climax area, you may pay the "
     "cost. If you do, deal 1 damage to your opponent, and perform the following action 2 times. " + _SOUL_ACTION,
     "auto attacks | cost 1 stock | if climax=summer rain | do Damage(n=1); " + _SOUL_AST),
    ("", "【ACT】 [(1)] Put the top card of your deck into your waiting room. If that card has [SOUL] in its trigger "
     "icon, draw 1 card.", "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), "
     "then=(Draw(n=1, optional=False)), cond=Select(kind='card', icon='soul'))"),
]
S8A_REFUSED += [
    ("【ACT】 [(1)] Put the top 2 cards of your deck into your waiting room. If that card has [SOUL] in its trigger icon, "
     "draw 1 card.", "'that card' is the one card put just before"),
]

S8A += [
    ("", "【CONT】 This card cannot be chosen by your opponent's effects.", "cont | cannot unchoosable"),
    ("", "【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets +X power until end "
     "of turn. X is equal to the number of cards in your clock ×500.",
     "auto attacks | do Pump(who='choose-own', power=500, soul=0, other=True, " + _x8a("clock") + ")"),
]

# s8-wsreala: the following ability given by a continuous effect (8.9.1), Assist's included (10.3.1): a restriction
S8A += [
    ("cardtext-continuous-grant.scn", "【CONT】 Assist All of your 《Guild》 characters in front of this card get +2000 "
     "power and the following ability. " + _UNCHOOSABLE,
     "cont assist | front 《Guild》 +2000 power +0 soul | gives <cont | cannot unchoosable>"),
    ("cardtext-continuous-grant.scn", "【CONT】 All of your other characters get the following ability. \"【CONT】 This "
     "card cannot side attack.\"", "cont | others +0 power +0 soul | gives <cont | cannot no-side-attack>"),
    ("", "【CONT】 During your turn, this card gets +1000 power and the following ability. \"【CONT】 This card cannot "
     "frontal attack.\"", "cont | if your-turn | self +1000 power +0 soul | gives <cont | cannot no-frontal-attack>"),
]
# (s11 bodies: the near miss kept here, "All of your other characters get the following ability. "【AUTO】 When this card
# attacks, draw 1 card."", is executed now (8.9.1) and is a line of `S11B`)


def session8a() -> list[dict]:
    """s8-wsreala's lines: X quantities."""
    return _with_goldens(S8A)


# --- s9-wsreala: the ability's head (issue 13, ninth session): conditions as one sentence structure (8.3.3) -----------
# a count of cards in a zone (chapter 3) compared with a number, cards of a name in a zone (2.1.2), where this card is
# (3.6.3), an automatic ability's limit with its number as a word, the trait 《Stand》 (2.5.3; the icon is in capitals).
# Each construction is executed by the goldens tests/scenarios/ws/head-*.scn (expect lines written from the rules
# first); the other lines are the neighbouring wordings cards print, read as those execute them.
S9A: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("head-count-in-zone.scn", "【AUTO】 When this card attacks, if your stock has 2 or less cards, this card gets +2000 "
     "power until end of turn.", "auto attacks | if count=2 or less card in your stock | do Pump(who='self', power=2000, "
     "soul=0)"),
    ("head-count-in-zone.scn", "【CONT】 If the number of cards in your memory is two or more, this card gets +1000 power.",
     "cont | if memory=2 | self +1000 power +0 soul"),
    ("", "【CONT】 If your clock has 3 or more cards, this card gets +1500 power.",
     "cont | if count=3 or more card in your clock | self +1500 power +0 soul"),
    ("", "【CONT】 If the number of cards in your stock is four or more, this card gets +1000 power.",
     "cont | if count=4 or more card in your stock | self +1000 power +0 soul"),
    ("", "【CONT】 If your hand has 5 or more cards, this card gets +2000 power.",
     "cont | if count=5 or more card in your hand | self +2000 power +0 soul"),
    ("", "【AUTO】 When this card becomes 【REVERSE】 in battle, if your memory has 2 or less cards, put this card into your "
     "memory.", "auto reversed | if count=2 or less card in your memory | do SelfTo(zone='memory')"),
    ("", "【CONT】 If your opponent's center stage has 1 or less characters, this card gets +1000 power.",
     "cont | if count=1 or less character in your opponent's center stage | self +1000 power +0 soul"),
    ("", "【CONT】 If your waiting room has 3 or more climax, this card gets +1000 power.",
     "cont | if climax-in-waiting=own 3 | self +1000 power +0 soul"),
    ("", "【CONT】 If the number of your other 《Fleet Girl》 characters is two or more, this card gets +1 level and +1500 "
     "power.", "cont | if have-at-least=2 others:Fleet Girl | self +1500 power +0 soul | levels 1"),
    ("", "【CONT】 If the number of other 《Magic》 or 《Weapon》 characters you have is three or more, this card gets +2000 "
     "power.", "cont | if have-at-least=3 others:Magic》 or 《Weapon | self +2000 power +0 soul"),
    ("", "【AUTO】 When this card attacks, if you have 1 or less other characters, draw 1 card.",
     "auto attacks | if have-at-most=1 others | do Draw(n=1, optional=False)"),
    ("", "【CONT】 If you have 4 or more 《Weapon》 characters, this card gets -1 level while in your hand.",
     "cont | if have-at-least=4 all:Weapon | levels -1 | in-hand"),
    ("", "【CONT】 If you do not have another character, this card gets +2000 power.",
     "cont | if have-at-most=0 others | self +2000 power +0 soul"),
    ("head-named-in-zone.scn", "【CONT】 Memory If \"Avdol\" is in your memory, this card gets +3000 power.",
     "cont memory | if count=1 or more \"Avdol\" in your memory | self +3000 power +0 soul"),
    ("", "【CONT】 Memory If \"Avdol\" and \"Iggy\" are in your memory, this card gets +3500 power.",
     "cont memory | if count=1 or more \"Avdol\" in your memory, count=1 or more \"Iggy\" in your memory | self +3500 "
     "power +0 soul"),
    ("head-named-in-zone.scn", "【CONT】 If you have 2 or more \"Sally\" in your waiting room, this card gets -1 level "
     "while in your hand.", "cont | if count=2 or more \"Sally\" in your waiting room | levels -1 | in-hand"),
    ("head-named-in-zone.scn", "【AUTO】 When this card is placed on the stage from your hand, if you do not have "
     "\"Horde\" in your waiting room, 【REST】 this card.",
     "auto placed | if count=0 or less \"Horde\" in your waiting room | do Rest(who='self')"),
    ("", "【AUTO】 When this card attacks, if a blue climax is in your climax area, draw 1 card.",
     "auto attacks | if count=1 or more blue climax in your climax area | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 【CXCOMBO】 When this card attacks, if a card named \"Pan\" is on your climax area, this card gets +1 "
     "soul until end of turn.", "auto attacks | if climax=pan | do Pump(who='self', power=0, soul=1)"),
    ("", "【CONT】 If you have another character with \"Emilia\" in its card name, this card gets +1500 power.",
     "cont | if have-named-count=('1+', 'others', '', '…Emilia') | self +1500 power +0 soul"),
    ("", "【CONT】 If there are no markers underneath this card, this card gets +1000 power.",
     "cont | if count=0 or less marker underneath this card | self +1000 power +0 soul"),
    ("", "【CONT】 If there are 2 or more markers underneath this card, this card gets +1000 power.",
     "cont | if count=2 or more marker underneath this card | self +1000 power +0 soul"),
    ("head-this-card-where.scn", "【CONT】 If this card is in your center stage, all of your 《Band》 characters get +1500 "
     "power.", "cont | if this-in=center | all 《Band》 +1500 power +0 soul"),
    ("head-this-card-where.scn", "【CONT】 If this card is in the middle position of your center stage, this card gets "
     "+2000 power.", "cont | if this-in=middle | self +2000 power +0 soul"),
    ("", "【CONT】 If this card is on the center stage, this card gets +1000 power.",
     "cont | if this-in=center | self +1000 power +0 soul"),
    ("", "【CONT】 If this card is in your back stage, this card gets +1000 power.",
     "cont | if this-in=back | self +1000 power +0 soul"),
    ("", "【CONT】 If this card is on the middle position of the center stage, this card gets +2000 power.",
     "cont | if this-in=middle | self +2000 power +0 soul"),
    ("head-this-card-where.scn", "【CONT】 If you have 2 or more other 《Stand User》 or 《Stand》 characters, this card gets "
     "+2000 power.", "cont | if have-at-least=2 others:Stand User》 or 《Stand | self +2000 power +0 soul"),
    ("head-per-turn-word.scn", "【AUTO】 This ability activates up to one time per turn. When you use an 【ACT】, this card "
     "gets +1500 power until end of turn.", "auto act-used | limit 1 | do Pump(who='self', power=1500, soul=0)"),
    ("", "【AUTO】 This ability activates up to two times per turn. When your other character attacks, this card gets +500 "
     "power until end of turn.", "auto other-attacks | limit 2 | do Pump(who='self', power=500, soul=0)"),
]

# timings of a frontal attack (7.2.1.4.1, 7.2.1.5.1) and the counter icon before an event's text (2.8.2)
S9A += [
    ("head-frontal-attacks.scn", "【AUTO】 [(1)] When this card frontal attacks, you may pay the cost. If you do, draw 1 "
     "card.", "auto frontal-attacks | cost 1 stock | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When this card frontal attacks, this card gets +1 soul until end of turn.",
     "auto frontal-attacks | do Pump(who='self', power=0, soul=1)"),
    ("head-frontal-attacks.scn", "【AUTO】 When another of your 《Fleet》 characters is frontal attacked, this card gets "
     "+1000 power until end of turn.", "auto other-frontal-attacked:Fleet | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 When your other 《Fleet》 character is frontal attacked, choose 1 of your characters, and that character "
     "gets +1000 power until end of turn.", "auto other-frontal-attacked:Fleet | do Pump(who='choose-own', power=1000, "
     "soul=0)"),
    ("head-counter-event.scn", "【COUNTER】 Choose 1 of your 《Game》 characters, and that character gets +2500 power "
     "until end of turn. Put this card into your memory.", "effect counter | do Pump(who='choose-own', power=2500, "
     "soul=0, trait='Game'); SelfTo(zone='memory')"),
    ("", "【COUNTER】 Choose 1 of your characters, and that character gets +3000 power until end of turn.",
     "effect counter | do Pump(who='choose-own', power=3000, soul=0)"),
]

# "you may pay the cost. If you do, …" inside the effect (8.4.2): an event's text after its [cost], and after "If there is
# a climax among those cards," (the automatic ability's cost is then paid there, not as it is played)
S9A += [
    ("head-pay-in-effect.scn", "[Put 1 character from your stage into your waiting room] You may pay the cost. If you "
     "do, draw 2 cards.", "effect | do PayThen(cost='1 character(s) from the stage into the waiting room', then=("
     "Draw(n=2, optional=False)))"),
    ("", "[(1)] You may pay the cost. If you do, draw 2 cards.",
     "effect | do PayThen(cost='1 stock', then=(Draw(n=2, optional=False)))"),
    ("head-pay-in-effect.scn", "【AUTO】 [(1)] When this card is placed on the stage from your hand, put the top 2 cards "
     "of your deck into your waiting room. If there is a climax among those cards, you may pay the cost. If you do, "
     "choose 1 character in your waiting room, and return it to your hand.", "auto placed | do Milled(top=TopTo("
     "zone='waiting_room', n=2, optional=False), then=(PayThen(cost='1 stock', then=(Salvage(name=None, "
     "kind='character', optional=False)))), cond=Select(kind='climax'))"),
]

# "When "X" is placed on your climax area" (2.1.2), as "When a card named "X" is placed …" reads
S9A += [
    ("head-named-climax-placed.scn", "【AUTO】 【CXCOMBO】 When \"Bat Swarm\" is placed on your climax area, this card "
     "gets +2000 power until end of turn.", "auto your-climax-placed:\"Bat Swarm\" | do Pump(who='self', power=2000, "
     "soul=0)"),
    ("", "【AUTO】 【CXCOMBO】 [(1)] When \"Bat Swarm\" is placed on your climax area, you may pay the cost. If you do, "
     "draw 1 card.", "auto your-climax-placed:\"Bat Swarm\" | cost 1 stock | do Draw(n=1, optional=False)"),
]


def session9a() -> list[dict]:
    """s9-wsreala's lines: the ability's head."""
    return _with_goldens(S9A)
# --- s9-wsrealb: the effect body, general (issue 13): which of the opponent's characters (a level or cost bound, 2.6,
# 2.7; the character facing this card, 3.6.5) and where it goes (the owner's stock 3.10.1, memory 3.12.1, deck top or
# bottom 3.2.1), in the wordings real cards use for each ---------------------------------------------------------------
_B9_SCN = "cardtext-opp-bound-facing.scn"
S9B = [
    (_B9_SCN, "【ACT】 [(1)] Choose 1 of your opponent's cost 0 or lower characters, and put it on the bottom of your "
     "opponent's deck.", "act | cost 1 stock | do OppTo(zone='deck_bottom', n=1, select=Select(kind='character', "
     "cost='<=0'))"),
    (_B9_SCN, "【ACT】 [(1)] Put the character facing this card into your opponent's stock.",
     "act | cost 1 stock | do OppTo(zone='stock', n=1, facing=True)"),
    (_B9_SCN, "【ACT】 [(1)] Choose 1 of your opponent's level 1 or lower characters, and that character gets -1000 power "
     "until end of turn.", "act | cost 1 stock | do Pump(who='choose-opp', power=-1000, soul=0, "
     "select=Select(kind='character', level='<=1'))"),
    (_B9_SCN, "【ACT】 [(1)] 【REST】 the character facing this card.", "act | cost 1 stock | do Rest(who='facing')"),
    ("cardtext-opp-zones-facing-gain.scn", "【ACT】 [(1)] The character facing this card gets -1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='facing', power=-1000, soul=0)"),
    ("cardtext-opp-zones-facing-gain.scn", "【ACT】 [(1)] Choose 1 of your opponent's characters, and put it into your "
     "opponent's memory.", "act | cost 1 stock | do OppTo(zone='memory', n=1)"),
    ("cardtext-opp-zones-facing-gain.scn", "【ACT】 [(1)] Choose up to 1 of your opponent's cost 1 or lower characters, and "
     "put it on the top of your opponent's deck.", "act | cost 1 stock | do OppTo(zone='deck_top', n=1, at_most=True, "
     "select=Select(kind='character', cost='<=1'))"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's level 0 or lower characters, and put it into your "
     "opponent's waiting room.", "auto attacks | do OppTo(zone='waiting_room', n=1, select=Select(kind='character', "
     "level='<=0'))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose up to 1 of your opponent's cost 1 or lower "
     "characters, and put it on the top of your opponent's deck.", "auto placed | do OppTo(zone='deck_top', n=1, "
     "at_most=True, select=Select(kind='character', cost='<=1'))"),
    ("", "Choose 1 of your opponent's characters, and put it on the bottom of your opponent's deck.",
     "effect | do OppTo(zone='deck_bottom', n=1)"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's characters, and put it into your opponent's memory.",
     "auto attacks | do OppTo(zone='memory', n=1)"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's characters, and put it into your opponent's stock.",
     "auto attacks | do OppTo(zone='stock', n=1)"),
    ("", "【AUTO】 When this card attacks, the character facing this card gets -1000 power until end of turn.",
     "auto attacks | do Pump(who='facing', power=-1000, soul=0)"),
    ("", "【AUTO】 When this card attacks, you may put the character facing this card on the bottom of your opponent's "
     "deck.", "auto attacks | do OppTo(zone='deck_bottom', n=1, facing=True, may=True)"),
    ("", "【AUTO】 When this card becomes 【REVERSE】, you may return the character facing this card to its owner's hand.",
     "auto reversed | do OppTo(zone='hand', n=1, facing=True, may=True)"),
    ("", "【ACT】 [(2)] Choose 1 of your opponent's level 2 or higher characters, and 【REST】 it.",
     "act | cost 2 stock | do Rest(who='choose-opp', select=Select(kind='character', level='>=2'))"),
    ("", "【AUTO】 When this card attacks, the character facing this card gets -1 soul until the end of your opponent's "
     "next turn.", "auto attacks | do Pump(who='facing', power=0, soul=-1, until='opp-next')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, search your deck for up to 1 cost 0 or lower "
     "《Music》 character, reveal it to your opponent, put it into your hand, and shuffle your deck.",
     "auto placed | do Search(n=1, select=Select(kind='character', trait='Music', cost='<=0'))"),
]
# reversing a character by an effect (4.6.1.3): the battle opponent (7.2.1.5.1), the character facing this card (3.6.5), a
# chosen one (8.6.3); the reversed character's own "When this card becomes 【REVERSE】" activates, its "… in battle" not
_REV_SCN = "cardtext-reverse-battle-opponent.scn"
S9B += [
    (_REV_SCN, "【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level 2 or lower, you may "
     "【REVERSE】 that character.", "auto reversed | if battle-opp-level=2- | do Reverse(who='battle-opp', may=True)"),
    (_REV_SCN, "【AUTO】 When this card becomes 【REVERSE】, put the top card of your deck into your stock.",
     "auto reversed | do TopTo(zone='stock', n=1, optional=False)"),
    ("", "【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level 0 or lower, 【REVERSE】 that "
     "character.", "auto reversed | if battle-opp-level=0- | do Reverse(who='battle-opp')"),
    ("", "【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is cost 1 or lower, you may 【REVERSE】 "
     "that character.", "auto reversed | if battle-opp-cost=1- | do Reverse(who='battle-opp', may=True)"),
    ("", "【AUTO】 When this card attacks, 【REVERSE】 the character facing this card.",
     "auto attacks | do Reverse(who='facing')"),
    ("cardtext-reverse-facing-chosen.scn", "【ACT】 [(1)] 【REVERSE】 the character facing this card.",
     "act | cost 1 stock | do Reverse(who='facing')"),
    ("cardtext-reverse-facing-chosen.scn", "【ACT】 [(1)] Choose 1 of your opponent's level 0 or lower characters, and "
     "【REVERSE】 it.", "act | cost 1 stock | do Reverse(who='choose-opp', select=Select(kind='character', level='<=0'))"),
    ("cardtext-reverse-facing-chosen.scn", "【AUTO】 When this card becomes 【REVERSE】, draw 1 card.",
     "auto reversed | do Draw(n=1, optional=False)"),
    ("cardtext-battle-opp-memory.scn", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that "
     "character into your opponent's memory.", "auto opp-reversed | do BattleOppTo(zone='memory', may=True)"),
]
# a trait whose name is an icon's word (2.5.3): 《Stand》 in a trait's own case is the trait; the icon prints in capitals
S9B += [
    ("", "【CONT】 During your turn, all of your other 《Stand User》 or 《Stand》 characters get +2000 power.",
     "cont | if your-turn | others 《Stand User》 or 《Stand》 +2000 power +0 soul"),
    ("", "【AUTO】 When this card attacks, choose 1 of your 《Rest》 characters, and that character gets +1000 power until "
     "end of turn.", "auto attacks | do Pump(who='choose-own', power=1000, soul=0, trait='Rest')"),
    ("", "【ACT】 [《REST》 this card] Draw 1 card.", "act | cost rest this card | do Draw(n=1, optional=False)"),
]
# a card from the hand to the stock (3.10.1), the clock (3.8.1), the memory (3.12.1); "you may choose …" (8.6.3); a search
# whose shuffle is its own sentence (3.2.4)
S9B += [
    ("cardtext-hand-to-zones.scn", "【ACT】 [(1)] You may choose 1 card in your hand, and put it into your stock.",
     "act | cost 1 stock | do HandTo(n=1, select=Select(kind='card'), dest='stock', may=True)"),
    ("cardtext-hand-to-zones.scn", "【ACT】 [(1)] Choose 1 card in your hand, and put it into your clock.",
     "act | cost 1 stock | do HandTo(n=1, select=Select(kind='card'), dest='clock')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 card in your hand, and put it "
     "into your waiting room.", "auto placed | do HandTo(n=1, select=Select(kind='card'), may=True)"),
    ("", "【AUTO】 When this card attacks, choose 1 character in your hand, and put it into your memory.",
     "auto attacks | do HandTo(n=1, select=Select(kind='character'), dest='memory')"),
    ("", "Search your deck for up to one 《Key》 character, reveal it to your opponent, and put it into your hand. Shuffle "
     "your deck afterwards.", "effect | do Search(n=1, select=Select(kind='character', trait='Key'))"),
]
# a character chosen in the waiting room (or the clock) put on the stage (3.6.1; one there before goes to the waiting room,
# 9.6.1), on any position or an open one (3.6.2), as 【REST】 (4.6.1.2); a level bound on the chosen card (2.6)
_STAGE_SCN = "cardtext-salvage-to-stage.scn"
S9B += [
    (_STAGE_SCN, "【ACT】 [(1)] Choose 1 level 0 or lower character in your waiting room, and put it on any position of "
     "your stage.", "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='stage', "
     "level='<=0')"),
    (_STAGE_SCN, "【ACT】 [(1)] Choose 1 character in your waiting room, and put it in an open position of your stage as "
     "【REST】.", "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='stage_open', "
     "rest=True)"),
    ("", "【AUTO】 When this card attacks, choose up to 1 level 0 or lower 《Music》 character in your waiting room, put it "
     "in an open position of your stage, and this card gets +500 power until end of turn.",
     "auto attacks | do Salvage(name=None, kind='character', optional=True, trait='Music', to='stage_open', "
     "level='<=0'); Pump(who='self', power=500, soul=0)"),
    ("", "【AUTO】 [(1)] When this card becomes 【REVERSE】, you may pay the cost. If you do, choose a card named \"Puck\" in "
     "your waiting room, and put it on an open stage position as 【REST】.",
     "auto reversed | cost 1 stock | do Salvage(name='Puck', kind='card', optional=False, to='stage_open', rest=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 \"Sally\" in your waiting room, and put "
     "it on any position of your stage.", "auto placed | do Salvage(name='Sally', kind='card', optional=False, "
     "to='stage')"),
    ("", "【ACT】 [(2)] Choose 1 level 1 or higher character in your waiting room, and return it to your hand.",
     "act | cost 2 stock | do Salvage(name=None, kind='character', optional=False, level='>=1')"),
    ("", "【AUTO】 When this card attacks, choose 1 character in your clock, and put it on any position of your stage as "
     "【REST】.", "auto attacks | do Salvage(name=None, kind='character', optional=False, to='stage', from_zone='clock', "
     "rest=True)"),
]
# durations printed first (8.2.1.2); all of the opponent's characters (2.3.2.1.2, 8.9.2); your characters chosen by a
# portion of their name (2.1.2.2); the top card "from" the opponent's clock (3.8)
S9B += [
    ('cardtext-durations-first-all-opp.scn', '【ACT】 [(1)] Until end of your opponent\'s next turn, this card gets +3000 power and the following ability. "【CONT】 This card cannot be chosen by your opponent\'s effects."',
     "act | cost 1 stock | do Grant(who='self', ability=<cont | cannot unchoosable>, power=3000, soul=0, until='opp-next')"),
    ('cardtext-durations-first-all-opp.scn', "【ACT】 [(1)] All of your opponent's characters get -1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='all-opp', power=-1000, soul=0)"),
    ('cardtext-durations-first-all-opp.scn', '【ACT】 [(1)] Choose one of your other characters with "Emilia" in its card name, and that character gets +1000 power until end of turn.',
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, other=True, select=Select(kind='character', name='…Emilia'))"),
    ('cardtext-durations-first-all-opp.scn', '【ACT】 [(1)] Until end of turn, this card gets +1000 power.',
     "act | cost 1 stock | do Pump(who='self', power=1000, soul=0)"),
    ('', '【ACT】 [(1)] Choose one of your characters, and until end of turn, that character gets the following ability. "【AUTO】 When this card\'s battle opponent becomes 【REVERSE】, you may draw a card."',
     "act | cost 1 stock | do Grant(who='choose-own', ability=<auto opp-reversed | do Draw(n=1, optional=True)>, power=0, soul=0)"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, all of your opponent's characters get -1 soul until the end of your opponent's next turn.",
     "auto placed | do Pump(who='all-opp', power=0, soul=-1, until='opp-next')"),
    ('', "【AUTO】 When this card attacks, until the end of your opponent's next turn, this card gets +1 level and +1000 power.",
     "auto attacks | do Pump(who='self', power=1000, soul=0, until='opp-next', levels=1)"),
    ('', "【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level 0 or lower, you may put the top card from your opponent's clock into your opponent's waiting room. If you do, put that character into your opponent's clock.",
     "auto reversed | if battle-opp-level=0- | do IfDone(first=OppClockTop(may=True), then=(BattleOppTo(zone='clock')))"),
    ('', '【AUTO】 When this card attacks, choose 1 of your characters with "Kasumi" or "Arisa" in its card name, and that character gets +1 soul until end of turn.',
     'auto attacks | do Pump(who=\'choose-own\', power=0, soul=1, select=Select(kind=\'character\', name=\'…Kasumi" or "…Arisa\'))'),
]
# the opponent's characters above the opponent's level (2.6 against 3.9.1); up to N of them together (8.6.3.1.1)
S9B += [
    ('cardtext-opp-above-level-many.scn', "【ACT】 [(1)] Choose 1 of your opponent's characters with level higher than your opponent's level, and put it into their memory.",
     "act | cost 1 stock | do OppTo(zone='memory', n=1, select=Select(kind='character', level='>opp'))"),
    ('cardtext-opp-above-level-many.scn', "【ACT】 [(1)] Choose up to two of your opponent's characters, and return them to your opponent's hand.",
     "act | cost 1 stock | do OppTo(zone='hand', n=2, at_most=True)"),
    ('', "【AUTO】 When this card attacks, choose 1 of your opponent's characters whose level is higher than your opponent's level, and put it into your opponent's clock.",
     "auto attacks | do OppTo(zone='clock', n=1, select=Select(kind='character', level='>opp'))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, choose up to 2 of your opponent's characters, and put them into your opponent's waiting room.",
     "auto placed | do OppTo(zone='waiting_room', n=2, at_most=True)"),
    ('', "【ACT】 [(2)] Choose 1 of your opponent's characters whose level is higher than your opponent's level, and 【REST】 it.",
     "act | cost 2 stock | do Rest(who='choose-opp', select=Select(kind='character', level='>opp'))"),
]
S9B_REFUSED = [
    ("【AUTO】 When this card attacks, 【REVERSE】 that character.", "'that character' is the battle opponent after"),
    ("【ACT】 [(1)] Choose up to 1 of your opponent's characters, and 【REVERSE】 it.", "is read before a move to a zone"),
    ("【ACT】 [(1)] Choose 2 of your opponent's cost 0 or lower characters, and put it into your opponent's stock.",
     "choose … of your opponent's characters reads 1 / one / a here"),
    ("【ACT】 [(1)] Choose up to 1 of your opponent's level 0 or lower characters, and 【REST】 it.",
     "is read before a move to a zone"),
    ("【ACT】 [(1)] Put the character facing this card into your waiting room.", 'understanding stopped at "waiting"'),
]


def session9b() -> list[dict]:
    """s9-wsrealb's lines: the effect body (selections, destinations)."""
    return _with_goldens(S9B)


# --- s9-wshead2: the ability's head, second round (issue 13): two timings joined by "or" (8.7.2), one marker as a
# condition (3.7), a 【CONT】 gain to the middle position's character (3.6.3) with a level bound -------------------------------------------------------------------------------------------------------
S9C: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("cardtext-or-timings.scn", "【AUTO】 When this card is placed on the stage from your hand or becomes 【REVERSE】 during "
     "battle, put the top card of your deck into your stock.",
     "auto placed|reversed | do TopTo(zone='stock', n=1, optional=False)"),
    ("cardtext-marker-condition.scn", "【CONT】 If there is a marker underneath this card, this card gets +6000 power and "
     "+1 soul.", "cont | if count=1 or more marker underneath this card | self +6000 power +1 soul"),
    ("", "【CONT】 If there is a marker underneath this card, this card gets +1 level and +1500 power.",
     "cont | if count=1 or more marker underneath this card | self +1500 power +0 soul | levels 1"),
    ("", "【AUTO】 When this card attacks, if there is a marker underneath this card, this card gets +1000 power until end "
     "of turn.", "auto attacks | if count=1 or more marker underneath this card | do Pump(who='self', power=1000, soul=0)"),
    ("cardtext-middle-position-gain.scn", "【CONT】 Your other level 3 or higher character in the middle position of your "
     "center stage gets +1000 power.", "cont | others +1000 power +0 soul | at CM | min-level 3"),
    ("cardtext-middle-position-gain.scn", "【CONT】 During your turn, your other character in the middle position of your "
     "center stage gets +1000 power.", "cont | if your-turn | others +1000 power +0 soul | at CM"),
    ("", "【CONT】 Your other level 1 or higher 《Music》 character in the middle position of the center stage gets +1500 "
     "power.", "cont | others 《Music》 +1500 power +0 soul | at CM | min-level 1"),
    # a cost's card counted with the article "an" (8.4.2), as "a"
    ("cardtext-cost-an-trait.scn", "【ACT】 [(1) Put an 《Avatar》 or 《Net》 character from your hand into your waiting "
     "room] This card gets +1000 power until end of turn.",
     "act | cost 1 stock, 1 《Avatar》 or 《Net》 character(s) from hand | do Pump(who='self', power=1000, soul=0)"),
    # the card's own text waiving the colour requirement (8.6.2.1.1, 1.3.1)
    ("cardtext-play-without-colour.scn", "【CONT】 This card can be played from your hand without fulfilling color "
     "requirements.", "cont | may colour"),
]
S9C_REFUSED = [
    ("【AUTO】 When this card attacks or attacks, this card gets +1000 power until end of turn.",
     "two timings joined by 'or' are this card's own, each once"),
    ("【AUTO】 When your climax is placed on your climax area or attacks, this card gets +1000 power until end of turn.",
     "two timings joined by 'or' are this card's own, each once"),
]


def session9c() -> list[dict]:
    """s9-wshead2's lines: the ability's head, second round."""
    return _with_goldens(S9C)
# --- s9-wsbody2: X in the effect body (issue 13): "level X or lower", "deal X damage", X defined by the next sentence --
_D9_SCN = "cardtext-x-level-and-damage.scn"
S9D = [
    (_D9_SCN, "【ACT】 [(1)] Put the top 2 cards of your deck into your waiting room, choose 1 level X or lower 《Band》 "
     "character in your waiting room, and return it to your hand. X is equal to the total level of those cards. (Climax "
     "are regarded as level 0)", "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), "
     "then=(Salvage(name=None, kind='character', optional=False, trait='Band', level='<=X', x=XCount(zone='among-level', "
     "select=Select(kind='card')))))"),
    (_D9_SCN, "【ACT】 [(1)] Put the top card of your deck into your waiting room, and deal X damage to your opponent. X is "
     "equal to the level of that card +1. (Climax are regarded as level 0. Damage may be canceled)",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Damage(n=0, "
     "x=XCount(zone='among-that', select=Select(kind='card'), plus=1))))"),
    (_D9_SCN, "【ACT】 [(1)] Deal X damage to your opponent, and this card gets +3000 power until end of turn. X is equal "
     "to the number of \"Mjölnir\" in your waiting room. (Damage may be canceled)",
     "act | cost 1 stock | do Damage(n=0, x=XCount(zone='waiting_room', select=Select(kind='card', name='Mjölnir')))"
     "; Pump(who='self', power=3000, soul=0)"),
    ("", "【AUTO】 [(2)] When this card attacks, you may pay the cost. If you do, deal X damage to your opponent. X is "
     "equal to the number of \"Spear\" or \"Shield\" in your clock. (Damage may be canceled)",
     "auto attacks | cost 2 stock | do Damage(n=0, x=XCount(zone='clock', select=Select(kind='card', "
     "name='Spear\" or \"Shield')))"),
    ("", "【ACT】 [(1)] Put the top 2 cards of your deck into your waiting room, choose 1 level X or lower 《Band》 character "
     "in your waiting room, and put it into your stock. X is equal to the total level of those cards.",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), then=(Salvage(name=None, "
     "kind='character', optional=False, trait='Band', to='stock', level='<=X', x=XCount(zone='among-level', "
     "select=Select(kind='card')))))"),
    ("", "【ACT】 [(1)] Choose 1 level X or lower character in your waiting room, and return it to your hand. X is equal to "
     "the number of \"Key\" in your waiting room.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, level='<=X', "
     "x=XCount(zone='waiting_room', select=Select(kind='card', name='Key')))"),
    ("cardtext-level-gain-alone.scn", "【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets -1 "
     "level until end of turn.", "act | cost 1 stock | do Pump(who='choose-opp', power=0, soul=0, levels=-1)"),
    ("", "【ACT】 [(1)] This card gets +1 level until end of turn.",
     "act | cost 1 stock | do Pump(who='self', power=0, soul=0, levels=1)"),
    ("", "【ACT】 [(1)] Choose 1 of your 《Navy》 characters, and that character gets +1 level until the end of your "
     "opponent's next turn.", "act | cost 1 stock | do Pump(who='choose-own', power=0, soul=0, trait='Navy', "
     "until='opp-next', levels=1)"),
    ("cardtext-may-draw-if-you-do.scn", "【AUTO】 When this card is placed on the stage from your hand, you may draw 1 "
     "card. If you do, choose 1 card in your hand, and put it into your waiting room.",
     "auto placed | do IfDone(first=Draw(n=1, optional=True), then=(HandTo(n=1, select=Select(kind='card'))))"),
    ("", "【AUTO】 When this card attacks, you may draw a card. If you do, choose a card in your hand, and put it into "
     "your stock.", "auto attacks | do IfDone(first=Draw(n=1, optional=True), then=(HandTo(n=1, "
     "select=Select(kind='card'), dest='stock')))"),
    ("cardtext-many-to-stock-any-order.scn", "【ACT】 [(1)] Choose up to two 《Navy》 characters in your waiting room, and "
     "put them into your stock in any order.", "act | cost 1 stock | do Salvage(name=None, kind='character', "
     "optional=True, trait='Navy', to='stock', many=2)"),
    ("cardtext-reveal-level-x.scn", "【ACT】 [(1)] Reveal the top card of your deck, choose 1 level X or lower character "
     "in your waiting room, and return it to your hand. X is equal to the level of the revealed card. (Climax are "
     "regarded as level 0. Return the revealed card to its original place)", "act | cost 1 stock | do "
     "RevealTop(select=Select(kind='card'), then=(Salvage(name=None, kind='character', optional=False, level='<=X', "
     "x=XCount(zone='among-revealed', select=Select(kind='card')))))"),
    ("", "【ACT】 [(1)] Reveal the top card of your deck, and deal X damage to your opponent. X is equal to the level of "
     "the revealed card +1. (Damage may be canceled)", "act | cost 1 stock | do RevealTop(select=Select(kind='card'), "
     "then=(Damage(n=0, x=XCount(zone='among-revealed', select=Select(kind='card'), plus=1))))"),
    ("cardtext-may-self-to-memory.scn", "【ACT】 [(1)] You may put this card into your memory.",
     "act | cost 1 stock | do SelfTo(zone='memory', may=True)"),
    ("", "【AUTO】 When this card becomes 【REVERSE】 in battle, if your memory has 2 or less cards, you may put this card "
     "into your memory.", "auto reversed | if count=2 or less card in your memory | do SelfTo(zone='memory', may=True)"),
]
S9D_REFUSED = [
    ("【AUTO】 When this card attacks, deal X damage to your opponent.", "X is defined by the next sentence"),
    ("【AUTO】 When this card attacks, deal 1 damage to your opponent. X is equal to the total level of those cards.",
     "'X is equal to …' follows a sentence with"),
    ("【ACT】 [(1)] Put the top 2 cards of your deck into your waiting room, and deal X damage to your opponent. X is "
     "equal to the level of that card +1.", "'that card' is the one card put just before"),
    ("【ACT】 [(1)] Choose 1 level X or lower character in your waiting room, and return it to your hand. X is equal to "
     "the total level of those cards.", "X counted over 'those cards' follows"),
    ("【ACT】 [(1)] Deal X damage to your opponent. X is equal to the number of \"Key\" in your back stage.",
     "in your waiting room / clock"),
    ("【ACT】 [(1)] Reveal the top card of your deck, and this card gets +1000 power until end of turn.",
     "is read where an X is 'the level of the revealed card'"),
    ("【ACT】 [(1)] Put the top card of your deck into your waiting room, and deal X damage to your opponent. X is equal "
     "to the level of the revealed card.", "'X is equal to …' follows a sentence with"),
    ("【AUTO】 When this card attacks, you may draw up to 1 card. If you do, choose 1 card in your hand, and put it into "
     "your waiting room.", "'If you do,' follows an effect the text says 'you may' do"),
]


def session9d() -> list[dict]:
    """s9-wsbody2's lines: X in the effect body."""
    return _with_goldens(S9D)


# --- s10 bodies (issue 13, tenth session): your own characters by a general selection (8.6.3; a bound 2.6/2.7, a state
# 4.6.1, a trait 2.5.3, a portion of the name 2.1.2.2) and where they go; cards put underneath this card as markers (3.7)
S10B = [
    ("cardtext-own-pick-named-to-stock.scn", "【ACT】 [(1)] Choose 1 of your other characters with \"Erza\" in its card "
     "name, and put it into your stock.", "act | cost 1 stock | do OwnPick(act='stock', n=1, select=Select("
     "kind='character', name='…Erza'), other=True)"),
    ("cardtext-own-pick-up-to-gain.scn", "【ACT】 [(1)] Choose up to 2 of your level 1 or higher characters, and those "
     "characters get +3000 power until end of turn.", "act | cost 1 stock | do OwnPick(act='gain', n=2, at_most=True, "
     "select=Select(kind='character', level='>=1'), gain=Pump(who='chosen', power=3000, soul=0))"),
    ("cardtext-own-pick-stand-rested.scn", "【ACT】 [(1)] Choose 1 of your other 【REST】 characters, and 【STAND】 it.",
     "act | cost 1 stock | do OwnPick(act='stand', n=1, select=Select(kind='character'), other=True, orient='rest')"),
    ("cardtext-marker-from-waiting-face-up.scn", "【AUTO】 When this card is placed on the stage from your hand, you may "
     "choose 1 \"Akiha\" in your waiting room, and put it face up underneath this card as a marker.",
     "auto placed | do Salvage(name='Akiha', kind='card', optional=False, may=True, to='marker', face='up')"),
    ("cardtext-marker-revealed-face-down.scn", "【AUTO】 When this card is placed on the stage from your hand, reveal the "
     "top card of your deck. If that card is a 《Destroyer》 character, you may put that card face down underneath this "
     "card as a marker. (If it is not, return the revealed card to its original place)", "auto placed | do "
     "RevealTop(select=Select(kind='character', trait='Destroyer'), then=(RevealedTo(zone='marker', face='down', "
     "may=True)))"),
    ("", "【AUTO】 When this card attacks, you may choose one of your characters with \"Erza(エルザ)\" in its card name, "
     "and put it into your stock.", "auto attacks | do OwnPick(act='stock', n=1, select=Select(kind='character', "
     "name='…Erza(エルザ)'), may=True)"),
    ("", "【ACT】 [(2)] Choose 1 of your other 《Music》 characters, and return it to your hand.",
     "act | cost 2 stock | do OwnPick(act='hand', n=1, select=Select(kind='character', trait='Music'), other=True)"),
    ("", "【AUTO】 At the beginning of your climax phase, choose up to 2 of your 《Shuchiin》 characters, and those "
     "characters get +1500 power until end of turn.", "auto begin:climax | do OwnPick(act='gain', n=2, at_most=True, "
     "select=Select(kind='character', trait='Shuchiin'), gain=Pump(who='chosen', power=1500, soul=0))"),
    ("", "【ACT】 [(1)] Choose 1 of your 【STAND】 characters, and put it into your waiting room.",
     "act | cost 1 stock | do OwnPick(act='waiting_room', n=1, select=Select(kind='character'), orient='stand')"),
    ("", "【AUTO】 When this card attacks, choose 1 of your cost 0 or lower characters, and put it into your memory.",
     "auto attacks | do OwnPick(act='memory', n=1, select=Select(kind='character', cost='<=0'))"),
    ("", "【AUTO】 When this card attacks, choose up to 2 of your other characters, and return them to your hand.",
     "auto attacks | do OwnPick(act='hand', n=2, at_most=True, select=Select(kind='character'), other=True)"),
    ("", "【ACT】 [(1)] Choose up to 1 of your other 《Music》 characters, put it into your clock, and draw 1 card.",
     "act | cost 1 stock | do OwnPick(act='clock', n=1, at_most=True, select=Select(kind='character', trait='Music'), "
     "other=True); Draw(n=1, optional=False)"),
    ("", "【AUTO】 When this card attacks, choose up to 2 of your characters, and those characters get +1 soul until the "
     "end of your opponent's next turn.", "auto attacks | do OwnPick(act='gain', n=2, at_most=True, select=Select("
     "kind='character'), gain=Pump(who='chosen', power=0, soul=1, until='opp-next'))"),
    ("", "【AUTO】 When this card attacks, choose up to 1 of your characters with \"Sakura\" in its card name, and that "
     "character gets +1 level and +1000 power until end of turn.", "auto attacks | do OwnPick(act='gain', n=1, "
     "at_most=True, select=Select(kind='character', name='…Sakura'), gain=Pump(who='chosen', power=1000, soul=0, "
     "levels=1))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 character in your waiting room, and put "
     "it face down underneath this card as a marker.", "auto placed | do Salvage(name=None, kind='character', "
     "optional=False, to='marker', face='down')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose up to 1 《NIKKE》 character in your clock, "
     "and put it face up underneath this card as a marker.", "auto placed | do Salvage(name=None, kind='character', "
     "optional=True, trait='NIKKE', to='marker', from_zone='clock', face='up')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is "
     "level 1 or higher, put it face up underneath this card as a marker.", "auto placed | do RevealTop(select=Select("
     "kind='card', level='>=1'), then=(RevealedTo(zone='marker', face='up')))"),
]
S10B += [
    ("cardtext-choose-other-x-count.scn", "【ACT】 [(1)] Choose 1 of your other 《Quintuplets》 characters, and that "
     "character gets +X power until end of turn. X is equal to the number of other 《Quintuplets》 characters you have "
     "×500.", "act | cost 1 stock | do Pump(who='choose-own', power=500, soul=0, trait='Quintuplets', "
     "per='others:Quintuplets', other=True)"),
    ("", "【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets +X soul until end "
     "of turn. X is equal to the number of your 《Band》 characters ×1.",
     "auto attacks | do Pump(who='choose-own', power=0, soul=1, per='all:Band', other=True)"),
    ("cardtext-look-take-two-to-stock.scn", "【ACT】 [(1)] Look at up to 4 cards from the top of your deck, choose up to 2 "
     "《Idol》 characters from among them, reveal them to your opponent, put them into your stock in any order, put the "
     "rest into your waiting room.", "act | cost 1 stock | do LookTake(n=4, up_to=True, select=Select(kind='character', "
     "trait='Idol'), take=2, optional=True, reveal=True, to='stock')"),
    ("", "【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose up to 2 《Remnant》 "
     "characters from among them, reveal them to your opponent, put them into your hand, and put the rest into your "
     "waiting room.", "auto attacks | do LookTake(n=4, up_to=True, select=Select(kind='character', trait='Remnant'), "
     "take=2, optional=True, reveal=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, look at the top 3 cards of your deck, choose up "
     "to 3 cards from among them, put them into your hand, and put the rest into your waiting room.",
     "auto placed | do LookTake(n=3, up_to=False, select=Select(kind='card'), take=3, optional=True)"),
]
S10B += [
    ("cardtext-opp-area-bound-to-waiting.scn", "【ACT】 [(1)] Choose 1 level 0 or lower character in your opponent's center "
     "stage, and put it into your opponent's waiting room.", "act | cost 1 stock | do OppTo(zone='waiting_room', n=1, "
     "select=Select(kind='character', level='<=0'), area='center')"),
    ("", "【AUTO】 When this card attacks, choose 1 character in your opponent's back stage, and return it to your "
     "opponent's hand.", "auto attacks | do OppTo(zone='hand', n=1, area='back')"),
    ("", "【AUTO】 When this card attacks, you may choose 1 cost 1 or lower character in your opponent's center stage, and "
     "put it into your opponent's clock.", "auto attacks | do OppTo(zone='clock', n=1, select=Select(kind='character', "
     "cost='<=1'), may=True, area='center')"),
    ("cardtext-for-each-opp-back.scn", "【CONT】 This card gets +2500 power for each character in your opponent's back "
     "stage.", "cont | self +2500 power +0 soul | per opp-back"),
    ("", "【CONT】 During your turn, this card gets +1000 power for each character in your opponent's center stage.",
     "cont | if your-turn | self +1000 power +0 soul | per opp-center"),
    ("cardtext-battle-opp-deck-bottom.scn", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that "
     "character at the bottom of your opponent's deck.", "auto opp-reversed | do BattleOppTo(zone='deck_bottom', "
     "may=True)"),
    ("", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that character on the top of his or her "
     "deck.", "auto opp-reversed | do BattleOppTo(zone='deck_top', may=True)"),
    ("", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that character into his or her clock.",
     "auto opp-reversed | do BattleOppTo(zone='clock', may=True)"),
    ("", "【AUTO】 When this card attacks, look at the top card of your deck, and put it on the top or the bottom of your "
     "deck.", "auto attacks | do LookPut(n=1, up_to=False, dest='top-or-bottom')"),
]
S10B += [
    ("cardtext-battle-opp-deck-top.scn", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that "
     "character on the top of his or her deck.", "auto opp-reversed | do BattleOppTo(zone='deck_top', may=True)"),
    ("cardtext-own-named-gain.scn", "【ACT】 [(1)] Choose 1 of your \"Lay\", and that character gets +3000 power until end "
     "of turn.", "act | cost 1 stock | do OwnPick(act='gain', n=1, select=Select(kind='character', name='Lay'), "
     "gain=Pump(who='chosen', power=3000, soul=0))"),
    ("", "【ACT】 [(1)] Choose 1 of your other \"Lay\" or \"Anos\", and return it to your hand.",
     "act | cost 1 stock | do OwnPick(act='hand', n=1, select=Select(kind='character', name='Lay\" or \"Anos'), "
     "other=True)"),
    ("cardtext-own-pick-grant-many.scn", "【ACT】 [(1)] Choose up to 2 of your characters, and those characters get the "
     "following ability until end of turn. \"【AUTO】 When this card attacks, this card gets +2000 power until end of "
     "turn.\"", "act | cost 1 stock | do OwnPick(act='grant', n=2, at_most=True, select=Select(kind='character'), "
     "grant=Grant(who='chosen', ability=<auto attacks | do Pump(who='self', power=2000, soul=0)>, power=0, soul=0))"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's characters, and put it into their clock.",
     "auto attacks | do OppTo(zone='clock', n=1)"),
    ("", "【AUTO】 When this card attacks, reveal the top card of your deck. If that card is level 1 or higher, you may "
     "choose 1 level 0 or lower character in your opponent's center stage, and put it into their waiting room. (Climax "
     "are regarded as level 0. Return the revealed card to its original place)", "auto attacks | do RevealTop(select="
     "Select(kind='card', level='>=1'), then=(OppTo(zone='waiting_room', n=1, select=Select(kind='character', "
     "level='<=0'), may=True, area='center')))"),
]
S10B_REFUSED = [
    ("【AUTO】 When this card attacks, choose 1 character in your opponent's back stage, and 【REST】 it.",
     "'choose 1 character in your opponent's center stage' is read before a move to a zone"),
    ("【AUTO】 When this card attacks, choose 1 climax in your opponent's center stage, and put it into your opponent's "
     "waiting room.", "a character is chosen on the stage"),
    ("【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose 2 characters from among "
     "them, put them into your hand, and put the rest into your waiting room.", "choose … from among them reads 1 / one"),
    ("【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose up to 1 character from "
     "among them, put them into your stock in any order, and put the rest into your waiting room.",
     "'put them into your stock in any order' follows 'choose up to 2"),
    # (s19 body: "choose 4 of your characters" is read now, as many as possible up to 4, 8.6.3.1: `session19_body`)
    ("【AUTO】 When this card attacks, choose 7 of your characters, and 【STAND】 them.",
     "choose … of your characters reads 1 / one / a"),
    ("【AUTO】 When this card attacks, choose 1 of your characters, and put it into your deck.", "there the engine reads"),
    ("【AUTO】 When this card attacks, you may put it face up underneath this card as a marker.",
     "'put it into …' is read after 'reveal the top card of your deck. If that card is …'"),
]


def session10b() -> list[dict]:
    """s10 bodies' lines: your own characters by a general selection, and markers."""
    return _with_goldens(S10B)

# --- s10-wshead: the ability's head, third round (issue 13, tenth session) ----------------------------------------------
# timings (8.7.2): damage this card deals cancelled or not (4.10.1.2, 4.10.1.3), a phase of either player's turn (6.1.1),
# the attack's kind (7.2.1.4), a climax placed on the opponent's climax area (3.11.1); conditions (8.3.3): the facing
# character's cost (3.6.5, 2.7), a player's level (3.9.1), the opponent's characters counted, characters counted in a
# state (4.6.1), this card standing; costs (8.4.2): this card into the clock or to the bottom of the deck, a climax from
# the climax area. Each construction is executed by a golden tests/scenarios/ws/head-*.scn (expect lines written from the
# rules first); the other lines are neighbouring wordings, read as those execute them.
_H10_DMG, _H10_BEGIN, _H10_KIND = "head-damage-canceled.scn", "head-begin-either-turn.scn", "head-attack-kind-opp-climax.scn"
_H10_COND, _H10_COST = "head-facing-cost-levels.scn", "head-costs-self-climax.scn"
S10A: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    (_H10_DMG, "【AUTO】 When damage dealt by this card is canceled, this card gets +2000 power until end of turn.",
     "auto damage-canceled | do Pump(who='self', power=2000, soul=0)"),
    (_H10_DMG, "【AUTO】 When damage dealt by this card is not canceled, draw 1 card.",
     "auto damage-not-canceled | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 This ability activates up to 1 time per turn. When damage dealt by this card is canceled, draw 1 card.",
     "auto damage-canceled | limit 1 | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 [(1)] When damage dealt by this card is canceled, you may pay the cost. If you do, deal 1 damage to your "
     "opponent. (Damage may be canceled)", "auto damage-canceled | cost 1 stock | do Damage(n=1)"),
    ("", "【AUTO】 When damage dealt by this card is not canceled, you may put the top card of your deck into your stock.",
     "auto damage-not-canceled | do TopTo(zone='stock', n=1, optional=True)"),
    (_H10_BEGIN, "【AUTO】 At the beginning of the climax phase, this card gets +1000 power until end of turn.",
     "auto begin-any:climax | do Pump(who='self', power=1000, soul=0)"),
    (_H10_BEGIN, "【AUTO】 [(1)] At the beginning of the encore step, if you do not have another 【REST】 character in your "
     "center stage, you may pay the cost. If you do, 【REST】 this card.", "auto begin-any:encore | cost 1 stock | if "
     "count=0 or less other 【REST】 character in your center stage | do Rest(who='self')"),
    (_H10_BEGIN, "【AUTO】 At the beginning of the attack phase, this card gets +1 soul until end of turn.",
     "auto begin-any:attack | do Pump(who='self', power=0, soul=1)"),
    (_H10_KIND, "【AUTO】 When this card direct attacks, draw 1 card.", "auto direct-attacks | do Draw(n=1, optional=False)"),
    (_H10_KIND, "【AUTO】 When this card side attacks, this card gets +1000 power until end of turn.",
     "auto side-attacks | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 [(1)] When this card direct attacks, you may pay the cost. If you do, deal 1 damage to your opponent. "
     "(Damage may be canceled)", "auto direct-attacks | cost 1 stock | do Damage(n=1)"),
    ("", "【AUTO】 When this card side attacks, choose 1 of your other characters, and that character gets +1000 power "
     "until end of turn.", "auto side-attacks | do Pump(who='choose-own', power=1000, soul=0, other=True)"),
    (_H10_KIND, "【AUTO】 When a climax is placed on your opponent's climax area, this card gets +1000 power until end of "
     "turn.", "auto opp-climax-placed | do Pump(who='self', power=1000, soul=0)"),
    (_H10_KIND, "【AUTO】 When a climax is placed on your climax area or your opponent's climax area, this card gets +2000 "
     "power until end of turn.", "auto your-climax-placed|opp-climax-placed | do Pump(who='self', power=2000, soul=0)"),
    ("", "【AUTO】 When your opponent's climax is placed on their climax area, this card gets +1000 power until end of turn.",
     "auto opp-climax-placed | do Pump(who='self', power=1000, soul=0)"),
    (_H10_COND, "【CONT】 If the character facing this card is cost 0 or lower, this card gets +1000 power.",
     "cont | if facing-cost=0- | self +1000 power +0 soul"),
    (_H10_COND, "【CONT】 If the character facing this card is cost 1 or higher, this card gets +1000 power.",
     "cont | if facing-cost=1+ | self +1000 power +0 soul"),
    ("", "【AUTO】 When this card attacks, if the character facing this card is level 0 or lower, and the character facing "
     "this card is cost 0 or lower, this card gets +1000 power until end of turn.",
     "auto attacks | if facing-level=0-, facing-cost=0- | do Pump(who='self', power=1000, soul=0)"),
    (_H10_COND, "【CONT】 If your level is 2 or higher, this card gets +1000 power.",
     "cont | if count=2 or more card in your level | self +1000 power +0 soul"),
    (_H10_COND, "【CONT】 If your opponent's level is 1 or higher, this card gets +1000 power.",
     "cont | if count=1 or more card in your opponent's level | self +1000 power +0 soul"),
    ("", "【AUTO】 When this card attacks, if you are level 2 or higher, this card gets +1500 power until end of turn.",
     "auto attacks | if count=2 or more card in your level | do Pump(who='self', power=1500, soul=0)"),
    (_H10_COND, "【CONT】 If your opponent has 3 or more characters in their center stage, this card gets +1000 power.",
     "cont | if count=3 or more character in your opponent's center stage | self +1000 power +0 soul"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, if your opponent has 1 or less characters in their "
     "center stage, draw 1 card.", "auto placed | if count=1 or less character in your opponent's center stage | do "
     "Draw(n=1, optional=False)"),
    ("", "【CONT】 If your opponent has 2 or more 《Villain》 characters in their back stage, this card gets +1000 power.",
     "cont | if count=2 or more 《Villain》 character in your opponent's back stage | self +1000 power +0 soul"),
    (_H10_COND, "【CONT】 If this card is 【STAND】, this card gets +1000 power.", "cont | if standing | self +1000 power +0 soul"),
    ("", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, if this card is 【STAND】, draw 1 card.",
     "auto opp-reversed | if standing | do Draw(n=1, optional=False)"),
    ("", "【CONT】 If you have 2 or more 【REST】 characters, this card gets +1000 power.",
     "cont | if count=2 or more 【REST】 character in your stage | self +1000 power +0 soul"),
    ("", "【CONT】 If you do not have any 【STAND】 characters in your back stage, this card gets +1000 power.",
     "cont | if count=0 or less 【STAND】 character in your back stage | self +1000 power +0 soul"),
    (_H10_COST, "【ACT】 [Put this card at the bottom of your deck] Choose 1 character in your waiting room, and return it "
     "to your hand.", "act | cost put this card at the bottom of your deck | do Salvage(name=None, kind='character', "
     "optional=False)"),
    (_H10_COST, "【AUTO】 [(1) Put this card into your clock] When a card named \"Launch\" is placed on your climax area, you "
     "may pay the cost. If you do, choose a card named \"Ise-Kai\" in your waiting room, and put it on the stage position "
     "that this card was on.", "auto your-climax-placed:\"Launch\" | cost 1 stock, put this card into your clock | do "
     "PutWhereWas(name='Ise-Kai')"),
    (_H10_COST, "【AUTO】 【CXCOMBO】 [Put 1 \"Launch\" from your climax area into your waiting room] When this card attacks, "
     "you may pay the cost. If you do, draw 1 card.", "auto attacks | cost 1 \"Launch\" from the climax area into the "
     "waiting room | do Draw(n=1, optional=False)"),
    ("", "【ACT】 [Put this card into your clock] Choose 1 of your characters, and that character gets +2000 power until end "
     "of turn.", "act | cost put this card into your clock | do Pump(who='choose-own', power=2000, soul=0)"),
    ("", "【ACT】 [(1) Put this card on the bottom of your deck] Draw 1 card.",
     "act | cost 1 stock, put this card at the bottom of your deck | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 [Put 1 climax from your climax area into your waiting room] When this card attacks, you may pay the "
     "cost. If you do, this card gets +3000 power until end of turn.", "auto attacks | cost 1 climax from the climax "
     "area into the waiting room | do Pump(who='self', power=3000, soul=0)"),
    ("", "【AUTO】 [(1) Put 1 card from your hand to your waiting room] When this card is placed on the stage from your "
     "hand, you may pay the cost. If you do, draw 1 card.", "auto placed | cost 1 stock, 1 card(s) from hand | do "
     "Draw(n=1, optional=False)"),
]
S10A += [
    ("head-alarm-auto.scn", "【AUTO】【CLOCK】Alarm If this card is the top card of your clock, at the beginning of the climax "
     "phase, choose 1 of your characters, and that character gets +1000 power until end of turn.",
     "auto alarm begin-any:climax | if clock-top | do Pump(who='choose-own', power=1000, soul=0)"),
    ("", "【AUTO】【CLOCK】Alarm If this card is the top card of your clock, at the beginning of your climax phase, draw 1 card.",
     "auto alarm begin:climax | if clock-top | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When this card's battle opponent becomes【REVERSE】, you may put that character into your opponent's clock.",
     "auto opp-reversed | do BattleOppTo(zone='clock', may=True)"),
]
S10A += [
    ("head-assist-trait-list.scn", "【CONT】 Assist All of your 《Villain》 characters in front of this card get +X power. X is "
     "equal to that character's level ×500.", "cont assist | front 《Villain》 +500 power +0 soul | per level"),
    ("head-assist-trait-list.scn", "【CONT】 Assist All of your 《Fleet Girl》 characters in front of this card get +1500 "
     "power.", "cont assist | front 《Fleet Girl》 +1500 power +0 soul"),
    ("", "【CONT】 Assist All of your 《Weapon》 or 《Magic》 characters in front of this card get +X power. X is equal to 1000 "
     "multiplied by that character's level.", "cont assist | front 《Weapon》 or 《Magic》 +1000 power +0 soul | per level"),
    ("head-assist-trait-list.scn", "【AUTO】 【CXCOMBO】 At the beginning of your encore step, if \"Avengers\" is in your "
     "climax area, this card is in your center stage, and you have another 《Villain》 character, this card gets +1000 "
     "power until end of turn.", "auto begin:encore | if climax=avengers, this-in=center, have-at-least=1 others:Villain | "
     "do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 When this card attacks, if \"Bright\" is in your climax area, this card is in the middle position of your "
     "center stage, and you have 2 or more other characters, draw 1 card.", "auto attacks | if climax=bright, "
     "this-in=middle, have-at-least=2 others | do Draw(n=1, optional=False)"),
    ("", "【ACT】【COUNTER】 Backup 2000, Level 1 [(1) Put this card from your hand into your waiting room] (Choose one of your "
     "characters that is being frontal attacked, and that character gets +2000 power until end of turn.)",
     "act backup | cost 1 stock, this card from hand | gets +2000 power +0 soul | level 1"),
    ("", "【AUTO】 Encore [Put a character from your hand into your waiting room] (When this card is put into your waiting "
     "room from the stage, you may pay the cost. If you do, return this card to its previous stage position as 【REST】.)",
     "auto encore to-waiting | cost 1 character(s) from hand | optional"),
    ("", "【CONT】 Experience If \"Tia\" and \"Naga\" are in your level, this card gets -1 level while in your hand.",
     "cont experience | if count=1 or more \"Tia\" in your level, count=1 or more \"Naga\" in your level | levels -1 | "
     "in-hand"),
]
S10A += [
    ("head-or-to-waiting-trait-cost.scn", "【AUTO】 [(1) Put 1 《Revue》 from your hand into the waiting room] When this card is "
     "placed on the stage from your hand or put into your waiting room from the stage, you may pay the cost. If you do, "
     "draw 1 card.", "auto placed|to-waiting | cost 1 stock, 1 《Revue》 card(s) from hand | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand or put into your waiting room from the stage, you may "
     "put the top card of your deck into your stock.", "auto placed|to-waiting | do TopTo(zone='stock', n=1, "
     "optional=True)"),
]
S10A += [
    ("head-other-to-waiting.scn", "【AUTO】 When your other character is put into your waiting room from the stage, this card "
     "gets +1000 power until end of turn.", "auto other-to-waiting | do Pump(who='self', power=1000, soul=0)"),
    ("head-other-to-waiting.scn", "【AUTO】 When another of your 《Music》 characters is put into your waiting room from the "
     "stage, draw 1 card.", "auto other-to-waiting:Music | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When your other 《Music》 character is put into your waiting room from the stage, you may put the top card "
     "of your deck into your stock.", "auto other-to-waiting:Music | do TopTo(zone='stock', n=1, optional=True)"),
]
S10A_REFUSED = [
    ("【AUTO】 If this card is the top card of your clock, at the beginning of your climax phase, draw 1 card.",
     "is Alarm's (10.1.1)"),
    ("【CONT】 Experience If this card is in the back stage, this card gets -1 level while in your hand.",
     "no keyword but Experience or Memory over a condition on the level zone or the memory"),
    ("【CONT】 If you have 2 or more 【REST】 cards in your hand, this card gets +1000 power.",
     "is the state of a character on the stage"),
    ("【AUTO】 [Put 1 《Music》 character from your climax area into your waiting room] When this card attacks, you may pay "
     "the cost. If you do, draw 1 card.", "the climax area holds a climax"),
    ("【ACT】 [Put this card into your clock & Put this card into your memory] Draw 1 card.",
     "a cost that moves this card (or a climax) twice"),
]


def session10a() -> list[dict]:
    """s10-wshead's lines: the ability's head, third round."""
    return _with_goldens(S10A)


# s10-wsfix2: abilities working from a zone other than the stage. A 【CONT】 Memory gain of your characters works from
# the memory (10.9.1; `view._sources`); what the engine would not look for where it works is refused by name.
S10C = [
    ("fix-memory-cont.scn", "【CONT】 Memory If this card is in your memory, all of your characters get +1000 power.",
     "cont memory | if this-in=memory | all +1000 power +0 soul"),
    ("", "【CONT】 Memory If this card is in your memory, all of your characters get +500 power and +1 soul.",
     "cont memory | if this-in=memory | all +500 power +1 soul"),
    ("", "【CONT】 If this card is in your memory, all of your other characters get +1000 power.",
     "cont | if this-in=memory | others +1000 power +0 soul"),
    ("", "【CONT】 Memory If this card is in your memory, all of your 《Music》 characters get +1000 power.",
     "cont memory | if this-in=memory | all 《Music》 +1000 power +0 soul"),
    # a climax's "At the beginning of your … phase", from the climax area (2.12.2.2; `abilities._climax_begin`)
    ("fix-climax-begin.scn", "【AUTO】 At the beginning of your attack phase, draw 1 card.",
     "auto begin:attack | do Draw(n=1, optional=False)"),
]
S10C_REFUSED = [
    ("【AUTO】 Alarm When this card attacks, draw 1 card.", "an Alarm 【AUTO】 ability other than 'At the beginning of"),
    ("【AUTO】 Alarm When you use this card's \"Backup\", draw 1 card.",
     "an Alarm 【AUTO】 ability other than 'At the beginning of"),
    ("【CONT】 Memory If this card is in your memory, this card gets +1000 power.",
     "'if this card is in your memory': the engine applies this kind of ability only where"),
    ("【CONT】 Memory If this card is in your memory, all of your characters get the following ability. \"【CONT】 This "
     "card cannot side attack.\"", "'if this card is in your memory': the engine applies this kind of ability only where"),
    ("【CONT】 Memory If this card is in your memory, this card gets -1 level while in your hand.",
     "'if this card is in your memory': the engine applies this kind of ability only where"),
    ("【CONT】 If this card is in your hand, this card gets +1000 power.",
     "'if this card is in your hand': the engine applies this kind of ability only where"),
    ("【CONT】 If this card is in your waiting room, all of your characters get +1000 power.",
     "'if this card is in your waiting room': the engine applies this kind of ability only where"),
    ("【CONT】 If this card is in your stock, all of your characters get +1000 power.",
     "'if this card is in your stock': the engine applies this kind of ability only where"),
    ("【CONT】 If this card is in your clock, all of your characters get +1000 power.",
     "'if this card is in your clock': the engine applies this kind of ability only where"),
    ("【CONT】 If this card is the top card of your clock, all of your characters get +500 power.",
     "heads an Alarm ability (10.1.1): without Alarm"),
    ("【AUTO】 At the beginning of your climax phase, if this card is the top card of your clock, draw 1 card.",
     "heads an Alarm ability (10.1.1): without Alarm"),
    # s15 quote: "At the beginning of your opponent's climax phase" is watched on a gained ability now (S15Q); "the climax
    # phase" (either player's) is not
    ("【ACT】 [(1)] This card gets the following ability until the end of your opponent's next turn. \"【AUTO】 At the "
     "beginning of the climax phase, draw 1 card.\"", "is not watched on the character that has it"),
]


def session10c() -> list[dict]:
    """s10-wsfix2's lines: abilities working from the memory (10.9.1)."""
    return _with_goldens(S10C)


# s11-wshead: the ability's head, fourth round (issue 13, eleventh session). Its goldens: head-memory-auto.scn (a Memory
# 【AUTO】 ability from the memory, 10.9.1), head-trigger-reveals.scn (the trigger check revealing a climax, 7.3.1.2),
# head-limit-during-named.scn (a limit and a turn condition before the timing; characters counted by a portion of their
# card names, 2.1.2.2), head-opp-of-other-named.scn (the battle opponent of your other 《T》 / "X"; a cost by a portion of
# the card name), head-not-first-turn.scn ("does not activate if it is the starting player's first turn"),
# head-during-battle.scn ("During this card's battle", 7.2.1.5.1), head-end-of-turn.scn ("At the end of your turn", 6.8.1.1),
# head-stage-cost-n.scn ("Put two of your other characters from the stage into your waiting room", 8.4.2),
# head-other-watchers.scn ("another of your 《T》 characters", "your other character with "X" in its card name"),
# head-have-names.scn ("if you have another "A" and "B" in your center stage"), head-your-character.scn ("When your
# character attacks"), head-other-reversed-any.scn ("When your other character becomes 【REVERSE】", by an effect too).
S11A = [
    # a limit and a turn condition, both before the timing (8.7.2)
    ("head-limit-during-named.scn", "【AUTO】 This ability activates up to 1 time per turn. During your turn, when you use "
     "an 【ACT】, draw 1 card.", "auto act-used | if your-turn | limit 1 | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 This ability activates up to one time per turn. During your opponent's turn, when this card is frontal "
     "attacked, this card gets +1000 power until end of turn.",
     "auto frontal-attacked | if opp-turn | limit 1 | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 This ability activates up to 2 times per turn. During your turn, when your other character attacks, this "
     "card gets +500 power until end of turn.",
     "auto other-attacks | if your-turn | limit 2 | do Pump(who='self', power=500, soul=0)"),
    # the battle opponent of another of your characters (7.2.1.5.1)
    ("", "【AUTO】 [(1) 【REST】 this card] During your turn, when another of your character's battle opponent becomes "
     "【REVERSE】, if this card is 【STAND】, you may pay the cost. If you do, draw 1 card.",
     "auto other-opp-reversed | cost 1 stock, rest this card | if your-turn, standing | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When the battle opponent of your other character becomes 【REVERSE】, this card gets +1000 power until "
     "end of turn.", "auto other-opp-reversed | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 When the battle opponent of another of your characters becomes 【REVERSE】, draw 1 card.",
     "auto other-opp-reversed | do Draw(n=1, optional=False)"),
    # characters counted by a portion of their card names (2.1.2.2), of the kind written (2.3.2)
    ("head-limit-during-named.scn", "【CONT】 If you have 2 or more other characters with \"Yotsuba\" in their card "
     "names, this card gets +1000 power.",
     "cont | if count=2 or more other character with \"Yotsuba\" in its card name in your stage | self +1000 power +0 soul"),
    ("head-limit-during-named.scn", "【CONT】 If you have 2 or more characters with \"Miku\" in their card names in your "
     "waiting room, this card gets +1500 power.",
     "cont | if count=2 or more character with \"Miku\" in its card name in your waiting room | self +1500 power +0 soul"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, if you have 2 or more other characters with "
     "\"Yotsuba(四葉)\" in their card names, you may draw 1 card. If you do, choose 1 card in your hand, and put it into "
     "your waiting room.", "auto placed | if count=2 or more other character with \"Yotsuba(四葉)\" in its card name in your stage | do "
     "IfDone(first=Draw(n=1, optional=True), then=(HandTo(n=1, select=Select(kind='card'))))"),
    # Memory 【AUTO】 abilities from the memory (10.9.1), the condition before or after the timing
    ("head-memory-auto.scn", "【AUTO】 Memory [Put 1 climax from your hand into your waiting room] If this card is in your "
     "memory, at the beginning of your main phase, you may pay the cost. If you do, return this card to your hand.",
     "auto memory begin:main | cost 1 climax(s) from hand | if this-in=memory | do SelfTo(zone='hand')"),
    ("", "【AUTO】 Memory [Put 1 《Game》 character from your hand into your waiting room] At the beginning of your main "
     "phase, if this card is in your memory, you may pay the cost. If you do, return this card to your hand.",
     "auto memory begin:main | cost 1 《Game》 character(s) from hand | if this-in=memory | do SelfTo(zone='hand')"),
    ("", "【AUTO】 Memory If this card is in your memory, at the beginning of your encore step, put the top card of your "
     "clock into your waiting room.", "auto memory begin:encore | if this-in=memory | do Heal()"),
    ("", "【AUTO】 Memory If this card is in your memory, at the beginning of your opponent's climax phase, draw 1 card.",
     "auto memory begin:opp-climax | if this-in=memory | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 Memory When you level up, if this card is in your memory, you may return this card to your hand.",
     "auto memory level-up | if this-in=memory | do SelfTo(zone='hand', may=True)"),
    # the trigger check revealing a climax (7.3.1.2; its icon, 2.11.1)
    ("head-trigger-reveals.scn", "【AUTO】 When your climax with [ICON:COMEBACK] in its trigger icon triggers, this card "
     "gets +1000 power until end of turn.", "auto trigger-reveals:[comeback] | do Pump(who='self', power=1000, soul=0)"),
    ("head-trigger-reveals.scn", "【AUTO】 When this card's trigger check reveals a climax, this card gets +2000 power "
     "until end of turn.", "auto self-trigger-reveals | do Pump(who='self', power=2000, soul=0)"),
    ("", "【AUTO】 [Put 1 card from your hand into your waiting room] When your climax with [COMEBACK] in its trigger icon "
     "triggers, you may pay the cost. If you do, choose 1 character in your waiting room, and return it to your hand.",
     "auto trigger-reveals:[comeback] | cost 1 card(s) from hand | do Salvage(name=None, kind='character', "
     "optional=False)"),
    ("", "【AUTO】 [(1) Put 1 card from your hand into your waiting room] This ability activates up to 1 time per turn. "
     "When your character's trigger check reveals a climax with [ICON:COMEBACK] in its trigger icon, you may pay the "
     "cost. If you do, deal 1 damage to your opponent. (Damage may be canceled)",
     "auto trigger-reveals:[comeback] | cost 1 stock, 1 card(s) from hand | limit 1 | do Damage(n=1)"),
    ("", "【AUTO】 When your character's trigger check reveals a climax, draw 1 card.",
     "auto trigger-reveals | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When this card's trigger check reveals a climax with [GATE] in its trigger icon, this card gets +1 soul "
     "until end of turn.", "auto self-trigger-reveals:[gate] | do Pump(who='self', power=0, soul=1)"),
]
S11A += [
    # the battle opponent of your other character named by a trait or a name (7.2.1.5.1; 2.5.3, 2.1.2); a cost and a
    # selection by a portion of the card name (2.1.2.2): head-opp-of-other-named.scn
    ("head-opp-of-other-named.scn", "【AUTO】 When your other 《Music》 character's battle opponent becomes 【REVERSE】, this "
     "card gets +1000 power until end of turn.", "auto other-opp-reversed:Music | do Pump(who='self', power=1000, soul=0)"),
    ("head-opp-of-other-named.scn", "【AUTO】 [Put 1 character with \"Blade\" in its card name from your hand into your "
     "waiting room] When the battle opponent of your other \"Blade\" becomes 【REVERSE】, you may pay the cost. If you do, "
     "draw 1 card.", "auto other-opp-reversed:\"Blade\" | cost 1 character with \"Blade\" in its card name(s) from hand | do "
     "Draw(n=1, optional=False)"),
    ("head-opp-of-other-named.scn", "【AUTO】 When the battle opponent of your other 《Date》 character becomes 【REVERSE】, "
     "this card gets +1000 power until end of turn.",
     "auto other-opp-reversed:Date | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 [(1) Put this card into your memory] When you level up, you may pay the cost. If you do, look at up to 4 "
     "cards from the top of your deck, choose up to 1 character with \"Yotsuba\" in its card name from among them, "
     "reveal it to your opponent, put it into your hand, and put the rest into your waiting room.",
     "auto level-up | cost 1 stock, put this card into your memory | do LookTake(n=4, up_to=True, "
     "select=Select(kind='character', name='…Yotsuba'), take=1, optional=True, reveal=True)"),
    ("", "【ACT】 [(1) Put 1 《Music》 character with \"Miku\" in its card name from your hand into your waiting room] Draw 1 "
     "card.", "act | cost 1 stock, 1 《Music》 character with \"Miku\" in its card name(s) from hand | do Draw(n=1, optional=False)"),
]
S11A += [
    # the card's own exception to its activation (8.7.2; 7.2.1.3.1): head-not-first-turn.scn
    ("head-not-first-turn.scn", "【AUTO】 This ability does not activate if it is the starting player's first turn. When "
     "this card attacks, this card gets +1000 power until end of turn.",
     "auto attacks | if not-first-turn | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 【CXCOMBO】 This ability does not activate if it is the starting player's first turn. When this card "
     "attacks, if \"Time\" is in your climax area, draw 1 card.",
     "auto attacks | if not-first-turn, climax=time | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 This ability activates up to 1 time per turn. This ability does not activate if it is the starting "
     "player's first turn. When this card attacks, this card gets +1000 power until end of turn.",
     "auto attacks | if not-first-turn | limit 1 | do Pump(who='self', power=1000, soul=0)"),
]
S11A += [
    # a condition on this card's battle (7.2.1.5.1): head-during-battle.scn
    ("head-during-battle.scn", "【CONT】 During this card's battle, this card gets +2000 power.",
     "cont | if in-battle | self +2000 power +0 soul"),
    ("", "【CONT】 During this card's battle, this card gets +1 soul.", "cont | if in-battle | self +0 power +1 soul"),
    ("", "【CONT】 During your turn, during this card's battle, this card gets +1000 power.",
     "cont | if your-turn, in-battle | self +1000 power +0 soul"),
]
S11A += [
    # "at the end of turn" (6.8.1.1: it activates as the end phase begins): head-end-of-turn.scn
    ("head-end-of-turn.scn", "【AUTO】 At the end of your turn, deal 1 damage to your opponent.",
     "auto begin:end | do Damage(n=1)"),
    ("head-end-of-turn.scn", "【AUTO】 At the end of the turn, deal 1 damage to your opponent.",
     "auto begin-any:end | do Damage(n=1)"),
    ("head-end-of-turn.scn", "【AUTO】 At the end of your opponent's turn, deal 1 damage to your opponent.",
     "auto begin:opp-end | do Damage(n=1)"),
    ("", "【AUTO】 At the end of your turn, put the top card of your clock into your waiting room.",
     "auto begin:end | do Heal()"),
]
S11A += [
    # N characters from the stage as a cost (8.4.2): head-stage-cost-n.scn
    ("head-stage-cost-n.scn", "【ACT】 [Put two of your other characters from the stage into your waiting room] Draw 2 "
     "cards.", "act | cost 2 other character(s) from the stage into the waiting room | do Draw(n=2, optional=False)"),
    ("", "【ACT】 [Put 1 of your 《Music》 characters from your stage into your waiting room] Draw 1 card.",
     "act | cost 1 《Music》 character(s) from the stage into the waiting room | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 [(1) Put 2 characters from the stage into your waiting room] When this card attacks, you may pay the "
     "cost. If you do, draw 1 card.", "auto attacks | cost 1 stock, 2 character(s) from the stage into the waiting room "
     "| do Draw(n=1, optional=False)"),
]
S11A += [
    # neighbouring wordings of the watching timings (8.7.2; 2.5.3, 2.1.2.2, 7.2.1.6): head-other-watchers.scn
    ("head-other-watchers.scn", "【AUTO】 When another of your 《Music》 characters is placed on the stage from your hand, "
     "this card gets +1000 power until end of turn.", "auto other-placed:Music | do Pump(who='self', power=1000, soul=0)"),
    ("head-other-watchers.scn", "【AUTO】 When your other character with \"Miku\" in its card name is placed on the stage "
     "from your hand, this card gets +1000 power until end of turn.",
     "auto other-placed:\"…Miku\" | do Pump(who='self', power=1000, soul=0)"),
    ("head-other-watchers.scn", "【AUTO】 When another of your 《Music》 characters attacks, this card gets +1000 power "
     "until end of turn.", "auto other-attacks:Music | do Pump(who='self', power=1000, soul=0)"),
    ("head-other-watchers.scn", "【AUTO】 When your other character with \"Miku\" in its card name attacks, this card "
     "gets +1000 power until end of turn.", "auto other-attacks:\"…Miku\" | do Pump(who='self', power=1000, soul=0)"),
    ("head-other-watchers.scn", "【AUTO】 When your other 《Music》 character becomes 【REVERSE】 during battle, draw 1 card.",
     "auto other-reversed:Music | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When another of your characters is placed on the stage from your hand, draw 1 card.",
     "auto other-placed | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When another of your characters attacks, draw 1 card.", "auto other-attacks | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When another of your characters becomes 【REVERSE】 in battle, draw 1 card.",
     "auto other-reversed | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When this card becomes 【REVERSE】 during battle, draw 1 card.", "auto reversed | do Draw(n=1, optional=False)"),
]
S11A += [
    # cards you have by name (2.1.2, 2.3.2.1.2, 3.6.3): head-have-names.scn
    ("head-have-names.scn", "【CONT】 If you have another \"Anis\" and \"Neon\" in your center stage, this card gets "
     "+1000 power.", "cont | if count=1 or more other \"Anis\" in your center stage, count=1 or more other \"Neon\" in "
     "your center stage | self +1000 power +0 soul"),
    ("head-have-names.scn", "【CONT】 If you have \"Rapi\" in your center stage, this card gets +1000 power.",
     "cont | if count=1 or more \"Rapi\" in your center stage | self +1000 power +0 soul"),
    ("head-have-names.scn", "【CONT】 If you have \"Anis\" and \"Rapi\", this card gets +500 power.",
     "cont | if count=1 or more \"Anis\" in your stage, count=1 or more \"Rapi\" in your stage | self +500 power +0 soul"),
    ("", "【AUTO】 When this card attacks, if \"Lucky\" is in your climax area, and you have another \"Anis\" and "
     "\"\"Fire!\" Neon\" in your center stage, draw 1 card.", "auto attacks | if climax=lucky, count=1 or more other "
     "\"Anis\" in your center stage, count=1 or more other \"\"Fire!\" Neon\" in your center stage | do Draw(n=1, "
     "optional=False)"),
]
S11A += [
    # any of your characters, this card included (8.7.2: either happening): head-your-character.scn
    ("head-your-character.scn", "【AUTO】 When your character attacks, this card gets +500 power until end of turn.",
     "auto attacks|other-attacks | do Pump(who='self', power=500, soul=0)"),
    ("head-your-character.scn", "【AUTO】 When your character's battle opponent becomes 【REVERSE】, draw 1 card.",
     "auto opp-reversed|other-opp-reversed | do Draw(n=1, optional=False)"),
    ("head-your-character.scn", "【AUTO】 When your character becomes 【REVERSE】 in battle, this card gets +1000 power "
     "until end of turn.", "auto reversed|other-reversed | do Pump(who='self', power=1000, soul=0)"),
]
S11A += [
    # your other character reversed in battle or by an effect (4.6.1.3, 8.7.2): head-other-reversed-any.scn
    ("head-other-reversed-any.scn", "【AUTO】 When your other character becomes 【REVERSE】, draw 1 card.",
     "auto other-reversed | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When another of your characters becomes 【REVERSE】, draw 1 card.",
     "auto other-reversed | do Draw(n=1, optional=False)"),
]
S11A_REFUSED = [
    # without the keyword, or at a timing the engine does not look for in the memory: refused by name (10.9.1)
    ("【AUTO】 At the beginning of your climax phase, if this card is in your memory, draw 1 card.",
     "'if this card is in your memory': the engine applies this kind of ability only where"),
    ("【AUTO】 Memory When this card attacks, if this card is in your memory, draw 1 card.",
     "'if this card is in your memory': the engine applies this kind of ability only where"),
    ("【AUTO】 Memory If this card is in your memory, when you use an 【ACT】, draw 1 card.",
     "'if this card is in your memory': the engine applies this kind of ability only where"),
]


def session11a() -> list[dict]:
    """s11-wshead's lines: the ability's head, fourth round."""
    return _with_goldens(S11A)
# --- s11 bodies (issue 13, eleventh session): an 【AUTO】 ability a continuous effect gives (8.9.1), a selection by a
# portion of the card name beside its kind and trait (2.1.2.2), your own characters chosen and rested (4.6.1.2), the
# opponent's deck milled into their waiting room, clock or stock (3.2.3). Each construction is executed by a golden
# tests/scenarios/ws/cardtext-*.scn (expect lines written from the rules first); the other lines are neighbouring wordings.
S11B: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('cardtext-cont-grant-auto.scn', "【CONT】 All of your other 《Guild》 characters get the following ability. "
     "\"【AUTO】 When this card attacks, this card gets +1000 power until end of turn.\"",
     "cont | others 《Guild》 +0 power +0 soul | gives <auto attacks | do Pump(who='self', power=1000, soul=0)>"),
    ('', "【CONT】 During your turn, this card gets the following ability. \"【AUTO】 When this card's battle opponent "
     "becomes 【REVERSE】, you may put the top card of your deck into your stock.\"",
     "cont | if your-turn | self +0 power +0 soul | gives <auto opp-reversed | do TopTo(zone='stock', n=1, "
     "optional=True)>"),
    ('', "【CONT】 If you have 2 or more other 《Idol》 characters, this card gets +1000 power and the following "
     "ability. \"【AUTO】 When this card attacks, choose 1 character in your waiting room, and return it to your "
     "hand.\"",
     "cont | if have-at-least=2 others:Idol | self +1000 power +0 soul | gives <auto attacks | do "
     "Salvage(name=None, kind='character', optional=False)>"),
    ('cardtext-cont-grant-begin.scn', "【CONT】 All of your characters get the following ability. \"【AUTO】 At the beginning of your climax phase, "
     "this card gets +1 soul until end of turn.\"",
     "cont | all +0 power +0 soul | gives <auto begin:climax | do Pump(who='self', power=0, soul=1)>"),
    ('', "【CONT】 If \"Stage Lights\" is in your climax area, all of your other characters get the following "
     "ability. \"【AUTO】 When this card becomes 【REVERSE】, draw 1 card.\"",
     "cont | if climax=stage lights | others +0 power +0 soul | gives <auto reversed | do Draw(n=1, "
     "optional=False)>"),
    ('cardtext-name-part-salvage.scn', "【ACT】 [(1)] Choose up to 2 characters with \"Yotsuba\" in their card names "
     "in your waiting room, and return them to your hand.",
     "act | cost 1 stock | do Salvage(name='…Yotsuba', kind='character', optional=True, many=2)"),
    ('', "【AUTO】 When this card attacks, choose 1 《Music》 character with \"Kasumi\" in its card name in your "
     "waiting room, and return it to your hand.",
     "auto attacks | do Salvage(name='…Kasumi', kind='character', optional=False, trait='Music')"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 character with \"Kasumi\" "
     "in its card name in your waiting room, and put it into your stock.",
     "auto placed | do Salvage(name='…Kasumi', kind='character', optional=False, may=True, to='stock')"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, look at up to 4 cards from the top of your "
     "deck, choose up to 1 character with \"Yotsuba(四葉)\" in its card name from among them, reveal it to your "
     "opponent, put it into your hand, and put the rest into your waiting room.",
     "auto placed | do LookTake(n=4, up_to=True, select=Select(kind='character', name='…Yotsuba(四葉)'), take=1, "
     "optional=True, reveal=True)"),
    ('', "【AUTO】 When this card attacks, search your deck for up to 1 character with \"Kasumi\" in its card name, "
     "reveal it to your opponent, put it into your hand, and shuffle your deck.",
     "auto attacks | do Search(n=1, select=Select(kind='character', name='…Kasumi'))"),
    ('cardtext-own-pick-rest.scn', "【ACT】 [(1)] Choose 1 of your 【STAND】 《Weapon》 characters, and 【REST】 it.",
     "act | cost 1 stock | do OwnPick(act='rest', n=1, select=Select(kind='character', trait='Weapon'), "
     "orient='stand')"),
    ('', "【AUTO】 When this card attacks, choose 1 of your other characters, and 【REST】 it.",
     "auto attacks | do OwnPick(act='rest', n=1, select=Select(kind='character'), other=True)"),
    ('', "【ACT】 [(1)] Choose up to 2 of your other 【STAND】 characters, and 【REST】 them.",
     "act | cost 1 stock | do OwnPick(act='rest', n=2, at_most=True, select=Select(kind='character'), other=True, "
     "orient='stand')"),
    ('cardtext-opp-deck-top.scn', "【ACT】 [(1)] Put the top 2 cards of your opponent's deck into their waiting room.",
     "act | cost 1 stock | do OppTopTo(zone='waiting_room', n=2)"),
    ('cardtext-opp-deck-top.scn', "【ACT】 [(1)] Your opponent puts the top card of their deck into their clock.",
     "act | cost 1 stock | do OppTopTo(zone='clock', n=1)"),
    ('', "【AUTO】 When you use this card's \"Backup\", put the top three cards of your opponent's deck into his or "
     "her waiting room.",
     "auto backup-used | do OppTopTo(zone='waiting_room', n=3)"),
    ('', "【AUTO】 When this card's battle opponent becomes 【REVERSE】, your opponent puts the top 2 cards of their "
     "deck into their waiting room.",
     "auto opp-reversed | do OppTopTo(zone='waiting_room', n=2)"),
    ('', "【AUTO】 When this card attacks, put the top card of your opponent's deck into their stock.",
     "auto attacks | do OppTopTo(zone='stock', n=1)"),
]
S11B += [
    ("", "【CONT】 All of your other characters get the following ability. \"【AUTO】 When this card attacks, draw 1 card.\"",
     "cont | others +0 power +0 soul | gives <auto attacks | do Draw(n=1, optional=False)>"),
]
# a keyword ability given in quotes (Encore, 10.2.2), and abilities given until end of turn that wait for the character to
# leave the stage, read with the information it had there (8.7.4.1.2); "return this card to its previous stage position"
S11B += [
    ('cardtext-granted-encore.scn', "【ACT】 [(1)] Choose 1 of your other characters, and that character gets "
     "\"【AUTO】 Encore [(1)]\" until end of turn.",
     "act | cost 1 stock | do Grant(who='choose-own', ability=<auto encore to-waiting | cost 1 stock | optional>, "
     "power=0, soul=0, other=True)"),
    ('', "【AUTO】 When you level up, this card gets \"【AUTO】 Encore [(1)]\" until end of turn.",
     "auto level-up | do Grant(who='self', ability=<auto encore to-waiting | cost 1 stock | optional>, power=0, "
     "soul=0)"),
    ('', "【AUTO】 When this card attacks, choose 1 of your other 《Music》 characters, and that character gets +1500 "
     "power and \"【AUTO】 Encore [Put 1 character from your hand into your waiting room]\" until the end of your "
     "opponent's next turn.",
     "auto attacks | do Grant(who='choose-own', ability=<auto encore to-waiting | cost 1 character(s) from hand | "
     "optional>, power=1500, soul=0, trait='Music', other=True, until='opp-next')"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, this card gets \"【AUTO】 Encore [Put 1 "
     "character from your hand into your waiting room]\" until the end of your opponent's next turn.",
     "auto placed | do Grant(who='self', ability=<auto encore to-waiting | cost 1 character(s) from hand | "
     "optional>, power=0, soul=0, until='opp-next')"),
    ('cardtext-granted-return-previous.scn', "【ACT】 [(1)] Choose 1 of your other characters, and that character "
     "gets the following ability until end of turn. \"【AUTO】 When this card is put into your waiting room from the "
     "stage, you may return this card to its previous stage position as 【REST】.\"",
     "act | cost 1 stock | do Grant(who='choose-own', ability=<auto to-waiting | do ReturnPrevious(may=True)>, "
     "power=0, soul=0, other=True)"),
    ('', "【COUNTER】 Choose 1 of your characters, and that character gets the following ability until end of turn. "
     "\"【AUTO】 When this card is put into your waiting room from the stage, you may return this card to your "
     "hand.\"",
     "effect counter | do Grant(who='choose-own', ability=<auto to-waiting | do SelfTo(zone='hand', may=True)>, "
     "power=0, soul=0)"),
    ('', "【AUTO】 When this card is put into your waiting room from the stage, you may return this card to its "
     "previous stage position as 【REST】.",
     "auto to-waiting | do ReturnPrevious(may=True)"),
    ('cardtext-return-previous-position.scn', "【AUTO】 [(1)] When this card is put into your waiting room from the stage, you may pay the cost. If you "
     "do, return this card to its previous stage position as 【REST】.",
     "auto to-waiting | cost 1 stock | do ReturnPrevious()"),
]
S11B += [
    ("", '【ACT】 [(1)] This card gets the following ability until end of turn. "【AUTO】 When this card is put into your '
     'waiting room from the stage, draw 1 card."',
     "act | cost 1 stock | do Grant(who='self', ability=<auto to-waiting | do Draw(n=1, optional=False)>, power=0, "
     "soul=0)"),
]
# damage dealt X times (4.10: each apart), X over the kinds of card a mill put (3.4.2); neighbouring wordings of
# constructions read before (a restriction 'on the stage', the opponent's waiting room but one card, 'If that character is')
S11B += [
    ('cardtext-damage-x-times.scn', "【ACT】 [(1)] Put the top 3 cards of your deck into your waiting room, and deal "
     "1 damage to your opponent X times. X is equal to the number of climax among those cards. (Damage may be "
     "canceled)",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=3, optional=False), then=(Damage(n=1, "
     "x=XCount(zone='among-kind', select=Select(kind='climax')), x_times=True)))"),
    ('', "【AUTO】 【CXCOMBO】 [(1) Put 1 card from your hand into your waiting room] When this card attacks, if "
     "\"Versatile Weapon\" is in your climax area, you may pay the cost. If you do, put the top 6 cards of your "
     "deck into your waiting room, deal 1 damage to your opponent X times, and this card gets +2000 power until end "
     "of turn. X is equal to the number of climax among those cards. (Damage may be canceled)",
     "auto attacks | cost 1 stock, 1 card(s) from hand | if climax=versatile weapon | do "
     "Milled(top=TopTo(zone='waiting_room', n=6, optional=False), then=(Damage(n=1, x=XCount(zone='among-kind', "
     "select=Select(kind='climax')), x_times=True))); Pump(who='self', power=2000, soul=0)"),
    ('', "【AUTO】 When this card attacks, put the top 4 cards of your deck into your waiting room, and deal X damage "
     "to your opponent. X is equal to the number of climaxes among those cards. (Damage may be canceled)",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=4, optional=False), then=(Damage(n=0, "
     "x=XCount(zone='among-kind', select=Select(kind='climax')))))"),
    ('', "【AUTO】 When this card attacks, put the top 3 cards of your deck into your waiting room, choose up to 1 "
     "level X or lower character in your waiting room, and return it to your hand. X is equal to the number of "
     "《Magic》 characters among those cards.",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=3, optional=False), then=(Salvage(name=None, "
     "kind='character', optional=True, level='<=X', x=XCount(zone='among-kind', select=Select(kind='character', "
     "trait='Magic')))))"),
    ('', "【CONT】 This card cannot move to another position on the stage.",
     "cont | cannot no-move"),
    ('', "【AUTO】 [(1) Put 1 card from your hand into your waiting room] When this card is placed on the stage from "
     "your hand, you may pay the cost. If you do, your opponent chooses 1 climax in their waiting room, returns all "
     "cards except that card from their waiting room to their deck, and shuffles their deck.",
     "auto placed | cost 1 stock, 1 card(s) from hand | do OppWaitingToDeck(n=0, keep=Select(kind='climax'))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that "
     "character is a 《Music》 character, this card gets +1 soul until end of turn. (Return the revealed card to its "
     "original place)",
     "auto placed | do RevealTop(select=Select(kind='character', trait='Music'), then=(Pump(who='self', power=0, "
     "soul=1)))"),
]
# a gain counted over your other cards of a name (8.9.1, 2.1.2); +X counted on the chosen character's soul (2.10.1)
S11B += [
    ('cardtext-for-each-named.scn', "【CONT】 This card gets +1000 power for each of your other cards named \"Amagi\" "
     "or \"Akagi\".",
     "cont | self +1000 power +0 soul | per others:@Amagi\" or \"Akagi"),
    ('', "【CONT】 This card gets +1000 power for each of your other cards named \"2nd Unryu-class Aircraft Carrier, "
     "Amagi\".",
     "cont | self +1000 power +0 soul | per others:@2nd Unryu-class Aircraft Carrier, Amagi"),
    ('', "【CONT】 During your turn, this card gets +500 power for each of your other cards named \"Kaga\".",
     "cont | if your-turn | self +500 power +0 soul | per others:@Kaga"),
    ('cardtext-x-that-soul.scn', "【ACT】 [(1)] Choose 1 of your other characters, and that character gets +X power "
     "until end of turn. X is equal to that character's soul ×1000.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, other=True, x=XCount(zone='that-soul', "
     "select=Select(kind='card')))"),
    ('', "【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets +X power until "
     "end of turn. X is equal to that character's soul ×1000.",
     "auto attacks | do Pump(who='choose-own', power=1000, soul=0, other=True, x=XCount(zone='that-soul', "
     "select=Select(kind='card')))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your 《Britannia》 characters, and "
     "that character gets +X power until end of turn. X is equal to that character's soul ×500.",
     "auto placed | do Pump(who='choose-own', power=500, soul=0, trait='Britannia', x=XCount(zone='that-soul', "
     "select=Select(kind='card')))"),
]
# effects between the searched cards and the shuffle (8.8.1, 3.2.4); cards of the waiting room back into the deck, then
# shuffled (8.6.3.1.1, 3.2.4)
S11B += [
    ('cardtext-search-then-discard.scn', "【ACT】 [(1)] Search your deck for up to 1 《Magic》 character, reveal it to "
     "your opponent, put it into your hand, choose a card in your hand, put it into your waiting room, and shuffle "
     "your deck.",
     "act | cost 1 stock | do Search(n=1, select=Select(kind='character', trait='Magic'), "
     "before_shuffle=(HandTo(n=1, select=Select(kind='card'))))"),
    ('', "Search your deck for up to two 《Magic》 or 《Weapon》 characters, reveal them to your opponent, put them "
     "into your hand, choose a card in your hand, put it into your waiting room, and shuffle your deck.",
     "effect | do Search(n=2, select=Select(kind='character', trait='Magic》 or 《Weapon'), "
     "before_shuffle=(HandTo(n=1, select=Select(kind='card'))))"),
    ('', "【AUTO】 When this card attacks, search your deck for up to 1 character, reveal it to your opponent, put it "
     "into your hand, draw 1 card, and shuffle your deck.",
     "auto attacks | do Search(n=1, select=Select(kind='character'), before_shuffle=(Draw(n=1, optional=False)))"),
    ('cardtext-waiting-to-deck-shuffle.scn', "【ACT】 [(1)] Choose up to 2 《Music》 characters in your waiting room, "
     "return them to your deck, and shuffle your deck.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=True, trait='Music', "
     "to='deck_shuffle', many=2)"),
    ('', "【AUTO】 When this card attacks, choose up to 2 cards in your waiting room, return them to your deck, and "
     "shuffle your deck.",
     "auto attacks | do Salvage(name=None, kind='card', optional=True, to='deck_shuffle', many=2)"),
    ('', "【AUTO】 At the beginning of your encore step, choose up to 3 climaxes in your waiting room, and return "
     "them to your deck, and shuffle your deck.",
     "auto begin:encore | do Salvage(name=None, kind='climax', optional=True, to='deck_shuffle', many=3)"),
]
# '【STAND】 this card' (4.6.1.1); a card of the clock into the waiting room (3.8, 3.4.1)
S11B += [
    ('cardtext-stand-self-clock-swap.scn', "【ACT】 [(1)] 【STAND】 this card.",
     "act | cost 1 stock | do StandSelf()"),
    ('cardtext-stand-self-clock-swap.scn', "【ACT】 [(1)] Put the top card of your deck into your clock, choose 1 "
     "character in your clock, and put it into your waiting room.",
     "act | cost 1 stock | do TopTo(zone='clock', n=1, optional=False); Salvage(name=None, kind='character', "
     "optional=False, to='waiting_room', from_zone='clock')"),
    ('', "【AUTO】 When this card attacks, 【STAND】 this card.",
     "auto attacks | do StandSelf()"),
    ('', "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may 【STAND】 this card.",
     "auto opp-reversed | do StandSelf(may=True)"),
    ('', "【AUTO】 [(1)] When this card's battle opponent becomes 【REVERSE】, you may pay the cost. If you do, 【STAND】 "
     "this card.",
     "auto opp-reversed | cost 1 stock | do StandSelf()"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, put the top card of your deck into your "
     "clock, choose 1 card in your clock, and put it into your waiting room.",
     "auto placed | do TopTo(zone='clock', n=1, optional=False); Salvage(name=None, kind='card', optional=False, "
     "to='waiting_room', from_zone='clock')"),
]
# the cards looked at but not chosen back on the top or at the bottom of the deck in the player's order (4.8.1, 8.8.1)
S11B += [
    ('cardtext-look-take-rest-on-top.scn', "【ACT】 [(1)] Look at up to 3 cards from the top of your deck, choose up "
     "to 1 《Music》 character from among them, put it into your hand, and put the rest on the top of your deck in "
     "any order.",
     "act | cost 1 stock | do LookTake(n=3, up_to=True, select=Select(kind='character', trait='Music'), take=1, "
     "optional=True, rest_to='deck_top')"),
    ('', "【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose up to 1 card from "
     "among them, put it into your hand, and put the rest on the bottom of your deck in any order.",
     "auto attacks | do LookTake(n=4, up_to=True, select=Select(kind='card'), take=1, optional=True, "
     "rest_to='deck_bottom')"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, look at the top 3 cards of your deck, choose "
     "up to 1 《Music》 character from among them, reveal it to your opponent, put it into your hand, and put the "
     "rest at the bottom of your deck in any order.",
     "auto placed | do LookTake(n=3, up_to=False, select=Select(kind='character', trait='Music'), take=1, "
     "optional=True, reveal=True, rest_to='deck_bottom')"),
    ('', "【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose up to 2 cards from "
     "among them, put them into your hand, and put the rest on top of your deck in any order.",
     "auto attacks | do LookTake(n=4, up_to=True, select=Select(kind='card'), take=2, optional=True, "
     "rest_to='deck_top')"),
]
# a card of the hand put into a zone as an effect; 'you may choose …' joined to 'If you do' (8.6.3, 8.8.1)
S11B += [
    ('cardtext-may-discard-if-you-do.scn', "【ACT】 [(1)] You may put 1 card from your hand into your waiting room. "
     "If you do, draw 2 cards.",
     "act | cost 1 stock | do IfDone(first=HandTo(n=1, select=Select(kind='card'), may=True), then=(Draw(n=2, "
     "optional=False)))"),
    ('', "【AUTO】 When this card attacks, you may put 1 card from your hand into your waiting room. If you do, draw "
     "1 card.",
     "auto attacks | do IfDone(first=HandTo(n=1, select=Select(kind='card'), may=True), then=(Draw(n=1, "
     "optional=False)))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, you may put 1 card from your hand into your "
     "stock.",
     "auto placed | do HandTo(n=1, select=Select(kind='card'), dest='stock', may=True)"),
    ('', "【AUTO】 When this card attacks, you may choose 1 card in your hand, and put it into your waiting room. If "
     "you do, draw 2 cards.",
     "auto attacks | do IfDone(first=HandTo(n=1, select=Select(kind='card'), may=True), then=(Draw(n=2, "
     "optional=False)))"),
    ('', "【AUTO】 When this card attacks, you may choose 1 character in your waiting room, and return it to your "
     "hand. If you do, choose 1 card in your hand, and put it into your waiting room.",
     "auto attacks | do IfDone(first=Salvage(name=None, kind='character', optional=False, may=True), "
     "then=(HandTo(n=1, select=Select(kind='card'))))"),
    ('', "【AUTO】 When this card attacks, you may choose 1 of your other characters, and return it to your hand. If "
     "you do, this card gets +2000 power until end of turn.",
     "auto attacks | do IfDone(first=OwnPick(act='hand', n=1, select=Select(kind='character'), other=True, "
     "may=True), then=(Pump(who='self', power=2000, soul=0)))"),
]
# a condition on the one card a mill put into the waiting room (8.3.3, 3.4.2)
S11B += [
    ('cardtext-mill-that-card-if.scn', "【ACT】 [(1)] Put the top card of your deck into your waiting room. If that "
     "card is a climax, this card gets +1000 power until end of turn.",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Pump(who='self', "
     "power=1000, soul=0)), cond=Select(kind='climax'))"),
    ('', "【AUTO】 When this card attacks, put the top card of your deck into your waiting room. If that card is a "
     "climax, choose 1 character in your waiting room, and return it to your hand.",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Salvage(name=None, "
     "kind='character', optional=False)), cond=Select(kind='climax'))"),
    ('', "【AUTO】 When this card attacks, put the top card of your deck into your waiting room. If that card is a "
     "level 1 or higher character, this card gets +1500 power until end of turn.",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Pump(who='self', "
     "power=1500, soul=0)), cond=Select(kind='character', level='>=1'))"),
    ('', "【AUTO】 When this card's battle opponent becomes 【REVERSE】, put the top card of your deck into your "
     "waiting room. If that card is a 《Music》 character, draw 1 card.",
     "auto opp-reversed | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Draw(n=1, "
     "optional=False)), cond=Select(kind='character', trait='Music'))"),
]
# a card of the opponent's hand chosen by the opponent, as the text says (8.6.3)
S11B += [
    ('cardtext-opp-chooses-discard.scn', "【ACT】 [(1)] Your opponent chooses 1 card in their hand, and puts it into "
     "their waiting room.",
     "act | cost 1 stock | do OppHandTo(n=1, select=Select(kind='card'))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, your opponent chooses 1 card in their hand, "
     "and puts it into their waiting room.",
     "auto placed | do OppHandTo(n=1, select=Select(kind='card'))"),
    ('', "【AUTO】 When this card attacks, your opponent chooses 1 character in his or her hand, and puts it into his "
     "or her stock.",
     "auto attacks | do OppHandTo(n=1, select=Select(kind='character'), dest='stock')"),
]
# your own characters chosen and moved to an open position of a stage area (3.6.3, 8.9.2)
S11B += [
    ('cardtext-own-pick-move.scn', "【ACT】 [(1)] Choose 1 of your other 【REST】 characters, and move it to an open "
     "position of your back stage.",
     "act | cost 1 stock | do OwnPick(act='move:back', n=1, select=Select(kind='character'), other=True, "
     "orient='rest')"),
    ('', "【AUTO】 When this card attacks, choose 1 of your other characters, and move it to an open position of your "
     "center stage.",
     "auto attacks | do OwnPick(act='move:center', n=1, select=Select(kind='character'), other=True)"),
    ('', "【AUTO】 At the beginning of your climax phase, you may choose 1 of your other 《Music》 characters, and move "
     "it to an open position of your center stage.",
     "auto begin:climax | do OwnPick(act='move:center', n=1, select=Select(kind='character', trait='Music'), "
     "other=True, may=True)"),
]
# this card from the stage into the clock as an effect (3.8.1, 9.3)
S11B += [
    ('cardtext-self-to-clock.scn', "【ACT】 [(1)] Put this card into your clock.",
     "act | cost 1 stock | do SelfTo(zone='clock')"),
    ('', "【AUTO】 At the beginning of your encore step, put this card into your clock.",
     "auto begin:encore | do SelfTo(zone='clock')"),
]
S11B_REFUSED = [
    ("【AUTO】 When this card attacks, put the top 1 cards of your opponent's deck into their stock.",
     "'the top card' is one card, 'the top N cards' N"),
    # (s12 bodies: "【CONT】 All of your other characters get the following ability. "【AUTO】 When this card is put into your
    # waiting room from the stage, …"" is read now, looked at as the card leaves: moved to S12B)
    ("【AUTO】 When this card attacks, return this card to its previous stage position as 【REST】.",
     "'return this card to its previous stage position' is read in an ability whose timing is"),
    ("【AUTO】 When this card attacks, this card gets \"【AUTO】 Encore [(1)]\".", "there the engine reads"),
    ("【AUTO】 When this card attacks, you may put 2 cards from your hand into your waiting room. If you do, draw 2 cards.",
     "put … from your hand reads 1 / one / a"),
    ("【AUTO】 When this card attacks, choose 1 card in your hand, and put it into your waiting room. If you do, draw 1 "
     "card.", "'If you do,' follows an effect the text says 'you may' do"),
    ("【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting room. If that card is a climax, "
     "draw 1 card.", "'that card' is the one card put just before"),
    ("【AUTO】 When this card attacks, your opponent chooses 2 cards in their hand, and puts it into their waiting room.",
     "there the engine reads"),
    ("【AUTO】 When this card attacks, choose 1 character in your waiting room, and put it into your waiting room.",
     "'put it into your waiting room' reads a card chosen in another zone than the waiting room"),
    ("【AUTO】 When this card attacks, choose up to 2 characters in your clock, return them to your deck, and shuffle your "
     "deck.", "'return them to your deck' reads cards chosen in your waiting room"),
    # s15 quote: a continuously granted 【ACT】 is executed now (S15Q); s16 quote: a 【CONT】 gain of the character's own too
    # (S16Q), to other characters too; a level gain is not
    ("【CONT】 All of your other characters get the following ability. \"【CONT】 During your turn, this card gets +1 "
     "level.\"", "this 【CONT】 is not executed yet"),
]


def session11b() -> list[dict]:
    """s11 bodies' lines: continuously granted 【AUTO】 abilities, name portions, resting your own, the opponent's deck."""
    return _with_goldens(S11B)


# --- # s12 heads (issue 13, twelfth session): only constructions that recur across the look part and the pool of real
# texts. The reminder texts of the return, shot and choice trigger icons (2.12.3; 4.12.2.3, 4.12.2.7; the choice icon is
# newer than the rules 2.03: its action is the one its reminder states, the engine's decision, and the answer says so),
# read only beside the icon whose action they state; "you may choose 1 of your opponent's characters, and …" (8.6.3).
S12A = [
    ("cardtext-icon-reminder-s12.scn", "( [CHOICE] : When this card triggers, you may choose 1 character with [SOUL] in "
     "its trigger icon in your waiting room, and return it to your hand or put it into your stock)", "reminder choice"),
    ("cardtext-icon-reminder-s12.scn", "([ [SHOT] : During this turn, when the next damage dealt by the attacking "
     "character that triggered this card is canceled, deal 1 damage to your opponent)", "reminder shot"),
    ("", "(【SHOT】: During this turn, when the next damage dealt by the attacking character is cancelled, deal one damage "
     "to your opponent)", "reminder shot"),
    ("cardtext-icon-reminder-s12.scn", "([ [ICON:RETURN] : When this card triggers, you may choose 1 of your opponent's "
     "characters, and return it to their hand)", "reminder return"),
    ("", "( [RETURN] : When this card triggers, you may choose 1 of your opponent's characters, and return it to its "
     "owner's hand)", "reminder return"),
    ("", "【AUTO】 When this card attacks, if a climax with [CHOICE] in its trigger icon is in your climax area, draw 1 "
     "card.", "auto attacks | if count=1 or more climax with [CHOICE] in its trigger icon in your climax area | do "
     "Draw(n=1, optional=False)"),
    ("cardtext-may-return-opp.scn", "【AUTO】 When this card attacks, you may choose 1 of your opponent's characters, "
     "and return it to their hand.", "auto attacks | do OppTo(zone='hand', n=1, may=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 of your opponent's characters, "
     "and put it into your opponent's waiting room.", "auto placed | do OppTo(zone='waiting_room', n=1, may=True)"),
]
S12A += [
    # "At the end of this card's attack" (7.5.1.4, 7.6.1.5; this card the attacking character, 7.2.1.5): head-end-of-own-attack.scn
    ("head-end-of-own-attack.scn", "【AUTO】 At the end of this card's attack, draw 1 card.",
     "auto begin:end-of-attack | if attacker | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 [(3) Put 2 cards from your hand into your waiting room] At the end of this card's attack, you may pay the "
     "cost. If you do, deal 3 damage to your opponent. (Damage may be canceled)",
     "auto begin:end-of-attack | cost 3 stock, 2 card(s) from hand | if attacker | do Damage(n=3)"),
    ("", "【AUTO】 [(1)] This ability activates up to 1 time per turn. At the end of this card's attack, you may pay the "
     "cost. If you do, 【STAND】 this card.",
     "auto begin:end-of-attack | cost 1 stock | if attacker | limit 1 | do StandSelf()"),
    ("", "【AUTO】 At the end of this card's attack, if you have 2 or more other characters, this card gets +1000 power "
     "until end of turn.",
     "auto begin:end-of-attack | if attacker, have-at-least=2 others | do Pump(who='self', power=1000, soul=0)"),
]
S12A += [
    # the battle opponent's level or cost in the timing (7.2.1.5.1, 2.6, 2.7): head-opp-level-reversed.scn
    ("head-opp-level-reversed.scn", "【AUTO】 When this card's level 2 or higher battle opponent becomes 【REVERSE】, "
     "draw 1 card.", "auto opp-reversed | if battle-opp-level=2+ | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 [(1)] When this card's level 2 or higher battle opponent becomes 【REVERSE】, you may pay the cost. If "
     "you do, choose 1 character in your waiting room, and return it to your hand.",
     "auto opp-reversed | cost 1 stock | if battle-opp-level=2+ | do Salvage(name=None, kind='character', "
     "optional=False)"),
    ("", "【AUTO】 When this card's level 1 or higher battle opponent becomes 【REVERSE】, you may put that character into "
     "your opponent's clock.", "auto opp-reversed | if battle-opp-level=1+ | do BattleOppTo(zone='clock', may=True)"),
    ("", "【AUTO】 When this card's cost 1 or lower battle opponent becomes 【REVERSE】, draw 1 card.",
     "auto opp-reversed | if battle-opp-cost=1- | do Draw(n=1, optional=False)"),
]
S12A += [
    # damage the player receives, cancelled (4.10.1.2) or not (4.10.1.3), whoever deals it: head-damage-received.scn
    ("head-damage-received.scn", "【AUTO】 During your opponent's turn, when the damage you received is not canceled, if "
     "this card is in the center stage, draw 1 card.",
     "auto received-not-canceled | if opp-turn, this-in=center | do Draw(n=1, optional=False)"),
    ("head-damage-received.scn", "【AUTO】 When the damage you received is canceled, draw 1 card.",
     "auto received-canceled | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 During your opponent's turn, when the damage you received is not canceled, if this card is on your "
     "center stage, look at the top card of your deck, and put it on the top of your deck or into your waiting room.",
     "auto received-not-canceled | if opp-turn, this-in=center | do LookPut(n=1, up_to=False, dest='top-or-waiting')"),
    ("", "【AUTO】 When the damage you received is not cancelled, this card gets +1000 power until end of turn.",
     "auto received-not-canceled | do Pump(who='self', power=1000, soul=0)"),
]
S12A += [
    # Encore given by a continuous ability, in quotes (8.9.1, 10.2.2), looked at as the card leaves the stage as it was
    # there (8.7.4.1.2): head-cont-encore.scn
    ("head-cont-encore.scn", "【CONT】 If you have 2 or more other characters, this card gets \"【AUTO】 Encore [Put 1 "
     "character from your hand into your waiting room]\".",
     "cont | if have-at-least=2 others | self +0 power +0 soul | gives <auto encore to-waiting | cost 1 character(s) "
     "from hand | optional>"),
    ("", "【CONT】 If you have 2 or more other 《Master》 or 《Servant》 characters, this card gets +1500 power and \"【AUTO】 "
     "Encore [Put 1 character from your hand into your waiting room]\".",
     "cont | if have-at-least=2 others:Master》 or 《Servant | self +1500 power +0 soul | gives <auto encore to-waiting | "
     "cost 1 character(s) from hand | optional>"),
    ("", "【CONT】 Experience If the total level of the cards in your level is 3 or higher, this card gets \"【AUTO】 Encore "
     "[Put 1 character from your hand into your waiting room]\".",
     "cont experience | if level=3 | self +0 power +0 soul | gives <auto encore to-waiting | cost 1 character(s) from "
     "hand | optional>"),
    ("", "【CONT】 During your turn, this card gets \"【AUTO】 Encore [(2)]\".",
     "cont | if your-turn | self +0 power +0 soul | gives <auto encore to-waiting | cost 2 stock | optional>"),
    ("", "【CONT】 If the number of cards in your stock is five or more, all of your other characters get \"【AUTO】 Encore "
     "[Put a character from your hand into your waiting room]\".",
     "cont | if count=5 or more card in your stock | others +0 power +0 soul | gives <auto encore to-waiting | cost 1 "
     "character(s) from hand | optional>"),
]
S12A += [
    # a player restriction on Backup (10.5.1, 1.3.4): head-backup-ban.scn
    ("head-backup-ban.scn", "【CONT】 During this card's battle, your opponent cannot play \"Backup\" from hand.",
     "cont | if in-battle | cannot backup:opp"),
    ("", "【CONT】 During this card's battle, all players cannot play \"Backup\" from their hands.",
     "cont | if in-battle | cannot backup:all"),
    ("", "【CONT】 Your opponent cannot play \"Backup\" from hand.", "cont | cannot backup:opp"),
    ("head-backup-ban-granted.scn", "【AUTO】 When this card attacks, this card gets the following ability until end of "
     "turn. \"【CONT】 During this card's battle, your opponent cannot play \"Backup\" from hand.\"",
     "auto attacks | do Grant(who='self', ability=<cont | if in-battle | cannot backup:opp>, power=0, soul=0)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, this card gets +4500 power and the following "
     "ability until the end of your opponent's next turn. \"【CONT】 During this card's battle, all players cannot play "
     "\"Backup\" from their hands.\"",
     "auto placed | do Grant(who='self', ability=<cont | if in-battle | cannot backup:all>, power=4500, soul=0, "
     "until='opp-next')"),
]
S12A += [
    # a cost that returns this card from the stage to the hand (8.4.2, 3.3.1): head-cost-self-to-hand.scn
    ("head-cost-self-to-hand.scn", "【ACT】 [(1) Return this card to your hand] Draw 1 card.",
     "act | cost 1 stock, return this card to your hand | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 [Return this card to your hand] When a climax is placed on your climax area, you may pay the cost. If "
     "you do, choose 1 of your characters, and that character gets +1 soul until end of turn.",
     "auto your-climax-placed | cost return this card to your hand | do Pump(who='choose-own', power=0, soul=1)"),
]
S12A_REFUSED = [
    ("【ACT】 [Return this card to your hand & Put this card into your clock] Draw 1 card.",
     "a cost that moves this card (or a climax) twice"),
    ("【CONT】 During this card's battle, your opponent cannot play \"Event\" from hand.",
     "a player restriction is read for \"Backup\""),
    ("【CONT】 If you have 2 or more other characters, this card gets \"【AUTO】 Encore [Put 1 card from your deck into your "
     "waiting room]\".", "in the granted ability"),
    ("【AUTO】 When the damage your opponent received is canceled, draw 1 card.", "there the engine reads"),
    ("【AUTO】 At the end of that card's attack, draw 1 card.", "there the engine reads"),
    ("【AUTO】 When this card's power 2 or higher battle opponent becomes 【REVERSE】, draw 1 card.", "there the engine reads"),
    ("( [SOUL] : During this turn, when the next damage dealt by the attacking character is canceled, deal 1 damage to "
     "your opponent)", "this reminder does not say what the [SOUL] icon does"),
    ("( [SHOT] : During this turn, when the next damage dealt by the attacking character is canceled, deal 2 damage to "
     "your opponent)", "the shot icon's damage (4.12.2.7) reads 1 / one"),
    ("( [CHOICE] : When this card triggers, you may choose 1 character with [DRAW] in its trigger icon in your waiting "
     "room, and return it to your hand or put it into your stock)", 'understanding stopped at "or"'),  # s13 bodies: the
    # selection "character with [DRAW] in its trigger icon" is read now; the choice of two destinations is not
    ("( [COMEBACK] : When this card triggers, you may choose 1 character with [SOUL] in its trigger icon in your waiting "
     "room, and return it to your hand or put it into your stock)", "this reminder does not say what the [COMEBACK]"),
    ("【AUTO】 ( [SHOT] : During this turn, when the next damage dealt by the attacking character is canceled, deal 1 "
     "damage to your opponent)", "is not 【AUTO】"),
    ("( [RETURN] : When this card triggers, you may choose 1 of your opponent's characters, and put it into your "
     "opponent's waiting room)", "does not say what the [RETURN] icon does"),
    ("【AUTO】 When this card attacks, you may choose 1 of your opponent's characters, and 【REST】 it.",
     "'you may' before a choice of your opponent's character that is rested or reversed is not read yet"),
]


def session12a() -> list[dict]:
    """s12-wshead's lines: the ability's head, fifth round (constructions that recur in the real texts)."""
    return _with_goldens(S12A)
# --- s12 bodies (issue 13, twelfth session): the effect body, fifth round. Damage the player may deal (8.6.3), a granted
# 【AUTO】 ability on the damage its card deals with a per-turn limit (8.2.1.2, 4.10.1.2, 8.7.2), a continuous gain of the
# character facing this card (3.6.5, 8.9.1), X counted over the characters the opponent has (8.8.1, 2.3.2.1.2). Each
# construction is executed by a golden tests/scenarios/ws/body12-*.scn (expect lines written from the rules first); the
# other lines are neighbouring wordings.
_BURN = ("\"【AUTO】 This ability activates up to 1 time per turn. When damage dealt by this card is canceled, you may "
         "deal 1 damage to your opponent.\"")
_BURN_AST = "ability=<auto damage-canceled | limit 1 | do Damage(n=1, may=True)>, power=0, soul=0"
S12B: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("body12-granted-burn-limit.scn", "【AUTO】 When this card attacks, this card gets the following ability until end of "
     "turn. " + _BURN, f"auto attacks | do Grant(who='self', {_BURN_AST})"),
    ("", "【AUTO】 [(1) Put 1 character from your stage into your waiting room] When this card is placed on the stage from "
     "your hand, you may pay the cost. If you do, this card gets the following ability until end of turn. " + _BURN
     + " (Damage may be canceled)", "auto placed | cost 1 stock, 1 character(s) from the stage into the waiting room | do "
     f"Grant(who='self', {_BURN_AST})"),
    ("", "【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets the following ability "
     "until end of turn. \"【AUTO】 This ability activates up to 1 time per turn. When damage dealt by this card is "
     "canceled, deal 2 damage to your opponent.\" (Damage may be canceled)",
     "auto attacks | do Grant(who='choose-own', ability=<auto damage-canceled | limit 1 | do Damage(n=2)>, power=0, "
     "soul=0, other=True)"),
    ("", "【AUTO】 When this card attacks, this card gets the following ability until end of turn. \"【AUTO】 When damage "
     "dealt by this card is not canceled, draw 1 card.\"", "auto attacks | do Grant(who='self', ability=<auto "
     "damage-not-canceled | do Draw(n=1, optional=False)>, power=0, soul=0)"),
    ("", "【AUTO】 When damage dealt by this card is canceled, you may deal 1 damage to your opponent. (Damage may be "
     "canceled)", "auto damage-canceled | do Damage(n=1, may=True)"),
    ("", "【AUTO】 When this card attacks, you may deal 2 damage to your opponent.", "auto attacks | do Damage(n=2, may=True)"),
    # the character facing this card (3.6.5): body12-cont-facing-soul.scn
    ("body12-cont-facing-soul.scn", "【CONT】 The character facing this card gets -1 soul.", "cont | facing +0 power -1 soul"),
    ("", "【CONT】 During your turn, the character facing this card gets -1000 power.",
     "cont | if your-turn | facing -1000 power +0 soul"),
    ("body12-cont-facing-soul.scn", "【CONT】 During your opponent's turn, the character facing this card gets -1000 "
     "power.", "cont | if opp-turn | facing -1000 power +0 soul"),
    ("body12-cont-facing-soul.scn", "【CONT】 The character facing this card gets -500 power and -1 soul.", "cont | facing -500 power -1 soul"),
    # the same gain given for a time (8.2.1.2): body12-granted-facing.scn
    ("body12-granted-facing.scn", "【AUTO】 When this card is frontal attacked, this card gets the following ability until "
     "end of turn. \"【CONT】 The character facing this card gets -2 soul.\"", "auto frontal-attacked | do Grant(who='self', "
     "ability=<cont | facing +0 power -2 soul>, power=0, soul=0)"),
    ("", "【AUTO】 When this card attacks, this card gets +2500 power and the following ability until the end of your "
     "opponent's next turn. \"【CONT】 The character facing this card gets -1 soul.\"", "auto attacks | do "
     "Grant(who='self', ability=<cont | facing +0 power -1 soul>, power=2500, soul=0, until='opp-next')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your characters, and that character "
     "gets the following ability until end of turn. \"【CONT】 The character facing this card gets -1000 power.\"",
     "auto placed | do Grant(who='choose-own', ability=<cont | facing -1000 power +0 soul>, power=0, soul=0)"),
    # more trigger checks in this card's attack (7.3.1.2): body12-trigger-twice.scn
    ("body12-trigger-twice.scn", "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, during that "
     "attack, perform a trigger check 2 times on the trigger step.", "auto attacks | cost 1 stock | do "
     "TriggerChecks(times=2)"),
    ("", "【AUTO】 [Put 1 card from your hand into your waiting room] When this card attacks, you may pay the cost. If you "
     "do, during that attack, perform a trigger check 2 times on the trigger step.", "auto attacks | cost 1 card(s) from "
     "hand | do TriggerChecks(times=2)"),
    ("", "【AUTO】 When this card attacks, during that attack, perform a trigger check two times in the trigger step.",
     "auto attacks | do TriggerChecks(times=2)"),
    ("", "【CONT】 During your turn, if you have 3 or more other characters, this card gets +2000 power and the following "
     "ability. \"【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, during that attack, perform a "
     "trigger check 2 times on the trigger step.\"", "cont | if your-turn, have-at-least=3 others | self +2000 power +0 "
     "soul | gives <auto attacks | cost 1 stock | do TriggerChecks(times=2)>"),
    # as many cards looked at as X (8.8.1, 3.2.3.1, 4.8.1): body12-look-x.scn
    ("body12-look-x.scn", "【AUTO】 When this card attacks, look at up to X cards from the top of your deck, choose up to 1 "
     "card from among them, put it into your hand, and put the rest into your waiting room. X is equal to the number of "
     "characters your opponent has.", "auto attacks | do LookTake(n=0, up_to=True, select=Select(kind='card'), take=1, "
     "optional=True, x=XCount(zone='stage', select=Select(kind='character'), whose='opponent'))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, look at up to X cards from the top of your deck, "
     "choose up to 1 card from among them, put it into your hand, and put the rest into your waiting room. X is equal to "
     "the number of 《Idol》 characters you have.", "auto placed | do LookTake(n=0, up_to=True, select=Select(kind='card'), "
     "take=1, optional=True, x=XCount(zone='stage', select=Select(kind='character', trait='Idol')))"),
    ("", "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, look at up to X cards from the top of your "
     "deck, choose up to 1 character from among them, reveal it to your opponent, put it into your hand, and put the rest "
     "into your waiting room. X is equal to the number of characters you have.", "auto attacks | cost 1 stock | do "
     "LookTake(n=0, up_to=True, select=Select(kind='character'), take=1, optional=True, reveal=True, "
     "x=XCount(zone='stage', select=Select(kind='character')))"),
    ("", "【AUTO】 When this card attacks, deal X damage to your opponent. X is equal to the number of characters your "
     "opponent has.", "auto attacks | do Damage(n=0, x=XCount(zone='stage', select=Select(kind='character'), "
     "whose='opponent'))"),
    # Encore given by a continuous ability, looked at as the card leaves the stage (8.9.1, 8.7.4.1.2, 10.2.2):
    # body12-cont-encore.scn
    ("body12-cont-encore.scn", "【CONT】 If you have 2 or more other characters, this card gets +1500 power and \"【AUTO】 "
     "Encore [Put 1 character from your hand into your waiting room]\".", "cont | if have-at-least=2 others | self +1500 "
     "power +0 soul | gives <auto encore to-waiting | cost 1 character(s) from hand | optional>"),
    ("", "【CONT】 Experience If the total level of the cards in your level is 3 or higher, this card gets \"【AUTO】 Encore "
     "[Put 1 character from your hand into your waiting room]\".", "cont experience | if level=3 | self +0 power +0 soul "
     "| gives <auto encore to-waiting | cost 1 character(s) from hand | optional>"),
    ("", "【CONT】 During your turn, all of your other characters get \"【AUTO】 Encore [Put a character from your hand into "
     "your waiting room]\".", "cont | if your-turn | others +0 power +0 soul | gives <auto encore to-waiting | cost 1 "
     "character(s) from hand | optional>"),
    ("", "【CONT】 If you have another \"Sakura\" on your back stage, this card gets +1500 power and \"【AUTO】 Encore "
     "[(2)]\".", "cont | if count=1 or more other \"Sakura\" in your back stage | self +1500 power +0 soul | gives <auto "
     "encore to-waiting | cost 2 stock | optional>"),
    ("", "【CONT】 This card gets the following ability. \"【AUTO】 When this card is put into your waiting room from the "
     "stage, draw 1 card.\"", "cont | self +0 power +0 soul | gives <auto to-waiting | do Draw(n=1, optional=False)>"),
    ("", "【CONT】 All of your other characters get the following ability. \"【AUTO】 When this card is put into your waiting "
     "room from the stage, you may return this card to your hand.\"", "cont | others +0 power +0 soul | gives <auto "
     "to-waiting | do SelfTo(zone='hand', may=True)>"),
    # "that character", the one the timing watched (8.7.2): body12-that-character.scn, body12-that-character-hand.scn
    ("body12-that-character.scn", "【AUTO】 [Put this card into your waiting room] When your other character is put into "
     "your waiting room from the stage, if this card is in the back stage, you may pay the cost. If you do, return that "
     "character to its previous stage position as 【REST】.", "auto other-to-waiting | cost put this card into the waiting "
     "room | if this-in=back | do ThatTo(dest='previous')"),
    ("", "【AUTO】 [Put this card into your waiting room] When another of your characters is put into your waiting room "
     "from the stage, if this card is in the back stage, you may pay the cost. If you do, return that character to its "
     "previous stage position as 【REST】.", "auto other-to-waiting | cost put this card into the waiting room | if "
     "this-in=back | do ThatTo(dest='previous')"),
    ("body12-that-character-hand.scn", "【AUTO】 [(1) Put this card into your waiting room] When your other 《Music》 "
     "character is frontal attacked, you may pay the cost. If you do, return that character to your hand.",
     "auto other-frontal-attacked:Music | cost 1 stock, put this card into the waiting room | do ThatTo(dest='hand')"),
    ("", "【AUTO】 When your other 《Music》 character is frontal attacked, you may return that character to your hand.",
     "auto other-frontal-attacked:Music | do ThatTo(dest='hand', may=True)"),
    # within the player's own level (3.9.1, 2.6): body12-own-level-bound.scn
    ("body12-own-level-bound.scn", "【ACT】 [(1)] Choose 1 character with level equal to or lower than your level in your "
     "waiting room, and return it to your hand.", "act | cost 1 stock | do Salvage(name=None, kind='character', "
     "optional=False, level='<=own')"),
    ("", "【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the cost. If you do, choose 1 "
     "《Idol》 character with level equal to or lower than your level in your waiting room, and put it in any position of "
     "your stage.", "auto placed | cost 1 stock | do Salvage(name=None, kind='character', optional=False, trait='Idol', "
     "to='stage', level='<=own')"),
    ("", "【AUTO】 When this card attacks, choose up to 1 character with level lower than or equal to your level in your "
     "waiting room, and return it to your hand.", "auto attacks | do Salvage(name=None, kind='character', optional=True, "
     "level='<=own')"),
    # a level bound on the cards a mill put (8.3.3, 2.6): body12-among-level.scn
    ("body12-among-level.scn", "【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting room. "
     "If there is a level 2 or higher card among those cards, this card gets +2000 power until end of turn. (Climax are "
     "regarded as level 0)", "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), "
     "then=(Pump(who='self', power=2000, soul=0)), cond=Select(kind='card', level='>=2'))"),
    ("", "【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting room. "
     "If there is a level 2 or higher card among those cards, you may return this card to your hand. (Climax are "
     "regarded as level 0)", "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), "
     "then=(SelfTo(zone='hand', may=True)), cond=Select(kind='card', level='>=2'))"),
    ("", "【AUTO】 When this card attacks, put the top 3 cards of your deck into your waiting room. If there is a level 1 "
     "or lower 《Music》 character among those cards, draw 1 card.", "auto attacks | do Milled(top=TopTo(zone='waiting_room', "
     "n=3, optional=False), then=(Draw(n=1, optional=False)), cond=Select(kind='character', trait='Music', level='<=1'))"),
    # the same damage as the one cancelled (4.10.1.2): body12-same-damage.scn
    ("body12-same-damage.scn", "【AUTO】 When damage dealt by this card is canceled, deal the same damage to your "
     "opponent.", "auto damage-canceled | do Damage(n=0, same=True)"),
    ("", "【AUTO】 [(4)] When this card attacks, you may pay the cost. If you do, choose 1 of your characters, and that "
     "character gets the following ability until end of turn. \"【AUTO】 This ability activates up to 1 time per turn. When "
     "damage dealt by this card is canceled, you may deal the same damage to your opponent.\" (Damage may be canceled)",
     "auto attacks | cost 4 stock | do Grant(who='choose-own', ability=<auto damage-canceled | limit 1 | do Damage(n=0, "
     "may=True, same=True)>, power=0, soul=0)"),
    # X over the opponent's characters (8.8.1, 2.3.2.1.2): body12-x-opp-characters.scn
    ("body12-x-opp-characters.scn", "【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal "
     "to the number of characters your opponent has ×1000.", "auto attacks | do Pump(who='self', power=1000, soul=0, "
     "x=XCount(zone='stage', select=Select(kind='character'), whose='opponent'))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, this card gets +X power until end of turn. X is "
     "equal to the number of characters your opponent has ×500.", "auto placed | do Pump(who='self', power=500, soul=0, "
     "x=XCount(zone='stage', select=Select(kind='character'), whose='opponent'))"),
    ("", "【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +X power until end of turn. "
     "X is equal to the number of your opponent's 《Music》 characters ×1000.", "auto attacks | do Pump(who='choose-own', "
     "power=1000, soul=0, x=XCount(zone='stage', select=Select(kind='character', trait='Music'), whose='opponent'))"),
]
S12B_REFUSED = [
    ("【AUTO】 When this card attacks, deal the same damage to your opponent.",
     "'deal the same damage' is read in an ability whose timing is 'When damage dealt by this card is canceled'"),
    # "that character" where no timing watched one, or where it is not: refused by name
    ("【AUTO】 When this card attacks, return that character to your hand.",
     "'return that character …' is read in an ability whose timing watches your other character"),
    ("【AUTO】 When your other character is frontal attacked, return that character to its previous stage position as "
     "【REST】.", "'return that character …' is read in an ability whose timing watches your other character"),
    # an X nothing defines, or where no card is chosen from among them: refused by name
    ("【AUTO】 When this card attacks, look at up to X cards from the top of your deck, choose up to 1 card from among "
     "them, put it into your hand, and put the rest into your waiting room.", "X is defined by the next sentence"),
    ("【AUTO】 When this card attacks, look at up to X cards from the top of your deck, and put them on the top of your "
     "deck in any order. X is equal to the number of characters you have.",
     "'look at up to X cards' is read before 'choose … from among them'"),
    # "that attack" with no attack of this card named: refused by name
    ("【AUTO】 When this card is placed on the stage from your hand, during that attack, perform a trigger check 2 times "
     "on the trigger step.", "'during that attack, perform a trigger check N times' is read in an ability whose timing"),
    # a limit on an ability a continuous ability gives, and a facing gain with a keyword: refused by name
    ("【CONT】 All of your characters get the following ability. \"【AUTO】 This ability activates up to 1 time per turn. "
     "When damage dealt by this card is canceled, deal 1 damage to your opponent.\"",
     "a continuously granted ability with a keyword or a per-turn limit is not executed yet"),
    ("【CONT】 Alarm If this card is the top card of your clock, the character facing this card gets -1 soul.",
     "a continuous gain of the character facing this card is read without a keyword or count"),
]


def session12b() -> list[dict]:
    """s12-wsbody's lines: the effect body, fifth round."""
    return _with_goldens(S12B)


# --- s13 heads (issue 13, thirteenth session): the ability's head, sixth round. A condition written inside the effect's
# text (8.3.3: where it is not fulfilled, that part is inactive), the head's one condition structure before the sentence it
# governs: an 【ACT】 ability's text, an event's, a 【COUNTER】 event's, and the last sentence after others. Each construction is
# executed by a golden tests/scenarios/ws/head13-*.scn (expect lines written from the rules first); the other lines are
# neighbouring wordings.
_LV = "CondThen(conds=(Cond(kind='count', value=Count(zone='level', bound='{n}+', what=Select(kind='card')))), then=({then}))"
_D1 = "Draw(n=1, optional=False)"
S13A: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("head13-act-cond-level.scn", "【ACT】 [(1)] If your level is 1 or higher, draw 1 card.",
     "act | cost 1 stock | do " + _LV.format(n=1, then=_D1)),
    ("head13-act-cond-level-holds.scn", "【ACT】 [(1)] If your level is 1 or higher, draw 1 card.",
     "act | cost 1 stock | do " + _LV.format(n=1, then=_D1)),
    ("", "【ACT】 [(1) 【REST】 this card] If your level is 2 or higher, choose 1 of your characters, and that character gets "
     "+1000 power until end of turn.",
     "act | cost 1 stock, rest this card | do " + _LV.format(n=2, then="Pump(who='choose-own', power=1000, soul=0)")),
    ("", "【ACT】 [【REST】 this card] If you have 2 or more other 《Music》 characters, choose 1 character in your waiting room, "
     "and return it to your hand.", "act | cost rest this card | do CondThen(conds=(Cond(kind='have-at-least', "
     "value='2 others:Music')), then=(Salvage(name=None, kind='character', optional=False)))"),
    ("", "【ACT】 [【REST】 this card] If your memory has 2 or less cards, draw 1 card.",
     "act | cost rest this card | do CondThen(conds=(Cond(kind='count', value=Count(zone='memory', bound='2-', "
     "what=Select(kind='card')))), then=(Draw(n=1, optional=False)))"),
    ("", "【ACT】 [【REST】 this card] If there are no markers underneath this card, draw 1 card.",
     "act | cost rest this card | do CondThen(conds=(Cond(kind='count', value=Count(zone='markers', bound='0-', "
     "what=Select(kind='marker')))), then=(Draw(n=1, optional=False)))"),
    ("", "【ACT】 [(1)] If this card is in your center stage, this card gets +1 soul until end of turn.",
     "act | cost 1 stock | do CondThen(conds=(Cond(kind='this-in', value='center')), then=(Pump(who='self', power=0, "
     "soul=1)))"),
    ("", "【ACT】 [(2)] If you have 3 or more other characters, this card gets +2000 power until end of turn.",
     "act | cost 2 stock | do CondThen(conds=(Cond(kind='have-at-least', value='3 others')), then=(Pump(who='self', "
     "power=2000, soul=0)))"),
    ("head13-counter-cond.scn", "【COUNTER】 If you have 2 or more 《Game》 characters, choose 1 of your 《Game》 characters, "
     "and that character gets +2500 power until end of turn.",
     "effect counter | do CondThen(conds=(Cond(kind='have-at-least', value='2 all:Game')), then=(Pump(who='choose-own', "
     "power=2500, soul=0, trait='Game')))"),
    ("", "【COUNTER】 If you have 3 or more characters, choose 1 of your characters, and that character gets +3000 power "
     "until end of turn.", "effect counter | do CondThen(conds=(Cond(kind='have-at-least', value='3 all')), "
     "then=(Pump(who='choose-own', power=3000, soul=0)))"),
    ("head13-event-cond-after.scn", "Draw 1 card. If you have 2 or more 《Magic》 characters, choose 1 of your characters, "
     "and that character gets +1000 power until end of turn.",
     "effect | do Draw(n=1, optional=False); CondThen(conds=(Cond(kind='have-at-least', value='2 all:Magic')), "
     "then=(Pump(who='choose-own', power=1000, soul=0)))"),
    ("", "If you have 2 or more other 《Magic》 characters, draw 2 cards.",
     "effect | do CondThen(conds=(Cond(kind='have-at-least', value='2 others:Magic')), then=(Draw(n=2, optional=False)))"),
    ("", "If your level is 2 or higher, draw 1 card, choose 1 card in your hand, and put it into your waiting room.",
     "effect | do " + _LV.format(n=2, then="Draw(n=1, optional=False), HandTo(n=1, select=Select(kind='card'))")),
    ("", "【AUTO】 When this card attacks, draw 1 card. If you have 2 or more other characters, this card gets +1000 power "
     "until end of turn.", "auto attacks | do Draw(n=1, optional=False); CondThen(conds=(Cond(kind='have-at-least', "
     "value='2 others')), then=(Pump(who='self', power=1000, soul=0)))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your characters, and that character gets "
     "+1000 power until end of turn. If your level is 2 or higher, draw 1 card.",
     "auto placed | do Pump(who='choose-own', power=1000, soul=0); " + _LV.format(n=2, then=_D1)),
    ("", "If you have 2 or more 《Magic》 characters, choose up to 1 level X or lower character in your waiting room, and "
     "return it to your hand. X is equal to the number of 《Magic》 characters you have.",
     "effect | do CondThen(conds=(Cond(kind='have-at-least', value='2 all:Magic')), then=(Salvage(name=None, "
     "kind='character', optional=True, level='<=X', x=XCount(zone='stage', select=Select(kind='character', "
     "trait='Magic')))))"),
]
S13A += [
    # "During the turn that this card is placed on the stage from your hand" (8.6.2.4.1; OnStage.from_hand, the board's turn
    # line `"X" placed from hand`): head13-placed-turn.scn, head13-placed-turn-not.scn, head13-placed-turn-board.scn
    ("head13-placed-turn.scn", "【AUTO】 During the turn that this card is placed on the stage from your hand, when this card "
     "attacks, this card gets +1000 power until end of turn.",
     "auto attacks | if placed-from-hand | do Pump(who='self', power=1000, soul=0)"),
    ("head13-placed-turn-not.scn", "【AUTO】 During the turn that this card is placed on the stage from your hand, when this "
     "card attacks, this card gets +1000 power until end of turn.",
     "auto attacks | if placed-from-hand | do Pump(who='self', power=1000, soul=0)"),
    ("head13-placed-turn-board.scn", "【AUTO】 During the turn that this card is placed on the stage from your hand, at the "
     "beginning of the encore step, you may put the top card of your clock into your waiting room.",
     "auto begin-any:encore | if placed-from-hand | do Heal(may=True)"),
    ("", "【AUTO】 [Put 1 card from your hand into your waiting room] During the turn that this card is placed on the stage "
     "from your hand, when this card attacks, you may pay the cost. If you do, deal 1 damage to your opponent, and this "
     "card gets +2000 power until end of turn. (Damage may be canceled)",
     "auto attacks | cost 1 card(s) from hand | if placed-from-hand | do Damage(n=1); Pump(who='self', power=2000, "
     "soul=0)"),
    ("", "【AUTO】 This ability activates up to 1 time per turn. During the turn that this card is placed on the stage from "
     "your hand, when damage dealt by this card is canceled, you may deal 1 damage to your opponent. (Damage may be "
     "canceled)", "auto damage-canceled | if placed-from-hand | limit 1 | do Damage(n=1, may=True)"),
    ("", "【CONT】 During the turn that this card is placed on the stage from your hand, this card gets +1500 power.",
     "cont | if placed-from-hand | self +1500 power +0 soul"),
    ("", "【AUTO】 During the turn that this card is placed on stage from your hand, when this card attacks, choose 1 of your "
     "characters, and that character gets +1 soul until end of turn.",
     "auto attacks | if placed-from-hand | do Pump(who='choose-own', power=0, soul=1)"),
]
S13A += [
    # a character's own restriction "This card cannot become 【REVERSE】" (1.3.4, 4.6.1.3), printed or given: head13-no-reverse.scn
    # (the battle, 7.6.1.2), head13-no-reverse-effect.scn (an effect's 【REVERSE】), head13-no-reverse-granted.scn (8.2.1.2)
    ("head13-no-reverse.scn", "【CONT】 This card cannot become 【REVERSE】.", "cont | cannot no-reverse"),
    ("head13-no-reverse-effect.scn", "【CONT】 This card cannot become 【REVERSE】.", "cont | cannot no-reverse"),
    ("", "【CONT】 During your opponent's turn, this card cannot become 【REVERSE】.", "cont | if opp-turn | cannot no-reverse"),
    ("head13-no-reverse-granted.scn", "【AUTO】 When this card is frontal attacked, this card gets the following ability "
     "until end of turn. \"【CONT】 This card cannot become 【REVERSE】.\"",
     "auto frontal-attacked | do Grant(who='self', ability=<cont | cannot no-reverse>, power=0, soul=0)"),
    ("", "【AUTO】 At the beginning of your encore step, if you have another 《MARVEL》 character, this card gets the following "
     "ability until the end of your opponent's next turn. \"【CONT】 This card cannot become 【REVERSE】.\"",
     "auto begin:encore | if have-at-least=1 others:MARVEL | do Grant(who='self', ability=<cont | cannot no-reverse>, "
     "power=0, soul=0, until='opp-next')"),
]
S13A += [
    # "When this card is placed on the stage from your hand or by the 【AUTO】 effect of "X"" (8.7.2, 2.1.2; `abilities._placing`):
    # head13-placed-by-auto.scn (placed by the named card's 【AUTO】 effect), head13-placed-by-other.scn (by another card's)
    ("head13-placed-by-auto.scn", "【AUTO】 When this card is placed on the stage from your hand or by the 【AUTO】 effect of "
     "\"Caller\", draw 1 card.", "auto placed|placed-by:auto:Caller | do Draw(n=1, optional=False)"),
    ("head13-placed-by-other.scn", "【AUTO】 When this card is placed on the stage from your hand or by the 【AUTO】 effect of "
     "\"Caller\", draw 1 card.", "auto placed|placed-by:auto:Caller | do Draw(n=1, optional=False)"),
    ("head13-placed-by-auto.scn", "【AUTO】 When this card is placed on the stage from your hand, choose 1 \"Helper\" in your "
     "waiting room, and put it on any position of your stage.",
     "auto placed | do Salvage(name='Helper', kind='card', optional=False, to='stage')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand or by the 【AUTO】 effect of \"Caller\", you may put "
     "the top card of your clock into your waiting room.", "auto placed|placed-by:auto:Caller | do Heal(may=True)"),
    ("head13-placed-by-cxcombo.scn", "【AUTO】 When this card is placed on the stage from your hand or by the 【CXCOMBO】 "
     "effect of \"Caller\", draw 1 card.", "auto placed|placed-by:cxcombo:Caller | do Draw(n=1, optional=False)"),
    ("head13-placed-by-act.scn", "【AUTO】 When this card is placed on the stage from your hand or by the 【ACT】 effect of "
     "\"Rescuer\", draw 1 card.", "auto placed|placed-by:act:Rescuer | do Draw(n=1, optional=False)"),
]
S13A += [
    # a player using an 【ACT】 ability (8.7.2; 10.5.2): "When your opponent uses an 【ACT】", "When you use an 【ACT】 ability":
    # head13-opp-act-used.scn
    ("head13-opp-act-used.scn", "【AUTO】 When your opponent uses an 【ACT】, this card gets +1500 power until end of turn.",
     "auto opp-act-used | do Pump(who='self', power=1500, soul=0)"),
    ("head13-opp-act-used.scn", "【AUTO】 When you use an 【ACT】 ability, this card gets +1000 power until end of turn.",
     "auto act-used | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】 ability, this card gets +1500 power "
     "until end of turn.", "auto act-used | limit 1 | do Pump(who='self', power=1500, soul=0)"),
    ("", "【AUTO】 When your opponent uses an 【ACT】 ability, draw 1 card.", "auto opp-act-used | do Draw(n=1, optional=False)"),
]
S13A += [
    # one of the opponent's characters, by a level bound (2.3.2.1.2, 2.6: its level on the stage): head13-opp-has-level.scn;
    # "if this card is 【REST】" as "… is rested" (4.6.1.2)
    ("head13-opp-has-level.scn", "【CONT】 If your opponent has a level 1 or higher character, this card gets +1000 power.",
     "cont | if count=1 or more level 1 or higher character in your opponent's stage | self +1000 power +0 soul"),
    ("head13-opp-has-level.scn", "【CONT】 If your opponent has a level 2 or higher character, this card gets +1000 power.",
     "cont | if count=1 or more level 2 or higher character in your opponent's stage | self +1000 power +0 soul"),
    ("", "【CONT】 If your opponent has a level 3 or higher character, this card gets -1 level while in your hand.",
     "cont | if count=1 or more level 3 or higher character in your opponent's stage | levels -1 | in-hand"),
    ("", "【CONT】 If your opponent has a 《Cat》 character, this card gets +1000 power.",
     "cont | if count=1 or more 《Cat》 character in your opponent's stage | self +1000 power +0 soul"),
    ("", "【CONT】 If you have 2 or more level 1 or higher characters, this card gets +1000 power.",
     "cont | if count=2 or more level 1 or higher character in your stage | self +1000 power +0 soul"),
    ("", "【AUTO】 At the beginning of your encore step, if this card is 【REST】, draw 1 card.",
     "auto begin:encore | if resting | do Draw(n=1, optional=False)"),
]
S13A_REFUSED = [
    ("If this card is in your center stage, draw 1 card.", "a condition on this card is read in a character's 【ACT】"),
    ("If you have 2 or more other characters, draw 1 card. Put this card into your memory.", "there the engine reads"),
    ("【ACT】 [(1)] If your level is 1 or higher, put this card into your stock.",
     "under a condition inside the text the engine reads effects that need nothing named before them"),
    ("【CONT】 If you have 2 or more other characters, draw 1 card.", "one-shot sentences are an event's text or an 【ACT】"),
    ("During the turn that this card is placed on the stage from your hand, draw 1 card.",
     "a condition on this card is read in a character's 【ACT】"),
    ("【AUTO】 During the turn that this card is placed on the stage from your deck, when this card attacks, draw 1 card.",
     "there the engine reads"),
    # s14b-wshz: "… cannot become 【REVERSE】 by 【AUTO】 effects of your opponent's characters." is read now
    # (hz14b-no-reverse-opp-auto.scn); its near miss is "… by 【ACT】 effects …" (S14D_REFUSED)
    ("【CONT】 If your opponent has a level 3 or higher character, this card gets +1 level.",
     "a level gain under a condition on a character's level"),
    # s14 heads: "… or by a "Change" effect" is read now (head14-placed-by-change.scn); its near miss is "… or by a "Bond"
    # effect" (S14A_REFUSED)
    ("【AUTO】 When this card attacks, this card gets the following ability until end of turn. \"【AUTO】 When this card is "
     "placed on the stage from your hand or by the 【AUTO】 effect of \"Caller\", draw 1 card.\"", "stopped at"),
]


def session13a() -> list[dict]:
    """s13-wshead's lines: the ability's head, sixth round (constructions that recur in the real texts)."""
    return _with_goldens(S13A)


# --- s13 bodies (issue 13, thirteenth session): the effect body, sixth round. One selection (2.3.2 kind, 2.4 colour, 2.5.3
# trait, 2.11 icon, 2.1.2 name, alternatives joined by "or") for cards looked at, searched, revealed and chosen in the waiting
# room; more cards looked at (3.2.3.1); a card of a name onto the stage position this card's cost left; the opponent's
# character put into their memory and back on their stage by its owner (3.12.1, 3.1.4); this card at the bottom of the deck
# (3.2.1). Each construction is executed by a golden tests/scenarios/ws/body13-*.scn (expect lines written from the rules
# first); the other lines are neighbouring wordings.
# s13 merge: read by s13 zones' one construction (`OppMemoryBack`, the same effect)
_MB13 = "OppMemoryBack(opp=OppTo(zone='memory', n=1, at_most=True))"
S13B: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("body13-look-alternatives.scn", "【AUTO】 When this card attacks, look at up to 6 cards from the top of your deck, choose "
     "up to 1 event or yellow character from among them, reveal it to your opponent, put it into your hand, and put the rest "
     "into your waiting room.", "auto attacks | do LookTake(n=6, up_to=True, select=Select(kind='card', "
     "alts=(Select(kind='event'), Select(kind='character', color='yellow'))), take=1, optional=True, reveal=True)"),
    ("body13-look-alternatives.scn", "【AUTO】 When this card attacks, you may choose 1 green or 《Esper》 character in your "
     "waiting room, and put it into your stock.", "auto attacks | do Salvage(name=None, kind='card', optional=False, "
     "may=True, to='stock', select=Select(kind='card', alts=(Select(kind='character', color='green'), "
     "Select(kind='character', trait='Esper'))))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, look at up to 2 cards from the top of your deck, choose "
     "up to 1 event from among them, reveal it to your opponent, put it into your hand, and put the rest into your waiting "
     "room.", "auto placed | do LookTake(n=2, up_to=True, select=Select(kind='event'), take=1, optional=True, reveal=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, search your deck for up to 1 event or 《Magic》 "
     "character, reveal it to your opponent, put it into your hand, and shuffle your deck.", "auto placed | do Search(n=1, "
     "select=Select(kind='card', alts=(Select(kind='event'), Select(kind='character', trait='Magic'))))"),
    ("body13-event-salvage.scn", "【ACT】 [(1) 【REST】 this card] Choose 1 event in your waiting room, and return it to your "
     "hand.", "act | cost 1 "
     "stock, rest this card | do Salvage(name=None, kind='event', optional=False)"),  # s13 merge: s13 zones' `salvage_event`
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 climax with [CHOICE] in its trigger "
     "icon in your waiting room, and return it to your hand.", "auto placed | do Salvage(name=None, kind='climax', "
     "optional=False, may=True, select=Select(kind='climax', icon='choice'))"),
    ("", "【AUTO】 When this card attacks, look at the top 4 cards of your deck, choose up to 1 yellow character from among "
     "them, put it into your hand, and put the rest into your waiting room.", "auto attacks | do LookTake(n=4, up_to=False, "
     "select=Select(kind='character', color='yellow'), take=1, optional=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 red or blue character in your waiting "
     "room, and return it to your hand.", "auto placed | do Salvage(name=None, kind='card', optional=False, may=True, "
     "select=Select(kind='card', alts=(Select(kind='character', color='red'), Select(kind='character', color='blue'))))"),
    ("", "【AUTO】 When this card attacks, choose 1 blue climax or event in your waiting room, and return it to your hand.",
     "auto attacks | do Salvage(name=None, kind='card', optional=False, select=Select(kind='card', "
     "alts=(Select(kind='climax', color='blue'), Select(kind='event'))))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may reveal up to three cards from the top of your "
     "deck. If you revealed one or more cards, choose up to one yellow character or card named \"Mobility Gear\" from among "
     "them, put it into your hand, and put the rest into your waiting room.", "auto placed | do RevealTake(look=LookTake(n=3, "
     "up_to=True, select=Select(kind='card', alts=(Select(kind='character', color='yellow'), Select(kind='card', "
     "name='Mobility Gear'))), take=1, optional=True), at_least=1, then=())"),
    # a card of a name onto the stage position this card's cost left (10.8.1's exchange): body13-where-was-name.scn
    ("body13-where-was-name.scn", "【ACT】 [Put this card into your waiting room] Choose 1 \"Mami\" in your waiting room, "
     "and put it on the stage position that this card was on.", "act | cost put this card into the waiting room | do "
     "Salvage(name='Mami', kind='card', optional=False, to='vacated')"),  # s13 merge: s13 zones' `sd_vacated`
    ("", "【ACT】 [(1) Put this card into your waiting room] Choose 1 \"Gravity Cage, Mikoto\" in your waiting room, and put "
     "it on the stage position that this card was on.", "act | cost 1 stock, put this card into the waiting room | do "
     "Salvage(name='Gravity Cage, Mikoto', kind='card', optional=False, to='vacated')"),
    # s13 merge: a probe of s13 bodies (refused there: its own construction took the waiting room only), read by s13 zones'
    # `sd_vacated`, which takes the card from the clock too (3.8.1): the position this card's cost left (8.4.2, 10.8.1)
    ("", "【ACT】 [Put this card into your waiting room] Choose 1 \"Mami\" in your clock, and put it on the stage position "
     "that this card was on.", "act | cost put this card into the waiting room | do Salvage(name='Mami', kind='card', "
     "optional=False, to='vacated', from_zone='clock')"),
    # the opponent's character into their memory and back on their stage by its owner: body13-memory-back.scn
    ("body13-memory-back.scn", "【AUTO】 When this card is placed on the stage from your hand, choose up to 1 of your "
     "opponent's characters, put it into their memory, and your opponent puts that character from their memory on any "
     "position of their stage.", f"auto placed | do {_MB13}"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose up to 1 of your opponent's characters, put it "
     "into their memory, and your opponent puts that character from their memory in any position of their stage.",
     f"auto placed | do {_MB13}"),
    # this card at the bottom of the deck (3.2.1): body13-self-deck-bottom.scn
    ("body13-self-deck-bottom.scn", "【AUTO】 When this card becomes 【REVERSE】 in battle, put this card at the bottom of your "
     "deck.", "auto reversed | do SelfTo(zone='deck_bottom')"),
    ("", "【AUTO】 When this card becomes 【REVERSE】, you may put this card at the bottom of your deck.",
     "auto reversed | do SelfTo(zone='deck_bottom', may=True)"),
    # a card searched for put on the stage, within the player's own level (3.9.1) and a cost bound (2.7):
    # body13-search-stage.scn
    ("body13-search-stage.scn", "【AUTO】 When this card is placed on the stage from your hand, search your deck for up to 1 "
     "cost 0 or lower 《Kivotos》 character with level equal to or lower than your level, put it in any position of your "
     "stage, and shuffle your deck.", "auto placed | do Search(n=1, select=Select(kind='character', trait='Kivotos', "
     "level='<=own', cost='<=0'), to='stage')"),
    ("", "【AUTO】 When this card is put into your waiting room from the stage, search your deck for up to 1 cost 0 or lower "
     "《KAN-SEN》 character with level equal to or lower than your level, put it on any position of your stage as 【REST】, and "
     "shuffle your deck.", "auto to-waiting | do Search(n=1, select=Select(kind='character', trait='KAN-SEN', "
     "level='<=own', cost='<=0'), to='stage', rest=True)"),
    ("", "【AUTO】 When this card attacks, search your deck for up to 1 level 0 or lower character, put it in an open position "
     "of your stage, and shuffle your deck.", "auto attacks | do Search(n=1, select=Select(kind='character', "
     "level='<=0'), to='stage_open')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, search your deck for up to one card named "
     "\"Memories\", reveal it to your opponent, put it into your hand, and shuffle your deck.", "auto placed | do "
     "Search(n=1, select=Select(kind='card', name='Memories'))"),
    ("", "【AUTO】 When this card attacks, look at the top card of your deck, and put it at the top of your deck or into your "
     "waiting room.", "auto attacks | do LookPut(n=1, up_to=False, dest='top-or-waiting')"),
    # keyword reminders naming the card as "a card named" (2.1.2): Bond's (10.4.2): body13-bond-card-named.scn; Change's (10.8.1)
    ("body13-bond-card-named.scn", "【AUTO】 Bond/\"Karen\" [(1)] (When this card is played and placed on stage, you may pay "
     "the cost. If you do, choose a card named \"Karen\" in your waiting room, and return it to your hand.)", "auto bond "
     "placed | cost 1 stock | name Karen | optional | do Salvage(name='Karen', kind='card', optional=False)"),
    ("", "【AUTO】 Bond/\"Len\" [(1)] (When this card is played and placed on the stage, you may pay the cost. If you do, "
     "choose 1 \"Len\" in your waiting room, and return it to your hand.)", "auto bond placed | cost 1 stock | name Len | "
     "optional | do Salvage(name='Len', kind='card', optional=False)"),
    ("", "【AUTO】 Change [Put this card into your waiting room] At the beginning of your climax phase, you may pay the cost. "
     "If you do, choose a card named \"Black Fallen Angel, Ranko\" in your waiting room, and put it on the stage position "
     "that this card was on.", "auto change begin:climax | cost put this card into the waiting room | do "
     "ChangeInto(name='Black Fallen Angel, Ranko')"),
    ("", "【AUTO】 Change [(1) Put this card into your waiting room] At the beginning of your climax phase, you may pay the "
     "cost. If you do, choose 1 \"\"A Happy Revolution!\" Kokoro Tsurumaki\" in your waiting room, and put it on the stage "
     "position that this card was on.", "auto change begin:climax | cost 1 stock, put this card into the waiting room | do "
     "ChangeInto(name='\"A Happy Revolution!\" Kokoro Tsurumaki')"),
    # an opponent's character moved to an open position of their stage (3.6.3, 3.1.4; 1.3.4): body13-opp-shift.scn
    ("body13-opp-shift.scn", "【ACT】 [(1)] Choose 1 character in your opponent's center stage, and move it to an open "
     "position of their center stage.", "act | cost 1 stock | do OppShift(area='center', from_area='center')"),
    ("", "【AUTO】 At the beginning of your opponent's attack phase, you may choose 1 character in your opponent's center "
     "stage, and move it to an open position of their center stage.", "auto begin:opp-attack | do OppShift(area='center', "
     "from_area='center', may=True)"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's characters, move it to another open position of your "
     "opponent's center stage.", "auto attacks | do OppShift(area='center', from_area='')"),
    # the revealed card named "the revealed card" (4.9.1); the reminders after a level-bound reveal: body13-reveal-revealed.scn
    ("body13-reveal-revealed.scn", "【AUTO】 When this card is placed on the stage from your hand, reveal the top card of "
     "your deck. If the revealed card is a climax, this card gets +1000 power until end of turn.", "auto placed | do "
     "RevealTop(select=Select(kind='climax'), then=(Pump(who='self', power=1000, soul=0)))"),
    ("body13-reveal-revealed.scn", "【AUTO】 When this card is placed on the stage from your hand, reveal the top card of "
     "your deck. If that card is level 1 or lower, put it into your stock. (Otherwise, return it to its original place. "
     "Climax are regarded as level 0)", "auto placed | do RevealTop(select=Select(kind='card', level='<=1'), "
     "then=(RevealedTo(zone='stock')))"),
    # X counted on the chosen character's soul (2.10), other wordings: body13-x-soul.scn
    ("body13-x-soul.scn", "【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets +X "
     "power until end of turn. X is equal to 1000 multiplied by that character's soul.", "auto attacks | do "
     "Pump(who='choose-own', power=1000, soul=0, other=True, x=XCount(zone='that-soul', select=Select(kind='card')))"),
    ("", "【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets +X power until end of "
     "turn. X is equal to the soul of that character ×1000.", "auto attacks | do Pump(who='choose-own', power=1000, soul=0, "
     "other=True, x=XCount(zone='that-soul', select=Select(kind='card')))"),
    # "If you do," after a choice the text does not make optional (8.6.3.1.3), cards searched for "on separate positions":
    # body13-if-you-do-chosen.scn
    ("body13-if-you-do-chosen.scn", "Choose 1 of your 【STAND】 《Weapon》 characters, and 【REST】 it. If you do, search your "
     "deck for up to 2 \"Monkey Horde\", put them on separate positions of your stage, and shuffle your deck.", "effect | do "
     "IfDone(first=OwnPick(act='rest', n=1, select=Select(kind='character', trait='Weapon'), orient='stand'), "
     "then=(Search(n=2, select=Select(kind='card', name='Monkey Horde'), to='stage')), must=True)"),
    ("", "【AUTO】 When this card attacks, choose 1 of your other characters, and return it to your hand. If you do, draw 1 "
     "card.", "auto attacks | do IfDone(first=OwnPick(act='hand', n=1, select=Select(kind='character'), other=True), "
     "then=(Draw(n=1, optional=False)), must=True)"),
    # the top card of the clock "up to 1"; this card to the open middle position: body13-act-heal-move.scn
    ("body13-act-heal-move.scn", "【ACT】 [(1)] Put up to 1 card from the top of your clock into your waiting room.",
     "act | cost 1 stock | do Heal(may=True, at_most=True)"),
    ("body13-act-heal-move.scn", "【ACT】 [(1)] Move this card to the open middle position of your center stage.",
     "act | cost 1 stock | do MoveSelf(area='center', pos='CM')"),
    ("", "【AUTO】 At the beginning of your opponent's attack phase, you may move this card to the open middle position of "
     "your center stage.", "auto begin:opp-attack | do MoveSelf(area='center', may=True, pos='CM')"),
    ("", "【COUNTER】 Put up to 1 card from the top of your clock into your waiting room, choose 1 of your characters, and "
     "that character gets +1500 power until end of turn.", "effect counter | do Heal(may=True, at_most=True); "
     "Pump(who='choose-own', power=1500, soul=0)"),
    # a character of the hand put on the stage by an effect (3.6.1; not played): body13-hand-to-stage.scn
    ("body13-hand-to-stage.scn", "【ACT】 [Put this card into your waiting room] Choose up to 1 level 0 or lower character in "
     "your hand, and put it on the stage position that this card was on.", "act | cost put this card into the waiting room "
     "| do Salvage(name=None, kind='character', optional=True, to='vacated', from_zone='hand', level='<=0')"),  # s13 merge:
    # s13 zones' `hand_stage` (the same effect)
    ("", "【ACT】 [Put this card at the bottom of your deck] Choose up to 1 character in your hand with level equal to or lower "
     "than your level, and put it in the stage position that this card was in.", "act | cost put this card at the bottom "
     "of your deck | do Salvage(name=None, kind='character', optional=True, to='vacated', from_zone='hand', "
     "level='<=own')"),
    ("", "【AUTO】 When this card attacks, you may choose 1 《T》 character in your hand, and put it in an open position of "
     "your stage as 【REST】.", "auto attacks | do Salvage(name=None, kind='character', optional=False, trait='T', may=True, "
     "to='stage_open', from_zone='hand', rest=True)"),
    # damage with its number as a word (4.10.1)
    ("", "【AUTO】 When this card attacks, deal one damage to your opponent. (This damage may be canceled)",
     "auto attacks | do Damage(n=1)"),
    ("", "【AUTO】 When this card attacks, you may deal two damage to your opponent. (Damage may be canceled)",
     "auto attacks | do Damage(n=2, may=True)"),
    # one of your characters by a general selection exchanged with this card (3.7.3.1): body13-exchange-pick.scn
    ("body13-exchange-pick.scn", "【ACT】 [(1)] Choose 1 of your 《Magic》 characters and this card, and exchange them as "
     "【STAND】.", "act | cost 1 stock | do ExchangeNamed(stand=True, select=Select(kind='character', trait='Magic'))"),
    ("", "【AUTO】 [(1)] At the beginning of your opponent's attack phase, you may pay the cost. If you do, choose one of your "
     "《Adventurer》 or 《Magic》 characters and this card, and exchange them as 【STAND】.", "auto begin:opp-attack | cost 1 "
     "stock | do ExchangeNamed(stand=True, select=Select(kind='character', trait='Adventurer》 or 《Magic'))"),
    ("", "【AUTO】 At the beginning of your opponent's attack phase, you may choose this card and 1 of your \"Falcon\", and "
     "exchange them.", "auto begin:opp-attack | do ExchangeNamed(name='Falcon', may=True, stand=False)"),
    # a condition on what the look before did (8.3.3): body13-if-put-hand.scn
    ("body13-if-put-hand.scn", "【ACT】 [(1)] Look at up to 2 cards from the top of your deck, choose up to 1 character from "
     "among them, put it into your hand, and put the rest into your waiting room. If you put 1 card into your hand, choose 1 "
     "card in your hand, and put it into your waiting room.", "act | cost 1 stock | do IfToHand(first=LookTake(n=2, "
     "up_to=True, select=Select(kind='character'), take=1, optional=True), then=(HandTo(n=1, select=Select(kind='card'))))"),
    ("", "【AUTO】 When this card becomes 【REVERSE】 in battle, look at up to 3 cards from the top of your deck, choose up to 1 "
     "climax from among them, reveal it to your opponent, put it into your hand, and put the rest into your waiting room. If "
     "you put a card into your hand, choose 1 card in your hand, and put it into your waiting room.", "auto reversed | do "
     "IfToHand(first=LookTake(n=3, up_to=True, select=Select(kind='climax'), take=1, optional=True, reveal=True), "
     "then=(HandTo(n=1, select=Select(kind='card'))))"),
    # the opponent's characters within a bound and of a trait (2.6, 2.5.3): body13-opp-bound-trait.scn
    ("body13-opp-bound-trait.scn", "【AUTO】 When this card is placed on the stage from your hand, choose up to one of your "
     "opponent's level 0 or lower 《Target》 characters, and put it into his or her waiting room.", "auto placed | do "
     "OppTo(zone='waiting_room', n=1, at_most=True, select=Select(kind='character', trait='Target', level='<=0'))"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's cost 0 or lower 《Target》 characters, and 【REST】 it.",
     "auto attacks | do Rest(who='choose-opp', select=Select(kind='character', trait='Target', cost='<=0'))"),
]
S13B_REFUSED = [
    ("【AUTO】 When this card attacks, draw 1 card. If you put 1 card into your hand, draw 1 card.",
     "'If you put 1 card into your hand,' follows 'look at …"),
    ("【AUTO】 At the beginning of your opponent's attack phase, you may choose this card and 2 of your \"Falcon\", and "
     "exchange them.", "reads 1 / one / a"),
    ("【AUTO】 When this card attacks, choose 1 climax in your hand, and put it in any position of your stage.",
     "a character is put on the stage"),
    # (s17 zone: "Put up to 2 cards from the top of your clock …" is read and executed now, `session17zone`)
    ("【ACT】 [(1)] Put up to 2 cards from the bottom of your clock into your waiting room.", "there the engine reads"),
    ("【AUTO】 When this card attacks, choose up to 2 of your other characters, and return them to your hand. If you do, "
     "draw 1 card.", "'If you do,' follows an effect"),
    ("【AUTO】 When this card attacks, choose 1 climax in your opponent's center stage, and move it to an open position of "
     "their center stage.", "a character is chosen on the stage"),
    ("【AUTO】 When this card attacks, choose 2 of your opponent's characters, and move it to an open position of their "
     "back stage.", "choose … and move it reads 1 / one / a"),
    ("【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is level "
     "1 or lower, put it into your stock. (Otherwise, return it to its original place. Climax are regarded as level 1)",
     "a climax is regarded as level 0"),
    ("【AUTO】 Bond/\"Karen\" [(1)] (When this card is played and placed on stage, you may pay the cost. If you do, choose a "
     "card named \"Karin\" in your waiting room, and return it to your hand.)", "Bond's reminder chooses the Bond's own card"),
    ("【AUTO】 When this card attacks, search your deck for up to 2 《T》 characters, put it in any position of your stage, "
     "and shuffle your deck.", "put it on your stage reads 1 / one here"),
    # s13 merge: the refusals of s13 zones' constructions, which read these now (`_zone13_checked`, `_memory_back_joined`);
    # the "Mami" of the clock onto the position this card left is read by s13 zones' `sd_vacated` (a line of session13b)
    ("Draw 1 card. Put this card at the bottom of your deck.", "is read in an ability of a card on the stage"),
    ("【AUTO】 When this card attacks, draw 1 card, and your opponent puts that character from their memory on any position "
     "of their stage.", "follows 'choose (up to) 1 of your opponent's characters, put it into their memory'"),
]


def session13b() -> list[dict]:
    """s13-wsbody's lines: the effect body, sixth round."""
    return _with_goldens(S13B)


def probes() -> list[dict]:
    """Near misses of this session's constructions, each refused naming its words: kept apart from the corpus of texts
    laid out as cards print them (`PROBES`, checked by tests/cardtext/test_ws_cardtext.py), so that the corpus's
    accepted share measures card layouts, not how many near misses were written."""
    return [{"text": text, "refused": why} for text, why in EIGHT_B_REFUSED + S8A_REFUSED + S9B_REFUSED
            + S9C_REFUSED]


# --- s13 zones (issue 13, thirteenth session): the zones and cards off the stage. The one salvage structure with more of
# its parts (the memory 3.12.1 and the clock 3.8.1 as destinations, the stage position the cost left as Change's 10.8.1, a
# cost bound 2.7, an event 2.3.2), "you may put this card into your stock" from the stage (3.10.1), a card of the level or
# the bottom of the clock exchanged with one of the waiting room (3.9.1, 3.8.1, 3.4.1), one of the opponent's characters
# into their memory and back onto their stage (3.12.1, 3.1.4). Each construction is executed by a golden
# tests/scenarios/ws/zone13-*.scn (expect lines written from the rules first); the other lines are neighbouring wordings.
S13C: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("zone13-vacated-trait.scn", "【ACT】 [Put this card into your waiting room] Choose 1 level 1 or lower 《Music》 character in your waiting room, and put it in the stage position that this card was in.",
     "act | cost put this card into the waiting room | do Salvage(name=None, kind='character', optional=False, trait='Music', to='vacated', level='<=1')"),
    ("", '【ACT】 [Put this card into your waiting room] Choose 1 "As an Ex-Girlfriend, Mami" in your waiting room, and put it on the stage position that this card was on.',
     "act | cost put this card into the waiting room | do Salvage(name='As an Ex-Girlfriend, Mami', kind='card', optional=False, to='vacated')"),
    ("", "【AUTO】 [(1) Put this card into your waiting room] At the beginning of your climax phase, you may pay the cost. If you do, choose 1 《Music》 character in your waiting room, and put it on the stage position that this card was on.",
     "auto begin:climax | cost 1 stock, put this card into the waiting room | do Salvage(name=None, kind='character', optional=False, trait='Music', to='vacated')"),
    ("", "【ACT】 [(1) Put this card into your waiting room] Choose up to 1 level 0 or lower character in your waiting room, and put it on the stage position that this card was on as 【REST】.",
     "act | cost 1 stock, put this card into the waiting room | do Salvage(name=None, kind='character', optional=True, to='vacated', level='<=0', rest=True)"),
    ("", "【ACT】 [Put this card at the bottom of your deck] Choose 1 cost 0 or lower 《Music》 character in your waiting room, and put it on the stage position where this card was.",
     "act | cost put this card at the bottom of your deck | do Salvage(name=None, kind='character', optional=False, trait='Music', to='vacated', cost='<=0')"),
    ("", '【ACT】 [Return this card to your hand] You may choose 1 card named "Hero" in your waiting room, and put it on the stage position that this card was on.',
     "act | cost return this card to your hand | do Salvage(name='Hero', kind='card', optional=False, may=True, to='vacated')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 card in your level and 1 card in your waiting room, and exchange them.",
     "auto placed | do Exchange(zone='level', select=Select(kind='card'), first=Select(kind='card'))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 card in your level and 1 card in your waiting room, and exchange them.",
     "auto placed | do Exchange(zone='level', select=Select(kind='card'), first=Select(kind='card'), may=True)"),
    ("zone13-exchange-level.scn", "【ACT】 [【REST】 this card] Choose 1 card in your level and 1 《Music》 character in your waiting room, and exchange them.",
     "act | cost rest this card | do Exchange(zone='level', select=Select(kind='character', trait='Music'), first=Select(kind='card'))"),
    ("", "【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the cost. If you do, choose a card in your level and a card in your waiting room, and exchange them.",
     "auto placed | cost 1 stock | do Exchange(zone='level', select=Select(kind='card'), first=Select(kind='card'))"),
    ("zone13-exchange-clock-may.scn", "【ACT】 [(1)] You may choose the bottom card of your clock and a 《Music》 character in your waiting room, and exchange them.",
     "act | cost 1 stock | do Exchange(zone='clock_bottom', select=Select(kind='character', trait='Music'), first=Select(kind='card'), may=True)"),
    ("", "【AUTO】 At the beginning of your main phase, you may choose the bottom card of your clock and a 《Pastel＊Palettes》 character in your waiting room, and exchange them.",
     "auto begin:main | do Exchange(zone='clock_bottom', select=Select(kind='character', trait='Pastel*Palettes'), first=Select(kind='card'), may=True)"),
    ("zone13-salvage-memory-cost.scn", "【AUTO】 When this card is placed on the stage from your hand, choose 1 cost 0 or lower character in your waiting room, and put it into your memory.",
     "auto placed | do Salvage(name=None, kind='character', optional=False, to='memory', cost='<=0')"),
    ("", "【AUTO】 [Put 1 card from your hand into your waiting room] When this card is placed on the stage from your hand, you may pay the cost. If you do, choose 1 cost 0 or lower character in your waiting room, and put it in any position of your stage.",
     "auto placed | cost 1 card(s) from hand | do Salvage(name=None, kind='character', optional=False, to='stage', cost='<=0')"),
    ("", "【AUTO】 When this card attacks, choose up to 1 cost 1 or higher 《Magic》 character in your waiting room, and return it to your hand.",
     "auto attacks | do Salvage(name=None, kind='character', optional=True, trait='Magic', cost='>=1')"),
    ("", '【AUTO】 When this card is put into your waiting room from the stage, if your memory has 1 or less card, you may choose 1 "I-No: Megalomania" in your waiting room, and put it into your memory.',
     "auto to-waiting | if count=1 or less card in your memory | do Salvage(name='I-No: Megalomania', kind='card', optional=False, may=True, to='memory')"),
    ("", "【ACT】 [【REST】 this card] Choose 1 《Magic》 character in your waiting room, and put it into your memory.",
     "act | cost rest this card | do Salvage(name=None, kind='character', optional=False, trait='Magic', to='memory')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 character in your waiting room, and put it into your clock.",
     "auto placed | do Salvage(name=None, kind='character', optional=False, to='clock')"),
    ("", "Choose 1 event in your waiting room, and return it to your hand.",
     "effect | do Salvage(name=None, kind='event', optional=False)"),
    ("zone13-event-salvage.scn", "【ACT】 [(1)] Choose 1 event in your waiting room, and return it to your hand.",
     "act | cost 1 stock | do Salvage(name=None, kind='event', optional=False)"),
    ("", "【AUTO】 When this card attacks, you may choose 1 《Magic》 event in your waiting room, and return it to your hand.",
     "auto attacks | do Salvage(name=None, kind='event', optional=False, trait='Magic', may=True)"),
    ("", "【AUTO】 When damage dealt by this card is canceled, you may put this card into your stock.",
     "auto damage-canceled | do SelfTo(zone='stock', may=True)"),
    ("", "【AUTO】 When a climax is placed on your opponent's climax area, you may put this card into your stock.",
     "auto opp-climax-placed | do SelfTo(zone='stock', may=True)"),
    ("zone13-self-to-stock.scn", "【ACT】 [(1)] Put this card into your stock.",
     "act | cost 1 stock | do SelfTo(zone='stock')"),
    ("zone13-self-to-stock.scn", "【ACT】 [(1)] You may put this card into your stock.",
     "act | cost 1 stock | do SelfTo(zone='stock', may=True)"),
    ("", '【AUTO】 When this card attacks, choose 1 of the following effects, and perform it. "Put this card into your stock." "Draw 1 card."',
     "auto attacks | do Modal(options=[(SelfTo(zone='stock')) | (Draw(n=1, optional=False))])"),
    ("zone13-opp-memory-back.scn", "【AUTO】 When this card is placed on the stage from your hand, choose up to 1 of your opponent's characters, put it into their memory, and your opponent puts that character from their memory on any position of their stage.",
     "auto placed | do OppMemoryBack(opp=OppTo(zone='memory', n=1, at_most=True))"),
    ("", "【AUTO】 This ability activates up to 1 time per turn. During your turn, when you use an 【ACT】, choose up to 1 of your opponent's characters, put it into their memory, and your opponent puts that character from their memory in any position of their stage.",
     "auto act-used | if your-turn | limit 1 | do OppMemoryBack(opp=OppTo(zone='memory', n=1, at_most=True))"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's characters, put it into their memory, and your opponent puts that character from their memory on any position of their stage.",
     "auto attacks | do OppMemoryBack(opp=OppTo(zone='memory', n=1))"),
    ("", "【AUTO】 When this card attacks, choose up to 1 of your opponent's characters, and return it to their hand.",
     "auto attacks | do OppTo(zone='hand', n=1, at_most=True)"),
    # a player restriction on events, alone or with Backup (6.5.1.2.2, 7.4.1.2.1, 10.5.1; 1.3.4): zone13-event-ban*.scn
    ("zone13-event-ban.scn", "【CONT】 During this card's battle, your opponent cannot play event cards and \"Backup\" from "
     "hand.", "cont | if in-battle | cannot backup+event:opp"),
    ("", "【CONT】 During this card's battle, your opponent cannot play events or \"Backup\" from their hand.",
     "cont | if in-battle | cannot backup+event:opp"),
    ("zone13-event-ban-main.scn", "【CONT】 Your opponent cannot play event cards from hand.", "cont | cannot event:opp"),
    ("", "【CONT】 During your turn, all players cannot play event cards from their hands.",
     "cont | if your-turn | cannot event:all"),
    ("zone13-event-ban-self.scn", "【CONT】 During this card's battle, you cannot play event cards and \"Backup\" from hand.",
     "cont | if in-battle | cannot backup+event:self"),
    ("", "【AUTO】 When this card attacks, this card gets the following ability until end of turn. \"【CONT】 During this card's "
     "battle, your opponent cannot play event cards and \"Backup\" from hand.\"", "auto attacks | do Grant(who='self', "
     "ability=<cont | if in-battle | cannot backup+event:opp>, power=0, soul=0)"),
    ("", "【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and that character gets the following ability "
     "until end of turn. \"【CONT】 During this card's battle, you cannot play event cards and \"Backup\" from your hand.\"",
     "act | cost rest this card | do Grant(who='choose-opp', ability=<cont | if in-battle | cannot backup+event:self>, "
     "power=0, soul=0)"),
    # all of the waiting room back into the deck, shuffled (3.4.1, 3.2.1, 3.2.4): zone13-waiting-to-deck.scn
    ("zone13-waiting-to-deck.scn", "【AUTO】 [(1) Put 1 card from your hand into your waiting room] When this card is placed "
     "on the stage from your hand, you may pay the cost. If you do, return all cards from your waiting room to your deck, "
     "and shuffle your deck.", "auto placed | cost 1 stock, 1 card(s) from hand | do WaitingToDeck()"),
    ("", "【AUTO】 【CLOCK】 Alarm [(1) Put 1 card from your hand into your waiting room] If this card is the top card of your "
     "clock, at the beginning of your main phase, you may pay the cost. If you do, return all cards from your waiting room "
     "to your deck, and shuffle your deck.", "auto alarm begin:main | cost 1 stock, 1 card(s) from hand | if clock-top | "
     "do WaitingToDeck()"),
    ("", "【ACT】 [(2) 【REST】 this card] Return all cards in your waiting room to your deck, and shuffle your deck.",
     "act | cost 2 stock, rest this card | do WaitingToDeck()"),
    # a character of the hand put on the stage by an effect (3.6.1, 3.3.1): zone13-hand-vacated.scn, zone13-hand-stage.scn
    ("zone13-hand-vacated.scn", "【ACT】 [Put this card at the bottom of your deck] Choose up to 1 character in your hand "
     "with level equal to or lower than your level, and put it in the stage position that this card was in.",
     "act | cost put this card at the bottom of your deck | do Salvage(name=None, kind='character', optional=True, "
     "to='vacated', from_zone='hand', level='<=own')"),
    ("", "【ACT】 [Put this card at the bottom of your deck] Choose a card named \"\"Mesmerizing Water Goddess\" Aqua\" in your "
     "hand with level lower than or equal to your level, and put it on any position of your stage.", "act | cost put this "
     "card at the bottom of your deck | do Salvage(name='\"Mesmerizing Water Goddess\" Aqua', kind='card', optional=False, "
     "to='stage', from_zone='hand', level='<=own')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose up to 1 character with level equal to or lower "
     "than your level in your hand, and put it in any position of your stage.", "auto placed | do Salvage(name=None, "
     "kind='character', optional=True, to='stage', from_zone='hand', level='<=own')"),
    ("zone13-hand-stage.scn", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 level 0 or "
     "lower 《Music》 character in your hand, and put it on an open position of your stage as 【REST】.", "auto placed | do "
     "Salvage(name=None, kind='character', optional=False, trait='Music', may=True, to='stage_open', from_zone='hand', "
     "level='<=0', rest=True)"),
    ("", "【ACT】 [(1) Put this card into your waiting room] Choose 1 \"Hero\" in your hand, and put it on the stage position "
     "that this card was on.", "act | cost 1 stock, put this card into the waiting room | do Salvage(name='Hero', "
     "kind='card', optional=False, to='vacated', from_zone='hand')"),
    # markers (3.7.1): counted for a gain, put from the hand, returned to the hand: zone13-markers.scn
    ("zone13-markers.scn", "【CONT】 This card gets +1000 power for each marker underneath this card.",
     "cont | self +1000 power +0 soul | per markers"),
    ("", "【CONT】 During your turn, this card gets +500 power for each marker underneath this card.",
     "cont | if your-turn | self +500 power +0 soul | per markers"),
    ("zone13-markers.scn", "【ACT】 [(1) 【REST】 this card] Return 1 marker from underneath this card to your hand.",
     "act | cost 1 stock, rest this card | do MarkerTo(zone='hand')"),
    ("zone13-markers.scn", "【ACT】 [(1)] You may choose 1 card in your hand, and put it face up underneath this card as a "
     "marker.", "act | cost 1 stock | do Salvage(name=None, kind='card', optional=False, may=True, to='marker', "
     "from_zone='hand', face='up')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 card in your hand, and put it face "
     "up underneath this card as a marker.", "auto placed | do Salvage(name=None, kind='card', optional=False, may=True, "
     "to='marker', from_zone='hand', face='up')"),
    # the clock and the deck's bottom (3.8.1, 3.10.1, 3.2.1, 3.4.1): zone13-clock-moves.scn
    ("zone13-clock-moves.scn", "【ACT】 [(1)] Put the top card of your clock into your stock.",
     "act | cost 1 stock | do Heal(dest='stock')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 card in your hand, and put it into "
     "your waiting room. If you do, put the top card of your clock into your stock.", "auto placed | do "
     "IfDone(first=HandTo(n=1, select=Select(kind='card'), may=True), then=(Heal(dest='stock')))"),
    ("zone13-clock-moves.scn", "【ACT】 [(1)] You may choose 1 card in your opponent's clock, and put it into their waiting "
     "room.", "act | cost 1 stock | do OppClockTo(may=True, kind='card')"),
    ("", "【AUTO】 When this card becomes 【REVERSE】 in battle, if you have 2 or more other 《Magic》 characters, you may choose "
     "1 card in your opponent's clock, and put it into their waiting room. If you do, your opponent puts the top card of "
     "their deck into their clock.", "auto reversed | if have-at-least=2 others:Magic | do IfDone(first=OppClockTo("
     "may=True, kind='card'), then=(OppTopTo(zone='clock', n=1)))"),
    ("zone13-clock-moves.scn", "【ACT】 [(1)] Put this card at the bottom of your deck.",
     "act | cost 1 stock | do SelfTo(zone='deck_bottom')"),
    ("", "【AUTO】 When this card becomes 【REVERSE】 in battle, put this card at the bottom of your deck.",
     "auto reversed | do SelfTo(zone='deck_bottom')"),
    ("", "【AUTO】 [(1) Put 1 《Devil Hunter》 or 《Devil》 character from your waiting room at the bottom of your clock] When "
     "this card is put into your waiting room from the stage, you may pay the cost. If you do, draw 1 card.",
     "auto to-waiting | cost 1 stock, 1 《Devil Hunter》 or 《Devil》 character(s) from the waiting room to the bottom of the "
     "clock | do Draw(n=1, optional=False)"),
    # playing an event (6.5.1.2.2, 7.4.1.2.1; 8.7.2): zone13-event-played.scn
    ("zone13-event-played.scn", "【AUTO】 This ability activates up to 1 time per turn. When you play an event card, this "
     "card gets +2000 power until end of turn.", "auto event-played | limit 1 | do Pump(who='self', power=2000, soul=0)"),
    ("", "【AUTO】 When you play an event card, draw 1 card.", "auto event-played | do Draw(n=1, optional=False)"),
    # "that character": the character the sentence before put on the stage (3.6.1, 8.8.1): zone13-placed-gets.scn
    ("zone13-placed-gets.scn", "【ACT】 [(1)] Choose 1 level 0 or lower character in your waiting room, put it on an open "
     "position of your stage, and that character gets +1000 power until end of turn.", "act | cost 1 stock | do "
     "Salvage(name=None, kind='character', optional=False, to='stage_open', level='<=0'); Pump(who='placed', "
     "power=1000, soul=0)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose up to 1 character with level equal to or lower "
     "than your level in your hand, put it in any position of your stage, and that character gets +1 soul until end of "
     "turn.", "auto placed | do Salvage(name=None, kind='character', optional=True, to='stage', from_zone='hand', "
     "level='<=own'); Pump(who='placed', power=0, soul=1)"),
    ("zone13-search-cost-bound.scn", "【AUTO】 When this card is placed on the stage from your hand, search your deck for up "
     "to 1 cost 0 or lower character, reveal it to your opponent, put it into your hand, and shuffle your deck.",
     "auto placed | do Search(n=1, select=Select(kind='character', cost='<=0'))"),
]
S13C_REFUSED = [
    ("【AUTO】 When this card attacks, choose 1 of your opponent's characters, put it into their stock, and your opponent puts "
     "that character from their memory on any position of their stage.", "follows 'choose (up to) 1 of your opponent's"),
    ("【AUTO】 When this card attacks, draw 1 card, and your opponent puts that character from their memory on any position "
     "of their stage.", "follows 'choose (up to) 1 of your opponent's"),
    ("【AUTO】 When this card attacks, choose 1 character in your waiting room, and put it on the stage position that this "
     "card was on.", "whose cost takes this card from the stage"),
    ("【ACT】 [【REST】 this card] Choose 1 level 1 or lower 《Music》 character in your waiting room, and put it on the stage "
     "position that this card was on.", "whose cost takes this card from the stage"),
    ("【AUTO】 【CLOCK】 Alarm If this card is the top card of your clock, at the beginning of your climax phase, put this card "
     "into your stock.", "is read in an event's text or an ability of a card on the stage"),
    ("【AUTO】 When this card attacks, choose 1 card in your clock, and put it into your clock.",
     "reads a card chosen outside your clock"),
    ("Your opponent cannot play event cards from hand.", "is read as a 【CONT】 ability of a character"),
    ("Put this card at the bottom of your deck.", "is read in an ability of a card on the stage"),
    ("【AUTO】 When this card attacks, draw 1 card, and that character gets +1 soul until end of turn.",
     "follows 'choose … and put it on … your stage'"),
    ("【AUTO】 When this card attacks, this card gets the following ability until end of turn. \"【AUTO】 When you play an "
     "event card, draw 1 card.\"", "is not watched on the character that has it"),
    ("【AUTO】 When this card attacks, choose 1 character in your hand, and put it on the stage position that this card was "
     "on.", "whose cost takes this card from the stage"),
    ("【CONT】 Your opponent cannot play event cards and \"Encore\" from hand.",
     "a player restriction is read for event cards and \"Backup\""),
]


def session13c() -> list[dict]:
    """s13-wszone's lines: the zones and cards off the stage (constructions that recur in the real texts)."""
    return _with_goldens(S13C)


# --- s13b bodies (issue 13, thirteenth session, second round): the effect body. A continuous gain to your characters with
# a portion of a name (8.9.1; 2.1.2.1, 2.1.2.2), with or without "other", a trait (2.5.3), a condition or a keyword; the
# golden tests/scenarios/ws/cardtext-all-named-part.scn executes it (expect lines written from the rules first).
S13E: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("cardtext-all-named-part.scn", "【CONT】 All of your other characters with \"Sakura\" in their card names get +1000 power.",
     'cont | others +1000 power +0 soul | name …Sakura'),
    ("cardtext-all-named-part.scn", "【CONT】 All of your 《Flower》 characters with \"Sakura\" in its card name get +1 soul.",
     'cont | all 《Flower》 +0 power +1 soul | name …Sakura'),
    ("", "【CONT】 During your turn, all of your other characters with \"Chika\" or \"You\" in their card names get +500 power.",
     'cont | if your-turn | others +500 power +0 soul | name …Chika" or "…You'),
    ("", "【CONT】 All of your characters with \"Rin\" in its card name get +1000 power and +1 soul.",
     'cont | all +1000 power +1 soul | name …Rin'),
    ("", "【CONT】 Memory If this card is in your memory, all of your characters with \"Saber\" or \"Lancer\" in its card name get +1000 power.",
     'cont memory | if this-in=memory | all +1000 power +0 soul | name …Saber" or "…Lancer'),
    ("", "【CONT】 If you have 2 or more other characters, all of your other 《Music》 characters with \"Kasumi\" in their card names get +1500 power.",
     'cont | if have-at-least=2 others | others 《Music》 +1500 power +0 soul | name …Kasumi'),
    ("", "【CONT】 All of your other characters with \"Mio(澪)\" in their card names get +500 power.",
     'cont | others +500 power +0 soul | name …Mio(澪)'),
    # an optional mill with a condition on the card it put (8.3.3; 8.6.3 the player says whether; declined, no card
    # was put and the condition does not hold): tests/scenarios/ws/cardtext-may-mill-that-card-if.scn
    ("cardtext-may-mill-that-card-if.scn", "【ACT】 [(1)] You may put the top card of your deck into your waiting room. If that card is a level 1 or higher character, this card gets +2500 power until end of turn.",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=1, optional=True), then=(Pump(who='self', power=2500, soul=0)), cond=Select(kind='character', level='>=1'))"),
    ("", "【AUTO】 When this card is frontal attacked, you may put the top card of your deck into your waiting room. If that card is a level 0 or lower character, this card gets +1 level and +1000 power until end of turn.",
     "auto frontal-attacked | do Milled(top=TopTo(zone='waiting_room', n=1, optional=True), then=(Pump(who='self', power=1000, soul=0, levels=1)), cond=Select(kind='character', level='<=0'))"),
    ("", "【AUTO】 When this card attacks, you may put the top card of your deck into your waiting room. If that card is a climax, this card gets +1 soul until end of turn.",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=1, optional=True), then=(Pump(who='self', power=0, soul=1)), cond=Select(kind='climax'))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may put the top card of your deck into your waiting room. If that card is a 《Music》 character, draw 1 card.",
     "auto placed | do Milled(top=TopTo(zone='waiting_room', n=1, optional=True), then=(Draw(n=1, optional=False)), cond=Select(kind='character', trait='Music'))"),
]


def session13e() -> list[dict]:
    """s13b-wsbody's lines: the effect body, second round of the thirteenth session."""
    return _with_goldens(S13E)

# --- s13b heads (issue 13, thirteenth session, second round): a condition on the top card of your clock or your waiting room
# (8.3.3; 3.8.1, 3.4.1), the card described as the conditions describe cards or by a keyword ability it has ("a card with
# "Alarm"", 2.12.2). Executed by the golden tests/scenarios/ws/head13b-top-card-clock.scn (expect lines from the rules first).
def _top13d(zone: str, kind: str, keyword: str = "", **sel: str) -> str:
    fields = {"trait": "", "level": "", "color": "", "icon": "", "name": "", **sel}
    inner = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return (f"TopIs(zone={zone!r}, what=Select(kind={kind!r}, {inner}, alts=(), cost=''), keyword={keyword!r})")


S13D: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("head13b-top-card-clock.scn", "【AUTO】 At the beginning of your climax phase, if the top card of your clock is a card "
     "with \"Alarm\", this card gets +6000 power until end of turn.", "auto begin:climax | if top-is="
     + _top13d("clock", "card", "alarm") + " | do Pump(who='self', power=6000, soul=0)"),
    ("head13b-top-card-clock.scn", "【AUTO】 At the beginning of your climax phase, if the top card of your clock is a climax, "
     "this card gets +6000 power until end of turn.", "auto begin:climax | if top-is=" + _top13d("clock", "climax")
     + " | do Pump(who='self', power=6000, soul=0)"),
    ("", "【AUTO】 When this card attacks, if the top card of your waiting room is a level 1 or higher character, this card "
     "gets +1000 power until end of turn.", "auto attacks | if top-is=" + _top13d("waiting_room", "character", level=">=1")
     + " | do Pump(who='self', power=1000, soul=0)"),
    ("", "【CONT】 If the top card of your clock is a 《Music》 character, this card gets +1000 power.",
     "cont | if top-is=" + _top13d("clock", "character", trait="Music") + " | self +1000 power +0 soul"),
    ("", "【AUTO】 When this card attacks, if you have 2 or more 《Music》 characters, and the top card of your clock is an "
     "event, this card gets +1000 power until end of turn.", "auto attacks | if have-at-least=2 all:Music, top-is="
     + _top13d("clock", "event") + " | do Pump(who='self', power=1000, soul=0)"),
]
S13D_REFUSED = [
    ("【AUTO】 When this card attacks, if the top card of your deck is a climax, this card gets +1000 power until end of turn.",
     "the deck's and the stock's cards are face down"),
    ("【AUTO】 When this card attacks, if the top card of your clock is a card with \"Fancy\", this card gets +1000 power "
     "until end of turn.", "a card with a keyword ability"),
]


def session13d() -> list[dict]:
    """s13b-wshead's lines: conditions on the top card of a zone (constructions that recur in the real texts)."""
    return _with_goldens(S13D)


# --- s14 heads (issue 13, fourteenth session): the ability's head, seventh round. Conditions wherever they stand: a list
# before the timing (Alarm with a second condition, 10.1.1; "During this card's battle, when …"), a later condition without
# its own "if", one card counted ("If you have a blue card in your level", "if there is a card in your memory"), the character
# facing this card gone or reversed (3.6.5, 4.6.1.3), the battle opponent after "and"; timings (a climax with a trigger icon,
# your other "X" placed, your opponent levels up, one of your characters attacks, "… or when this card …"); costs (Resonate's
# "a card named", "【REST】 two of your 《T》 characters", "Put this 【STAND】 card into your memory"). Each construction is
# executed by a golden tests/scenarios/ws/head14-*.scn (expect lines written from the rules first); the other lines are
# neighbouring wordings (the wordings that read as an older construction's AST are executed by that construction's goldens).
S14A: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("head14-alarm-second-cond.scn",
     "【AUTO】【CLOCK】 Alarm If this card is the top card of your clock, and your level is 1 or higher, at "
     "the beginning of your climax phase, choose 1 of your characters, and that character gets +1000 power"
     " until end of turn.",
     "auto alarm begin:climax | if clock-top, count=1 or more card in your level | do "
     "Pump(who='choose-own', power=1000, soul=0)"),
    ("head14-alarm-second-cond-fails.scn",
     "【AUTO】【CLOCK】 Alarm If this card is the top card of your clock, and you have 2 or more 《Music》 "
     "characters, at the beginning of your climax phase, choose 1 of your characters, and that character "
     "gets +1000 power until end of turn.",
     "auto alarm begin:climax | if clock-top, have-at-least=2 all:Music | do Pump(who='choose-own', "
     "power=1000, soul=0)"),
    ("",
     "【AUTO】【CLOCK】 Alarm If this card is the top card of your clock, and the number of 《Music》 characters"
     " you have is four or more, at the beginning of your climax phase, you may choose a character in your"
     " waiting room, and return it to your hand.",
     "auto alarm begin:climax | if clock-top, have-at-least=4 all:Music | do Salvage(name=None, "
     "kind='character', optional=False, may=True)"),
    ("",
     "【AUTO】 During this card's battle, when the damage you received is canceled, you may put this card "
     "into your stock.",
     "auto received-canceled | if in-battle | do SelfTo(zone='stock', may=True)"),
    ("",
     "【AUTO】 During your turn, if you have 2 or more 《Music》 characters, when this card attacks, this card"
     " gets +1000 power until end of turn.",
     "auto attacks | if your-turn, have-at-least=2 all:Music | do Pump(who='self', power=1000, soul=0)"),
    ("",
     "【AUTO】 This ability activates up to 1 time per turn. During your turn, and your level is 2 or "
     "higher, when this card attacks, draw 1 card.",
     "auto attacks | if your-turn, count=2 or more card in your level | limit 1 | do Draw(n=1, "
     "optional=False)"),
    ("",
     "【AUTO】 [(1)] During the turn that this card was placed on the stage from your hand, when this card's"
     " battle opponent becomes 【REVERSE】, you may pay the cost. If you do, put that character into your "
     "opponent's clock.",
     "auto opp-reversed | cost 1 stock | if placed-from-hand | do BattleOppTo(zone='clock')"),
    ("head14-facing-gone.scn",
     "【AUTO】 At the end of this card's attack, if your level is 0 or higher, you have 1 or more other "
     "characters, and there is no character facing this card or the character facing this card is "
     "【REVERSE】, draw 1 card.",
     "auto begin:end-of-attack | if attacker, count=0 or more card in your level, have-at-least=1 others, "
     "facing-gone | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 【CXCOMBO】 At the end of this card's attack, if \"A Tasty Time\" is in your climax area, you "
     "have 2 or more other 《Anniversary》 characters, and there is no character facing this card or the "
     "character facing this card is 【REVERSE】, draw 1 card.",
     "auto begin:end-of-attack | if attacker, climax=a tasty time, have-at-least=2 others:Anniversary, "
     "facing-gone | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 When this card attacks, if \"Lucky\" is in your climax area, you have 3 or more characters, "
     "draw 1 card.",
     "auto attacks | if climax=lucky, have-at-least=3 all | do Draw(n=1, optional=False)"),
    ("head14-one-card-cond.scn",
     "【CONT】 Memory During your turn, if there is a card in your memory, this card gets +1500 power.",
     "cont memory | if your-turn, memory=1 | self +1500 power +0 soul"),
    ("head14-one-card-cond.scn",
     "【CONT】 Experience If you have a blue card in your level, this card gets +3000 power.",
     "cont experience | if count=1 or more blue card in your level | self +3000 power +0 soul"),
    ("head14-one-card-cond.scn",
     "【CONT】 If your memory has a card, this card gets +1000 power.",
     "cont | if memory=1 | self +1000 power +0 soul"),
    ("",
     "【AUTO】 When this card attacks, if there is a climax in your waiting room, this card gets +1000 power"
     " until end of turn.",
     "auto attacks | if climax-in-waiting=own 1 | do Pump(who='self', power=1000, soul=0)"),
    ("",
     "【AUTO】 When this card attacks, if you have a card in your memory, draw 1 card.",
     "auto attacks | if memory=1 | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 When this card becomes 【REVERSE】, if you have another 《Japanese Clothes》 character, and this "
     "card's battle opponent is level 1 or lower, you may 【REVERSE】 that character.",
     "auto reversed | if have-at-least=1 others:Japanese Clothes, battle-opp-level=1- | do "
     "Reverse(who='battle-opp', may=True)"),
    ("",
     "【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle opponent is level 0 or "
     "lower, you may 【REVERSE】 that character.",
     "auto reversed | if battle-opp-level=0- | do Reverse(who='battle-opp', may=True)"),
    ("head14-climax-icon-placed.scn",
     "【AUTO】 When a climax with [SOUL] in its trigger icon is placed on your climax area, this card gets "
     "+1000 power until end of turn.",
     "auto your-climax-placed:[soul] | do Pump(who='self', power=1000, soul=0)"),
    ("",
     "【AUTO】 When a climax with [SOUL] in its trigger icon is placed on your climax area, choose 1 of your"
     " characters, and that character gets +1 soul until end of turn.",
     "auto your-climax-placed:[soul] | do Pump(who='choose-own', power=0, soul=1)"),
    ("head14-climax-icon-placed.scn",
     "【AUTO】 When a climax with [COMEBACK] in its trigger icon is placed on your climax area, this card "
     "gets +1000 power until end of turn.",
     "auto your-climax-placed:[comeback] | do Pump(who='self', power=1000, soul=0)"),
    ("head14-named-placed.scn",
     "【AUTO】 When your other \"Kii\" is placed on the stage from your hand, draw 1 card.",
     "auto other-placed:\"Kii\" | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 When your other \"Kii\" is placed on the stage from your hand, this card gets +1500 power until"
     " end of turn.",
     "auto other-placed:\"Kii\" | do Pump(who='self', power=1500, soul=0)"),
    ("head14-opp-level-up.scn",
     "【AUTO】 When your opponent levels up, put this card into your waiting room.",
     "auto opp-level-up | do SelfTo(zone='waiting')"),
    ("",
     "【AUTO】 When your opponent levels up, draw 1 card.",
     "auto opp-level-up | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 When one of your characters attacks, this card gets +500 power until end of turn.",
     "auto attacks|other-attacks | do Pump(who='self', power=500, soul=0)"),
    ("",
     "【AUTO】 When this card is placed on the stage from your hand or when this card becomes 【REVERSE】 in "
     "battle, draw 1 card.",
     "auto placed|reversed | do Draw(n=1, optional=False)"),
    ("",
     "【CONT】 Experience If the total level of the cards in your level is two or higher, this card gets "
     "+1000 power.",
     "cont experience | if level=2 | self +1000 power +0 soul"),
    ("",
     "【AUTO】 Resonate [Reveal a card named \"Kaito\" in your hand] At the beginning of your climax phase, "
     "you may pay the cost. If you do, this card gets +1 soul until end of turn.",
     "auto resonate begin:climax | cost reveal 'Kaito' from hand | do Pump(who='self', power=0, soul=1)"),
    ("head14-rest-trait-cost.scn",
     "【ACT】 [【REST】 two of your 《Music》 characters] Choose 1 of your characters, and that character gets "
     "+2000 power until end of turn.",
     "act | cost rest 2 of your 《Music》 character(s) | do Pump(who='choose-own', power=2000, soul=0)"),
    ("head14-rest-other-cost.scn",
     "【ACT】 [【REST】 1 of your other 【STAND】 《Music》 characters] This card gets +1000 power until end of "
     "turn.",
     "act | cost rest 1 of your other 《Music》 character(s) | do Pump(who='self', power=1000, soul=0)"),
    ("head14-stand-memory-cost.scn",
     "【ACT】 [(1) Put this 【STAND】 card into your memory] Draw 1 card.",
     "act | cost 1 stock, put this 【STAND】 card into your memory | do Draw(n=1, optional=False)"),
    ("head14-colours.scn",
     "【CONT】 If your characters on stage have 3 or more colors in total, this card gets +1500 power.",
     "cont | if colours=3+ | self +1500 power +0 soul"),
    ("head14-colours.scn",
     "【CONT】 If the number of colors of your characters on stage is four or more, this card gets +1000 "
     "power.",
     "cont | if colours=4+ | self +1000 power +0 soul"),
    ("",
     "【AUTO】 When this card attacks, if the number of colors of your characters on the stage is 3 or more,"
     " draw 1 card.",
     "auto attacks | if colours=3+ | do Draw(n=1, optional=False)"),
    ("head14-cannot-attack.scn",
     "【CONT】 If your opponent has a 《Cat》 character, this card cannot attack.",
     "cont | if count=1 or more 《Cat》 character in your opponent's stage | cannot no-attack"),
    ("head14-cannot-attack.scn",
     "【CONT】 If your opponent has a 《Dog》 character, this card cannot attack.",
     "cont | if count=1 or more 《Dog》 character in your opponent's stage | cannot no-attack"),
    ("",
     "【CONT】 During your opponent's turn, this card cannot attack.",
     "cont | if opp-turn | cannot no-attack"),
    ("",
     "【ACT】 [(1) 【REST】 this card from 【STAND】] Draw 1 card.",
     "act | cost 1 stock, rest this card | do Draw(n=1, optional=False)"),
    ("head14-placed-by-change.scn",
     "【AUTO】 When this card is placed on the stage from your hand or by a \"Change\" effect, draw 1 card.",
     "auto placed|placed-by:change: | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 When this card is placed on stage from your hand or by a \"Change\" effect, you may put the top"
     " card of your clock into your waiting room.",
     "auto placed|placed-by:change: | do Heal(may=True)"),
    ("head14-placed-by-named.scn",
     "【AUTO】 When this card is placed on the stage from your hand or by the 【AUTO】 effect of a card named "
     "\"Caller\", draw 1 card.",
     "auto placed|placed-by:auto:Caller | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 When this card is placed on the stage from your hand or by the 【AUTO】 effect of a card named "
     "\"Caller\", you may put the top card of your clock into your waiting room.",
     "auto placed|placed-by:auto:Caller | do Heal(may=True)"),
    ("head14-stand-in-center.scn",
     "【CONT】 During your turn, if this card is 【STAND】 on your center stage, this card gets +1000 power.",
     "cont | if your-turn, standing, this-in=center | self +1000 power +0 soul"),
    ("",
     "【AUTO】 At the beginning of your attack phase, if this card is 【STAND】 in your center stage, draw 1 "
     "card.",
     "auto begin:attack | if standing, this-in=center | do Draw(n=1, optional=False)"),
    ("head14-accelerate-waiting.scn",
     "【AUTO】 Accelerate [Put 1 《Music》 character from your waiting room at the bottom of your clock] At "
     "the beginning of your climax phase, if this card is in your center stage, you may pay the cost. If "
     "you do, draw 1 card.",
     "auto accelerate begin:climax | cost 1 《Music》 character(s) from the waiting room to the bottom of "
     "the clock | if this-in=center | do Draw(n=1, optional=False)"),
    ("",
     "【AUTO】 When another of your character attacks, this card gets +1000 power until end of turn.",
     "auto other-attacks | do Pump(who='self', power=1000, soul=0)"),
    ("head14-revealed-icon.scn",
     "【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is [SOUL], "
     "this card gets +1000 power until end of turn.",
     "auto trigger-reveals | if revealed-icon=soul | do Pump(who='self', power=1000, soul=0)"),
    ("head14-revealed-icon.scn",
     "【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is [DRAW], "
     "this card gets +1000 power until end of turn.",
     "auto trigger-reveals | if revealed-icon=draw | do Pump(who='self', power=1000, soul=0)"),
    ("",
     "【AUTO】 When this card's trigger check reveals a climax, if that card's trigger icon is 【SHOT】, you "
     "may choose 1 character in your waiting room, and return it to your hand.",
     "auto self-trigger-reveals | if revealed-icon=shot | do Salvage(name=None, kind='character', "
     "optional=False, may=True)"),
    ("",
     "【AUTO】 [Put 1 card from your hand into your waiting room] When your character's trigger check "
     "reveals a climax, if that card's trigger icon is 【TREASURE】, you may pay the cost. If you do, draw 1"
     " card.",
     "auto trigger-reveals | cost 1 card(s) from hand | if revealed-icon=treasure | do Draw(n=1, "
     "optional=False)"),
]
S14A_REFUSED = [
    ("【AUTO】 If you have 2 or more 《Music》 characters, and your level is 1 or higher, when this card attacks, draw 1 card.",
     "before the timing the engine reads a list of conditions that opens with"),
    ("【CONT】 If you have a blue card and a red card in your level, this card gets +1000 power.", "one card of a colour"),
    ("【AUTO】 If this card is the top card of your clock, and your level is 1 or higher, when this card attacks, draw 1 card.",
     "is Alarm's (10.1.1)"),
    ("【ACT】 [【REST】 two of your 《Music》 characters, 【REST】 1 of your characters] Draw 1 card.",
     "a cost that rests two groups of your characters"),
    ("【AUTO】 When this card is placed on the stage from your hand or by a \"Bond\" effect, draw 1 card.",
     "a keyword ability's effect"),
    ("【AUTO】 When this card attacks, if that card's trigger icon is [SOUL], draw 1 card.",
     "follows 'When your character's (this card's) trigger check reveals a climax'"),
]  # (s18 head: "… if that card's trigger icon is [SOUL] [SOUL], draw 1 card." is read now: `session18_head`)


def session14a() -> list[dict]:
    """s14-wshead's lines: the ability's head, seventh round (constructions that recur in the real texts)."""
    return _with_goldens(S14A)

def _end14(who: str, zone: str) -> str:
    side = "waiting" if zone == "waiting_room" else zone  # the created ability's SelfTo names the side's field
    return f"EndOfTurn(who={who!r}, zone={zone!r}, ability=<auto begin:end | do SelfTo(zone={side!r})>)"


# --- s14 bodies (issue 13, fourteenth session): the characters a continuous gain reaches described as a selection (8.9.1):
# a level bound (2.6, the level now), a colour (2.4), a trait (2.5.3), "other", Assist's "in front of this card" (10.3.1),
# the middle position (3.6.3); and a gain counted over characters within a level bound. Executed by the goldens
# tests/scenarios/ws/body14-*.scn (expect lines from the rules first).
S14B: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("body14-bounded-gains.scn", "【CONT】 All of your other level 0 or lower characters get +1000 power.",
     "cont | others +1000 power +0 soul | only level 0 or lower character"),
    ("body14-bounded-gains.scn", "【CONT】 All of your other yellow characters get +1 soul.",
     "cont | others +0 power +1 soul | only yellow character"),
    ("body14-bounded-assist-count.scn", "【CONT】 Assist All of your level 0 or lower characters in front of this card get "
     "+500 power.", "cont assist | front +500 power +0 soul | only level 0 or lower character"),
    ("body14-bounded-assist-count.scn", "【CONT】 This card gets +500 power for each of your other level 0 or lower "
     "characters.", "cont | self +500 power +0 soul | per others@<=0"),
    ("body14-middle-gain.scn", "【CONT】 Your other level 0 or lower character in the middle position of your center stage "
     "gets +1000 power.", "cont | others +1000 power +0 soul | at CM | only level 0 or lower character"),
    ("", "【CONT】 During your turn, all of your other yellow characters get +1000 power.",
     "cont | if your-turn | others +1000 power +0 soul | only yellow character"),
    ("", "【CONT】 All of your other level 1 or higher 《Music》 characters get +500 power.",
     "cont | others 《Music》 +500 power +0 soul | only level 1 or higher 《Music》 character"),
    ("", "【CONT】 If you have 2 or more other characters, all of your level 1 or lower characters get +1000 power and +1 soul.",
     "cont | if have-at-least=2 others | all +1000 power +1 soul | only level 1 or lower character"),
    ("", "【CONT】 All of your other level 0 or lower characters get \"【AUTO】 Encore [Put 1 character from your hand into "
     "your waiting room]\".", "cont | others +0 power +0 soul | only level 0 or lower character | gives <auto encore "
     "to-waiting | cost 1 character(s) from hand | optional>"),
    ("", "【CONT】 Assist All of your blue 《Music》 characters in front of this card get +1000 power.",
     "cont assist | front 《Music》 +1000 power +0 soul | only blue 《Music》 character"),
    ("", "【CONT】 All of your other green characters get the following ability. \"【CONT】 This card cannot side attack.\"",
     "cont | others +0 power +0 soul | only green character | gives <cont | cannot no-side-attack>"),
    ("", "【CONT】 Your other level 1 or lower 《Music》 character in the middle position of the center stage gets +1500 power.",
     "cont | others 《Music》 +1500 power +0 soul | at CM | only level 1 or lower 《Music》 character"),
    ("", "【CONT】 This card gets +1000 power for each of your level 2 or higher characters.",
     "cont | self +1000 power +0 soul | per all@>=2"),
    ("body14-named-gain.scn", "【CONT】 All of your other \"Z2\" get +1 soul.", "cont | others +0 power +1 soul | name Z2"),
    ("body14-named-gain.scn", "【CONT】 All of your other \"\"Keep Going\" Ran\" get +2000 power.",
     "cont | others +2000 power +0 soul | name \"Keep Going\" Ran"),
    ("", "【CONT】 During your turn, all of your other \"Kamome\" get +2000 power.",
     "cont | if your-turn | others +2000 power +0 soul | name Kamome"),
    ("", "【CONT】 All of your other \"Matsuri\" get +1500 power and \"【AUTO】 Encore [Put 1 character from your hand into your "
     "waiting room]\".", "cont | others +1500 power +0 soul | name Matsuri | gives <auto encore to-waiting | cost 1 "
     "character(s) from hand | optional>"),
    ("", "【CONT】 All of your \"Aki\" or \"Haru\" get +1000 power.", "cont | all +1000 power +0 soul | name Aki\" or \"Haru"),
    # the opponent's characters within a bound on one area of the stage (2.6, 2.7, 2.5.3, 3.6.3)
    ("body14-opp-bound-area-deck.scn", "【ACT】 [(1)] Choose one of your opponent's level 2 or lower characters in the center "
     "stage, and put it on the bottom of his or her deck.", "act | cost 1 stock | do OppTo(zone='deck_bottom', n=1, "
     "select=Select(kind='character', level='<=2'), area='center')"),
    ("", "【AUTO】 [(1)] When this card's battle opponent becomes 【REVERSE】, you may pay the cost. If you do, choose one of "
     "your opponent's level 2 or lower characters on the center stage, and put it on the top of your opponent's deck.",
     "auto opp-reversed | cost 1 stock | do OppTo(zone='deck_top', n=1, select=Select(kind='character', level='<=2'), "
     "area='center')"),
    ("", "【ACT】 [(3)] Choose up to 1 of your opponent's cost 0 or lower 《Idol》 characters in their back stage, and put it "
     "into their waiting room.", "act | cost 3 stock | do OppTo(zone='waiting_room', n=1, at_most=True, "
     "select=Select(kind='character', trait='Idol', cost='<=0'), area='back')"),
    ("", "【AUTO】 When this card attacks, choose 1 of your opponent's level 1 or lower characters in your opponent's center "
     "stage, and return it to his or her hand.", "auto attacks | do OppTo(zone='hand', n=1, select=Select(kind='character', "
     "level='<=1'), area='center')"),
    # the following ability given to a character chosen within a bound on an area, or to one of yours in battle (8.2.1.2)
    ("body14-grant-opp-bound.scn", "【ACT】 [(1)] Choose 1 of your opponent's level 1 or lower characters in the center stage, "
     "and that character gets -1000 power and the following ability until end of turn. \"【CONT】 This card cannot be "
     "chosen by your opponent's effects.\"", "act | cost 1 stock | do Grant(who='choose-opp', ability=<cont | cannot "
     "unchoosable>, power=-1000, soul=0, bound=Select(kind='character', level='<=1'), area='center')"),
    ("body14-grant-in-battle.scn", "【AUTO】 When this card attacks, choose one of your characters in battle, and that "
     "character gets +1 soul and the following ability until end of turn. \"【CONT】 This card cannot be chosen by your "
     "opponent's effects.\"", "auto attacks | do Grant(who='choose-battle', ability=<cont | cannot unchoosable>, power=0, "
     "soul=1)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's level 1 or lower "
     "characters, and that character gets the following ability until the end of your opponent's next turn. \"【CONT】 This "
     "card cannot move to another position of the stage.\"", "auto placed | do Grant(who='choose-opp', ability=<cont | "
     "cannot no-move>, power=0, soul=0, until='opp-next', bound=Select(kind='character', level='<=1'))"),
    ("", "【ACT】 [(1)] Choose one of your characters in battle, and that character gets the following ability until the end "
     "of your opponent's next turn. \"【CONT】 The character facing this card gets -2 soul.\"", "act | cost 1 stock | do "
     "Grant(who='choose-battle', ability=<cont | facing +0 power -2 soul>, power=0, soul=0, until='opp-next')"),
    ("", "【ACT】 [(1)] Choose 1 of your opponent's cost 1 or lower 《Idol》 characters, and that character gets the following "
     "ability until end of turn. \"【CONT】 This card cannot side attack.\"", "act | cost 1 stock | do Grant(who='choose-opp', "
     "ability=<cont | cannot no-side-attack>, power=0, soul=0, bound=Select(kind='character', trait='Idol', cost='<=1'))"),
    # the opponent's character moved to another open position of their whole stage (3.6.2, 8.6.3)
    ("body14-opp-shift-stage.scn", "【ACT】 [(1)] Choose 1 of your opponent's characters, and move it to another open "
     "position of their stage.", "act | cost 1 stock | do OppShift(area='stage', from_area='')"),
    ("", "【AUTO】 When this card attacks, you may choose 1 of your opponent's characters, and move it to an open position of "
     "your opponent's stage.", "auto attacks | do OppShift(area='stage', from_area='', may=True)"),
    ("", "【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the cost. If you do, choose 1 of "
     "your opponent's characters, move it to another open position of your opponent's stage, and this card gets +1000 "
     "power until end of turn.", "auto placed | cost 1 stock | do OppShift(area='stage', from_area=''); "
     "Pump(who='self', power=1000, soul=0)"),
    # the cards chosen from among those looked at back on the top of the deck in the player's order (4.8.1, 8.8.1)
    ("body14-look-take-top-order.scn", "【ACT】 [(1)] Look at up to 3 cards from the top of your deck, choose up to 2 cards "
     "from among them, put them on the top of your deck in any order, and put the rest into your waiting room.",
     "act | cost 1 stock | do LookTake(n=3, up_to=True, select=Select(kind='card'), take=2, optional=True, to='deck_top')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, look at up to 2 cards from the top of your deck, "
     "choose up to 2 cards from among them, put them on the top of your deck in any order, and put the rest into your "
     "waiting room.", "auto placed | do LookTake(n=2, up_to=True, select=Select(kind='card'), take=2, optional=True, "
     "to='deck_top')"),
    ("", "【AUTO】 When this card attacks, look at up to 3 cards from the top of your deck, choose up to 1 character from "
     "among them, reveal it to your opponent, put it into your hand, and put the rest of the cards into your waiting room.",
     "auto attacks | do LookTake(n=3, up_to=True, select=Select(kind='character'), take=1, optional=True, reveal=True)"),
    # an effect that waits for the end of the turn (8.1.1.2, 6.8.1.1): that character, or this card, into a zone of yours
    ("body14-end-of-turn.scn", "【ACT】 [(1)] Choose 1 cost 0 or lower 《Idol》 character in your waiting room, put it on any "
     "position of your stage, and at the end of the turn, put that character into your memory.", "act | cost 1 stock | do "
     "Salvage(name=None, kind='character', optional=False, trait='Idol', to='stage', cost='<=0'); " + _end14("placed", "memory")),
    ("body14-end-of-turn.scn", "【ACT】 [(1)] This card gets +1 soul until end of turn, and at the end of turn, put this card "
     "into your memory.", "act | cost 1 stock | do Pump(who='self', power=0, soul=1); " + _end14("self", "memory")),
    ("", "【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the cost. If you do, this card gets "
     "+1 soul until end of turn, and at the end of turn, put this card into your memory.", "auto placed | cost 1 stock | do "
     "Pump(who='self', power=0, soul=1); " + _end14("self", "memory")),
    ("", "Search your deck for up to 1 character with level equal to or lower than your level, put it on any position of "
     "your stage, shuffle your deck, and at the end of the turn, put that character into your waiting room.", "effect | do "
     "Search(n=1, select=Select(kind='character', level='<=own'), to='stage'); " + _end14("placed", "waiting_room")),
    ("", "【AUTO】 When this card attacks, draw 1 card, and at the end of turn, put this card into your waiting room.",
     "auto attacks | do Draw(n=1, optional=False); " + _end14("self", "waiting_room")),
    # a cost that rests your characters of a trait, or your other characters (8.4.2, 2.5.3, 4.6.1.1)
    ("body14-rest-cost-trait.scn", "【ACT】 [【REST】 two of your 《Music》 characters] Choose one of your characters, and that "
     "character gets +2000 power until end of turn.", "act | cost rest 2 of your 《Music》 character(s) | do "
     "Pump(who='choose-own', power=2000, soul=0)"),
    ("body14-rest-cost-trait.scn", "【ACT】 [【REST】 1 of your other 【STAND】 《Music》 characters] Draw 1 card.",
     "act | cost rest 1 of your other 《Music》 character(s) | do Draw(n=1, optional=False)"),
    ("", "【ACT】 [(1) Put 1 card from your hand into your waiting room & 【REST】 1 of your other 【STAND】 《Devil Hunter》 or "
     "《Devil》 characters] Draw 1 card.", "act | cost 1 stock, 1 card(s) from hand, rest 1 of your other 《Devil Hunter》 or "
     "《Devil》 character(s) | do Draw(n=1, optional=False)"),
    ("", "【ACT】 [【REST】 1 of your other characters] Draw 1 card.",
     "act | cost rest 1 of your other characters | do Draw(n=1, optional=False)"),
    # the cards looked at put back as they were (4.8.1)
    ("body14-look-original-order.scn", "【ACT】 [(1)] Look at up to two cards from the top of your deck, and put them on the "
     "top of your deck in the original order.", "act | cost 1 stock | do LookPut(n=2, up_to=True, dest='original')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, look at the top 2 cards of your deck, and put them on "
     "the top of your deck in the original order.", "auto placed | do LookPut(n=2, up_to=False, dest='original')"),
    # Change (10.8.1) written "in the stage position that this card was in", with its reminder
    ("body14-change-was-in.scn", "【AUTO】 Change [Put this card into your waiting room] At the beginning of your climax "
     "phase, you may pay the cost. If you do, choose 1 \"Butterfly\" in your waiting room, and put it in the stage position "
     "that this card was in. (This ability does not activate if this card is not in the stage at the beginning of the "
     "climax phase)", "auto change begin:climax | cost put this card into the waiting room | do ChangeInto(name='Butterfly')"),
    ("", "【AUTO】 Change [Put this card into your waiting room] At the beginning of your climax phase, you may pay the cost. If "
     "you do, choose 1 \"Butterfly\" in your waiting room, and put it on the stage position that this card was on. (This "
     "ability will not activate if this card is not in the stage at the beginning of the climax phase)",
     "auto change begin:climax | cost put this card into the waiting room | do ChangeInto(name='Butterfly')"),
    # the following ability given to one of your characters chosen by its name or a portion of it (2.1.2, 2.1.2.2)
    ("body14-grant-named.scn", "【ACT】 [(1)] Choose 1 of your \"Risu\", and that character gets +2000 power and the "
     "following ability until end of turn. \"【CONT】 This card cannot be chosen by your opponent's effects.\"",
     "act | cost 1 stock | do OwnPick(act='grant', n=1, select=Select(kind='character', name='Risu'), grant=Grant("
     "who='chosen', ability=<cont | cannot unchoosable>, power=2000, soul=0))"),
    ("body14-grant-name-part.scn", "【ACT】 [(1)] Choose 1 of your characters with \"Yuuji\" in its card name, and that "
     "character gets +1 soul and the following ability until end of turn. \"【CONT】 This card cannot be chosen by your "
     "opponent's effects.\"", "act | cost 1 stock | do OwnPick(act='grant', n=1, select=Select(kind='character', "
     "name='…Yuuji'), grant=Grant(who='chosen', ability=<cont | cannot unchoosable>, power=0, soul=1))"),
    ("", "【ACT】 [【REST】 this card] Choose 1 of your 《Music》 characters with \"Yuuji\" in its card name, and that character "
     "gets +1000 power and the following ability until end of turn. \"【CONT】 This card cannot be chosen by your "
     "opponent's effects.\"", "act | cost rest this card | do OwnPick(act='grant', n=1, select=Select(kind='character', "
     "trait='Music', name='…Yuuji'), grant=Grant(who='chosen', ability=<cont | cannot unchoosable>, power=1000, soul=0))"),
    # a gain counted over your other cards of a name on one area of the stage (8.9.1, 2.1.2, 3.6.3)
    ("body14-count-named-area.scn", "【CONT】 This card gets +2000 power for each of your other cards in the center stage "
     "named \"Nox Core\" or \"Nox Shell\".", "cont | self +2000 power +0 soul | per others-center:@Nox Core\" or \"Nox Shell"),
    ("", "【CONT】 This card gets +1000 power for each of your other cards in the center stage named \"\"Predation\" Titan\".",
     "cont | self +1000 power +0 soul | per others-center:@\"Predation\" Titan"),
    ("", "【CONT】 This card gets +500 power for each of your other cards on your back stage named \"Kamome\".",
     "cont | self +500 power +0 soul | per others-back:@Kamome"),
    # Assist's +X counted over your characters with a keyword ability (10.3.1, 8.9.1)
    ("body14-assist-count-keyword.scn", "【CONT】 Assist All of your characters in front of this card get +X power. X is equal "
     "to 500 multiplied by the number of characters you have with \"Assist\".", "cont assist | front +500 power +0 soul | "
     "per kw:assist"),
    ("", "【CONT】 Assist All of your characters in front of this card get +X power. X is equal to 1000 multiplied by the "
     "number of characters you have with \"Brainstorm\".", "cont assist | front +1000 power +0 soul | per kw:brainstorm"),
    # all of your opponent's characters on one area of the stage get a gain (3.6.3, 8.2.1.2)
    ("body14-all-opp-area.scn", "【ACT】 [(1)] All of your opponent's characters in the center stage get -1000 power until "
     "end of turn.", "act | cost 1 stock | do Pump(who='all-opp', power=-1000, soul=0, area='center')"),
    ("", "【AUTO】 When this card attacks, all of your opponent's characters on their back stage get -1 soul until end of "
     "turn.", "auto attacks | do Pump(who='all-opp', power=0, soul=-1, area='back')"),
]
S14B_REFUSED = [
    ("【CONT】 All of your other level 0 or lower characters in front of this card get +500 power.",
     "the characters in front of this card are read without 'other'"),
    ("【AUTO】 When this card attacks, all of your other yellow characters get +1000 power until end of turn.", "yellow"),
    ("【ACT】 [(3)] Choose 1 of your opponent's level 1 or lower characters in the center stage, and 【REST】 it.",
     "a character of one area is chosen before a move to a zone"),
    ("【ACT】 [(1)] Draw 1 card, and at the end of the turn, put that character into your memory.",
     "'at the end of the turn, put that character …' follows 'put it on … your stage'"),
    ("【AUTO】 Change [Put this card into your waiting room] At the beginning of your climax phase, you may pay the cost. If "
     "you do, choose 1 \"Butterfly\" in your waiting room, and put it on the stage position that this card was on. (This "
     "ability does not activate if this card is not in the stage at the beginning of the encore step)", "encore"),
    ("【CONT】 Assist All of your characters in front of this card get +X power. X is equal to 500 multiplied by the number "
     "of characters you have with \"Encore\".", "a keyword ability's name"),
    ("【AUTO】 When this card attacks, look at up to 3 cards from the top of your deck, choose up to 1 card from among them, "
     "put them on the top of your deck in any order, and put the rest into your waiting room.",
     "'put them on the top of your deck in any order' follows 'choose up to 2 … from among them'"),
    ("【ACT】 [(1)] Choose 1 of your opponent's cost 0 or lower characters in the center stage, and that character gets the "
     "following ability until end of turn. \"【AUTO】 When this card attacks, draw 1 card.\"",
     "an 【AUTO】 ability given to your opponent's character is not executed yet"),
]


def session14b() -> list[dict]:
    """s14-wsbody's lines: continuous gains to characters described as a selection (constructions that recur)."""
    return _with_goldens(S14B)

# --- s14 zones (issue 13, fourteenth session): the zones and cards off the stage. A character put on the stage by an
# effect is placed there from the zone it came from (3.6.1; 8.7.2): "When this card is placed on the stage from your
# waiting room / deck / memory", alone or after "from your hand or". Goldens: tests/scenarios/ws/zone14-*.scn (expect lines
# written from the rules first).
S14C: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("zone14-placed-from-waiting.scn", "【AUTO】 When this card is placed on the stage from your hand or waiting room, draw 1 card.",
     "auto placed|placed-from:waiting | do Draw(n=1, optional=False)"),
    ("zone14-placed-from-waiting.scn", "【ACT】 [(1)] Choose 1 card in your waiting room, and put it on any position of your stage.",
     "act | cost 1 stock | do Salvage(name=None, kind='card', optional=False, to='stage')"),
    ("zone14-placed-from-waiting.scn", "【AUTO】 When this card is placed on the stage from your waiting room, draw 1 card.",
     "auto placed-from:waiting | do Draw(n=1, optional=False)"),
    ("zone14-placed-from-deck.scn", "【AUTO】 When this card is placed on the stage from your deck, this card gets +1000 power until end of turn.",
     "auto placed-from:deck | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand or deck, this card gets +1000 power until end of turn.",
     "auto placed|placed-from:deck | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 When this card is placed on the stage from your waiting room, this card gets +1 soul until end of turn.",
     "auto placed-from:waiting | do Pump(who='self', power=0, soul=1)"),
    ("zone14-placed-from-memory.scn", "【AUTO】 When this card is placed on stage from your hand or memory, this card gets +1000 power until end of turn.",
     "auto placed|placed-from:memory | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 When this card is placed on stage from your hand or memory, draw 1 card.",
     "auto placed|placed-from:memory | do Draw(n=1, optional=False)"),
    ("", "【AUTO】 When this card is placed on the stage from your deck, you may put the top card of your clock into your waiting room.",
     "auto placed-from:deck | do Heal(may=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand or waiting room, you may choose 1 \"Michiru\" in your waiting room, and put it face up underneath this card as a marker.",
     "auto placed|placed-from:waiting | do Salvage(name='Michiru', kind='card', optional=False, may=True, to='marker', face='up')"),
]
# a cost that takes this card into the memory only while it stands (8.4.2; 4.6.1.1, 3.12.1)
S14C += [
    ("zone14-stand-to-memory.scn", "【ACT】 [(1) Put this 【STAND】 card into your memory] Choose 1 \"Ruby\" in your waiting room, and return it to your hand.",
     "act | cost 1 stock, put this 【STAND】 card into your memory | do Salvage(name='Ruby', kind='card', optional=False)"),
    ("", "【ACT】 [Put this 【STAND】 card into your memory] Draw 1 card.",
     "act | cost put this 【STAND】 card into your memory | do Draw(n=1, optional=False)"),
    ("", "【ACT】 [(2) Put this 【STAND】 card into your memory] Choose up to 1 of your opponent's characters, and return it to their hand.",
     "act | cost 2 stock, put this 【STAND】 card into your memory | do OppTo(zone='hand', n=1, at_most=True)"),
]
# the top card of a stock (3.10.2) to its owner's hand, waiting room or clock; "If you do" follows it (nothing moves from an
# empty stock)
S14C += [
    ("zone14-stock-top.scn", "【ACT】 [【REST】 this card] Return the top card of your stock to your hand.",
     "act | cost rest this card | do StockTop(dest='hand', opp=False)"),
    ("zone14-stock-top.scn", "【ACT】 [【REST】 this card] Put the top card of your opponent's stock into their waiting room. If you do, this card gets +1000 power until end of turn.",
     "act | cost rest this card | do IfDone(first=StockTop(opp=True), then=(Pump(who='self', power=1000, soul=0)), must=True)"),
    ("zone14-stock-top.scn", "【ACT】 [【REST】 this card] You may put the top card of your stock into your waiting room. If you do, this card gets +1000 power until end of turn.",
     "act | cost rest this card | do IfDone(first=StockTop(opp=False, may=True), then=(Pump(who='self', power=1000, soul=0)))"),
    ("", "【AUTO】 When damage dealt by this card is canceled, you may return the top card of your stock to your hand.",
     "auto damage-canceled | do StockTop(dest='hand', opp=False, may=True)"),
    ("", "【AUTO】 When this card becomes 【REVERSE】 in battle, put the top card of your stock into your waiting room. If you do, put this card into your stock.",
     "auto reversed | do IfDone(first=StockTop(opp=False), then=(SelfTo(zone='stock')), must=True)"),
    ("", "【ACT】 [(1)] Put the top card of your opponent's stock into his or her clock.",
     "act | cost 1 stock | do StockTop(dest='clock', opp=True)"),
    ("", "【AUTO】 When this card attacks, you may put the top card of your opponent's stock into your opponent's waiting room.",
     "auto attacks | do StockTop(opp=True, may=True)"),
]
# a deck construction rule (5.1.2.4): applied when the deck is built, before the game; the answer says it changes nothing
S14C += [
    ("zone14-deck-rule.scn", "【CONT】 You can put any number of cards with the same card name as this card into your deck.",
     "cont | may deck:any"),
    ("", "【CONT】 You may put any number of cards with the same card name as this card into your deck.",
     "cont | may deck:any"),
    ("", "【CONT】 You can put up to 6 cards with the same card name as this card and cards named \"Kiri\" in your deck.",
     "cont | may deck:6:Kiri"),
    ("", "You can put up to 8 cards with the same card name as this card in your deck.",
     "cont | may deck:8"),
]
# Change (10.8.1) "in the stage position that this card was in", with the climax phase reminder, and a cost that returns
# this card to the hand (the position it left is the one the card chosen goes onto)
S14C += [
    ("zone14-change-hand.scn", "【AUTO】 Change [(1) Put 1 character from your hand into your waiting room & Return this card to your hand] At the beginning of your climax phase, you may pay the cost. If you do, choose 1 \"Butterfly\" in your waiting room, and put it in the stage position that this card was in. (This ability does not activate if this card is not in the stage at the beginning of the climax phase)",
     "auto change begin:climax | cost 1 stock, 1 character(s) from hand, return this card to your hand | do ChangeInto(name='Butterfly')"),
    ("", "【AUTO】 Change [Put this card into your waiting room] At the beginning of your climax phase, you may pay the cost. If you do, choose a card named \"Ranko\" in your waiting room, and put it on the stage position that this card was on. (This ability will not activate if this card is not on the stage at the beginning of your climax phase)",
     "auto change begin:climax | cost put this card into the waiting room | do ChangeInto(name='Ranko')"),
    ("", "【AUTO】 Change [Put this card into your waiting room] At the beginning of your climax phase, you may pay the cost. If you do, choose 1 \"Michiru\" in your waiting room, and put it in the stage position that this card was in.",
     "auto change begin:climax | cost put this card into the waiting room | do ChangeInto(name='Michiru')"),
]
# a card of the opponent's waiting room (3.4.1) to its owner's deck top, stock, clock, memory or an open back stage position
S14C += [
    ("zone14-opp-waiting-pick.scn", "【ACT】 [【REST】 this card] Choose 1 cost 1 or higher character in your opponent's waiting room, and put it on an open position of their back stage.",
     "act | cost rest this card | do OppWaitingPick(dest='open_back', select=Select(kind='character', cost='>=1'))"),
    ("zone14-opp-waiting-pick.scn", "【ACT】 [【REST】 this card] Choose a card in your opponent's waiting room, and put it on the top of his or her deck.",
     "act | cost rest this card | do OppWaitingPick(dest='deck_top', select=Select(kind='card'))"),
    ("zone14-opp-waiting-pick.scn", "【ACT】 [【REST】 this card] You may choose 1 climax in your opponent's waiting room, and put it into their memory.",
     "act | cost rest this card | do OppWaitingPick(dest='memory', select=Select(kind='climax'), may=True)"),
    ("", "【ACT】 [(1)] Choose 1 level 1 or higher character in your opponent's waiting room, and put it into their clock.",
     "act | cost 1 stock | do OppWaitingPick(dest='clock', select=Select(kind='character', level='>=1'))"),
    ("", "【ACT】 [(1)] Choose 1 《Music》 character in your opponent's waiting room, and put it into their stock.",
     "act | cost 1 stock | do OppWaitingPick(dest='stock', select=Select(kind='character', trait='Music'))"),
    ("", "Put the top card of your opponent's deck into your opponent's waiting room, choose a card in your opponent's waiting room, and put it on the top of his or her deck.",
     "effect | do OppTopTo(zone='waiting_room', n=1); OppWaitingPick(dest='deck_top', select=Select(kind='card'))"),
]
# Shift's reminder with its colour as printed, "a yellow card" (10.11.2: the colour is this card's)
S14C += [
    ("zone14-shift-colour.scn", "【AUTO】【CLOCK】 Shift, Level 0 (At the beginning of your main phase, you may choose a green card in your hand and this card in your clock, and exchange them.)",
     "auto shift begin:main | optional"),
    ("", "【AUTO】 Shift, Level 1 (At the beginning of your main phase, you may choose a yellow card in your hand and this card in your clock, and exchange them)",
     "auto shift begin:main | level 1 | optional"),
]
# Accelerate with any cost part that puts a card into the clock (10.12.1): from the waiting room or the hand
S14C += [
    ("zone14-accelerate-waiting.scn", "【AUTO】 Accelerate [Put 1 《PIXAR》 character from your waiting room at the bottom of your clock] At the beginning of your climax phase, you may pay the cost. If you do, this card gets +1000 power until end of turn.",
     "auto accelerate begin:climax | cost 1 《PIXAR》 character(s) from the waiting room to the bottom of the clock | do Pump(who='self', power=1000, soul=0)"),
    ("", "【AUTO】 Accelerate [Put 1 card from your hand into your clock] At the beginning of your climax phase, you may pay the cost. If you do, draw 1 card.",
     "auto accelerate begin:climax | cost 1 card(s) from hand into the clock | do Draw(n=1, optional=False)"),
]
# the top card of your deck underneath this card as a marker (3.7.1; face down unless face up, 3.7.2, 3.7.2.1)
S14C += [
    ("zone14-deck-top-marker.scn", "【ACT】 [【REST】 this card] You may put the top card of your deck underneath this card as a marker.",
     "act | cost rest this card | do DeckTopMarker(may=True)"),
    ("zone14-deck-top-marker.scn", "【ACT】 [【REST】 this card] Put the top card of your deck face up underneath this card as a marker.",
     "act | cost rest this card | do DeckTopMarker(face='up')"),
    ("", "【AUTO】 When this card attacks, put the top card of your deck face down underneath this card as a marker.",
     "auto attacks | do DeckTopMarker(face='down')"),
]
S14C_REFUSED: list[tuple[str, str]] = [
    ("【AUTO】 When this card attacks, you can put any number of cards with the same card name as this card into your deck.",
     "understanding stopped at \"you\""),
    ("【AUTO】 Change [Put this card into your waiting room] At the beginning of your encore step, you may pay the cost. If you do, choose 1 \"Rimi\" in your waiting room, and put it on the stage position that this card was on. (This ability does not activate if this card is not on the stage at the beginning of the climax phase)",
     "Change's reminder names the phase of its timing"),
    ("【ACT】 [(1)] Choose 1 climax in your opponent's waiting room, and put it on an open position of their back stage.",
     "a character is put on the stage"),
    ("【AUTO】 【CLOCK】 Shift, Level 1 (At the beginning of your main phase, you may choose a red card and a blue card in your hand and this card in your clock, and exchange them)",
     "Shift exchanges one card of the hand"),
    ("【AUTO】 When this card attacks, put the top 2 cards of your deck underneath this card as a marker.",
     "is one card"),
]


def session14c() -> list[dict]:
    """s14-wszone's lines: the zones and cards off the stage (constructions that recur in the real texts)."""
    return _with_goldens(S14C)


# --- s14b bodies (issue 13, fourteenth session, second round): the opponent's deck milled from its bottom (3.2.1, 3.4.1;
# the rules take cards from the top, 3.2.3, the engine takes the bottom card first and says so), joined to "among those
# cards" after it as a mill from the top is (also the opponent's top, now). Golden: tests/scenarios/ws/body14b-*.scn
# (expect lines written from the rules first).
S14E: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("body14b-opp-deck-bottom.scn", "【ACT】 [(1)] Put the bottom 2 cards of your opponent's deck into their waiting room, and deal X damage to your opponent. X is equal to the number of climax among those cards. (Damage may be canceled)",
     "act | cost 1 stock | do Milled(top=OppTopTo(zone='waiting_room', n=2, bottom=True), then=(Damage(n=0, x=XCount(zone='among-kind', select=Select(kind='climax')))))"),
    ("body14b-opp-deck-bottom.scn", "【ACT】 [(1)] Put the bottom 2 cards of your opponent's deck into their waiting room. If there is a climax among those cards, deal 1 damage to your opponent. (Damage may be canceled)",
     "act | cost 1 stock | do Milled(top=OppTopTo(zone='waiting_room', n=2, bottom=True), then=(Damage(n=1)), cond=Select(kind='climax'))"),
    ("", "【AUTO】 [(2) Put 1 card from your hand into your waiting room] At the end of this card's attack, you may pay the cost. If you do, put the bottom 5 cards of your opponent's deck into their waiting room, deal X damage to your opponent, and this card gets +1000 power until the end of your opponent's next turn. X is equal to the number of climax among those cards. (Damage may be canceled)",
     "auto begin:end-of-attack | cost 2 stock, 1 card(s) from hand | if attacker | do Milled(top=OppTopTo(zone='waiting_room', n=5, bottom=True), then=(Damage(n=0, x=XCount(zone='among-kind', select=Select(kind='climax'))))); Pump(who='self', power=1000, soul=0, until='opp-next')"),
    ("", "【AUTO】 When this card attacks, put the bottom 2 cards of your opponent's deck into their waiting room. If there is a climax among those cards, deal 2 damage to your opponent. (Damage may be canceled)",
     "auto attacks | do Milled(top=OppTopTo(zone='waiting_room', n=2, bottom=True), then=(Damage(n=2)), cond=Select(kind='climax'))"),
    ("", "【AUTO】 When this card attacks, put the bottom card of your opponent's deck into his or her waiting room.",
     "auto attacks | do OppTopTo(zone='waiting_room', n=1, bottom=True)"),
    ("", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, your opponent puts the bottom 3 cards of their deck into their waiting room.",
     "auto opp-reversed | do OppTopTo(zone='waiting_room', n=3, bottom=True)"),
    ("", "【AUTO】 When this card attacks, put the bottom 4 cards of your opponent's deck into his or her waiting room, and deal 1 damage to your opponent X times. X is equal to the number of climax among those cards. (Damage may be canceled)",
     "auto attacks | do Milled(top=OppTopTo(zone='waiting_room', n=4, bottom=True), then=(Damage(n=1, x=XCount(zone='among-kind', select=Select(kind='climax')), x_times=True)))"),
    ("", "【ACT】 [(1)] Put the top 3 cards of your opponent's deck into their waiting room. If there is a climax among those cards, deal 1 damage to your opponent. (Damage may be canceled)",
     "act | cost 1 stock | do Milled(top=OppTopTo(zone='waiting_room', n=3), then=(Damage(n=1)), cond=Select(kind='climax'))"),
    ("", "【AUTO】 When this card attacks, put the top 2 cards of your opponent's deck into their waiting room, and this card gets +X power until end of turn. X is equal to the number of characters among those cards ×1000.",
     "auto attacks | do Milled(top=OppTopTo(zone='waiting_room', n=2), then=(Pump(who='self', power=1000, soul=0, x=XCount(zone='among', select=Select(kind='character')))))"),
]
# +X over the cards a mill put, its factor printed first ("X is equal to N multiplied by the number of … among those
# cards"), read as "… among those cards ×N" is (8.8.1; 3.4.2; 2.5.3)
S14E += [
    ("body14b-x-among-multiplied.scn", "【ACT】 [(1)] Put the top 3 cards of your deck into your waiting room, and this card gets +X power until end of turn. X is equal to 1000 multiplied by the number of 《Avatar》 or 《Net》 characters revealed among those cards.",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=3, optional=False), then=(Pump(who='self', power=1000, soul=0, x=XCount(zone='among', select=Select(kind='character', trait='Avatar》 or 《Net')))))"),
    ("body14b-x-among-multiplied.scn", "【ACT】 [(1)] Put the top 2 cards of your opponent's deck into their waiting room, and this card gets +X power until end of turn. X is equal to 500 multiplied by the number of characters among those cards.",
     "act | cost 1 stock | do Milled(top=OppTopTo(zone='waiting_room', n=2), then=(Pump(who='self', power=500, soul=0, x=XCount(zone='among', select=Select(kind='character')))))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, put the top two cards of your deck into your waiting room, and this card gets +X power until end of turn. X is equal to 1000 multiplied by the number of 《Thief》 characters revealed among those cards.",
     "auto placed | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), then=(Pump(who='self', power=1000, soul=0, x=XCount(zone='among', select=Select(kind='character', trait='Thief')))))"),
    ("", "【AUTO】 When this card attacks, put the top 3 cards of your deck into your waiting room, and this card gets +X soul until end of turn. X is equal to 1 multiplied by the number of climax among those cards.",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=3, optional=False), then=(Pump(who='self', power=0, soul=1, x=XCount(zone='among', select=Select(kind='climax')))))"),
]
S14E_REFUSED: list[tuple[str, str]] = [
    ("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to 1000 multiplied by the number of climax among those cards.",
     "'among those cards' follows"),
    ("【ACT】 [(1)] Put the bottom 2 cards of your opponent's deck into their clock.",
     "read into their waiting room only"),
    ("【ACT】 [(1)] Put the bottom 2 card of your opponent's deck into their waiting room.",
     "'the bottom card' is one card"),
    ("【ACT】 [(1)] Put the top 2 cards of your opponent's deck into their clock. If there is a climax among those cards, deal 1 damage to your opponent.",
     "among those cards"),
]


def session14e() -> list[dict]:
    """s14b-wsbody's lines: the opponent's deck milled from its bottom, and "among those cards" after the opponent's
    deck milled (constructions that recur in the real texts)."""
    return _with_goldens(S14E)

# --- s14b headzone (issue 13, fourteenth session, s14b-wshz): neighbouring wordings of restrictions and limits read before.
# A character's own restriction on standing printed "cannot" (6.2.1.2, as "does not"): hz14b-cannot-stand(-not-met).scn; the
# player restriction on Backup "from their hand" (10.5.1, 1.3.4): hz14b-backup-their-hand.scn; an automatic ability's limit
# "up to once per turn" (the card's own, 8.7.2): hz14b-once-per-turn.scn (expect lines from the rules first).
S14D: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("hz14b-cannot-stand.scn", "【CONT】 If you do not have another 《Dengeki Bunko》 character, this card cannot 【STAND】 during "
     "your stand phase.", "cont | if have-at-most=0 others:Dengeki Bunko | cannot stand"),
    ("", "【CONT】 This card cannot 【STAND】 during your stand phase.", "cont | cannot stand"),
    ("", "【CONT】 If you have 2 or less other characters, this card cannot 【STAND】 during your stand phase.",
     "cont | if have-at-most=2 others | cannot stand"),
    ("hz14b-backup-their-hand.scn", "【CONT】 During this card's battle, all players cannot play \"Backup\" from their hand.",
     "cont | if in-battle | cannot backup:all"),
    ("", "【CONT】 During this card's battle, your opponent cannot play \"Backup\" from their hand.",
     "cont | if in-battle | cannot backup:opp"),
    ("", "【CONT】 All players cannot play \"Backup\" from their hand.", "cont | cannot backup:all"),
    ("hz14b-once-per-turn.scn", "【AUTO】 This ability activates up to once per turn. When you use an 【ACT】, this card gets "
     "+1500 power until end of turn.", "auto act-used | limit 1 | do Pump(who='self', power=1500, soul=0)"),
    ("", "【AUTO】 This ability activates up to once per turn. When this card attacks, choose 1 of your other characters, and "
     "that character gets +1000 power until end of turn.",
     "auto attacks | limit 1 | do Pump(who='choose-own', power=1000, soul=0, other=True)"),
    ("", "【AUTO】 This ability activates up to once per turn. During your turn, when your other character attacks, this card "
     "gets +500 power until end of turn.", "auto other-attacks | if your-turn | limit 1 | do Pump(who='self', power=500, soul=0)"),
]
# an event's own restriction on being played and its effect in one paragraph (2.12.2, 8.3.3; with the counter icon, 2.8.2):
# hz14b-event-ban-then.scn, hz14b-counter-ban-then.scn; "from hand" as "from your hand"
S14D += [
    ("hz14b-event-ban-then.scn", "If you do not have a 《Thief》 character, this card cannot be played from your hand. Draw 1 "
     "card.", "effect | if have-at-most=0 all:Thief | cannot play | do Draw(n=1, optional=False)"),
    ("hz14b-counter-ban-then.scn", "【COUNTER】 If you do not have a 《Game》 character, this card cannot be played from your "
     "hand. Choose 1 of your characters, and that character gets +2500 power until end of turn.",
     "effect counter | if have-at-most=0 all:Game | cannot play | do Pump(who='choose-own', power=2500, soul=0)"),
    ("", "If you do not have a 《Thief》 character, this card cannot be played from your hand. Put this card into your memory.",
     "effect | if have-at-most=0 all:Thief | cannot play | do SelfTo(zone='memory')"),
    ("", "If you do not have a 《Thief》 character, this card cannot be played from hand.",
     "cont | if have-at-most=0 all:Thief | cannot play"),
]
# a character's own restriction on becoming 【REVERSE】 by the 【AUTO】 effects of its opponent's characters (1.3.4, 8.1.1.2;
# a reversal in battle is not stopped): hz14b-no-reverse-opp-auto.scn
S14D += [
    ("hz14b-no-reverse-opp-auto.scn", "【CONT】 This card cannot become 【REVERSE】 by 【AUTO】 effects of your opponent's "
     "characters.", "cont | cannot no-reverse-opp-auto"),
    ("", "【CONT】 This card cannot become 【REVERSE】 from your opponent character's 【AUTO】 effects.",
     "cont | cannot no-reverse-opp-auto"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your characters, and that character gets "
     "the following ability until the end of your opponent's next turn. \"【CONT】 This card cannot become 【REVERSE】 by 【AUTO】 "
     "effects of your opponent's characters.\"",
     "auto placed | do Grant(who='choose-own', ability=<cont | cannot no-reverse-opp-auto>, power=0, soul=0, until='opp-next')"),
]
S14D_REFUSED: list[tuple[str, str]] = [
    ("【CONT】 This card cannot become 【REVERSE】 by 【ACT】 effects of your opponent's characters.", "stopped at \"ACT\""),
    ("【ACT】 If you do not have a 《Thief》 character, this card cannot be played from your hand. Draw 1 card.",
     "is an event's text, printed without an icon"),
    ("【AUTO】 This card cannot 【STAND】 during your stand phase.", "is 【CONT】, with no cost"),
    ("【CONT】 This card cannot 【STAND】 during your opponent's stand phase.", "understanding stopped at \"opponent's\""),
]


def session14d() -> list[dict]:
    """s14b-wshz's lines: restrictions and limits of the ability's head, neighbouring wordings (s14b headzone)."""
    return _with_goldens(S14D)


# --- s15 body (issue 13, fifteenth session, s15-wsbody): the effect body. "that character" after a search onto the stage
# or a card named put where this card was (8.8.1): body15-placed-that-character.scn; "another of your …" as "1 of your other …"
# (8.6.3): body15-another.scn; X equal to this card's soul (8.8.1, 2.10.1): body15-self-soul.scn; "put N cards from the top of
# your deck" (3.2.3), a level bound "or less" (2.6), "the total level of the cards put into your waiting room by this effect"
# (8.8.1) and "you may choose 1 of your opponent's level 0 or less characters" (8.6.3): body15-mill-total-level.scn; a level
# and power gain for each marker (8.9.1, 3.7.1): body15-markers-level.scn; "choose 1 of your other characters and this card,
# and those cards get …" (8.6.3, 8.2.1.2): body15-those-cards.scn (expect lines from the rules first).
S15BODY: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body15-placed-that-character.scn', "【AUTO】 When this card is placed on the stage from your hand, search your deck for up to 1 《Band》 character, put it in any position of your stage, shuffle your deck, and that character gets +1000 power until end of turn.",
     "auto placed | do Search(n=1, select=Select(kind='character', trait='Band'), to='stage'); Pump(who='placed', power=1000, soul=0)"),
    ('body15-placed-that-character.scn', "【ACT】 [Put this card into your waiting room] Choose a card named \"Ranko\" in your waiting room, put it on the stage position that this card was on, and that character gets +2500 power until end of turn.",
     "act | cost put this card into the waiting room | do PutWhereWas(name='Ranko'); Pump(who='placed', power=2500, soul=0)"),
    ('', "【AUTO】 When this card attacks, search your deck for up to 1 level 1 or lower character, put it in any position of your stage, shuffle your deck, and that character gets +1500 power until end of turn.",
     "auto attacks | do Search(n=1, select=Select(kind='character', level='<=1'), to='stage'); Pump(who='placed', power=1500, soul=0)"),
    ('body15-another.scn', "【AUTO】 When this card is placed on stage from your hand, choose another of your 《Jewel》 characters, and that character gets +1000 power until end of turn.",
     "auto placed | do Pump(who='choose-own', power=1000, soul=0, trait='Jewel', other=True)"),
    ('body15-another.scn', "【ACT】 [(1)] Choose another of your characters, and return it to your hand.",
     "act | cost 1 stock | do OwnPick(act='hand', n=1, select=Select(kind='character'), other=True)"),
    ('', "【AUTO】 When this card attacks, choose another of your 《Avatar》 or 《Net》 characters, and that character gets +1 soul until end of turn.",
     "auto attacks | do Pump(who='choose-own', power=0, soul=1, trait='Avatar》 or 《Net', other=True)"),
    ('', "【ACT】 [(1)] Choose another of your 【REST】 characters, and 【STAND】 it.",
     "act | cost 1 stock | do OwnPick(act='stand', n=1, select=Select(kind='character'), other=True, orient='rest')"),
    ('body15-self-soul.scn', "【ACT】 [(1)] This card gets +X power until end of turn. X is equal to this card's soul ×1000.",
     "act | cost 1 stock | do Pump(who='self', power=1000, soul=0, x=XCount(zone='self-soul', select=Select(kind='card')))"),
    ('body15-self-soul.scn', "【ACT】 [(1)] Choose 1 of your characters, and that character gets +X power until end of turn. X is equal to 500 multiplied by this card's soul.",
     "act | cost 1 stock | do Pump(who='choose-own', power=500, soul=0, x=XCount(zone='self-soul', select=Select(kind='card')))"),
    ('', "【AUTO】 When this card frontal attacks, this card gets +X power until end of turn. X is equal to this card's soul ×1500.",
     "auto frontal-attacks | do Pump(who='self', power=1500, soul=0, x=XCount(zone='self-soul', select=Select(kind='card')))"),
    ('body15-mill-total-level.scn', "【ACT】 [(1)] Put 2 cards from the top of your deck into your waiting room, choose up to 1 level X or lower character in your waiting room, and return it to your hand. X is equal to the total level of the cards put into your waiting room by this effect.",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), then=(Salvage(name=None, kind='character', optional=True, level='<=X', x=XCount(zone='among-level', select=Select(kind='card')))))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, put three cards from the top of your deck into your waiting room.",
     "auto placed | do TopTo(zone='waiting_room', n=3, optional=False)"),
    ('', "【AUTO】 When this card attacks, you may put 2 cards from the top of your deck into your stock.",
     "auto attacks | do TopTo(zone='stock', n=2, optional=True)"),
    ('body15-mill-total-level.scn', "【ACT】 [(1)] You may choose 1 of your opponent's level 0 or less characters, and put it into their waiting room.",
     "act | cost 1 stock | do OppTo(zone='waiting_room', n=1, select=Select(kind='character', level='<=0'), may=True)"),
    ('', "【AUTO】 When this card attacks, you may choose one of your opponent's level 1 or less characters in the center stage, and put it into their waiting room.",
     "auto attacks | do OppTo(zone='waiting_room', n=1, select=Select(kind='character', level='<=1'), may=True, area='center')"),
    ('', "【ACT】 [(1)] You may choose 1 of your opponent's 《Beast》 characters, and return it to his or her hand.",
     "act | cost 1 stock | do OppTo(zone='hand', n=1, select=Select(kind='character', trait='Beast'), may=True)"),
    ('', "【AUTO】 When this card attacks, search your deck for up to 1 level 1 or less character, reveal it to your opponent, put it into your hand, and shuffle your deck.",
     "auto attacks | do Search(n=1, select=Select(kind='character', level='<=1'))"),
    ('body15-markers-level.scn', "【CONT】 This card gets +1 level and +1500 power for each marker underneath this card.",
     "cont | self +1500 power +0 soul | per markers | levels 1"),
    ('', "【CONT】 During your turn, this card gets +1 level and +1000 power for each marker underneath this card.",
     "cont | if your-turn | self +1000 power +0 soul | per markers | levels 1"),
    ('body15-those-cards.scn', "【ACT】 [(2)] Choose 1 of your other characters and this card, and those cards get +1 soul until end of turn.",
     "act | cost 2 stock | do ChosenAndSelf(pick=OwnPick(act='gain', n=1, select=Select(kind='character'), other=True, gain=Pump(who='chosen', power=0, soul=1)))"),
    ('', "【AUTO】 When this card attacks, choose one of your other 《Music》 characters and this card, and those cards get +1000 power until end of turn.",
     "auto attacks | do ChosenAndSelf(pick=OwnPick(act='gain', n=1, select=Select(kind='character', trait='Music'), other=True, gain=Pump(who='chosen', power=1000, soul=0)))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, this card gets +X power until end of turn. X is equal to this card's soul ×1000.",
     "auto placed | do Pump(who='self', power=1000, soul=0, x=XCount(zone='self-soul', select=Select(kind='card')))"),
]
# a revealed card's condition denied (4.9.1, 8.3.3: "If that card is not a 《T》 character") and a reveal done after other
# effects of the sentence (8.8.1): body15-reveal-not.scn
S15BODY += [
    ('body15-reveal-not.scn', "【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is not a 《Fleet Girl》 character, 【REST】 this card. (The revealed card is returned to its original place)",
     "auto placed | do RevealTop(select=Select(kind='character', trait='Fleet Girl'), then=(Rest(who='self')), negate=True)"),
    ('body15-reveal-not.scn', "【ACT】 [(1)] Draw 1 card, and reveal the top card of your deck. If that card is a climax, put it into your hand.",
     "act | cost 1 stock | do Draw(n=1, optional=False); RevealTop(select=Select(kind='climax'), then=(RevealedTo(zone='hand')))"),
    ('', "【AUTO】 When this card attacks, choose up to 1 《Band》 character in your waiting room, put it into your stock, and reveal the top card of your deck. If that card is \"Encore Night\" or a 《Band》 character, put it into your hand. (Otherwise, return it to its original place)",
     "auto attacks | do Salvage(name=None, kind='character', optional=True, trait='Band', to='stock'); RevealTop(select=Select(kind='card', alts=(Select(kind='card', name='Encore Night'), Select(kind='character', trait='Band'))), then=(RevealedTo(zone='hand')))"),
    ('', "【AUTO】 When this card attacks, reveal the top card of your deck. If that card is not level 1 or higher, this card gets +1000 power until end of turn.",
     "auto attacks | do RevealTop(select=Select(kind='card', level='>=1'), then=(Pump(who='self', power=1000, soul=0)), negate=True)"),
    ('', "【ACT】 [(1)] Reveal the top card of your deck. If that card is not a climax, put it into your waiting room.",
     "act | cost 1 stock | do RevealTop(select=Select(kind='climax'), then=(RevealedTo(zone='waiting_room')), negate=True)"),
]
# X counted over "those cards" within a level bound, and the revealed card's level worded "that card's level" (8.8.1;
# 2.6; 3.4.2; 4.9.1): body15-x-level.scn
S15BODY += [
    ('body15-x-level.scn', "【ACT】 [(1)] Put the top 2 cards of your deck into your waiting room, and deal X damage to your opponent. X is equal to the number of level 0 or lower characters among those cards.",
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), then=(Damage(n=0, x=XCount(zone='among-kind', select=Select(kind='character', level='<=0')))))"),
    ('body15-x-level.scn', "【ACT】 [(1)] Reveal the top card of your deck. If that card is a character, deal X damage to your opponent. X is equal to that card's level.",
     "act | cost 1 stock | do RevealTop(select=Select(kind='character'), then=(Damage(n=0, x=XCount(zone='among-revealed', select=Select(kind='card')))))"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, put the top 2 cards of your deck into your waiting room, and deal X damage to your opponent. X is equal to the number of level 0 or lower characters among those cards. (Damage may be canceled)",
     "auto placed | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), then=(Damage(n=0, x=XCount(zone='among-kind', select=Select(kind='character', level='<=0')))))"),
    ('', "【AUTO】 When this card attacks, reveal the top card of your deck. If that card is \"Holy Rite\" or a 《Knight》 or 《Mage》 character, deal X damage to your opponent. X is equal to that card's level. (Damage may be canceled. Return the revealed card to its original place)",
     "auto attacks | do RevealTop(select=Select(kind='card', alts=(Select(kind='card', name='Holy Rite'), Select(kind='character', trait='Knight》 or 《Mage'))), then=(Damage(n=0, x=XCount(zone='among-revealed', select=Select(kind='card')))))"),
    ('', "【AUTO】 When this card attacks, put the top card of your deck into your waiting room, and deal X damage to your opponent. X is equal to that card's level.",
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Damage(n=0, x=XCount(zone='among-that', select=Select(kind='card')))))"),
]
# an 【AUTO】 ability's [cost] paid inside its effect, after effects done first or after a revealed card's condition (8.4.2;
# 8.6.3; 8.8.1; 4.9.1): body15-pay-inside.scn
S15BODY += [
    ('body15-pay-inside.scn', "【AUTO】 [(1)] When this card is placed on the stage from your hand, choose up to 1 《Magic》 character in your waiting room, return it to your hand, and you may pay the cost. If you do, draw 1 card.",
     "auto placed | do Salvage(name=None, kind='character', optional=True, trait='Magic'); PayThen(cost='1 stock', then=(Draw(n=1, optional=False)))"),
    ('body15-pay-inside.scn', "【AUTO】 [(1)] When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is a 《Magic》 character, you may pay the cost. If you do, put the top card of your clock into your waiting room.",
     "auto placed | do RevealTop(select=Select(kind='character', trait='Magic'), then=(PayThen(cost='1 stock', then=(Heal()))))"),
    ('', "【AUTO】 [(2)] When this card's battle opponent becomes 【REVERSE】, put the top card of your deck into your stock, and you may pay the cost. If you do, this card gets +2000 power until end of turn.",
     "auto opp-reversed | do TopTo(zone='stock', n=1, optional=False); PayThen(cost='2 stock', then=(Pump(who='self', power=2000, soul=0)))"),
]
# characters counted by a portion of their card name (2.1.2.2; 8.9.1; 8.8.1): body15-name-count.scn
S15BODY += [
    ('body15-name-count.scn', "【CONT】 This card gets +500 power for each of your other characters with \"Itsu\" in its card name.",
     "cont | self +500 power +0 soul | per others:@…Itsu"),
    ('body15-name-count.scn', "【ACT】 [(1)] This card gets +X power until end of turn. X is equal to 500 multiplied by the number of other characters you have with \"Itsu\" or \"Bob\" in its card name.",
     "act | cost 1 stock | do Pump(who='self', power=500, soul=0, per='others:@…Itsu\" or \"…Bob')"),
    ('', "【CONT】 During your turn, this card gets +1000 power for each of your characters with \"Rin\" in their card names.",
     "cont | if your-turn | self +1000 power +0 soul | per all:@…Rin"),
    ('', "【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to 500 multiplied by the number of other characters you have with \"Eren\" or \"Mika\" in its card name.",
     "auto attacks | do Pump(who='self', power=500, soul=0, per='others:@…Eren\" or \"…Mika')"),
    ('', "【ACT】 [(1)] Choose 1 of your characters, and that character gets +X power until end of turn. X is equal to 1000 multiplied by the number of characters you have with \"Rin\" in their card names.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, per='all:@…Rin')"),
]
# a card chosen by a name that itself holds quotes, alone or first of alternatives (2.1.2; 8.6.3): body15-qq-name.scn
S15BODY += [
    ('body15-qq-name.scn', "【ACT】 [(1)] Choose 1 \"\"Sunny\" Day\" in your waiting room, and return it to your hand.",
     "act | cost 1 stock | do Salvage(name='\"Sunny\" Day', kind='card', optional=False)"),
    ('', "【ACT】 [(1) Put this card into your waiting room] Choose 1 \"\"Night\" Sky\" in your waiting room, put it in the stage position that this card was in.",
     "act | cost 1 stock, put this card into the waiting room | do PutWhereWas(name='\"Night\" Sky')"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 \"\"Rain\" Song\" or \"Cloud\" in your waiting room, and put it into your stock.",
     "auto placed | do Salvage(name='\"Rain\" Song\" or \"Cloud', kind='card', optional=False, may=True, to='stock')"),
]
# the cards looked at but not chosen, put in a sentence of their own (4.8.1; 8.8.1): body15-look-rest-sentence.scn
S15BODY += [
    ('body15-look-rest-sentence.scn', "【AUTO】 When this card is placed on the stage from your hand, look at up to three cards from the top of your deck, choose up to one card from among them, and put it into your hand. Put the rest into your waiting room.",
     "auto placed | do LookTake(n=3, up_to=True, select=Select(kind='card'), take=1, optional=True)"),
    ('', "【AUTO】 When this card attacks, look at up to 3 cards from the top of your deck, choose up to 1 《Music》 character from among them, reveal it to your opponent, and put it into your hand. Put the rest on the top of your deck in any order.",
     "auto attacks | do LookTake(n=3, up_to=True, select=Select(kind='character', trait='Music'), take=1, optional=True, reveal=True, rest_to='deck_top')"),
]
# the character facing this card chosen, within a bound, then where it goes (3.6.5; 2.6, 2.7; 8.6.3): body15-facing-choose.scn
S15BODY += [
    ('', "【AUTO】 [(5)] When a climax is placed on your opponent's climax area, you may pay the cost. If you do, choose a character facing this card, and put it into your opponent's waiting room.",
     "auto opp-climax-placed | cost 5 stock | do OppTo(zone='waiting_room', n=1, facing=True)"),
    ('body15-facing-choose.scn', "【ACT】 [(1)] Choose a level 1 or lower character facing this card, and put it into your opponent's waiting room.",
     "act | cost 1 stock | do OppTo(zone='waiting_room', n=1, select=Select(kind='character', level='<=1'), facing=True)"),
    ('', "【AUTO】 When this card attacks, you may choose a cost 0 or lower character facing this card, and return it to his or her hand.",
     "auto attacks | do OppTo(zone='hand', n=1, select=Select(kind='character', cost='<=0'), facing=True, may=True)"),
]
S15BODY_REFUSED: list[tuple[str, str]] = [
    ("【ACT】 [(1)] Choose a character facing this card, and 【REST】 it.",
     "is read before a move to a zone"),
    ("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to 500 multiplied by the number of 《Music》 characters you have with \"Eren\" in its card name.",
     "by a trait or by a portion of their name, not both"),
    ("【AUTO】 When this card attacks, draw 1 card, and you may pay the cost. If you do, draw 1 card.",
     "pays the [cost] of an 【AUTO】 ability"),
    ("【ACT】 [(1)] Draw 1 card, and you may pay the cost. If you do, draw 1 card.",
     "pays the [cost] of an 【AUTO】 ability"),
    ("【AUTO】 When this card attacks, put the top 2 cards of your deck into your waiting room. If there is a climax among those cards, you may pay the cost. If you do, draw 1 card.",
     "pays the [cost] of an 【AUTO】 ability"),
    ("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a character, this card gets +1 soul until end of turn. X is equal to that card's level.",
     "'X is equal to …' follows"),
    ("【CONT】 This card gets +1 level and +1500 power for each of your other 《Magic》 characters.",
     "read over the markers underneath this card"),
    ("【AUTO】 When this card attacks, put 2 《Magic》 cards from the top of your deck into your waiting room.",
     "takes cards, not a kind of card"),
    ("【AUTO】 When this card attacks, put 1 cards from the top of your deck into your stock.",
     "put … cards from the top of your deck reads"),
    ("【AUTO】 When this card attacks, draw 1 card, and that character gets +1000 power until end of turn.",
     "'that character gets …' follows"),
    ("【ACT】 [(1)] Choose 1 of your characters and this card, and those cards get +1 soul until end of turn.",
     "understanding stopped at \"those\""),
]


def session15body() -> list[dict]:
    """s15-wsbody's lines: the effect body, fifteenth session (constructions that recur in the real texts)."""
    return _with_goldens(S15BODY)

# --- s15 zone (issue 13, fifteenth session, s15-wszone): the zones and cards off the stage, constructions that recur in the
# real texts. More than one card of the hand chosen and put into the waiting room (8.6.3.1: as many as possible):
# zone15-hand-many.scn; the bottom of the clock (1.3.1 over 3.8.2): zone15-clock-bottom.scn; the top card of the deck looked
# at, then a marker (4.8.1; 3.7.1, 3.7.2): zone15-look-marker.scn; a card's own permission to be played without the colour
# requirement, as cards print it (8.6.2.1.1) (expect lines written from the rules first).
S15Z: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("zone15-hand-many.scn", "【ACT】 [(1)] Choose 2 cards in your hand, and put them into your waiting room.",
     "act | cost 1 stock | do HandTo(n=2, select=Select(kind='card'))"),
    ("", "【ACT】 [(1)] Choose 3 cards in your hand, and put them into your waiting room.",
     "act | cost 1 stock | do HandTo(n=3, select=Select(kind='card'))"),
    ("", "【AUTO】 【CLOCK】 Alarm If this card is the top card of your clock, at the beginning of your climax phase, draw up to "
     "2 cards, choose 2 cards in your hand, and put them into your waiting room.",
     "auto alarm begin:climax | if clock-top | do Draw(n=2, optional=False, at_most=True); HandTo(n=2, select=Select(kind='card'))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may draw 2 cards. If you do, choose 2 cards from "
     "your hand, and put it into your waiting room.",
     "auto placed | do IfDone(first=Draw(n=2, optional=True), then=(HandTo(n=2, select=Select(kind='card'))))"),
    ("zone15-clock-bottom.scn", "【ACT】 [(1)] Put the top card of your deck at the bottom of your clock.",
     "act | cost 1 stock | do TopTo(zone='clock_bottom', n=1, optional=False)"),
    ("zone15-clock-bottom.scn", "【ACT】 [(1)] Choose 1 card in your hand, and put it at the bottom of your clock.",
     "act | cost 1 stock | do HandTo(n=1, select=Select(kind='card'), dest='clock_bottom')"),
    ("", "【AUTO】 When this card attacks, you may choose 1 card in your hand, and put it at the bottom of your clock. If you "
     "do, draw 1 card.",
     "auto attacks | do IfDone(first=HandTo(n=1, select=Select(kind='card'), dest='clock_bottom', may=True), "
     "then=(Draw(n=1, optional=False)))"),
    ("", "【ACT】 [(1)] Choose 1 character in your clock, return it to your hand, and put the top card of your deck at the "
     "bottom of your clock.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, from_zone='clock'); "
     "TopTo(zone='clock_bottom', n=1, optional=False)"),
    ("zone15-look-marker.scn", "【ACT】 [【REST】 this card] You may look at the top card of your deck. If you do, put that "
     "card face down underneath this card as a marker.",
     "act | cost rest this card | do DeckTopMarker(face='down', may=True, look=True)"),
    ("", "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may look at the top card of your deck. If you do, "
     "put that card face down underneath this card as a marker.",
     "auto opp-reversed | do DeckTopMarker(face='down', may=True, look=True)"),
    ("", "【CONT】 This card can be played from your hand without fulfilling the color requirement.", "cont | may colour"),
    ("", "【CONT】 This card can be played from your hand without fulfilling color requirement.", "cont | may colour"),
    ("", "【CONT】 If you have 2 or more 《Music》 characters, this card can be played from your hand without fulfilling the "
     "color requirement.", "cont | if have-at-least=2 all:Music | may colour"),
]
# the whole waiting room returned to the deck, the shuffle and what follows after "If you do," (3.4.1, 3.2.1, 3.2.4; an empty
# waiting room returns nothing, 1.3.3): zone15-waiting-return-if.scn
S15Z += [
    ("zone15-waiting-return-if.scn", "【ACT】 [【REST】 this card] Return all cards in your waiting room to your deck. If you do, "
     "shuffle your deck, and this card gets +3000 power until end of turn.",
     "act | cost rest this card | do IfDone(first=WaitingToDeck(unshuffled=True), then=(Shuffle15(), "
     "Pump(who='self', power=3000, soul=0)), must=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, if the number of cards in your deck is five or less, "
     "return all cards in your waiting room to your deck. If you do, shuffle your deck, and all of your characters get "
     "+2000 power until end of turn.",
     "auto placed | if deck-at-most=5 | do IfDone(first=WaitingToDeck(unshuffled=True), then=(Shuffle15(), "
     "Pump(who='all-own', power=2000, soul=0)), must=True)"),
    ("", "【AUTO】 When this card attacks, return all cards from your waiting room to your deck. If you do, shuffle your deck.",
     "auto attacks | do IfDone(first=WaitingToDeck(unshuffled=True), then=(Shuffle15()), must=True)"),
]
# a continuous level gain counted over this card's markers (2.6, 3.7.1, 8.9.1): zone15-level-per-marker.scn
S15Z += [
    ("zone15-level-per-marker.scn", "【CONT】 This card gets +1 level and +1500 power for each marker underneath this card.",
     "cont | self +1500 power +0 soul | per markers | levels 1"),
    ("", "【CONT】 This card gets +1 level and +1 soul for each marker underneath this card.",
     "cont | self +0 power +1 soul | per markers | levels 1"),
    ("", "【CONT】 During your turn, this card gets +1 level and +1000 power for each marker underneath this card.",
     "cont | if your-turn | self +1000 power +0 soul | per markers | levels 1"),
]
# a chosen card to the deck: on its top (3.2.1), or into it and the deck shuffled (3.2.4), with every selection `salvage`
# reads (the destination structure): zone15-salvage-deck.scn
S15Z += [
    ("zone15-salvage-deck.scn", "【ACT】 [(1)] Choose 1 yellow card in your waiting room, and put it on the top of your deck.",
     "act | cost 1 stock | do Salvage(name=None, kind='card', optional=False, to='deck_top', color='yellow')"),
    ("zone15-salvage-deck.scn", "【ACT】 [(1)] Choose 1 character in your waiting room, return it to your deck, and shuffle "
     "your deck.", "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='deck_shuffle')"),
    ("", "【ACT】 [(1)] Choose up to 1 card in your waiting room, return it to your deck, and shuffle your deck.",
     "act | cost 1 stock | do Salvage(name=None, kind='card', optional=True, to='deck_shuffle')"),
    ("", "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, choose 1 card in your waiting room, return "
     "it to your deck, shuffle your deck, and this card gets +1000 power until end of turn.",
     "auto attacks | cost 1 stock | do Salvage(name=None, kind='card', optional=False, to='deck_shuffle'); "
     "Pump(who='self', power=1000, soul=0)"),
    ("", "【ACT】 [(1)] Choose 1 card in your waiting room, and return it to your deck. Shuffle your deck afterwards.",
     "act | cost 1 stock | do Salvage(name=None, kind='card', optional=False, to='deck_shuffle')"),
    ("", "【AUTO】 When this card attacks, you may choose a 《Music》 character in your waiting room, and put it on top of your "
     "deck.", "auto attacks | do Salvage(name=None, kind='character', optional=False, trait='Music', may=True, to='deck_top')"),
    ("", "【ACT】 [(1)] Choose 1 character in your clock, and put it on top of your deck.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='deck_top', from_zone='clock')"),
]
# all players' top cards into their waiting rooms (3.2.3, 3.4.1), then their levels compared (2.6; a climax is level 0):
# zone15-all-players-mill.scn
_CMP = ("If the level of the card put into your waiting room by this effect is higher than the level of the card put into "
        "your opponent's waiting room by this effect, you may put the top card of your deck into your stock. (Climax are "
        "regarded as level 0)")
S15Z += [
    ("zone15-all-players-mill.scn", "【ACT】 [【REST】 this card] All players put the top card of their deck into their "
     "waiting room. " + _CMP,
     "act | cost rest this card | do MillCompare15(then=(TopTo(zone='stock', n=1, optional=True)))"),
    ("", "【AUTO】 When this card attacks, each player puts the top card of his or her deck into the waiting room. If the "
     "level of the card put into your waiting room with this effect is higher than the level of the card put into your "
     "opponent's waiting room with this effect, you may put the top card of your deck into your stock. (Climax are "
     "regarded as level 0)", "auto attacks | do MillCompare15(then=(TopTo(zone='stock', n=1, optional=True)))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, all players put the top card of their deck into "
     "their waiting room. If the level of the card put into your waiting room by this effect is higher than the level of "
     "the card your opponent put into their waiting room by this effect, this card gets +2000 power until end of turn.",
     "auto placed | do MillCompare15(then=(Pump(who='self', power=2000, soul=0)))"),
    ("", "【AUTO】 When this card attacks, all players put the top card of their deck into their waiting room.",
     "auto attacks | do MillCompare15(then=(), compare=False)"),
    ("", "【AUTO】 When this card attacks, all players put the top card of their deck into their waiting room, and this card "
     "gets +1000 power until end of turn.",
     "auto attacks | do MillCompare15(then=(), compare=False); Pump(who='self', power=1000, soul=0)"),
]
# the top cards revealed (4.9.1), the opponent choosing one of them (8.6.3, 8.6.3.1) for your hand, the rest into your
# waiting room: zone15-reveal-opp-pick.scn
S15Z += [
    ("zone15-reveal-opp-pick.scn", "【ACT】 [(1)] Reveal the top 2 cards of your deck, your opponent chooses 1 event or "
     "character from among them, you put it into your hand, and put the rest into your waiting room.",
     "act | cost 1 stock | do RevealOppPick15(n=2, select=Select(kind='card', alts=(Select(kind='event'), "
     "Select(kind='character'))))"),
    ("", "【AUTO】 [(1)] When this card's battle opponent becomes 【REVERSE】, you may pay the cost. If you do, reveal the top "
     "2 cards of your deck, your opponent chooses 1 character or event from among them, puts it into your hand, and put "
     "the rest into your waiting room.",
     "auto opp-reversed | cost 1 stock | do RevealOppPick15(n=2, select=Select(kind='card', alts=(Select(kind='character'), "
     "Select(kind='event'))))"),
    ("", "【AUTO】 When this card attacks, reveal the top 3 cards of your deck, your opponent chooses 1 character from among "
     "them, you put it into your hand, and put the rest into your waiting room.",
     "auto attacks | do RevealOppPick15(n=3, select=Select(kind='character'))"),
]
# the bottom card of the clock into the waiting room (3.8.2, 3.4.1): zone15-clock-bottom-heal.scn
S15Z += [
    ("zone15-clock-bottom-heal.scn", "【ACT】 [(1)] Put the bottom card of your clock into your waiting room.",
     "act | cost 1 stock | do Heal(bottom=True)"),
    ("zone15-clock-bottom-heal.scn", "【ACT】 [(1)] You may put the bottom card of your clock into your waiting room.",
     "act | cost 1 stock | do Heal(may=True, bottom=True)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may put the bottom card of your clock into your "
     "waiting room.", "auto placed | do Heal(may=True, bottom=True)"),
]
S15Z_REFUSED: list[tuple[str, str]] = [
    ("【ACT】 [(1)] Put the bottom cards of your clock into your waiting room.", "the bottom card of your clock is one card"),
    ("【AUTO】 When this card attacks, reveal the top 1 cards of your deck, your opponent chooses 1 character from among "
     "them, you put it into your hand, and put the rest into your waiting room.", "'the top N cards' is two or more cards"),
    ("【AUTO】 When this card attacks, your opponent puts the top card of their deck into their waiting room. If the level "
     "of the card put into your waiting room by this effect is higher than the level of the card put into your "
     "opponent's waiting room by this effect, draw 1 card.", "understanding stopped at \"If\""),
    ("【ACT】 [(1)] Choose 1 character in your waiting room, and return it to your deck.", "understanding stopped at \".\""),
    ("【CONT】 This card gets +1 level and +1000 power for each of your other 《Music》 characters.",
     "a level gain counted 'for each' is read over the markers underneath this card only"),
    ("【AUTO】 When this card attacks, you may draw 1 card. If you do, shuffle your deck.",
     "'If you do, shuffle your deck' is read after 'return all cards in your waiting room to your deck'"),
    ("【ACT】 [(1)] Choose 1 cards in your hand, and put them into your waiting room.",
     "choose … cards in your hand reads 2 / 3 / 4"),
    ("【ACT】 [(1)] Put the top 2 cards of your deck at the bottom of your clock.",
     "'put the top card of your deck at the bottom of your clock' is one card"),
]


def session15zone() -> list[dict]:
    """s15-wszone's lines: the zones and cards off the stage (constructions that recur in the real texts)."""
    return _with_goldens(S15Z)


# --- s16 zone (issue 13, sixteenth session, s16-wszone): the zones and cards off the stage, widened shared slots: a stage
# place of one area (3.6.3; every construction reading `stage_place`: from the waiting room, the hand, the deck), "you may"
# on the opponent's top card(s) (8.6.3, so that "If you do," follows), costs from the hand, the waiting room and the marker
# area (8.4.2; 3.7.2 the top marker), the climax area chosen from (3.11.1), the level's card by trait (2.5.3), the revealed
# card put on the stage (4.9.1), X counted over your memory (3.12.2.1), markers to the waiting room (3.7.1). Goldens: zone16-*.scn (expect lines from the rules
# first).
S16Z: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('zone16-marker-cost.scn', '【ACT】 [(1) Put 1 marker underneath this card into your waiting room & 【REST】 this card] Draw 1 card.',
     'act | cost 1 stock, rest this card, put 1 marker(s) underneath this card into the waiting room | do Draw(n=1, optional=False)'),
    ('', '【ACT】 [Put 2 markers underneath this card into your waiting room] This card gets +2000 power until end of turn.',
     "act | cost put 2 marker(s) underneath this card into the waiting room | do Pump(who='self', power=2000, soul=0)"),
    ('zone16-stage-area-opp-top.scn', '【ACT】 [(1)] Choose 1 character in your waiting room, and put it on any position of your back stage.',
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='stage@back')"),
    ('', '【ACT】 [(2)] Choose 1 character in your hand, and put it in an open position of your center stage.',
     "act | cost 2 stock | do Salvage(name=None, kind='character', optional=False, to='stage_open@center', from_zone='hand')"),
    ('', '【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, choose 1 "Restless Pursuer" in your waiting room, and put it on any stage position as 【REST】.',
     "auto attacks | cost 1 stock | do Salvage(name='Restless Pursuer', kind='card', optional=False, to='stage', rest=True)"),
    ('', '【ACT】 [(1)] Search your deck for up to 1 character, put it on any position of your back stage, and shuffle your deck.',
     "act | cost 1 stock | do Search(n=1, select=Select(kind='character'), to='stage@back')"),
    ('zone16-stage-area-opp-top.scn', "【ACT】 [(1)] You may put the top card of your opponent's deck into your opponent's waiting room. If you do, draw 1 card.",
     "act | cost 1 stock | do IfDone(first=OppTopTo(zone='waiting_room', n=1, may=True), then=(Draw(n=1, optional=False)))"),
    ('', "【AUTO】 When this card attacks, you may put the top card of your opponent's deck into his or her clock.",
     "auto attacks | do OppTopTo(zone='clock', n=1, may=True)"),
    ('', '【AUTO】 [Return two characters in your waiting room to your deck, and shuffle your deck] When this card is placed on the stage from your hand, you may pay the cost. If you do, this card gets +1 soul until end of turn.',
     "auto placed | cost return 2 character(s) from the waiting room to the deck, shuffle your deck | do Pump(who='self', power=0, soul=1)"),
    ('', '【AUTO】 [Return 2 characters from your waiting room into your deck & Shuffle your deck] When this card attacks, you may pay the cost. If you do, draw 1 card.',
     'auto attacks | cost return 2 character(s) from the waiting room to the deck, shuffle your deck | do Draw(n=1, optional=False)'),
    ('', '【ACT】 [Put 2 cards in your hand into your waiting room] Draw 1 card.',
     'act | cost 2 card(s) from hand | do Draw(n=1, optional=False)'),
    ('zone16-reveal-stage-climax.scn', '【ACT】 [(1)] Reveal the top card of your deck. If that card is a level 0 or lower character, put it on any position of your back stage as 【REST】.',
     "act | cost 1 stock | do RevealTop(select=Select(kind='character', level='<=0'), then=(RevealedTo(zone='stage@back', rest=True)))"),
    ('', '【AUTO】 When this card attacks, if this card is on your center stage, reveal the top card of your deck. If that card is a 《Pastel》 character, put it on any position of your stage. (Otherwise, return the revealed card to its original place)',
     "auto attacks | if this-in=center | do RevealTop(select=Select(kind='character', trait='Pastel'), then=(RevealedTo(zone='stage')))"),
    ('zone16-reveal-stage-climax.scn', '【ACT】 [(1)] Choose 1 climax in your climax area, and put it into your stock.',
     "act | cost 1 stock | do Salvage(name=None, kind='climax', optional=False, to='stock', from_zone='climax')"),
    ('', '【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, choose a card named "Speaking To My Reflection" in your climax area, return it to your deck, and shuffle your deck.',
     "auto attacks | cost 1 stock | do Salvage(name='Speaking To My Reflection', kind='card', optional=False, to='deck_shuffle', from_zone='climax')"),
    ('', '【AUTO】 When this card attacks, choose 1 card named "Lost" in your clock, and return it to your hand.',
     "auto attacks | do Salvage(name='Lost', kind='card', optional=False, from_zone='clock')"),
    ('zone16-reveal-stage-climax.scn', '【ACT】 [(1)] Choose 1 《Fleet》 character in your level and 1 《Fleet》 character in your waiting room, and exchange them.',
     "act | cost 1 stock | do Exchange(zone='level', select=Select(kind='character', trait='Fleet'), first=Select(kind='character', trait='Fleet'))"),
    ('', '【ACT】 [【REST】 this card] You may choose 1 《KAN-SEN》 character in your level and 1 《KAN-SEN》 character in your waiting room, and exchange them.',
     "act | cost rest this card | do Exchange(zone='level', select=Select(kind='character', trait='KAN-SEN'), first=Select(kind='character', trait='KAN-SEN'), may=True)"),
    ('zone16-memory-x-opp-deck.scn', '【ACT】 [(1)] Deal X damage to your opponent. X is equal to the number of "Relic" in your memory.',
     "act | cost 1 stock | do Damage(n=0, x=XCount(zone='memory', select=Select(kind='card', name='Relic')))"),
    ('', '【AUTO】 【CXCOMBO】 Memory [Put 2 cards from your hand into your waiting room] When this card attacks, if "Mixed In" is in your climax area, you may pay the cost. If you do, deal X damage to your opponent, and this card gets +3000 power until end of turn. X is equal to the number of "The Foolish King" in your memory. (Damage may be canceled)',
     "auto memory attacks | cost 2 card(s) from hand | if climax=mixed in | do Damage(n=0, x=XCount(zone='memory', select=Select(kind='card', name='The Foolish King'))); Pump(who='self', power=3000, soul=0)"),
    ('zone16-memory-x-opp-deck.scn', "【ACT】 [(1)] You may choose a card in your opponent's waiting room, and put it on top of your opponent's deck.",
     "act | cost 1 stock | do OppWaitingPick(dest='deck_top', select=Select(kind='card'), may=True)"),
    ('', "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put that character into your opponent's stock. If you do, your opponent puts the bottom card of your opponent's stock into his or her waiting room.",
     "auto opp-reversed | do IfDone(first=BattleOppTo(zone='stock', may=True), then=(OppStockBottom()))"),
    ('zone16-markers-waiting.scn', '【ACT】 [(1)] Choose 1 marker underneath this card, and put it into your waiting room.',
     "act | cost 1 stock | do MarkerTo(zone='waiting_room')"),
    ('zone16-markers-waiting.scn', '【ACT】 [(1)] Put all markers underneath this card into your waiting room.',
     "act | cost 1 stock | do MarkerTo(zone='waiting_room', all=True)"),
    ('', '【AUTO】 When this card attacks, put all markers underneath this card into your waiting room.',
     "auto attacks | do MarkerTo(zone='waiting_room', all=True)"),
    ('', '【ACT】 [【REST】 this card] Choose 1 marker underneath this card, and put it into your hand.',
     "act | cost rest this card | do MarkerTo(zone='hand')"),
]


def session16zone() -> list[dict]:
    """s16-wszone's lines: the zones and cards off the stage (shared slots widened)."""
    return _with_goldens(S16Z)

# --- s17 zone (issue 13, seventeenth session, s17-wszone): the zones and cards off the stage, widened slots, each with
# neighbouring wordings: the opponent choosing one of their own characters for a gain (8.6.3; zone17-opp-chooses.scn, whose
# answer says the rules do not decide whether "cannot be chosen by your opponent's effects" holds then); two characters
# exchanged by a portion of a name, "another of your", ", exchange them," (3.7.3.1, 2.1.2.2; zone17-exchange.scn); the
# opponent's waiting room back into their deck in either order; the clock's top N cards (3.8.2), costs between the
# waiting room, memory, clock and stock (8.4.2), a card chosen in the memory (3.12.1; zone17-costs.scn); this card into the
# stock as a cost, "the position that this card was on", "you may choose and perform 1 of the following effects", any
# number of the opponent's top cards (zone17-stock-modal.scn); X over this card's markers (3.7.1), this card from the
# memory onto the stage by its own Memory ability (10.9.1; zone17-memory-stage.scn). Expect lines from the rules first.
S17Z: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('zone17-opp-chooses.scn', '【ACT】 [(1)] Your opponent chooses 1 of their characters, and that character gets +1000 power until end of turn.',
     "act | cost 1 stock | do Pump(who='opp-chooses', power=1000, soul=0)"),
    ('', '【AUTO】 When this card becomes 【REVERSE】 in battle, your opponent chooses one of his or her characters, and that character gets +1000 power until end of turn.',
     "auto reversed | do Pump(who='opp-chooses', power=1000, soul=0)"),
    ('', '【ACT】 [(1)] Your opponent chooses one of his or her 《Music》 characters, and that character gets -1 soul until end of turn.',
     "act | cost 1 stock | do Pump(who='opp-chooses', power=0, soul=-1, select=Select(kind='character', trait='Music'))"),
    ('', "【AUTO】 When this card attacks, your opponent chooses 1 of their characters, and that character gets -1000 power until the end of your opponent's next turn.",
     "auto attacks | do Pump(who='opp-chooses', power=-1000, soul=0, until='opp-next')"),
    ('', "【AUTO】 When this card is placed on the stage from your hand, your opponent chooses 1 of your opponent's characters, and that character gets +1 level and +1000 power until end of turn.",
     "auto placed | do Pump(who='opp-chooses', power=1000, soul=0, levels=1)"),
    ('zone17-exchange.scn', '【ACT】 [(1) 【REST】 this card] Choose this card and 1 of your characters with "Sakuta" in its card name, exchange them, and 【STAND】 this card.',
     "act | cost 1 stock, rest this card | do ExchangeNamed(stand=False, select=Select(kind='character', name='…Sakuta')); StandSelf()"),
    ('', '【AUTO】 [(1)] At the beginning of your opponent\'s attack phase, you may pay the cost. If you do, choose this card and 1 of your characters with "Sakuta(咲太)" in its card name, and exchange them as 【STAND】.',
     "auto begin:opp-attack | cost 1 stock | do ExchangeNamed(stand=True, select=Select(kind='character', name='…Sakuta(咲太)'))"),
    ('', '【AUTO】 [(1)] At the beginning of your opponent\'s attack phase, you may pay the cost. If you do, choose 1 of your other characters with "Kaguya" in its card name and this card, exchange them as 【STAND】, and this card gets +1500 power until end of turn.',
     "auto begin:opp-attack | cost 1 stock | do ExchangeNamed(stand=True, select=Select(kind='character', name='…Kaguya'), other=True); Pump(who='self', power=1500, soul=0)"),
    ('', '【ACT】 [(1)] Choose this card and 1 of your 《Music》 or 《Pilot》 characters, exchange them, and 【STAND】 this card.',
     "act | cost 1 stock | do ExchangeNamed(stand=False, select=Select(kind='character', trait='Music》 or 《Pilot')); StandSelf()"),
    ('', '【ACT】 [(1)] Choose 1 of your 《Music》 characters and this card, exchange them, and this card gets +1000 power until end of turn.',
     "act | cost 1 stock | do ExchangeNamed(stand=False, select=Select(kind='character', trait='Music')); Pump(who='self', power=1000, soul=0)"),
    ('zone17-exchange.scn', '【ACT】 [(1)] You may choose another of your 《Blade》 characters and this card, and exchange them as 【STAND】.',
     "act | cost 1 stock | do ExchangeNamed(may=True, stand=True, select=Select(kind='character', trait='Blade'))"),
    ('', '【AUTO】 At the beginning of your encore step, choose another of your characters and this card, and exchange them.',
     "auto begin:encore | do ExchangeNamed(stand=False, select=Select(kind='character'))"),
    ('', "【AUTO】 [(1) Put a card from your hand into your waiting room] When this card is placed on the stage from your hand, you may pay the cost. If you do, your opponent chooses a climax in your opponent's waiting room, returns all cards in your opponent's waiting room except that card into your opponent's deck, and shuffles his or her deck.",
     "auto placed | cost 1 stock, 1 card(s) from hand | do OppWaitingToDeck(n=0, keep=Select(kind='climax'))"),
    ('', '【AUTO】 When this card attacks, your opponent chooses 1 climax in their waiting room, returns all cards except that card from their waiting room to their deck, and shuffles their deck.',
     "auto attacks | do OppWaitingToDeck(n=0, keep=Select(kind='climax'))"),
    ('', '【ACT】 [(2)] Your opponent chooses 1 climax in their waiting room, returns all cards except that card in their waiting room into their deck, and shuffles their deck.',
     "act | cost 2 stock | do OppWaitingToDeck(n=0, keep=Select(kind='climax'))"),
    ('', '【AUTO】 When this card attacks, you may put the top 2 cards of your clock into your waiting room.',
     "auto attacks | do Heal(may=True, heal_n=2)"),
    ('zone17-costs.scn', '【ACT】 [(1)] Put up to 2 cards from the top of your clock into your waiting room.',
     'act | cost 1 stock | do Heal(may=True, at_most=True, heal_n=2)'),
    ('', '【AUTO】 When this card is placed on the stage from your hand, put up to 3 cards from the top of your clock into your waiting room.',
     'auto placed | do Heal(may=True, at_most=True, heal_n=3)'),
    ('', '【AUTO】 [(2)] When this card attacks, you may pay the cost. If you do, put the top 2 cards of your clock into your waiting room.',
     'auto attacks | cost 2 stock | do Heal(heal_n=2)'),
    ('', '【AUTO】 At the beginning of your climax phase, put the top 2 cards of your clock into your stock.',
     "auto begin:climax | do Heal(dest='stock', heal_n=2)"),
    ('zone17-stock-modal.scn', '【ACT】 [Put this card into your stock] Choose up to 1 "Kazumi" in your hand, and put it on the position that this card was on.',
     "act | cost put this card into your stock | do Salvage(name='Kazumi', kind='card', optional=True, to='vacated', from_zone='hand')"),
    ('', '【ACT】 [(1) Put this card into your stock] Draw 1 card.',
     'act | cost 1 stock, put this card into your stock | do Draw(n=1, optional=False)'),
    ('', '【ACT】 [Put this card into your waiting room] Choose 1 "Sayaka" in your waiting room, and put it on the position that this card was on as 【REST】.',
     "act | cost put this card into the waiting room | do Salvage(name='Sayaka', kind='card', optional=False, to='vacated', rest=True)"),
    ('', '【AUTO】 [Put this card into your stock] When this card is frontal attacked, you may pay the cost. If you do, choose up to 1 "Sebas" in your hand, and put it in the position that this card was in.',
     "auto frontal-attacked | cost put this card into your stock | do Salvage(name='Sebas', kind='card', optional=True, to='vacated', from_zone='hand')"),
    ('zone17-stock-modal.scn', '【ACT】 [(1)] Your opponent puts the top 10 cards of their deck into their waiting room.',
     "act | cost 1 stock | do OppTopTo(zone='waiting_room', n=10)"),
    ('', '【AUTO】 When this card attacks, your opponent puts the top 20 cards of their deck into their waiting room.',
     "auto attacks | do OppTopTo(zone='waiting_room', n=20)"),
    ('', "【ACT】 [(2)] Put the top 6 cards of your opponent's deck into your opponent's waiting room.",
     "act | cost 2 stock | do OppTopTo(zone='waiting_room', n=6)"),
    ('zone17-memory-stage.scn', '【ACT】 [【REST】 this card] Choose 1 of your characters, and that character gets +X power until end of turn. X is equal to 1000 multiplied by the number of markers underneath this card.',
     "act | cost rest this card | do Pump(who='choose-own', power=1000, soul=0, per='markers')"),
    ('', '【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number of markers underneath this card ×500.',
     "auto attacks | do Pump(who='self', power=500, soul=0, per='markers')"),
    ('', '【AUTO】 When this card attacks, all of your characters get +X power until end of turn. X is equal to 500 multiplied by the number of markers underneath this card.',
     "auto attacks | do Pump(who='all-own', power=500, soul=0, per='markers')"),
    ('', '【ACT】 [(1)] This card gets +X soul until end of turn. X is equal to 1 multiplied by the number of markers underneath this card.',
     "act | cost 1 stock | do Pump(who='self', power=0, soul=1, per='markers')"),
    ('zone17-stock-modal.scn', '【ACT】 [(1)] You may choose and perform 1 of the following effects. "Draw 1 card." "Put the top card of your deck into your stock."',
     "act | cost 1 stock | do Modal(options=[(Draw(n=1, optional=False)) | (TopTo(zone='stock', n=1, optional=False))], may=True)"),
    ('', '【AUTO】 When this card is placed on the stage from your hand, you may choose and perform 1 of the following effects. "Choose 1 card in your hand, and put it in your waiting room." "Draw up to 2 cards, choose 1 card in your hand, and put it into your waiting room."',
     "auto placed | do Modal(options=[(HandTo(n=1, select=Select(kind='card'))) | (Draw(n=2, optional=False, at_most=True), HandTo(n=1, select=Select(kind='card')))], may=True)"),
    ('', 'You may choose 1 of the following effects, and perform it. "Draw 1 card." "Put the top card of your deck into your stock."',
     "effect | do Modal(options=[(Draw(n=1, optional=False)) | (TopTo(zone='stock', n=1, optional=False))], may=True)"),
    ('', 'Choose and perform 1 of the following effects. "Draw 1 card." "Choose 1 of your characters, and that character gets +1000 power until end of turn."',
     "effect | do Modal(options=[(Draw(n=1, optional=False)) | (Pump(who='choose-own', power=1000, soul=0))])"),
    ('', '【AUTO】 When this card is placed on the stage from your hand, draw 1 card, choose 1 card in your hand, and put it in your waiting room.',
     "auto placed | do Draw(n=1, optional=False); HandTo(n=1, select=Select(kind='card'))"),
    ('zone17-memory-stage.scn', '【AUTO】 Memory [(1)] If this card is in your memory, at the beginning of your main phase, you may pay the cost. If you do, put this card on any position of your back stage as 【REST】.',
     "auto memory begin:main | cost 1 stock | if this-in=memory | do SelfStage17(to='stage@back', rest=True)"),
    ('', '【AUTO】 Memory If this card is in your memory, at the beginning of your climax phase, you may put this card on any position of your stage.',
     "auto memory begin:climax | if this-in=memory | do SelfStage17(to='stage', may=True)"),
    ('', '【AUTO】 Memory [(2)] If this card is in your memory, at the beginning of your attack phase, you may pay the cost. If you do, put this card in an open position of your center stage.',
     "auto memory begin:attack | cost 2 stock | if this-in=memory | do SelfStage17(to='stage_open@center')"),
    ('zone17-costs.scn', '【ACT】 [(1)] Choose 1 card in your memory, and put it into your waiting room.',
     "act | cost 1 stock | do Salvage(name=None, kind='card', optional=False, to='waiting_room', from_zone='memory')"),
    ('', '【AUTO】 When this card attacks, choose up to 1 《Magic》 character in your memory, and return it to your hand.',
     "auto attacks | do Salvage(name=None, kind='character', optional=True, trait='Magic', from_zone='memory')"),
    ('', '【ACT】 [(2)] Choose 1 "Moonlit Blade" in your memory, and put it on any position of your stage.',
     "act | cost 2 stock | do Salvage(name='Moonlit Blade', kind='card', optional=False, to='stage', from_zone='memory')"),
    ('', '【ACT】 [(1)] Choose 1 climax in your climax area, and put it into your waiting room.',
     "act | cost 1 stock | do Salvage(name=None, kind='climax', optional=False, to='waiting_room', from_zone='climax')"),
    ('zone17-costs.scn', '【ACT】 [Put 1 《Gear》 character from your memory into your waiting room] Draw 1 card.',
     'act | cost 1 《Gear》 character(s) from the memory into the waiting room | do Draw(n=1, optional=False)'),
    ('zone17-costs.scn', '【ACT】 [Put 1 card from your waiting room into your clock] Draw 1 card.',
     'act | cost 1 card(s) from the waiting room into the clock | do Draw(n=1, optional=False)'),
    ('', "【ACT】 [(4) Put 1 card from your hand into your waiting room & Put 1 《Guilty Gear》 character from your memory into your waiting room] Choose 1 of your opponent's characters, and put it into your opponent's waiting room.",
     "act | cost 4 stock, 1 card(s) from hand, 1 《Guilty Gear》 character(s) from the memory into the waiting room | do OppTo(zone='waiting_room', n=1)"),
    ('', '【ACT】 [Put 1 "Vampire Bride" from your waiting room into your clock] Draw 1 card.',
     'act | cost 1 "Vampire Bride"(s) from the waiting room into the clock | do Draw(n=1, optional=False)'),
    ('', '【ACT】 [Put 2 cards from your waiting room into your memory] This card gets +2000 power until end of turn.',
     "act | cost 2 card(s) from the waiting room into the memory | do Pump(who='self', power=2000, soul=0)"),
    ('', '【ACT】 [Put 1 climax from your waiting room into your stock] Draw 1 card.',
     'act | cost 1 climax(s) from the waiting room into the stock | do Draw(n=1, optional=False)'),
    ('', '【ACT】 [Put 1 card from your clock into your waiting room] This card gets +1 soul until end of turn.',
     "act | cost 1 card(s) from the clock into the waiting room | do Pump(who='self', power=0, soul=1)"),
    ('', "【AUTO】 Accelerate [Put 1 《Rent-A-GF》 character from your waiting room into your clock] At the beginning of your opponent's climax phase, you may pay the cost. If you do, this card gets +2000 power until end of turn.",
     "auto accelerate begin:opp-climax | cost 1 《Rent-A-GF》 character(s) from the waiting room into the clock | do Pump(who='self', power=2000, soul=0)"),
]


def session17zone() -> list[dict]:
    """s17-wszone's lines: the zones and cards off the stage (shared slots widened, neighbouring wordings)."""
    return _with_goldens(S17Z)


# --- s15 quote (issue 13, fifteenth session, s15-wsquote): granted and nested abilities, and the options of "choose 1 of the
# following effects". The following ability given by an effect to all of your (other) [《T》] characters (8.2.1.2, 8.9.2:
# those on the stage as it resolves): quote15-grant-all-others.scn; an 【ACT】 ability given by a continuous ability or an
# effect, played as the character's own (8.9.1, 8.2.1.2, 6.5.1.2.3): quote15-cont-granted-act.scn; a granted ability or an
# option holding a card name in quotes (2.1.2): quote15-modal-named-option.scn; "the following ability."【AUTO】 …"" printed
# without a space after the period (expect lines from the rules first).
S15Q: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("quote15-grant-all-others.scn", "【ACT】 [(1)] All of your other characters get +1000 power and the following ability until "
     "end of turn. \"【AUTO】 When this card attacks, draw 1 card.\"",
     "act | cost 1 stock | do Grant(who='all-own', ability=<auto attacks | do Draw(n=1, optional=False)>, power=1000, soul=0, other=True)"),
    ("", "All of your characters get the following ability until end of turn. \"【AUTO】 This ability activates up to one time "
     "per turn. When damage dealt by this card is canceled, 【STAND】 this card.\"",
     "effect | do Grant(who='all-own', ability=<auto damage-canceled | limit 1 | do StandSelf()>, power=0, soul=0)"),
    ("", "【AUTO】 When this card attacks, if \"Shining Path\" is in your climax area, until end of turn, all of your characters "
     "get +2000 power and the following ability. \"【AUTO】 When this card's battle opponent becomes 【REVERSE】, put that "
     "character into your opponent's stock.\"",
     "auto attacks | if climax=shining path | do Grant(who='all-own', ability=<auto opp-reversed | do BattleOppTo(zone='stock')>, power=2000, soul=0)"),
    ("", "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, all of your other 《Music》 characters get the "
     "following ability until the end of your opponent's next turn. \"【AUTO】 When this card is frontal attacked, you may "
     "return this card to your hand.\"",
     "auto attacks | cost 1 stock | do Grant(who='all-own', ability=<auto frontal-attacked | do SelfTo(zone='hand', may=True)>, power=0, soul=0, trait='Music', other=True, until='opp-next')"),
    ("", "【CONT】 All of your other characters get the following ability.\"【CONT】 This card cannot side attack.\"",
     "cont | others +0 power +0 soul | gives <cont | cannot no-side-attack>"),
    ("", "【CONT】 If you have 3 or more cards in your stock, this card gets the following ability.\"【AUTO】 When this card "
     "becomes 【REVERSE】, if this card's battle opponent is level 0 or lower, you may 【REVERSE】 that character.\"",
     "cont | if count=3 or more card in your stock | self +0 power +0 soul | gives <auto reversed | if battle-opp-level=0- | do Reverse(who='battle-opp', may=True)>"),
    ("", "【ACT】 [【REST】 this card] Choose 1 of your characters, and that character gets the following ability until end of "
     "turn. \"【CONT】 During this card's battle, your opponent cannot play events or \"Backup\" from their hand.\"",
     "act | cost rest this card | do Grant(who='choose-own', ability=<cont | if in-battle | cannot backup+event:opp>, power=0, soul=0)"),
    ("quote15-modal-named-option.scn", "Choose 1 of the following effects, and perform it. \"Draw 1 card.\" \"Choose 1 "
     "\"Relic\" in your waiting room, and return it to your hand.\"",
     "effect | do Modal(options=[(Draw(n=1, optional=False)) | (Salvage(name='Relic', kind='card', optional=False))])"),
    ("", "Choose 1 of the following effects, and perform it. \"Draw 1 card.\" \"Choose 1 \"Michelle Stickers\" in your waiting "
     "room, and return it to your hand.\"",
     "effect | do Modal(options=[(Draw(n=1, optional=False)) | (Salvage(name='Michelle Stickers', kind='card', optional=False))])"),
    ("quote15-cont-granted-act.scn", "【CONT】 If your level is 2 or higher, this card gets the following ability. \"【ACT】 [(1) "
     "【REST】 this card] Choose 1 character in your waiting room, and return it to your hand.\"",
     "cont | if count=2 or more card in your level | self +0 power +0 soul | gives <act | cost 1 stock, rest this card | do Salvage(name=None, kind='character', optional=False)>"),
    ("", "【CONT】 If your level is 2 or higher, this card gets the following ability. \"【ACT】 [(1) Put 1 card from your hand "
     "into your waiting room & 【REST】 this card] Choose 1 \"The God King\" in your waiting room, and put it on any position "
     "of your stage.\"",
     "cont | if count=2 or more card in your level | self +0 power +0 soul | gives <act | cost 1 stock, 1 card(s) from hand, rest this card | do Salvage(name='The God King', kind='card', optional=False, to='stage')>"),
    ("", "【CONT】 If you have 2 or more cards in your memory, this card gets the following ability. \"【ACT】 [(1) Put this card "
     "into your waiting room] Choose 1 \"Smithee\" in your waiting room, and put it on the stage position that this card was "
     "on.\"",
     "cont | if memory=2 | self +0 power +0 soul | gives <act | cost 1 stock, put this card into the waiting room | do Salvage(name='Smithee', kind='card', optional=False, to='vacated')>"),
    ("", "【CONT】 All of your other characters get the following ability. \"【ACT】 [(1)] This card gets +1000 power until "
     "end of turn.\"", "cont | others +0 power +0 soul | gives <act | cost 1 stock | do Pump(who='self', power=1000, soul=0)>"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, this card gets the following ability until end of turn. "
     "\"【ACT】 [(2)] Deal 1 damage to your opponent.\" (Damage may be canceled)",
     "auto placed | do Grant(who='self', ability=<act | cost 2 stock | do Damage(n=1)>, power=0, soul=0)"),
]
# Encore in quotes (10.2.2) given by the opponent's continuous abilities to the character facing the card (3.6.5) or to all of
# their characters (8.9.1), by Assist (10.3.1), and after "the following ability." (8.2.1.2): quote15-opp-facing-encore.scn
S15Q += [
    ("quote15-opp-facing-encore.scn", "【CONT】 All of your opponent's characters get \"【AUTO】 Encore [(2)]\".",
     "cont | opp +0 power +0 soul | gives <auto encore to-waiting | cost 2 stock | optional>"),
    ("quote15-opp-facing-encore.scn", "【CONT】 The character facing this card gets \"【AUTO】 Encore [Put 1 character from your "
     "hand into your waiting room]\".",
     "cont | facing +0 power +0 soul | gives <auto encore to-waiting | cost 1 character(s) from hand | optional>"),
    ("", "【CONT】 The character facing this card gets \"【AUTO】 Encore [(2)]\".",
     "cont | facing +0 power +0 soul | gives <auto encore to-waiting | cost 2 stock | optional>"),
    ("", "【CONT】 All of your opponent's characters get \"【AUTO】 Encore [Put the top card of your deck into your clock]\".",
     "cont | opp +0 power +0 soul | gives <auto encore to-waiting | cost the top 1 card(s) of the deck into the clock | optional>"),
    ("quote15-assist-encore.scn", "【CONT】 Assist All of your characters in front of this card get \"【AUTO】 Encore ［Put a character from your hand into "
     "your waiting room］\".",
     "cont assist | front +0 power +0 soul | gives <auto encore to-waiting | cost 1 character(s) from hand | optional>"),
    ("", "【CONT】 Assist All of your 《Fleet Girl》 characters in front of this card get +500 power and the following ability. "
     "\"【AUTO】 Encore [Put a character from your hand into your waiting room]\"",
     "cont assist | front 《Fleet Girl》 +500 power +0 soul | gives <auto encore to-waiting | cost 1 character(s) from hand | optional>"),
    ("", "【AUTO】 When this card is frontal attacked, until end of turn, this card gets +1000 power and the following ability. "
     "\"【AUTO】 Encore ［Put a character from your hand into your waiting room］\".",
     "auto frontal-attacked | do Grant(who='self', ability=<auto encore to-waiting | cost 1 character(s) from hand | optional>, power=1000, soul=0)"),
    ("", "【CONT】 If you have 2 or more other characters, this card gets +1000 power and the following ability. \"【AUTO】 "
     "Encore [(1)]\"",
     "cont | if have-at-least=2 others | self +1000 power +0 soul | gives <auto encore to-waiting | cost 1 stock | optional>"),
]
# a gain and the following ability with durations of their own (8.2.1.2, 6.8.1.4), and a gained ability waiting for the
# beginning of the opponent's phase (8.7.2): quote15-split-duration-opp-begin.scn
S15Q += [
    ("quote15-split-duration-opp-begin.scn", "【ACT】 [(1)] This card gets +1500 power until end of turn and the following "
     "ability until the end of your opponent's next turn. \"【AUTO】 At the beginning of your opponent's attack phase, "
     "choose 1 of your opponent's characters, and that character gets -1 soul until end of turn.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<auto begin:opp-attack | do Pump(who='choose-opp', power=0, soul=-1)>, power=1500, soul=0, until='opp-next', gain_until='eot')"),
    ("", "【AUTO】 【CXCOMBO】 When this card attacks, if \"Blue Sea\" is in your climax area, and you have 2 or more other "
     "《Music》 characters, this card gets +1500 power until end of turn and the following ability until the end of your "
     "opponent's next turn. \"【AUTO】 When this card is frontal attacked, you may return this card to your hand.\"",
     "auto attacks | if climax=blue sea, have-at-least=2 others:Music | do Grant(who='self', ability=<auto frontal-attacked | do SelfTo(zone='hand', may=True)>, power=1500, soul=0, until='opp-next', gain_until='eot')"),
    ("", "【AUTO】 When this card attacks, this card gets +1000 power and the following ability until the end of your opponent's "
     "next turn. \"【AUTO】 At the beginning of your opponent's attack phase, choose 1 of your opponent's characters, and that "
     "character gets -2 soul until end of turn.\"",
     "auto attacks | do Grant(who='self', ability=<auto begin:opp-attack | do Pump(who='choose-opp', power=0, soul=-2)>, power=1000, soul=0, until='opp-next')"),
    ("", "【ACT】 [(1)] This card gets the following ability until the end of your opponent's next turn. \"【AUTO】 At the "
     "beginning of your opponent's climax phase, draw 1 card.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<auto begin:opp-climax | do Draw(n=1, optional=False)>, power=0, soul=0, until='opp-next')"),
]
# more than one ability given (8.9.1 while a continuous ability applies, 8.2.1.2 for a time): quote15-cont-two-abilities.scn
S15Q += [
    ("quote15-cont-two-abilities.scn", "【CONT】 If you have 2 or more other characters, this card gets the following 2 abilities. "
     "\"【AUTO】 When this card attacks, draw 1 card.\" \"【ACT】 [(1)] This card gets +1000 power until end of turn.\"",
     "cont | if have-at-least=2 others | self +0 power +0 soul | gives <auto attacks | do Draw(n=1, optional=False)> <act | cost 1 stock | do Pump(who='self', power=1000, soul=0)>"),
    ("", "【CONT】 Memory If your memory has 3 or more cards, this card gets the following 2 abilities. \"【AUTO】 At the beginning "
     "of your climax phase, choose 1 of your characters, and that character gets +500 power until the end of your opponent's "
     "next turn.\" \"【ACT】 [【REST】 this card] Draw 1 card, choose 1 card in your hand, and put it into your waiting room.\"",
     "cont memory | if memory=3 | self +0 power +0 soul | gives <auto begin:climax | do Pump(who='choose-own', power=500, soul=0, until='opp-next')> <act | cost rest this card | do Draw(n=1, optional=False); HandTo(n=1, select=Select(kind='card'))>"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, this card gets the following abilities until end of turn. "
     "\"【AUTO】 When this card attacks, draw 1 card.\" \"【CONT】 This card cannot side attack.\"",
     "auto placed | do Grant(who='self', ability=<auto attacks | do Draw(n=1, optional=False)>, power=0, soul=0, more=(<cont | cannot no-side-attack>))"),
    ("", "【CONT】 If you have 2 or more other characters, this card gets +1000 power and the following abilities. \"【AUTO】 When "
     "this card attacks, draw 1 card.\" \"【ACT】 [(1)] This card gets +1000 power until end of turn.\"",
     "cont | if have-at-least=2 others | self +1000 power +0 soul | gives <auto attacks | do Draw(n=1, optional=False)> <act | cost 1 stock | do Pump(who='self', power=1000, soul=0)>"),
    ("", "Until end of turn, all of your characters get the following abilities. \"【AUTO】 When this card attacks, draw 1 "
     "card.\" \"【CONT】 This card cannot side attack.\"",
     "effect | do Grant(who='all-own', ability=<auto attacks | do Draw(n=1, optional=False)>, power=0, soul=0, more=(<cont | cannot no-side-attack>))"),
]
# one of the following abilities chosen as the effect resolves (8.6.3) and given for a time (8.2.1.2): quote15-choose-ability.scn
S15Q += [
    ("quote15-choose-ability.scn", "【ACT】 [(1)] Choose 1 of the following abilities, and this card gets that ability until end "
     "of turn. \"【AUTO】 When this card attacks, draw 1 card.\" \"【CONT】 This card cannot side attack.\"",
     "act | cost 1 stock | do Modal(options=[(Grant(who='self', ability=<auto attacks | do Draw(n=1, optional=False)>, power=0, soul=0)) | (Grant(who='self', ability=<cont | cannot no-side-attack>, power=0, soul=0))])"),
    ("", "【AUTO】 At the beginning of your climax phase, choose 1 of the following abilities, and this card gets that ability "
     "until the end of your opponent's next turn. \"【AUTO】 When this card attacks, if the character facing this card is level "
     "3 or higher, this card gets +6000 power until end of turn.\" \"【AUTO】 When this card's battle opponent becomes "
     "【REVERSE】, you may put the top card of your deck into your stock.\"",
     "auto begin:climax | do Modal(options=[(Grant(who='self', ability=<auto attacks | if facing-level=3+ | do Pump(who='self', power=6000, soul=0)>, power=0, soul=0, until='opp-next')) | (Grant(who='self', ability=<auto opp-reversed | do TopTo(zone='stock', n=1, optional=True)>, power=0, soul=0, until='opp-next'))])"),
]
# a quoted action performed once (8.8.1), as Brainstorm's is per climax: quote15-perform-action.scn
S15Q += [
    ("quote15-perform-action.scn", "【AUTO】 When this card attacks, perform the following action. \"Put the top card of your "
     "deck into your waiting room. If that card is a climax, deal 1 damage to your opponent.\"",
     "auto attacks | do Perform(effects=(Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Damage(n=1)), cond=Select(kind='climax'))))"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, perform the following action. \"Draw 1 card, choose 1 card "
     "in your hand, and put it into your waiting room.\"",
     "auto placed | do Perform(effects=(Draw(n=1, optional=False), HandTo(n=1, select=Select(kind='card'))))"),
]
S15Q_REFUSED: list[tuple[str, str]] = [
    # (s16 quote: with a comma before "and the following ability" it is read now, one token `AND_FOLLOWING16`, in `S16Q`)
    ("【AUTO】 When this card attacks, perform the following action. \"【AUTO】 When this card attacks, draw 1 card.\"",
     "understanding stopped at"),
    ("【ACT】 [(1)] Choose 2 of the following abilities, and this card gets that ability until end of turn. \"【AUTO】 When this "
     "card attacks, draw 1 card.\" \"【CONT】 This card cannot side attack.\"", "choose … of the following abilities reads"),
    ("【CONT】 This card gets the following 3 abilities. \"【AUTO】 When this card attacks, draw 1 card.\" \"【ACT】 [(1)] This "
     "card gets +1000 power until end of turn.\"", "'the following 3 abilities' is followed by 3 quoted abilities"),
    ("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +1000 power until end of turn and "
     "the following ability until the end of your opponent's next turn. \"【AUTO】 When this card attacks, draw 1 card.\"",
     "stopped at"),
    ("【CONT】 All of your opponent's characters get +1 soul and \"【AUTO】 Encore [(2)]\".", "stopped at \"\"\""),
    ("【AUTO】 When this card attacks, all of your characters in front of this card get the following ability until end of "
     "turn. \"【AUTO】 When this card attacks, draw 1 card.\"", "goes to this card, to 1 of your characters chosen or to all"),
    ("【CONT】 If your level is 2 or higher, this card gets the following ability. \"【ACT】 This ability can be used up to 1 "
     "time per turn. [(1)] Draw 1 card.\"", "in the granted ability"),
]


def session15quote() -> list[dict]:
    """s15-wsquote's lines: granted and nested abilities and the options of "choose 1 of the following effects"
    (constructions that recur in the real texts)."""
    return _with_goldens(S15Q)

# --- s15 heads (issue 13, fifteenth session): the condition structure (8.3.3) read further: conditions joined by "and" with
# no comma, cards of a name counted in a zone (2.1.2), one card a player has in a zone, the opponent's characters counted
# within a bound (2.3.2.1.2, 2.6), all of your characters of a colour (2.4); timings on the trigger check (7.3.1.2): "When your
# climax triggers", a climax of a colour revealed; Assist under conditions (10.3.1); the character facing this card
# restricted from moving (3.6.5, 6.5.1.2.4); timings on the kind of an attack by any of your characters (7.2.1.4.1);
# this card placed on the stage by the effect of a card named (8.7.2, 2.1.2); a player restriction on the damage of the
# opponent's characters' 【AUTO】 effects (1.3.4, 8.1.1.2); a player restriction on events and Backup for a time (8.2.1.2). Executed by the goldens tests/scenarios/ws/head15-*.scn (expect lines
# from the rules first).
S15HEAD: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('head15-count-conds.scn', '【CONT】 If the number of cards named "Relic" in your waiting room is two or more, this card gets +1500 power.',
     'cont | if count=2 or more "Relic" in your waiting room | self +1500 power +0 soul'),
    ('', '【CONT】 If the number of "Relic" in your waiting room is two or more, this card gets -1 level while in your hand.',
     'cont | if count=2 or more "Relic" in your waiting room | levels -1 | in-hand'),
    ('', '【CONT】 If the number of cards named "Relic" in your memory is two or more, this card gets +2000 power.',
     'cont | if count=2 or more "Relic" in your memory | self +2000 power +0 soul'),
    ('head15-count-conds.scn', "【CONT】 If the number of your opponent's level 0 or lower characters is two or more, this card gets +2000 power.",
     "cont | if count=2 or more level 0 or lower character in your opponent's stage | self +2000 power +0 soul"),
    ('', "【AUTO】 When this card attacks, if the number of your opponent's 《Music》 characters is 2 or more, this card gets +1000 power until end of turn.",
     "auto attacks | if count=2 or more 《Music》 character in your opponent's stage | do Pump(who='self', power=1000, soul=0)"),
    ('head15-count-conds.scn', '【CONT】 If you do not have another card named "Miko", this card gets +1000 power.',
     'cont | if count=0 or less other "Miko" in your stage | self +1000 power +0 soul'),
    ('', '【AUTO】 When this card is placed on the stage from your hand, if you do not have another card named "Miko", 【REST】 this card.',
     'auto placed | if count=0 or less other "Miko" in your stage | do Rest(who=\'self\')'),
    ('head15-count-conds.scn', '【CONT】 If all of your characters are red, this card gets +500 power.',
     'cont | if all-colour=red | self +500 power +0 soul'),
    ('', '【AUTO】 When this card attacks, if all your characters are yellow, draw 1 card.',
     'auto attacks | if all-colour=yellow | do Draw(n=1, optional=False)'),
    ('', '【CONT】 If all your characters are 《Music》, this card gets +1000 power.',
     'cont | if all-trait=Music | self +1000 power +0 soul'),
    ('head15-and-conds.scn', '【AUTO】 When this card attacks, if a card named "Dream" is in your climax area and this card is in your center stage, draw 1 card.',
     'auto attacks | if climax=dream, this-in=center | do Draw(n=1, optional=False)'),
    ('head15-and-conds.scn', '【AUTO】 When this card attacks, if you have 1 "Dream" in your climax area and the number of other 《Music》 characters you have is two or more, draw 1 card.',
     'auto attacks | if count=1 or more "Dream" in your climax area, have-at-least=2 others:Music | do Draw(n=1, optional=False)'),
    ('', '【AUTO】 [(1)] At the beginning of your attack phase, if a card named "Dream" is in your climax area and this card is in your center stage, you may pay the cost. If you do, draw 1 card.',
     'auto begin:attack | cost 1 stock | if climax=dream, this-in=center | do Draw(n=1, optional=False)'),
    ('', '【AUTO】 When this card\'s battle opponent becomes 【REVERSE】, if you have a card named "Key Holder" in your climax area, draw 1 card.',
     'auto opp-reversed | if count=1 or more "Key Holder" in your climax area | do Draw(n=1, optional=False)'),
    ('', '【CONT】 If the number of characters you have with "Mami" or "Nagisa" in its card name is five or more, this card gets +1500 power.',
     'cont | if have-named-count=(\'5+\', \'all\', \'\', \'…Mami" or "…Nagisa\') | self +1500 power +0 soul'),
    ('head15-trigger-colour.scn', '【AUTO】 When your climax triggers, this card gets +1000 power until end of turn.',
     "auto trigger-reveals | do Pump(who='self', power=1000, soul=0)"),
    ('', '【AUTO】 [Put 1 climax from your hand into your waiting room] When your climax triggers, you may pay the cost. If you do, choose 1 character in your waiting room, and return it to your hand.',
     "auto trigger-reveals | cost 1 climax(s) from hand | do Salvage(name=None, kind='character', optional=False)"),
    ('head15-trigger-colour.scn', "【AUTO】 When your character's trigger check reveals a yellow climax, this card gets +2000 power until end of turn.",
     "auto trigger-reveals:yellow | do Pump(who='self', power=2000, soul=0)"),
    ('', "【AUTO】 [Put a card from your hand into your waiting room] When your character's trigger check reveals a yellow climax, you may pay the cost. If you do, draw 1 card.",
     'auto trigger-reveals:yellow | cost 1 card(s) from hand | do Draw(n=1, optional=False)'),
    ('head15-assist-conds.scn', '【CONT】 Assist During your turn, if your hand has 2 or more cards, all of your characters in front of this card get +500 power.',
     'cont assist | if your-turn, count=2 or more card in your hand | front +500 power +0 soul'),
    ('head15-assist-conds.scn', '【CONT】 Assist If you have 3 or more other 《Music》 characters, all of your characters in front of this card get +1000 power.',
     'cont assist | if have-at-least=3 others:Music | front +1000 power +0 soul'),
    ('', '【CONT】 Assist If the number of colors of your characters on stage is four or more, all of your characters in front of this card get +1000 power.',
     'cont assist | if colours=4+ | front +1000 power +0 soul'),
    ('', '【CONT】 Assist If you have 2 or more other 《Music》 characters, all of your 《Music》 characters in front of this card get +500 power.',
     'cont assist | if have-at-least=2 others:Music | front 《Music》 +500 power +0 soul'),
    ('', '【CONT】 Assist During your turn, all of your level 1 or lower characters in front of this card get +1000 power.',
     'cont assist | if your-turn | front +1000 power +0 soul | only level 1 or lower character'),
    ('head15-facing-no-move.scn', '【CONT】 The character facing this card cannot move to another position of the stage.',
     'cont | facing +0 power +0 soul | cannot no-move'),
    ('', '【CONT】 The character facing this card cannot move to another position on the stage.',
     'cont | facing +0 power +0 soul | cannot no-move'),
    ('', '【CONT】 During your turn, the character facing this card cannot move to another position of the stage.',
     'cont | if your-turn | facing +0 power +0 soul | cannot no-move'),
    ('head15-facing-granted.scn', '【CONT】 All of your other characters get the following ability. "【CONT】 The character facing this card cannot move to another position of the stage."',
     'cont | others +0 power +0 soul | gives <cont | facing +0 power +0 soul | cannot no-move>'),
    ('', '【AUTO】 When this card is placed on the stage from your hand, this card gets the following ability until the end of your opponent\'s next turn. "【CONT】 The character facing this card cannot move to another position of the stage."',
     "auto placed | do Grant(who='self', ability=<cont | facing +0 power +0 soul | cannot no-move>, power=0, soul=0, until='opp-next')"),
    ('head15-kind-attacks.scn', '【AUTO】 When your character direct attacks, this card gets +1000 power until end of turn.',
     "auto direct-attacks|other-direct-attacks | do Pump(who='self', power=1000, soul=0)"),
    ('head15-kind-attacks.scn', '【AUTO】 When your other character side attacks, this card gets +1000 power until end of turn.',
     "auto other-side-attacks | do Pump(who='self', power=1000, soul=0)"),
    ('', '【AUTO】 When your character direct attacks, choose 1 of your 《Hero》 characters, and that character gets +500 power until end of turn.',
     "auto direct-attacks|other-direct-attacks | do Pump(who='choose-own', power=500, soul=0, trait='Hero')"),
    ('', '【AUTO】 When your other character in battle becomes 【REVERSE】, choose 1 of your characters, and that character gets +1000 power until end of turn.',
     "auto other-reversed | do Pump(who='choose-own', power=1000, soul=0)"),
    ('head15-placed-by-any.scn', '【AUTO】 When this card is placed on the stage by the effect of "Rescuer", draw 1 card.',
     'auto placed-by:any:Rescuer | do Draw(n=1, optional=False)'),
    ('head15-placed-by-any.scn', '【AUTO】 When this card is placed on the stage from your hand or by the effect of "Rescuer", draw 1 card.',
     'auto placed|placed-by:any:Rescuer | do Draw(n=1, optional=False)'),
    ('head15-damage-ban.scn', "【CONT】 You cannot take damage from your opponent character's 【AUTO】 effects.",
     'cont | cannot auto-damage:self'),
    ('', "【CONT】 If you have 2 or more other 《Classmate》 characters, you cannot receive 1 or less damage by the 【AUTO】 effects of your opponent's characters.",
     'cont | if have-at-least=2 others:Classmate | cannot auto-damage1:self'),
    ('', "【CONT】 During this card's battle, you cannot receive damage by 【AUTO】 effects of your opponent's characters.",
     'cont | if in-battle | cannot auto-damage:self'),
    ('', "【CONT】 During your opponent's turn, you cannot take damage from your opponent's character's 【AUTO】 effects.",
     'cont | if opp-turn | cannot auto-damage:self'),
    ('head15-lasting-ban.scn', 'Until end of turn, all players cannot play event cards from hand.',
     "effect | do LastingBan(who='all', kinds='event', until='turn')"),
    ('head15-lasting-ban.scn', 'Until end of turn, your opponent cannot play event cards and "Backup" from hand.',
     "effect | do LastingBan(who='opp', kinds='backup+event', until='turn')"),
    ('', '【AUTO】 When this card attacks, draw 1 card, and your opponent cannot play event cards from their hand until end of turn.',
     "auto attacks | do Draw(n=1, optional=False); LastingBan(who='opp', kinds='event', until='turn')"),
    ('', "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, your opponent cannot play event cards from hand until the end of your opponent's next turn.",
     "auto attacks | cost 1 stock | do LastingBan(who='opp', kinds='event', until='opp-next')"),
]
S15HEAD_REFUSED = [
    ("【AUTO】 When this card attacks, if you have 2 \"Dream\" in your climax area, draw 1 card.",
     "in …' reads 1 here"),
    ("【CONT】 The character facing this card cannot side attack.", "restricted from moving only"),
    ("【AUTO】 When this card is placed on the stage by the effect of \"A\" or \"B\", draw 1 card.", "the effect of one card named"),
    ("Until end of turn, your opponent cannot play event cards and \"Encore\" from hand.", "for event cards and \"Backup\""),
]


def session15head() -> list[dict]:
    """s15-wshead's lines: the ability's head, eighth round (conditions and timings that recur in the real texts)."""
    return _with_goldens(S15HEAD)


# --- s15b headzone (issue 13, fifteenth session, s15b-wshz): a condition on every one of your characters' card names (2.1.2.2:
# a portion of the card name; 2.3.2.1.2: your characters on the stage), as "all of your characters are 《T》" reads a trait:
# head15b-all-named.scn; a player who cannot use Encore for a time (8.2.1.2, 1.3.4, 10.2.3): head15b-encore-ban.scn,
# head15b-encore-ban-opp.scn
# (expect lines written from the rules first).
S15HZ: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("head15b-all-named.scn",
     '【CONT】 If all of your characters have "Nino" in their card names, this card gets +1500 power.',
     'cont | if all-named=…Nino | self +1500 power +0 soul'),
    ("", '【CONT】 If all of your characters have "Nino(二乃)" or "Miku(三玖)" in their card names, this card gets +1500 power.',
     'cont | if all-named=…Nino(二乃)" or "…Miku(三玖) | self +1500 power +0 soul'),
    ("", '【CONT】 During your turn, if all of your characters have "Ichika" in its card name, this card gets +1000 power and '
     '+1 soul.', 'cont | if your-turn, all-named=…Ichika | self +1000 power +1 soul'),
    ("", '【AUTO】 When this card attacks, if all of your characters have "Yotsuba" in their card names, this card gets +2000 '
     'power until end of turn.', "auto attacks | if all-named=…Yotsuba | do Pump(who='self', power=2000, soul=0)"),
    ("", "【CONT】 During your opponent's turn, if all of your characters have \"Itsuki\" in their card names, all of your "
     "characters get +500 power.", 'cont | if opp-turn, all-named=…Itsuki | all +500 power +0 soul'),
    ("", '【AUTO】 【CXCOMBO】 When this card attacks, if "Summer Day" is in your climax area, and all of your characters have '
     '"Nino" in their card names, this card gets +3000 power until end of turn.',
     "auto attacks | if climax=summer day, all-named=…Nino | do Pump(who='self', power=3000, soul=0)"),
    # a player restriction for a time on Encore, the keyword's and the rule's (8.2.1.2, 1.3.4; 10.2.2, 10.2.3)
    ("head15b-encore-ban.scn",
     '【AUTO】 When this card becomes 【REVERSE】 in battle, you cannot use "【AUTO】 Encore" until end of turn. (You cannot use '
     'the "【AUTO】 Encore [(3)]" rule either)', "auto reversed | do EncoreBan15b(who='self', until='turn')"),
    ("head15b-encore-ban-opp.scn", '【AUTO】 When this card attacks, your opponent cannot use "【AUTO】 Encore" until end of turn.',
     "auto attacks | do EncoreBan15b(who='opp', until='turn')"),
    ("", '【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, until end of turn, your opponent cannot use '
     '"【AUTO】 Encore". (Your opponent cannot use the "【AUTO】 Encore [(3)]" rule either)',
     "auto attacks | cost 1 stock | do EncoreBan15b(who='opp', until='turn')"),
]


def session15hz() -> list[dict]:
    """s15b-wshz's lines: the ability's head and the zones off the stage (constructions that recur in the real texts)."""
    return _with_goldens(S15HZ)

# --- s15b bodyquote (issue 13, fifteenth session, s15b-wsbq): a revealed card's alternatives sharing one article ("a "Sun" or
# 《Music》 character", 4.9.1; 2.1.2) and the reveal reminder printed with its own period or naming "this damage" (4.9.1,
# 4.10.1): bodyquote15b-reveal-article.scn (expect lines written from the rules first).
S15BQ: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('bodyquote15b-reveal-article.scn',
     '【ACT】 [(1)] Reveal the top card of your deck. If that card is a "Sun" or 《Music》 character, put it into your hand. (Return the revealed card to its original place.)',
     "act | cost 1 stock | do RevealTop(select=Select(kind='card', alts=(Select(kind='card', name='Sun'), Select(kind='character', trait='Music'))), then=(RevealedTo(zone='hand')))"),
    ('bodyquote15b-reveal-article.scn',
     '【ACT】 [(1)] Reveal the top card of your deck. If that card is an 《Alien》 or 《Plant》 character, deal 1 damage to your opponent. (This damage may be canceled. The revealed card is returned to its original place)',
     "act | cost 1 stock | do RevealTop(select=Select(kind='character', trait='Alien》 or 《Plant'), then=(Damage(n=1)))"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is a 《hololive》 character, you may deal 1 damage to your opponent. (Damage may be canceled. Return the revealed card to its original place.)',
     "auto placed | do RevealTop(select=Select(kind='character', trait='hololive'), then=(Damage(n=1, may=True)))"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is a "In High Spirits" or 《Music》 character, choose 1 of your characters, and that character gets +3000 power until end of turn. (Return the revealed card to its original place)',
     "auto placed | do RevealTop(select=Select(kind='card', alts=(Select(kind='card', name='In High Spirits'), Select(kind='character', trait='Music'))), then=(Pump(who='choose-own', power=3000, soul=0)))"),
    ('',
     '【AUTO】 When this card attacks, reveal the top card of your deck. If the revealed card is a 《Royalty》 or 《Alchemy》 character, put it into your stock. (If it is not, return the revealed card to its original place.)',
     'auto attacks | do RevealTop(select=Select(kind=\'character\', trait=\'Royalty》 or 《Alchemy\'), then=(RevealedTo(zone=\'stock\')))'),
    ('',
     '【ACT】 [(1)] Reveal the top card of your deck. If that card is an event or 《Music》 character, put it into your hand. (Otherwise, return it to its original place.)',
     "act | cost 1 stock | do RevealTop(select=Select(kind='card', alts=(Select(kind='event'), Select(kind='character', trait='Music'))), then=(RevealedTo(zone='hand')))"),
    ('',
     '【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a level 1 or lower character, put it into your hand. (Otherwise, return it to its original place.)',
     "auto attacks | do RevealTop(select=Select(kind='character', level='<=1'), then=(RevealedTo(zone='hand')))"),
]

# what happens when the revealed card is not what the sentence names: "If it is not, …" (4.9.1; 8.8.1):
# bodyquote15b-reveal-otherwise.scn
S15BQ += [
    ("bodyquote15b-reveal-otherwise.scn",
     "【ACT】 [(1)] Reveal the top card of your deck. If that card is a climax, this card gets -1000 power until end of turn. "
     "If it is not, this card gets +2000 power until end of turn. (The revealed card is returned to its original place.)",
     "act | cost 1 stock | do RevealTop(select=Select(kind='climax'), then=(Pump(who='self', power=-1000, soul=0)), "
     "otherwise=(Pump(who='self', power=2000, soul=0)))"),
    ("", "【AUTO】 When this card frontal attacks, reveal the top card of your deck. If the revealed card is a climax, this "
     "card gets -4500 power until end of turn. If it is not, this card gets +4500 power until end of turn. (The revealed "
     "card is returned to its original place.)",
     "auto frontal-attacks | do RevealTop(select=Select(kind='climax'), then=(Pump(who='self', power=-4500, soul=0)), "
     "otherwise=(Pump(who='self', power=4500, soul=0)))"),
    ("", "【ACT】 [(1)] Reveal the top card of your deck. If that card is a 《Music》 character, put it into your hand. If it is "
     "not, this card gets +1000 power until end of turn.",
     "act | cost 1 stock | do RevealTop(select=Select(kind='character', trait='Music'), then=(RevealedTo(zone='hand')), "
     "otherwise=(Pump(who='self', power=1000, soul=0)))"),
]
S15BQ_REFUSED: list[tuple[str, str]] = [  # "If it is not, …" with no reveal before it, or after one that says "not" already
    ("【ACT】 [(1)] Draw 1 card. If it is not, this card gets +1000 power until end of turn.",
     "'If it is not, …' follows 'reveal the top card of your deck"),
    ("【ACT】 [(1)] Reveal the top card of your deck. If that card is not a 《Music》 character, 【REST】 this card. If it is not, "
     "this card gets +1000 power until end of turn.",
     "'If it is not, …' follows 'reveal the top card of your deck"),
]


def session15bq() -> list[dict]:
    """s15b-wsbq's lines: the reveal's alternatives and reminders (s15b bodyquote)."""
    return _with_goldens(S15BQ)


# --- s16 body (issue 13, sixteenth session, s16-wsbody): the effect body, generalised slots. One count for a continuous gain
# "for each …" (8.9.1; 4.6.1 state, 3.6.3 area, whose): body16-count-state.scn; one destination on the stage (3.6.1, 3.6.3:
# an area or one named position; 9.6.1 a character already there): body16-stage-area.scn (expect lines written from the
# rules first).
S16BODY: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("body16-count-state.scn", "【CONT】 During your turn, this card gets +500 power for each of your other 【REST】 characters.",
     "cont | if your-turn | self +500 power +0 soul | per others~rest"),
    ("body16-count-state.scn", "【CONT】 This card gets +1000 power for each character on your opponent's back stage.",
     "cont | self +1000 power +0 soul | per opp-back"),
    ("body16-count-state.scn", "【CONT】 This card gets +500 power for each of your opponent's 【REST】 characters.",
     "cont | self +500 power +0 soul | per opp~rest"),
    ("", "【CONT】 This card gets +500 power for each of your other 《Chaldea》 or 《Babylonia》 characters on your back stage.",
     "cont | self +500 power +0 soul | per others-back:Chaldea》 or 《Babylonia"),
    ("", "【CONT】 This card gets +1000 power for each of your 【STAND】 characters in your center stage.",
     "cont | self +1000 power +0 soul | per all~stand-center"),
    ("", "【CONT】 This card gets +1000 power for each of your opponent's 【REVERSE】 characters on your opponent's center stage.",
     "cont | self +1000 power +0 soul | per opp~reverse-center"),
    ("", "【CONT】 This card gets +500 power for each other character on your center stage.",
     "cont | self +500 power +0 soul | per others-center"),
    ("body16-stage-area.scn", "【ACT】 [(1)] Choose 1 character in your waiting room, and put it on any position of your back stage.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='stage@back')"),
    ("body16-stage-area.scn", "【ACT】 [(1)] Search your deck for up to 1 character, put it in the left position of your center "
     "stage, and shuffle your deck.",
     "act | cost 1 stock | do Search(n=1, select=Select(kind='character'), to='stage@CL')"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, you may choose 1 level 1 or lower character in your "
     "waiting room, and put it in an open position of your back stage.",
     "auto placed | do Salvage(name=None, kind='character', optional=False, may=True, to='stage_open@back', level='<=1')"),
    ("", "【AUTO】 [(2) Put 1 card from your hand into your waiting room] When this card is put into your waiting room from the "
     "stage, you may pay the cost. If you do, choose 1 \"Restless Pursuer\" in your waiting room, and put it on any stage "
     "position as 【REST】.",
     "auto to-waiting | cost 2 stock, 1 card(s) from hand | do Salvage(name='Restless Pursuer', kind='card', optional=False, "
     "to='stage', rest=True)"),
    ("", "【ACT】 [(1)] Choose 1 character in your hand, and put it in the right position of your back stage.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='stage@BR', from_zone='hand')"),
    ("", "【AUTO】 When this card attacks, search your deck for up to 1 《Band》 character, put it on any position of your center "
     "stage as 【REST】, and shuffle your deck.",
     "auto attacks | do Search(n=1, select=Select(kind='character', trait='Band'), to='stage@center', rest=True)"),
]
# a gain with no duration written lasts "during this game" (8.2.1.2; 3.1.4: while its character stays on the stage), read
# where a character is chosen: body16-game-duration.scn
S16BODY += [
    ("body16-game-duration.scn", "【ACT】 [(1)] Choose 1 of your characters, and that character gets +1000 power.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, until='game')"),
    ("body16-game-duration.scn", "【ACT】 [(1)] Choose 1 of your characters, and that character gets +500 power until end of "
     "turn.", "act | cost 1 stock | do Pump(who='choose-own', power=500, soul=0)"),
    ("", "【AUTO】 At the beginning of your climax phase, choose 1 of your characters, and that character gets +1000 power.",
     "auto begin:climax | do Pump(who='choose-own', power=1000, soul=0, until='game')"),
    ("", "【AUTO】 [Put this card into your waiting room] When your other 《Music》 character is frontal attacked, you may pay the "
     "cost. If you do, choose 1 of your characters in battle, and that character gets +2500 power.",
     "auto other-frontal-attacked:Music | cost put this card into the waiting room | do Pump(who='choose-battle', "
     "power=2500, soul=0, until='game')"),
    ("", "【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets -1000 power.",
     "act | cost 1 stock | do Pump(who='choose-opp', power=-1000, soul=0, until='game')"),
    ("", "【ACT】 [(1)] Choose 1 of your 《Music》 characters, and that character gets +1 level and +1000 power.",
     "act | cost 1 stock | do Pump(who='choose-own', power=1000, soul=0, trait='Music', until='game', levels=1)"),
]
# a gain printed with no stat, read as power in power's amounts (2.9; the step says the rules do not name it):
# body16-bare-gain.scn
S16BODY += [
    ("body16-bare-gain.scn", "【ACT】 [【REST】 this card] Choose 1 of your 《Revue》 characters, and that character gets +1000 until "
     "end of turn.", "act | cost rest this card | do Pump(who='choose-own', power=1000, soul=0, trait='Revue', bare=True)"),
    ("body16-bare-gain.scn", "【ACT】 [(1)] Choose 1 of your character with \"Star\" in its card name, and that character gets "
     "+2000 until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-own', power=2000, soul=0, select=Select(kind='character', name='…Star'), "
     "bare=True)"),
    ("", "【AUTO】 When this card attacks, this card gets +1500 until end of turn.",
     "auto attacks | do Pump(who='self', power=1500, soul=0, bare=True)"),
    ("", "【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets -1000 until end of your opponent's next "
     "turn.", "act | cost 1 stock | do Pump(who='choose-opp', power=-1000, soul=0, until='opp-next', bare=True)"),
]
# Brainstorm's count over the cards it flipped (10.7.1; 2.11.1 a trigger icon), for each or once "if there is" one (8.3.3),
# and its sentence's effects in turn (8.8.1): body16-brainstorm-count.scn
S16BODY += [
    ("body16-brainstorm-count.scn", "【ACT】 Brainstorm [(1)] Flip over 3 cards from the top of your deck, and put them into your "
     "waiting room. For each climax with [COMEBACK] in its trigger icon revealed among those cards, draw 1 card, and this "
     "card gets +1000 power until end of turn.",
     "act brainstorm | cost 1 stock | do Brainstorm(n=3, then=(Draw(n=1, optional=False), Pump(who='self', power=1000, "
     "soul=0)), counted=Select(kind='climax', icon='comeback'))"),
    ("body16-brainstorm-count.scn", "【ACT】 Brainstorm [(1)] Flip over 2 cards from the top of your deck, and put them into your "
     "waiting room. If there is a climax among those cards, draw 1 card.",
     "act brainstorm | cost 1 stock | do Brainstorm(n=2, then=Draw(n=1, optional=False), once=True)"),
    ("", "【ACT】 Brainstorm [(1) 【REST】 this card] Flip over 4 cards from the top of your deck, and put them into your waiting "
     "room. For each climax with [COMEBACK] in its trigger icon revealed among those cards, choose up to 1 character in your "
     "waiting room, and return it to your hand.",
     "act brainstorm | cost 1 stock, rest this card | do Brainstorm(n=4, then=Salvage(name=None, kind='character', "
     "optional=True), counted=Select(kind='climax', icon='comeback'))"),
    ("", "【ACT】 Brainstorm [(1) 【REST】 this card] Flip over 4 cards from the top of your deck, and put them into your waiting "
     "room. If there is a climax with [DRAW] in its trigger icon among those cards, choose 1 《Magic》 character in your "
     "waiting room, and return it to your hand.",
     "act brainstorm | cost 1 stock, rest this card | do Brainstorm(n=4, then=Salvage(name=None, kind='character', "
     "optional=False, trait='Magic'), counted=Select(kind='climax', icon='draw'), once=True)"),
    ("", "【ACT】 Brainstorm [(1)] Flip over 4 cards from the top of your deck, and put them into your waiting room. For each "
     "climax revealed among those cards, choose up to 1 cost 0 or lower character in your opponent's center stage, "
     "and put it into their waiting room.",
     "act brainstorm | cost 1 stock | do Brainstorm(n=4, then=OppTo(zone='waiting_room', n=1, at_most=True, "
     "select=Select(kind='character', cost='<=0'), area='center'))"),
]
# up to N cards of a name chosen and returned to the hand together (8.6.3.1.1; 2.1.2): body16-many-named.scn
S16BODY += [
    ("body16-many-named.scn", "【ACT】 [(1)] Choose up to 2 \"Alpha\" or \"Beta\" in your waiting room, and return them to your "
     "hand.", "act | cost 1 stock | do Salvage(name='Alpha\" or \"Beta', kind='card', optional=True, many=2)"),
    ("body16-many-named.scn", "【ACT】 Brainstorm [(1)] Flip over 2 cards from the top of your deck, and put them into your waiting "
     "room. For each climax revealed among those cards, choose up to 2 cards named \"Alpha Two\" in your waiting room, and "
     "return them to your hand.",
     "act brainstorm | cost 1 stock | do Brainstorm(n=2, then=Salvage(name='Alpha Two', kind='card', optional=True, many=2))"),
    ("", "【ACT】 Brainstorm [(1) 【REST】 this card] Flip over 4 cards from the top of your deck, and put them into your waiting "
     "room. For each climax revealed among those cards, choose up to 2 \"(LOL) Cult Member\" in your waiting room, and "
     "return them to your hand.",
     "act brainstorm | cost 1 stock, rest this card | do Brainstorm(n=4, then=Salvage(name='(LOL) Cult Member', kind='card', "
     "optional=True, many=2))"),
    ("", "【AUTO】 When this card attacks, choose up to two cards named \"\"Predation\" Titan\" in your waiting room, and return "
     "them to your hand.",
     "auto attacks | do Salvage(name='\"Predation\" Titan', kind='card', optional=True, many=2)"),
]
S16BODY_REFUSED: list[tuple[str, str]] = [
    ("【CONT】 This card gets +500 power for each of your 【REST】 characters on your opponent's back stage.",
     "'of your' characters are counted on your own stage"),
    ("【ACT】 [(1)] Choose up to 2 \"Alpha\" in your waiting room, and return it to your hand.", "reads 1 / one / a / an here"),
    ("【AUTO】 When this card attacks, this card gets +1 until end of turn.", "is read as power in multiples of 500"),
    # "this card gets …" with no duration is the 【CONT】 gain it reads as, never a one-shot's (8.2.1.2)
    ("【ACT】 [(1)] This card gets +1000 power.", "is 【CONT】, not 【ACT】"),
    ("【CONT】 This card gets +500 power for each of your opponent's characters on your back stage.",
     "counted on your opponent's stage"),
    ("【AUTO】 When this card attacks, choose 1 character in your waiting room, and put it in the middle position of your back "
     "stage.", "no middle one"),
]


def session16body() -> list[dict]:
    """s16-wsbody's lines: the effect body, sixteenth session (shared slots widened: the count, the stage destination)."""
    return _with_goldens(S16BODY)
# --- s16 head (issue 13, sixteenth session, s16-wshead): the condition structure widened and a stand phase skipped. A
# condition's selection takes a colour with a portion of the card name and alternatives joined by "or" (8.3.3; 2.4, 2.1.2.2,
# 2.5.3), a zone's count and "the number of your …" take that selection (chapter 3), every character of a player or an area
# is something ("if all of your opponent's characters are 《T》", 2.3.2.1.2, 4.6.1): head16-cond-select.scn, head16-all-are.scn,
# head16-all-are-none.scn (no character: the engine does not decide); a character kept from standing in its master's next
# stand phase (6.2.1.2, 1.3.4, 8.2.1.2): head16-no-stand.scn; a trigger icon printed as an image's file name,
# "[[comeback.gif]]" (2.11.1). Expect lines written from the rules first.
S16HEAD: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('head16-cond-select.scn',
     "【CONT】 If you have 2 or more green characters or characters with \"Shirou\" in its card name, this card gets +1000 power.",
     "cont | if count=2 or more a green character or character with \"Shirou\" in its card name in your stage | self +1000 power +0 soul"),
    ('',
     "【CONT】 If you have 4 or more green characters or characters with \"Shirou (士郎)\" in its card name, this card gets -1 level while in your hand.",
     "cont | if count=4 or more a green character or character with \"Shirou (士郎)\" in its card name in your stage | levels -1 | in-hand"),
    ('',
     "【AUTO】 When this card attacks, if you have 2 or more 《Music》 characters or characters with \"Rui\" in its card name, draw 1 card.",
     "auto attacks | if count=2 or more a 《Music》 character or character with \"Rui\" in its card name in your stage | do Draw(n=1, optional=False)"),
    ('',
     "【CONT】 If you have 3 or more red characters with \"Kaguya\" in its card name, this card gets +1500 power.",
     "cont | if count=3 or more red character with \"Kaguya\" in its card name in your stage | self +1500 power +0 soul"),
    ('head16-cond-select.scn',
     "【CONT】 If your memory has 2 or more 《Book》 characters, this card gets +1500 power.",
     "cont | if count=2 or more 《Book》 character in your memory | self +1500 power +0 soul"),
    ('',
     "【CONT】 If your memory has 3 or more characters with \"Yotsuba(四葉)\" in their card names, this card gets +1000 power.",
     "cont | if count=3 or more character with \"Yotsuba(四葉)\" in its card name in your memory | self +1000 power +0 soul"),
    ('',
     "【AUTO】 At the beginning of your climax phase, if your waiting room has 3 or more 《Music》 characters, draw 1 card.",
     "auto begin:climax | if count=3 or more 《Music》 character in your waiting room | do Draw(n=1, optional=False)"),
    ('',
     "【CONT】 If your opponent's waiting room has 4 or more climaxes, this card gets +1000 power.",
     "cont | if climax-in-waiting=opponent 4 | self +1000 power +0 soul"),
    ('head16-cond-select.scn',
     "【CONT】 If the number of your other green characters is two or more, this card gets +1000 power.",
     "cont | if count=2 or more other green character in your stage | self +1000 power +0 soul"),
    ('',
     "【CONT】 During your turn, if the number of your other blue characters is 2 or more, this card gets +500 power.",
     "cont | if your-turn, count=2 or more other blue character in your stage | self +500 power +0 soul"),
    ('head16-cond-select.scn',
     "【CONT】 If all of your opponent's characters are 《Target》, this card gets +2000 power.",
     "cont | if all-are=all of your opponent's characters are 《Target》 | self +2000 power +0 soul"),
    ('head16-all-are.scn',
     "【AUTO】 When this card attacks, if all of your opponent's characters are 《Target》, draw 1 card.",
     "auto attacks | if all-are=all of your opponent's characters are 《Target》 | do Draw(n=1, optional=False)"),
    ('head16-cond-select.scn',
     "【CONT】 If all of your other characters on the center stage are 【STAND】, this card gets +500 power.",
     "cont | if all-are=all of your other characters in the center stage are 【STAND】 | self +500 power +0 soul"),
    ('',
     "【AUTO】 When this card attacks, if all of your other characters on the center stage are 【STAND】, this card gets +1500 power until end of turn.",
     "auto attacks | if all-are=all of your other characters in the center stage are 【STAND】 | do Pump(who='self', power=1500, soul=0)"),
    ('',
     "【CONT】 If all of your characters in the back stage are yellow, this card gets +500 power.",
     "cont | if all-are=all of your characters in the back stage are yellow | self +500 power +0 soul"),
    ('',
     "【AUTO】 At the beginning of your encore step, if all characters in their center stage are 【REVERSE】, draw 1 card.",
     "auto begin:encore | if all-are=all of your opponent's characters in the center stage are 【REVERSE】 | do Draw(n=1, optional=False)"),
    ('',
     "【CONT】 If all of your characters are 《Prinny》 or have \"Etna\" in its card name, this card gets +2000 power.",
     "cont | if all-are=all of your characters are a 《Prinny》 character or \"Etna\" in its card name | self +2000 power +0 soul"),
    ('',
     "【CONT】 If all of your opponent's characters are red, this card gets +1000 power.",
     "cont | if all-are=all of your opponent's characters are red | self +1000 power +0 soul"),
    ('',
     "Choose one of your opponent's level 3 or lower characters. That character cannot 【STAND】 during your opponent's next stand phase. Choose one of your characters, and that character gets +2000 power until end of turn.",
     "effect | do NoStand(who='choose-opp', n=1, select=Select(kind='character', level='<=3')); Pump(who='choose-own', power=2000, soul=0)"),
    ('head16-no-stand.scn',
     "【ACT】 [(1)] Choose up to 2 of your opponent's level 0 or lower characters. Those characters cannot 【STAND】 during your opponent's next stand phase.",
     "act | cost 1 stock | do NoStand(who='choose-opp', n=2, at_most=True, select=Select(kind='character', level='<=0'))"),
    ('',
     "【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the cost. If you do, choose up to 2 of your opponent's level 0 or lower characters. Those characters cannot 【STAND】 during your opponent's next stand phase.",
     "auto placed | cost 1 stock | do NoStand(who='choose-opp', n=2, at_most=True, select=Select(kind='character', level='<=0'))"),
    ('head16-no-stand.scn',
     "【ACT】 [(1) 【REST】 this card] This card cannot 【STAND】 during your next stand phase.",
     "act | cost 1 stock, rest this card | do NoStand(who='self', n=1)"),
    ('',
     "【AUTO】 [【REST】 two of your 【STAND】 characters] When this card becomes 【REVERSE】 in battle, you may pay the cost. If you do, 【REST】 this card, and this card cannot 【STAND】 during your next stand phase.",
     "auto reversed | cost rest 2 of your characters | do Rest(who='self'); NoStand(who='self', n=1)"),
    ('',
     "【ACT】 [(2)] Choose 1 of your opponent's characters. That character cannot 【STAND】 during your opponent's next stand phase.",
     "act | cost 2 stock | do NoStand(who='choose-opp', n=1)"),
    ('',
     "【AUTO】 When your climax with [[comeback.gif]] in its trigger icon is placed on your climax area, this card gets +1000 power until end of turn.",
     "auto your-climax-placed:[comeback] | do Pump(who='self', power=1000, soul=0)"),
    ('',
     "【AUTO】 When a climax with [[treasure.gif]] in its trigger icon is placed on your climax area, this card gets +1000 power until end of turn.",
     "auto your-climax-placed:[treasure] | do Pump(who='self', power=1000, soul=0)"),
]
# costs (8.4.2) as cards also print them: three cards from the hand, "in your hand", "into your deck", "another 《T》
# character from your stage", "【REST】 this card and 1 of your other characters": head16-costs.scn
S16HEAD += [
    ('head16-costs.scn',
     "【ACT】 [Put 3 cards in your hand into your waiting room] Draw 1 card.",
     "act | cost 3 card(s) from hand | do Draw(n=1, optional=False)"),
    ('',
     "【AUTO】 【CXCOMBO】 [(5) Put 3 cards from your hand into your waiting room] When this card attacks, if \"Final Bell\" is in your climax area, you may pay the cost. If you do, deal 1 damage to your opponent.",
     "auto attacks | cost 5 stock, 3 card(s) from hand | if climax=final bell | do Damage(n=1)"),
    ('',
     "【AUTO】 [Put three 《Titan》 characters from your hand into your waiting room] At the beginning of your opponent's attack phase, you may pay the cost. If you do, draw 1 card.",
     "auto begin:opp-attack | cost 3 《Titan》 character(s) from hand | do Draw(n=1, optional=False)"),
    ('',
     "【AUTO】 【CXCOMBO】 [Put 2 cards in your hand into your waiting room & Put this card into your waiting room] When this card attacks, if \"Last Stand\" is in your climax area, you may pay the cost. If you do, deal 1 damage to your opponent.",
     "auto attacks | cost 2 card(s) from hand, put this card into the waiting room | if climax=last stand | do Damage(n=1)"),
    ('head16-costs.scn',
     "【ACT】 [【REST】 this card and 1 of your other characters] Draw 1 card.",
     "act | cost rest this card, rest 1 of your other characters | do Draw(n=1, optional=False)"),
    ('',
     "【ACT】 [(1) 【REST】 this card and 1 of your other 《Music》 characters] Choose 1 of your characters, and that character gets +1000 power until end of turn.",
     "act | cost 1 stock, rest this card, rest 1 of your other 《Music》 character(s) | do Pump(who='choose-own', power=1000, soul=0)"),
    ('head16-costs.scn',
     "【ACT】 [Put another 《Music》 character from your stage into your waiting room] Draw 1 card.",
     "act | cost 1 other 《Music》 character(s) from the stage into the waiting room | do Draw(n=1, optional=False)"),
    ('',
     "【AUTO】 [Put another character on your stage into your waiting room] When this card is placed on the stage from your hand, you may pay the cost. If you do, draw 1 card.",
     "auto placed | cost 1 other character(s) from the stage into the waiting room | do Draw(n=1, optional=False)"),
    ('',
     "【AUTO】 [Return two characters in your waiting room to your deck, and shuffle your deck] When this card attacks, you may pay the cost. If you do, this card gets +2000 power until end of turn.",
     "auto attacks | cost return 2 character(s) from the waiting room to the deck, shuffle your deck | do Pump(who='self', power=2000, soul=0)"),
    ('',
     "【AUTO】 [Return 2 characters from your waiting room into your deck & Shuffle your deck] When this card attacks, you may pay the cost. If you do, this card gets +2000 power until end of turn.",
     "auto attacks | cost return 2 character(s) from the waiting room to the deck, shuffle your deck | do Pump(who='self', power=2000, soul=0)"),
]
# timings as cards also print them: "At the end of turn" (as "… of the turn", 6.8.1), "… into the waiting room from your
# stage" (as "… into your waiting room from the stage")
S16HEAD += [
    ('',
     "【AUTO】 At the end of turn, if this card is 【REST】, draw 1 card.",
     "auto begin-any:end | if resting | do Draw(n=1, optional=False)"),
    ('',
     "【AUTO】 [(1)] When this card is put into the waiting room from your stage, you may pay the cost. If you do, draw 1 card.",
     "auto to-waiting | cost 1 stock | do Draw(n=1, optional=False)"),
    ('',
     "【AUTO】 When this card is put into your waiting room from your stage, choose 1 of your characters, and that character gets +1000 power until end of turn.",
     "auto to-waiting | do Pump(who='choose-own', power=1000, soul=0)"),
]
S16HEAD_REFUSED: list[tuple[str, str]] = [  # near misses, refused by name
    ('【CONT】 If you have 2 or more 《Music》 characters or other characters with "Rui" in its card name, this card gets +1000 '
     'power.', "'other' is written before the first of the alternatives"),
    ("【CONT】 If the number of your other climaxes is two or more, this card gets +1000 power.",
     "'the number of your …' counts characters"),
    ("【ACT】 [(1)] Choose 2 of your opponent's characters. Those characters cannot 【STAND】 during your opponent's next stand "
     "phase.", "is read with 'up to'"),
    ("【CONT】 This card cannot 【STAND】 during your next stand phase.", "not 【CONT】"),
    ("【ACT】 [(1) 【REST】 2 of your characters and 1 of your other characters] Draw 1 card.", "follows '【REST】 this card'"),
]


def session16head() -> list[dict]:
    """s16-wshead's lines: the condition structure widened, a stand phase skipped, an icon's image name (s16 head)."""
    return _with_goldens(S16HEAD)

# --- s16 quote (issue 13, sixteenth session): granted and nested abilities. A 【CONT】 ability given by an effect for a time
# (8.2.1.2) or by a continuous ability while it applies (8.9.1) is executed as the character's own text while its own
# conditions hold (`cardtext._held_cont16`, `view.held16`): a gain of its own power or soul, a restriction on it (with
# conditions now) or on a player (Backup, events, damage from 【AUTO】 effects), Great Performance (10.6.2); "the following
# abilities" holding a keyword ability without its period (Encore, Great Performance); the source's period printed again
# after the closing quote; Assist giving only the following ability; a gain and the following ability with a comma between
# their durations. Executed by the goldens tests/scenarios/ws/quote16-*.scn (expect lines from the rules first).
S16Q: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('quote16-held-gain.scn',
     '【ACT】 [(1)] This card gets the following ability until end of turn. "【CONT】 During your turn, this card gets +3000 power."',
     "act | cost 1 stock | do Grant(who='self', ability=<cont | if your-turn | self +3000 power +0 soul>, power=0, soul=0)"),
    ('quote16-held-gain.scn',
     '【CONT】 If you have 2 or more other characters, this card gets the following ability. "【CONT】 During your opponent\'s turn, this card gets +2000 power."',
     'cont | if have-at-least=2 others | self +0 power +0 soul | gives <cont | if opp-turn | self +2000 power +0 soul>'),
    ('',
     '【ACT】 [(1)] This card gets the following ability until end of turn. "【CONT】 This card gets +1000 power."',
     "act | cost 1 stock | do Grant(who='self', ability=<cont | self +1000 power +0 soul>, power=0, soul=0)"),
    ('quote16-given-backup-ban.scn',
     '【CONT】 This card gets +1000 power and the following ability. "【CONT】 During this card\'s battle, your opponent cannot play "Backup" from hand."',
     'cont | self +1000 power +0 soul | gives <cont | if in-battle | cannot backup:opp>'),
    ('quote16-granted-great-performance.scn',
     '【AUTO】 When this card is placed on the stage from your hand, this card gets the following abilities until the end of your opponent\'s next turn. "【CONT】 During your opponent\'s turn, this card gets +2000 power." "【CONT】 Great Performance"',
     "auto placed | do Grant(who='self', ability=<cont | if opp-turn | self +2000 power +0 soul>, power=0, soul=0, until='opp-next', more=(<cont great performance>))"),
    ('',
     '【CONT】 If you have 2 or more other characters, this card gets +1500 power and the following ability. "【CONT】 During this card\'s battle, you cannot receive damage by 【AUTO】 effects of your opponent\'s characters."',
     'cont | if have-at-least=2 others | self +1500 power +0 soul | gives <cont | if in-battle | cannot auto-damage:self>'),
    ('',
     '【AUTO】 When this card attacks, choose 1 of your characters, and that character gets the following ability until end of turn. "【CONT】 During your opponent\'s turn, this card cannot become 【REVERSE】."',
     "auto attacks | do Grant(who='choose-own', ability=<cont | if opp-turn | cannot no-reverse>, power=0, soul=0)"),
    ('',
     '【CONT】 If your level is 2 or higher, this card gets the following ability."【AUTO】 When this card attacks, draw 1 card.".',
     'cont | if count=2 or more card in your level | self +0 power +0 soul | gives <auto attacks | do Draw(n=1, optional=False)>'),
    ('',
     '【CONT】 Assist All of your characters in front of this card get the following ability. "【AUTO】 When this card\'s battle opponent becomes 【REVERSE】, draw 1 card."',
     'cont assist | front +0 power +0 soul | gives <auto opp-reversed | do Draw(n=1, optional=False)>'),
    ('',
     '【AUTO】 When this card attacks, this card gets +1000 power until end of turn, and the following ability until the end of your opponent\'s next turn. "【AUTO】 When this card is frontal attacked, you may return this card to your hand."',
     "auto attacks | do Grant(who='self', ability=<auto frontal-attacked | do SelfTo(zone='hand', may=True)>, power=1000, soul=0, until='opp-next', gain_until='eot')"),
    ('',
     '【CONT】 If you have 2 or more other characters, this card gets +1000 power and the following abilities. "【AUTO】 When this card attacks, draw 1 card." "【AUTO】 Encore [Put 1 character from your hand into your waiting room]"',
     'cont | if have-at-least=2 others | self +1000 power +0 soul | gives <auto attacks | do Draw(n=1, optional=False)> <auto encore to-waiting | cost 1 character(s) from hand | optional>'),
]
S16Q += [
    ("quote16-gained-watchers.scn", "【ACT】 [(1)] This card gets the following ability until end of turn. \"【AUTO】 When your "
     "other character attacks, this card gets +1000 power until end of turn.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<auto other-attacks | do Pump(who='self', power=1000, soul=0)>, "
     "power=0, soul=0)"),
    ("quote16-gained-watchers.scn", "【CONT】 This card gets the following ability. \"【AUTO】 When your other character "
     "attacks, this card gets +500 power until end of turn.\"",
     "cont | self +0 power +0 soul | gives <auto other-attacks | do Pump(who='self', power=500, soul=0)>"),
    ("", "【CONT】 If all of your characters are 《MARVEL》, this card gets the following abilities. \"【CONT】 During your turn, "
     "this card gets +3000 power.\" \"【AUTO】 [(1) Put this card into your memory] When your other 《MARVEL》 character is "
     "frontal attacked, you may pay the cost. If you do, return that character to your hand.\"",
     "cont | if all-trait=MARVEL | self +0 power +0 soul | gives <cont | if your-turn | self +3000 power +0 soul> <auto "
     "other-frontal-attacked:MARVEL | cost 1 stock, put this card into your memory | do ThatTo(dest='hand')>"),
    ("quote16-they-held-ban.scn", "Choose up to 2 of your characters, and they get the following ability until end of turn. "
     "\"【CONT】 This card cannot become 【REVERSE】.\"",
     "effect | do OwnPick(act='grant', n=2, at_most=True, select=Select(kind='character'), grant=Grant(who='chosen', "
     "ability=<cont | cannot no-reverse>, power=0, soul=0))"),
    ("", "Choose up to 2 of your 《Guilty Gear》 characters, and they get +1000 power until end of turn.",
     "effect | do OwnPick(act='gain', n=2, at_most=True, select=Select(kind='character', trait='Guilty Gear'), "
     "gain=Pump(who='chosen', power=1000, soul=0))"),
    ("quote16-held-assist.scn", "【CONT】 If you have 2 or more other characters, this card gets the following ability. "
     "\"【CONT】 Assist All of your characters in front of this card get +500 power.\"",
     "cont | if have-at-least=2 others | self +0 power +0 soul | gives <cont assist | front +500 power +0 soul>"),
    ("quote16-held-assist.scn", "【ACT】 [(1)] This card gets the following ability until end of turn. \"【CONT】 All of your "
     "other characters get +1000 power.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<cont | others +1000 power +0 soul>, power=0, soul=0)"),
    ("", "【CONT】 Experience If the total level of the cards in your level is 2 or higher, this card gets \"【CONT】 Assist "
     "During your turn, all of your characters in front of this card get +500 power.\".",
     "cont experience | if level=2 | self +0 power +0 soul | gives <cont assist | if your-turn | front +500 power +0 soul>"),
    ("", "【ACT】 [(1)] This card gets the following ability until end of turn. \"【CONT】 This card gets +500 power for each of "
     "your other characters.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<cont | self +500 power +0 soul | per others>, power=0, soul=0)"),
    ("quote16-granted-attack-timings.scn", "【ACT】 [(1)] This card gets the following abilities until end of turn. \"【AUTO】 When "
     "this card direct attacks, this card gets +1 soul until end of turn.\" \"【AUTO】 When this card's trigger check reveals "
     "a climax with [SOUL] in its trigger icon, draw 1 card.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<auto direct-attacks | do Pump(who='self', power=0, soul=1)>, power=0, "
     "soul=0, more=(<auto self-trigger-reveals:[soul] | do Draw(n=1, optional=False)>))"),
    ("", "【AUTO】 When this card attacks, all of your characters get the following ability until end of turn. \"【AUTO】 [Put 1 "
     "climax from your hand into your waiting room] When this card's trigger check reveals a climax, you may pay the cost. If "
     "you do, choose 1 character in your waiting room, and return it to your hand.\"",
     "auto attacks | do Grant(who='all-own', ability=<auto self-trigger-reveals | cost 1 climax(s) from hand | do "
     "Salvage(name=None, kind='character', optional=False)>, power=0, soul=0)"),
    ("", "【AUTO】 When this card is placed on the stage from your hand, this card gets the following ability until end of turn. "
     "\"【AUTO】 When this card frontal attacks, this card gets +1500 power until end of turn.\"",
     "auto placed | do Grant(who='self', ability=<auto frontal-attacks | do Pump(who='self', power=1500, soul=0)>, power=0, "
     "soul=0)"),
    ("quote16-end-of-own-attack.scn", "【ACT】 [(1)] This card gets the following ability until end of turn. \"【AUTO】 At the end "
     "of this card's attack, draw 1 card.\"",
     "act | cost 1 stock | do Grant(who='self', ability=<auto begin:end-of-attack | if attacker | do Draw(n=1, optional=False)>, power=0, soul=0)"),
    ("", "【CONT】 All of your other characters get the following ability. \"【CONT】 During your turn, this card gets +1000 "
     "power.\"", "cont | others +0 power +0 soul | gives <cont | if your-turn | self +1000 power +0 soul>"),
    ("quote16-placed-grant.scn",
     '【ACT】 [(1) Put this card into your waiting room] Choose 1 "Star" in your waiting room, put it in the stage position that '
     'this card was in, and that character gets +2500 power and the following ability until end of turn. "【AUTO】 When this '
     'card\'s battle opponent becomes 【REVERSE】, draw 1 card."',
     "act | cost 1 stock, put this card into the waiting room | do Salvage(name='Star', kind='card', optional=False, "
     "to='vacated'); Grant(who='placed', ability=<auto opp-reversed | do Draw(n=1, optional=False)>, power=2500, soul=0)"),
    ("", 'Choose up to 1 "Ai" in your hand, put it in any position of your stage, and that character gets the following ability '
     'until end of turn. "【CONT】 During this card\'s battle, your opponent cannot play event cards or "Backup" from their '
     'hand."',
     "effect | do Salvage(name='Ai', kind='card', optional=True, to='stage', from_zone='hand'); Grant(who='placed', "
     "ability=<cont | if in-battle | cannot backup+event:opp>, power=0, soul=0)"),
]
S16Q_REFUSED = [
    ("【ACT】 [(1)] Choose 1 of your opponent's characters, and that character gets the following ability until end of turn. "
     "\"【CONT】 During your turn, this card gets -1000 power.\"", "given to your opponent's character is not executed yet"),
    ('【CONT】 This card gets the following ability. "【CONT】 This card gets -1 level while in your hand."',
     "this 【CONT】 is not executed yet"),
    ('【AUTO】 When this card attacks, that character gets the following ability until end of turn. "【CONT】 This card cannot '
     'side attack."', "'that character gets …' follows 'choose … and put it on … your stage'"),
    ('【ACT】 [(1)] This card gets the following ability until end of turn. "【CONT】 If your level is 2 or higher, this card '
     'gets -1 level."', "a granted 【CONT】 ability is not executed yet"),
]


def session16quote() -> list[dict]:
    """s16-wsquote's lines: 【CONT】 abilities held by the character given them, and the neighbouring wordings of granted
    abilities (s16 quote)."""
    return _with_goldens(S16Q)

# --- s16b ws (issue 13, sixteenth session, s16b-ws): "When you use "X"" for a keyword ability (10.7.4 Brainstorm: its effect
# resolved; 10.12.3 Accelerate: its cost paid and its effect executed afterward), any of yours or this
# card's own: ws16b-accelerate-used.scn, ws16b-brainstorm-used.scn (expect lines from the rules first).
S16B: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ("ws16b-accelerate-used.scn", '【AUTO】 When you use "Accelerate", this card gets +1000 power until end of turn.',
     "auto used-accelerate | do Pump(who='self', power=1000, soul=0)"),
    ("", '【AUTO】 When you use "Accelerate", choose 1 of your characters, and that character gets +1000 power until end of '
     'turn.', "auto used-accelerate | do Pump(who='choose-own', power=1000, soul=0)"),
    ("ws16b-brainstorm-used.scn", '【AUTO】 When you use this card\'s "Brainstorm", this card gets +2000 power until end of turn.',
     "auto own-used-brainstorm | do Pump(who='self', power=2000, soul=0)"),
    ("ws16b-brainstorm-used.scn", '【AUTO】 When you use "Brainstorm", this card gets +1 soul until end of turn.',
     "auto used-brainstorm | do Pump(who='self', power=0, soul=1)"),
    ("", '【AUTO】 [(1)] When you use "Accelerate", you may pay the cost. If you do, draw 1 card.',
     "auto used-accelerate | cost 1 stock | do Draw(n=1, optional=False)"),
]
S16B_REFUSED = [
    ('【AUTO】 When you use "Resonate", draw 1 card.', "names the Backup keyword (10.5), \"Brainstorm\""),
    ('【AUTO】 When you use "Shift", this card gets +2000 power until end of turn.',
     "names the Backup keyword (10.5), \"Brainstorm\""),
]


def session16b() -> list[dict]:
    """s16b-ws's lines: "When you use "X"" for a keyword ability (s16b ws)."""
    return _with_goldens(S16B)


# --- s17 head (issue 13, seventeenth session): the head, conditions and restrictions, widened slots (grammar block "# s17 ws
# head", Transformer `_BuildHead17`). One duration "until (the) end of (the) turn" (8.2.1.2); a restriction on the opponent
# "until the end of their / his or her next turn" (refused for any other player); conditions joined by "and" alone, a later
# condition of a list without "if" / "and" ("…, your level is 2 or higher, and …"), a card in a zone after "and", "no" as a
# count; this card's orientation (4.6.1: "if this card is (not) 【REVERSE】", "… on your center stage and not 【REVERSE】"); the
# watched character of a timing by (a portion of) its name for every event (8.7.2; 2.1.2, 2.1.2.2); "from hand" in placed
# timings; costs "【REST】 N of your other characters and this card", "Put this card into your stock"; an 【ACT】 ability's own
# per-turn limit. Executed by the goldens tests/scenarios/ws/head17-*.scn (expect lines written from the rules first).
S17HEAD: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('',
     '【AUTO】 When this card attacks, this card gets +1000 power until the end of turn.',
     "auto attacks | do Pump(who='self', power=1000, soul=0)"),
    ('',
     '【COUNTER】 Choose 1 of your characters, and that character gets +2000 power until the end of the '
     'turn.',
     "effect counter | do Pump(who='choose-own', power=2000, soul=0)"),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your opponent's characters, and that character gets "
     '-1000 power until the end of turn.',
     "auto attacks | do Pump(who='choose-opp', power=-1000, soul=0)"),
    ('',
     '【AUTO】 When this card attacks, your opponent cannot play event cards from their hand until the '
     'end of their next turn.',
     "auto attacks | do LastingBan(who='opp', kinds='event', until='opp-next')"),
    ('head17-their-next-turn.scn',
     '【ACT】 [(1)] Your opponent cannot play event cards from their hand until the end of their next '
     'turn.',
     "act | cost 1 stock | do LastingBan(who='opp', kinds='event', until='opp-next')"),
    ('',
     '【AUTO】 When this card attacks, your opponent cannot use "【AUTO】 Encore" until the end of his or '
     'her next turn.',
     "auto attacks | do EncoreBan15b(who='opp', until='opp-next')"),
    ('',
     '【ACT】 [(2)] Your opponent cannot play event cards or "Backup" from his or her hand until the '
     'end of his or her next turn.',
     "act | cost 2 stock | do LastingBan(who='opp', kinds='backup+event', until='opp-next')"),
    ('head17-cond-list.scn',
     '【AUTO】 When this card attacks, if your level is 1 or higher, and your hand has no cards, draw 1 '
     'card.',
     'auto attacks | if count=1 or more card in your level, hand-at-most=0 | do Draw(n=1, '
     'optional=False)'),
    ('head17-cond-list.scn',
     '【AUTO】 When this card attacks, if "Lucky" is in your climax area, your level is 2 or higher, '
     'and "Charm" is in your memory, draw 1 card.',
     'auto attacks | if climax=lucky, count=2 or more card in your level, count=1 or more "Charm" in '
     'your memory | do Draw(n=1, optional=False)'),
    ('head17-cond-list.scn',
     '【AUTO】 When this card attacks, if this card is not 【REVERSE】, and your hand has no cards, draw '
     '1 card.',
     'auto attacks | if this-orient17=!reverse, hand-at-most=0 | do Draw(n=1, optional=False)'),
    ('',
     '【CONT】 If you have 2 or more other characters, and your hand has 3 or less cards, this card '
     'gets +1000 power.',
     'cont | if have-at-least=2 others, hand-at-most=3 | self +1000 power +0 soul'),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, if "Lucky" is in your climax area, '
     'your memory has 2 or more cards, and you have another 《Cat》 character, draw 1 card.',
     'auto placed | if climax=lucky, memory=2, have-at-least=1 others:Cat | do Draw(n=1, '
     'optional=False)'),
    ('',
     "【AUTO】 When this card attacks, if your opponent's level is 2 or higher, and your opponent's "
     'hand has no cards, this card gets +1000 power until end of turn.',
     "auto attacks | if count=2 or more card in your opponent's level, count=0 or less card in your "
     "opponent's hand | do Pump(who='self', power=1000, soul=0)"),
    ('',
     '【CONT】 If you have no other 《Cat》 characters, this card gets -1000 power.',
     'cont | if have-at-most=0 others:Cat | self -1000 power +0 soul'),
    ('',
     '【AUTO】 When this card attacks, if this card is in your center stage, and a card named "Charm" '
     'is in your waiting room, draw 1 card.',
     'auto attacks | if this-in=center, count=1 or more "Charm" in your waiting room | do Draw(n=1, '
     'optional=False)'),
    ('',
     '【AUTO】 At the beginning of your climax phase, if "Lucky" is in your climax area, your stock has '
     '3 or more cards, draw 1 card.',
     'auto begin:climax | if climax=lucky, count=3 or more card in your stock | do Draw(n=1, '
     'optional=False)'),
    ('head17-orient.scn',
     "【CONT】 During your opponent's turn, if this card is on your center stage and not 【REVERSE】, all "
     'of your other characters get +1000 power.',
     'cont | if opp-turn, this-in=center, this-orient17=!reverse | others +1000 power +0 soul'),
    ('head17-orient.scn',
     '【CONT】 If this card is 【REVERSE】, all of your other characters get +500 power.',
     'cont | if this-orient17=reverse | others +500 power +0 soul'),
    ('',
     '【AUTO】 When this card attacks, if this card is in the middle position of your center stage and '
     'not 【REVERSE】, draw 1 card.',
     'auto attacks | if this-in=middle, this-orient17=!reverse | do Draw(n=1, optional=False)'),
    ('',
     '【CONT】 During your turn, if this card is not 【STAND】, this card gets +1000 power.',
     'cont | if your-turn, this-orient17=!stand | self +1000 power +0 soul'),
    ('head17-watched-named.scn',
     '【AUTO】 When your other character with "Hitori" in its card name is frontal attacked, draw 1 '
     'card.',
     'auto other-frontal-attacked:"…Hitori" | do Draw(n=1, optional=False)'),
    ('head17-watched-named.scn',
     '【AUTO】 When your other "Kita" becomes 【REVERSE】, draw 1 card.',
     'auto other-reversed:"Kita" | do Draw(n=1, optional=False)'),
    ('head17-cond-list.scn',
     '【AUTO】 When another of your characters with "Seeker" in their card names attacks, this card '
     'gets +500 power until end of turn.',
     'auto other-attacks:"…Seeker" | do Pump(who=\'self\', power=500, soul=0)'),
    ('',
     '【AUTO】 When this card is placed on stage from hand, draw 1 card.',
     'auto placed | do Draw(n=1, optional=False)'),
    ('',
     '【AUTO】 When this card is placed on your climax area from hand, all of your characters get +1000 '
     'power until end of turn.',
     "auto climax-placed | do Pump(who='all-own', power=1000, soul=0)"),
    ('',
     '【AUTO】 When your other character is placed on stage from hand, this card gets +1000 power until '
     'end of turn.',
     "auto other-placed | do Pump(who='self', power=1000, soul=0)"),
    ('head17-costs.scn',
     '【ACT】 [【REST】 1 of your other characters and this card] Draw 1 card.',
     'act | cost rest this card, rest 1 of your other characters | do Draw(n=1, optional=False)'),
    ('head17-costs.scn',
     '【ACT】 [Put this card into your stock] Draw 1 card.',
     'act | cost put this card into your stock | do Draw(n=1, optional=False)'),
    ('',
     '【AUTO】 [【REST】 1 of your other 【STAND】 《Cat》 characters and this card] When this card is placed '
     'on the stage from your hand, you may pay the cost. If you do, this card gets +1500 power until '
     'end of turn.',
     'auto placed | cost rest this card, rest 1 of your other 《Cat》 character(s) | do '
     "Pump(who='self', power=1500, soul=0)"),
    ('',
     "【ACT】 [(1) 【REST】 2 of your other characters and this card] Choose 1 of your opponent's "
     'characters, and that character gets -1000 power until end of turn.',
     "act | cost 1 stock, rest this card, rest 2 of your other characters | do Pump(who='choose-opp', "
     'power=-1000, soul=0)'),
    ('',
     '【ACT】 [(1) Put this card into your stock] Choose 1 of your characters, and that character gets '
     '+1000 power until end of turn.',
     "act | cost 1 stock, put this card into your stock | do Pump(who='choose-own', power=1000, "
     'soul=0)'),
    ('head17-act-limit.scn',
     '【ACT】 [(1)] This ability activates up to 1 time per turn. Draw 1 card.',
     'act | cost 1 stock | limit 1 | do Draw(n=1, optional=False)'),
    ('head17-act-limit.scn',
     '【ACT】 [(1)] This ability can be used up to 2 times per turn. Draw 1 card.',
     'act | cost 1 stock | limit 2 | do Draw(n=1, optional=False)'),
    ('',
     '【ACT】 [【REST】 this card] This ability activates up to 1 time per turn. Choose 1 of your '
     'characters, and that character gets +1000 power until end of turn.',
     "act | cost rest this card | limit 1 | do Pump(who='choose-own', power=1000, soul=0)"),
    ('',
     "【ACT】 [(2)] This ability activates up to two times per turn. Choose 1 of your opponent's "
     'characters, and that character gets -500 power until end of turn.',
     "act | cost 2 stock | limit 2 | do Pump(who='choose-opp', power=-500, soul=0)"),
]
S17HEAD_REFUSED = [
    ('【AUTO】 When this card attacks, all players cannot play event cards from their hand until the '
     'end of their next turn.',
     "'their next turn' is read only for a restriction on your opponent"),
    ('【AUTO】 When this card attacks, you cannot use "【AUTO】 Encore" until the end of their next turn.',
     "'their next turn' is read only for a restriction on your opponent"),
    ('This ability activates up to 1 time per turn. Draw 1 card.',
     "'This ability … up to N times per turn' before sentences limits an 【ACT】 ability"),
]

def session17head() -> list[dict]:
    """s17-wshead's lines: the head, conditions and restrictions, widened slots (s17 head)."""
    return _with_goldens(S17HEAD)
# --- s17 body (issue 13, seventeenth session, s17-wsbody): shared slots widened in the effect body. A gain until end of turn
# to "all of your other (《T》) characters" (8.9.2; `Pump.other`); "that card" as the pronoun of a chosen or placed card; the
# revealed or milled card named "that character" / "that card" where it goes, and "that character gets" after it (4.9.1,
# 3.4.1: a milled card moved, `abilities.counts._milled_to`); up to N of the opponent's characters chosen by area, bound or trait
# (8.6.3.1.1, 3.6.3); a duration printed before the gain
# after a choice (8.2.1.2); the character facing this card chosen and given a gain (3.6.5); a portion of the card name after
# the zone and with a level or cost bound (2.1.2.2, 2.6, 2.7); a name as the first of a selection's alternatives (2.1.2); the
# own-level bound in more wordings (3.9.1); the middle position's character as a continuous gain's subject, "on" or "in",
# with or without "other", with a name portion (3.6.3); X counted over characters with a trait printed after them and over
# the markers underneath this card (8.8.1, 3.7.1); looking at the top of the opponent's deck and putting the cards back
# (4.8.1, `LookPut.whose`). Goldens: body17-gains.scn, body17-choices.scn, body17-opp-deck-look.scn,
# body17-revealed-placed.scn, body17-milled-to.scn. Expect lines written from the rules first.
S17BODY: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body17-gains.scn',
     '【ACT】 [(1)] All of your other characters get +1000 power until end of turn.',
     "act | cost 1 stock | do Pump(who='all-own', power=1000, soul=0, other=True)"),
    ('',
     '【AUTO】 When this card attacks, all of your other 《Music》 characters get +1000 power and +1 soul '
     'until end of turn.',
     "auto attacks | do Pump(who='all-own', power=1000, soul=1, trait='Music', other=True)"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, all of your other characters get +1 '
     "soul until the end of your opponent's next turn.",
     "auto placed | do Pump(who='all-own', power=0, soul=1, other=True, until='opp-next')"),
    ('',
     '【AUTO】 When this card attacks, put the top card of your deck into your waiting room, and all of '
     'your other characters get +1000 power until end of turn.',
     "auto attacks | do TopTo(zone='waiting_room', n=1, optional=False); Pump(who='all-own', power=1000, "
     'soul=0, other=True)'),
    ('body17-gains.scn',
     '【ACT】 [【REST】 this card] Choose 1 of your 《Revue》 characters, and that card gets +1500 power until '
     'end of turn.',
     "act | cost rest this card | do Pump(who='choose-own', power=1500, soul=0, trait='Revue')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's "
     'characters, and that card gets -1000 power until end of turn.',
     "auto placed | do Pump(who='choose-opp', power=-1000, soul=0)"),
    ('',
     '【AUTO】 When this card attacks, choose 1 character in your waiting room, put it on any position of '
     'your stage, and that card gets +3000 power until end of turn.',
     "auto attacks | do Salvage(name=None, kind='character', optional=False, to='stage'); "
     "Pump(who='placed', power=3000, soul=0)"),
    ('',
     '【AUTO】 When this card attacks, you may put the top card of your deck into your waiting room. If '
     'that card is a level 0 or lower character, put that character on any position of your back stage.',
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=1, optional=True), "
     "then=(RevealedTo(zone='stage@back')), cond=Select(kind='character', level='<=0'))"),
    ('',
     '【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a 《Music》 '
     'character, put that card into your hand.',
     "auto attacks | do RevealTop(select=Select(kind='character', trait='Music'), "
     "then=(RevealedTo(zone='hand')))"),
    ('body17-revealed-placed.scn',
     '【ACT】 [(1)] Reveal the top card of your deck. If that card is a 《Music》 character, put that '
     'character in an open position of your back stage, and that character gets +1000 power until end of '
     'turn.',
     "act | cost 1 stock | do RevealTop(select=Select(kind='character', trait='Music'), "
     "then=(RevealedTo(zone='stage_open@back'), Pump(who='placed', power=1000, soul=0)))"),
    ('',
     '【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a level 1 or '
     'lower character, put it on any position of your stage, and that card gets +3000 power until end of '
     'turn.',
     "auto attacks | do RevealTop(select=Select(kind='character', level='<=1'), "
     "then=(RevealedTo(zone='stage'), Pump(who='placed', power=3000, soul=0)))"),
    ('body17-choices.scn',
     "【ACT】 [(1)] Choose up to 2 characters in your opponent's center stage, and return them to his or "
     'her hand.',
     "act | cost 1 stock | do OppTo(zone='hand', n=2, at_most=True, area='center')"),
    ('',
     "【AUTO】 When this card attacks, choose up to 2 of your opponent's characters in the back stage, and "
     'put them into their waiting room.',
     "auto attacks | do OppTo(zone='waiting_room', n=2, at_most=True, area='back')"),
    ('',
     "【AUTO】 When this card attacks, choose up to two of your opponent's 《Music》 characters in the "
     'center stage, and return them to their hand.',
     "auto attacks | do OppTo(zone='hand', n=2, at_most=True, select=Select(kind='character', "
     "trait='Music'), area='center')"),
    ('',
     '【AUTO】 When this card attacks, choose 1 of your other characters, and until end of turn, that '
     'character gets +1500 power.',
     "auto attacks | do Pump(who='choose-own', power=1500, soul=0, other=True)"),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your opponent's characters, and until the end of your "
     "opponent's next turn, that character gets -1 soul.",
     "auto attacks | do Pump(who='choose-opp', power=0, soul=-1, until='opp-next')"),
    ('',
     '【AUTO】 When this card attacks, choose 1 of your 《Music》 characters, and until end of turn, that '
     'character gets +1 level and +1000 power.',
     "auto attacks | do Pump(who='choose-own', power=1000, soul=0, trait='Music', levels=1)"),
    ('',
     '【AUTO】 When this card attacks, choose 1 of your other characters and this card, and until end of '
     'turn, those cards get +1500 power and +1 soul.',
     "auto attacks | do ChosenAndSelf(pick=OwnPick(act='gain', n=1, select=Select(kind='character'), "
     "other=True, gain=Pump(who='chosen', power=1500, soul=1)))"),
    ('body17-choices.scn',
     '【ACT】 [(1)] Choose a character facing this card, and until end of turn, that character gets -1000 '
     'power.',
     "act | cost 1 stock | do Pump(who='facing', power=-1000, soul=0)"),
    ('',
     '【AUTO】 When this card attacks, choose a character facing this card, and that character gets -1 '
     'soul until end of turn.',
     "auto attacks | do Pump(who='facing', power=0, soul=-1)"),
    ('',
     '【AUTO】 When this card attacks, choose 1 character facing this card, and that character gets -500 '
     "power until the end of your opponent's next turn.",
     "auto attacks | do Pump(who='facing', power=-500, soul=0, until='opp-next')"),
    ('',
     '【AUTO】 When this card attacks, choose 1 character in your waiting room with "Arisa" or "Rimi" in '
     'its card name, and return it to your hand.',
     'auto attacks | do Salvage(name=\'…Arisa" or "…Rimi\', kind=\'character\', optional=False)'),
    ('body17-choices.scn',
     '【ACT】 [(1)] Choose 1 level 0 or lower character in your waiting room with "Kamijo" in its card '
     'name, and return it to your hand.',
     "act | cost 1 stock | do Salvage(name='…Kamijo', kind='character', optional=False, level='<=0')"),
    ('',
     '【AUTO】 When this card attacks, choose 1 level 0 or lower character with "Kamijo" in its card name '
     'in your waiting room, and put it on any position of your stage.',
     "auto attacks | do Salvage(name='…Kamijo', kind='character', optional=False, to='stage', "
     "level='<=0')"),
    ('',
     '【AUTO】 When this card attacks, choose 1 cost 0 or lower 《Music》 character in your waiting room '
     'with "Kamijo" in its card name, and return it to your hand.',
     "auto attacks | do Salvage(name='…Kamijo', kind='character', optional=False, trait='Music', "
     "cost='<=0')"),
    ('',
     '【AUTO】 When this card attacks, choose up to 1 level 1 or higher character in your clock with '
     '"Kamijo" in its card name, and return it to your hand.',
     "auto attacks | do Salvage(name='…Kamijo', kind='character', optional=True, from_zone='clock', "
     "level='>=1')"),
    ('',
     '【AUTO】 When this card attacks, choose 1 "Searching Together" or 《Anniversary》 or 《Afterglow》 '
     'character in your waiting room, and return it to your hand.',
     "auto attacks | do Salvage(name=None, kind='card', optional=False, select=Select(kind='card', "
     "alts=(Select(kind='card', name='Searching Together'), Select(kind='character', trait='Anniversary》 "
     "or 《Afterglow'))))"),
    ('body17-choices.scn',
     '【ACT】 [(1)] Choose 1 "Alpha" or 《Band》 character in your waiting room, and return it to your hand.',
     "act | cost 1 stock | do Salvage(name=None, kind='card', optional=False, select=Select(kind='card', "
     "alts=(Select(kind='card', name='Alpha'), Select(kind='character', trait='Band'))))"),
    ('',
     '【AUTO】 When this card attacks, choose up to 1 "Searching Together" or yellow character in your '
     'clock, and return it to your hand.',
     "auto attacks | do Salvage(name=None, kind='card', optional=True, from_zone='clock', "
     "select=Select(kind='card', alts=(Select(kind='card', name='Searching Together'), "
     "Select(kind='character', color='yellow'))))"),
    ('',
     '【AUTO】 When this card attacks, choose 1 "Searching Together" or climax in your waiting room, and '
     'put it into your stock.',
     "auto attacks | do Salvage(name=None, kind='card', optional=False, to='stock', "
     "select=Select(kind='card', alts=(Select(kind='card', name='Searching Together'), "
     "Select(kind='climax'))))"),
    ('',
     '【AUTO】 When this card attacks, choose an 《Alien》 or 《Plant》 character with a level equal to or '
     'less than your level in your waiting room, put it on any position of your stage, and that '
     'character gets +2000 power until end of turn.',
     "auto attacks | do Salvage(name=None, kind='character', optional=False, trait='Alien》 or 《Plant', "
     "to='stage', level='<=own'); Pump(who='placed', power=2000, soul=0)"),
    ('',
     '【AUTO】 When this card attacks, choose 1 character with a level lower than or equal to your level '
     'in your waiting room, and return it to your hand.',
     "auto attacks | do Salvage(name=None, kind='character', optional=False, level='<=own')"),
    ('body17-gains.scn',
     '【CONT】 Your other character on the middle position of the center stage gets +500 power.',
     'cont | others +500 power +0 soul | at CM'),
    ('',
     "【CONT】 During your opponent's turn, your other character on the middle position of your center "
     'stage gets +1000 power and +1 soul.',
     'cont | if opp-turn | others +1000 power +1 soul | at CM'),
    ('',
     '【CONT】 Memory If this card is in your memory, the character in the middle position of your center '
     'stage with "Honoka" in its card name gets +1000 power.',
     'cont memory | if this-in=memory | all +1000 power +0 soul | name …Honoka | at CM'),
    ('',
     '【CONT】 Memory If this card is in your memory, your 《Fleet Girl》 character in the middle position '
     'of the center stage gets +2000 power.',
     'cont memory | if this-in=memory | all 《Fleet Girl》 +2000 power +0 soul | at CM'),
    ('',
     '【CONT】 Your other character in the middle position of your center stage with "Honoka" or "Umi" in '
     'its card name gets +1000 power.',
     'cont | others +1000 power +0 soul | name …Honoka" or "…Umi | at CM'),
    ('body17-gains.scn',
     '【ACT】 [(1)] This card gets +X power until end of turn. X is equal to 500 multiplied by the number '
     'of characters you have with 《Revue》.',
     "act | cost 1 stock | do Pump(who='self', power=500, soul=0, per='all:Revue')"),
    ('',
     '【ACT】 [【REST】 this card] Choose one of your characters, and that character gets +X power until end '
     'of turn. X is equal to 1000 multiplied by the number of markers underneath this card.',
     "act | cost rest this card | do Pump(who='choose-own', power=1000, soul=0, per='markers')"),
    ('',
     '【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to 1000 '
     'multiplied by the number of other characters you have with 《Band》 or 《Music》.',
     "auto attacks | do Pump(who='self', power=1000, soul=0, per='others:Band》 or 《Music')"),
    ('',
     '【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to the number '
     'of characters you have with 《Music》 ×500.',
     "auto attacks | do Pump(who='self', power=500, soul=0, per='all:Music')"),
    ('body17-opp-deck-look.scn',
     "【ACT】 [(1)] Look at the top card of your opponent's deck, and put it on the top or at the bottom "
     'of their deck.',
     "act | cost 1 stock | do LookPut(n=1, up_to=False, dest='top-or-bottom', whose='opponent')"),
    ('body17-opp-deck-look.scn',
     "【ACT】 [(1)] Look at up to 2 cards from the top of your opponent's deck, and put them on the top of "
     'his or her deck in any order.',
     "act | cost 1 stock | do LookPut(n=2, up_to=True, dest='any-order', whose='opponent')"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, look at up to two cards from the top '
     "of your opponent's deck, and put them on the top of his or her deck in the original order.",
     "auto placed | do LookPut(n=2, up_to=True, dest='original', whose='opponent')"),
    ('',
     "【AUTO】 When this card attacks, look at the top 2 cards of your opponent's deck, and put them on "
     "the top of your opponent's deck in any order.",
     "auto attacks | do LookPut(n=2, up_to=False, dest='any-order', whose='opponent')"),
    ('body17-milled-to.scn',
     '【ACT】 [(1)] Put the top card of your deck into your waiting room. If that card is a level 0 or '
     'lower character, put that character on any position of your back stage, and that character gets '
     '+1000 power until end of turn.',
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), "
     "then=(RevealedTo(zone='stage@back'), Pump(who='placed', power=1000, soul=0)), "
     "cond=Select(kind='character', level='<=0'))"),
    ('body17-milled-to.scn',
     '【ACT】 [(1)] Put the top card of your deck into your waiting room. If that card is a character, put '
     'it into your hand.',
     "act | cost 1 stock | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), "
     "then=(RevealedTo(zone='hand')), cond=Select(kind='character'))"),
    ('',
     '【AUTO】 When this card attacks, you may put the top card of your deck into your waiting room. If '
     'that card is a 《Music》 character, put it in an open position of your center stage as 【REST】.',
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=1, optional=True), "
     "then=(RevealedTo(zone='stage_open@center', rest=True)), cond=Select(kind='character', "
     "trait='Music'))"),
    ('',
     '【AUTO】 When this card attacks, put the top card of your deck into your waiting room. If that card '
     'is a climax, put that card into your stock.',
     "auto attacks | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), "
     "then=(RevealedTo(zone='stock')), cond=Select(kind='climax'))"),
    ('',
     "【AUTO】 When this card attacks, choose up to 2 of your opponent's level 1 or lower characters, and "
     'put them into their waiting room.',
     "auto attacks | do OppTo(zone='waiting_room', n=2, at_most=True, select=Select(kind='character', "
     "level='<=1'))"),
    ('',
     "【AUTO】 When this card attacks, choose up to 2 of your opponent's cost 0 or lower characters in the "
     'center stage, and return them to his or her hand.',
     "auto attacks | do OppTo(zone='hand', n=2, at_most=True, select=Select(kind='character', "
     "cost='<=0'), area='center')"),
    ('',
     "【AUTO】 When this card attacks, look at the top card of your opponent's deck. Put it on the top or "
     'at the bottom of his or her deck.',
     "auto attacks | do LookPut(n=1, up_to=False, dest='top-or-bottom', whose='opponent')"),
]

S17BODY_REFUSED: list[tuple[str, str]] = [
    # a gain until end of turn reaches this card, a chosen character or all of your (other) (《T》) characters: a subject on
    # one position or of one name is read only by a continuous gain
    ("【AUTO】 When this card attacks, your other character in the middle position of the center stage gets +1000 power "
     "until end of turn.", "all of your characters (the other ones, or those of a trait) gets it"),
    ("【AUTO】 When this card attacks, all of your other cards named \"Alpha\" get +1000 power until end of turn.",
     "all of your characters (the other ones, or those of a trait) gets it"),
    # the milled card goes on into the hand, the stock or the stage; an opponent's milled card is not moved so
    ("【AUTO】 When this card attacks, put the top card of your deck into your waiting room. If that card is a character, put "
     "it into your waiting room.", "goes into your hand or stock, or on your stage"),
    ("【AUTO】 When this card attacks, put the top card of your opponent's deck into their waiting room. If that card is a "
     "character, put it into your hand.", "moves a card of your own deck"),
    # "top or bottom" is said of one card looked at
    ("【AUTO】 When this card attacks, look at up to 3 cards from the top of your opponent's deck, and put it on the top or at "
     "the bottom of their deck.", "follows 'look at the top card of your deck'"),
    # the opponent's top card put back follows the look at it
    ("【AUTO】 When this card attacks, draw 1 card, and put it on the top or at the bottom of their deck.",
     "follows 'look at the top card of your opponent's deck'"),
    # "that character gets" follows a placement on the stage
    ("【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a 《Music》 character, that character "
     "gets +3000 power until end of turn.", "follows 'choose … and put it on … your stage'"),
]


def session17body() -> list[dict]:
    """s17-wsbody's lines: the effect body, seventeenth session (shared slots widened: selections, references, gains)."""
    return _with_goldens(S17BODY)
# --- s17 misprint (issue 13, seventeenth session): card texts as users paste them from card databases, with their
# misprints. A word no reader knows, one edit from exactly one word the grammar reads there, is repaired and the
# repair reported (core.misprint); transcription damage the normaliser now undoes ("When?this?card?attacks", a space
# before a comma or a period). Lines marked "misprint" name the repairs (and stay out of the corpus's known words).
S17MISPRINT: list[tuple[str, str, str, list[list[str]]]] = [  # golden, text, summary, repairs (printed, read)
    ('', "【AUTO】 When this card attacks, choose 1 of your oppponent's characters, and that character gets -1000 power "
         "until end of turn.", "auto attacks | do Pump(who='choose-opp', power=-1000, soul=0)", [["oppponent's", "opponent's"]]),
    ('misprint-repaired.scn', "【CONT】 All of your other chracters get +500 power.", "cont | others +500 power +0 soul",
     [["chracters", "characters"]]),
    ('', "【CONT】 All of your other charcters get +500 power.", "cont | others +500 power +0 soul",
     [["charcters", "characters"]]),
    ('', "【AUTO】 When?this?card?attacks, choose 1 of your opponent's characters, and that character gets -1000 power "
         "until end of turn.", "auto attacks | do Pump(who='choose-opp', power=-1000, soul=0)", []),
    ('', "【AUTO】 When this card attacks, draw 1 card .", "auto attacks | do Draw(n=1, optional=False)", []),
    ('', "【AUTO】 When this card is placed on stage from your hand, draw 1 card , and put 1 card from your hand into your "
         "waiting room.", "auto placed | do Draw(n=1, optional=False); HandTo(n=1, select=Select(kind='card'))", []),
]
# Near misses that stay refused: a tie ("charcter": one edit from "character" and "characters"), an English word
# ("opponents"), two edits ("chractrs"), four misprints in one ability (3 at most are repaired).
S17MISPRINT_REFUSED: list[tuple[str, str]] = [
    ("【CONT】 All of your other charcter get +500 power.", 'understanding stopped at "charcter"'),
    ("【AUTO】 When this card attacks, choose 1 of your opponents characters, and that character gets -1000 power until "
     "end of turn.", 'understanding stopped at "opponents"'),
    ("【CONT】 All of your other chractrs get +500 power.", 'understanding stopped at "chractrs"'),
    ("【AUTO】 When this card attackss, choose 1 of your oppponent's chracters, and that charactter gets -1000 power "
     "until end of turn.", 'understanding stopped at "attackss"'),
]


def session17misprint() -> list[dict]:
    """s17 misprint's lines: misprinted wordings read with their repairs, and the database damage normalised."""
    scn = OUT.parents[1] / "scenarios" / "ws"
    return [{"text": text, "ast": ast, **({"misprint": fixes} if fixes else {}),
             **({"scenario": (scn / name).read_text(encoding="utf-8")} if name else {})}
            for name, text, ast, fixes in S17MISPRINT]


# --- s18 head (issue 13, eighteenth session, s18-wshead): the head, conditions and restrictions, widened slots. Conditions
# joined by "or" (8.3.3: either side fulfils it; `AnyOf`) and by "and" without a comma; a number compared exactly ("is six",
# "has exactly 4 cards"); two levels compared (2.6, 3.9.1, 7.2.1.5.1, 3.6.5; `LevelCompare`); each name of a list with its own
# "another"; a player restriction on "Backup" alone or with event cards, and one duration written first for a gain and a
# restriction (8.2.1.2, 1.3.4, 10.5.1); a timing watching this card or another character of yours (8.7.2); a climax's pair of
# trigger icons (2.11.1); a character's own restriction for a time without "the following ability" (8.2.1.2, `Grant`). Goldens:
# head18-cond-or.scn, head18-bans.scn, head18-this-or.scn, head18-compare.scn, head18-ban-for.scn, head18-climax-pair.scn,
# expect lines written from the rules first.
S18HEAD: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('head18-climax-pair.scn',
     '【AUTO】 When your climax with [DRAW] [DRAW] in its trigger icon is placed on your climax area, draw '
     '1 card.',
     'auto your-climax-placed:[draw+draw] | do Draw(n=1, optional=False)'),
    ('head18-climax-pair.scn',
     '【AUTO】 When a climax with [SOUL] [SOUL] in its trigger icon is placed on your climax area, this '
     'card gets +1000 power until end of turn.',
     "auto your-climax-placed:[soul+soul] | do Pump(who='self', power=1000, soul=0)"),
    ('head18-ban-for.scn',
     "【ACT】 [(1)] Choose 1 of your opponent's characters, and that character cannot be chosen by your "
     "opponent's effects until end of turn.",
     "act | cost 1 stock | do Grant(who='choose-opp', ability=<cont | cannot unchoosable>, power=0, "
     'soul=0)'),
    ('head18-ban-for.scn',
     '【ACT】 [(1)] Until end of turn, this card cannot side attack.',
     "act | cost 1 stock | do Grant(who='self', ability=<cont | cannot no-side-attack>, power=0, soul=0)"),
    ('head18-cond-or.scn',
     '【AUTO】 When this card attacks, if your memory has 3 or more cards or your level is 2 or higher, '
     'draw 1 card.',
     'auto attacks | if any=(memory=3) or (count=2 or more card in your level) | do Draw(n=1, '
     'optional=False)'),
    ('head18-cond-or.scn',
     '【AUTO】 When this card attacks, if your hand has 5 or more cards or there is a marker underneath '
     'this card, draw 1 card.',
     'auto attacks | if any=(count=5 or more card in your hand) or (count=1 or more marker underneath '
     'this card) | do Draw(n=1, optional=False)'),
    ('head18-cond-or.scn',
     '【AUTO】 When this card attacks, if your level is 2 or higher and the number of cards in your clock '
     'is three, draw 1 card.',
     'auto attacks | if count=2 or more card in your level, count=exactly 3 card in your clock | do '
     'Draw(n=1, optional=False)'),
    ('head18-cond-or.scn',
     '【CONT】 If the number of cards in your stock is 4, this card gets +1000 power.',
     'cont | if count=exactly 4 card in your stock | self +1000 power +0 soul'),
    ('head18-bans.scn',
     '【AUTO】 When this card attacks, until end of turn, this card gets +1000 power and your opponent '
     'cannot play "Backup" from hand.',
     "auto attacks | do Pump(who='self', power=1000, soul=0); LastingBan(who='opp', kinds='backup', "
     "until='turn')"),
    ('head18-this-or.scn',
     '【AUTO】 When this card or your other 《Angel》 character attacks, this card gets +1000 power until end '
     'of turn.',
     "auto attacks|other-attacks:Angel | do Pump(who='self', power=1000, soul=0)"),
    ('head18-this-or.scn',
     "【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is [SOUL] "
     '[SOUL], this card gets +2000 power until end of turn.',
     "auto trigger-reveals | if revealed-icon=soul+soul | do Pump(who='self', power=2000, soul=0)"),
    ('head18-compare.scn',
     "【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle opponent is lower than "
     'your level, you may 【REVERSE】 that character.',
     "auto reversed | if compare-levels=battle-opp < own | do Reverse(who='battle-opp', may=True)"),
    ('',
     '【CONT】 If your memory has 3 or more cards or your level is 3 or higher, this card gets +1500 power.',
     'cont | if any=(memory=3) or (count=3 or more card in your level) | self +1500 power +0 soul'),
    ('',
     '【AUTO】 When this card attacks, if you have no cards in your hand or your clock has 5 or more cards, '
     'this card gets +1 soul until end of turn.',
     'auto attacks | if any=(hand-at-most=0) or (count=5 or more card in your clock) | do '
     "Pump(who='self', power=0, soul=1)"),
    ('',
     '【CONT】 If this card is in your back stage or you have 2 or more 《Witch》 characters, all of your '
     'characters get +500 power.',
     'cont | if any=(this-in=back) or (have-at-least=2 all:Witch) | all +500 power +0 soul'),
    ('',
     "【AUTO】 At the beginning of your climax phase, if there are no characters in your opponent's back "
     'stage or all characters in their center stage are 【REVERSE】, draw 1 card.',
     "auto begin:climax | if any=(count=0 or less character in your opponent's back stage) or "
     "(all-are=all of your opponent's characters in the center stage are 【REVERSE】) | do Draw(n=1, "
     'optional=False)'),
    ('',
     '【AUTO】 When this card attacks, if your level is 2 or higher and your hand has 3 or less cards, draw '
     '1 card.',
     'auto attacks | if count=2 or more card in your level, hand-at-most=3 | do Draw(n=1, optional=False)'),
    ('',
     "【CONT】 If your opponent's level is 2 or higher or the number of cards in your waiting room is 10 or "
     'more, this card gets +1 soul.',
     "cont | if any=(count=2 or more card in your opponent's level) or (count=10 or more card in your "
     'waiting room) | self +0 power +1 soul'),
    ('',
     '【CONT】 If your stock has exactly 4 cards, this card gets +1000 power.',
     'cont | if count=exactly 4 card in your stock | self +1000 power +0 soul'),
    ('',
     '【AUTO】 When this card attacks, if the number of 《Knight》 characters you have is three, this card '
     'gets +1 soul until end of turn.',
     "auto attacks | if count=exactly 3 《Knight》 character in your stage | do Pump(who='self', power=0, "
     'soul=1)'),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, if your level is 0, draw 1 card.',
     'auto placed | if count=exactly 0 card in your level | do Draw(n=1, optional=False)'),
    ('',
     '【AUTO】 When this card attacks, your opponent cannot play "Backup" from their hand until end of '
     'turn.',
     "auto attacks | do LastingBan(who='opp', kinds='backup', until='turn')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, until the end of your opponent's next "
     'turn, this card gets +1 soul, and your opponent cannot play "Backup" from hand.',
     "auto placed | do Pump(who='self', power=0, soul=1, until='opp-next'); LastingBan(who='opp', "
     "kinds='backup', until='opp-next')"),
    ('',
     '【CONT】 During this card\'s battle, your opponent cannot play "Backup" or event cards from hand.',
     'cont | if in-battle | cannot backup+event:opp'),
    ('',
     '【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, until end of turn, this card '
     'gets +2000 power and your opponent cannot play event cards and "Backup" from hand.',
     "auto attacks | cost 1 stock | do Pump(who='self', power=2000, soul=0); LastingBan(who='opp', "
     "kinds='backup+event', until='turn')"),
    ('',
     '【ACT】 [(2)] Until end of turn, this card gets +1500 power and your opponent cannot use "【AUTO】 '
     'Encore".',
     "act | cost 2 stock | do Pump(who='self', power=1500, soul=0); EncoreBan15b(who='opp', until='turn')"),
    ('',
     "【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is [SOUL] "
     '[SOUL], draw 1 card.',
     'auto trigger-reveals | if revealed-icon=soul+soul | do Draw(n=1, optional=False)'),
    ('',
     "【CONT】 If your level is lower than your opponent's level, this card gets +1000 power.",
     'cont | if compare-levels=own < opp | self +1000 power +0 soul'),
    ('',
     "【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle opponent is lower than "
     'or equal to the level of this card, you may 【REVERSE】 that character.',
     "auto reversed | if compare-levels=battle-opp <= this | do Reverse(who='battle-opp', may=True)"),
    ('',
     '【AUTO】 When this card attacks, if the level of the character facing this card is higher than your '
     'level, this card gets +1 soul until end of turn.',
     "auto attacks | if compare-levels=facing > own | do Pump(who='self', power=0, soul=1)"),
    ('',
     '【AUTO】 When this card attacks, if you have another "Rain Song, Haru", another "Snow Song, Fuyu", '
     'and another "Wind Song, Aki", this card gets +3000 power until end of turn.',
     'auto attacks | if count=1 or more other "Rain Song, Haru" in your stage, count=1 or more other '
     '"Snow Song, Fuyu" in your stage, count=1 or more other "Wind Song, Aki" in your stage | do '
     "Pump(who='self', power=3000, soul=0)"),
    ('',
     '【AUTO】 When the damage dealt by this card is canceled, this card gets +1 soul until end of turn.',
     "auto damage-canceled | do Pump(who='self', power=0, soul=1)"),
    ('',
     '【AUTO】 When the battle opponent of this card becomes 【REVERSE】, you may put that character into '
     "your opponent's clock.",
     "auto opp-reversed | do BattleOppTo(zone='clock', may=True)"),
    ('',
     "【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle opponent is higher than "
     "this card's level, you may 【REVERSE】 that character.",
     "auto reversed | if compare-levels=battle-opp > this | do Reverse(who='battle-opp', may=True)"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, until the end of your opponent's next "
     "turn, this card cannot be chosen by your opponent's effects.",
     "auto placed | do Grant(who='self', ability=<cont | cannot unchoosable>, power=0, soul=0, "
     "until='opp-next')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's "
     "characters, and that character cannot frontal attack until the end of your opponent's next turn.",
     "auto placed | do Grant(who='choose-opp', ability=<cont | cannot no-frontal-attack>, power=0, "
     "soul=0, until='opp-next')"),
    ('',
     '【AUTO】 When this card attacks, this card cannot move to another position of the stage until end of '
     'turn.',
     "auto attacks | do Grant(who='self', ability=<cont | cannot no-move>, power=0, soul=0)"),
]



def session18_head() -> list[dict]:
    """s18-wshead's lines: the head, conditions and restrictions, widened slots (s18 head)."""
    return _with_goldens(S18HEAD)

# --- s18 body (issue 13, eighteenth session): shared selection slots widened. The area a chosen character is on (3.6.3) is
# one rule for the opponent's (`_opp_area`: every construction choosing 1 of their characters) and one for yours
# (`_own_area`: `pump_choose`, `own_pick`), and all of your (other, 《T》) characters on one area get a gain; "except this
# card" reads as "other"; a bound on your chosen character ("1 of your level 1 or lower characters") before a gain; damage
# dealt N times (4.10.1, each a damage process of its own) and damage dealt to yourself (4.10.1: the player named).
S18BODY: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body18-areas.scn',
     '【ACT】 [(1)] Choose 1 of your characters in your back stage, and that character gets +1000 power until end of turn.',
     "act | cost 1 stock | do OwnPick(act='gain', n=1, select=Select(kind='character'), gain=Pump(who='chosen', power=1000, soul=0), area='back')"),
    ('body18-areas.scn',
     '【ACT】 [(1)] All of your other characters in your center stage get +500 power until end of turn.',
     "act | cost 1 stock | do Pump(who='all-own', power=500, soul=0, other=True, area='center')"),
    ('body18-areas.scn',
     "【ACT】 [(1)] Choose 1 of your opponent's characters in their back stage, and 【REST】 it.",
     "act | cost 1 stock | do Rest(who='choose-opp', area='back')"),
    ('body18-areas.scn',
     "【ACT】 [(1)] Choose 1 of your opponent's characters in their center stage, and put it into their clock.",
     "act | cost 1 stock | do OppTo(zone='clock', n=1, area='center')"),
    ('body18-damage.scn',
     '【ACT】 [(1)] Deal 1 damage to your opponent 2 times. (Damage may be canceled)',
     'act | cost 1 stock | do Damage(n=1, times=2)'),
    ('body18-damage.scn',
     '【ACT】 [(1)] Deal 1 damage to yourself. (Damage may be canceled)',
     'act | cost 1 stock | do Damage(n=1, to_self=True)'),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your opponent's characters in your opponent's center stage, and that character gets -1000 power until end of turn.",
     "auto attacks | do Pump(who='choose-opp', power=-1000, soul=0, area='center')"),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your opponent's characters on the back stage, and 【REVERSE】 it.",
     "auto attacks | do Reverse(who='choose-opp', area='back')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's characters in his or her back stage, and return it to his or her hand.",
     "auto placed | do OppTo(zone='hand', n=1, area='back')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's characters in their back stage, and put it into their memory.",
     "auto placed | do OppTo(zone='memory', n=1, area='back')"),
    ('',
     "【AUTO】 When this card attacks, you may choose 1 of your opponent's characters in their center stage, and put it into their waiting room.",
     "auto attacks | do OppTo(zone='waiting_room', n=1, may=True, area='center')"),
    ('',
     "【AUTO】 When this card attacks, you may choose up to 1 of your opponent's characters in their center stage, and put it into their stock.",
     "auto attacks | do OppTo(zone='stock', n=1, at_most=True, may=True, area='center')"),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your opponent's characters in their back stage, and move it to an open position of their center stage.",
     "auto attacks | do OppShift(area='center', from_area='back')"),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your opponent's characters in their center stage, and that character gets +1 level until end of turn.",
     "auto attacks | do Pump(who='choose-opp', power=0, soul=0, area='center', levels=1)"),
    ('',
     '【AUTO】 When this card attacks, choose 1 of your characters in your center stage, and that character gets +1000 power until end of turn.',
     "auto attacks | do OwnPick(act='gain', n=1, select=Select(kind='character'), gain=Pump(who='chosen', power=1000, soul=0), area='center')"),
    ('',
     '【ACT】 [【REST】 this card] Choose 1 of your level 1 or lower characters, and that character gets +1500 power until end of turn.',
     "act | cost rest this card | do OwnPick(act='gain', n=1, select=Select(kind='character', level='<=1'), gain=Pump(who='chosen', power=1500, soul=0))"),
    ('',
     '【ACT】 [【REST】 this card] Choose 1 of your other 《Music》 characters in your center stage, and that character gets +1 soul until end of turn.',
     "act | cost rest this card | do OwnPick(act='gain', n=1, select=Select(kind='character', trait='Music'), other=True, gain=Pump(who='chosen', power=0, soul=1), area='center')"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, choose 1 of your other characters in your center stage, and 【STAND】 it.',
     "auto placed | do OwnPick(act='stand', n=1, select=Select(kind='character'), other=True, area='center')"),
    ('',
     '【ACT】 [(1)] Choose 1 of your characters in your back stage, and move it to an open position of your center stage.',
     "act | cost 1 stock | do OwnPick(act='move:center', n=1, select=Select(kind='character'), area='back')"),
    ('',
     '【AUTO】 When this card attacks, choose up to 2 of your characters on the center stage, and those characters get +1000 power until end of turn.',
     "auto attacks | do OwnPick(act='gain', n=2, at_most=True, select=Select(kind='character'), gain=Pump(who='chosen', power=1000, soul=0), area='center')"),
    ('',
     '【ACT】 [(2)] Choose 1 of your characters in your center stage, and return it to your hand.',
     "act | cost 2 stock | do OwnPick(act='hand', n=1, select=Select(kind='character'), area='center')"),
    ('',
     '【AUTO】 When this card attacks, all of your characters except this card get +1 soul until end of turn.',
     "auto attacks | do Pump(who='all-own', power=0, soul=1, other=True)"),
    ('',
     '【AUTO】 When this card attacks, all of your 《Music》 characters except this card get +1000 power until end of turn.',
     "auto attacks | do Pump(who='all-own', power=1000, soul=0, trait='Music', other=True)"),
    ('',
     '【CONT】 All of your characters except this card get +500 power.',
     'cont | others +500 power +0 soul'),
    ('',
     '【AUTO】 When this card attacks, all of your characters in your center stage get +1000 power until end of turn.',
     "auto attacks | do Pump(who='all-own', power=1000, soul=0, area='center')"),
    ('',
     '【AUTO】 When this card attacks, all of your 《Music》 characters on the back stage get +1 soul until end of turn.',
     "auto attacks | do Pump(who='all-own', power=0, soul=1, trait='Music', area='back')"),
    ('',
     '【AUTO】 When this card attacks, all of your other 《Music》 characters in your center stage get +500 power and +1 soul until end of turn.',
     "auto attacks | do Pump(who='all-own', power=500, soul=1, trait='Music', other=True, area='center')"),
    ('',
     "【AUTO】 When this card's battle opponent becomes 【REVERSE】, deal 1 damage to your opponent 3 times. (Damage may be canceled)",
     'auto opp-reversed | do Damage(n=1, times=3)'),
    ('',
     '【AUTO】 When this card attacks, you may deal 1 damage to your opponent 2 times. (Damage may be canceled)',
     'auto attacks | do Damage(n=1, times=2, may=True)'),
    ('',
     '【AUTO】 When this card attacks, deal one damage to your opponent two times. (Damage may be canceled)',
     'auto attacks | do Damage(n=1, times=2)'),
    ('',
     '【AUTO】 At the end of your turn, deal one damage to yourself. (Damage may be canceled)',
     'auto begin:end | do Damage(n=1, to_self=True)'),
    ('',
     '【AUTO】 When this card attacks, you may deal 1 damage to yourself. (Damage may be canceled)',
     'auto attacks | do Damage(n=1, may=True, to_self=True)'),
    ('',
     '【ACT】 [(1)] Deal 2 damage to yourself 2 times. (Damage may be canceled)',
     'act | cost 1 stock | do Damage(n=2, times=2, to_self=True)'),
    # a gain counted 'for each' until end of turn (Pump.per, counted once as it resolves, 8.8.1); draws and mills of any
    # count, in words too (4.5.1, 3.2.3)
    ('body18-each.scn',
     '【ACT】 [(1)] This card gets +500 power for each of your other characters until end of turn.',
     "act | cost 1 stock | do Pump(who='self', power=500, soul=0, per='others')"),
    ('body18-each.scn',
     '【ACT】 [(1)] This card gets +1000 power for each of your 【REST】 characters until end of turn.',
     "act | cost 1 stock | do Pump(who='self', power=1000, soul=0, per='all~rest')"),
    ('body18-each.scn',
     '【ACT】 [(1)] For each of your other 《Music》 characters, this card gets +1 soul until end of turn.',
     "act | cost 1 stock | do Pump(who='self', power=0, soul=1, per='others:Music')"),
    ('',
     '【AUTO】 When this card attacks, this card gets +1000 power for each of your other 《Music》 characters until end of turn.',
     "auto attacks | do Pump(who='self', power=1000, soul=0, per='others:Music')"),
    ('',
     '【AUTO】 When this card attacks, all of your characters get +500 power for each of your other characters until end of turn.',
     "auto attacks | do Pump(who='all-own', power=500, soul=0, per='others')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, for each of your characters, this card gets +500 power until the end of your opponent's next turn.",
     "auto placed | do Pump(who='self', power=500, soul=0, per='all', until='opp-next')"),
    ('',
     '【AUTO】 When this card attacks, draw up to three cards, choose 2 cards in your hand, and put them into your waiting room.',
     "auto attacks | do Draw(n=3, optional=False, at_most=True); HandTo(n=2, select=Select(kind='card'))"),
    ('',
     '【AUTO】 When this card attacks, put the top four cards of your deck into your waiting room.',
     "auto attacks | do TopTo(zone='waiting_room', n=4, optional=False)"),
    ('',
     '【ACT】 [(1)] Draw 3 cards, choose 2 cards in your hand, and put them into your waiting room.',
     "act | cost 1 stock | do Draw(n=3, optional=False); HandTo(n=2, select=Select(kind='card'))"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, put the top five cards of your deck into your stock.',
     "auto placed | do TopTo(zone='stock', n=5, optional=False)"),
]
# a defending character or one in battle is chosen as it is: no bound or area is read with it
S18BODY_REFUSED: list[tuple[str, str]] = [
    ("Choose 1 of your defending characters in your center stage, and that character gets +1000 power until end of turn.",
     "a defending character or one in battle is chosen without a bound or an area"),
    ("Choose 1 of your level 1 or lower characters in battle, and that character gets +1000 power until end of turn.",
     "a defending character or one in battle is chosen without a bound or an area"),
]


def session18_body() -> list[dict]:
    """s18-wsbody's lines: the effect body, eighteenth session (areas of a selection, gains, damage N times / to yourself)."""
    return _with_goldens(S18BODY)

# --- s18 zone (issue 13, eighteenth session, s18-wszone): an effect that waits for the beginning of a phase of its master's
# next turn (8.7.5 timed activation; 8.1.1.2.1), the memory flicker and its neighbours (that character / this card, the draw,
# main, climax phase or the encore step, "If you do," or a sentence of its own): zone18-memory-flicker-next-draw.scn,
# zone18-if-you-do-next-draw.scn; "you may put this card into your waiting room / clock. If you do, …" (8.6.3; 3.4.1, 3.8.1)
# and "you may return this card to your hand. If you do, …": zone18-may-self-to-waiting-clock.scn (expect lines from the
# rules first).
S18Z: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('zone18-memory-flicker-next-draw.scn',
     '【ACT】 [(1)] Choose 1 of your other characters, put that character into your memory, and at the beginning of your next draw phase, put that character in your memory on any position of your stage.',
     "act | cost 1 stock | do OwnPick(act='memory', n=1, select=Select(kind='character'), other=True); AtNextPhase(phase='draw', who='memory', ability=<auto begin:draw | do SelfStage17(to='stage', that=True, within='memory')>)"),
    ('',
     '【AUTO】 When this card attacks, choose up to 1 of your other characters, put that character into your memory, and at the beginning of your next draw phase, put that character in your memory on any position of your stage.',
     "auto attacks | do OwnPick(act='memory', n=1, at_most=True, select=Select(kind='character'), other=True); AtNextPhase(phase='draw', who='memory', ability=<auto begin:draw | do SelfStage17(to='stage', that=True, within='memory')>)"),
    ('',
     '【AUTO】 When this card attacks, choose 1 of your other characters, and put it into your memory. At the beginning of your next main phase, put that character from your memory on any position of your stage.',
     "auto attacks | do OwnPick(act='memory', n=1, select=Select(kind='character'), other=True); AtNextPhase(phase='main', who='memory', ability=<auto begin:main | do SelfStage17(to='stage', that=True, within='memory')>)"),
    ('',
     '【AUTO】 At the beginning of your encore step, you may choose 1 of your other characters, put that character into your memory, and at the beginning of your next climax phase, put that character from your memory on any position of your stage as 【REST】.',
     "auto begin:encore | do OwnPick(act='memory', n=1, select=Select(kind='character'), other=True, may=True); AtNextPhase(phase='climax', who='memory', ability=<auto begin:climax | do SelfStage17(to='stage', rest=True, that=True, within='memory')>)"),
    ('zone18-if-you-do-next-draw.scn',
     '【ACT】 [(1)] You may put this card into your memory. If you do, at the beginning of your next draw phase, choose 1 "Erio" in your memory, and put it in any position of your stage.',
     "act | cost 1 stock | do IfDone(first=SelfTo(zone='memory', may=True), then=(AtNextPhase(phase='draw', who='self', ability=<auto begin:draw | do Salvage(name='Erio', kind='card', optional=False, to='stage', from_zone='memory')>)))"),
    ('',
     "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put this card into your memory. If you do, at the beginning of your next draw phase, put this card on any position of your stage.",
     "auto opp-reversed | do IfDone(first=SelfTo(zone='memory', may=True), then=(AtNextPhase(phase='draw', who='self', ability=<auto begin:draw | do SelfStage17(to='stage', that=True)>)))"),
    ('wsaudit19-next-encore-step.scn',  # s19 wsaudit: reversed in the opponent's turn, it waits for its master's encore step
     '【AUTO】 [(1)] When this card becomes 【REVERSE】 in battle, you may pay the cost. If you do, 【REST】 this card, and at the beginning of your next encore step, put this card into your waiting room.',
     "auto reversed | cost 1 stock | do Rest(who='self'); AtNextPhase(phase='encore', who='self', ability=<auto begin:encore | do SelfTo(zone='waiting')>)"),
    ('',
     '【AUTO】 When this card attacks, you may put this card into your memory. If you do, at the beginning of your next main phase, choose 1 character in your memory, and put it in an open position of your back stage.',
     "auto attacks | do IfDone(first=SelfTo(zone='memory', may=True), then=(AtNextPhase(phase='main', who='self', ability=<auto begin:main | do Salvage(name=None, kind='character', optional=False, to='stage_open@back', from_zone='memory')>)))"),
    ('',
     '【AUTO】 When this card is frontal attacked, you may return this card to your hand. If you do, draw 1 card.',
     "auto frontal-attacked | do IfDone(first=SelfTo(zone='hand', may=True), then=(Draw(n=1, optional=False)))"),
    ('',
     "【AUTO】 When this card's battle opponent becomes 【REVERSE】, you may put this card into your waiting room. If you do, choose 1 character in your waiting room, and return it to your hand.",
     "auto opp-reversed | do IfDone(first=SelfTo(zone='waiting', may=True), then=(Salvage(name=None, kind='character', optional=False)))"),
    ('zone18-may-self-to-waiting-clock.scn',
     '【ACT】 You may put this card into your waiting room. If you do, choose 1 character in your waiting room, and return it to your hand.',
     "act | do IfDone(first=SelfTo(zone='waiting', may=True), then=(Salvage(name=None, kind='character', optional=False)))"),
    ('zone18-may-self-to-waiting-clock.scn',
     '【ACT】 You may put this card into your clock. If you do, draw 1 card.',
     "act | do IfDone(first=SelfTo(zone='clock', may=True), then=(Draw(n=1, optional=False)))"),
    ('',
     '【AUTO】 At the beginning of your climax phase, you may put this card into your clock. If you do, choose 1 of your characters, and that character gets +2000 power until end of turn.',
     "auto begin:climax | do IfDone(first=SelfTo(zone='clock', may=True), then=(Pump(who='choose-own', power=2000, soul=0)))"),
    # cards looked at where they are (4.8.1; the stock 3.10.2 and the opponent's hand 3.3.2 hidden, the text lets the player
    # see them, 1.3.1): zone18-look-stock-hand.scn
    ('zone18-look-stock-hand.scn',
     '【ACT】 Look at the top card of your deck, and look at all of your stock. (Return the cards you saw to their original places)',
     "act | do LookAt(what='deck_top+stock')"),
    ('zone18-look-stock-hand.scn',
     "【ACT】 [(1)] Look at your opponent's hand, and this card gets +3000 power until end of turn.",
     "act | cost 1 stock | do LookAt(what='opp_hand'); Pump(who='self', power=3000, soul=0)"),
    ('',
     '【AUTO】 At the beginning of your climax phase, you may look at the top card of your deck. (Return the card you saw to its original place)',
     "auto begin:climax | do LookAt(what='deck_top', may=True)"),
    ('',
     '【AUTO】 At the beginning of your main phase, look at all of your stock.',
     "auto begin:main | do LookAt(what='stock')"),
    ('',
     "【AUTO】 When this card attacks, you may look at your opponent's hand.",
     "auto attacks | do LookAt(what='opp_hand', may=True)"),
    ('',
     '【ACT】 [【REST】 this card] Look at your stock, and this card gets +1 soul until end of turn.',
     "act | cost rest this card | do LookAt(what='stock'); Pump(who='self', power=0, soul=1)"),
    # the effect waiting for the end of the turn as a sentence of its own (8.1.1.2, 6.8.1.1): zone18-end-of-turn-sentence.scn
    ('zone18-end-of-turn-sentence.scn',
     '【ACT】 [(1)] Choose 1 character in your waiting room, and put it in any position of your stage. At the end of the turn, put that character into your waiting room.',
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=False, to='stage'); EndOfTurn(who='placed', zone='waiting_room', ability=<auto begin:end | do SelfTo(zone='waiting')>)"),
    ('zone18-end-of-turn-sentence.scn',
     '【ACT】 [(1)] This card gets +3000 power until end of turn. At the end of the turn, put this card into your memory.',
     "act | cost 1 stock | do Pump(who='self', power=3000, soul=0); EndOfTurn(who='self', zone='memory', ability=<auto begin:end | do SelfTo(zone='memory')>)"),
    ('',
     '【AUTO】 When this card attacks, this card gets +1 soul until end of turn. At the end of turn, put this card into your waiting room.',
     "auto attacks | do Pump(who='self', power=0, soul=1); EndOfTurn(who='self', zone='waiting_room', ability=<auto begin:end | do SelfTo(zone='waiting')>)"),
    ('',
     '【ACT】 [(1)] Choose 1 "Temp" in your waiting room, and put it on any position of your stage. At the end of turn, put that character into your waiting room.',
     "act | cost 1 stock | do Salvage(name='Temp', kind='card', optional=False, to='stage'); EndOfTurn(who='placed', zone='waiting_room', ability=<auto begin:end | do SelfTo(zone='waiting')>)"),
    ('zone18-self-next-main.scn',
     '【ACT】 [(1)] 【REST】 this card, and at the beginning of your next main phase, put this card into your waiting room.',
     "act | cost 1 stock | do Rest(who='self'); AtNextPhase(phase='main', who='self', ability=<auto begin:main | do SelfTo(zone='waiting')>)"),
]
S18Z_REFUSED: list[tuple[str, str]] = [
    # "that character" waiting for the end of the turn is the character the sentence put on the stage (s22-ws2: or the one
    # of your characters a gain was given to just before, `session22_ws2`; a sentence that names no character is refused)
    ('【ACT】 [(1)] Draw 1 card. At the end of turn, put that character into your waiting room.',
     "follows 'put it on … your stage'"),
    # "that character" of the created ability names the character the sentence put into the memory just before
    ('【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +1000 power until end of turn. At the beginning of your next main phase, put that character on any position of your stage.',
     "an effect the created ability executes by itself"),
    ('【AUTO】 When this card attacks, draw 1 card, and at the beginning of your next draw phase, put that character on any position of your stage.',
     "an effect the created ability executes by itself"),
]


def session18_zone() -> list[dict]:
    """s18-wszone's lines: the zones and cards off the stage, an effect waiting for a phase of the next turn."""
    return _with_goldens(S18Z)


# --- s19 body (issue 13, nineteenth session, s19-wsbody): the effect body, shared slots widened where the tuning half and
# the look pool of real texts print the same construction on many cards. X defined by the next sentence over a zone's
# cards or your other characters (8.8.1, counted once as it resolves; 3.4.2, 3.8.2, 2.3.2.1.2), for every X a sentence
# writes; the damage reminder "(This damage can be canceled)" (4.10.1); any count chosen from among the cards looked at
# (8.6.3.1.1); "choose N of your characters" of any count (8.6.3.1); "If you do not, …" (8.6.3, 8.8.1); a character in
# battle whoever's it is (7.2.1.5.1); this card moved to a position a character of the opponent's faces (3.6.5).
S19BODY: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body19-x-zone.scn',
     '【ACT】 [【REST】 this card] Deal X damage to your opponent. X is equal to the number of climax in your waiting room. (This damage can be canceled)',
     "act | cost rest this card | do Damage(n=0, x=XCount(zone='waiting_room', select=Select(kind='climax')))"),
    ('body19-x-zone.scn',
     '【ACT】 [(1)] Deal X damage to your opponent. X is equal to the number of other 《Music》 characters you have.',
     "act | cost 1 stock | do Damage(n=0, x=XCount(zone='stage', select=Select(kind='character', trait='Music'), other=True))"),
    ('',
     '【AUTO】 When this card attacks, deal X damage to your opponent. X is equal to the number of your other 《Music》 characters.',
     "auto attacks | do Damage(n=0, x=XCount(zone='stage', select=Select(kind='character', trait='Music'), other=True))"),
    ('',
     "【AUTO】 When this card attacks, deal X damage to your opponent. X is equal to the number of characters in your opponent's center stage.",
     "auto attacks | do Damage(n=0, x=XCount(zone='center', select=Select(kind='character'), whose='opponent'))"),
    ('',
     '【AUTO】 [(1) Put 1 card from your hand into your waiting room] When this card is placed on the stage from your hand, you may pay the cost. If you do, look at up to X cards from the top of your deck, choose up to 1 card from among them, put it into your hand, and put the rest into your waiting room. X is equal to the number of other 《Familia》 or 《Guild》 characters you have.',
     "auto placed | cost 1 stock, 1 card(s) from hand | do LookTake(n=0, up_to=True, select=Select(kind='card'), take=1, optional=True, x=XCount(zone='stage', select=Select(kind='character', trait='Familia》 or 《Guild'), other=True))"),
    ('',
     '【AUTO】 When this card attacks, choose 1 level X or lower character in your waiting room, and return it to your hand. X is equal to the number of climax in your clock.',
     "auto attacks | do Salvage(name=None, kind='character', optional=False, level='<=X', x=XCount(zone='clock', select=Select(kind='climax')))"),
    ('',
     'Deal X damage to your opponent. X is equal to the number of climax in your waiting room. (Damage can be canceled)',
     "effect | do Damage(n=0, x=XCount(zone='waiting_room', select=Select(kind='climax')))"),
    # any count a look reads chosen from among the cards looked at (8.6.3.1.1), no more than were looked at
    ('body19-look-many.scn',
     '【ACT】 [(1)] Look at up to 4 cards from the top of your deck, choose up to 4 《Britannia》 characters from among them, reveal them to your opponent, put them into your hand, and put the rest into your waiting room.',
     "act | cost 1 stock | do LookTake(n=4, up_to=True, select=Select(kind='character', trait='Britannia'), take=4, optional=True, reveal=True)"),
    ('',
     '【AUTO】 【CXCOMBO】 [Put 1 "Broken Curse" from your climax area into your waiting room] When this card\'s battle opponent becomes 【REVERSE】, you may pay the cost. If you do, look at up to 4 cards from the top of your deck, choose up to 4 《Britannia》 characters from among them, reveal them to your opponent, put them into your hand, and put the rest into your waiting room.',
     'auto opp-reversed | cost 1 "Broken Curse" from the climax area into the waiting room | do LookTake(n=4, up_to=True, select=Select(kind=\'character\', trait=\'Britannia\'), take=4, optional=True, reveal=True)'),
    ('',
     '【AUTO】 When this card attacks, look at up to 5 cards from the top of your deck, choose up to 5 《Britannia》 characters from among them, put them into your stock in any order, and put the rest into your waiting room.',
     "auto attacks | do LookTake(n=5, up_to=True, select=Select(kind='character', trait='Britannia'), take=5, optional=True, to='stock')"),
    # "choose N of your characters" of any count: as many as possible up to N (8.6.3.1); "you may": or none (8.6.3)
    ('body19-own-n.scn',
     '【ACT】 [【REST】 this card] Choose 2 of your 《Band》 characters, and return them to your hand.',
     "act | cost rest this card | do OwnPick(act='hand', n=2, select=Select(kind='character', trait='Band'))"),
    ('body19-own-n.scn',
     '【ACT】 [(1)] Choose two of your 【STAND】 characters, and 【REST】 them.',
     "act | cost 1 stock | do OwnPick(act='rest', n=2, select=Select(kind='character'), orient='stand')"),
    ('body19-own-n.scn',
     '【ACT】 [(1)] Choose 3 of your 《Band》 characters, and put them into your stock.',
     "act | cost 1 stock | do OwnPick(act='stock', n=3, select=Select(kind='character', trait='Band'))"),
    ('',
     '【AUTO】 When this card attacks, you may choose 5 of your 《Fluctlight》 characters, and put them into your waiting room.',
     "auto attacks | do OwnPick(act='waiting_room', n=5, select=Select(kind='character', trait='Fluctlight'), may=True)"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, choose 2 of your other characters, and put them into your waiting room.',
     "auto placed | do OwnPick(act='waiting_room', n=2, select=Select(kind='character'), other=True)"),
    # "If you do not, …" after an optional effect or its "If you do, …" (8.6.3, 8.8.1; IfDone.otherwise); "you may put the top
    # card of your deck / clock …" before "If you do" (3.2.3, 3.8.2)
    ('body19-if-not.scn',
     '【ACT】 [(1)] You may put the top card of your clock into your waiting room. If you do, draw 1 card. If you do not, this card gets +1000 power until end of turn.',
     "act | cost 1 stock | do IfDone(first=Heal(may=True), then=(Draw(n=1, optional=False)), otherwise=(Pump(who='self', power=1000, soul=0)))"),
    ('body19-if-not.scn',
     '【ACT】 [(1)] You may put the top card of your deck into your clock. If you do not, put this card into your memory.',
     "act | cost 1 stock | do IfDone(first=TopTo(zone='clock', n=1, optional=True), then=(), otherwise=(SelfTo(zone='memory')))"),
    ('',
     '【AUTO】 At the beginning of your draw phase, you may put the top card of your deck into your clock. If you do not, put this card into your memory.',
     "auto begin:draw | do IfDone(first=TopTo(zone='clock', n=1, optional=True), then=(), otherwise=(SelfTo(zone='memory')))"),
    ('',
     '【AUTO】 When this card attacks, you may put the top card of your deck into your waiting room. If you do, draw 1 card.',
     "auto attacks | do IfDone(first=TopTo(zone='waiting_room', n=1, optional=True), then=(Draw(n=1, optional=False)))"),
    ('',
     '【AUTO】 When this card attacks, you may draw 1 card. If you do not, this card gets +1000 power until end of turn.',
     "auto attacks | do IfDone(first=Draw(n=1, optional=True), then=(), otherwise=(Pump(who='self', power=1000, soul=0)))"),
    ('',
     '【AUTO】 When this card attacks, choose 1 of your other characters, and 【REST】 it. If you do not, put this card into your waiting room.',
     "auto attacks | do IfDone(first=OwnPick(act='rest', n=1, select=Select(kind='character'), other=True), then=(), must=True, otherwise=(SelfTo(zone='waiting')))"),
    # a character in battle whoever's it is (7.2.1.5.1: only in a frontal attack; 8.6.3); "the top N cards from your deck" as "of"
    # (3.2.3); the opponent's character chosen "on" their stage area as "in" it (3.6.3)
    ('body19-in-battle.scn',
     '【AUTO】 When this card attacks, choose 1 character in battle, and that character gets -1 soul until end of turn.',
     "auto attacks | do Pump(who='choose-in-battle', power=0, soul=-1)"),
    ('body19-in-battle.scn',
     '【AUTO】 When this card attacks, choose a character in battle, and that character gets -1 soul until end of turn.',
     "auto attacks | do Pump(who='choose-in-battle', power=0, soul=-1)"),
    ('',
     '【AUTO】 When you use this card\'s "Backup", put the top card of your deck into your waiting room. If that card is a climax, choose a character in battle, and that character gets -1 soul until end of turn.',
     "auto backup-used | do Milled(top=TopTo(zone='waiting_room', n=1, optional=False), then=(Pump(who='choose-in-battle', power=0, soul=-1)), cond=Select(kind='climax'))"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, put the top 3 cards from your deck into your waiting room. If there is a climax revealed among those cards, you may choose 1 level 3 or lower character on your opponent's center stage, and put it into his or her waiting room.",
     "auto placed | do Milled(top=TopTo(zone='waiting_room', n=3, optional=False), then=(OppTo(zone='waiting_room', n=1, select=Select(kind='character', level='<=3'), may=True, area='center')), cond=Select(kind='climax'))"),
    ('',
     "【AUTO】 When this card attacks, choose 1 character on your opponent's back stage, and that character gets -1000 power until end of turn.",
     "auto attacks | do Pump(who='choose-opp', power=-1000, soul=0, area='back')"),
    ('',
     '【ACT】 [(1)] Put the top card from your deck into your clock.',
     "act | cost 1 stock | do TopTo(zone='clock', n=1, optional=False)"),
    # this card moved to an open position of the center stage faced by a character of the opponent's (3.6.3, 3.6.5)
    ('body19-move-faced.scn',
     '【ACT】 [(1)] Move this card to an open position of your center stage with a character facing this card.',
     "act | cost 1 stock | do MoveSelf(area='center', faced=True)"),
    ('',
     "【AUTO】 At the beginning of your opponent's attack phase, you may move this card to an open position of your center stage with a character facing this card.",
     "auto begin:opp-attack | do MoveSelf(area='center', may=True, faced=True)"),
    ('',
     '【AUTO】 Accelerate [Put 1 《Rent-A-GF》 character from your waiting room at the bottom of your clock] At the beginning of your opponent\'s climax phase, you may pay the cost. If you do, this card gets +2000 power and the following ability until end of turn. "【AUTO】 At the beginning of your opponent\'s attack phase, you may move this card to an open position of your center stage with a character facing this card."',
     "auto accelerate begin:opp-climax | cost 1 《Rent-A-GF》 character(s) from the waiting room to the bottom of the clock | do Grant(who='self', ability=<auto begin:opp-attack | do MoveSelf(area='center', may=True, faced=True)>, power=2000, soul=0)"),
]

# near misses, each refused naming its words (`ws-probes.jsonl`)
S19BODY_REFUSED: list[tuple[str, str]] = [
    ("Look at up to 3 cards from the top of your deck, choose up to 4 《Britannia》 characters from among them, put them into "
     "your hand, and put the rest into your waiting room.",
     "chooses no more cards than were looked at"),
    ("You may choose 2 of your characters, and put them into your waiting room. If you do, draw 1 card.",
     "'If you do,' follows an effect the text says 'you may' do"),
    ("Draw 1 card. If you do not, this card gets +1000 power until end of turn.",
     "'If you do not,' follows an effect the text says 'you may' do"),
]


def session19_body() -> list[dict]:
    """s19-wsbody's lines: the effect body, nineteenth session (counts, selections and moves shared by many real texts)."""
    return _with_goldens(S19BODY)


# --- s20 body (issue 13, twentieth session, s20-wsbody): the effect body, built from the look pools of real texts. The top
# cards of the opponent's deck looked at by the ability's master, and the cards chosen from among those looked at (either
# deck) put into the deck owner's waiting room, at the bottom of the deck or (theirs) on top, the rest on top in the
# master's order or into the waiting room (4.8.1; 3.1.6; 8.6.3.1, 8.6.3.1.1; 8.8.1); the top cards of your deck put into a
# zone "up to" a number (3.2.3.1); cards of the opponent's waiting room chosen up to / more than one (3.4.1; 8.6.3.1.1);
# all characters on one area of the opponent's stage (3.6.3); a level gain joined by a comma (2.6); the opponent's optional
# draw and "If your opponent does," (4.7.1, 8.6.3, 8.8.1).
S20BODY: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body20-look-opp.scn',
     "【ACT】 [(1)] Look at up to 2 cards from the top of your opponent's deck, choose up to 1 card from among them, put it at "
     "the bottom of their deck, and put the rest on the top of their deck in any order.",
     "act | cost 1 stock | do LookTake(n=2, up_to=True, select=Select(kind='card'), take=1, optional=True, "
     "to='deck_bottom', rest_to='deck_top', whose='opponent')"),
    ('',
     "【AUTO】 When this card attacks, look at up to two cards from the top of your opponent's deck, choose up to one card "
     "from among them, and put it on the bottom of your opponent's deck. Put the rest of the cards on top of your "
     "opponent's deck in any order.",
     "auto attacks | do LookTake(n=2, up_to=True, select=Select(kind='card'), take=1, optional=True, to='deck_bottom', "
     "rest_to='deck_top', whose='opponent')"),
    ('',
     "【AUTO】 When this card attacks, look at up to 2 cards from the top of your opponent's deck, choose up to 2 cards from "
     "among them, put them into their waiting room, put the rest on top of their deck in any order, look at up to 2 cards "
     "from the top of your deck, choose up to 2 cards from among them, put them into your waiting room, and put the rest on "
     "top of your deck in any order.",
     "auto attacks | do LookTake(n=2, up_to=True, select=Select(kind='card'), take=2, optional=True, to='waiting_room', "
     "rest_to='deck_top', whose='opponent'); LookTake(n=2, up_to=True, select=Select(kind='card'), take=2, optional=True, "
     "to='waiting_room', rest_to='deck_top')"),
    ('',
     "【AUTO】 When this card attacks, look at up to 3 cards from the top of your opponent's deck, choose up to 2 cards from "
     "among them, put them on the top of their deck in any order, and put the rest into their waiting room.",
     "auto attacks | do LookTake(n=3, up_to=True, select=Select(kind='card'), take=2, optional=True, to='deck_top', "
     "whose='opponent')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, look at the top 3 cards of your opponent's deck, choose 1 "
     "card from among them, put it into their waiting room, and put the rest on the top of their deck in any order.",
     "auto placed | do LookTake(n=3, up_to=False, select=Select(kind='card'), take=1, optional=False, to='waiting_room', "
     "rest_to='deck_top', whose='opponent')"),
    ('body20-look-choose-waiting.scn',
     "【ACT】 [(1)] Look at up to 3 cards from the top of your deck, choose 2 cards from among them, and put them into your "
     "waiting room. Put the rest on the top of your deck in any order.",
     "act | cost 1 stock | do LookTake(n=3, up_to=True, select=Select(kind='card'), take=2, optional=False, "
     "to='waiting_room', rest_to='deck_top')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, look at up to six cards from the top of your deck, choose "
     "three cards from among them, and put them into your waiting room. Put the rest on the top of your deck in any order.",
     "auto placed | do LookTake(n=6, up_to=True, select=Select(kind='card'), take=3, optional=False, to='waiting_room', "
     "rest_to='deck_top')"),
    ('body20-top-up-to.scn',
     "【ACT】 [(2)] Put up to 2 cards from the top of your deck into your stock.",
     "act | cost 2 stock | do TopTo(zone='stock', n=2, optional=False, at_most=True)"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, draw up to 1 card, choose 1 card in your hand, put it "
     "into your waiting room, and put up to 1 card from the top of your deck into your stock.",
     "auto placed | do Draw(n=1, optional=False, at_most=True); HandTo(n=1, select=Select(kind='card')); "
     "TopTo(zone='stock', n=1, optional=False, at_most=True)"),
    ('',
     "【AUTO】 When this card attacks, put up to one card from the top of your deck into your waiting room.",
     "auto attacks | do TopTo(zone='waiting_room', n=1, optional=False, at_most=True)"),
    # cards of the opponent's waiting room chosen "up to" a number or more than one (8.6.3.1.1, 8.6.3.1), to the top of their
    # deck in the master's order (8.8.1), its bottom (3.2.1), or their memory (3.12.1)
    ('body20-opp-waiting-many.scn',
     "【ACT】 [(1)] Choose up to 2 cards in your opponent's waiting room, put them on the top of their deck in any order.",
     "act | cost 1 stock | do OppWaitingPick(dest='deck_top', select=Select(kind='card'), many=2, at_most=True)"),
    ('body20-opp-waiting-many.scn',
     "【ACT】 [(1)] Choose up to 1 card in your opponent's waiting room, and put it at the bottom of their deck.",
     "act | cost 1 stock | do OppWaitingPick(dest='deck_bottom', select=Select(kind='card'), at_most=True)"),
    ('',
     "【AUTO】 When this card attacks, choose up to one character in your waiting room, return it to your hand, choose up to "
     "one card in your opponent's waiting room, and put it on top of your opponent's deck.",
     "auto attacks | do Salvage(name=None, kind='character', optional=True); OppWaitingPick(dest='deck_top', "
     "select=Select(kind='card'), at_most=True)"),
    ('',
     "【AUTO】 When this card's battle opponent becomes 【REVERSE】, choose up to 3 cards in your opponent's waiting room, put "
     "them on the top of their deck in any order, and deal 5 damage to your opponent. (Damage may be canceled)",
     "auto opp-reversed | do OppWaitingPick(dest='deck_top', select=Select(kind='card'), many=3, at_most=True); "
     "Damage(n=5)"),
    ('',
     "【AUTO】 When this card attacks, choose 2 characters in your opponent's waiting room, and put them into their memory.",
     "auto attacks | do OppWaitingPick(dest='memory', select=Select(kind='character'), many=2)"),
    # all characters on one area of the opponent's stage get a gain (3.6.3; 8.2.1.2); a level gain joined by a comma (2.6)
    ('body20-gain-area.scn',
     "【ACT】 [(1)] All characters in your opponent's center stage get -500 power until end of turn.",
     "act | cost 1 stock | do Pump(who='all-opp', power=-500, soul=0, area='center')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, all characters in your opponent's center stage get -500 "
     "power until end of turn.",
     "auto placed | do Pump(who='all-opp', power=-500, soul=0, area='center')"),
    ('body20-gain-area.scn',
     "【ACT】 [(1)] This card gets +1 level, +1000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='self', power=1000, soul=0, levels=1)"),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +1 level, +1000 power until end "
     "of turn.",
     "auto attacks | do Pump(who='choose-own', power=1000, soul=0, levels=1)"),
    # the opponent's optional draw (4.7.1; the opponent says whether, 8.6.3), "If your opponent does," (8.8.1), and the
    # opponent choosing more than one card of their hand (8.6.3.1)
    ('body20-opp-may-draw.scn',
     "【ACT】 [(1)] Your opponent may draw two cards. If your opponent does, your opponent chooses two cards from his or her "
     "hand, and puts them into his or her waiting room.",
     "act | cost 1 stock | do IfDone(first=OppDraw20(n=2, may=True), then=(OppHandTo(n=2, select=Select(kind='card'))))"),
    ('',
     "【AUTO】 When this card becomes 【REVERSE】 in battle, your opponent may draw two cards. If your opponent does, your "
     "opponent chooses two cards from your opponent's hand, and puts them into his or her waiting room.",
     "auto reversed | do IfDone(first=OppDraw20(n=2, may=True), then=(OppHandTo(n=2, select=Select(kind='card'))))"),
    ('',
     "【AUTO】 When this card becomes 【REVERSE】 in battle, your opponent may draw 1 card. If your opponent does, your opponent "
     "chooses 1 card in your opponent's hand, and puts it into his or her waiting room.",
     "auto reversed | do IfDone(first=OppDraw20(n=1, may=True), then=(OppHandTo(n=1, select=Select(kind='card'))))"),
]

# near misses, each refused naming its words (`ws-probes.jsonl`)
S20BODY_REFUSED: list[tuple[str, str]] = [
    ("Your opponent may draw 1 card. If you do, draw 1 card.",
     "'If your opponent does,' follows what the text says your opponent may do, 'If you do,' what you may do"),
    ("You may draw 1 card. If your opponent does, draw 1 card.",
     "'If your opponent does,' follows what the text says your opponent may do"),
    ("Your opponent may draw 1 card. If you do not, draw 1 card.",
     "'If you do not,' follows what the text says you may do"),
    ("Choose up to 2 cards in your opponent's waiting room, and put them into their clock.",
     "the order of several cards put into their stock or clock is not said"),
    ("Choose up to 2 cards in your opponent's waiting room, and put them on the top of their deck.",
     "'put them on the top of their deck in any order' follows a choice of more than one card"),
    ("Choose up to 2 characters in your opponent's waiting room, and put them on an open position of their back stage.",
     "one character is put on an open position of their back stage"),
    ("Look at up to 2 cards from the top of your opponent's deck, choose up to 1 card from among them, put it into your "
     "hand, and put the rest into your waiting room.",
     "the cards of your opponent's deck go to their zones"),
    ("Look at up to 2 cards from the top of your deck, choose up to 1 card from among them, put it into their waiting room, "
     "and put the rest into your waiting room.",
     "one deck is named throughout"),
    ("Look at up to 3 cards from the top of your opponent's deck, choose up to 2 cards from among them, put them on the top "
     "of their deck, and put the rest into their waiting room.",
     "'put them on the top of their deck in any order' follows a choice of more than one card"),
    ("Look at up to 3 cards from the top of your deck, choose up to 1 card from among them, put it into your waiting room, "
     "and put the rest into your waiting room.",
     "the rest go where the chosen cards do not"),
    ("You may put up to 2 cards from the top of your deck into your stock.",
     "'you may put up to …' says twice that none may be put"),
    ("Put up to 2 cards from the top of your deck into your waiting room. If there is a climax among those cards, draw 1 card.",
     "'among those cards' follows 'put the top N cards of your deck into your waiting room'"),
]


def session20_body() -> list[dict]:
    """s20-wsbody's lines: the effect body, twentieth session (constructions the look pools print on many cards)."""
    return _with_goldens(S20BODY)
# --- s20 body2 (issue 13, twentieth session, second body helper): the opponent's waiting room back into their deck. One
# chosen card of a kind returned, then "If you do, shuffle your opponent's deck, …" (8.6.3; none there: nothing returns and
# nothing after "If you do" happens, 8.6.3.1.3; 3.2.4); and "…, return them to their deck, your opponent shuffles their
# deck, and …" listed with a comma. Golden: body20b-opp-waiting-one.scn, expect lines written from the rules first.
S20BODY2: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body20b-opp-waiting-one.scn',
     "【ACT】 [(1)] Choose a climax in your opponent's waiting room, and return it to your opponent's deck. If you do, "
     "shuffle your opponent's deck, and draw 1 card.",
     "act | cost 1 stock | do IfDone(first=OppWaitingToDeck(n=0, keep=None, chosen=Select(kind='climax')), "
     "then=(Shuffle15(theirs=True), Draw(n=1, optional=False)), must=True)"),
    ('body20b-opp-waiting-one.scn',
     "【ACT】 [(1)] You may choose a climax in your opponent's waiting room, and return it to his or her deck. If you do, "
     "shuffle your opponent's deck, and draw 1 card.",
     "act | cost 1 stock | do IfDone(first=OppWaitingToDeck(n=0, keep=None, chosen=Select(kind='climax'), may=True), "
     "then=(Shuffle15(theirs=True), Draw(n=1, optional=False)))"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, you may choose a climax in your opponent's waiting "
     "room, and return it to his or her deck. If you do, shuffle your opponent's deck, choose one of your characters, and "
     "that character gets +3000 power until end of turn.",
     "auto placed | do IfDone(first=OppWaitingToDeck(n=0, keep=None, chosen=Select(kind='climax'), may=True), "
     "then=(Shuffle15(theirs=True), Pump(who='choose-own', power=3000, soul=0)))"),
    ('',
     "【AUTO】 When this card attacks, choose up to 2 cards in your opponent's waiting room, return them to their deck, your "
     "opponent shuffles their deck, and this card gets +2000 power and +1 soul until end of turn.",
     "auto attacks | do OppWaitingToDeck(n=2, keep=None); Pump(who='self', power=2000, soul=1)"),
    # this card to "another" open position: its own is not open (3.6.3, 3.7.3.1). Golden: body20b-move-another.scn
    ('body20b-move-another.scn',
     "【ACT】 [(1)] Move this card to another open position of your center stage.",
     "act | cost 1 stock | do MoveSelf(area='center')"),
    ('',
     "【AUTO】 [(1)] At the beginning of your opponent's attack phase, you may pay the cost. If you do, move this card to "
     "another open position of your center stage.",
     "auto begin:opp-attack | cost 1 stock | do MoveSelf(area='center')"),
]

# near misses, each refused naming its words (`ws-probes.jsonl`)
S20BODY2_REFUSED: list[tuple[str, str]] = [
    ("Choose 2 climax in your opponent's waiting room, and return it to your opponent's deck. If you do, shuffle your "
     "opponent's deck.",
     "choose … in your opponent's waiting room, and return it reads 1 / a / an / one here"),
    ("Draw 1 card. If you do, shuffle your opponent's deck.",
     "'If you do, shuffle your opponent's deck' is read after 'return it to his or her deck'"),
]


def session20_body2() -> list[dict]:
    """s20-wsbody2's lines: the effect body, twentieth session, second body helper."""
    return _with_goldens(S20BODY2)


# --- s21 body (issue 13, twenty-first session, wsbody): effect bodies the look pools print on many cards. Each golden's
# expect lines were written from the rules text first.
S21BODY: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    # a colour (2.4) in a selection of your own characters or of the waiting room's (8.6.3.1.1)
    ('body21-own-colour.scn',
     "【ACT】 [(1)] Choose up to 2 of your green characters, and those characters get +3000 power until end of turn.",
     "act | cost 1 stock | do OwnPick(act='gain', n=2, at_most=True, select=Select(kind='character', color='green'), "
     "gain=Pump(who='chosen', power=3000, soul=0))"),
    ('',
     "【AUTO】 When this card is placed on your climax area from your hand, choose up to 2 of your green characters, and "
     "those characters get +3000 power and +1 soul until end of turn.",
     "auto climax-placed | do OwnPick(act='gain', n=2, at_most=True, select=Select(kind='character', color='green'), "
     "gain=Pump(who='chosen', power=3000, soul=1))"),
    ('',
     "【AUTO】 When this card attacks, choose 1 of your red characters, and that character gets +2000 power until end of "
     "turn.",
     "auto attacks | do OwnPick(act='gain', n=1, select=Select(kind='character', color='red'), gain=Pump(who='chosen', "
     "power=2000, soul=0))"),
    ('body21-colour-salvage.scn',
     "【ACT】 [(1)] Choose up to 2 blue characters in your waiting room, and return them to your hand.",
     "act | cost 1 stock | do Salvage(name=None, kind='character', optional=True, color='blue', many=2)"),
    ('',
     "【AUTO】 When this card attacks, choose up to two green characters in your waiting room, and put them into your "
     "stock in any order.",
     "auto attacks | do Salvage(name=None, kind='character', optional=True, to='stock', color='green', many=2)"),
    # a level change alone for a time on characters chosen by a bound or up to a number (2.6; 8.2.1.2)
    ('body21-level-bound.scn',
     "【ACT】 [(1)] Choose 1 of your opponent's level 1 or lower characters, and that character gets -1 level until end "
     "of turn.",
     "act | cost 1 stock | do Pump(who='choose-opp', power=0, soul=0, levels=-1, select=Select(kind='character', "
     "level='<=1'))"),
    ('',
     "【AUTO】 When your climax is placed on your climax area, choose 1 of your opponent's level 1 or lower character, "
     "and that character gets -1 level until end of turn.",
     "auto your-climax-placed | do Pump(who='choose-opp', power=0, soul=0, levels=-1, select=Select(kind='character', "
     "level='<=1'))"),
    ('',
     '【AUTO】 When you use "Change", choose up to two of your other characters, and those characters get +1 level until '
     "end of turn.",
     "auto used-change | do OwnPick(act='gain', n=2, at_most=True, select=Select(kind='character'), other=True, "
     "gain=Pump(who='chosen', power=0, soul=0, levels=1))"),
    # damage counted in words to six (4.10.1)
    ('',
     "Deal five damage to your opponent. (This damage may be canceled)",
     "effect | do Damage(n=5)"),
    # every character of the opponent's on one area within a bound, moved at once (3.6.3; 2.6; 3.1.5)
    ('body21-opp-all.scn',
     "【ACT】 [(1)] Put all level 1 or lower characters in your opponent's center stage into their waiting room.",
     "act | cost 1 stock | do OppAllTo21(zone='waiting_room', area='center', select=Select(kind='character', "
     "level='<=1'))"),
    ('',
     '【AUTO】 【CXCOMBO】 [(3) Put this card into your waiting room] At the end of this card\'s attack, if "Stella" is in '
     "your climax area, you may pay the cost. If you do, put all level 2 or lower characters from your opponent's "
     "center stage into their waiting room.",
     "auto begin:end-of-attack | cost 3 stock, put this card into the waiting room | if attacker, climax=stella | do "
     "OppAllTo21(zone='waiting_room', area='center', select=Select(kind='character', level='<=2'))"),
    ('body21-opp-all-hand.scn',
     "【ACT】 [(4)] Return all level 3 or lower characters in your opponent's center stage to their hand.",
     "act | cost 4 stock | do OppAllTo21(zone='hand', area='center', select=Select(kind='character', level='<=3'))"),
    # a card of the hand chosen by a trait (2.5.3), "and" written without its comma (8.8.1)
    ('body21-hand-trait.scn',
     "【ACT】 [(1)] You may choose 1 《Iron》 character in your hand, and put it into your waiting room. If you do, draw 1 "
     "card.",
     "act | cost 1 stock | do IfDone(first=HandTo(n=1, select=Select(kind='character', trait='Iron'), may=True), "
     "then=(Draw(n=1, optional=False)))"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, draw up to 2 cards, choose a card in your hand and "
     "put it into your waiting room.",
     "auto placed | do Draw(n=2, optional=False, at_most=True); HandTo(n=1, select=Select(kind='card'))"),
    # the opponent's character of one area moved to another open position of their whole stage (3.6.2, 3.6.3)
    ('body21-opp-shift-stage.scn',
     "【ACT】 [(1)] Choose 1 character in your opponent's back stage, and move it to another open position of their "
     "stage.",
     "act | cost 1 stock | do OppShift(area='stage', from_area='back')"),
    # every standing character of yours rested at once (4.6.1.2)
    ('body21-rest-all.scn',
     "【ACT】 [(1)] 【REST】 all of your other 【STAND】 characters.",
     "act | cost 1 stock | do RestAll21(other=True)"),
    ('',
     "【AUTO】 When this card attacks, 【REST】 all of your other 【STAND】 characters.",
     "auto attacks | do RestAll21(other=True)"),
    # either player's character but this card chosen (2.3.2.1.2; 8.6.3) and given a gain for a time (8.2.1.2)
    ('body21-another-any.scn',
     "【ACT】 [(1)] Choose another character, and that character gets +2000 power until end of turn.",
     "act | cost 1 stock | do Pump(who='choose-another', power=2000, soul=0)"),
    ('',
     "【ACT】 [【REST】 this card] Choose another character, and that character gets +1 level until the end of your "
     "opponent's next turn.",
     "act | cost rest this card | do Pump(who='choose-another', power=0, soul=0, until='opp-next', levels=1)"),
    ('',
     "【ACT】 [【REST】 this card] Choose another character, and that character gets +2 level until end of turn.",
     "act | cost rest this card | do Pump(who='choose-another', power=0, soul=0, levels=2)"),
]

# near misses, each refused naming its words (`ws-probes.jsonl`)
S21BODY_REFUSED: list[tuple[str, str]] = [
    ("Put all level 1 or lower characters in your opponent's center stage into their clock.",
     'understanding stopped at "clock"'),
    ("【ACT】 [(1)] 【REST】 all of your other characters.", 'understanding stopped at "characters"'),
    ("【ACT】 [(1)] Choose 1 climax in your opponent's back stage, and move it to another open position of their stage.",
     "a character is chosen on the stage"),
]


def session21_wsbody() -> list[dict]:
    """s21-wsbody's lines: the effect body, twenty-first session."""
    return _with_goldens(S21BODY)


# --- s21 body2 (issue 13, twenty-first session, second body round): the character a timing watched put underneath this
# card as a marker (3.7.1, 3.7.2; its own markers to the waiting room, 3.7.3.2). Golden: body21b-that-marker.scn, expect
# lines written from the rules first.
S21BODY2: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body21b-that-marker.scn',
     '【AUTO】 When another of your "Chiyoda" becomes 【REVERSE】 in battle, if there are no markers underneath this card, '
     'you may put that character face down underneath this card as a marker.',
     "auto other-reversed:\"Chiyoda\" | if count=0 or less marker underneath this card | do ThatTo(dest='marker', "
     "may=True, face='down')"),
    ('',
     '【AUTO】 When your other character becomes 【REVERSE】, you may put that character face up underneath this card as a '
     'marker.',
     "auto other-reversed | do ThatTo(dest='marker', may=True, face='up')"),
    # X counted over the colours of your characters on the stage (2.4, 2.3.2.1.2), a number added
    ('body21b-x-colours.scn',
     "【AUTO】 When this card attacks, look at up to X cards from the top of your deck, choose up to 1 card from among "
     "them, put it into your hand, and put the rest into your waiting room. X is equal to the total number of colors your "
     "characters on stage have +1.",
     "auto attacks | do LookTake(n=0, up_to=True, select=Select(kind='card'), take=1, optional=True, "
     "x=XCount(zone='colours', select=Select(kind='card'), plus=1))"),
    ('',
     "【AUTO】 When this card attacks, choose 1 level X or lower character in your waiting room, and return it to your "
     "hand. X is equal to the number of colours of your characters in your stage +1.",
     "auto attacks | do Salvage(name=None, kind='character', optional=False, level='<=X', x=XCount(zone='colours', "
     "select=Select(kind='card'), plus=1))"),
    ('',
     "【AUTO】 When this card attacks, deal X damage to your opponent. X is equal to the number of colors of your "
     "characters on stage.",
     "auto attacks | do Damage(n=0, x=XCount(zone='colours', select=Select(kind='card')))"),
    # Brainstorm's count as X (10.7.1), counted before any card is flipped (8.8.1)
    ('body21b-brainstorm-x.scn',
     "【ACT】 Brainstorm [(1)] Flip over X cards from the top of your deck, and put them into your waiting room. For each "
     "climax revealed among those cards, draw 1 card. X is equal to the number of colors of your characters on stage +1.",
     "act brainstorm | cost 1 stock | do Brainstorm(n=0, then=Draw(n=1, optional=False), x=XCount(zone='colours', "
     "select=Select(kind='card'), plus=1))"),
    ('',
     "【ACT】 Brainstorm [(1) 【REST】 2 of your characters] Flip over X cards from the top of your deck, and put them into "
     "your waiting room. For each climax revealed among those cards, search your deck for up to 1 《Music》 character, "
     "reveal it to your opponent, put it into your hand, and shuffle your deck. X is equal to the number of 《Music》 "
     "characters you have.",
     "act brainstorm | cost 1 stock, rest 2 of your characters | do Brainstorm(n=0, then=Search(n=1, "
     "select=Select(kind='character', trait='Music')), x=XCount(zone='stage', select=Select(kind='character', "
     "trait='Music')))"),
]

# near misses, each refused naming its words (`ws-probes.jsonl`)
S21BODY2_REFUSED: list[tuple[str, str]] = [
    ("【AUTO】 When this card attacks, you may put that character face down underneath this card as a marker.",
     "'put that character …' is read in an ability whose timing watches your other character"),
    ("【AUTO】 When this card attacks, deal X damage to your opponent. X is equal to the number of colors of your "
     "characters in your hand.", 'understanding stopped at "hand"'),
    ("【ACT】 Brainstorm [(1)] Flip over X cards from the top of your deck, and put them into your waiting room. For each "
     "climax revealed among those cards, draw 1 card. X is equal to the total level of those cards.",
     "Brainstorm's X is counted before any card is flipped"),
]


def session21_wsbody2() -> list[dict]:
    """s21-wsbody2's lines: the effect body, twenty-first session, second round."""
    return _with_goldens(S21BODY2)


# --- s22 ws (issue 13, twenty-second session, the one ws builder: heads and bodies). Each golden's expect lines were written
# from the rules text first.
S22WS: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    # Encore given by a continuous ability with a gain, a comma before "and" (8.9.1; 10.2.2)
    ('s22-cont-encore-comma.scn',
     '【CONT】 If you have 2 or more other characters, this card gets +2500 power, and "【AUTO】 Encore [Put 1 character from '
     'your hand into your waiting room]".',
     "cont | if have-at-least=2 others | self +2500 power +0 soul | gives <auto encore to-waiting | cost 1 character(s) "
     "from hand | optional>"),
    ('',
     '【CONT】 If you have 2 or more other 《Demon Lord》 characters, this card gets +2500 power, and "【AUTO】 Encore [Put 1 '
     '《Demon Lord》 character from your hand into your waiting room]".',
     "cont | if have-at-least=2 others:Demon Lord | self +2500 power +0 soul | gives <auto encore to-waiting | cost 1 "
     "《Demon Lord》 character(s) from hand | optional>"),
    ('',
     '【CONT】 During your turn, this card gets +1000 power and +1 soul, and "【AUTO】 Encore [(2)]".',
     "cont | if your-turn | self +1000 power +1 soul | gives <auto encore to-waiting | cost 2 stock | optional>"),
    # the revealed card's condition denied written "If the revealed card is not" (4.9.1; 8.3.3), the revealed card put into
    # the clock (3.8.2)
    ('s22-reveal-not-clock.scn',
     "【AUTO】 When this card is placed on stage from your hand, reveal the top card of your deck. If the revealed card is not "
     "a 《Music》 character, put that card into your clock. (If it is not, return the revealed card to its original place.)",
     "auto placed | do RevealTop(select=Select(kind='character', trait='Music'), then=(RevealedTo(zone='clock')), "
     "negate=True)"),
    ('',
     "【AUTO】 When this card attacks, reveal the top card of your deck. If the revealed card is not an 《Avatar》 character, "
     "put it into your clock.",
     "auto attacks | do RevealTop(select=Select(kind='character', trait='Avatar'), then=(RevealedTo(zone='clock')), "
     "negate=True)"),
    ('',
     "【AUTO】 When this card attacks, reveal the top card of your deck. If that card is a level 1 or higher character, put "
     "it into your clock.",
     "auto attacks | do RevealTop(select=Select(kind='character', level='>=1'), then=(RevealedTo(zone='clock')))"),
    # a climax of the waiting room put on the climax area by an effect, not played (3.11.1; 8.7.2 "When your climax is placed
    # on your climax area" sees it; 9.7.1 the climax there before goes to the waiting room)
    ('s22-climax-put.scn',
     '【ACT】 [(1)] Choose 1 "Sun" in your waiting room, and put it on your climax area.',
     "act | cost 1 stock | do Salvage(name='Sun', kind='climax', optional=False, to='climax')"),
    ('',
     '【ACT】 【CXCOMBO】 [Put 2 cards from your hand into your waiting room] Choose 1 "Obstructing Existence" in your waiting '
     'room, and put it on your climax area.',
     "act | cost 2 card(s) from hand | do Salvage(name='Obstructing Existence', kind='climax', optional=False, "
     "to='climax')"),
    ('',
     '【ACT】 【CXCOMBO】 [(2) Put the top card of your deck into your clock] Choose 1 "Switch On - Agateram" in your waiting '
     'room, put it on your climax area, and this card gets +1000 power until end of turn.',
     "act | cost 2 stock, the top 1 card(s) of the deck into the clock | do Salvage(name='Switch On - Agateram', "
     "kind='climax', optional=False, to='climax'); Pump(who='self', power=1000, soul=0)"),
    ('',
     "【AUTO】 When this card attacks, you may choose 1 climax in your waiting room, and put it on your climax area.",
     "auto attacks | do Salvage(name=None, kind='climax', optional=False, may=True, to='climax')"),
    # this card rested if the player says so (4.6.1.2; 8.6.3)
    ('s22-may-rest.scn',
     "【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is level "
     "2 or higher, you may 【REST】 this card. (Climax are regarded as level 0. Return the revealed card to its original "
     "place)",
     "auto placed | do RevealTop(select=Select(kind='card', level='>=2'), then=(Rest(who='self', may=True)))"),
    ('',
     "【AUTO】 This ability activates up to 1 time per turn. When this card becomes 【REVERSE】 in battle, reveal the top card "
     "of your deck. If that card is level 2 or higher, you may 【REST】 this card. (Climax are regarded as level 0. Return "
     "the revealed card to its original place)",
     "auto reversed | limit 1 | do RevealTop(select=Select(kind='card', level='>=2'), then=(Rest(who='self', may=True)))"),
    ('',
     "【AUTO】 When this card attacks, you may 【REST】 this card.",
     "auto attacks | do Rest(who='self', may=True)"),
]

# near misses, each refused naming its words (`ws-probes.jsonl`)
S22WS_REFUSED: list[tuple[str, str]] = [
    ('【CONT】 If you have 2 or more other characters, this card gets +2500 power, and "【AUTO】 Encore [Put 1 character from '
     'your hand into your waiting room]" until end of turn.', 'understanding stopped at "until"'),
    ("【AUTO】 When this card attacks, put the top card of your deck into your waiting room. If that card is a climax, put it "
     "into your clock.", "'put it (that character) …' after a card put into your waiting room goes into your hand"),
    ("【ACT】 [(1)] Choose 1 character in your waiting room, and put it on your climax area.",
     "only a climax is put on your climax area (3.11.1)"),
    ("【ACT】 [(1)] Choose 1 climax in your clock, and put it on your climax area.",
     "'put it on your climax area' reads a card chosen in your waiting room"),
    ("【AUTO】 When this card attacks, you may 【REST】 this card. If you do, draw 1 card.",
     "'If you do,' follows an effect the text says 'you may' do"),
]


def session22_ws() -> list[dict]:
    """s22-ws's lines: heads and bodies, twenty-second session."""
    return _with_goldens(S22WS)
# --- s22-ws2 (issue 13, twenty-second session, body round): "you may 【REST】 this card" (4.6.1.2, 8.6.3); a level change in
# the hand without "while" (2.6); one of your other characters and this card returned to the hand together (8.6.3, 3.3.1).
# Goldens body22-*.scn, expect lines written from the rules first.
S22WS2: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('body22-may-rest-self.scn',
     '【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is '
     'level 2 or higher, you may 【REST】 this card. (Climax are regarded as level 0. Return the revealed card to its '
     'original place)',
     "auto placed | do RevealTop(select=Select(kind='card', level='>=2'), then=(Rest(who='self', may=True)))"),
    ('',
     '【AUTO】 This ability activates up to 1 time per turn. When this card becomes 【REVERSE】 in battle, reveal the top '
     'card of your deck. If that card is level 2 or higher, you may 【REST】 this card. (Climax are regarded as level 0. '
     'Return the revealed card to its original place)',
     "auto reversed | limit 1 | do RevealTop(select=Select(kind='card', level='>=2'), then=(Rest(who='self', "
     "may=True)))"),
    ('',
     '【CONT】 If the number of climax in your waiting room is six or more, this card gets -1 level in your hand.',
     "cont | if climax-in-waiting=own 6 | levels -1 | in-hand"),
    # one of the opponent's characters on an area and above the opponent's level kept from standing (6.2.1.2; 3.6.3, 2.6)
    ('body22-no-stand-back.scn',
     "【ACT】 [(1)] Choose 1 character on your opponent's back stage with level higher than your opponent's level. That "
     "character cannot 【STAND】 during your opponent's next stand phase.",
     "act | cost 1 stock | do NoStand(who='choose-opp', n=1, select=Select(kind='character', level='>opp'), "
     "area='back')"),
    ('',
     "【AUTO】 When this card is placed on the stage from your hand, choose 1 character in your opponent's back stage with "
     "level higher than your opponent's level. That character cannot 【STAND】 during your opponent's next stand phase.",
     "auto placed | do NoStand(who='choose-opp', n=1, select=Select(kind='character', level='>opp'), area='back')"),
    ('',
     "【ACT】 [(1)] Choose 1 character in your opponent's center stage. That character cannot 【STAND】 during your "
     "opponent's next stand phase.",
     "act | cost 1 stock | do NoStand(who='choose-opp', n=1, area='center')"),
    ('',
     "【ACT】 [(1)] Choose 1 of your opponent's characters with level higher than your opponent's level. That character "
     "cannot 【STAND】 during your opponent's next stand phase.",
     "act | cost 1 stock | do NoStand(who='choose-opp', n=1, select=Select(kind='character', level='>opp'))"),
    # the stock icon printed as a bare digit by card databases ("【ACT】 [1]", 8.4.2), normalised to "[(1)]"
    ('',
     '【ACT】 [1] Choose one of your 《Music》 characters, and that character gets +2000 power until end of turn.',
     "act | cost 1 stock | do Pump(who='choose-own', power=2000, soul=0, trait='Music')"),
    ('',
     '【CONT】 This card gets -2 level while in the stage.',
     "cont | self +0 power +0 soul | levels -2"),
    ('body22-chosen-self-hand.scn',
     '【ACT】 [(1)] Choose one of your other 《Alien》 or 《Plant》 characters and this card, and return them to your hand.',
     "act | cost 1 stock | do ChosenAndSelfTo22(pick=OwnPick(act='hand', n=1, select=Select(kind='character', "
     "trait='Alien》 or 《Plant'), other=True))"),
    ('body22-chosen-self-hand.scn',
     '【ACT】 [(1)] You may choose this card and 1 of your other characters, and return them to your hand.',
     "act | cost 1 stock | do ChosenAndSelfTo22(pick=OwnPick(act='hand', n=1, select=Select(kind='character'), "
     "other=True), may=True)"),
    ('',
     '【AUTO】 [(2) Put the top card of your deck into your clock] When this card is frontal attacked, you may pay the '
     'cost. If you do, choose one of your other 《Alien》 or 《Plant》 characters and this card, and return them to your '
     'hand.',
     "auto frontal-attacked | cost 2 stock, the top 1 card(s) of the deck into the clock | do "
     "ChosenAndSelfTo22(pick=OwnPick(act='hand', n=1, select=Select(kind='character', trait='Alien》 or 《Plant'), "
     "other=True))"),
    # "that character" after a gain to one of your characters you choose, in a sentence waiting for the end of the turn
    # (8.6.3; 8.1.1.2, 6.8.1.1)
    ('body22-chosen-end-of-turn.scn',
     '【ACT】 [(1)] Choose one of your characters, and that character gets +2500 power until end of turn. At the end of '
     'turn, put that character into your waiting room.',
     "act | cost 1 stock | do Pump(who='choose-own', power=2500, soul=0); EndOfTurn(who='chosen', zone='waiting_room', "
     "ability=<auto begin:end | do SelfTo(zone='waiting')>)"),
    ('body22-event-chosen-memory.scn',
     'Choose 1 of your 《Ooo》 characters, and that character gets +2500 power until end of turn. At the end of the turn, '
     'put that character into your memory.',
     "effect | do Pump(who='choose-own', power=2500, soul=0, trait='Ooo'); EndOfTurn(who='chosen', zone='memory', "
     "ability=<auto begin:end | do SelfTo(zone='memory')>)"),
    ('',
     '【ACT】 [(1)] Choose one of your characters, and that character gets +2500 power until end of turn, and at the end of '
     'turn, put that character into your waiting room.',
     "act | cost 1 stock | do Pump(who='choose-own', power=2500, soul=0); EndOfTurn(who='chosen', zone='waiting_room', "
     "ability=<auto begin:end | do SelfTo(zone='waiting')>)"),
]

# near misses, each refused naming its words (`ws-probes.jsonl`)
S22WS2_REFUSED: list[tuple[str, str]] = [
    ("【AUTO】 When this card is frontal attacked, you may choose this card and 2 of your other characters, and return "
     "them to your hand.", 'understanding stopped at "2"'),
    ("【CONT】 This card gets -1 level in your deck.", 'understanding stopped at "deck"'),
    ("【ACT】 [(1)] Choose 2 characters in your opponent's back stage. That character cannot 【STAND】 during your opponent's "
     "next stand phase.", "understanding stopped at"),
    ("【ACT】 [(1)] Choose one of your opponent's characters, and that character gets +2500 power until end of turn. At the "
     "end of turn, put that character into your waiting room.", "follows 'put it on"),
]


def session22_ws2() -> list[dict]:
    """s22-ws2's lines: the effect body, twenty-second session."""
    return _with_goldens(S22WS2)
# --- s19 head (issue 13, nineteenth session): heads, frames and granted abilities, slots widened from the real texts. The
# following ability given for a time (8.2.1.2) to characters on one area (3.6.3: "choose 1 character in your opponent's center
# stage, and that character gets … the following ability …", "all of your (other) (《T》) characters in your center stage
# (except this card) get the following ability …"); a condition on the colours of all of your characters, any of those written
# (2.4; 8.3.3). Goldens: head19-grant-area.scn, head19-colours.scn, expect lines written from the rules first.
S19HEAD: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('head19-grant-area.scn',
     "【ACT】 [(1)] Choose 1 character in your opponent's center stage, and that character gets -1000 power and the following "
     "ability until end of turn. \"【CONT】 This card cannot be chosen by your opponent's effects.\"",
     "act | cost 1 stock | do Grant(who='choose-opp', ability=<cont | cannot unchoosable>, power=-1000, soul=0, "
     "area='center')"),
    ('head19-grant-area.scn',
     '【ACT】 [(1)] All of your other 《Music》 characters in your center stage get +1000 power and the following ability until '
     'end of turn. "【AUTO】 When this card attacks, draw 1 card."',
     "act | cost 1 stock | do Grant(who='all-own', ability=<auto attacks | do Draw(n=1, optional=False)>, power=1000, "
     "soul=0, trait='Music', other=True, area='center')"),
    ('',
     '【AUTO】 When this card attacks, all of your characters in your center stage except this card get the following ability '
     'until end of turn. "【AUTO】 When this card attacks, draw 1 card."',
     "auto attacks | do Grant(who='all-own', ability=<auto attacks | do Draw(n=1, optional=False)>, power=0, soul=0, "
     "other=True, area='center')"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, all of your characters in your back stage get the '
     'following ability until the end of your opponent\'s next turn. "【CONT】 This card cannot side attack."',
     "auto placed | do Grant(who='all-own', ability=<cont | cannot no-side-attack>, power=0, soul=0, until='opp-next', "
     "area='back')"),
    ('',
     "【AUTO】 When this card attacks, choose 1 character in your opponent's back stage, and that character gets the following "
     "ability until end of turn. \"【CONT】 This card cannot move to another position of the stage.\"",
     "auto attacks | do Grant(who='choose-opp', ability=<cont | cannot no-move>, power=0, soul=0, area='back')"),
    ('head19-colours.scn',
     '【CONT】 If all of your characters are green or red, this card gets +1000 power.',
     'cont | if all-colour=green|red | self +1000 power +0 soul'),
    ('head19-colours.scn',
     '【CONT】 If all of your characters in your back stage are yellow or red, this card gets +1000 power.',
     'cont | if all-are=all of your characters in the back stage are a yellow character or a red character | self +1000 '
     'power +0 soul'),
    ('',
     '【AUTO】 When this card attacks, if "Climax" is in your climax area, and all of your characters are green or red, '
     'draw 1 card.',
     'auto attacks | if climax=climax, all-colour=green|red | do Draw(n=1, optional=False)'),
    # a 【CONT】 gain and the following ability with a comma before "and" (8.9.1); "gains" for "gets"; this card's markers
    # counted with "has" (3.7.1; 8.3.3). Golden: head19-cont-frames.scn
    ('head19-cont-frames.scn',
     '【CONT】 If this card has a marker underneath it, this card gets +3000 power.',
     'cont | if count=1 or more marker underneath this card | self +3000 power +0 soul'),
    ('head19-cont-frames.scn',
     '【CONT】 If this card has no markers underneath it, this card gets +1000 power.',
     'cont | if count=0 or less marker underneath this card | self +1000 power +0 soul'),
    ('',
     '【CONT】 If this card has 2 or more markers underneath it, this card gets +2000 power.',
     'cont | if count=2 or more marker underneath this card | self +2000 power +0 soul'),
    ('head19-cont-frames.scn',
     '【CONT】 If you have 2 or more other 《Hero》 characters, this card gets +1500 power, and the following ability. "【CONT】 '
     'This card cannot side attack."',
     'cont | if have-at-least=2 others:Hero | self +1500 power +0 soul | gives <cont | cannot no-side-attack>'),
    ('head19-cont-frames.scn',
     '【CONT】 If you have another 《Hero》 character, this card gains the following ability. "【CONT】 This card cannot move to '
     'another position of the stage."',
     'cont | if have-at-least=1 others:Hero | self +0 power +0 soul | gives <cont | cannot no-move>'),
    ('',
     '【AUTO】 When this card attacks, this card gains +1000 power until end of turn.',
     "auto attacks | do Pump(who='self', power=1000, soul=0)"),
    # the cards of two names joined by "and" get a continuous gain (2.1.2; 8.9.1). Golden: head19-named-and.scn
    ('head19-named-and.scn',
     '【CONT】 All of your other "Alpha" and "Beta" get +1000 power.',
     'cont | others +1000 power +0 soul | name Alpha" or "Beta'),
    ('',
     '【CONT】 If you have 2 or more other 《Idol》 characters, all of your other "Snow Day, Aria" and "What Should I Wear? Bea" '
     'get +1000 power.',
     'cont | if have-at-least=2 others:Idol | others +1000 power +0 soul | name Snow Day, Aria" or "What Should I Wear? Bea'),
    ('',
     '【CONT】 All of your other ""Party of Four" Mira" and ""Party of Four" Tobi" get +2000 power and the following ability. '
     '"【CONT】 This card cannot be chosen by your opponent\'s effects."',
     'cont | others +2000 power +0 soul | name "Party of Four" Mira" or ""Party of Four" Tobi | gives <cont | cannot '
     'unchoosable>'),
    # another of your characters watched by its name or written "character" (8.7.2); the timing after "or" written with
    # "the" or in the other order; a gain and the following ability with a comma before "and" (8.2.1.2). Goldens:
    # head19-another.scn, head19-grant-comma.scn
    ('head19-another.scn',
     '【AUTO】 When another of your "Mio" becomes 【REVERSE】 in battle, draw 1 card.',
     'auto other-reversed:"Mio" | do Draw(n=1, optional=False)'),
    ('head19-another.scn',
     '【AUTO】 When this card is placed on the stage from your hand or put into the waiting room from the stage, draw 1 card.',
     'auto placed|to-waiting | do Draw(n=1, optional=False)'),
    ('',
     '【AUTO】 When another of your 《Fleet》 character is frontal attacked, this card gets +1000 power until end of turn.',
     "auto other-frontal-attacked:Fleet | do Pump(who='self', power=1000, soul=0)"),
    ('head19-another.scn',
     '【AUTO】 When another of your "Mio" is placed on the stage from your hand, draw 1 card.',
     'auto other-placed:"Mio" | do Draw(n=1, optional=False)'),
    ('head19-another.scn',
     '【AUTO】 When another of your "Mio" is put into your waiting room from the stage, draw 1 card.',
     'auto other-to-waiting:"Mio" | do Draw(n=1, optional=False)'),
    ('',
     '【AUTO】 [Put 1 climax from your hand into your waiting room] When this card is placed on the stage from your hand or put '
     'from the stage into your waiting room, you may pay the cost. If you do, draw 1 card.',
     'auto placed|to-waiting | cost 1 climax(s) from hand | do Draw(n=1, optional=False)'),
    ('head19-grant-comma.scn',
     '【ACT】 [(1)] This card gets +1000 power, and the following ability until end of turn. "【AUTO】 When this card attacks, '
     'draw 1 card."',
     "act | cost 1 stock | do Grant(who='self', ability=<auto attacks | do Draw(n=1, optional=False)>, power=1000, soul=0)"),
    ('',
     '【AUTO】 When this card attacks, this card gets +1000 power and +1 soul, and the following ability until the end of your '
     'opponent\'s next turn. "【CONT】 This card cannot side attack."',
     "auto attacks | do Grant(who='self', ability=<cont | cannot no-side-attack>, power=1000, soul=1, until='opp-next')"),
    # a phase of a player's turn as a condition, before a timing too (6.1.1; 7.7.1: the encore step is in the attack phase); the
    # number of this card's markers compared (3.7.1; 8.3.3); the colour of the character facing this card (3.6.5; 2.4).
    # Goldens: head19-phase-markers.scn, head19-facing-colour.scn
    ('head19-phase-markers.scn',
     '【CONT】 If the number of markers underneath this card is two or more, this card gets +1000 power.',
     'cont | if count=2 or more marker underneath this card | self +1000 power +0 soul'),
    ('head19-phase-markers.scn',
     '【ACT】 [【REST】 this card] If the number of markers underneath this card is one or less, draw 1 card.',
     "act | cost rest this card | do CondThen(conds=(Cond(kind='count', value=Count(zone='markers', bound='1-', "
     "what=Select(kind='marker')))), then=(Draw(n=1, optional=False)))"),
    ('head19-phase-markers.scn',
     '【CONT】 During your attack phase, this card gets +1000 power.',
     'cont | if during-phase=own:attack | self +1000 power +0 soul'),
    ('head19-phase-markers.scn',
     "【CONT】 During your opponent's attack phase, this card gets +1000 power.",
     'cont | if during-phase=opp:attack | self +1000 power +0 soul'),
    ('head19-phase-markers.scn',
     '【AUTO】 During your attack phase, when this card attacks, draw 1 card.',
     'auto attacks | if during-phase=own:attack | do Draw(n=1, optional=False)'),
    ('',
     "【AUTO】 During your opponent's attack phase, when the damage you received is canceled, you may put this card into your "
     "stock.",
     "auto received-canceled | if during-phase=opp:attack | do SelfTo(zone='stock', may=True)"),
    ('',
     '【AUTO】 During your climax phase, when this card attacks, draw 1 card.',
     'auto attacks | if during-phase=own:climax | do Draw(n=1, optional=False)'),
    ('head19-facing-colour.scn',
     '【CONT】 If the character facing this card is yellow or blue, this card gets +3000 power.',
     'cont | if facing-colour=yellow|blue | self +3000 power +0 soul'),
    ('',
     '【AUTO】 When this card attacks, if the character facing this card is red, this card gets +3000 power until end of turn.',
     "auto attacks | if facing-colour=red | do Pump(who='self', power=3000, soul=0)"),
    # a name that itself holds quotes (2.1.2) where the head read a plain name only: the climax watched by its name, the cards
    # of that name getting a continuous gain. Golden: head19-qq-names.scn
    ('head19-qq-names.scn',
     '【AUTO】 When a card named ""Summer" Sea" is placed on your climax area, draw 1 card.',
     'auto your-climax-placed:""Summer" Sea" | do Draw(n=1, optional=False)'),
    ('head19-qq-names.scn',
     '【CONT】 All of your other cards named ""Summer" Kai" get +500 power.',
     'cont | others +500 power +0 soul | name "Summer" Kai'),
    # the revealed climax's trigger icon written "if that card has … in its trigger icon" (2.11.1; 7.3.1.2). Golden:
    # head19-revealed-icon.scn
    ('head19-revealed-icon.scn',
     "【AUTO】 When this card's trigger check reveals a climax, if that card has [RETURN] in its trigger icon, draw 1 card.",
     'auto self-trigger-reveals | if revealed-icon=return | do Draw(n=1, optional=False)'),
]


def session19_head() -> list[dict]:
    """s19-wshead's lines: granted abilities on one area, colour conditions (s19 head)."""
    return _with_goldens(S19HEAD)


S20HEAD: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    # whether a character faces this card (3.6.5), in any state; "If there is" is one token as "If there is a climax among
    # those cards" reads it. Golden: head20-facing-there.scn
    ('head20-facing-there.scn',
     '【CONT】 If there is a character facing this card, this card gets +1000 power.',
     'cont | if facing-there=1 | self +1000 power +0 soul'),
    ('head20-facing-there.scn',
     '【CONT】 If there is no character facing this card, this card gets +1000 power.',
     'cont | if facing-there=0 | self +1000 power +0 soul'),
    ('',
     "【AUTO】 At the beginning of your opponent's attack phase, if there is a character facing this card, you may move this "
     "card to an open position of your center stage.",
     "auto begin:opp-attack | if facing-there=1 | do MoveSelf(area='center', may=True)"),
    ('',
     '【AUTO】 When this card attacks, if you have 2 or more other 《Music》 characters, and there is no character facing this '
     'card, this card gets +1000 power until end of turn.',
     "auto attacks | if have-at-least=2 others:Music, facing-there=0 | do Pump(who='self', power=1000, soul=0)"),
    ('',
     '【CONT】 If there is no character facing this card or the character facing this card is 【REVERSE】, this card gets +1000 '
     'power.',
     'cont | if facing-gone | self +1000 power +0 soul'),
    # a keyword used: "When you use "Change"" (10.8.5: a card of yours placed on the stage by a Change effect), "When your
    # opponent uses "X"" (10.7.4, 10.12.3, 10.8.5), and whether the Brainstorm used put a climax into the waiting room (10.7.1,
    # 10.7.3). Goldens: head20-use-change.scn, head20-brainstorm-climax.scn, head20-opp-accelerate.scn
    ('head20-use-change.scn',
     '【AUTO】 When you use "Change", draw 1 card.',
     'auto used-change | do Draw(n=1, optional=False)'),
    ('head20-use-change.scn',
     '【AUTO】 When your opponent uses "Change", draw 1 card.',
     'auto opp-used-change | do Draw(n=1, optional=False)'),
    ('',
     '【AUTO】 [(1) 【REST】 this card] When you use "Change", if this card is 【STAND】, you may pay the cost. If you do, search '
     'your deck for up to one 《Music》 character, reveal it to your opponent, and put it into your hand. Shuffle your deck '
     'afterwards.',
     "auto used-change | cost 1 stock, rest this card | if standing | do Search(n=1, select=Select(kind='character', "
     "trait='Music'))"),
    ('head20-brainstorm-climax.scn',
     '【AUTO】 When you use "Brainstorm", if a climax is put into the waiting room by that effect, this card gets +2000 power '
     'until end of turn.',
     "auto used-brainstorm | if brainstorm-climax | do Pump(who='self', power=2000, soul=0)"),
    ('head20-brainstorm-climax.scn',
     '【AUTO】 When your opponent uses "Brainstorm", if a climax is put into their waiting room by that effect, this card gets '
     '+1 soul until end of turn.',
     "auto opp-used-brainstorm | if brainstorm-climax | do Pump(who='self', power=0, soul=1)"),
    ('',
     '【AUTO】 When your opponent uses "Brainstorm", if a climax is put into their waiting room by that effect, choose 1 of your '
     'characters, and that character gets +2000 power until end of turn.',
     "auto opp-used-brainstorm | if brainstorm-climax | do Pump(who='choose-own', power=2000, soul=0)"),
    ('head20-opp-accelerate.scn',
     '【AUTO】 When your opponent uses "Accelerate", draw 1 card.',
     'auto opp-used-accelerate | do Draw(n=1, optional=False)'),
    # this card's soul kept when it side attacks (7.2.1.4.2; 1.3.4), printed or for a time (8.2.1.2). Golden:
    # head20-side-soul.scn
    ('head20-side-soul.scn',
     '【CONT】 During your turn, this card\'s soul does not decrease by side attacking.',
     'cont | if your-turn | cannot side-soul-kept'),
    ('head20-side-soul.scn',
     '【ACT】 [(1)] Until end of turn, this card\'s soul does not decrease by side attacking.',
     "act | cost 1 stock | do Grant(who='self', ability=<cont | cannot side-soul-kept>, power=0, soul=0)"),
    ('',
     '【CONT】 This card\'s soul does not decrease by side attacking.',
     'cont | cannot side-soul-kept'),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, reveal the top card of your deck. If that card is a '
     '《Britannia》 character, this card\'s soul does not decrease by side attacking until end of turn. (Return the revealed '
     'card to its original place)',
     "auto placed | do RevealTop(select=Select(kind='character', trait='Britannia'), then=(Grant(who='self', "
     "ability=<cont | cannot side-soul-kept>, power=0, soul=0)))"),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, put the top 2 cards of your deck into your waiting room. '
     'If there is a level 0 or lower character revealed among those cards, this card\'s soul does not decrease by side '
     'attacking until end of turn.',
     "auto placed | do Milled(top=TopTo(zone='waiting_room', n=2, optional=False), then=(Grant(who='self', "
     "ability=<cont | cannot side-soul-kept>, power=0, soul=0)), cond=Select(kind='character', level='<=0'))"),
    # keyword reminders as some cards print them: Encore's "its previous position" (10.2.1), Bond's "placed on the stage from
    # your hand" (10.4.2; executed as Bond is, keyword-bond goldens)
    ('',
     '【AUTO】 Encore [Put 1 character from your hand into your waiting room] (When this card is put into your waiting room '
     'from the stage, you may pay the cost. If you do, return this card to its previous position as 【REST】)',
     'auto encore to-waiting | cost 1 character(s) from hand | optional'),
    ('',
     '【AUTO】 Bond/"A Conversation With the Family, Renner" [Put the top card of your deck into your clock & 【REST】 this '
     'card] (When this card is played and placed on the stage from your hand, you may pay the cost. If you do, choose 1 "A '
     'Conversation With the Family, Renner" in your waiting room, and return it to your hand)',
     "auto bond placed | cost rest this card, the top 1 card(s) of the deck into the clock | name A Conversation With the "
     "Family, Renner | optional | do Salvage(name='A Conversation With the Family, Renner', kind='card', optional=False)"),
    ('',
     '【AUTO】 Bond/"Sensation, Honoka" [Put the top card of your deck into your clock] (When this card is played and placed '
     'on the stage from your hand, you may pay the cost. If you do, choose a card named "Sensation, Honoka" in your waiting '
     'room, and return it to your hand)',
     "auto bond placed | cost the top 1 card(s) of the deck into the clock | name Sensation, Honoka | optional | do "
     "Salvage(name='Sensation, Honoka', kind='card', optional=False)"),
    # where this card is: the left or right position of the center stage (3.6.3). Golden: head20-positions.scn
    ('head20-positions.scn',
     '【CONT】 If this card is in the left position of your center stage, this card gets +1000 power.',
     'cont | if this-in=left | self +1000 power +0 soul'),
    ('head20-positions.scn',
     '【CONT】 If this card is in the right position of your center stage, this card gets +1000 power.',
     'cont | if this-in=right | self +1000 power +0 soul'),
    ('',
     '【AUTO】 【CXCOMBO】 [(1) Put 1 card from your hand into your waiting room] When this card attacks, if "Utakotoba" is in '
     'your climax area, and this card is in the left position of your center stage, you may pay the cost. If you do, deal 3 '
     'damage to your opponent. (Damage may be canceled)',
     'auto attacks | cost 1 stock, 1 card(s) from hand | if climax=utakotoba, this-in=left | do Damage(n=3)'),
]


S20HEAD_REFUSED: list[tuple[str, str]] = [
    # the rules define no happening for this card's own "Change" (10.8.5 is of "you use "Change""), nor a "use" of Backup by
    # the opponent written with the keyword's name (the opponent's 【ACT】 is `w_opp_act_used`)
    ('【AUTO】 When you use this card\'s "Change", draw 1 card.', 'stopped at ""Change""'),
    ('【AUTO】 When your opponent uses "Backup", draw 1 card.', 'stopped at ""Backup""'),
    # "by that effect" names the Brainstorm a timing saw used: after any other timing it is not read
    ('【AUTO】 When this card attacks, if a climax is put into the waiting room by that effect, draw 1 card.', 'stopped at "put"'),
    # Bond's reminder written "from your hand" still chooses the Bond's own card (10.4.2)
    ('【AUTO】 Bond/"A" [(1)] (When this card is played and placed on the stage from your hand, you may pay the cost. If you '
     'do, choose 1 "B" in your waiting room, and return it to your hand)', "Bond's reminder chooses the Bond's own card"),
]


def session20_head() -> list[dict]:
    """s20-wshead's lines: heads, frames and keyword reminders (s20 head)."""
    return _with_goldens(S20HEAD)


S20HEAD2: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    # traits gained (2.5): a continuous gain of a trait, alone or after a +power / soul, to this card or to your (other)
    # characters; every trait check sees it (view.traits_of), applied before the effects that select by trait (8.9.1.4).
    # Golden: head20b-trait-gained.scn
    ('head20b-trait-gained.scn',
     '【CONT】 All of your other characters get 《Corps》.',
     'cont | others +0 power +0 soul | traits 《Corps》'),
    ('head20b-trait-gained.scn',
     '【CONT】 During your turn, this card gets +1000 power and 《Cosplay》.',
     'cont | if your-turn | self +1000 power +0 soul | traits 《Cosplay》'),
    ('',
     '【CONT】 This card gets 《Ribbon》.',
     'cont | self +0 power +0 soul | traits 《Ribbon》'),
    ('',
     '【CONT】 All of your characters get 《Corps》 and 《Army》.',
     'cont | all +0 power +0 soul | traits 《Corps》 《Army》'),
    # a trait given for a time (8.2.1.2): the character holds, while it lasts, an ability giving it the trait.
    # Golden: head20b-trait-until-eot.scn
    ('head20b-trait-until-eot.scn',
     '【ACT】 [(1)] Choose 1 of your 《Berlint》 characters, and that character gets +2000 power and 《Elegant》 until end of turn.',
     "act | cost 1 stock | do Grant(who='choose-own', ability=<cont | self +0 power +0 soul | traits 《Elegant》>, power=2000, "
     "soul=0, trait='Berlint')"),
    # "All your characters" as cards print it, read as "All of your characters" (the same AST)
    ('',
     '【CONT】 All your characters get +2 soul.',
     'cont | all +0 power +2 soul'),
    ('',
     '【AUTO】 When this card attacks, this card gets +1000 power and 《Sweets》 until end of turn.',
     "auto attacks | do Grant(who='self', ability=<cont | self +0 power +0 soul | traits 《Sweets》>, power=1000, soul=0)"),
]

S20HEAD2_REFUSED: list[tuple[str, str]] = [
    # a trait given is one trait: "《A》 or 《B》" names no one trait to give
    ('【CONT】 This card gets 《Corps》 or 《Army》.', 'stopped at "《Corps》"'),
    # a trait given for a time to all of your characters is not read (one character: this card or 1 chosen)
    ('【AUTO】 When this card attacks, all of your characters get 《Sweets》 until end of turn.', 'stopped at "all"'),
]


def session20_head2() -> list[dict]:
    """s20-wshead2's lines: traits gained (s20 head2)."""
    return _with_goldens(S20HEAD2)


# --- s21 grant (issue 13, twenty-first session): "… the following ability / action / effects", a head and a body read
# together. The following ability given continuously to the characters a name or a portion of a name picks out (8.9.1;
# 2.1.2); options that open with an icon or end with a granted ability in quotes of their own (8.6.3); the quoted action
# done up to N times (3.2.3.1's way) or up to ten times; quoted effects each done once in the order the master chooses
# (8.6.3, 8.8.1); a choice of effects after other effects of its sentence; the following ability given to all of your
# opponent's characters; the following abilities given to 1 or up to N of your characters chosen (8.2.1.2); a continuous
# level gain listed with +power and the following ability (2.6); a name opening with a quoted part inside a granted
# ability. Goldens: grant21-named-cont.scn, grant21-options.scn, grant21-repeat-any-order.scn, grant21-all-opp-many.scn,
# grant21-levels.scn (expect lines written from the rules first).
S21GRANT: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    ('grant21-named-cont.scn',
     '【CONT】 All of your other characters with "Nino" in its card name get the following ability. "【CONT】 '
     'This card cannot side attack."',
     'cont | others +0 power +0 soul | name …Nino | gives <cont | cannot no-side-attack>'),
    ('grant21-named-cont.scn',
     '【CONT】 All of your other "Rimuru" get +1000 power, and the following ability. "【CONT】 This card '
     'cannot frontal attack."',
     'cont | others +1000 power +0 soul | name Rimuru | gives <cont | cannot no-frontal-attack>'),
    ('',
     '【CONT】 If you have another 《Demon Continent》 character, all of your other "Final Push, Rimuru" get '
     '+1000 power, and the following ability. "【AUTO】 [(1) Put 1 card from your hand into your waiting '
     'room] When this card attacks, you may pay the cost. If you do, choose 1 character in your waiting '
     'room, and return it to your hand."',
     'cont | if have-at-least=1 others:Demon Continent | others +1000 power +0 soul | name Final Push, '
     'Rimuru | gives <auto attacks | cost 1 stock, 1 card(s) from hand | do Salvage(name=None, '
     "kind='character', optional=False)>"),
    ('',
     '【CONT】 All of your other 《Music》 characters with "Rin" in its card name get +500 power and the '
     'following ability. "【AUTO】 When this card attacks, draw 1 card."',
     'cont | others 《Music》 +500 power +0 soul | name …Rin | gives <auto attacks | do Draw(n=1, '
     'optional=False)>'),
    ('grant21-options.scn',
     '【ACT】 [(1)] Choose 1 of the following effects, and perform it. "【STAND】 this card." "This card gets '
     '+1000 power and the following ability until end of turn. "【CONT】 This card cannot side attack.""',
     "act | cost 1 stock | do Modal(options=[(StandSelf()) | (Grant(who='self', ability=<cont | cannot "
     'no-side-attack>, power=1000, soul=0))])'),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, choose 1 of the following effects, and '
     'perform it. "[(1)] You may pay the cost. If you do, choose up to 1 climax in your waiting room, '
     'return it to your hand, and this card gets +1500 power until the end of your opponent\'s next turn." '
     '"This card gets the following ability until the end of your opponent\'s next turn. "【CONT】 The '
     'character facing this card gets -2 soul.""',
     "auto placed | do Modal(options=[(PayThen(cost='1 stock', then=(Salvage(name=None, kind='climax', "
     "optional=True), Pump(who='self', power=1500, soul=0, until='opp-next')))) | (Grant(who='self', "
     "ability=<cont | facing +0 power -2 soul>, power=0, soul=0, until='opp-next'))])"),
    ('',
     '【COUNTER】 Perform the following action 3 times. "Choose 1 of your characters, and that character '
     'gets the following ability until end of turn. "【CONT】 The character facing this card gets -1 soul.""',
     "effect counter | do Repeat(n=3, effects=(Grant(who='choose-own', ability=<cont | facing +0 power -1 "
     'soul>, power=0, soul=0)))'),
    ('grant21-repeat-any-order.scn',
     '【ACT】 [(1)] Perform the following action up to 3 times. "Draw 1 card."',
     'act | cost 1 stock | do Repeat(n=3, effects=(Draw(n=1, optional=False)), ask_each=True)'),
    ('grant21-repeat-any-order.scn',
     '【ACT】 [(1)] Perform the following action 6 times. "Put the top card of your deck into your waiting '
     'room."',
     "act | cost 1 stock | do Repeat(n=6, effects=(TopTo(zone='waiting_room', n=1, optional=False)))"),
    ('grant21-repeat-any-order.scn',
     '【ACT】 [(1)] Perform the following effects 1 time in any order. "Draw 1 card." "Put the top card of '
     'your deck into your stock."',
     "act | cost 1 stock | do AnyOrder21(options=[(Draw(n=1, optional=False)) | (TopTo(zone='stock', n=1, "
     'optional=False))])'),
    ('',
     '【ACT】 [(2)] Perform the following action 8 times. "Deal 1 damage to your opponent." (Damage may be '
     'canceled)',
     'act | cost 2 stock | do Repeat(n=8, effects=(Damage(n=1)))'),
    ('',
     'Choose 1 of your 【STAND】 characters, and 【REST】 it. If you do, perform the following effects 1 time '
     'in any order. "Draw 1 card." "Choose 1 of your characters, and that character gets +2000 power until '
     'end of turn."',
     "effect | do IfDone(first=OwnPick(act='rest', n=1, select=Select(kind='character'), orient='stand'), "
     "then=(AnyOrder21(options=[(Draw(n=1, optional=False)) | (Pump(who='choose-own', power=2000, "
     'soul=0))])), must=True)'),
    ('',
     '【AUTO】 When this card is placed on the stage from your hand, this card gets +1500 power until end of '
     'turn, choose 1 of the following effects, and perform it. "Draw 1 card." "Put the top card of your '
     'clock into your waiting room."',
     "auto placed | do Pump(who='self', power=1500, soul=0); Modal(options=[(Draw(n=1, optional=False)) | "
     '(Heal())])'),
    ('grant21-all-opp-many.scn',
     "【ACT】 [(1)] All of your opponent's characters get +1 soul and the following ability until the end of "
     'your opponent\'s next turn. "【CONT】 This card cannot side attack."',
     "act | cost 1 stock | do Grant(who='all-opp', ability=<cont | cannot no-side-attack>, power=0, "
     "soul=1, until='opp-next')"),
    ('grant21-all-opp-many.scn',
     '【ACT】 [(1)] Choose up to 2 of your characters, and those characters get +1000 power and the '
     'following 2 abilities until end of turn. "【CONT】 This card cannot side attack." "【CONT】 This card '
     'cannot frontal attack."',
     "act | cost 1 stock | do OwnPick(act='grant', n=2, at_most=True, select=Select(kind='character'), "
     "grant=Grant(who='chosen', ability=<cont | cannot no-side-attack>, power=1000, soul=0, more=(<cont | "
     'cannot no-frontal-attack>)))'),
    ('',
     "【COUNTER】 All of your opponent's characters get +3 soul and the following ability until end of turn. "
     '"【CONT】 This card cannot side attack."',
     "effect counter | do Grant(who='all-opp', ability=<cont | cannot no-side-attack>, power=0, soul=3)"),
    ('',
     'Choose 1 of your characters, and that character gets +2000 power and the following abilities until '
     'end of turn. "【AUTO】 When this card attacks, draw 1 card." "【CONT】 This card cannot be chosen by '
     'your opponent\'s effects."',
     "effect | do Grant(who='choose-own', ability=<auto attacks | do Draw(n=1, optional=False)>, "
     'power=2000, soul=0, more=(<cont | cannot unchoosable>))'),
    ('grant21-levels.scn',
     '【CONT】 If your hand has 2 or more cards, this card gets +1 level, +1500 power, and the following '
     'ability. "【CONT】 This card cannot side attack."',
     'cont | if count=2 or more card in your hand | self +1500 power +0 soul | levels 1 | gives <cont | '
     'cannot no-side-attack>'),
    ('',
     "【CONT】 During your opponent's turn, if your hand has 4 or more cards, this card gets +1 level, +1500 "
     'power, and the following ability. "【AUTO】 At the beginning of your opponent\'s attack phase, you may '
     'move this card to an open position of your center stage with a character facing this card."',
     'cont | if opp-turn, count=4 or more card in your hand | self +1500 power +0 soul | levels 1 | gives '
     "<auto begin:opp-attack | do MoveSelf(area='center', may=True, faced=True)>"),
    ('',
     '【CONT】 If your level is 2 or higher, this card gets the following ability. "【ACT】 [Put this card '
     'into your waiting room] Choose up to one card named ""Twin Problems" Sayo Hikawa" in your hand, and '
     'put it on the stage position that this card was on."',
     'cont | if count=2 or more card in your level | self +0 power +0 soul | gives <act | cost put this '
     'card into the waiting room | do Salvage(name=\'"Twin Problems" Sayo Hikawa\', kind=\'card\', '
     "optional=True, to='vacated', from_zone='hand')>"),
]

S21GRANT_REFUSED: list[tuple[str, str]] = [
    # an 【AUTO】 ability given to the opponent's characters is not executed (as for 1 of them chosen); a count of abilities
    # that is not the number quoted; "in any order" once only; "N times" up to ten; a level gain goes to this card
    ("【COUNTER】 All of your opponent's characters get +1 soul and the following ability until end of turn. "
     '"【AUTO】 When this card attacks, draw 1 card."',
     'stopped at "AUTO"'),
    ('Choose 1 of your characters, and that character gets the following 3 abilities until end of turn. '
     '"【CONT】 This card cannot side attack." "【CONT】 This card cannot frontal attack."',
     'stopped at "3"'),
    ('Perform the following effects 2 time in any order. "Draw 1 card." "Deal 1 damage to your opponent."',
     'stopped at "2"'),
    ('Perform the following action 11 times. "Draw 1 card."',
     'stopped at "11"'),
    ('【CONT】 All of your other characters get +1 level, +1500 power, and the following ability. "【CONT】 '
     'This card cannot side attack."',
     'stopped at "All"'),
]


def session21_wsgrant() -> list[dict]:
    """s21-wsgrant's lines: "… the following ability / action / effects" (s21 grant)."""
    return _with_goldens(S21GRANT)
S21HEAD: list[tuple[str, str, str]] = [  # golden that executes it ("" for none), text, summary
    # where this card is: "in the stage" is the stage it stands on, its master's (3.6.1), as "in your stage" reads
    ('',
     '【CONT】 If this card is in the stage, this card gets 《Ribbon》.',
     'cont | if this-in=stage | self +0 power +0 soul | traits 《Ribbon》'),
    # Backup's cost (10.5.2; 8.4.2): this card revealed from the hand and put at the bottom of the deck (3.2).
    # Golden: head21-backup-to-deck-bottom.scn
    ('head21-backup-to-deck-bottom.scn',
     '【ACT】 【COUNTER】 Backup 1500, Level 1 [(1) Reveal this card in your hand & Put it at the bottom of your deck] '
     '(Choose 1 of your characters that is being frontal attacked, and that character gets +1500 power until end of turn)',
     'act backup | cost 1 stock, reveal this card in your hand and put it at the bottom of your deck | gets +1500 power '
     '+0 soul | level 1'),
    ('',
     '【ACT】 【COUNTER】 Backup 3000, Level 1 [(1) Reveal this card in your hand & Put this card at the bottom of your deck]',
     'act backup | cost 1 stock, reveal this card in your hand and put it at the bottom of your deck | gets +3000 power '
     '+0 soul | level 1'),
    # costs (8.4.2): characters from the stage into the clock (3.8.2), as Encore's cost (10.2.2) prints it; two characters
    # from the stage into the waiting room; the top card of the stock into the clock (3.10.2). Goldens:
    # head21-encore-stage-to-clock.scn, head21-stock-to-clock-cost.scn
    ('head21-encore-stage-to-clock.scn',
     '【AUTO】 Encore [Put a 《Music》 character from your stage into your clock] (When this card is put into your waiting '
     'room from the stage, you may pay the cost. If you do, return this card to its previous stage position as 【REST】)',
     'auto encore to-waiting | cost 1 《Music》 character(s) from the stage into the clock | optional'),
    ('',
     '【AUTO】 Encore [Put 2 characters from your stage into your waiting room] (When this card is put into your waiting '
     'room from the stage, you may pay the cost. If you do, return this card to its previous stage position as 【REST】)',
     'auto encore to-waiting | cost 2 character(s) from the stage into the waiting room | optional'),
    ('',
     '【AUTO】 Encore [Put 1 《Adolescence》 character from your hand into your waiting room] (When this card is placed into '
     'your waiting room from the stage, you may pay the cost. If you do, return this card to its previous stage position '
     'as 【REST】)',
     'auto encore to-waiting | cost 1 《Adolescence》 character(s) from hand | optional'),
    ('head21-stock-to-clock-cost.scn',
     '【AUTO】 [Put the top card of your stock into your clock] When this card attacks, you may pay the cost. If you do, '
     'this card gets +2000 power until end of turn.',
     "auto attacks | cost put the top 1 card(s) of your stock into your clock | do Pump(who='self', power=2000, soul=0)"),
    # another character of a colour, or of a colour or a trait (2.4, 2.5.3), and counted so (8.3.3).
    # Golden: head21-another-colour.scn
    ('head21-another-colour.scn',
     '【CONT】 During your turn, if you have another blue or 《Raven Black》 character, this card gets +1500 power.',
     'cont | if your-turn, count=1 or more other a blue character or a 《Raven Black》 character in your stage | self +1500 '
     'power +0 soul'),
    ('head21-another-colour.scn',
     '【CONT】 If you have another blue character, this card gets +1000 power.',
     'cont | if count=1 or more other blue character in your stage | self +1000 power +0 soul'),
    ('head21-another-colour.scn',
     '【CONT】 If you have 3 or more other blue or 《Raven Black》 characters, this card gets +500 power.',
     'cont | if count=3 or more other a blue character or a 《Raven Black》 character in your stage | self +500 power +0 soul'),
    ('',
     '【AUTO】 【CLOCK】 Alarm If this card is the top card of your clock, and you have 4 or more green or 《Chaldea》 '
     'characters, at the beginning of your climax phase, you may put the top card of your deck into your stock.',
     'auto alarm begin:climax | if clock-top, count=4 or more a green character or a 《Chaldea》 character in your stage | '
     "do TopTo(zone='stock', n=1, optional=True)"),
    # the cards of a pile counted (3.1.2): "the number of your stock", as "the number of cards in your stock" reads
    ('',
     '【CONT】 If the number of your stock is 2 or less, this card gets +1 level and +1000 power.',
     'cont | if count=2 or less card in your stock | self +1000 power +0 soul | levels 1'),
    # the trigger check revealing a card of any kind with a trigger icon (7.3.1.2; 2.11.1).
    # Golden: head21-reveals-card-icon.scn
    ('head21-reveals-card-icon.scn',
     '【AUTO】 When this card\'s trigger check reveals a card with [SOUL] in its trigger icon, this card gets +1 soul until '
     'end of turn.',
     "auto self-trigger-reveals:card[soul] | do Pump(who='self', power=0, soul=1)"),
    ('head21-reveals-card-icon.scn',
     '【AUTO】 When your character\'s trigger check reveals a card with [SOUL] in its trigger icon, draw 1 card.',
     'auto trigger-reveals:card[soul] | do Draw(n=1, optional=False)'),
    # a Memory 【AUTO】 ability waiting, in the memory, for a climax placed (10.9.1; 8.7.2; 2.1.2).
    # Golden: head21-memory-climax-placed.scn
    ('head21-memory-climax-placed.scn',
     '【AUTO】 【CXCOMBO】 Memory [(1)] If this card is in your memory, when "Soul" is placed on your climax area, if your '
     'level is 2 or higher, you may pay the cost. If you do, you may put this card in an open position of your stage.',
     'auto memory your-climax-placed:"Soul" | cost 1 stock | if this-in=memory, count=2 or more card in your level | do '
     "SelfStage17(to='stage_open', may=True)"),
]

S21HEAD_REFUSED: list[tuple[str, str]] = [
    # a pile's number is its cards: the number of a stage area is not read so
    ('【CONT】 If the number of your center stage is 2 or less, this card gets +1000 power.', 'stopped at "center"'),
    # on the stage are characters: another climax of a colour is not counted there
    ('【CONT】 If you have another blue or green climax, this card gets +1500 power.', 'stopped at "If"'),
    # the top card of the stock is one card: a number of them is not written so
    ('【AUTO】 [Put the top cards of your stock into your clock] When this card attacks, you may pay the cost. If you do, '
     'draw 1 card.', 'stopped at "cards"'),
    # the cost that takes this card from the hand is Backup's: no other ability is played from the hand
    ('【ACT】 [Reveal this card in your hand & Put it at the bottom of your deck] Draw 1 card.', 'stopped at "["'),
]


def session21_wshead() -> list[dict]:
    """s21-wshead's lines: heads and frames (s21 head)."""
    return _with_goldens(S21HEAD)


def main() -> None:
    rows = (autos() + conts() + acts() + events() + battles() + keywords() + reach() + traits() + hand_costs()
            + may_choices() + backup_used()
            + frame_real() + effect_actions() + granted() + moving_costs() + if_do() + session7() + session8b()
            + session8a() + session9a() + session9b()
            + session9c())
    rows += session9d()
    rows += session10b()
    rows += session10a()  # s10-wshead
    rows += session10c()  # s10-wsfix2
    rows += session11a()  # s11-wshead
    rows += session11b()  # s11-wsbody
    rows += session12a()  # s12-wshead
    rows += session12b()  # s12-wsbody
    rows += session13a()  # s13-wshead
    rows += session13c()  # s13-wszone
    rows += session13b()  # s13-wsbody
    rows += session13e()  # s13b-wsbody
    rows += session13d()  # s13b-wshead
    rows += session14a()  # s14-wshead
    rows += session14b()  # s14-wsbody
    rows += session14c()  # s14-wszone
    rows += session14e()  # s14b-wsbody
    rows += session14d()  # s14b-wshz
    rows += session15body()  # s15-wsbody
    rows += session15zone()  # s15-wszone
    rows += session16zone()  # s16-wszone
    rows += session17zone()  # s17-wszone
    rows += session15quote()  # s15-wsquote
    rows += session15head()  # s15-wshead
    rows += session15hz()  # s15b-wshz
    rows += session15bq()  # s15b-wsbq
    rows += session16body()  # s16-wsbody
    rows += session16head()  # s16-wshead
    rows += session16quote()  # s16-wsquote
    rows += session16b()  # s16b-ws
    rows += session17head()  # s17-wshead
    rows += session17body()  # s17-wsbody
    rows += session17misprint()  # s17 misprint
    rows += session18_head()  # s18-wshead
    rows += session18_body()  # s18-wsbody
    rows += session18_zone()  # s18-wszone
    rows += session19_body()  # s19-wsbody
    rows += session19_head()  # s19-wshead
    rows += session20_body()  # s20-wsbody
    rows += session20_head()  # s20-wshead
    rows += session20_body2()  # s20-wsbody2
    rows += session20_head2()  # s20-wshead2
    rows += session21_wsbody()  # s21-wsbody
    rows += session21_wsgrant()  # s21-wsgrant
    rows += session21_wshead()  # s21-wshead
    rows += session21_wsbody2()  # s21-wsbody2
    rows += session22_ws()  # s22-ws
    rows += session22_ws2()  # s22-ws2
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"wrote {len(rows)} lines to {OUT}")
    near = probes()
    near += [{"text": text, "refused": why} for text, why in S9D_REFUSED]
    near += [{"text": text, "refused": why} for text, why in S10B_REFUSED]
    near += [{"text": text, "refused": why} for text, why in S10A_REFUSED]  # s10-wshead
    near += [{"text": text, "refused": why} for text, why in S10C_REFUSED]  # s10-wsfix2
    near += [{"text": text, "refused": why} for text, why in S11A_REFUSED]  # s11-wshead
    near += [{"text": text, "refused": why} for text, why in S11B_REFUSED]  # s11-wsbody
    near += [{"text": text, "refused": why} for text, why in S12A_REFUSED]  # s12-wshead
    near += [{"text": text, "refused": why} for text, why in S12B_REFUSED]  # s12-wsbody
    near += [{"text": text, "refused": why} for text, why in S13A_REFUSED]  # s13-wshead
    near += [{"text": text, "refused": why} for text, why in S13C_REFUSED]  # s13-wszone
    near += [{"text": text, "refused": why} for text, why in S13B_REFUSED]  # s13-wsbody
    near += [{"text": text, "refused": why} for text, why in S13D_REFUSED]  # s13b-wshead
    near += [{"text": text, "refused": why} for text, why in S14A_REFUSED]  # s14-wshead
    near += [{"text": text, "refused": why} for text, why in S14B_REFUSED]  # s14-wsbody
    near += [{"text": text, "refused": why} for text, why in S14C_REFUSED]  # s14-wszone
    near += [{"text": text, "refused": why} for text, why in S14E_REFUSED]  # s14b-wsbody
    near += [{"text": text, "refused": why} for text, why in S14D_REFUSED]  # s14b-wshz
    near += [{"text": text, "refused": why} for text, why in S15BODY_REFUSED]  # s15-wsbody
    near += [{"text": text, "refused": why} for text, why in S15Z_REFUSED]  # s15-wszone
    near += [{"text": text, "refused": why} for text, why in S15Q_REFUSED]  # s15-wsquote
    near += [{"text": text, "refused": why} for text, why in S15HEAD_REFUSED]  # s15-wshead
    near += [{"text": text, "refused": why} for text, why in S15BQ_REFUSED]  # s15b-wsbq
    near += [{"text": text, "refused": why} for text, why in S16BODY_REFUSED]  # s16-wsbody
    near += [{"text": text, "refused": why} for text, why in S16HEAD_REFUSED]  # s16-wshead
    near += [{"text": text, "refused": why} for text, why in S16Q_REFUSED]  # s16-wsquote
    near += [{"text": text, "refused": why} for text, why in S16B_REFUSED]  # s16b-ws
    near += [{"text": text, "refused": why} for text, why in S17HEAD_REFUSED]  # s17-wshead
    near += [{"text": text, "refused": why} for text, why in S17BODY_REFUSED]  # s17-wsbody
    near += [{"text": text, "refused": why} for text, why in S18BODY_REFUSED]  # s18-wsbody
    near += [{"text": text, "refused": why} for text, why in S19BODY_REFUSED]  # s19-wsbody
    near += [{"text": text, "refused": why} for text, why in S20BODY_REFUSED]  # s20-wsbody
    near += [{"text": text, "refused": why} for text, why in S20HEAD_REFUSED]  # s20-wshead
    near += [{"text": text, "refused": why} for text, why in S20BODY2_REFUSED]  # s20-wsbody2
    near += [{"text": text, "refused": why} for text, why in S20HEAD2_REFUSED]  # s20-wshead2
    near += [{"text": text, "refused": why} for text, why in S21BODY_REFUSED]  # s21-wsbody
    near += [{"text": text, "refused": why} for text, why in S21GRANT_REFUSED]  # s21-wsgrant
    near += [{"text": text, "refused": why} for text, why in S21HEAD_REFUSED]  # s21-wshead
    near += [{"text": text, "refused": why} for text, why in S21BODY2_REFUSED]  # s21-wsbody2
    near += [{"text": text, "refused": why} for text, why in S22WS_REFUSED]  # s22-ws
    near += [{"text": text, "refused": why} for text, why in S22WS2_REFUSED]  # s22-ws2
    near += [{"text": text, "refused": why, "misprint": "refused"} for text, why in S17MISPRINT_REFUSED]  # s17 misprint
    near += [{"text": text, "refused": why} for text, why in S18Z_REFUSED]  # s18-wszone
    PROBES.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in near), encoding="utf-8")
    print(f"wrote {len(near)} lines to {PROBES}")


if __name__ == "__main__":
    main()
