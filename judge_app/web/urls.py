"""Every address the app links to, built in one place: quoted, and pinned to a version when needed.

Pages, JSON answers, the chat linker, the checker and the CLI's `judge rule --json` build their
links here, never by formatting `/{game}/{id}` themselves. A link to the current document stays
unpinned (`/bss/7-1-5`, valid whatever becomes current); a link into an older document carries
its version (`/bss@pre-2023-11-21/7-1-5`).
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote, urlencode

from judge_app.rules.library import Library

_SAFE = ".-_~"  # rule ids (7-1-5, 5.15.1) and versions (1.7.0) stay readable


@lru_cache(maxsize=8192)  # pure; every search answer quotes ~40 ids and games
def _q(part: str) -> str:
    return quote(part, safe=_SAFE)


def pin_for(library: Library, game: str, version: str | None) -> str | None:
    """The version a link must carry: None for the current document of `game`."""
    if version is None or version == library.games[game].current:
        return None
    return version


def game_url(game: str, pin: str | None = None) -> str:
    """`/bss` or `/bss@pre-2023-11-21` (the browse page, and the prefix of the others)."""
    return f"/{_q(game)}@{_q(pin)}" if pin else f"/{_q(game)}"


def rule_url(game: str, rule_id: str, pin: str | None = None) -> str:
    return f"{game_url(game, pin)}/{_q(rule_id)}"


def pinned_rule_url(game: str, rule_id: str, version: str) -> str:
    """Always carries the version, even the current one: a link whose text never changes."""
    return rule_url(game, rule_id, version)


def glossary_url(game: str, pin: str | None = None) -> str:
    return game_url(game, pin) + "/glossary"


def diff_url(game: str, old: str, new: str) -> str:
    return f"/{_q(game)}/diff/{_q(old)}/{_q(new)}"


def search_url(q: str, game: str | None = None, version: str | None = None) -> str:
    args = [(k, v) for k, v in (("q", q), ("game", game), ("v", version)) if v]
    return "/search?" + urlencode(args)


def check_url(share: str | None = None, example: str | None = None, explore: bool = False) -> str:
    if share:
        return "/check?" + urlencode({"explore": 1, "s": share} if explore else {"s": share})
    if example:
        return "/check?" + urlencode({"example": example})
    return "/check"


def json_url(url: str) -> str:
    """The JSON twin of a page address (before any query or fragment)."""
    path, sep, rest = url.partition("?")
    path, hsep, frag = path.partition("#")
    return path + ".json" + (hsep + frag if hsep else "") + (sep + rest if sep else "")


def version_url(library: Library, game: str, version: str | None, rule_id: str | None = None) -> str:
    """A link into `version` of `game` (None: current), pinned only when it is not the current one."""
    pin = pin_for(library, game, version)
    return rule_url(game, rule_id, pin) if rule_id else game_url(game, pin)
