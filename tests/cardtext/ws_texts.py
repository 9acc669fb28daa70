"""Texts for the ws reader's equivalence proof: what the regex reader of main 8948feb accepted, built from its
vocabulary (categories, keyword words, costs, timings, conditions, "you may pay the cost", one-shot effects,
continuous gains, keyword abilities), and near misses built from them (a word replaced, dropped, doubled or
swapped, a number changed). Deterministic: the same texts in the same order on every run.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

HEADS = ("", "【AUTO】 ", "【CONT】 ", "【ACT】 ", "[AUTO] ", "[CONT] ", "[ACT] ", "AUTO ", "CONT ", "ACT ",
         "【AUTO】 【CXCOMBO】 ", "【CXCOMBO】 ", "[AUTO] [CXCOMBO] ", "AUTO CXCOMBO ")
KEYWORDS = ("", "Alarm ", "Memory ", "Experience ", "Accelerate ", "Resonate ")
COSTS = ("", "[①] ", "[(2)] ", "[③] ", "[(1) Put this card from your hand into your waiting room] ",
         "[Rest this card] ", "[① Rest this card] ", "[Put the top card of your deck into your clock] ",
         '[Reveal a "Sister" from your hand] ', "[1 stock] ", "[Put a character from your hand into your waiting room] ",
         "[①, Rest this card] ", "[Put this card into your waiting room] ", "[(1) Put this card into your waiting room] ",
         "[] ", "[【REST】 this card] ", "[② Put two characters from your hand into your waiting room] ",
         "[Put the top 2 cards of your deck into your clock] ", "[① & Rest this card] ",
         "[Put this card from your hand into your waiting room and rest this card] ", "[①① Rest this card] ",
         '[(1) Reveal 1 "Sister" in your hand] ')
TRIGGERS = ("When this card attacks", "When this card is placed on stage from your hand",
            "When this card is placed on the stage from your hand", "When this card is played and placed on stage",
            "When this card becomes reversed", "When this card is placed on your climax area from your hand",
            "When this card is placed on climax area from your hand", "When this card's battle opponent becomes reversed",
            "When this card is put into your waiting room from the stage", "At the beginning of your climax phase",
            "At the beginning of your encore step", "At the beginning of your draw phase",
            "At the beginning of your end phase", "At the beginning of your attack phase",
            "At the beginning of your main phase", "At the beginning of your clock phase")
CONDS = ("", 'if "Lucky Day" is in your climax area, ', "if you have 3 or more cards in your memory, ",
         "if the total level of cards in your level is 2 or higher, ", "if this card is the top card of your clock, ",
         "if this card is resting, ", "if this card is rested, ", "if this card was the attacking character, ",
         "during your turn, ", 'during your turn, if "Lucky" is in your climax area, ')
PAYS = ("you may pay the cost. If you do, ", "you may pay the cost. If you do ", "you may pay the cost if you do, ")
GAINS = ("+1000 power", "+1 soul", "-1 soul", "+500 power and +1 soul", "+1 soul and +500 power", "-500 power",
         "+2000 power and +2000 power")
ONE_SHOTS = (
    "draw 1 card", "draw a card", "draw one card", "draw 2 cards", "draw two cards", "you may draw 1 card",
    "draw 3 cards", "draw three cards", "draw an card", "Draw 1 card",
    "this card gets +1000 power until end of turn", "this card gets +1 soul until end of turn",
    "this card get +500 power and +1 soul until end of turn",
    "choose 1 of your characters, and it gets +1000 power until end of turn",
    "choose 1 of your characters; it gets +500 power until end of turn",
    "choose one of your characters and that character gets +1 soul until end of turn",
    "choose a of your character it gets +1000 power until end of turn",
    "choose 2 of your characters, and it gets +1000 power until end of turn",
    "choose 1 of your defending characters; it gets +2000 power until end of turn",
    "all of your characters get +500 power until end of turn",
    "all of your other characters get +500 power until end of turn",
    "put the top card of your deck into your stock", "put the top card of your deck into your clock",
    "put the top card of your deck into your waiting room", "put the top 2 cards of your deck into your waiting room",
    "you may put the top card of your deck into your stock", "put the top two cards of your deck into your clock",
    "deal 1 damage to your opponent", "deal 2 damage to your opponent",
    "put the top card of your clock into your waiting room", "put this card into your memory",
    "put this card into your hand", "return this card to your hand",
    "choose 1 character in your waiting room, and return it to your hand",
    "choose up to 1 card in your waiting room, and put it into your hand",
    "choose one character in your waiting room and return it to your hand",
    "choose up to one character in your waiting room, and return it to your hand",
    "choose 1 card in your waiting room, and put it to your hand",
    "put the top cards of your clock into your waiting room", "you may put the top card of your clock into your waiting room",
)
CONT_SUBJECTS = ("this card gets", "all of your characters get", "all of your other characters get",
                 "all of your characters in front of this card get", "This card get", "all of your characters gets")
NAMES = ('"Friend"', '"Big Sister"', "Friend", '"Tom"', "Good Friend")

KEYWORD_ABILITIES = (
    "Encore [③]", "Encore [(3)]", "【AUTO】 Encore [Put a character from your hand into your waiting room]",
    "Encore [③].", "【AUTO】 Encore [① Put a character from your hand into your waiting room]", "Encore [Discard two climaxes]",
    "【Backup 2500, Level 1】 [① Put this card from your hand into your waiting room]",
    "【ACT】 Backup 3000, Level 2 [(1) Put this card from your hand into your waiting room]",
    "【Backup 2500, Level 1】 [① Put this card from your hand into your waiting room] Choose 1 of your defending "
    "characters; it gets +2500 power until end of turn.",
    "【Backup 2500, Level 1】 [①] Choose 1 of your defending characters, it gets +2500 power until end of turn",
    "【Backup 2500, Level 1】 [①] Choose a of your defending character and that character gets +2500 power until end of turn.",
    "【Backup 2500, Level 1】 [①] Choose 1 of your defending characters; it gets +3000 power until end of turn.",
    "【Backup 2500, Level 1】 [①] Choose 1 of your defending characters; it get +2500 power until end of turn.",
    "【Backup 2500, Level 1】 [①] Choose 1 of your characters; it gets +2500 power until end of turn.",
    "Backup 1000, Level 0", "Backup 1000, Level 0.",
    "【CONT】 Assist All of your characters in front of this card get +500 power.",
    "Assist All of your characters in front of this card get +1000 power and +1 soul",
    "【CONT】 Assist All of your characters get +500 power.", "Assist this card gets +500 power.",
    "Great Performance", "Great Performance.", "【CONT】 Great Performance", "Great Performances",
    "【ACT】 Fusion [Put \"A\" from your stage face up underneath this card as a marker] Search your deck for up to 1 "
    "\"B\", put it on this card's stage position, put this card and all markers underneath this card face up in any "
    "order underneath \"B\" as markers, and shuffle your deck.",
    "Fusion [Put \"Small One\" from your stage face up underneath this card as a marker] Search your deck for up to one "
    "\"Big One\" put it on this card's stage position put this card and all markers underneath this card face up in "
    "any order underneath \"Big One\" as markers and shuffle your deck",
    "【ACT】 Fusion [Put \"A\" from your stage underneath this card as a marker] Search your deck.",
    "【ACT】 Fusion [Put \"A\" from your stage face up underneath this card as a marker] Search your deck for up to 2 "
    "\"B\", put it on this card's stage position, put this card and all markers underneath this card face up in any "
    "order underneath \"B\" as markers, and shuffle your deck.",
    "Shift, Level 2", "Shift Level 1.", "Shift, Level", "【AUTO】 Shift, Level 3",
    "Change [(1) Put this card into your waiting room] At the beginning of your encore step, if this card is resting, "
    "you may pay the cost. If you do, choose 1 \"Grown\" in your waiting room, and put it on the stage position that "
    "this card was on.",
    "【AUTO】 Change [Put this card into your waiting room] At the beginning of your climax phase, you may pay the cost "
    "if you do, choose one \"Grown\" in your waiting room and put it on the stage position where this card was",
    "Change [① Put this card into your waiting room] At the beginning of your draw phase, you may pay the cost. If "
    "you do, choose 1 \"Grown\" in your waiting room, and put it on the stage position that this card was on.",
    "【AUTO】 Change [①] Put this card into your waiting room.",
    "Change [①] At the beginning of your encore step, you may pay the cost. If you do, choose 1 \"Grown\" in your "
    "waiting room, and put it on the stage position that this card was on.",
    "Brainstorm [①] Flip over the top 4 cards of your deck, put them into your waiting room. For each climax revealed "
    "among those cards, draw 1 card.",
    "【ACT】 Brainstorm [(1) Rest this card] Flip over the top 4 cards of your deck, and put those cards into your "
    "waiting room. For each climax revealed among those cards, deal 1 damage to your opponent.",
    "【AUTO】 Brainstorm [①] Flip over the top 4 cards of your deck, put them into your waiting room. For each climax "
    "revealed among those cards, this card gets +1000 power until end of turn.",
    "Brainstorm Flip over the top 3 cards of your deck put them into your waiting room. For each climax revealed among "
    "those cards, draw 1 card. Draw 1 card.",
    "If this card would be put from the stage into your waiting room, put it into your memory instead.",
    "If this card would be put into your waiting room from the stage, return it to your hand instead",
    "【CONT】 If this card would be put from the stage into your waiting room, put this card to your memory instead.",
    "If this card would be put from the stage into your waiting room, put it into your clock instead.",
    "[①] If this card would be put from the stage into your waiting room, put it into your memory instead.",
    "", "counter", "【ACT】", "【ACT】 [①]", "Memory", "Memory [Rest this card]",
)


def _bond_sunder() -> Iterator[str]:
    for word, head in (("Bond", "【AUTO】 "), ("Sunder", ""), ("Bond", ""), ("Sunder", "【AUTO】 ")):
        for name in NAMES:
            for cost in ("[①]", "[(1)]", "[Put a character from your hand into your waiting room]",
                         '[Reveal a "Sister" from your hand]', "[①]."):
                yield f"{head}{word}/{name} {cost}"
        yield f"{head}{word} \"Friend\" [①]"
        yield f"{head}{word}/\"Friend\""


def _auto(rng: random.Random) -> str:
    cost = rng.choice(COSTS)
    pay = rng.choice(PAYS) if cost.strip() and rng.random() < 0.85 else (rng.choice(PAYS) if rng.random() < 0.1 else "")
    sentences = ". ".join(rng.choice(ONE_SHOTS) for _ in range(rng.choice((1, 1, 1, 2, 3))))
    conds = rng.choice(CONDS) + (rng.choice(CONDS) if rng.random() < 0.2 else "")
    head = rng.choice(("【AUTO】 ", "【AUTO】 ", "[AUTO] ", "AUTO ", "【AUTO】 【CXCOMBO】 ", "", "【CONT】 ", "【ACT】 "))
    sep = rng.choice((", ", ", ", ", ", " "))
    return f"{head}{rng.choice(KEYWORDS) if rng.random() < 0.2 else ''}{cost}{rng.choice(TRIGGERS)}{sep}{conds}{pay}" \
        f"{sentences}{rng.choice(('.', '.', '', '..'))}"


def _cont(rng: random.Random) -> str:
    head = rng.choice(("【CONT】 ", "【CONT】 ", "[CONT] ", "", "【ACT】 ", "【AUTO】 "))
    cost = rng.choice(COSTS) if rng.random() < 0.15 else ""
    conds = rng.choice(CONDS) + (rng.choice(CONDS) if rng.random() < 0.2 else "")
    return f"{head}{rng.choice(KEYWORDS) if rng.random() < 0.3 else ''}{cost}{conds}{rng.choice(CONT_SUBJECTS)} " \
        f"{rng.choice(GAINS)}{rng.choice(('.', '', '..'))}"


def _one_shots(rng: random.Random) -> str:
    head = rng.choice(("", "", "【ACT】 ", "【ACT】 ", "[ACT] ", "【CONT】 "))
    cost = rng.choice(COSTS) if head.strip() or rng.random() < 0.2 else ""
    sentences = ". ".join(rng.choice(ONE_SHOTS) for _ in range(rng.choice((1, 1, 2, 3))))
    return f"{head}{rng.choice(KEYWORDS) if rng.random() < 0.15 else ''}{cost}{sentences[:1].upper()}{sentences[1:]}" \
        f"{rng.choice(('.', '.', ''))}"


# near misses: words that belong to other phrases or to no phrase the reader knows
_WRONG = ("opponent's", "destroy", "deck", "climax", "card", "cards", "your", "the", "stage", "put", "3", "two", "and",
          "if", "when", "this", "power", "soul", "clock", "stock", "hand", "memory", "Encore", "①", "[", "]", ",", ".",
          "front", "other", "rest", "reveal", "choose", "up to")


def near_misses(text: str, rng: random.Random, n: int) -> Iterator[str]:
    words = text.split(" ")
    for _ in range(n):
        w = list(words)
        i = rng.randrange(len(w))
        op = rng.randrange(5)
        if op == 0:
            w[i] = rng.choice(_WRONG)
        elif op == 1 and len(w) > 1:
            del w[i]
        elif op == 2:
            w.insert(i, rng.choice(_WRONG))
        elif op == 3 and i + 1 < len(w):
            w[i], w[i + 1] = w[i + 1], w[i]
        else:
            w[i] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.choice((1, 2, 7))), w[i]) if re.search(r"\d", w[i]) \
                else w[i] + rng.choice(("s", "ed", ""))
        yield " ".join(w)


def texts(seed: int = 13) -> list[str]:
    """The harness's texts, each once, in a fixed order."""
    rng = random.Random(seed)
    out: list[str] = list(KEYWORD_ABILITIES) + list(_bond_sunder())
    # each one-shot, cost, timing, condition and gain in a fixed frame
    out += [f"{h}{s[:1].upper()}{s[1:]}." for s in ONE_SHOTS for h in ("", "【ACT】 ", "【AUTO】 When this card attacks, ")]
    out += [f"【AUTO】 {c}When this card attacks, you may pay the cost. If you do, draw 1 card." for c in COSTS]
    out += [f"【ACT】 {k}{c}Draw 1 card." for c in COSTS for k in KEYWORDS]
    out += [f"【AUTO】 {t}, draw 1 card." for t in TRIGGERS]
    out += [f"{h}{c}this card gets +1000 power." for c in CONDS for h in ("【CONT】 ", "")]
    out += [f"【CONT】 {s} {g}." for s in CONT_SUBJECTS for g in GAINS]
    out += [f"{h}Encore [③]" for h in HEADS] + [f"{h}draw 1 card." for h in HEADS]
    composed = [make(rng) for _ in range(2400) for make in (_auto, _cont, _one_shots)]
    out += composed
    base = list(dict.fromkeys(out))
    for t in base[::2]:
        out += near_misses(t, rng, 2)
    return list(dict.fromkeys(out))
