"""How much of a card's printed text a game's reader understood: the value the checker page marks up (issue 13)."""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine.core.misprint import Repair


@dataclass(frozen=True, slots=True)
class Reading:
    """`status`: "read" (understood and executed as written), "not executable" (read, but a construction of it
    is one the engine cannot execute yet: the whole text is refused) or "not understood" (reading stopped at
    `word`, which starts at `stop`; the text before it was understood).
    """

    text: str  # the text as normalised (the print layout made uniform)
    status: str
    stop: int  # index in `text` where understanding stopped (len(text) when it did not)
    word: str = ""
    message: str = ""
    nearest: str = ""  # the nearest supported wording, when there is one
    repairs: tuple[Repair, ...] = ()  # misprints repaired to read it (core.misprint): reported wherever it is shown

    @property
    def understood(self) -> str:
        return self.text[:self.stop]

    @property
    def rest(self) -> str:
        return self.text[self.stop + len(self.word):]

    def notes(self) -> tuple[str, ...]:
        """What the answer says of this reading: each misprint repaired."""
        return tuple(r.note() for r in self.repairs)

    def to_dict(self) -> dict[str, object]:
        """The reading as the checker's answers give it (HTML page and JSON alike)."""
        return {"text": self.text, "status": self.status, "understood": self.understood, "word": self.word,
                "rest": self.rest, "message": self.message, "nearest": self.nearest,
                "repairs": [r.to_dict() for r in self.repairs]}
