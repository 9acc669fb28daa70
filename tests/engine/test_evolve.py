"""core.evolve: the engines' fast copy gives what `dataclasses.replace` gives, and refuses what it refuses."""

from __future__ import annotations

import dataclasses

import pytest

from judge_app.engine.core.evolve import evolve


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


def test_same_as_replace() -> None:
    x = Slotted(1, ("w",))
    assert evolve(x, a=2) == dataclasses.replace(x, a=2) == Slotted(2, ("w",))
    assert evolve(x) == x and evolve(x) is not x
    assert x == Slotted(1, ("w",))  # the original is untouched


def test_unknown_field_is_an_error() -> None:
    with pytest.raises(TypeError):
        evolve(Slotted(1), c=3)


def test_classes_with_post_init_keep_their_checks() -> None:
    assert evolve(Plain(1), a=2) == Plain(2)
    with pytest.raises(ValueError):
        evolve(Plain(1), a=-1)


@dataclasses.dataclass(frozen=True, slots=True)
class Cached:
    a: int
    _h: int | None = dataclasses.field(default=None, init=False, compare=False)

    def __hash__(self) -> int:
        if self._h is None:
            object.__setattr__(self, "_h", hash(self.a))
        return self._h or 0


def test_init_false_fields_are_reset_like_init_does() -> None:
    x = Cached(1)
    hash(x)
    y = evolve(x, a=2)
    assert y._h is None and hash(y) == hash(2)  # a stale cached hash would break sets of states
    assert dataclasses.replace(x, a=2)._h is None
    with pytest.raises(TypeError):
        evolve(x, _h=3)


@dataclasses.dataclass(frozen=True, slots=True)
class Base:
    a: int
    b: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Derived(Base):
    c: str = ""


def test_every_combination_of_changes_and_inherited_slots_match_replace() -> None:
    """Copiers are kept per class and per set of changed fields (in call order): each combination, on a
    subclass whose slots live partly in its base, gives what `dataclasses.replace` gives."""
    import itertools

    x = Derived(1, 2, "x")
    values = {"a": 10, "b": 20, "c": "y"}
    for n in range(4):
        for names in itertools.permutations(values, n):
            changes = {k: values[k] for k in names}
            got = evolve(x, **changes)
            assert got == dataclasses.replace(x, **changes) and type(got) is Derived
    assert evolve(Base(1), b=5) == Base(1, 5)  # the base class has copiers of its own
    with pytest.raises(TypeError):
        evolve(x, a=1, zz=2)
