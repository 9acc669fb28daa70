"""`evolve`: `dataclasses.replace` for the engines' frozen, slotted values, without its per-call checks.

A replay copies its frozen state hundreds to thousands of times (one copy per change of a card, a player,
a battle); `dataclasses.replace` inspects the class's fields on every call, which was a quarter of a
replay's time. Here each class gets a copy function written once for its fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
_Copy = Callable[[Any, dict[str, Any]], Any]
_COPIERS: dict[type, _Copy | None] = {}


def _copier(cls: type) -> _Copy | None:
    """A copy function for one frozen, slotted dataclass: each field from `changes` or from the original, and
    each `init=False` field reset to its default as `__init__` would (e.g. a cached hash). None for a class that
    needs `dataclasses.replace` (no own slots, or a `__post_init__`)."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__") or not dataclasses.is_dataclass(cls):
        return None
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields if f.init)
    body = "".join(f"    _set(new, {n!r}, g({n!r}, obj.{n}))\n" for n in names)
    scope: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__, "cls": cls, "names": frozenset(names)}
    for f in fields:
        if f.init:
            continue
        if f.default is not dataclasses.MISSING:
            scope[f"_d_{f.name}"] = f.default
            body += f"    _set(new, {f.name!r}, _d_{f.name})\n"
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_d_{f.name}"] = f.default_factory
            body += f"    _set(new, {f.name!r}, _d_{f.name}())\n"
    code = (f"def copy(obj, changes):\n    if not changes.keys() <= names:\n"
            f"        raise TypeError(f'{cls.__name__}: no field(s) to replace {{sorted(changes.keys() - names)}}')\n"
            f"    new = _new(cls)\n    g = changes.get\n{body}    return new\n")
    exec(code, scope)  # the field names are the class's own identifiers, never user input
    copy: _Copy = scope["copy"]
    return copy


def evolve(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass `obj` with `changes`; the same result as `dataclasses.replace`."""
    cls = type(obj)
    try:
        copy = _COPIERS[cls]
    except KeyError:
        copy = _COPIERS[cls] = _copier(cls)
    if copy is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    out: T = copy(obj, changes)
    return out
