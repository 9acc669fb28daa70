"""Declaring a game's coverage table: the parts that are not computed from behaviour."""

from __future__ import annotations

from collections.abc import Iterator, Mapping


class Subtrees(Mapping[str, str]):
    """rule id -> reason, where a declared id also covers every rule under it (`2-1` covers `2-1-3-2`).

    For chapters that are card anatomy or physical play as a whole (coverage "n/a"): the reason is
    stated once, for the section, instead of once per subrule.
    """

    def __init__(self, declared: Mapping[str, str], sep: str) -> None:
        self._declared = dict(declared)
        self._sep = sep

    def _owner(self, rule_id: str) -> str | None:
        parts = rule_id.split(self._sep)
        for n in range(len(parts), 0, -1):
            key = self._sep.join(parts[:n])
            if key in self._declared:
                return key
        return None

    def __contains__(self, rule_id: object) -> bool:
        return isinstance(rule_id, str) and self._owner(rule_id) is not None

    def __getitem__(self, rule_id: str) -> str:
        owner = self._owner(rule_id)
        if owner is None:
            raise KeyError(rule_id)
        return self._declared[owner]

    def __iter__(self) -> Iterator[str]:  # the declared ids (each checked to exist by the tests)
        return iter(self._declared)

    def __len__(self) -> int:
        return len(self._declared)
