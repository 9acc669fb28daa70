"""Last known information: a card's last state in a zone before it left, for effects that need it.

Rules of every game say that an effect referring to a card that has moved uses the information it
had just before it moved (bss 8-10, ws 9.3). The game decides what "information" is (a computed view
of the card); this store keeps it per card for the action being replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

V = TypeVar("V")


@dataclass
class LastKnown(Generic[V]):
    entries: dict[str, tuple[str, V]] = field(default_factory=dict)  # uid -> (whose / where, info)

    def remember(self, uid: str, where: str, info: V) -> None:
        self.entries[uid] = (where, info)

    def recall(self, uid: str) -> V | None:
        hit = self.entries.get(uid)
        return hit[1] if hit else None

    def where(self, uid: str) -> str | None:
        hit = self.entries.get(uid)
        return hit[0] if hit else None

    def copy(self) -> LastKnown[V]:
        return LastKnown(dict(self.entries))
