"""Rule ids: splitting, joining, ordering and sequence logic, in either notation."""

from __future__ import annotations

import re

from judge_app.rules.model import Notation

_ID = re.compile(r"^\d{1,3}(?:[-.]\d{1,3})*$")


def clean(printed: str) -> str:
    """Drop a trailing dot or colon: `1.3.1.` -> `1.3.1`."""
    return printed.rstrip(":").rstrip(".").strip()


def parts(rule_id: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.split(r"[-.]", rule_id) if p.isdigit())


def join(nums: tuple[int, ...] | list[int], notation: Notation) -> str:
    return str(notation).join(str(n) for n in nums)


def to_notation(rule_id: str, notation: Notation) -> str:
    return join(parts(rule_id), notation)


def is_id(text: str) -> bool:
    return bool(_ID.match(text))


def depth(rule_id: str) -> int:
    return len(parts(rule_id))


def successors(prev: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The ids that may legitimately follow `prev`: its first child, or the next sibling of it
    or of any of its ancestors."""
    out = [prev + (1,)]
    for k in range(len(prev), 0, -1):
        out.append(prev[: k - 1] + (prev[k - 1] + 1,))
    return out


_DERIVED = re.compile(r"^(?P<base>.*?)[-.](?P<kind>ex|note)(?P<n>\d+)$")


def derived(parent: str, kind: str, n: int, notation: Notation) -> str:
    """Id for an unnumbered example or note: `1-4-2-1-ex1`, `3.2.3.note1`."""
    return f"{parent}{notation}{kind}{n}"


def base_of(rule_id: str) -> str:
    m = _DERIVED.match(rule_id)
    return m.group("base") if m else rule_id


def sort_key(rule_id: str) -> tuple[tuple[int, ...], str, int]:
    """Order for ids, with derived example/note ids placed right after their rule."""
    m = _DERIVED.match(rule_id)
    if m:
        return (parts(m.group("base")), m.group("kind"), int(m.group("n")))
    return (parts(rule_id), "", 0)
