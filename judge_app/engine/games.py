"""Finding the registered games, without the kernel naming any of them.

A game is a package that calls `register(GameSpec(...))` when imported. The games shipped with judge
are listed in `BUILTIN` (key -> package); other packages add games through the `judge.games` entry
point group (name = game key, value = the package to import). Lookups import only the package they
need, so `judge check` on a bss scenario never imports another game.
"""

from __future__ import annotations

import importlib

from judge_app.engine.core.game import Game
from judge_app.engine.core.registry import GameSpec, registered
from judge_app.errors import UnknownGame

BUILTIN: dict[str, str] = {"bss": "judge_app.engine.bss", "bs-standard": "judge_app.engine.bs_standard",
                          "monster": "judge_app.engine.monster", "ws": "judge_app.engine.ws"}
ENTRY_POINT_GROUP = "judge.games"

_plugins: dict[str, str] | None = None


def _plugin_modules() -> dict[str, str]:
    global _plugins
    if _plugins is None:
        # Imported here, not at the top: reading installed packages' metadata costs a cold `judge check`
        # tens of milliseconds, and only a game that is not built in needs it.
        from importlib.metadata import entry_points

        _plugins = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return _plugins


def get_spec(key: str) -> GameSpec | None:
    """The registered game `key`, importing its package on first use; None when there is none."""
    spec = registered().get(key)
    if spec is not None:
        return spec
    module = BUILTIN.get(key) or _plugin_modules().get(key)
    if module is None:
        return None
    importlib.import_module(module)
    return registered().get(key)


def require_spec(key: str) -> GameSpec:
    """The registered game `key`, for callers that already validated the key (UnknownGame otherwise)."""
    spec = get_spec(key)
    if spec is None:
        raise UnknownGame(f"unknown or unsupported game {key!r}", hint="supported: " + ", ".join(keys()))
    return spec


def get_game(key: str) -> Game | None:
    spec = get_spec(key)
    return spec.engine if spec else None


def all_specs() -> dict[str, GameSpec]:
    """Every game: the built-in ones, the plug-ins, and any registered directly (e.g. by a test)."""
    for module in (*BUILTIN.values(), *_plugin_modules().values()):
        importlib.import_module(module)
    return dict(sorted(registered().items()))


def keys() -> list[str]:
    """The keys of the games a scenario may name, without importing them."""
    return sorted(set(BUILTIN) | set(_plugin_modules()) | set(registered()))
