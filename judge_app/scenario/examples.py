"""Example scenarios for the "What happens if?" page (shipped inside the package)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

_DIR = Path(__file__).resolve().parent / "examples"


def examples() -> list[dict[str, Any]]:
    """[{"name", "title", "game", "text"}], in file order; the title is the first comment line."""
    out = []
    for path in sorted(_DIR.glob("*.scn")):
        text = path.read_text(encoding="utf-8")
        first = next((ln for ln in text.splitlines() if ln.startswith("#")), "# " + path.stem)
        game = next((ln.split()[1] for ln in text.splitlines() if ln.startswith("game ")), "")
        out.append({"name": path.stem, "title": first.lstrip("# ").strip(), "game": game, "text": text})
    return out
