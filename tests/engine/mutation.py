"""Random edits of a scenario's lines (insert, delete, replace a word), shared by the fuzz tests."""

from __future__ import annotations

import random


def mutate(rng: random.Random, lines: list[str], words: list[str]) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(lines) + 1)
        op = rng.random()
        if op < 0.4:
            lines.insert(k, " ".join(rng.choice(words) for _ in range(rng.randint(1, 7))))
        elif lines and op < 0.7:
            del lines[min(k, len(lines) - 1)]
        elif lines:
            j = min(k, len(lines) - 1)
            toks = lines[j].split(" ")
            toks[rng.randrange(len(toks))] = rng.choice(words)
            lines[j] = " ".join(toks)
    return lines
