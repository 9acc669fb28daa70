"""How much of a card's printed text a game's reader understood: the value the checker page marks up (issue 13)."""

from __future__ import annotations

from dataclasses import dataclass


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

    @property
    def understood(self) -> str:
        return self.text[:self.stop]

    @property
    def rest(self) -> str:
        return self.text[self.stop + len(self.word):]

    def to_dict(self) -> dict[str, str]:
        """The reading as the checker's answers give it (HTML page and JSON alike)."""
        return {"text": self.text, "status": self.status, "understood": self.understood, "word": self.word,
                "rest": self.rest, "message": self.message, "nearest": self.nearest}
