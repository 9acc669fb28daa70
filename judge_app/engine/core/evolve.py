"""`evolve`: `dataclasses.replace` for the engines' frozen, slotted values, without its per-call checks.

A replay copies its frozen state hundreds to thousands of times (one copy per change of a card, a player,
a battle); `dataclasses.replace` inspects the class's fields on every call, which was a quarter of a
replay's time. Here each class gets, per set of changed fields, a copy function written once. The copy is
built as an instance of the class's *twin* (`twin`): a plain class with the same slots, whose attribute
stores the interpreter writes straight into the slot (no call at all), and then becomes an instance of the
frozen class (`__class__` assignment: the same layout). Setting each slot through its descriptor's
`__set__` cost a C call with an argument tuple per field, 3-5 times as much.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
_Copy = Callable[[Any, dict[str, Any]], Any]
_COPIERS: dict[tuple[Any, ...], _Copy | None] = {}  # (class, changed field names in call order) -> copier
_MAX_COPIERS = 4096  # a bound, not a budget: engines change a few dozen field combinations


def _slot(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        d = klass.__dict__.get(name)
        if d is not None:
            return d if isinstance(d, types.MemberDescriptorType) else None
    return None


_TWINS: dict[type, type | None] = {}


def twin(cls: type) -> type | None:
    """A mutable class with exactly the slots of the frozen, slotted `cls` (its only base `object`), to whose
    instances a `__class__` assignment to `cls` is allowed; None where the layouts differ. An object is built
    as a twin, its slots stored, and turned into a `cls` before anyone else sees it: it is never changed after."""
    try:
        return _TWINS[cls]
    except KeyError:
        pass
    made: type | None = None
    slots = cls.__dict__.get("__slots__")
    if cls.__bases__ == (object,) and isinstance(slots, tuple) and "__weakref__" not in slots \
            and "__dict__" not in slots:
        made = type(f"_{cls.__name__}Twin", (), {"__slots__": slots, "__module__": cls.__module__})
        try:
            probe: Any = object.__new__(made)
            probe.__class__ = cls
        except TypeError:  # pragma: no cover - a layout CPython does not accept
            made = None
        if made is not None and made.__basicsize__ != cls.__basicsize__:  # pragma: no cover
            made = None
    _TWINS[cls] = made
    return made


def _copier(cls: type, changed: tuple[str, ...], positional: bool = False) -> Any:
    """A copy function for one frozen, slotted dataclass and one set of changed fields: each field from
    `changes` or from the original, and each `init=False` field reset to its default as `__init__` would
    (e.g. a cached hash). None for a class that needs `dataclasses.replace` (no slots, a `__post_init__`).
    `positional`: the new values are the arguments after the object, in `changed`'s order (`copier`)."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__") or not dataclasses.is_dataclass(cls):
        return None
    fields = dataclasses.fields(cls)
    names = {f.name for f in fields if f.init}
    unknown = sorted(set(changed) - names)
    if unknown:
        raise TypeError(f"{cls.__name__}: no field(s) to replace {unknown}")
    mutable = twin(cls)
    scope: dict[str, Any] = {"_new": object.__new__, "cls": cls, "twin": mutable}
    body = ""
    for i, f in enumerate(fields):
        slot = _slot(cls, f.name)
        if slot is None:
            return None
        scope[f"_s{i}"] = slot.__set__
        if f.init:
            if f.name not in changed:
                value = f"obj.{f.name}"
            else:
                value = f"_v{changed.index(f.name)}" if positional else f"c[{f.name!r}]"
        elif f.default is not dataclasses.MISSING:
            scope[f"_d{i}"] = f.default
            value = f"_d{i}"
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_d{i}"] = f.default_factory
            value = f"_d{i}()"
        else:
            continue  # no default: __init__ leaves it unset too
        body += f"    new.{f.name} = {value}\n" if mutable is not None else f"    _s{i}(new, {value})\n"
    params = ", ".join(f"_v{j}" for j in range(len(changed))) if positional else "c"
    if mutable is not None:  # stored as the twin, then the frozen class (see `twin`)
        code = f"def copy(obj, {params}):\n    new = _new(twin)\n{body}    new.__class__ = cls\n    return new\n"
    else:
        code = f"def copy(obj, {params}):\n    new = _new(cls)\n{body}    return new\n"
    exec(code, scope)  # names are the class's own
    return scope["copy"]


def copier(cls: type[T], *names: str) -> Callable[..., T]:
    """`copier(State, "phase", "point")(state, phase, point)` is `evolve(state, phase=phase, point=point)`
    without `evolve`'s own call, its keyword dict and its look-up: for the copies a replay makes most often."""
    copy = _copier(cls, names, positional=True)
    if copy is None:
        def fallback(obj: T, *values: Any) -> T:
            return dataclasses.replace(obj, **dict(zip(names, values, strict=True)))  # type: ignore[type-var]
        return fallback
    out: Callable[..., T] = copy
    return out


def maker(cls: type[T]) -> Callable[..., T]:
    """`maker(ExpectResult)(line, text, ok, actual)` is `ExpectResult(line, text, ok, actual)`, every field given
    in order, built as the twin (see `twin`): a frozen dataclass's `__init__` stores each field by one C call to
    `object.__setattr__`; a frozen class without slots gets its `__dict__` entries. `cls` itself where that does not
    fit (slots but no twin, a `__post_init__`, an `init=False` field)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if hasattr(cls, "__post_init__") or any(not f.init for f in fields):
        return cls
    params = ", ".join(f"_v{i}" for i in range(len(fields)))
    scope: dict[str, Any] = {"_new": object.__new__, "cls": cls}
    if "__slots__" not in cls.__dict__:  # a frozen class with a __dict__: its entries, in __init__'s order
        body = "".join(f"    d[{f.name!r}] = _v{i}\n" for i, f in enumerate(fields))
        exec(f"def make({params}):\n    new = _new(cls)\n    d = new.__dict__\n{body}    return new\n", scope)
        made: Callable[..., T] = scope["make"]
        return made
    mutable = scope["twin"] = twin(cls)
    if mutable is None:
        return cls
    body = "".join(f"    new.{f.name} = _v{i}\n" for i, f in enumerate(fields))
    exec(f"def make({params}):\n    new = _new(twin)\n{body}    new.__class__ = cls\n    return new\n", scope)
    out: Callable[..., T] = scope["make"]
    return out


def evolve(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass `obj` with `changes`; the same result as `dataclasses.replace`."""
    key = (type(obj), *changes)
    try:
        copy = _COPIERS[key]
    except KeyError:
        if len(_COPIERS) >= _MAX_COPIERS:
            _COPIERS.clear()
        copy = _COPIERS[key] = _copier(type(obj), tuple(changes))
    if copy is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    out: T = copy(obj, changes)
    return out
