"""Texts for the bs-standard reader's equivalence proof: the shapes the regex reader of main 5cde7bd read
(restriction prefixes, common effects, Magic labels, activated effects, timings bracketed and not, 『During
Attack』/『During Block』, replacement and continuous effects, the joining words of 5-19, "You may", and the
instructions and card descriptions Saga's vocabulary reads for it), composed, and near misses built from them (a
word replaced, dropped, doubled or swapped, a number changed). Deterministic: the same texts in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

RESTRICTIONS = ("", "[Once per turn] ", "[Unstackable] ", "[Unstackable, Once per turn] ", "【Once per Turn】 ",
                "[Once per turn, Unstackable] ", "『Unstackable』", "[Once per turn]")
LABELS = ("[Main] ", "[Flash] ", "[Main][Flash] ", "[Main] [Flash] ", "【Main】 ", "[Flash]/[Main] ", "「Flash」",
          "[Main]/[Flash] ")
ACTIVATED = ("【Activate: Main】 ", "【Activate: Flash】 ", "[Activate: Main/Flash] ", "【Activate : main】",
             "【Activate: Main】 Exhaust this Spirit ▶ ", "【Activate: Main】 Send 1 core from this Spirit to your "
             "Reserve ▶ ", "【Activate: Flash】 Destroy this Spirit ▶ ")
TIMINGS = ("When Summoned", "When this Spirit is Summoned", "When Deployed", "When this Nexus is Deployed",
           "When Attacking", "When this Spirit attacks", "When Blocking", "When this Spirit blocks", "When Destroyed",
           "When this Spirit is Destroyed", "When Destroyed by Opponent", "When destroyed by the opponent's effect",
           "When this Nexus is destroyed by an opponent", "When Exhausted", "When this Spirit becomes exhausted",
           "When Refreshed", "When this Spirit is refreshed", "When a Spirit is Summoned", "When your Spirit is Summoned",
           "When one of your Spirits is Summoned", "When your Spirits are summoned", "When you summon a Spirit",
           "When your opponent's Spirit is Summoned", "When one of your opponents' Spirits is Summoned",
           "When a Spirit is Destroyed", "When one of your Spirits is Destroyed", "When your opponent's Spirit is destroyed",
           "At the start of your Main Step", "At the start of your opponent's Attack Step", "At the start of the End Step",
           "At the start of each Draw Step", "At the start of Refresh Step", "At the start of your Core Step",
           "At the start of your Second Main Step", "At the start of your Start Step", "At the end of the turn",
           "At the end of this turn", "At the end of each turn", "At the end of your turn", "At the end of your opponent's turn",
           "At the end of the battle", "When the battle ends", "When your Life is reduced",
           "When your opponent's Life is reduced", "When Summoned/When Attacking", "When Attacked", "When Sacrificed",
           "At the start of your Battle Step", "At the start of the turn")
TIMING_FORMS = ("『{}』 ", "[{}] ", "【{}】", "{}: ", "{}, ", "「{}」: ")
SELS = ("1 opponent Spirit", "1 of your opponent's Spirits", "1 opposing Spirit", "2 opponent Spirits", "up to 2 opponent Spirits",
        "all opponent Spirits", "all Spirits", "each opponent Spirit", "this Spirit", "this Nexus", "that Spirit", "it",
        "them", "the attacking Spirit", "the blocking Spirit", "1 opponent Spirit with 3000 BP or less",
        "1 opponent Spirit with 5000 BP or more", "1 opponent exhausted Spirit", "1 opponent refreshed Spirit",
        "1 opponent red Spirit", "1 opponent red or blue Spirit", "1 of your Spirits", "your Spirits", "all your Spirits",
        "1 other Spirit you control", "1 Spirit your opponent controls", "1 opponent Spirit or Nexus",
        "1 opponent Nexus", "1 opponent Spirit with cost 3 or less", "1 target opponent Spirit", "target Spirit",
        "a Spirit", "one opponent Spirit", "two opponent Spirits", "1 opponent token Spirit",
        "1 opponent Spirit with 【Clash】", "1 opponent Spirit with [Crush]", "1 Spirit other than this Spirit",
        "all other Spirits you control", "1 enemy Spirit", "1 opponent Spirits", "1 card", "1 opponent card",
        "1 opponent Spirit with 3000 BP or less and cost 2 or less", "all exhausted Spirits", "another Spirit",
        "1 opponent green/white Spirit", "1 opponent Spirit with 4000 BP or lower")
INSTRUCTIONS = ("draw 1 card", "draw 2 cards", "Draw a card", "draw two cards", "your opponent draws 1 card",
                "each player draws 1 card", "you draw 1 card", "discard 1 card", "Destroy {}", "destroy {}",
                "Exhaust {}", "Heavy Exhaust {}", "heavy exhaust {}", "Refresh {}", "Return {} to its owner's Hand",
                "return {} to their owner's hand", "Return {} to the Hand", "Return {} to the bottom of its owner's deck",
                "{} to its owner's hand", "{} gets +2000 BP during this turn", "{} get +3000 BP during this battle",
                "During this turn, {} gets -3000 BP", "{} gets +1000 BP until the end of the turn", "{} gets +2000 BP",
                "{} loses 2000 BP during this turn", "{} gains 1000 BP this turn", "give +1000 BP to {} this turn",
                "{} cannot attack during this turn", "{} cannot block during this turn", "{} cannot block this battle",
                "{} cannot be blocked during this turn", "{} cannot attack", "{} cannot be destroyed",
                "{}'s BP becomes 1000 during this turn", "{} gains 【Crush: +1】 during this turn",
                "move 1 core from your Reserve to {}", "Send 1 core from {} to your opponent's Reserve",
                "send 2 cores from {} to the void", "Put 1 core from the void to your Life", "gain 1 life",
                "Move up to 2 cores from your Reserve to {}", "Move all cores from {} to your Reserve",
                "move the soul core from {} to your Reserve", "Send 1 core from your opponent's Life to your opponent's "
                "Reserve", "reduce your opponent's life by 1", "move 1 core from your trash to your reserve",
                "place 1 core from your reserve onto {}", "discard the top 2 cards of your opponent's deck",
                "summon 1 \"Fox\" (Token spirit/Red/0 Cost/LV1①/BP1000)", "look at the top 3 cards of your deck",
                "destroy", "draw", "refresh all Spirits you control", "Exhaust {} and draw 1 card",
                "destroy {}, and draw 1 card", "exhaust {} and refresh this Spirit")
CONDS = ("If you have 2 or less Life, ", "if you have 3 or fewer Life, ", "If your opponent has 4 or more Life, ",
         "If a Spirit was Destroyed by this effect, ", "If an opponent's Spirit was destroyed by this effect, ",
         "If you destroyed a Spirit, ", "If you have 2 or more Spirits, ", "If this Spirit is exhausted, ")
JOINS = ("Then, ", "Then ", "After this effect resolves, ", "You must ", "Your opponent must ", "you may ", "You may ")
WHOLE = ("《Soul Magic: Red》", "《Soul Magic: Mauve》", "《Succession》", "《Super Unleash》", "《Succession: red》",
         "This Spirit cannot be blocked.", "All opponent Spirits cannot block.", "Your Spirits cannot be blocked",
         "This Spirit gets +2000 BP.", "All your red Spirits get +1000 BP", "This Spirit cannot attack.",
         "『During Attack』 This Spirit gets +2000 BP.", "『During Block』 This Spirit gets +3000 BP.",
         "『During Attack』 This Spirit cannot be blocked.", "『During Attack』 Draw 1 card.",
         "『During Block』 This Spirit gets +3000 BP during this turn.", "【Clash】", "【Clash】 This Spirit gets +1000 BP",
         "【Armor: Red】", "Draw 1 card.", "destroy 1 opponent Spirit", "", "   ", "[Once per turn]",
         "If this Spirit would be Destroyed, Heavy Exhaust it instead.",
         "If this Spirit would be destroyed by an opponent's effect, you may exhaust it instead.",
         "If one of your Spirits would be destroyed, send 1 core from this Spirit to the void instead.",
         "If 1 of your red Spirits would be destroyed by the opponent, return it to its owner's hand instead",
         "If this Spirit would be destroyed by your opponent's Spirits, you may draw 1 card instead.",
         "If this Spirit would be destroyed instead.", "If this Spirit would be Destroyed, destroy it instead",
         "This Spirit gets +2000 BP during this turn.", "This Spirit gets +1000 BP while attacking.",
         "During your turn, this Spirit gets +1000 BP.", "This spirit cannot be destroyed by effects.",
         "This Spirit’s BP becomes 5000.", "【Activate: Main】 ▶ Draw 1 card")


def _bodies(rng: random.Random) -> list[str]:
    one: list[str] = []
    for ins in INSTRUCTIONS:
        if "{}" in ins:
            one += [ins.format(s) for s in SELS]
        else:
            one.append(ins)
    out = [b + "." for b in one]
    for _ in range(700):
        a, b = rng.choice(one), rng.choice(one)
        join = rng.choice(JOINS + CONDS + ("", ""))
        out.append(f"{a[0].upper() + a[1:]}. {join}{b}.")
    for _ in range(150):
        out.append(f"{rng.choice(CONDS)}{rng.choice(one)}.")
        out.append(f"You may {rng.choice(one)}. {rng.choice(CONDS)}{rng.choice(one)}. Then, {rng.choice(one)}")
    return out


def composed() -> list[str]:
    rng = random.Random(13)
    bodies = _bodies(rng)
    heads = list(LABELS) + list(ACTIVATED) + [f.format(t) for t in TIMINGS for f in TIMING_FORMS]
    out = list(WHOLE)
    for body in bodies:
        for _ in range(3):
            out.append(rng.choice(RESTRICTIONS) + rng.choice(heads) + body)
    for head in heads:
        for _ in range(4):
            out.append(rng.choice(RESTRICTIONS) + head + rng.choice(bodies))
    for w in WHOLE:
        out.append(rng.choice(RESTRICTIONS) + w)
    return out


_SWAPS = (("Spirit", "Spirits"), ("draw", "draws"), ("1", "a"), ("1", "one"), ("2", "3"), ("or less", "or fewer"),
          ("BP", "Power"), ("opponent", "opposing"), ("to", "into"), ("Reserve", "Life"), ("your", "their"),
          ("during this turn", "this turn"), ("gets", "get"), ("Then, ", "Then "), (".", ""), ("』 ", "』: "),
          ("[", "【"), ("]", "】"), ("Destroy", "Destroyed"), ("cannot", "can't"), ("When", "Whenever"))


def near_misses(texts: list[str]) -> Iterator[str]:
    rng = random.Random(1313)
    for t in texts:
        words = t.split(" ")
        op = rng.randrange(5)
        if op == 0 and len(words) > 2:
            i = rng.randrange(len(words))
            yield " ".join(words[:i] + words[i + 1:])
        elif op == 1 and len(words) > 2:
            i = rng.randrange(len(words))
            yield " ".join(words[:i + 1] + words[i:])
        elif op == 2 and len(words) > 3:
            i = rng.randrange(len(words) - 1)
            words[i], words[i + 1] = words[i + 1], words[i]
            yield " ".join(words)
        else:
            a, b = rng.choice(_SWAPS)
            if a in t:
                yield t.replace(a, b, 1)
        if rng.random() < 0.3:
            yield t.upper() if rng.random() < 0.5 else t.lower()


def texts() -> list[str]:
    base = composed()
    seen: dict[str, None] = dict.fromkeys(base)
    for t in near_misses(base):
        seen.setdefault(t, None)
    return list(seen)
